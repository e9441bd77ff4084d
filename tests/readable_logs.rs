//! Play logs tell units apart (issue 26, item 9): in every event line of every built-in scenario
//! of every implemented system, a counter whose printed name another counter shares is named
//! with its counter id (`First line regiment [ros-p-f2]`), so a reader can tell which one moved,
//! fired or was hit. Written against the facade only: a new system is covered by registering it.

use std::collections::BTreeMap;

use grognard::any::Engine;
use serde_json::Value;

/// Steps of random play per scenario (enough to cover set-up, movement and combat lines).
const STEPS: usize = 1_500;

/// The board's counters as `(name, id)`.
fn pieces(board: &Value) -> Vec<(String, String)> {
    board["pieces"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .filter_map(|p| Some((p["name"].as_str()?.into(), p["id"].as_str()?.into())))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_event_line_names_units_apart_in_every_scenario() {
    let engine = Engine::builtin().expect("built-in engine");
    let scenarios = engine.scenarios();
    let mut checked = 0;
    for s in scenarios.as_array().expect("scenario list") {
        // An incomplete scenario (Fontenoy's 5-9) starts only with its provisional completion.
        let incomplete = s["incomplete"].as_array().is_some_and(|m| !m.is_empty());
        if !s["implemented"].as_bool().unwrap_or(false) || incomplete {
            continue;
        }
        let id = s["id"].as_str().expect("scenario id");
        let mut game = engine.new_game(id, 7).expect("new game");
        let all = pieces(&game.board());
        assert!(!all.is_empty(), "{id}: the board lists no counters");
        let mut by_name: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (name, pid) in &all {
            by_name.entry(name).or_default().push(pid);
        }
        // What names a counter unambiguously: its name and id where the name is shared, its
        // name alone where it is not. Struck out longest first, so that a unique name which
        // starts with a shared one ("First line regiment (left)") goes whole.
        let mut labels: Vec<String> = all
            .iter()
            .map(|(name, pid)| {
                if by_name[name.as_str()].len() > 1 {
                    format!("{name} [{pid}]")
                } else {
                    name.clone()
                }
            })
            .collect();
        labels.sort_by_key(|l| std::cmp::Reverse(l.len()));
        let mut shared: Vec<&str> = by_name
            .iter()
            .filter(|(_, ids)| ids.len() > 1)
            .map(|(name, _)| *name)
            .collect();
        shared.sort_by_key(|n| std::cmp::Reverse(n.len()));
        for _ in 0..STEPS {
            let step = game.step_random().expect("random step");
            if step.is_null() {
                break;
            }
            for e in step["events"].as_array().into_iter().flatten() {
                let text = e["text"].as_str().unwrap_or_default();
                let mut rest = text.to_string();
                for l in &labels {
                    rest = rest.replace(l.as_str(), "");
                }
                for name in &shared {
                    assert!(
                        !rest.contains(name),
                        "{id}: event [{}] {text:?} names {name:?}, which {} counters share, \
                         without saying which",
                        e["rule"],
                        by_name[name].len()
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1_000, "only {checked} event lines were read");
}
