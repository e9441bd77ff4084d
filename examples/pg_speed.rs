//! Random-play speed of a pg scenario: `cargo run --release --example pg_speed -- <scenario-id> [games]`.
use std::time::Instant;

use grognard::data::Library;
use grognard::engine::Game;
use grognard::pg::Pg;

fn main() {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap_or_else(|| "pg/smoke".into());
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut lib = Library::builtin().expect("built-in data");
    for (name, text) in [
        ("smoke-map.json", include_str!("../tests/pg/smoke-map.json")),
        (
            "smoke-counters.json",
            include_str!("../tests/pg/smoke-counters.json"),
        ),
        (
            "smoke-scenario.json",
            include_str!("../tests/pg/smoke-scenario.json"),
        ),
    ] {
        lib.add(name, text).expect("fixture");
    }
    let rules = Pg::new(&lib.scenario(&id).expect("scenario")).expect("rules");
    let t = Instant::now();
    let mut steps = 0usize;
    for seed in 0..games {
        let mut g = Game::new(rules.clone(), seed);
        g.play_random(10_000_000).expect("play");
        steps += g.history().len();
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{id}: {games} games, {steps} steps, {:.0} steps/s, {:.1} ms/game",
        steps as f64 / secs,
        secs * 1000.0 / games as f64
    );
}
