//! Habit of Victory random play without the facade, for trajectory checks, timing and
//! profiles (docs/performance.md, "The Habit of Victory"). Built with the HoV rules alone:
//!
//! ```text
//! cargo run -p grognard --no-default-features --features std,hov --release \
//!     --example hov_speed -- traj 30        # steps and final state hash of 30 games a scenario
//! cargo run ... --example hov_speed -- speed 20     # steps/s of 20 games a scenario
//! cargo run ... --example hov_speed -- play eylau 5 # 5 games of one scenario (for perf/callgrind)
//! cargo run ... --example hov_speed -- walk eylau 1 200  # turn, side and phase of each of 200
//!                                                       # random steps of seed 1 (bad-input bases)
//! ```
//!
//! `traj` prints one line per game (`scenario seed steps hash`) and a checksum of them all: an
//! optimisation that changes no rule leaves every line the same.

use std::time::Instant;

use grognard::data::Library;
use grognard::engine::{Game, stable_hash};
use grognard::hov::Hov;

const SCENARIOS: [&str; 3] = ["pultusk-golymin", "eylau", "friedland"];
const MAX_STEPS: usize = 200_000;

fn rules(short: &str) -> Hov {
    let lib = Library::builtin().expect("built-in data");
    Hov::new(&lib.scenario(&format!("hov/{short}")).expect("scenario")).expect("rules")
}

/// Plays one uniform random game from the start; its steps and final state hash.
fn game(r: &Hov, seed: u64) -> (u64, u64) {
    let mut g = Game::new(r.clone(), seed);
    let mut n = 0u64;
    while (n as usize) < MAX_STEPS && g.step_random().expect("random step").is_some() {
        n += 1;
    }
    (n, g.state_hash())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map(String::as_str).unwrap_or("speed");
    match mode {
        "traj" => {
            let n: u64 = args.get(1).and_then(|v| v.parse().ok()).unwrap_or(30);
            let mut all = Vec::new();
            for short in SCENARIOS {
                let r = rules(short);
                for seed in 0..n {
                    let (steps, hash) = game(&r, seed);
                    println!("{short} {seed} {steps} {hash:016x}");
                    all.push((steps, hash));
                }
            }
            println!("checksum {:016x}", stable_hash(&all));
        }
        "speed" => {
            let n: u64 = args.get(1).and_then(|v| v.parse().ok()).unwrap_or(20);
            for short in SCENARIOS {
                let r = rules(short);
                let t = Instant::now();
                let steps: u64 = (0..n).map(|seed| game(&r, seed).0).sum();
                let secs = t.elapsed().as_secs_f64();
                println!(
                    "{short}: {n} games, {steps} steps, {:.3} s, {:.0} steps/s",
                    secs,
                    steps as f64 / secs
                );
            }
        }
        "play" => {
            let short = args.get(1).map(String::as_str).unwrap_or("eylau");
            let n: u64 = args.get(2).and_then(|v| v.parse().ok()).unwrap_or(5);
            let r = rules(short);
            let steps: u64 = (0..n).map(|seed| game(&r, seed).0).sum();
            println!("{short}: {n} games, {steps} steps");
        }
        "walk" => {
            let short = args.get(1).map(String::as_str).unwrap_or("eylau");
            let seed: u64 = args.get(2).and_then(|v| v.parse().ok()).unwrap_or(1);
            let n: usize = args.get(3).and_then(|v| v.parse().ok()).unwrap_or(200);
            let mut g = Game::new(rules(short), seed);
            for i in 0..=n {
                let s = g.state();
                println!("{i} turn {} side {} {:?}", s.turn, s.phasing.0, s.phase);
                if i == n || g.step_random().expect("random step").is_none() {
                    break;
                }
            }
        }
        _ => {
            eprintln!("usage: hov_speed traj N | speed N | play SCENARIO N | walk SCENARIO SEED N")
        }
    }
}
