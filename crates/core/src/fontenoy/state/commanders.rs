//! What the commanders' special rules remember: Louis XV in enemy hands (F-6.9c C), and
//! Divisions dissolved in play (F-4.2d).

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::fontenoy::units::{DivId, UnitId};

/// F-6.9c C: the King's capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KingCapture {
    /// He is in enemy hands now.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub held: bool,
    /// The enemy unit he moves with, while it stands with him.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escort: Option<UnitId>,
    /// He has been captured (or killed) once: a later capture costs the army nothing more.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub taken: bool,
}

impl KingCapture {
    /// Nothing has happened.
    pub fn is_empty(&self) -> bool {
        *self == KingCapture::default()
    }
}

/// F-4.2d: the Division membership that changes in play: Divisions dissolved (their units
/// Independents from then on) and a dissolution declared, to take effect later.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrgChanges {
    /// The Divisions dissolved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dissolved: Vec<DivId>,
    /// A Division whose dissolution is declared, effective when Ligonier or Cumberland
    /// activates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared: Option<DivId>,
    /// The turn index whose start asked whether to declare it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asked: Option<u16>,
}

impl OrgChanges {
    /// Nothing has changed.
    pub fn is_empty(&self) -> bool {
        *self == OrgChanges::default()
    }

    /// Whether Division `d` has been dissolved.
    pub fn dissolved(&self, d: DivId) -> bool {
        self.dissolved.contains(&d)
    }
}
