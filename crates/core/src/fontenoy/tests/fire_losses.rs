//! 12.9 Fire Combat results: losses and who takes them, guns' halved and alternating losses,
//! heavy targets, shrinking formations and Return Fire's trigger, on the positions and helpers
//! of `tests/fire.rs`.

use super::fire::*;
use super::*;
use crate::fontenoy::state::{FireKind, FireStep, Step};
use crate::fontenoy::tables::fire::FireResult;
use crate::fontenoy::types::{Arm, Morale};

#[test]
fn r12_9b_losses_go_to_the_top_unit_until_it_is_destroyed() {
    let (r, mut s, _, them) = segment(|w| {
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
        let a2 = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            ahead(ahead(hex(F), 0), 2),
            11,
            6,
            Formation::Line,
        );
        let t = ahead(hex(F), 0);
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            t,
            7,
            1,
            Formation::Line,
        );
        let e2 = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            t,
            7,
            5,
            Formation::Line,
        );
        (alloc::vec![a, a2], alloc::vec![e, e2])
    });
    let t = ahead(hex(F), 0);
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, t));
    apply(&r, &mut s, fire_at(ahead(t, 2), Arm::Infantry, t));
    let ev = apply(&r, &mut s, Action::OpenFire);
    // 24 against 10: 2:1; 81 reads "3".
    assert_eq!(opened(&ev).2.as_deref(), Some("2:1"));
    let ev = apply(&r, &mut s, d100(81));
    assert_eq!(lost(&ev), alloc::vec![(them[0], 1), (them[1], 2)]);
    assert!(!s.unit(them[0]).on_map());
}

#[test]
fn r12_9f_e39_guns_fired_on_from_beyond_short_range_lose_half() {
    let (r, mut s, _, them) = segment(|w| {
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
            "EGUN",
            Side(1),
            Kind::Artillery,
            far(hex(F), 0, 4),
            7,
            3,
            Formation::Unlimbered,
        );
        (alloc::vec![g], alloc::vec![e])
    });
    apply(
        &r,
        &mut s,
        fire_at(hex(F), Arm::Artillery, far(hex(F), 0, 4)),
    );
    apply(&r, &mut s, Action::OpenFire);
    s.steps.pop();
    let mut ev = Vec::new();
    r.conclude(&mut s, 0, FireResult::Loss(3), 11, &mut ev);
    assert_eq!(lost(&ev), alloc::vec![(them[0], 1)]);
}

#[test]
fn r12_9g_e40_guns_on_top_of_infantry_take_every_second_loss() {
    let case = |result: u8, long: bool| -> Vec<(&'static str, u8)> {
        let (r, mut s, _, them) = segment(|w| {
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
            let t = far(hex(F), 0, 4);
            let eg = unit(
                w,
                "EGUN",
                Side(1),
                Kind::Artillery,
                t,
                7,
                3,
                Formation::Unlimbered,
            );
            let ei = unit(
                w,
                "1 EEE",
                Side(1),
                Kind::Infantry,
                t,
                7,
                6,
                Formation::Line,
            );
            (alloc::vec![g], alloc::vec![eg, ei])
        });
        apply(
            &r,
            &mut s,
            fire_at(hex(F), Arm::Artillery, far(hex(F), 0, 4)),
        );
        apply(&r, &mut s, Action::OpenFire);
        s.steps.pop();
        if !long {
            s.activation.as_mut().unwrap().fire.combats[0].long_artillery = false;
        }
        let mut ev = Vec::new();
        r.conclude(&mut s, 0, FireResult::Loss(result), 11, &mut ev);
        lost(&ev)
            .into_iter()
            .map(|(u, n)| (if u == them[0] { "guns" } else { "infantry" }, n))
            .collect()
    };
    // The guns are on top: the infantry takes the 1st and 3rd losses.
    assert_eq!(case(3, false), alloc::vec![("guns", 1), ("infantry", 2)]);
    assert_eq!(case(3, true), alloc::vec![("infantry", 2)]);
    assert_eq!(case(4, false), alloc::vec![("guns", 2), ("infantry", 2)]);
    assert_eq!(case(4, true), alloc::vec![("guns", 1), ("infantry", 2)]);
}

