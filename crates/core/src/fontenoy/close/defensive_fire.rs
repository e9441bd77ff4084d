//! 13.10 Defensive Fire: the seam for the fire section. Passive units with attackers in their
//! ZOC fire before the combat is resolved (13.10a–g); the fire section
//! (`crates/core/src/fontenoy/fire/`) conducts it. Until it is wired here, the combat records
//! that Defensive Fire is due and goes on.

use alloc::vec::Vec;

use crate::fontenoy::Fontenoy;
use crate::fontenoy::event::Event;
use crate::fontenoy::state::State;
use crate::fontenoy::units::UnitId;

impl Fontenoy {
    /// Defensive Fire by `defenders` (and other passive units with an attacker in their ZOC)
    /// at `attackers` (13.10). The caller has pushed the combat's continuation
    /// (`Cont::AfterFire`) first, so whatever steps the fire pushes (its declarations, dice,
    /// checks) are resolved before the combat goes on; the continuation reads the attackers'
    /// states afterwards (13.10e: the combat ends only if every attacker Routs).
    ///
    /// The fire section's Defensive Fire is to be called here in place of the event below.
    pub(crate) fn defensive_fire(
        &self,
        s: &mut State,
        defenders: &[UnitId],
        attackers: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        let _ = s;
        ev.push(Event::DefensiveFireDue {
            defenders: defenders.to_vec(),
            attackers: attackers.to_vec(),
        });
    }
}
