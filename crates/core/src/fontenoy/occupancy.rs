//! Who stands where, and whose ZOC covers which hex (9.1), indexed once per question by the
//! board's dense cell numbers, so that line-of-command searches (7.1), stacking (10.0) and
//! movement read a hex in constant time instead of scanning every counter.

use alloc::sync::Arc as Shared;
use alloc::vec::Vec;

use smallvec::SmallVec;

use super::Fontenoy;
use super::geometry::{self, Arc, Placed};
use super::state::{Act, State, Unit};
use super::types::{Formation, Morale, Pts, Tracer};
use super::units::UnitId;
use crate::engine::Side;
use crate::hex::Hex;

/// The hexes combat unit `i` standing at `p` in formation `f` has in its ZOC (9.1): its
/// Frontal hexes; infantry in the Keep all six neighbours, as in a redoubt (F-9.2d); infantry
/// inside a redoubt all six (F-3.5a A, C); a unit behind field fortifications the hexes across
/// them as well (F-3.5b A: the ZOC extends from the works; with works on two sides of a Line,
/// skirmishers or unlimbered guns, F-3.5b E, the same hexes are Frontal).
fn zoc_hexes(
    r: &Fontenoy,
    s: &State,
    i: usize,
    f: Formation,
    p: &Placed,
    mut out: impl FnMut(Hex),
) {
    if p.hexes.len() == 1 && r.units[i].kind == super::types::Kind::Infantry {
        let h = p.hex();
        if r.board.hex(h).terrain == super::board::Terrain::Keep
            || r.inside_at(s, super::types::Kind::Infantry, f, h)
        {
            h.neighbors().into_iter().for_each(out);
            return;
        }
    }
    let mut front: SmallVec<[Hex; 8]> = SmallVec::new();
    geometry::for_each_in_arc(f, p, Arc::Frontal, |h| {
        front.push(h);
        out(h);
    });
    if f == Formation::Rout {
        return;
    }
    for &h in p.hexes.as_slice() {
        for d in crate::hex::Direction::ALL {
            let n = h.neighbor(d);
            if r.works_behind(h, d) != 0 && !front.contains(&n) && !p.hexes.contains(n) {
                front.push(n);
                out(n);
            }
        }
    }
}

/// One hex's occupants and the ZOCs over it.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    /// The counters with a hex here (combat units and commanders), in counter order.
    pub units: SmallVec<[UnitId; 4]>,
    /// How many of each side's combat units have this hex in their ZOC (9.1), by side.
    zoc: [u16; 2],
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
    /// The Lines of Command already traced on this position.
    loc: LocMemo,
}

/// Lines of Command traced on one [`Occupancy`] (7.1–7.3).
///
/// A line's search reads nothing but what the index is built from (who stands where, in what
/// formation, activated or not, Routed or not), the board and the commander's Command
/// Distance, which is part of the key. So while the index stands, a search from one commander
/// gives the same hexes however often it is asked: the first question of a commander is
/// answered by a search that stops at its target; from the second on, his whole reach is
/// traced once and kept. The Command Control Segment asks of one commander for each unit, and
/// it is asked again after each Initiative roll on the same position.
#[derive(Default)]
struct LocMemo(spin::Mutex<Vec<LocEntry>>);

/// One commander's lines on the position: asked once, or traced in full (a bit for each board
/// cell reached).
struct LocEntry {
    commander: UnitId,
    tracer: Tracer,
    budget: Pts,
    reach: Option<Vec<u64>>,
}

/// What the memo knows of one commander's lines ([`Occupancy::loc_known`]).
pub enum LocKnown {
    /// The answer, from his whole reach.
    Answer(bool),
    /// Nothing yet: this is the first question.
    First,
    /// He was asked of before: trace his whole reach and keep it.
    Again,
}

impl Clone for LocMemo {
    fn clone(&self) -> Self {
        LocMemo::default()
    }
}

impl core::fmt::Debug for LocMemo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("LocMemo")
    }
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
    key.len() == s.units.len() && key.iter().zip(&s.units).all(|(k, u)| same_entry(k, u))
}

