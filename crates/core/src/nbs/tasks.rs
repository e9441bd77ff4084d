//! The sub-sequences on the task stack: who acts in each, what they may do, the rolls that
//! resolve them, and the automatic steps between (see [`super::state::Task`]).

use alloc::vec::Vec;

use super::event::Event;
use super::state::{State, Task};
use super::types::{MoraleState, Seq66};
use super::{Action, Nbs};
use crate::dice::{DiceSpec, Roll};
use crate::engine::Illegal;

impl Nbs {
    /// The decisions open in a player task.
    pub(super) fn task_actions(&self, s: &State, t: &Task, out: &mut Vec<Action>) {
        match t {
            Task::Declaring(d) => self.declaring_actions(s, d, out),
            Task::Retreat(r) => self.retreat_actions(s, r, out),
            Task::OpportunityWindow { .. } => {
                out.push(Action::OpportunityFire);
                // 15.1c: at a formation change the firer may fire after it instead.
                if self.change_under_window(s).is_some() {
                    out.push(Action::OpportunityFireAfter);
                }
                out.push(Action::Pass);
            }
            Task::Reface { hex } => {
                if let Some(&top) = self.combat_stack(s, *hex).first() {
                    let now = s.units[usize::from(top)].facing.index();
                    for f in (0..12u8).filter(|&f| f != now) {
                        out.push(Action::Face {
                            unit: top,
                            facing: f,
                        });
                    }
                }
                out.push(Action::Pass);
            }
            Task::Cavalry(c) => self.cavalry_actions(s, c, out),
            Task::OrderWriting {
                leader,
                receivers,
                source,
            } => self.writing_actions(s, *leader, receivers, *source, out),
            Task::SkirmisherEvade { from, target, .. } => {
                self.evade_actions(s, *from, *target, out)
            }
            Task::Promote { candidates, .. } => self.promote_actions(candidates, out),
            Task::Placing { unit } => self.placing_actions(s, *unit, out),
            Task::Returning { unit } => self.returning_actions(s, *unit, out),
            Task::Assembling {
                from,
                target,
                units,
            } => self.assembling_actions(s, *from, *target, units, out),
            _ => {}
        }
    }

    /// A player's action in a task.
    pub(super) fn task_action(
        &self,
        s: &mut State,
        t: Task,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match (t, a) {
            (Task::Declaring(d), _) => self.declaring_action(s, d, a, ev),
            (Task::Retreat(r), Action::RetreatTo { hex }) => self.retreat_step(s, r, *hex, ev),
            (Task::Retreat(r), Action::SplitRetreat { unit }) => self.split_retreat(s, r, *unit),
            (Task::OpportunityWindow { batteries, at, .. }, Action::OpportunityFire) => {
                s.tasks.pop();
                self.opportunity_fire(s, batteries, at, ev);
                Ok(())
            }
            (Task::OpportunityWindow { batteries, at, .. }, Action::OpportunityFireAfter) => {
                // 15.1c: the change is made first, then the target is fired on in its new
                // formation and facing; the 15.1d stop waits under the fire.
                let Some((then, unit, from, morale)) = self.change_under_window(s) else {
                    return Err(Illegal::new(
                        "15.1c",
                        "fire after the change is open only at a formation change",
                    ));
                };
                s.tasks.pop();
                s.tasks.pop();
                self.movement_do(s, &then, ev, true)?;
                s.tasks.push(Task::Resume {
                    then,
                    unit,
                    at: from,
                    changed: true,
                    morale,
                });
                self.opportunity_fire(s, batteries, at, ev);
                Ok(())
            }
            (
                Task::Promote {
                    corps,
                    fallen,
                    candidates,
                },
                _,
            ) => self.promote_action(s, corps, fallen, &candidates, a, ev),
            (
                Task::SkirmisherEvade {
                    from,
                    target,
                    charge,
                },
                _,
            ) => self.evade_action(s, from, target, charge, a, ev),
            (Task::OpportunityWindow { .. }, Action::Pass)
            | (Task::Reface { .. }, Action::Pass) => {
                s.tasks.pop();
                Ok(())
            }
            (Task::Reface { hex }, Action::Face { unit, facing }) => {
                let f = crate::hex::Facing::new(*facing)
                    .ok_or_else(|| Illegal::new("13.0", "a facing is 0-11"))?;
                let stack = self.combat_stack(s, hex);
                if stack.first() != Some(unit) {
                    return Err(Illegal::new(
                        "13.1a",
                        alloc::format!(
                            "name the top unit of {} to turn its stack",
                            self.label(hex)
                        ),
                    ));
                }
                // 13.0: every unit in a hex faces the same way.
                for u in stack {
                    s.units[usize::from(u)].facing = f;
                }
                s.tasks.pop();
                ev.push(Event::Faced {
                    unit: *unit,
                    facing: *facing,
                    cost: 0,
                });
                Ok(())
            }
            (Task::Cavalry(c), _) => self.cavalry_action(s, c, a, ev),
            (
                Task::Assembling {
                    from,
                    target,
                    units,
                },
                _,
            ) => self.assembling_action(s, from, target, units, a, ev),
            (Task::Placing { unit }, _) => self.placing_action(s, unit, a, ev),
            (Task::Returning { unit }, _) => self.returning_action(s, unit, a, ev),
            (
                Task::OrderWriting {
                    leader,
                    receivers,
                    source,
                },
                _,
            ) => self.writing_action(s, leader, receivers, source, a, ev),
            _ => Err(self.not_now(s, a)),
        }
    }

