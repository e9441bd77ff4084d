//! Random play of every built-in Prussia's Glory scenario (issue: "a random-play test of at least
//! 2,000 games"), checking after every action:
//! * legal actions are non-empty until the end, and every listed action applies (all of them,
//!   in every state of every game);
//! * in every 32nd state of the Movement Phase, the phase's non-step actions (end move, to top,
//!   In Column, end phase) are accepted exactly when listed (they are judged without listing
//!   every step, so the two must agree), and so is every step of every counter in every
//!   direction, with the index the listing keeps and with a fresh copy of the rules;
//! * no hex holds units of both sides, every unit on the map is on a hex of the map;
//! * steps lost equal the steps recorded as lost, per side;
//! * stacking (5.3): the movement phase cannot end while the Active player is over the limits
//!   and still has a counter that can move;
//! * the state survives a JSON round trip with the same stable hash;
//!
//! and at the end of every game that replaying its history reproduces the state.
//!
//! How many games: 2,000 by default (about two minutes on two cores), half of them on the
//! training scenario and the rest spread over the four battles; 10,000 with
//! `GROGNARD_LONG_SOAK=1`, the long soak (README); `PG_RANDOM_GAMES=n` sets any count. Every
//! check above runs in every game whatever the count.

use grognard::data::Library;
use grognard::engine::{Actor, Game, Rules};
use grognard::hex::Direction;
use grognard::pg::state::{Off, Phase, Piece};
use grognard::pg::{Action, Pg};

/// How often (in states) the Movement Phase's direct judgements are compared with the list.
const CROSS_CHECK_EVERY: usize = 32;

/// Games of the default run: about two minutes on two cores.
const GAMES: u64 = 2000;
/// Games of the long soak (`GROGNARD_LONG_SOAK=1`).
const LONG_SOAK_GAMES: u64 = 10_000;

