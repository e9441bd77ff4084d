//! Criterion benchmarks of the shared core: the Game driver's random-play step (legal actions +
//! apply + chance) on the test-only game, the stable state hash, dice distributions, and hex
//! geometry (line of sight, reachability). Run with `cargo bench --bench core`.

#[path = "../tests/toy/mod.rs"]
#[allow(dead_code)]
mod toy;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use grognard::dice::DiceSpec;
use grognard::engine::{Game, stable_hash};

fn engine(c: &mut Criterion) {
    let rules = toy::Skirmish::new(40, 3);
    c.bench_function("engine/random_game_skirmish", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            let mut game = Game::new(rules.clone(), seed);
            black_box(game.play_random(100_000).unwrap());
            game.history().len()
        })
    });
    let mut game = Game::new(rules.clone(), 1);
    game.play_random(60).unwrap();
    let state = game.state().clone();
    c.bench_function("engine/stable_hash_state", |b| {
        b.iter(|| stable_hash(black_box(&state)))
    });
}

fn dice(c: &mut Criterion) {
    c.bench_function("dice/d100_outcomes", |b| {
        b.iter(|| {
            DiceSpec::D100
                .outcomes()
                .map(|(r, p)| u32::from(r.value) * p.num())
                .sum::<u32>()
        })
    });
}

criterion_group!(benches, engine, dice);
criterion_main!(benches);
