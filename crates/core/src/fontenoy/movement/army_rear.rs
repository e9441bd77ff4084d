//! F-5.4c (option `5.4c-rearward`): the units of an army in retreat move toward its rear.
//! The rule's three exceptions (1 avoiding destruction, 2 an especially vulnerable enemy,
//! 3 covering the retreat) are judgements of the moment: the player declares one for a unit
//! (`RearException`, recorded in the log) and that unit then moves freely this activation.
//!
//! Reading (docs/coverage/fontenoy.md, Readings): each step of a combat unit of the retreating
//! army (forward, rearward or sidelong) must end nearer its army's rear (the retreat exits,
//! and for the French the bridgehead: `rear_of`) than it began, as Vive le Roi! measures its
//! advance (F-8.2f); turning, wheeling and formation changes are free; commanders move freely.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::state::State;
use super::super::units::UnitId;
use crate::engine::Illegal;

/// The option's id.
pub const REARWARD: &str = "5.4c-rearward";

impl Fontenoy {
    /// Whether `u`'s moves must go rearward now (F-5.4c): the option on, a combat unit of an
    /// army in retreat, no exception declared for it this activation.
    fn bound_rearward(&self, s: &State, u: UnitId) -> bool {
        let info = &self.units[usize::from(u)];
        self.option(REARWARD)
            && info.is_combat()
            && self.retreating(s, info.side)
            && !s
                .activation
                .as_ref()
                .is_some_and(|a| a.rear_exceptions.iter().any(|&(x, _)| x == u))
    }

    /// The distance from the nearest hex of `p` to the nearest hex of `rear`.
    fn rear_distance(p: &Placed, rear: &[crate::hex::Hex]) -> Option<u32> {
        p.hexes
            .as_slice()
            .iter()
            .flat_map(|&h| rear.iter().map(move |&r| r.distance(h)))
            .min()
    }

    /// F-5.4c: a step of `u` from `from` to `to` must end nearer its army's rear.
    pub(crate) fn rearward_step_ok(
        &self,
        s: &State,
        u: UnitId,
        from: &Placed,
        to: &Placed,
    ) -> Result<(), Illegal> {
        if !self.bound_rearward(s, u) {
            return Ok(());
        }
        let rear = self.rear_of(self.units[usize::from(u)].side);
        let (Some(before), Some(after)) = (
            Self::rear_distance(from, &rear),
            Self::rear_distance(to, &rear),
        ) else {
            return Ok(());
        };
        if after < before {
            return Ok(());
        }
        Err(Illegal::new(
            "F-5.4c",
            format!(
                "{}'s army is retreating: it moves toward its rear ({before} hexes away; this move leaves it {after} away) unless an exception is declared",
                self.unit_name(u)
            ),
        ))
    }

    /// The exceptions the player may declare for the units of `group` (F-5.4c).
    pub(super) fn rear_exception_actions(
        &self,
        s: &State,
        group: &[UnitId],
        out: &mut Vec<Action>,
    ) {
        for &u in group {
            if self.bound_rearward(s, u) {
                for exception in 1..=3 {
                    out.push(Action::RearException { unit: u, exception });
                }
            }
        }
    }

    /// Applies a declared exception (F-5.4c).
    pub(super) fn apply_rear_exception(
        &self,
        s: &mut State,
        unit: UnitId,
        exception: u8,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if usize::from(unit) >= self.units.len() {
            return Err(Illegal::new("F-5.4c", format!("no unit {unit}")));
        }
        if !(1..=3).contains(&exception) {
            return Err(Illegal::new(
                "F-5.4c",
                format!(
                    "exception {exception}: the rule has three (1 avoiding destruction, 2 a vulnerable enemy, 3 covering the retreat)"
                ),
            ));
        }
        if !self.bound_rearward(s, unit) || !self.may_move(s, unit) {
            return Err(Illegal::new(
                "F-5.4c",
                format!(
                    "{} is no unit of a retreating army bound to move rearward that may move now",
                    self.unit_name(unit)
                ),
            ));
        }
        if let Some(a) = s.activation.as_mut() {
            a.rear_exceptions.push((unit, exception));
        }
        ev.push(Event::RearException { unit, exception });
        Ok(())
    }
}
