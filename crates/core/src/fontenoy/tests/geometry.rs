//! 8.1 formations' shapes and SP spread, 9.0–9.1 Frontal, Flank and Rear hexes.

use super::*;
use crate::fontenoy::geometry::{
    self, Arc, Hexes, HookSide, line_hexes, road_column_length, road_column_spread, shape_ok,
    spread,
};
use crate::hex::Direction;

fn arcs(f: Formation, p: &Placed) -> [usize; 3] {
    let mut n = [0usize; 3];
    for (i, a) in [Arc::Frontal, Arc::Flank, Arc::Rear]
        .into_iter()
        .enumerate()
    {
        geometry::for_each_in_arc(f, p, a, |_| n[i] += 1);
    }
    n
}

#[test]
fn r8_1a_e10_extra_sp_spread_from_the_right() {
    // 9 SP in 2 hexes: right 5, left 4; 14 SP in 3 hexes: 5, 5, 4.
    assert_eq!(spread(9, 2).collect::<Vec<_>>(), [5, 4]);
    assert_eq!(spread(14, 3).collect::<Vec<_>>(), [5, 5, 4]);
    assert_eq!(spread(12, 3).collect::<Vec<_>>(), [4, 4, 4]);
}

#[test]
fn r8_1f_road_column_four_sp_a_hex_and_the_rest_at_the_tail() {
    assert_eq!(road_column_length(11, 4), 3);
    assert_eq!(road_column_spread(11, 4, 3).collect::<Vec<_>>(), [4, 4, 3]);
    // 8.1i: artillery one SP a hex.
    assert_eq!(road_column_length(2, 1), 2);
}

#[test]
fn r9_1_a_one_hex_line_has_two_frontal_two_flank_two_rear_hexes() {
    for f in (1..12).step_by(2) {
        let p = Placed::at(hex("S1010"), Facing::new(f).unwrap());
        assert_eq!(arcs(Formation::Line, &p), [2, 2, 2], "facing {f}");
    }
}

#[test]
fn r13_11c_a_two_hex_line_has_three_frontal_and_three_rear_hexes() {
    for f in (1..12).step_by(2) {
        let facing = Facing::new(f).unwrap();
        let hexes = line_hexes(hex("S1010"), facing, 2).unwrap();
        let p = Placed {
            hexes,
            facing,
            hook: None,
        };
        assert!(shape_ok(Formation::Line, &p));
        assert_eq!(arcs(Formation::Line, &p), [3, 2, 3], "facing {f}");
    }
    // A three-hex cavalry Line: 4 frontal, 1 + 1 flank, 4 rear.
    let facing = Facing::new(3).unwrap();
    let p = Placed {
        hexes: line_hexes(hex("S1010"), facing, 3).unwrap(),
        facing,
        hook: None,
    };
    assert_eq!(arcs(Formation::Line, &p), [4, 2, 4]);
}

#[test]
fn r8_1b_a_hook_turns_its_flank_hex_to_the_front() {
    let facing = Facing::new(3).unwrap();
    let hexes = line_hexes(hex("S1010"), facing, 2).unwrap();
    for side in [HookSide::Left, HookSide::Right] {
        let p = Placed {
            hexes,
            facing,
            hook: Some(side),
        };
        assert!(shape_ok(Formation::Hook, &p));
        assert_eq!(arcs(Formation::Hook, &p), [4, 1, 3], "{side:?}");
    }
}

#[test]
fn r8_1f_a_column_has_one_frontal_and_one_rear_hex() {
    let d = Direction::ALL[2];
    let head = hex("S1010");
    let body = [
        head,
        head.neighbor(d.opposite()),
        head.neighbor(d.opposite()).neighbor(d.opposite()),
    ];
    let facing = Facing::side(d);
    let p = Placed {
        hexes: Hexes::from_slice(&body).unwrap(),
        facing,
        hook: None,
    };
    assert!(shape_ok(Formation::MarchColumn, &p));
    assert_eq!(arcs(Formation::MarchColumn, &p), [1, 8, 1]);
    assert_eq!(
        geometry::arc_of(Formation::MarchColumn, &p, head.neighbor(d)),
        Some(Arc::Frontal)
    );
    // A bent Road Column: still one frontal and one rear hex.
    let bent = [
        head,
        head.neighbor(d.opposite()),
        head.neighbor(d.opposite()).neighbor(d.rotate(2)),
    ];
    let p = Placed {
        hexes: Hexes::from_slice(&bent).unwrap(),
        facing,
        hook: None,
    };
    assert!(shape_ok(Formation::RoadColumn, &p));
    assert!(
        !shape_ok(Formation::MarchColumn, &p),
        "8.1d: a March Column is straight"
    );
    let [f, _, r] = arcs(Formation::RoadColumn, &p);
    assert_eq!((f, r), (1, 1));
}

#[test]
fn r12_2g_a_square_faces_every_way() {
    let p = Placed::at(hex("S1010"), Facing::new(1).unwrap());
    assert_eq!(arcs(Formation::Square, &p), [6, 0, 0]);
}

#[test]
fn r8_1a_a_line_runs_across_its_facing() {
    let facing = Facing::new(1).unwrap();
    let wrong = Placed {
        hexes: Hexes::from_slice(&[hex("S1010"), hex("S1011")]).unwrap(),
        facing,
        hook: None,
    };
    let right = Placed {
        hexes: line_hexes(hex("S1010"), facing, 2).unwrap(),
        facing,
        hook: None,
    };
    assert_eq!(
        shape_ok(Formation::Line, &wrong),
        right.hexes == wrong.hexes
    );
    assert!(shape_ok(Formation::Line, &right));
    assert!(
        !shape_ok(Formation::Square, &right),
        "8.1e: a Square is one hex"
    );
}
