//! 12.6 Line of Sight and 12.7 the Fire Multiplier's terrain and formation changes, on the
//! positions and helpers of `tests/fire.rs`.

use super::fire::*;
use super::*;
use crate::fontenoy::state::FireKind;
use crate::fontenoy::types::Arm;

#[test]
fn r12_6a_units_and_blocking_terrain_block_the_line_lone_commanders_do_not() {
    let (r, s, _, _) = segment(|w| {
        let g = unit(
            w,
            "GUN",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::Unlimbered,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 0, 3),
            7,
            6,
            Formation::Line,
        );
        let f2 = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            far(hex(F), 0, 2),
            0,
            6,
            Formation::MarchColumn,
        );
        (alloc::vec![g, f2], alloc::vec![e])
    });
    let t = far(hex(F), 0, 3);
    let e = refused(&r, &s, fire_at(hex(F), Arm::Artillery, t));
    assert_eq!(e.rule, "12.6a");
    // Moved away, a commander left in its place: the line is clear.
    let mut s2 = s.clone();
    let f2 = (0..s2.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].name == "2 AAA")
        .unwrap();
    s2.unit_mut(f2).place = crate::fontenoy::state::Place::Waiting;
    let cmd = (0..s2.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].name == "Dx")
        .unwrap();
    s2.unit_mut(cmd).place =
        crate::fontenoy::state::Place::Map(Placed::at(far(hex(F), 0, 2), Facing::new(1).unwrap()));
    assert!(legal(&r, &s2).contains(&fire_at(hex(F), Arm::Artillery, t)));
    // Woods in between block; woods in the target hex do not (12.6b).
    let mut r2 = r.clone();
    let mut t2 = (*r2.tables).clone();
    t2.terrain[crate::fontenoy::board::Terrain::Woods as usize].blocks_los = true;
    r2.tables = alloc::sync::Arc::new(t2);
    let r3 = r2.clone();
    let mut b = (*r2.board).clone();
    b.set_terrain(far(hex(F), 0, 2), crate::fontenoy::board::Terrain::Woods);
    r2.board = alloc::sync::Arc::new(b);
    assert_eq!(
        refused(&r2, &s2, fire_at(hex(F), Arm::Artillery, t)).rule,
        "12.6a"
    );
    let mut r3 = r3;
    let mut b = (*r3.board).clone();
    b.set_terrain(t, crate::fontenoy::board::Terrain::Woods);
    r3.board = alloc::sync::Arc::new(b);
    assert!(legal(&r3, &s2).contains(&fire_at(hex(F), Arm::Artillery, t)));
}

#[test]
fn r12_6c_an_obstacle_nearer_the_higher_end_does_not_block() {
    let (r, s, _, _) = segment(|w| {
        let g = unit(
            w,
            "GUN",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::Unlimbered,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 0, 4),
            7,
            6,
            Formation::Line,
        );
        let x = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 0, 1),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g], alloc::vec![e, x])
    });
    let t = far(hex(F), 0, 4);
    assert_eq!(
        refused(&r, &s, fire_at(hex(F), Arm::Artillery, t)).rule,
        "12.6a"
    );
    let mut r2 = r.clone();
    let mut b = (*r2.board).clone();
    b.set_elevation(hex(F), 2);
    r2.board = alloc::sync::Arc::new(b);
    // The guns stand higher; the unit next to them is nearer the higher end.
    let c = r2.fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t);
    assert!(c.is_ok(), "{c:?}");
    // Ground as high as the guns between them blocks.
    let mut b = (*r2.board).clone();
    b.set_elevation(far(hex(F), 0, 2), 2);
    r2.board = alloc::sync::Arc::new(b);
    assert_eq!(
        refused(&r2, &s, fire_at(hex(F), Arm::Artillery, t)).rule,
        "12.6a"
    );
}

#[test]
fn r12_6d_howitzers_fire_over_nearer_friends_at_half_sp() {
    let (r, s, _, _) = segment(|w| {
        let g = unit(
            w,
            "HOW",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::Unlimbered,
        );
        w.units[usize::from(g)].caliber = Some("howitzer".into());
        w.units[usize::from(g)].nationality = crate::fontenoy::types::Nationality::Dutch;
        let f2 = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            far(hex(F), 0, 1),
            1,
            6,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 0, 4),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g, f2], alloc::vec![e])
    });
    let c = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Artillery,
            far(hex(F), 0, 4),
        )
        .unwrap();
    // 2 SP halved: 1 SP at x3 (the provisional Dutch howitzer at 4 hexes).
    assert_eq!(c.strength, 3);
}

#[test]
fn r12_6e_e38_fire_through_a_flank_hex_is_enfilade_plus_1() {
    let (r, s, _, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Line,
        );
        // The target's front looks along direction 1 and 2 (facing 3): F, in direction 3
        // from it, is its flank.
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            3,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e])
    });
    let c = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            ahead(hex(F), 0),
        )
        .unwrap();
    assert!(c.enfilade && c.flank);
    // 4 SP at x3 + 1.
    assert_eq!(c.strength, 16);
}

#[test]
fn r12_7c_general_order_is_minus_1_to_the_multiplier() {
    let (r, s, _, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::GeneralOrder,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e])
    });
    let c = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            ahead(hex(F), 0),
        )
        .unwrap();
    // 3 SP a hexside in General Order, at x3 − 1.
    assert_eq!(c.strength, 6);
}
