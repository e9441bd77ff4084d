//! The bad-input suite (docs/bad-input.md) through the Rust facade: every case of
//! tests/fixtures/bad_input/cases.tsv must fail with its error code and a message holding its
//! needles, and leave the game (or the engine's library) as it was. The C, Python and wasm
//! layers run the same file (tests/c/bad_input.c, tests/py/test_bad_input.py,
//! tests/wasm/bad_input.test.mjs).
//!
//! `GROGNARD_BAD_INPUT_SHOW=1 cargo test --test bad_input -- --nocapture` prints what each
//! case gets, which helps when writing a new one.

use std::path::{Path, PathBuf};

use grognard::any::{AnyGame, Engine, Error};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// One line of cases.tsv.
struct Case {
    name: String,
    entry: String,
    base: Option<(String, u64, usize)>,
    arg: String,
    input: String,
    edits: Vec<(Vec<u8>, Vec<u8>)>,
    code: String,
    status: String,
    needles: Vec<String>,
    layers: Vec<(String, String, String)>,
}

fn unhex(s: &str) -> Vec<u8> {
    if s == "-" {
        return Vec::new();
    }
    assert!(s.len() % 2 == 0, "odd hex string {s:?}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
        .collect()
}

/// A literal input: `HEX`, `HEX*N` (repeated) or chunks of those joined by `+`.
fn literal(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for chunk in s.split('+') {
        match chunk.split_once('*') {
            Some((h, n)) => {
                let bytes = unhex(h);
                for _ in 0..n.parse::<usize>().expect("repeat count") {
                    out.extend_from_slice(&bytes);
                }
            }
            None => out.extend(unhex(chunk)),
        }
    }
    out
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(root().join("tests/fixtures/bad_input/cases.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(
                f.len(),
                11,
                "cases.tsv: line with {} fields: {line}",
                f.len()
            );
            let base = (f[2] != "-").then(|| {
                let (sc, rest) = f[2].split_once('@').expect("base scenario@seed+steps");
                let (seed, steps) = rest.split_once('+').expect("base seed+steps");
                (
                    sc.to_string(),
                    seed.parse().unwrap(),
                    steps.parse().unwrap(),
                )
            });
            let edits = if f[5] == "-" {
                Vec::new()
            } else {
                f[5].split(',')
                    .map(|e| {
                        let (a, b) = e.split_once('>').expect("edit FIND>REPLACE");
                        (unhex(a), unhex(b))
                    })
                    .collect()
            };
            let split = |s: &str| -> Vec<String> {
                if s == "-" {
                    Vec::new()
                } else {
                    s.split(" | ")
                        .map(str::to_string)
                        .filter(|s| !s.is_empty())
                        .collect()
                }
            };
            let layers = if f[9] == "-" {
                Vec::new()
            } else {
                f[9].split(" ; ")
                    .map(|d| {
                        let (head, rest) = d.split_once(": ").expect("layer directive");
                        let (layer, verb) = head.split_once(' ').expect("layer verb");
                        (layer.to_string(), verb.to_string(), rest.to_string())
                    })
                    .collect()
            };
            Case {
                name: f[0].into(),
                entry: f[1].into(),
                base,
                arg: f[3].into(),
                input: f[4].into(),
                edits,
                code: f[6].into(),
                status: f[7].into(),
                needles: split(f[8]),
                layers,
            }
        })
        .collect()
}

fn replace_first(hay: &[u8], find: &[u8], with: &[u8]) -> Option<Vec<u8>> {
    let at = hay.windows(find.len()).position(|w| w == find)?;
    let mut out = hay[..at].to_vec();
    out.extend_from_slice(with);
    out.extend_from_slice(&hay[at + find.len()..]);
    Some(out)
}

fn base_game(engine: &Engine, c: &Case) -> Box<dyn AnyGame> {
    let (sc, seed, steps) = c.base.as_ref().expect("this entry needs a base position");
    let mut g = engine.new_game(sc, *seed).unwrap();
    for _ in 0..*steps {
        g.step_random().unwrap();
    }
    g
}

