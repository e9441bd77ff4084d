//! Movement costs (¶110–¶114, §35) and the Battle Scenarios' lines: LOC and depots (¶55, §27–§28),
//! Dispatch Distance (¶56–¶57).

use crate::data::Library;
use crate::engine::Rules;
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::board::{Road, Water};
use crate::hov::state::LeaderPlace;
use crate::hov::types::{Army, Mp};

fn load(id: &str) -> Hov {
    let lib = Library::builtin().expect("the built-in library");
    Hov::new(&lib.scenario(id).expect(id)).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// The first (hex, direction) of the map whose side matches `f`, in grid order.
fn find_side(h: &Hov, f: impl Fn(Hex, Direction) -> bool) -> (Hex, Direction) {
    for hex in h.board.grid.hexes() {
        if !h.board.on_map(hex) {
            continue;
        }
        for d in Direction::ALL {
            if h.board.on_map(hex.neighbor(d)) && f(hex, d) {
                return (hex, d);
            }
        }
    }
    panic!("no such hexside on the map")
}

#[test]
fn r112_x32_a_primary_road_costs_half_a_point_a_hex() {
    // ¶112: along a primary road ½ MP a hex whatever the terrain: 4 MP make 8 hexes.
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    let (a, d) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.road == Road::Primary && side.water == Water::None
    });
    assert_eq!(h.step_cost(&s, a, d, false), Some(Mp::HALF));
    assert_eq!(h.step_cost(&s, a, d, true), Some(Mp::HALF));
    let (b, e) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.road == Road::Secondary && side.water == Water::None
    });
    assert_eq!(h.step_cost(&s, b, e, true), Some(Mp::ONE));
}

#[test]
fn r111_off_the_road_the_terrain_is_paid_by_type() {
    // TEC: woods cost infantry 2, cavalry 3.
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    let (a, d) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.road == Road::None
            && side.water == Water::None
            && h.board.hex(x.neighbor(d)).ground == crate::hov::board::Ground::Woods
    });
    assert_eq!(h.step_cost(&s, a, d, false), Some(Mp::whole(2)));
    assert_eq!(h.step_cost(&s, a, d, true), Some(Mp::whole(3)));
}

#[test]
fn r113_r114_rivers_and_bridges() {
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    // ¶113: a primary river without a bridge is not crossed.
    let (a, d) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.water == Water::Primary && !side.bridge
    });
    assert_eq!(h.step_cost(&s, a, d, false), None);
    // ¶114: a secondary river without a bridge adds ½ MP to the terrain.
    let (b, e) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.water == Water::Secondary && !side.bridge && side.road == Road::None
    });
    let terrain = h.board.hex(b.neighbor(e)).cost[0];
    assert_eq!(h.step_cost(&s, b, e, false), Some(terrain.plus(Mp::HALF)));
    // ¶113, §156: across a primary river at a bridge the road's rate; a broken bridge bars it.
    let (c, f) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.water == Water::Primary && side.bridge && side.road != Road::None
    });
    assert!(h.step_cost(&s, c, f, false).is_some());
    let mut t = s.clone();
    t.broken
        .push(crate::hex::Hexside::between(c, c.neighbor(f)).unwrap());
    t.broken.sort();
    assert_eq!(h.step_cost(&t, c, f, false), None);
}

#[test]
fn r55_depots_with_a_line_of_communication_are_active() {
    // ¶55: every depot of its side that a road line of at most 21 MP joins to the active source.
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    let french = h.active_depots(&s, Army::French);
    assert!(!french.is_empty(), "the French LOC reaches some depot");
    for &i in &french {
        assert_eq!(s.depots[i], crate::hov::types::FRENCH);
    }
    assert!(!h.active_depots(&s, Army::Russian).is_empty());
    // An enemy force standing on a depot cuts the line to it.
    let d = french[0];
    let at = h.board.depots[d].hex;
    let ben = h.manifest.leader("R-bennigsen").unwrap();
    let mut t = s.clone();
    t.leaders[usize::from(ben)].place = LeaderPlace::Map(at);
    assert!(!h.active_depots(&t, Army::French).contains(&d));
}

#[test]
fn r56_dispatch_distance_reaches_twelve_points_from_a_depot() {
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    let src = h.board.grid.parse("0151").unwrap();
    assert!(h.in_dispatch(&s, Army::French, src), "at the source itself");
    // 12 MP go at most 24 hexes (½ MP a hex on a primary road): a hex further than that from
    // every active French depot and the source is out of Dispatch Distance.
    let mut from: alloc::vec::Vec<Hex> = h
        .active_depots(&s, Army::French)
        .into_iter()
        .map(|i| h.board.depots[i].hex)
        .collect();
    from.push(src);
    let far = h
        .board
        .grid
        .hexes()
        .into_iter()
        .filter(|x| h.board.on_map(*x))
        .max_by_key(|x| from.iter().map(|f| f.distance(*x)).min().unwrap_or(0))
        .unwrap();
    assert!(from.iter().all(|f| f.distance(far) > 24));
    assert!(!h.in_dispatch(&s, Army::French, far));
    // Next to an active depot, off any river, is within it.
    let d = from[0];
    let near = Direction::ALL
        .into_iter()
        .find(|&k| {
            h.step_cost(&s, d, k, true)
                .is_some_and(|c| c <= Mp::whole(4))
        })
        .map(|k| d.neighbor(k))
        .unwrap();
    assert!(h.in_dispatch(&s, Army::French, near));
}
