//! grognard measured against what its users would otherwise reach for, every ratio taken in one
//! run: `cargo bench --bench peers` (criterion; `-- <filter>` runs a part, e.g. `-- reach`).
//!
//! * `play/<scenario>`: engine steps per second (legal actions + apply, or a chance roll) of
//!   random play in every landed scenario, one thread, and the bytes of one state (in memory,
//!   measured by an instrumented allocator, and as saved JSON);
//! * `reach/*`: `reachable` for every counter that may move in a Prussia's Glory position
//!   against the `pathfinding` crate's Dijkstra over the same weighted hex graph (the same cost
//!   hooks: terrain and hexside costs as edge weights, 7.5 EZOC exit costs and stops, 5.3
//!   pass-through hexes), the results compared hex by hex before timing;
//! * `chance/*`: the exact outcome distribution of one combat (`expand_chance`) against
//!   sampling it 10,000 times with the same engine, and how far the samples fall from the
//!   exact probabilities.
//!
//! After criterion's own report a summary table prints the figures and ratios.

use std::collections::{BTreeMap, HashMap};
use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, Throughput};
use grognard::data::Library;
use grognard::dice::Prob;
use grognard::engine::{Actor, Game, Rules, bot_named, expand_chance};
use grognard::hex::{Direction, Hex, MoveCosts, Reach};
use grognard::nbs::Nbs;
use grognard::nbs::state::Task;
use grognard::pg::{Pg, Stage};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

// An instrumented allocator (stats_alloc) so that the heap bytes of a state can be measured
// rather than estimated from its fields.
#[global_allocator]
static GLOBAL: &StatsAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

/// Work done and time taken per benchmark, summed over every timed call criterion made.
static FIGURES: Mutex<BTreeMap<String, (u64, Duration)>> = Mutex::new(BTreeMap::new());
/// Lines for the summary that are not timings (state sizes, sampling checks).
static NOTES: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn record(name: &str, units: u64, time: Duration) {
    let mut f = FIGURES.lock().unwrap();
    let e = f.entry(name.to_string()).or_default();
    e.0 += units;
    e.1 += time;
}

/// Units per second of a recorded benchmark.
fn rate(name: &str) -> Option<f64> {
    let f = FIGURES.lock().unwrap();
    f.get(name)
        .filter(|(_, t)| !t.is_zero())
        .map(|&(n, t)| n as f64 / t.as_secs_f64())
}

fn note(line: String) {
    NOTES.lock().unwrap().push(line);
}

const MAX_STEPS: usize = 20_000;

/// One game of random play (the engine's own uniform choice and exact dice), at most
/// `MAX_STEPS` steps; the steps taken.
fn random_game<R: Rules + Clone>(rules: &R, seed: u64) -> u64 {
    let mut g = Game::new(rules.clone(), seed);
    let mut n = 0;
    while n < MAX_STEPS as u64 && g.step_random().expect("random step").is_some() {
        n += 1;
    }
    n
}

fn state_bytes<R: Rules>(id: &str, rules: &R)
where
    R::State: serde::Serialize,
{
    let state = rules.initial_state();
    let region = Region::new(GLOBAL);
    let copy = black_box(state.clone());
    let heap = region.change().bytes_allocated;
    drop(copy);
    let json = serde_json::to_string(&state).expect("state JSON").len();
    note(format!(
        "state {id}: {} bytes in memory ({} inline + {heap} on the heap), {json} bytes of JSON",
        std::mem::size_of::<R::State>() + heap,
        std::mem::size_of::<R::State>()
    ));
}

fn play_one<R: Rules + Clone>(c: &mut Criterion, id: &str, rules: R)
where
    R::State: serde::Serialize,
{
    state_bytes(id, &rules);
    let name = format!("play/{id}");
    let mut group = c.benchmark_group("play");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    let mut seed = 0u64;
    group.bench_function(id, |b| {
        b.iter_custom(|games| {
            let t = Instant::now();
            let mut steps = 0;
            for _ in 0..games {
                steps += random_game(&rules, seed);
                seed += 1;
            }
            let time = t.elapsed();
            record(&name, steps, time);
            time
        })
    });
    group.finish();
}

