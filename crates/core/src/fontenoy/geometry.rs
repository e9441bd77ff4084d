//! Where a formation stands and what it faces (8.1, 9.0, 9.1): the hexes a unit covers, its
//! Frontal, Flank and Rear hexes, and the spread of its SP over a multi-hex Line (8.1a).
//!
//! The Formation and Fire Arc diagrams are not in the text (digest §7.1 G3). The arcs here
//! follow what the rules say of them:
//! * A formation facing a vertex (Line, Hook, Attack Column, unlimbered artillery) has the two
//!   hexes at that vertex in front, one hex on each side as its flanks and two behind (9.1; a
//!   2-hex Line then has 3 Frontal and 3 Rear hexes, as 13.11c's example counts "two of C's
//!   three Rear hexes").
//! * A column (March, Road) faces a hexside: one Frontal hex ahead of its head, one Rear hex
//!   behind its tail, every other adjacent hex a Flank (8.1f).
//! * A Hook's flank hex at the hooked end is Frontal too (8.1b).
//! * A Square has every adjacent hex in front (it fires into three non-adjacent hexes, 12.2g),
//!   as infantry inside a redoubt does (F-3.5a).
//! * Skirmish order and General Order are drawn facing a vertex, with a Line's arcs; a
//!   skirmisher's rearward move goes into a Flank hex (11.8a). Rout has no front.
//!
//! Directions turn counter-clockwise on the map (`hex::Direction`), so looking toward a unit's
//! front, the next direction counter-clockwise is on its left.

use core::fmt;

use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::fhex;
use super::types::Formation;
use crate::hex::{Direction, Facing, Hex};

/// The most hexes one unit covers: a Road Column of up to 24 SP (8.1f, 4 SP a hex).
pub const MAX_HEXES: usize = 6;

/// The hexes a unit covers, in order: a Line from its right end to its left end (8.1a), a
/// column from its head to its tail (8.1f).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hexes {
    len: u8,
    at: [Hex; MAX_HEXES],
}

impl Hexes {
    /// One hex.
    pub const fn one(h: Hex) -> Hexes {
        Hexes {
            len: 1,
            at: [h; MAX_HEXES],
        }
    }

    /// The hexes of `list`, or `None` when there are none or more than [`MAX_HEXES`].
    pub fn from_slice(list: &[Hex]) -> Option<Hexes> {
        let (&first, _) = list.split_first()?;
        if list.len() > MAX_HEXES {
            return None;
        }
        let mut at = [first; MAX_HEXES];
        at[..list.len()].copy_from_slice(list);
        Some(Hexes {
            len: list.len() as u8,
            at,
        })
    }

    /// The hexes.
    pub fn as_slice(&self) -> &[Hex] {
        &self.at[..usize::from(self.len)]
    }

    /// The first hex: a Line's right end, a column's head.
    pub const fn first(&self) -> Hex {
        self.at[0]
    }

    /// The last hex: a Line's left end, a column's tail.
    pub fn last(&self) -> Hex {
        self.at[usize::from(self.len) - 1]
    }

    /// How many.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Never empty.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// Whether `h` is one of them.
    pub fn contains(&self, h: Hex) -> bool {
        self.as_slice().contains(&h)
    }
}

impl fmt::Debug for Hexes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.as_slice().iter().map(|&h| fhex::label(h)))
            .finish()
    }
}

impl Serialize for Hexes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for &h in self.as_slice() {
            seq.serialize_element(&fhex::label(h))?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Hexes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hexes, D::Error> {
        let labels = alloc::vec::Vec::<alloc::string::String>::deserialize(d)?;
        let mut hexes = alloc::vec::Vec::with_capacity(labels.len());
        for l in &labels {
            hexes.push(
                fhex::parse(l)
                    .ok_or_else(|| serde::de::Error::custom(alloc::format!("bad hex id {l:?}")))?,
            );
        }
        Hexes::from_slice(&hexes).ok_or_else(|| {
            serde::de::Error::custom(alloc::format!(
                "a unit covers 1 to {MAX_HEXES} hexes, not {}",
                hexes.len()
            ))
        })
    }
}

/// Which end of a Hook is turned back (8.1b; HOOK-LEFT / HOOK-RIGHT markers, 11.5e).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HookSide {
    /// The left end.
    Left,
    /// The right end.
    Right,
}

