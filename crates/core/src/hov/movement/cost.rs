//! ¶110–¶117, §35, TEC: what a step from a hex into its neighbour costs infantry (and
//! artillery, which pays the infantry rate) or cavalry. Along a road the road's rate replaces
//! the terrain's (¶112); a secondary river adds ½ MP unless a standing bridge carries the road
//! over it (¶114); a primary river is crossed only at a standing bridge (¶113); a lake is
//! prohibited, or a secondary river when frozen in Frost or Severe weather (§35). The
//! Osterode–Warsaw highway is a secondary road until turn 36, then a primary one (§59). Costs add up
//! (¶111); enemy ZOCs are the mover's business ([`super::super::zoc`]), but a force of artillery
//! alone never enters one (¶162 3).

use alloc::format;

use super::super::Hov;
use super::super::board::{Road, Water};
use super::super::state::{March, State};
use super::super::types::Mp;
use crate::engine::Illegal;
use crate::hex::{Direction, Hex, Hexside};

/// §59: the Game-Turn (21 March) from which the Osterode–Warsaw highway is a primary road.
pub const HIGHWAY_PRIMARY_TURN: u8 = 36;

impl Hov {
    /// Whether the bridge on the side of `h` toward `d` stands (not broken, §156).
    pub fn bridge_stands(&self, s: &State, h: Hex, d: Direction) -> bool {
        self.board.side(h, d).bridge
            && Hexside::between(h, h.neighbor(d))
                .is_some_and(|x| s.broken.binary_search(&x).is_err())
    }

    /// Whether this Game-Turn's weather freezes lakes (§35: Frost and Severe; reading A16:
    /// Frost/Snow too).
    pub fn lakes_frozen(&self, s: &State) -> bool {
        self.weather_is(s, &["Frost", "Frost/Snow", "Severe"])
    }

    /// Whether this Game-Turn's weather is one of `names` (the Weather Table's types, §26).
    pub fn weather_is(&self, s: &State, names: &[&str]) -> bool {
        s.weather
            .and_then(|w| self.charts.weather_names.get(usize::from(w)))
            .is_some_and(|n| names.contains(&n.as_str()))
    }

    /// §59: whether the Osterode–Warsaw highway counts as a primary road this Game-Turn (from
    /// turn 36; the delay of §59 2 is not built).
    pub fn highway_primary(&self, s: &State) -> bool {
        s.turn >= HIGHWAY_PRIMARY_TURN
    }

    /// ¶162 3: a force of artillery alone (no infantry, cavalry or garrison) never enters an
    /// enemy ZOC; it must march with cavalry and/or infantry to do so.
    pub fn artillery_may_enter(
        &self,
        s: &State,
        m: &March,
        enters_ezoc: bool,
        to: Hex,
    ) -> Result<(), Illegal> {
        if !enters_ezoc || m.vedette.is_some() || m.unemployed {
            return Ok(());
        }
        let make = self.force_make(s, m.leader);
        if make.art > 0 && make.inf == 0 && make.cav == 0 {
            return Err(Illegal::new(
                "¶162",
                format!(
                    "{} leads artillery alone, which may not enter the enemy ZOC at {}",
                    self.leader_label(m.leader),
                    self.label(to)
                ),
            ));
        }
        Ok(())
    }

    /// The MP a step from `from` toward `d` costs, by [`Mp`] halves, for infantry
    /// (`cavalry == false`) or cavalry; `None` when the step is prohibited (off the map, a lake,
    /// a primary river without a standing bridge).
    pub fn step_cost(&self, s: &State, from: Hex, d: Direction, cavalry: bool) -> Option<Mp> {
        let to = from.neighbor(d);
        let info = self.board.hex(to);
        if !info.on_map {
            return None;
        }
        let side = self.board.side(from, d);
        let bridged = side.bridge && self.bridge_stands(s, from, d);
        // §158: a pontoon bridges any river for movement (not for the road).
        let crossing = bridged || self.pontoon_at(s, from, d).is_some();
        let water = match side.water {
            Water::Lake if self.lakes_frozen(s) => Water::Secondary,
            w => w,
        };
        let river = match water {
            Water::None => Mp::ZERO,
            Water::Lake => return None,
            Water::Primary if !crossing => return None,
            Water::Primary => Mp::ZERO,
            Water::Secondary if crossing => Mp::ZERO,
            Water::Secondary => Mp::HALF,
        };
        // ¶112: along the road, its rate instead of the terrain (a road over a river runs on
        // its bridge, ¶113; a broken bridge leaves no road across).
        // §59: along the highway under construction, a primary road from turn 36.
        let highway = side.road == Road::Secondary
            && self.board.hex(from).highway
            && info.highway
            && self.highway_primary(s);
        let road = match side.road {
            _ if highway => Some(Mp::HALF),
            Road::Primary => Some(Mp::HALF),
            Road::Secondary => Some(Mp::ONE),
            Road::None => None,
        }
        .filter(|_| water == Water::None || bridged);
        let base = road.unwrap_or(info.cost[usize::from(cavalry)]);
        Some(base.plus(river))
    }
}
