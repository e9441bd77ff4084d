//! `gg_engine`: the systems and component data (built-in scenarios plus the caller's files).
//! An engine may be shared by threads for reading (creating games); `gg_engine_add_data` needs
//! exclusive use. Games do not refer back to their engine: free them in any order.

use core::ffi::c_char;

use grognard::any::Engine;

use super::error::{Failure, arg_str, gg_status, guard, need, out_json};
use super::game::gg_game;

/// The systems and data games are made from.
pub struct gg_engine {
    pub(crate) inner: Engine,
}

/// Borrows an engine argument.
///
/// # Safety
/// `p` is NULL or a live engine from `gg_engine_new`.
pub(crate) unsafe fn engine_ref<'a>(p: *const gg_engine) -> Result<&'a Engine, Failure> {
    // SAFETY: by the caller's contract.
    unsafe { p.as_ref() }
        .map(|e| &e.inner)
        .ok_or_else(|| Failure::null("engine"))
}

/// Creates an engine with every built-in system and scenario. Free it with `gg_engine_free`.
///
/// # Safety
/// `out` is NULL (reported as `GG_ERR_NULL`) or valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_engine_new(out: *mut *mut gg_engine) -> gg_status {
    guard(|| {
        need(out)?;
        let inner = Engine::builtin()?;
        let handle = Box::into_raw(Box::new(gg_engine { inner }));
        // SAFETY: checked non-NULL; writable by the caller's contract.
        unsafe { out.write(handle) };
        Ok(())
    })
}

/// Frees an engine. NULL is ignored.
///
/// # Safety
/// `engine` is NULL or an engine from `gg_engine_new` not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_engine_free(engine: *mut gg_engine) {
    if !engine.is_null() {
        // SAFETY: made by Box::into_raw in gg_engine_new, freed once.
        drop(unsafe { Box::from_raw(engine) });
    }
}

/// Adds or replaces component data (a terrain, counters, chart, map or scenario file in the
/// `grognard/1` format, docs/data-format.md). `file_name` is used in error messages. Writes
/// `{"id": .., "kind": ..}` to `out`. On failure (`GG_ERR_DATA`, `GG_ERR_JSON`) the engine is
/// unchanged.
///
/// # Safety
/// `engine` is a live engine used by no other thread during the call; the strings are
/// NUL-terminated; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_engine_add_data(
    engine: *mut gg_engine,
    file_name: *const c_char,
    text: *const c_char,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let engine = unsafe { engine.as_mut() }.ok_or_else(|| Failure::null("engine"))?;
        // SAFETY: by the caller's contract.
        let (name, text) = unsafe { (arg_str(file_name, "file_name")?, arg_str(text, "text")?) };
        need(out)?;
        let added = engine.inner.add_data(name, text)?;
        // SAFETY: by the caller's contract.
        unsafe { out_json(out, &added) }
    })
}

/// The systems as JSON: `[{"id": "pg", "name": .., "sides": [..], "dice": [..],
/// "implemented": true}, ..]`.
///
/// # Safety
/// `engine` is a live engine; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_engine_systems(
    engine: *const gg_engine,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let engine = unsafe { engine_ref(engine)? };
        // SAFETY: by the caller's contract.
        unsafe { out_json(out, &engine.systems()) }
    })
}

/// The scenarios as JSON, sorted by id: `[{"id": "pg/rossbach", "system": "pg", "name": ..,
/// "implemented": true, "provisional": [..]}, ..]`.
///
/// # Safety
/// `engine` is a live engine; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_engine_scenarios(
    engine: *const gg_engine,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let engine = unsafe { engine_ref(engine)? };
        // SAFETY: by the caller's contract.
        unsafe { out_json(out, &engine.scenarios()) }
    })
}

fn give_game(out: *mut *mut gg_game, game: Box<dyn grognard::any::AnyGame>) {
    let handle = Box::into_raw(Box::new(gg_game { inner: game }));
    // SAFETY: every caller checked `out` with `need` before doing the work.
    unsafe { out.write(handle) };
}

/// A new game of a built-in (or added) scenario, e.g. `"pg/rossbach"`, with the dice seeded by
/// `seed`. Free it with `gg_game_free`.
///
/// # Safety
/// `engine` is a live engine; `scenario` is NUL-terminated; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_new(
    engine: *const gg_engine,
    scenario: *const c_char,
    seed: u64,
    out: *mut *mut gg_game,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (engine, scenario) = unsafe { (engine_ref(engine)?, arg_str(scenario, "scenario")?) };
        need(out)?;
        give_game(out, engine.new_game(scenario, seed)?);
        Ok(())
    })
}

