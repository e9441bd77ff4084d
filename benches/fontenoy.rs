//! The Battle of Fontenoy benchmarks: steps of random play (legal actions + apply, or a roll)
//! in each scenario, the Movement Segment's legal-action listing, and `reachable` for a
//! two-hex Line. Run with `cargo bench --bench fontenoy`; docs/performance.md has the figures.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grognard::data::Library;
use grognard::engine::{Game, Rules};
use grognard::fontenoy::Fontenoy;
use grognard::fontenoy::state::{Phase, Segment};

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

criterion_group!(benches, random_play, movement);
criterion_main!(benches);
