//! Reachability: every hex a unit can end its move in, with the least cost and one path.
//!
//! A Dijkstra search over hexes, driven by a [`MoveCosts`] implementation that the rule system
//! supplies for the moving unit. The hooks cover what the four systems need:
//!
//! | hook | example |
//! |---|---|
//! | [`MoveCosts::enter_cost`] (`None` = prohibited) | terrain plus hexside cost, pg 7.3 "counters always pay all applicable hex side costs"; prohibited terrain (pg 7.3, Fontenoy 9.2m river) |
//! | [`MoveCosts::exit_cost`] (`None` = may not leave) | leaving an enemy ZOC: +1 MP (pg 7.5.1), +½ MP (hov ¶124) |
//! | [`MoveCosts::stops_on_entry`] | entering an enemy ZOC ends the move (pg 7.5.1; not in hov, ¶123) |
//! | [`MoveCosts::may_end_in`] | hexes that may be crossed but not ended in (over-stacking, Fontenoy 9.2d keep) |
//! | [`ReachOptions::one_hex_minimum`] | pg 7.3: a unit that has not moved may always move one hex |
//!
//! Costs are `u32` in whatever unit the caller likes: systems with half or third movement
//! points pass costs multiplied by 2 or 6 and an allowance multiplied the same way.
//!
//! # Why a trait
//!
//! The hooks all read the same state (the unit, the map, where the enemy is), so one object
//! implementing a trait holds it once, where a struct of closures would capture it four times.
//! Default methods let a caller implement only `bounds` and `enter_cost`. Calls are statically
//! dispatched and inlined; `&dyn MoveCosts` works as well.
//!
//! # Determinism
//!
//! The search pops the frontier in order of (cost, hex), hexes ordered as [`Hex`] is (by `q`,
//! then `r`), and relaxes a hex's neighbours in [`Direction`] order 0..=5. A hex's recorded
//! path changes only when a strictly cheaper one is found, so among equal-cost paths the one
//! found first wins: through the predecessor popped first (lower cost, then lower hex), and
//! from one predecessor in the first direction. Results are listed by (cost, hex). The same
//! inputs always give the same costs, paths and order.
//!
//! # Cost
//!
//! Storage is dense over the caller's [`Bounds`] (four `u32` and three bytes per cell), cut
//! down to the box the allowance can span when [`MoveCosts::min_step_cost`] gives a lower bound
//! on a step, allocated once per [`Reach`] value and reused by later searches (a generation
//! stamp avoids clearing it). Time is `O(V log V)` for the `V` hexes settled, with six
//! `enter_cost` calls each; `stops_on_entry` and `may_end_in` are asked once per hex.

use alloc::collections::BinaryHeap;
use alloc::vec::Vec;
use core::cmp::Reverse;
use core::fmt;

use serde::{Deserialize, Serialize};

use super::coord::{Direction, Hex};
use super::grid::Bounds;

/// The movement rules of one unit's move, as the search sees them.
pub trait MoveCosts {
    /// A box enclosing every hex the move may use (for example [`Grid::bounds`]); nothing
    /// outside it is ever entered. Its area sizes the search's storage.
    ///
    /// [`Grid::bounds`]: super::Grid::bounds
    fn bounds(&self) -> Bounds;

    /// Whether `hex` is on the map (default: inside [`MoveCosts::bounds`]).
    fn contains(&self, hex: Hex) -> bool {
        self.bounds().contains(hex)
    }

    /// The cost to enter `to` from the adjacent hex `from`, hex and hexside costs together;
    /// `None` if the move is prohibited (prohibited terrain or hexside, an enemy unit).
    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32>;

    /// The extra cost of leaving `hex` (for example leaving an enemy zone of control), paid on
    /// every step out of it, including from the start; `None` if the unit may not leave it.
    fn exit_cost(&self, _hex: Hex) -> Option<u32> {
        Some(0)
    }

    /// Whether entering `hex` ends the move (for example an enemy zone of control). The hex is
    /// reachable but the search goes no further from it. Not asked of the start hex.
    fn stops_on_entry(&self, _hex: Hex) -> bool {
        false
    }

