//! F-10.3a D: an Allied unit that begins its activation outside the limits of scenario 3's
//! field (the line S5920–S4111 and the xx11 row west of it) must end the activation inside.
//!
//! Readings: the units are those activated and outside when the Movement Segment begins
//! (nothing moves before it); such a unit may not end its movement, nor the segment end,
//! while it is still outside and a step it may make brings it nearer the field (the distance
//! in hexes to the nearest allowed hex), straight on or after one change of facing. One that
//! cannot get nearer (its MP spent, the way barred) ends where it stands.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{Act, State};
use super::super::types::{Kind, Pts};
use super::super::units::UnitId;
use crate::engine::Illegal;
use crate::hex::Hex;

impl Fontenoy {
    fn come_in_distance(&self, u: UnitId, h: &[Hex]) -> u16 {
        let side = self.units[usize::from(u)].side;
        h.iter()
            .map(|&x| {
                self.scenario_rules
                    .bounds
                    .come_in_distance(&self.board, u, side, x)
            })
            .min()
            .unwrap_or(0)
    }

    /// The Movement Segment begins: the activated units outside a limit that makes them
    /// come in are noted.
    pub(crate) fn note_outside(&self, s: &mut State) {
        if !self.scenario_rules.bounds.any_come_in() {
            return;
        }
        let out: Vec<UnitId> = (0..s.units.len() as UnitId)
            .filter(|&u| {
                let x = s.unit(u);
                x.act == Act::Active
                    && x.placed()
                        .is_some_and(|p| self.come_in_distance(u, p.hexes.as_slice()) > 0)
            })
            .collect();
        if let Some(act) = s.activation.as_mut() {
            act.outside = out;
        }
    }

    /// Whether `u`, noted outside, is still outside and may make a step that brings it nearer.
    pub(super) fn must_come_in(&self, s: &State, o: &Occupancy, u: UnitId) -> bool {
        let Some(act) = s.activation.as_ref() else {
            return false;
        };
        if !act.outside.contains(&u) || !self.may_move(s, u) {
            return false;
        }
        let unit = s.unit(u);
        let Some(p) = unit.placed().copied() else {
            return false;
        };
        let d = self.come_in_distance(u, p.hexes.as_slice());
        if d == 0 {
            return false;
        }
        let group = self.movers_at(s, o, u);
        let group = if group.is_empty() {
            smallvec::smallvec![u]
        } else {
            group
        };
        let left = self.group_left(s, &group);
        let nearer = |q: &Placed, left: Pts| {
            self.steps_of(u, unit.formation, q)
                .into_iter()
                .any(|(to, k)| {
                    self.come_in_distance(u, to.hexes.as_slice()) < d
                        && self.step_ok(s, o, &group, q, &to, k, left, true).is_ok()
                })
        };
        if nearer(&p, left) {
            return true;
        }
        // Or after a change of facing in place (9.2), a single-hex unit's.
        if p.hexes.len() != 1 || self.units[usize::from(u)].kind == Kind::Commander {
            return false;
        }
        (1..=5i8).any(|k| {
            let to = p.facing.rotate(2 * k);
            self.facing_cost(s, o, u, &p, to).is_ok_and(|c| {
                c <= left
                    && nearer(
                        &Placed { facing: to, ..p },
                        left.minus(c).unwrap_or(Pts::ZERO),
                    )
            })
        })
    }

    /// Whether `u` must still come in now (F-10.3a D).
    #[cfg(test)]
    pub(crate) fn must_come_in_now(&self, s: &State, u: UnitId) -> bool {
        self.must_come_in(s, &Occupancy::build(self, s), u)
    }

    /// The first noted unit that must still come in.
    pub(super) fn first_must_come_in(&self, s: &State, o: &Occupancy) -> Option<UnitId> {
        let act = s.activation.as_ref()?;
        act.outside
            .iter()
            .copied()
            .find(|&u| self.must_come_in(s, o, u))
    }

    /// Whether any noted unit must still come in.
    pub(super) fn any_must_come_in(&self, s: &State, o: &Occupancy) -> bool {
        s.activation.as_ref().is_some_and(|a| !a.outside.is_empty())
            && self.first_must_come_in(s, o).is_some()
    }

    /// The refusal: `u` must come in first.
    pub(super) fn come_in_error(&self, u: UnitId) -> Illegal {
        Illegal::new(
            "10.3a D",
            format!(
                "{} began its activation outside the field's limit and must end it inside: it can still step nearer",
                self.unit_name(u)
            ),
        )
    }
}
