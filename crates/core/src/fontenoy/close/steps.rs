//! The close combat steps as the engine sees them: who decides, the legal actions, applying
//! a decision (refused with the rule that forbids it), the dice and the prompts.

use alloc::format;
use alloc::vec::Vec;

use super::CloseStep;
use crate::engine::{Illegal, Side};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::event::Event;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{InfernalChoice, State};

impl Fontenoy {
    /// Who decides at a close combat step.
    pub(crate) fn close_step_player(&self, s: &State, step: &CloseStep) -> Side {
        let active = Self::active_side(s);
        match *step {
            CloseStep::DefenderReaction
            | CloseStep::Countercharge
            | CloseStep::Commit
            | CloseStep::Retreat
            | CloseStep::DefensiveFire
            | CloseStep::ReactionOrder { .. }
            | CloseStep::CavalryReaction { .. } => active.other(),
            CloseStep::Bonus { side }
            | CloseStep::Advance { side }
            | CloseStep::AdvanceFacing { side, .. }
            | CloseStep::Pursue { side }
            | CloseStep::FreeMove { side }
            | CloseStep::PursuitOrder { side }
            | CloseStep::ChoosePursuit { side } => side,
            CloseStep::ColumnStand { attacker, .. } => {
                if attacker {
                    active
                } else {
                    active.other()
                }
            }
            CloseStep::SpecialTie { attacker, .. } => {
                self.special_tie_side(s, attacker).unwrap_or(active)
            }
            _ => active,
        }
    }

    /// Whether a close combat step is a roll.
    pub(crate) fn close_step_is_dice(step: &CloseStep) -> bool {
        matches!(step, CloseStep::Dice | CloseStep::PursuitDice { .. })
    }

    /// A close combat die (13.11, 16.2a).
    pub(crate) fn close_roll(&self, s: &mut State, step: CloseStep, v: u8, ev: &mut Vec<Event>) {
        match step {
            CloseStep::Dice => self.combat_die(s, v, ev),
            CloseStep::PursuitDice { special, reroll } => {
                self.pursuit_die(s, special, reroll, v, ev)
            }
            _ => {}
        }
    }

    /// The legal actions of a close combat decision.
    pub(crate) fn close_step_actions(&self, s: &State, step: &CloseStep, out: &mut Vec<Action>) {
        match *step {
            CloseStep::ChargeMove => self.charge_actions(s, out),
            CloseStep::DefenderReaction => {
                self.defender_reaction_actions(s, out);
                out.push(Action::Pass);
            }
            CloseStep::Countercharge => {
                self.countercharge_actions(s, out);
                out.push(Action::Pass);
            }
            CloseStep::ChooseCombat => {
                if let Some(c) = self.close_segment(s) {
                    for cb in &c.combats {
                        if let Some(&u) = cb.attackers.first().and_then(|g| g.units.first()) {
                            out.push(Action::Resolve { unit: u });
                        }
                    }
                }
            }
            CloseStep::Commit => {
                self.commit_actions(s, out);
                out.push(Action::Pass);
            }
            CloseStep::DefensiveFire => {
                for (unit, target) in self.df_options(s) {
                    out.push(Action::DefensiveFire { unit, target });
                }
                out.push(Action::Pass);
            }
            CloseStep::Retreat => {
                if let Some(u) = self.retreat_candidate(s) {
                    out.push(Action::RetreatBefore { unit: u });
                }
                out.push(Action::Pass);
            }
            CloseStep::Bonus { .. } => {
                for c in self.bonus_candidates(s) {
                    out.push(Action::Bonus { commander: c });
                }
                out.push(Action::Pass);
            }
            CloseStep::Advance { .. } => self.advance_actions(s, out),
            CloseStep::AdvanceFacing { unit, .. } => {
                self.advance_facing_actions(s, unit, out);
                out.push(Action::Pass);
            }
            CloseStep::Pursue { .. } => self.pursue_actions(s, out),
            CloseStep::FreeMove { .. } => self.free_actions(s, out),
            CloseStep::PursuitOrder { .. } => {
                self.pursuit_order_actions(s, out);
                out.push(Action::Pass);
            }
            CloseStep::ChoosePursuit { .. } => {
                for unit in self.pursuit_order_options(s) {
                    out.push(Action::Pursue { unit });
                }
            }
            CloseStep::CavalryReaction { mover } => {
                self.cavalry_reaction_actions(s, mover, out);
                out.push(Action::Pass);
            }
            CloseStep::ColumnStand { .. } => {
                out.push(Action::Infernal(InfernalChoice::Stand));
                out.push(Action::Pass);
            }
            CloseStep::SpecialTie { at, len, .. } => {
                for unit in self.special_tie_options(s, at, len) {
                    out.push(Action::CheckFirst { unit });
                }
            }
            CloseStep::ReactionOrder { .. } => {
                out.push(Action::ReactionOrder {
                    cavalry_first: false,
                });
                out.push(Action::ReactionOrder {
                    cavalry_first: true,
                });
            }
            CloseStep::Resume(_) | CloseStep::Dice | CloseStep::PursuitDice { .. } => {}
        }
    }