    /// A lower bound on the cost of any one step (entering a hex plus leaving the one before).
    /// When it is above 0 the search stays within `allowance / min + 1` hexes of the start and
    /// sizes its storage to that box instead of the whole of [`MoveCosts::bounds`]; a wrong
    /// (too high) bound would lose hexes, so the default, 0, claims nothing.
    fn min_step_cost(&self) -> u32 {
        0
    }

    /// Whether the move may end in `hex`. A hex where it may not is still passed through, but
    /// is not listed among the results (a hex that both stops the move and may not be ended in
    /// cannot be entered at all). Not asked of the start hex, which is always listed.
    fn may_end_in(&self, _hex: Hex) -> bool {
        true
    }
}

impl<T: MoveCosts + ?Sized> MoveCosts for &T {
    fn bounds(&self) -> Bounds {
        (**self).bounds()
    }
    fn contains(&self, hex: Hex) -> bool {
        (**self).contains(hex)
    }
    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        (**self).enter_cost(from, to)
    }
    fn exit_cost(&self, hex: Hex) -> Option<u32> {
        (**self).exit_cost(hex)
    }
    fn stops_on_entry(&self, hex: Hex) -> bool {
        (**self).stops_on_entry(hex)
    }
    fn may_end_in(&self, hex: Hex) -> bool {
        (**self).may_end_in(hex)
    }
    fn min_step_cost(&self) -> u32 {
        (**self).min_step_cost()
    }
}

/// The movement allowance and options of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReachOptions {
    /// The most the move may cost, in the caller's units.
    pub allowance: u32,
    /// pg 7.3: the unit may always move one hex, whatever it costs, unless prohibited. Set it
    /// only for a unit that has not yet moved; such a step is listed with its full cost, which
    /// exceeds the allowance, and the move ends there.
    #[serde(default)]
    pub one_hex_minimum: bool,
}

impl ReachOptions {
    /// An allowance, with no one-hex minimum.
    pub const fn new(allowance: u32) -> ReachOptions {
        ReachOptions {
            allowance,
            one_hex_minimum: false,
        }
    }
}

/// Why a search could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReachError {
    /// The start hex is outside the bounds or not on the map.
    StartOffMap(Hex),
    /// The bounds hold more than [`MAX_CELLS`] hexes.
    BoundsTooLarge(u64),
}

impl fmt::Display for ReachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReachError::StartOffMap(h) => write!(f, "start hex {h:?} is not on the map"),
            ReachError::BoundsTooLarge(n) => {
                write!(f, "search bounds hold {n} hexes; the limit is {MAX_CELLS}")
            }
        }
    }
}

impl core::error::Error for ReachError {}

/// The largest search area, in hexes (a 4096 x 4096 box).
pub const MAX_CELLS: u64 = 1 << 24;

const NO_DIR: u8 = u8::MAX;
const SETTLED: u8 = 1;
const CAN_END: u8 = 2;

/// The result of a search, and reusable storage for the next one.
///
/// ```
/// use grognard::hex::reach::{MoveCosts, Reach, ReachOptions};
/// use grognard::hex::{Bounds, Hex};
///
/// struct Clear;
/// impl MoveCosts for Clear {
///     fn bounds(&self) -> Bounds {
///         Bounds::around(Hex::new(0, 0), 5)
///     }
///     fn enter_cost(&self, _: Hex, _: Hex) -> Option<u32> {
///         Some(1)
///     }
/// }
/// let r = Reach::search(&Clear, Hex::new(0, 0), ReachOptions::new(2)).unwrap();
/// assert_eq!(r.cost(Hex::new(2, -1)), Some(2));
/// assert_eq!(r.ends().count(), 19); // the hexes within 2
/// ```
#[derive(Clone, Debug, Default)]
pub struct Reach {
    bounds: Option<Bounds>,
    height: u32,
    start: Hex,
    allowance: u32,
    generation: u32,
    stamp: Vec<u32>,
    cost: Vec<u32>,
    came_from: Vec<u8>,
    flags: Vec<u8>,
    settled: Vec<u32>,
    heap: BinaryHeap<Reverse<u64>>,
    // The answers of `stops_on_entry` and `may_end_in` for a hex, asked once a search (a hex
    // is the far end of up to six edges): valid where `memo_stamp` is this generation.
    memo_stamp: Vec<u32>,
    memo: Vec<u8>,
    // The position of each settled cell in `settled` (valid for settled cells only), for
    // building paths from predecessors' paths.
    rank: Vec<u32>,
    // The start hexes after the first of a search from several ([`Reach::run_from`]).
    extra_starts: Vec<Hex>,
}