/// Everything a failing call must leave alone.
fn snapshot(g: &mut Box<dyn AnyGame>) -> (u64, Value, Value, Value, Value) {
    (
        g.state_hash(),
        g.state(),
        g.history(),
        g.legal_actions(),
        g.actor(),
    )
}

/// The actions open now: the legal ones, or the chance outcomes at a chance node.
fn open_actions(g: &mut Box<dyn AnyGame>) -> Vec<Value> {
    let legal = g.legal_actions().as_array().cloned().unwrap_or_default();
    if !legal.is_empty() {
        return legal;
    }
    g.chance_outcomes()
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| o["action"].clone())
        .collect()
}

/// Runs a case; `Err` says how it failed its expectations.
fn run(engine: &mut Engine, c: &Case, show: bool) -> Result<(), String> {
    let mut code = c.code.clone();
    let mut needles = c.needles.clone();
    for (layer, verb, rest) in &c.layers {
        if layer != "rust" {
            continue;
        }
        match verb.as_str() {
            "skip" => {
                if show {
                    println!("{}: skipped ({rest})", c.name);
                }
                return Ok(());
            }
            "expect" => {
                let mut parts = rest.split(" | ");
                code = parts.next().unwrap_or_default().to_string();
                needles = parts
                    .map(str::to_string)
                    .filter(|s| !s.is_empty())
                    .collect();
            }
            other => return Err(format!("unknown directive `rust {other}`")),
        }
    }
    let mut game = c.base.as_ref().map(|_| base_game(engine, c));
    let mut bytes = match c.input.as_str() {
        "@state" => game
            .as_ref()
            .expect("@state needs a base")
            .state()
            .to_string()
            .into_bytes(),
        "@save" => game
            .as_ref()
            .expect("@save needs a base")
            .save()
            .to_string()
            .into_bytes(),
        s if s.starts_with('@') => std::fs::read(root().join(&s[1..])).unwrap(),
        s => literal(s),
    };
    for (find, with) in &c.edits {
        bytes = replace_first(&bytes, find, with).ok_or_else(|| {
            format!(
                "edit target {:?} not found in the input",
                String::from_utf8_lossy(find)
            )
        })?;
    }
    let input = String::from_utf8(bytes)
        .map_err(|_| "the input is not UTF-8: the case needs `rust skip`".to_string())?;
    let scenarios_before = engine.scenarios();
    let before = game.as_mut().map(snapshot);
    let result: Result<Value, Error> = match c.entry.as_str() {
        "add_data" => engine.add_data(&c.arg, &input),
        "scenario_json" => engine
            .new_game_from_json(&input, c.arg.parse().unwrap())
            .map(|_| Value::Null),
        "new_game" => engine
            .new_game(&input, c.arg.parse().unwrap())
            .map(|_| Value::Null),
        "replay" => {
            let (sc, seed, _) = c.base.as_ref().unwrap();
            game = None;
            engine.replay(sc, *seed, &input).map(|_| Value::Null)
        }
        "load" => {
            game = None;
            engine.load_game(&input).map(|_| Value::Null)
        }
        "from_state" => {
            let (sc, _, _) = c.base.as_ref().unwrap();
            game = None;
            engine
                .game_from_state(sc, &input, c.arg.parse().unwrap())
                .map(|_| Value::Null)
        }
        "apply" => game.as_mut().unwrap().apply_json(&input),
        "apply_index" => {
            let i: usize = c.arg.parse().unwrap();
            game.as_mut().unwrap().apply_index(i)
        }
        "stale_after_undo" => {
            let g = game.as_mut().unwrap();
            let open = open_actions(g);
            g.step_random().unwrap();
            let stale = open_actions(g)
                .into_iter()
                .find(|a| !open.contains(a))
                .ok_or("no action became legal after the step")?;
            g.undo().ok_or("nothing to undo")?;
            if show {
                println!("{}: stale action {stale}", c.name);
            }
            g.apply_json(&stale.to_string())
        }
        "undo" => Ok(game.as_mut().unwrap().undo().unwrap_or(Value::Null)),
        "roll_value" => game.as_mut().unwrap().roll_value(c.arg.parse().unwrap()),
        "observation" => game.as_ref().unwrap().observation(c.arg.parse().unwrap()),
        "reachable" => game.as_ref().unwrap().reachable(&input),
        "path_actions" => game.as_ref().unwrap().path_actions(&input, &c.arg),
        other => return Err(format!("unknown entry {other:?}")),
    };
    if show {
        match &result {
            Ok(v) => println!("{}: ok {}", c.name, v),
            Err(e) => println!("{}: {} | {}", c.name, e.code(), e),
        }
    }
    match (&result, code.as_str()) {
        (Ok(v), "none") => {
            if !v.is_null() {
                return Err(format!("expected null, got {v}"));
            }
        }
        (Ok(v), _) => return Err(format!("expected a {code} error, got success: {v}")),
        (Err(e), "none") => return Err(format!("expected success, got {e}")),
        (Err(e), want) => {
            if e.code() != want {
                return Err(format!("expected a {want} error, got {}: {e}", e.code()));
            }
            let message = e.to_string();
            for n in &needles {
                if !message.contains(n.as_str()) {
                    return Err(format!("message {message:?} lacks {n:?}"));
                }
            }
        }
    }
    if let (Some(g), Some(before)) = (game.as_mut(), before) {
        if snapshot(g) != before {
            return Err("the game changed".into());
        }
    }
    if engine.scenarios() != scenarios_before {
        return Err("the list of scenarios changed".into());
    }
    if c.entry == "add_data" {
        let mut g = engine
            .new_game("pg/training", 1)
            .map_err(|e| format!("no good game after the error: {e}"))?;
        g.play_random(200)
            .map_err(|e| format!("the good game fails: {e}"))?;
    }
    Ok(())
}

