//! The phase dispatcher (3.0): the legal actions, the refusals and the state after an action,
//! handed to the section of the rules that owns the current phase or pending decision; and
//! `settle`, which resolves what has one possible outcome before the next decision.

use alloc::format;
use alloc::vec::Vec;

use super::action::Action;
use super::event::Event;
use super::state::{Morale, Off, Pending, Phase, Piece, Stage, State};
use super::{Pg, d6, movement};
use crate::engine::{Actor, Illegal, Rules};

impl Pg {
    /// The legal actions as [`Rules::legal_actions`] lists them, with every step of the
    /// Movement Phase judged afresh instead of read from the verdicts kept between listings
    /// (see [`listing`]): what the tests compare the kept verdicts against.
    #[doc(hidden)]
    pub fn legal_actions_uncached(&self, s: &State, out: &mut Vec<Action>) {
        if s.pending.is_empty() && s.phase == Phase::Movement {
            self.movement_actions_fresh(s, out);
        } else {
            self.actions(s, out);
        }
    }

    /// Resolves everything that has one possible outcome and moves the phase on when nothing
    /// is pending (DESIGN: mandatory steps happen inside `apply`).
    /// The state after `a` (with its events appended to `ev`), or why `a` is refused; `s` is
    /// never touched, so `apply` and `applied` share one copy of the state.
    pub(super) fn next_state(
        &self,
        s: &State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<State, Illegal> {
        if let Actor::Terminal(_) = self.actor(s) {
            return Err(Illegal::new("3.0", "the game is over"));
        }
        // The hot path: a step is judged once, without listing every legal action, and the
        // verdict is applied as it is.
        let mut step = None;
        let listed = match a {
            Action::Move { piece, dir, below }
                if s.pending.is_empty() && s.phase == Phase::Movement =>
            {
                step = self.move_listed(s, *piece, *dir, *below);
                step.is_some()
            }
            _ if s.pending.is_empty() && s.phase == Phase::Movement => self.movement_listed(s, a),
            _ => {
                let mut legal = Vec::new();
                self.actions(s, &mut legal);
                legal.contains(a)
            }
        };
        if !listed {
            return Err(self.refusal(s, a));
        }
        let mut next = s.clone();
        let start = ev.len();
        let r = if !next.pending.is_empty() {
            self.apply_pending(&mut next, a, ev)
        } else {
            match next.phase {
                Phase::Activation
                | Phase::ActivationRoll
                | Phase::Command
                | Phase::GroupRoll(_)
                | Phase::SpecialLeader(_)
                | Phase::SpecialRoll(..) => self.apply_command(&mut next, a, ev),
                Phase::Movement => match (a, step) {
                    (Action::Move { piece, dir, below }, Some(step)) => {
                        self.move_piece(&mut next, *piece, *dir, *below, step, ev);
                        Ok(())
                    }
                    _ => self.apply_movement(&mut next, a, ev),
                },
                Phase::OffensiveBombardment | Phase::DefensiveBombardment => {
                    self.apply_bombard(&mut next, a, ev)
                }
                Phase::Rally => self.apply_rally(&mut next, a, ev),
                Phase::CloseCombat => self.apply_combat(&mut next, a, ev),
                Phase::RoutedMovement | Phase::ArmyMorale | Phase::Over => {
                    Err(Illegal::new("3.0", "no decision is due"))
                }
            }
        };
        if let Err(e) = r {
            ev.truncate(start);
            return Err(e);
        }
        self.settle(&mut next, ev);
        Ok(next)
    }

    pub(super) fn settle(&self, s: &mut State, ev: &mut Vec<Event>) {
        let mut buf = Vec::new();
        for _ in 0..10_000 {
            if let Some(top) = s.pending.last().cloned() {
                let forced = matches!(
                    top,
                    Pending::Losses(_) | Pending::Retreat(_) | Pending::ArtilleryHit { .. }
                );
                buf.clear();
                self.pending_actions(s, &top, &mut buf);
                if let Pending::Retreat(t) = &top {
                    if buf.is_empty() {
                        // 10.9: a unit that must retreat and cannot is captured (capture
                        // ignores a unit already off the map).
                        s.pending.pop();
                        let rule = if t.routed_movement { "7.1" } else { "10.9" };
                        self.capture(s, t.unit, rule, ev);
                        continue;
                    }
                }
                if let Pending::Losses(t) = &top {
                    if buf.is_empty() {
                        // Satisfied, or nobody left to satisfy it: the "r" and "*" of 10.8.3.
                        s.pending.pop();
                        self.continue_losses(s, t.clone(), ev);
                        continue;
                    }
                }
                if matches!(top, Pending::ArtilleryHit { .. }) && buf.is_empty() {
                    s.pending.pop();
                    continue;
                }
                if forced && buf.len() == 1 {
                    let a = buf[0].clone();
                    if self.apply_pending(s, &a, ev).is_err() {
                        s.pending.pop();
                    }
                    continue;
                }
                return;
            }
            match s.phase {
                Phase::RoutedMovement => self.begin_normal_movement(s, ev),
                Phase::ArmyMorale => self.end_turn(s, ev),
                Phase::CloseCombat => {
                    let Some(c) = s.combat.as_ref() else { return };
                    match c.stage {
                        Stage::LeaderChecks | Stage::DefenderLosses | Stage::AttackerLosses => {
                            self.combat_progress(s, ev)
                        }
                        Stage::LeadAttacker | Stage::LeadDefender | Stage::Terrain => {
                            buf.clear();
                            self.combat_actions(s, &mut buf);
                            if buf.len() != 1 {
                                return;
                            }
                            let a = buf[0].clone();
                            if self.apply_combat(s, &a, ev).is_err() {
                                return;
                            }
                        }
                        _ => return,
                    }
                }
                _ => return,
            }
        }
    }

    pub(super) fn actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(top) = s.pending.last() {
            self.pending_actions(s, top, out);
            return;
        }
        match s.phase {
            Phase::Activation | Phase::Command | Phase::SpecialLeader(_) => {
                self.command_actions(s, out)
            }
            Phase::ActivationRoll | Phase::GroupRoll(_) | Phase::SpecialRoll(..) => d6(out),
            Phase::Movement => self.movement_actions(s, out),
            Phase::OffensiveBombardment | Phase::DefensiveBombardment => {
                if s.bombard.as_ref().is_some_and(|d| d.rolling) {
                    d6(out);
                } else {
                    self.bombard_actions(s, out);
                }
            }
            Phase::Rally => self.rally_actions(s, out),
            Phase::CloseCombat => self.combat_actions(s, out),
            Phase::RoutedMovement | Phase::ArmyMorale | Phase::Over => {}
        }
    }

