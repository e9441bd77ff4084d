//! The records of the Fontenoy activations led by a special leader: a French cavalry Wing
//! under a Lieutenant General (F-3.4), a Wing Commander bringing another Division into his
//! Wing Activation (F-2.6b), a Flexible Division's units activated as Independents (F-2.1).

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::fontenoy::units::{DivId, UnitId};

/// Who leads an activation beyond its Divisions' own commanders, and what he added to it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lead {
    /// F-3.4a: the French cavalry Lieutenant General acting as Wing Commander.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cavalry: Option<UnitId>,
    /// F-3.3f, F-4.2c: Lowendahl or Waldeck leading two Divisions in this activation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<UnitId>,
    /// F-3.3e: Richelieu activated on his own as a Division Commander.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub richelieu: Option<UnitId>,
    /// Divisions added to the activation after it began (F-2.6b, F-3.4a), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<DivId>,
    /// F-2.1: Flexible Division units activated as Independents with this activation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flexible: Vec<UnitId>,
}

impl Lead {
    /// Nothing recorded (an ordinary activation).
    pub fn is_empty(&self) -> bool {
        self.cavalry.is_none()
            && self.leader.is_none()
            && self.richelieu.is_none()
            && self.added.is_empty()
            && self.flexible.is_empty()
    }
}

/// A pending step of a led activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WingStep {
    /// F-3.4a, 7.4b: the cavalry Lieutenant General's Initiative roll for his Wing Activation
    /// (beyond the CinC's Line of Command): a d10.
    CavalryInitiative {
        /// The commander.
        commander: UnitId,
    },
}
