//! Engine-level tests, one module per rulebook section (or a few neighbouring ones), each
//! driving the engine with actions and scripted dice; every test is named by the rule it
//! checks. The shared helpers are in `kit`, the skirmisher set-ups in `skirmish_kit`.

mod artillery;
mod austerlitz;
mod austerlitz_commands;
mod charge;
mod charge_followon;
mod close_combat;
mod command;
mod facing;
mod fire;
mod fire_results;
mod formation;
mod general;
mod kit;
mod leaders;
mod morale;
mod movement;
mod night;
mod opportunity_fire;
mod reaction_charge;
mod setup;
mod skirmish;
pub(super) mod skirmish_kit;
mod stacking;

// The unit tests beside the code (`setup/royals.rs`, `setup/arrival.rs`) reach these helpers
// as `crate::nbs::tests::...`.
pub(super) use kit::{apply, empty, id, put, rules, with_options};