    /// Why an action that is not listed is illegal, with the most specific rule we can name.
    pub(super) fn refusal(&self, s: &State, a: &Action) -> Illegal {
        if let Some(e) = self
            .command_refusal(s, a)
            .or_else(|| self.bombard_refusal(s, a))
            .or_else(|| self.loss_refusal(s, a))
        {
            return e;
        }
        if let Action::Move { piece, dir, .. } = a {
            if s.phase == Phase::Movement && s.pending.is_empty() {
                let valid = match piece {
                    Piece::Unit(u) => usize::from(*u) < s.units.len(),
                    Piece::Leader(l) => usize::from(*l) < s.leaders.len(),
                };
                if !valid {
                    let (what, n, count) = match piece {
                        Piece::Unit(u) => ("unit", *u, s.units.len()),
                        Piece::Leader(l) => ("leader", *l, s.leaders.len()),
                    };
                    return Illegal::new(
                        "engine",
                        format!(
                            "no {what} {n} in this scenario ({what}s are numbered 0 to {})",
                            count.saturating_sub(1)
                        ),
                    );
                }
                if self.piece_side(*piece) != s.active {
                    return Illegal::new("7.3", "only the Active player's counters move");
                }
                if let Piece::Unit(u) = piece {
                    let x = &s.units[usize::from(*u)];
                    if x.off != Off::No {
                        return Illegal::new("7.3", "the unit is not on the map");
                    }
                    if x.morale == Morale::Routed {
                        return Illegal::new(
                            "7.3",
                            "routed units move only in the Routed Movement Segment (7.1)",
                        );
                    }
                    if x.done || (x.moved && s.mover != Some(*piece)) {
                        return Illegal::new(
                            "7.3",
                            "that unit has finished its movement this phase",
                        );
                    }
                }
                let occ = self.occupancy_near(s, self.piece_hex(s, *piece));
                if let Err((rule, why)) = self.check_step(s, &occ, *piece, *dir) {
                    return Illegal::new(rule, why);
                }
            }
            return Illegal::new("7", "no counter may move now");
        }
        let rule = if let Some(p) = s.pending.last() {
            match p {
                Pending::Losses(_) => "10.8.1",
                Pending::ArtilleryHit { .. } => "10.8.3.1",
                Pending::Retreat(_) => "10.9",
                Pending::MoraleCheck { .. } => "9.3",
                Pending::Rally { .. } => "9.4",
                Pending::LeaderCheck { .. } => "10.7",
                Pending::ForcedDeploy(_) => "7.6.3",
                Pending::Cdoa { .. } => "4.1.3",
            }
        } else {
            match s.phase {
                Phase::Activation | Phase::ActivationRoll => "4.1.1",
                Phase::Command => "4.4",
                Phase::GroupRoll(_) | Phase::SpecialLeader(_) | Phase::SpecialRoll(..) => "4.5",
                Phase::RoutedMovement => "7.1",
                Phase::Movement => "7.3",
                Phase::OffensiveBombardment => "8",
                Phase::DefensiveBombardment => "8.5",
                Phase::Rally => "9.4",
                Phase::CloseCombat => self.combat_stage_label(s).unwrap_or("10"),
                Phase::ArmyMorale => "13",
                Phase::Over => "3.0",
            }
        };
        let shown = serde_json::to_string(a).unwrap_or_else(|_| format!("{a:?}"));
        let asked = self.prompt(s).text;
        if asked.is_empty() {
            Illegal::new(rule, format!("{shown} is not a legal decision now"))
        } else {
            Illegal::new(
                rule,
                format!("{shown} is not a legal decision now (the step asks: {asked})"),
            )
        }
    }

