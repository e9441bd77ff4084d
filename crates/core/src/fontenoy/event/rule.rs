//! The rule number behind each event (DESIGN: events).

use super::Event;
use crate::fontenoy::state::CheckKind;

impl Event {
    /// The rule behind the event.
    pub const fn rule_of(&self) -> &'static str {
        match self {
            Event::Deployed { .. } => "F-10.0c",
            Event::ModeSetUp { .. } => "F-6.5b",
            Event::TurnBegins { .. } | Event::TurnEnds => "4.0",
            Event::Initiative { .. } | Event::InitiativeWon { .. } => "6.1",
            Event::EndOfTurn => "6.7",
            Event::Reroll { double_zero: true } => "4.0B",
            Event::Reroll { .. } => "6.1c",
            Event::SpecialInitiative { .. } => "6.9",
            Event::DetachmentRejoins { .. } => "24.3a",
            Event::SpecialColumn { .. } => "F-8.1",
            Event::SpecialChoice { result, .. } | Event::SpecialEffect { result, .. } => {
                result.rule()
            }
            Event::Activated { .. } => "6.3",
            Event::InfernalColumn { change, .. } => change.rule(),
            Event::LowendahlEnters | Event::LowendahlLead { .. } | Event::BarryExit { .. } => {
                "F-3.8d A"
            }
            Event::LowendahlRoll { .. } => "F-3.8d B",
            Event::WingFailed { .. } => "7.4b",
            Event::CavalryWing { .. } => "F-3.4a",
            Event::ArtilleryHelp { .. } => "F-3.3d",
            Event::LeaderActivation { .. } => "F-3.3f",
            Event::CommanderActivation { .. } => "F-3.3e",
            Event::CavalryWingFailed { .. } => "F-3.4b",
            Event::DivisionAdded { by, .. } => by.rule(),
            Event::Joined { .. } => "6.6",
            Event::Attached { .. } => "6.4",
            Event::InitiativeCheck { .. } => "7.4",
            Event::Moved { .. } => "11.1",
            Event::Faced { .. } => "9.2",
            Event::ForcedMarch { .. } => "11.4a",
            Event::Wheeled { .. } => "9.4b",
            Event::ColumnTurned { .. } => "9.4a",
            Event::Resized { .. } => "11.5",
            Event::MovedRearward { .. } => "11.7",
            Event::MovedByHand { .. } => "11.6",
            Event::Sidled { .. } => "F-7.1e A",
            Event::LossShifted { .. } => "F-5.1b",
            Event::BarricadeRemoved { .. } | Event::BarricadePlaced { .. } => "F-3.6",
            Event::EnteredRedoubt { .. } => "F-3.5a",
            Event::RedoubtPlaced { .. } => "F-6.2",
            Event::LeftMap { tournay: true, .. } => "F-6.6c",
            Event::ExitedField { .. } => "F-10.3e",
            Event::LeftMap { .. } => "F-4.4",
            Event::TournayCalled { .. } => "F-6.6a",
            Event::TournayCheck { .. } => "F-6.6b",
            Event::TournaySentBack { .. } | Event::TournayAnswered { .. } => "F-6.6c",
            Event::ModeChanged { .. } => "F-6.5b",
            Event::EzocRoll { .. } => "11.9c",
            Event::PassageOfLines { .. } => "10.7a",
            Event::Reordered { top: false, .. } => "10.6i",
            Event::Reordered { .. } => "10.6f",
            Event::LeftGroup { .. } => "10.8a",
            Event::Split { .. } => "8.5a",
            Event::Rejoin { .. } => "8.5b",
            Event::Reformation { .. } => "8.4",
            Event::Command { .. } => "7.6",
            Event::SegmentEnds { .. } | Event::ActivationComplete => "4.0C",
            Event::RallyOrder { .. } => "4.0D",
            Event::MoraleCheckFirst { .. } => "14.8b",
            Event::ReactionOrder { .. } => "17.0",
            Event::GameOver { .. } => "F-10.0",
            Event::PistolFire { .. } => "F-7.9",
            Event::PerimeterBreach { .. } => "F-6.8",
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
            Event::AdvanceFaced { .. } => "15.1g",
            Event::NoPursuit { .. } => "16.1b",
            Event::SpecialPursuit { .. } => "F-8.4",
            Event::PursuitPoints { .. } => "16.2a",
            Event::Pursued { .. }
            | Event::PursuitEnds { .. }
            | Event::FreeMoved { .. }
            | Event::FreeTurned { .. } => "16.2b",
            Event::PursuitSplit { .. } => "16.2c",
            Event::CavalryReaction { .. } => "17.2a",
            Event::SplitGroupChoice { .. } => "17.2d",
            Event::ColumnStands { .. } => "F-7.1d",
            Event::Check {
                check: CheckKind::Disorder(_),
                ..
            } => "18.1a",
            Event::Check { .. } => "19.1a",
            Event::CheckSkipped { .. } => "19.1f",
            Event::Condition { .. } => "19.1c",
            Event::Routed { .. } => "19.1c",
            Event::Retreated { .. } | Event::RetreatEnds { .. } => "20.2",
            Event::Rallied { .. } => "19.5",
            Event::Victoire { .. } => "F-8.3c",
            Event::FireOpened { .. } | Event::FireRolled { .. } | Event::FireNoEffect { .. } => {
                "12.1"
            }
            Event::FireSpecial { .. } => "12.11",
            Event::CommanderLossResult { .. } => "F-8.8",
            Event::DetachmentFormed { .. } => "F-7.8a",
            Event::ReactionOffered { .. } => "12.8",
            Event::Reformed { .. } => "12.9j",
            Event::Shrunk { .. } => "11.5i",
            Event::MoveStopped { .. } => "18.5d",
            Event::CommanderLossCheck { .. } => "21.4a",
            Event::CommanderWounded { .. } => "21.4c",
            Event::CommanderKilled { .. } => "21.4b",
            Event::CommanderUnemployed { .. } => "21.7",
            Event::CommanderReplaced { .. } => "21.5a",
            Event::CommanderPlaced { .. } => "21.5e",
            Event::NewCinc { .. } => "21.6",
            Event::CommanderDisplaced { .. } => "21.1b",
            Event::GunsStayed { .. } => "10.4e",
            Event::CommanderJoins { .. } => "21.2c",
            Event::RatingSpent { .. } => "23.2b",
            Event::ArmyMorale { .. } => "23.2a",
            Event::Revenge { .. } => "F-6.9c",
            Event::RearException { .. } => "F-5.4c",
            Event::KingCaptured { .. } | Event::KingRecovered { .. } | Event::KingSent { .. } => {
                "F-6.9c C"
            }
            Event::DissolutionDeclared { .. } | Event::DivisionDissolved { .. } => "F-4.2d",
            Event::ArmyRetreat { .. } => "F-2.2",
            Event::Arrived { .. } => "22.1",
            Event::PlaceTaken { .. } => "F-10.0",
        }
    }
}
