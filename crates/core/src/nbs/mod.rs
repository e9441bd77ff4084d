//! The Napoleonic Brigade Series (Austerlitz), series rules v2.1 with the errata.
//!
//! The system arrives in parts (issue 5); each module here is complete for the rules it names.
//! * [`facing`]: facing modes, facing-change costs and movement through the front (13.0–13.2).
//! * [`tables`]: every non-command chart (fire, morale, stragglers, odds, cavalry, movement)
//!   as typed integer lookups read from a scenario's charts and their completions.
//! * [`types`]: fire levels, morale ratings and states, formations, sequential rolls, fire
//!   points.

pub mod facing;
pub mod tables;
pub mod types;
