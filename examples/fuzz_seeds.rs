//! Writes the starting corpora of the fuzz targets `data_load` and `apply_json` (every built-in
//! file; the first legal actions of states reached by random play) under the directory given,
//! one file per input: `cargo run --release --example fuzz_seeds -- fuzz/corpus`.
//! `tools/fuzz.sh` runs it before fuzzing.

#[allow(dead_code)]
#[path = "../fuzz/harness/apply_json.rs"]
mod apply_json;
#[allow(dead_code)]
#[path = "../fuzz/harness/common.rs"]
mod common;
#[allow(dead_code)]
#[path = "../fuzz/harness/data_load.rs"]
mod data_load;

use std::path::Path;

fn write(dir: &Path, target: &str, seeds: Vec<Vec<u8>>) -> std::io::Result<()> {
    let dir = dir.join(target);
    std::fs::create_dir_all(&dir)?;
    for (i, seed) in seeds.iter().enumerate() {
        std::fs::write(dir.join(format!("seed-{i:03}")), seed)?;
    }
    println!("{}: {} seeds in {}", target, seeds.len(), dir.display());
    Ok(())
}

fn main() -> std::io::Result<()> {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: fuzz_seeds <corpus directory>");
        std::process::exit(2);
    };
    let dir = Path::new(&dir);
    write(dir, "data_load", data_load::seeds())?;
    write(dir, "apply_json", apply_json::seeds())?;
    Ok(())
}
