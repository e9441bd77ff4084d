//! F-9 terrain on the scenarios' own Terrain Effects Table (its provisional completion):
//! modifiers adding up (F-9.1C), what blocks a line of sight (F-9.2, F-9.3, F-9.4), the fire
//! and morale of the bridge (F-9.2m), a vertex where a hexside changes (F-9.3), marsh in close
//! combat (F-9.2e).

use super::fire::{F, ahead, far, segment, unit};
use super::*;
use crate::fontenoy::board::{Terrain, side as hs};
use crate::fontenoy::state::FireKind;
use crate::fontenoy::tables::Tables;
use crate::fontenoy::types::Arm;
use crate::hex::Direction;
use alloc::sync::Arc;

/// The Terrain Effects Table and the other charts as scenario 1 reads them.
fn real_tables() -> Tables {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let rs = lib.scenario("fontenoy/ingoldsby").expect("scenario 1");
    Tables::new(&rs).expect("the charts read")
}

/// `r` with the real tables and `edit` made to its board.
fn on(r: &Fontenoy, edit: impl FnOnce(&mut crate::fontenoy::board::Board)) -> Fontenoy {
    let mut r = r.clone();
    r.tables = Arc::new(real_tables());
    let mut b = (*r.board).clone();
    edit(&mut b);
    r.board = Arc::new(b);
    r
}

/// French guns at F facing vertex 1 and an English battalion `n` hexes ahead (direction 0).
fn guns_and_target(n: u32) -> (Fontenoy, State, UnitId, UnitId) {
    let (r, s, me, them) = segment(|w| {
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
            far(hex(F), 0, n),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g], alloc::vec![e])
    });
    (r, s, me[0], them[0])
}

#[test]
fn f9_1c_a_village_behind_minor_fieldworks_gives_morale_minus_11() {
    let (r, s, _, e) = guns_and_target(3);
    let at = far(hex(F), 0, 3);
    // The works face the French (their front is the neighbour toward direction 3).
    let r2 = on(&r, |b| {
        b.set_terrain(at, Terrain::Village);
        b.add_side(at, Direction::ALL[3], hs::FIELDWORKS_MINOR, true);
    });
    assert_eq!(r2.terrain_morale(&s, e), -11);
    // Each alone: the village, the works.
    let village = on(&r, |b| b.set_terrain(at, Terrain::Village));
    let works = on(&r, |b| {
        b.add_side(at, Direction::ALL[3], hs::FIELDWORKS_MINOR, true)
    });
    assert_eq!(
        village.terrain_morale(&s, e) + works.terrain_morale(&s, e),
        -11
    );
    assert_ne!(works.terrain_morale(&s, e), 0);
    // In front of the works (their front toward the unit): no benefit from them.
    let wrong = on(&r, |b| {
        b.set_terrain(at, Terrain::Village);
        b.add_side(at, Direction::ALL[3], hs::FIELDWORKS_MINOR, false);
    });
    assert_eq!(wrong.terrain_morale(&s, e), village.terrain_morale(&s, e));
}

#[test]
fn f9_2_orchard_town_village_walled_farm_and_woods_block_the_line_the_rest_do_not() {
    let (r, s, _, _) = guns_and_target(3);
    let t = far(hex(F), 0, 3);
    let mid = far(hex(F), 0, 2);
    for (terrain, blocks) in [
        (Terrain::Bog, false),
        (Terrain::Broken, false),
        (Terrain::Clear, false),
        (Terrain::Marsh, false),
        (Terrain::Orchard, true),
        (Terrain::SunkenRoad, false),
        (Terrain::Town, true),
        (Terrain::Village, true),
        (Terrain::WalledFarm, true),
        (Terrain::Woods, true),
        (Terrain::River, false),
    ] {
        let r2 = on(&r, |b| b.set_terrain(mid, terrain));
        let c = r2.fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t);
        match c {
            Ok(_) => assert!(!blocks, "{terrain:?} should block"),
            Err(e) => {
                assert!(blocks, "{terrain:?} should not block: {e}");
                assert_eq!(e.rule, "12.6a");
            }
        }
        // In the target's own hex nothing blocks (12.6b).
        let r3 = on(&r, |b| b.set_terrain(t, terrain));
        if terrain != Terrain::River {
            assert!(
                r3.fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
                    .is_ok(),
                "{terrain:?} in the target hex"
            );
        }
    }
}

