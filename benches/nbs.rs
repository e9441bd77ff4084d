//! Austerlitz (NBS) benchmarks: steps of random play in scenario 3 (legal actions + apply, or
//! a roll) with the `hasty` and `advance` bots, `reachable` for one unit, and the exact
//! outcome distribution of one fire combat (Fire Combat Table roll, leader pick, morale check
//! and everything it leads to until the next decision). Run with `cargo bench --bench nbs`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grognard::data::Library;
use grognard::engine::{Actor, Game, Rules, bot_named, expand_chance};
use grognard::nbs::state::{Phase, Task};
use grognard::nbs::{Action, Nbs};

fn sun_of_austerlitz() -> Nbs {
    let lib = Library::builtin().expect("built-in data");
    Nbs::new(&lib.scenario("nbs/austerlitz-3").expect("scenario 3")).expect("rules")
}

fn play(rules: &Nbs, bot: &str, seed: u64) -> u64 {
    let mut g = Game::new(rules.clone(), seed);
    let mut b = bot_named(rules, bot).unwrap();
    while g.step_bot(b.as_mut()).unwrap().is_some() {}
    g.history().len() as u64
}

fn random_play(c: &mut Criterion) {
    let rules = sun_of_austerlitz();
    let mut group = c.benchmark_group("nbs");
    for bot in ["hasty", "advance"] {
        let steps: u64 = (0..4u64).map(|seed| play(&rules, bot, seed)).sum();
        group.throughput(Throughput::Elements(steps));
        group.sample_size(10);
        group.bench_function(format!("austerlitz3_{bot}_play_4_games"), |b| {
            b.iter(|| {
                for seed in 0..4u64 {
                    black_box(play(&rules, bot, seed));
                }
            })
        });
    }
    group.finish();
}

fn reachable(c: &mut Criterion) {
    let rules = sun_of_austerlitz();
    let mut g = Game::new(rules.clone(), 3);
    while !(g.state().phase == Phase::Movement && g.state().tasks.is_empty()) {
        g.step_random().unwrap();
    }
    let s = g.state().clone();
    let side = rules.phasing(&s);
    let unit = (0..s.units.len())
        .find(|&i| {
            rules.units[i].side == side
                && rules.units[i].kind == grognard::nbs::types::UnitKind::Infantry
                && s.units[i].hex().is_some()
        })
        .map(|i| rules.units[i].id.clone())
        .expect("an infantry brigade on the map");
    c.bench_function("nbs/reachable_one_brigade_austerlitz3", |b| {
        b.iter(|| rules.reachable(black_box(&s), &unit).unwrap().len())
    });
    let mut actions = Vec::new();
    c.bench_function("nbs/legal_actions_movement_austerlitz3", |b| {
        b.iter(|| {
            actions.clear();
            rules.legal_actions(black_box(&s), &mut actions);
            actions.len()
        })
    });
}

fn fire_distribution(c: &mut Criterion) {
    let rules = sun_of_austerlitz();
    let mut found = None;
    'seeds: for seed in 0..40u64 {
        let mut g = Game::new(rules.clone(), seed);
        let mut bot = bot_named(&rules, "advance").unwrap();
        while g.outcome().is_none() {
            let s = g.state();
            if matches!(s.tasks.last(), Some(Task::FireRoll { .. })) && s.tasks.len() == 1 {
                found = Some(s.clone());
                break 'seeds;
            }
            g.step_bot(bot.as_mut()).unwrap();
        }
    }
    let state = found.expect("a fire combat in an advance game");
    assert!(matches!(rules.actor(&state), Actor::Chance(_)));
    c.bench_function("nbs/fire_combat_exact_distribution", |b| {
        b.iter(|| {
            expand_chance(&rules, black_box(&state), 100_000)
                .unwrap()
                .len()
        })
    });
    let _ = Action::Pass;
}

criterion_group!(benches, random_play, reachable, fire_distribution);
criterion_main!(benches);
