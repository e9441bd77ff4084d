//! F-5.1b (optional rule 5.1, Flanking Fire): when guns fire in the Fire Combat Segment or in
//! a Fire Reaction and enfilade the target, the targeted player may move each loss after the
//! first to a unit near the target that the guns see.
//!
//! Readings (docs/coverage/fontenoy.md, F-5.1b):
//! * "any units" are the targeted player's combat units, other than the target's, with a hex
//!   within 2 hexes of the target hex;
//! * the guns see such a unit when one firing gun has a line of sight to one of its hexes that
//!   is not blocked and not partial (12.6, 12.6f), in that gun's Frontal arc (12.2b);
//! * the losses are moved one at a time, each a decision of the targeted player (an action
//!   `ShiftLoss`; `Pass` leaves the rest on the target), a unit taking at most what it has;
//! * a moved loss costs its unit 1 SP and nothing else (no 12.9h rout, no check): only the
//!   target checks, as though it had lost them all.

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::occupancy::Occupancy;
use super::super::state::{FireCombat, FireKind, FireStep, State, Step};
use super::super::tables::fire::FireResult;
use super::super::types::{Arm, round};
use super::super::units::UnitId;
use crate::engine::Illegal;

impl Fontenoy {
    /// How many losses of result `res` of combat `c` the targeted player may move (F-5.1b):
    /// all but the first, when the rule applies and some unit may take them; else 0.
    pub(crate) fn spread_due(&self, s: &State, c: &FireCombat, res: FireResult) -> u8 {
        if !self.option("5.1")
            || !c.enfilade
            || c.arm != Some(Arm::Artillery)
            || !matches!(c.kind, FireKind::Segment | FireKind::Reaction)
        {
            return 0;
        }
        let mut n = match res {
            FireResult::Loss(k) => i32::from(k),
            _ => 0,
        };
        if c.heavy {
            n = round(3 * n, 2);
        }
        if res != FireResult::NoEffect {
            n += i32::from(c.extra_loss);
        }
        if n < 2 || self.spread_targets(s, c).is_empty() {
            return 0;
        }
        (n - 1).clamp(0, 255) as u8
    }

    /// The units that may take a moved loss of combat `c` (F-5.1b), in counter order, each
    /// with SP left beyond the losses already moved to it.
    pub(crate) fn spread_targets(&self, s: &State, c: &FireCombat) -> Vec<UnitId> {
        let side = c.side.other();
        let gunners: Vec<UnitId> = c
            .firers
            .iter()
            .copied()
            .filter(|&g| s.unit(g).on_map())
            .collect();
        let mut out = Vec::new();
        let mut o: Option<alloc::sync::Arc<Occupancy>> = None;
        for (i, u) in s.units.iter().enumerate() {
            let id = i as UnitId;
            let info = &self.units[i];
            let Some(p) = u.placed() else { continue };
            if info.side != side || !info.is_combat() || c.target.contains(&id) {
                continue;
            }
            let taken = c.spread.iter().filter(|&&x| x == id).count();
            if usize::from(u.sp) <= taken {
                continue;
            }
            let near: Vec<_> = p
                .hexes
                .as_slice()
                .iter()
                .copied()
                .filter(|&h| h.distance(c.at) <= 2)
                .collect();
            if near.is_empty() {
                continue;
            }
            let o = o.get_or_insert_with(|| Occupancy::build(self, s));
            let seen = gunners.iter().any(|&g| {
                let Some(from) = s.unit(g).placed().map(|q| q.hex()) else {
                    return false;
                };
                near.iter().any(|&h| {
                    self.sight(s, o, from, h, g, Arm::Artillery, c.side)
                        .is_ok_and(|x| !x.partial)
                })
            });
            if seen {
                out.push(id);
            }
        }
        out
    }

    /// The targeted player's choices at a [`FireStep::Spread`]: a unit for the next loss, or
    /// `Pass`.
    pub(crate) fn spread_actions(&self, s: &State, combat: u16, out: &mut Vec<Action>) {
        if let Some(c) = self.fire_combat(s, combat) {
            for unit in self.spread_targets(s, c) {
                out.push(Action::ShiftLoss { unit });
            }
        }
        out.push(Action::Pass);
    }

    /// Applies a choice at a [`FireStep::Spread`] (the step popped): one more loss moved, or
    /// the rest left on the target; once no loss is left to move, the fire's result is taken.
    pub(crate) fn apply_spread(
        &self,
        s: &mut State,
        step: FireStep,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let FireStep::Spread {
            combat,
            loss,
            rd,
            roll,
            left,
        } = step
        else {
            return Err(Illegal::new("F-5.1b", "no enfilade's losses to place"));
        };
        let res = if rd {
            FireResult::Rd
        } else if loss > 0 {
            FireResult::Loss(loss)
        } else {
            FireResult::NoEffect
        };
        match *a {
            Action::ShiftLoss { unit } => {
                let Some(c) = self.fire_combat(s, combat) else {
                    return Err(Illegal::new("F-5.1b", "no such fire combat"));
                };
                if !self.spread_targets(s, c).contains(&unit) {
                    return Err(Illegal::new(
                        "F-5.1b",
                        alloc::format!(
                            "{} cannot take a loss of the enfilade at {}: a moved loss goes to a unit of the target's side, not in the target hex, within 2 hexes of it, in a firing gun's clear line of sight, with SP left",
                            self.unit_name(unit),
                            self.label(c.at)
                        ),
                    ));
                }
                let at = c.at;
                if let Some(x) = self.combat_mut(s, combat) {
                    x.spread.push(unit);
                }
                ev.push(Event::LossShifted { unit, from: at });
                let left = left - 1;
                let more = left > 0
                    && self
                        .fire_combat(s, combat)
                        .is_some_and(|c| !self.spread_targets(s, c).is_empty());
                if more {
                    s.steps.push(Step::Fire(FireStep::Spread {
                        combat,
                        loss,
                        rd,
                        roll,
                        left,
                    }));
                } else {
                    self.finish_fire(s, combat, res, roll, ev);
                }
                Ok(())
            }
            Action::Pass => {
                self.finish_fire(s, combat, res, roll, ev);
                Ok(())
            }
            _ => Err(Illegal::new(
                "F-5.1b",
                alloc::format!(
                    "{a:?} is not a choice here: move the next loss of the enfilade (ShiftLoss) or leave the rest on the target (Pass)"
                ),
            )),
        }
    }
}
