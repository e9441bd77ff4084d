//! The records of the Special Initiative Results (6.9, F-8.2) and of Detachments (24.0,
//! F-7.8): what is pending, what an extra activation may do, and what has been used this turn.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::Act;
use crate::engine::Side;
use crate::fontenoy::units::{DivId, UnitId};

/// The Special Initiative Results of F-8.2, as the Special Results Table names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialResult {
    /// F-8.2a: one Division may get an extra Movement Segment.
    LeaderInitiative,
    /// F-8.2b: the opponent picks a Division, which may be FINISHED (`dutch`: a Dutch one).
    DivisionalConfusion {
        /// Only a Dutch Division may be chosen.
        dutch: bool,
    },
    /// F-8.2c: one Division gets an extra Fire or Close Combat Segment.
    FreeCombat,
    /// F-8.2d: one Division's units recover from Disorder and rally.
    SpecialRally,
    /// F-8.2e: the opponent picks a Division, which may be activated at half MP.
    CommandLethargy {
        /// Only a Dutch Division may be chosen.
        dutch: bool,
    },
    /// F-8.2f: the Allies pick a French Division, which may have to attack.
    ViveLeRoi,
    /// F-8.2g: the opponent picks an unactivated Division, which activates at once.
    HastyOrders,
    /// F-8.2h: an Army Morale Check (F-2.12).
    ArmyMorale,
}

impl SpecialResult {
    /// The result's rule.
    pub const fn rule(self) -> &'static str {
        match self {
            SpecialResult::LeaderInitiative => "F-8.2a",
            SpecialResult::DivisionalConfusion { .. } => "F-8.2b",
            SpecialResult::FreeCombat => "F-8.2c",
            SpecialResult::SpecialRally => "F-8.2d",
            SpecialResult::CommandLethargy { .. } => "F-8.2e",
            SpecialResult::ViveLeRoi => "F-8.2f",
            SpecialResult::HastyOrders => "F-8.2g",
            SpecialResult::ArmyMorale => "F-8.2h",
        }
    }

    /// The result's name on the table.
    pub const fn name(self) -> &'static str {
        match self {
            SpecialResult::LeaderInitiative => "Leader Initiative",
            SpecialResult::DivisionalConfusion { dutch: false } => "Divisional Confusion",
            SpecialResult::DivisionalConfusion { dutch: true } => "Dutch Divisional Confusion",
            SpecialResult::FreeCombat => "Free Combat Segment",
            SpecialResult::SpecialRally => "Special Rally",
            SpecialResult::CommandLethargy { dutch: false } => "Command Lethargy",
            SpecialResult::CommandLethargy { dutch: true } => "Dutch Command Lethargy",
            SpecialResult::ViveLeRoi => "Vive le Roi! Unauthorized Attack",
            SpecialResult::HastyOrders => "On y va! Hasty Orders",
            SpecialResult::ArmyMorale => "Army Morale",
        }
    }

    /// Whether the opponent of the side the result belongs to makes its choice (F-8.2b,
    /// F-8.2e, F-8.2f, F-8.2g); the side itself chooses for the others.
    pub const fn opponent_chooses(self) -> bool {
        matches!(
            self,
            SpecialResult::DivisionalConfusion { .. }
                | SpecialResult::CommandLethargy { .. }
                | SpecialResult::ViveLeRoi
                | SpecialResult::HastyOrders
        )
    }
}

/// A pending step of a Special Initiative Result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SpecialStep {
    /// A Division is chosen for the result (by `side`, or by its opponent:
    /// [`SpecialResult::opponent_chooses`]).
    Pick {
        /// The result.
        result: SpecialResult,
        /// The side the result belongs to (6.9a: the one whose die was not 0).
        side: Side,
    },
    /// The chosen Division's commander rolls his Initiative (a d10, at most his rating to pass).
    Roll {
        /// The result.
        result: SpecialResult,
        /// The side the result belongs to.
        side: Side,
        /// The chosen Division.
        division: DivId,
    },
    /// In the Rally Phase, `side` decides whether Detachment `detachment` rejoins the main
    /// army (24.3a).
    Rejoin {
        /// The side.
        side: Side,
        /// The Detachment (index into [`SpecialLog::detachments`]).
        detachment: u8,
    },
}

/// What an activation made by a Special Initiative Result may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialKind {
    /// F-8.2a: a Movement Segment only.
    LeaderMove,
    /// F-8.2c: a Fire Combat Segment only.
    FreeFire,
    /// F-8.2c: a Close Combat Segment only.
    FreeClose,
    /// F-8.2e: half MP, no Forced March, no close combat, no attachments or Independents.
    Lethargy,
    /// F-8.2f: −10 on the MC(B) before close combat.
    ViveLeRoi,
    /// F-8.2g: no Independents.
    HastyOrders,
}

/// An activation made by a Special Initiative Result (kept in [`SpecialLog::act`] while the
/// activation lasts).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialAct {
    /// What it may do.
    pub kind: SpecialKind,
    /// The counters it activated and the activation state each goes back to when it is over
    /// (F-8.2a, F-8.2c: an unactivated Division stays unactivated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restore: Vec<(UnitId, Act)>,
    /// The Division's "activated this turn" mark to restore, if it is restored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub division_done: Option<(DivId, bool)>,
    /// F-8.2f: the units of the Vive le Roi! Division that have moved (changed place) in this
    /// activation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moved: Vec<UnitId>,
    /// F-8.2f: the units of the Vive le Roi! Division that Forced March would let attack,
    /// found as the Movement Segment begins: they declare it before they move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub must_force: Vec<UnitId>,
}

/// A Detachment (24.1a): a Detachment Commander acting as CinC for some Divisions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Detachment {
    /// Its side.
    pub side: Side,
    /// The Detachment Commander.
    pub commander: UnitId,
    /// Its Divisions.
    pub divisions: Vec<DivId>,
    /// Its Independent units (24.2a: activated with its Divisions).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub independents: Vec<UnitId>,
    /// Rejoined the main army (24.3c): no longer a Detachment.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub rejoined: bool,
    /// Restricted for the rest of the turn (24.2b).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub restricted: bool,
}

/// What the Special Initiative Results and Detachments have used this turn and hold now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialLog {
    /// Divisions under a Leader Initiative marker (F-8.2a: once a turn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leader: Vec<DivId>,
    /// Divisions under a Free Combat Segment marker (F-8.2c: once a turn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub free_combat: Vec<DivId>,
    /// French Divisions that made a Vive le Roi! attack this turn (F-8.2f: once a turn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vive: Vec<DivId>,
    /// The activation under way was made by a Special Initiative Result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub act: Option<SpecialAct>,
    /// The Detachments (24.0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub detachments: Vec<Detachment>,
    /// F-7.8a: the Divisions of the Allied Detachment being formed before play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forming: Vec<DivId>,
    /// The Detachment whose Division each side activated last, if its last activation was one
    /// (24.2b).
    #[serde(default)]
    pub last_detachment: [Option<u8>; 2],
}

impl SpecialLog {
    /// Nothing recorded.
    pub fn is_empty(&self) -> bool {
        *self == SpecialLog::default()
    }
}