#[test]
fn f9_3b_f9_3c_abatis_and_fieldworks_block_unless_the_firer_is_next_to_them() {
    let (r, s, _, _) = guns_and_target(3);
    let t = far(hex(F), 0, 3);
    let mid = far(hex(F), 0, 2);
    for bit in [hs::ABATIS, hs::FIELDWORKS_MINOR, hs::FIELDWORKS_MAJOR] {
        // Between the second and third hex: the guns are not next to it.
        let r2 = on(&r, |b| b.add_side(mid, Direction::ALL[0], bit, true));
        assert_eq!(
            r2.fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
                .unwrap_err()
                .rule,
            "12.6a",
            "{bit}"
        );
        // On the guns' own hexside: they fire over it.
        let r3 = on(&r, |b| b.add_side(hex(F), Direction::ALL[0], bit, true));
        assert!(
            r3.fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
                .is_ok(),
            "{bit}"
        );
    }
    // Streams, ponds and quarries never block (F-9.3d, F-9.3e).
    for bit in [hs::STREAM, hs::POND, hs::QUARRY] {
        let r2 = on(&r, |b| b.add_side(mid, Direction::ALL[0], bit, true));
        assert!(
            r2.fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
                .is_ok(),
            "{bit}"
        );
    }
}

#[test]
fn f9_4d_the_ridge_stops_fire_across_it_unless_the_firer_is_next_to_it() {
    let (r, s, _, _) = guns_and_target(3);
    let t = far(hex(F), 0, 3);
    let one = far(hex(F), 0, 1);
    let two = far(hex(F), 0, 2);
    // The gentle slope between the first and second hexes ahead, rising away from the guns.
    let below = on(&r, |b| {
        b.add_side(one, Direction::ALL[0], hs::SLOPE_GENTLE, true)
    });
    assert_eq!(
        below
            .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
            .unwrap_err()
            .rule,
        "12.6a"
    );
    // Falling away from them: the guns above may not fire down across it either.
    let above = on(&r, |b| {
        b.add_side(one, Direction::ALL[0], hs::SLOPE_GENTLE, false)
    });
    assert!(
        above
            .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
            .is_err()
    );
    // Next to it (the slope on the guns' own hexside): they see across.
    let next = on(&r, |b| {
        b.add_side(hex(F), Direction::ALL[0], hs::SLOPE_GENTLE, true)
    });
    assert!(
        next.fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
            .is_ok()
    );
    // A target adjacent to the slope is no help to a firer away from it (F-9.4D).
    let far_side = on(&r, |b| {
        b.add_side(two, Direction::ALL[0], hs::SLOPE_GENTLE, true)
    });
    assert!(
        far_side
            .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
            .is_err()
    );
}

#[test]
fn f9_2m_the_bridge_gives_fire_defense_5_and_morale_plus_10() {
    let (r, s, _, e) = guns_and_target(3);
    let t = far(hex(F), 0, 3);
    let r2 = on(&r, |b| b.set_terrain(t, Terrain::Bridge));
    let c = r2
        .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
        .unwrap();
    assert_eq!(c.defense, 5);
    assert_eq!(r2.terrain_morale(&s, e), 10);
}

#[test]
fn f9_3_a_line_through_the_vertex_where_a_hexside_changes_still_gets_it() {
    // From F, a target two hexes off along the line between directions 0 and 1 is reached
    // through the vertex between two of its hexsides; works on either protect it.
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
            ahead(ahead(hex(F), 0), 1),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g], alloc::vec![e])
    });
    let t = ahead(ahead(hex(F), 0), 1);
    let a = ahead(hex(F), 0);
    let b = ahead(hex(F), 1);
    let base = on(&r, |_| {})
        .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
        .unwrap()
        .defense;
    for n in [a, b] {
        let d = t.direction_to(n).unwrap();
        // The works' front is the neighbour's side: the target is behind them.
        let r2 = on(&r, |bd| bd.add_side(t, d, hs::FIELDWORKS_MINOR, true));
        let c = r2
            .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
            .unwrap();
        assert!(c.defense > base, "{} vs {base}", c.defense);
    }
}

