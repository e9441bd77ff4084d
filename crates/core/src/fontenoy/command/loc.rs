//! Lines of Command (7.1–7.3) and Regimental Integrity (6.2).
//!
//! A Line of Command is a least-cost path from a commander. Costs are in sixths of a point
//! ([`Pts`]), since 7.2b and 7.3b count half hexes:
//! * every LOC (7.1): not into terrain impassable to commanders, not into an enemy-occupied
//!   hex, not into an enemy ZOC unless a non-Routed friendly combat unit is there; the
//!   commander's own hex may be in an EZOC;
//! * a Division Commander's (7.2b, 7.2c): 1 a hex; ½ from a hex with an activated non-Routed
//!   friendly unit into another such hex; 2 into a hex holding only unactivated or Routed
//!   friendly combat units; 1 into a hex holding both; 0 between adjacent units of one
//!   regiment that keep Regimental Integrity (digest A10 sets out this reading);
//! * an Army or Wing Commander's (7.3b): 1 a hex, ½ along a road from a road hex; the units in
//!   the hexes change nothing (digest A11).
//!
//! The commander's own hex costs nothing; the unit's hex counts (7.2b). A Division Commander
//! grouped with a multi-hex formation, or with a unit of a regiment keeping Regimental
//! Integrity, traces from every hex of it (7.2d); an Army or Wing Commander from his own hex
//! only (7.3e).

use alloc::collections::{BTreeMap, BinaryHeap};
use alloc::vec::Vec;
use core::cmp::Reverse;

use super::super::Fontenoy;
use super::super::occupancy::{LocKnown, Occupancy};
use super::super::state::State;
use super::super::types::{Kind, Morale, Pts};
use super::super::units::UnitId;
use crate::engine::Side;
use crate::hex::Hex;

pub use super::super::types::Tracer;

impl Fontenoy {
    /// Whether `u` keeps Regimental Integrity (6.2b, 6.2c): a non-Routed combat unit of a
    /// regiment, not grouped with a unit of another regiment (Independent units do not
    /// count).
    pub fn keeps_integrity(&self, s: &State, o: &Occupancy, u: UnitId) -> bool {
        let info = &self.units[usize::from(u)];
        let Some(reg) = info.regiment.as_deref() else {
            return false;
        };
        let unit = s.unit(u);
        let Some(p) = unit.placed() else {
            return false;
        };
        if unit.morale == Morale::Routed || !info.is_combat() {
            return false;
        }
        p.hexes.as_slice().iter().all(|&h| {
            o.combat_at(self, h).all(|x| {
                x == u
                    || self.independent_now(s, x)
                    || self.units[usize::from(x)].regiment.as_deref() == Some(reg)
            })
        })
    }

