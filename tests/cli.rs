//! The `grognard` command line: exit codes and what it prints.

use std::process::{Command, Output};

fn grognard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grognard"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the grognard binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn validate_accepts_a_good_map() {
    let o = grognard(&["validate", "tests/cli/good-map.json"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).starts_with("tests/cli/good-map.json: ok"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("provenance provisional"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn validate_names_the_json_path_of_a_wrong_terrain_name() {
    let o = grognard(&[
        "validate",
        "tests/cli/good-map.json",
        "tests/cli/bad-terrain-map.json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("tests/cli/bad-terrain-map.json: hexes.0505"),
        "{out}"
    );
    assert!(out.contains("forest"), "{out}");
}

#[test]
fn validate_reports_unreadable_and_malformed_files() {
    let o = grognard(&["validate", "tests/cli/does-not-exist.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    let o = grognard(&["validate", "Cargo.toml"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("Cargo.toml: "), "{}", stdout(&o));
}

#[test]
fn play_nbs_scenarios_to_a_result() {
    // Issue 5: `grognard play nbs/austerlitz-N --seed 1` plays to the end and prints the
    // victory result (AUS 6.0, 7.1, 7.2).
    for n in 1..=5 {
        let id = format!("nbs/austerlitz-{n}");
        let o = grognard(&["play", &id, "--seed", "1"]);
        assert_eq!(o.status.code(), Some(0), "{id}: {}", stderr(&o));
        let out = stdout(&o);
        let last = out.lines().last().unwrap_or("");
        assert!(last.starts_with("result: "), "{id}: {last}");
        assert!(
            last.contains("Victory") || last.contains("Draw"),
            "{id}: {last}"
        );
        let rule = if n == 1 {
            "AUS 7.1"
        } else if n == 2 {
            "AUS 7.2"
        } else {
            "AUS 6.4"
        };
        // AUS 6.3: Napoleon or Alexander killed ends scenarios 3-5 at once.
        assert!(
            last.contains(rule) || (n >= 3 && last.contains("AUS 6.3")),
            "{id}: {last}"
        );
        // The bots must reach a fight: seed 1 or, failing that (the bots are random and one
        // seed may keep the armies apart), seed 2 or 3.
        let fought = n == 2
            || out.contains("[20.4]")
            || ["2", "3"]
                .iter()
                .any(|seed| stdout(&grognard(&["play", &id, "--seed", seed])).contains("[20.4]"));
        assert!(fought, "{id}: no fire combat in the battles of seeds 1-3");
    }
}

#[test]
fn play_says_clearly_when_a_scenario_is_unknown() {
    let o = grognard(&["play", "xx/nothing", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown scenario \"xx/nothing\""),
        "{}",
        stderr(&o)
    );
}

#[test]
fn systems_and_scenarios_list() {
    let o = grognard(&["systems"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    for id in ["pg ", "hov ", "fontenoy ", "nbs "] {
        assert!(out.contains(id), "{out}");
    }
    let o = grognard(&["scenarios"]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn play_prints_events_with_rule_numbers_and_a_result_line() {
    let o = grognard(&["play", "pg/training", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("provisional data (not the published values): "),
        "{out}"
    );
    assert!(
        out.lines().any(|l| l.starts_with("[4.5] ")),
        "events carry rule numbers"
    );
    assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
    // Same seed, same game.
    assert_eq!(
        stdout(&grognard(&["play", "pg/training", "--seed", "1"])),
        out
    );
}
