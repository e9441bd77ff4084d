//! 11.2 What a step costs: the Terrain Effects Table's cost of the hexes entered and the
//! hexsides crossed (11.2a-11.2c, 11.2f, 11.2g; F-9.2n road rates, F-9.3a slopes), the oblique
//! step (11.3b), 1 more into an enemy ZOC (11.9a), and where a formation may not step (8.1e,
//! 6.8b, F-3.6, F-5.5b).

use super::super::Fontenoy;
use super::super::board::side as hs;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::State;
use super::super::tables::{Dca, MoveClass, Mp};
use super::super::types::{Formation, Kind, Pts};
use super::super::units::UnitId;
use crate::engine::Illegal;
use crate::hex::{Direction, Hex};

impl Fontenoy {
    /// The TET movement class of a counter in a formation (11.2g, 21.1a).
    pub(super) fn move_class(&self, u: UnitId, f: Formation) -> MoveClass {
        match self.units[usize::from(u)].kind {
            Kind::Commander => MoveClass::Commander,
            Kind::Artillery => MoveClass::Artillery,
            Kind::Cavalry if f.is_column() => MoveClass::CavalryColumn,
            Kind::Cavalry => MoveClass::CavalryLine,
            Kind::Infantry if f.is_column() => MoveClass::InfantryColumn,
            Kind::Infantry => MoveClass::InfantryLine,
        }
    }

    /// The hexside feature cost of crossing from `from` toward `d` for class `c` (11.2b); a
    /// slope costs the chart's uphill cost going up (the hex across is the high side) and its
    /// downhill cost going down (F-9.3a: the costs differ up and down). `None` where the side
    /// may not be crossed.
    pub(crate) fn side_cost(&self, from: Hex, d: Direction, c: MoveClass) -> Option<Pts> {
        let bits = self.board.side(from, d) & !hs::ANY_ROAD;
        if bits == 0 {
            return Some(Pts::ZERO);
        }
        let mut total = Pts::ZERO;
        for (bit, _) in hs::IDS {
            if bits & bit == 0 {
                continue;
            }
            let down = bit & hs::SLOPE != 0 && self.board.toward(from, d) & bit == 0;
            match self.tables.hexside(bit).map(
                |fx| {
                    if down { fx.downhill } else { fx.mp[c as usize] }
                },
            ) {
                Some(Mp::Pts(p)) => total = total.plus(p),
                Some(Mp::All) => {}
                _ => return None,
            }
        }
        Some(total)
    }

