//! Strict input (docs/json.md, "Strict input"): what the engine writes, it reads back without
//! a complaint, while a field it does not write is refused with its path. Both systems, through
//! the facade, at many positions of random play.

use grognard::any::{AnyGame, Engine, Error};
use serde_json::{Value, json};

/// Positions of random play: every `every` steps up to `steps`.
fn positions(
    engine: &Engine,
    scenario: &str,
    seed: u64,
    steps: usize,
    every: usize,
) -> Vec<Box<dyn AnyGame>> {
    let mut g = engine.new_game(scenario, seed).unwrap();
    let mut out = Vec::new();
    for i in 0..steps {
        if i % every == 0 {
            out.push(g.clone_game());
        }
        if g.step_random().unwrap().is_null() {
            break;
        }
    }
    out.push(g);
    out
}

fn bad_json(e: Error) -> (String, String) {
    match e {
        Error::BadJson { path, message, .. } => (path, message),
        other => panic!("expected bad_json, got {other}"),
    }
}

#[test]
fn what_the_engine_writes_reads_back_in_both_systems() {
    let engine = Engine::builtin().unwrap();
    for (scenario, steps, every) in [("pg/training", 400, 40), ("nbs/austerlitz-1", 300, 30)] {
        for mut g in positions(&engine, scenario, 5, steps, every) {
            // A save (its record, history and state) loads.
            let save = g.save();
            let loaded = engine
                .load_game(&save.to_string())
                .unwrap_or_else(|e| panic!("{scenario}: own save refused: {e}"));
            assert_eq!(loaded.state_hash(), g.state_hash());
            // The history replays, entries as they are written.
            engine
                .replay(scenario, g.seed(), &g.history().to_string())
                .unwrap_or_else(|e| panic!("{scenario}: own history refused: {e}"));
            // Every legal action and chance outcome as written is read back.
            let mut open: Vec<Value> = g.legal_actions().as_array().cloned().unwrap_or_default();
            if open.is_empty() {
                open = g
                    .chance_outcomes()
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|o| o["action"].clone())
                    .collect();
            }
            for a in open.iter().take(12) {
                let mut c = g.clone_game();
                c.apply_json(&a.to_string())
                    .unwrap_or_else(|e| panic!("{scenario}: own action {a} refused: {e}"));
            }
            // An observation is a state as a side sees it: its fields read as a state's (a
            // hidden difference is a mismatch with the history, never an unknown field).
            for side in 0..2 {
                let mut s = save.clone();
                s["game"]["state"] = g.observation(side).unwrap();
                if let Err(e) = engine.load_game(&s.to_string()) {
                    assert_eq!(e.code(), "bad_save", "{scenario}: observation {side}: {e}");
                }
            }
        }
    }
}

#[test]
fn a_field_the_state_does_not_have_is_refused_with_its_path() {
    let engine = Engine::builtin().unwrap();
    for scenario in ["pg/training", "nbs/austerlitz-1"] {
        for g in positions(&engine, scenario, 9, 200, 50) {
            let save = g.save();
            // At the top of the state, and inside the first record of each list of records.
            let mut places: Vec<(Vec<Value>, String)> = vec![(vec![], "state".into())];
            if let Some(state) = save["game"]["state"].as_object() {
                for (k, v) in state {
                    if let Some(Value::Object(_)) = v.as_array().and_then(|a| a.first()) {
                        places.push((vec![json!(k), json!(0)], format!("state.{k}[0]")));
                    }
                }
            }
            for (at, path) in places {
                let mut s = save.clone();
                let mut target = &mut s["game"]["state"];
                for step in &at {
                    target = match step {
                        Value::String(k) => &mut target[k.as_str()],
                        Value::Number(n) => &mut target[n.as_u64().unwrap() as usize],
                        _ => unreachable!(),
                    };
                }
                target["zz_no_such_field"] = json!(1);
                let e = engine
                    .load_game(&s.to_string())
                    .err()
                    .unwrap_or_else(|| panic!("{scenario}: {path}.zz_no_such_field accepted"));
                let (p, m) = bad_json(e);
                assert_eq!(p, format!("game.{path}.zz_no_such_field"), "{m}");
                assert!(m.starts_with("unknown field `zz_no_such_field`"), "{m}");
            }
        }
    }
}

#[test]
fn a_known_field_written_out_at_its_default_is_not_an_unknown_one() {
    // An Austerlitz unit leaves `road` out while it is 0, the state leaves `escaping` out while
    // it is empty: a save that writes them anyway is read as the same state.
    let engine = Engine::builtin().unwrap();
    let mut g = engine.new_game("nbs/austerlitz-1", 1).unwrap();
    for _ in 0..20 {
        g.step_random().unwrap();
    }
    let mut s = g.save();
    assert!(s["game"]["state"]["units"][0].get("road").is_none());
    assert!(s["game"]["state"].get("escaping").is_none());
    s["game"]["state"]["units"][0]["road"] = json!(0);
    s["game"]["state"]["escaping"] = json!([]);
    let loaded = engine
        .load_game(&s.to_string())
        .unwrap_or_else(|e| panic!("explicit defaults refused: {e}"));
    assert_eq!(loaded.state_hash(), g.state_hash());
    // A value the field cannot hold is a wrong type, not an unknown field.
    s["game"]["state"]["units"][0]["road"] = json!("fast");
    let (p, m) = bad_json(engine.load_game(&s.to_string()).err().expect("refused"));
    assert_eq!(p, "game.state.units[0].road", "{m}");
    assert!(m.contains("invalid type"), "{m}");
}

#[test]
fn a_field_inside_a_kind_is_refused_with_the_kind_in_its_path() {
    // Austerlitz sub-sequences sit on the task stack as kinds (`{"initiative_roll": {...}}`,
    // `{"cavalry": {"charge": {...}}}`); the path names them as the JSON has them.
    let engine = Engine::builtin().unwrap();
    let mut checked = 0;
    for g in positions(&engine, "nbs/austerlitz-1", 3, 600, 7) {
        let save = g.save();
        let Some(tasks) = save["game"]["state"]["tasks"].as_array() else {
            continue;
        };
        for (i, task) in tasks.iter().enumerate() {
            // Down through the kinds: objects of one key holding an object.
            let mut at = vec![json!("tasks"), json!(i)];
            let mut path = format!("state.tasks[{i}]");
            let mut here = task;
            while let Some((k, v)) = here
                .as_object()
                .filter(|o| o.len() == 1)
                .and_then(|o| o.iter().next())
            {
                if !v.is_object() {
                    break;
                }
                at.push(json!(k));
                path.push_str(&format!(".{k}"));
                here = v;
            }
            if at.len() == 2 || !here.is_object() {
                continue;
            }
            let mut s = save.clone();
            let mut target = &mut s["game"]["state"];
            for step in &at {
                target = match step {
                    Value::String(k) => &mut target[k.as_str()],
                    Value::Number(n) => &mut target[n.as_u64().unwrap() as usize],
                    _ => unreachable!(),
                };
            }
            target["zz_no_such_field"] = json!(1);
            let e = engine
                .load_game(&s.to_string())
                .err()
                .unwrap_or_else(|| panic!("{path}.zz_no_such_field accepted"));
            let (p, m) = bad_json(e);
            assert_eq!(p, format!("game.{path}.zz_no_such_field"), "{m}");
            assert_eq!(m, "unknown field `zz_no_such_field`");
            checked += 1;
        }
    }
    assert!(
        checked > 0,
        "no task of a kind with fields in the positions played"
    );
}
