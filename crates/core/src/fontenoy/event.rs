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
    /// A group is designated to attack (13.1): its top unit and the target hex.
    AttackDeclared {
        /// The group's top unit.
        unit: UnitId,
        /// The enemy's hex.
        #[serde(with = "super::fhex")]
        target: Hex,
        /// A cavalry charge (13.1d).
        charge: bool,
    },
    /// A declared attack does not go in (13.2a failed check, 13.6a nobody to attack).
    AttackCancelled {
        /// The group's top unit.
        unit: UnitId,
        /// Why.
        rule: String,
    },
    /// Charging (or reacting) cavalry moves a hex (13.3, 17.2a).
    Charged {
        /// The group's top unit.
        unit: UnitId,
        /// The hex its first hex entered.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// A charge that reached nobody goes back, Disorder/Shaken (13.3e).
    ChargeReturned {
        /// The group's top unit.
        unit: UnitId,
    },
    /// A Defender's Reaction (13.4).
    Reacted {
        /// The group's top unit.
        unit: UnitId,
        /// Its new facing.
        facing: u8,
        /// It formed Square.
        square: bool,
        /// The DC(D) modifier (13.4e).
        er_mod: i16,
    },
    /// A countercharge meets the charger (13.5c).
    Countercharged {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The hex it moved into.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Cavalry is committed to a combat (13.8).
    Committed {
        /// The cavalry's top unit.
        unit: UnitId,
    },
    /// A group Retreats Before Close Combat (13.9).
    RetreatBeforeCombat {
        /// The group's top unit.
        unit: UnitId,
    },
    /// A close combat is designated and begins (13.6).
    CombatDesignated {
        /// The attacking units.
        attackers: Vec<UnitId>,
        /// The defending units.
        defenders: Vec<UnitId>,
    },
    /// Defensive Fire is due now (13.10); the fire section conducts it.
    DefensiveFireDue {
        /// The defenders in place.
        defenders: Vec<UnitId>,
        /// The attackers.
        attackers: Vec<UnitId>,
    },
    /// A commander adds his Combat Bonus to his group (21.2b).
    CombatBonus {
        /// The commander.
        commander: UnitId,
    },
    /// A round of close combat (13.11, 14.1, 14.8).
    CloseCombatRound {
        /// The round (14.5).
        round: u8,
        /// SP taking part: attacker, defender (13.11a).
        sp: [u32; 2],
        /// The ratio read.
        odds: String,
        /// Final CRs with the ratio's modifiers: attacker, defender.
        cr: [i16; 2],
        /// The dice: attacker, defender.
        dice: [u8; 2],
        /// The result's code.
        result: String,
        /// A Special Close Combat Result (14.8).
        special: bool,
    },
    /// A unit's state changes by a close combat rule (14.3a "D", 14.5d, 13.3e, 17.2b).
    CloseState {
        /// The unit.
        unit: UnitId,
        /// Disordered now.
        disordered: bool,
        /// Its morale now.
        morale: super::types::Morale,
        /// The rule.
        rule: String,
    },
    /// A close combat is over (14.1a).
    CombatOver {
        /// The side that won, if one did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner: Option<Side>,
        /// Rounds fought (0: decided before the dice, 13.7e).
        rounds: u8,
    },
    /// A group advances after combat (15.1).
    Advanced {
        /// The group's top unit.
        unit: UnitId,
        /// The vacated hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// No pursuit (16.1b, F-8.4).
    NoPursuit {
        /// The cavalry's top unit.
        unit: UnitId,
        /// Why.
        why: String,
    },
    /// A Special Pursuit Result (F-8.4).
    SpecialPursuit {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The second die.
        roll: u8,
        /// The result.
        result: String,
    },
    /// The Pursuit Points (16.2a).
    PursuitPoints {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The die.
        roll: u8,
        /// The PP.
        pp: u8,
    },
    /// Pursuing cavalry enters a path hex (16.2b).
    Pursued {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Pursuit Movement ends (16.2b).
    PursuitEnds {
        /// The cavalry's top unit.
        unit: UnitId,
        /// Why.
        why: String,
    },
    /// Passive cavalry makes a Cavalry Reaction (17.2a).
    CavalryReaction {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The unit that moved.
        mover: UnitId,
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
            Event::AttackDeclared { .. } => "13.1",
            Event::AttackCancelled { .. } => "13.2a",
            Event::Charged { .. } => "13.3",
            Event::ChargeReturned { .. } => "13.3e",
            Event::Reacted { .. } => "13.4",
            Event::Countercharged { .. } => "13.5",
            Event::Committed { .. } => "13.8",
            Event::RetreatBeforeCombat { .. } => "13.9",
            Event::CombatDesignated { .. } => "13.6",
            Event::DefensiveFireDue { .. } => "13.10",
            Event::CombatBonus { .. } => "21.2b",
            Event::CloseCombatRound { special: true, .. } => "14.8",
            Event::CloseCombatRound { .. } => "13.11",
            Event::CloseState { .. } => "14.3a",
            Event::CombatOver { .. } => "14.1a",
            Event::Advanced { .. } => "15.1",
            Event::NoPursuit { .. } => "16.1b",
            Event::SpecialPursuit { .. } => "F-8.4",
            Event::PursuitPoints { .. } => "16.2a",
            Event::Pursued { .. } | Event::PursuitEnds { .. } => "16.2b",
            Event::CavalryReaction { .. } => "17.2a",
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
            Event::AttackDeclared {
                unit,
                target,
                charge,
            } => write!(
                f,
                "unit {unit} {} {}",
                if *charge { "charges" } else { "attacks" },
                super::fhex::label(*target)
            ),
            Event::AttackCancelled { unit, rule } => {
                write!(f, "unit {unit}'s attack does not go in ({rule})")
            }
            Event::Charged { unit, to } => {
                write!(f, "unit {unit} charges into {}", super::fhex::label(*to))
            }
            Event::ChargeReturned { unit } => {
                write!(f, "unit {unit} reaches nobody and returns Disorder/Shaken")
            }
            Event::Reacted {
                unit,
                facing,
                square,
                er_mod,
            } => {
                if *square {
                    write!(f, "unit {unit} forms Square (DC(D) +{er_mod})")
                } else {
                    write!(f, "unit {unit} turns to facing {facing} (DC(D) +{er_mod})")
                }
            }
            Event::Countercharged { unit, to } => write!(
                f,
                "unit {unit} countercharges into {}",
                super::fhex::label(*to)
            ),
            Event::Committed { unit } => write!(f, "unit {unit} is committed to the combat"),
            Event::RetreatBeforeCombat { unit } => {
                write!(f, "unit {unit} Retreats Before Close Combat")
            }
            Event::CombatDesignated {
                attackers,
                defenders,
            } => write!(f, "close combat: {attackers:?} attack {defenders:?}"),
            Event::DefensiveFireDue {
                defenders,
                attackers,
            } => write!(f, "Defensive Fire is due: {defenders:?} at {attackers:?}"),
            Event::CombatBonus { commander } => {
                write!(f, "commander {commander} adds his Combat Bonus")
            }
            Event::CloseCombatRound {
                round,
                sp,
                odds,
                cr,
                dice,
                result,
                special,
            } => write!(
                f,
                "close combat round {round}: {} SP against {} ({odds}), CR {} and {}, dice {} and {}: {}{result}",
                sp[0],
                sp[1],
                cr[0],
                cr[1],
                dice[0],
                dice[1],
                if *special { "special result " } else { "" }
            ),
            Event::CloseState {
                unit,
                disordered,
                morale,
                rule,
            } => write!(
                f,
                "unit {unit} is now {morale:?}{} ({rule})",
                if *disordered { " and Disordered" } else { "" }
            ),
            Event::CombatOver { winner, rounds } => match winner {
                Some(s) => write!(
                    f,
                    "the {} win the close combat after {rounds} round(s)",
                    side(s)
                ),
                None => write!(
                    f,
                    "the close combat ends after {rounds} round(s) with no winner"
                ),
            },
            Event::Advanced { unit, to } => {
                write!(f, "unit {unit} advances into {}", super::fhex::label(*to))
            }
            Event::NoPursuit { unit, why } => write!(f, "unit {unit} does not pursue ({why})"),
            Event::SpecialPursuit { unit, roll, result } => {
                write!(f, "unit {unit}: Special Pursuit Result {roll}, {result}")
            }
            Event::PursuitPoints { unit, roll, pp } => {
                write!(f, "unit {unit} rolls {roll}: {pp} Pursuit Points")
            }
            Event::Pursued { unit, to } => {
                write!(f, "unit {unit} pursues into {}", super::fhex::label(*to))
            }
            Event::PursuitEnds { unit, why } => write!(f, "unit {unit}'s pursuit ends ({why})"),
            Event::CavalryReaction { unit, mover } => {
                write!(
                    f,
                    "unit {unit} makes a Cavalry Reaction against unit {mover}"
                )
            }
            Event::GameOver { winner, level } => match winner {
                Some(s) => write!(f, "game over: {} ({level})", side(s)),
                None => write!(f, "game over: {level}"),
            },
        }
    }
}
