//! 18.0 Disorder Checks and organizational states, 19.0 Morale Checks and morale states,
//! 20.0 retreats, and the F-8 special results of a check rolled 00–09.
//!
//! Other sections ask for a check with [`Fontenoy::queue_checks`] and for a rout with
//! [`Fontenoy::rout`]; the check is a d100 chance step ([`Step::Check`]) resolved by
//! [`Fontenoy::resolve_check`].
//!
//! * `mod.rs` — the check itself: which unit of a group is read (18.7a, 19.4a), the comparison
//!   (18.1a, 19.1a), skirmishers (18.4), Routed units (19.1f), events;
//! * `modifiers.rs` — the ER modifiers (18.5a, 19.8, 19.9, 21.3);
//! * `special.rs` — the special results of 00–09 (18.1a, 19.1a, F-8.3);
//! * `disorder.rs` — Disorder results and effects (18.2–18.7), DC(A) after movement, the
//!   Rallying Disordered Units Segment;
//! * `morale.rs` — Morale results (19.1c–19.4), the states' effects;
//! * `rally.rs` — the Rally Phase (19.5);
//! * `voluntary.rs` — Voluntary Rout (19.10);
//! * `retreat.rs` — Retreat Before Close Combat (20.1) and Retreat by Routing (20.2);
//! * `tables.rs` — the check charts.

mod column;
pub mod disorder;
mod modifiers;
mod morale;
mod rally;
pub mod retreat;
mod special;
pub use super::tables::checks as tables;
mod voluntary;

use alloc::vec::Vec;

use super::Fontenoy;
use super::event::Event;
use super::state::{State, Step};
use super::types::{Formation, Kind, Morale, MoraleCheck, Nationality};
use super::units::{Skirmish, UnitId};
use tables::Special;

pub use super::state::{CheckKind, CheckReq, ErMod, Plain};

impl Fontenoy {
    /// Queues `reqs` to be taken in the order given, before anything already pending (12.9k:
    /// losses, then the Disorder Check, then the Morale Check).
    pub(crate) fn queue_checks(&self, s: &mut State, reqs: &[CheckReq]) {
        for r in reqs.iter().rev() {
            s.steps.push(Step::Check(*r));
        }
    }

    /// Resolves a check on its d100 roll (18.1a, 19.1a).
    pub(crate) fn resolve_check(
        &self,
        s: &mut State,
        req: CheckReq,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        self.take_check(s, req, roll, None, None, ev);
    }

    /// Resolves a check on its d100 roll in the special results column the French player chose
    /// (F-8.1).
    pub(crate) fn take_check_in(
        &self,
        s: &mut State,
        req: CheckReq,
        roll: u8,
        column: Nationality,
        ev: &mut Vec<Event>,
    ) {
        self.take_check(s, req, roll, None, Some(column), ev);
    }

    /// Resolves a check that is never special (F-8.1).
    pub(crate) fn resolve_plain_check(
        &self,
        s: &mut State,
        req: CheckReq,
        why: Plain,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        self.take_check(s, req, roll, Some(why), None, ev);
    }

    /// The units a check of `req` is taken for and the unit whose ER it reads: a Routed
    /// unit's rally check is its own (19.5b), every other check its group's (18.1a, 19.1a).
    pub(crate) fn check_group(&self, s: &State, req: CheckReq) -> (Vec<UnitId>, Option<UnitId>) {
        let routed = s.unit(req.unit).morale == Morale::Routed;
        let group = if routed && req.kind == CheckKind::Morale(MoraleCheck::I) {
            alloc::vec![req.unit]
        } else {
            self.stack_of(s, req.unit)
        };
        // 18.2e, 19.2b: in a mixed hex only the movers check (movement/groups.rs).
        let group = self.movers_only(s, req, group);
        let checker = self.checking_unit(&group);
        (group, checker)
    }

    /// Whether `u` is a skirmisher: in Skirmish order, or a unit that always skirmishes (8.1g,
    /// 18.4).
    pub fn is_skirmisher(&self, s: &State, u: UnitId) -> bool {
        s.unit(u).formation == Formation::Skirmish
            || self.units[usize::from(u)].skirmish == Skirmish::Always
    }

