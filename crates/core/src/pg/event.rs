//! What happens in a pg game, each event with its rule number. Events name pieces by index;
//! [`super::Pg`] renders them with counter names (`Rules::describe_event`).

use alloc::string::String;

use serde::{Deserialize, Serialize};

use super::state::{ArmyStatus, Morale, Phase, Piece};
use crate::engine::{EventInfo, Side};

pub use super::rules_list::Rule;
use crate::hex::Hex;

/// One event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A new game turn (3.0).
    TurnBegins {
        /// Turn number.
        turn: u8,
    },
    /// A player turn begins (3.0).
    PlayerTurn {
        /// The Active player.
        side: Side,
    },
    /// A phase begins.
    PhaseBegins {
        /// The phase.
        phase: Phase,
    },
    /// An activation attempt (4.1.1) or CdOA attempt (4.1.3).
    ActivationRoll {
        /// Side.
        side: Side,
        /// Die.
        roll: u8,
        /// Die + initiative.
        total: u8,
        /// Needed total.
        needed: u8,
        /// AM paid.
        cost: i16,
        /// 4.1.1 or 4.1.3.
        rule: Rule,
    },
    /// An army or detachment is activated.
    Activated {
        /// Side.
        side: Side,
        /// Detachment group index, or none for the army.
        detachment: Option<u8>,
        /// Why (4.1.1, 4.1.2, 4.1.3, 4.3).
        rule: Rule,
    },
    /// A player turn is skipped because the army is not activated (4.1.1).
    TurnSkipped {
        /// Side.
        side: Side,
    },
    /// A wing deployed from column (7.6.2) or after forced deployment (7.6.3).
    Deployed {
        /// Wing.
        wing: u8,
        /// 7.6.2 or 7.6.3.
        rule: Rule,
    },
    /// A wing went In Column (7.6).
    InColumn {
        /// Wing.
        wing: u8,
    },
    /// A unit is out of command (4.2.2).
    OutOfCommand {
        /// Unit.
        unit: u16,
    },
    /// A unit traces command to the Army Commander (4.2.2).
    TracedToCommander {
        /// Unit.
        unit: u16,
    },
    /// A group's command roll (4.5).
    GroupRoll {
        /// Group.
        group: u8,
        /// Die.
        roll: u8,
        /// Rating.
        rating: u8,
        /// Effective?
        effective: bool,
    },
    /// A special leader's roll for a wing (4.5).
    SpecialRoll {
        /// Leader.
        leader: u16,
        /// Wing.
        wing: u8,
        /// Die.
        roll: u8,
        /// Success.
        effective: bool,
    },
    /// A counter moved one hex (7.3) or routed/retreated one hex (7.1, 10.9).
    Moved {
        /// The counter.
        piece: Piece,
        /// From.
        #[serde(with = "super::pghex")]
        from: Hex,
        /// To.
        #[serde(with = "super::pghex")]
        to: Hex,
        /// MP spent so far this phase.
        mp: u8,
        /// 7.3, 7.1 or 10.9.
        rule: Rule,
    },
    /// A unit changed its place in its stack (5.4).
    Reordered {
        /// Unit.
        unit: u16,
    },
    /// A Locked marker was placed (7.2) or flipped to its penalty side (6.3).
    Locked {
        /// Hex.
        #[serde(with = "super::pghex")]
        hex: Hex,
        /// Flipped to the penalty side.
        penalty: bool,
    },
    /// Forced deployment rolls (7.6.3).
    ForcedDeployment {
        /// Wing.
        wing: u8,
        /// IC side total.
        ic_total: u8,
        /// Mover's total.
        mover_total: u8,
        /// Deployed.
        deployed: bool,
    },
    /// A bombardment (8.3).
    Bombardment {
        /// Target.
        #[serde(with = "super::pghex")]
        target: Hex,
        /// Total BS.
        strength: u8,
        /// Die.
        roll: u8,
        /// Total DRM.
        drm: i8,
        /// Result.
        result: String,
    },
    /// A rally attempt (9.4).
    Rally {
        /// Unit.
        unit: u16,
        /// Die.
        roll: u8,
        /// Adjusted MR.
        target: i8,
        /// Recovered one level.
        success: bool,
    },
    /// A morale check (9.3).
    MoraleCheck {
        /// Unit.
        unit: u16,
        /// Die.
        roll: u8,
        /// Modified MR.
        target: i8,
    },
    /// A close combat (10.3, 10.5, 10.6).
    CloseCombat {
        /// Attacker SP counted.
        attacker_sp: u16,
        /// Defender SP counted.
        defender_sp: u16,
        /// Column, e.g. "3-2".
        odds: String,
        /// Total DRM.
        drm: i8,
        /// Die.
        roll: u8,
        /// Result.
        result: String,
    },
    /// A leader loss check (10.7, provisional table).
    LeaderCheck {
        /// Leader.
        leader: u16,
        /// Die.
        roll: u8,
        /// Lost.
        lost: bool,
    },
    /// A unit lost a step (10.8.1.1, 10.9.1, 10.8.3.1).
    StepLost {
        /// Unit.
        unit: u16,
        /// Steps left.
        steps: u8,
        /// Rule.
        rule: Rule,
    },
    /// A unit was eliminated.
    Eliminated {
        /// Unit.
        unit: u16,
        /// Rule.
        rule: Rule,
    },
    /// A unit was captured.
    Captured {
        /// Unit.
        unit: u16,
        /// Rule.
        rule: Rule,
    },
    /// A unit's morale state changed.
    Morale {
        /// Unit.
        unit: u16,
        /// New state.
        to: Morale,
        /// Rule.
        rule: Rule,
    },
    /// Loss points to satisfy (10.8.1).
    LossPoints {
        /// Side.
        side: Side,
        /// LP.
        lp: u8,
    },
    /// An army's morale after the adjustment (13, provisional).
    ArmyMorale {
        /// Side.
        side: Side,
        /// AM.
        am: i16,
        /// Status.
        status: ArmyStatus,
    },
    /// The game ended (provisional victory rules).
    GameOver {
        /// Winner.
        winner: Option<Side>,
        /// Level.
        level: String,
    },
}

