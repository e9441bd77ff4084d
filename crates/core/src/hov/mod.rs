//! The Habit of Victory (Campaigns of Napoleon, Series 2X: Poland 1806–07), Standard Rules
//! ¶1–¶209 and the Exclusive Rules §1–§227, as the engine contract's state machine.
//! docs/coverage/hov.md lists every rule case and its status.
//!
//! Module map by rule number:
//! * §18, ¶15, ¶140, §17 armies, nationalities, unit types, Guard status, leader ratings; MP in
//!   halves, strength in half SP, ¶146 step 3a announced strengths — [`types`]
//! * ¶10 hex ids (CCRR) in JSON — [`hhex`]
//! * the position: leaders, units, vedettes, garrisons, supply sources, depots, bridges, masks,
//!   the march and the battle in progress — [`state`]
//! * `movement/` — II. Movement (¶86–¶143): [`movement::initiative`] ¶101–¶107
//! * `combat/` — III.b Battle Resolution (¶144–¶206): [`combat::strength`],
//!   [`combat::odds`], [`combat::losses`]
//! * §63, §214–§215 Battle Scenario victory points — [`victory`]
//! * every decision and roll — [`action`]; what happened, with its rule and who may see it —
//!   [`event`]

pub mod action;
pub mod combat;
pub mod event;
pub mod hhex;
pub mod movement;
pub mod state;
#[cfg(test)]
mod tests;
pub mod types;
pub mod victory;

pub use action::Action;
pub use event::Event;
pub use state::State;
