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
fn r20_2_a_routing_unit_destroyed_while_its_choice_waits_leaves_no_choice() {
    // The long soak found a Routed unit destroyed while its collapse choice waited: the step
    // was left with no legal action.
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
    let mut ev = Vec::new();
    let sp = s.unit(a).sp;
    r.lose_sp(&mut s, a, sp, "16.2b", &mut ev);
    assert!(!s.unit(a).on_map());
    r.settle_retreats(&mut s, &mut ev);
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, Step::RetreatChoice { .. }))
    );
    assert!(s.retreats.is_empty());
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

/// Runs a Retreat Before Close Combat of `a` from `e` straight south, `n` hexes, and ends it.
fn rbcc_south(r: &Fontenoy, s: &mut State, a: UnitId, e: UnitId, n: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    assert!(r.retreat_before_combat(s, a, &[e], &mut ev));
    for k in 1..=n {
        ev.extend(apply(
            r,
            s,
            Action::Retreat {
                unit: a,
                to: toward("S1010", 5, k),
            },
        ));
    }
    if matches!(s.steps.last(), Some(Step::RetreatChoice { .. })) {
        ev.extend(apply(r, s, Action::EndRetreat { unit: a }));
    }
    ev
}

#[test]
fn r20_1c_a_retreat_before_combat_through_friends_gives_them_mc_f_and_never_ends_on_them() {
    let (r, mut s, a, e) = north(|w| {
        w.units[0].kind = Kind::Cavalry;
        w.infantry("2 AAA", Side(0), "AAA", "S2020", 1);
    });
    let f = 2;
    put(&mut s, f, toward("S1010", 5, 1), 1);
    let mut ev = Vec::new();
    assert!(r.retreat_before_combat(&mut s, a, &[e], &mut ev));
    apply(
        &r,
        &mut s,
        Action::Retreat {
            unit: a,
            to: toward("S1010", 5, 1),
        },
    );
    // On the friend's hex it may not stop: only a second hex onward is offered.
    let acts = legal(&r, &s);
    assert!(!acts.contains(&Action::EndRetreat { unit: a }));
    assert!(acts.contains(&Action::Retreat {
        unit: a,
        to: toward("S1010", 5, 2)
    }));
    apply(
        &r,
        &mut s,
        Action::Retreat {
            unit: a,
            to: toward("S1010", 5, 2),
        },
    );
    // Two hexes: the retreat is over; A takes its MC(D), then the friend its MC(F).
    let n = s.steps.len();
    assert_eq!(
        s.steps[n - 2..],
        [
            Step::Check(CheckReq {
                unit: f,
                kind: CheckKind::Morale(MC::F),
                er_mod: 0
            }),
            Step::Check(CheckReq {
                unit: a,
                kind: CheckKind::Morale(MC::D),
                er_mod: 0
            })
        ]
    );
}

#[test]
fn r20_1c_skirmishers_retreating_before_combat_pass_friends_freely() {
    let (r, mut s, a, e) = north(|w| {
        w.units[0].skirmish = crate::fontenoy::units::Skirmish::Always;
        w.infantry("2 AAA", Side(0), "AAA", "S2020", 1);
    });
    let f = 2;
    put(&mut s, f, toward("S1010", 5, 1), 1);
    rbcc_south(&r, &mut s, a, e, 2);
    assert_eq!(here(&s, a), toward("S1010", 5, 2));
    let checks: Vec<&Step> = s
        .steps
        .iter()
        .filter(|st| matches!(st, Step::Check(_)))
        .collect();
    assert_eq!(
        checks,
        alloc::vec![&Step::Check(CheckReq {
            unit: a,
            kind: CheckKind::Morale(MC::D),
            er_mod: 0
        })],
        "no MC(F) for the friend passed"
    );
}

