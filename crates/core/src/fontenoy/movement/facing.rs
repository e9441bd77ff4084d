//! 9.2, 9.3 Facing changes of single-hex formations: which turns are open and what they cost
//! (9.1 +1 in an enemy ZOC, 9.3b General Order, 9.6a About-Face, 9.7 a Hook never, F-5.5b).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::State;
use super::super::tables::Mp;
use super::super::types::{Formation, Kind, Pts};
use super::super::units::UnitId;
use super::Group;
use crate::engine::Illegal;
use crate::hex::Facing;

impl Fontenoy {
    /// The facings a single-hex unit may turn to with `left` MP (9.2, 9.3a; 9.1 +1 in an
    /// enemy ZOC; 9.3b General Order once, for its whole MPo; 9.7 a Hook never).
    pub(super) fn facings_open(
        &self,
        s: &State,
        o: &Occupancy,
        u: UnitId,
        p: &Placed,
        left: Pts,
    ) -> Vec<u8> {
        let mut out = Vec::new();
        let f = s.unit(u).formation;
        if p.hexes.len() != 1 || self.units[usize::from(u)].kind == Kind::Commander {
            return out;
        }
        if matches!(
            f,
            Formation::Hook | Formation::Square | Formation::Rout | Formation::Unlimbered
        ) {
            return out;
        }
        // 6.8b: under Restricted Activation a column only moves along the road (a column turn
        // where the road bends, 9.4a), never turns in place.
        if s.activation.as_ref().is_some_and(|a| a.restricted) {
            return out;
        }
        // The unit's group, found once for the five turns.
        let mut group: Option<Group> = None;
        for k in 1..=5i8 {
            let to = p.facing.rotate(2 * k);
            if let Ok(c) = self.facing_cost(s, o, u, p, to) {
                let affordable = c <= left
                    || c == self.mpo(s, u)
                        && self.moving(s, u).is_none_or(|m| m.spent == Pts::ZERO);
                if !affordable {
                    continue;
                }
                let turned = Placed { facing: to, ..*p };
                let group = group.get_or_insert_with(|| {
                    let g = self.movers_at(s, o, u);
                    if g.is_empty() {
                        smallvec::smallvec![u]
                    } else {
                        g
                    }
                });
                let rest = left.minus(c).unwrap_or(Pts::ZERO);
                // 10.1a, 10.8e: a turn inside a group must leave a legal group, or the MP to
                // move on.
                if self.may_stay_or_leave(s, o, group, &turned, s.unit(u).formation, rest, None, 6)
                {
                    out.push(to.index());
                }
            }
        }
        out
    }

    /// The cost of turning `u` at `p` to `to` (9.3a: the facing-change chart by nationality
    /// and formation; 9.6 a 180-degree turn is an About-Face, the unit's only action).
    pub(super) fn facing_cost(
        &self,
        s: &State,
        o: &Occupancy,
        u: UnitId,
        p: &Placed,
        to: Facing,
    ) -> Result<Pts, Illegal> {
        let f = s.unit(u).formation;
        let steps = p.facing.turn_to(to) / 2; // 60-degree steps: 1, 2, 3
        if steps == 3 && s.unit(u).disordered {
            return Err(Illegal::new("9.6a", "a Disordered unit may not about-face"));
        }
        // 11.4b, 9.6a: nor one on Forced March.
        if steps == 3 && self.moving(s, u).is_some_and(|m| m.forced) {
            return Err(Illegal::new(
                "11.4b",
                "a unit on Forced March may not about-face",
            ));
        }
        if steps == 0 || p.facing.is_corner() != to.is_corner() {
            return Err(Illegal::new(
                "9.2",
                "a facing change turns to another facing of the same kind",
            ));
        }
        // F-9.2n C: a one-hex Road Column on the road (a road behind it) that turns one or two
        // hexsides to follow another road out of its hex pays nothing for the bend.
        if f == Formation::RoadColumn && steps < 3 && self.follows_road_bend(p, to) {
            return Ok(Pts::ZERO);
        }
        let spent = self.moving(s, u).map_or(Pts::ZERO, |m| m.spent);
        let mpo = self.mpo(s, u);
        let whole = || {
            if spent == Pts::ZERO {
                Ok(mpo)
            } else {
                Err(Illegal::new(
                    "9.6a",
                    "a whole-MPo change must be the unit's only action",
                ))
            }
        };
        let cost = match self
            .tables
            .facing_cost(&self.units[usize::from(u)], f, steps)
        {
            Mp::Pts(c) => c,
            Mp::All => return whole(),
            Mp::Prohibited => {
                return Err(Illegal::new("9.7", "this formation cannot change facing"));
            }
        };
        let in_ezoc = p
            .hexes
            .as_slice()
            .iter()
            .any(|&h| o.ezoc(self, h, self.units[usize::from(u)].side));
        let cost = if in_ezoc { cost.plus(Pts::ONE) } else { cost };
        // F-5.5b: a turn in a sunken-road hex costs 1 more.
        Ok(if self.turns_in_sunken(s, u, p) {
            cost.plus(Pts::ONE)
        } else {
            cost
        })
    }

    /// F-9.2n C: whether a one-hex unit at `p` facing a hexside stands on a road that comes in
    /// behind it, and `to` faces another road hexside of its hex (a bend of the road).
    fn follows_road_bend(&self, p: &Placed, to: Facing) -> bool {
        use super::super::board::side as hs;
        use crate::hex::Direction;
        if p.hexes.len() != 1 || p.facing.is_corner() || to.is_corner() {
            return false;
        }
        let h = p.hex();
        let back = Direction::ALL[(usize::from(p.facing.index() / 2) + 3) % 6];
        let ahead = Direction::ALL[usize::from(to.index() / 2) % 6];
        self.board.side(h, back) & hs::ANY_ROAD != 0
            && self.board.side(h, ahead) & hs::ANY_ROAD != 0
    }
}
