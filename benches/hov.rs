//! The Habit of Victory benchmarks: steps of random play (legal actions + apply, or a roll) from
//! each Battle Scenario's start, the legal-action listing at the start of a Movement Phase, and
//! the exact outcome distribution of one battle's combat die (¶146 step 7: every face applied
//! to a copy of the position) against sampling it 10,000 times. Run with
//! `cargo bench --bench hov`; docs/performance.md has the figures.
//!
//! `HOV_BENCH_STEPS` sets how many steps of each random game are timed (default 2,000; a
//! Battle Scenario's full random game runs to tens of thousands of steps).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grognard::data::Library;
use grognard::dice::{DiceSpec, Roll};
use grognard::engine::{Actor, Game, Rules};
use grognard::hov::state::{BattleStep, Phase, State};
use grognard::hov::{Action, Event, Hov};

const SCENARIOS: [&str; 3] = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"];

fn rules(id: &str) -> Hov {
    let lib = Library::builtin().expect("built-in data");
    Hov::new(&lib.scenario(id).expect("scenario")).expect("rules")
}

fn steps_per_game() -> usize {
    std::env::var("HOV_BENCH_STEPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// Plays random legal actions (the game's own generator) from the start for at most `max`
/// steps; returns the steps played.
fn random_game(rules: &Hov, seed: u64, max: usize) -> u64 {
    let mut g = Game::new(rules.clone(), seed);
    let mut n = 0u64;
    while (n as usize) < max && g.step_random().expect("random step").is_some() {
        n += 1;
    }
    n
}

fn random_play(c: &mut Criterion) {
    let max = steps_per_game();
    let mut group = c.benchmark_group("hov");
    for id in SCENARIOS {
        let r = rules(id);
        let steps: u64 = (0..2u64).map(|seed| random_game(&r, seed, max)).sum();
        group.throughput(Throughput::Elements(steps));
        group.sample_size(10);
        let short = id.trim_start_matches("hov/");
        group.bench_function(format!("{short}_random_play_2x{max}_steps"), |b| {
            b.iter(|| {
                for seed in 0..2u64 {
                    black_box(random_game(&r, seed, max));
                }
            })
        });
    }
    group.finish();
}

/// A position of random play where `want` holds.
fn find(r: &Hov, want: impl Fn(&Hov, &State) -> bool, what: &str) -> State {
    for seed in 0..200u64 {
        let mut g = Game::new(r.clone(), seed);
        for _ in 0..50_000 {
            if want(r, g.state()) {
                return g.state().clone();
            }
            if g.step_random().expect("step").is_none() {
                break;
            }
        }
    }
    panic!("no {what} in 200 random games");
}

fn listing(c: &mut Criterion) {
    let r = rules("hov/eylau");
    // The first position of a Movement Commands Segment with a force to command: the listing
    // checks each force's Dispatch Distance (¶99, §27).
    let s = find(
        &r,
        |r, s| {
            s.phase == Phase::MovementCommands
                && s.march.is_none()
                && matches!(r.actor(s), Actor::Player(_))
                && {
                    let mut out = Vec::new();
                    r.legal_actions(s, &mut out);
                    out.iter().any(|a| matches!(a, Action::Command { .. }))
                }
        },
        "Movement Commands Segment",
    );
    c.bench_function("hov/legal_actions_movement_commands_eylau", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            out.clear();
            r.legal_actions(black_box(&s), &mut out);
            black_box(out.len())
        })
    });
    c.bench_function("hov/observation_eylau", |b| {
        b.iter(|| black_box(r.observation(black_box(&s), grognard::engine::Side(1))))
    });
}

/// SP lost in a battle's events.
fn lost(ev: &[Event]) -> u64 {
    ev.iter()
        .map(|e| match e {
            Event::BattleLoss { sp, .. } => u64::from(*sp),
            _ => 0,
        })
        .sum()
}

/// The combat die's exact distribution: every face applied to a copy of `s` (and what it sets
/// off until the next decision or roll); the SP lost by each face with its chance.
fn exact(r: &Hov, s: &State) -> Vec<(u64, grognard::dice::Prob)> {
    let mut outcomes = Vec::new();
    r.chance_outcomes(s, &mut outcomes);
    let mut ev = Vec::new();
    outcomes
        .into_iter()
        .map(|(a, p)| {
            let mut t = s.clone();
            ev.clear();
            r.apply(&mut t, &a, &mut ev).expect("face");
            (lost(&ev), p)
        })
        .collect()
}

/// `n` combat dice drawn by a fixed generator, each applied to a copy of `s`.
fn sample(r: &Hov, s: &State, n: u32) -> u64 {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut total = 0u64;
    let mut ev = Vec::new();
    for _ in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let value = (x % 6) as u8 + 1;
        let mut t = s.clone();
        ev.clear();
        r.apply(
            &mut t,
            &Action::Roll(Roll {
                spec: DiceSpec::D6,
                value,
            }),
            &mut ev,
        )
        .expect("roll");
        total += lost(&ev);
    }
    total
}

fn distributions(c: &mut Criterion) {
    for id in SCENARIOS {
        let r = rules(id);
        let found = (|| {
            for seed in 0..100u64 {
                let mut g = Game::new(r.clone(), seed);
                for _ in 0..50_000 {
                    let s = g.state();
                    if s.battle
                        .as_ref()
                        .is_some_and(|b| b.step == BattleStep::Resolve && b.die.is_none())
                        && matches!(r.actor(s), Actor::Chance(_))
                    {
                        return Some(s.clone());
                    }
                    if g.step_random().expect("step").is_none() {
                        break;
                    }
                }
            }
            None
        })();
        let Some(battle) = found else {
            eprintln!("{id}: no battle reached its combat die in 100 random games");
            continue;
        };
        let short = id.trim_start_matches("hov/");
        c.bench_function(&format!("hov/{short}_combat_die_exact_distribution"), |b| {
            b.iter(|| black_box(exact(&r, black_box(&battle))))
        });
        c.bench_function(&format!("hov/{short}_combat_die_sampled_10000"), |b| {
            b.iter(|| black_box(sample(&r, black_box(&battle), 10_000)))
        });
        return;
    }
}

criterion_group!(benches, random_play, listing, distributions);
criterion_main!(benches);
