//! The fuzz harnesses (fuzz/harness) on stable, in the ordinary test run: every input kept
//! under tests/fixtures/fuzz/<target>/ (each one a crash the fuzzer found, or an input worth
//! keeping) and every starting seed is replayed through the same checks the fuzzer applies.
//! The C target's inputs are replayed by the ffi crate's own tests.

#[path = "../fuzz/harness/apply_json.rs"]
mod apply_json;
#[allow(dead_code)]
#[path = "../fuzz/harness/common.rs"]
mod common;
#[path = "../fuzz/harness/data_load.rs"]
mod data_load;

use std::path::PathBuf;

fn kept(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fuzz")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_none_or(|x| x != "md"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).expect("readable fixture");
            (p, bytes)
        })
        .collect()
}

#[test]
fn data_load_kept_inputs() {
    let inputs = kept("data_load");
    assert!(!inputs.is_empty());
    for (path, bytes) in inputs {
        eprintln!("{}", path.display());
        data_load::run(&bytes);
    }
}

#[test]
fn data_load_seeds() {
    let seeds = data_load::seeds();
    assert!(seeds.len() >= 96, "every built-in file is a seed");
    for seed in seeds {
        data_load::run(&seed);
    }
}

#[test]
fn apply_json_kept_inputs() {
    let inputs = kept("apply_json");
    assert!(!inputs.is_empty());
    for (path, bytes) in inputs {
        eprintln!("{}", path.display());
        apply_json::run(&bytes);
    }
}

#[test]
fn apply_json_seeds() {
    let seeds = apply_json::seeds();
    assert!(seeds.len() >= 40, "four depths of every scenario");
    for seed in seeds {
        apply_json::run(&seed);
    }
}