#[test]
fn r12_9h_columns_and_squares_lose_half_again_and_a_road_column_routs() {
    let (r, mut s, _, t) = duel();
    let them = [t];
    s.unit_mut(them[0]).formation = Formation::Square;
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    apply(&r, &mut s, Action::OpenFire);
    // "3" × 1.5 = 4.5, rounded 5.
    let ev = apply(&r, &mut s, d100(91));
    assert_eq!(lost(&ev), alloc::vec![(them[0], 5)]);
    // A Square under 3 SP becomes a Line and is Disordered (12.9j, 8.4g).
    assert_eq!(s.unit(them[0]).formation, Formation::Line);
    assert!(s.unit(them[0]).disordered);
    let (r, mut s, _, b) = duel();
    s.unit_mut(b).formation = Formation::RoadColumn;
    s.unit_mut(b).place =
        crate::fontenoy::state::Place::Map(Placed::at(ahead(hex(F), 0), Facing::new(6).unwrap()));
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    apply(&r, &mut s, Action::OpenFire);
    let ev = apply(&r, &mut s, d100(66));
    assert_eq!(lost(&ev), alloc::vec![(b, 2)]);
    assert_eq!(s.unit(b).morale, Morale::Routed);
    // MC(A) is not taken by a Road Column (12.9d).
    assert!(pending_checks(&s).is_empty());
}

#[test]
fn r12_9j_a_two_hex_line_too_weak_for_two_hexes_shrinks() {
    let (r, mut s, _, them) = segment(|w| {
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
        let t = ahead(hex(F), 0);
        let facing = Facing::new(7).unwrap();
        let hexes = crate::fontenoy::geometry::line_hexes(t, facing, 2).unwrap();
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            t,
            7,
            7,
            Formation::Line,
        );
        w.unit_state[usize::from(e)].place = crate::fontenoy::state::Place::Map(Placed {
            hexes,
            facing,
            hook: None,
        });
        (alloc::vec![a], alloc::vec![e])
    });
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    apply(&r, &mut s, Action::OpenFire);
    // Size 4 (7 over two hexes): −5. 1:1, 85 − 5 reads "2": 7 − 2 = 5 SP, under the 6 a
    // 3-rank 2-hex Line needs.
    let ev = apply(&r, &mut s, d100(85));
    assert_eq!(lost(&ev), alloc::vec![(them[0], 2)]);
    assert_eq!(s.unit(them[0]).placed().unwrap().hexes.len(), 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Shrunk { hexes: 1, .. }))
    );
}

#[test]
fn r12_9i_r_gives_the_target_return_fire_at_the_nearest_firer() {
    let (r, mut s, a, b) = duel();
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    apply(&r, &mut s, Action::OpenFire);
    // 1:1 R/D from 50.
    apply(&r, &mut s, d100(51));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Return { combat: 0 }))
    );
    assert_eq!(r.actor(&s), crate::engine::Actor::Player(Side(1)));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F)),
            Action::Pass
        ]
    );
    apply(&r, &mut s, fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F)));
    let ev = apply(&r, &mut s, Action::OpenFire);
    assert!(matches!(
        ev.iter().find(|e| matches!(e, Event::FireOpened { .. })),
        Some(Event::FireOpened {
            kind: FireKind::Return,
            ..
        })
    ));
    // 12.10: Return Fire's R/D does nothing.
    apply(&r, &mut s, d100(51));
    assert!(s.steps.is_empty());
    // 12.2c: the French battalion has been fired on by infantry.
    assert!(r.fired_on(&s, &[a], Arm::Infantry));
    let _ = b;
}
