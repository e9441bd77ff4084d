//! `impl engine::Rules for Fontenoy`: who acts, what may be done, and applying it, handed to
//! the section that owns the pending step or the segment under way.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::action::Action;
use super::event::Event;
use super::state::{Phase, State, Step};
use super::{Fontenoy, INFO, fhex};
use crate::dice::{DiceSpec, Prob, Roll};
use crate::engine::{Actor, Chance, Illegal, Outcome, Reached, Rules, Side, SystemInfo};
use crate::hex::Hex;

impl Fontenoy {
    /// The dice of a chance step, if it is one.
    fn step_dice(step: &Step) -> Option<DiceSpec> {
        match step {
            Step::InitiativeDice { .. }
            | Step::RallyDice { .. }
            | Step::WingInitiative { .. }
            | Step::CommanderInitiative { .. } => Some(DiceSpec::D10),
            Step::UnitInitiative { .. } | Step::Check(_) => Some(DiceSpec::D100),
            Step::Close(c) if Self::close_step_is_dice(c) => Some(DiceSpec::D10),
            _ => None,
        }
    }

    /// Who decides at a decision step.
    fn step_player(&self, s: &State, step: &Step) -> Side {
        match *step {
            Step::InitiativeChoice { winner, .. } => winner,
            Step::Close(ref c) => self.close_step_player(s, c),
            Step::ChooseDivision { side } => side,
            Step::WingDivisions { wing, .. } => self.org.wings[usize::from(wing)].side,
            Step::Deploy { index } => self
                .scenario_rules
                .deployments
                .get(usize::from(index))
                .map_or(Side(0), |d| self.units[usize::from(d.unit)].side),
            _ => s.activation.as_ref().map_or(Side(0), |a| a.side),
        }
    }

    fn apply_roll(&self, s: &mut State, step: Step, roll: Roll, ev: &mut Vec<Event>) {
        let v = roll.value;
        match step {
            Step::InitiativeDice { french: None } => {
                s.steps.push(Step::InitiativeDice { french: Some(v) });
            }
            Step::InitiativeDice { french: Some(f) } => self.initiative_dice(s, [f, v], ev),
            Step::RallyDice { french: None } => s.steps.push(Step::RallyDice { french: Some(v) }),
            Step::RallyDice { french: Some(f) } => self.rally_dice(s, [f, v], ev),
            Step::WingInitiative { wing } => self.wing_initiative(s, wing, v, ev),
            Step::CommanderInitiative { commander } => {
                self.commander_initiative(s, commander, v, ev);
            }
            Step::UnitInitiative { unit } => self.unit_initiative(s, unit, v, ev),
            Step::Check(req) => self.resolve_check(s, req, v, ev),
            Step::Close(c) => self.close_roll(s, c, v, ev),
            _ => {}
        }
    }

    fn dispatch(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Result<(), Illegal> {
        self.dispatch_one(s, a, ev)?;
        // Close combat continuations waiting under resolved checks run now (close/mod.rs).
        self.run_resumes(s, ev);
        Ok(())
    }

    fn dispatch_one(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Result<(), Illegal> {
        if s.phase == Phase::Over {
            return Err(Illegal::new("engine", "the game is over"));
        }
        if let Some(step) = s.steps.last().copied() {
            if let Some(spec) = Self::step_dice(&step) {
                return match a {
                    Action::Roll(r) if r.spec == spec => {
                        s.steps.pop();
                        self.apply_roll(s, step, *r, ev);
                        Ok(())
                    }
                    _ => Err(Illegal::new(
                        "engine",
                        format!("{a:?} is not a result of the pending {} roll", spec.name()),
                    )),
                };
            }
            s.steps.pop();
            return self.apply_step(s, step, a, ev);
        }
        match s.phase {
            Phase::Activation => self.apply_activation(s, a, ev),
            _ => Err(Illegal::new(
                "engine",
                format!("{a:?} is not a decision at this point"),
            )),
        }
    }
}

impl Rules for Fontenoy {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn info(&self) -> &SystemInfo {
        &INFO
    }

    fn initial_state(&self) -> State {
        self.initial().clone()
    }

    fn actor(&self, s: &State) -> Actor {
        if s.phase == Phase::Over {
            return Actor::Terminal(Outcome {
                winner: None,
                level: String::from("the scenario's last turn has been played"),
                points: [0, 0],
                rule: "F-10.0".into(),
            });
        }
        if let Some(step) = s.steps.last() {
            if let Some(spec) = Self::step_dice(step) {
                return Actor::Chance(Chance::Dice(spec));
            }
            return Actor::Player(self.step_player(s, step));
        }
        Actor::Player(s.activation.as_ref().map_or(Side(0), |a| a.side))
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        if s.phase == Phase::Over {
            return;
        }
        if let Some(step) = s.steps.last() {
            if let Some(spec) = Self::step_dice(step) {
                out.extend(spec.outcomes().map(|(r, _)| Action::Roll(r)));
                return;
            }
            self.step_actions(s, step, out);
            return;
        }
        self.activation_actions(s, out);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, Prob)>) {
        if let Some(spec) = s.steps.last().and_then(Self::step_dice) {
            out.extend(spec.outcomes().map(|(r, p)| (Action::Roll(r), p)));
        }
    }

    fn chance_action(&self, s: &State, roll: Roll) -> Option<Action> {
        let spec = s.steps.last().and_then(Self::step_dice)?;
        (roll.spec == spec).then_some(Action::Roll(roll))
    }

    fn apply(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Result<(), Illegal> {
        let mut next = s.clone();
        let mark = ev.len();
        match self.dispatch(&mut next, a, ev) {
            Ok(()) => {
                *s = next;
                Ok(())
            }
            Err(e) => {
                ev.truncate(mark);
                Err(e)
            }
        }
    }

    fn observation(&self, s: &State, _side: Side) -> State {
        // Fontenoy hides nothing: every counter is face up (F-1.5).
        s.clone()
    }

    fn reachable(&self, _s: &State, unit: &str) -> Result<Vec<Reached>, Illegal> {
        Err(Illegal::new(
            "11.0",
            format!("movement is not built yet, so {unit} has no reachable hexes to list"),
        ))
    }

    fn path_actions(&self, _s: &State, unit: &str, _to: Hex) -> Result<Vec<Action>, Illegal> {
        Err(Illegal::new(
            "11.0",
            format!("movement is not built yet, so {unit} has no path"),
        ))
    }

    fn hex_label(&self, hex: Hex) -> String {
        fhex::label(hex)
    }

    fn parse_hex(&self, label: &str) -> Option<Hex> {
        fhex::parse(label).filter(|&h| self.board.on_map(h))
    }

    fn prompt(&self, s: &State) -> crate::engine::Prompt {
        self.prompt_of(s)
    }

    fn describe_event(&self, e: &Event) -> String {
        self.describe(e)
    }

    fn board(&self, s: &State) -> Option<crate::engine::BoardView> {
        (!self.map_view.hexes.is_empty())
            .then(|| crate::engine::BoardView::new(&self.map_view, self.piece_views(s)))
    }

    fn default_bot(&self) -> &'static str {
        "greedy"
    }

    fn bot(&self, name: &str) -> Option<alloc::boxed::Box<dyn crate::engine::Bot<Self>>> {
        super::bot::named(name)
    }

    fn rules_id(&self) -> String {
        format!("fontenoy/{}", self.scenario)
    }
}