const STOP_KNOWN: u8 = 1;
const STOP: u8 = 2;
const END_KNOWN: u8 = 4;
const END: u8 = 8;

impl Reach {
    /// Empty storage; call [`Reach::run`].
    pub fn new() -> Reach {
        Reach::default()
    }

    /// Runs one search into new storage.
    pub fn search<C: MoveCosts + ?Sized>(
        costs: &C,
        start: Hex,
        options: ReachOptions,
    ) -> Result<Reach, ReachError> {
        let mut r = Reach::new();
        r.run(costs, start, options)?;
        Ok(r)
    }

    /// Runs a search, reusing this value's storage. On error the previous result is cleared.
    pub fn run<C: MoveCosts + ?Sized>(
        &mut self,
        costs: &C,
        start: Hex,
        options: ReachOptions,
    ) -> Result<(), ReachError> {
        self.run_from(costs, core::slice::from_ref(&start), options)
    }

    /// Runs one search from several start hexes at once, reusing this value's storage: every
    /// start costs 0, and each hex gets the least cost from any of them, so the hexes reached
    /// are the union of what a search from each start would reach (with the same hooks and no
    /// one-hex minimum) at a fraction of the cost where their areas overlap. Each start is
    /// treated as [`Reach::run`] treats its start (always listed, expanded even when the hooks
    /// would stop a move there); [`Reach::start`] is the first, and paths lead back to
    /// whichever start is nearest. No starts: an empty result. On error (a start off the map)
    /// the previous result is cleared.
    pub fn run_from<C: MoveCosts + ?Sized>(
        &mut self,
        costs: &C,
        starts: &[Hex],
        options: ReachOptions,
    ) -> Result<(), ReachError> {
        self.settled.clear();
        self.heap.clear();
        self.bounds = None;
        self.extra_starts.clear();
        let Some((&start, rest)) = starts.split_first() else {
            return Ok(());
        };
        let full = costs.bounds();
        // No move goes further than allowance / min_step hexes, plus the one-hex minimum.
        let radius = options
            .allowance
            .checked_div(costs.min_step_cost())
            .map(|hexes| u16::try_from(hexes.saturating_add(1)).unwrap_or(u16::MAX));
        let around = |h: Hex| {
            radius
                .and_then(|r| Bounds::around(h, r).intersect(&full))
                .unwrap_or(full)
        };
        let mut bounds = around(start);
        for &h in rest {
            let b = around(h);
            bounds = Bounds {
                min: Hex::new(bounds.min.q.min(b.min.q), bounds.min.r.min(b.min.r)),
                max: Hex::new(bounds.max.q.max(b.max.q), bounds.max.r.max(b.max.r)),
            };
        }
        let area = u64::from(bounds.width()) * u64::from(bounds.height());
        if area > MAX_CELLS {
            return Err(ReachError::BoundsTooLarge(area));
        }
        for &h in starts {
            if !bounds.contains(h) || !costs.contains(h) {
                return Err(ReachError::StartOffMap(h));
            }
        }
        let area = area as usize;
        if self.stamp.len() < area {
            self.stamp.resize(area, 0);
            self.cost.resize(area, 0);
            self.came_from.resize(area, NO_DIR);
            self.flags.resize(area, 0);
            self.memo_stamp.resize(area, 0);
            self.memo.resize(area, 0);
            self.rank.resize(area, 0);
        }
        self.generation = match self.generation.checked_add(1) {
            Some(g) => g,
            None => {
                self.stamp.fill(0);
                self.memo_stamp.fill(0);
                1
            }
        };
        self.bounds = Some(bounds);
        self.height = bounds.height();
        self.start = start;
        self.allowance = options.allowance;

        for &h in starts {
            let Some(s) = self.index(h) else {
                return Err(ReachError::StartOffMap(h));
            };
            if self.stamp[s] != self.generation {
                self.touch(s, 0, NO_DIR);
                self.heap.push(Reverse(key(0, s)));
            }
        }
        self.extra_starts.extend_from_slice(rest);
        while let Some(Reverse(k)) = self.heap.pop() {
            let (cost, i) = ((k >> 32) as u32, k as u32 as usize);
            if self.flags[i] & SETTLED != 0 || cost > self.cost[i] {
                continue;
            }
            let hex = self.hex_at(i);
            let is_start = self.is_start(hex);
            let mut f = SETTLED;
            if is_start || self.may_end(costs, i, hex) {
                f |= CAN_END;
            }
            self.flags[i] = f;
            self.settled.push(i as u32);
            let expand = is_start || (cost <= options.allowance && !self.stops(costs, i, hex));
            if !expand {
                continue;
            }
            let Some(exit) = costs.exit_cost(hex) else {
                continue;
            };
            for d in Direction::ALL {
                let to = hex.neighbor(d);
                let Some(j) = self.index(to) else { continue };
                if self.flags_now(j) & SETTLED != 0 || !costs.contains(to) {
                    continue;
                }
                let Some(enter) = costs.enter_cost(hex, to) else {
                    continue;
                };
                let new = cost.saturating_add(exit).saturating_add(enter);
                if new > options.allowance && !(options.one_hex_minimum && is_start) {
                    continue;
                }
                let ends_here = new > options.allowance || self.stops(costs, j, to);
                if ends_here && !self.may_end(costs, j, to) {
                    continue;
                }
                if self.stamp[j] != self.generation || new < self.cost[j] {
                    self.touch(j, new, d.index());
                    self.heap.push(Reverse(key(new, j)));
                }
            }
        }
        // Settling order is (cost, hex) except after zero-cost steps; list results in exactly
        // that order.
        let cost = &self.cost;
        self.settled
            .sort_unstable_by_key(|&i| key(cost[i as usize], i as usize));
        for (k, &i) in self.settled.iter().enumerate() {
            self.rank[i as usize] = k as u32;
        }
        Ok(())
    }