    /// Whether `Move { piece, dir, below }` is among the legal actions (same answer as
    /// listing them, without the listing), with the step's verdict when it is.
    pub(super) fn move_listed(
        &self,
        s: &State,
        p: Piece,
        d: crate::hex::Direction,
        below: bool,
    ) -> Option<movement::StepVerdict> {
        let valid = match p {
            Piece::Unit(u) => {
                usize::from(u) < s.units.len()
                    && (s.mover == Some(p) || !s.units[usize::from(u)].moved)
            }
            Piece::Leader(l) => {
                usize::from(l) < s.leaders.len()
                    && (s.mover == Some(p) || !s.leaders[usize::from(l)].moved)
            }
        };
        if !valid || !(s.mover == Some(p) || self.piece_may_start(s, p)) {
            return None;
        }
        self.with_kept_occ(s, |kept| {
            // Only the hexes around the counter (and around the counter still moving) matter;
            // the listing's index, when it holds this position, answers for every hex.
            if let Some(m) = s.mover.filter(|&m| m != p) {
                let near_mover = self.occ_near(s, kept, self.piece_hex(s, m));
                if self.mover_must_move_on(s, &near_mover) {
                    return None;
                }
            }
            let occ = self.occ_near(s, kept, self.piece_hex(s, p));
            let start = self.step_start(s, &occ, p);
            let step = self.check_step_from(s, &occ, &start, d).ok()?;
            (!below
                || (matches!(p, Piece::Unit(_))
                    && occ.has_units(self, s.active, start.from.neighbor(d))))
            .then_some(step)
        })
    }
}
