//! Prussia's Glory benchmarks: random-play steps on Rossbach (legal actions + apply, or a roll),
//! `reachable` for one unit, and the exact outcome distribution of one close combat.
//! Run with `cargo bench --bench pg`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grognard::data::Library;
use grognard::engine::{Actor, Game, Rules, bot_named, expand_chance};
use grognard::pg::{Pg, Stage};

fn rossbach() -> Pg {
    let lib = Library::builtin().expect("built-in data");
    Pg::new(&lib.scenario("pg/rossbach").expect("rossbach")).expect("rules")
}

fn random_play(c: &mut Criterion) {
    let rules = rossbach();
    let steps: u64 = (0..20u64)
        .map(|seed| {
            let mut g = Game::new(rules.clone(), seed);
            g.play_random(1_000_000).unwrap();
            g.history().len() as u64
        })
        .sum();
    let mut group = c.benchmark_group("pg");
    group.throughput(Throughput::Elements(steps));
    group.sample_size(10);
    group.bench_function("rossbach_random_play_20_games", |b| {
        b.iter(|| {
            for seed in 0..20u64 {
                let mut g = Game::new(rules.clone(), seed);
                black_box(g.play_random(1_000_000).unwrap());
            }
        })
    });
    group.finish();
}

fn reachable(c: &mut Criterion) {
    let rules = rossbach();
    let mut g = Game::new(rules.clone(), 3);
    // Play on to the first normal movement phase of the Prussian player.
    while !(matches!(g.state().phase, grognard::pg::state::Phase::Movement)
        && g.state().pending.is_empty())
    {
        g.step_random().unwrap();
    }
    let unit = rules
        .pieces
        .units
        .iter()
        .enumerate()
        .find(|(i, u)| {
            u.side == g.state().active
                && g.state().units[*i].off == grognard::pg::state::Off::No
                && !g.state().units[*i].moved
        })
        .map(|(_, u)| u.id.clone())
        .expect("a unit to move");
    let state = g.state().clone();
    c.bench_function("pg/reachable_one_unit_rossbach", |b| {
        b.iter(|| rules.reachable(black_box(&state), &unit).unwrap().len())
    });
}

fn combat_distribution(c: &mut Criterion) {
    let rules = rossbach();
    // Greedy play until a close combat's die is about to be rolled.
    let mut found = None;
    'seeds: for seed in 0..20u64 {
        let mut g = Game::new(rules.clone(), seed);
        let mut bot = bot_named(&rules, "greedy").unwrap();
        while g.outcome().is_none() {
            let s = g.state();
            if matches!(rules.actor(s), Actor::Chance(_))
                && s.pending.is_empty()
                && s.combat.as_ref().is_some_and(|c| c.stage == Stage::Roll)
            {
                found = Some(s.clone());
                break 'seeds;
            }
            g.step_bot(bot.as_mut()).unwrap();
        }
    }
    let state = found.expect("a close combat in a greedy Rossbach game");
    c.bench_function("pg/close_combat_exact_distribution", |b| {
        b.iter(|| {
            expand_chance(&rules, black_box(&state), 10_000)
                .unwrap()
                .len()
        })
    });
}

criterion_group!(benches, random_play, reachable, combat_distribution);
criterion_main!(benches);
