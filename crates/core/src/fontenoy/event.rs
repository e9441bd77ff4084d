//! What happened, each with its rule number (DESIGN: events). Counters are named by index;
//! `Fontenoy::describe_event` prints their names and ids (view.rs).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Serialize};

use super::types::Formation;
use super::units::{DivId, UnitId, WingId};
use crate::engine::{EventInfo, Side};
use crate::hex::Hex;

/// Why a unit is In Command, or not (7.5, 7.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandBy {
    /// A Line of Command from a commander (7.2, 7.3).
    Loc,
    /// Commander or Unit Initiative (7.4).
    Initiative,
    /// Grouped with its CinC or Wing Commander (7.5a).
    Grouped,
    /// Attached (7.5c).
    Attached,
    /// Always In Command: a CinC (7.0), a scenario rule (F-10.1a E, F-3.9a, F-10.0d).
    Always,
    /// Out of Command (7.6).
    None,
}

/// One event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A unit is set up (F-10.0c).
    Deployed {
        /// The unit.
        unit: UnitId,
        /// Its hex (a two-hex unit's right end or head).
        #[serde(with = "super::fhex")]
        hex: Hex,
        /// Its formation.
        formation: Formation,
        /// Its facing.
        facing: u8,
    },
    /// A Game Turn begins (4.0).
    TurnBegins {
        /// Its time, as printed on the Turn Record Track.
        time: String,
    },
    /// The initiative dice (6.1): French die first.
    Initiative {
        /// The unmodified dice.
        dice: [u8; 2],
        /// The modified totals, when compared.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        totals: Option<[u8; 2]>,
        /// The Hour Marker moved a box toward END (6.1c).
        marker: bool,
    },
    /// The Hour Marker reached END: Restricted Activation for the rest of the turn (6.7).
    EndOfTurn,
    /// The dice are rolled again (4.0B, 6.1c).
    Reroll {
        /// Both dice were 0.
        double_zero: bool,
    },
    /// A Special Initiative Result (6.9, F-8.2).
    SpecialInitiative {
        /// The side it applies to.
        side: Side,
        /// The non-zero die.
        die: u8,
        /// The result's name.
        result: String,
    },
    /// A side won the Initiative (6.1a).
    InitiativeWon {
        /// The Initiative player.
        side: Side,
        /// A Wing Activation was allowed (6.5a).
        wing: bool,
    },
    /// A Division (or several in a Wing Activation) is activated (6.3, 6.5).
    Activated {
        /// The active player.
        side: Side,
        /// The Divisions.
        divisions: Vec<DivId>,
        /// The Wing of a Wing Activation.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        wing: Option<WingId>,
        /// Restricted Activation (6.8).
        restricted: bool,
    },
    /// A Wing Activation failed: the Wing Commander failed his Initiative (7.4b).
    WingFailed {
        /// The Wing.
        wing: WingId,
    },
    /// An Independent unit or Non-Divisional Commander is activated with the Division (6.6).
    Joined {
        /// The counter.
        unit: UnitId,
    },
    /// A unit is attached to the activation (6.4).
    Attached {
        /// The unit.
        unit: UnitId,
    },
    /// A Commander or Unit Initiative roll (7.4).
    InitiativeCheck {
        /// The commander or unit.
        unit: UnitId,
        /// The roll (d10 for commanders, 00–99 for units).
        roll: u8,
        /// The rating it is read against.
        rating: u8,
        /// Passed.
        passed: bool,
    },
    /// A counter's command status for this activation (7.6a).
    Command {
        /// The commander or unit.
        unit: UnitId,
        /// How it is In Command, or `None` (Out of Command).
        by: CommandBy,
    },
    /// A unit (with `group` units in all) moved one hex (11.1).
    Moved {
        /// The unit (its group's first).
        unit: UnitId,
        /// How many units moved.
        group: u8,
        /// The hex its first hex entered.
        #[serde(with = "super::fhex")]
        to: Hex,
        /// MP paid.
        cost: super::types::Pts,
    },
    /// A unit turned in place (9.2).
    Faced {
        /// The unit.
        unit: UnitId,
        /// The new facing.
        facing: u8,
        /// MP paid.
        cost: super::types::Pts,
    },
    /// A segment of the activation ends (4.0C).
    SegmentEnds {
        /// Its rule.
        rule: String,
    },
    /// The activation is complete: commanders flipped, FINISHED markers placed (4.0C, 6.3d).
    ActivationComplete,
    /// The Rally Phase dice (4.0D).
    RallyOrder {
        /// The dice, French first.
        dice: [u8; 2],
        /// The side that rallies first, `None` on a tie (rolled again).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        first: Option<Side>,
    },
    /// The Technical Phase: markers removed, the clock advanced (4.0E).
    TurnEnds,
    /// A unit loses Strength Points (12.9a, 14.0).
    SpLost {
        /// The unit.
        unit: UnitId,
        /// SP lost.
        lost: u8,
        /// It has none left and is destroyed.
        destroyed: bool,
        /// The rule that took them.
        rule: String,
    },
    /// A Commander Loss Check (21.4).
    CommanderLossCheck {
        /// The commander.
        commander: UnitId,
        /// The d10.
        roll: u8,
        /// killed, wounded or none.
        result: String,
    },
    /// A commander is wounded and leaves play until a later turn (21.4c).
    CommanderWounded {
        /// The commander.
        commander: UnitId,
        /// The d10 of the Commander Wound Result.
        roll: u8,
        /// The turn he may return on, as printed.
        until: String,
    },
    /// A commander is killed (21.4b) or destroyed (21.1b, 21.4c, 21.4e).
    CommanderKilled {
        /// The commander.
        commander: UnitId,
        /// The boxes shaded on his army's loss record (21.4b, F-2.5b).
        points: u16,
        /// The rule.
        rule: String,
    },
    /// A commander whose units are all destroyed leaves play, without points (21.7).
    CommanderUnemployed {
        /// The commander.
        commander: UnitId,
    },
    /// A replacement takes a lost commander's office (21.5a).
    CommanderReplaced {
        /// The lost commander.
        office: UnitId,
        /// The replacement.
        holder: UnitId,
    },
    /// A commander is placed on a unit: a replacement, or a wounded commander back (21.5c–e).
    CommanderPlaced {
        /// The commander.
        commander: UnitId,
        /// The unit he joins.
        unit: UnitId,
    },
    /// A new Commander-in-Chief (21.5, 21.6; F-3.3b, F-4.2a), or none.
    NewCinc {
        /// The army.
        side: Side,
        /// The new CinC, `None` when all are lost (21.6a).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commander: Option<UnitId>,
        /// His Command Rating.
        rating: i8,
        /// His WAN.
        wan: u8,
    },
    /// A lone commander is displaced by an enemy (21.1b).
    CommanderDisplaced {
        /// The commander.
        commander: UnitId,
        /// The hex he goes to.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Command Rating spent on an Army Morale Check (23.2b).
    RatingSpent {
        /// The army.
        side: Side,
        /// Points.
        points: u8,
    },
    /// An Army Morale Check (23.2, F-2.12).
    ArmyMorale {
        /// The morale track's name.
        track: String,
        /// The Current Loss Total (23.1a).
        clt: u16,
        /// The column's lowest total (23.1b).
        column: u16,
        /// The d10.
        roll: u8,
        /// Rating spent (23.2b).
        spent: u8,
        /// Added to the modifier.
        added: u8,
        /// The modifier now.
        modifier: u8,
    },
    /// An army declares an Army Retreat (F-2.2).
    ArmyRetreat {
        /// The army.
        side: Side,
        /// Why.
        rule: String,
    },
    /// A reinforcement arrives (22.1).
    Arrived {
        /// The unit.
        unit: UnitId,
        /// Its hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
    },
    /// A victory place is entered or captured (F-10.1d, F-10.2d).
    PlaceTaken {
        /// The unit.
        unit: UnitId,
        /// The place.
        place: String,
    },
    /// The game is over.
    GameOver {
        /// The winner, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner: Option<Side>,
        /// The result in the scenario's words.
        level: String,
    },
}

