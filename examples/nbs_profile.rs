//! Profiles legal-action listing in the Movement Phase of scenario 3
//! (`cargo run --release --example nbs_profile`), for `perf record`.

use grognard::data::Library;
use grognard::engine::{Game, Rules};
use grognard::nbs::Nbs;
use grognard::nbs::state::Phase;

fn main() {
    let lib = Library::builtin().expect("built-in data");
    let rules = Nbs::new(&lib.scenario("nbs/austerlitz-3").expect("scenario")).expect("rules");
    let mut g = Game::new(rules.clone(), 3);
    while !(g.state().phase == Phase::Movement && g.state().tasks.is_empty()) {
        g.step_random().expect("step");
    }
    let s = g.state().clone();
    let mut v = Vec::new();
    let t = std::time::Instant::now();
    let n = 20_000;
    for _ in 0..n {
        v.clear();
        rules.legal_actions(&s, &mut v);
    }
    println!("{} actions, {:?} per listing", v.len(), t.elapsed() / n);
}
