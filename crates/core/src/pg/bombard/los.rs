//! Line of sight in Prussia's Glory (rules 8.2, 8.2.1, 8.2.1.1, 8.2.1.2 and 8.2.2).
//!
//! LOS decides what artillery may bombard (8.1), when an army or a detachment is activated
//! by sight of the enemy (4.1.2, 4.1.3, 4.3) and so on. This module answers one question —
//! can a counter in one hex see another hex? — as a pure function of a map the rules describe
//! through [`LosMap`]. The geometry of the line comes from [`crate::hex::los`].
//!
//! # The reading implemented
//!
//! The line is traced from the centre of the source hex to the centre of the target hex.
//!
//! * **Adjacent hexes** (and a hex and itself) always see each other (8.2).
//! * **The path.** Every hex the line passes through is on the path. Where the line runs along
//!   a hexside ([`LosStep::Hexside`]) the tracing player picks either of its two hexes (8.2);
//!   a slope on that hexside is then never crossed, which is the "ignore a slope along that
//!   border" of 8.2. A line that only touches a corner of a hex ([`LosStep::Corner`]) does not
//!   pass through it: neither its contents nor its hexsides count. The path is thus a chain of
//!   adjacent hexes `h0 = source, h1, …, hn = target`, and the line crosses the `n` hexsides
//!   `h(i-1)|h(i)` — each flat, a climb or a descent as seen by the tracer.
//! * **Heights.** Slopes carry no elevation numbers, so heights are relative along the path:
//!   `e0 = 0`, and each crossing adds +1 (climb), -1 (descent) or 0.
//! * **Woods and towns** in an intervening hex block (8.2). Source and target never block.
//! * **Units** in an intervening hex block (8.2), except (8.2.2):
//!   1. a unit on *low ground*: some hex before it and some hex after it on the path stand
//!      higher, i.e. it lies between a descent and the climb back out (8.2.1.1);
//!   2. a stack in the hex next to the source when the first crossing descends from the
//!      source, or in the hex next to the target when the last crossing climbs to the target
//!      (the end on the high side of a slope sees over the stack just below it).
//! * **Slopes** (8.2.1, 8.2.1.1, 8.2.1.2). Low ground is ignored: each climb cancels the
//!   nearest uncancelled descent before it, like brackets. What remains must be one of:
//!   - nothing — level ground, or only low ground between (8.2.1.1, first case);
//!   - descents only, on crossings `1, 2, …, m`: the source is the highest point, it is
//!     adjacent to the highest slope and every further descent is on the next hexside (8.2.1,
//!     looking downhill; 8.2.1.1, long slope; 8.2.1.2);
//!   - climbs only, on crossings `n-m+1, …, n`: the same seen from the target (looking
//!     uphill).
//!
//!   Anything else blocks: climbs and descents both left over mean a crest between the two
//!   ends; a descent that does not follow the source's slope directly means the lower end is
//!   hidden behind the shoulder of the rise.
//!
//! LOS is clear if some choice of hexes at the hexside ties passes all of these, so it is
//! symmetric: `line_of_sight(m, a, b)` and `line_of_sight(m, b, a)` agree on clear/blocked.
//! Every reading chosen where the text is open is listed in `docs/coverage/pg.md`.
//!
//! # Method
//!
//! The path is folded hex by hex through a small state machine: the current height; whether
//! every crossing so far descended; the highest height since that opening run of descents
//! (the target must not end below it); the height a unit on the path is waiting to see
//! exceeded (low ground); and whether the line has already been hidden (it stood above the
//! source and then stopped climbing — nothing can clear it after that). At a hexside tie the
//! fold carries both choices; states with the same future merge, and of two states that
//! differ only in the last two numbers the smaller never does worse, so only it is kept. The
//! work is linear in the length of the line on a map whose slopes describe a real relief, and
//! stays polynomial on any map. A literal bracket-matching evaluation of the same rules over
//! every choice is checked against it in `tests/pg_los.rs`. Nothing is allocated once a
//! [`LosScratch`] has warmed up.