    /// Whether `hex` is one of the search's start hexes.
    #[inline]
    fn is_start(&self, hex: Hex) -> bool {
        hex == self.start || (!self.extra_starts.is_empty() && self.extra_starts.contains(&hex))
    }

    fn memo_bits(&mut self, i: usize) -> u8 {
        if self.memo_stamp[i] != self.generation {
            self.memo_stamp[i] = self.generation;
            self.memo[i] = 0;
        }
        self.memo[i]
    }

    /// The answer of `ask` for cell `i`, asked at most once a search: `known` marks that it
    /// was asked, `yes` that the answer was true.
    fn asked_once(&mut self, i: usize, known: u8, yes: u8, ask: impl FnOnce() -> bool) -> bool {
        let bits = self.memo_bits(i);
        if bits & known != 0 {
            return bits & yes != 0;
        }
        let answer = ask();
        self.memo[i] |= known | if answer { yes } else { 0 };
        answer
    }

    fn stops<C: MoveCosts + ?Sized>(&mut self, costs: &C, i: usize, hex: Hex) -> bool {
        self.asked_once(i, STOP_KNOWN, STOP, || costs.stops_on_entry(hex))
    }

    fn may_end<C: MoveCosts + ?Sized>(&mut self, costs: &C, i: usize, hex: Hex) -> bool {
        self.asked_once(i, END_KNOWN, END, || costs.may_end_in(hex))
    }

