//! Questions about a position that many rules ask: stacks and stacking order (5), zones of
//! control and Engaged/Supporting units (6), command and movement allowances (4.2, 7.4, 7.6).

use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::engine::{Memo, Side};
use crate::hex::{Bounds, Direction, Hex};
use crate::pg::Pg;
use crate::pg::board::CostClass;
use crate::pg::state::{Cmd, Morale, Off, Piece, State};
use crate::pg::units::{Arm, Special};

/// Who is where, computed once for many questions about one position (the hot path of legal
/// moves): units and inf/cav per hex and side, and each side's zone of control (6.1). Either
/// for the whole position ([`Pg::occupancy`]) or for the hexes within two of one hex
/// ([`Pg::occupancy_near`]: enough to judge one step, far cheaper on a large map).
#[derive(Clone, Debug)]
pub struct Occ {
    /// The axial box the cells cover.
    bounds: Bounds,
    /// Rows (`r` values) of the box: a cell's index is `dq * rows + dr`.
    rows: i16,
    /// Whether this index covers the whole position. It then spans the counters and the hexes
    /// their zones reach, so a hex outside it is empty and in no zone. A local index knows
    /// only its window.
    whole: bool,
    cells: Store,
}

/// The cells: inline for a local window (no allocation per step judged), on the heap for a
/// whole position.
#[derive(Clone, Debug)]
// The large variant is the point: a local index lives on the stack, with no allocation.
#[allow(clippy::large_enum_variant)]
enum Store {
    Near([Cell; (SPAN * SPAN) as usize]),
    Wide(Vec<Cell>),
}

/// All zero when empty. The counts (not flags) let a unit's mark be taken off again when the
/// index is kept up to date move by move ([`Occ::unmark`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    /// Non-routed units of each side whose zone of control covers the hex (6.1).
    zoc: [u8; 2],
    units: [u8; 2],
    combat: [u8; 2],
    /// Inf/cav steps and artillery steps of the stack, whichever side (5.1).
    load: [u8; 2],
    /// Counters of the stack that are In Column (5.2).
    in_column: u8,
    /// One more than the index of the top counter (5.4: lowest `order`, then lowest index);
    /// 0 for an empty hex.
    top: u16,
    /// The `order` of the top counter (meaningful when `top` is not 0).
    top_order: i32,
}

/// The index's answers about one hex for a step of one side's counter into it
/// ([`Occ::entering`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entering {
    /// Enemy units stand there (7.4).
    pub enemy: bool,
    /// It is in an enemy zone of control (7.5).
    pub ezoc: bool,
    /// Friendly units stand there (7.5.4).
    pub friends: bool,
    /// Friendly infantry or cavalry stand there (7.5.2).
    pub friendly_combat: bool,
}

/// The reach of a local occupancy: a step's questions concern its two hexes and their
/// neighbours, and a zone of control reaches one hex further.
const NEAR: i16 = 2;
const SPAN: i16 = 2 * NEAR + 1;

impl Occ {
    /// The cell of `hex`, `None` outside the box. Hexes off the map inside the box keep empty
    /// cells: no counter stands there and no zone is marked there.
    #[inline]
    fn slot(&self, hex: Hex) -> Option<usize> {
        self.bounds.contains(hex).then(|| {
            let dq = (hex.q - self.bounds.min.q) as usize;
            let dr = (hex.r - self.bounds.min.r) as usize;
            dq * self.rows as usize + dr
        })
    }

    #[inline]
    fn cells(&self) -> &[Cell] {
        match &self.cells {
            Store::Near(c) => c,
            Store::Wide(c) => c,
        }
    }

    #[inline]
    fn cells_mut(&mut self) -> &mut [Cell] {
        match &mut self.cells {
            Store::Near(c) => c,
            Store::Wide(c) => c,
        }
    }

    #[inline]
    fn cell(&self, _pg: &Pg, hex: Hex) -> Option<&Cell> {
        debug_assert!(
            self.whole || self.bounds.contains(hex),
            "a local occupancy was asked about a far hex"
        );
        self.slot(hex).and_then(|i| self.cells().get(i))
    }