    /// Runs an automatic task; `false` when it waits for a decision or a roll.
    pub(super) fn advance_task(&self, s: &mut State, t: Task, ev: &mut Vec<Event>) -> bool {
        match t {
            Task::CloseCombat(cc) => self.advance_close(s, cc, ev),
            Task::Cavalry(c) => self.advance_cavalry(s, c, ev),
            Task::Retreat(r) => {
                if r.units
                    .iter()
                    .all(|&u| s.units[usize::from(u)].hex() != Some(r.at))
                {
                    s.tasks.pop();
                    return true;
                }
                if self.retreat_options(s, &r).is_empty() {
                    self.retreat_blocked(s, r, ev);
                    return true;
                }
                false
            }
            Task::Reface { hex } => {
                if self.combat_stack(s, hex).is_empty() {
                    s.tasks.pop();
                    return true;
                }
                false
            }
            Task::Resume {
                then,
                unit,
                at,
                changed,
                morale,
            } => {
                s.tasks.pop();
                let st = &s.units[usize::from(unit)];
                let form = matches!(
                    then,
                    Action::Form { .. } | Action::FormAbout { .. } | Action::LeaveSquare { .. }
                );
                let on_map = st.hex().is_some();
                // 15.1d: a stack driven to DG or Routed (or back) retreats and stops for the
                // phase; a formation change it was making still happens, whichever side of
                // the fire it came (15.1c).
                let driven = st.hex() != Some(at)
                    || st.morale != morale
                        && matches!(st.morale, MoraleState::Disorganized | MoraleState::Routed);
                if !driven && !changed {
                    let mut scratch = Vec::new();
                    if self.movement_do(s, &then, &mut scratch, true).is_ok() {
                        ev.extend(scratch);
                    }
                } else if driven {
                    if form && !changed {
                        self.finish_change_under_fire(s, &then, ev);
                    }
                    if on_map {
                        s.units[usize::from(unit)].flags |= super::state::flag::STOPPED;
                    }
                }
                true
            }
            _ => false,
        }
    }

    /// 15.1c: the formation change waiting under the opportunity-fire window on top (the
    /// action, its unit and hex), when the window was opened by one (15.1b).
    pub(super) fn change_under_window(
        &self,
        s: &State,
    ) -> Option<(Action, super::state::UnitId, crate::hex::Hex, MoraleState)> {
        let n = s.tasks.len();
        if !matches!(s.tasks.last(), Some(Task::OpportunityWindow { .. })) {
            return None;
        }
        match s.tasks.get(n.checked_sub(2)?)? {
            Task::Resume {
                then:
                    then @ (Action::Form { .. } | Action::FormAbout { .. } | Action::LeaveSquare { .. }),
                unit,
                at,
                changed: false,
                morale,
            } => Some((then.clone(), *unit, *at, *morale)),
            _ => None,
        }
    }

