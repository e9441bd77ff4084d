//! The layer a rule system is written against, above [`engine`](crate::engine) and below the
//! facade: what a system implements to be registered, and the object-safe JSON game every
//! system's games are seen through.
//!
//! Dependencies run one way (docs/engine.md, "Layers"): the skins (CLI, C, Python, wasm) call
//! the facade [`any`](crate::any); the facade names every system; a system (`pg`, `nbs`, ...)
//! uses this module and the floor below it ([`engine`](crate::engine), [`data`](crate::data),
//! [`hex`](crate::hex), [`dice`](crate::dice)) and never the facade.
//!
//! * [`System`] — a rule system as the facade sees it: it turns a resolved scenario into a game.
//! * [`ScenarioRules`] and [`RulesSystem`] — the registration every system would otherwise
//!   repeat: a system's rules say how they are built from a scenario, and `RulesSystem<R>` is
//!   their [`System`].
//! * [`AnyGame`] and [`Adapter`] — one JSON-in/JSON-out interface over a [`Game`] of any system.
//! * [`Error`] — the one error type of that interface.

mod error;
mod game;
mod strict;

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;
use core::marker::PhantomData;

use serde_json::Value;

pub use error::Error;
pub use game::{ActorKind, Adapter, AnyGame, SAVE_FORMAT, actor_json, from_value, parse_json};
pub use strict::parse_strict;

use crate::data::ResolvedScenario;
use crate::engine::{Game, Rules, SystemInfo};

/// A rule system as the facade sees it: it turns a resolved scenario into a game.
///
/// Each system module provides one (usually a [`RulesSystem`]); a test or a user can register
/// more with `any::Engine::register`.
pub trait System: Send + Sync {
    /// The system's facts (its id matches the `system` field of its data files).
    fn info(&self) -> &SystemInfo;

    /// A new game of `scenario` with the chance generator seeded from `seed`.
    /// `scenario_json` is the scenario's own text when it is not built in (kept for saving).
    fn new_game(
        &self,
        scenario: &ResolvedScenario,
        scenario_json: Option<String>,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error>;

    /// Restores a game saved by [`AnyGame::save`]; `saved` is its `"game"` part.
    fn load_game(
        &self,
        scenario: &ResolvedScenario,
        scenario_json: Option<String>,
        saved: Value,
    ) -> Result<Box<dyn AnyGame>, Error>;

    /// A game of `scenario` starting from `state`, a full state as [`AnyGame::state`] gives
    /// it (edited or set up by hand), with the generator seeded from `seed` and an empty
    /// history (docs/json.md, "Positions"). The state is read strictly (an unknown field, a
    /// wrong type or a missing field is a `bad_json` error naming its path) and then checked
    /// against the scenario and the system's invariants (a `bad_position` error naming the
    /// field and the rule). The default refuses: a system registered by hand takes positions
    /// only when it says how ([`RulesSystem`] does, through [`Rules::check_state`]).
    fn game_from_state(
        &self,
        scenario: &ResolvedScenario,
        scenario_json: Option<String>,
        state: &Value,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let _ = (scenario, scenario_json, state, seed);
        Err(Error::BadPosition {
            path: ".".into(),
            rule: "engine".into(),
            reason: alloc::format!("the {} system does not take positions", self.info().id),
        })
    }
}

/// Rules that a scenario builds: what a system's rules type provides so that [`RulesSystem`]
/// registers it, with no per-system registration code.
pub trait ScenarioRules: Rules + Clone + Send + Sync + 'static
where
    Self::State: Send,
    Self::Action: Send,
    Self::Event: Send,
{
    /// The system's facts, the same as [`Rules::info`] answers.
    const INFO: &'static SystemInfo;

    /// The rules of `scenario`, or the reason its data does not make a game of this system.
    fn from_scenario(scenario: &ResolvedScenario) -> Result<Self, Error>;
}

/// The [`System`] of the rules type `R`: new games and saved games of its scenarios.
pub struct RulesSystem<R>(PhantomData<fn() -> R>);

impl<R> RulesSystem<R> {
    /// The system of the rules type `R`.
    pub const fn new() -> Self {
        RulesSystem(PhantomData)
    }
}

impl<R> Default for RulesSystem<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R> Clone for RulesSystem<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for RulesSystem<R> {}

impl<R: ScenarioRules> fmt::Debug for RulesSystem<R>
where
    R::State: Send,
    R::Action: Send,
    R::Event: Send,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RulesSystem({})", R::INFO.id)
    }
}

impl<R: ScenarioRules> System for RulesSystem<R>
where
    R::State: Send,
    R::Action: Send,
    R::Event: Send,
{
    fn info(&self) -> &SystemInfo {
        R::INFO
    }

    fn new_game(
        &self,
        scenario: &ResolvedScenario,
        scenario_json: Option<String>,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let rules = R::from_scenario(scenario)?;
        Ok(Box::new(Adapter::new(
            Game::new(rules, seed),
            scenario.scenario.id.clone(),
            scenario_json,
        )))
    }

    fn load_game(
        &self,
        scenario: &ResolvedScenario,
        scenario_json: Option<String>,
        saved: Value,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let rules = R::from_scenario(scenario)?;
        Ok(Box::new(Adapter::restore(
            rules,
            scenario.scenario.id.clone(),
            scenario_json,
            saved,
        )?))
    }

    fn game_from_state(
        &self,
        scenario: &ResolvedScenario,
        scenario_json: Option<String>,
        state: &Value,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let rules = R::from_scenario(scenario)?;
        let state: R::State = parse_strict("position", "", state)?;
        Ok(Box::new(Adapter::new(
            Game::from_state(rules, state, seed)?,
            scenario.scenario.id.clone(),
            scenario_json,
        )))
    }
}
