//! `gg_game`: one game of any system. JSON calls for everything the facade offers, and index
//! calls (`gg_game_action_count`, `gg_game_apply_index`, `gg_game_roll_seeded`,
//! `gg_game_roll_value`, `gg_game_actor_kind`, `gg_game_state_hash`) for callers that loop.
//! A game is not thread-safe: use one from one thread at a time (it may move between threads).

use core::ffi::c_char;

use grognard::any::{ActorKind, AnyGame};
use serde_json::Value;

use super::error::{Failure, arg_str, gg_status, guard, need, out_json, put};

/// A game in progress.
pub struct gg_game {
    pub(crate) inner: Box<dyn AnyGame>,
}

/// Who acts now (`gg_game_actor_kind`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum gg_actor {
    /// A player (side 0 or 1) chooses one of the legal actions.
    GG_ACTOR_PLAYER = 0,
    /// Dice are due: `gg_game_roll`, `gg_game_roll_seeded` or `gg_game_roll_value`.
    GG_ACTOR_CHANCE = 1,
    /// The game is over: `gg_game_outcome`.
    GG_ACTOR_TERMINAL = 2,
}

/// # Safety
/// `p` is NULL or a live game.
unsafe fn game_ref<'a>(p: *const gg_game) -> Result<&'a (dyn AnyGame + 'static), Failure> {
    // SAFETY: by the caller's contract.
    unsafe { p.as_ref() }
        .map(|g| g.inner.as_ref())
        .ok_or_else(|| Failure::null("game"))
}

/// # Safety
/// `p` is NULL or a live game not used elsewhere during the call.
unsafe fn game_mut<'a>(p: *mut gg_game) -> Result<&'a mut (dyn AnyGame + 'static), Failure> {
    // SAFETY: by the caller's contract.
    unsafe { p.as_mut() }
        .map(|g| g.inner.as_mut())
        .ok_or_else(|| Failure::null("game"))
}

/// Writes JSON to an output that may be NULL (the caller does not want it).
///
/// # Safety
/// `out` is NULL or valid for one write.
unsafe fn maybe_json(out: *mut *mut c_char, value: &Value) -> Result<(), Failure> {
    if out.is_null() {
        Ok(())
    } else {
        // SAFETY: by the caller's contract.
        unsafe { out_json(out, value) }
    }
}

/// Frees a game. NULL is ignored.
///
/// # Safety
/// `game` is NULL or a game from this library not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_free(game: *mut gg_game) {
    if !game.is_null() {
        // SAFETY: made by Box::into_raw in this library, freed once.
        drop(unsafe { Box::from_raw(game) });
    }
}

/// An independent copy of a game (its history and dice generator included).
///
/// # Safety
/// `game` is a live game; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_clone(game: *const gg_game, out: *mut *mut gg_game) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_ref(game)? };
        need(out)?;
        let copy = Box::into_raw(Box::new(gg_game {
            inner: g.clone_game(),
        }));
        // SAFETY: checked non-NULL above.
        unsafe { put(out, "out", copy) }
    })
}

/// Runs a JSON getter on a game: the shared body of the calls below.
///
/// # Safety
/// `game` is NULL or a live game not used elsewhere during the call; `out` is NULL or valid
/// for one write.
unsafe fn json_call(
    game: *mut gg_game,
    out: *mut *mut c_char,
    get: impl FnOnce(&mut dyn AnyGame) -> Value,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_mut(game)? };
        need(out)?;
        let value = get(g);
        // SAFETY: by the caller's contract.
        unsafe { out_json(out, &value) }
    })
}

/// Who acts: `{"player": 0, "name": "Prussian", "prompt": {"rule": .., "text": ..}}`,
/// `{"chance": {"dice": "1d6"}}` or `{"terminal": {"winner": .., ...}}`.
///
/// # Safety
/// `game` is a live game not used elsewhere during the call; `out` is valid for one write and
/// receives a string to free with `gg_string_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_actor(game: *mut gg_game, out: *mut *mut c_char) -> gg_status {
    // SAFETY: by the caller's contract.
    unsafe { json_call(game, out, |g| g.actor()) }
}