use alloc::vec::Vec;

use serde::Serialize;

use crate::hex::{Hex, LosStep, los};

/// What the pg LOS rules need to know about a map and the counters on it.
///
/// The rules module implements this over its map data and the current position.
pub trait LosMap {
    /// Whether `hex` holds terrain that blocks LOS: woods or a town (8.2).
    fn blocks_terrain(&self, hex: Hex) -> bool;
    /// Whether a unit of either side is in `hex` (8.2). Leaders are not units.
    fn occupied(&self, hex: Hex) -> bool;
    /// For adjacent `a` and `b`: if a slope runs along their common hexside, the hex on its
    /// high side (`a` or `b`); `None` if there is no slope. Any other answer is read as `None`.
    fn slope_high_side(&self, a: Hex, b: Hex) -> Option<Hex>;
}

/// What blocked a line of sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Blocker {
    /// Woods or a town in an intervening hex (8.2).
    Terrain,
    /// A unit in an intervening hex that no exception of 8.2.2 lets the line pass.
    Unit,
    /// The slopes crossed (8.2.1, 8.2.1.1, 8.2.1.2).
    Slope,
}

/// The answer of [`line_of_sight`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Los {
    /// The source sees the target.
    Clear,
    /// The source does not see the target. When the tracer had choices (hexside ties), this
    /// describes one of the choices that got furthest along the line before failing.
    Blocked {
        /// The hex that blocks: the woods, town or unit hex; for slopes, the hex on the high
        /// side that hides the lower end (the shoulder) or the crest between the ends.
        at: Hex,
        /// What blocks there.
        by: Blocker,
        /// The rule: `8.2` (woods, town), `8.2.2` (unit), `8.2.1` / `8.2.1.1` / `8.2.1.2`
        /// (one, two, more than two slopes crossed).
        rule: &'static str,
    },
}

impl Los {
    /// Whether the line of sight is clear.
    pub const fn is_clear(&self) -> bool {
        matches!(self, Los::Clear)
    }
}

/// Reusable buffers for [`line_of_sight_with`]: the traced steps and the fold's states.
#[derive(Clone, Debug, Default)]
pub struct LosScratch {
    steps: Vec<LosStep>,
    states: Vec<Walk>,
    next: Vec<Walk>,
}

impl LosScratch {
    /// Empty buffers; they grow on first use and are reused afterwards.
    pub const fn new() -> LosScratch {
        LosScratch {
            steps: Vec::new(),
            states: Vec::new(),
            next: Vec::new(),
        }
    }

    /// The steps of the last line traced (see [`los::trace`]); empty for adjacent hexes.
    pub fn steps(&self) -> &[LosStep] {
        &self.steps
    }
}

/// Whether a counter in `from` can see `to` under rules 8.2–8.2.2 (see the module docs).
///
/// ```
/// use grognard::hex::{Grid, Hex};
/// use grognard::pg::los::{line_of_sight, Blocker, Los, LosMap};
///
/// struct Woods(Hex);
/// impl LosMap for Woods {
///     fn blocks_terrain(&self, h: Hex) -> bool { h == self.0 }
///     fn occupied(&self, _: Hex) -> bool { false }
///     fn slope_high_side(&self, _: Hex, _: Hex) -> Option<Hex> { None }
/// }
/// let g = Grid::pg();
/// let h = |id| g.parse(id).unwrap();
/// let map = Woods(h("2106"));
/// assert_eq!(line_of_sight(&map, h("2105"), h("2106")), Los::Clear); // adjacent (8.2)
/// assert_eq!(
///     line_of_sight(&map, h("2105"), h("2107")),
///     Los::Blocked { at: h("2106"), by: Blocker::Terrain, rule: "8.2" }
/// );
/// // 2105-2207 runs along the 2106/2206 hexside: the tracer picks 2206 (8.2).
/// assert!(line_of_sight(&map, h("2105"), h("2207")).is_clear());
/// ```
pub fn line_of_sight<M: LosMap + ?Sized>(map: &M, from: Hex, to: Hex) -> Los {
    line_of_sight_with(map, from, to, &mut LosScratch::new())
}

