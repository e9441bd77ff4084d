//! Property tests of the engine contract (issue 6, part 4), over random positions of every
//! built-in Prussia's Glory and Austerlitz scenario reached by seeded random play:
//! * applying an action and undoing it restores the state and the dice generator;
//! * replaying the history from the seed gives the same state;
//! * an observation hides what 9.0 keeps secret in the Austerlitz rules (the other side's
//!   casualties, stragglers, casualty track, orders, and the arrival plot until a column is
//!   due) and hides nothing of
//!   the player's own side. Prussia's Glory hides nothing (its observation is the state).
//!
//! proptest picks the scenario, the seed and the number of steps; failures are saved under
//! `proptest-regressions/` and replayed first.

use grognard::data::Library;
use grognard::engine::{Game, Rules, Side};
use grognard::nbs::Nbs;
use grognard::pg::Pg;
use proptest::prelude::*;
use std::sync::OnceLock;

fn pg_rules() -> &'static [Pg] {
    static R: OnceLock<Vec<Pg>> = OnceLock::new();
    R.get_or_init(|| {
        let lib = Library::builtin().unwrap();
        lib.scenario_ids()
            .into_iter()
            .filter(|id| id.starts_with("pg/"))
            .map(|id| Pg::new(&lib.scenario(id).unwrap()).unwrap())
            .collect()
    })
}

fn nbs_rules() -> &'static [Nbs] {
    static R: OnceLock<Vec<Nbs>> = OnceLock::new();
    R.get_or_init(|| {
        let lib = Library::builtin().unwrap();
        lib.scenario_ids()
            .into_iter()
            .filter(|id| id.starts_with("nbs/"))
            .map(|id| Nbs::new(&lib.scenario(id).unwrap()).unwrap())
            .collect()
    })
}

/// Plays `steps` random steps (fewer if the game ends) and returns the game.
fn played<R: Rules + Clone>(rules: &R, seed: u64, steps: usize) -> Game<R> {
    let mut g = Game::new(rules.clone(), seed);
    for _ in 0..steps {
        if g.step_random().unwrap().is_none() {
            break;
        }
    }
    g
}

/// Step then undo is the identity, on the state and on the generator.
fn undo_restores<R: Rules + Clone>(mut g: Game<R>) -> Result<(), TestCaseError> {
    let before = g.state().clone();
    let rng = g.rng_state();
    let hash = g.state_hash();
    if g.step_random().unwrap().is_some() {
        prop_assert!(g.undo().is_some());
        prop_assert_eq!(g.state(), &before);
        prop_assert_eq!(g.state_hash(), hash);
        prop_assert_eq!(g.rng_state(), rng);
    }
    Ok(())
}

/// The history replayed from the seed reaches the same state.
fn replay_matches<R: Rules + Clone>(g: &Game<R>) -> Result<(), TestCaseError> {
    let actions: Vec<R::Action> = g.history().iter().map(|h| h.action.clone()).collect();
    let again = Game::replay(g.rules().clone(), g.seed(), &actions).unwrap();
    prop_assert_eq!(again.state(), g.state());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn pg_undo_and_replay(pick in 0usize..64, seed in any::<u64>(), steps in 0usize..400) {
        let all = pg_rules();
        let g = played(&all[pick % all.len()], seed, steps);
        replay_matches(&g)?;
        undo_restores(g)?;
    }

    #[test]
    fn nbs_undo_and_replay(pick in 0usize..64, seed in any::<u64>(), steps in 0usize..400) {
        let all = nbs_rules();
        let g = played(&all[pick % all.len()], seed, steps);
        replay_matches(&g)?;
        undo_restores(g)?;
    }

    #[test]
    fn nbs_observation_hides_what_9_0_keeps_secret(
        pick in 0usize..64,
        seed in any::<u64>(),
        steps in 0usize..600,
    ) {
        let all = nbs_rules();
        let rules = &all[pick % all.len()];
        let g = played(rules, seed, steps);
        let s = g.state();
        for side in [Side(0), Side(1)] {
            let o = rules.observation(s, side);
            let other = side.other();
            prop_assert_eq!(o.casualty_track[other.index()], 0);
            prop_assert_eq!(o.casualty_track[side.index()], s.casualty_track[side.index()]);
            prop_assert_eq!(&o.orders[other.index()], &Default::default());
            prop_assert_eq!(&o.orders[side.index()], &s.orders[side.index()]);
            for (i, (ou, su)) in o.units.iter().zip(&s.units).enumerate() {
                if rules.units[i].side == side {
                    prop_assert_eq!(ou, su, "own unit {} changed", rules.units[i].id);
                } else if rules.units[i].has_loss_chart() {
                    prop_assert_eq!(ou.casualties, 0);
                    prop_assert_eq!(ou.stragglers, 0);
                }
            }
            // AUS 7.5: seen by the French, a column's plot is unknown until it is due (when
            // its entry and turn are on the table), and whom it carries is never shown.
            if side == grognard::nbs::FRENCH {
                use grognard::nbs::state::ColumnStatus;
                for (c, real) in o.columns.iter().zip(&s.columns) {
                    match real.status {
                        ColumnStatus::Due(_) => prop_assert_eq!(c, real),
                        _ => prop_assert_eq!(
                            (c.entry, c.turn, c.status),
                            (0, 0, ColumnStatus::Unknown)
                        ),
                    }
                }
                prop_assert!(o.riders.is_empty());
            }
        }
    }
}
