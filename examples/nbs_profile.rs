//! Profiles the NBS engine (`cargo run --release --example nbs_profile [listing|games N]`), for
//! `perf record`:
//! * `listing` (default): legal-action listing in the Movement Phase of scenario 3;
//! * `games N`: N seeded games over the five scenarios as tests/nbs_random.rs plays them
//!   (alternately `advance` and `hasty`), without its checks; prints steps per second;
//! * `random K N`: N games of random play of scenario K as `benches/peers.rs` plays them.

use grognard::data::Library;
use grognard::engine::{Game, Rules, bot_named};
use grognard::nbs::Nbs;
use grognard::nbs::state::Phase;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lib = Library::builtin().expect("built-in data");
    if args.first().map(String::as_str) == Some("games") {
        let n: u64 = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(10);
        let all: Vec<Nbs> = (1..=5)
            .map(|k| {
                let id = format!("nbs/austerlitz-{k}");
                Nbs::new(&lib.scenario(&id).expect("scenario")).expect("rules")
            })
            .collect();
        let t = std::time::Instant::now();
        let mut steps = 0u64;
        for g in 0..n {
            let rules = &all[(g % 5) as usize];
            let mut game = Game::new(rules.clone(), 1000 + g);
            let name = if g % 2 == 0 { "advance" } else { "hasty" };
            let mut bot = bot_named(rules, name).expect("bot");
            while game.step_bot(bot.as_mut()).expect("step").is_some() {
                steps += 1;
            }
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{n} games, {steps} steps, {secs:.2} s, {:.0} steps/s",
            steps as f64 / secs
        );
        return;
    }
    if args.first().map(String::as_str) == Some("random") {
        // Random play as benches/peers.rs measures it: the engine's uniform choice and exact
        // dice, at most 20,000 steps a game.
        let k: u64 = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(3);
        let n: u64 = args.get(2).and_then(|x| x.parse().ok()).unwrap_or(4);
        let id = format!("nbs/austerlitz-{k}");
        let rules = Nbs::new(&lib.scenario(&id).expect("scenario")).expect("rules");
        let t = std::time::Instant::now();
        let (mut steps, mut hashes) = (0u64, 0u64);
        for g in 0..n {
            let mut game = Game::new(rules.clone(), g);
            let mut m = 0u64;
            while m < 20_000 && game.step_random().expect("step").is_some() {
                m += 1;
            }
            steps += m;
            // The games are the same move for move only if every listing was: a change of
            // the engine that keeps the listing keeps this figure.
            hashes = hashes.rotate_left(7) ^ game.state_hash();
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{id}: {n} games, {steps} steps, {secs:.2} s, {:.0} steps/s, final states {hashes:016x}",
            steps as f64 / secs
        );
        return;
    }
    if args.first().map(String::as_str) == Some("setup") {
        // Scenario 3 with the Set-Up Phase and the French set-up variants (AUS 4.1b, 4.1c).
        let n: u64 = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(4);
        let mut sc = lib.scenario("nbs/austerlitz-3").expect("scenario");
        let mut r = serde_json::to_value(&sc.scenario.rules).expect("rules");
        r["options"] = serde_json::json!({ "aus-4.1b": true, "aus-4.1c": true });
        sc.scenario.rules = serde_json::from_value(r).expect("rules");
        let rules = Nbs::new(&sc).expect("rules");
        for g in 0..n {
            let t = std::time::Instant::now();
            let mut game = Game::new(rules.clone(), 1000 + g);
            let name = if g % 2 == 0 { "advance" } else { "hasty" };
            let mut bot = bot_named(&rules, name).expect("bot");
            let (mut steps, mut setup, mut hidden) = (0u64, 0u64, 0usize);
            while game.step_bot(bot.as_mut()).expect("step").is_some() {
                steps += 1;
                if game.state().phase == grognard::nbs::state::Phase::SetUp {
                    setup += 1;
                    hidden = game.state().hidden.len();
                }
                if steps % 2000 == 0 {
                    eprintln!(
                        "  {steps} steps, turn {}, {:?}, {} hidden, {:.1} s",
                        game.state().turn,
                        game.state().phase,
                        game.state().hidden.len(),
                        t.elapsed().as_secs_f64()
                    );
                }
            }
            println!(
                "game {g} ({name}): {steps} steps ({setup} in set-up, {hidden} hidden), {:.2} s",
                t.elapsed().as_secs_f64()
            );
        }
        return;
    }
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
