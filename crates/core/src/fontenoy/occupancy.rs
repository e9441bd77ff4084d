//! Who stands where, and whose ZOC covers which hex (9.1), indexed once per question by the
//! board's dense cell numbers, so that line-of-command searches (7.1), stacking (10.0) and
//! movement read a hex in constant time instead of scanning every counter.

use alloc::vec::Vec;

use smallvec::SmallVec;

use super::Fontenoy;
use super::geometry::{self, Arc};
use super::state::{Act, State};
use super::types::Morale;
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
}

/// The map's occupants and ZOCs at one position.
#[derive(Clone, Debug)]
pub struct Occupancy {
    cells: Vec<Cell>,
    empty: Cell,
}

impl Occupancy {
    /// Indexes `s`.
    pub fn build(r: &Fontenoy, s: &State) -> Occupancy {
        let mut cells = alloc::vec![Cell::default(); r.board.cell_count()];
        for (i, unit) in s.units.iter().enumerate() {
            let Some(p) = unit.placed() else { continue };
            for &h in p.hexes.as_slice() {
                if let Some(c) = r.board.index(h) {
                    cells[c].units.push(i as UnitId);
                }
            }
            let info = &r.units[i];
            if !info.is_combat() {
                continue;
            }
            let side = info.side.index();
            geometry::for_each_in_arc(unit.formation, p, Arc::Frontal, |h| {
                if let Some(c) = r.board.index(h) {
                    cells[c].zoc[side] = true;
                }
            });
        }
        Occupancy {
            cells,
            empty: Cell::default(),
        }
    }

    /// The cell of `h` (an empty cell off the grid).
    pub fn at(&self, r: &Fontenoy, h: Hex) -> &Cell {
        r.board.index(h).map_or(&self.empty, |i| &self.cells[i])
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
    pub fn held(&self, r: &Fontenoy, s: &State, h: Hex, side: Side) -> Held {
        let mut held = Held::default();
        for &u in &self.at(r, h).units {
            let info = &r.units[usize::from(u)];
            if info.side != side {
                held.enemy = true;
                continue;
            }
            if !info.is_combat() {
                continue;
            }
            let unit = s.unit(u);
            let routed = unit.morale == Morale::Routed;
            if unit.act == Act::Active && !routed {
                held.active = true;
            } else {
                held.inactive = true;
            }
            if !routed {
                held.covering = true;
            }
        }
        held
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
