//! `impl engine::Rules for Fontenoy`: who acts, what may be done, and applying it, handed to
//! the section that owns the pending step or the segment under way.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::action::Action;
use super::event::Event;
use super::state::{FireStep, Phase, State, Step};
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
            | Step::CommanderInitiative { .. }
            | Step::CommanderLoss { .. }
            | Step::WoundRoll { .. }
            | Step::KingCheck { .. }
            | Step::MoraleRoll { .. }
            | Step::Special(super::state::SpecialStep::Roll { .. })
            | Step::Wing(super::state::WingStep::CavalryInitiative { .. })
            | Step::Infernal(super::state::InfernalStep::Hold { .. })
            | Step::Lowendahl { .. } => Some(DiceSpec::D10),
            Step::UnitInitiative { .. }
            | Step::Check(_)
            | Step::PlainCheck { .. }
            | Step::SkirmishEzoc { .. }
            | Step::TournayCheck { .. }
            | Step::Rejoin { .. } => Some(DiceSpec::D100),
            Step::Fire(FireStep::Roll { .. }) => Some(DiceSpec::D100),
            Step::Fire(
                FireStep::Die { .. } | FireStep::LossTable { .. } | FireStep::NoGuns { .. },
            ) => Some(DiceSpec::D10),
            Step::Fire(FireStep::Lucky { n, .. }) if *n <= 10 => Some(DiceSpec::D10),
            Step::Fire(FireStep::Lucky { .. }) => Some(DiceSpec::D100),
            Step::Close(c) if Self::close_step_is_dice(c) => Some(DiceSpec::D10),
            _ => None,
        }
    }

    /// Who decides at a decision step.
    fn step_player(&self, s: &State, step: &Step) -> Side {
        match *step {
            Step::InitiativeChoice { winner, .. } => winner,
            Step::ChooseDivision { side } | Step::ChooseCinc { side } => side,
            Step::Displace { commander } | Step::PlaceCommander { commander } => {
                self.units[usize::from(commander)].side
            }
            Step::Arrive { unit } | Step::GunsStay { unit, .. } => {
                self.units[usize::from(unit)].side
            }
            Step::TournayCall | Step::LowendahlLead { .. } | Step::SpecialColumn { .. } => {
                super::FRENCH
            }
            Step::TournayCheck { .. } => super::ALLIED,
            Step::DeclareRetreat { side } => side,
            // F-6.9c C: the player holding the King.
            Step::SendKing { .. } => self.king_captor(s).unwrap_or(Side(0)),
            Step::Dissolve { division, .. } => self.org.divisions[usize::from(division)].side,
            Step::AlliedDetachment { .. } => super::ALLIED,
            Step::MoraleSpend { track, .. } => self
                .scenario_rules
                .army
                .tracks
                .get(usize::from(track))
                .map_or(Side(0), |t| t.side),
            Step::Fire(f) => self.fire_step_player(s, f),
            Step::Close(ref c) => self.close_step_player(s, c),
            Step::WingDivisions { wing, .. } => self.org.wings[usize::from(wing)].side,
            Step::Special(sp) => self.special_step_player(sp),
            Step::Infernal(_) => super::ALLIED,
            Step::PlaceRedoubt | Step::PlaceBarricades { .. } => super::FRENCH,
            Step::Deploy { index } => self
                .scenario_rules
                .deployments
                .get(usize::from(index))
                .map_or(Side(0), |d| self.units[usize::from(d.unit)].side),
            // 20.1a, 20.2g, 19.5e: the owner of the retreating or rallying unit.
            Step::RetreatChoice { unit }
            | Step::RallyForm { unit }
            | Step::ModeSetUp { unit, .. } => self.units[usize::from(unit)].side,
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
            Step::SkirmishEzoc { unit, .. } => self.ezoc_roll(s, unit, v, ev),
            Step::Rejoin {
                parent,
                at,
                formation,
                facing,
            } => self.rejoin_roll(s, parent, at, formation, facing, v, ev),
            Step::Check(req) => self.resolve_check(s, req, v, ev),
            Step::PlainCheck { req, why } => self.resolve_plain_check(s, req, why, v, ev),
            Step::Fire(FireStep::Roll { combat }) => self.fire_roll(s, combat, v, ev),
            Step::Fire(FireStep::Die { combat }) => self.fire_die(s, combat, v, ev),
            Step::Fire(FireStep::LossTable { combat }) => {
                self.fire_commander_result(s, combat, v, ev);
            }
            Step::Fire(FireStep::Lucky { combat, n }) => self.lucky_roll(s, combat, n, v, ev),
            Step::Fire(FireStep::NoGuns { combat, roll }) => {
                self.no_guns_roll(s, combat, roll, v, ev)
            }
            Step::CommanderLoss { commander, cause } => {
                self.commander_loss_roll(s, commander, cause, v, ev);
            }
            Step::WoundRoll { commander } => self.wound_roll(s, commander, v, ev),
            Step::KingCheck { loss_roll } => self.king_check_roll(s, loss_roll, v, ev),
            Step::MoraleRoll {
                track,
                column,
                spent,
            } => self.morale_roll(s, track, column, spent, v, ev),
            Step::Close(c) => self.close_roll(s, c, v, ev),
            Step::Lowendahl { marker } => self.lowendahl_roll(s, marker, v, ev),
            Step::TournayCheck { limit } => self.tournay_roll(s, limit, v, ev),
            Step::Special(sp) => self.special_roll(s, sp, v, ev),
            Step::Infernal(super::state::InfernalStep::Hold { commander }) => {
                self.infernal_hold_roll(s, commander, v, ev);
            }
            Step::Wing(super::state::WingStep::CavalryInitiative { commander }) => {
                self.cavalry_wing_initiative(s, commander, v, ev);
            }
            _ => {}
        }
    }

    fn dispatch(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Result<(), Illegal> {
        // 10.4e: guns standing in multi-hex Lines before the action, to see which it leaves.
        let lines = self.guns_in_lines(s);
        self.dispatch_action(s, a, ev)?;
        // Close combat continuations waiting under resolved checks run now (close/mod.rs).
        self.run_resumes(s, ev);
        // 19.5: the Rally Phase goes on once nothing is pending in it.
        if s.phase == Phase::Rally && s.steps.is_empty() {
            self.rally_continue(s, ev);
        }
        // Steps no one decides (the end of a Fire Reaction, 18.5d) are done at once.
        self.settle_fire(s, ev);
        // A retreat choice left without units (destroyed meanwhile) is dropped.
        self.settle_retreats(s, ev);
        // 10.4e: guns whose Line left them may be put in another of its former hexes.
        self.guns_left(s, &lines);
        Ok(())
    }

    fn dispatch_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
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
            return Actor::Terminal(match &s.result {
                Some(r) => Outcome {
                    winner: r.winner,
                    level: r.level.clone(),
                    points: r.points,
                    rule: r.rule.clone().into(),
                },
                None => Outcome {
                    winner: None,
                    level: String::from("the scenario's last turn has been played"),
                    points: [0, 0],
                    rule: "F-10.0".into(),
                },
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

    fn reachable(&self, s: &State, unit: &str) -> Result<Vec<Reached>, Illegal> {
        let u = self
            .unit_index(unit)
            .ok_or_else(|| Illegal::new("engine", format!("no unit `{unit}` in this scenario")))?;
        Ok(self.reach(s, u)?.into_iter().map(|(r, _)| r).collect())
    }

    fn path_actions(&self, s: &State, unit: &str, to: Hex) -> Result<Vec<Action>, Illegal> {
        let u = self
            .unit_index(unit)
            .ok_or_else(|| Illegal::new("engine", format!("no unit `{unit}` in this scenario")))?;
        self.reach(s, u)?
            .into_iter()
            .find(|(r, _)| r.hex == to)
            .map(|(_, actions)| actions)
            .ok_or_else(|| {
                Illegal::new(
                    "11.1",
                    format!(
                        "{} cannot reach {} in this Movement Segment",
                        self.unit_name(u),
                        fhex::label(to)
                    ),
                )
            })
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

    fn preview(&self, s: &State) -> Option<crate::engine::Preview> {
        self.preview_of(s)
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