    /// Applies a close combat decision (the step is already popped).
    pub(crate) fn apply_close_step(
        &self,
        s: &mut State,
        step: CloseStep,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.close_step_actions(s, &step, &mut legal);
        if !legal.contains(a) {
            return Err(self.close_refusal(s, step, a));
        }
        match (step, a) {
            (CloseStep::ChargeMove, Action::ChargeStep { to, .. }) => self.charge_step(s, *to, ev),
            (CloseStep::ChargeMove, Action::EndCharge { .. }) => self.end_charge(s, ev),
            (CloseStep::ChargeMove, Action::Shrink { from, .. }) => {
                self.charge_shrink(s, *from, ev)
            }
            (
                CloseStep::DefenderReaction,
                Action::React {
                    unit,
                    facing,
                    square,
                    formation,
                },
            ) => {
                self.react(s, *unit, *facing, *square, *formation, ev);
            }
            (CloseStep::DefenderReaction, Action::Pass) => {}
            (CloseStep::Countercharge, Action::Countercharge { unit }) => {
                self.countercharge(s, *unit, ev);
            }
            (CloseStep::Countercharge, Action::Pass) => self.charge_go_on(s, ev),
            (CloseStep::ChooseCombat, Action::Resolve { unit }) => {
                let i = self
                    .close_segment(s)
                    .and_then(|c| {
                        c.combats.iter().position(|cb| {
                            cb.attackers.first().and_then(|g| g.units.first()) == Some(unit)
                        })
                    })
                    .unwrap_or(0);
                self.start_close_combat(s, i, ev);
            }
            (CloseStep::Commit, Action::Commit { unit }) => self.commit(s, *unit, ev),
            (CloseStep::Commit, Action::Pass) => {
                if let Some(c) = self.current_mut(s) {
                    c.commit_done = true;
                }
                self.ask_retreat(s, ev);
            }
            (CloseStep::DefensiveFire, Action::DefensiveFire { unit, target }) => {
                self.df_choose(s, *unit, *target, ev);
            }
            (CloseStep::DefensiveFire, Action::Pass) => self.df_pass(s, ev),
            (CloseStep::Retreat, Action::RetreatBefore { unit }) => {
                self.retreat_before(s, *unit, ev)
            }
            (CloseStep::Retreat, Action::Pass) => {
                if let Some(c) = self.current_mut(s) {
                    c.asked = c.asked.saturating_add(1);
                }
                self.ask_retreat(s, ev);
            }
            (CloseStep::Bonus { .. }, Action::Bonus { commander }) => {
                self.set_bonus(s, Some(*commander), ev);
            }
            (CloseStep::Bonus { .. }, Action::Pass) => self.set_bonus(s, None, ev),
            (CloseStep::Advance { side }, Action::Advance { unit, to, alone }) => {
                self.advance_after_combat(s, side, *unit, *to, *alone, ev);
            }
            (CloseStep::Advance { .. }, Action::EndAdvance) => self.advances_done(s, ev),
            (CloseStep::AdvanceFacing { side, unit }, Action::Face { facing, .. }) => {
                self.advance_face(s, unit, *facing, ev);
                self.advance_go_on(s, side, ev);
            }
            (CloseStep::AdvanceFacing { side, .. }, Action::Pass) => {
                self.advance_go_on(s, side, ev)
            }
            (CloseStep::Pursue { .. }, Action::Pursue { .. }) => self.pursue_step(s, ev),
            (CloseStep::ChoosePursuit { .. }, Action::Pursue { unit }) => {
                self.choose_pursuit(s, *unit, ev)
            }
            (CloseStep::Pursue { .. }, Action::Recall { .. }) => self.recall(s, ev),
            (CloseStep::FreeMove { .. }, Action::Step { to, .. }) => self.free_step(s, *to, ev),
            (CloseStep::FreeMove { .. }, Action::Face { facing, .. }) => {
                self.free_turn(s, *facing, ev)
            }
            (CloseStep::FreeMove { .. }, Action::EndMove { .. }) => self.free_end(s, ev),
            (CloseStep::PursuitOrder { .. }, Action::Reorder { unit, .. }) => {
                self.pursuit_reorder(s, *unit, ev)
            }
            (CloseStep::PursuitOrder { .. }, Action::Pass) => self.complete_pursuit(s, ev),
            (CloseStep::CavalryReaction { mover }, Action::CavalryReact { unit, split }) => {
                self.cavalry_react(s, *unit, mover, *split, ev);
            }
            (CloseStep::CavalryReaction { .. }, Action::Pass) => {}
            (
                CloseStep::ColumnStand { attacker, dice },
                Action::Infernal(InfernalChoice::Stand),
            ) => self.column_stand(s, attacker, dice, ev),
            (CloseStep::ColumnStand { dice, .. }, Action::Pass) => self.column_falls(s, dice, ev),
            (CloseStep::SpecialTie { at, len, .. }, Action::CheckFirst { unit }) => {
                self.special_tie_first(s, at, len, *unit, ev)
            }
            (CloseStep::ReactionOrder { mover }, Action::ReactionOrder { cavalry_first }) => {
                self.reaction_order(s, mover, *cavalry_first, ev)
            }
            _ => return Err(self.close_refusal(s, step, a)),
        }
        Ok(())
    }

