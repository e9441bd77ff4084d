//! 20.0 Retreats: Retreat by Routing (20.2, 19.7d, 19.7e, 21.2c) and Retreat Before Close
//! Combat (20.1).
//!
//! The positions put a French battalion A at S1010 with the enemy two hexes north of it, and
//! the French Line of Retreat twenty hexes south: a rout goes straight south.

use super::checks::{put, settle, toward};
use super::*;
use crate::fontenoy::board::{Place as MapPlace, Terrain};
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::state::Step;
use crate::fontenoy::types::{Formation, Morale, MoraleCheck as MC};

/// A at S1010 facing 1 (French), the Allied E two hexes north facing away, the French rear
/// twenty hexes south; `extra` adds to the world before it is built.
fn north(extra: impl FnOnce(&mut World)) -> (Fontenoy, State, UnitId, UnitId) {
    let mut w = World::new();
    let a = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let e = w.infantry("1 EEE", Side(1), "EEE", "S1010", 3);
    w.division("X", Side(0), None, &[a]);
    w.division("Y", Side(1), None, &[e]);
    w.board.places.push(MapPlace {
        id: "french-retreat-exits".into(),
        name: "rear".into(),
        kind: "exit".into(),
        hexes: alloc::vec![toward("S1010", 5, 20)],
    });
    extra(&mut w);
    let (r, mut s) = w.build();
    put(&mut s, e, toward("S1010", 2, 2), 3);
    (r, s, a, e)
}

fn here(s: &State, u: UnitId) -> Hex {
    s.unit(u).placed().unwrap().hex()
}

/// Rivers on the south-east and south-west of the hexes `n` = 1.. south of S1010 (a corridor).
fn corridor(w: &mut World, rows: &[u8]) {
    for &n in rows {
        let h = toward("S1010", 5, n);
        w.board
            .set_terrain(h.neighbor(crate::hex::Direction::ALL[0]), Terrain::River);
        w.board
            .set_terrain(h.neighbor(crate::hex::Direction::ALL[4]), Terrain::River);
    }
}

#[test]
fn r20_2a_r20_2g_infantry_routs_4_hexes_away_from_the_enemy_toward_the_rear() {
    let (r, mut s, a, e) = north(|_| {});
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    assert_eq!(s.unit(a).morale, Morale::Routed);
    assert_eq!(s.unit(a).formation, Formation::Rout);
    assert!(!s.unit(a).disordered);
    let path: Vec<Hex> = ev
        .iter()
        .filter_map(|x| match x {
            Event::Retreated { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    assert_eq!(
        path,
        (1..=4).map(|n| toward("S1010", 5, n)).collect::<Vec<_>>()
    );
    assert!(s.retreats.is_empty());
    assert_eq!(s.unit(a).sp, 6);
}

#[test]
fn r20_2a_cavalry_routs_6_hexes() {
    let (r, mut s, a, e) = north(|w| w.units[0].kind = Kind::Cavalry);
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    assert_eq!(here(&s, a), toward("S1010", 5, 6));
}

#[test]
fn r20_2e_artillery_never_routs_it_is_destroyed() {
    let (r, mut s, a, _) = north(|w| w.units[0].kind = Kind::Artillery);
    let mut ev = Vec::new();
    r.rout(&mut s, a, &mut ev);
    assert_eq!(s.unit(a).place, crate::fontenoy::state::Place::Destroyed);
    assert_eq!(s.armies[0].sp_lost, 6);
}

#[test]
fn r20_2b_one_sp_for_each_enemy_zoc_hex_entered() {
    // An enemy east of S1012 faces west: S1012 and S1013 are in its ZOC.
    let (r, mut s, a, e) = north(|w| {
        w.infantry("2 EEE", Side(1), "EEE", "S2020", 1);
    });
    put(
        &mut s,
        2,
        toward("S1010", 5, 2).neighbor(crate::hex::Direction::ALL[0]),
        7,
    );
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    ev.extend(settle(&r, &mut s));
    assert_eq!(s.unit(a).sp, 4);
}

#[test]
fn r20_2b_friends_passed_take_mc_f_once_the_retreat_is_over() {
    let (r, mut s, a, e) = north(|w| {
        corridor(w, &[1]);
        w.infantry("2 AAA", Side(0), "AAA", "S2020", 1);
    });
    let f = 2;
    put(&mut s, f, toward("S1010", 5, 2), 1);
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    ev.extend(settle(&r, &mut s));
    assert_eq!(here(&s, f), toward("S1010", 5, 2));
    assert_ne!(here(&s, a), here(&s, f));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: f,
            kind: CheckKind::Morale(MC::F),
            er_mod: 0
        }))
    );
}

