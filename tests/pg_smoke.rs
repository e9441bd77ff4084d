//! Prussia's Glory on a small invented battle: random play to the end with the contract's
//! invariants checked after every action.

use grognard::any::Engine;
use grognard::data::Library;
use grognard::engine::{Actor, Game, Rules};
use grognard::pg::Pg;

fn library() -> Library {
    let mut lib = Library::builtin().unwrap();
    for (name, text) in [
        ("smoke-map.json", include_str!("pg/smoke-map.json")),
        (
            "smoke-counters.json",
            include_str!("pg/smoke-counters.json"),
        ),
        (
            "smoke-scenario.json",
            include_str!("pg/smoke-scenario.json"),
        ),
    ] {
        lib.add(name, text).unwrap_or_else(|e| panic!("{e}"));
    }
    lib
}

fn rules() -> Pg {
    Pg::new(&library().scenario("pg/smoke").unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn smoke_random_games_end_and_keep_the_contract() {
    let rules = rules();
    let mut actions = Vec::new();
    for seed in 0..30u64 {
        let mut game = Game::new(rules.clone(), seed);
        for _ in 0..20_000 {
            let state = game.state().clone();
            actions.clear();
            rules.legal_actions(&state, &mut actions);
            match rules.actor(&state) {
                Actor::Terminal(_) => break,
                _ => assert!(
                    !actions.is_empty(),
                    "seed {seed}: no legal action in {:?}",
                    state.phase
                ),
            }
            for a in &actions {
                rules
                    .applied(&state, a)
                    .unwrap_or_else(|e| panic!("seed {seed}: listed {a:?} refused: {e}"));
            }
            game.step_random().unwrap();
        }
        assert!(game.outcome().is_some(), "seed {seed} did not end");
    }
}

#[test]
fn smoke_plays_through_the_facade() {
    let mut engine = Engine::with_library(library());
    engine.register(Box::new(grognard::pg::PgSystem::new()));
    let mut g = engine.new_game("pg/smoke", 1).unwrap();
    let r = g.play_random(100_000).unwrap();
    assert!(r["outcome"].is_object(), "{r}");
}