    /// Why `a` is not a decision at `step`, naming the rule.
    pub(crate) fn close_refusal(&self, s: &State, step: CloseStep, a: &Action) -> Illegal {
        let o = Occupancy::build(self, s);
        match (step, a) {
            (CloseStep::ChargeMove, Action::ChargeStep { to, .. }) => {
                self.charge_step_refusal(s, &o, *to)
            }
            (CloseStep::ChargeMove, Action::Shrink { from, .. }) => Illegal::new(
                "13.3c",
                format!(
                    "the charging Line may not give up {} now: only a multi-hex Line, by an end hex, one hex for each hex of its charge, and not in an enemy ZOC",
                    self.label(*from)
                ),
            ),
            (CloseStep::DefenderReaction, Action::React { unit, .. }) => Illegal::new(
                "13.4a",
                format!(
                    "{} may not react now: it must be within the charge's reach, not Routed, Disordered or in an enemy ZOC, not have reacted this segment, and the change must need no movement (13.4c)",
                    self.unit_name(*unit)
                ),
            ),
            (CloseStep::Countercharge, Action::Countercharge { unit }) => Illegal::new(
                "13.5b",
                format!(
                    "{} may not countercharge: it must be cavalry in Line or Attack Column, not Shaken, Routed or Disordered, outside enemy ZOCs, with the charger two hexes ahead and a free hex to meet it",
                    self.unit_name(*unit)
                ),
            ),
            (CloseStep::Commit, Action::Commit { unit }) => Illegal::new(
                "13.8a",
                format!(
                    "{} may not be committed: it must be passive cavalry in Line or Attack Column, not Shaken, not attacked, in no activated enemy's ZOC, with an attacker in its ZOC",
                    self.unit_name(*unit)
                ),
            ),
            (CloseStep::DefensiveFire, Action::DefensiveFire { unit, .. }) => Illegal::new(
                "13.10a",
                format!(
                    "{} may not make this Defensive Fire: it must be a passive unit able to fire that has not fired or reacted this segment, firing at its own attackers or, outside the combat, at an attacker in its ZOC",
                    self.unit_name(*unit)
                ),
            ),
            (CloseStep::Retreat, Action::RetreatBefore { unit }) => Illegal::new(
                "13.9a",
                format!(
                    "{} may not Retreat Before Close Combat from these attackers (20.1)",
                    self.unit_name(*unit)
                ),
            ),
            (CloseStep::Advance { .. }, Action::EndAdvance) => Illegal::new(
                "15.1c",
                "at least one unit must advance into a vacated Frontal hex, the one that took the Morale Check first",
            ),
            (CloseStep::AdvanceFacing { unit, .. }, a) => Illegal::new(
                "15.1g",
                format!(
                    "{a:?}: {} may only turn to another facing its formation allows, or keep its facing",
                    self.unit_name(unit)
                ),
            ),
            (CloseStep::Advance { .. }, Action::Advance { unit, to, alone }) => Illegal::new(
                "15.1a",
                format!(
                    "{} may not advance {}into {}: a vacated Frontal hex not yet entered, within the stacking limit, the unit that took the Morale Check first (15.1c), alone only from a group of two or more (15.1d, 15.1e)",
                    self.unit_name(*unit),
                    if *alone { "alone " } else { "" },
                    self.label(*to)
                ),
            ),
            (CloseStep::FreeMove { .. }, Action::Step { to, .. }) => Illegal::new(
                "16.2b",
                format!(
                    "the pursuing cavalry may not move freely into {}: Free Movement enters a Frontal hex it has the PP for (SCM cost), not held by a friendly unit nor forbidden to cavalry, and leaves no hex with an enemy in a Frontal hex",
                    self.label(*to)
                ),
            ),
            (CloseStep::FreeMove { .. }, Action::Face { facing, .. }) => Illegal::new(
                "16.2b",
                format!(
                    "the pursuing cavalry may not turn to facing {facing}: Free Movement allows at most 2 facing changes, 1 PP each, to a facing its formation takes"
                ),
            ),
            (CloseStep::FreeMove { .. }, Action::EndMove { .. }) => Illegal::new(
                "F-8.3d",
                "after Recall Fails the cavalry must spend its Pursuit Points while it can",
            ),
            (CloseStep::PursuitOrder { .. }, Action::Reorder { unit, .. }) => Illegal::new(
                "10.6g",
                format!(
                    "{} is not a pursuing unit that may still be put on top of its group",
                    self.unit_name(*unit)
                ),
            ),
            (CloseStep::CavalryReaction { mover }, Action::CavalryReact { unit, split })
                if self.cavalry_reactors(s, mover).iter().any(|r| r.0 == *unit) =>
            {
                let why = match (self.split_options(s, mover), split) {
                    (None, _) => format!(
                        "{} has not split from a group: no choice of group to attack",
                        self.unit_name(mover)
                    ),
                    (Some(_), None) => format!(
                        "{} splits from its group: attack the original group or the split one",
                        self.unit_name(mover)
                    ),
                    (Some(_), Some(_)) => format!(
                        "every Cavalry Reaction to this move of {} attacks as the first chose",
                        self.unit_name(mover)
                    ),
                };
                Illegal::new("17.2d", why)
            }
            (CloseStep::ReactionOrder { mover }, a) => Illegal::new(
                "17.0",
                format!(
                    "{a:?}: {} set off both a Fire and a Cavalry Reaction; choose which comes first (ReactionOrder)",
                    self.unit_name(mover)
                ),
            ),
            (CloseStep::SpecialTie { at, len, .. }, a) => Illegal::new(
                "14.8b",
                format!(
                    "{a:?}: name the top unit of one of the groups tied on ER ({}) to take its Morale Check (G) next",
                    self.special_tie_options(s, at, len)
                        .iter()
                        .map(|&u| self.unit_name(u))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            (step, a) => Illegal::new(
                "13.0",
                format!("{a:?} is not a decision at this point of the close combat ({step:?})"),
            ),
        }
    }

    /// The prompt of a close combat step.
    pub(crate) fn close_prompt(
        &self,
        s: &State,
        step: &CloseStep,
    ) -> (&'static str, alloc::string::String) {
        let who = |side: Side| Self::side_name(side);
        let active = Self::active_side(s);
        match *step {
            CloseStep::Resume(_) => ("13.0", "close combat continues".into()),
            CloseStep::ChargeMove => (
                "13.3",
                format!(
                    "{}: move the charging cavalry one hex or end its charge",
                    who(active)
                ),
            ),
            CloseStep::DefenderReaction => (
                "13.4",
                format!(
                    "{}: Defender's Reactions before the charge's next hex",
                    who(active.other())
                ),
            ),
            CloseStep::Countercharge => (
                "13.5",
                format!(
                    "{}: countercharge the charging cavalry?",
                    who(active.other())
                ),
            ),
            CloseStep::ChooseCombat => (
                "13.0",
                format!("{}: choose the next close combat", who(active)),
            ),
            CloseStep::Commit => (
                "13.8",
                format!(
                    "{}: commit defending cavalry to this combat?",
                    who(active.other())
                ),
            ),
            CloseStep::DefensiveFire => (
                "13.10",
                format!(
                    "{}: Defensive Fire: choose the attacking group each hex fires at, then pass",
                    who(active.other())
                ),
            ),
            CloseStep::Retreat => (
                "13.9",
                format!("{}: Retreat Before Close Combat?", who(active.other())),
            ),
            CloseStep::Bonus { side } => (
                "21.2b",
                format!("{}: use a commander's Combat Bonus?", who(side)),
            ),
            CloseStep::Dice => (
                "13.11",
                "roll the close combat dice (attacker, then defender)".into(),
            ),
            CloseStep::ColumnStand { attacker, .. } => (
                "F-7.1d",
                format!(
                    "{}: the Infernal Column may turn its Rout into an M for 1 SP more",
                    who(if attacker { active } else { active.other() })
                ),
            ),
            CloseStep::Advance { side } => ("15.1", format!("{}: Advance After Combat", who(side))),
            CloseStep::AdvanceFacing { side, unit } => (
                "15.1g",
                format!(
                    "{}: turn {} to a new facing after its advance, or keep it",
                    who(side),
                    self.unit_name(unit)
                ),
            ),
            CloseStep::PursuitDice { special: true, .. } => {
                ("F-8.4", "roll on the Special Pursuit Results".into())
            }
            CloseStep::PursuitDice { .. } => ("16.2a", "roll the Pursuit Points".into()),
            CloseStep::ChoosePursuit { side } => (
                "16.1c",
                format!("{}: choose the cavalry group that pursues next", who(side)),
            ),
            CloseStep::Pursue { side } => (
                "16.2b",
                format!("{}: pursue, or try to recall the cavalry", who(side)),
            ),
            CloseStep::SpecialTie { attacker, .. } => (
                "14.8b",
                format!(
                    "{}: choose which of your groups tied on ER takes its Morale Check (G) next",
                    who(self.special_tie_side(s, attacker).unwrap_or(active))
                ),
            ),
            CloseStep::ReactionOrder { mover } => (
                "17.0",
                format!(
                    "{}: {} set off a Fire Reaction and a Cavalry Reaction: which comes first?",
                    who(active.other()),
                    self.unit_name(mover)
                ),
            ),
            CloseStep::FreeMove { side } => (
                "16.2b",
                format!(
                    "{}: Free Movement: move the pursuing cavalry, turn it, or end it",
                    who(side)
                ),
            ),
            CloseStep::PursuitOrder { side } => (
                "10.6g",
                format!(
                    "{}: put a pursuing unit on top of its group, or pass",
                    who(side)
                ),
            ),
            CloseStep::CavalryReaction { mover } => (
                "17.0",
                format!(
                    "{}: Cavalry Reaction to {}?",
                    who(active.other()),
                    self.unit_name(mover)
                ),
            ),
        }
    }
}
