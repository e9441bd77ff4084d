//! The plain text of each event (`Display`): counters by index; `Fontenoy::describe_event`
//! (view.rs) names them.

use core::fmt;

use super::*;

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
                crate::fontenoy::fhex::label(*hex)
            ),
            Event::ModeSetUp {
                unit,
                hex,
                formation,
                facing,
            } => write!(
                f,
                "unit {unit} changed mode sets up in {} in {formation} facing {facing} (F-6.5b)",
                crate::fontenoy::fhex::label(*hex)
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
            Event::SpecialColumn { nationality } => write!(
                f,
                "the French choose the {} column of the special results",
                nationality.as_str()
            ),
            Event::SpecialChoice {
                result,
                division,
                by,
            } => write!(
                f,
                "the {} choose Division {division} for {}",
                side(by),
                result.name()
            ),
            Event::DetachmentRejoins {
                side: s,
                detachment,
                rejoined,
            } => write!(
                f,
                "the {} Detachment {detachment} {} the main army",
                side(s),
                if *rejoined {
                    "rejoins"
                } else {
                    "does not rejoin"
                }
            ),
            Event::SpecialEffect {
                result,
                division,
                effect,
            } => match division {
                Some(d) => write!(f, "{} on Division {d}: {effect}", result.name()),
                None => write!(f, "{}: {effect}", result.name()),
            },
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
            Event::LowendahlEnters => f.write_str("Lowendahl's Detachment enters the game"),
            Event::LowendahlLead { commander, alone } => write!(
                f,
                "Lowendahl (unit {commander}) {}",
                if *alone {
                    "enters alone"
                } else {
                    "stays with his Detachment"
                }
            ),
            Event::BarryExit { unit } => {
                write!(f, "unit {unit} leaves the Bois de Barry by its north side")
            }
            Event::LowendahlRoll {
                roll,
                marker,
                group,
            } => write!(
                f,
                "Lowendahl's Detachment: {roll} against {marker}: {}",
                match group {
                    Some(0) => "the cavalry appear",
                    Some(_) => "the infantry and artillery appear",
                    None => "nothing appears",
                }
            ),
            Event::InfernalColumn { change, leader } => {
                write!(f, "the Infernal Column: {change:?}")?;
                if let Some(l) = leader {
                    write!(f, " (led by counter {l})")?;
                }
                Ok(())
            }
            Event::WingFailed { wing } => {
                write!(
                    f,
                    "Wing {wing}'s commander fails his Initiative: the activation ends"
                )
            }
            Event::LeaderActivation {
                commander,
                division,
            } => write!(
                f,
                "commander {commander} activates with Division {division} and may add another"
            ),
            Event::CommanderActivation { commander } => write!(
                f,
                "commander {commander} activates on his own and may pick up to five units"
            ),
            Event::ArtilleryHelp { commander, at } => write!(
                f,
                "artillery commander {commander} helps the fire at {at:?}: one column right"
            ),
            Event::CavalryWing { commander } => {
                write!(f, "commander {commander} leads a cavalry Wing Activation")
            }
            Event::CavalryWingFailed { commander } => write!(
                f,
                "commander {commander} fails his Initiative: his Division alone activates, Out of Command"
            ),
            Event::DivisionAdded {
                commander,
                division,
                ..
            } => write!(
                f,
                "Division {division} joins commander {commander}'s activation"
            ),
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
                crate::fontenoy::fhex::label(*to)
            ),
            Event::Faced { unit, facing, cost } => {
                write!(f, "unit {unit} turns to facing {facing} for {cost} MP")
            }
            Event::ForcedMarch { unit, mpo } => {
                write!(f, "unit {unit} declares Forced March: {mpo} MP")
            }
            Event::Wheeled {
                unit,
                pivot,
                facing,
                cost,
            } => write!(
                f,
                "unit {unit} wheels on {} to facing {facing} for {cost} MP",
                crate::fontenoy::fhex::label(*pivot)
            ),
            Event::ColumnTurned {
                unit,
                to,
                facing,
                cost,
            } => write!(
                f,
                "unit {unit} turns its head into {} (facing {facing}) for {cost} MP",
                crate::fontenoy::fhex::label(*to)
            ),
            Event::Resized {
                unit,
                hex,
                hexes,
                extended,
                cost,
            } => write!(
                f,
                "unit {unit} {} {} to {hexes} hex(es) for {cost} MP",
                if *extended {
                    "extends into"
                } else {
                    "gives up"
                },
                crate::fontenoy::fhex::label(*hex)
            ),
            Event::MovedRearward { unit, to, cost } => write!(
                f,
                "unit {unit} moves rearward into {} for {cost} MP",
                crate::fontenoy::fhex::label(*to)
            ),
            Event::LossShifted { unit, from } => write!(
                f,
                "one loss of the enfilade at {} goes to unit {unit}",
                crate::fontenoy::fhex::label(*from)
            ),
            Event::Sidled { unit, to, cost } => write!(
                f,
                "unit {unit} sidles into {} for {cost} MP",
                crate::fontenoy::fhex::label(*to)
            ),
            Event::MovedByHand { unit, to } => write!(
                f,
                "unit {unit} is moved by hand into {}",
                crate::fontenoy::fhex::label(*to)
            ),
            Event::EnteredRedoubt { unit, hex } => write!(
                f,
                "unit {unit} enters the redoubt in {} in General Order",
                crate::fontenoy::fhex::label(*hex)
            ),
            Event::RedoubtPlaced { hex } => write!(
                f,
                "the French place the missing redoubt in {}",
                crate::fontenoy::fhex::label(*hex)
            ),
            Event::BarricadePlaced { hex } => write!(
                f,
                "the French place a barricade in {}",
                crate::fontenoy::fhex::label(*hex)
            ),
            Event::BarricadeRemoved { unit, hex } => write!(
                f,
                "unit {unit} removes the barricade in {}",
                crate::fontenoy::fhex::label(*hex)
            ),
            Event::ExitedField { unit, hex, total } => write!(
                f,
                "unit {unit} leaves the map by {} ({total} Allied SP off)",
                crate::fontenoy::fhex::label(*hex)
            ),
            Event::LeftMap { unit, hex, tournay } => write!(
                f,
                "unit {unit} leaves the map by {} toward {}",
                crate::fontenoy::fhex::label(*hex),
                if *tournay {
                    "Tournay"
                } else {
                    "the supply train"
                }
            ),
            Event::TournayCalled { unit, arrives } => {
                write!(
                    f,
                    "unit {unit} is called from Tournay, arriving on turn {arrives}"
                )
            }
            Event::TournayCheck {
                roll,
                limit,
                sortie,
            } => write!(
                f,
                "Tournay Check: {roll:02} against 00-{:02}: {}",
                limit.saturating_sub(1),
                if *sortie {
                    "a Dutch sortie"
                } else {
                    "no sortie"
                }
            ),
            Event::TournaySentBack { unit } => write!(f, "unit {unit} turns back to Tournay"),
            Event::TournayAnswered { sp } => write!(f, "the sortie is answered with {sp} SP"),
            Event::ModeChanged {
                from,
                to,
                mounted,
                lost_before,
                lost_after,
            } => write!(
                f,
                "units {from:?} {} as units {to:?}, losses {lost_before} -> {lost_after}",
                if *mounted { "mount" } else { "dismount" }
            ),
            Event::PassageOfLines {
                unit,
                hex,
                through,
                why,
                er_mod,
            } => write!(
                f,
                "unit {unit} passes through {through:?} leaving {} ({why}): DC(A) {er_mod:+}",
                crate::fontenoy::fhex::label(*hex)
            ),
            Event::Reordered { unit, top, rule } => {
                let at = if *top { "top" } else { "bottom" };
                write!(f, "unit {unit} goes to the {at} of its group ({rule})")
            }
            Event::LeftGroup { unit } => write!(f, "unit {unit} leaves its group (10.8a)"),
            Event::Split { parent, subunits } => {
                write!(f, "unit {parent} splits into {subunits:?}")
            }
            Event::Rejoin {
                parent,
                roll,
                er,
                passed,
            } => write!(
                f,
                "subunits of unit {parent} roll {roll:02} against ER {er}: {}",
                if *passed { "rejoined" } else { "not rejoined" }
            ),
            Event::EzocRoll {
                unit,
                roll,
                er,
                passed,
            } => write!(
                f,
                "unit {unit} rolls {roll} against ER {er} to enter an enemy ZOC: {}",
                if *passed { "enters" } else { "stops" }
            ),
            Event::Reformation {
                unit,
                formation,
                hexes,
                facing,
                cost,
                ..
            } => write!(
                f,
                "unit {unit} forms {formation} ({hexes} hexes, facing {facing}) for {cost} MP"
            ),
            Event::SegmentEnds { rule } => write!(f, "segment {rule} ends"),
            Event::ActivationComplete => f.write_str("the activation is complete"),
            Event::ReactionOrder {
                unit,
                cavalry_first,
            } => write!(
                f,
                "the {} Reaction to unit {unit} comes first (17.0)",
                if *cavalry_first { "Cavalry" } else { "Fire" }
            ),
            Event::MoraleCheckFirst { unit } => write!(
                f,
                "of the groups tied on ER, unit {unit}'s takes its Morale Check (G) next (14.8b)"
            ),
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
                crate::fontenoy::fhex::label(*target)
            ),
            Event::AttackCancelled { unit, rule } => {
                write!(f, "unit {unit}'s attack does not go in ({rule})")
            }
            Event::Charged { unit, to } => {
                write!(
                    f,
                    "unit {unit} charges into {}",
                    crate::fontenoy::fhex::label(*to)
                )
            }
            Event::ChargeReturned { unit } => {
                write!(f, "unit {unit} reaches nobody and returns Disorder/Shaken")
            }
            Event::Reacted {
                unit,
                facing,
                square,
                formation,
                er_mod,
            } => {
                if let Some(x) = formation {
                    write!(
                        f,
                        "unit {unit} changes to {x:?} facing {facing} (DC(D) +{er_mod})"
                    )
                } else if *square {
                    write!(f, "unit {unit} forms Square (DC(D) +{er_mod})")
                } else {
                    write!(f, "unit {unit} turns to facing {facing} (DC(D) +{er_mod})")
                }
            }
            Event::Countercharged { unit, to } => write!(
                f,
                "unit {unit} countercharges into {}",
                crate::fontenoy::fhex::label(*to)
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
                write!(
                    f,
                    "unit {unit} advances into {}",
                    crate::fontenoy::fhex::label(*to)
                )
            }
            Event::AdvanceFaced { unit, facing } => {
                write!(f, "unit {unit} turns to facing {facing} after advancing")
            }
            Event::NoPursuit { unit, why } => write!(f, "unit {unit} does not pursue ({why})"),
            Event::SpecialPursuit { unit, roll, result } => {
                write!(f, "unit {unit}: Special Pursuit Result {roll}, {result}")
            }
            Event::PursuitPoints { unit, roll, pp } => {
                write!(f, "unit {unit} rolls {roll}: {pp} Pursuit Points")
            }
            Event::Pursued { unit, to } => {
                write!(
                    f,
                    "unit {unit} pursues into {}",
                    crate::fontenoy::fhex::label(*to)
                )
            }
            Event::PursuitEnds { unit, why } => write!(f, "unit {unit}'s pursuit ends ({why})"),
            Event::FreeMoved { unit, to, pp } => write!(
                f,
                "unit {unit} moves freely into {} ({pp} PP left)",
                crate::fontenoy::fhex::label(*to)
            ),
            Event::FreeTurned { unit, facing, pp } => write!(
                f,
                "unit {unit} turns freely to facing {facing} ({pp} PP left)"
            ),
            Event::PursuitSplit { units, to } => write!(
                f,
                "units {units:?} split off to {} over the stacking limit (16.2c)",
                crate::fontenoy::fhex::label(*to)
            ),
            Event::SplitGroupChoice {
                unit,
                mover,
                original,
            } => write!(
                f,
                "unit {unit} attacks the {} group of unit {mover} (17.2d)",
                if *original { "original" } else { "split" }
            ),
            Event::ColumnStands { unit, sp } => write!(
                f,
                "unit {unit}'s Infernal Column turns its R into an M for {sp} SP (F-7.1d C)"
            ),
            Event::CavalryReaction { unit, mover } => {
                write!(
                    f,
                    "unit {unit} makes a Cavalry Reaction against unit {mover}"
                )
            }
            Event::Check {
                unit,
                check,
                roll,
                er,
                passed,
                special,
                ..
            } => {
                write!(
                    f,
                    "unit {unit} {}: rolled {roll} against ER {er}",
                    kind_code(*check)
                )?;
                if let Some(sp) = special {
                    write!(f, ", special result {sp}")?;
                }
                match passed {
                    Some(true) => f.write_str(", passed"),
                    Some(false) => f.write_str(", failed"),
                    None => f.write_str(", roll again"),
                }
            }
            Event::CheckSkipped { unit, check, why } => {
                write!(f, "unit {unit} takes no {}: {why}", kind_code(*check))
            }
            Event::Condition {
                unit,
                disordered,
                morale,
                rule,
            } => write!(
                f,
                "unit {unit} is now {:?}{} ({rule})",
                morale,
                if *disordered { " and Disordered" } else { "" }
            ),
            Event::Routed { unit, rule } => write!(f, "unit {unit} Routs ({rule})"),
            Event::Retreated { unit, to } => {
                write!(
                    f,
                    "unit {unit} retreats into {}",
                    crate::fontenoy::fhex::label(*to)
                )
            }
            Event::RetreatEnds { unit, hexes } => {
                write!(f, "unit {unit} ends its retreat after {hexes} hexes")
            }
            Event::Rallied {
                unit,
                formation,
                facing,
            } => write!(f, "unit {unit} rallies in {formation} facing {facing}"),
            Event::Victoire { unit, on } => write!(
                f,
                "unit {unit} {} a Victoire! marker",
                if *on { "gets" } else { "loses" }
            ),
            Event::FireOpened {
                side: s,
                at,
                strength,
                defense,
                column,
                drm,
                ..
            } => write!(
                f,
                "the {} fire at {}: strength {strength} against {defense}, column {}, {drm:+}",
                side(s),
                crate::fontenoy::fhex::label(*at),
                column.as_deref().unwrap_or("below 1:3")
            ),
            Event::FireRolled {
                at,
                roll,
                modified,
                result,
            } => write!(
                f,
                "fire at {}: rolled {roll:02} ({modified}): {result}",
                crate::fontenoy::fhex::label(*at)
            ),
            Event::DetachmentFormed {
                commander,
                divisions,
            } => write!(
                f,
                "commander {commander} forms a Detachment of Divisions {divisions:?}"
            ),
            Event::CommanderLossResult {
                at,
                result,
                commanders,
            } => write!(
                f,
                "fire at {}: Special Commander Loss Result {result}, commanders {commanders:?}",
                crate::fontenoy::fhex::label(*at)
            ),
            Event::FireSpecial { at, roll, result } => write!(
                f,
                "fire at {}: special result {roll:02}, {result}",
                crate::fontenoy::fhex::label(*at)
            ),
            Event::FireNoEffect { at, why } => {
                write!(
                    f,
                    "fire at {}: no effect ({why})",
                    crate::fontenoy::fhex::label(*at)
                )
            }
            Event::ReactionOffered {
                mover,
                hex,
                trigger,
            } => write!(
                f,
                "unit {mover} in {} may draw a Fire Reaction ({trigger:?})",
                crate::fontenoy::fhex::label(*hex)
            ),
            Event::Reformed {
                unit,
                formation,
                rule,
            } => write!(f, "unit {unit} forms {formation} ({rule})"),
            Event::Shrunk { unit, hexes } => write!(f, "unit {unit} shrinks to {hexes} hex(es)"),
            Event::MoveStopped { unit } => write!(f, "unit {unit} stops moving"),
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
            Event::CommanderJoins { commander, retreat } => write!(
                f,
                "commander {commander} {}",
                if *retreat {
                    "goes with the retreating units"
                } else {
                    "stays with the units that stay"
                }
            ),
            Event::GunsStayed { unit, to } => write!(
                f,
                "unit {unit}, left by its Line, stays in {}",
                crate::fontenoy::fhex::label(*to)
            ),
            Event::CommanderDisplaced { commander, to } => write!(
                f,
                "commander {commander} is displaced to {}",
                crate::fontenoy::fhex::label(*to)
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
            Event::Revenge { side: s } => {
                write!(f, "the {} seek revenge for their King (F-6.9c)", side(s))
            }
            Event::KingCaptured { king, by } => {
                write!(f, "commander {king} is captured by unit {by} (F-6.9c C)")
            }
            Event::RearException { unit, exception } => {
                let why = match exception {
                    1 => "to avoid destruction",
                    2 => "against an especially vulnerable enemy",
                    _ => "to cover the retreat",
                };
                write!(
                    f,
                    "unit {unit} of the retreating army moves freely {why} (exception {exception}, F-5.4c)"
                )
            }
            Event::KingSent { king, to, mp_left } => {
                write!(
                    f,
                    "commander {king} is sent on alone by his captors to {} ({} MP left) (F-6.9c C)",
                    crate::fontenoy::fhex::label(*to),
                    crate::fontenoy::types::Pts(*mp_left)
                )
            }
            Event::KingRecovered { king, by } => {
                write!(f, "commander {king} is recovered by unit {by} (F-6.9c C)")
            }
            Event::DissolutionDeclared { division } => write!(
                f,
                "Division {division} will be dissolved when Ligonier or Cumberland activates (F-4.2d)"
            ),
            Event::DivisionDissolved {
                division,
                commander,
            } => match commander {
                Some(c) => write!(
                    f,
                    "Division {division} is dissolved: commander {c} leaves the game, its units are Independents (F-4.2d)"
                ),
                None => write!(f, "Division {division} is dissolved (F-4.2d)"),
            },
            Event::ArmyRetreat { side: s, rule } => {
                write!(f, "the {} declare an Army Retreat ({rule})", side(s))
            }
            Event::Arrived { unit, hex } => {
                write!(
                    f,
                    "unit {unit} arrives in {}",
                    crate::fontenoy::fhex::label(*hex)
                )
            }
            Event::PlaceTaken { unit, place } => write!(f, "unit {unit} takes {place}"),
            Event::PistolFire { firers, at } => write!(
                f,
                "{} cavalry units fire their pistols at {} (1:3)",
                firers.len(),
                crate::fontenoy::fhex::label(*at)
            ),
            Event::PerimeterBreach { breached, units } => write!(
                f,
                "the French Perimeter is {} ({units} Allied units through it)",
                if *breached {
                    "breached"
                } else {
                    "no longer breached"
                }
            ),
            Event::GameOver { winner, level } => match winner {
                Some(s) => write!(f, "game over: {} ({level})", side(s)),
                None => write!(f, "game over: {level}"),
            },
        }
    }
}
