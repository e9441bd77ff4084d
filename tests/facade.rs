//! The JSON facade (`grognard::any`) end to end, with the test-only game registered behind a
//! `pg` scenario file (tests/toy; the data format knows only the four real systems).

#[allow(dead_code)] // each test crate uses a different part of the shared test game
mod toy;

use grognard::any::{Adapter, AnyGame, Engine, Error, System};
use grognard::data::{Library, ResolvedScenario};
use grognard::engine::{Game, SystemInfo};
use serde_json::{Value, json};

const MAP: &str = include_str!("../crates/core/tests/data/pg-geometry-map.json");
const COUNTERS: &str = include_str!("../crates/core/tests/data/pg-geometry-counters.json");
const CRT: &str = include_str!("../crates/core/tests/data/pg-test-crt.json");
const SCENARIO: &str = include_str!("../crates/core/tests/data/pg-geometry-scenario.json");

struct ToySystem;

fn rules_for(scenario: &ResolvedScenario) -> toy::Skirmish {
    let turns = &scenario.scenario.turns;
    toy::Skirmish {
        last_turn: (turns.last * 3) as u8,
        hp: 2,
        info: &toy::PG_STANDIN,
    }
}

impl System for ToySystem {
    fn info(&self) -> &SystemInfo {
        &toy::PG_STANDIN
    }
    fn new_game(
        &self,
        scenario: &ResolvedScenario,
        json: Option<String>,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, Error> {
        let game = Game::new(rules_for(scenario), seed);
        Ok(Box::new(Adapter::new(
            game,
            scenario.scenario.id.clone(),
            json,
        )))
    }
    fn load_game(
        &self,
        scenario: &ResolvedScenario,
        json: Option<String>,
        saved: Value,
    ) -> Result<Box<dyn AnyGame>, Error> {
        Ok(Box::new(Adapter::restore(
            rules_for(scenario),
            scenario.scenario.id.clone(),
            json,
            saved,
        )?))
    }
}

fn library() -> Library {
    let mut lib = Library::builtin().unwrap();
    lib.add("pg-geometry-map.json", MAP).unwrap();
    lib.add("pg-geometry-counters.json", COUNTERS).unwrap();
    lib.add("pg-test-crt.json", CRT).unwrap();
    lib.add("pg-geometry-scenario.json", SCENARIO).unwrap();
    lib
}

fn engine() -> Engine {
    let mut e = Engine::with_library(library());
    e.register(Box::new(ToySystem));
    e
}

fn game(seed: u64) -> Box<dyn AnyGame> {
    engine().new_game("pg/geometry-check", seed).unwrap()
}

#[test]
fn systems_lists_all_four_and_what_is_implemented() {
    let systems = engine().systems();
    let ids: Vec<&str> = systems
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["pg", "hov", "fontenoy", "nbs"]);
    assert_eq!(systems[0]["implemented"], true);
    assert_eq!(systems[1]["implemented"], false);
    assert_eq!(systems[2]["dice"], json!(["d10", "d100"]));
    let built = Engine::builtin().unwrap().systems();
    let implemented: Vec<&str> = built
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["implemented"] == true)
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(implemented, ["pg", "hov", "fontenoy", "nbs"]);
}

#[test]
fn scenarios_report_their_provisional_parts() {
    let list = engine().scenarios();
    let s = list
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "pg/geometry-check")
        .unwrap();
    assert_eq!(s["system"], "pg");
    assert_eq!(s["implemented"], true);
    let parts: Vec<&str> = s["provisional"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(parts.contains(&"map pg/geometry-check"), "{parts:?}");
}

#[test]
fn unknown_and_unimplemented_are_clear_errors() {
    let err = engine().new_game("pg/nowhere", 1).err().unwrap();
    assert_eq!(err.code(), "unknown_scenario");
    let bare = Engine::with_library(library());
    let err = bare.new_game("pg/geometry-check", 1).err().unwrap();
    assert_eq!(
        err,
        Error::NotImplemented {
            system: "pg".into()
        }
    );
    assert!(err.to_string().contains("not implemented"));
}

