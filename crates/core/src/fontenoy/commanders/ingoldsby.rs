//! F-4.2d: Ingoldsby's Special Division (scenarios 1, 4 and 5) and its dissolution. The
//! Allies may dissolve it at once after Ingoldsby is killed or wounded (else a replacement
//! leads it, 21.5), or declare from 10:00 on that they will, the dissolution taking effect
//! when Ligonier or Cumberland is activated. Dissolved, the Division is no more: Ingoldsby
//! (and any replacement holding his office) leaves the game without loss points, and his
//! units are ordinary units.
//!
//! Readings (docs/coverage/fontenoy.md): the units' own Divisions are in the Order of
//! Battle, not in the text, so they become Independents (as scenario 3 keeps PUL and BOS and
//! option 7.3a reads it), Division membership being part of the position
//! ([`State::orgs`]); the declaration is asked at the start of each turn from 10:00, before
//! the first initiative roll, and takes effect at the first segment of an Allied activation in
//! which Ligonier or Cumberland is active.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{Act, Phase, Place, State, Step};
use super::super::units::{DivId, UnitId};
use crate::engine::{Illegal, Side};

/// F-4.2d: the time from which the dissolution may be declared.
const DECLARE_FROM: &str = "10:00";

impl Fontenoy {
    /// The Division of counter `u` now: its Division in the Order of Battle unless that has
    /// been dissolved (F-4.2d).
    pub fn division_now(&self, s: &State, u: UnitId) -> Option<DivId> {
        self.org
            .division_of
            .get(usize::from(u))
            .copied()
            .flatten()
            .filter(|&d| !s.orgs.dissolved(d))
    }

    /// Whether `u` is an Independent now (5.0; F-4.2d: a dissolved Division's units are).
    pub fn independent_now(&self, s: &State, u: UnitId) -> bool {
        usize::from(u) < self.org.division_of.len() && self.division_now(s, u).is_none()
    }

    /// The combat units of `side`'s dissolved Divisions (F-4.2d: Independents now).
    pub(crate) fn dissolved_units<'a>(
        &'a self,
        s: &'a State,
        side: Side,
    ) -> impl Iterator<Item = UnitId> + 'a {
        s.orgs
            .dissolved
            .iter()
            .filter(move |&&d| self.org.divisions[usize::from(d)].side == side)
            .flat_map(move |&d| self.org.divisions[usize::from(d)].units.iter().copied())
    }

    /// F-4.2d: Ingoldsby's Division, if the scenario has it and it still exists.
    pub fn ingoldsby_division(&self, s: &State) -> Option<DivId> {
        self.org
            .divisions
            .iter()
            .position(|d| {
                d.commander
                    .is_some_and(|c| self.is_commander(c, "ingoldsby"))
            })
            .map(|i| i as DivId)
            .filter(|&d| !s.orgs.dissolved(d))
    }

    /// F-4.2d: after commander `c` is killed or wounded: if he is Ingoldsby, the Allies decide
    /// at once whether to dissolve his Division.
    pub(crate) fn ingoldsby_lost(&self, s: &mut State, c: UnitId) {
        if !self.is_commander(c, "ingoldsby") {
            return;
        }
        let Some(d) = self.ingoldsby_division(s) else {
            return;
        };
        if self.org.divisions[usize::from(d)].commander == Some(c) {
            s.steps.push(Step::Dissolve {
                division: d,
                after_loss: true,
            });
        }
    }

    /// F-4.2d at the start of a turn from 10:00: the Allies may declare the dissolution.
    /// Whether the step is pending.
    pub(crate) fn dissolve_turn_start(&self, s: &mut State) -> bool {
        if s.orgs.asked == Some(s.turn) || s.orgs.declared.is_some() || s.result.is_some() {
            return false;
        }
        let Some(d) = self.ingoldsby_division(s) else {
            return false;
        };
        if self.time(s.turn) < DECLARE_FROM {
            return false;
        }
        s.orgs.asked = Some(s.turn);
        s.phase = Phase::Initiative;
        s.steps.push(Step::Dissolve {
            division: d,
            after_loss: false,
        });
        true
    }

    /// The Allied choices at [`Step::Dissolve`].
    pub(crate) fn dissolve_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::Dissolve);
        out.push(Action::Pass);
    }

    /// Applies the Allied choice at [`Step::Dissolve`] (popped).
    pub(crate) fn apply_dissolve(
        &self,
        s: &mut State,
        division: DivId,
        after_loss: bool,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::Dissolve if after_loss => self.dissolve_division(s, division, ev),
            Action::Dissolve => {
                s.orgs.declared = Some(division);
                ev.push(Event::DissolutionDeclared { division });
            }
            Action::Pass => {}
            other => {
                return Err(Illegal::new(
                    "F-4.2d",
                    format!(
                        "{other:?} is not an answer here: dissolve {} or pass",
                        self.division_name(division)
                    ),
                ));
            }
        }
        if !after_loss {
            self.to_initiative(s, ev);
        }
        Ok(())
    }

    /// F-4.2d: a declared dissolution takes effect once Ligonier or Cumberland is active in
    /// an Allied activation.
    pub(crate) fn dissolve_when_activated(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(d) = s.orgs.declared else { return };
        let side = self.org.divisions[usize::from(d)].side;
        if s.activation.as_ref().is_none_or(|a| a.side != side) {
            return;
        }
        let active = (0..s.units.len() as UnitId).any(|c| {
            (self.is_commander(c, "ligonier") || self.is_commander(c, "cumberland"))
                && s.unit(c).act == Act::Active
                && s.unit(c).on_map()
        });
        if active {
            self.dissolve_division(s, d, ev);
        }
    }

    /// F-4.2d: Division `d` is dissolved: its commander (and a replacement in his office)
    /// leaves the game without loss points; its units are Independents from now on.
    pub(crate) fn dissolve_division(&self, s: &mut State, d: DivId, ev: &mut Vec<Event>) {
        if s.orgs.dissolved(d) {
            return;
        }
        s.orgs.dissolved.push(d);
        s.orgs.declared = None;
        let office = self.org.divisions[usize::from(d)].commander;
        let holder =
            office.and_then(|o| s.offices.iter().find(|x| x.office == o).map(|x| x.holder));
        for c in office.into_iter().chain(holder) {
            let u = s.unit_mut(c);
            if !matches!(u.place, Place::Destroyed) {
                u.place = Place::Exited;
            }
            u.act = Act::Unactivated;
            u.command = None;
            s.offices.retain(|x| x.office != c && x.holder != c);
        }
        ev.push(Event::DivisionDissolved {
            division: d,
            commander: office,
        });
    }
}