fn play(c: &mut Criterion, lib: &Library) {
    for id in lib.scenario_ids() {
        let sc = lib.scenario(id).expect("scenario");
        if id.starts_with("pg/") {
            play_one(c, id, Pg::new(&sc).expect("pg rules"));
        } else if id.starts_with("nbs/") {
            play_one(c, id, Nbs::new(&sc).expect("nbs rules"));
        } else if id.starts_with("fontenoy/") {
            play_one(
                c,
                id,
                grognard::fontenoy::Fontenoy::new(&sc).expect("fontenoy rules"),
            );
        }
    }
}

/// A Prussia's Glory position at the start of a Movement Phase, with the counters that may
/// move.
fn movement_position(rules: &Pg, seed: u64) -> (grognard::pg::State, Vec<String>) {
    let mut g = Game::new(rules.clone(), seed);
    while !(matches!(g.state().phase, grognard::pg::state::Phase::Movement)
        && g.state().pending.is_empty()
        && g.state().mover.is_none())
    {
        g.step_random().expect("step");
    }
    let s = g.state().clone();
    let ids = rules
        .pieces
        .units
        .iter()
        .map(|u| u.id.clone())
        .chain(rules.pieces.leaders.iter().map(|l| l.id.clone()))
        .filter(|id| rules.move_search(&s, id).expect("counter").is_some())
        .collect();
    (s, ids)
}

/// The same question as `reachable`, answered by `pathfinding::dijkstra_reach` over the same
/// cost hooks: the hexes the counter may end in, with their least costs.
///
/// The crate's successor function sees a hex but not its cost, so the graph is written so
/// that no edge depends on the cost: a hex that stops movement (an EZOC, 7.5.1) has no way out
/// except the start, and an edge into a stopping hex the counter may not end in (5.3) does not
/// exist. The allowance then only cuts the cost-ordered stream, and the one-hex minimum of 7.3
/// adds the start's neighbours that cost more than the allowance.
fn peer_reach(rules: &Pg, s: &grognard::pg::State, id: &str) -> Vec<(Hex, u32)> {
    peer_search(rules, s, id)
        .into_iter()
        .filter(|e| e.3)
        .map(|(h, _, c, _)| (h, c))
        .collect()
}

/// [`peer_reach`] with the path to each hex, rebuilt from the parents `dijkstra_reach` yields
/// (a map from hex to parent, then a walk back), which is how a user of the crate gets them.
fn peer_reach_paths(rules: &Pg, s: &grognard::pg::State, id: &str) -> Vec<(Hex, u32, Vec<Hex>)> {
    let found = peer_search(rules, s, id);
    let parent: HashMap<Hex, Hex> = found
        .iter()
        .filter_map(|&(h, p, _, _)| p.map(|p| (h, p)))
        .collect();
    found
        .into_iter()
        .filter(|e| e.3)
        .map(|(h, _, c, _)| {
            let mut path = vec![h];
            let mut at = h;
            while let Some(&p) = parent.get(&at) {
                path.push(p);
                at = p;
            }
            path.reverse();
            (h, c, path)
        })
        .collect()
}