/// The legal actions of the actor as a JSON array, in their stable order (an action's index
/// here is the index `gg_game_apply_index` takes).
///
/// # Safety
/// `game` is a live game not used elsewhere during the call; `out` is valid for one write and
/// receives a string to free with `gg_string_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_legal_actions(
    game: *mut gg_game,
    out: *mut *mut c_char,
) -> gg_status {
    // SAFETY: by the caller's contract.
    unsafe { json_call(game, out, |g| g.legal_actions()) }
}

/// At a chance node the exact outcomes: `[{"action": .., "prob": {"num": 1, "den": 6}}]`;
/// `[]` otherwise.
///
/// # Safety
/// `game` is a live game not used elsewhere during the call; `out` is valid for one write and
/// receives a string to free with `gg_string_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_chance_outcomes(
    game: *mut gg_game,
    out: *mut *mut c_char,
) -> gg_status {
    // SAFETY: by the caller's contract.
    unsafe { json_call(game, out, |g| g.chance_outcomes()) }
}

/// At a chance node what the roll resolves (a close combat's odds and DRMs) and each
/// outcome's events; `null` when no dice are due.
///
/// # Safety
/// `game` is a live game not used elsewhere during the call; `out` is valid for one write and
/// receives a string to free with `gg_string_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_preview(game: *mut gg_game, out: *mut *mut c_char) -> gg_status {
    // SAFETY: by the caller's contract.
    unsafe { json_call(game, out, |g| g.preview()) }
}

/// The whole state.
///
/// # Safety
/// `game` is a live game not used elsewhere during the call; `out` is valid for one write and
/// receives a string to free with `gg_string_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_state(game: *mut gg_game, out: *mut *mut c_char) -> gg_status {
    // SAFETY: by the caller's contract.
    unsafe { json_call(game, out, |g| g.state()) }
}

/// Every action so far with the dice generator before it.
///
/// # Safety
/// `game` is a live game not used elsewhere during the call; `out` is valid for one write and
/// receives a string to free with `gg_string_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_history(game: *mut gg_game, out: *mut *mut c_char) -> gg_status {
    // SAFETY: by the caller's contract.
    unsafe { json_call(game, out, |g| g.history()) }
}

/// The game as saved-game JSON (`gg_game_load` reads it back).
///
/// # Safety
/// `game` is a live game not used elsewhere during the call; `out` is valid for one write and
/// receives a string to free with `gg_string_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_save(game: *mut gg_game, out: *mut *mut c_char) -> gg_status {
    // SAFETY: by the caller's contract.
    unsafe { json_call(game, out, |g| g.save()) }
}

/// The outcome (`{"winner": 0 | 1 | null, "level": .., "points": [..], "rule": ..}`), or
/// `null` while the game goes on.
///
/// # Safety
/// `game` is a live game not used elsewhere during the call; `out` is valid for one write and
/// receives a string to free with `gg_string_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_outcome(game: *mut gg_game, out: *mut *mut c_char) -> gg_status {
    // SAFETY: by the caller's contract.
    unsafe { json_call(game, out, |g| g.outcome().unwrap_or(Value::Null)) }
}

/// What a front end needs to draw the game: `{"scheme", "map", "orientation", "hexes": [{"id",
/// "q", "r", "x", "y", "terrain"}], "hexsides": [..], "pieces": [{"id", "name", "side", "hex",
/// ..}]}` (docs/json.md, "Board"), or `null` for a system without one.
///
/// # Safety
/// `game` is a live game not used elsewhere during the call; `out` is valid for one write and
/// receives a string to free with `gg_string_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_board(game: *mut gg_game, out: *mut *mut c_char) -> gg_status {
    // SAFETY: by the caller's contract.
    unsafe { json_call(game, out, |g| g.board()) }
}

