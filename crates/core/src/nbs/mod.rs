//! The Napoleonic Brigade Series (Austerlitz), series rules v2.1 with the errata.
//!
//! The system arrives in parts (issue 5); each module here is complete for the rules it names.
//! * [`command`]: command and control (10.0–10.5, AUS 2.x–3.x): the command charts, the
//!   Order Log, initiative, Corps Attack Stoppage.
//! * [`facing`]: facing modes, facing-change costs and movement through the front (13.0–13.2).
//! * [`types`]: fire levels, morale ratings and states, formations, sequential rolls, fire
//!   points.

pub mod command;
pub mod facing;
pub mod types;
