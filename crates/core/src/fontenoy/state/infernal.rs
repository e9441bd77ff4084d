//! The record of the Infernal Column (F-7.1) and of its decisions: whether it has been
//! declared, who leads it, whether it has activated this turn, and the Allied player's
//! choices at the start of a turn.

use serde::{Deserialize, Serialize};

use crate::fontenoy::units::UnitId;

/// The Infernal Column while it exists (F-7.1a–F-7.1f).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Column {
    /// Cumberland, who declared it and leads it (7.1b).
    pub cumberland: UnitId,
    /// Ligonier, who leads it while Cumberland is wounded and may keep it going (7.1f A).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ligonier: Option<UnitId>,
    /// It has activated this turn (7.1a B).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub activated: bool,
    /// Ligonier keeps it going after Cumberland's death or an Allied Army Retreat (7.1f A–B):
    /// he leads it and rolls his Initiative at the start of every turn.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub kept: bool,
}

/// What the Infernal Column has been so far in this game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfernalLog {
    /// The column, while it exists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<Column>,
    /// It has been declared at some time (F-5.2a H).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub used: bool,
    /// It has ended (7.1f); it is not declared again (a reading).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub ended: bool,
    /// The turn index whose start-of-turn decisions (7.1a) have been made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asked: Option<u16>,
}

impl InfernalLog {
    /// Nothing has happened yet.
    pub fn is_empty(&self) -> bool {
        *self == InfernalLog::default()
    }
}

/// A pending step of the Infernal Column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum InfernalStep {
    /// At the start of a turn the Allied player may declare it (7.1a A).
    Declare,
    /// At the start of a turn it activates first, or the Allied player delays it, or ends it
    /// (7.1a B, 7.1f C).
    Start,
    /// Ligonier's Initiative roll to keep it going (7.1f A–B): a d10, at most his rating.
    Hold {
        /// Ligonier.
        commander: UnitId,
    },
}

/// The Allied player's choices about the Infernal Column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InfernalChoice {
    /// Declare it now (7.1a A).
    Declare,
    /// Not this turn (7.1a A).
    Decline,
    /// It activates now: first at the start of a turn (7.1a B), or by a Wing Activation.
    Activate,
    /// Delay it this turn (7.1a B).
    Delay,
    /// End it (7.1f C).
    End,
    /// Turn the column's 1R–3R close combat result into 1M–3M for 1 SP more (7.1d C).
    Stand,
}

/// What happened to the Infernal Column, for the event log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InfernalChange {
    /// Declared (7.1a A).
    Declared,
    /// Activated (7.1a B).
    Activated,
    /// Delayed this turn (7.1a B).
    Delayed,
    /// Ligonier keeps it going (7.1f A–B).
    Kept,
    /// It ends (7.1f).
    Ended,
}

impl InfernalChange {
    /// The rule of the change.
    pub const fn rule(self) -> &'static str {
        match self {
            InfernalChange::Declared => "F-7.1a A",
            InfernalChange::Activated | InfernalChange::Delayed => "F-7.1a B",
            InfernalChange::Kept => "F-7.1f A",
            InfernalChange::Ended => "F-7.1f",
        }
    }
}