/// [`line_of_sight`] with caller-supplied buffers, so that repeated calls allocate nothing.
pub fn line_of_sight_with<M: LosMap + ?Sized>(
    map: &M,
    from: Hex,
    to: Hex,
    scratch: &mut LosScratch,
) -> Los {
    let LosScratch {
        steps,
        states,
        next,
    } = scratch;
    los::trace_into(from, to, steps);
    // 8.2: adjacent hexes (nothing between) always see each other.
    if from.distance(to) <= 1 {
        return Los::Clear;
    }
    let n = 1 + steps
        .iter()
        .filter(|s| !matches!(s, LosStep::Corner(_)))
        .count();
    let mut fail = Failure::default();
    states.clear();
    states.push(Walk::start(from));
    let mut pos = 0;
    for step in steps.iter() {
        let (a, b) = match *step {
            LosStep::Hex(h) => (h, None),
            // 8.2: the tracing player chooses which hex of the hexside counts.
            LosStep::Hexside(x, y) => (x, Some(y)),
            // A corner graze does not pass through the hex (see the module docs).
            LosStep::Corner(_) => continue,
        };
        pos += 1;
        next.clear();
        for w in states.iter() {
            for h in core::iter::once(a).chain(b) {
                match w.enter(map, h, pos, n) {
                    Ok(mut w2) => {
                        w2.seq = next.len();
                        next.push(w2);
                    }
                    Err(blocked) => fail.record(pos, blocked),
                }
            }
        }
        if next.len() > 1 {
            merge(next);
        }
        core::mem::swap(states, next);
        if states.is_empty() {
            return fail.los();
        }
    }
    for w in states.iter() {
        match w.enter(map, to, n, n).and_then(|w| w.finish()) {
            Ok(()) => return Los::Clear,
            Err(blocked) => fail.record(n, blocked),
        }
    }
    fail.los()
}

/// One crossing as seen by the tracer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cross {
    Down,
    Flat,
    Up,
}

fn crossing<M: LosMap + ?Sized>(map: &M, from: Hex, to: Hex) -> Cross {
    match map.slope_high_side(from, to) {
        Some(h) if h == from => Cross::Down,
        Some(h) if h == to => Cross::Up,
        _ => Cross::Flat,
    }
}

/// A blocked line: where, by what, under which rule.
#[derive(Clone, Copy)]
struct Blocked {
    at: Hex,
    by: Blocker,
    rule: &'static str,
}

/// The failure reported when every choice fails: the one furthest along the line, the first
/// found among equals.
#[derive(Default)]
struct Failure(Option<(usize, Blocked)>);

impl Failure {
    fn record(&mut self, pos: usize, b: Blocked) {
        if self.0.is_none_or(|(p, _)| pos > p) {
            self.0 = Some((pos, b));
        }
    }

    fn los(&self) -> Los {
        match self.0 {
            Some((_, b)) => Los::Blocked {
                at: b.at,
                by: b.by,
                rule: b.rule,
            },
            // Unreachable: a fold that ends with no state recorded why. Answer blocked rather
            // than panic.
            None => Los::Blocked {
                at: Hex::default(),
                by: Blocker::Slope,
                rule: "8.2",
            },
        }
    }
}