#[test]
fn actor_legal_actions_and_apply_speak_json() {
    let mut g = game(1);
    assert_eq!(
        g.actor(),
        json!({"player": 0, "name": "Blue", "prompt": {"rule": "T1", "text": "choose a secret plan"}})
    );
    assert_eq!(
        g.legal_actions(),
        json!([{"plan": 1}, {"plan": 2}, {"plan": 3}])
    );
    assert_eq!(g.action_count(), 3);
    let events = g.apply_json(r#"{"plan": 2}"#).unwrap();
    assert_eq!(
        events,
        json!([{"rule": "T1", "text": "side 0 chose a secret plan", "event": {"planned": {"side": 0}}}])
    );
    let events = g.apply_index(0).unwrap();
    assert_eq!(events[0]["rule"], "T1");
    assert_eq!(g.history().as_array().unwrap().len(), 2);
    assert_eq!(g.observation(0).unwrap()["plan"], json!([2, 0]));
    assert_eq!(g.observation(1).unwrap()["plan"], json!([0, 1]));
    assert_eq!(g.state()["plan"], json!([2, 1]));
}

#[test]
fn every_error_leaves_the_game_unchanged() {
    let mut g = game(1);
    g.apply_index(0).unwrap();
    let hash = g.state_hash();
    let history = g.history();

    let e = g.apply_json(r#"{"plan": 2"#).unwrap_err();
    assert_eq!(e.code(), "bad_json");
    let e = g.apply_json(r#"{"plan": "two"}"#).unwrap_err();
    assert!(
        matches!(&e, Error::BadJson { path, .. } if path == "plan"),
        "{e:?}"
    );
    let e = g.apply_json(r#"{"fly": 1}"#).unwrap_err();
    assert_eq!(e.code(), "bad_json");
    let e = g.apply_json(r#"{"plan": 9}"#).unwrap_err();
    assert_eq!(e.rule(), Some("T1"));
    assert_eq!(
        serde_json::to_value(&e).unwrap(),
        json!({"error": "illegal", "rule": "T1", "reason": "plan 9 is not 1, 2 or 3"})
    );
    let e = g.apply_json(r#""attack""#).unwrap_err();
    assert_eq!(e.rule(), Some("engine"));
    let e = g.apply_index(3).unwrap_err();
    assert_eq!(e, Error::IndexOutOfRange { index: 3, count: 3 });
    let e = g.roll().unwrap_err();
    assert_eq!(e.rule(), Some("engine"));
    let e = g.roll_value(4).unwrap_err();
    assert_eq!(e.rule(), Some("engine"));
    let e = g.observation(2).unwrap_err();
    assert_eq!(e.code(), "bad_side");
    let e = g.reachable("green").unwrap_err();
    assert_eq!(e.code(), "illegal");
    let e = g.path_actions("blue", "nowhere").unwrap_err();
    assert!(e.to_string().contains("\"nowhere\" is not a hex"), "{e}");

    assert_eq!(g.state_hash(), hash);
    assert_eq!(g.history(), history);
}

#[test]
fn dice_through_the_facade() {
    let mut g = game(3);
    for a in [
        r#"{"plan":1}"#,
        r#"{"plan":1}"#,
        r#"{"step":0}"#,
        r#""end_turn""#,
        r#"{"step":3}"#,
        r#""end_turn""#,
        r#"{"step":0}"#,
        r#""attack""#,
        r#""stand""#,
    ] {
        g.apply_json(a).unwrap();
    }
    assert_eq!(
        g.actor(),
        json!({"chance": {"dice": "1d6"}, "prompt": {"rule": "T3.2", "text": "roll for the attack"}})
    );
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.as_array().unwrap().len(), 6);
    assert_eq!(
        outcomes[0],
        json!({"action": {"roll": {"spec": "1d6", "value": 1}}, "prob": {"num": 1, "den": 6}})
    );
    let e = g.roll_value(7).unwrap_err();
    assert!(e.to_string().contains("1d6 cannot show 7"), "{e}");
    let events = g.roll_value(6).unwrap();
    assert_eq!(events[0]["text"], "rolled 6 +0: hit");
    assert!(g.undo().is_some());
    let rolled = g.roll().unwrap();
    assert!(rolled["action"]["roll"]["value"].is_u64());
}

#[test]
fn reachable_and_path_actions_use_the_games_hex_labels() {
    let mut g = game(1);
    g.apply_index(0).unwrap();
    g.apply_index(0).unwrap();
    let reach = g.reachable("blue").unwrap();
    assert_eq!(
        reach[0],
        json!({"hex": "-2,0", "cost": 0, "path": ["-2,0"]})
    );
    let steps = g.path_actions("blue", "0,0").unwrap();
    assert_eq!(steps.as_array().unwrap().len(), 2);
    for s in steps.as_array().unwrap() {
        g.apply_value(s.clone()).unwrap();
    }
    assert_eq!(g.state()["pos"][0], json!({"q": 0, "r": 0}));
}

#[test]
fn save_and_load_round_trip_and_refuse_tampering() {
    let engine = engine();
    let mut g = engine.new_game("pg/geometry-check", 21).unwrap();
    g.play_random(15).unwrap();
    let saved = g.save();
    assert_eq!(saved["format"], "grognard-game/1");
    let mut back = engine.load_game(&saved.to_string()).unwrap();
    assert_eq!(back.state_hash(), g.state_hash());
    g.play_random(10_000).unwrap();
    back.play_random(10_000).unwrap();
    assert_eq!(
        back.state_hash(),
        g.state_hash(),
        "the generator was saved too"
    );

    let mut tampered = saved.clone();
    tampered["game"]["state"]["hp"] = json!([7, 7]);
    assert_eq!(
        engine
            .load_game(&tampered.to_string())
            .err()
            .unwrap()
            .code(),
        "bad_save"
    );
    let mut wrong = saved.clone();
    wrong["format"] = json!("grognard-game/0");
    let e = engine.load_game(&wrong.to_string()).err().unwrap();
    assert!(
        matches!(&e, Error::BadJson { path, .. } if path == "format"),
        "{e:?}"
    );
    let e = engine.load_game("{\"format\": 1}").err().unwrap();
    assert_eq!(e.code(), "bad_json");
}

#[test]
fn games_from_scenario_json_save_their_scenario() {
    let engine = engine();
    let text = SCENARIO.replace(
        "pg/geometry-check\",\n  \"system\"",
        "pg/custom\",\n  \"system\"",
    );
    assert!(text.contains("\"pg/custom\""));
    let mut g = engine.new_game_from_json(&text, 5).unwrap();
    assert_eq!(g.scenario(), "pg/custom");
    g.play_random(20).unwrap();
    let back = engine.load_game(&g.save().to_string()).unwrap();
    assert_eq!(back.state_hash(), g.state_hash());
    assert!(
        engine
            .scenarios()
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["id"] != "pg/custom"),
        "the library is unchanged"
    );
    let e = engine.new_game_from_json(MAP, 5).err().unwrap();
    assert!(
        matches!(&e, Error::BadJson { path, .. } if path == "kind"),
        "{e:?}"
    );
    let e = engine.new_game_from_json("{", 5).err().unwrap();
    assert_eq!(e.code(), "data");
}

#[test]
fn same_seed_same_game_in_the_facade() {
    let run = |seed| {
        let mut g = game(seed);
        let r = g.play_random(100_000).unwrap();
        assert!(r["outcome"].is_object());
        (g.state_hash(), r["steps"].clone())
    };
    assert_eq!(run(9), run(9));
    let mut g = game(9);
    let mut steps = 0;
    while !g.step_random().unwrap().is_null() {
        steps += 1;
    }
    assert_eq!(
        json!(steps),
        run(9).1,
        "step_random and play_random draw alike"
    );
    assert_eq!(g.state_hash(), run(9).0);
}

#[test]
fn user_data_replaces_a_builtin_part() {
    let mut engine = engine();
    let added = engine.add_data("my-crt.json", CRT).unwrap();
    assert_eq!(added, json!({"id": "pg/test-crt", "kind": "chart"}));
    let e = engine.add_data("bad.json", "[1, 2").unwrap_err();
    assert_eq!(e.code(), "data");
}

/// `Engine::new_game` keeps one game per scenario at its start and hands out fresh copies; the
/// copies must be the games a new engine would build, and added data must drop them (and the
/// cached scenario listing).
#[test]
fn cached_new_games_equal_built_ones_and_added_data_drops_them() {
    let play = |engine: &Engine, seed| {
        let mut g = engine.new_game("pg/geometry-check", seed).unwrap();
        let before = g.state();
        let r = g.play_random(100_000).unwrap();
        (before, r["steps"].clone(), g.state_hash())
    };
    let mut e = engine();
    let first = play(&e, 9);
    assert_eq!(
        play(&e, 9),
        first,
        "a cached copy plays as the built game did"
    );
    assert_eq!(play(&e, 11), play(&engine(), 11), "other seeds too");
    let listed = e.scenarios();
    let shorter = SCENARIO
        .replace(
            "\"last\": 4, \"labels\": {\"1\": \"08:00\", \"4\": \"11:00\"}",
            "\"last\": 2",
        )
        .replace(
            "Geometry check (test scenario)",
            "Geometry check, two turns",
        );
    e.add_data("pg-geometry-scenario.json", &shorter).unwrap();
    let mut fresh = engine();
    fresh
        .add_data("pg-geometry-scenario.json", &shorter)
        .unwrap();
    let after = play(&e, 9);
    assert_ne!(
        after.1, first.1,
        "the added scenario (2 turns) is played, not the cached one"
    );
    assert_eq!(after, play(&fresh, 9));
    assert_ne!(
        e.scenarios(),
        listed,
        "the listing shows the added scenario"
    );
    assert_eq!(e.scenarios(), fresh.scenarios());
}