#[test]
fn every_bad_input_case_fails_cleanly_and_changes_nothing() {
    let show = std::env::var_os("GROGNARD_BAD_INPUT_SHOW").is_some();
    let mut engine = Engine::builtin().unwrap();
    let cases = cases();
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        if let Err(why) = run(&mut engine, c, show) {
            failures.push(format!("{}: {why}", c.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn the_case_file_is_consistent() {
    let status = |code: &str| match code {
        "none" => "GG_OK",
        "unknown_system" => "GG_ERR_UNKNOWN_SYSTEM",
        "not_implemented" => "GG_ERR_NOT_IMPLEMENTED",
        "unknown_scenario" => "GG_ERR_UNKNOWN_SCENARIO",
        "bad_json" => "GG_ERR_JSON",
        "data" => "GG_ERR_DATA",
        "illegal" => "GG_ERR_ILLEGAL",
        "index_out_of_range" => "GG_ERR_INDEX",
        "bad_side" => "GG_ERR_SIDE",
        "bad_save" => "GG_ERR_BAD_SAVE",
        "bad_position" => "GG_ERR_BAD_POSITION",
        "utf8" => "GG_ERR_UTF8",
        "null" => "GG_ERR_NULL",
        _ => "?",
    };
    let mut names = std::collections::BTreeSet::new();
    for c in cases() {
        assert!(names.insert(c.name.clone()), "{}: name used twice", c.name);
        assert_eq!(
            status(&c.code),
            c.status,
            "{}: code and status disagree",
            c.name
        );
        for (layer, verb, _) in &c.layers {
            assert!(
                ["rust", "c", "py", "wasm"].contains(&layer.as_str())
                    && ["skip", "expect", "raises"].contains(&verb.as_str()),
                "{}: bad directive {layer} {verb}",
                c.name
            );
        }
    }
}