/// The fold's state after the path hexes `h0..=hp` (heights relative to `e0 = 0`).
///
/// Two facts keep it small. Once the path has stood above the source, every later crossing
/// must climb (the target is then the highest point and the climbs must be successive), so a
/// path that stops climbing there is blocked whatever follows: it becomes `doomed` and
/// carries nothing else. So a live path higher than the source is climbing (`max = e`), and
/// otherwise `max = 0`.
#[derive(Clone, Copy, Debug)]
struct Walk {
    /// `hp`, the hex the next crossing starts from.
    last: Hex,
    /// `ep`; 0 when doomed.
    e: i32,
    /// Every crossing so far descended (the source's opening run of descents goes on).
    descending: bool,
    /// While no hex stands above the source: the highest height from the end of the opening
    /// run of descents on, `max(ed..=ep)` (crossings `1..=d` descend, `d+1` does not). The
    /// target must not end below it. 0 otherwise.
    tail_max: i32,
    /// A unit waits for a later hex higher than this (8.2.2, low ground).
    pending: Option<i32>,
    /// The slopes already block the line, whatever follows.
    doomed: bool,
    // Not part of the state's identity: where to point when blocked, and in what order the
    // state was found.
    /// Slopes crossed, counted up to 3 (for the rule number reported).
    slopes: u8,
    /// The last hex at height `tail_max`: the edge that hides lower ground from the source.
    shoulder: Hex,
    /// For a doomed path: the top of the rise that hides what lies beyond it.
    hidden_by: Hex,
    /// The unit hex waiting for `pending`.
    pending_at: Hex,
    /// Order found, so that merging keeps the first.
    seq: usize,
}

impl Walk {
    fn start(from: Hex) -> Walk {
        Walk {
            last: from,
            e: 0,
            descending: true,
            tail_max: 0,
            pending: None,
            doomed: false,
            slopes: 0,
            shoulder: from,
            hidden_by: from,
            pending_at: from,
            seq: 0,
        }
    }

    /// The fields that decide the state's future except `tail_max` and `pending`, in which a
    /// smaller value is never worse.
    fn group(&self) -> (bool, Hex, i32, bool) {
        (self.doomed, self.last, self.e, self.descending)
    }

    fn order(&self, o: &Walk) -> core::cmp::Ordering {
        (self.group(), self.tail_max, self.pending, self.seq).cmp(&(
            o.group(),
            o.tail_max,
            o.pending,
            o.seq,
        ))
    }

    /// Crosses into `h`, the path hex at position `pos` of `n` (`pos == n`: the target).
    fn enter<M: LosMap + ?Sized>(
        &self,
        map: &M,
        h: Hex,
        pos: usize,
        n: usize,
    ) -> Result<Walk, Blocked> {
        let mut w = *self;
        let cross = crossing(map, self.last, h);
        w.last = h;
        if cross != Cross::Flat {
            w.slopes = w.slopes.saturating_add(1).min(3);
        }
        if self.doomed {
            return Ok(w);
        }
        if self.e > 0 && cross != Cross::Up {
            // The path stood above the source and does not climb on: whatever follows, the
            // highest ground is not at the target, or the climbs to it are not successive.
            w.doomed = true;
            w.hidden_by = self.last;
            w.e = 0;
            w.descending = false;
            w.tail_max = 0;
            w.pending = None;
            return Ok(w);
        }
        // Highest height before this crossing: `e` while climbing above the source, else 0.
        let max = self.e.max(0);
        w.e += match cross {
            Cross::Down => -1,
            Cross::Flat => 0,
            Cross::Up => 1,
        };
        if w.e > 0 {
            // Climbing above the source: only the climb matters from here.
            w.descending = false;
            w.tail_max = 0;
        } else if self.descending && cross == Cross::Down {
            w.tail_max = w.e;
            w.shoulder = h;
        } else {
            w.descending = false;
            if w.e >= w.tail_max {
                w.tail_max = w.e;
                w.shoulder = h;
            }
        }
        // A waiting unit sees higher ground beyond it: it was on low ground.
        if w.pending.is_some_and(|t| w.e > t) {
            w.pending = None;
        }
        if pos >= n {
            return Ok(w);
        }
        // An intervening hex.
        if map.blocks_terrain(h) {
            return Err(Blocked {
                at: h,
                by: Blocker::Terrain,
                rule: "8.2",
            });
        }
        if map.occupied(h) {
            if pos == 1 && cross == Cross::Down {
                // 8.2.2: just below the source, which is on the high side of the slope.
            } else if pos + 1 == n || max > w.e {
                // 8.2.2: low ground if a later hex stands higher than this one too; next to
                // the target, a climb onto the target is enough (it then stands on the high
                // side). Decided when that hex comes.
                if w.pending.is_none_or(|t| w.e > t) {
                    w.pending = Some(w.e);
                    w.pending_at = h;
                }
            } else {
                return Err(Blocked {
                    at: h,
                    by: Blocker::Unit,
                    rule: "8.2.2",
                });
            }
        }
        Ok(w)
    }

