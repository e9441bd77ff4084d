//! Random play of the three Habit of Victory Battle Scenarios (§221–§223): even games with the
//! `greedy` bot (it marches toward the enemy and attacks, so that battles, chits, retreats and
//! pursuit are reached), odd games with uniform `random` choices (every kind of decision,
//! cheaply), and uniform dice. The games run on every core.
//!
//! How many games: 600 by default (under a minute on two cores in the test profile), each
//! scenario with both bots, the seeds fixed, so that the run is the same every time; 6,000
//! with `GROGNARD_LONG_SOAK=1`, the long soak (README); `HOV_RANDOM_GAMES=n`
//! sets any count. Each game plays to its result or to [`STEPS`] actions. Checked:
//! * a player always has a legal action and the chosen action applies (every step); at a chance
//!   node the outcomes are the listed actions with probabilities summing to one; in every 16th
//!   state every listed action applies and a refused one changes nothing;
//! * in every 8th state:
//!   * SP are conserved, per side: the SP at the start equal those on the leaders' tracks
//!     (March Divisions included, they are units) plus the garrisons on the map or on a track
//!     plus the SP lost (¶85, ¶137, ¶146: the state's `lost`, which leaves garrisons out for
//!     §214) plus the garrisons' SP lost, counted here step by step (§24);
//!   * a unit's SP never exceed its Maximum Strength (¶13), a unit out of play has none;
//!   * each side's observation reveals no hidden item of the other side: no enemy unit's
//!     strength or track (¶20), no face-down leader's identity or a subordinate on a portrait
//!     (¶21), no unrevealed vedette (§68), no garrison on a track (§25), no unrevealed chit
//!     (¶146 step 3b, ¶155), nothing of the enemy's march but the counter;
//!   * the state survives a JSON round trip with the same stable hash;
//! * at the end of the first game of each scenario and bot, that replaying the history
//!   reproduces it;
//!
//! and over the whole run, that the parts of the rules random play must reach were reached:
//! marches (¶109), attrition (¶137), battles (¶146) with their combat die, and a game's end with
//! a result (§212–§214). The run prints how often each event was seen, and the games per second.

use std::collections::BTreeMap;
use std::sync::Mutex;

use grognard::data::Library;
use grognard::engine::{Actor, Game, Rules, Side, bot_named};
use grognard::hov::state::{GarrisonPlace, LeaderPlace, State, VedettePlace};
use grognard::hov::{Action, Hov};

/// Games of the default run.
const GAMES: u64 = 600;
/// Games of the long soak (`GROGNARD_LONG_SOAK=1`).
const LONG_SOAK_GAMES: u64 = 6000;
/// Actions at most in one game.
const STEPS: u64 = 20_000;

const SCENARIOS: [&str; 3] = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"];

