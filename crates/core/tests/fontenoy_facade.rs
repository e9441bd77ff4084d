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
    assert_eq!(ids, ["10.1a-f", "10.1e", "9.2b-smouldering", "13.1d"]);
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

#[test]
fn f10_5_to_f10_9_the_lost_scenarios_are_listed_with_what_they_lack() {
    let e = engine();
    let listed = e.scenarios();
    let list = listed.as_array().expect("a list");
    for (id, lacks) in [
        ("fontenoy/battle-early", "the French set-up (10.5b)"),
        ("fontenoy/what-if-flank-march", "areas X, Y and Z"),
        (
            "fontenoy/what-if-lowendahl",
            "[W] units of Lowendahl's Detachment",
        ),
        ("fontenoy/melle", "the Melle map (1.4)"),
        ("fontenoy/melle-hypothetical", "the Melle Order of Battle"),
    ] {
        let s = list
            .iter()
            .find(|s| s["id"] == id)
            .unwrap_or_else(|| panic!("{id} listed"));
        let missing: Vec<&str> = s["incomplete"]
            .as_array()
            .expect("incomplete")
            .iter()
            .filter_map(|m| m.as_str())
            .collect();
        assert!(
            missing.iter().any(|m| m.contains(lacks)),
            "{id}: {missing:?}"
        );
    }
    // The four scenarios of the text are complete.
    for id in [
        "fontenoy/ingoldsby",
        "fontenoy/dutch-attack",
        "fontenoy/english-attack",
        "fontenoy/battle",
    ] {
        let s = list.iter().find(|s| s["id"] == id).expect("listed");
        assert_eq!(s["incomplete"], serde_json::json!([]), "{id}");
    }
}

#[test]
fn f10_5_to_f10_7_refused_unless_the_provisional_completion_is_chosen() {
    let e = engine();
    for (id, n) in [
        ("fontenoy/battle-early", 5),
        ("fontenoy/what-if-flank-march", 6),
        ("fontenoy/what-if-lowendahl", 7),
    ] {
        let err = e.new_game(id, 1).err().expect("refused");
        assert_eq!(err.code(), "data", "{id}");
        let text = format!("{err}");
        assert!(
            text.starts_with(&format!(
                "{id}: incomplete: incomplete scenario: Scenario {n}"
            )),
            "{text}"
        );
        assert!(text.contains("choose its option `provisional`"), "{text}");
        // Choosing it off is still refused; on, the completion plays.
        assert!(
            e.new_game_with_options(id, r#"{"provisional": false}"#, 1)
                .is_err()
        );
        let mut g = e
            .new_game_with_options(id, r#"{"provisional": true}"#, 1)
            .unwrap_or_else(|err| panic!("{id}: {err}"));
        let played = g.play_random(300).expect("plays");
        assert!(played["steps"].as_u64().unwrap_or(0) > 0, "{id}");
    }
}

#[test]
fn f10_8_f10_9_melle_has_no_provisional_completion() {
    let e = engine();
    for id in ["fontenoy/melle", "fontenoy/melle-hypothetical"] {
        let err = e.new_game(id, 1).err().expect("refused");
        let text = format!("{err}");
        assert!(text.contains("incomplete scenario"), "{text}");
        assert!(text.contains("no provisional completion exists"), "{text}");
        // No option can bring it in.
        assert!(
            e.new_game_with_options(id, r#"{"provisional": true}"#, 1)
                .is_err()
        );
    }
}

#[test]
fn f10_7_the_supply_train_option_is_on_in_scenario_7() {
    let e = engine();
    let listed = e.scenarios();
    let s = listed
        .as_array()
        .expect("a list")
        .iter()
        .find(|s| s["id"] == "fontenoy/what-if-lowendahl")
        .expect("listed")
        .clone();
    let o = s["options"]
        .as_array()
        .expect("options")
        .iter()
        .find(|o| o["id"] == "7.2")
        .expect("7.2 offered")
        .clone();
    assert_eq!(o["default"], true);
}
