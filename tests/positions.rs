//! Games started from a position (`Engine::game_from_state`, docs/json.md "Positions"): a
//! state taken from random play and edited by hand starts a game with an empty history that
//! plays on; `state()` round-trips to the same hash; saved games of such a game reload; and
//! invalid positions are refused naming the field (its JSON path) and the rule broken.

use grognard::any::{AnyGame, Engine, Error};
use serde_json::Value;

fn engine() -> Engine {
    Engine::builtin().unwrap()
}

/// A state after `steps` random steps of `scenario` with `seed`.
fn played(e: &Engine, scenario: &str, seed: u64, steps: usize) -> Box<dyn AnyGame> {
    let mut g = e.new_game(scenario, seed).unwrap();
    for _ in 0..steps {
        if g.step_random().unwrap().is_null() {
            break;
        }
    }
    g
}

fn from_state(e: &Engine, scenario: &str, state: &Value) -> Result<Box<dyn AnyGame>, Error> {
    e.game_from_state(scenario, &state.to_string(), 3)
}

/// The refusal's path and rule, failing the test when the position was accepted.
fn refused(e: &Engine, scenario: &str, state: &Value) -> (String, String, String) {
    match from_state(e, scenario, state) {
        Ok(_) => panic!("the position was accepted"),
        Err(Error::BadPosition { path, rule, reason }) => (path, rule, reason),
        Err(Error::BadJson { path, message, .. }) => (path, "json".into(), message),
        Err(other) => panic!("unexpected error {other}"),
    }
}

/// Plays a few steps from `g` and checks legal actions are listed and apply.
fn plays_on(g: &mut Box<dyn AnyGame>) {
    assert_eq!(
        g.history_len(),
        0,
        "a game from a position starts with no history"
    );
    for _ in 0..40 {
        if g.actor_kind() != grognard::any::ActorKind::Terminal {
            assert!(g.action_count() > 0, "no legal action from the position");
        }
        if g.step_random().unwrap().is_null() {
            break;
        }
    }
    // Undo goes back to the position, not to the scenario's start.
    let start = g.history_len();
    for _ in 0..start {
        g.undo().unwrap();
    }
    assert!(g.undo().is_none());
}

/// Round trip, play and save/reload over many states of random play.
fn round_trips(scenario: &str, games: u64, steps: usize, every: usize) {
    // A longer soak multiplies the games and checks every state: POSITION_SOAK=n multiplies by
    // n; the project's long soak (GROGNARD_LONG_SOAK=1, README) by 10.
    let long = std::env::var("GROGNARD_LONG_SOAK").is_ok_and(|v| !v.is_empty() && v != "0");
    let soak: u64 = std::env::var("POSITION_SOAK")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if long { 10 } else { 0 });
    let (games, steps, every) = if soak > 0 {
        (games * soak, steps * 4, 1)
    } else {
        (games, steps, every)
    };
    let e = engine();
    for seed in 0..games {
        let mut g = e.new_game(scenario, seed).unwrap();
        for n in 0..steps {
            if n % every == 0 {
                let state = g.state();
                let mut p = from_state(&e, scenario, &state).unwrap_or_else(|err| {
                    panic!("{scenario} seed {seed} step {n}: the state of play refused: {err}")
                });
                assert_eq!(
                    p.state_hash(),
                    g.state_hash(),
                    "{scenario} seed {seed} step {n}"
                );
                assert_eq!(p.history_len(), 0);
                // The save carries the position and reloads to the same game.
                let stepped = !p.step_random().unwrap().is_null();
                let saved = p.save();
                assert!(
                    saved["game"]["start"].is_object(),
                    "the save keeps the start"
                );
                let back = e.load_game(&saved.to_string()).unwrap();
                assert_eq!(back.state_hash(), p.state_hash());
                assert_eq!(back.history_len(), usize::from(stepped));
            }
            if g.step_random().unwrap().is_null() {
                break;
            }
        }
    }
}

#[test]
fn pg_positions_of_random_play_round_trip() {
    round_trips("pg/rossbach", 3, 600, 23);
}

#[test]
fn nbs_positions_of_random_play_round_trip() {
    round_trips("nbs/austerlitz-1", 2, 400, 37);
}

#[test]
fn scenario_start_round_trips_and_saves_without_start() {
    let e = engine();
    for scenario in ["pg/rossbach", "pg/leuthen", "nbs/austerlitz-1"] {
        let g = e.new_game(scenario, 1).unwrap();
        assert!(g.save()["game"].get("start").is_none());
        let p = from_state(&e, scenario, &g.state()).unwrap();
        assert_eq!(p.state_hash(), g.state_hash());
    }
}