impl EventInfo for Event {
    fn rule(&self) -> &str {
        match self {
            Event::TurnBegins { .. } | Event::PlayerTurn { .. } | Event::PhaseBegins { .. } => {
                "3.0"
            }
            Event::ActivationRoll { rule, .. } | Event::Activated { rule, .. } => rule.0,
            Event::TurnSkipped { .. } => "4.1.1",
            Event::Deployed { rule, .. } => rule.0,
            Event::InColumn { .. } => "7.6",
            Event::OutOfCommand { .. } | Event::TracedToCommander { .. } => "4.2.2",
            Event::GroupRoll { .. } | Event::SpecialRoll { .. } => "4.5",
            Event::Moved { rule, .. } => rule.0,
            Event::Reordered { .. } => "5.4",
            Event::Locked { penalty: false, .. } => "7.2",
            Event::Locked { penalty: true, .. } => "6.3",
            Event::ForcedDeployment { .. } => "7.6.3",
            Event::Bombardment { .. } => "8.3",
            Event::Rally { .. } => "9.4",
            Event::MoraleCheck { .. } => "9.3",
            Event::CloseCombat { .. } => "10.6",
            Event::LeaderCheck { .. } => "10.7",
            Event::StepLost { rule, .. }
            | Event::Eliminated { rule, .. }
            | Event::Captured { rule, .. }
            | Event::Morale { rule, .. } => rule.0,
            Event::LossPoints { .. } => "10.8.1",
            Event::ArmyMorale { .. } => "13",
            Event::GameOver { .. } => "victory (provisional)",
        }
    }
}
