//! The engine contract ([`Rules`]) for Prussia's Glory: who acts, the prompt and preview, the
//! legal actions and chance outcomes, apply, reachability and the board view, each handed to
//! the section of the rules that owns it.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::action::Action;
use super::event::Event;
use super::state::{Pending, Phase, Piece, Stage, State};
use super::{INFO, Pg, bot};
use crate::dice::{DiceSpec, Prob, Roll};
use crate::engine::{
    Actor, BoardView, Chance, Illegal, Preview, Prompt, Reached, Rules, Side, SystemInfo,
};
use crate::hex::Hex;

impl Rules for Pg {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn default_bot(&self) -> &'static str {
        "greedy"
    }

    fn info(&self) -> &SystemInfo {
        &INFO
    }

    fn check_state(&self, state: &State) -> Result<(), crate::engine::BadPosition> {
        self.check_position(state)
    }

    fn initial_state(&self) -> State {
        self.initial.clone()
    }

    fn actor(&self, s: &State) -> Actor {
        if let Some(p) = s.pending.last() {
            return self.pending_actor(p);
        }
        match s.phase {
            Phase::Over => Actor::Terminal(self.outcome(s)),
            Phase::ActivationRoll | Phase::GroupRoll(_) | Phase::SpecialRoll(..) => {
                Actor::Chance(Chance::Dice(DiceSpec::D6))
            }
            Phase::DefensiveBombardment => {
                if s.bombard.as_ref().is_some_and(|d| d.rolling) {
                    Actor::Chance(Chance::Dice(DiceSpec::D6))
                } else {
                    Actor::Player(s.active.other())
                }
            }
            Phase::OffensiveBombardment if s.bombard.as_ref().is_some_and(|d| d.rolling) => {
                Actor::Chance(Chance::Dice(DiceSpec::D6))
            }
            Phase::CloseCombat => self.combat_actor(s),
            _ => Actor::Player(s.active),
        }
    }

    fn preview(&self, s: &State) -> Option<Preview> {
        if !matches!(self.actor(s), Actor::Chance(_)) {
            return None;
        }
        match &s.combat {
            Some(c) if c.stage == Stage::Roll && s.pending.is_empty() => {
                Some(self.combat_preview(s, c))
            }
            _ => {
                let p = self.prompt(s);
                Some(Preview {
                    rule: p.rule,
                    title: p.text,
                    facts: Vec::new(),
                })
            }
        }
    }

    fn prompt(&self, s: &State) -> Prompt {
        let (rule, text) = match (s.pending.last(), s.phase) {
            (Some(Pending::Losses(t)), _) => (
                "10.8.1",
                format!(
                    "{}: satisfy {} loss point(s)",
                    INFO.sides[t.side.index()],
                    t.lp
                ),
            ),
            (Some(Pending::Retreat(t)), _) => (
                "10.9",
                format!(
                    "choose the next retreat hex of {}",
                    self.piece_name(Piece::Unit(t.unit))
                ),
            ),
            (Some(Pending::ArtilleryHit { .. }), _) => (
                "10.8.3.1",
                "choose the artillery unit that loses a step".to_string(),
            ),
            (Some(Pending::MoraleCheck { unit }), _) => (
                "9.3",
                format!("morale check of {}", self.piece_name(Piece::Unit(*unit))),
            ),
            (Some(Pending::Rally { unit }), _) => (
                "9.4",
                format!("rally roll of {}", self.piece_name(Piece::Unit(*unit))),
            ),
            (Some(Pending::LeaderCheck { leader }), _) => (
                "10.7",
                format!(
                    "leader loss check of {}",
                    self.piece_name(Piece::Leader(*leader))
                ),
            ),
            (Some(Pending::ForcedDeploy(_)), _) => ("7.6.3", "forced deployment".to_string()),
            (Some(Pending::Cdoa { .. }), _) => ("4.1.3", "Coup d'Oeil activation".to_string()),
            (None, Phase::Activation) => ("4.1.1", "attempt to activate the army?".to_string()),
            (None, Phase::ActivationRoll) => ("4.1.1", "activation roll".to_string()),
            (None, Phase::Command) => (
                "4.4",
                "deploy wings from column, trace command to the army commander, or end".to_string(),
            ),
            (None, Phase::GroupRoll(g)) => (
                "4.5",
                format!(
                    "command roll for group {}",
                    self.pieces.groups[usize::from(g)].id
                ),
            ),
            (None, Phase::SpecialLeader(l)) => (
                "4.5",
                format!(
                    "{}: affect a degraded wing?",
                    self.piece_name(Piece::Leader(u16::from(l)))
                ),
            ),
            (None, Phase::SpecialRoll(l, _)) => (
                "4.5",
                format!(
                    "{} rolls for the wing",
                    self.piece_name(Piece::Leader(u16::from(l)))
                ),
            ),
            (None, Phase::Movement) => (
                "7.3",
                "move counters one hex at a time, or end the phase".to_string(),
            ),
            (None, Phase::OffensiveBombardment) => ("8", "bombard, or end the phase".to_string()),
            (None, Phase::DefensiveBombardment) => {
                ("8.5", "defensive bombardment, or end the phase".to_string())
            }
            (None, Phase::Rally) => ("9.4", "rally units, or end the phase".to_string()),
            (None, Phase::CloseCombat) => (
                self.combat_stage_label(s).unwrap_or("10"),
                "close combat".to_string(),
            ),
            (None, _) => ("3.0", String::new()),
        };
        Prompt {
            rule: rule.into(),
            text,
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        self.actions(s, out);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, Prob)>) {
        if matches!(self.actor(s), Actor::Chance(_)) {
            out.extend(DiceSpec::D6.outcomes().map(|(r, p)| (Action::Roll(r), p)));
        }
    }

    fn chance_action(&self, s: &State, roll: Roll) -> Option<Action> {
        (matches!(self.actor(s), Actor::Chance(Chance::Dice(DiceSpec::D6)))
            && roll.spec == DiceSpec::D6)
            .then_some(Action::Roll(roll))
    }

    fn apply(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Result<(), Illegal> {
        // The hot path: a step of normal movement is judged first, and once it is judged legal
        // nothing that follows can fail, so it is applied in place, without a copy of the state
        // (the Movement Phase with nothing pending is never terminal).
        if let Action::Move { piece, dir, below } = a {
            if s.pending.is_empty() && s.phase == Phase::Movement {
                let Some(step) = self.move_listed(s, *piece, *dir, *below) else {
                    return Err(self.refusal(s, a));
                };
                self.move_piece(s, *piece, *dir, *below, step, ev);
                self.settle(s, ev);
                return Ok(());
            }
        }
        *s = self.next_state(s, a, ev)?;
        Ok(())
    }

    fn applied(&self, s: &State, a: &Action) -> Result<(State, Vec<Event>), Illegal> {
        let mut ev = Vec::new();
        let next = self.next_state(s, a, &mut ev)?;
        Ok((next, ev))
    }

    fn observation(&self, s: &State, _side: Side) -> State {
        // Prussia's Glory hides nothing in the rules of the text (Limited Intelligence is an
        // advanced rule of the missing sections).
        s.clone()
    }

    fn reachable(&self, s: &State, unit: &str) -> Result<Vec<Reached>, Illegal> {
        self.reach(s, self.piece_named(unit)?)
    }

    fn path_actions(&self, s: &State, unit: &str, to: Hex) -> Result<Vec<Action>, Illegal> {
        let piece = self.piece_named(unit)?;
        let reached = self.reach(s, piece)?;
        let r = reached.iter().find(|r| r.hex == to).ok_or_else(|| {
            Illegal::new(
                "7.3",
                format!("{unit} cannot reach {} this phase", self.hex_label(to)),
            )
        })?;
        Ok(r.path
            .windows(2)
            .filter_map(|w| {
                w[0].direction_to(w[1]).map(|dir| Action::Move {
                    piece,
                    dir,
                    below: false,
                })
            })
            .collect())
    }

    fn hex_label(&self, hex: Hex) -> String {
        self.board.label(hex)
    }

    fn parse_hex(&self, label: &str) -> Option<Hex> {
        self.board
            .grid
            .parse(label)
            .ok()
            .filter(|h| self.board.on_map(*h))
    }

    fn rules_id(&self) -> String {
        format!("pg/{}", self.scenario.trim_start_matches("pg/"))
    }

    fn describe_event(&self, e: &Event) -> String {
        self.describe(e)
    }

    fn board(&self, s: &State) -> Option<BoardView> {
        Some(BoardView::new(&self.map_view, self.piece_views(s)))
    }

    fn bot(&self, name: &str) -> Option<Box<dyn crate::engine::Bot<Self>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn crate::engine::Bot<Self>>)
    }
}