    fn touch(&mut self, i: usize, cost: u32, dir: u8) {
        self.stamp[i] = self.generation;
        self.cost[i] = cost;
        self.came_from[i] = dir;
        self.flags[i] = 0;
    }

    fn flags_now(&self, i: usize) -> u8 {
        if self.stamp[i] == self.generation {
            self.flags[i]
        } else {
            0
        }
    }

    /// Dense index, ordered like `Hex` (by q, then r).
    fn index(&self, hex: Hex) -> Option<usize> {
        let b = self.bounds?;
        if !b.contains(hex) {
            return None;
        }
        let dq = (i32::from(hex.q) - i32::from(b.min.q)) as usize;
        let dr = (i32::from(hex.r) - i32::from(b.min.r)) as usize;
        Some(dq * self.height as usize + dr)
    }

    fn hex_at(&self, i: usize) -> Hex {
        let b = self.bounds.unwrap_or(Bounds {
            min: Hex::new(0, 0),
            max: Hex::new(0, 0),
        });
        let h = self.height.max(1) as usize;
        Hex::new(
            (i32::from(b.min.q) + (i / h) as i32) as i16,
            (i32::from(b.min.r) + (i % h) as i32) as i16,
        )
    }

    fn settled_end(&self, hex: Hex) -> Option<usize> {
        let i = self.index(hex)?;
        (self.flags_now(i) & (SETTLED | CAN_END) == SETTLED | CAN_END).then_some(i)
    }

    /// The hex the search started from.
    pub fn start(&self) -> Hex {
        self.start
    }

    /// The allowance of the search.
    pub fn allowance(&self) -> u32 {
        self.allowance
    }

    /// The least cost of a move ending in `hex`, or `None` if it cannot end there. A cost above
    /// the allowance means the one-hex minimum was used.
    pub fn cost(&self, hex: Hex) -> Option<u32> {
        self.settled_end(hex).map(|i| self.cost[i])
    }

    /// Whether a move may end in `hex`.
    pub fn contains(&self, hex: Hex) -> bool {
        self.settled_end(hex).is_some()
    }

    /// Every hex the move may end in, with its least cost, cheapest first (ties in [`Hex`]
    /// order). The start hex comes first, at cost 0.
    pub fn ends(&self) -> impl Iterator<Item = (Hex, u32)> + '_ {
        self.settled.iter().filter_map(move |&i| {
            let i = i as usize;
            (self.flags[i] & CAN_END != 0).then(|| (self.hex_at(i), self.cost[i]))
        })
    }

    /// Every hex the search reached, including those that may only be passed through, with its
    /// least cost and whether the move may end there; cheapest first.
    pub fn reached(&self) -> impl Iterator<Item = (Hex, u32, bool)> + '_ {
        self.settled.iter().map(move |&i| {
            let i = i as usize;
            (self.hex_at(i), self.cost[i], self.flags[i] & CAN_END != 0)
        })
    }

    /// Calls `f` with every hex the move may end in, its least cost and its path (start hex
    /// first), in the order of [`Reach::ends`]. The paths are built in one pass, each from its
    /// predecessor's, into one buffer: cheaper than a [`Reach::path`] per hex.
    pub fn for_each_end_path(&self, mut f: impl FnMut(Hex, u32, &[Hex])) {
        // Position of each settled cell's path in `arena`, by settled rank.
        let mut spans: Vec<(u32, u32)> = Vec::with_capacity(self.settled.len());
        let mut arena: Vec<Hex> = Vec::with_capacity(self.settled.len() * 4);
        let mut scratch = Vec::new();
        for (k, &i) in self.settled.iter().enumerate() {
            let i = i as usize;
            let hex = self.hex_at(i);
            let parent = Direction::new(self.came_from[i])
                .and_then(|d| self.index(hex.neighbor(d.opposite())))
                .map(|j| self.rank[j]);
            let begin = arena.len() as u32;
            match parent {
                None => arena.push(hex),
                Some(r) if (r as usize) < spans.len() => {
                    let (b, e) = spans[r as usize];
                    arena.extend_from_within(b as usize..e as usize);
                    arena.push(hex);
                }
                // A predecessor settled later (after a zero-cost step): walk back instead.
                Some(_) => {
                    self.walk_back(hex, &mut scratch);
                    arena.extend_from_slice(&scratch);
                }
            }
            spans.push((begin, arena.len() as u32));
            if self.flags[i] & CAN_END != 0 {
                let (b, e) = spans[k];
                f(hex, self.cost[i], &arena[b as usize..e as usize]);
            }
        }
    }

    /// The chain of predecessors from the start to `hex`, however it was settled.
    fn walk_back(&self, hex: Hex, out: &mut Vec<Hex>) {
        out.clear();
        let mut h = hex;
        out.push(h);
        while out.len() <= self.settled.len() {
            let Some(d) = self
                .index(h)
                .and_then(|i| Direction::new(self.came_from[i]))
            else {
                break;
            };
            h = h.neighbor(d.opposite());
            out.push(h);
        }
        out.reverse();
    }

    /// The path of a least-cost move ending in `hex`, from the start to `hex` inclusive.
    pub fn path(&self, hex: Hex) -> Option<Vec<Hex>> {
        let mut v = Vec::new();
        self.path_into(hex, &mut v).then_some(v)
    }

    /// [`Reach::path`] into a caller's buffer (cleared first); `false` if the move cannot end
    /// in `hex`.
    pub fn path_into(&self, hex: Hex, out: &mut Vec<Hex>) -> bool {
        out.clear();
        if self.settled_end(hex).is_none() {
            return false;
        }
        self.walk_back(hex, out);
        if out.first().is_some_and(|&h| self.is_start(h)) {
            true
        } else {
            out.clear();
            false
        }
    }
}

