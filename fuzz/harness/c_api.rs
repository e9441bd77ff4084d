//! Fuzz harness `c_api`: the C entry points driven by arbitrary bytes.
//!
//! The input is read as a little program: each operation is one byte choosing a call, then
//! the call's arguments (strings are a length byte and that many raw bytes, so they may hold
//! invalid UTF-8; numbers are raw bytes). Up to four games are alive at once. Every call must
//! return a known status; every failure must leave a message and leave the game as it was; a
//! save must load back to the same state; and everything is freed (valgrind and the leak
//! checker see it). The operations and their arguments are the same on every platform, so a
//! kept input replays anywhere.
//!
//! Compiled twice: into the fuzz target beside the ffi sources, and into the ffi crate's tests
//! (`fuzz_regressions`), where the kept inputs under `tests/fixtures/fuzz/c_api` are replayed.

use core::ffi::{CStr, c_char};
use core::ptr;
use std::ffi::CString;

use super::*;

const SCENARIOS: [&CStr; 11] = [
    c"pg/training",
    c"pg/rossbach",
    c"pg/leuthen",
    c"pg/zorndorf",
    c"pg/torgau",
    c"nbs/austerlitz-1",
    c"nbs/austerlitz-3",
    c"nbs/austerlitz-5",
    c"hov/none",
    c"nope",
    c"",
];

const MAX_GAMES: usize = 4;
const MAX_OPS: usize = 48;

struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }
    /// A length byte and that many bytes, cut at the first NUL (C strings cannot hold one).
    fn string(&mut self) -> CString {
        let n = usize::from(self.byte()).min(self.0.len());
        let (s, rest) = self.0.split_at(n);
        self.0 = rest;
        let end = s.iter().position(|&b| b == 0).unwrap_or(s.len());
        CString::new(&s[..end]).expect("no NUL before the end")
    }
}

/// Checks a status: known, and a failure leaves a message naming it.
fn check(status: gg_status) -> bool {
    let code = status as i32;
    assert!(
        (0..=12).contains(&code),
        "unknown status {code} from the C interface"
    );
    assert_ne!(
        status,
        gg_status::GG_ERR_PANIC,
        "a panic reached the C interface"
    );
    if status == gg_status::GG_OK {
        return true;
    }
    // SAFETY: both are static or thread-local NUL-terminated strings.
    let (message, json) = unsafe {
        (
            CStr::from_ptr(gg_last_error_message()),
            CStr::from_ptr(gg_last_error_json()),
        )
    };
    assert!(!message.is_empty(), "a failure without a message");
    let json = json.to_str().expect("error JSON is UTF-8");
    let value: serde_json::Value = serde_json::from_str(json).expect("error JSON parses");
    assert!(
        value["error"].is_string(),
        "error JSON names the error: {json}"
    );
    false
}

/// Takes a string output, checks it is UTF-8 JSON, frees it.
fn take(out: *mut c_char) -> Option<serde_json::Value> {
    if out.is_null() {
        return None;
    }
    // SAFETY: a string this library returned, freed once below.
    let text = unsafe { CStr::from_ptr(out) }.to_str().map(String::from);
    // SAFETY: as above.
    unsafe { gg_string_free(out) };
    let text = text.expect("library output is UTF-8");
    Some(serde_json::from_str(&text).expect("library output is JSON"))
}

fn fingerprint(game: *const gg_game) -> (u64, usize) {
    let (mut hash, mut len) = (0u64, 0usize);
    // SAFETY: `game` is live; the outputs are locals.
    unsafe {
        assert!(check(gg_game_state_hash(game, &mut hash)));
        assert!(check(gg_game_history_len(game, &mut len)));
    }
    (hash, len)
}

/// Runs a call that may change `game`; if it fails, the game must be as it was.
fn mutate(game: *mut gg_game, call: impl FnOnce(*mut gg_game) -> gg_status) {
    let before = fingerprint(game);
    if !check(call(game)) {
        assert_eq!(fingerprint(game), before, "a refused call changed the game");
    }
}

