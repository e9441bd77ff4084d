//! Random play of the four Fontenoy scenarios: even games with the `greedy` bot (it closes with
//! the enemy, fires and attacks, so that combat, retreats, pursuit and the army's morale are
//! reached), odd games with uniform `random` choices (every kind of decision, cheaply), and
//! uniform dice. The games run on every core.
//!
//! How many games: 16 by default (about two minutes on two cores in the test profile), each
//! scenario with both bots, the seeds fixed, so that the run is the same every time; 1,000 with `GROGNARD_LONG_SOAK=1`, the long soak (README);
//! `FONTENOY_RANDOM_GAMES=n` sets any count. Each game plays to its result or to [`STEPS`]
//! actions. Checked:
//! * a player always has a legal action and the chosen action applies (every step); in every
//!   128th state every listed action applies and a refused one changes nothing;
//! * in every 32nd state:
//!   * no hex holds combat units of both sides (10.1b);
//!   * every unit on the map stands in a legal shape for its formation (8.1), on the map;
//!   * a moving unit never spends more MP than its Movement Potential (11.1);
//!   * a unit's SP never exceed its printed strength and a unit with none is off the map
//!     (12.9a, 14.2);
//!   * the state survives a JSON round trip with the same stable hash;
//! * at the end of the first game of each scenario and bot, that replaying the history
//!   reproduces it;
//!
//! and over the whole run, that the parts of the rules random play must reach were reached:
//! fire (12.1), Defensive Fire (13.10), close combat rounds (13.11), Disorder and Morale Checks
//! (18, 19), Retreats by Routing (20.2), SP losses, and a game's end with a result (F-10). The
//! run prints how often each event was seen.

use std::collections::BTreeMap;
use std::sync::Mutex;

use grognard::data::Library;
use grognard::engine::{Actor, Game, Rules, bot_named};
use grognard::fontenoy::geometry::shape_ok;
use grognard::fontenoy::occupancy::Occupancy;
use grognard::fontenoy::state::State;
use grognard::fontenoy::{Fontenoy, types::Pts};

/// Games of the default run.
const GAMES: u64 = 16;
/// Games of the long soak (`GROGNARD_LONG_SOAK=1`).
const LONG_SOAK_GAMES: u64 = 1000;
/// Actions at most in one game.
const STEPS: u64 = 20_000;

const SCENARIOS: [&str; 4] = [
    "fontenoy/ingoldsby",
    "fontenoy/dutch-attack",
    "fontenoy/english-attack",
    "fontenoy/battle",
];

