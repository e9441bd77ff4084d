//! 12.3–12.5 Fire Combat: the firing SP (12.3), guns with other units (12.4), the target's size
//! (12.5) and 18.5a's disordered Lines, with the worked examples E34–E37 and E59; the fixtures
//! are `tests/fire.rs`'s.

use super::fire::*;
use super::*;
use crate::fontenoy::state::FireKind;
use crate::fontenoy::types::Arm;
#[test]
fn r12_3a_disordered_and_partial_los_halve_the_firing_sp() {
    let (r, s, me, _) = segment(|w| {
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
    let t = ahead(hex(F), 0);
    let mut s2 = s.clone();
    s2.unit_mut(me[0]).disordered = true;
    let formed = r
        .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Infantry, t)
        .unwrap();
    let dis = r
        .fire_preview(&s2, FireKind::Segment, Side(0), &[hex(F)], Arm::Infantry, t)
        .unwrap();
    assert_eq!((formed.strength, dis.strength), (12, 6));
}

#[test]
fn r12_3a_partial_los_along_a_blocking_hexside_halves_and_both_quarter() {
    // A line from F two hexes straight through the vertex runs along the side of the two
    // frontal hexes; a unit in one of them makes it partial.
    let (r, s, me, _) = segment(|w| {
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
        w.units[usize::from(a)].class = "skirmishers".into();
        w.unit_state[usize::from(a)].formation = Formation::Skirmish;
        let f2 = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            ahead(hex(F), 0),
            1,
            6,
            Formation::Line,
        );
        let beyond = ahead(ahead(hex(F), 0), 1);
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            beyond,
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a, f2], alloc::vec![e])
    });
    let t = ahead(ahead(hex(F), 0), 1);
    let p = r
        .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Infantry, t)
        .unwrap();
    // A skirmisher fires 2 SP at x2 at 2 hexes; half with partial LOS: 1 SP, 2.
    assert_eq!(p.strength, 2);
    let _ = me;
}

#[test]
fn r12_4c_e34_a_two_hex_line_with_guns_on_top_fires_8_sp_and_4_disordered() {
    let (r, s, me, _) = segment(|w| {
        let facing = Facing::new(1).unwrap();
        let hexes = crate::fontenoy::geometry::line_hexes(hex(F), facing, 2).unwrap();
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
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            7,
            Formation::Line,
        );
        let b = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            3,
            Formation::Line,
        );
        for u in [a, b] {
            w.unit_state[usize::from(u)].place = crate::fontenoy::state::Place::Map(Placed {
                hexes,
                facing,
                hook: None,
            });
        }
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 1),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g, a, b], alloc::vec![e])
    });
    let sp = |s: &State| -> (u32, u32) {
        let o = crate::fontenoy::occupancy::Occupancy::build(&r, s);
        let at = ahead(hex(F), 1);
        let mut art = 0;
        let mut inf = 0;
        for h in [hex(F), ahead(hex(F), 2)] {
            for arm in [Arm::Artillery, Arm::Infantry] {
                // The guns where they stand (12.4e lets them fire from the other hex too).
                let units = r.firing_units_here(s, &o, h, arm, Side(0), FireKind::Segment);
                let Some(&top) = units.first() else { continue };
                let sight = r.sight(s, &o, h, at, top, arm, Side(0)).unwrap();
                let part = r.part(s, &o, h, arm, &units, at, &sight, FireKind::Segment);
                let n: u32 = part.sp.iter().map(|&(_, n)| u32::from(n)).sum();
                if arm == Arm::Artillery {
                    art += n;
                } else {
                    inf += n;
                }
            }
        }
        (art, inf)
    };
    assert_eq!(sp(&s), (2, 6));
    let mut d = s.clone();
    for &u in &me {
        d.unit_mut(u).disordered = true;
    }
    assert_eq!(sp(&d), (2, 2));
}

#[test]
fn r12_4d_e35_a_squares_sp_aimed_into_its_guns_front_do_not_fire() {
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
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            12,
            Formation::Square,
        );
        let mut them = Vec::new();
        for d in [0u8, 3] {
            them.push(unit(
                w,
                &alloc::format!("{d} EEE"),
                Side(1),
                Kind::Infantry,
                ahead(hex(F), d),
                7,
                6,
                Formation::Line,
            ));
        }
        (alloc::vec![g, a], them)
    });
    // Direction 0 is one of the guns' Frontal hexes: the Square's SP there cannot fire.
    let e = refused(&r, &s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    assert_eq!(e.rule, "12.4d");
    // Behind the guns the Square fires its 4.
    let c = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            ahead(hex(F), 3),
        )
        .unwrap();
    assert_eq!(c.strength, 12);
    // The guns fire as if alone.
    let g = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Artillery,
            ahead(hex(F), 0),
        )
        .unwrap();
    assert_eq!(g.strength, 12);
}

