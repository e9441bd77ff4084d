//! grognard — a rules engine for hex-and-counter wargames.
//!
//! The crate is `no_std` + `alloc`; the `std` feature adds conveniences that need an operating
//! system (`std::error::Error` impls, loading user files from disk).
//!
//! * [`engine`] — the contract every rule system implements ([`engine::Rules`]) and the
//!   [`engine::Game`] driver that holds a state, a seeded generator, history and undo.
//! * [`dice`] — dice specifications and their exact outcome distributions.
//! * [`hex`] — hex coordinates, each system's hex ids, hexsides, line of sight, reachability.
//! * [`data`] — component data (maps, counters, charts, scenarios) with provenance.
//! * [`system`] — what a rule system implements to be registered ([`system::ScenarioRules`]),
//!   and the JSON game ([`system::AnyGame`]) every system's games are seen through.
//! * the systems: [`pg`] (Prussia's Glory), [`nbs`] (Austerlitz, Napoleonic Brigade Series),
//!   `fontenoy` (The Battle of Fontenoy 1745; being built, not yet in the facade).
//! * [`any`] — the JSON facade over every system, wrapped by the C, Python and wasm bindings.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod any;
pub mod data;
pub mod dice;
pub mod engine;
#[cfg(feature = "fontenoy")]
pub mod fontenoy;
pub mod hex;
#[cfg(feature = "hov")]
pub mod hov;
#[cfg(feature = "nbs")]
pub mod nbs;
#[cfg(feature = "pg")]
pub mod pg;
pub mod system;