    /// A die roll at a chance node.
    pub(super) fn resolve_roll(
        &self,
        s: &mut State,
        r: Roll,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some(t) = s.tasks.last().cloned() else {
            return Err(Illegal::new("engine", "no roll is pending"));
        };
        let seq = || {
            Seq66::from_value(r.value).ok_or_else(|| Illegal::new("5.3", "not a sequential roll"))
        };
        match t {
            Task::FireRoll { decl, column } => {
                let roll = seq()?;
                s.tasks.pop();
                s.last_roll = Some(roll);
                self.resolve_fire(s, decl, column, roll, ev);
            }
            Task::Morale(c) => {
                let roll = seq()?;
                s.tasks.pop();
                s.last_roll = Some(roll);
                self.resolve_morale(s, c, roll, ev);
            }
            Task::BloodLust { hex } => {
                let roll = seq()?;
                s.tasks.pop();
                self.resolve_blood_lust(s, hex, roll, ev);
            }
            Task::RecoveryRoll { unit, shift } => {
                let roll = seq()?;
                s.tasks.pop();
                self.resolve_recovery(s, unit, shift, roll, ev);
            }
            Task::RallyRoll { hex, rating } => {
                s.tasks.pop();
                self.resolve_rally(s, hex, rating, r.value, ev);
            }
            Task::BlownRoll { unit, modifier } => {
                s.tasks.pop();
                self.resolve_unblow(s, unit, modifier, r.value, ev);
            }
            Task::GunLoss { unit } => {
                s.tasks.pop();
                let lost = self.tables.gun_loss(r.value).min(self.gun_points(s, unit));
                if lost > 0 {
                    s.units[usize::from(unit)].casualties += lost;
                    ev.push(Event::Losses {
                        unit,
                        owner: self.units[usize::from(unit)].side,
                        casualties: lost,
                        stragglers: 0,
                    });
                    if self.gun_points(s, unit) == 0 {
                        let at = s.units[usize::from(unit)].hex();
                        s.units[usize::from(unit)].place = super::state::Place::Gone;
                        ev.push(Event::Eliminated {
                            unit,
                            rule: "27.4".into(),
                        });
                        if let Some(h) = at {
                            self.note_destroyed(s, h); // 26.4d
                        }
                    }
                }
            }
            Task::CloseCombat(cc) => {
                self.resolve_odds(s, cc, r.value, ev);
            }
            Task::StragglerRoll { unit, modifier } => {
                s.tasks.pop();
                let rating = self.morale_rating(unit);
                let n = self.tables.stragglers(rating, r.value as i8 + modifier);
                if n > 0 {
                    self.add_losses(s, unit, 0, n, ev);
                }
            }
            Task::ArrivalRoll { column } => {
                s.tasks.pop();
                self.resolve_arrival_roll(s, column, r.value, ev);
            }
            Task::Stoppage { command, need } => {
                s.tasks.pop();
                self.resolve_stoppage(s, command, need, r.value, ev);
            }
            Task::InitiativeRoll { leader, force, ip } => {
                let roll = seq()?;
                s.tasks.pop();
                self.resolve_initiative(s, leader, force, ip, roll, ev);
            }
            Task::DelayRoll { order } => {
                s.tasks.pop();
                self.resolve_delay(s, order, r.value, ev);
            }
            Task::AcceptanceRoll { order } => {
                let roll = seq()?;
                s.tasks.pop();
                self.resolve_acceptance(s, order, roll, ev);
            }
            Task::Cavalry(c) => self.cavalry_roll(s, c, r.value, ev)?,
            _ => return Err(Illegal::new("engine", "no roll is pending")),
        }
        let _ = DiceSpec::D6;
        Ok(())
    }

    /// A random pick (20.4d: which leader falls).
    pub(super) fn resolve_pick(
        &self,
        s: &mut State,
        i: u8,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match s.tasks.last().cloned() {
            Some(Task::LeaderHit { leaders }) => {
                let Some(&l) = leaders.get(usize::from(i)) else {
                    return Err(Illegal::new("20.4d", "no such leader among those hit"));
                };
                s.tasks.pop();
                self.leader_falls(s, l, ev);
                Ok(())
            }
            _ => Err(Illegal::new("engine", "no random pick is pending")),
        }
    }
}