    /// The combat units standing with `u` as one group: its side's units on exactly its hexes
    /// (and guns in any hex of a multi-hex Line or Hook, 10.4d),
    /// Routed with Routed and the rest with the rest (10.1f), top first (10.6).
    pub fn stack_of(&self, s: &State, u: UnitId) -> Vec<UnitId> {
        if s.unit(u).placed().is_none() {
            return Vec::new();
        }
        // 10.4d: guns in a hex of a multi-hex Line or Hook group with it (stacking.rs).
        let anchor = self.line_of_gun(s, u).unwrap_or(u);
        let side = self.units[usize::from(u)].side;
        let routed = s.unit(u).morale == Morale::Routed;
        let mut out: Vec<UnitId> = (0..s.units.len() as UnitId)
            .filter(|&v| {
                let info = &self.units[usize::from(v)];
                let x = s.unit(v);
                info.is_combat()
                    && info.side == side
                    && (x.morale == Morale::Routed) == routed
                    && self.stand_together(s, anchor, v)
            })
            .collect();
        out.sort_by_key(|&v| (s.unit(v).order, v));
        out
    }

    /// The unit whose ER a group's check reads: the top non-artillery unit, or the top gun of
    /// an all-artillery group (18.7a, 19.4a: in a mixed group the top infantry).
    pub fn checking_unit(&self, group: &[UnitId]) -> Option<UnitId> {
        group
            .iter()
            .copied()
            .find(|&g| self.units[usize::from(g)].kind != Kind::Artillery)
            .or_else(|| group.first().copied())
    }

    /// The commanders grouped with `group` (in one of its hexes), on its side.
    pub fn commanders_with(&self, s: &State, group: &[UnitId]) -> Vec<UnitId> {
        let Some(first) = group.first() else {
            return Vec::new();
        };
        let Some(p) = s.unit(*first).placed() else {
            return Vec::new();
        };
        let side = self.units[usize::from(*first)].side;
        (0..s.units.len() as UnitId)
            .filter(|&c| {
                let info = &self.units[usize::from(c)];
                info.kind == Kind::Commander
                    && info.side == side
                    && s.unit(c)
                        .placed()
                        .is_some_and(|q| p.hexes.contains(q.hex()))
            })
            .collect()
    }

    /// The nationality whose special results a group reads (F-8.1): the one with the most SP
    /// (on a tie, the checking unit's).
    fn group_nationality(&self, s: &State, group: &[UnitId], checker: UnitId) -> Nationality {
        let mine = self.units[usize::from(checker)].nationality;
        let sp_of = |n: Nationality| -> u16 {
            group
                .iter()
                .filter(|&&g| self.units[usize::from(g)].nationality == n)
                .map(|&g| u16::from(s.unit(g).sp))
                .sum()
        };
        let mut best = (sp_of(mine), mine);
        for &g in group {
            let n = self.units[usize::from(g)].nationality;
            let sp = sp_of(n);
            if sp > best.0 {
                best = (sp, n);
            }
        }
        best.1
    }