/// `PG_RANDOM_GAMES` if set (e.g. for a quick local run); else the long soak's count when
/// `GROGNARD_LONG_SOAK` is set to anything but `0` or nothing; else the default.
fn games() -> u64 {
    if let Some(n) = std::env::var("PG_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    let long = std::env::var("GROGNARD_LONG_SOAK").is_ok_and(|v| !v.is_empty() && v != "0");
    if long { LONG_SOAK_GAMES } else { GAMES }
}

fn scenarios() -> Vec<(String, Pg)> {
    let lib = Library::builtin().unwrap();
    lib.scenario_ids()
        .into_iter()
        .filter(|id| id.starts_with("pg/"))
        .map(|id| {
            (
                id.to_string(),
                Pg::new(&lib.scenario(id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}")),
            )
        })
        .collect()
}

fn initial_steps(rules: &Pg, state: &grognard::pg::State) -> [u32; 2] {
    let mut t = [0u32; 2];
    for (i, u) in state.units.iter().enumerate() {
        let p = &rules.pieces.units[i];
        if p.arm != grognard::pg::units::Arm::Artillery && matches!(u.off, Off::No | Off::Waiting) {
            t[p.side.index()] += u32::from(p.max_steps);
        }
    }
    t
}

fn check_state(rules: &Pg, id: &str, seed: u64, s: &grognard::pg::State, initial: [u32; 2]) {
    let ctx = || format!("{id} seed {seed} turn {} phase {:?}", s.turn, s.phase);
    // No hex holds both sides; every unit on the map is on the map's hexes.
    for (i, u) in s.units.iter().enumerate() {
        if u.off != Off::No {
            continue;
        }
        assert!(
            rules.board.on_map(u.hex),
            "{}: unit {i} off the board",
            ctx()
        );
        let side = rules.pieces.units[i].side;
        assert!(
            !rules.enemy_in(s, u.hex, side),
            "{}: both sides in {}",
            ctx(),
            rules.board.label(u.hex)
        );
    }
    // Steps lost = steps recorded as lost.
    let mut now = [0u32; 2];
    for (i, u) in s.units.iter().enumerate() {
        let p = &rules.pieces.units[i];
        if p.arm != grognard::pg::units::Arm::Artillery && matches!(u.off, Off::No | Off::Waiting) {
            now[p.side.index()] += u32::from(u.steps);
        }
    }
    for side in 0..2 {
        assert_eq!(
            initial[side] - now[side],
            u32::from(s.armies[side].steps_lost),
            "{}: side {side} step bookkeeping",
            ctx()
        );
    }
}

fn play(rules: &Pg, id: &str, seed: u64) -> usize {
    let mut game = Game::new(rules.clone(), seed);
    let initial = initial_steps(rules, game.state());
    let mut actions = Vec::new();
    let mut fresh = Vec::new();
    loop {
        let s = game.state().clone();
        check_state(rules, id, seed, &s, initial);
        actions.clear();
        rules.legal_actions(&s, &mut actions);
        if let Actor::Terminal(_) = rules.actor(&s) {
            assert!(actions.is_empty());
            break;
        }
        assert!(
            !actions.is_empty(),
            "{id} seed {seed}: no legal action in {:?}",
            s.phase
        );
        // The Movement Phase keeps its step verdicts from one listing to the next: they must
        // be those of a listing judged afresh, in the same order.
        if s.phase == Phase::Movement && s.pending.is_empty() {
            fresh.clear();
            rules.legal_actions_uncached(&s, &mut fresh);
            assert_eq!(
                fresh, actions,
                "{id} seed {seed}: the kept step verdicts differ from a fresh listing"
            );
        }
        for a in &actions {
            rules
                .applied(&s, a)
                .unwrap_or_else(|e| panic!("{id} seed {seed}: listed {a:?} refused: {e}"));
        }
        // The Movement Phase judges its non-step actions without listing every step: it must
        // accept exactly the listed ones.
        let cross_check = game.history().len() % CROSS_CHECK_EVERY == 0;
        if cross_check && s.phase == Phase::Movement && s.pending.is_empty() {
            let mut candidates = vec![Action::EndMove, Action::EndPhase, Action::CommanderInColumn];
            for u in 0..s.units.len() as u16 {
                candidates.push(Action::ToTop { unit: u });
                candidates.push(Action::ArtilleryInColumn { unit: u });
            }
            for w in 0..rules.pieces.wings.len() as u8 {
                candidates.push(Action::GoInColumn { wing: w });
            }
            // Judged with the index the listing keeps (it holds this position) and, by rules
            // with nothing kept, with indexes built for the question.
            let cold = rules.clone();
            for c in &candidates {
                assert_eq!(
                    rules.applied(&s, c).is_ok(),
                    actions.contains(c),
                    "{id} seed {seed}: {c:?} judged differently from the list"
                );
                assert_eq!(
                    cold.applied(&s, c).is_ok(),
                    actions.contains(c),
                    "{id} seed {seed}: {c:?} judged differently without the kept index"
                );
            }
            // Every step of every counter, legal or not, both ways.
            let pieces = (0..s.units.len() as u16)
                .map(Piece::Unit)
                .chain((0..s.leaders.len() as u16).map(Piece::Leader));
            for piece in pieces {
                for dir in Direction::ALL {
                    for below in [false, true] {
                        let c = Action::Move { piece, dir, below };
                        let listed = actions.contains(&c);
                        assert_eq!(
                            rules.applied(&s, &c).is_ok(),
                            listed,
                            "{id} seed {seed}: {c:?} judged differently from the list"
                        );
                        assert_eq!(
                            cold.applied(&s, &c).is_ok(),
                            listed,
                            "{id} seed {seed}: {c:?} judged differently without the kept index"
                        );
                    }
                }
            }
        }
        if s.phase == Phase::Movement && s.pending.is_empty() && actions.contains(&Action::EndPhase)
        {
            let can_move = actions.iter().any(|a| matches!(a, Action::Move { .. }));
            let over = s.units.iter().enumerate().any(|(i, u)| {
                u.off == Off::No
                    && rules.pieces.units[i].side == s.active
                    && !rules.stacking_ok(&s, u.hex)
            });
            assert!(
                !(over && can_move),
                "{id} seed {seed}: 5.3 the phase may not end over the stacking limits"
            );
        }
        let json = serde_json::to_string(&s).unwrap();
        let back: grognard::pg::State =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
        assert_eq!(back, s);
        assert_eq!(rules.state_hash(&back), rules.state_hash(&s));
        game.step_random()
            .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
        assert!(
            game.history().len() < 200_000,
            "{id} seed {seed}: the game does not end"
        );
    }
    let record: Vec<Action> = game.history().iter().map(|h| h.action.clone()).collect();
    let replayed = Game::replay(rules.clone(), seed, &record).unwrap();
    assert_eq!(
        replayed.state(),
        game.state(),
        "{id} seed {seed}: replay differs"
    );
    game.history().len()
}

#[test]
fn random_play_2000_games_across_every_pg_scenario_keeps_the_invariants() {
    let all = scenarios();
    assert!(all.len() >= 5, "the four battles and the training scenario");
    // Half the games on the small training battle, the rest spread over the four battles.
    let mut jobs: Vec<(usize, u64)> = Vec::new();
    let training = all.iter().position(|(id, _)| id == "pg/training").unwrap();
    let n = games();
    for seed in 0..n / 2 {
        jobs.push((training, seed));
    }
    let battles: Vec<usize> = (0..all.len()).filter(|&i| i != training).collect();
    for seed in 0..n - n / 2 {
        jobs.push((battles[seed as usize % battles.len()], seed));
    }
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    let steps: usize = std::thread::scope(|scope| {
        let chunks: Vec<Vec<(usize, u64)>> = (0..threads)
            .map(|t| jobs.iter().copied().skip(t).step_by(threads).collect())
            .collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let all = &all;
                scope.spawn(move || {
                    chunk
                        .into_iter()
                        .map(|(i, seed)| play(&all[i].1, &all[i].0, seed))
                        .sum::<usize>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert_eq!(jobs.len() as u64, n);
    eprintln!("{n} games, {steps} actions checked");
}

#[test]
fn greedy_games_end_in_every_scenario() {
    use grognard::engine::bot_named;
    for (id, rules) in scenarios() {
        let mut game = Game::new(rules.clone(), 7);
        let mut bot = bot_named(&rules, "greedy").unwrap();
        while game.step_bot(bot.as_mut()).unwrap().is_some() {
            assert!(
                game.history().len() < 100_000,
                "{id}: greedy game does not end"
            );
        }
        let outcome = game.outcome().unwrap();
        assert!(
            outcome.points[0] + outcome.points[1] > 0,
            "{id}: greedy bots fight: {outcome:?}"
        );
    }
}
