//! Command radius distances (10.5a): the hexes within so many leader half-MPs of a leader or
//! HQ, traced through hexes a friendly leader could enter (no enemy combat unit in them).
//!
//! Listing the Movement Phase asks "is this hex within radius?" for every neighbour of every
//! unit that may move, so the bounded searches are kept twice over:
//! * [`RadiusCache`], per listing or per check: each (anchor, radius, side) searched once;
//! * [`RadiusMemo`], per [`Nbs`] value: the same balls across listings, valid while the
//!   enemy-occupied hexes are the same. Leaders move far less often than the engine lists
//!   actions, and the enemy stands still through the phasing player's moves, so most
//!   listings search nothing. The memo is exact (keyed by the full sorted list of enemy
//!   cells, no hashing) and never blocks: when another thread holds it, the search runs
//!   without it.
//!
//! A memo is a cache only: cloning an [`Nbs`] gives an empty one, and it takes no part in
//! equality.

use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::engine::{Memo, Side};
use crate::hex::{Bounds, Hex, MoveCosts, Reach, ReachOptions};
use crate::nbs::Nbs;
use crate::nbs::query::{Ball, Occ, RadiusCache};
use crate::nbs::state::State;

/// Balls kept at most by a memo before it starts afresh (a game has some 30 leaders a side).
const MEMO_BALLS: usize = 256;

/// Leader movement costs for radius and order delivery (10.5a, 10.1e): the map's table,
/// with hexes holding enemy combat units closed.
pub(in crate::nbs) struct LeaderCosts<'a> {
    pub(in crate::nbs) nbs: &'a Nbs,
    pub(in crate::nbs) occ: &'a Occ,
    pub(in crate::nbs) side: Side,
}

impl MoveCosts for LeaderCosts<'_> {
    fn bounds(&self) -> Bounds {
        self.nbs.board.grid.bounds()
    }
    fn contains(&self, hex: Hex) -> bool {
        self.nbs.board.on_map(hex)
    }
    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        // 10.5a: traced only through hexes a friendly leader could enter.
        if self.nbs.enemy_in_occ(self.occ, to, self.side) {
            return None;
        }
        let d = from.direction_to(to)?;
        // The leaders' costs are fixed by the map (`Nbs::leader_costs`).
        let i = self.nbs.board.index(from)?;
        match self
            .nbs
            .leader_costs
            .get(i)
            .map(|c| c[usize::from(d.index())])
        {
            Some(u8::MAX) | None => None,
            Some(h) => Some(u32::from(h)),
        }
    }
}

/// What a memo holds: the balls, the enemy cells they were searched against (per side that
/// traces), and the search buffers.
#[derive(Default)]
pub(crate) struct MemoInner {
    enemies: [Vec<u16>; 2],
    balls: Vec<Ball>,
    reach: Reach,
}

/// Radius balls remembered across listings (see the module notes).
pub(crate) type RadiusMemo = Memo<MemoInner>;

