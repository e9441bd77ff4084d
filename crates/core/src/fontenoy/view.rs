//! Names for people: counters by their printed code and counter id (`1 GFR [fr-1-gfr]`), so
//! that a log line tells units apart; Divisions and Wings by name; event lines and prompts.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::Fontenoy;
use super::event::{CommandBy, Event};
use super::state::{
    InfernalChange, InfernalStep, Phase, Segment, SpecialResult, SpecialStep, State, Step,
};
use super::tables::checks::kind_code;
use super::types::Morale;
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

    /// A morale track's name (23.0, F-4.3).
    pub fn track_name(&self, t: u8) -> String {
        self.scenario_rules
            .army
            .tracks
            .get(usize::from(t))
            .map_or_else(|| format!("track #{t}"), |x| x.name.clone())
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
            Event::SpecialColumn { nationality } => format!(
                "the French choose the {} column of the special results (F-8.1)",
                nationality.as_str()
            ),
            Event::SpecialChoice {
                result,
                division,
                by,
            } => format!(
                "the {} choose {} for {}",
                Self::side_name(*by),
                self.division_name(*division),
                result.name()
            ),
            Event::SpecialEffect {
                result,
                division,
                effect,
            } => match division {
                Some(d) => format!("{} on {}: {effect}", result.name(), self.division_name(*d)),
                None => format!("{}: {effect}", result.name()),
            },
            Event::DetachmentRejoins {
                side,
                detachment,
                rejoined,
            } => format!(
                "the {} Detachment {detachment} {} the main army",
                Self::side_name(*side),
                if *rejoined {
                    "rejoins"
                } else {
                    "stays apart from"
                }
            ),
            Event::LowendahlLead { commander, alone } => format!(
                "{} {}",
                self.unit_name(*commander),
                if *alone {
                    "enters the map alone through N1801 and leads Divisions as F-3.3f allows"
                } else {
                    "stays with his Detachment as its leader"
                }
            ),
            Event::BarryExit { unit } => format!(
                "{} leaves the Bois de Barry by its north side: Lowendahl's Detachment enters the game",
                self.unit_name(*unit)
            ),
            Event::LowendahlEnters => {
                "Lowendahl's Detachment enters the game: from an hour on, the French roll for it to appear"
                    .into()
            }
            Event::LowendahlRoll {
                roll,
                marker,
                group,
            } => format!(
                "Lowendahl's Detachment rolls {roll} against {marker}: {}",
                match group {
                    Some(0) => "its cavalry appear at N1801 this turn",
                    Some(_) => "its infantry and artillery appear at N1801 this turn",
                    None => "it does not appear this turn",
                }
            ),
            Event::InfernalColumn { change, leader } => {
                let who =
                    leader.map_or_else(String::new, |l| format!(" under {}", self.unit_name(l)));
                let what = match change {
                    InfernalChange::Declared => "is declared",
                    InfernalChange::Activated => "activates",
                    InfernalChange::Delayed => "is delayed this turn",
                    InfernalChange::Kept => "goes on",
                    InfernalChange::Ended => "ends",
                };
                format!("the Infernal Column{who} {what}")
            }
            Event::LeaderActivation {
                commander,
                division,
            } => format!(
                "{} activates with {} and may add a second Division in his reach (F-3.3f, F-4.2c)",
                self.unit_name(*commander),
                self.division_name(*division)
            ),
            Event::CommanderActivation { commander } => format!(
                "{} activates on his own as a Division Commander and may pick up to five units within his Command Distance (F-3.3e)",
                self.unit_name(*commander)
            ),
            Event::ArtilleryHelp { commander, at } => format!(
                "{} helps the guns firing at {}: one column right (F-3.3d, F-4.2f)",
                self.unit_name(*commander),
                super::fhex::label(*at)
            ),
            Event::CavalryWing { commander } => format!(
                "{} leads a Wing Activation of French cavalry (F-3.4a)",
                self.unit_name(*commander)
            ),
            Event::CavalryWingFailed { commander } => format!(
                "{} fails his Initiative: only his own Division activates, and he is Out of Command (F-3.4b)",
                self.unit_name(*commander)
            ),
            Event::DivisionAdded {
                commander,
                division,
                by,
            } => format!(
                "{} joins {}'s activation ({})",
                self.division_name(*division),
                self.unit_name(*commander),
                by.rule()
            ),
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
            Event::ModeSetUp {
                unit,
                hex,
                formation,
                facing,
            } => format!(
                "{} takes its new mode in {} in {formation} (facing {facing}, F-6.5b)",
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
                CommandBy::King => format!(
                    "{} is In Command (within Louis XV's reach, F-6.9a)",
                    self.unit_name(*unit)
                ),
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
            Event::Check {
                unit,
                check,
                roll,
                er,
                modifiers,
                passed,
                special,
            } => {
                let mods: Vec<String> = modifiers
                    .iter()
                    .map(|m| format!("{} {:+}", m.what, m.value))
                    .collect();
                let mut line = format!(
                    "{} {}: rolled {roll:02} against ER {er} (printed {}{}{})",
                    self.unit_name(*unit),
                    kind_code(*check),
                    self.units.get(usize::from(*unit)).map_or(0, |u| u.er),
                    if mods.is_empty() { "" } else { "; " },
                    mods.join(", ")
                );
                if let Some(sp) = special {
                    line.push_str(&format!(", special result {sp}"));
                }
                line.push_str(match passed {
                    Some(true) => ", passed",
                    Some(false) => ", failed",
                    None => ", roll again",
                });
                line
            }
            Event::CheckSkipped { unit, check, why } => format!(
                "{} takes no {}: {why}",
                self.unit_name(*unit),
                kind_code(*check)
            ),
            Event::Condition {
                unit,
                disordered,
                morale,
                rule,
            } => format!(
                "{} is now {}{} ({rule})",
                self.unit_name(*unit),
                match morale {
                    Morale::Good => "in Good Order",
                    Morale::Shaken => "Shaken",
                    Morale::Routed => "Routed",
                },
                if *disordered {
                    " and Disordered"
                } else {
                    " and Formed"
                }
            ),
            Event::Routed { unit, rule } => format!("{} Routs ({rule})", self.unit_name(*unit)),
            Event::Retreated { unit, to } => format!(
                "{} retreats into {}",
                self.unit_name(*unit),
                super::fhex::label(*to)
            ),
            Event::RetreatEnds { unit, hexes } => format!(
                "{} ends its retreat after {hexes} hex(es)",
                self.unit_name(*unit)
            ),
            Event::Rallied {
                unit,
                formation,
                facing,
            } => format!(
                "{} rallies in {formation} facing {facing}",
                self.unit_name(*unit)
            ),
            Event::Victoire { unit, on } => format!(
                "{} {} a Victoire! marker",
                self.unit_name(*unit),
                if *on { "gets" } else { "loses" }
            ),
            Event::PistolFire { firers, at } => {
                let names: Vec<String> = firers.iter().map(|&u| self.unit_name(u)).collect();
                format!(
                    "{} fire their pistols at {} on the 1:3 column (F-7.9)",
                    names.join(", "),
                    super::fhex::label(*at)
                )
            }
            Event::FireOpened {
                side,
                arm,
                at,
                firers,
                strength,
                defense,
                column,
                drm,
                ..
            } => {
                let names: Vec<String> = firers.iter().map(|&u| self.unit_name(u)).collect();
                format!(
                    "{} {} fire at {} ({}): strength {strength} against Defense Rating {defense}, {}, modifier {drm:+}",
                    Self::side_name(*side),
                    arm.map_or("combined", |a| a.name()),
                    super::fhex::label(*at),
                    names.join(", "),
                    column.as_deref().map_or_else(
                        || String::from("below 1:3: no effect"),
                        |c| format!("column {c}")
                    )
                )
            }
            Event::ReactionOffered {
                mover,
                hex,
                trigger,
            } => format!(
                "{} {} {}: the passive player may react with fire",
                self.unit_name(*mover),
                match trigger {
                    super::state::Trigger::Leave => "is about to leave",
                    super::state::Trigger::Change => "changed formation or facing in",
                },
                super::fhex::label(*hex)
            ),
            Event::Reformed {
                unit,
                formation,
                rule,
            } => format!("{} forms {formation} ({rule})", self.unit_name(*unit)),
            Event::Reformation {
                unit,
                group,
                from,
                formation,
                hexes,
                cost,
                rule,
                ..
            } => {
                let with = if *group > 1 {
                    format!(" with its group of {group}")
                } else {
                    String::new()
                };
                let what = if from == formation {
                    String::from("about-faces")
                } else {
                    format!("reforms from {from} into {formation} ({hexes} hex(es))")
                };
                format!(
                    "{}{with} {what} for {cost} MP ({rule})",
                    self.unit_name(*unit)
                )
            }
            Event::Shrunk { unit, hexes } => {
                format!(
                    "{} shrinks to {hexes} hex(es) (11.5i)",
                    self.unit_name(*unit)
                )
            }
            Event::MoveStopped { unit } => format!(
                "{} is Disordered by the Fire Reaction and stops (18.5d)",
                self.unit_name(*unit)
            ),
            Event::CommanderLossCheck {
                commander,
                roll,
                result,
            } => format!(
                "{} Commander Loss Check: {roll}, {result}",
                self.unit_name(*commander)
            ),
            Event::CommanderWounded {
                commander,
                roll,
                until,
            } => format!(
                "{} is wounded ({roll}) and away until {until}",
                self.unit_name(*commander)
            ),
            Event::CommanderKilled {
                commander,
                points,
                rule,
            } => format!(
                "{} is killed ({rule}): {points} loss points",
                self.unit_name(*commander)
            ),
            Event::CommanderUnemployed { commander } => format!(
                "{} has no units left and leaves play (21.7)",
                self.unit_name(*commander)
            ),
            Event::CommanderReplaced { office, holder } => format!(
                "{} takes {}'s command",
                self.unit_name(*holder),
                self.unit_name(*office)
            ),
            Event::CommanderPlaced { commander, unit } => format!(
                "{} joins {}",
                self.unit_name(*commander),
                self.unit_name(*unit)
            ),
            Event::NewCinc {
                side,
                commander,
                rating,
                wan,
            } => match commander {
                Some(c) => format!(
                    "{} commands the {} (Command Rating {rating}, WAN {wan})",
                    self.unit_name(*c),
                    Self::side_name(*side)
                ),
                None => format!(
                    "the {} have no Commander-in-Chief left (21.6a)",
                    Self::side_name(*side)
                ),
            },
            Event::CommanderJoins { commander, retreat } => format!(
                "{} {} (21.2c)",
                self.unit_name(*commander),
                if *retreat {
                    "goes with the retreating units"
                } else {
                    "stays with the units that stay"
                }
            ),
            Event::GunsStayed { unit, to } => format!(
                "{}, left by its Line, stays in {} (10.4e)",
                self.unit_name(*unit),
                super::fhex::label(*to)
            ),
            Event::CommanderDisplaced { commander, to } => format!(
                "{} is displaced to {}",
                self.unit_name(*commander),
                super::fhex::label(*to)
            ),
            Event::Arrived { unit, hex } => format!(
                "{} arrives in {}",
                self.unit_name(*unit),
                super::fhex::label(*hex)
            ),
            Event::PlaceTaken { unit, place } => {
                format!("{} takes {place}", self.unit_name(*unit))
            }
            Event::Moved {
                unit,
                group,
                to,
                cost,
            } => {
                let with = match group {
                    0 | 1 => String::new(),
                    2 => " with 1 other unit".into(),
                    n => format!(" with {} other units", n - 1),
                };
                format!(
                    "{}{with} moves into {} for {cost} MP (11.1)",
                    self.unit_name(*unit),
                    super::fhex::label(*to)
                )
            }
            Event::Faced { unit, facing, cost } => format!(
                "{} turns to facing {facing} for {cost} MP (9.2)",
                self.unit_name(*unit)
            ),
            Event::ForcedMarch { unit, mpo } => format!(
                "{} declares Forced March: {mpo} MP (11.4a)",
                self.unit_name(*unit)
            ),
            Event::Wheeled {
                unit,
                pivot,
                facing,
                cost,
            } => format!(
                "{} wheels on {} to facing {facing} for {cost} MP (9.4b)",
                self.unit_name(*unit),
                self.label(*pivot)
            ),
            Event::ColumnTurned {
                unit,
                to,
                facing,
                cost,
            } => format!(
                "{} turns its column head into {} (facing {facing}) for {cost} MP (9.4a)",
                self.unit_name(*unit),
                self.label(*to)
            ),
            Event::Resized {
                unit,
                hex,
                hexes,
                extended,
                cost,
            } => format!(
                "{} {} {} and now covers {hexes} hex(es), for {cost} MP (11.5)",
                self.unit_name(*unit),
                if *extended {
                    "extends into"
                } else {
                    "gives up"
                },
                self.label(*hex)
            ),
            Event::MovedRearward { unit, to, cost } => format!(
                "{} moves rearward into {} for {cost} MP (11.7, 11.8)",
                self.unit_name(*unit),
                self.label(*to)
            ),
            Event::DetachmentFormed {
                commander,
                divisions,
            } => {
                let names: Vec<String> = divisions.iter().map(|&d| self.division_name(d)).collect();
                format!(
                    "{} forms a Detachment of {} (F-7.8a)",
                    self.unit_name(*commander),
                    names.join(", ")
                )
            }
            Event::CommanderLossResult {
                at,
                result,
                commanders,
            } => {
                let names: Vec<String> = commanders.iter().map(|&c| self.unit_name(c)).collect();
                let whom = if names.is_empty() {
                    String::from("no commander qualifies")
                } else {
                    names.join(", ")
                };
                format!(
                    "the fire at {} brings {result} (F-8.8): {whom}",
                    self.label(*at)
                )
            }
            Event::LossShifted { unit, from } => format!(
                "one loss of the enfilade at {} goes to {} (F-5.1b)",
                self.label(*from),
                self.unit_name(*unit)
            ),
            Event::Sidled { unit, to, cost } => format!(
                "{} sidles into {} for {cost} MP, keeping its facing (F-7.1e A)",
                self.unit_name(*unit),
                self.label(*to)
            ),
            Event::MovedByHand { unit, to } => format!(
                "{} is moved by hand into {} (11.6)",
                self.unit_name(*unit),
                self.label(*to)
            ),
            Event::EnteredRedoubt { unit, hex } => format!(
                "{} enters the redoubt in {} in General Order, its move over; a Disorder Check (A) follows (F-3.5a B)",
                self.unit_name(*unit),
                self.label(*hex)
            ),
            Event::RedoubtPlaced { hex } => format!(
                "the French place the missing large redoubt in {} (F-6.2)",
                self.label(*hex)
            ),
            Event::BarricadePlaced { hex } => {
                format!("the French place a barricade in {} (F-3.6)", self.label(*hex))
            }
            Event::BarricadeRemoved { unit, hex } => format!(
                "{} removes the barricade in {}, spending all its MP (F-3.6)",
                self.unit_name(*unit),
                self.label(*hex)
            ),
            Event::ExitedField { unit, hex, total } => format!(
                "{} leaves the map by {}: {total} Allied SP off so far (F-10.3e)",
                self.unit_name(*unit),
                self.label(*hex)
            ),
            Event::LeftMap { unit, hex, tournay } => format!(
                "{} leaves the map by {} {}",
                self.unit_name(*unit),
                self.label(*hex),
                if *tournay {
                    "back toward Tournay (F-6.6c)"
                } else {
                    "toward the Allied supply train (F-4.4)"
                }
            ),
            Event::TournayCalled { unit, arrives } => format!(
                "the French call {} from the siege of Tournay: it arrives at N1801 at {} (F-6.6a)",
                self.unit_name(*unit),
                self.time(*arrives)
            ),
            Event::TournayCheck {
                roll,
                limit,
                sortie,
            } => format!(
                "Tournay Check: the Allies roll {roll:02}, a sortie on 00-{:02}: {} (F-6.6b)",
                limit.saturating_sub(1),
                if *sortie {
                    "the Dutch sortie; no more units leave Tournay"
                } else {
                    "no sortie"
                }
            ),
            Event::TournaySentBack { unit } => format!(
                "{}, still on the road from Tournay, turns back to answer the sortie (F-6.6c)",
                self.unit_name(*unit)
            ),
            Event::TournayAnswered { sp } => format!(
                "the French have sent {sp} SP back to Tournay: the sortie is answered (F-6.6c)"
            ),
            Event::ModeChanged {
                from,
                to,
                mounted,
                lost_before,
                lost_after,
            } => {
                let names = |v: &[UnitId]| -> String {
                    v.iter()
                        .map(|&u| self.unit_name(u))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                format!(
                    "{} {}: now {} (losses {lost_before} SP become {lost_after}, F-6.5c)",
                    names(from),
                    if *mounted { "mount" } else { "dismount" },
                    names(to)
                )
            }
            Event::PassageOfLines {
                unit,
                hex,
                through,
                er_mod,
                ..
            } => format!(
                "{} passes through {} leaving {}: a Passage of Lines, DC(A) {er_mod:+} for it and for them once its movement is over (10.7a)",
                self.unit_name(*unit),
                through
                    .iter()
                    .map(|&x| self.unit_name(x))
                    .collect::<alloc::vec::Vec<_>>()
                    .join(", "),
                self.label(*hex)
            ),
            Event::Reordered { unit, top, rule } => format!(
                "{} goes to the {} of its group ({rule})",
                self.unit_name(*unit),
                if *top { "top" } else { "bottom" }
            ),
            Event::LeftGroup { unit } => format!(
                "{} leaves its group to act on its own (10.8a)",
                self.unit_name(*unit)
            ),
            Event::Split { parent, subunits } => format!(
                "{} splits into {} (8.5a)",
                self.unit_name(*parent),
                subunits
                    .iter()
                    .map(|&(u, sp)| alloc::format!("{} with {sp} SP", self.unit_name(u)))
                    .collect::<alloc::vec::Vec<_>>()
                    .join(", ")
            ),
            Event::Rejoin {
                parent,
                roll,
                er,
                passed,
            } => format!(
                "the subunits of {} roll {roll:02} against their worst ER {er}: {} (8.5b)",
                self.unit_name(*parent),
                if *passed {
                    "they rejoin"
                } else {
                    "they stay apart this segment"
                }
            ),
            Event::EzocRoll {
                unit,
                roll,
                er,
                passed,
            } => format!(
                "{} rolls {roll:02} against ER {er} to enter an enemy ZOC: {} (11.9c)",
                self.unit_name(*unit),
                if *passed { "it may enter" } else { "it stops" }
            ),
            other => alloc::string::ToString::to_string(other),
        }
    }

    /// What the actor is being asked.
    pub fn prompt_of(&self, s: &State) -> Prompt {
        if let Some(Step::Fire(f)) = s.steps.last() {
            return self.fire_prompt(s, *f);
        }
        let (rule, text): (&str, String) = match s.steps.last() {
            Some(Step::Deploy { index }) => (
                "F-10.0c",
                match self.scenario_rules.deployments.get(usize::from(*index)) {
                    Some(d) => format!("set up {}", self.unit_name(d.unit)),
                    None => "set up".into(),
                },
            ),
            Some(Step::PlaceRedoubt) => (
                "F-6.2",
                "place the missing large redoubt within 1 hex of S4208".into(),
            ),
            Some(Step::PlaceBarricades { left }) => (
                "F-3.6",
                format!("place a barricade in a road hex of the Bois de Barry ({left} left)"),
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
            Some(Step::TournayCall) => (
                "F-6.6a",
                "French: call units from the siege of Tournay (they arrive at N1801 an hour later), or end the Tournay Activation".into(),
            ),
            Some(Step::TournayCheck { limit }) => (
                "F-6.6b",
                format!(
                    "Allies: roll the Tournay Check (a Dutch sortie on 00-{:02})",
                    limit.saturating_sub(1)
                ),
            ),
            Some(Step::LowendahlLead { .. }) => (
                "F-3.8d A",
                "French: Lowendahl enters the map alone through N1801 (then a leader of two Divisions, F-3.3f), or stays with his Detachment as its leader".into(),
            ),
            Some(Step::Lowendahl { marker }) => (
                "F-3.8d B",
                format!(
                    "French: roll for Lowendahl's Detachment to appear this turn ({marker} or more)"
                ),
            ),
            Some(Step::Infernal(InfernalStep::Declare)) => (
                "F-7.1a A",
                "Allies: declare the Infernal Column now, or not this turn".into(),
            ),
            Some(Step::Infernal(InfernalStep::Start)) => (
                "F-7.1a B",
                "Allies: the Infernal Column activates first, or is delayed (then only a Wing Activation activates it), or ends (F-7.1f C)".into(),
            ),
            Some(Step::Infernal(InfernalStep::Hold { commander })) => (
                "F-7.1f A",
                format!(
                    "roll {}'s initiative to keep the Infernal Column going",
                    self.unit_name(*commander)
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
            Some(Step::Wing(crate::fontenoy::state::WingStep::CavalryInitiative { commander })) => {
                (
                    "F-3.4b",
                    format!(
                        "roll {}'s initiative to lead the cavalry Wing",
                        self.unit_name(*commander)
                    ),
                )
            }
            Some(Step::WingDivisions { wing, .. }) => (
                "6.5c",
                format!(
                    "choose the Divisions joining {}'s activation",
                    self.wing_name(*wing)
                ),
            ),
            Some(Step::Special(SpecialStep::Pick { result, side })) => (
                result.rule(),
                format!(
                    "{}: choose a Division for {} ({})",
                    Self::side_name(self.special_step_player(SpecialStep::Pick {
                        result: *result,
                        side: *side
                    })),
                    result.name(),
                    if *result == SpecialResult::FreeCombat {
                        "and a Fire or Close Combat Segment"
                    } else {
                        "the result applies to it"
                    }
                ),
            ),
            Some(Step::Special(SpecialStep::Roll {
                result, division, ..
            })) => (
                result.rule(),
                format!(
                    "roll the Initiative of {}'s commander for {}",
                    self.division_name(*division),
                    result.name()
                ),
            ),
            Some(Step::Special(SpecialStep::Rejoin { side, detachment })) => (
                "24.3a",
                format!(
                    "{}: does Detachment {detachment} rejoin the main army?",
                    Self::side_name(*side)
                ),
            ),
            Some(Step::CommanderInitiative { commander }) => (
                "7.4a",
                format!("roll {}'s initiative", self.unit_name(*commander)),
            ),
            Some(Step::SkirmishEzoc { unit, to }) => (
                "11.9c",
                format!(
                    "roll for {} to enter the enemy ZOC at {} (00-99, at least its ER)",
                    self.unit_name(*unit),
                    self.label(*to)
                ),
            ),
            Some(Step::Rejoin { parent, at, .. }) => (
                "8.5b",
                format!(
                    "roll for the subunits of {} to rejoin at {} (00-99, at least their worst ER)",
                    self.unit_name(*parent),
                    self.label(*at)
                ),
            ),
            Some(Step::UnitInitiative { unit }) => (
                "7.4c",
                format!("roll {}'s unit initiative (00-99)", self.unit_name(*unit)),
            ),
            Some(Step::RallyDice { .. }) => ("4.0D", "roll the rally order dice".into()),
            Some(Step::Fire(_)) => ("12.0", String::new()),
            Some(Step::CommanderLoss { commander, .. }) => (
                "21.4a",
                format!("roll {}'s Commander Loss Check", self.unit_name(*commander)),
            ),
            Some(Step::KingCheck { loss_roll }) => (
                "F-6.9",
                if *loss_roll {
                    "roll the Louis XV Loss Roll".into()
                } else {
                    "roll the Louis XV Army Morale Check".into()
                },
            ),
            Some(Step::WoundRoll { commander }) => (
                "21.4c",
                format!(
                    "roll how long {} is away wounded",
                    self.unit_name(*commander)
                ),
            ),
            Some(Step::PlaceCommander { commander }) => (
                "21.5e",
                format!("choose the unit {} joins", self.unit_name(*commander)),
            ),
            Some(Step::ChooseCinc { side }) => (
                "F-3.3b",
                format!(
                    "{}: name the Lieutenant General who takes command of the army",
                    Self::side_name(*side)
                ),
            ),
            Some(Step::SendKing { mp, moved }) => (
                "F-6.9c",
                format!(
                    "send the captured King on alone ({mp} MP left) or {}",
                    if *moved { "end his move" } else { "keep him with his captors" }
                ),
            ),
            Some(Step::Displace { commander }) => (
                "21.1b",
                format!(
                    "choose the hex {} is displaced to",
                    self.unit_name(*commander)
                ),
            ),
            Some(Step::AlliedDetachment { leader: None }) => (
                "F-7.8a",
                String::from(
                    "Allies: choose Waldeck, Konigsegg or Ligonier to form a Detachment, or begin the battle",
                ),
            ),
            Some(Step::AlliedDetachment {
                leader: Some(leader),
            }) => (
                "F-7.8a",
                format!(
                    "Allies: add a Division to {}'s Detachment ({} so far), form it, or pass",
                    self.unit_name(*leader),
                    s.special.forming.len()
                ),
            ),
            Some(Step::Dissolve {
                division,
                after_loss,
            }) => (
                "F-4.2d",
                format!(
                    "Allies: {} {} (Dissolve), or keep it (Pass)",
                    if *after_loss {
                        "dissolve"
                    } else {
                        "declare the dissolution of"
                    },
                    self.division_name(*division)
                ),
            ),
            Some(Step::DeclareRetreat { side }) => (
                "F-5.4b",
                format!(
                    "{}: declare an Army Retreat (irrevocable), or pass",
                    Self::side_name(*side)
                ),
            ),
            Some(Step::SpecialColumn { .. }) => (
                "F-8.1",
                "French: choose the nationality column of the tied Allied group's special result"
                    .into(),
            ),
            Some(Step::MoraleSpend { track, .. }) => (
                "23.2b",
                format!(
                    "spend Command Rating to lower the {} Army Morale Check (0 for none)",
                    self.track_name(*track)
                ),
            ),
            Some(Step::MoraleRoll { track, .. }) => (
                "23.2a",
                format!("roll the {} Army Morale Check", self.track_name(*track)),
            ),
            Some(Step::GunsStay { unit, .. }) => (
                "10.4e",
                format!(
                    "choose which of its Line's former hexes {} stays in",
                    self.unit_name(*unit)
                ),
            ),
            Some(Step::Arrive { unit }) => (
                "22.1",
                format!(
                    "place the reinforcement {}: hex, formation and facing",
                    self.unit_name(*unit)
                ),
            ),
            Some(Step::Close(c)) => {
                let (rule, text) = self.close_prompt(s, c);
                (rule, text)
            }
            Some(Step::Check(req)) => (
                "18.1",
                format!(
                    "roll {}'s {} check (00-99)",
                    self.unit_name(req.unit),
                    kind_code(req.kind)
                ),
            ),
            Some(Step::PlainCheck { req, .. }) => (
                "F-8.1",
                format!(
                    "roll {}'s {} check again (00-99; never a special result)",
                    self.unit_name(req.unit),
                    kind_code(req.kind)
                ),
            ),
            Some(Step::RetreatChoice { unit }) => (
                "20.2g",
                format!(
                    "{}: choose where {} retreats (or which unit takes the loss, or whether a commander goes with it)",
                    Self::side_name(
                        self.units
                            .get(usize::from(*unit))
                            .map_or(Side(0), |u| u.side)
                    ),
                    self.unit_name(*unit)
                ),
            ),
            Some(Step::ModeSetUp { unit, common }) => (
                "F-6.5b",
                format!(
                    "set up {} in its new mode, in {} or next to it",
                    self.unit_name(*unit),
                    super::fhex::label(*common)
                ),
            ),
            Some(Step::RallyForm { unit }) => (
                "19.5e",
                format!(
                    "{}: choose the formation and facing of the rallied {}",
                    Self::side_name(
                        self.units
                            .get(usize::from(*unit))
                            .map_or(Side(0), |u| u.side)
                    ),
                    self.unit_name(*unit)
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
