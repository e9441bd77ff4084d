//! 21.0 Commanders: movement and displacement, combat bonus, losses (killed, wounded),
//! replacements and returns, loss of the CinC or a Wing Commander, unemployed commanders.

use alloc::vec::Vec;

use super::Fontenoy;
use super::event::Event;
use super::state::State;
use super::units::UnitId;

pub use super::state::LossCause;

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