    /// The hexes a commander traces from (7.2d, 7.3e).
    pub fn loc_sources(
        &self,
        s: &State,
        o: &Occupancy,
        commander: UnitId,
        tracer: Tracer,
    ) -> Vec<Hex> {
        let Some(p) = s.unit(commander).placed() else {
            return Vec::new();
        };
        let home = p.hex();
        let mut out = alloc::vec![home];
        if tracer == Tracer::ArmyOrWing {
            return out;
        }
        // 7.2d: grouped with a multi-hex formation, or with a unit of a regiment keeping
        // Regimental Integrity (then every hex of its adjacent chain of that regiment).
        let mut regiment_units: Vec<UnitId> = Vec::new();
        for u in o.combat_at(self, home) {
            if let Some(q) = s.unit(u).placed() {
                for &h in q.hexes.as_slice() {
                    if !out.contains(&h) {
                        out.push(h);
                    }
                }
            }
            if self.keeps_integrity(s, o, u) {
                regiment_units.push(u);
            }
        }
        let mut i = 0;
        while i < regiment_units.len() {
            let u = regiment_units[i];
            i += 1;
            let reg = self.units[usize::from(u)].regiment.clone();
            let Some(p) = s.unit(u).placed().copied() else {
                continue;
            };
            for (j, other) in s.units.iter().enumerate() {
                let x = j as UnitId;
                if regiment_units.contains(&x)
                    || self.units[j].regiment != reg
                    || !self.keeps_integrity(s, o, x)
                {
                    continue;
                }
                let Some(q) = other.placed() else { continue };
                let adjacent = p
                    .hexes
                    .as_slice()
                    .iter()
                    .any(|a| q.hexes.as_slice().iter().any(|b| a.distance(*b) <= 1));
                if adjacent {
                    regiment_units.push(x);
                    for &h in q.hexes.as_slice() {
                        if !out.contains(&h) {
                            out.push(h);
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether two adjacent hexes hold units of one regiment that both keep Regimental
    /// Integrity (7.2c: LOC between them costs 0).
    fn integrity_link(&self, s: &State, o: &Occupancy, a: Hex, b: Hex) -> bool {
        o.combat_at(self, a).any(|x| {
            let reg = &self.units[usize::from(x)].regiment;
            reg.is_some()
                && self.keeps_integrity(s, o, x)
                && o.combat_at(self, b).any(|y| {
                    y != x
                        && &self.units[usize::from(y)].regiment == reg
                        && self.keeps_integrity(s, o, y)
                })
        })
    }

    /// The cost of one LOC step from `from` into its neighbour `to` for `side`'s commander,
    /// or `None` where the line may not go (7.1).
    fn loc_step(
        &self,
        s: &State,
        o: &Occupancy,
        side: Side,
        tracer: Tracer,
        from: Hex,
        to: Hex,
    ) -> Option<Pts> {
        let info = self.board.hex(to);
        if !info.on_map || info.terrain.impassable_to_commanders() {
            return None;
        }
        let held_to = o.held(self, to, side);
        if held_to.enemy {
            return None;
        }
        if !held_to.covering && o.ezoc(self, to, side) {
            return None;
        }
        match tracer {
            Tracer::ArmyOrWing => Some(if self.board.road_between(from, to) {
                Pts::HALF
            } else {
                Pts::ONE
            }),
            Tracer::Division => {
                if self.integrity_link(s, o, from, to) {
                    return Some(Pts::ZERO);
                }
                if held_to.inactive && !held_to.active {
                    return Some(Pts::whole(2));
                }
                if held_to.inactive && held_to.active {
                    return Some(Pts::ONE);
                }
                let held_from = o.held(self, from, side);
                if held_to.active && held_from.active && !held_from.inactive {
                    return Some(Pts::HALF);
                }
                Some(Pts::ONE)
            }
        }
    }

    /// Every hex a Line of Command from `commander` reaches, with its least cost, up to his
    /// Command Distance (7.1: the full distance for each line).
    pub fn loc_reach(
        &self,
        s: &State,
        o: &Occupancy,
        commander: UnitId,
        tracer: Tracer,
    ) -> BTreeMap<Hex, Pts> {
        let budget = Pts::whole(u16::from(self.command_distance(s, commander)));
        self.loc_reach_within(s, o, commander, tracer, budget)
    }

    /// [`loc_reach`](Self::loc_reach) with an explicit budget.
    pub fn loc_reach_within(
        &self,
        s: &State,
        o: &Occupancy,
        commander: UnitId,
        tracer: Tracer,
        budget: Pts,
    ) -> BTreeMap<Hex, Pts> {
        let mut map = BTreeMap::new();
        self.loc_search(s, o, commander, tracer, budget, &[], |h, c| {
            map.insert(h, c);
        });
        map
    }

    /// Whether a Line of Command from `commander` reaches the counter `target` (any of its
    /// hexes; a commander target is reached in his own hex).
    pub fn loc_reaches(
        &self,
        s: &State,
        o: &Occupancy,
        commander: UnitId,
        tracer: Tracer,
        target: UnitId,
    ) -> bool {
        let Some(p) = s.unit(target).placed() else {
            return false;
        };
        if s.unit(commander).placed().is_none() {
            return false;
        }
        let hexes: &[Hex] = if self.units[usize::from(target)].kind == Kind::Commander {
            core::slice::from_ref(&p.hexes.as_slice()[0])
        } else {
            p.hexes.as_slice()
        };
        let budget = Pts::whole(u16::from(self.command_distance(s, commander)));
        let cells = || hexes.iter().filter_map(|&h| self.board.index(h));
        match o.loc_known(commander, tracer, budget, cells()) {
            LocKnown::Answer(yes) => yes,
            LocKnown::First => self.loc_search(s, o, commander, tracer, budget, hexes, |_, _| {}),
            LocKnown::Again => {
                // Asked of this commander before on this position: trace his whole reach once.
                let mut bits = alloc::vec![0u64; self.board.cell_count().div_ceil(64)];
                self.loc_search(s, o, commander, tracer, budget, &[], |h, _| {
                    if let Some(c) = self.board.index(h) {
                        bits[c / 64] |= 1u64 << (c % 64);
                    }
                });
                let yes = cells().any(|c| bits[c / 64] & (1u64 << (c % 64)) != 0);
                o.loc_keep(commander, tracer, budget, bits);
                yes
            }
        }
    }

    /// The least-cost search behind the functions above (Dijkstra over the board's cells, on
    /// a pooled table): it stops as soon as one of `goals` is reached and says whether one
    /// was; otherwise it hands every hex reached, with its least cost, to `reached`.
    #[allow(clippy::too_many_arguments)]
    fn loc_search(
        &self,
        s: &State,
        o: &Occupancy,
        commander: UnitId,
        tracer: Tracer,
        budget: Pts,
        goals: &[Hex],
        mut reached: impl FnMut(Hex, Pts),
    ) -> bool {
        let side = self.units[usize::from(commander)].side;
        let mut best = self.tables_pool.take();
        best.reset(self.board.cell_count());
        let mut heap: BinaryHeap<Reverse<(Pts, Hex)>> = BinaryHeap::new();
        let mut found = false;
        'search: {
            for h in self.loc_sources(s, o, commander, tracer) {
                if goals.contains(&h) {
                    found = true;
                    break 'search;
                }
                let Some(c) = self.board.index(h) else {
                    continue;
                };
                best.set(c, Pts::ZERO);
                heap.push(Reverse((Pts::ZERO, h)));
            }
            while let Some(Reverse((cost, h))) = heap.pop() {
                let Some(hc) = self.board.index(h) else {
                    continue;
                };
                if best.get(hc).is_some_and(|c| c < cost) {
                    continue;
                }
                for n in h.neighbors() {
                    let Some(step) = self.loc_step(s, o, side, tracer, h, n) else {
                        continue;
                    };
                    let c = cost.plus(step);
                    if c > budget {
                        continue;
                    }
                    let Some(nc) = self.board.index(n) else {
                        continue;
                    };
                    if best.get(nc).is_none_or(|old| c < old) {
                        if goals.contains(&n) {
                            found = true;
                            break 'search;
                        }
                        best.set(nc, c);
                        heap.push(Reverse((c, n)));
                    }
                }
            }
            for (cell, c) in best.reached() {
                reached(self.board.cell_hex(cell), c);
            }
        }
        self.tables_pool.put(best);
        found
    }
}