    /// The checks at the target, once the whole path is known.
    fn finish(&self) -> Result<(), Blocked> {
        let slope = |at| Blocked {
            at,
            by: Blocker::Slope,
            rule: match self.slopes {
                0 | 1 => "8.2.1",
                2 => "8.2.1.1",
                _ => "8.2.1.2",
            },
        };
        if self.doomed {
            // Ground above the source that the target does not climb past directly.
            return Err(slope(self.hidden_by));
        }
        if self.pending.is_some() {
            return Err(Blocked {
                at: self.pending_at,
                by: Blocker::Unit,
                rule: "8.2.2",
            });
        }
        if self.e < 0 && self.tail_max > self.e {
            // The source is highest, but the descents to the target's level are not all on
            // successive hexsides from the source: the target is hidden behind the shoulder.
            return Err(slope(self.shoulder));
        }
        Ok(())
    }
}

/// Sorts the states and drops every state that another one with the same future dominates:
/// same [`Walk::group`], `tail_max` and `pending` no smaller (earlier-found states win ties).
fn merge(states: &mut Vec<Walk>) {
    states.sort_unstable_by(Walk::order);
    let mut group = None;
    let mut best: Option<i32> = None;
    states.retain(|w| {
        if group != Some(w.group()) {
            group = Some(w.group());
            best = w.pending;
            return true;
        }
        // Same group, `tail_max` no smaller than the states kept: keep only a smaller
        // `pending` (`None` is the smallest).
        if w.pending < best {
            best = w.pending;
            true
        } else {
            false
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn walk(e: i32, tail_max: i32, pending: Option<i32>, seq: usize) -> Walk {
        Walk {
            e,
            descending: false,
            tail_max,
            pending,
            seq,
            ..Walk::start(Hex::new(0, 0))
        }
    }

    fn keys(v: &[Walk]) -> Vec<(i32, i32, Option<i32>, usize)> {
        v.iter()
            .map(|w| (w.e, w.tail_max, w.pending, w.seq))
            .collect()
    }

    /// Merging keeps, per group, exactly the states no other state beats in both `tail_max`
    /// and `pending` (the Pareto front), the first found among equals.
    #[test]
    fn r8_2_merge_keeps_the_pareto_front() {
        let mut v = vec![
            walk(-4, -3, Some(-2), 0), // beaten by seq 2 (same tail, smaller pending)
            walk(-4, -4, Some(-3), 1), // front: smallest tail
            walk(-4, -3, None, 2),     // front: larger tail, no unit waiting
            walk(-4, -3, None, 3),     // duplicate of seq 2, found later
            walk(-4, -5, Some(-1), 4), // front: smallest tail of all
            walk(-4, -2, Some(-4), 5), // beaten by seq 2
            walk(-3, -2, Some(-2), 6), // another group (height -3)
        ];
        merge(&mut v);
        assert_eq!(
            keys(&v),
            [
                (-4, -5, Some(-1), 4),
                (-4, -4, Some(-3), 1),
                (-4, -3, None, 2),
                (-3, -2, Some(-2), 6),
            ]
        );
    }
}
