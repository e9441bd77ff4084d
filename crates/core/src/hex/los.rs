//! Line of sight geometry: which hexes a straight line between two hex centres passes
//! through, computed exactly with integers.
//!
//! The tactical systems trace LOS from the centre of one hex to the centre of another (pg 8.2,
//! NBS 19.1; Fontenoy SR 12.6 traces from the firing unit to the target hex) and ask what lies
//! under the line; hov has no LOS rules. This module answers the geometric half; the rules
//! decide what blocks.
//!
//! # Method
//!
//! In cube coordinates the cell of a hex `c` is `{p : |(p-c)_q - (p-c)_r| <= 1,
//! |(p-c)_r - (p-c)_s| <= 1, |(p-c)_s - (p-c)_q| <= 1}` (the three pairs of parallel sides).
//! Along the line `p(t) = A + t·D`, each of those differences is linear in `t`, so the
//! interval of `t` spent in any cell is an intersection of three intervals with rational
//! end points `(m ± 1) / k`, where `k` is the difference of two components of `D` and `m` the
//! same difference for `c - A`. [`trace`] walks from cell to cell comparing these fractions by
//! cross-multiplication in `i64`; [`contact`] evaluates one cell directly. Nothing is rounded
//! and no floating point is used.
//!
//! The result is the exact geometric answer, which differs from the common "sample `N + 1`
//! points and round" method: a long shallow line can clip the corner of a hex between two
//! samples (first at distance 7), and a line can pass exactly through a corner where three
//! hexes meet (first at distance 5; the pg 8.2.2 Leuthen line 3617→3512 is one). Both are
//! reported (see [`LosStep`]).
//!
//! # Three kinds of contact
//!
//! * [`LosStep::Hex`]: the line passes through the inside of the hex.
//! * [`LosStep::Hexside`]: the line runs exactly along the side between two hexes. This
//!   happens precisely when the two end hexes lie on one of the six "hexside spines" (two cube
//!   components of the offset are equal, so the distance is even); the line then alternates
//!   between hexsides and the centres of the hexes on the spine. pg 8.2 lets the tracing player
//!   choose which of the two hexes to use; NBS 19.3c counts a town or walled farm if the line
//!   crosses any part of it, hexsides included.
//! * [`LosStep::Corner`]: the line passes exactly through a corner of the hex without entering
//!   it. The corner is shared with the hexes of the steps just before and after. Most rules
//!   ignore such a graze; Fontenoy 9.3 (the vertex rule) cares about the hexsides meeting there
//!   ([`super::Hexside::at_corner`]).
//!
//! The end hexes are never listed, and adjacent hexes have nothing between them. The geometry
//! is symmetric: `trace(b, a)` is `trace(a, b)` reversed, and a hexside's two hexes are always
//! given lower [`Hex`] first.

use alloc::vec::Vec;
use core::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::coord::Hex;
use super::side::Hexside;

/// One step of a line of sight, in order from the origin to the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum LosStep {
    /// The line passes through the inside of this hex.
    Hex(Hex),
    /// The line runs exactly along the side between these two hexes (lower [`Hex`] first);
    /// either may be the hex that counts (pg 8.2: the tracing player chooses).
    Hexside(Hex, Hex),
    /// The line passes exactly through a corner of this hex without entering it.
    Corner(Hex),
}

impl LosStep {
    /// The hexes of this step: one, or both hexes of a hexside.
    pub fn hexes(self) -> impl Iterator<Item = Hex> {
        let (a, b) = match self {
            LosStep::Hex(h) | LosStep::Corner(h) => (h, None),
            LosStep::Hexside(a, b) => (a, Some(b)),
        };
        core::iter::once(a).chain(b)
    }

    /// The hexside, for a [`LosStep::Hexside`] step.
    pub fn hexside(self) -> Option<Hexside> {
        match self {
            LosStep::Hexside(a, b) => Hexside::between(a, b),
            _ => None,
        }
    }
}

/// How a line of sight meets one hex (see [`contact`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Contact {
    /// The line passes through the inside of the hex.
    Through,
    /// The line runs along one of the hex's sides; `other` is the hex across that side.
    Hexside {
        /// The hex on the other side of the shared hexside.
        other: Hex,
    },
    /// The line only touches one corner of the hex.
    Corner,
}

