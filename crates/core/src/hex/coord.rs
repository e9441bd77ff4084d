//! Axial/cube hex coordinates, directions, neighbours and distance.

use core::fmt;

use serde::{Deserialize, Serialize};

/// A hex in axial coordinates `(q, r)`; the cube coordinate is `(q, r, -q - r)`.
///
/// Four bytes, `Copy`, ordered by `(q, r)` so that sets of hexes iterate deterministically.
/// Serialised as `{"q": q, "r": r}`; the systems' printed ids live in [`super::id`] and are
/// placed by a [`super::Grid`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Hex {
    /// Axial column.
    pub q: i16,
    /// Axial row.
    pub r: i16,
}

/// One of the six directions from a hex to a neighbour, numbered 0..=5 counter-clockwise in
/// axial terms: 0 = (+1, 0), 1 = (+1, -1), 2 = (0, -1), 3 = (-1, 0), 4 = (-1, +1), 5 = (0, +1).
///
/// Every [`super::Grid`] maps its sheets so that axial `r` grows southward (whatever way the
/// printed rows run), so on every map these are SE, NE, N, NW, SW, S ([`Direction::compass`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Direction(u8);

impl TryFrom<u8> for Direction {
    type Error = &'static str;
    fn try_from(v: u8) -> Result<Self, Self::Error> {
        Direction::new(v).ok_or("a hex direction is 0 to 5")
    }
}

impl From<Direction> for u8 {
    fn from(d: Direction) -> u8 {
        d.0
    }
}

const OFFSETS: [(i16, i16); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The compass name of a [`Direction`] on a grid of flat-topped hexes (see [`super::Grid`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Compass {
    /// North: axial (0, -1).
    N,
    /// North-east: axial (+1, -1).
    NE,
    /// South-east: axial (+1, 0).
    SE,
    /// South: axial (0, +1).
    S,
    /// South-west: axial (-1, +1).
    SW,
    /// North-west: axial (-1, 0).
    NW,
}

impl Direction {
    /// The compass name of this direction.
    pub const fn compass(self) -> Compass {
        match self.0 {
            0 => Compass::SE,
            1 => Compass::NE,
            2 => Compass::N,
            3 => Compass::NW,
            4 => Compass::SW,
            _ => Compass::S,
        }
    }

    /// The direction with this compass name.
    pub const fn from_compass(c: Compass) -> Direction {
        Direction(match c {
            Compass::SE => 0,
            Compass::NE => 1,
            Compass::N => 2,
            Compass::NW => 3,
            Compass::SW => 4,
            Compass::S => 5,
        })
    }

    /// The six directions in order.
    pub const ALL: [Direction; 6] = [
        Direction(0),
        Direction(1),
        Direction(2),
        Direction(3),
        Direction(4),
        Direction(5),
    ];

    /// The direction numbered `n` (0..=5).
    pub const fn new(n: u8) -> Option<Direction> {
        if n < 6 { Some(Direction(n)) } else { None }
    }

    /// Its number, 0..=5.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction((self.0 + 3) % 6)
    }

    /// Turned by `steps` sixths of a turn counter-clockwise (negative: clockwise).
    #[must_use]
    pub const fn rotate(self, steps: i8) -> Direction {
        Direction(((self.0 as i8 + steps % 6 + 6) % 6) as u8)
    }

    /// The axial offset `(dq, dr)` of the neighbour in this direction.
    pub const fn offset(self) -> (i16, i16) {
        OFFSETS[self.0 as usize]
    }
}

impl Hex {
    /// The hex at axial `(q, r)`.
    pub const fn new(q: i16, r: i16) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate, `-q - r`.
    pub const fn s(self) -> i16 {
        -self.q - self.r
    }

    /// The neighbour in direction `d` (coordinates wrap only past ±32767, far beyond any map).
    #[must_use]
    pub const fn neighbor(self, d: Direction) -> Hex {
        let (dq, dr) = d.offset();
        Hex {
            q: self.q.wrapping_add(dq),
            r: self.r.wrapping_add(dr),
        }
    }

    /// The six neighbours in direction order.
    pub fn neighbors(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbor(d))
    }

    /// The distance in hexes: adjacent hexes are 1 apart (pg 1.0 counts the destination hex but
    /// not the start hex, which is this measure).
    pub const fn distance(self, other: Hex) -> u32 {
        let dq = (self.q as i32 - other.q as i32).unsigned_abs();
        let dr = (self.r as i32 - other.r as i32).unsigned_abs();
        let ds = (self.s() as i32 - other.s() as i32).unsigned_abs();
        let m = if dq > dr { dq } else { dr };
        if m > ds { m } else { ds }
    }

    /// The direction from `self` to `other` when they are adjacent.
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        // The offset read straight off (wrapping like `neighbor`), not six neighbours tried.
        let d = match (other.q.wrapping_sub(self.q), other.r.wrapping_sub(self.r)) {
            (1, 0) => 0,
            (1, -1) => 1,
            (0, -1) => 2,
            (-1, 0) => 3,
            (-1, 1) => 4,
            (0, 1) => 5,
            _ => return None,
        };
        Some(Direction(d))
    }
}

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hex({}, {})", self.q, self.r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_at_distance_one_and_opposites_return() {
        let h = Hex::new(3, -2);
        for d in Direction::ALL {
            let n = h.neighbor(d);
            assert_eq!(h.distance(n), 1);
            assert_eq!(n.neighbor(d.opposite()), h);
            assert_eq!(h.direction_to(n), Some(d));
        }
        assert_eq!(h.direction_to(h), None);
        assert_eq!(h.direction_to(Hex::new(5, -2)), None);
        assert_eq!(h.direction_to(Hex::new(4, -4)), None);
        // Wrapping like `neighbor` at the edge of the coordinate range.
        let edge = Hex::new(i16::MAX, 0);
        assert_eq!(edge.direction_to(Hex::new(i16::MIN, 0)), Some(Direction(0)));
        assert_eq!(h.distance(h), 0);
        assert_eq!(Hex::new(0, 0).distance(Hex::new(3, -1)), 3);
        assert_eq!(
            Direction::new(5).unwrap().rotate(1),
            Direction::new(0).unwrap()
        );
        assert_eq!(
            Direction::new(0).unwrap().rotate(-1),
            Direction::new(5).unwrap()
        );
        assert!(Direction::new(6).is_none());
    }
}
