//! Hexsides: one canonical value per edge, whichever hex names it.

use grognard::hex::{Compass, Direction, Grid, Hex, Hexside};

#[test]
fn both_hexes_name_the_same_side() {
    let h = Hex::new(4, -7);
    for d in Direction::ALL {
        let n = h.neighbor(d);
        let a = Hexside::new(h, d);
        let b = Hexside::new(n, d.opposite());
        assert_eq!(a, b);
        assert_eq!(Hexside::between(h, n), Some(a));
        assert_eq!(Hexside::between(n, h), Some(a));
        let (x, y) = a.hexes();
        assert!((x, y) == (h, n) || (x, y) == (n, h));
        assert_eq!(a.other(h), Some(n));
        assert_eq!(a.other(n), Some(h));
        assert_eq!(a.direction_from(h), Some(d));
        assert_eq!(a.direction_from(n), Some(d.opposite()));
        assert!(a.touches(h) && a.touches(n));
        assert!(a.anchor().1.index() < 3);
    }
    let far = Hex::new(9, 9);
    assert_eq!(Hexside::between(h, far), None);
    assert_eq!(Hexside::between(h, h), None);
    assert_eq!(Hexside::new(h, Direction::ALL[0]).other(far), None);
}

#[test]
fn a_hex_has_six_distinct_sides_and_neighbours_share_exactly_one() {
    let h = Hex::new(0, 0);
    let mut sides = Hexside::around(h).to_vec();
    sides.sort();
    sides.dedup();
    assert_eq!(sides.len(), 6);
    for n in h.neighbors() {
        let shared: Vec<_> = Hexside::around(n)
            .into_iter()
            .filter(|s| sides.contains(s))
            .collect();
        assert_eq!(shared.len(), 1);
    }
}

/// pg 7.3: entering Zorndorf 1809 from 1709 crosses the upslope hexside between them; the map
/// data can key that slope by one value whichever hex the mover starts in.
#[test]
fn r7_3_zorndorf_1709_1809_slope_hexside_is_one_value() {
    let g = Grid::pg();
    let (a, b) = (g.parse("1709").unwrap(), g.parse("1809").unwrap());
    let side = Hexside::between(a, b).unwrap();
    assert_eq!(Hexside::between(b, a), Some(side));
    assert_eq!(
        side.direction_from(a).map(Direction::compass),
        Some(Compass::NE)
    );
    assert_eq!(
        side.direction_from(b).map(Direction::compass),
        Some(Compass::SW)
    );
}

#[test]
fn corner_sides_of_three_mutually_adjacent_hexes() {
    let a = Hex::new(0, 0);
    let b = Hex::new(1, 0);
    let c = Hex::new(1, -1);
    let sides = Hexside::at_corner(a, b, c).unwrap();
    assert_eq!(Hexside::at_corner(c, a, b), Some(sides));
    assert!(sides.contains(&Hexside::between(a, b).unwrap()));
    assert!(sides.contains(&Hexside::between(b, c).unwrap()));
    assert!(sides.contains(&Hexside::between(a, c).unwrap()));
    assert_eq!(Hexside::at_corner(a, b, Hex::new(2, 0)), None);
}

#[test]
fn hexsides_serialise_canonically_and_refuse_bad_directions() {
    let s = Hexside::new(Hex::new(2, 3), Direction::new(5).unwrap());
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(json, r#"{"hex":{"q":2,"r":4},"dir":2}"#);
    assert_eq!(serde_json::from_str::<Hexside>(&json).unwrap(), s);
    assert!(serde_json::from_str::<Hexside>(r#"{"hex":{"q":2,"r":4},"dir":3}"#).is_err());
}

#[test]
fn compass_names_round_trip() {
    for d in Direction::ALL {
        assert_eq!(Direction::from_compass(d.compass()), d);
    }
    assert_eq!(Direction::new(2).unwrap().compass(), Compass::N);
    assert_eq!(Direction::new(5).unwrap().compass(), Compass::S);
}
