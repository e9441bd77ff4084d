//! Exact distributions without sampling (DESIGN: consequence 3): expand every chance node from a
//! state until a player must decide or the game ends.

use alloc::vec::Vec;

use super::{Actor, Illegal, Rules};
use crate::dice::Prob;

/// Why an expansion stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChanceError {
    /// More than the allowed number of chance nodes would be expanded (re-roll loops, e.g.
    /// fontenoy 6.1c, can be unbounded).
    #[error("more than {0} chance nodes; the distribution was not expanded")]
    TooManyNodes(usize),
    /// A probability product or sum no longer fits in 32-bit numerators and denominators.
    #[error("the exact probabilities outgrew 32-bit fractions")]
    Overflow,
    /// A listed chance outcome did not apply (a bug in the rules).
    #[error("a chance outcome did not apply: {0}")]
    Illegal(Illegal),
}

/// Every state reachable from `state` through chance alone, up to the next player decision or
/// the end of the game, with its exact probability. Identical states reached by different rolls
/// are merged; the list keeps the order in which states were first reached (outcomes in
/// `chance_outcomes` order, depth first), so it is deterministic. A state that is not a chance
/// node gives itself with probability one.
///
/// `max_nodes` caps the number of chance nodes expanded.
pub fn expand_chance<R: Rules>(
    rules: &R,
    state: &R::State,
    max_nodes: usize,
) -> Result<Vec<(R::State, Prob)>, ChanceError> {
    let mut out: Vec<(R::State, Prob)> = Vec::new();
    let mut stack = alloc::vec![(state.clone(), Prob::ONE)];
    let mut nodes = 0usize;
    let mut outcomes = Vec::new();
    let mut events = Vec::new();
    while let Some((s, p)) = stack.pop() {
        if !matches!(rules.actor(&s), Actor::Chance(_)) {
            match out.iter_mut().find(|(t, _)| *t == s) {
                Some((_, q)) => *q = q.checked_add(p).ok_or(ChanceError::Overflow)?,
                None => out.push((s, p)),
            }
            continue;
        }
        nodes += 1;
        if nodes > max_nodes {
            return Err(ChanceError::TooManyNodes(max_nodes));
        }
        outcomes.clear();
        rules.chance_outcomes(&s, &mut outcomes);
        // Push in reverse so that the first outcome is expanded first.
        for (action, q) in outcomes.iter().rev() {
            let mut next = s.clone();
            events.clear();
            rules
                .apply(&mut next, action, &mut events)
                .map_err(ChanceError::Illegal)?;
            stack.push((next, p.checked_mul(*q).ok_or(ChanceError::Overflow)?));
        }
    }
    Ok(out)
}
