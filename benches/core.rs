//! Criterion benchmarks of the shared core: the Game driver's random-play step (legal actions +
//! apply + chance) on the test-only game, the stable state hash, dice distributions, and hex
//! geometry (line of sight, reachability). Run with `cargo bench --bench core`.

#[path = "../tests/toy/mod.rs"]
#[allow(dead_code)]
mod toy;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grognard::dice::DiceSpec;
use grognard::engine::{Game, stable_hash};
use grognard::hex::{Bounds, Grid, Hex, MoveCosts, Reach, ReachOptions, los};

fn engine(c: &mut Criterion) {
    let rules = toy::Skirmish::new(40, 3);
    // 100 seeded games; throughput is reported per engine step (legal actions + apply, or a
    // chance roll), the figure DESIGN's performance targets are stated in.
    let steps: u64 = (0..100u64)
        .map(|seed| {
            let mut game = Game::new(rules.clone(), seed);
            game.play_random(100_000).unwrap();
            game.history().len() as u64
        })
        .sum();
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(steps));
    group.bench_function("random_play_100_skirmish_games", |b| {
        b.iter(|| {
            for seed in 0..100u64 {
                let mut game = Game::new(rules.clone(), seed);
                black_box(game.play_random(100_000).unwrap());
            }
        })
    });
    group.finish();
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

/// A 40 x 40 pg-style map (1600 hexes, the size of a large battle map) with a river along
/// one column line, woods every seventh hex and an enemy zone of control.
struct BenchMap {
    grid: Grid,
    enemy: Vec<Hex>,
}

impl BenchMap {
    fn new() -> Self {
        let grid = Grid::pg();
        let enemy = ["2520", "2620"]
            .iter()
            .map(|s| grid.parse(s).unwrap())
            .collect();
        BenchMap { grid, enemy }
    }
    fn id(&self, h: Hex) -> Option<(u8, u8)> {
        self.grid.to_id(h).map(|i| (i.col(), i.row()))
    }
}

impl MoveCosts for BenchMap {
    fn bounds(&self) -> Bounds {
        let a = self.grid.parse("0101").unwrap();
        let b = self.grid.parse("4040").unwrap();
        Bounds::around(Hex::new((a.q + b.q) / 2, (a.r + b.r) / 2), 40)
    }
    fn contains(&self, h: Hex) -> bool {
        matches!(self.id(h), Some((c, r)) if (1..=40).contains(&c) && (1..=40).contains(&r))
    }
    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let (c, r) = self.id(to)?;
        let (fc, _) = self.id(from)?;
        let river = fc.min(c) == 20 && fc != c;
        if river && r % 5 == 0 {
            return None;
        }
        let hex = if (u32::from(c) + u32::from(r)) % 7 == 0 {
            2
        } else {
            1
        };
        // Crossing the river hexside costs 2 more (pg 7.3: hexside costs are paid in full).
        Some(hex + u32::from(river) * 2)
    }
    fn exit_cost(&self, h: Hex) -> Option<u32> {
        Some(u32::from(self.enemy.iter().any(|e| e.distance(h) == 1)))
    }
    fn stops_on_entry(&self, h: Hex) -> bool {
        self.enemy.iter().any(|e| e.distance(h) == 1)
    }
    fn may_end_in(&self, h: Hex) -> bool {
        !self.enemy.contains(&h)
    }
}

fn hex(c: &mut Criterion) {
    let map = BenchMap::new();
    let start = map.grid.parse("1010").unwrap();
    let mut reach = Reach::new();
    c.bench_function("hex/reach_allowance_6", |b| {
        b.iter(|| {
            reach
                .run(&map, black_box(start), ReachOptions::new(6))
                .unwrap();
            reach.ends().count()
        })
    });
    c.bench_function("hex/reach_whole_map", |b| {
        b.iter(|| {
            reach
                .run(&map, black_box(start), ReachOptions::new(10_000))
                .unwrap();
            reach.ends().count()
        })
    });
    let a = map.grid.parse("3617").unwrap();
    let z = map.grid.parse("3512").unwrap();
    let mut out = Vec::new();
    c.bench_function("hex/los_trace_distance_5", |b| {
        b.iter(|| {
            los::trace_into(black_box(a), black_box(z), &mut out);
            out.len()
        })
    });
    let far = map.grid.parse("0140").unwrap();
    let near = map.grid.parse("4001").unwrap();
    c.bench_function("hex/los_trace_distance_40", |b| {
        b.iter(|| {
            los::trace_into(black_box(far), black_box(near), &mut out);
            out.len()
        })
    });
}

criterion_group!(benches, engine, dice, hex);
criterion_main!(benches);
