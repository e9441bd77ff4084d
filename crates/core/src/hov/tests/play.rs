//! The one seeded random-play driver of the HoV test modules: from a position, legal actions
//! chosen by a seeded generator (uniformly, or by a test's own policy), each applied and
//! checked. Every test that plays at random goes through `play_by`.

use alloc::vec::Vec;

use crate::engine::{Actor, Rules};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::State;

/// A small linear congruential generator: the tests' seeds give the same games everywhere.
pub(super) struct Lcg(pub u64);

impl Lcg {
    /// A number in `0..n` (0 when `n` is 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// One applied step, as the `after` check of [`play_by`] sees it.
pub(super) struct Step<'a> {
    pub before: &'a State,
    pub action: &'a Action,
    pub after: &'a State,
    pub events: &'a [Event],
}

/// Plays up to `steps` actions from `s`: `pick` chooses among the legal actions (never
/// empty: a dead end fails the test, naming `what` and the phase), each is applied (a listed
/// action refused fails the test) and `check` sees every step. Stops at the end of the game;
/// returns the last position.
pub(super) fn play_by(
    h: &Hov,
    mut s: State,
    seed: u64,
    steps: usize,
    what: &str,
    mut pick: impl FnMut(&State, &[Action], &mut Lcg) -> Action,
    mut check: impl FnMut(Step<'_>),
) -> State {
    let mut rng = Lcg(seed);
    let mut acts = Vec::new();
    let mut ev = Vec::new();
    for _ in 0..steps {
        if matches!(h.actor(&s), Actor::Terminal(_)) {
            break;
        }
        acts.clear();
        h.legal_actions(&s, &mut acts);
        assert!(
            !acts.is_empty(),
            "{what}: a dead end in {:?} (battle {:?})",
            s.phase,
            s.battle
        );
        let a = pick(&s, &acts, &mut rng);
        let before = s.clone();
        ev.clear();
        h.apply(&mut s, &a, &mut ev)
            .unwrap_or_else(|e| panic!("{what}: {a:?} listed but refused: {e:?}"));
        check(Step {
            before: &before,
            action: &a,
            after: &s,
            events: &ev,
        });
    }
    s
}

/// Uniform random play from `s` with the shared invariants checked after every step
/// (`battle::check_invariants`); returns the number of attacks made.
pub(super) fn random_play(h: &Hov, s: State, seed: u64, steps: usize) -> usize {
    let mut battles = 0;
    play_by(
        h,
        s,
        seed,
        steps,
        "random play",
        |_, acts, rng| acts[rng.below(acts.len())].clone(),
        |st| {
            if matches!(st.action, Action::Attack { .. }) {
                battles += 1;
            }
            super::battle::check_invariants(h, st.after);
        },
    );
    battles
}