/// `HOV_RANDOM_GAMES` if set; else the long soak's count when `GROGNARD_LONG_SOAK` is set to
/// anything but `0` or nothing; else the default.
fn games() -> u64 {
    if let Some(n) = std::env::var("HOV_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    let long = std::env::var("GROGNARD_LONG_SOAK").is_ok_and(|v| !v.is_empty() && v != "0");
    if long { LONG_SOAK_GAMES } else { GAMES }
}

/// Per side: SP on the tracks, in garrisons on the map or on a track, and lost.
fn sp_accounted(r: &Hov, s: &State) -> [u32; 2] {
    let mut t = [0u32; 2];
    for (i, u) in s.units.iter().enumerate() {
        if u.leader.is_some() {
            t[r.manifest.units[i].side.index()] += u32::from(u.sp);
        }
    }
    for (i, g) in s.garrisons.iter().enumerate() {
        if matches!(g.place, GarrisonPlace::Map(_) | GarrisonPlace::Track(_)) {
            t[r.manifest.garrisons[i].side.index()] += u32::from(g.sp);
        }
    }
    for (k, x) in t.iter_mut().enumerate() {
        *x += u32::from(s.lost[k]);
    }
    t
}

/// What `side` must not see of the other side in its observation `o`.
fn check_hidden(r: &Hov, s: &State, o: &State, side: Side, ctx: &dyn Fn() -> String) {
    let other = side.other();
    // ¶20, ¶146 step 6: the strengths of the battle's forces are shown from the odds on.
    let shown = r.shown_in_battle(s);
    for (i, u) in o.units.iter().enumerate() {
        if r.manifest.units[i].side == other
            && !s.units[i].leader.is_some_and(|l| shown.contains(&l))
        {
            assert!(
                u.sp == 0 && u.leader.is_none(),
                "{}: {side} sees {}'s strength or track (¶20)",
                ctx(),
                r.log_unit(i as u16)
            );
        }
    }
    for (i, l) in o.leaders.iter().enumerate() {
        if r.manifest.leaders[i].side != other {
            continue;
        }
        let true_place = s.leaders[i].place;
        if !s.leaders[i].revealed {
            assert!(
                !matches!(l.place, LeaderPlace::Map(_) | LeaderPlace::Portrait(_)),
                "{}: {side} sees face-down {} at {:?} (¶21)",
                ctx(),
                r.log_leader(i as u16),
                true_place
            );
        }
    }
    for (i, v) in o.vedettes.iter().enumerate() {
        if r.manifest.vedettes[i].side != other {
            continue;
        }
        if !s.vedettes[i].revealed {
            assert!(
                !matches!(v.place, VedettePlace::Map(_) | VedettePlace::Portrait(_)),
                "{}: {side} tells {} from a force (§68)",
                ctx(),
                r.log_vedette(i as u16)
            );
        }
    }
    for (i, g) in o.garrisons.iter().enumerate() {
        if r.manifest.garrisons[i].side == other {
            assert!(
                !matches!(g.place, GarrisonPlace::Track(_)),
                "{}: {side} sees {} on a track (§25)",
                ctx(),
                r.log_garrison(i as u16)
            );
        }
    }
    if let (Some(b), Some(tb)) = (&o.battle, &s.battle) {
        let k = other.index();
        if !tb.revealed[k] {
            assert!(b.chits[k].is_none(), "{}: {side} sees the chit", ctx());
        }
    }
    if let (Some(m), Some(tm)) = (&o.march, &s.march) {
        let owner = match tm.vedette {
            Some(v) => r.manifest.vedettes[usize::from(v)].side,
            None => r.manifest.leaders[usize::from(tm.leader)].side,
        };
        if owner == other {
            assert!(
                m.vedette.is_none() && m.parts.is_empty() && m.start_sp == 0,
                "{}: {side} sees who marches",
                ctx()
            );
        }
    }
    // Every face-down enemy counter on the map is an unknown stack, nothing more.
    assert!(
        o.unknown.iter().all(|u| u.side == other),
        "{}: unknown stacks of the wrong side",
        ctx()
    );
}

fn check_state(r: &Hov, s: &State, start: [u32; 2], glost: [u32; 2], ctx: &dyn Fn() -> String) {
    let now = sp_accounted(r, s);
    assert_eq!(
        [now[0] + glost[0], now[1] + glost[1]],
        start,
        "{}: SP not conserved (tracks + garrisons + lost, per side)",
        ctx()
    );
    for (i, u) in s.units.iter().enumerate() {
        let info = &r.manifest.units[i];
        assert!(
            u.sp <= info.max,
            "{}: {} has {} SP of {}",
            ctx(),
            r.log_unit(i as u16),
            u.sp,
            info.max
        );
        if u.leader.is_none() {
            assert_eq!(
                u.sp,
                0,
                "{}: {} out of play with SP",
                ctx(),
                r.log_unit(i as u16)
            );
        }
    }
    if let Err(e) = r.check_state(s) {
        panic!("{}: check_state refuses a position of play: {e}", ctx());
    }
    for side in [Side(0), Side(1)] {
        let o = r.observation(s, side);
        check_hidden(r, s, &o, side, ctx);
    }
    let json = serde_json::to_string(s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, s, "{}: JSON round trip", ctx());
    assert_eq!(r.state_hash(&back), r.state_hash(s), "{}: hash", ctx());
}

/// One game; returns its counts of events by kind, whether it ended with a result, its steps.
fn play(r: &Hov, id: &str, g: u64, replay: bool) -> (BTreeMap<String, u64>, bool, u64) {
    let seed = 1000 + g;
    let bot_name = if g % 2 == 0 { "greedy" } else { "random" };
    let mut bot = bot_named(r, bot_name).unwrap();
    let mut game = Game::new(r.clone(), seed);
    let start = sp_accounted(r, game.state());
    let mut seen: BTreeMap<String, u64> = BTreeMap::new();
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    let mut steps = 0u64;
    // SP the garrisons lost (§24), which the state's `lost` leaves out (§214).
    let mut glost = [0u32; 2];
    while steps < STEPS {
        let s = game.state();
        let ctx = || {
            format!(
                "{id} seed {seed} ({bot_name}) step {steps} turn {} {:?} battle {:?}",
                s.turn,
                s.phase,
                s.battle.as_ref().map(|b| b.step)
            )
        };
        if steps % 8 == 0 {
            check_state(r, s, start, glost, &ctx);
        }
        match r.actor(s) {
            Actor::Player(_) if steps % 16 == 0 => {
                actions.clear();
                r.legal_actions(s, &mut actions);
                assert!(!actions.is_empty(), "{}: no legal action", ctx());
                for a in &actions {
                    let mut t = s.clone();
                    let mut ev = Vec::new();
                    r.apply(&mut t, a, &mut ev)
                        .unwrap_or_else(|e| panic!("{}: listed {a:?} refused: {e}", ctx()));
                }
            }
            Actor::Chance(_) => {
                actions.clear();
                outcomes.clear();
                r.legal_actions(s, &mut actions);
                r.chance_outcomes(s, &mut outcomes);
                let (num, den) = outcomes.iter().fold((0u64, 1u64), |(n, d), (_, p)| {
                    let (pn, pd) = (u64::from(p.num()), u64::from(p.den()));
                    (n * pd + pn * d, d * pd)
                });
                assert_eq!(num, den, "{}: chance outcomes sum to one", ctx());
                let listed: Vec<_> = outcomes.iter().map(|(a, _)| a.clone()).collect();
                assert_eq!(listed, actions, "{}: outcomes are the listed rolls", ctx());
            }
            _ => {}
        }
        let before = game.state().clone();
        match game.step_bot(bot.as_mut()) {
            Ok(Some(_)) => {}
            Ok(None) => break,
            Err(e) => panic!(
                "{id} seed {seed} ({bot_name}) step {steps} {:?}: {e}",
                before.phase
            ),
        }
        let moved_sp = matches!(
            game.history().last().map(|h| &h.action),
            Some(Action::AbsorbGarrison { .. } | Action::CreateGarrison { .. })
        );
        if !moved_sp {
            for (i, (a, b)) in before
                .garrisons
                .iter()
                .zip(&game.state().garrisons)
                .enumerate()
            {
                if b.sp < a.sp {
                    glost[r.manifest.garrisons[i].side.index()] += u32::from(a.sp - b.sp);
                }
            }
        }
        for e in game.last_events() {
            let d = format!("{e:?}");
            let kind = d.split([' ', '{', '(']).next().unwrap_or("").to_string();
            *seen.entry(kind).or_default() += 1;
            // Every event has a line of the readable log.
            assert!(!r.describe_event(e).is_empty());
        }
        steps += 1;
    }
    let ended = game.outcome().is_some();
    if ended {
        *seen.entry("GameOver".into()).or_default() += 1;
    }
    if replay {
        let acts: Vec<_> = game.history().iter().map(|h| h.action.clone()).collect();
        let again = Game::replay(r.clone(), seed, &acts).unwrap();
        assert_eq!(again.state(), game.state(), "{id} seed {seed}: replay");
    }
    (seen, ended, steps)
}

#[test]
fn hov_random_play_keeps_the_invariants_and_reaches_every_part_of_the_rules() {
    let lib = Library::builtin().unwrap();
    let rules: Vec<(String, Hov)> = SCENARIOS
        .iter()
        .map(|id| {
            let r = Hov::new(&lib.scenario(id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}"));
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
                    // Game g plays scenario (g / 2) % 3, so each scenario gets both bots.
                    let (id, r) = &rules[((g / 2) % 3) as usize];
                    let (seen, ended, steps) = play(r, id, g, g < 6);
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
        "hov random play: {n} games, {ended} ended with a result, {steps} actions in {secs:.1} s \
         ({:.1} games/s, {:.0} actions/s on {threads} threads)",
        n as f64 / secs,
        steps as f64 / secs
    );
    for (k, v) in &seen {
        eprintln!("  {k:<24} {v}");
    }
    assert_eq!(ended, n, "every game ends with a result: {seen:?}");
    if n >= 6 {
        for kind in ["Moved", "Attrition", "Attack", "Combat", "GameOver"] {
            assert!(
                seen.get(kind).copied().unwrap_or(0) > 0,
                "random play never reached {kind}: {seen:?}"
            );
        }
    }
}