/// Every hex the search settles as (hex, parent, cost, whether the move may end there),
/// cheapest first.
fn peer_search(
    rules: &Pg,
    s: &grognard::pg::State,
    id: &str,
) -> Vec<(Hex, Option<Hex>, u32, bool)> {
    let m = rules.move_search(s, id).unwrap().unwrap();
    let (costs, start, opts) = (&m.costs, m.start, m.options);
    let step = |hex: Hex, d: Direction| -> Option<(Hex, u32)> {
        let to = hex.neighbor(d);
        if !costs.contains(to) || (costs.stops_on_entry(to) && !costs.may_end_in(to)) {
            return None;
        }
        Some((
            to,
            costs
                .exit_cost(hex)?
                .saturating_add(costs.enter_cost(hex, to)?),
        ))
    };
    let successors = |&hex: &Hex| {
        let expand = hex == start || !costs.stops_on_entry(hex);
        Direction::ALL
            .into_iter()
            .filter_map(move |d| if expand { step(hex, d) } else { None })
    };
    // Passed-through hexes are kept until the paths are built (a path may cross one).
    let mut out: Vec<(Hex, Option<Hex>, u32, bool)> =
        pathfinding::prelude::dijkstra_reach(&start, successors)
            .take_while(|it| it.total_cost <= opts.allowance)
            .map(|it| {
                let end = it.node == start || costs.may_end_in(it.node);
                (it.node, it.parent, it.total_cost, end)
            })
            .collect();
    if opts.one_hex_minimum {
        for d in Direction::ALL {
            if let Some((to, cost)) = step(start, d) {
                if cost > opts.allowance && costs.may_end_in(to) && !out.iter().any(|e| e.0 == to) {
                    out.push((to, Some(start), cost, true));
                }
            }
        }
    }
    out
}

fn reach(c: &mut Criterion, lib: &Library) {
    for id in ["pg/leuthen", "pg/torgau"] {
        let rules = Pg::new(&lib.scenario(id).expect("scenario")).expect("rules");
        let (s, counters) = movement_position(&rules, 3);
        let mut hexes = 0u64;
        for c in &counters {
            let ours: BTreeMap<Hex, u32> = rules
                .reachable(&s, c)
                .unwrap()
                .into_iter()
                .map(|r| (r.hex, r.cost))
                .collect();
            let theirs: BTreeMap<Hex, u32> = peer_reach(&rules, &s, c).into_iter().collect();
            assert_eq!(ours, theirs, "{id} {c}: reachable and pathfinding disagree");
            // The crate's paths (ties may be broken differently) cost what both searches say.
            let m = rules.move_search(&s, c).unwrap().unwrap();
            for (h, cost, path) in peer_reach_paths(&rules, &s, c) {
                assert_eq!((path[0], *path.last().unwrap()), (m.start, h));
                let paid: u32 = path
                    .windows(2)
                    .map(|w| {
                        m.costs.exit_cost(w[0]).unwrap() + m.costs.enter_cost(w[0], w[1]).unwrap()
                    })
                    .sum();
                assert_eq!(paid, cost, "{id} {c}: a pathfinding path to {h:?}");
            }
            hexes += ours.len() as u64;
        }
        note(format!(
            "reach {id}: {} counters may move, {hexes} (hex, cost) results, identical in both searches",
            counters.len()
        ));
        let mut group = c.benchmark_group("reach");
        group.throughput(Throughput::Elements(counters.len() as u64));
        // The full answer on both sides: (hex, cost, path) for every end.
        let timed = |group: &mut criterion::BenchmarkGroup<'_, _>,
                     name: &str,
                     key: String,
                     f: &dyn Fn(&str) -> usize| {
            group.bench_function(format!("{id}/{name}"), |b| {
                b.iter_custom(|iters| {
                    let t = Instant::now();
                    for _ in 0..iters {
                        for c in &counters {
                            black_box(f(black_box(c)));
                        }
                    }
                    let time = t.elapsed();
                    record(&key, iters * counters.len() as u64, time);
                    time
                })
            });
        };
        timed(
            &mut group,
            "grognard_reachable_every_counter",
            format!("reach/{id}/grognard"),
            &|c| rules.reachable(&s, c).unwrap().len(),
        );
        timed(
            &mut group,
            "pathfinding_dijkstra_with_paths_every_counter",
            format!("reach/{id}/pathfinding"),
            &|c| peer_reach_paths(&rules, &s, c).len(),
        );
        // Costs only: grognard's search without building paths, the crate without parents.
        timed(
            &mut group,
            "grognard_search_costs_every_counter",
            format!("reach_costs/{id}/grognard"),
            &|c| {
                let m = rules.move_search(&s, c).unwrap().unwrap();
                Reach::search(&m.costs, m.start, m.options)
                    .unwrap()
                    .ends()
                    .count()
            },
        );
        timed(
            &mut group,
            "pathfinding_dijkstra_costs_every_counter",
            format!("reach_costs/{id}/pathfinding"),
            &|c| peer_reach(&rules, &s, c).len(),
        );
        group.finish();
    }
}

