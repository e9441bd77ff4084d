//! The random-play test's heaviest check, timed: in random play of a pg scenario, apply every
//! listed action of every state. `cargo run --release --example pg_apply_all -- pg/rossbach 20`.
use std::time::Instant;

use grognard::data::Library;
use grognard::engine::{Game, Rules};
use grognard::pg::Pg;

fn main() {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap_or_else(|| "pg/rossbach".into());
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let lib = Library::builtin().expect("built-in data");
    let rules = Pg::new(&lib.scenario(&id).expect("scenario")).expect("rules");
    let t = Instant::now();
    let (mut states, mut applied) = (0usize, 0usize);
    let mut actions = Vec::new();
    for seed in 0..games {
        let mut g = Game::new(rules.clone(), seed);
        loop {
            actions.clear();
            rules.legal_actions(g.state(), &mut actions);
            for a in &actions {
                rules.applied(g.state(), a).expect("listed action applies");
            }
            states += 1;
            applied += actions.len();
            if g.step_random().expect("step").is_none() {
                break;
            }
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{id}: {games} games, {states} states, {applied} actions applied, {:.2} µs per applied action, {:.1} actions per state",
        secs * 1e6 / applied as f64,
        applied as f64 / states as f64
    );
}