/// What side 0 or 1 may see of the state (`GG_ERR_SIDE` for another side).
///
/// # Safety
/// `game` is a live game; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_observation(
    game: *const gg_game,
    side: u32,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_ref(game)? };
        need(out)?;
        let obs = g.observation(side)?;
        // SAFETY: by the caller's contract.
        unsafe { out_json(out, &obs) }
    })
}

/// Every hex the unit `unit` (its id in the scenario) could end in this phase, with cost and
/// path in the game's own hex ids.
///
/// # Safety
/// `game` is a live game; `unit` is NUL-terminated; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_reachable(
    game: *const gg_game,
    unit: *const c_char,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (g, unit) = unsafe { (game_ref(game)?, arg_str(unit, "unit")?) };
        need(out)?;
        let reached = g.reachable(unit)?;
        // SAFETY: by the caller's contract.
        unsafe { out_json(out, &reached) }
    })
}

/// The actions moving `unit` along its cheapest path to the hex labelled `to` (e.g. "1809").
///
/// # Safety
/// `game` is a live game; the strings are NUL-terminated; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_path_actions(
    game: *const gg_game,
    unit: *const c_char,
    to: *const c_char,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (g, unit, to) =
            unsafe { (game_ref(game)?, arg_str(unit, "unit")?, arg_str(to, "to")?) };
        need(out)?;
        let actions = g.path_actions(unit, to)?;
        // SAFETY: by the caller's contract.
        unsafe { out_json(out, &actions) }
    })
}

/// Applies an action given as JSON. `events_out` may be NULL; otherwise it receives the events
/// (`[{"rule": "7.3", "text": .., "event": ..}]`). An illegal action returns `GG_ERR_ILLEGAL`
/// with the rule in the last error, and changes nothing.
///
/// # Safety
/// `game` is a live game; `action_json` is NUL-terminated; `events_out` is NULL or valid for
/// one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_apply_json(
    game: *mut gg_game,
    action_json: *const c_char,
    events_out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (g, action) = unsafe { (game_mut(game)?, arg_str(action_json, "action_json")?) };
        let events = g.apply_json(action)?;
        // SAFETY: by the caller's contract.
        unsafe { maybe_json(events_out, &events) }
    })
}

/// Rolls the dice with the game's own generator. `out` may be NULL; otherwise it receives
/// `{"action": .., "events": [..]}`.
///
/// # Safety
/// `game` is a live game; `out` is NULL or valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_roll(game: *mut gg_game, out: *mut *mut c_char) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_mut(game)? };
        let rolled = g.roll()?;
        // SAFETY: by the caller's contract.
        unsafe { maybe_json(out, &rolled) }
    })
}

/// Takes back the last action. `out` may be NULL; otherwise it receives the action taken back,
/// or `null` at the start of the game.
///
/// # Safety
/// `game` is a live game; `out` is NULL or valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_undo(game: *mut gg_game, out: *mut *mut c_char) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_mut(game)? };
        let undone = g.undo().unwrap_or(Value::Null);
        // SAFETY: by the caller's contract.
        unsafe { maybe_json(out, &undone) }
    })
}

/// One step of random play (a roll at a chance node, a uniform choice for a player). `out` may
/// be NULL; otherwise `{"actor": .., "action": .., "events": [..]}`, or `null` at the end.
///
/// # Safety
/// `game` is a live game; `out` is NULL or valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_step_random(
    game: *mut gg_game,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_mut(game)? };
        let step = g.step_random()?;
        // SAFETY: by the caller's contract.
        unsafe { maybe_json(out, &step) }
    })
}

/// One step with the bot named `bot` (`"random"`, pg's `"greedy"`) choosing for the player to
/// act; chance is rolled with the game's generator. `out` as for `gg_game_step_random`.
///
/// # Safety
/// `game` is a live game; `bot` is NUL-terminated; `out` is NULL or valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_step_bot(
    game: *mut gg_game,
    bot: *const c_char,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let (g, bot) = unsafe { (game_mut(game)?, arg_str(bot, "bot")?) };
        let step = g.step_bot(bot)?;
        // SAFETY: by the caller's contract.
        unsafe { maybe_json(out, &step) }
    })
}

