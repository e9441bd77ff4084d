//! 21.0 Commanders: movement and displacement, combat bonus, losses (killed, wounded),
//! replacements and returns, loss of the CinC or a Wing Commander, unemployed commanders.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::Fontenoy;
use super::event::Event;
use super::state::State;
use super::units::UnitId;

/// What calls for a Commander Loss Check (21.4a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LossCause {
    /// A Special Fire Combat Result (12.11, 21.4b): killed or wounded.
    Fire,
    /// A Special Close Combat Result (14.8, 21.4d): killed only.
    CloseCombat,
    /// A Special Disorder/Morale Check Result (19.1a, 21.4d): killed only.
    Check,
}

impl Fontenoy {
    /// Queues the Commander Loss Check of each commander in `commanders` (21.4), before
    /// anything already pending.
    pub(crate) fn queue_commander_loss(
        &self,
        s: &mut State,
        commanders: &[UnitId],
        cause: LossCause,
        ev: &mut Vec<Event>,
    ) {
        let _ = (s, commanders, cause, ev);
    }
}