/// Picks an outcome with its exact probability (the denominators brought to their lcm).
fn pick(rng: &mut Pcg32, outcomes: &[(impl Clone, Prob)]) -> usize {
    let lcm = outcomes.iter().fold(1u64, |l, (_, p)| {
        let d = u64::from(p.den());
        l / gcd(l, d) * d
    });
    let mut x = rng.next_u64() % lcm;
    for (i, (_, p)) in outcomes.iter().enumerate() {
        let w = u64::from(p.num()) * (lcm / u64::from(p.den()));
        if x < w {
            return i;
        }
        x -= w;
    }
    outcomes.len() - 1
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Rolls from `state` through chance alone to the next decision, as `expand_chance` walks it.
fn sample_once<R: Rules>(rules: &R, state: &R::State, rng: &mut Pcg32) -> R::State {
    let mut s = state.clone();
    let (mut outcomes, mut events) = (Vec::new(), Vec::new());
    while matches!(rules.actor(&s), Actor::Chance(_)) {
        outcomes.clear();
        rules.chance_outcomes(&s, &mut outcomes);
        let a = outcomes[pick(rng, &outcomes)].0.clone();
        events.clear();
        rules
            .apply(&mut s, &a, &mut events)
            .expect("outcome applies");
    }
    s
}

const SAMPLES: u64 = 10_000;

fn exact_vs_sampled<R: Rules>(c: &mut Criterion, label: &str, rules: &R, state: &R::State) {
    let exact = expand_chance(rules, state, 1_000_000).expect("exact distribution");
    let mut rng = Pcg32::seed_from_u64(1);
    let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
    for _ in 0..SAMPLES {
        *counts
            .entry(rules.state_hash(&sample_once(rules, state, &mut rng)))
            .or_default() += 1;
    }
    // How far each sampled frequency falls from its exact probability, in standard errors.
    let mut worst = 0.0f64;
    for (s, p) in &exact {
        let p = f64::from(p.num()) / f64::from(p.den());
        let f = *counts.get(&rules.state_hash(s)).unwrap_or(&0) as f64 / SAMPLES as f64;
        let se = (p * (1.0 - p) / SAMPLES as f64).sqrt().max(1e-12);
        worst = worst.max((f - p).abs() / se);
    }
    let unseen = counts.len().saturating_sub(exact.len());
    note(format!(
        "chance {label}: {} exact outcomes, {} distinct among {SAMPLES} samples, largest gap {worst:.2} standard errors{}",
        exact.len(),
        counts.len(),
        if unseen == 0 {
            String::new()
        } else {
            format!(", {unseen} sampled outcomes missing from the exact list")
        }
    ));
    let mut group = c.benchmark_group("chance");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    let name = format!("chance/{label}/exact");
    group.bench_function(format!("{label}/exact_distribution"), |b| {
        b.iter_custom(|iters| {
            let t = Instant::now();
            for _ in 0..iters {
                black_box(expand_chance(rules, black_box(state), 1_000_000).unwrap());
            }
            let time = t.elapsed();
            record(&name, iters, time);
            time
        })
    });
    let name = format!("chance/{label}/sampled");
    group.bench_function(format!("{label}/sample_10000_times"), |b| {
        b.iter_custom(|iters| {
            let t = Instant::now();
            for _ in 0..iters {
                for _ in 0..SAMPLES {
                    black_box(sample_once(rules, black_box(state), &mut rng));
                }
            }
            let time = t.elapsed();
            record(&name, iters, time);
            time
        })
    });
    group.finish();
}

fn chance(c: &mut Criterion, lib: &Library) {
    // Prussia's Glory: a close combat about to be rolled (10), greedy play on Rossbach.
    let rules = Pg::new(&lib.scenario("pg/rossbach").unwrap()).unwrap();
    let state = 'found: {
        for seed in 0..40u64 {
            let mut g = Game::new(rules.clone(), seed);
            let mut bot = bot_named(&rules, "greedy").unwrap();
            while g.outcome().is_none() {
                let s = g.state();
                if matches!(rules.actor(s), Actor::Chance(_))
                    && s.pending.is_empty()
                    && s.combat.as_ref().is_some_and(|c| c.stage == Stage::Roll)
                {
                    break 'found s.clone();
                }
                g.step_bot(bot.as_mut()).unwrap();
            }
        }
        panic!("no close combat in 40 greedy Rossbach games");
    };
    exact_vs_sampled(c, "pg/rossbach/close_combat", &rules, &state);

    // Austerlitz: a fire combat about to be rolled (15), `advance` play of scenario 3.
    let rules = Nbs::new(&lib.scenario("nbs/austerlitz-3").unwrap()).unwrap();
    let state = 'found: {
        for seed in 0..40u64 {
            let mut g = Game::new(rules.clone(), seed);
            let mut bot = bot_named(&rules, "advance").unwrap();
            while g.outcome().is_none() {
                let s = g.state();
                if matches!(s.tasks.last(), Some(Task::FireRoll { .. })) && s.tasks.len() == 1 {
                    break 'found s.clone();
                }
                g.step_bot(bot.as_mut()).unwrap();
            }
        }
        panic!("no fire combat in 40 advance games of scenario 3");
    };
    exact_vs_sampled(c, "nbs/austerlitz-3/fire_combat", &rules, &state);
}

