//! `AnyGame::board`: the map and counters a front end draws, for every built-in pg scenario.

use std::collections::HashSet;

use grognard::any::Engine;
use serde_json::Value;

#[test]
fn training_board_has_every_hex_terrain_slopes_and_counters() {
    let engine = Engine::builtin().unwrap();
    let game = engine.new_game("pg/training", 1).unwrap();
    let board = game.board();
    assert_eq!(board["scheme"], "pg");
    assert_eq!(board["map"], "pg/training");
    assert_eq!(board["orientation"], "flat");
    let hexes = board["hexes"].as_array().unwrap();
    // 12 columns x 10 rows (scenarios/pg/maps/training.json).
    assert_eq!(hexes.len(), 120);
    let find = |id: &str| hexes.iter().find(|h| h["id"] == id).unwrap().clone();
    assert_eq!(find("0605")["terrain"], serde_json::json!(["town"]));
    assert_eq!(find("0101")["terrain"], serde_json::json!(["clear"]));
    assert_eq!(find("0702")["elevation"], 1);
    assert!(find("0101").get("elevation").is_none());
    // Odd-q, flat-topped: odd columns (01, 03) sit half a hex below column 02.
    let (a, b, c) = (find("0101"), find("0201"), find("0301"));
    let y = |h: &Value| h["y"].as_f64().unwrap();
    let x = |h: &Value| h["x"].as_f64().unwrap();
    assert!((y(&a) - y(&b) - 3f64.sqrt() / 2.0).abs() < 1e-9);
    assert!((y(&c) - y(&a)).abs() < 1e-9);
    assert!((x(&b) - x(&a) - 1.5).abs() < 1e-9);
    // The slope between 0602 and 0702, high side 0702.
    let sides = board["hexsides"].as_array().unwrap();
    assert!(sides.iter().any(|s| s["hex"] == "0602"
        && s["feature"] == "slope"
        && s["toward"] == "0702"
        && s["dir"].as_u64().unwrap() < 6));
    // Counters: names, sides, the set-up hexes, and `ref` as actions name them.
    let pieces = board["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 23);
    let p753 = pieces.iter().find(|p| p["id"] == "trn-p-753").unwrap();
    assert_eq!(p753["hex"], "0305");
    assert_eq!(p753["side"], 0);
    assert_eq!(p753["kind"], "infantry");
    assert_eq!(p753["status"], "on_map");
    assert!(p753["ref"]["unit"].is_u64());
    let charles = pieces.iter().find(|p| p["id"] == "trn-c-charles").unwrap();
    assert_eq!(charles["kind"], "leader");
    assert_eq!(charles["side"], 1);
    assert_eq!(charles["hex"], "1006");
    // Every piece's hex is a hex of the board.
    let ids: HashSet<&str> = hexes.iter().map(|h| h["id"].as_str().unwrap()).collect();
    for p in pieces {
        if let Some(h) = p["hex"].as_str() {
            assert!(ids.contains(h), "{p}");
        }
    }
}

#[test]
fn board_follows_a_move_and_undo() {
    let engine = Engine::builtin().unwrap();
    let mut game = engine.new_game("pg/training", 7).unwrap();
    let start = game.board();
    // Play until some counter changes hex.
    let hex_of = |b: &Value, id: &str| {
        b["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .unwrap()["hex"]
            .clone()
    };
    let mut steps = 0;
    while steps < 400 && game.board()["pieces"] == start["pieces"] {
        game.step_random().unwrap();
        steps += 1;
    }
    assert_ne!(game.board()["pieces"], start["pieces"], "nothing changed");
    assert_eq!(game.board()["hexes"], start["hexes"]);
    for _ in 0..steps {
        game.undo();
    }
    assert_eq!(game.board(), start);
    assert_eq!(hex_of(&start, "trn-c-hussar"), "1003");
}

#[test]
fn every_builtin_pg_scenario_has_a_board() {
    let engine = Engine::builtin().unwrap();
    for s in engine.scenarios().as_array().unwrap() {
        let id = s["id"].as_str().unwrap();
        if s["system"] != "pg" {
            continue;
        }
        let game = engine.new_game(id, 1).unwrap();
        let board = game.board();
        let hexes = board["hexes"].as_array().unwrap();
        assert!(hexes.len() > 100, "{id}");
        let ids: HashSet<&str> = hexes.iter().map(|h| h["id"].as_str().unwrap()).collect();
        assert_eq!(ids.len(), hexes.len(), "{id}: duplicate hex ids");
        for p in board["pieces"].as_array().unwrap() {
            if let Some(h) = p["hex"].as_str() {
                assert!(ids.contains(h), "{id}: {p}");
            }
        }
    }
}