#[test]
fn r20_2b_a_routed_friend_passed_through_retreats_too() {
    let (r, mut s, a, e) = north(|w| {
        corridor(w, &[1]);
        w.infantry("2 AAA", Side(0), "AAA", "S2020", 1);
    });
    let f = 2;
    put(&mut s, f, toward("S1010", 5, 2), 1);
    s.unit_mut(f).morale = Morale::Routed;
    s.unit_mut(f).formation = Formation::Rout;
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    ev.extend(settle(&r, &mut s));
    assert_ne!(here(&s, f), toward("S1010", 5, 2));
    assert!(
        ev.iter()
            .any(|x| matches!(x, Event::RetreatEnds { unit, .. } if *unit == f))
    );
    assert!(
        !s.steps.iter().any(|st| matches!(st, Step::Check(_))),
        "no MC(F) for a Routed unit"
    );
}

#[test]
fn r20_2c_a_routing_unit_goes_on_past_friends_to_an_empty_hex_without_loss() {
    let (r, mut s, a, e) = north(|w| {
        corridor(w, &[1, 2, 3]);
        w.infantry("2 AAA", Side(0), "AAA", "S2020", 1);
    });
    let f = 2;
    put(&mut s, f, toward("S1010", 5, 4), 1);
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    assert_eq!(here(&s, a), toward("S1010", 5, 5));
    assert_eq!(s.unit(a).sp, 6);
    assert!(matches!(s.steps.last(), Some(Step::Check(req)) if req.unit == f));
}

#[test]
fn r20_2d_one_sp_for_each_hex_it_cannot_retreat() {
    let (r, mut s, a, e) = north(|w| {
        // Rivers all round but the north (toward the enemy: no retreat there).
        for d in [0u8, 1, 3, 4, 5] {
            w.board.set_terrain(toward("S1010", d, 1), Terrain::River);
        }
    });
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    assert_eq!(here(&s, a), hex("S1010"));
    assert_eq!(s.unit(a).sp, 2);
    assert!(
        ev.iter()
            .any(|x| matches!(x, Event::SpLost { lost: 4, .. }))
    );
}

#[test]
fn r20_2g_equally_good_hexes_are_the_owners_choice() {
    // No rear on the map: the three hexes away from the enemy to the south... the south and
    // its two neighbours are equally far, and the rear does not tell them apart.
    let (r, mut s, a, e) = north(|w| w.board.places.clear());
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    assert_eq!(s.steps.last(), Some(&Step::RetreatChoice { unit: a }));
    let choices = legal(&r, &s);
    assert_eq!(choices.len(), 3);
    let to = toward("S1010", 0, 1);
    assert!(choices.contains(&Action::Retreat { unit: a, to }));
    assert_eq!(r.actor(&s), crate::engine::Actor::Player(Side(0)));
    apply(&r, &mut s, Action::Retreat { unit: a, to });
    assert_eq!(here(&s, a), to);
}

#[test]
fn r19_7e_a_routing_two_hex_line_collapses_into_the_hex_its_owner_chooses() {
    let (r, mut s, a, e) = north(|_| {});
    let f = crate::hex::Facing::new(1).unwrap();
    let line = crate::fontenoy::geometry::line_hexes(hex("S1010"), f, 2).unwrap();
    s.unit_mut(a).place = crate::fontenoy::state::Place::Map(Placed {
        hexes: line,
        facing: f,
        hook: None,
    });
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    assert_eq!(s.steps.last(), Some(&Step::RetreatChoice { unit: a }));
    let choices = legal(&r, &s);
    let second = line.as_slice()[1];
    assert_eq!(
        choices,
        alloc::vec![
            Action::Retreat {
                unit: a,
                to: hex("S1010")
            },
            Action::Retreat {
                unit: a,
                to: second
            }
        ]
    );
    apply(
        &r,
        &mut s,
        Action::Retreat {
            unit: a,
            to: second,
        },
    );
    settle(&r, &mut s);
    assert_eq!(s.unit(a).placed().unwrap().hexes.len(), 1);
    assert_eq!(s.unit(a).formation, Formation::Rout);
}