/// Where an adjacent hex lies relative to a unit (9.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arc {
    /// In front: the unit's ZOC (9.1), where it fires and attacks.
    Frontal,
    /// On a side.
    Flank,
    /// Behind.
    Rear,
}

/// A unit's position on the map: its hexes, its facing, and for a Hook the hooked end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    /// The hexes covered.
    pub hexes: Hexes,
    /// The facing (0–11: even a hexside, odd a vertex; `hex::Facing`).
    pub facing: Facing,
    /// The hooked end of a Hook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook: Option<HookSide>,
}

impl Placed {
    /// A single hex with a facing.
    pub const fn at(h: Hex, facing: Facing) -> Placed {
        Placed {
            hexes: Hexes::one(h),
            facing,
            hook: None,
        }
    }

    /// The hex a single-hex unit stands in, or a Line's right end, a column's head.
    pub const fn hex(&self) -> Hex {
        self.hexes.first()
    }
}

/// The first of the two directions in front of a vertex facing: facing `2d + 1` is the vertex
/// between the hexsides toward `d` and `d + 1`.
fn vertex_front(facing: Facing) -> Direction {
    Direction::new(facing.index() / 2).unwrap_or(Direction::ALL[0])
}

/// The direction a Line's hexes run from its right end to its left end, facing a vertex
/// (8.1a: the hexes lie side by side across the front).
pub fn line_axis(facing: Facing) -> Direction {
    // Front = d and d + 1; the left flank is d + 2.
    vertex_front(facing).rotate(2)
}

/// The hexes of a Line of `n` hexes whose right end is `right`, facing the vertex `facing`
/// (8.1a). `None` for a hexside facing or an impossible length.
pub fn line_hexes(right: Hex, facing: Facing, n: usize) -> Option<Hexes> {
    if !facing.is_corner() || n == 0 || n > MAX_HEXES {
        return None;
    }
    let axis = line_axis(facing);
    let mut list = [right; MAX_HEXES];
    for i in 1..n {
        list[i] = list[i - 1].neighbor(axis);
    }
    Hexes::from_slice(&list[..n])
}

/// Whether `hexes` form a straight March Column facing the hexside `facing` from its head (8.1d:
/// each hex directly behind the one before).
pub fn straight_column(hexes: &[Hex], facing: Facing) -> bool {
    if facing.is_corner() {
        return false;
    }
    let Some(d) = Direction::new(facing.index() / 2) else {
        return false;
    };
    hexes
        .windows(2)
        .all(|w| w[0].neighbor(d.opposite()) == w[1])
}

/// Whether `hexes` form a Road Column: a chain of adjacent hexes, head first, none repeated
/// (8.1f: it bends freely).
pub fn chained(hexes: &[Hex]) -> bool {
    hexes.windows(2).all(|w| w[0].distance(w[1]) == 1)
        && hexes
            .iter()
            .enumerate()
            .all(|(i, h)| !hexes[..i].contains(h))
}

/// Whether `p` is a legal shape for `formation` (8.1): a single hex for the single-hex
/// formations, a straight Line across its facing, a straight March Column, a chained Road
/// Column.
pub fn shape_ok(formation: Formation, p: &Placed) -> bool {
    let hexes = p.hexes.as_slice();
    match formation {
        Formation::Line | Formation::Hook => {
            line_hexes(p.hexes.first(), p.facing, hexes.len()).is_some_and(|l| l == p.hexes)
                && (formation == Formation::Hook) == p.hook.is_some()
        }
        Formation::MarchColumn => straight_column(hexes, p.facing) && p.hook.is_none(),
        Formation::RoadColumn => !p.facing.is_corner() && chained(hexes) && p.hook.is_none(),
        _ => hexes.len() == 1 && p.hook.is_none(),
    }
}