    /// What one step of `group` into the position `to` costs (11.2, 11.3, 11.9a), or why it
    /// may not be made. `side_of_step` is 0 for the right Frontal hex, 1 for the left, `None`
    /// for a column's or a Square's single way forward.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn step_cost(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        formation: Formation,
        from: &Placed,
        to: &Placed,
        side_of_step: Option<u8>,
        quiet: bool,
    ) -> Result<(Pts, bool), Illegal> {
        let lead = group[0];
        let info = &self.units[usize::from(lead)];
        let side = info.side;
        let class = self.move_class(lead, formation);
        let mut worst = Pts::ZERO;
        let mut dca = false;
        let mut sides_total = Pts::ZERO;
        let road = formation == Formation::RoadColumn;
        for (i, &h) in to.hexes.as_slice().iter().enumerate() {
            let prev = from.hexes.as_slice()[i.min(from.hexes.len() - 1)];
            if !self.board.on_map(h) {
                return Err(Illegal::new(
                    "11.2a",
                    say!(quiet, "{} is off the map", self.label(h)),
                ));
            }
            // 21.1b: a commander alone does not block; he is displaced.
            if o.at(self, h).units.iter().any(|&x| {
                let i = &self.units[usize::from(x)];
                i.side != side && i.is_combat()
            }) {
                return Err(Illegal::new(
                    "10.1b",
                    say!(quiet, "{} holds an enemy unit", self.label(h)),
                ));
            }
            if from.hexes.contains(h) {
                // 8.1d: each hex of a column pays the hexside it crosses (not along a road in
                // Road Column, 11.2c).
                if formation.is_column() && prev != h {
                    if let Some(d) = prev.direction_to(h) {
                        let along_road = road && self.board.side(prev, d) & hs::ANY_ROAD != 0;
                        if !along_road {
                            let c = self.side_cost(prev, d, class).unwrap_or(Pts::ZERO);
                            sides_total = sides_total.plus(c);
                        }
                    }
                }
                continue;
            }
            let d = prev.direction_to(h).ok_or_else(|| {
                Illegal::new(
                    "11.1a",
                    "a unit moves one hex at a time into an adjacent hex",
                )
            })?;
            // F-3.6: no Road Movement into a barricade hex.
            if road && s.barricades.contains(&h) {
                return Err(Illegal::new(
                    "F-3.6",
                    say!(
                        quiet,
                        "{} holds a barricade: no unit enters it by Road Movement",
                        self.label(h)
                    ),
                ));
            }
            let terrain = self.board.hex(h).terrain;
            let fx = self.tables.fx(terrain);
            // 11.2c: a Road Column following a road pays the road's rate instead.
            let road_bits = self.board.side(prev, d) & hs::ANY_ROAD;
            // 6.8b: under Restricted Activation a combat unit moves only along a road in
            // Road Column.
            let restricted = s.activation.as_ref().is_some_and(|a| a.restricted);
            if restricted && info.is_combat() && !(road && road_bits != 0) {
                return Err(Illegal::new(
                    "6.8b",
                    "under Restricted Activation a unit moves only by Road Movement in Road Column",
                ));
            }
            // 8.1e: a Square steps only into open terrain across an open hexside.
            if formation == Formation::Square
                && (terrain != super::super::board::Terrain::Clear || self.board.side(prev, d) != 0)
            {
                return Err(Illegal::new(
                    "8.1e",
                    "a Square moves only into open terrain across an open hexside",
                ));
            }
            let cost = if road && road_bits != 0 {
                let rate = self.road_rate(road_bits, terrain);
                // F-9.2n C: field fortifications or an abatis across the road are not ignored:
                // their crossing cost and Disorder Check (A) stand.
                let works = self.board.side(prev, d) & (hs::FIELDWORKS | hs::ABATIS);
                let mut extra = Pts::ZERO;
                for bit in [hs::FIELDWORKS_MINOR, hs::FIELDWORKS_MAJOR, hs::ABATIS] {
                    if works & bit == 0 {
                        continue;
                    }
                    dca = true;
                    match self.tables.hexside(bit).map(|fx| fx.mp[class as usize]) {
                        Some(Mp::Pts(p)) => extra = extra.plus(p),
                        Some(Mp::All) => {}
                        _ => {
                            return Err(Illegal::new(
                                "F-9.2n",
                                say!(
                                    quiet,
                                    "{} may not cross the works across the road into {}",
                                    self.unit_name(lead),
                                    self.label(h)
                                ),
                            ));
                        }
                    }
                }
                rate.plus(extra)
            } else {
                // F-5.5b: off the road, a sunken-road hex costs its other terrain to enter.
                let efx = if self.expanded_sunken() {
                    self.tables.fx(self.entry_terrain(h))
                } else {
                    fx
                };
                let hex = match efx.mp[class as usize] {
                    Mp::Pts(p) => p,
                    _ => {
                        return Err(Illegal::new(
                            "11.2a",
                            say!(
                                quiet,
                                "{} may not enter {} ({})",
                                self.unit_name(lead),
                                self.label(h),
                                terrain.id()
                            ),
                        ));
                    }
                };
                let side_cost = self.side_cost(prev, d, class).ok_or_else(|| {
                    Illegal::new(
                        "11.2a",
                        say!(
                            quiet,
                            "{} may not cross the hexside into {}",
                            self.unit_name(lead),
                            self.label(h)
                        ),
                    )
                })?;
                // F-5.5b: climbing out across the road pays the rest of the TET's cost.
                let hex = if self.crosses_sunken(prev, h) && !self.sunken_exempt_as(lead, formation)
                {
                    hex.plus(self.sunken_surcharge(prev, class))
                } else {
                    hex
                };
                // F-2.10a, F-5.5a: a Road Column leaving the road from a sunken-road hex takes
                // a DC(A).
                if road && self.is_sunken(prev) {
                    dca = true;
                }
                // 11.2d: the TET's DC(A) hexes; its "may" (the sunken road, F-2.10b, F-9.2h)
                // is the same check for a unit entering off the road (the road case is
                // F-2.10a's, above); F-3.5a B: a redoubt hex (passing through it).
                if efx.dca != Dca::No
                    || self.redoubt_in(s, h).is_some()
                    || self.board.side(prev, d)
                        & (hs::SLOPE_STEEP | hs::FIELDWORKS | hs::STREAM | hs::ABATIS)
                        != 0
                {
                    dca = true;
                }
                // 8.1d: a column pays each hexside its hexes cross; a Line the dearest hex.
                if formation.is_column() {
                    sides_total = sides_total.plus(side_cost);
                    hex
                } else {
                    hex.plus(side_cost)
                }
            };
            worst = worst.max(cost);
        }
        let mut cost = worst.plus(sides_total);
        // 11.2f: a Hook pays 1 more for all terrain.
        if formation == Formation::Hook {
            cost = cost.plus(Pts::ONE);
        }
        // 11.3b, 11.3d: infantry in Line or Attack Column stepping twice to the same side pays
        // 1 more; cavalry and skirmishers move obliquely for free.
        if info.kind == Kind::Infantry
            && matches!(
                formation,
                Formation::Line | Formation::AttackColumn | Formation::Hook
            )
            && side_of_step.is_some()
            && self.moving(s, lead).and_then(|m| m.last_side) == side_of_step
        {
            cost = cost.plus(Pts::ONE);
        }
        // 11.9a: 1 more to enter an enemy ZOC (infantry and cavalry).
        let into_ezoc = to
            .hexes
            .as_slice()
            .iter()
            .any(|&h| !from.hexes.contains(h) && o.ezoc(self, h, side));
        if into_ezoc {
            match info.kind {
                Kind::Infantry | Kind::Cavalry => cost = cost.plus(Pts::ONE),
                Kind::Artillery => {
                    return Err(Illegal::new(
                        "11.9b",
                        "limbered artillery may not enter an enemy ZOC",
                    ));
                }
                Kind::Commander => {
                    let grouped = to.hexes.as_slice().iter().any(|&h| {
                        o.combat_at(self, h)
                            .any(|x| self.units[usize::from(x)].side == side)
                    });
                    if !grouped {
                        return Err(Illegal::new(
                            "21.1a",
                            "a commander enters an enemy ZOC only into a hex with a friendly unit",
                        ));
                    }
                }
            }
        }
        Ok((cost, dca))
    }

    /// The Road Movement rate (F-9.2n C): the Major Road ⅓, a road ½, a path ½ in open
    /// terrain and orchard, 1 elsewhere.
    pub(super) fn road_rate(&self, bits: u16, t: super::super::board::Terrain) -> Pts {
        use super::super::board::Terrain as T;
        if bits & hs::MAJOR_ROAD != 0 {
            Pts::THIRD
        } else if bits & hs::ROAD != 0 || matches!(t, T::Clear | T::Orchard) {
            Pts::HALF
        } else {
            Pts::ONE
        }
    }
}