impl Nbs {
    /// The sorted board cells holding combat units of the side other than `side`.
    fn enemy_cells(&self, s: &State, side: Side) -> Vec<u16> {
        let mut v: Vec<u16> = s
            .units
            .iter()
            .zip(&self.units)
            .filter(|(_, i)| i.side != side && i.combat())
            .filter_map(|(u, _)| u.hex().and_then(|h| self.board.index(h)))
            .map(|c| c as u16)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Whether `to` is within `halves` leader half-MPs of `anchor` for `side` (10.5a).
    #[allow(clippy::too_many_arguments)]
    pub(in crate::nbs) fn within(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        side: Side,
        anchor: Hex,
        halves: u16,
        to: Hex,
    ) -> bool {
        if anchor == to {
            return true;
        }
        // A leader pays at least half an MP a hex (primary roads).
        if anchor.distance(to) > u32::from(halves) {
            return false;
        }
        let ball = match cache.balls.iter().find(|b| b.is(anchor, halves, side)) {
            Some(b) => b.hexes.clone(),
            None => {
                let hexes = self.ball(s, occ, cache, side, anchor, halves);
                cache.balls.push(Ball {
                    anchor,
                    halves,
                    side,
                    hexes: hexes.clone(),
                });
                hexes
            }
        };
        ball.binary_search(&to).is_ok()
    }

    /// The ball from the memo, or searched (and remembered).
    fn ball(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        side: Side,
        anchor: Hex,
        halves: u16,
    ) -> Arc<[Hex]> {
        let costs = LeaderCosts {
            nbs: self,
            occ,
            side,
        };
        let opts = ReachOptions::new(u32::from(halves));
        let k = side.index();
        let Some(mut memo) = self.radius_memo.try_lock() else {
            // Another thread searches with this rules value: search alone.
            return search(&mut Reach::new(), &costs, anchor, opts);
        };
        let enemies = cache.enemies[k].get_or_insert_with(|| self.enemy_cells(s, side));
        let memo = &mut *memo;
        if memo.enemies[k] != *enemies {
            memo.enemies[k].clone_from(enemies);
            memo.balls.retain(|b| b.side != side);
        }
        if let Some(b) = memo.balls.iter().find(|b| b.is(anchor, halves, side)) {
            return b.hexes.clone();
        }
        let hexes = search(&mut memo.reach, &costs, anchor, opts);
        if memo.balls.len() >= MEMO_BALLS {
            memo.balls.clear();
        }
        memo.balls.push(Ball {
            anchor,
            halves,
            side,
            hexes: hexes.clone(),
        });
        hexes
    }
}

/// One bounded search, its hexes sorted.
fn search(
    reach: &mut Reach,
    costs: &LeaderCosts<'_>,
    anchor: Hex,
    opts: ReachOptions,
) -> Arc<[Hex]> {
    let mut hexes = Vec::new();
    if reach.run(costs, anchor, opts).is_ok() {
        hexes.extend(reach.reached().map(|x| x.0));
    }
    hexes.sort_unstable();
    hexes.into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;
    use crate::engine::Rules;

    /// The memo answers as a fresh search does, also after the enemy moves into the ball.
    #[test]
    fn r10_5a_memo_follows_the_enemy() {
        let lib = Library::builtin().unwrap();
        let r = Nbs::new(&lib.scenario("nbs/austerlitz-3").unwrap()).unwrap();
        let mut s = r.initial_state();
        let side = Side(0);
        let (anchor, _) = s
            .units
            .iter()
            .zip(&r.units)
            .find_map(|(u, i)| {
                (i.side == side && i.combat())
                    .then(|| u.hex())
                    .flatten()
                    .map(|h| (h, ()))
            })
            .unwrap();
        let ask = |s: &State, fresh: bool| -> Vec<Hex> {
            let occ = Occ::new(&r, s);
            let mut cache = RadiusCache::default();
            if fresh {
                *r.radius_memo.lock() = MemoInner::default();
            }
            r.board
                .hexes()
                .filter(|&h| r.within(s, &occ, &mut cache, side, anchor, 16, h))
                .collect()
        };
        let first = ask(&s, true);
        assert!(first.len() > 7, "{} hexes", first.len());
        assert_eq!(ask(&s, false), first, "memo hit");
        // An enemy unit steps next to the anchor: the memo must not answer from before.
        let next = anchor
            .neighbors()
            .into_iter()
            .find(|&h| r.board.on_map(h) && first.contains(&h))
            .unwrap();
        let enemy = r
            .units
            .iter()
            .position(|i| i.side != side && i.combat())
            .unwrap();
        s.units[enemy].place = crate::nbs::state::Place::At(next);
        let after = ask(&s, false);
        assert_eq!(after, ask(&s, true));
        assert!(
            !after.contains(&next),
            "10.5a: no tracing into an enemy-occupied hex"
        );
    }
}