/// Every step of the line from the centre of `from` to the centre of `to`, excluding both.
///
/// ```
/// use grognard::hex::{los, Grid, LosStep};
/// let g = Grid::pg();
/// let h = |id| g.parse(id).unwrap();
/// // pg 8.2.1.1: Zorndorf 2105 to 2207 runs along the 2106/2206 hexside.
/// assert_eq!(los::trace(h("2105"), h("2207")), [LosStep::Hexside(h("2106"), h("2206"))]);
/// ```
pub fn trace(from: Hex, to: Hex) -> Vec<LosStep> {
    let mut out = Vec::new();
    trace_into(from, to, &mut out);
    out
}

/// [`trace`] into a caller's buffer (cleared first), to reuse its allocation.
pub fn trace_into(from: Hex, to: Hex, out: &mut Vec<LosStep>) {
    out.clear();
    let a = cube(from);
    let d = sub(cube(to), a);
    let n = norm(d);
    if n <= 1 {
        return;
    }
    let k = diffs(d);
    if let Some(j) = k.iter().position(|&x| x == 0) {
        spine(from, d, j, n, out);
    } else {
        walk(a, cube(to), k, n, out);
    }
}

/// The hexes the line passes through or runs along (both hexes of a hexside), in order and
/// excluding the ends; corner grazes are left out.
pub fn crossed(from: Hex, to: Hex) -> Vec<Hex> {
    let mut out = Vec::new();
    for step in trace(from, to) {
        if !matches!(step, LosStep::Corner(_)) {
            out.extend(step.hexes());
        }
    }
    out
}

/// How the line from `from` to `to` meets `hex`, or `None` if it does not (the end hexes
/// themselves give `None`). Constant time: no tracing.
pub fn contact(from: Hex, to: Hex, hex: Hex) -> Option<Contact> {
    if hex == from || hex == to {
        return None;
    }
    let a = cube(from);
    let d = sub(cube(to), a);
    if norm(d) <= 1 {
        return None;
    }
    let k = diffs(d);
    let m = diffs(sub(cube(hex), a));
    let mut lo = Frac::ZERO;
    let mut hi = Frac::ONE;
    let mut boundary = None;
    for j in 0..3 {
        if k[j] == 0 {
            match m[j].abs() {
                0 => {}
                1 => boundary = Some(j),
                _ => return None,
            }
        } else {
            let s = k[j].signum();
            let ak = k[j].abs();
            lo = lo.max(Frac::new(s * m[j] - 1, ak));
            hi = hi.min(Frac::new(s * m[j] + 1, ak));
        }
    }
    match lo.cmp(&hi) {
        Ordering::Greater => None,
        Ordering::Equal => Some(Contact::Corner),
        Ordering::Less => Some(match boundary {
            // On the side where difference j is -1 the neighbour is one step "+" in family j,
            // and vice versa.
            Some(j) => Contact::Hexside {
                other: to_hex(add(cube(hex), step(j, -m[j]))),
            },
            None => Contact::Through,
        }),
    }
}

/// Whether `hex` is an intervening hex of the line: it passes through it, or runs along one of
/// its sides (so it is a candidate of a hexside choice). Corner grazes and the ends are not.
pub fn is_intervening(from: Hex, to: Hex, hex: Hex) -> bool {
    matches!(
        contact(from, to, hex),
        Some(Contact::Through | Contact::Hexside { .. })
    )
}

// ---- cube arithmetic -------------------------------------------------------------------

type Cube = [i64; 3];

fn cube(h: Hex) -> Cube {
    let (q, r) = (i64::from(h.q), i64::from(h.r));
    [q, r, -q - r]
}

fn to_hex(c: Cube) -> Hex {
    // Intervening hexes lie within one hex of the segment; wrap like `Hex::neighbor` at the
    // far edge of the i16 range.
    Hex::new(c[0] as i16, c[1] as i16)
}

