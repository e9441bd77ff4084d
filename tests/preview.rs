//! `AnyGame::preview`: before a close combat's die is rolled (10.6), the facade shows its SP,
//! odds column, each DRM with its rule and the total, and what every face of the die would do;
//! and it agrees with what the roll then reports. For Austerlitz (nbs) the same for a morale
//! check (25.2): unit, rating, modifier lines, row and the chance of each result.

use grognard::any::{AnyGame, Engine};
use serde_json::Value;

/// Plays random games of pg/training until one stands at a close combat's roll.
fn game_at_combat_roll(engine: &Engine) -> Box<dyn AnyGame> {
    for seed in 0..200 {
        let mut game = engine.new_game("pg/training", seed).unwrap();
        for _ in 0..5_000 {
            if game.outcome().is_some() {
                break;
            }
            if game.actor()["prompt"]["rule"] == "10.6" && game.actor()["chance"].is_object() {
                return game;
            }
            game.step_random().unwrap();
        }
    }
    panic!("no close combat reached in 200 random games of pg/training");
}

fn fact<'a>(preview: &'a Value, name: &str) -> &'a str {
    preview["facts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .unwrap_or_else(|| panic!("no fact {name:?} in {preview}"))["value"]
        .as_str()
        .unwrap()
}

#[test]
fn r10_6_preview_shows_odds_drms_and_every_face() {
    let engine = Engine::builtin().unwrap();
    let mut game = game_at_combat_roll(&engine);
    let before = game.state_hash();
    let preview = game.preview();
    assert_eq!(game.state_hash(), before, "preview changes nothing");
    assert_eq!(preview["rule"], "10.6");
    assert!(
        preview["title"]
            .as_str()
            .unwrap()
            .starts_with("close combat: ")
    );
    let odds = fact(&preview, "odds (10.3)").to_string();
    let total: i64 = fact(&preview, "DRM total (10.5)").parse().unwrap();
    // The items add up to the total.
    let items: i64 = preview["facts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| {
            let n = f["name"].as_str().unwrap();
            n.starts_with("DRM ") && n != "DRM total (10.5)"
        })
        .map(|f| f["value"].as_str().unwrap().parse::<i64>().unwrap())
        .sum();
    assert_eq!(items, total);
    let outcomes = preview["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), 6);
    for o in outcomes {
        assert_eq!(o["prob"]["den"], 6);
        assert!(
            o["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["rule"] == "10.6"),
            "{o}"
        );
    }
    // The roll reports the odds and DRM the preview showed.
    let rolled = game.roll().unwrap();
    let event = rolled["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["rule"] == "10.6")
        .unwrap()["event"]
        .clone();
    let cc = &event["close_combat"];
    assert_eq!(cc["odds"], odds.as_str(), "{event}");
    assert_eq!(cc["drm"].as_i64().unwrap(), total);
}

#[test]
fn preview_is_null_when_no_dice_are_due() {
    let engine = Engine::builtin().unwrap();
    let mut game = engine.new_game("pg/training", 1).unwrap();
    assert!(game.actor()["player"].is_number());
    assert!(game.preview().is_null());
}

/// Austerlitz 25.2: before a morale check's roll the facade shows the checking unit, its
/// rating, the modifier lines adding up to the row shift, the Morale Table row and the chance
/// of each result, the chances covering all 36 rolls.
#[test]
fn r25_2_nbs_preview_of_a_morale_check() {
    let engine = Engine::builtin().unwrap();
    for seed in 0..20 {
        let mut game = engine.new_game("nbs/austerlitz-1", seed).unwrap();
        for _ in 0..20_000 {
            if game.outcome().is_some() {
                break;
            }
            if game.actor()["prompt"]["rule"] == "25.2" && game.actor()["chance"].is_object() {
                let before = game.state_hash();
                let preview = game.preview();
                assert_eq!(game.state_hash(), before, "preview changes nothing");
                assert_eq!(preview["rule"], "25.2", "{preview}");
                assert!(!fact(&preview, "checking unit (25.2)").is_empty());
                let total: i64 = fact(&preview, "row shift total (25.2)").parse().unwrap();
                let facts = preview["facts"].as_array().unwrap();
                let items: i64 = facts
                    .iter()
                    .filter(|f| {
                        let n = f["name"].as_str().unwrap();
                        n.starts_with("modifier ") && n != "modifier list (25.2)"
                    })
                    .map(|f| f["value"].as_str().unwrap().parse::<i64>().unwrap())
                    .sum();
                assert_eq!(items, total, "{preview}");
                let row: i64 = fact(&preview, "Morale Table row (25.2)").parse().unwrap();
                let chances: i64 = facts
                    .iter()
                    .filter(|f| f["name"].as_str().unwrap().starts_with("chance: "))
                    .map(|f| {
                        let v = f["value"].as_str().unwrap();
                        v.strip_suffix("/36").unwrap().parse::<i64>().unwrap()
                    })
                    .sum();
                assert_eq!(chances, 36, "{preview}");
                assert_eq!(preview["outcomes"].as_array().unwrap().len(), 36);
                let rolled = game.roll().unwrap();
                let checked = rolled["events"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find_map(|e| e["event"].get("morale_check"))
                    .unwrap_or_else(|| panic!("no morale check in {rolled}"))
                    .clone();
                assert_eq!(checked["row"].as_i64().unwrap(), row, "{checked}");
                return;
            }
            game.step_random().unwrap();
        }
    }
    panic!("no morale check reached in 20 random games of nbs/austerlitz-1");
}
