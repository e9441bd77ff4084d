//! I. The Command Phase and the stacking rules: the Administrative Segment (¶42 step 2, ¶58–¶60,
//! §29–§33, §53) — [`admin`]; the Organization Segment (¶43 steps 2–4, ¶65–¶79, §19, §22, §52,
//! §54) — [`transfer`] (units, strength, Major Generals, March Divisions, leaders),
//! [`substitute`] (§19 corps and division counters) and [`garrison`]; the Command Span and the two levels of command (¶16, ¶25–¶31) — [`display`];
//! the Consolidation and Joint Consolidation Segments, Insubordinate Stacks and the 48-SP limit
//! (¶48, ¶52, ¶77–¶80, ¶141) — [`stacking`].
//!
//! Every change to an Organization Display is secret (¶20): its events are seen by the owner
//! only, and nothing the other side may do depends on it.

pub mod admin;
mod check;
mod delta;
pub mod display;
pub mod garrison;
pub mod stacking;
pub mod substitute;
mod tally;
pub mod transfer;

use alloc::vec::Vec;

use super::Hov;
use super::action::Action;
use super::event::Event;
use super::state::State;
use crate::engine::Illegal;

impl Hov {
    /// Tries `a` on a copy of `s` with `apply`; the copy and its events on success.
    pub(crate) fn try_on_copy(
        &self,
        s: &State,
        a: &Action,
        apply: impl Fn(&Hov, &mut State, &Action, &mut Vec<Event>) -> Result<(), Illegal>,
    ) -> Result<(State, Vec<Event>), Illegal> {
        let mut next = s.clone();
        let mut ev = Vec::new();
        apply(self, &mut next, a, &mut ev)?;
        Ok((next, ev))
    }

    /// Keeps the candidates that `apply` accepts, in their order.
    pub(crate) fn keep_legal(
        &self,
        s: &State,
        candidates: Vec<Action>,
        apply: impl Fn(&Hov, &mut State, &Action, &mut Vec<Event>) -> Result<(), Illegal> + Copy,
        out: &mut Vec<Action>,
    ) {
        for a in candidates {
            if self.try_on_copy(s, &a, apply).is_ok() {
                out.push(a);
            }
        }
    }
}

/// The check-only verdict as `Some(legal)`, `None` when left to the full trial (tests).
#[cfg(test)]
pub(crate) fn check_verdict_for_test(
    h: &Hov,
    s: &State,
    a: &Action,
    settled: bool,
) -> Option<bool> {
    match h.organization_verdict(s, a, settled) {
        check::Verdict::Legal => Some(true),
        check::Verdict::Refused(_) => Some(false),
        check::Verdict::Try => None,
    }
}

/// The listing's judgement by difference ([`delta::Listing::judge`]) of every candidate of `s`
/// (tests): `Some(legal)`, `None` when left to the full trial.
#[cfg(test)]
pub(crate) fn delta_judgements_for_test(h: &Hov, s: &State) -> Vec<(Action, Option<bool>)> {
    let settled = h.display_settled(s, s.phasing);
    let mut l = delta::Listing::new(h, s, settled);
    h.organization_candidates(s)
        .into_iter()
        .map(|a| {
            let j = l.judge(&a);
            (a, j)
        })
        .collect()
}
