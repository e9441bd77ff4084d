//! "Skirmish": a tiny two-sided game used only to test the engine contract (DESIGN: "test the
//! contract with a small test-only game inside tests, never in the library").
//!
//! Rules (numbered so that events and errors can cite them like a real rulebook):
//! * T1 Set-up: each side in turn secretly picks a plan 1..=3 (hidden from the other side).
//! * T2 Turns: turn 1 is side 0's, turn 2 side 1's, and so on up to `last_turn`.
//!   * T2.1 The active side may step its counter to an adjacent empty hex of the board, up to
//!     two steps a turn. T2.2 A counter adjacent to the enemy may not step (a zone of control).
//!   * T2.3 The active side may end its turn at any time.
//! * T3 Attack: an active counter adjacent to the enemy may attack once a turn.
//!   * T3.1 The defender chooses to brace (-1 to the roll) or to stand.
//!   * T3.2 A d6 is rolled; 4 or more after modifiers removes one hit point.
//! * T4 The game ends when a counter has no hit points, or after the last turn: the side with
//!   more hit points wins (equal: draw).

use std::fmt;

use grognard::dice::{DiceSpec, Prob, Roll};
use grognard::engine::{
    Actor, Chance, EventInfo, Illegal, Outcome, Prompt, Reached, Rules, Side, SystemInfo,
};
use grognard::hex::{Direction, Hex};
use serde::{Deserialize, Serialize};

pub const RADIUS: u32 = 3;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Plan(Side),
    Act { steps: u8, attacked: bool },
    Defend,
    Roll { braced: bool },
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    pub turn: u8,
    pub phase: Phase,
    pub pos: [Hex; 2],
    pub hp: [u8; 2],
    /// 0 = not chosen (or hidden in an observation).
    pub plan: [u8; 2],
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Plan(u8),
    Step(Direction),
    Attack,
    EndTurn,
    Brace,
    Stand,
    Roll(Roll),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Planned { side: Side },
    Stepped { side: Side, from: Hex, to: Hex },
    Attacked { side: Side },
    Braced { side: Side },
    Stood { side: Side },
    Rolled { roll: u8, modifier: i8, hit: bool },
    TurnEnded { turn: u8 },
    GameOver { winner: Option<Side> },
}