    /// What a step of a `side` counter into `hex` asks of the index, read from one cell.
    #[inline]
    pub(crate) fn entering(&self, pg: &Pg, side: Side, hex: Hex) -> Entering {
        let (me, them) = (side.index(), side.other().index());
        self.cell(pg, hex)
            .map_or(Entering::default(), |c| Entering {
                enemy: c.units[them] > 0,
                ezoc: c.zoc[them] > 0,
                friends: c.units[me] > 0,
                friendly_combat: c.combat[me] > 0,
            })
    }

    /// Whether `hex` is in an enemy zone of control for `side`.
    #[inline]
    pub fn ezoc(&self, pg: &Pg, side: Side, hex: Hex) -> bool {
        self.cell(pg, hex)
            .is_some_and(|c| c.zoc[side.other().index()] > 0)
    }

    /// Whether any unit of `side` is in `hex`.
    #[inline]
    pub fn has_units(&self, pg: &Pg, side: Side, hex: Hex) -> bool {
        self.cell(pg, hex)
            .is_some_and(|c| c.units[side.index()] > 0)
    }

    /// Whether any infantry or cavalry of `side` is in `hex`.
    #[inline]
    pub fn has_combat(&self, pg: &Pg, side: Side, hex: Hex) -> bool {
        self.cell(pg, hex)
            .is_some_and(|c| c.combat[side.index()] > 0)
    }

    /// How many counters (of both sides) stand in `hex`.
    #[inline]
    pub fn count(&self, pg: &Pg, hex: Hex) -> u8 {
        self.cell(pg, hex)
            .map_or(0, |c| c.units[0].saturating_add(c.units[1]))
    }

    /// The top counter of the stack in `hex` (5.4), if any.
    #[inline]
    pub fn top(&self, pg: &Pg, hex: Hex) -> Option<u16> {
        self.cell(pg, hex).and_then(|c| c.top.checked_sub(1))
    }

    /// Inf/cav steps, artillery steps and whether any counter is In Column in `hex` (what 5.1
    /// and 5.2 ask); the same answer as a scan of the units, read from the index.
    #[inline]
    pub(crate) fn load(&self, pg: &Pg, hex: Hex) -> (u8, u8, bool) {
        self.cell(pg, hex)
            .map_or((0, 0, false), |c| (c.load[0], c.load[1], c.in_column > 0))
    }
}

impl Occ {
    /// Puts on (`add`) or takes off the marks of unit `i` standing as `u`: its counter, steps
    /// and In Column state in its hex, and its zone of control (6.1) unless routed. The top of
    /// the stack is not kept here: see [`refresh_top`](Self::refresh_top). Returns the cell
    /// of the unit's hex, if the box holds it.
    #[inline]
    pub(crate) fn mark(
        &mut self,
        pg: &Pg,
        i: usize,
        u: &crate::pg::state::Unit,
        add: bool,
    ) -> Option<usize> {
        if u.off != Off::No {
            return None;
        }
        let bump = |x: &mut u8, by: u8| {
            *x = if add {
                x.saturating_add(by)
            } else {
                x.saturating_sub(by)
            }
        };
        let p = &pg.pieces.units[i];
        let side = p.side.index();
        let here = self.slot(u.hex);
        if let Some(c) = here {
            let cell = &mut self.cells_mut()[c];
            bump(&mut cell.units[side], 1);
            if p.arm != Arm::Artillery {
                bump(&mut cell.combat[side], 1);
                bump(&mut cell.load[0], u.steps);
            } else {
                bump(&mut cell.load[1], u.steps);
            }
            bump(&mut cell.in_column, u8::from(u.in_column));
        }
        if u.morale == Morale::Routed {
            return here;
        }
        let dirs = pg.board.zoc_dirs(u.hex, pg.class_of(i as u16));
        for d in Direction::ALL {
            if dirs & (1 << d.index()) != 0 {
                if let Some(c) = self.slot(u.hex.neighbor(d)) {
                    bump(&mut self.cells_mut()[c].zoc[side], 1);
                }
            }
        }
        here
    }