impl Event {
    /// The rule behind the event.
    pub const fn rule_of(&self) -> &'static str {
        match self {
            Event::Deployed { .. } => "F-10.0c",
            Event::TurnBegins { .. } | Event::TurnEnds => "4.0",
            Event::Initiative { .. } | Event::InitiativeWon { .. } => "6.1",
            Event::EndOfTurn => "6.7",
            Event::Reroll { double_zero: true } => "4.0B",
            Event::Reroll { .. } => "6.1c",
            Event::SpecialInitiative { .. } => "6.9",
            Event::Activated { .. } => "6.3",
            Event::WingFailed { .. } => "7.4b",
            Event::Joined { .. } => "6.6",
            Event::Attached { .. } => "6.4",
            Event::InitiativeCheck { .. } => "7.4",
            Event::Moved { .. } => "11.1",
            Event::Faced { .. } => "9.2",
            Event::Command { .. } => "7.6",
            Event::SegmentEnds { .. } | Event::ActivationComplete => "4.0C",
            Event::RallyOrder { .. } => "4.0D",
            Event::GameOver { .. } => "F-10.0",
            Event::SpLost { .. } => "12.9a",
            Event::CommanderLossCheck { .. } => "21.4a",
            Event::CommanderWounded { .. } => "21.4c",
            Event::CommanderKilled { .. } => "21.4b",
            Event::CommanderUnemployed { .. } => "21.7",
            Event::CommanderReplaced { .. } => "21.5a",
            Event::CommanderPlaced { .. } => "21.5e",
            Event::NewCinc { .. } => "21.6",
            Event::CommanderDisplaced { .. } => "21.1b",
            Event::RatingSpent { .. } => "23.2b",
            Event::ArmyMorale { .. } => "23.2a",
            Event::ArmyRetreat { .. } => "F-2.2",
            Event::Arrived { .. } => "22.1",
            Event::PlaceTaken { .. } => "F-10.0",
        }
    }
}