impl EventInfo for Event {
    fn rule(&self) -> &str {
        match self {
            Event::Planned { .. } => "T1",
            Event::Stepped { .. } => "T2.1",
            Event::TurnEnded { .. } => "T2.3",
            Event::Attacked { .. } => "T3",
            Event::Braced { .. } | Event::Stood { .. } => "T3.1",
            Event::Rolled { .. } => "T3.2",
            Event::GameOver { .. } => "T4",
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Planned { side } => write!(f, "side {} chose a secret plan", side.0),
            Event::Stepped { side, from, to } => {
                write!(
                    f,
                    "side {} stepped from {},{} to {},{}",
                    side.0, from.q, from.r, to.q, to.r
                )
            }
            Event::Attacked { side } => write!(f, "side {} attacks", side.0),
            Event::Braced { side } => write!(f, "side {} braces", side.0),
            Event::Stood { side } => write!(f, "side {} stands", side.0),
            Event::Rolled {
                roll,
                modifier,
                hit,
            } => {
                write!(
                    f,
                    "rolled {roll} {modifier:+}: {}",
                    if *hit { "hit" } else { "miss" }
                )
            }
            Event::TurnEnded { turn } => write!(f, "turn {turn} ends"),
            Event::GameOver { winner } => write!(f, "game over, winner {winner:?}"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Skirmish {
    pub last_turn: u8,
    pub hp: u8,
    /// Which system the game claims to be: [`INFO`], or [`PG_STANDIN`] where a facade test needs
    /// a game behind a `pg` scenario file (the data format knows only the four real systems).
    pub info: &'static SystemInfo,
}

impl Skirmish {
    pub fn new(last_turn: u8, hp: u8) -> Self {
        Skirmish {
            last_turn,
            hp,
            info: &INFO,
        }
    }
}

#[allow(dead_code)]
pub static PG_STANDIN: SystemInfo = SystemInfo {
    id: "pg",
    name: "Skirmish (test-only stand-in behind a pg scenario)",
    sides: ["Blue", "Red"],
    dice: &[DiceSpec::D6],
};

pub static INFO: SystemInfo = SystemInfo {
    id: "skirmish",
    name: "Skirmish (test-only)",
    sides: ["Blue", "Red"],
    dice: &[DiceSpec::D6],
};

fn on_board(h: Hex) -> bool {
    h.distance(Hex::new(0, 0)) <= RADIUS
}

impl Skirmish {
    fn active(state: &State) -> Side {
        Side((state.turn.wrapping_sub(1)) % 2)
    }

    fn adjacent(state: &State) -> bool {
        state.pos[0].distance(state.pos[1]) == 1
    }

    fn outcome(state: &State) -> Outcome {
        let winner = match state.hp[0].cmp(&state.hp[1]) {
            std::cmp::Ordering::Greater => Some(Side(0)),
            std::cmp::Ordering::Less => Some(Side(1)),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            winner,
            level: if winner.is_some() { "victory" } else { "draw" }.into(),
            points: [i32::from(state.hp[0]), i32::from(state.hp[1])],
            rule: "T4".into(),
        }
    }

    fn check(&self, state: &State, action: &Action) -> Result<(), Illegal> {
        let side = Self::active(state);
        match (&state.phase, action) {
            (Phase::Over, _) => Err(Illegal::new("T4", "the game is over")),
            (Phase::Plan(_), Action::Plan(p)) if (1..=3).contains(p) => Ok(()),
            (Phase::Plan(_), Action::Plan(p)) => {
                Err(Illegal::new("T1", format!("plan {p} is not 1, 2 or 3")))
            }
            (Phase::Act { steps, .. }, Action::Step(d)) => {
                let to = state.pos[side.index()].neighbor(*d);
                if *steps >= 2 {
                    Err(Illegal::new("T2.1", "two steps already taken this turn"))
                } else if Self::adjacent(state) {
                    Err(Illegal::new(
                        "T2.2",
                        "a counter next to the enemy may not step",
                    ))
                } else if !on_board(to) {
                    Err(Illegal::new("T2.1", "the step leaves the board"))
                } else if to == state.pos[side.other().index()] {
                    Err(Illegal::new("T2.1", "the hex is occupied by the enemy"))
                } else {
                    Ok(())
                }
            }
            (Phase::Act { attacked, .. }, Action::Attack) => {
                if *attacked {
                    Err(Illegal::new("T3", "already attacked this turn"))
                } else if !Self::adjacent(state) {
                    Err(Illegal::new("T3", "the enemy is not adjacent"))
                } else {
                    Ok(())
                }
            }
            (Phase::Act { .. }, Action::EndTurn) => Ok(()),
            (Phase::Defend, Action::Brace | Action::Stand) => Ok(()),
            (Phase::Roll { .. }, Action::Roll(r)) if r.spec == DiceSpec::D6 => Ok(()),
            (_, a) => Err(Illegal::new(
                "engine",
                format!(
                    "{a:?} is not a decision of the current phase {:?}",
                    state.phase
                ),
            )),
        }
    }

    fn end_turn(&self, state: &mut State, events: &mut Vec<Event>) {
        events.push(Event::TurnEnded { turn: state.turn });
        if state.turn >= self.last_turn {
            state.phase = Phase::Over;
            events.push(Event::GameOver {
                winner: Self::outcome(state).winner,
            });
        } else {
            state.turn += 1;
            state.phase = Phase::Act {
                steps: 0,
                attacked: false,
            };
        }
    }
}

impl Rules for Skirmish {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn info(&self) -> &SystemInfo {
        self.info
    }

    fn initial_state(&self) -> State {
        State {
            turn: 1,
            phase: Phase::Plan(Side(0)),
            pos: [Hex::new(-2, 0), Hex::new(2, 0)],
            hp: [self.hp, self.hp],
            plan: [0, 0],
        }
    }

    fn actor(&self, state: &State) -> Actor {
        match state.phase {
            Phase::Plan(side) => Actor::Player(side),
            Phase::Act { .. } => Actor::Player(Self::active(state)),
            Phase::Defend => Actor::Player(Self::active(state).other()),
            Phase::Roll { .. } => Actor::Chance(Chance::Dice(DiceSpec::D6)),
            Phase::Over => Actor::Terminal(Self::outcome(state)),
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        let candidates: Vec<Action> = match state.phase {
            Phase::Plan(_) => (1..=3).map(Action::Plan).collect(),
            Phase::Act { .. } => Direction::ALL
                .into_iter()
                .map(Action::Step)
                .chain([Action::Attack, Action::EndTurn])
                .collect(),
            Phase::Defend => vec![Action::Brace, Action::Stand],
            Phase::Roll { .. } => DiceSpec::D6
                .outcomes()
                .map(|(r, _)| Action::Roll(r))
                .collect(),
            Phase::Over => vec![],
        };
        out.extend(
            candidates
                .into_iter()
                .filter(|a| self.check(state, a).is_ok()),
        );
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, Prob)>) {
        if let Phase::Roll { .. } = state.phase {
            out.extend(DiceSpec::D6.outcomes().map(|(r, p)| (Action::Roll(r), p)));
        }
    }

    fn chance_action(&self, state: &State, roll: Roll) -> Option<Action> {
        matches!(state.phase, Phase::Roll { .. } if roll.spec == DiceSpec::D6)
            .then_some(Action::Roll(roll))
    }

    fn apply(
        &self,
        state: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        self.check(state, action)?;
        let side = Self::active(state);
        match (state.phase.clone(), action) {
            (Phase::Plan(s), Action::Plan(p)) => {
                state.plan[s.index()] = *p;
                events.push(Event::Planned { side: s });
                state.phase = if s == Side(0) {
                    Phase::Plan(Side(1))
                } else {
                    Phase::Act {
                        steps: 0,
                        attacked: false,
                    }
                };
            }
            (Phase::Act { steps, attacked }, Action::Step(d)) => {
                let from = state.pos[side.index()];
                let to = from.neighbor(*d);
                state.pos[side.index()] = to;
                state.phase = Phase::Act {
                    steps: steps + 1,
                    attacked,
                };
                events.push(Event::Stepped { side, from, to });
            }
            (Phase::Act { .. }, Action::Attack) => {
                events.push(Event::Attacked { side });
                state.phase = Phase::Defend;
            }
            (Phase::Act { .. }, Action::EndTurn) => self.end_turn(state, events),
            (Phase::Defend, a) => {
                let braced = *a == Action::Brace;
                events.push(if braced {
                    Event::Braced { side: side.other() }
                } else {
                    Event::Stood { side: side.other() }
                });
                state.phase = Phase::Roll { braced };
            }
            (Phase::Roll { braced }, Action::Roll(r)) => {
                let modifier: i8 = if braced { -1 } else { 0 };
                let hit = r.value as i8 + modifier >= 4;
                events.push(Event::Rolled {
                    roll: r.value,
                    modifier,
                    hit,
                });
                let target = side.other().index();
                if hit {
                    state.hp[target] -= 1;
                }
                if state.hp[target] == 0 {
                    state.phase = Phase::Over;
                    events.push(Event::GameOver { winner: Some(side) });
                } else {
                    state.phase = Phase::Act {
                        steps: 2,
                        attacked: true,
                    };
                }
            }
            _ => unreachable!("check() accepted only the pairs above"),
        }
        Ok(())
    }

    fn observation(&self, state: &State, side: Side) -> State {
        let mut seen = state.clone();
        seen.plan[side.other().index()] = 0;
        seen
    }

    fn reachable(&self, state: &State, unit: &str) -> Result<Vec<Reached>, Illegal> {
        reach::reachable(state, unit)
    }

    fn hex_label(&self, hex: Hex) -> String {
        format!("{},{}", hex.q, hex.r)
    }

    fn path_actions(&self, state: &State, unit: &str, to: Hex) -> Result<Vec<Action>, Illegal> {
        let reached = reach::reachable(state, unit)?;
        let found = reached.iter().find(|r| r.hex == to).ok_or_else(|| {
            Illegal::new(
                "T2.1",
                format!("{unit} cannot reach {}", self.hex_label(to)),
            )
        })?;
        Ok(found
            .path
            .windows(2)
            .filter_map(|w| w[0].direction_to(w[1]).map(Action::Step))
            .collect())
    }

    fn parse_hex(&self, label: &str) -> Option<Hex> {
        let (q, r) = label.split_once(',')?;
        let hex = Hex::new(q.trim().parse().ok()?, r.trim().parse().ok()?);
        on_board(hex).then_some(hex)
    }

    fn prompt(&self, state: &State) -> Prompt {
        let (rule, text) = match state.phase {
            Phase::Plan(_) => ("T1", "choose a secret plan"),
            Phase::Act { .. } => ("T2", "step, attack or end the turn"),
            Phase::Defend => ("T3.1", "brace or stand against the attack"),
            Phase::Roll { .. } => ("T3.2", "roll for the attack"),
            Phase::Over => ("T4", "the game is over"),
        };
        Prompt {
            rule: rule.into(),
            text: text.into(),
        }
    }
}

mod reach;