/// The arc of the adjacent hex `target` relative to a unit in `formation` at `p`; `None` when
/// `target` is one of its own hexes or not adjacent to any of them, or the formation has no
/// front (Rout).
pub fn arc_of(formation: Formation, p: &Placed, target: Hex) -> Option<Arc> {
    let hexes = p.hexes.as_slice();
    if hexes.contains(&target) || formation == Formation::Rout {
        return None;
    }
    if formation == Formation::Square {
        return hexes
            .iter()
            .any(|h| h.distance(target) == 1)
            .then_some(Arc::Frontal);
    }
    if p.facing.is_corner() {
        let d = vertex_front(p.facing);
        let mut best: Option<Arc> = None;
        for &h in hexes {
            let Some(dir) = h.direction_to(target) else {
                continue;
            };
            let k = (dir.index() + 6 - d.index()) % 6; // 0, 1 front; 2, 5 flanks; 3, 4 rear
            let arc = match k {
                0 | 1 => Arc::Frontal,
                2 | 5 => {
                    let hooked = match p.hook {
                        Some(HookSide::Left) => k == 2 && h == p.hexes.last(),
                        Some(HookSide::Right) => k == 5 && h == p.hexes.first(),
                        None => false,
                    };
                    if hooked { Arc::Frontal } else { Arc::Flank }
                }
                _ => Arc::Rear,
            };
            // A hex touching two of the unit's hexes takes the arc nearest the front.
            best = Some(best.map_or(arc, |b| b.min(arc)));
        }
        best
    } else {
        let d = Direction::new(p.facing.index() / 2)?;
        let head = p.hexes.first();
        let tail = p.hexes.last();
        if head.neighbor(d) == target {
            return Some(Arc::Frontal);
        }
        // Behind the tail: straight on from the hex before it (or behind a one-hex column).
        let back = if hexes.len() >= 2 {
            hexes[hexes.len() - 2].direction_to(tail)?
        } else {
            d.opposite()
        };
        if tail.neighbor(back) == target {
            return Some(Arc::Rear);
        }
        hexes
            .iter()
            .any(|h| h.distance(target) == 1)
            .then_some(Arc::Flank)
    }
}

/// Calls `f` for every hex adjacent to the unit in the arc `want` (each hex once).
pub fn for_each_in_arc(formation: Formation, p: &Placed, want: Arc, mut f: impl FnMut(Hex)) {
    let hexes = p.hexes.as_slice();
    // The common case, a one-hex unit facing a vertex: its arcs by direction alone (as
    // `arc_of` reads them), neighbours in the same order.
    if hexes.len() == 1
        && p.facing.is_corner()
        && p.hook.is_none()
        && !matches!(formation, Formation::Square | Formation::Rout)
    {
        let d = vertex_front(p.facing).index();
        for (i, n) in hexes[0].neighbors().into_iter().enumerate() {
            let arc = match (i + 6 - usize::from(d)) % 6 {
                0 | 1 => Arc::Frontal,
                2 | 5 => Arc::Flank,
                _ => Arc::Rear,
            };
            if arc == want {
                f(n);
            }
        }
        return;
    }
    for (i, &h) in hexes.iter().enumerate() {
        for n in h.neighbors() {
            // Count a neighbour once: at the first of the unit's hexes it touches.
            if hexes[..i].iter().any(|&e| e.distance(n) == 1) {
                continue;
            }
            if arc_of(formation, p, n) == Some(want) {
                f(n);
            }
        }
    }
}

/// The SP in each hex of a multi-hex Line or column of `sp` SP over `n` hexes, first hex (the
/// right end) first: as evenly as possible, the odd SP going to the hexes from the right
/// (8.1a; E10: 9 SP in 2 hexes are 5 and 4, 14 in 3 are 5, 5, 4).
pub fn spread(sp: u16, n: usize) -> impl Iterator<Item = u16> {
    let n16 = n.max(1) as u16;
    let base = sp / n16;
    let extra = usize::from(sp % n16);
    (0..n).map(move |i| base + u16::from(i < extra))
}

/// The SP in each hex of a Road Column of `sp` SP, head first: 4 SP in every hex but the tail,
/// which holds the rest (8.1f), `per_hex` being 1 for artillery (8.1i).
pub fn road_column_spread(sp: u16, per_hex: u16, n: usize) -> impl Iterator<Item = u16> {
    (0..n).map(move |i| {
        let before = per_hex * i as u16;
        sp.saturating_sub(before).min(per_hex)
    })
}

/// The length of a Road Column of `sp` SP at `per_hex` SP a hex (8.1f, 8.1i, 10.4g).
pub const fn road_column_length(sp: u16, per_hex: u16) -> usize {
    if sp == 0 {
        1
    } else {
        sp.div_ceil(per_hex) as usize
    }
}