    /// Works out again the top counter of the stack in `hex` (5.4) from the units of `s`.
    pub(crate) fn refresh_top(&mut self, s: &State, hex: Hex) {
        let Some(c) = self.slot(hex) else {
            return;
        };
        let (mut top, mut top_order) = (0u16, 0i32);
        for (i, u) in s.units.iter().enumerate() {
            if u.off == Off::No && u.hex == hex && (top == 0 || u.order < top_order) {
                top = i as u16 + 1;
                top_order = u.order;
            }
        }
        let cell = &mut self.cells_mut()[c];
        cell.top = top;
        cell.top_order = top_order;
    }

    /// Whether a whole-position index can take a unit in `hex`: the hex and its neighbours
    /// (its zone of control) lie inside the box.
    pub(crate) fn spans(&self, hex: Hex) -> bool {
        self.whole
            && hex.q > self.bounds.min.q
            && hex.r > self.bounds.min.r
            && hex.q < self.bounds.max.q
            && hex.r < self.bounds.max.r
    }

    /// Whether two whole-position indexes give the same answer for every hex (what a kept-up
    /// index is checked against in tests).
    #[cfg(test)]
    pub(crate) fn same_answers(&self, other: &Occ) -> bool {
        let answer = |o: &Occ, h: Hex| {
            o.slot(h)
                .map(|c| {
                    let mut cell = o.cells()[c];
                    if cell.top == 0 {
                        cell.top_order = 0;
                    }
                    cell
                })
                .unwrap_or_default()
        };
        let (a, b) = (self.bounds, other.bounds);
        let min = Hex::new(a.min.q.min(b.min.q), a.min.r.min(b.min.r));
        let max = Hex::new(a.max.q.max(b.max.q), a.max.r.max(b.max.r));
        (min.q..=max.q).all(|q| {
            (min.r..=max.r).all(|r| answer(self, Hex::new(q, r)) == answer(other, Hex::new(q, r)))
        })
    }
}

/// The last whole-position index built for `reachable`, with what it was built from: per
/// unit, everything [`Pg::occupancy`] reads. Asking `reachable` for every counter of one
/// position (a front end showing moves, a bot weighing its units) then builds the index once.
/// The check is exact (a comparison of the units, no hashing); see [`Memo`] for how it is
/// shared.
pub(crate) type OccMemo = Memo<Option<(Vec<OccKey>, Arc<Occ>)>>;

/// What the occupancy index reads of one unit.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct OccKey {
    hex: Hex,
    on_map: bool,
    routed: bool,
    in_column: bool,
    steps: u8,
    order: i32,
}

impl OccKey {
    fn of(u: &crate::pg::state::Unit) -> OccKey {
        OccKey {
            hex: u.hex,
            on_map: u.off == Off::No,
            routed: u.morale == Morale::Routed,
            in_column: u.in_column,
            steps: u.steps,
            order: u.order,
        }
    }
}

impl Pg {
    /// [`occupancy`](Self::occupancy), shared with earlier callers that asked about the same
    /// position (see [`OccMemo`]).
    pub(crate) fn occupancy_shared(&self, s: &State) -> Arc<Occ> {
        let Some(mut memo) = self.occ_memo.try_lock() else {
            return Arc::new(self.occupancy(s));
        };
        if let Some((keys, occ)) = memo.as_ref() {
            if keys.len() == s.units.len()
                && keys.iter().zip(&s.units).all(|(k, u)| *k == OccKey::of(u))
            {
                return occ.clone();
            }
        }
        let occ = Arc::new(self.occupancy(s));
        *memo = Some((s.units.iter().map(OccKey::of).collect(), occ.clone()));
        occ
    }

    /// The occupancy of a whole position (see [`Occ`]). Its box spans the counters on the
    /// map and one hex around them (their zones of control), not the whole board.
    pub fn occupancy(&self, s: &State) -> Occ {
        let mut o = Occ {
            bounds: Bounds {
                min: Hex::new(1, 1),
                max: Hex::new(0, 0),
            },
            rows: 0,
            whole: true,
            cells: Store::Wide(Vec::new()),
        };
        self.refill_whole(s, &mut o, None);
        o
    }