#[test]
fn r19_7d_a_groups_losses_come_from_the_unit_its_owner_picks() {
    let (r, mut s, a, e) = north(|w| {
        w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
        w.infantry("2 EEE", Side(1), "EEE", "S2020", 1);
    });
    let b = 2;
    put(
        &mut s,
        3,
        toward("S1010", 5, 2).neighbor(crate::hex::Direction::ALL[0]),
        7,
    );
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    assert_eq!(s.unit(b).morale, Morale::Routed, "the whole group Routs");
    assert_eq!(here(&s, a), here(&s, b), "and stays together (20.2c)");
    assert_eq!(s.steps.last(), Some(&Step::RetreatChoice { unit: a }));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::TakeLoss { unit: a }, Action::TakeLoss { unit: b }]
    );
    apply(&r, &mut s, Action::TakeLoss { unit: b });
    apply(&r, &mut s, Action::TakeLoss { unit: b });
    assert_eq!((s.unit(a).sp, s.unit(b).sp), (6, 4));
    assert!(s.retreats.is_empty());
}

#[test]
fn r21_2c_a_commander_retreats_with_his_group() {
    let (r, mut s, a, e) = north(|w| {
        w.commander("Dx", Side(0), "S1010", 4, 4);
    });
    let mut ev = Vec::new();
    r.rout_from(&mut s, a, &[e], &mut ev);
    assert_eq!(here(&s, 2), toward("S1010", 5, 4));
}

#[test]
fn r20_1_who_may_retreat_before_combat() {
    let (r, mut s, a, e) = north(|w| {
        w.units[0].kind = Kind::Cavalry;
        w.infantry("CAV", Side(1), "C", "S2020", 1);
        w.units[2].kind = Kind::Cavalry;
    });
    assert!(
        r.may_retreat_before_combat(&s, &[a], &[e]),
        "cavalry from foot"
    );
    assert!(
        !r.may_retreat_before_combat(&s, &[a], &[e, 2]),
        "not from cavalry"
    );
    s.unit_mut(a).disordered = true;
    assert!(
        !r.may_retreat_before_combat(&s, &[a], &[e]),
        "not Disordered (20.1e)"
    );
}

#[test]
fn r20_1a_one_or_two_hexes_as_the_owner_chooses_then_mc_d() {
    let (r, mut s, a, e) = north(|w| w.units[0].kind = Kind::Cavalry);
    let mut ev = Vec::new();
    assert!(r.retreat_before_combat(&mut s, a, &[e], &mut ev));
    assert_eq!(s.steps.last(), Some(&Step::RetreatChoice { unit: a }));
    // Away from E: the three hexes to the south; no stop before the first hex.
    let first = legal(&r, &s);
    assert_eq!(first.len(), 3);
    assert!(!first.contains(&Action::EndRetreat { unit: a }));
    let to = toward("S1010", 5, 1);
    apply(&r, &mut s, Action::Retreat { unit: a, to });
    assert!(legal(&r, &s).contains(&Action::EndRetreat { unit: a }));
    apply(&r, &mut s, Action::EndRetreat { unit: a });
    assert_eq!(here(&s, a), to);
    assert_eq!(
        s.unit(a).formation,
        Formation::Line,
        "same formation (20.1d)"
    );
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: a,
            kind: CheckKind::Morale(MC::D),
            er_mod: 0
        }))
    );
}

#[test]
fn r20_1b_not_into_an_enemy_zoc_r20_1e_difficult_terrain_disorders() {
    let (r, mut s, a, e) = north(|w| {
        w.units[0].kind = Kind::Cavalry;
        w.infantry("2 EEE", Side(1), "EEE", "S2020", 1);
        w.board.set_terrain(toward("S1010", 5, 1), Terrain::Woods);
    });
    let mut r = r;
    alloc::sync::Arc::make_mut(&mut r.tables).terrain[Terrain::Woods as usize].difficult = true;
    // The enemy's ZOC covers the south-east hex.
    put(&mut s, 2, toward("S1010", 0, 2), 5);
    let mut ev = Vec::new();
    assert!(r.retreat_before_combat(&mut s, a, &[e], &mut ev));
    let choices = legal(&r, &s);
    assert!(!choices.contains(&Action::Retreat {
        unit: a,
        to: toward("S1010", 0, 1)
    }));
    apply(
        &r,
        &mut s,
        Action::Retreat {
            unit: a,
            to: toward("S1010", 5, 1),
        },
    );
    apply(&r, &mut s, Action::EndRetreat { unit: a });
    assert!(s.unit(a).disordered, "20.1e: before its MC(D)");
}
