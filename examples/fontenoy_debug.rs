//! Replays one seeded Fontenoy game as tests/fontenoy_random.rs plays it and, if it stops on
//! an error, prints the last steps, their events and the state where it stopped
//! (`cargo run --release --example fontenoy_debug -- fontenoy/battle 1030 greedy [-v]`).

use grognard::data::Library;
use grognard::engine::{Game, Rules, bot_named};
use grognard::fontenoy::Fontenoy;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map_or("fontenoy/ingoldsby", |s| s.as_str());
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let bname = args.get(3).map_or("greedy", |s| s.as_str());
    let verbose = args.iter().any(|a| a == "-v");
    let lib = Library::builtin().expect("built-in data");
    let rules = Fontenoy::new(&lib.scenario(id).expect("scenario")).expect("rules");
    let mut game = Game::new(rules.clone(), seed);
    // `uniform`: the engine's own uniform choice (`step_random`, as the benches play).
    let mut bot = (bname != "uniform").then(|| bot_named(&rules, bname).expect("bot"));
    let mut log: std::collections::VecDeque<String> = Default::default();
    let mut steps = 0u64;
    loop {
        let step = match bot.as_mut() {
            Some(b) => game.step_bot(b.as_mut()),
            None => game.step_random(),
        };
        match step {
            Ok(Some(a)) => {
                steps += 1;
                let mut line = format!("{steps}: {a:?}");
                for e in game.last_events() {
                    line.push_str("\n     ");
                    line.push_str(&rules.describe_event(e));
                }
                if verbose {
                    println!("{line}");
                }
                log.push_back(line);
                if log.len() > 40 {
                    log.pop_front();
                }
            }
            Ok(None) => break,
            Err(e) => {
                for l in &log {
                    println!("{l}");
                }
                let s = game.state();
                println!("stopped after {steps} steps: {e}");
                println!("phase {:?} turn {} steps {:?}", s.phase, s.turn, s.steps);
                println!("activation {:?}", s.activation);
                println!("prompt: {:?}", rules.prompt(s));
                if let Ok(json) = serde_json::to_string(s) {
                    let _ = std::fs::write("/tmp/fontenoy_stop.json", json);
                    println!("state written to /tmp/fontenoy_stop.json");
                }
                std::process::exit(1);
            }
        }
    }
    println!(
        "{id} seed {seed} ({bname}): ended after {steps} steps: {:?}",
        game.outcome()
    );
}
