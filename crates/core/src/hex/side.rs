//! Hexsides as values: the edge shared by two adjacent hexes, named the same from either side.
//!
//! A hexside is stored canonically as one of its hexes plus a direction among the first three
//! (SE, NE, N): the side between `h` and its NW, SW or S neighbour is stored from that
//! neighbour instead. So `Hexside::new(a, d) == Hexside::new(a.neighbor(d), d.opposite())`, and
//! hexside-keyed tables (rivers, slopes, fieldworks) need one entry per side.

use core::fmt;

use serde::{Deserialize, Serialize};

use super::coord::{Direction, Hex};

/// The edge between two adjacent hexes. Six bytes, `Copy`, ordered by (anchor hex, direction).
///
/// Serialised as `{"hex": {"q": q, "r": r}, "dir": d}` with `d` 0 (SE), 1 (NE) or 2 (N) from
/// the anchor hex; other values are refused.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "RawHexside", into = "RawHexside")]
pub struct Hexside {
    hex: Hex,
    /// 0, 1 or 2.
    dir: u8,
}

impl Hexside {
    /// The side of `hex` facing direction `d`.
    pub const fn new(hex: Hex, d: Direction) -> Hexside {
        if d.index() < 3 {
            Hexside {
                hex,
                dir: d.index(),
            }
        } else {
            Hexside {
                hex: hex.neighbor(d),
                dir: d.index() - 3,
            }
        }
    }

    /// The side shared by `a` and `b`, if they are adjacent.
    pub fn between(a: Hex, b: Hex) -> Option<Hexside> {
        a.direction_to(b).map(|d| Hexside::new(a, d))
    }

    /// The six sides of `hex`, in direction order.
    pub fn around(hex: Hex) -> [Hexside; 6] {
        Direction::ALL.map(|d| Hexside::new(hex, d))
    }

    /// The canonical anchor hex and direction (direction 0, 1 or 2).
    pub const fn anchor(self) -> (Hex, Direction) {
        (self.hex, Direction::ALL[self.dir as usize % 3])
    }

    /// The two hexes, anchor first.
    pub const fn hexes(self) -> (Hex, Hex) {
        let (h, d) = self.anchor();
        (h, h.neighbor(d))
    }

    /// Whether `hex` is one of the two hexes.
    pub fn touches(self, hex: Hex) -> bool {
        let (a, b) = self.hexes();
        hex == a || hex == b
    }

    /// The hex across this side from `hex` (`None` if `hex` is not one of its two hexes).
    pub fn other(self, hex: Hex) -> Option<Hex> {
        let (a, b) = self.hexes();
        if hex == a {
            Some(b)
        } else if hex == b {
            Some(a)
        } else {
            None
        }
    }

    /// The direction in which this side lies as seen from `hex`.
    pub fn direction_from(self, hex: Hex) -> Option<Direction> {
        let (a, d) = self.anchor();
        if hex == a {
            Some(d)
        } else if hex == a.neighbor(d) {
            Some(d.opposite())
        } else {
            None
        }
    }

    /// The three sides meeting at the corner shared by three mutually adjacent hexes, in
    /// canonical order; `None` if they are not mutually adjacent. Useful for lines of sight that
    /// pass exactly through a corner (Fontenoy 9.3, the vertex rule).
    pub fn at_corner(a: Hex, b: Hex, c: Hex) -> Option<[Hexside; 3]> {
        let mut sides = [
            Hexside::between(a, b)?,
            Hexside::between(b, c)?,
            Hexside::between(c, a)?,
        ];
        sides.sort_unstable();
        Some(sides)
    }
}

impl fmt::Debug for Hexside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.hexes();
        write!(f, "Hexside({a:?}|{b:?})")
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexside {
    hex: Hex,
    dir: u8,
}

impl From<Hexside> for RawHexside {
    fn from(s: Hexside) -> Self {
        RawHexside {
            hex: s.hex,
            dir: s.dir,
        }
    }
}

impl TryFrom<RawHexside> for Hexside {
    type Error = &'static str;
    fn try_from(raw: RawHexside) -> Result<Self, Self::Error> {
        if raw.dir < 3 {
            Ok(Hexside {
                hex: raw.hex,
                dir: raw.dir,
            })
        } else {
            Err("a canonical hexside direction is 0 (SE), 1 (NE) or 2 (N)")
        }
    }
}
