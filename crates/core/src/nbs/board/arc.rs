//! Frontal and flank arcs beyond the adjacent hexes (13.0a). The text describes the arcs by
//! diagrams that are not in it; this module uses the reading that agrees with every range-1
//! statement of 13.0a and 13.2a (provisional, recorded in docs/coverage/nbs.md):
//!
//! a hex lies in front when the line from the unit's hex centre to it makes an angle of less
//! than 90 degrees with the facing direction. Exactly 90 degrees is the boundary line, which
//! 13.0a counts as flank. Facing a hexside this gives the three frontal neighbours at range 1;
//! facing a corner, the two neighbours on either side of the corner — as [`Facing`] says.
//!
//! The test is a sign: the Euclidean dot product of two hex vectors is proportional to the
//! sum of the products of their cube coordinates, so it needs integers only.

use crate::hex::{Direction, Facing, Hex};

fn cube(h: Hex) -> (i32, i32, i32) {
    let q = i32::from(h.q);
    let r = i32::from(h.r);
    (q, r, -q - r)
}

/// The facing's direction as a cube vector (doubled for corners: the sum of the two hexside
/// directions around the corner).
fn facing_vector(f: Facing) -> (i32, i32, i32) {
    let d = Direction::new(f.index() / 2).unwrap_or(Direction::ALL[0]);
    let (a, b) = d.offset();
    let mut v = (i32::from(a), i32::from(b), -i32::from(a) - i32::from(b));
    if f.is_corner() {
        let (c, e) = d.rotate(1).offset();
        v.0 += i32::from(c);
        v.1 += i32::from(e);
        v.2 += -i32::from(c) - i32::from(e);
    }
    v
}

/// Whether `to` is in the frontal arc of a unit at `from` facing `f` (13.0a). The unit's own
/// hex is not in any arc.
pub fn in_front(from: Hex, f: Facing, to: Hex) -> bool {
    if from == to {
        return false;
    }
    let (a, b, c) = cube(from);
    let (x, y, z) = cube(to);
    let v = (x - a, y - b, z - c);
    let w = facing_vector(f);
    v.0 * w.0 + v.1 * w.1 + v.2 * w.2 > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Compass;

    #[test]
    fn r13_0a_range_one_agrees_with_facing() {
        let o = Hex::new(0, 0);
        for fi in 0..12 {
            let f = Facing::new(fi).unwrap();
            for d in Direction::ALL {
                assert_eq!(in_front(o, f, o.neighbor(d)), f.is_frontal(d), "{fi} {d:?}");
            }
        }
    }

    #[test]
    fn r13_0a_boundary_line_is_flank() {
        // Facing north, the hexes straight east and west (along the boundary) are flank.
        let o = Hex::new(0, 0);
        let n = Facing::side(Direction::from_compass(Compass::N));
        let ne = Direction::from_compass(Compass::NE);
        let se = Direction::from_compass(Compass::SE);
        let east = o.neighbor(ne).neighbor(se);
        assert!(!in_front(o, n, east));
        let far = o.neighbor(Direction::from_compass(Compass::N)).neighbor(ne);
        assert!(in_front(o, n, far));
    }
}
