//! Shared by the fuzz harnesses: a bounded random playout and the checks every step must pass.

use grognard::any::{ActorKind, AnyGame};

/// A small deterministic generator (an LCG) for choosing actions: the harnesses must give the
/// same run for the same input, and need no dependency beyond the engine.
pub struct Pick(pub u64);

impl Pick {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Plays at most `steps` steps with index choices from `pick`, checking that a player who is
/// to act always has an action (a game with no action for its actor and no end is stuck).
pub fn playout(game: &mut dyn AnyGame, steps: usize, pick: &mut Pick) {
    for _ in 0..steps {
        match game.actor_kind() {
            ActorKind::Terminal => {
                assert!(game.outcome().is_some(), "a finished game has an outcome");
                return;
            }
            ActorKind::Chance => game.step_roll().expect("rolling at a chance node"),
            ActorKind::Player(_) => {
                let n = game.action_count();
                assert!(
                    n > 0,
                    "the actor has no legal action and the game is not over"
                );
                let i = pick.below(n);
                game.step_index(i).expect("a listed action is legal");
            }
        }
    }
}

/// A refused call must leave the game as it was (docs/bad-input.md).
pub fn assert_unchanged(game: &dyn AnyGame, hash: u64, len: usize, what: &str) {
    assert_eq!(
        game.state_hash(),
        hash,
        "{what}: refused but the state changed"
    );
    assert_eq!(
        game.history_len(),
        len,
        "{what}: refused but the history changed"
    );
}
