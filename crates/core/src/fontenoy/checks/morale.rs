//! 19.0 morale states: what a passed or failed check does (18.1a, 18.6c, 19.1c–19.1e, 19.5a,
//! 19.5b), Rout (19.1c, 19.3) and artillery that never Routs (19.0, 20.2e).

use alloc::vec::Vec;

use super::{CheckKind, CheckReq, Plain};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::event::Event;
use crate::fontenoy::state::{State, Step};
use crate::fontenoy::types::{DisorderCheck, Kind, Morale, MoraleCheck};
use crate::fontenoy::units::UnitId;

impl Fontenoy {
    /// A passed check (19.1e): a rally improves the state (18.6c, 19.5a, 19.5b); the others
    /// change nothing (the asking rule goes on with its action).
    pub(crate) fn check_passed(
        &self,
        s: &mut State,
        req: CheckReq,
        checker: UnitId,
        group: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        match req.kind {
            CheckKind::Disorder(DisorderCheck::G) => self.formed(s, group, "18.6c", ev),
            CheckKind::Morale(MoraleCheck::I) => {
                if s.unit(checker).morale == Morale::Routed {
                    // 19.5b: Disordered and Shaken (a skirmisher only Shaken, 18.4), then its
                    // formation and facing (19.5e).
                    let d = !self.is_skirmisher(s, checker);
                    self.set_condition(s, checker, d, Morale::Shaken, "19.5b", ev);
                    s.steps.push(Step::RallyForm { unit: checker });
                } else {
                    // 19.5a: back to Good Order; Disorder stays.
                    for &g in group {
                        let d = s.unit(g).disordered;
                        if s.unit(g).morale == Morale::Shaken {
                            self.set_condition(s, g, d, Morale::Good, "19.5a", ev);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// A failed check (18.1a, 19.1c).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn check_failed(
        &self,
        s: &mut State,
        req: CheckReq,
        plain: Option<Plain>,
        checker: UnitId,
        group: &[UnitId],
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let m = match req.kind {
            // 18.6c: a failed rally leaves the unit Disordered, nothing more.
            CheckKind::Disorder(DisorderCheck::G) => return,
            CheckKind::Disorder(_) => {
                self.disorder_units(s, group, "18.1a", ev);
                return;
            }
            CheckKind::Morale(m) => m,
        };
        // F-8.3c (1): a failed Morale Check takes the Victoire! marker off.
        for &g in group {
            if s.unit(g).victoire {
                s.unit_mut(g).victoire = false;
                ev.push(Event::Victoire { unit: g, on: false });
            }
        }
        let routers = match (m, plain) {
            (_, Some(Plain::SauveQuiPeut)) if !group.iter().any(|&g| self.fortified(s, g)) => {
                // F-8.3b: a friend near Sauve qui peut! that fails Routs outright.
                group.to_vec()
            }
            // F-8.3b: in a redoubt or behind field fortifications it is only a failed check.
            (_, Some(Plain::SauveQuiPeut)) => self.step_down(s, group, "F-8.3b", ev),
            (MoraleCheck::I, _) => {
                self.rally_failed(s, checker, roll, ev);
                return;
            }
            // 19.1c exception 1: an "M" result's MC(G) Routs whatever the state (the 1 SP of
            // 14.4c is close combat's, distributed by 14.2b).
            (MoraleCheck::G, _) => group.to_vec(),
            (MoraleCheck::F, _) => self.friendly_retreat_failed(s, group, ev),
            _ => self.step_down(s, group, "19.1c", ev),
        };
        if routers.is_empty() {
            return;
        }
        if plain == Some(Plain::SauveOrigin) {
            // F-8.3b: the fortified stack Routs after all: its friends check now.
            self.sauve_spread(s, group, ev);
        }
        // 19.2b: movers of a mixed hex that Rout on their MC(A) leave the stationary units
        // there an MC(F), taken once the rout is over.
        if m == MoraleCheck::A {
            let stay: Vec<UnitId> = self
                .stack_of(s, checker)
                .into_iter()
                .filter(|u| !group.contains(u))
                .collect();
            if let Some(c) = self.checking_unit(&stay) {
                self.queue_checks(
                    s,
                    &[CheckReq {
                        unit: c,
                        kind: CheckKind::Morale(MoraleCheck::F),
                        er_mod: 0,
                    }],
                );
            }
        }
        self.rout_units(s, &routers, &[], "19.1c", false, ev);
    }

    /// 19.1c: Good Order becomes Shaken; a Shaken unit Routs (returned), a Shaken gun is
    /// destroyed.
    pub(crate) fn step_down(
        &self,
        s: &mut State,
        group: &[UnitId],
        rule: &str,
        ev: &mut Vec<Event>,
    ) -> Vec<UnitId> {
        let mut routers = Vec::new();
        for &g in group {
            let x = *s.unit(g);
            match x.morale {
                Morale::Good => self.set_condition(s, g, x.disordered, Morale::Shaken, rule, ev),
                Morale::Shaken if self.units[usize::from(g)].kind == Kind::Artillery => {
                    self.lose_sp(s, g, x.sp, "19.1c", ev);
                }
                Morale::Shaken => routers.push(g),
                Morale::Routed => {}
            }
        }
        routers
    }

    /// 19.1c exception 2: a failed MC(F) makes Good Order units Shaken and Disordered (18.3),
    /// skirmishers only Shaken (18.4); Shaken units Rout (returned; guns destroyed).
    fn friendly_retreat_failed(
        &self,
        s: &mut State,
        group: &[UnitId],
        ev: &mut Vec<Event>,
    ) -> Vec<UnitId> {
        let mut routers = Vec::new();
        for &g in group {
            let x = *s.unit(g);
            match x.morale {
                Morale::Good => {
                    let d = x.disordered || !self.is_skirmisher(s, g);
                    self.set_condition(s, g, d, Morale::Shaken, "19.1c", ev);
                }
                Morale::Shaken if self.units[usize::from(g)].kind == Kind::Artillery => {
                    self.lose_sp(s, g, x.sp, "19.1c", ev);
                }
                Morale::Shaken => routers.push(g),
                Morale::Routed => {}
            }
        }
        routers
    }
}
