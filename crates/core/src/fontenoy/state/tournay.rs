//! The record of Tournay (optional rule F-6.6): which besieging units the French have called
//! and when, what the Dutch sortie check has found, and which units answered a sortie.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::super::units::UnitId;

/// What has happened at Tournay so far (F-6.6a–c).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournayLog {
    /// The units called from the siege and the turn index of their call (F-6.6a).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub called: Vec<(UnitId, u16)>,
    /// The combat units withdrawn (F-6.6b: +2 each to the sortie's chance).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub units_out: u8,
    /// Their SP when they were withdrawn (F-6.6c: the SP the French must send back).
    #[serde(default, skip_serializing_if = "is_zero16")]
    pub sp_out: u16,
    /// The last turn index whose Tournay Activation step is over (F-2.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activation_done: Option<u16>,
    /// The last turn index whose Tournay Check was rolled (F-6.6b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<u16>,
    /// The turn index of the Dutch sortie (F-6.6b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sortie: Option<u16>,
    /// The units sent back toward Tournay (F-6.6c): those still on the reinforcement track
    /// at the sortie, and those that left the map by a Tournay exit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub returned: Vec<UnitId>,
    /// The SP sent back so far (F-6.6c).
    #[serde(default, skip_serializing_if = "is_zero16")]
    pub sp_back: u16,
    /// The sortie has been answered in time (F-6.6c).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub answered: bool,
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

fn is_zero16(v: &u16) -> bool {
    *v == 0
}

impl TournayLog {
    /// Nothing has happened yet.
    pub fn is_empty(&self) -> bool {
        *self == TournayLog::default()
    }

    /// The turn index `u` was called on, if it was.
    pub fn called_on(&self, u: UnitId) -> Option<u16> {
        self.called.iter().find(|c| c.0 == u).map(|c| c.1)
    }
}