pub fn run(data: &[u8]) {
    let mut input = Input(data);
    let mut engine: *mut gg_engine = ptr::null_mut();
    // SAFETY: `engine` is a local out-pointer.
    assert!(check(unsafe { gg_engine_new(&mut engine) }));
    let mut games: Vec<*mut gg_game> = Vec::new();

    for _ in 0..MAX_OPS {
        if input.0.is_empty() {
            break;
        }
        let op = input.byte() % 20;
        let pick = usize::from(input.byte());
        let game = if games.is_empty() {
            ptr::null_mut()
        } else {
            games[pick % games.len()]
        };
        let mut out: *mut c_char = ptr::null_mut();
        // SAFETY (for every call below): `engine` and the games are live handles from this
        // library, every string is a local CString, every output a local.
        unsafe {
            match op {
                0 | 1 if games.len() < MAX_GAMES => {
                    let scenario = SCENARIOS[pick % SCENARIOS.len()];
                    let mut g = ptr::null_mut();
                    if check(gg_game_new(
                        engine,
                        scenario.as_ptr(),
                        u64::from(input.byte()),
                        &mut g,
                    )) {
                        games.push(g);
                    }
                }
                _ if game.is_null() => {
                    // No game yet: the calls must refuse a NULL game cleanly.
                    let status = gg_game_apply_json(game, c"{}".as_ptr(), &mut out);
                    assert_eq!(status, gg_status::GG_ERR_NULL);
                    check(status);
                }
                2 => {
                    let action = input.string();
                    let events = if pick & 1 == 0 {
                        &mut out as *mut _
                    } else {
                        ptr::null_mut()
                    };
                    mutate(game, |g| gg_game_apply_json(g, action.as_ptr(), events));
                    take(out);
                }
                3..=5 => {
                    let mut n = 0usize;
                    if check(gg_game_action_count(game, &mut n)) {
                        // One past the end on purpose now and then (GG_ERR_INDEX).
                        let index = usize::from(input.byte()) % (n + 1);
                        mutate(game, |g| gg_game_apply_index(g, index));
                    }
                }
                6 => mutate(game, |g| gg_game_roll_value(g, input.u32() % 40)),
                7 => mutate(game, |g| gg_game_roll_seeded(g, u64::from(input.u32()))),
                8 => {
                    assert!(check(gg_game_undo(game, &mut out)));
                    take(out);
                }
                9 => {
                    let status = match pick % 9 {
                        0 => gg_game_actor(game, &mut out),
                        1 => gg_game_legal_actions(game, &mut out),
                        2 => gg_game_chance_outcomes(game, &mut out),
                        3 => gg_game_preview(game, &mut out),
                        4 => gg_game_state(game, &mut out),
                        5 => gg_game_history(game, &mut out),
                        6 => gg_game_board(game, &mut out),
                        7 => gg_game_outcome(game, &mut out),
                        _ => gg_game_actor(game, ptr::null_mut()),
                    };
                    if check(status) {
                        take(out);
                    }
                }
                10 => {
                    if check(gg_game_observation(game, input.u32() % 4, &mut out)) {
                        take(out);
                    }
                }
                11 => {
                    let unit = input.string();
                    if check(gg_game_reachable(game, unit.as_ptr(), &mut out)) {
                        take(out);
                    }
                }
                12 => {
                    let (unit, to) = (input.string(), input.string());
                    if check(gg_game_path_actions(
                        game,
                        unit.as_ptr(),
                        to.as_ptr(),
                        &mut out,
                    )) {
                        take(out);
                    }
                }
                13 => {
                    assert!(check(gg_game_save(game, &mut out)));
                    let saved = take(out).expect("a save").to_string();
                    let saved = CString::new(saved).expect("JSON has no NUL");
                    let mut again = ptr::null_mut();
                    assert!(check(gg_game_load(engine, saved.as_ptr(), &mut again)));
                    assert_eq!(fingerprint(again), fingerprint(game), "save and load agree");
                    gg_game_free(again);
                }
                14 => {
                    let text = input.string();
                    let mut g = ptr::null_mut();
                    let status = match pick % 3 {
                        0 => gg_game_load(engine, text.as_ptr(), &mut g),
                        1 => gg_game_from_scenario_json(engine, text.as_ptr(), 1, &mut g),
                        _ => {
                            let scenario = SCENARIOS[usize::from(input.byte()) % SCENARIOS.len()];
                            gg_game_replay(engine, scenario.as_ptr(), 1, text.as_ptr(), &mut g)
                        }
                    };
                    if check(status) {
                        gg_game_free(g);
                    } else {
                        assert!(g.is_null(), "no game is written on failure");
                    }
                }
                15 => {
                    let (name, text) = (input.string(), input.string());
                    if check(gg_engine_add_data(
                        engine,
                        name.as_ptr(),
                        text.as_ptr(),
                        &mut out,
                    )) {
                        take(out);
                    }
                }
                16 if games.len() < MAX_GAMES => {
                    let mut copy = ptr::null_mut();
                    assert!(check(gg_game_clone(game, &mut copy)));
                    assert_eq!(fingerprint(copy), fingerprint(game), "a clone is equal");
                    games.push(copy);
                }
                17 => {
                    let bot = input.string();
                    let status = if pick & 1 == 0 {
                        gg_game_step_random(game, &mut out)
                    } else {
                        gg_game_step_bot(game, bot.as_ptr(), &mut out)
                    };
                    if check(status) {
                        take(out);
                    }
                }
                18 => {
                    // NULL outputs and arguments are refused by name.
                    let mut n = 0usize;
                    let statuses = [
                        gg_game_action_count(game, ptr::null_mut()),
                        gg_game_state_hash(game, ptr::null_mut()),
                        gg_game_reachable(game, ptr::null(), &mut out),
                        gg_game_apply_json(game, ptr::null(), ptr::null_mut()),
                        gg_game_action_count(ptr::null_mut(), &mut n),
                        gg_game_new(engine, ptr::null(), 0, ptr::null_mut()),
                    ];
                    for status in statuses {
                        assert_eq!(status, gg_status::GG_ERR_NULL);
                        check(status);
                    }
                }
                _ => {
                    let i = pick % games.len();
                    gg_game_free(games.swap_remove(i));
                }
            }
            // The name of any status is a static string.
            assert!(!CStr::from_ptr(gg_status_name(input.u32() as i32)).is_empty());
        }
    }
    // SAFETY: every handle is live and freed once.
    unsafe {
        for g in games {
            gg_game_free(g);
        }
        gg_engine_free(engine);
    }
}