    /// Rebuilds `o` as the whole-position occupancy of `s`, reusing its cells. The box spans
    /// `wanted` (when given) and the counters on the map with one hex around them.
    pub(crate) fn refill_whole(&self, s: &State, o: &mut Occ, wanted: Option<Bounds>) {
        let mut on_map = s.units.iter().filter(|u| u.off == Off::No).map(|u| u.hex);
        let mut bounds = wanted.or_else(|| on_map.next().map(|first| Bounds::around(first, 1)));
        if let Some(b) = bounds.as_mut() {
            for h in on_map {
                b.min.q = b.min.q.min(h.q.saturating_sub(1));
                b.min.r = b.min.r.min(h.r.saturating_sub(1));
                b.max.q = b.max.q.max(h.q.saturating_add(1));
                b.max.r = b.max.r.max(h.r.saturating_add(1));
            }
        }
        let bounds = bounds.unwrap_or(Bounds {
            min: Hex::new(1, 1),
            max: Hex::new(0, 0),
        });
        let (cols, rows) = if bounds.min.q <= bounds.max.q && bounds.min.r <= bounds.max.r {
            (
                bounds.max.q - bounds.min.q + 1,
                bounds.max.r - bounds.min.r + 1,
            )
        } else {
            (0, 0)
        };
        o.bounds = bounds;
        o.rows = rows;
        o.whole = true;
        let n = cols as usize * rows as usize;
        match &mut o.cells {
            Store::Wide(v) => {
                v.clear();
                v.resize(n, Cell::default());
            }
            store => *store = Store::Wide(alloc::vec![Cell::default(); n]),
        }
        self.fill_occupancy(s, o, |_| true);
    }

    /// The occupancy of the hexes within two of `center` (see [`Occ`]): what judging one
    /// step of a counter in `center` needs.
    pub fn occupancy_near(&self, s: &State, center: Hex) -> Occ {
        let mut o = Occ {
            bounds: Bounds::around(center, NEAR as u16),
            rows: SPAN,
            whole: false,
            cells: Store::Near([Cell::default(); (SPAN * SPAN) as usize]),
        };
        // A unit matters when it stands in the window or its ZOC reaches into it (a cheap
        // box test first: most units of a large battle are far away).
        let reach = NEAR + 1;
        self.fill_occupancy(s, &mut o, |h| {
            (h.q - center.q).abs() <= reach
                && (h.r - center.r).abs() <= reach
                && h.distance(center) <= reach as u32
        });
        o
    }

    fn fill_occupancy(&self, s: &State, o: &mut Occ, wanted: impl Fn(Hex) -> bool) {
        for (i, u) in s.units.iter().enumerate() {
            if u.off != Off::No || !wanted(u.hex) {
                continue;
            }
            if let Some(cell) = o
                .mark(self, i, u, true)
                .and_then(|c| o.cells_mut().get_mut(c))
            {
                // Indices rise, so a tie on `order` keeps the first (lowest) index.
                if cell.top == 0 || u.order < cell.top_order {
                    cell.top_order = u.order;
                    cell.top = i as u16 + 1;
                }
            }
        }
    }

    /// The units in `hex`, top first (5.4).
    pub fn stack(&self, s: &State, hex: Hex) -> Vec<u16> {
        let mut v: Vec<u16> = (0..s.units.len() as u16)
            .filter(|&u| {
                let x = &s.units[usize::from(u)];
                x.off == Off::No && x.hex == hex
            })
            .collect();
        v.sort_by_key(|&u| (s.units[usize::from(u)].order, u));
        v
    }

    /// Whether any unit of `side` is in `hex`.
    pub fn has_units(&self, s: &State, hex: Hex, side: Side) -> bool {
        s.units
            .iter()
            .enumerate()
            .any(|(i, u)| u.off == Off::No && u.hex == hex && self.pieces.units[i].side == side)
    }