impl EventInfo for Event {
    fn rule(&self) -> &str {
        self.rule_of()
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |s: &Side| if s.0 == 0 { "French" } else { "Allies" };
        match self {
            Event::Deployed {
                unit,
                hex,
                formation,
                facing,
            } => write!(
                f,
                "unit {unit} sets up in {} in {formation} facing {facing}",
                super::fhex::label(*hex)
            ),
            Event::TurnBegins { time } => write!(f, "turn {time} begins"),
            Event::Initiative {
                dice,
                totals,
                marker,
            } => {
                write!(f, "initiative dice: French {}, Allies {}", dice[0], dice[1])?;
                if let Some(t) = totals {
                    write!(f, " (totals {} and {})", t[0], t[1])?;
                }
                if *marker {
                    f.write_str("; the Hour Marker moves toward END")?;
                }
                Ok(())
            }
            Event::EndOfTurn => {
                f.write_str("End of Turn: Restricted Activation for the rest of the turn")
            }
            Event::Reroll { double_zero } => {
                if *double_zero {
                    f.write_str("both dice 0: roll again")
                } else {
                    f.write_str("tied: roll again")
                }
            }
            Event::SpecialInitiative {
                side: s,
                die,
                result,
            } => {
                write!(
                    f,
                    "Special Initiative Result for the {} ({die}): {result}",
                    side(s)
                )
            }
            Event::InitiativeWon { side: s, wing } => {
                write!(f, "the {} win the Initiative", side(s))?;
                if *wing {
                    f.write_str(" and may make a Wing Activation")?;
                }
                Ok(())
            }
            Event::Activated {
                side: s,
                divisions,
                wing,
                restricted,
            } => {
                write!(f, "the {} activate Division(s) {divisions:?}", side(s))?;
                if let Some(w) = wing {
                    write!(f, " as Wing {w}")?;
                }
                if *restricted {
                    f.write_str(" (Restricted Activation)")?;
                }
                Ok(())
            }
            Event::WingFailed { wing } => {
                write!(
                    f,
                    "Wing {wing}'s commander fails his Initiative: the activation ends"
                )
            }
            Event::Joined { unit } => write!(f, "unit {unit} activated with the Division"),
            Event::Attached { unit } => write!(f, "unit {unit} attached"),
            Event::InitiativeCheck {
                unit,
                roll,
                rating,
                passed,
            } => write!(
                f,
                "unit {unit} initiative: rolled {roll} against {rating}, {}",
                if *passed { "passed" } else { "failed" }
            ),
            Event::Command { unit, by } => match by {
                CommandBy::None => write!(f, "unit {unit} is Out of Command"),
                _ => write!(f, "unit {unit} is In Command ({by:?})"),
            },
            Event::Moved {
                unit,
                group,
                to,
                cost,
            } => write!(
                f,
                "unit {unit} ({group} units) moves into {} for {cost} MP",
                super::fhex::label(*to)
            ),
            Event::Faced { unit, facing, cost } => {
                write!(f, "unit {unit} turns to facing {facing} for {cost} MP")
            }
            Event::SegmentEnds { rule } => write!(f, "segment {rule} ends"),
            Event::ActivationComplete => f.write_str("the activation is complete"),
            Event::RallyOrder { dice, first } => {
                write!(f, "rally dice: French {}, Allies {}", dice[0], dice[1])?;
                match first {
                    Some(s) => write!(f, "; the {} rally first", side(s)),
                    None => f.write_str("; tied, roll again"),
                }
            }
            Event::TurnEnds => f.write_str("the turn ends"),
            Event::SpLost {
                unit,
                lost,
                destroyed,
                rule,
            } => {
                write!(f, "unit {unit} loses {lost} SP ({rule})")?;
                if *destroyed {
                    f.write_str(" and is destroyed")?;
                }
                Ok(())
            }
            Event::CommanderLossCheck {
                commander,
                roll,
                result,
            } => write!(f, "commander {commander} loss check: {roll}, {result}"),
            Event::CommanderWounded {
                commander,
                roll,
                until,
            } => write!(f, "commander {commander} is wounded ({roll}) until {until}"),
            Event::CommanderKilled {
                commander,
                points,
                rule,
            } => write!(
                f,
                "commander {commander} is killed ({rule}, {points} loss points)"
            ),
            Event::CommanderUnemployed { commander } => {
                write!(f, "commander {commander} has no units left and leaves play")
            }
            Event::CommanderReplaced { office, holder } => {
                write!(f, "counter {holder} replaces commander {office}")
            }
            Event::CommanderPlaced { commander, unit } => {
                write!(f, "commander {commander} is placed with unit {unit}")
            }
            Event::NewCinc {
                side: s,
                commander,
                rating,
                wan,
            } => match commander {
                Some(c) => write!(
                    f,
                    "commander {c} now commands the {} (rating {rating}, WAN {wan})",
                    side(s)
                ),
                None => write!(f, "the {} have no Commander-in-Chief left", side(s)),
            },
            Event::CommanderDisplaced { commander, to } => write!(
                f,
                "commander {commander} is displaced to {}",
                super::fhex::label(*to)
            ),
            Event::RatingSpent { side: s, points } => {
                write!(f, "the {} spend {points} Command Rating points", side(s))
            }
            Event::ArmyMorale {
                track,
                clt,
                column,
                roll,
                spent,
                added,
                modifier,
            } => write!(
                f,
                "{track} Army Morale Check: loss total {clt}, column {column}+, roll {roll} less {spent}: +{added}, modifier {modifier}"
            ),
            Event::ArmyRetreat { side: s, rule } => {
                write!(f, "the {} declare an Army Retreat ({rule})", side(s))
            }
            Event::Arrived { unit, hex } => {
                write!(f, "unit {unit} arrives in {}", super::fhex::label(*hex))
            }
            Event::PlaceTaken { unit, place } => write!(f, "unit {unit} takes {place}"),
            Event::GameOver { winner, level } => match winner {
                Some(s) => write!(f, "game over: {} ({level})", side(s)),
                None => write!(f, "game over: {level}"),
            },
        }
    }
}
