//! The turn's record of the artillery commanders (F-3.3d, F-4.2f): who helped a Fire Combat
//! Segment's fire (he may not move in that activation, F-3.3d C) and who moved this turn (he
//! then helps only Defensive Fire for the rest of the turn).

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::fontenoy::units::UnitId;

/// What the artillery commanders did this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryLog {
    /// Helped a fire in his activation's Fire Combat Segment (F-3.3d C, F-4.2f B).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fired: Vec<UnitId>,
    /// Moved in his activation this turn (F-3.3d C, F-4.2f B).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moved: Vec<UnitId>,
}

impl ArtilleryLog {
    /// Nothing recorded.
    pub fn is_empty(&self) -> bool {
        self.fired.is_empty() && self.moved.is_empty()
    }
}