    /// Whether any enemy (of `side`) unit is in `hex`.
    pub fn enemy_in(&self, s: &State, hex: Hex, side: Side) -> bool {
        self.has_units(s, hex, side.other())
    }

    /// Whether `hex` is in the zone of control of `side` (6.1): a non-routed unit of `side` is
    /// adjacent and the hex is not prohibited to it.
    pub fn zoc_of(&self, s: &State, side: Side, hex: Hex) -> bool {
        if !self.board.on_map(hex) {
            return false;
        }
        let info = self.board.hex(hex);
        s.units.iter().enumerate().any(|(i, u)| {
            let p = &self.pieces.units[i];
            u.off == Off::No
                && p.side == side
                && u.morale != Morale::Routed
                && u.hex.distance(hex) == 1
                && info.cost[self.class_of(i as u16) as usize].is_some()
        })
    }

    /// Whether `hex` is in an enemy zone of control for `side`.
    pub fn ezoc(&self, s: &State, side: Side, hex: Hex) -> bool {
        self.zoc_of(s, side.other(), hex)
    }

    /// The cost class of a unit (7.3).
    pub fn class_of(&self, u: u16) -> CostClass {
        match self.pieces.units[usize::from(u)].arm {
            Arm::Infantry => CostClass::Infantry,
            Arm::Cavalry => CostClass::Cavalry,
            Arm::Artillery => CostClass::Artillery,
        }
    }

    /// Whether the unit is infantry or cavalry.
    pub fn is_combat(&self, u: u16) -> bool {
        self.pieces.units[usize::from(u)].arm != Arm::Artillery
    }

    /// `[SP, MR, MA]` of a unit now.
    pub fn ratings(&self, s: &State, u: u16) -> [u8; 3] {
        self.pieces.units[usize::from(u)].at(s.units[usize::from(u)].steps)
    }

    /// The morale rating now.
    pub fn mr(&self, s: &State, u: u16) -> u8 {
        self.ratings(s, u)[1]
    }

    /// Engaged units of a stack (6.2): when the stack is in an EZOC, the top inf/cav whose steps
    /// total 4 or less, counting down until a unit no longer fits.
    pub fn engaged_in(&self, s: &State, hex: Hex) -> Vec<u16> {
        let stack = self.stack(s, hex);
        let Some(&first) = stack.iter().find(|&&u| self.is_combat(u)) else {
            return Vec::new();
        };
        let side = self.pieces.units[usize::from(first)].side;
        if !self.ezoc(s, side, hex) {
            return Vec::new();
        }
        self.top_four_steps(s, &stack)
    }

    /// The inf/cav that are or would be Engaged: the top ones totalling 4 steps or less (6.2,
    /// 8.3 "the top 4 Steps").
    pub fn top_four_steps(&self, s: &State, stack: &[u16]) -> Vec<u16> {
        let mut total = 0u8;
        let mut out = Vec::new();
        for &u in stack.iter().filter(|&&u| self.is_combat(u)) {
            let st = s.units[usize::from(u)].steps;
            if total + st > 4 {
                break;
            }
            total += st;
            out.push(u);
        }
        out
    }

    /// Whether the unit is Engaged now.
    pub fn is_engaged(&self, s: &State, u: u16) -> bool {
        let x = &s.units[usize::from(u)];
        x.off == Off::No && self.is_combat(u) && self.engaged_in(s, x.hex).contains(&u)
    }

    /// Inf/cav steps and artillery steps of `side` in a hex.
    pub fn steps_in(&self, s: &State, hex: Hex) -> (u8, u8) {
        let (inf, art, _) = self.stack_load(s, hex);
        (inf, art)
    }

