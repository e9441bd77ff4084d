//! Artillery in the Movement Segment beyond limbered movement and 11.6's step by hand:
//! unlimbered guns turning (9.5; F-3.7a the Swedish 4-pounders' turn for a by-hand point) and
//! limbered guns that stand in an enemy ZOC leaving it (11.9b).
//!
//! Readings (docs/coverage/fontenoy.md):
//! * 9.5: unlimbered guns that did not fire in this activation's Fire Combat Segment turn by one
//!   or two vertices for the facing chart's cost (provisional: 1 MP), 1 more in an enemy ZOC
//!   (9.1); the 180-degree turn stays the About-Face of 9.6b (movement/reform.rs). The turn
//!   spends MP, so such a gun no longer moves by hand in that segment (11.6, byhand.rs), and a
//!   gun that moved by hand has no MP left to turn.
//! * F-3.7a: "FP2" guns turn by any amount, fired or not, for one by-hand point; Disordered,
//!   they either turn or move one hex.
//! * 11.9b: a limbered gun standing in an enemy ZOC may not end its move nor let the segment
//!   end while it could still step out of it (a step now, or a facing change and a step);
//!   a gun that limbered there this segment is held to it as well.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{Act, Place, State};
use super::super::tables::Mp;
use super::super::types::{Formation, Kind, Pts};
use super::super::units::{ByHand, UnitId};
use crate::engine::Illegal;
use crate::hex::Facing;

/// How an unlimbered gun pays for a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GunTurn {
    /// 9.5: MP from its MPo.
    Mp(Pts),
    /// F-3.7a: one by-hand point.
    ByHand,
}

impl Fontenoy {
    /// The facings unlimbered guns `u` may turn to now, each with its price (9.5, F-3.7a).
    fn gun_turns(&self, s: &State, o: &Occupancy, u: UnitId) -> Vec<(Facing, GunTurn)> {
        let mut out = Vec::new();
        let info = &self.units[usize::from(u)];
        let unit = s.unit(u);
        if info.kind != Kind::Artillery
            || unit.formation != Formation::Unlimbered
            || unit.act != Act::Active
            || s.activation.as_ref().is_none_or(|a| a.restricted)
        {
            return out;
        }
        let Some(p) = unit.placed().copied() else {
            return out;
        };
        let m = self.moving(s, u);
        if m.is_some_and(|m| m.done) {
            return out;
        }
        let fp2 = info.by_hand == ByHand::Fp2;
        for k in 1..=5i8 {
            let to = p.facing.rotate(2 * k);
            let turned = Placed { facing: to, ..p };
            // 10.1d, 10.4c: the guns keep a legal group (a Square's guns face any way).
            if !self.fits_at(s, o, &[u], &turned, Formation::Unlimbered) {
                continue;
            }
            if fp2 {
                if self.by_hand_left(s, u) >= 1 {
                    out.push((to, GunTurn::ByHand));
                }
                continue;
            }
            let steps = p.facing.turn_to(to) / 2;
            if steps == 3 || self.gun_fired(s, u) || unit.disordered {
                continue;
            }
            // A gun that moved by hand has used its MP (byhand.rs).
            if m.is_some_and(|m| m.by_hand > 0) {
                continue;
            }
            let Mp::Pts(c) = self.tables.facing_cost(info, Formation::Unlimbered, steps) else {
                continue;
            };
            let c = if p
                .hexes
                .as_slice()
                .iter()
                .any(|&h| o.ezoc(self, h, info.side))
            {
                c.plus(Pts::ONE)
            } else {
                c
            };
            if c <= self.mp_left(s, u) {
                out.push((to, GunTurn::Mp(c)));
            }
        }
        out
    }

    /// The turns of the activated unlimbered guns, when no other unit's move is under way.
    pub(super) fn gun_turn_actions(
        &self,
        s: &State,
        o: &Occupancy,
        current: Option<UnitId>,
        out: &mut Vec<Action>,
    ) {
        for u in 0..s.units.len() as UnitId {
            if current.is_some_and(|c| c != u)
                || s.unit(u).formation != Formation::Unlimbered
                || self.units[usize::from(u)].kind != Kind::Artillery
            {
                continue;
            }
            for (to, _) in self.gun_turns(s, o, u) {
                out.push(Action::Face {
                    unit: u,
                    facing: to.index(),
                });
            }
        }
    }