/// Whether a key's entry holds unit `u`'s formation, activation, Routed flag and place. Hexes
/// compare as their used part only (the derived equality reads all six slots), since this is
/// asked of every counter each time an index is wanted.
fn same_entry((f, p, a, r): &(Formation, Option<Placed>, Act, bool), u: &Unit) -> bool {
    *f == u.formation
        && *a == u.act
        && *r == (u.morale == Morale::Routed)
        && match (p, u.placed()) {
            (None, None) => true,
            (Some(x), Some(y)) => {
                x.facing == y.facing && x.hook == y.hook && x.hexes.as_slice() == y.hexes.as_slice()
            }
            _ => false,
        }
}

/// The counters whose entry in `key` differs from `s`, if they are few enough for an update
/// to beat a rebuild.
fn changed_units(key: &Key, s: &State) -> Option<SmallVec<[usize; 16]>> {
    if key.len() != s.units.len() {
        return None;
    }
    let mut out = SmallVec::new();
    for (i, (k, u)) in key.iter().zip(&s.units).enumerate() {
        if !same_entry(k, u) {
            if out.len() == 16 {
                return None;
            }
            out.push(i);
        }
    }
    Some(out)
}

/// Adds counter `i` to what its hex holds for Lines of Command (7.1, 7.2b): an enemy for the
/// other side; for its own, an activated non-Routed combat unit, an unactivated or Routed one,
/// and whether it covers an EZOC.
fn add_held(held: &mut [Held; 2], r: &Fontenoy, s: &State, i: usize) {
    let info = &r.units[i];
    let side = info.side.index();
    held[1 - side].enemy = true;
    if !info.is_combat() {
        return;
    }
    let unit = &s.units[i];
    let routed = unit.morale == Morale::Routed;
    let mine = &mut held[side];
    if unit.act == Act::Active && !routed {
        mine.active = true;
    } else {
        mine.inactive = true;
    }
    if !routed {
        mine.covering = true;
    }
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
        // The older entry makes way: brought up to date in place when nobody else holds it
        // and few counters differ, else rebuilt; its key's memory is reused either way.
        let (mut key, o) = match slots[1].take() {
            Some((key, mut o)) => {
                let changed = changed_units(&key, s);
                match (changed, Shared::get_mut(&mut o)) {
                    (Some(changed), Some(occ)) => {
                        occ.update(r, s, &key, &changed);
                        (key, o)
                    }
                    _ => (key, Shared::new(Occupancy::index(r, s))),
                }
            }
            None => (Vec::new(), Shared::new(Occupancy::index(r, s))),
        };
        key.clear();
        key.extend(s.units.iter().map(|u| {
            let routed = u.morale == Morale::Routed;
            (u.formation, u.placed().copied(), u.act, routed)
        }));
        slots[1] = Some((key, Shared::clone(&o)));
        slots.swap(0, 1);
        o
    }

    /// Brings an index built from `old` up to date with `s`, where only the counters
    /// `changed` differ: their old hexes and ZOC are taken out, their new ones put in, and what
    /// the touched hexes hold for Lines of Command is worked out again.
    fn update(&mut self, r: &Fontenoy, s: &State, old: &Key, changed: &[usize]) {
        let mut touched: SmallVec<[usize; 32]> = SmallVec::new();
        for &i in changed {
            let info = &r.units[i];
            let side = info.side.index();
            let combat = info.is_combat();
            if let Some((f, Some(p), _, _)) = old.get(i) {
                for &h in p.hexes.as_slice() {
                    if let Some(c) = r.board.index(h) {
                        let cell = self.cell_mut(c);
                        cell.units.retain(|x| usize::from(*x) != i);
                        touched.push(c);
                    }
                }
                if combat {
                    zoc_hexes(r, s, i, *f, p, |h| {
                        if let Some(c) = r.board.index(h) {
                            let z = &mut self.cell_mut(c).zoc[side];
                            *z = z.saturating_sub(1);
                        }
                    });
                }
            }
            let unit = &s.units[i];
            if let Some(p) = unit.placed() {
                for &h in p.hexes.as_slice() {
                    if let Some(c) = r.board.index(h) {
                        let cell = self.cell_mut(c);
                        // Counter order (10.6a readers rely on it).
                        let at = cell.units.partition_point(|x| usize::from(*x) < i);
                        cell.units.insert(at, i as UnitId);
                        touched.push(c);
                    }
                }
                if combat {
                    zoc_hexes(r, s, i, unit.formation, p, |h| {
                        if let Some(c) = r.board.index(h) {
                            self.cell_mut(c).zoc[side] += 1;
                        }
                    });
                }
            }
        }
        self.loc.0.get_mut().clear();
        for c in touched {
            let slot = self.index[c] as usize - 1;
            let mut held = [Held::default(); 2];
            for &u in &self.cells[slot].units {
                add_held(&mut held, r, s, usize::from(u));
            }
            self.cells[slot].held = held;
        }
        debug_assert!(
            self.agrees_with(r, &Occupancy::index(r, s)),
            "an occupancy index brought up to date differs from one built afresh"
        );
    }

    /// Indexes `s` afresh.
    pub fn index(r: &Fontenoy, s: &State) -> Occupancy {
        let mut o = Occupancy {
            index: alloc::vec![0u32; r.board.cell_count()],
            cells: Vec::with_capacity(s.units.len() * 3),
            empty: Cell::default(),
            loc: LocMemo::default(),
        };
        for (i, unit) in s.units.iter().enumerate() {
            let Some(p) = unit.placed() else { continue };
            let info = &r.units[i];
            let side = info.side.index();
            for &h in p.hexes.as_slice() {
                if let Some(c) = r.board.index(h) {
                    let cell = o.cell_mut(c);
                    cell.units.push(i as UnitId);
                    add_held(&mut cell.held, r, s, i);
                }
            }
            if !info.is_combat() {
                continue;
            }
            zoc_hexes(r, s, i, unit.formation, p, |h| {
                if let Some(c) = r.board.index(h) {
                    o.cell_mut(c).zoc[side] += 1;
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
        self.at(r, h).zoc[side.other().index()] > 0
    }

    /// The combat units at `h`.
    pub fn combat_at<'a>(&'a self, r: &'a Fontenoy, h: Hex) -> impl Iterator<Item = UnitId> + 'a {
        self.at(r, h)
            .units
            .iter()
            .copied()
            .filter(|&u| r.units[usize::from(u)].is_combat())
    }

    /// Whether `self` and `other` index the same occupants, ZOCs and Line-of-Command facts in
    /// every hex of `r`'s board (an index brought up to date against one built afresh).
    pub fn agrees_with(&self, r: &Fontenoy, other: &Occupancy) -> bool {
        (0..r.board.cell_count()).all(|c| {
            let h = r.board.cell_hex(c);
            let (a, b) = (self.at(r, h), other.at(r, h));
            a.units == b.units && a.zoc == b.zoc && a.held == b.held
        })
    }

    /// Whether `commander`'s lines (traced as `tracer` up to `budget`) reach one of the board
    /// cells `cells`, if his whole reach is known; otherwise whether he was asked of before
    /// (and now he has been).
    pub fn loc_known(
        &self,
        commander: UnitId,
        tracer: Tracer,
        budget: Pts,
        cells: impl Iterator<Item = usize>,
    ) -> LocKnown {
        let Some(mut memo) = self.loc.0.try_lock() else {
            return LocKnown::First;
        };
        match memo
            .iter()
            .find(|e| e.commander == commander && e.tracer == tracer && e.budget == budget)
        {
            Some(LocEntry {
                reach: Some(bits), ..
            }) => LocKnown::Answer(cells.into_iter().any(|c| {
                bits.get(c / 64)
                    .is_some_and(|w| w & (1u64 << (c % 64)) != 0)
            })),
            Some(_) => LocKnown::Again,
            None => {
                memo.push(LocEntry {
                    commander,
                    tracer,
                    budget,
                    reach: None,
                });
                LocKnown::First
            }
        }
    }

    /// Keeps `commander`'s whole reach (a bit for each board cell), asked of before.
    pub fn loc_keep(&self, commander: UnitId, tracer: Tracer, budget: Pts, bits: Vec<u64>) {
        if let Some(mut memo) = self.loc.0.try_lock() {
            if let Some(e) = memo
                .iter_mut()
                .find(|e| e.commander == commander && e.tracer == tracer && e.budget == budget)
            {
                e.reach = Some(bits);
            }
        }
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
