//! `AnyGame::preview`: before a close combat's die is rolled (10.6), the facade shows its SP,
//! odds column, each DRM with its rule and the total, and what every face of the die would do;
//! and it agrees with what the roll then reports.

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
