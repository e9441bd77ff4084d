//! Twelve-way facing: a counter faces one of the six hexsides of its hex or one of the six
//! corners between them (NBS 13.0, Fontenoy's facing). Positions are numbered in half-steps of
//! 30 degrees counter-clockwise: `2d` is the hexside toward [`Direction`] `d`, `2d + 1` the
//! corner between hexsides `d` and `d + 1`.

use serde::{Deserialize, Serialize};

use super::Direction;

/// Where a counter faces: a hexside or a hex corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Facing(u8);

impl Facing {
    /// Facing the hexside toward `d`.
    pub const fn side(d: Direction) -> Facing {
        Facing(d.index() * 2)
    }

    /// Facing the corner between the hexsides toward `d` and toward `d` turned once
    /// counter-clockwise.
    pub const fn corner(d: Direction) -> Facing {
        Facing(d.index() * 2 + 1)
    }

    /// The position numbered `n` (0..12).
    pub const fn new(n: u8) -> Option<Facing> {
        if n < 12 { Some(Facing(n)) } else { None }
    }

    /// Its number, 0..12.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Whether it is a corner facing.
    pub const fn is_corner(self) -> bool {
        self.0 % 2 == 1
    }

    /// Turned by `half_steps` steps of 30 degrees, counter-clockwise for positive values.
    #[must_use]
    pub const fn rotate(self, half_steps: i8) -> Facing {
        Facing(((self.0 as i16 + half_steps as i16 % 12 + 12) % 12) as u8)
    }

    /// The 180-degree opposite.
    #[must_use]
    pub const fn opposite(self) -> Facing {
        self.rotate(6)
    }

    /// The smallest turn between two facings, in 30-degree steps (0..=6).
    pub const fn turn_to(self, other: Facing) -> u8 {
        let d = (other.0 + 12 - self.0) % 12;
        if d > 6 { 12 - d } else { d }
    }

    /// The directions of the hexes in front at range 1: the three around a faced hexside, the
    /// two on either side of a faced corner.
    pub fn frontal_directions(self) -> FrontalDirections {
        let d = Direction::new(self.0 / 2).unwrap_or(Direction::ALL[0]);
        if self.is_corner() {
            FrontalDirections {
                dirs: [d, d.rotate(1), d],
                len: 2,
            }
        } else {
            FrontalDirections {
                dirs: [d.rotate(-1), d, d.rotate(1)],
                len: 3,
            }
        }
    }

    /// Whether the neighbour toward `d` is in front at range 1.
    pub fn is_frontal(self, d: Direction) -> bool {
        self.frontal_directions().as_slice().contains(&d)
    }
}

/// The frontal directions of a [`Facing`] (two or three).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontalDirections {
    dirs: [Direction; 3],
    len: usize,
}

impl FrontalDirections {
    /// The directions, clockwise-most first.
    pub fn as_slice(&self) -> &[Direction] {
        &self.dirs[..self.len]
    }
}

impl From<Facing> for u8 {
    fn from(f: Facing) -> u8 {
        f.0
    }
}

impl TryFrom<u8> for Facing {
    type Error = &'static str;

    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Facing::new(n).ok_or("a facing is a number from 0 to 11")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn sides_and_corners_alternate() {
        let n = Direction::from_compass(super::super::Compass::N);
        assert_eq!(Facing::side(n).index(), 4);
        assert!(!Facing::side(n).is_corner());
        assert!(Facing::corner(n).is_corner());
        assert_eq!(Facing::side(n).rotate(1), Facing::corner(n));
        assert_eq!(Facing::side(n).rotate(-13), Facing::side(n).rotate(-1));
        assert_eq!(Facing::side(n).opposite(), Facing::side(n.opposite()));
        assert_eq!(Facing::new(12), None);
    }

    #[test]
    fn turns_are_the_short_way_round() {
        let f = Facing::new(0).unwrap();
        assert_eq!(f.turn_to(Facing::new(11).unwrap()), 1);
        assert_eq!(f.turn_to(Facing::new(6).unwrap()), 6);
        assert_eq!(f.turn_to(Facing::new(7).unwrap()), 5);
    }

    #[test]
    fn frontal_hexes_at_range_one() {
        let n = Direction::from_compass(super::super::Compass::N);
        let side: Vec<_> = Facing::side(n).frontal_directions().as_slice().to_vec();
        assert_eq!(side, [n.rotate(-1), n, n.rotate(1)]);
        let corner: Vec<_> = Facing::corner(n).frontal_directions().as_slice().to_vec();
        assert_eq!(corner, [n, n.rotate(1)]);
        assert!(!Facing::side(n).is_frontal(n.opposite()));
    }

    #[test]
    fn serde_refuses_out_of_range() {
        assert_eq!(
            serde_json::to_string(&Facing::new(7).unwrap()).unwrap(),
            "7"
        );
        assert!(serde_json::from_str::<Facing>("12").is_err());
    }
}