    /// One pass over a hex's stack: inf/cav steps, artillery steps, and whether any counter
    /// there is In Column (what 5.1 and 5.2 ask).
    pub(crate) fn stack_load(&self, s: &State, hex: Hex) -> (u8, u8, bool) {
        let (mut inf, mut art, mut ic) = (0u8, 0u8, false);
        for (i, u) in s.units.iter().enumerate() {
            if u.off == Off::No && u.hex == hex {
                if self.is_combat(i as u16) {
                    inf = inf.saturating_add(u.steps);
                } else {
                    art = art.saturating_add(u.steps);
                }
                ic |= u.in_column;
            }
        }
        (inf, art, ic)
    }

    /// Whether a hex's stack is within the stacking limits (5.1, 5.2).
    pub fn stacking_ok(&self, s: &State, hex: Hex) -> bool {
        load_ok(self.stack_load(s, hex))
    }

    /// Whether a hex's stack is within the limits, its load read from an occupancy index.
    pub(crate) fn stacking_ok_in(&self, occ: &Occ, hex: Hex) -> bool {
        load_ok(occ.load(self, hex))
    }

    /// The stacking rule a unit would break by entering `hex` (5.1, or 5.2 when the unit or a
    /// unit there is In Column); `None` if it fits.
    pub fn overstacks_if_entered(&self, s: &State, u: u16, hex: Hex) -> Option<&'static str> {
        self.overstacks_with(s, u, self.stack_load(s, hex))
    }

    /// [`overstacks_if_entered`](Self::overstacks_if_entered) with the hex's load read from an
    /// occupancy index instead of a scan of the units.
    pub(crate) fn overstacks_in(
        &self,
        s: &State,
        occ: &Occ,
        u: u16,
        hex: Hex,
    ) -> Option<&'static str> {
        self.overstacks_with(s, u, occ.load(self, hex))
    }

    fn overstacks_with(
        &self,
        s: &State,
        u: u16,
        (mut inf, mut art, here_ic): (u8, u8, bool),
    ) -> Option<&'static str> {
        let x = &s.units[usize::from(u)];
        if self.is_combat(u) {
            inf = inf.saturating_add(x.steps);
        } else {
            art = art.saturating_add(x.steps);
        }
        let limit = StackLimit::of(inf, x.in_column || here_ic);
        (!limit.holds(inf, art)).then_some(limit.rule)
    }

    /// Whether the unit's army (or detachment) may act (4.1, 4.3).
    pub fn unit_active(&self, s: &State, u: u16) -> bool {
        let p = &self.pieces.units[usize::from(u)];
        if s.armies[p.side.index()].activated {
            return true;
        }
        match p.wing {
            Some(w) => {
                let g = usize::from(self.pieces.wings[usize::from(w)].group);
                self.pieces.groups[g].detachment && s.det_active[g]
            }
            None => false,
        }
    }

    /// The command state of a unit this turn (4.2, 4.5).
    pub fn command(&self, s: &State, u: u16) -> Cmd {
        let p = &self.pieces.units[usize::from(u)];
        match p.wing {
            Some(w) => {
                if s.wing_rescued[usize::from(w)] {
                    return Cmd::Effective;
                }
                s.groups[usize::from(self.pieces.wings[usize::from(w)].group)]
            }
            None => {
                if s.units[usize::from(u)].art_effective {
                    return Cmd::Effective;
                }
                // Artillery belongs to the basic infantry/artillery group (4.2).
                let g = self
                    .pieces
                    .groups
                    .iter()
                    .position(|g| g.side == p.side && g.basic_inf_art);
                g.map(|g| s.groups[g]).unwrap_or(Cmd::Degraded)
            }
        }
    }

    /// The movement allowance of a unit this phase (4.2, 4.2.2, 7.4, 7.6.1).
    pub fn allowance(&self, s: &State, u: u16) -> u8 {
        let x = &s.units[usize::from(u)];
        let ma = self.ratings(s, u)[2];
        let degraded = self.command(s, u) != Cmd::Effective;
        if x.in_column {
            // 7.6.1: +4 when Effective; fixed allowances when Degraded.
            return if degraded {
                match self.pieces.units[usize::from(u)].arm {
                    Arm::Artillery => 4,
                    Arm::Infantry => 5,
                    Arm::Cavalry => 7,
                }
            } else {
                ma + 4
            };
        }
        let halve = degraded || x.ooc || x.morale == Morale::Disordered;
        if halve { ma.div_ceil(2) } else { ma }
    }

    /// The hex of a piece.
    pub fn piece_hex(&self, s: &State, p: Piece) -> Hex {
        match p {
            Piece::Unit(u) => s.units[usize::from(u)].hex,
            Piece::Leader(l) => s.leaders[usize::from(l)].hex,
        }
    }

    /// The side of a piece.
    pub fn piece_side(&self, p: Piece) -> Side {
        match p {
            Piece::Unit(u) => self.pieces.units[usize::from(u)].side,
            Piece::Leader(l) => self.pieces.leaders[usize::from(l)].side,
        }
    }

    /// The distance from a unit to its wing leader (4.2.2); `u32::MAX` without one.
    pub fn leader_distance(&self, s: &State, u: u16) -> u32 {
        let p = &self.pieces.units[usize::from(u)];
        let here = s.units[usize::from(u)].hex;
        match p
            .wing
            .and_then(|w| self.pieces.wings[usize::from(w)].leader)
        {
            Some(l) if s.leaders[usize::from(l)].present => {
                s.leaders[usize::from(l)].hex.distance(here)
            }
            _ => u32::MAX,
        }
    }

    /// Whether a special leader may affect a wing (4.2.1, 4.5): I/C restriction, and it leads
    /// the wing or is stacked with the wing's leader.
    pub fn special_may_affect(&self, s: &State, leader: u16, wing: u8) -> bool {
        let l = &self.pieces.leaders[usize::from(leader)];
        let w = &self.pieces.wings[usize::from(wing)];
        if l.side != w.side || !s.leaders[usize::from(leader)].present {
            return false;
        }
        let kind_ok = match l.special {
            Special::No => false,
            Special::Infantry => w.has_infantry,
            Special::Cavalry => !w.has_infantry,
            Special::Any => true,
        };
        let placed = l.leads == Some(wing)
            || w.leader.is_some_and(|wl| {
                let wl = &s.leaders[usize::from(wl)];
                wl.present && wl.hex == s.leaders[usize::from(leader)].hex
            });
        kind_ok && placed
    }

    /// Units of a side on the map that are not routed, inf/cav only.
    pub fn formed_cav_engaged_in(&self, s: &State, hexes: &[Hex]) -> bool {
        hexes.iter().any(|&h| {
            self.engaged_in(s, h).iter().any(|&u| {
                self.pieces.units[usize::from(u)].arm == Arm::Cavalry
                    && s.units[usize::from(u)].morale == Morale::Formed
            })
        })
    }
}

