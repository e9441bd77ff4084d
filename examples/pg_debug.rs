//! Finds the first action of a random pg game that breaks the step bookkeeping:
//! `cargo run --release --example pg_debug -- pg/rossbach 301`.
use grognard::data::Library;
use grognard::engine::{Game, Rules};
use grognard::pg::Pg;
use grognard::pg::state::Off;
use grognard::pg::units::Arm;

fn steps(rules: &Pg, s: &grognard::pg::State) -> [i64; 2] {
    let mut t = [0i64; 2];
    for (i, u) in s.units.iter().enumerate() {
        let p = &rules.pieces.units[i];
        if p.arm != Arm::Artillery && matches!(u.off, Off::No | Off::Waiting) {
            t[p.side.index()] += i64::from(u.steps);
        }
    }
    t
}

fn main() {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap();
    let seed: u64 = args.next().unwrap().parse().unwrap();
    let lib = Library::builtin().unwrap();
    let rules = Pg::new(&lib.scenario(&id).unwrap()).unwrap();
    let mut g = Game::new(rules.clone(), seed);
    let base = steps(&rules, g.state());
    loop {
        let s = g.state();
        let now = steps(&rules, s);
        for side in 0..2 {
            if base[side] - now[side] != i64::from(s.armies[side].steps_lost) {
                println!(
                    "side {side}: {} vs recorded {}",
                    base[side] - now[side],
                    s.armies[side].steps_lost
                );
                for e in g.last_events() {
                    println!("  {}", rules.describe_event(e));
                }
                println!("action {:?}", g.history().last().map(|h| &h.action));
                return;
            }
        }
        if g.step_random().unwrap().is_none() {
            println!("no problem");
            return;
        }
    }
}
