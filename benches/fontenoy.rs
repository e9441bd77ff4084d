//! The Battle of Fontenoy benchmarks: steps of random play (legal actions + apply, or a roll)
//! in each scenario, the Movement Segment's legal-action listing, `reachable` for a two-hex
//! Line, and the exact outcome distribution of one close combat round and of one fire against
//! sampling it 10,000 times. Run with `cargo bench --bench fontenoy`; docs/performance.md has
//! the figures.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grognard::data::Library;
use grognard::dice::{DiceSpec, Roll};
use grognard::engine::{Game, Rules, bot_named};
use grognard::fontenoy::Fontenoy;
use grognard::fontenoy::state::{CloseStep, FireStep, Phase, Segment, State, Step};
use grognard::fontenoy::{Action, Event};

fn rules(id: &str) -> Fontenoy {
    let lib = Library::builtin().expect("built-in data");
    Fontenoy::new(&lib.scenario(id).expect("scenario")).expect("rules")
}

fn random_game(rules: &Fontenoy, seed: u64) -> u64 {
    let mut g = Game::new(rules.clone(), seed);
    while g.step_random().expect("random step").is_some() {}
    g.history().len() as u64
}

fn random_play(c: &mut Criterion) {
    let mut group = c.benchmark_group("fontenoy");
    for id in [
        "fontenoy/ingoldsby",
        "fontenoy/dutch-attack",
        "fontenoy/english-attack",
        "fontenoy/battle",
    ] {
        let r = rules(id);
        let steps: u64 = (0..2u64).map(|seed| random_game(&r, seed)).sum();
        group.throughput(Throughput::Elements(steps));
        group.sample_size(10);
        let short = id.trim_start_matches("fontenoy/");
        group.bench_function(format!("{short}_random_play_2_games"), |b| {
            b.iter(|| {
                for seed in 0..2u64 {
                    black_box(random_game(&r, seed));
                }
            })
        });
    }
    group.finish();
}

/// A position of scenario 3 at the start of a Movement Segment with a two-hex Line to move.
fn movement_position(r: &Fontenoy) -> (grognard::fontenoy::State, String) {
    for seed in 0..200u64 {
        let mut g = Game::new(r.clone(), seed);
        for _ in 0..20_000 {
            let s = g.state();
            let moving = s.phase == Phase::Activation
                && s.steps.is_empty()
                && s.activation
                    .as_ref()
                    .is_some_and(|a| a.segment == Segment::Movement && a.moving.is_empty());
            if moving {
                let line = (0..s.units.len()).find(|&i| {
                    s.units[i].placed().is_some_and(|p| p.hexes.len() == 2)
                        && r.reach(s, i as u16).is_ok_and(|v| !v.is_empty())
                });
                if let Some(i) = line {
                    return (s.clone(), r.units[i].id.clone());
                }
            }
            if g.step_random().expect("step").is_none() {
                break;
            }
        }
    }
    panic!("no two-hex Line with a move open in 200 games of scenario 3");
}

fn movement(c: &mut Criterion) {
    let r = rules("fontenoy/english-attack");
    let (s, line) = movement_position(&r);
    c.bench_function("fontenoy/legal_actions_movement_english_attack", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            out.clear();
            r.legal_actions(black_box(&s), &mut out);
            black_box(out.len())
        })
    });
    c.bench_function("fontenoy/reachable_two_hex_line_english_attack", |b| {
        b.iter(|| black_box(r.reachable(black_box(&s), &line).expect("reachable").len()))
    });
}

/// A position of a greedy game of the full battle where `want` holds of the pending step.
fn pending(r: &Fontenoy, want: impl Fn(&State) -> bool, what: &str) -> State {
    for seed in 0..100u64 {
        let mut g = Game::new(r.clone(), seed);
        let mut bot = bot_named(r, "greedy").expect("greedy");
        for _ in 0..20_000 {
            if want(g.state()) {
                return g.state().clone();
            }
            if g.step_bot(bot.as_mut()).expect("step").is_none() {
                break;
            }
        }
    }
    panic!("no {what} in 100 greedy games");
}

/// Applies `n` rolls of `spec` drawn by a fixed generator to copies of `s`, one roll (and what
/// it sets off until the next decision or roll) each; returns the SP lost over all of them.
fn sample(r: &Fontenoy, s: &State, spec: DiceSpec, n: u32) -> u64 {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut lost = 0u64;
    let mut ev = Vec::new();
    for _ in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let value = (x % spec.outcome_count() as u64) as u8;
        let mut t = s.clone();
        ev.clear();
        r.apply(&mut t, &Action::Roll(Roll { spec, value }), &mut ev)
            .expect("roll");
        lost += ev
            .iter()
            .map(|e| match e {
                Event::SpLost { lost, .. } => u64::from(*lost),
                _ => 0,
            })
            .sum::<u64>();
    }
    lost
}

fn distributions(c: &mut Criterion) {
    let r = rules("fontenoy/battle");
    let close = pending(
        &r,
        |s| {
            s.steps.last() == Some(&Step::Close(CloseStep::Dice))
                && r.close_segment(s)
                    .and_then(|c| c.current.as_ref())
                    .is_some_and(|c| c.die.is_none())
        },
        "close combat round",
    );
    c.bench_function("fontenoy/close_combat_exact_distribution", |b| {
        b.iter(|| black_box(r.current_combat_distribution(black_box(&close))))
    });
    c.bench_function("fontenoy/close_combat_sampled_10000_attacker_dice", |b| {
        b.iter(|| black_box(sample(&r, black_box(&close), DiceSpec::D10, 10_000)))
    });
    let fire = pending(
        &r,
        |s| matches!(s.steps.last(), Some(Step::Fire(FireStep::Roll { .. }))),
        "fire roll",
    );
    let Some(Step::Fire(FireStep::Roll { combat })) = fire.steps.last().copied() else {
        unreachable!()
    };
    let fc =
        fire.activation.as_ref().expect("activation").fire.combats[usize::from(combat)].clone();
    c.bench_function("fontenoy/fire_exact_distribution", |b| {
        b.iter(|| black_box(r.fire_outcome_distribution(black_box(&fc))))
    });
    c.bench_function("fontenoy/fire_sampled_10000", |b| {
        b.iter(|| black_box(sample(&r, black_box(&fire), DiceSpec::D100, 10_000)))
    });
}

criterion_group!(benches, random_play, movement, distributions);
criterion_main!(benches);
