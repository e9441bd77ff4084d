//! Command and control (10.0–10.5, with the Austerlitz rules AUS 2.x–3.x that change it).
//!
//! Pure data types and functions for the game state machine; nothing here sees the whole game
//! state. The caller passes what a rule needs (ratings, indices of leaders and formations, the
//! dice) and stores the returned values.
//!
//! * [`tables`]: the command charts of a scenario, read once ([`CommandTables`]): Command
//!   Points, order costs, delivery time, Acceptance Number and Table, delay reduction,
//!   Initiative Table, Corps Attack Stoppage Tables 1 and 2.
//! * [`orders`]: the order model (10.1) and the Order Log (10.1d) with delivery, acceptance,
//!   cancellation, delay reduction, implementation at the HQ, initiative and loose cannon
//!   orders.
//! * [`initiative`]: who may roll for initiative in a turn (10.2c), the Austerlitz free rolls
//!   (AUS 3.2a, 3.2c), the Allied seniority list (AUS 3.3) and the Francis penalty (AUS 3.5).
//! * [`stoppage`]: counting a formation's divisions for Corps Attack Stoppage (10.3a, AUS 2.2,
//!   2.3, 3.2c).
//!
//! A refusal is a [`CommandError`] naming the rule and saying why in English.

use alloc::string::String;
use core::fmt;

pub mod initiative;
pub mod orders;
pub mod stoppage;
pub mod tables;

pub use initiative::{
    ALLIED_SENIORITY, AlliedLeader, Echelon, Emperor, FRANCIS_INITIATIVE_MODIFIER, FreeRoller,
    InitiativeAttempts, Nationality, allied_army_commander, francis_in_command, initiative_points,
};
pub use orders::{
    FormalOrder, InitiativeOrder, Method, Order, OrderKind, OrderLog, OrderSource, OrderStatus,
    Receiver,
};
pub use stoppage::{DivisionEntry, stoppage_count, stoppage_row};
pub use tables::{Acceptance, CommandTables, InitiativeResult, ProvisionalCell};

/// A command action the rules forbid: the rule broken and the reason.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CommandError {
    /// The rule, as numbered in the rulebook (`"10.1b"`, `"AUS 3.2a"`).
    pub rule: &'static str,
    /// Why the action is refused, in English.
    pub reason: String,
}

impl CommandError {
    pub(crate) fn new(rule: &'static str, reason: impl Into<String>) -> CommandError {
        CommandError {
            rule,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [rule {}]", self.reason, self.rule)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CommandError {}
