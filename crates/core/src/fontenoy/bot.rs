//! The Fontenoy bots beyond the generic `random`:
//! * `greedy` (the default): looks one decision ahead. It tries a handful of the legal actions
//!   on a copy of the position and keeps the one that leaves its side best off: SP and
//!   commanders lost by each side (12.9a, 21.4), each side's units Disordered, Shaken or Routed
//!   (18.0, 19.0), and, in the Movement Segment, how close its combat units stand to the nearest
//!   enemy (so that its troops close in and fight). Dice are not looked ahead: a chance step is
//!   the game's, not the bot's. Ties, and the actions it did not try, are chosen at random from
//!   the game's seeded generator, so its games are reproducible.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::state::{Place, State};
use super::types::Morale;
use super::{Action, Fontenoy};
use crate::engine::{Bot, Rules, Side};
use crate::hex::Hex;

/// The most actions `greedy` tries before choosing.
const TRIED: usize = 24;

/// A bot by name.
pub(super) fn named(name: &str) -> Option<Box<dyn Bot<Fontenoy>>> {
    match name {
        "greedy" => Some(Box::new(Greedy)),
        _ => None,
    }
}

/// One decision ahead, by material, order and contact.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Fontenoy {
    /// How well `side` stands in `s`, in tenths of an SP: what the enemy lost minus what it
    /// lost, worse states of the enemy's units minus its own, and (lower is better) the
    /// distance from each of its combat units to the nearest enemy unit.
    pub fn bot_score(&self, s: &State, side: Side) -> i64 {
        let me = side.index();
        let them = 1 - me;
        let lost = |i: usize| {
            i64::from(s.armies[i].sp_lost) * 10 + i64::from(s.armies[i].commander_points) * 10
        };
        let mut score = lost(them) - lost(me);
        let mut enemy_hexes: Vec<Hex> = Vec::new();
        for (u, info) in s.units.iter().zip(self.units.iter()) {
            let Place::Map(p) = &u.place else { continue };
            if !info.is_combat() {
                continue;
            }
            let state = i64::from(u.disordered) * 2
                + match u.morale {
                    Morale::Good => 0,
                    Morale::Shaken => 3,
                    Morale::Routed => 8,
                };
            if info.side == side {
                score -= state;
            } else {
                score += state;
                enemy_hexes.extend_from_slice(p.hexes.as_slice());
            }
        }
        if enemy_hexes.is_empty() {
            return score;
        }
        for (u, info) in s.units.iter().zip(self.units.iter()) {
            let Place::Map(p) = &u.place else { continue };
            if info.side != side || !info.is_combat() {
                continue;
            }
            let near = p
                .hexes
                .as_slice()
                .iter()
                .flat_map(|&h| enemy_hexes.iter().map(move |&e| h.distance(e)))
                .min()
                .unwrap_or(0);
            score -= i64::from(near);
        }
        score
    }
}

impl Bot<Fontenoy> for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(
        &mut self,
        rules: &Fontenoy,
        state: &State,
        actions: &[Action],
        random: &mut dyn FnMut(u64) -> u64,
    ) -> usize {
        let n = actions.len();
        if n <= 1 {
            return 0;
        }
        let side = match rules.actor(state) {
            crate::engine::Actor::Player(s) => s,
            _ => return random(n as u64) as usize,
        };
        // Set-up choices (units, the missing redoubt, barricades) are many and matter little to a
        // one-step look: take them at random.
        if matches!(
            actions[0],
            Action::Deploy { .. } | Action::PlaceRedoubt { .. } | Action::PlaceBarricade { .. }
        ) {
            return random(n as u64) as usize;
        }
        // The candidates: every action when few, else a random sample (always with the
        // segment's end, so the bot can stop when nothing helps).
        let mut tried: Vec<usize> = if n <= TRIED {
            (0..n).collect()
        } else {
            let mut pick: Vec<usize> = (0..TRIED).map(|_| random(n as u64) as usize).collect();
            if let Some(end) = actions.iter().position(|a| matches!(a, Action::EndSegment)) {
                pick.push(end);
            }
            pick.sort_unstable();
            pick.dedup();
            pick
        };
        let mut best: Vec<usize> = Vec::new();
        let mut best_score = i64::MIN;
        let mut events = Vec::new();
        for i in tried.drain(..) {
            let mut next = state.clone();
            events.clear();
            if rules.apply(&mut next, &actions[i], &mut events).is_err() {
                continue;
            }
            let score = rules.bot_score(&next, side);
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(i);
            }
        }
        if best.is_empty() {
            return random(n as u64) as usize;
        }
        best[random(best.len() as u64) as usize]
    }
}