#[test]
fn f9_2e_marsh_costs_the_attacker_and_the_defender_cr() {
    let (r, s, f, a) = super::close::duel(6, 6);
    let c = crate::fontenoy::close::Combat {
        attackers: alloc::vec![super::close::group_of(&s, f)],
        defenders: alloc::vec![super::close::group_of(&s, a)],
        round: 1,
        reaction: false,
        mover: None,
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: crate::fontenoy::close::Outcome::Open,
        advanced: Vec::new(),
    };
    let open = on(&r, |_| {});
    let base = [
        open.group_cr(&s, &c, true, &c.attackers[0]),
        open.group_cr(&s, &c, false, &c.defenders[0]),
    ];
    let fa = super::close::at(&s, f);
    let da = super::close::at(&s, a);
    let att = on(&r, |b| b.set_terrain(fa, Terrain::Marsh));
    let def = on(&r, |b| b.set_terrain(da, Terrain::Marsh));
    assert_eq!(att.group_cr(&s, &c, true, &c.attackers[0]), base[0] - 2);
    assert_eq!(def.group_cr(&s, &c, false, &c.defenders[0]), base[1] - 2);
}

/// French guns at `from` facing vertex 1, an English battalion 3 hexes ahead, and a French
/// battalion on the line next to the guns.
fn battery_at(from: &str) -> (Fontenoy, State, Hex) {
    let g0 = hex(from);
    let (r, s, _, _) = segment(|w| {
        w.board = crate::fontenoy::board::Board::open(50, 50);
        let g = unit(
            w,
            "GUN",
            Side(0),
            Kind::Artillery,
            g0,
            1,
            2,
            Formation::Unlimbered,
        );
        let f2 = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            far(g0, 0, 1),
            1,
            6,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            far(g0, 0, 3),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g, f2], alloc::vec![e])
    });
    (r, s, far(g0, 0, 3))
}

#[test]
fn f3_5c_the_guns_at_s1012_fire_over_anything_not_next_to_the_target() {
    let (r, s, t) = battery_at("S1012");
    let g0 = hex("S1012");
    // Over the friends next to the guns and the woods beyond them.
    let r2 = on(&r, |b| {
        b.set_terrain(far(g0, 0, 1), Terrain::Woods);
        b.add_side(far(g0, 0, 1), Direction::ALL[0], hs::ABATIS, true);
    });
    let c = r2
        .fire_preview(&s, FireKind::Segment, Side(0), &[g0], Arm::Artillery, t)
        .expect("F-3.5c: a clear line");
    assert_eq!(c.strength, {
        // No halving: the same strength as with the line clear.
        let (r3, s3, _) = battery_at("S1012");
        let mut s3 = s3;
        let f2 = (0..s3.units.len() as UnitId)
            .find(|&u| r3.units[usize::from(u)].name == "2 AAA")
            .unwrap();
        s3.unit_mut(f2).place = crate::fontenoy::state::Place::Waiting;
        on(&r3, |_| {})
            .fire_preview(&s3, FireKind::Segment, Side(0), &[g0], Arm::Artillery, t)
            .unwrap()
            .strength
    });
    // Woods next to the target still block.
    let r4 = on(&r, |b| b.set_terrain(far(g0, 0, 2), Terrain::Woods));
    assert_eq!(
        r4.fire_preview(&s, FireKind::Segment, Side(0), &[g0], Arm::Artillery, t)
            .unwrap_err()
            .rule,
        "12.6a"
    );
    // The same guns anywhere else: the friends block.
    let (r5, s5, t5) = battery_at("S1212");
    assert!(
        on(&r5, |_| {})
            .fire_preview(
                &s5,
                FireKind::Segment,
                Side(0),
                &[hex("S1212")],
                Arm::Artillery,
                t5
            )
            .is_err()
    );
}

