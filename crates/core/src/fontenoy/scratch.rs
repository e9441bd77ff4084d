//! Reusable working memory for searches over the board (Lines of Command, 7.1–7.3), so that a
//! search neither allocates nor clears a table the size of the map.

use alloc::vec::Vec;

use super::types::Pts;

/// The least costs found by one search, by board cell. Clearing is a new generation number,
/// not a pass over the table.
#[derive(Clone, Debug, Default)]
pub struct CostTable {
    stamp: Vec<u32>,
    cost: Vec<Pts>,
    generation: u32,
    /// The cells given a cost in this generation, in the order they were first reached.
    touched: Vec<u32>,
}

impl CostTable {
    /// Empties the table for a board of `cells` cells.
    pub fn reset(&mut self, cells: usize) {
        if self.stamp.len() != cells || self.generation == u32::MAX {
            self.stamp.clear();
            self.stamp.resize(cells, 0);
            self.cost.clear();
            self.cost.resize(cells, Pts::ZERO);
            self.generation = 0;
        }
        self.generation += 1;
        self.touched.clear();
    }

    /// The cost of cell `c`, if it was reached.
    pub fn get(&self, c: usize) -> Option<Pts> {
        (self.stamp.get(c) == Some(&self.generation)).then(|| self.cost[c])
    }

    /// Records cost `v` for cell `c` (a cell outside the board is ignored).
    pub fn set(&mut self, c: usize, v: Pts) {
        let Some(stamp) = self.stamp.get_mut(c) else {
            return;
        };
        if *stamp != self.generation {
            *stamp = self.generation;
            self.touched.push(c as u32);
        }
        self.cost[c] = v;
    }

    /// The cells reached, with their costs.
    pub fn reached(&self) -> impl Iterator<Item = (usize, Pts)> + '_ {
        self.touched
            .iter()
            .map(|&c| (c as usize, self.cost[c as usize]))
    }
}

/// A few [`CostTable`]s kept between searches. It is no part of the rules' identity: clones
/// start empty and every pool compares equal. Its lock is only tried: a search that finds it
/// taken works with a table of its own.
#[derive(Default)]
pub struct TablePool(spin::Mutex<Vec<CostTable>>);

impl TablePool {
    /// A table from the pool (or a new one), to be given back with [`put`](Self::put).
    pub fn take(&self) -> CostTable {
        self.0
            .try_lock()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    }

    /// Gives a table back.
    pub fn put(&self, t: CostTable) {
        if let Some(mut v) = self.0.try_lock() {
            if v.len() < 4 {
                v.push(t);
            }
        }
    }
}

impl Clone for TablePool {
    fn clone(&self) -> Self {
        TablePool::default()
    }
}

impl PartialEq for TablePool {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for TablePool {}

impl core::fmt::Debug for TablePool {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("TablePool")
    }
}
