//! Event lines for close combat with the scenario's names (view.rs calls these first).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::fontenoy::Fontenoy;
use crate::fontenoy::event::Event;
use crate::fontenoy::fhex::label;
use crate::fontenoy::units::UnitId;

impl Fontenoy {
    pub(crate) fn names(&self, units: &[UnitId]) -> String {
        let v: Vec<String> = units.iter().map(|&u| self.unit_name(u)).collect();
        v.join(", ")
    }

    /// A close combat event's line, if `e` is one.
    pub(crate) fn describe_close(&self, e: &Event) -> Option<String> {
        let n = |u: &UnitId| self.unit_name(*u);
        Some(match e {
            Event::AttackDeclared {
                unit,
                target,
                charge,
            } => format!(
                "{} is designated to {} {} (13.1)",
                n(unit),
                if *charge { "charge" } else { "attack" },
                label(*target)
            ),
            Event::AttackCancelled { unit, rule } => {
                format!("{}'s attack does not go in ({rule})", n(unit))
            }
            Event::Charged { unit, to } => format!("{} charges into {}", n(unit), label(*to)),
            Event::ReactionOrder {
                unit,
                cavalry_first,
            } => format!(
                "the {} Reaction to {} comes first (17.0)",
                if *cavalry_first { "Cavalry" } else { "Fire" },
                n(unit)
            ),
            Event::MoraleCheckFirst { unit } => format!(
                "of the groups tied on ER, {}'s takes its Morale Check (G) next (14.8b)",
                n(unit)
            ),
            Event::ChargeReturned { unit } => format!(
                "{} reaches no enemy and returns to its start, Disorder/Shaken (13.3e)",
                n(unit)
            ),
            Event::Reacted {
                unit,
                facing,
                square,
                formation,
                er_mod,
            } => {
                if let Some(f) = formation {
                    format!(
                        "{} changes to {f} facing {facing} in reaction; DC(D) at +{er_mod} (13.4b)",
                        n(unit)
                    )
                } else if *square {
                    format!(
                        "{} forms Square in reaction; DC(D) at +{er_mod} (13.4)",
                        n(unit)
                    )
                } else {
                    format!(
                        "{} turns to facing {facing} in reaction; DC(D) at +{er_mod} (13.4)",
                        n(unit)
                    )
                }
            }
            Event::Countercharged { unit, to } => {
                format!("{} countercharges into {} (13.5)", n(unit), label(*to))
            }
            Event::Committed { unit } => format!("{} is committed to the combat (13.8)", n(unit)),
            Event::RetreatBeforeCombat { unit } => {
                format!("{} Retreats Before Close Combat (13.9)", n(unit))
            }
            Event::CombatDesignated {
                attackers,
                defenders,
            } => format!(
                "close combat: {} attack {}",
                self.names(attackers),
                self.names(defenders)
            ),
            Event::DefensiveFireDue {
                defenders,
                attackers,
            } => format!(
                "Defensive Fire is due (13.10): {} against {}",
                self.names(defenders),
                self.names(attackers)
            ),
            Event::CombatBonus { commander } => {
                format!("{} adds his Combat Bonus (21.2b)", n(commander))
            }
            Event::CloseState {
                unit,
                disordered,
                morale,
                rule,
            } => format!(
                "{} is {morale:?}{} ({rule})",
                n(unit),
                if *disordered { " and Disordered" } else { "" }
            ),
            Event::Advanced { unit, to } => {
                format!("{} advances into {} (15.1)", n(unit), label(*to))
            }
            Event::AdvanceFaced { unit, facing } => {
                format!(
                    "{} turns to facing {facing} after its advance (15.1g)",
                    n(unit)
                )
            }
            Event::NoPursuit { unit, why } => format!("{} does not pursue ({why})", n(unit)),
            Event::SpecialPursuit { unit, roll, result } => {
                format!(
                    "{}: Special Pursuit Result {roll}, {result} (F-8.4)",
                    n(unit)
                )
            }
            Event::PursuitPoints { unit, roll, pp } => {
                format!(
                    "{} rolls {roll} for pursuit: {pp} Pursuit Points (16.2a)",
                    n(unit)
                )
            }
            Event::Pursued { unit, to } => format!("{} pursues into {}", n(unit), label(*to)),
            Event::PursuitEnds { unit, why } => format!("{}'s pursuit ends ({why})", n(unit)),
            Event::FreeMoved { unit, to, pp } => format!(
                "{} moves freely into {} after its pursuit, {pp} PP left (16.2b)",
                n(unit),
                label(*to)
            ),
            Event::FreeTurned { unit, facing, pp } => format!(
                "{} turns freely to facing {facing} after its pursuit, {pp} PP left (16.2b)",
                n(unit)
            ),
            Event::PursuitSplit { units, to } => format!(
                "{} split off to {}: the pursuers are over the stacking limit (16.2c)",
                self.names(units),
                self.label(*to)
            ),
            Event::SplitGroupChoice {
                unit,
                mover,
                original,
            } => format!(
                "{} attacks the {} group of {} (17.2d)",
                n(unit),
                if *original { "original" } else { "split" },
                n(mover)
            ),
            Event::ColumnStands { unit, sp } => format!(
                "the Infernal Column with {} stands: its R becomes an M for {sp} SP in all (F-7.1d C)",
                n(unit)
            ),
            Event::CavalryReaction { unit, mover } => format!(
                "{} makes a Cavalry Reaction against {} (17)",
                n(unit),
                n(mover)
            ),
            _ => return None,
        })
    }
}
