//! Profiles the Fontenoy engine for `perf record`
//! (`cargo run --release --example fontenoy_profile [K [N]]`): N games (default 20) of uniform
//! random play of scenario K (default 1, Ingoldsby's Attack) as `benches/fontenoy.rs` plays
//! them; prints steps per second.

use grognard::data::Library;
use grognard::engine::Game;
use grognard::fontenoy::Fontenoy;

const IDS: [&str; 4] = [
    "fontenoy/ingoldsby",
    "fontenoy/dutch-attack",
    "fontenoy/english-attack",
    "fontenoy/battle",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let k: usize = args.first().and_then(|x| x.parse().ok()).unwrap_or(1);
    let n: u64 = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(20);
    let id = IDS[k.clamp(1, 4) - 1];
    let lib = Library::builtin().expect("built-in data");
    let rules = Fontenoy::new(&lib.scenario(id).expect("scenario")).expect("rules");
    let t = std::time::Instant::now();
    let mut steps = 0u64;
    for seed in 0..n {
        let mut g = Game::new(rules.clone(), seed);
        while g
            .step_random()
            .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"))
            .is_some()
        {}
        steps += g.history().len() as u64;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{id}: {n} games, {steps} steps, {secs:.2} s, {:.0} steps/s",
        steps as f64 / secs
    );
}
