//! The Napoleonic Brigade Series (Austerlitz), series rules v2.1 with the errata.
//!
//! The system arrives in parts (issue 5); each module here is complete for the rules it names.
//! * [`facing`]: facing modes, facing-change costs and movement through the front (13.0–13.2).
//! * [`los`]: line of sight, visibility and the LOS limits on fire (19.0–19.4, 28.0b,
//!   AUS 5.1, ERR-11, ERR-12).
//! * [`types`]: fire levels, morale ratings and states, formations, sequential rolls, fire
//!   points.

pub mod facing;
pub mod los;
pub mod types;
