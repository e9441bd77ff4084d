//! Plays one seeded nbs game with the `hasty` bot and prints the steps and result
//! (`cargo run --release --example nbs_debug -- nbs/austerlitz-1 7`).

use grognard::data::Library;
use grognard::engine::{Game, Rules, bot_named};
use grognard::nbs::Nbs;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map_or("nbs/austerlitz-1", |s| s.as_str());
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let verbose = args.iter().any(|a| a == "-v");
    let lib = Library::builtin().expect("built-in data");
    let rules = Nbs::new(&lib.scenario(id).expect("scenario")).expect("rules");
    let mut game = Game::new(rules.clone(), seed);
    let bname = args
        .iter()
        .find_map(|a| a.strip_prefix("--bot="))
        .unwrap_or("advance");
    let mut bot = bot_named(&rules, bname).expect("bot");
    let t = std::time::Instant::now();
    let mut steps = 0u64;
    let mut counts: std::collections::BTreeMap<String, u32> = Default::default();
    loop {
        match game.step_bot(bot.as_mut()) {
            Ok(Some(a)) => {
                steps += 1;
                for e in game.last_events() {
                    let k = format!("{e:?}");
                    let k = k.split([' ', '{', '(']).next().unwrap_or("").to_string();
                    *counts.entry(k).or_default() += 1;
                }
                if verbose {
                    println!("{a:?}");
                    for e in game.last_events() {
                        println!("   {}", rules.describe_event(e));
                    }
                }
            }
            Ok(None) => break,
            Err(e) => {
                println!("error after {steps} steps: {e}");
                println!("{:?}", rules.prompt(game.state()));
                return;
            }
        }
    }
    let o = game.outcome().expect("over");
    println!(
        "{id} seed {seed}: {} ({} to {}), {steps} steps in {:?}",
        o.level,
        o.points[0],
        o.points[1],
        t.elapsed()
    );
    println!("{counts:?}");
}