#[test]
fn r12_4b_guns_under_the_infantry_of_a_line_do_not_fire() {
    let (r, s, me, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            4,
            Formation::Line,
        );
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
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a, g], alloc::vec![e])
    });
    assert!(s.unit(me[0]).order < s.unit(me[1]).order);
    assert_eq!(
        refused(&r, &s, fire_at(hex(F), Arm::Artillery, ahead(hex(F), 0))).rule,
        "12.2a"
    );
}

#[test]
fn r12_5c_e36_a_two_hex_line_of_7_infantry_and_3_gun_sp_is_size_16() {
    let (r, s, _, them) = segment(|w| {
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
        let g = unit(
            w,
            "GUN",
            Side(1),
            Kind::Artillery,
            hexes.last(),
            7,
            3,
            Formation::Unlimbered,
        );
        (alloc::vec![a], alloc::vec![e, g])
    });
    assert_eq!(r.target_size(&s, &them), 16);
    // Fired on in the hex without the guns, the target is the whole group.
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
    assert_eq!(c.target.len(), 2);
    // Size 16: +5 (provisional target size table).
    assert_eq!(c.drm, 5);
}

#[test]
fn r12_5d_e37_a_three_hex_cavalry_line_of_17_sp_is_size_11() {
    let (r, s, _, them) = segment(|w| {
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
        let hexes = crate::fontenoy::geometry::line_hexes(t, facing, 3).unwrap();
        let e = unit(w, "CAV", Side(1), Kind::Cavalry, t, 7, 17, Formation::Line);
        w.unit_state[usize::from(e)].place = crate::fontenoy::state::Place::Map(Placed {
            hexes,
            facing,
            hook: None,
        });
        (alloc::vec![a], alloc::vec![e])
    });
    assert_eq!(r.target_size(&s, &them), 11);
}

#[test]
fn r12_5f_skirmishers_are_minus_10_without_a_size_modifier() {
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
        let e = unit(
            w,
            "SKR",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            20,
            Formation::Skirmish,
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
    assert_eq!(c.drm, -10);
}

/// The infantry SP each hex of `side`'s formation at `hexes` fires at `at` in a fire of `kind`.
fn per_hex_sp(r: &Fontenoy, s: &State, side: Side, hexes: &[Hex], at: Hex) -> Vec<u32> {
    // The passive English fire as a Fire Reaction would.
    let kind = if side == Side(0) {
        FireKind::Segment
    } else {
        FireKind::Reaction
    };
    let o = crate::fontenoy::occupancy::Occupancy::build(r, s);
    hexes
        .iter()
        .map(|&h| {
            let units = r.firing_units(s, &o, h, Arm::Infantry, side, kind);
            let Some(&top) = units.first() else { return 0 };
            let sight = r.sight(s, &o, h, at, top, Arm::Infantry, side).unwrap();
            let part = r.part(s, &o, h, Arm::Infantry, &units, at, &sight, kind);
            part.sp.iter().map(|&(_, n)| u32::from(n)).sum()
        })
        .collect()
}

#[test]
fn r18_5a_e59_disordered_2_hex_lines_fire_2_per_hex() {
    // A French (4-rank) 9-SP 2-hex Line at F facing vertex 1, and an English (3-rank) 10-SP
    // 2-hex Line facing it, adjacent.
    let f1 = Facing::new(1).unwrap();
    let mine = crate::fontenoy::geometry::line_hexes(hex(F), f1, 2).unwrap();
    let there = ahead(hex(F), 1);
    let f7 = Facing::new(7).unwrap();
    let theirs = crate::fontenoy::geometry::line_hexes(there, f7, 2).unwrap();
    let (r, s, me, them) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            9,
            Formation::Line,
        );
        w.unit_state[usize::from(a)].place = crate::fontenoy::state::Place::Map(Placed {
            hexes: mine,
            facing: f1,
            hook: None,
        });
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            there,
            7,
            10,
            Formation::Line,
        );
        w.unit_state[usize::from(e)].place = crate::fontenoy::state::Place::Map(Placed {
            hexes: theirs,
            facing: f7,
            hook: None,
        });
        (alloc::vec![a], alloc::vec![e])
    });
    // Formed: what the Line SP chart lets each hex fire (E59: "3 and 4" for the 4-rank
    // Line, 4 a hex for the 3-rank one on the printed chart; the provisional chart's here).
    let formed_fr = per_hex_sp(&r, &s, Side(0), mine.as_slice(), there);
    let formed_en = per_hex_sp(&r, &s, Side(1), theirs.as_slice(), hex(F));
    assert_eq!(formed_fr, alloc::vec![4, 3]);
    assert_eq!(formed_en, alloc::vec![4, 4]);
    // 18.5a: Disordered, 2 a hex each.
    let mut d = s.clone();
    d.unit_mut(me[0]).disordered = true;
    d.unit_mut(them[0]).disordered = true;
    assert_eq!(
        per_hex_sp(&r, &d, Side(0), mine.as_slice(), there),
        alloc::vec![2, 2]
    );
    assert_eq!(
        per_hex_sp(&r, &d, Side(1), theirs.as_slice(), hex(F)),
        alloc::vec![2, 2]
    );
}