/// The stacking limit of a hex (5.1, or 5.2 when a counter there is In Column).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StackLimit {
    /// The rule that sets it.
    pub rule: &'static str,
    /// Most inf/cav steps (0 when none are there: then only artillery counts).
    pub inf: u8,
    /// Most artillery steps.
    pub art: u8,
}

impl StackLimit {
    /// The limit for a stack holding `inf` inf/cav steps, In Column or not.
    pub(crate) fn of(inf: u8, in_column: bool) -> StackLimit {
        match (inf, in_column) {
            // 5.1: artillery alone stacks up to 12 steps.
            (0, _) => StackLimit {
                rule: "5.1",
                inf: 0,
                art: 12,
            },
            // 5.2: In Column, 4 inf/cav steps.
            (_, true) => StackLimit {
                rule: "5.2",
                inf: 4,
                art: 8,
            },
            (_, false) => StackLimit {
                rule: "5.1",
                inf: 12,
                art: 8,
            },
        }
    }

    /// Whether `inf` inf/cav and `art` artillery steps fit.
    pub(crate) fn holds(self, inf: u8, art: u8) -> bool {
        inf <= self.inf && art <= self.art
    }
}

/// The limits of 5.1 and 5.2 on a stack's inf/cav steps, artillery steps and In Column flag.
fn load_ok((inf, art, ic): (u8, u8, bool)) -> bool {
    StackLimit::of(inf, ic).holds(inf, art)
}