    /// A check: the group, the unit read, the special result, the modified ER, the result.
    fn take_check(
        &self,
        s: &mut State,
        req: CheckReq,
        roll: u8,
        plain: Option<Plain>,
        column: Option<Nationality>,
        ev: &mut Vec<Event>,
    ) {
        if !s.unit(req.unit).on_map() {
            ev.push(Event::CheckSkipped {
                unit: req.unit,
                check: req.kind,
                why: "the unit is no longer on the map".into(),
            });
            return;
        }
        let routed = s.unit(req.unit).morale == Morale::Routed;
        let (group, checker) = self.check_group(s, req);
        let Some(checker) = checker else {
            return;
        };
        match req.kind {
            CheckKind::Disorder(_) if routed => {
                // 18.0: Routed units are neither Formed nor Disordered; 18.2b: a unit that
                // Routs before its DC(A) does not take it.
                ev.push(Event::CheckSkipped {
                    unit: checker,
                    check: req.kind,
                    why: "a Routed unit takes no Disorder Check (18.0, 18.2b)".into(),
                });
                return;
            }
            CheckKind::Disorder(_) if group.iter().all(|&g| self.is_skirmisher(s, g)) => {
                ev.push(Event::CheckSkipped {
                    unit: checker,
                    check: req.kind,
                    why: "skirmishers take no Disorder Check (18.4)".into(),
                });
                return;
            }
            CheckKind::Morale(m) if routed && m != MoraleCheck::I => {
                // 19.1f: a Routed unit told to take a Morale Check loses 1 SP and retreats.
                ev.push(Event::CheckSkipped {
                    unit: checker,
                    check: req.kind,
                    why: "a Routed unit loses 1 SP and Retreats by Routing instead (19.1f)".into(),
                });
                self.lose_sp(s, checker, 1, "19.1f", ev);
                let left: Vec<UnitId> = group
                    .iter()
                    .copied()
                    .filter(|&g| s.unit(g).on_map())
                    .collect();
                if !left.is_empty() {
                    self.retreat_again(s, &left, &[], ev);
                }
                return;
            }
            _ => {}
        }
        // F-8.1: a tie of Allied nationalities whose columns differ: the French choose.
        if plain.is_none() && column.is_none() && roll <= 9 {
            let tied = self.tied_columns(s, &group);
            if tied != 0
                && self.ask_column(s, roll, Some(req), None, tied, |n| {
                    self.tables.checks.special(n, req.kind, roll)
                })
            {
                return;
            }
        }
        self.drop_broken_victoire(s, &group, ev);
        let special = match plain {
            None if roll <= 9 => {
                let n = column.unwrap_or_else(|| self.group_nationality(s, &group, checker));
                self.tables.checks.special(n, req.kind, roll)
            }
            _ => Special::Normal,
        };
        let (er, mods) = if plain == Some(Plain::Reroll) {
            let printed = i16::from(self.units[usize::from(checker)].er);
            let mods = alloc::vec![ErMod {
                what: "special re-roll (only its own modifier)".into(),
                value: req.er_mod,
            }];
            (printed + req.er_mod, mods)
        } else {
            self.modified_er(s, checker, &group, req)
        };
        let by_roll = i16::from(roll) >= er;
        let passed = match special {
            Special::Normal => by_roll,
            Special::Pass | Special::Victoire => true,
            Special::Reroll(_) => by_roll,
            Special::Fail
            | Special::FailCommanders
            | Special::SauveQuiPeut
            | Special::RecallFails => false,
        };
        let special_name = (special != Special::Normal).then(|| special.name());
        if let Special::Reroll(n) = special {
            ev.push(Event::Check {
                unit: checker,
                check: req.kind,
                roll,
                er,
                modifiers: mods,
                passed: None,
                special: special_name,
            });
            s.steps.push(Step::PlainCheck {
                req: CheckReq { er_mod: n, ..req },
                why: Plain::Reroll,
            });
            return;
        }
        ev.push(Event::Check {
            unit: checker,
            check: req.kind,
            roll,
            er,
            modifiers: mods,
            passed: Some(passed),
            special: special_name,
        });
        match special {
            Special::SauveQuiPeut => {
                self.sauve_qui_peut(s, req, &group, ev);
                return;
            }
            Special::Victoire => {
                self.victoire(s, &group, ev);
                return;
            }
            // F-8.3d: the recall fails; the pursuit records it (close/pursuit.rs).
            Special::RecallFails => self.recall_fails(s),
            Special::FailCommanders => {
                let commanders = self.commanders_with(s, &group);
                if !commanders.is_empty() {
                    self.queue_commander_loss(
                        s,
                        &commanders,
                        super::commanders::LossCause::Check,
                        ev,
                    );
                }
            }
            _ => {}
        }
        if passed {
            self.check_passed(s, req, checker, &group, ev);
        } else {
            self.check_failed(s, req, plain, checker, &group, roll, ev);
        }
        if req.kind == CheckKind::Morale(MoraleCheck::I) && routed {
            self.release_rally_retreat(s, req.unit, ev);
        }
    }
}
