//! Facing (13.0–13.2): which way a stack's front lies, what turning costs, and how facing
//! limits movement. Geometry is [`crate::hex::Facing`]: six hexsides and six corners; how a
//! unit's facing divides its surroundings is a [`FacingMode`] (types.rs).
//!
//! Not here yet: the frontal arc beyond range 1 and for corner facing at range 1 (the 13.0a
//! diagrams are not in the text); the road exceptions of 13.2c belong to movement.

use crate::hex::{Direction, Facing};
use crate::nbs::types::FacingMode;

/// The movement points to turn from `from` to `to` in place (13.1): 1 MP for each hexside of
/// change (13.1a), a faced hexside to a corner at either of its ends free and a corner to
/// either hexside at it 1 MP (13.1c), and an about-face for 1 MP (13.1d). The cheapest
/// sequence of those moves is the cost (a stack "can re-face any number of hexsides in one
/// hex" given the MPs). Units without facing pay nothing.
pub fn change_cost(mode: FacingMode, from: Facing, to: Facing) -> u8 {
    if mode == FacingMode::None {
        return 0;
    }
    COSTS[usize::from(from.index())][usize::from(to.index())]
}

/// Every [`change_cost`], computed at compile time: the cheapest path over the twelve
/// positions with the moves the rules allow (relaxed until nothing improves).
const COSTS: [[u8; 12]; 12] = {
    let mut table = [[0u8; 12]; 12];
    let mut from = 0;
    while from < 12 {
        let mut cost = [u8::MAX; 12];
        cost[from] = 0;
        loop {
            let mut changed = false;
            let mut i = 0;
            while i < 12 {
                let c = cost[i];
                if c != u8::MAX {
                    let m = moves_of(i as u8);
                    let mut k = 0;
                    while k < 5 {
                        let (next, step) = m[k];
                        let n = next as usize;
                        if c + step < cost[n] {
                            cost[n] = c + step;
                            changed = true;
                        }
                        k += 1;
                    }
                }
                i += 1;
            }
            if !changed {
                break;
            }
        }
        table[from] = cost;
        from += 1;
    }
    table
};

/// [`moves`] on position numbers, for the compile-time table.
const fn moves_of(f: u8) -> [(u8, u8); 5] {
    let about_face = ((f + 6) % 12, 1);
    if f % 2 == 1 {
        [
            ((f + 1) % 12, 1),
            ((f + 11) % 12, 1),
            about_face,
            about_face,
            about_face,
        ]
    } else {
        [
            ((f + 2) % 12, 1),
            ((f + 10) % 12, 1),
            about_face,
            ((f + 1) % 12, 0),
            ((f + 11) % 12, 0),
        ]
    }
}

/// The factor on a hex's movement cost for a stack stepping toward `d` without turning
/// (13.2a): 1 through the centre-front hexside (or, facing a corner, into either frontal
/// hex), 2 through any other hexside. Units without facing always pay 1.
pub fn entry_cost_factor(mode: FacingMode, facing: Facing, d: Direction) -> u8 {
    if mode == FacingMode::None {
        return 1;
    }
    let through_front = if facing.is_corner() {
        facing.is_frontal(d)
    } else {
        Facing::side(d) == facing
    };
    if through_front { 1 } else { 2 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Compass;

    fn dir(c: Compass) -> Direction {
        Direction::from_compass(c)
    }

    #[test]
    fn r13_1a_one_mp_per_hexside() {
        let n = Facing::side(dir(Compass::N));
        assert_eq!(change_cost(FacingMode::Standard, n, n), 0);
        assert_eq!(
            change_cost(FacingMode::Standard, n, Facing::side(dir(Compass::NE))),
            1
        );
        assert_eq!(
            change_cost(FacingMode::Standard, n, Facing::side(dir(Compass::SE))),
            2
        );
    }

    #[test]
    fn r13_1c_hexside_to_corner_free_corner_to_hexside_one() {
        let n = Facing::side(dir(Compass::N));
        let corner = n.rotate(1);
        assert!(corner.is_corner());
        assert_eq!(change_cost(FacingMode::Standard, n, corner), 0);
        assert_eq!(change_cost(FacingMode::Standard, n, n.rotate(-1)), 0);
        assert_eq!(change_cost(FacingMode::Standard, corner, n), 1);
        assert_eq!(change_cost(FacingMode::Standard, corner, n.rotate(2)), 1);
        // A corner two hexsides away: one hexside turn, then free onto the corner.
        assert_eq!(change_cost(FacingMode::Standard, n, n.rotate(3)), 1);
    }

    #[test]
    fn r13_1d_about_face_costs_one() {
        for i in 0..12 {
            let f = Facing::new(i).unwrap();
            assert_eq!(
                change_cost(FacingMode::Standard, f, f.opposite()),
                1,
                "{f:?}"
            );
        }
        // Never more than two, whatever the turn: about-face and one more hexside.
        for a in 0..12 {
            for b in 0..12 {
                let c = change_cost(
                    FacingMode::Standard,
                    Facing::new(a).unwrap(),
                    Facing::new(b).unwrap(),
                );
                assert!(c <= 2, "{a} -> {b}: {c}");
            }
        }
    }

    #[test]
    fn r13_0a_leaders_and_markers_have_no_facing() {
        let n = Facing::side(dir(Compass::N));
        assert_eq!(change_cost(FacingMode::None, n, n.opposite()), 0);
        assert_eq!(entry_cost_factor(FacingMode::None, n, dir(Compass::S)), 1);
        assert!(!FacingMode::None.frontal_from(n, dir(Compass::N)));
    }

    #[test]
    fn r13_0a_arcs_at_range_one() {
        let n = Facing::side(dir(Compass::N));
        let std = FacingMode::Standard;
        assert!(std.frontal_from(n, dir(Compass::N)));
        assert!(std.frontal_from(n, dir(Compass::NE)));
        assert!(std.frontal_from(n, dir(Compass::NW)));
        assert!(!std.frontal_from(n, dir(Compass::SE)));
        assert!(!std.frontal_from(n, dir(Compass::S)));
        // Squares, lone skirmishers, units in towns: all front; limbered or routed: all flank.
        assert!(FacingMode::AllFrontal.frontal_from(n, dir(Compass::S)));
        assert!(!FacingMode::AllFlank.frontal_from(n, dir(Compass::N)));
    }

    #[test]
    fn r13_2a_double_cost_off_the_centre_front() {
        let n = Facing::side(dir(Compass::N));
        let std = FacingMode::Standard;
        assert_eq!(entry_cost_factor(std, n, dir(Compass::N)), 1);
        assert_eq!(entry_cost_factor(std, n, dir(Compass::NE)), 2);
        assert_eq!(entry_cost_factor(std, n, dir(Compass::S)), 2);
        // Facing a corner: either frontal hex at the normal cost.
        let corner = Facing::corner(dir(Compass::N));
        assert_eq!(entry_cost_factor(std, corner, dir(Compass::N)), 1);
        assert_eq!(entry_cost_factor(std, corner, dir(Compass::NW)), 1);
        assert_eq!(entry_cost_factor(std, corner, dir(Compass::NE)), 2);
        // All-around modes still move through the centre-front hexside (13.0a).
        assert_eq!(
            entry_cost_factor(FacingMode::AllFrontal, n, dir(Compass::NE)),
            2
        );
    }
}