#[test]
fn r20_1c_no_retreat_before_combat_that_would_have_to_end_on_friends() {
    // Friends fill every hex away from the enemy, two deep: nowhere to end.
    let (r, mut s, a, e) = north(|w| {
        w.units[0].kind = Kind::Cavalry;
        for k in 0..9 {
            w.infantry(&alloc::format!("{} FFF", k + 2), Side(0), "FFF", "S2020", 1);
        }
    });
    let ring = [
        toward("S1010", 5, 1),
        toward("S1010", 0, 1),
        toward("S1010", 4, 1),
        toward("S1010", 5, 2),
        toward("S1010", 0, 2),
        toward("S1010", 4, 2),
        toward("S1010", 5, 1).neighbor(crate::hex::Direction::ALL[0]),
        toward("S1010", 5, 1).neighbor(crate::hex::Direction::ALL[4]),
        toward("S1010", 0, 1).neighbor(crate::hex::Direction::ALL[1]),
    ];
    for (k, h) in ring.iter().enumerate() {
        put(&mut s, 2 + k as UnitId, *h, 1);
    }
    put(
        &mut s,
        10,
        toward("S1010", 4, 1).neighbor(crate::hex::Direction::ALL[3]),
        1,
    );
    let mut ev = Vec::new();
    assert!(!r.retreat_before_combat(&mut s, a, &[e], &mut ev));
    assert!(s.retreats.is_empty());
    assert_eq!(here(&s, a), hex("S1010"));
}

#[test]
fn r20_1d_no_retreat_before_combat_into_a_hex_that_forces_general_order() {
    use crate::fontenoy::tables::GoFor;
    let town = toward("S1010", 5, 1);
    let (mut r, s, a, e) = north(|w| w.board.set_terrain(town, Terrain::Town));
    alloc::sync::Arc::make_mut(&mut r.tables).terrain[Terrain::Town as usize].general_order =
        GoFor::Infantry;
    // Light infantry before line infantry (20.1): the town is refused.
    let mut r1 = r.clone();
    alloc::sync::Arc::make_mut(&mut r1.units)[usize::from(a)].class = "light_infantry".into();
    let mut s1 = s.clone();
    let mut ev = Vec::new();
    assert!(r1.may_retreat_before_combat(&s1, &[a], &[e]));
    assert!(r1.retreat_before_combat(&mut s1, a, &[e], &mut ev));
    let acts = legal(&r1, &s1);
    assert!(!acts.contains(&Action::Retreat { unit: a, to: town }));
    assert_eq!(acts.len(), 2);
    // Skirmishers keep their formation there (F-9.2i): they may.
    let mut s2 = s.clone();
    s2.unit_mut(a).formation = Formation::Skirmish;
    let mut ev = Vec::new();
    assert!(r.retreat_before_combat(&mut s2, a, &[e], &mut ev));
    assert!(legal(&r, &s2).contains(&Action::Retreat { unit: a, to: town }));
    assert_eq!(s2.unit(a).formation, Formation::Skirmish);
}

#[test]
fn f3_1d_f4_1e_g_skirmishers_retreat_before_infantry_and_before_cavalry_only_in_cover() {
    for nat in [
        crate::fontenoy::types::Nationality::French,
        crate::fontenoy::types::Nationality::Austrian,
    ] {
        let (r, mut s, a, e) = north(|w| {
            w.units[0].nationality = nat;
            w.units[0].skirmish = crate::fontenoy::units::Skirmish::Always;
            w.infantry("CAV", Side(1), "C", "S2020", 1);
            w.units[2].kind = Kind::Cavalry;
        });
        assert!(
            r.may_retreat_before_combat(&s, &[a], &[e]),
            "{nat:?} from infantry"
        );
        assert!(
            !r.may_retreat_before_combat(&s, &[a], &[2]),
            "{nat:?}: not from cavalry in the open"
        );
        let mut r = r;
        for t in [Terrain::Woods, Terrain::Village, Terrain::Town] {
            alloc::sync::Arc::make_mut(&mut r.board).set_terrain(hex("S1010"), t);
            assert!(
                r.may_retreat_before_combat(&s, &[a], &[2]),
                "{nat:?}: from cavalry in {t:?}"
            );
        }
        // A skirmish-capable unit retreats so only in Skirmish order, Disordered or not.
        s.unit_mut(a).disordered = true;
        assert!(r.may_retreat_before_combat(&s, &[a], &[e]));
    }
}

