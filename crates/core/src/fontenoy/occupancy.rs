//! Who stands where, and whose ZOC covers which hex (9.1), indexed once per question by the
//! board's dense cell numbers, so that line-of-command searches (7.1), stacking (10.0) and
//! movement read a hex in constant time instead of scanning every counter.

use alloc::sync::Arc as Shared;
use alloc::vec::Vec;

use smallvec::SmallVec;

use super::Fontenoy;
use super::geometry::{self, Arc, Placed};
use super::state::{Act, State};
use super::types::{Formation, Morale};
use super::units::UnitId;
use crate::engine::Side;
use crate::hex::Hex;

/// One hex's occupants and the ZOCs over it.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    /// The counters with a hex here (combat units and commanders), in counter order.
    pub units: SmallVec<[UnitId; 4]>,
    /// Whether each side's combat units have this hex in their ZOC (9.1), by side.
    pub zoc: [bool; 2],
    /// What the hex holds for each side, as Lines of Command read it, by side.
    held: [Held; 2],
}

/// The map's occupants and ZOCs at one position.
///
/// Only the hexes that hold a counter or lie in a ZOC have a [`Cell`]; a dense index of the
/// board's cells (zeroed memory, so building it costs next to nothing) points at them. Built
/// per question, so building must stay cheap: a board has thousands of cells, a position a few
/// hundred occupied ones.
#[derive(Clone, Debug)]
pub struct Occupancy {
    /// For each board cell, 1 + its slot in `cells`, or 0 when nothing is there.
    index: Vec<u32>,
    cells: Vec<Cell>,
    empty: Cell,
}

/// What an [`Occupancy`] is built from: each counter's formation, place on the map,
/// activation and whether it is Routed.
type Key = Vec<(Formation, Option<Placed>, Act, bool)>;

/// The last [`Occupancy`]s built by one [`Fontenoy`] (the two most recent), with the
/// placements each was built from.
///
/// A step asks who stands where several times (listing, legality, the apply and the reactions
/// it sets off, often alternating between the position before and after a move), and building
/// the index is the largest single cost of a question. The memo compares the whole placement
/// of every counter (not a hash, so a stale index can never be returned) and rebuilds on any
/// difference. It is no part of the rules' identity: clones start empty and every memo
/// compares equal. Its lock is only tried, never waited on: a thread that finds it taken
/// builds its own index.
#[derive(Default)]
pub struct OccupancyMemo(spin::Mutex<[Option<Entry>; 2]>);

/// One remembered index and what it was built from.
type Entry = (Key, Shared<Occupancy>);

impl Clone for OccupancyMemo {
    fn clone(&self) -> Self {
        OccupancyMemo::default()
    }
}

impl PartialEq for OccupancyMemo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for OccupancyMemo {}

impl core::fmt::Debug for OccupancyMemo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("OccupancyMemo")
    }
}

/// Whether `key` holds exactly the placements of `s`.
fn same_key(key: &Key, s: &State) -> bool {
    key.len() == s.units.len()
        && key.iter().zip(&s.units).all(|((f, p, a, r), u)| {
            *f == u.formation
                && *a == u.act
                && *r == (u.morale == Morale::Routed)
                && p.as_ref() == u.placed()
        })
}

impl Occupancy {
    /// The index of `s`: the memo's when `s` has the placements it was built from, else a new
    /// one (then remembered).
    pub fn build(r: &Fontenoy, s: &State) -> Shared<Occupancy> {
        let Some(mut slots) = r.occupancy_memo.0.try_lock() else {
            return Shared::new(Occupancy::index(r, s));
        };
        for k in 0..slots.len() {
            if let Some((key, o)) = slots[k].as_ref() {
                if same_key(key, s) {
                    let o = Shared::clone(o);
                    // The most recent first.
                    slots.swap(0, k);
                    return o;
                }
            }
        }
        let o = Shared::new(Occupancy::index(r, s));
        // The older entry makes way; its key's memory is reused.
        let mut key = slots[1].take().map(|(k, _)| k).unwrap_or_default();
        key.clear();
        key.extend(s.units.iter().map(|u| {
            let routed = u.morale == Morale::Routed;
            (u.formation, u.placed().copied(), u.act, routed)
        }));
        slots[1] = Some((key, Shared::clone(&o)));
        slots.swap(0, 1);
        o
    }

    /// Indexes `s` afresh.
    pub fn index(r: &Fontenoy, s: &State) -> Occupancy {
        let mut o = Occupancy {
            index: alloc::vec![0u32; r.board.cell_count()],
            cells: Vec::with_capacity(s.units.len() * 3),
            empty: Cell::default(),
        };
        for (i, unit) in s.units.iter().enumerate() {
            let Some(p) = unit.placed() else { continue };
            let info = &r.units[i];
            let side = info.side.index();
            // 7.1, 7.2b: what the hex holds for Lines of Command.
            let routed = unit.morale == Morale::Routed;
            let combat = info.is_combat();
            let active = combat && unit.act == Act::Active && !routed;
            for &h in p.hexes.as_slice() {
                if let Some(c) = r.board.index(h) {
                    let cell = o.cell_mut(c);
                    cell.units.push(i as UnitId);
                    cell.held[1 - side].enemy = true;
                    let mine = &mut cell.held[side];
                    if combat {
                        mine.active |= active;
                        mine.inactive |= !active;
                        mine.covering |= !routed;
                    }
                }
            }
            if !combat {
                continue;
            }
            geometry::for_each_in_arc(unit.formation, p, Arc::Frontal, |h| {
                if let Some(c) = r.board.index(h) {
                    o.cell_mut(c).zoc[side] = true;
                }
            });
        }
        o
    }

    /// The cell of board cell `c`, made when it is first written.
    fn cell_mut(&mut self, c: usize) -> &mut Cell {
        let slot = match self.index[c] {
            0 => {
                self.cells.push(Cell::default());
                let n = self.cells.len();
                self.index[c] = u32::try_from(n).unwrap_or(u32::MAX);
                n - 1
            }
            k => k as usize - 1,
        };
        &mut self.cells[slot]
    }

    /// The cell of `h` (an empty cell off the grid or where nothing is).
    pub fn at(&self, r: &Fontenoy, h: Hex) -> &Cell {
        match r.board.index(h).map_or(0, |i| self.index[i]) {
            0 => &self.empty,
            k => &self.cells[k as usize - 1],
        }
    }

    /// Whether `h` is in the ZOC of `side`'s enemy (an EZOC for `side`).
    pub fn ezoc(&self, r: &Fontenoy, h: Hex, side: Side) -> bool {
        self.at(r, h).zoc[side.other().index()]
    }

    /// The combat units at `h`.
    pub fn combat_at<'a>(&'a self, r: &'a Fontenoy, h: Hex) -> impl Iterator<Item = UnitId> + 'a {
        self.at(r, h)
            .units
            .iter()
            .copied()
            .filter(|&u| r.units[usize::from(u)].is_combat())
    }

    /// What `h` holds for `side`, as Lines of Command read it (7.1, 7.2b).
    pub fn held(&self, r: &Fontenoy, h: Hex, side: Side) -> Held {
        self.at(r, h).held[side.index()]
    }
}

/// What a hex holds for one side, as Lines of Command read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// A friendly combat unit that is activated and not Routed.
    pub active: bool,
    /// A friendly combat unit that is unactivated or Routed.
    pub inactive: bool,
    /// A friendly non-Routed combat unit (it covers an EZOC, 7.1).
    pub covering: bool,
    /// An enemy unit (7.1: "a hex occupied by an enemy unit").
    pub enemy: bool,
}
