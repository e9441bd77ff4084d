//! Fuzz harness `data_load`: arbitrary text as component data.
//!
//! Input: one selector byte, then the text. The selector names the file the text is added as:
//! below the number of built-in files it replaces that file (so a map, chart or counter set the
//! built-in scenarios use is swapped for the text), above it the text is a new file. The same
//! text is then tried as an inline scenario and as a saved game. Whatever is accepted is played
//! for a few steps; whatever is refused must leave the engine as it was.

use std::sync::OnceLock;

use grognard::any::Engine;
use grognard::data::Library;

use super::common::{Pick, playout};

fn base() -> &'static Library {
    static BASE: OnceLock<Library> = OnceLock::new();
    BASE.get_or_init(|| Library::builtin().expect("built-in data loads"))
}

fn engine_over(library: Library) -> Engine {
    let mut engine = Engine::with_library(library);
    engine.register(Box::new(grognard::pg::PgSystem::new()));
    engine.register(Box::new(grognard::nbs::NbsSystem::new()));
    engine
}

fn shared() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| engine_over(base().clone()))
}

const STEPS: usize = 24;

pub fn run(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = core::str::from_utf8(rest) else {
        return;
    };
    let files = Library::builtin_files();
    let name = files
        .get(usize::from(selector))
        .map_or("fuzz/input.json", |f| f.0);
    let mut pick = Pick(u64::from(selector));

    let mut engine = engine_over(base().clone());
    // Listing the scenarios resolves every one of them (a third of an execution), so the
    // unchanged-engine check runs on one input in eight, chosen by the selector.
    let check_unchanged = selector % 8 == 0;
    let before = check_unchanged.then(|| engine.scenarios());
    match engine.add_data(name, text) {
        Err(e) => {
            assert!(!e.to_string().is_empty(), "an error says what is wrong");
            if let Some(before) = before {
                assert_eq!(
                    engine.scenarios(),
                    before,
                    "refused data changed the engine"
                );
            }
        }
        Ok(added) => {
            assert!(added["id"].is_string(), "add_data names what it added");
            // A scenario that still resolves must start and play: a replaced part is checked
            // against the scenarios that use it when it is added. One scenario an input (the
            // one added, or one chosen by the selector) keeps an execution short; one whose
            // system is not implemented is refused by `new_game` and skipped.
            let mut ids: Vec<String> = engine
                .library()
                .scenario_ids()
                .into_iter()
                .map(String::from)
                .collect();
            if added["kind"] == "scenario" {
                ids.retain(|id| added["id"] == id.as_str());
            }
            if let Some(id) = ids.get(usize::from(selector) % ids.len().max(1)) {
                if let Ok(mut game) = engine.new_game(id, u64::from(selector)) {
                    playout(game.as_mut(), STEPS, &mut pick);
                }
            }
        }
    }

    let engine = shared();
    if let Ok(mut game) = engine.new_game_from_json(text, u64::from(selector)) {
        playout(game.as_mut(), STEPS, &mut pick);
        let saved = game.save().to_string();
        let again = engine.load_game(&saved).expect("a game's own save loads");
        assert_eq!(again.state_hash(), game.state_hash(), "save and load agree");
    }
    if let Ok(game) = engine.load_game(text) {
        let saved = game.save().to_string();
        let again = engine
            .load_game(&saved)
            .expect("a loaded game's save loads");
        assert_eq!(again.state_hash(), game.state_hash(), "save and load agree");
    }
}

/// Starting inputs: every built-in file as itself, and every scenario as a new file and inline.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (i, (_, text)) in Library::builtin_files().iter().enumerate() {
        let Ok(selector) = u8::try_from(i) else { break };
        out.push([&[selector][..], text.as_bytes()].concat());
        if text.contains("\"kind\": \"scenario\"") {
            out.push([&[u8::MAX][..], text.as_bytes()].concat());
        }
    }
    out
}