#[test]
fn f3_5d_the_large_redoubt_sees_over_the_abatis() {
    for (from, clear) in [("S4405", true), ("S4005", false)] {
        let (r, mut s, t) = battery_at(from);
        let g0 = hex(from);
        let f2 = (0..s.units.len() as UnitId)
            .find(|&u| r.units[usize::from(u)].name == "2 AAA")
            .unwrap();
        s.unit_mut(f2).place = crate::fontenoy::state::Place::Waiting;
        let r2 = on(&r, |b| {
            b.add_side(far(g0, 0, 1), Direction::ALL[0], hs::ABATIS, true)
        });
        let c = r2.fire_preview(&s, FireKind::Segment, Side(0), &[g0], Arm::Artillery, t);
        assert_eq!(c.is_ok(), clear, "{from}: {c:?}");
    }
}

#[test]
fn f9_2b_option_the_smouldering_area_blocks_the_line() {
    let from = crate::fontenoy::fhex::label(ahead(hex("S4721"), 3));
    let (r, mut s, t) = battery_at(&from);
    let g0 = hex(&from);
    assert_eq!(far(g0, 0, 1), hex("S4721"));
    let f2 = (0..s.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].name == "2 AAA")
        .unwrap();
    s.unit_mut(f2).place = crate::fontenoy::state::Place::Waiting;
    let mut off = on(&r, |b| b.set_terrain(hex("S4721"), Terrain::Broken));
    assert!(
        off.fire_preview(&s, FireKind::Segment, Side(0), &[g0], Arm::Artillery, t)
            .is_ok()
    );
    Arc::make_mut(&mut off.scenario_rules).options_on = alloc::vec!["9.2b-smouldering".into()];
    assert_eq!(
        off.fire_preview(&s, FireKind::Segment, Side(0), &[g0], Arm::Artillery, t)
            .unwrap_err()
            .rule,
        "12.6a"
    );
}

#[test]
fn f3_5e_french_in_a_walled_farm_fire_at_2_hexes_times_1_5_without_the_go_penalty() {
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
        let e1 = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 0, 1),
            7,
            6,
            Formation::Line,
        );
        let e2 = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 1, 2),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e1, e2])
    });
    let (near, two) = (far(hex(F), 0, 1), far(hex(F), 1, 2));
    let clear = on(&r, |_| {});
    let farm = on(&r, |b| b.set_terrain(hex(F), Terrain::WalledFarm));
    let fire = |r: &Fontenoy, s: &State, t: Hex| {
        r.fire_preview(s, FireKind::Segment, Side(0), &[hex(F)], Arm::Infantry, t)
    };
    // In the open, General Order fires at ×3 − 1 and not at 2 hexes.
    let open = fire(&clear, &s, near).unwrap().strength;
    assert!(fire(&clear, &s, two).is_err());
    let k = open / 2;
    assert_eq!(open, 2 * k);
    // In the walled farm: ×3 (no −1), then ×1.5 rounded; ×2 at 2 hexes, then ×1.5.
    assert_eq!(
        fire(&farm, &s, near).unwrap().strength,
        crate::fontenoy::types::round(9 * k as i32, 2) as u32
    );
    assert_eq!(fire(&farm, &s, two).unwrap().strength, 3 * k);
    // And no General Order penalty to its Morale Checks (F-2.9).
    let a = (0..s.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].name == "1 AAA")
        .unwrap();
    let req = crate::fontenoy::checks::CheckReq {
        unit: a,
        kind: crate::fontenoy::checks::CheckKind::Morale(crate::fontenoy::types::MoraleCheck::A),
        er_mod: 0,
    };
    let go = |r: &Fontenoy| {
        r.modified_er(&s, a, &[a], req)
            .1
            .iter()
            .any(|m| m.what.contains("19.8c"))
    };
    assert!(go(&clear));
    assert!(!go(&farm));
}