fn add(a: Cube, b: Cube) -> Cube {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: Cube, b: Cube) -> Cube {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn norm(c: Cube) -> i64 {
    c[0].abs().max(c[1].abs()).max(c[2].abs())
}

/// The three side-family differences `(q - r, r - s, s - q)`.
fn diffs(c: Cube) -> [i64; 3] {
    [c[0] - c[1], c[1] - c[2], c[2] - c[0]]
}

/// The neighbour step that raises difference `j` by 2 (`sign` > 0) or lowers it by 2.
fn step(j: usize, sign: i64) -> Cube {
    let s = sign.signum();
    match j {
        0 => [s, -s, 0],
        1 => [0, s, -s],
        _ => [-s, 0, s],
    }
}

/// A non-negative fraction with positive denominator, compared exactly.
#[derive(Clone, Copy, Debug)]
struct Frac {
    num: i64,
    den: i64,
}

impl Frac {
    const ZERO: Frac = Frac { num: 0, den: 1 };
    const ONE: Frac = Frac { num: 1, den: 1 };
    fn new(num: i64, den: i64) -> Frac {
        Frac { num, den }
    }
}

impl PartialEq for Frac {
    fn eq(&self, o: &Frac) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Frac {}
impl PartialOrd for Frac {
    fn partial_cmp(&self, o: &Frac) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Frac {
    fn cmp(&self, o: &Frac) -> Ordering {
        // For i16 coordinates numerators and denominators stay below 2^19: no overflow.
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}

// ---- the two cases ---------------------------------------------------------------------

/// A line along a hexside spine: difference `j` of the offset is 0, the distance `n` is even,
/// and the line alternates hexside, spine hex, hexside, ..., hexside.
fn spine(from: Hex, d: Cube, j: usize, n: i64, out: &mut Vec<LosStep>) {
    let k = n / 2;
    let u = [d[0] / k, d[1] / k, d[2] / k];
    // Components i1 and i2 of `u` are equal (to e = +-1) and component o is -2e. The hexes
    // either side of each hexside run are the unit steps (e at i1, -e at o) and (e at i2,
    // -e at o) from the spine hex before it.
    let (i1, i2, o) = match j {
        0 => (0, 1, 2),
        1 => (1, 2, 0),
        _ => (2, 0, 1),
    };
    let e = u[i1];
    let mut p = [0; 3];
    p[i1] = e;
    p[o] = -e;
    let mut q = [0; 3];
    q[i2] = e;
    q[o] = -e;
    let mut c = cube(from);
    for i in 0..k {
        let x = to_hex(add(c, p));
        let y = to_hex(add(c, q));
        out.push(LosStep::Hexside(x.min(y), x.max(y)));
        c = add(c, u);
        if i + 1 < k {
            out.push(LosStep::Hex(to_hex(c)));
        }
    }
}

/// A line crossing no hexside lengthwise: walk cell to cell by the earliest exit.
fn walk(a: Cube, b: Cube, k: [i64; 3], n: i64, out: &mut Vec<LosStep>) {
    let sign = k.map(i64::signum);
    let ak = k.map(i64::abs);
    // Time at which the line leaves the cell whose differences (relative to `a`) are `m`,
    // through its family-j side.
    let exit = |m: &[i64; 3], j: usize| Frac::new(sign[j] * m[j] + 1, ak[j]);
    let leave = |m: &[i64; 3]| (0..3).map(|j| exit(m, j)).min().unwrap_or(Frac::ONE);
    let mut c = a;
    // A cell is crossed at most once and the line meets at most about 2n of them; the bound
    // only guards against an impossible endless loop.
    for _ in 0..(4 * n + 8) {
        let m = diffs(sub(c, a));
        let (e, j1, tie) = {
            let mut best = (exit(&m, 0), 0usize, None);
            for j in 1..3 {
                let e = exit(&m, j);
                match e.cmp(&best.0) {
                    Ordering::Less => best = (e, j, None),
                    Ordering::Equal => best.2 = Some(j),
                    Ordering::Greater => {}
                }
            }
            best
        };
        let n1 = add(c, step(j1, sign[j1]));
        c = match tie {
            None => n1,
            Some(j2) => {
                // Through a corner: enter whichever of the two cells the line stays in after
                // time `e`; the other is only touched at the corner.
                let n2 = add(c, step(j2, sign[j2]));
                let (enter, graze) = if leave(&diffs(sub(n1, a))) > e {
                    (n1, n2)
                } else {
                    (n2, n1)
                };
                out.push(LosStep::Corner(to_hex(graze)));
                enter
            }
        };
        if c == b {
            return;
        }
        out.push(LosStep::Hex(to_hex(c)));
    }
}