fn key(cost: u32, index: usize) -> u64 {
    (u64::from(cost) << 32) | index as u64
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::{MoveCosts, Reach, ReachOptions};
    use crate::hex::{Bounds, Hex};

    /// A 21 x 21 box of varied costs (1 to 3) with walls that may not be entered.
    struct Rough;

    impl MoveCosts for Rough {
        fn bounds(&self) -> Bounds {
            Bounds::around(Hex::new(0, 0), 10)
        }
        fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
            let v = (i32::from(to.q) * 7 + i32::from(to.r) * 13 + i32::from(from.q)).rem_euclid(9);
            (v != 0).then_some(1 + (v % 3) as u32)
        }
        fn min_step_cost(&self) -> u32 {
            1
        }
    }

    #[test]
    fn run_from_reaches_the_union_of_the_single_searches() {
        let starts = [
            Hex::new(-6, 2),
            Hex::new(3, 3),
            Hex::new(4, -7),
            Hex::new(3, 3),
        ];
        let opts = ReachOptions::new(5);
        let mut multi = Reach::new();
        multi.run_from(&Rough, &starts, opts).unwrap();
        let mut want: Vec<(Hex, u32)> = Vec::new();
        for &st in &starts {
            let r = Reach::search(&Rough, st, opts).unwrap();
            for (h, c) in r.ends() {
                match want.iter_mut().find(|x| x.0 == h) {
                    Some(x) => x.1 = x.1.min(c),
                    None => want.push((h, c)),
                }
            }
        }
        let mut got: Vec<(Hex, u32)> = multi.ends().collect();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want);
        // Every path leads back to one of the starts, at the hex's least cost.
        for (h, _) in &got {
            let p = multi.path(*h).unwrap();
            assert!(starts.contains(&p[0]), "{h:?} {p:?}");
            assert_eq!(p.last(), Some(h));
        }
        // No starts: nothing; one start: as `run`.
        multi.run_from(&Rough, &[], opts).unwrap();
        assert_eq!(multi.ends().count(), 0);
        let one = Reach::search(&Rough, starts[1], opts).unwrap();
        multi.run_from(&Rough, &starts[1..2], opts).unwrap();
        assert!(one.ends().eq(multi.ends()));
    }
}