fn summary() {
    println!("\n==== grognard against its peers (one run, one thread) ====");
    let figures = FIGURES.lock().unwrap().clone();
    for (name, (n, t)) in &figures {
        if let Some(id) = name.strip_prefix("play/") {
            println!(
                "random play {id:<20} {:>10.0} steps/s ({n} steps in {:.2} s)",
                *n as f64 / t.as_secs_f64(),
                t.as_secs_f64()
            );
        }
    }
    for (what, prefix) in [("with paths", "reach"), ("costs only", "reach_costs")] {
        for id in ["pg/leuthen", "pg/torgau"] {
            let (ours, theirs) = (
                rate(&format!("{prefix}/{id}/grognard")),
                rate(&format!("{prefix}/{id}/pathfinding")),
            );
            if let (Some(o), Some(p)) = (ours, theirs) {
                println!(
                    "reachable {id:<12} {what}: grognard {:>6.1} µs a counter, pathfinding {:>6.1} µs: grognard {:.2}x",
                    1e6 / o,
                    1e6 / p,
                    o / p
                );
            }
        }
    }
    for label in ["pg/rossbach/close_combat", "nbs/austerlitz-3/fire_combat"] {
        let (exact, sampled) = (
            rate(&format!("chance/{label}/exact")),
            rate(&format!("chance/{label}/sampled")),
        );
        if let (Some(e), Some(s)) = (exact, sampled) {
            println!(
                "combat {label:<30} exact {:>9.3} ms, 10,000 samples {:>9.3} ms: exact is {:.1}x faster",
                1e3 / e,
                1e3 / s,
                e / s
            );
        }
    }
    for line in NOTES.lock().unwrap().iter() {
        println!("{line}");
    }
}

fn main() {
    let lib = Library::builtin().expect("built-in data");
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    play(&mut c, &lib);
    reach(&mut c, &lib);
    chance(&mut c, &lib);
    c.final_summary();
    summary();
}