/// `FONTENOY_RANDOM_GAMES` if set; else the long soak's count when `GROGNARD_LONG_SOAK` is set
/// to anything but `0` or nothing; else the default.
fn games() -> u64 {
    if let Some(n) = std::env::var("FONTENOY_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    let long = std::env::var("GROGNARD_LONG_SOAK").is_ok_and(|v| !v.is_empty() && v != "0");
    if long { LONG_SOAK_GAMES } else { GAMES }
}

fn check_state(r: &Fontenoy, s: &State, ctx: &dyn Fn() -> String) {
    // The occupancy index as the rules keep it (remembered, brought up to date a counter at a
    // time) agrees with one built afresh.
    let kept = Occupancy::build(r, s);
    assert!(
        kept.agrees_with(r, &Occupancy::index(r, s)),
        "{}: the kept occupancy index differs from a fresh one",
        ctx()
    );
    let mut held: BTreeMap<grognard::hex::Hex, u8> = BTreeMap::new();
    for (i, u) in s.units.iter().enumerate() {
        let info = &r.units[i];
        let name = || r.unit_name(i as u16);
        assert!(
            u.sp <= info.sp,
            "{}: {} has {} SP of {}",
            ctx(),
            name(),
            u.sp,
            info.sp
        );
        let Some(p) = u.placed() else { continue };
        if info.is_combat() {
            assert!(u.sp > 0, "{}: {} on the map with no SP", ctx(), name());
            assert!(
                shape_ok(u.formation, p),
                "{}: {} stands in an illegal {:?} shape {p:?}",
                ctx(),
                name(),
                u.formation
            );
        }
        for &h in p.hexes.as_slice() {
            assert!(r.board.on_map(h), "{}: {} off the map", ctx(), name());
            if info.is_combat() {
                let side = info.side.0 + 1;
                let e = held.entry(h).or_insert(side);
                assert_eq!(*e, side, "{}: both sides in {h:?}", ctx());
            }
        }
    }
    if let Some(a) = &s.activation {
        for m in &a.moving {
            assert!(
                m.spent <= m.mpo || m.spent == Pts::ZERO || m.done,
                "{}: overspent {m:?}",
                ctx()
            );
        }
    }
    let json = serde_json::to_string(s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, s, "{}: JSON round trip", ctx());
    assert_eq!(r.state_hash(&back), r.state_hash(s), "{}: hash", ctx());
}

/// One game; returns its counts of events by kind and whether it ended with a result.
fn play(r: &Fontenoy, id: &str, g: u64, replay: bool) -> (BTreeMap<String, u64>, bool, u64) {
    let seed = 1000 + g;
    let bot_name = if g % 2 == 0 { "greedy" } else { "random" };
    let mut bot = bot_named(r, bot_name).unwrap();
    let mut game = Game::new(r.clone(), seed);
    let mut seen: BTreeMap<String, u64> = BTreeMap::new();
    let mut actions = Vec::new();
    let mut steps = 0u64;
    while steps < STEPS {
        let s = game.state();
        let ctx = || {
            format!(
                "{id} seed {seed} ({bot_name}) step {steps} turn {} {:?} pending {:?}",
                s.turn,
                s.phase,
                s.steps.last()
            )
        };
        if steps % 32 == 0 {
            check_state(r, s, &ctx);
        }
        if steps % 128 == 0 {
            if let Actor::Player(_) = r.actor(s) {
                actions.clear();
                r.legal_actions(s, &mut actions);
                assert!(!actions.is_empty(), "{}: no legal action", ctx());
                for a in &actions {
                    r.applied(s, a)
                        .unwrap_or_else(|e| panic!("{}: listed {a:?} refused: {e}", ctx()));
                }
            }
        }
        let before = game.state().clone();
        match game.step_bot(bot.as_mut()) {
            Ok(Some(_)) => {}
            Ok(None) => break,
            Err(e) => panic!(
                "{id} seed {seed} ({bot_name}) step {steps} {:?} {:?}: {e}",
                before.phase,
                before.steps.last()
            ),
        }
        for e in game.last_events() {
            let d = format!("{e:?}");
            let kind = d.split([' ', '{', '(']).next().unwrap_or("").to_string();
            *seen.entry(kind).or_default() += 1;
        }
        steps += 1;
    }
    let ended = game.outcome().is_some();
    if ended {
        let o = game.outcome().unwrap();
        assert!(!o.level.is_empty(), "{id} seed {seed}: no result");
    }
    if replay {
        let acts: Vec<_> = game.history().iter().map(|h| h.action.clone()).collect();
        let again = Game::replay(r.clone(), seed, &acts).unwrap();
        assert_eq!(again.state(), game.state(), "{id} seed {seed}: replay");
    }
    (seen, ended, steps)
}

#[test]
fn fontenoy_random_play_keeps_the_invariants_and_reaches_every_part_of_the_rules() {
    let lib = Library::builtin().unwrap();
    let rules: Vec<(String, Fontenoy)> = SCENARIOS
        .iter()
        .map(|id| {
            let r =
                Fontenoy::new(&lib.scenario(id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}"));
            (id.to_string(), r)
        })
        .collect();
    let n = games();
    let next = Mutex::new(0u64);
    let totals: Mutex<(BTreeMap<String, u64>, u64, u64)> = Mutex::new(Default::default());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let start = std::time::Instant::now();
    std::thread::scope(|sc| {
        for _ in 0..threads {
            sc.spawn(|| {
                loop {
                    let g = {
                        let mut x = next.lock().unwrap();
                        let g = *x;
                        *x += 1;
                        g
                    };
                    if g >= n {
                        break;
                    }
                    // Game g plays scenario (g / 2) % 4, so each scenario gets both bots.
                    let (id, r) = &rules[((g / 2) % 4) as usize];
                    let (seen, ended, steps) = play(r, id, g, g < 8);
                    let mut t = totals.lock().unwrap();
                    for (k, v) in seen {
                        *t.0.entry(k).or_default() += v;
                    }
                    t.1 += u64::from(ended);
                    t.2 += steps;
                }
            });
        }
    });
    let (seen, ended, steps) = totals.into_inner().unwrap();
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "fontenoy random play: {n} games, {ended} ended with a result, {steps} actions in {secs:.1} s ({:.0} actions/s on {threads} threads)",
        steps as f64 / secs
    );
    for (k, v) in &seen {
        eprintln!("  {k:<24} {v}");
    }
    if n >= 12 {
        for kind in [
            "FireRolled",
            "DefensiveFireDue",
            "CloseCombatRound",
            "Check",
            "RetreatEnds",
            "Routed",
            "SpLost",
            "GameOver",
        ] {
            assert!(
                seen.get(kind).copied().unwrap_or(0) > 0,
                "random play never reached {kind}: {seen:?}"
            );
        }
    }
}

/// The optional rules (F-5 to F-7) built so far: all on together in scenario 4.
const OPTIONS: [&str; 15] = [
    "5.1", "5.3", "5.4", "5.5", "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "7.3", "7.4", "7.5",
    "7.7", "7.9",
];

/// Two games of scenario 4 with every implemented option on, one per bot, shorter than the
/// main run's (they keep its checks and replay), so that the options' actions and fires are
/// offered only when legal and play still reaches the end or the step limit.
#[test]
fn fontenoy_random_play_with_every_implemented_option() {
    let lib = Library::builtin().unwrap();
    let mut rs = lib.scenario("fontenoy/battle").unwrap();
    let options: serde_json::Map<String, serde_json::Value> = OPTIONS
        .iter()
        .map(|o| (o.to_string(), serde_json::Value::Bool(true)))
        .collect();
    rs.scenario
        .rules
        .insert("options".into(), serde_json::Value::Object(options));
    let r = Fontenoy::new(&rs).unwrap();
    for o in OPTIONS {
        assert!(r.option(o), "option {o} is on");
    }
    let mut seen: BTreeMap<String, u64> = BTreeMap::new();
    std::thread::scope(|sc| {
        let handles: Vec<_> = (0..2u64)
            .map(|g| {
                let r = &r;
                sc.spawn(move || play(r, "fontenoy/battle+options", 500 + g, true))
            })
            .collect();
        for h in handles {
            let (s, _, _) = h.join().unwrap();
            for (k, v) in s {
                *seen.entry(k).or_default() += v;
            }
        }
    });
    eprintln!("fontenoy random play with options {OPTIONS:?}:");
    for (k, v) in &seen {
        eprintln!("  {k:<24} {v}");
    }
    assert!(seen.get("FireRolled").copied().unwrap_or(0) > 0);
}
