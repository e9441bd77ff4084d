//! Names for people: counters by their printed code and counter id (`1 GFR [fr-1-gfr]`), so
//! that a log line tells units apart; Divisions and Wings by name; event lines and prompts.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::Fontenoy;
use super::event::{CommandBy, Event};
use super::state::{Phase, Segment, State, Step};
use super::units::{DivId, UnitId, WingId};
use crate::engine::{Prompt, Side};

impl Fontenoy {
    /// A counter's printed code and id: `1 GFR [fr-1-gfr]`.
    pub fn unit_name(&self, u: UnitId) -> String {
        self.units.get(usize::from(u)).map_or_else(
            || format!("counter #{u}"),
            |x| format!("{} [{}]", x.name, x.id),
        )
    }

    /// A Division's name.
    pub fn division_name(&self, d: DivId) -> String {
        self.org
            .divisions
            .get(usize::from(d))
            .map_or_else(|| format!("Division #{d}"), |x| x.name.clone())
    }

    /// A Wing's name.
    pub fn wing_name(&self, w: WingId) -> String {
        self.org
            .wings
            .get(usize::from(w))
            .map_or_else(|| format!("Wing #{w}"), |x| x.name.clone())
    }

    /// The army's name.
    pub fn side_name(side: Side) -> &'static str {
        if side.0 == 0 { "French" } else { "Allies" }
    }

    /// An English line for `e` with the scenario's names.
    pub fn describe(&self, e: &Event) -> String {
        if let Some(line) = self.describe_close(e) {
            return line;
        }
        match e {
            Event::Activated {
                side,
                divisions,
                wing,
                restricted,
            } => {
                let names: Vec<String> = divisions.iter().map(|&d| self.division_name(d)).collect();
                let mut line = format!("{} activate {}", Self::side_name(*side), names.join(", "));
                if let Some(w) = wing {
                    line.push_str(&format!(" (Wing Activation: {})", self.wing_name(*w)));
                }
                if *restricted {
                    line.push_str(" under Restricted Activation");
                }
                line
            }
            Event::WingFailed { wing } => format!(
                "{}'s commander fails his Initiative: the Wing Activation ends",
                self.wing_name(*wing)
            ),
            Event::Deployed {
                unit,
                hex,
                formation,
                facing,
            } => format!(
                "{} sets up in {} in {formation} (facing {facing})",
                self.unit_name(*unit),
                super::fhex::label(*hex)
            ),
            Event::Joined { unit } => {
                format!("{} is activated with the Division", self.unit_name(*unit))
            }
            Event::Attached { unit } => format!("{} is attached", self.unit_name(*unit)),
            Event::InitiativeCheck {
                unit,
                roll,
                rating,
                passed,
            } => format!(
                "{} initiative: {roll} against {rating}, {}",
                self.unit_name(*unit),
                if *passed { "passed" } else { "failed" }
            ),
            Event::Command { unit, by } => match by {
                CommandBy::None => format!("{} is Out of Command", self.unit_name(*unit)),
                CommandBy::Loc => {
                    format!("{} is In Command (Line of Command)", self.unit_name(*unit))
                }
                CommandBy::Initiative => {
                    format!("{} is In Command (initiative)", self.unit_name(*unit))
                }
                CommandBy::Grouped => format!(
                    "{} is In Command (with its army or Wing commander)",
                    self.unit_name(*unit)
                ),
                CommandBy::Attached => {
                    format!("{} is In Command (attached)", self.unit_name(*unit))
                }
                CommandBy::Always => format!("{} is In Command", self.unit_name(*unit)),
            },
            Event::SpLost {
                unit,
                lost,
                destroyed,
                rule,
            } => format!(
                "{} loses {lost} SP ({rule}){}",
                self.unit_name(*unit),
                if *destroyed { " and is destroyed" } else { "" }
            ),
            other => alloc::string::ToString::to_string(other),
        }
    }

    /// What the actor is being asked.
    pub fn prompt_of(&self, s: &State) -> Prompt {
        let (rule, text): (&str, String) = match s.steps.last() {
            Some(Step::Deploy { index }) => (
                "F-10.0c",
                match self.scenario_rules.deployments.get(usize::from(*index)) {
                    Some(d) => format!("set up {}", self.unit_name(d.unit)),
                    None => "set up".into(),
                },
            ),
            Some(Step::InitiativeDice { french }) => (
                "6.1",
                match french {
                    None => "roll the French initiative die".into(),
                    Some(_) => "roll the Allied initiative die".into(),
                },
            ),
            Some(Step::InitiativeChoice { winner, wing }) => (
                "6.1a",
                format!(
                    "{}: activate one of your Divisions, make the opponent activate one{}",
                    Self::side_name(*winner),
                    if *wing {
                        ", or make a Wing Activation"
                    } else {
                        ""
                    }
                ),
            ),
            Some(Step::ChooseDivision { side }) => (
                "6.3",
                format!("{}: choose a Division to activate", Self::side_name(*side)),
            ),
            Some(Step::WingInitiative { wing }) => (
                "7.4b",
                format!("roll {}'s commander's initiative", self.wing_name(*wing)),
            ),
            Some(Step::WingDivisions { wing, .. }) => (
                "6.5c",
                format!(
                    "choose the Divisions joining {}'s activation",
                    self.wing_name(*wing)
                ),
            ),
            Some(Step::CommanderInitiative { commander }) => (
                "7.4a",
                format!("roll {}'s initiative", self.unit_name(*commander)),
            ),
            Some(Step::UnitInitiative { unit }) => (
                "7.4c",
                format!("roll {}'s unit initiative (00-99)", self.unit_name(*unit)),
            ),
            Some(Step::RallyDice { .. }) => ("4.0D", "roll the rally order dice".into()),
            Some(Step::Close(c)) => {
                let (rule, text) = self.close_prompt(s, c);
                (rule, text)
            }
            Some(Step::Check(req)) => (
                "18.1",
                format!(
                    "roll {}'s {:?} check (00-99)",
                    self.unit_name(req.unit),
                    req.kind
                ),
            ),
            None => match (&s.activation, s.phase) {
                (Some(a), Phase::Activation) => {
                    let who = Self::side_name(a.side);
                    match a.segment {
                        Segment::CommandControl => (
                            "7.0",
                            format!("{who}: designate Independents, commanders and attachments"),
                        ),
                        Segment::Fire => ("12.0", format!("{who}: Fire Combat Segment")),
                        Segment::Movement => ("11.0", format!("{who}: Movement Segment")),
                        Segment::CloseCombat => ("13.0", format!("{who}: Close Combat Segment")),
                        _ => ("4.0C", format!("{who}: activation")),
                    }
                }
                _ => ("4.0", String::new()),
            },
        };
        Prompt {
            rule: rule.into(),
            text,
        }
    }
}
