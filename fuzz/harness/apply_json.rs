//! Fuzz harness `apply_json`: arbitrary actions against states reached by random play.
//!
//! Input: one selector byte choosing a snapshot (every implemented scenario after 0, 9, 60 and
//! 300 random steps), then lines. A line is an action as JSON, or `#n` (apply the n-th legal
//! action by index) or `!v` (roll the value v at a chance node). Every refused line must leave
//! the game unchanged; every accepted one must be taken back exactly by `undo` and give the
//! same events when applied again.

use grognard::any::{AnyGame, Engine};
use serde_json::Value;

use super::common::{Pick, assert_unchanged, playout};

const DEPTHS: [usize; 4] = [0, 9, 60, 300];

fn scenario_ids(engine: &Engine) -> Vec<String> {
    engine
        .scenarios()
        .as_array()
        .into_iter()
        .flatten()
        .filter(|s| s["implemented"] == true)
        // An incomplete scenario (Fontenoy's 5-9) is refused unless its provisional completion
        // is asked for.
        .filter(|s| s["incomplete"].as_array().is_none_or(|m| m.is_empty()))
        .filter_map(|s| s["id"].as_str().map(String::from))
        .collect()
}

fn make_snapshots() -> Vec<Box<dyn AnyGame>> {
    let engine = Engine::builtin().expect("built-in data loads");
    let mut out = Vec::new();
    for id in scenario_ids(&engine) {
        let mut game = engine.new_game(&id, 1).expect("built-in scenario starts");
        let mut pick = Pick(7);
        let mut done = 0;
        for depth in DEPTHS {
            playout(game.as_mut(), depth - done, &mut pick);
            done = depth;
            out.push(game.clone_game());
        }
    }
    out
}

thread_local! {
    static SNAPSHOTS: Vec<Box<dyn AnyGame>> = make_snapshots();
}

/// What one line asks for.
enum Line<'a> {
    Json(&'a str),
    Index(usize),
    Roll(u32),
}

fn parse_line(line: &str) -> Option<Line<'_>> {
    if let Some(n) = line.strip_prefix('#') {
        n.trim().parse().ok().map(Line::Index)
    } else if let Some(v) = line.strip_prefix('!') {
        v.trim().parse().ok().map(Line::Roll)
    } else {
        Some(Line::Json(line))
    }
}

fn apply(game: &mut dyn AnyGame, line: &Line<'_>) -> Result<Value, grognard::any::Error> {
    match line {
        Line::Json(text) => game.apply_json(text),
        Line::Index(i) => game.apply_index(*i),
        Line::Roll(v) => game.roll_value(*v),
    }
}

pub fn run(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = core::str::from_utf8(rest) else {
        return;
    };
    let mut game = SNAPSHOTS.with(|s| s[usize::from(selector) % s.len()].clone_game());
    for raw in text.split('\n').take(32) {
        let Some(line) = parse_line(raw) else {
            continue;
        };
        let (hash, len) = (game.state_hash(), game.history_len());
        match apply(game.as_mut(), &line) {
            Err(e) => {
                assert!(!e.to_string().is_empty(), "an error says what is wrong");
                assert_unchanged(game.as_ref(), hash, len, raw);
            }
            Ok(events) => {
                assert_eq!(game.history_len(), len + 1, "{raw}: one action, one entry");
                let after = game.state_hash();
                assert!(
                    game.undo().is_some(),
                    "{raw}: an applied action can be undone"
                );
                assert_unchanged(game.as_ref(), hash, len, "undo");
                let again = apply(game.as_mut(), &line).expect("the same action again");
                assert_eq!(
                    again, events,
                    "{raw}: the same action gives the same events"
                );
                assert_eq!(game.state_hash(), after, "{raw}: and the same state");
            }
        }
    }
}

/// Starting inputs: for every snapshot, each of its first legal actions (or chance outcomes)
/// as JSON, by index, and as a roll.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    SNAPSHOTS.with(|snapshots| {
        for (i, snapshot) in snapshots.iter().enumerate() {
            let Ok(selector) = u8::try_from(i) else { break };
            let mut game = snapshot.clone_game();
            let mut listed = game.legal_actions();
            if listed.as_array().is_none_or(Vec::is_empty) {
                listed = game.chance_outcomes();
            }
            let mut lines = String::new();
            for a in listed.as_array().into_iter().flatten().take(4) {
                let a = a.get("action").unwrap_or(a);
                lines.push_str(&a.to_string());
                lines.push('\n');
            }
            lines.push_str("#0\n!1");
            out.push([&[selector][..], lines.as_bytes()].concat());
        }
    });
    out
}