#[test]
fn f4_1e_f_austrian_light_cavalry_retreats_before_all_but_light_cavalry() {
    let (r, s, a, e) = north(|w| {
        w.units[0].kind = Kind::Cavalry;
        w.units[0].nationality = crate::fontenoy::types::Nationality::Austrian;
        w.units[0].light = true;
        w.infantry("CAV", Side(1), "C", "S2020", 1);
        w.units[2].kind = Kind::Cavalry;
        w.infantry("LCAV", Side(1), "C", "S2020", 1);
        w.units[3].kind = Kind::Cavalry;
        w.units[3].light = true;
        w.infantry("HUS", Side(0), "H", "S2020", 1);
        w.units[4].kind = Kind::Cavalry;
        w.units[4].nationality = crate::fontenoy::types::Nationality::Austrian;
    });
    assert!(r.may_retreat_before_combat(&s, &[a], &[e]), "from infantry");
    assert!(
        r.may_retreat_before_combat(&s, &[a], &[2]),
        "from heavy cavalry"
    );
    assert!(r.may_retreat_before_combat(&s, &[a], &[e, 2]), "from both");
    assert!(
        !r.may_retreat_before_combat(&s, &[a], &[3]),
        "not from light cavalry"
    );
    assert!(!r.may_retreat_before_combat(&s, &[a], &[2, 3]));
    // Austrian line cavalry only from foot.
    assert!(r.may_retreat_before_combat(&s, &[4], &[e]));
    assert!(!r.may_retreat_before_combat(&s, &[4], &[2]));
}

#[test]
fn f3_7b_swedish_guns_retreat_before_infantry_alone_or_together() {
    use crate::fontenoy::units::ByHand;
    let (r, mut s, a, e) = north(|w| {
        w.units[0].kind = Kind::Artillery;
        w.units[0].by_hand = ByHand::Fp2;
        w.infantry("4 LB S 9", Side(0), "G", "S1010", 1);
        w.units[2].kind = Kind::Artillery;
        w.units[2].by_hand = ByHand::Fp2;
        w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
        w.infantry("CAV", Side(1), "C", "S2020", 1);
        w.units[4].kind = Kind::Cavalry;
        w.infantry("12 LB", Side(0), "G", "S2020", 1);
        w.units[5].kind = Kind::Artillery;
        w.units[5].by_hand = ByHand::No;
    });
    assert!(r.may_retreat_before_combat(&s, &[a], &[e]), "alone");
    assert!(
        r.may_retreat_before_combat(&s, &[a, 2], &[e]),
        "two Swedish guns"
    );
    assert!(
        !r.may_retreat_before_combat(&s, &[a, 3], &[e]),
        "not with infantry"
    );
    assert!(
        !r.may_retreat_before_combat(&s, &[a], &[4]),
        "not before cavalry"
    );
    assert!(
        !r.may_retreat_before_combat(&s, &[a, 5], &[e]),
        "not with other guns"
    );
    assert!(
        !r.may_retreat_before_combat(&s, &[5], &[e]),
        "other guns never"
    );
    s.unit_mut(a).disordered = true;
    assert!(
        !r.may_retreat_before_combat(&s, &[a], &[e]),
        "not Disordered"
    );
}

#[test]
fn f4_1e_b_c_austrian_cavalry_charges_2_hexes_dutch_and_english_1() {
    use crate::fontenoy::types::{Nationality as N, Pts};
    let (r, _s, _, _) = north(|w| {
        for (k, n) in [N::Austrian, N::Dutch, N::English, N::French]
            .into_iter()
            .enumerate()
        {
            w.infantry(&alloc::format!("CAV {k}"), Side(1), "C", "S2020", 1);
            w.units[2 + k].kind = Kind::Cavalry;
            w.units[2 + k].nationality = n;
        }
        w.infantry("HUS", Side(1), "C", "S2020", 1);
        w.units[6].kind = Kind::Cavalry;
        w.units[6].nationality = N::Austrian;
        w.units[6].light = true;
    });
    assert_eq!(r.charge_range(&[2]), Pts::whole(2), "Austrian (F-4.1e B)");
    assert_eq!(
        r.charge_range(&[6]),
        Pts::whole(2),
        "Austrian light (F-4.1e B)"
    );
    assert_eq!(r.charge_range(&[3]), Pts::whole(1), "Dutch (F-4.1e C)");
    assert_eq!(r.charge_range(&[4]), Pts::whole(1), "English (F-4.1e C)");
    assert_eq!(r.charge_range(&[5]), Pts::whole(3), "French (F-3.1c)");
    assert_eq!(
        r.charge_range(&[2, 3]),
        Pts::whole(1),
        "a group's shortest (13.3a)"
    );
}