/// Plays random legal actions and rolls until the end or `max_steps`. `out` may be NULL;
/// otherwise `{"steps": n, "outcome": .. | null}`.
///
/// # Safety
/// `game` is a live game; `out` is NULL or valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_play_random(
    game: *mut gg_game,
    max_steps: u64,
    out: *mut *mut c_char,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_mut(game)? };
        let max = usize::try_from(max_steps).unwrap_or(usize::MAX);
        let result = g.play_random(max)?;
        // SAFETY: by the caller's contract.
        unsafe { maybe_json(out, &result) }
    })
}

/// Who acts now; `side` (may be NULL) receives the player's side (0 or 1), or -1 for chance
/// and the end.
///
/// # Safety
/// `game` is a live game; `kind` is valid for one write; `side` is NULL or valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_actor_kind(
    game: *const gg_game,
    kind: *mut gg_actor,
    side: *mut i32,
) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_ref(game)? };
        need(kind)?;
        let (k, s) = match g.actor_kind() {
            ActorKind::Player(side) => (gg_actor::GG_ACTOR_PLAYER, i32::from(side)),
            ActorKind::Chance => (gg_actor::GG_ACTOR_CHANCE, -1),
            ActorKind::Terminal => (gg_actor::GG_ACTOR_TERMINAL, -1),
        };
        // SAFETY: by the caller's contract.
        unsafe {
            put(kind, "kind", k)?;
            if !side.is_null() {
                put(side, "side", s)?;
            }
        }
        Ok(())
    })
}

/// The number of legal actions of the actor: at a chance node the number of outcomes (in the
/// order of `gg_game_chance_outcomes`), 0 at the end.
///
/// # Safety
/// `game` is a live game; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_action_count(game: *mut gg_game, out: *mut usize) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_mut(game)? };
        need(out)?;
        let n = g.action_count();
        // SAFETY: by the caller's contract.
        unsafe { put(out, "out", n) }
    })
}

/// Applies the `index`-th legal action (`GG_ERR_INDEX` past the end).
///
/// # Safety
/// `game` is a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_apply_index(game: *mut gg_game, index: usize) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_mut(game)? };
        g.step_index(index)?;
        Ok(())
    })
}

/// At a chance node, rolls with a generator seeded by `seed` (the game's own generator is
/// left alone): the same seed gives the same result on every platform.
///
/// # Safety
/// `game` is a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_roll_seeded(game: *mut gg_game, seed: u64) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_mut(game)? };
        g.roll_seeded(seed)?;
        Ok(())
    })
}

/// At a chance node, applies dice rolled elsewhere: the value read from them (1..6 for 1d6,
/// 2..12 for 2d6, 11..66 for d66, 0..9 for d10, 0..99 for d100).
///
/// # Safety
/// `game` is a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_roll_value(game: *mut gg_game, value: u32) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_mut(game)? };
        g.roll_value(value)?;
        Ok(())
    })
}

/// The stable 64-bit hash of the state (the same in every language and on every platform).
///
/// # Safety
/// `game` is a live game; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_state_hash(game: *const gg_game, out: *mut u64) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_ref(game)? };
        need(out)?;
        let h = g.state_hash();
        // SAFETY: by the caller's contract.
        unsafe { put(out, "out", h) }
    })
}

/// The number of actions taken so far (chance outcomes included).
///
/// # Safety
/// `game` is a live game; `out` is valid for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_game_history_len(game: *const gg_game, out: *mut usize) -> gg_status {
    guard(|| {
        // SAFETY: by the caller's contract.
        let g = unsafe { game_ref(game)? };
        need(out)?;
        let n = g.history_len();
        // SAFETY: by the caller's contract.
        unsafe { put(out, "out", n) }
    })
}
