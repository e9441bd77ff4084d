//! IV. The Morale Phase (¶53, ¶207–¶208, §63, §214–§215): the checks each Player-Turn ends
//! with. In a Battle Scenario victory is by Victory Points at the end (§63, §214, built in
//! `flow.rs` `outcome`), so the phase has no Strategic Victory to find (reading N35); it moves
//! the Paris Morale track once a game when the Coalition has a force off the map (§215), and
//! a Fort's masking marker goes if its maskers no longer suffice as the phase begins (§46).
//! The battle's own morale steps (¶193–¶195) are taken where they happen (combat/battle.rs).

use alloc::vec::Vec;

use super::Hov;
use super::event::Event;
use super::state::State;
use super::types::{COALITION, FRENCH};

impl Hov {
    /// The checks of the Morale Phase (¶53), in order; nothing in them is a decision.
    pub(crate) fn morale_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        // §46: a phase begins.
        self.check_masks(s, ev);
        // ¶53 a, §179 (reading N7): the capitals' morale step is not yet built: the capture
        // and holding of a capital city needs its control record (reading A12: checked at the
        // end of the Game-Turn).
        // §215: a Coalition force off the map in the Coalition Morale Phase: Paris Morale +1,
        // once a game, kept when the force returns.
        if s.phasing == COALITION && !s.off_map_gain && self.coalition_off_map(s) {
            s.off_map_gain = true;
            self.shift_morale(s, ev, FRENCH, 1, "§215");
        }
        // ¶53 b: no Strategic Victory in a Battle Scenario (§63; reading N35).
    }
}
