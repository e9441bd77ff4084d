//! Bots: programs that choose a player's action. One interface for every system; the uniform
//! random bot works everywhere, systems add their own (pg: `greedy`).

use alloc::boxed::Box;

use super::Rules;

/// A player program. `choose` returns an index into `actions` (never empty); `random(n)` gives a
/// uniform number below `n` from the game's seeded generator, so bot games are reproducible.
pub trait Bot<R: Rules>: Send {
    /// The bot's name (`random`, `greedy`).
    fn name(&self) -> &'static str;

    /// Chooses one of `actions` for the player to act in `state`.
    fn choose(
        &mut self,
        rules: &R,
        state: &R::State,
        actions: &[R::Action],
        random: &mut dyn FnMut(u64) -> u64,
    ) -> usize;
}

/// Chooses uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<R: Rules> Bot<R> for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(
        &mut self,
        _rules: &R,
        _state: &R::State,
        actions: &[R::Action],
        random: &mut dyn FnMut(u64) -> u64,
    ) -> usize {
        random(actions.len() as u64) as usize
    }
}

/// The bots every system has, plus the system's own ([`Rules::bot`]).
pub fn bot_named<R: Rules + 'static>(rules: &R, name: &str) -> Option<Box<dyn Bot<R>>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "default" => match rules.default_bot() {
            "random" => Some(Box::new(RandomBot)),
            other => rules.bot(other),
        },
        other => rules.bot(other),
    }
}
