//! Fontenoy through the JSON facade that the C, Python and wasm bindings wrap: registration,
//! the scenario listing with its options (F-5 to F-7 and the scenarios' variants), games with
//! options chosen, the board a front end draws (multi-hex formations and facing, 8.1, 9.1),
//! and bot games that end with a result.

use grognard::any::{Engine, Error};
use serde_json::Value;

fn engine() -> Engine {
    Engine::builtin().expect("the built-in data loads")
}

#[test]
fn f10_fontenoy_is_registered_and_its_four_scenarios_listed() {
    let e = engine();
    let systems = e.systems();
    let f = systems
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "fontenoy")
        .unwrap();
    assert_eq!(f["implemented"], true);
    let listed = e.scenarios();
    let ids: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["system"] == "fontenoy")
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    for id in [
        "fontenoy/battle",
        "fontenoy/dutch-attack",
        "fontenoy/english-attack",
        "fontenoy/ingoldsby",
    ] {
        assert!(ids.contains(&id), "{id} listed in {ids:?}");
    }
}

fn listed(e: &Engine, id: &str) -> Value {
    e.scenarios()
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .cloned()
        .unwrap()
}

#[test]
fn f5_optional_rules_are_listed_with_their_rule_numbers() {
    let e = engine();
    let battle = listed(&e, "fontenoy/battle");
    let options = battle["options"].as_array().unwrap();
    let sunken = options.iter().find(|o| o["id"] == "5.5").unwrap();
    assert_eq!(sunken["default"], false);
    assert!(!sunken["name"].as_str().unwrap().is_empty());
    assert!(
        sunken["rules"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r == "5.5")
    );
    // Scenario 1's own variants (F-10.1a F, F-10.1e) are options too.
    let ingoldsby = listed(&e, "fontenoy/ingoldsby");
    let ids: Vec<&str> = ingoldsby["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["10.1a-f", "10.1e", "9.2b-smouldering"]);
}

#[test]
fn f5_options_are_chosen_for_a_game_and_kept_by_its_save() {
    let e = engine();
    let g = e
        .new_game_with_options("fontenoy/battle", r#"{"5.5": true, "6.1": false}"#, 3)
        .expect("options offered by the scenario");
    let saved = g.save();
    let text = saved["scenario_json"]
        .as_str()
        .expect("the chosen scenario is kept");
    let scenario: Value = serde_json::from_str(text).unwrap();
    assert_eq!(scenario["rules"]["options"]["5.5"], true);
    assert_eq!(scenario["rules"]["options"]["6.1"], false);
    let back = e.load_game(&saved.to_string()).expect("reloads");
    assert_eq!(back.state(), g.state());
}

#[test]
fn f5_an_option_the_scenario_does_not_offer_is_refused_by_name() {
    let e = engine();
    let err = e
        .new_game_with_options("fontenoy/ingoldsby", r#"{"5.5": true}"#, 1)
        .err()
        .expect("scenario 1 does not offer 5.5");
    match err {
        Error::BadJson { path, message, .. } => {
            assert_eq!(path, "5.5");
            assert!(message.contains("10.1e"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let err = e
        .new_game_with_options("fontenoy/ingoldsby", r#"{"10.1e": 1}"#, 1)
        .err()
        .expect("not a boolean");
    assert!(
        matches!(err, Error::BadJson { ref path, .. } if path == "10.1e"),
        "{err:?}"
    );
    assert!(matches!(
        e.new_game_with_options("fontenoy/ingoldsby", "[1]", 1),
        Err(Error::BadJson { .. })
    ));
}

#[test]
fn r8_1_the_board_draws_every_formation_with_its_hexes_and_facing() {
    let e = engine();
    let mut g = e.new_game("fontenoy/english-attack", 5).unwrap();
    // Play through the set-up (F-10.0c) so that every unit stands in its formation.
    for _ in 0..2000 {
        let board = g.board();
        let on_map = board["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["status"] == "on_map")
            .count();
        if g.state()["phase"] != "set_up" && on_map > 0 {
            break;
        }
        g.step_bot("random").unwrap();
    }
    let board = g.board();
    assert_eq!(board["scheme"], "fontenoy");
    let hexes: Vec<&str> = board["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_str().unwrap())
        .collect();
    let pieces = board["pieces"].as_array().unwrap();
    let mut multi = 0;
    for p in pieces.iter().filter(|p| p["status"] == "on_map") {
        let facing = p["facing"]
            .as_u64()
            .expect("every counter on the map has a facing");
        assert!(facing < 12);
        let hex = p["hex"].as_str().unwrap();
        assert!(hexes.contains(&hex), "{hex} drawn");
        if let Some(all) = p["hexes"].as_array() {
            multi += 1;
            assert!(all.len() >= 2 && all.len() <= 3, "{p}");
            assert_eq!(all[0], p["hex"]);
        }
        if p["kind"] != "leader" {
            let marks = p["marks"].as_array().unwrap();
            assert!(!marks.is_empty(), "the formation is a mark: {p}");
        }
    }
    assert!(multi > 0, "scenario 3 sets up multi-hex Lines");
}

#[test]
fn f10_greedy_and_random_bots_play_scenario_1_to_a_result() {
    let e = engine();
    for bots in [["greedy", "greedy"], ["random", "greedy"]] {
        let mut g = e.new_game("fontenoy/ingoldsby", 1).unwrap();
        let out = g.play_bots(bots, 200_000).unwrap();
        assert!(out["outcome"].is_object(), "{bots:?}: {out}");
        assert!(
            out["outcome"]["level"]
                .as_str()
                .is_some_and(|l| !l.is_empty())
        );
    }
}