    /// 9.5, F-3.7a: unlimbered guns `unit` turn to `facing`.
    pub(super) fn apply_gun_turn(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        facing: u8,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some((to, price)) = self
            .gun_turns(s, o, unit)
            .into_iter()
            .find(|(f, _)| f.index() == facing)
        else {
            return Err(Illegal::new(
                "9.5",
                format!(
                    "{} cannot turn to facing {facing} now (unlimbered guns turn only if they did not fire, the Swedish guns for a by-hand point)",
                    self.unit_name(unit)
                ),
            ));
        };
        let p = s
            .unit(unit)
            .placed()
            .copied()
            .ok_or_else(|| Illegal::new("engine", "the unit is not on the map"))?;
        let cost = match price {
            GunTurn::Mp(c) => {
                self.spend(s, unit, c, None, false);
                c
            }
            GunTurn::ByHand => {
                let points = self.by_hand_left(s, unit);
                // F-3.7a: the by-hand points replace the MP (byhand.rs).
                let all = self.mp_left(s, unit);
                self.spend(s, unit, all, None, false);
                if let Some(m) = self.record(s, unit) {
                    m.by_hand = m.by_hand.saturating_add(1);
                }
                if points <= 1 {
                    self.finish(s, unit, ev);
                }
                Pts::ZERO
            }
        };
        if let Place::Map(q) = &mut s.unit_mut(unit).place {
            q.facing = to;
        }
        ev.push(Event::Faced { unit, facing, cost });
        // 9.2, 12.8c: a Fire Reaction once the turn is made.
        self.reaction_after_change(s, unit, Formation::Unlimbered, p, ev);
        Ok(())
    }

    /// 11.9b: whether limbered guns `u`, standing in an enemy ZOC, must still leave it: they
    /// may move and could step out now, or after one facing change.
    pub(super) fn gun_must_leave(&self, s: &State, o: &Occupancy, u: UnitId) -> bool {
        let info = &self.units[usize::from(u)];
        let unit = s.unit(u);
        if info.kind != Kind::Artillery
            || !matches!(
                unit.formation,
                Formation::MarchColumn | Formation::RoadColumn
            )
            || !self.may_move(s, u)
        {
            return false;
        }
        let Some(p) = unit.placed().copied() else {
            return false;
        };
        if !p
            .hexes
            .as_slice()
            .iter()
            .any(|&h| o.ezoc(self, h, info.side))
        {
            return false;
        }
        // The group it moves with (the steps offered are its group's, 11.1b).
        let group = self.group_of(s, u);
        let group = if group.is_empty() {
            alloc::vec![u]
        } else {
            group
        };
        let left = self.group_left(s, &group);
        let steps_out = |q: &Placed, left: Pts| {
            self.forward(unit.formation, q)
                .into_iter()
                .any(|(to, k)| self.step_ok(s, o, &group, q, &to, k, left, true).is_ok())
        };
        if steps_out(&p, left) {
            return true;
        }
        if p.hexes.len() != 1 {
            return false;
        }
        self.facings_open(s, o, u, &p, left).into_iter().any(|f| {
            let Some(to) = Facing::new(f) else {
                return false;
            };
            let Ok(c) = self.facing_cost(s, o, u, &p, to) else {
                return false;
            };
            let rest = left.minus(c).unwrap_or(Pts::ZERO);
            steps_out(&Placed { facing: to, ..p }, rest)
        })
    }

    /// 11.9b: why `u`'s group may not end its move where it stands, if a limbered gun of it
    /// must still leave an enemy ZOC.
    pub(super) fn guns_leave_ok(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
    ) -> Result<(), Illegal> {
        for &g in group {
            if self.gun_must_leave(s, o, g) {
                return Err(Illegal::new(
                    "11.9b",
                    format!(
                        "{} is limbered in an enemy ZOC and must leave it while it can",
                        self.unit_name(g)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// 11.9b: whether any activated limbered gun must still leave an enemy ZOC before the
    /// Movement Segment ends.
    pub(super) fn any_gun_must_leave(&self, s: &State, o: &Occupancy) -> bool {
        (0..s.units.len() as UnitId).any(|u| {
            self.units[usize::from(u)].kind == Kind::Artillery
                && s.unit(u).act == Act::Active
                && self.gun_must_leave(s, o, u)
        })
    }
}
