//! F-7.8 Allied Detachments (option `7.8`): once the Set-Up phase is over and before the first
//! turn, the Allied player may form up to two Detachments (24.0), one Division at a time:
//!
//! * F-7.8b Waldeck: up to eight Dutch Divisions;
//! * F-7.8c Konigsegg: up to eight Divisions of any nationality, Moltke's reserve among them;
//! * F-7.8d Ligonier: up to eight English, Hanoverian or Austrian Divisions.
//!
//! Once play starts a Detachment's Divisions never change; it may only rejoin the army (24.3).
//! Reading: "must be used in scenarios 6 and 7" puts the rule in force there (the option is on
//! by default); forming a Detachment stays the Allied player's choice.

use alloc::format;
use alloc::vec::Vec;

use super::super::ALLIED;
use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{Place, State, Step};
use super::super::types::Kind;
use super::super::units::{DivId, UnitId};
use super::detachment::ALLIED_DETACHMENT_MAX;
use crate::engine::Illegal;

impl Fontenoy {
    /// After the Set-Up phase (F-10.0c): with option 7.8 the Allied player forms his
    /// Detachments first; then the first turn.
    pub(crate) fn after_setup(&self, s: &mut State, ev: &mut Vec<Event>) {
        if self.option("7.8") && !self.detachment_leaders(s).is_empty() {
            s.steps.push(Step::AlliedDetachment { leader: None });
        } else {
            self.begin_turn(s, ev);
        }
    }

    /// The commanders who may still form an Allied Detachment (F-7.8b–d): in the game, leading
    /// none yet, while fewer than two have been formed (F-7.8a).
    pub(crate) fn detachment_leaders(&self, s: &State) -> Vec<UnitId> {
        let formed = s
            .special
            .detachments
            .iter()
            .filter(|d| d.side == ALLIED)
            .count();
        if formed >= 2 {
            return Vec::new();
        }
        (0..s.units.len() as UnitId)
            .filter(|&c| {
                ["waldeck", "konigsegg", "ligonier"]
                    .iter()
                    .any(|k| self.is_commander(c, k))
                    && self.units[usize::from(c)].side == ALLIED
                    && !matches!(s.unit(c).place, Place::Destroyed)
                    && !s.special.detachments.iter().any(|d| d.commander == c)
            })
            .collect()
    }

    /// Whether Division `d` may join the Detachment `leader` is forming (F-7.8b–d).
    fn may_detach(&self, s: &State, leader: UnitId, d: DivId) -> bool {
        let Some(div) = self.org.divisions.get(usize::from(d)) else {
            return false;
        };
        self.detachment_nation_fits(leader, d)
            && div.side == ALLIED
            && self.detachment_of(s, d).is_none()
            && !s.special.forming.contains(&d)
            && s.special.forming.len() < ALLIED_DETACHMENT_MAX
            && div.units.iter().any(|&u| {
                self.units[usize::from(u)].kind != Kind::Commander
                    && !matches!(s.unit(u).place, Place::Destroyed)
            })
    }

    /// The Allied player's choices at [`Step::AlliedDetachment`].
    pub(crate) fn allied_detachment_actions(
        &self,
        s: &State,
        leader: Option<UnitId>,
        out: &mut Vec<Action>,
    ) {
        match leader {
            None => {
                for commander in self.detachment_leaders(s) {
                    out.push(Action::DetachmentLeader { commander });
                }
                out.push(Action::EndDetachments);
            }
            Some(c) => {
                for d in 0..self.org.divisions.len() as DivId {
                    if self.may_detach(s, c, d) {
                        out.push(Action::DetachDivision { division: d });
                    }
                }
                if self.allied_detachment_ok(c, &s.special.forming).is_ok() {
                    out.push(Action::FormDetachment);
                }
                out.push(Action::Pass);
            }
        }
    }

    /// Applies a choice at [`Step::AlliedDetachment`] (the step popped).
    pub(crate) fn apply_allied_detachment(
        &self,
        s: &mut State,
        leader: Option<UnitId>,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match (leader, a) {
            (None, Action::DetachmentLeader { commander }) => {
                if !self.detachment_leaders(s).contains(commander) {
                    return Err(Illegal::new(
                        "F-7.8a",
                        format!(
                            "{} may not form an Allied Detachment: only Waldeck, Konigsegg or Ligonier, each once, two Detachments at most",
                            self.unit_name(*commander)
                        ),
                    ));
                }
                s.special.forming.clear();
                s.steps.push(Step::AlliedDetachment {
                    leader: Some(*commander),
                });
            }
            (None, Action::EndDetachments) => {
                s.special.forming.clear();
                self.begin_turn(s, ev);
            }
            (Some(c), Action::DetachDivision { division }) => {
                if !self.may_detach(s, c, *division) {
                    return Err(Illegal::new(
                        "F-7.8a",
                        format!(
                            "{} may not join {}'s Detachment (F-7.8b–d: its nationality, at most eight Divisions, none in another Detachment)",
                            self.division_name(*division),
                            self.unit_name(c)
                        ),
                    ));
                }
                s.special.forming.push(*division);
                s.steps.push(Step::AlliedDetachment { leader: Some(c) });
            }
            (Some(c), Action::FormDetachment) => {
                let divisions = s.special.forming.clone();
                self.allied_detachment_ok(c, &divisions)?;
                self.form_detachment(s, c, divisions.clone(), Vec::new())?;
                s.special.forming.clear();
                ev.push(Event::DetachmentFormed {
                    commander: c,
                    divisions,
                });
                if self.detachment_leaders(s).is_empty() {
                    self.begin_turn(s, ev);
                } else {
                    s.steps.push(Step::AlliedDetachment { leader: None });
                }
            }
            (Some(_), Action::Pass) => {
                s.special.forming.clear();
                s.steps.push(Step::AlliedDetachment { leader: None });
            }
            (_, other) => {
                return Err(Illegal::new(
                    "F-7.8a",
                    format!("{other:?} is not a choice while the Allied Detachments are formed"),
                ));
            }
        }
        Ok(())
    }
}