/// A new game of a built-in (or added) scenario with some of its options chosen:
/// `options_json` is a JSON object of option id → true or false (the ids `gg_engine_scenarios`
/// lists under each scenario's `options`); an option not named keeps its default.
///
/// # Safety
/// `engine` is a live engine; `scenario` and `options_json` are NUL-terminated; `out` is valid
/// for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_new_with_options(
    engine: *const gg_engine,
    scenario: *const c_char,
    options_json: *const c_char,
    seed: u64,
    out: *mut *mut gg_game,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (engine, scenario, options) = unsafe {
            (
                engine_ref(engine)?,
                arg_str(scenario, "scenario")?,
                arg_str(options_json, "options_json")?,
            )
        };
        need(out)?;
        give_game(out, engine.new_game_with_options(scenario, options, seed)?);
        Ok(())
    })
}

/// A new game of a scenario given as JSON text (which may use the engine's maps, counters and
/// charts).
///
/// # Safety
/// `engine` is a live engine; `scenario_json` is NUL-terminated; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_from_scenario_json(
    engine: *const gg_engine,
    scenario_json: *const c_char,
    seed: u64,
    out: *mut *mut gg_game,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (engine, text) = unsafe {
            (
                engine_ref(engine)?,
                arg_str(scenario_json, "scenario_json")?,
            )
        };
        need(out)?;
        give_game(out, engine.new_game_from_json(text, seed)?);
        Ok(())
    })
}

/// Reloads a game saved with `gg_game_save`, replaying its history (`GG_ERR_BAD_SAVE` when it
/// does not reach the saved state or was made under other rules).
///
/// # Safety
/// `engine` is a live engine; `saved` is NUL-terminated; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_load(
    engine: *const gg_engine,
    saved: *const c_char,
    out: *mut *mut gg_game,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (engine, saved) = unsafe { (engine_ref(engine)?, arg_str(saved, "saved")?) };
        need(out)?;
        give_game(out, engine.load_game(saved)?);
        Ok(())
    })
}

/// A game of `scenario` starting from `state_json`, a full state as `gg_game_state` gives it
/// (edited, or set up by hand), with `seed` and an empty history (docs/json.md, "Positions").
/// An unknown field, a wrong type or a missing field is `GG_ERR_JSON` naming its path; a state
/// the scenario or the rules refuse is `GG_ERR_BAD_POSITION` naming the field and the rule.
///
/// # Safety
/// `engine` is a live engine; the strings are NUL-terminated; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_from_state(
    engine: *const gg_engine,
    scenario: *const c_char,
    state_json: *const c_char,
    seed: u64,
    out: *mut *mut gg_game,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (engine, scenario, state) = unsafe {
            (
                engine_ref(engine)?,
                arg_str(scenario, "scenario")?,
                arg_str(state_json, "state_json")?,
            )
        };
        need(out)?;
        give_game(out, engine.game_from_state(scenario, state, seed)?);
        Ok(())
    })
}

/// A new game of `scenario` with `seed` after applying `actions_json`, a JSON array of actions
/// (chance outcomes included, as `gg_game_history` lists them). The first refused action is
/// named by its index in the error.
///
/// # Safety
/// `engine` is a live engine; the strings are NUL-terminated; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_replay(
    engine: *const gg_engine,
    scenario: *const c_char,
    seed: u64,
    actions_json: *const c_char,
    out: *mut *mut gg_game,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (engine, scenario, actions) = unsafe {
            (
                engine_ref(engine)?,
                arg_str(scenario, "scenario")?,
                arg_str(actions_json, "actions_json")?,
            )
        };
        need(out)?;
        give_game(out, engine.replay(scenario, seed, actions)?);
        Ok(())
    })
}

/// Plays `games` games of `scenario` (seeds `seed`, `seed + 1`, ...) with the bot named `bot0`
/// for side 0 and `bot1` for side 1 (`"random"`, or a system's own such as pg's `"greedy"`),
/// each at most `max_steps` steps. Writes `[{"seed": .., "steps": .., "outcome": .., "hash":
/// ".."}, ..]`.
///
/// # Safety
/// `engine` is a live engine; the strings are NUL-terminated; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_simulate(
    engine: *const gg_engine,
    scenario: *const c_char,
    games: u64,
    seed: u64,
    bot0: *const c_char,
    bot1: *const c_char,
    max_steps: u64,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (engine, scenario, b0, b1) = unsafe {
            (
                engine_ref(engine)?,
                arg_str(scenario, "scenario")?,
                arg_str(bot0, "bot0")?,
                arg_str(bot1, "bot1")?,
            )
        };
        need(out)?;
        let max = usize::try_from(max_steps).unwrap_or(usize::MAX);
        let results = engine.simulate(scenario, games, seed, [b0, b1], max)?;
        // SAFETY: by the caller's contract.
        unsafe { out_json(out, &serde_json::Value::Array(results)) }
    })
}