/// The on-map unit indices of a pg state, with their hexes.
fn pg_on_map(state: &Value) -> Vec<(usize, String)> {
    state["units"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, u)| u["off"] == "no")
        .map(|(i, u)| (i, u["hex"].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn pg_edited_position_plays() {
    let e = engine();
    let g = played(&e, "pg/rossbach", 5, 150);
    let mut state = g.state();
    let units = pg_on_map(&state);
    let (u, _) = units[0];
    // Disorder a unit, take a step from another, and move a third to an empty hex next to it.
    state["units"][u]["morale"] = "disordered".into();
    let (w, _) = units[1];
    if state["units"][w]["steps"].as_u64().unwrap() > 1 {
        state["units"][w]["steps"] = (state["units"][w]["steps"].as_u64().unwrap() - 1).into();
    }
    let mut p = from_state(&e, "pg/rossbach", &state).unwrap();
    assert_eq!(p.state()["units"][u]["morale"], "disordered");
    plays_on(&mut p);
}

#[test]
fn pg_refusals_name_field_and_rule() {
    let e = engine();
    let g = played(&e, "pg/rossbach", 2, 60);
    let state = g.state();
    let units = pg_on_map(&state);

    // Unknown unit: an entry more than the scenario's counters.
    let mut s = state.clone();
    let extra = s["units"][0].clone();
    s["units"].as_array_mut().unwrap().push(extra);
    let (path, rule, reason) = refused(&e, "pg/rossbach", &s);
    assert_eq!(
        (path.as_str(), rule.as_str()),
        ("units", "scenario"),
        "{reason}"
    );

    // Off-map hex.
    let mut s = state.clone();
    s["units"][units[0].0]["hex"] = "9999".into();
    let (path, rule, _) = refused(&e, "pg/rossbach", &s);
    assert_eq!(path, format!("units[{}].hex", units[0].0));
    assert_eq!(rule, "scenario");

    // Overstacked hex (5.1): every unit of side 0 on one hex, all Formed, in the Rally Phase.
    let mut s = state.clone();
    let hex = units[0].1.clone();
    let pg = grognard::pg::Pg::new(&e.library().scenario("pg/rossbach").unwrap()).unwrap();
    let side = pg.pieces.units[units[0].0].side;
    let mut moved = 0;
    for (i, _) in &units {
        if pg.pieces.units[*i].side == side && moved < 40 {
            s["units"][*i]["hex"] = hex.clone().into();
            s["units"][*i]["morale"] = "formed".into();
            moved += 1;
        }
    }
    s["phase"] = "rally".into();
    s["mover"] = Value::Null;
    s["pending"] = Value::Array(vec![]);
    let (path, rule, reason) = refused(&e, "pg/rossbach", &s);
    assert!(path.starts_with("units["), "{path}: {reason}");
    assert!(rule == "5.1" || rule == "5.2", "{rule}: {reason}");

    // Unknown phase.
    let mut s = state.clone();
    s["phase"] = "tea_break".into();
    let (path, _, message) = refused(&e, "pg/rossbach", &s);
    assert_eq!(path, "phase", "{message}");

    // A turn past the scenario's last.
    let mut s = state.clone();
    s["turn"] = 99.into();
    let (path, rule, _) = refused(&e, "pg/rossbach", &s);
    assert_eq!((path.as_str(), rule.as_str()), ("turn", "3.0"));

    // Steps above the counter's.
    let mut s = state.clone();
    s["units"][units[0].0]["steps"] = 9.into();
    let (path, rule, _) = refused(&e, "pg/rossbach", &s);
    assert_eq!(path, format!("units[{}].steps", units[0].0));
    assert_eq!(rule, "2.0");

    // Unknown field, with its path.
    let mut s = state.clone();
    s["units"][3]["colour"] = "blue".into();
    let (path, rule, message) = refused(&e, "pg/rossbach", &s);
    assert_eq!((path.as_str(), rule.as_str()), ("units[3].colour", "json"));
    assert!(message.contains("colour"));

    // Wrong type.
    let mut s = state.clone();
    s["turn"] = "three".into();
    let (path, rule, _) = refused(&e, "pg/rossbach", &s);
    assert_eq!((path.as_str(), rule.as_str()), ("turn", "json"));

    // A side that does not exist.
    let mut s = state.clone();
    s["active"] = 2.into();
    let (path, rule, _) = refused(&e, "pg/rossbach", &s);
    assert_eq!((path.as_str(), rule.as_str()), ("active", "json"));

    // A pending decision for a unit that does not exist.
    let mut s = state.clone();
    s["pending"] = serde_json::json!([{"morale_check": {"unit": 999}}]);
    let (path, rule, _) = refused(&e, "pg/rossbach", &s);
    assert_eq!(
        (path.as_str(), rule.as_str()),
        ("pending[0].morale_check.unit", "scenario")
    );
}

#[test]
fn position_saves_refuse_a_bad_start() {
    let e = engine();
    let g = played(&e, "pg/rossbach", 4, 30);
    let p = from_state(&e, "pg/rossbach", &g.state()).unwrap();
    let mut saved = p.save();
    saved["game"]["start"]["turn"] = 99.into();
    match e.load_game(&saved.to_string()) {
        Err(Error::BadPosition { path, rule, .. }) => {
            assert_eq!((path.as_str(), rule.as_str()), ("game.start.turn", "3.0"));
        }
        Err(other) => panic!("unexpected {other}"),
        Ok(_) => panic!("accepted"),
    }
    let mut saved = p.save();
    saved["game"]["start"]["colour"] = 1.into();
    match e.load_game(&saved.to_string()) {
        Err(Error::BadJson { path, .. }) => assert_eq!(path, "game.start.colour"),
        Err(other) => panic!("unexpected {other}"),
        Ok(_) => panic!("accepted"),
    }
}

/// The on-map unit indices of an nbs state.
fn nbs_on_map(state: &Value) -> Vec<usize> {
    state["units"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, u)| u["place"].get("at").is_some())
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn nbs_edited_position_plays() {
    let e = engine();
    let g = played(&e, "nbs/austerlitz-1", 5, 120);
    let mut state = g.state();
    let units = nbs_on_map(&state);
    // A unit takes a casualty.
    let u = units[0];
    if state["units"][u]["casualties"].as_u64() == Some(0) {
        state["units"][u]["casualties"] = 1.into();
    }
    let mut p = from_state(&e, "nbs/austerlitz-1", &state).unwrap();
    assert_eq!(
        p.state()["units"][u]["casualties"],
        state["units"][u]["casualties"]
    );
    plays_on(&mut p);
}

#[test]
fn nbs_refusals_name_field_and_rule() {
    let e = engine();
    let scenario = "nbs/austerlitz-1";
    let g = played(&e, scenario, 2, 60);
    let state = g.state();
    let units = nbs_on_map(&state);
    let u = units[0];

    // Unknown unit (a unit placed twice): an entry more than the scenario's counters.
    let mut s = state.clone();
    let extra = s["units"][u].clone();
    s["units"].as_array_mut().unwrap().push(extra);
    let (path, rule, _) = refused(&e, scenario, &s);
    assert_eq!((path.as_str(), rule.as_str()), ("units", "scenario"));

    // Off-map hex.
    let mut s = state.clone();
    s["units"][u]["place"] = serde_json::json!({"at": {"q": 900, "r": 900}});
    let (path, rule, _) = refused(&e, scenario, &s);
    assert_eq!(path, format!("units[{u}].place.at"));
    assert_eq!(rule, "scenario");

    // Losses above the loss chart (20.6).
    let mut s = state.clone();
    s["units"][u]["casualties"] = 200.into();
    let (path, rule, _) = refused(&e, scenario, &s);
    assert_eq!(path, format!("units[{u}].casualties"));
    assert!(["20.6", "27.2", "11.5c"].contains(&rule.as_str()), "{rule}");

    // Overstacked hex in the Command Phase, not found over-stacked (12.1, 12.5): every unit of
    // the first unit's side on its hex, one morale state.
    let mut s = state.clone();
    let here = s["units"][u]["place"].clone();
    let nbs = grognard::nbs::Nbs::new(&e.library().scenario(scenario).unwrap()).unwrap();
    let side = nbs.units[u].side;
    for &k in &units {
        if nbs.units[k].side == side {
            s["units"][k]["place"] = here.clone();
            s["units"][k]["morale"] = s["units"][u]["morale"].clone();
        }
    }
    s["phase"] = "command".into();
    s["tasks"] = Value::Array(vec![]);
    s["overstacks"] = Value::Array(vec![]);
    let (path, rule, reason) = refused(&e, scenario, &s);
    assert!(path.starts_with("units["), "{path}: {reason}");
    assert!(rule == "12.1" || rule == "11.1", "{rule}: {reason}");

    // Unknown phase, wrong type, unknown field, a turn off the track, a bad player turn.
    let mut s = state.clone();
    s["phase"] = "lunch".into();
    assert_eq!(refused(&e, scenario, &s).0, "phase");
    let mut s = state.clone();
    s["turn"] = Value::Bool(true);
    assert_eq!(refused(&e, scenario, &s).0, "turn");
    let mut s = state.clone();
    s["units"][u]["colour"] = 1.into();
    assert_eq!(refused(&e, scenario, &s).0, format!("units[{u}].colour"));
    let mut s = state.clone();
    s["turn"] = 999.into();
    let (path, rule, _) = refused(&e, scenario, &s);
    assert_eq!((path.as_str(), rule.as_str()), ("turn", "8.1"));
    let mut s = state.clone();
    s["player_turn"] = 2.into();
    let (path, rule, _) = refused(&e, scenario, &s);
    assert_eq!((path.as_str(), rule.as_str()), ("player_turn", "8.1"));
}
