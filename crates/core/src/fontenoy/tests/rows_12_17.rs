//! Rows of the coverage table for 12.0–17.0 (fire, close combat, advance, pursuit, Cavalry
//! Reaction) that earlier rounds left partial: each test pins one rule case with exact values,
//! on the positions of `tests/close.rs` and `tests/fire.rs`.

use super::close::{
    AL, FR, ahead, at, attack, cavalry_attacked, cc, checks, dice_for, duel, refused, roll, settle,
    top, unit,
};
use super::*;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::checks::CheckKind;
use crate::fontenoy::close::{CcResult, CloseStep};
use crate::fontenoy::state::{Act, Step};
use crate::fontenoy::tables::GoFor;
use crate::fontenoy::types::{DisorderCheck, Morale, MoraleCheck};
use alloc::sync::Arc;

/// The checks in `ev`: (unit, check, passed, special).
fn checks_in(ev: &[Event]) -> Vec<(UnitId, CheckKind, Option<bool>, Option<String>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Check {
                unit,
                check,
                passed,
                special,
                ..
            } => Some((*unit, *check, *passed, special.clone())),
            _ => None,
        })
        .collect()
}

/// Applies result `code` to the combat under way and runs what follows it.
fn result(r: &Fontenoy, s: &mut State, code: &str) -> Vec<Event> {
    let c = r.close_segment(s).unwrap().current.clone().unwrap();
    let mut ev = Vec::new();
    r.apply_close_result(s, &c, CcResult::parse(code).unwrap(), &mut ev);
    r.run_resumes(s, &mut ev);
    ev
}

// --- 12.7a terrain that halves the multiplier ---------------------------------------------

#[test]
fn r12_7a_terrain_that_halves_the_multiplier_rounds_it_down() {
    use super::fire as fi;
    use crate::fontenoy::state::FireKind;
    use crate::fontenoy::types::Arm;
    let target = fi::ahead(hex(fi::F), 0);
    let (r, s, _, _) = fi::segment(|w| {
        let a = fi::unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(fi::F),
            1,
            6,
            Formation::Line,
        );
        let e = fi::unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            target,
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e])
    });
    let strength = |r: &Fontenoy| {
        r.fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(fi::F)],
            Arm::Infantry,
            target,
        )
        .unwrap()
        .strength
    };
    // 4 SP at x3 in the open.
    assert_eq!(strength(&r), 12);
    // The target in woods whose TET row halves the multiplier: x3 halved, rounded down, x1.
    let mut r2 = r.clone();
    let mut t = (*r2.tables).clone();
    t.terrain[Terrain::Woods as usize] = t.terrain[Terrain::Clear as usize];
    t.terrain[Terrain::Woods as usize].halves_multiplier = true;
    r2.tables = Arc::new(t);
    let mut b = (*r2.board).clone();
    b.set_terrain(target, Terrain::Woods);
    r2.board = Arc::new(b);
    assert_eq!(strength(&r2), 4);
}

// --- 13.7c, 13.9a retreat before combat --------------------------------------------------

#[test]
fn r13_7c_r13_9a_a_retreat_before_combat_moves_the_group_takes_mc_d_and_the_attacker_advances() {
    let (r, mut s, f, a, t) = cavalry_attacked();
    apply(&r, &mut s, Action::RetreatBefore { unit: a });
    settle(&r, &mut s);
    assert_ne!(at(&s, a), t, "the cavalry has left its hex (20.1)");
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, a);
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::D), "13.9c: MC(D)");
        }
        other => panic!("expected the MC(D), found {other:?}"),
    }
    let ev = apply(&r, &mut s, d100(50));
    assert!(
        !checks_in(&ev)
            .iter()
            .any(|c| c.1 == CheckKind::Morale(MoraleCheck::B) && c.0 == a),
        "no MC(B) for a group that retreated (13.9c)"
    );
    // 13.9a: the attacker must advance into the vacated hex.
    checks(&r, &mut s);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Advance {
            unit: f,
            to: t,
            alone: false
        }]
    );
    assert_eq!(refused(&r, &s, Action::EndAdvance).rule, "15.1c");
}

// --- 13.8 committed cavalry -----------------------------------------------------------------

/// E46 situation 1: French A attacks English X ahead of it; English cavalry Y stands on A's
/// flank facing it. `w2`: a second French battalion at a hex facing a vertex, unactivated
/// when `asleep`.
fn e46(w2: Option<(Hex, u8)>, asleep: bool) -> (Fontenoy, State, [UnitId; 4]) {
    let mut ids = [0; 4];
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let x = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            let y = unit(w, "Y CAV", AL, Kind::Cavalry, 4, ahead(hex("S1010"), 2), 9);
            let mut fr = alloc::vec![a];
            let mut b = a;
            if let Some((h, f)) = w2 {
                b = unit(w, "2 FRA", FR, Kind::Infantry, 6, h, f);
                fr.push(b);
            }
            ids = [a, x, y, b];
            (fr, alloc::vec![x, y])
        },
        |_| {},
    );
    let [a, x, _, b] = ids;
    if asleep {
        s.unit_mut(b).act = Act::Unactivated;
    }
    let t = at(&s, x);
    apply(&r, &mut s, Action::Attack { unit: a, target: t });
    apply(&r, &mut s, Action::EndSegment);
    checks(&r, &mut s);
    (r, s, ids)
}

#[test]
fn r13_8b_cavalry_in_an_activated_enemys_zoc_may_not_be_committed() {
    // B, of the activated Division, stands beyond Y facing it: Y is in B's ZOC.
    let y_hex = ahead(hex("S1010"), 2);
    let b_hex = ahead(y_hex, 2);
    let (r, s, [_, _, y, b]) = e46(Some((b_hex, 9)), false);
    assert!(
        r.frontal_hexes(&s, b).contains(&y_hex),
        "the position: Y is in B's ZOC"
    );
    assert_ne!(
        top(&s),
        Some(Step::Close(CloseStep::Commit)),
        "13.8b: in an activated enemy's ZOC, Y is not offered"
    );
    assert!(!legal(&r, &s).contains(&Action::Commit { unit: y }));
    // B unactivated: its ZOC does not stop the commitment.
    let (r, s, [_, _, y, _]) = e46(Some((b_hex, 9)), true);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Commit)));
    assert!(legal(&r, &s).contains(&Action::Commit { unit: y }));
}

#[test]
fn r13_8e_uncommitted_cavalry_still_flanks_the_attacker() {
    let (r, mut s, [a, x, y, _]) = e46(None, false);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Commit)));
    apply(&r, &mut s, Action::Pass);
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert!(
        !c.defenders.iter().any(|g| g.units.contains(&y)),
        "Y stays out of the combat"
    );
    let with_y = r.group_cr(&s, &c, true, &c.attackers[0]);
    let mut t = s.clone();
    t.unit_mut(y).place = crate::fontenoy::state::Place::Waiting;
    let without = r.group_cr(&t, &c, true, &c.attackers[0]);
    assert_eq!(r.tables.close.cr.flanked, -3);
    assert_eq!(with_y, without - 3, "13.8e, 13.11c: flanked by Y, −3");
    let _ = (a, x);
}

// --- 13.11c an Attack Column before a Line -------------------------------------------------

#[test]
fn r13_11c_an_attack_column_in_a_lines_front_is_always_flanked() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    let line = [
        r.group_cr(&s, &c, true, &c.attackers[0]),
        r.group_cr(&s, &c, false, &c.defenders[0]),
    ];
    // The attacker in Attack Column, in the defending Line's front: the Line flanks it (+3).
    let mut col = s.clone();
    col.unit_mut(f).formation = Formation::AttackColumn;
    let m = &r.tables.close.cr;
    assert_eq!(m.flanking, 3);
    assert_eq!(r.group_cr(&col, &c, false, &c.defenders[0]), line[1] + 3);
    // A Line of a third unit outside the combat with the column in its front: −3 to it.
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            // Next to it toward direction 1, facing back at the French unit's hex.
            let o = unit(w, "2 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 1), 9);
            ids = (f, a, o);
            (alloc::vec![f], alloc::vec![a, o])
        },
        |_| {},
    );
    let (f, a, o) = ids;
    assert!(r.frontal_hexes(&s, o).contains(&hex("S1010")));
    s.unit_mut(f).formation = Formation::AttackColumn;
    // The column against the first defender only (the second fights elsewhere or not at all).
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
    let col = r.group_cr(&s, &c, true, &c.attackers[0]);
    s.unit_mut(f).formation = Formation::Line;
    let plain = r.group_cr(&s, &c, true, &c.attackers[0]);
    assert_eq!(col, plain - 3, "flanked by a Line outside the combat");
}

// --- 14.4d, 14.8c the MC(G) rolls ----------------------------------------------------------

#[test]
fn r14_4d_r14_8c_an_mc_g_of_05_after_m_is_an_ordinary_failure() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    let dice = dice_for(&r, &s, "M", false);
    roll(&r, &mut s, dice);
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, f);
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::G));
        }
        other => panic!("expected the attacker's MC(G), found {other:?}"),
    }
    let ev = apply(&r, &mut s, d100(5));
    let c = checks_in(&ev);
    assert_eq!(
        c[0],
        (f, CheckKind::Morale(MoraleCheck::G), Some(false), None),
        "05 is read as a number: below the ER, a plain failure (F-8.3a: only 00 and 09 are special)"
    );
    settle(&r, &mut s);
    assert_eq!(s.unit(f).sp, 5, "14.4c: a failed MC(G) costs 1 SP");
    assert_eq!(s.unit(f).morale, Morale::Routed);
}

// --- 14.6a R: the hex mates of a routed attacker -------------------------------------------

#[test]
fn r14_6a_an_attacker_that_routs_leaves_its_unactivated_hex_mates_an_mc_e() {
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let u = unit(w, "2 FRA", FR, Kind::Infantry, 2, hex("S1010"), 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            w.unit_state[usize::from(u)].order = 1;
            ids = (f, u, a);
            (alloc::vec![f], alloc::vec![a])
        },
        |_| {},
    );
    let (f, u, a) = ids;
    s.unit_mut(u).act = Act::Unactivated;
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    result(&r, &mut s, "R/-");
    assert_eq!(s.unit(f).morale, Morale::Routed);
    let mut seen = Vec::new();
    for _ in 0..20 {
        match top(&s) {
            Some(Step::RetreatChoice { .. }) => {
                settle(&r, &mut s);
            }
            Some(Step::Check(req)) => {
                seen.push((req.unit, req.kind));
                apply(&r, &mut s, d100(50));
            }
            _ => break,
        }
    }
    assert_eq!(
        seen,
        alloc::vec![(u, CheckKind::Morale(MoraleCheck::E))],
        "one MC(E) for what stays in the attacker's hex"
    );
    assert_eq!(s.unit(u).morale, Morale::Good, "50 passes ER 30");
}

// --- 14.7 surrender and the compulsory advance ----------------------------------------------

#[test]
fn r14_7_the_winners_of_a_surrender_must_advance_defending_infantry_never() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    result(&r, &mut s, "-/S");
    assert!(!s.unit(a).on_map());
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Advance {
            unit: f,
            to: t,
            alone: false
        }]
    );
    assert_eq!(refused(&r, &s, Action::EndAdvance).rule, "15.1c");
    // The attacker surrenders: the defending infantry stays where it is.
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    result(&r, &mut s, "S/-");
    assert!(!s.unit(f).on_map());
    assert_ne!(top(&s), Some(Step::Close(CloseStep::Advance { side: AL })));
    assert_eq!(at(&s, a), t);
}

// --- 15.1f, 15.2 the advance's formation ---------------------------------------------------

/// The duel with the defender gone before the dice and `terrain` in its hex (a copy of Clear
/// with `tweak` applied).
fn vacated(
    terrain: Terrain,
    tweak: impl FnOnce(&mut crate::fontenoy::tables::TerrainFx),
    go: bool,
) -> (Fontenoy, State, UnitId, Hex) {
    let mut ids = (0, 0);
    let target = ahead(hex("S1010"), 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, target, 7);
            w.board.set_terrain(target, terrain);
            ids = (f, a);
            (alloc::vec![f], alloc::vec![a])
        },
        |t| {
            let mut fx = t.terrain[Terrain::Clear as usize];
            tweak(&mut fx);
            t.terrain[terrain as usize] = fx;
        },
    );
    let (f, a) = ids;
    if go {
        s.unit_mut(f).formation = Formation::GeneralOrder;
    }
    attack(&r, &mut s, f, target);
    checks(&r, &mut s);
    s.unit_mut(a).place = crate::fontenoy::state::Place::Map(
        crate::fontenoy::geometry::Placed::at(hex("S2525"), crate::hex::Facing::new(7).unwrap()),
    );
    s.unit_mut(a).morale = Morale::Routed;
    result(&r, &mut s, "-/-");
    (r, s, f, target)
}

#[test]
fn r15_1f_an_advance_keeps_its_facing_takes_general_order_where_the_terrain_forces_it() {
    let (r, mut s, f, t) = vacated(
        Terrain::Woods,
        |fx| fx.general_order = GoFor::Infantry,
        false,
    );
    let facing = s.unit(f).placed().unwrap().facing;
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: t,
            alone: false,
        },
    );
    assert_eq!(at(&s, f), t);
    assert_eq!(s.unit(f).placed().unwrap().facing, facing, "facing kept");
    assert_eq!(s.unit(f).formation, Formation::GeneralOrder);
    // A hex whose stacking limit the group exceeds: no advance is possible.
    let (r, s, f, t) = vacated(Terrain::Woods, |fx| fx.stack = [5, 5, 5, 5], false);
    assert_ne!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    assert!(!legal(&r, &s).contains(&Action::Advance {
        unit: f,
        to: t,
        alone: false
    }));
    assert_eq!(at(&s, f), hex("S1010"));
}

#[test]
fn r15_2_a_unit_in_general_order_keeps_it_when_it_advances_into_the_open() {
    let (r, mut s, f, t) = vacated(Terrain::Woods, |_| {}, true);
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: t,
            alone: false,
        },
    );
    assert_eq!(at(&s, f), t);
    assert_eq!(s.unit(f).formation, Formation::GeneralOrder);
}

// --- 16.3c the recall check ------------------------------------------------------------------

#[test]
fn r16_3c_the_recall_dc_f_is_taken_by_the_top_cavalry_unit_and_00_09_is_special() {
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let c = unit(w, "CAV", FR, Kind::Cavalry, 4, hex("S1010"), 1);
            let c2 = unit(w, "CAV2", FR, Kind::Cavalry, 2, hex("S1010"), 1);
            w.unit_state[usize::from(c2)].order = 1;
            let mut h = hex("S1010");
            for _ in 0..4 {
                h = ahead(h, 0);
            }
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 2, h, 7);
            ids = (c, c2, e);
            (alloc::vec![c, c2], alloc::vec![e])
        },
        |_| {},
    );
    let (c, c2, e) = ids;
    s.unit_mut(e).morale = Morale::Routed;
    let cs = s.activation.as_mut().unwrap().close.as_mut().unwrap();
    cs.pursuits.push((
        alloc::vec![c, c2],
        alloc::vec![e],
        crate::fontenoy::close::HexLabel(hex("S1010")),
    ));
    let mut ev = Vec::new();
    r.next_pursuit(&mut s, &mut ev);
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Recall { unit: c });
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, c, "the top cavalry unit");
            assert_eq!(req.kind, CheckKind::Disorder(DisorderCheck::F));
        }
        other => panic!("expected the DC(F), found {other:?}"),
    }
    // A roll of 00–09 reads the special chart (F-8.3: French DC(F)).
    let special = (0..=9u8).find_map(|v| {
        let mut t = s.clone();
        let ev = apply(&r, &mut t, d100(v));
        checks_in(&ev).first().and_then(|x| x.3.clone())
    });
    assert!(special.is_some(), "some roll of 00–09 is a special result");
}

// --- 13.10 Defensive Fire ------------------------------------------------------------------

/// The duel with a second English battalion on the French unit's flank facing it: outside the
/// combat, with the attacker in its ZOC.
fn outsider() -> (Fontenoy, State, [UnitId; 3]) {
    let mut ids = [0; 3];
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            let o = unit(w, "2 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 2), 9);
            ids = [f, a, o];
            (alloc::vec![f], alloc::vec![a, o])
        },
        |_| {},
    );
    let [f, a, o] = ids;
    assert!(r.frontal_hexes(&s, o).contains(&hex("S1010")));
    assert!(!r.frontal_hexes(&s, f).contains(&at(&s, o)));
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    (r, s, ids)
}

#[test]
fn r13_10a_a_passive_unit_outside_the_combat_may_fire_at_an_attacker_in_its_zoc() {
    let (r, mut s, [f, a, o]) = outsider();
    assert_eq!(top(&s), Some(Step::Close(CloseStep::DefensiveFire)));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::DefensiveFire { unit: o, target: f }, Action::Pass]
    );
    let ev = apply(&r, &mut s, Action::DefensiveFire { unit: o, target: f });
    assert!(
        ev.contains(&Event::DefensiveFireDue {
            defenders: alloc::vec![a, o],
            attackers: alloc::vec![f],
        }),
        "13.10d: the defender and the unit outside combine: {ev:?}"
    );
    assert_eq!(
        r.close_segment(&s).unwrap().defensive_fired,
        alloc::vec![a, o]
    );
    // Holding its fire: only the defender fires, and the outsider keeps its fire (13.10c).
    let (r, mut s, [f, a, o]) = outsider();
    let ev = apply(&r, &mut s, Action::Pass);
    assert!(ev.contains(&Event::DefensiveFireDue {
        defenders: alloc::vec![a],
        attackers: alloc::vec![f],
    }));
    assert!(!r.close_segment(&s).unwrap().defensive_fired.contains(&o));
}

#[test]
fn r13_10d_a_hex_attacked_by_two_groups_fires_at_the_one_the_defender_chooses() {
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let d = unit(w, "1 ENG", AL, Kind::Infantry, 6, hex("S1212"), 7);
            let a1 = unit(w, "1 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 3), 1);
            let a2 = unit(w, "2 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 4), 1);
            ids = (a1, a2, d);
            (alloc::vec![a1, a2], alloc::vec![d])
        },
        |_| {},
    );
    let (a1, a2, d) = ids;
    for u in [a1, a2] {
        apply(
            &r,
            &mut s,
            Action::Attack {
                unit: u,
                target: hex("S1212"),
            },
        );
    }
    apply(&r, &mut s, Action::EndSegment);
    checks(&r, &mut s);
    checks(&r, &mut s);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::DefensiveFire)));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::DefensiveFire {
                unit: d,
                target: a1
            },
            Action::DefensiveFire {
                unit: d,
                target: a2
            },
            Action::Pass
        ]
    );
    let ev = apply(
        &r,
        &mut s,
        Action::DefensiveFire {
            unit: d,
            target: a2,
        },
    );
    let due: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::DefensiveFireDue { .. }))
        .collect();
    assert_eq!(
        due,
        alloc::vec![&Event::DefensiveFireDue {
            defenders: alloc::vec![d],
            attackers: alloc::vec![a2],
        }],
        "one fire, at the chosen group only"
    );
}

#[test]
fn r13_8_e46_situation_2_committed_cavalry_makes_two_combats() {
    // A and C attack X together; Y on A's flank, facing it, is committed: C fights X and A
    // fights Y.
    let xh = ahead(hex("S1010"), 0);
    let mut ids = [0; 4];
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let c = unit(w, "2 FRA", FR, Kind::Infantry, 6, ahead(xh, 1), 9);
            let x = unit(w, "1 ENG", AL, Kind::Infantry, 6, xh, 7);
            let y = unit(w, "Y CAV", AL, Kind::Cavalry, 4, ahead(hex("S1010"), 2), 9);
            ids = [a, c, x, y];
            (alloc::vec![a, c], alloc::vec![x, y])
        },
        |_| {},
    );
    let [a, c, x, y] = ids;
    for u in [a, c] {
        apply(
            &r,
            &mut s,
            Action::Attack {
                unit: u,
                target: xh,
            },
        );
    }
    apply(&r, &mut s, Action::EndSegment);
    checks(&r, &mut s);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Commit)));
    assert!(legal(&r, &s).contains(&Action::Commit { unit: y }));
    apply(&r, &mut s, Action::Commit { unit: y });
    let cs = r.close_segment(&s).unwrap();
    let now = cs.current.clone().unwrap();
    let units = |gs: &[crate::fontenoy::close::Group]| -> Vec<Vec<UnitId>> {
        gs.iter().map(|g| g.units.clone()).collect()
    };
    assert_eq!(units(&now.attackers), alloc::vec![alloc::vec![c]]);
    assert_eq!(units(&now.defenders), alloc::vec![alloc::vec![x]]);
    assert_eq!(cs.combats.len(), 1, "a second combat waits");
    assert_eq!(units(&cs.combats[0].attackers), alloc::vec![alloc::vec![a]]);
    assert_eq!(units(&cs.combats[0].defenders), alloc::vec![alloc::vec![y]]);
    assert!(cs.combats[0].defenders[0].committed);
}

// --- 15.1c a hex of each beaten group -------------------------------------------------------

#[test]
fn r15_1c_the_advance_enters_a_hex_of_each_beaten_group_while_it_can() {
    // F at S1010 and G beyond both defenders' hexes attack D1 and D2 together; both leave.
    let d1h = ahead(hex("S1010"), 0);
    let d2h = ahead(hex("S1010"), 1);
    let gh = ahead(d1h, 1);
    let mut ids = [0; 4];
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let g = unit(w, "2 FRA", FR, Kind::Infantry, 6, gh, 7);
            let d1 = unit(w, "1 ENG", AL, Kind::Infantry, 6, d1h, 7);
            let d2 = unit(w, "2 ENG", AL, Kind::Infantry, 6, d2h, 9);
            ids = [f, g, d1, d2];
            (alloc::vec![f, g], alloc::vec![d1, d2])
        },
        |_| {},
    );
    let [f, g, d1, d2] = ids;
    assert!(r.frontal_hexes(&s, g).contains(&d1h) && r.frontal_hexes(&s, g).contains(&d2h));
    // G's Line of Command runs through the enemy: it is put In Command by hand.
    s.unit_mut(g).command = Some(true);
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: f,
            target: d1h,
        },
    );
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: g,
            target: d1h,
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    while let Some(Step::Check(_)) = top(&s) {
        checks(&r, &mut s);
    }
    super::close::defensive_fire_all(&r, &mut s);
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!((c.attackers.len(), c.defenders.len()), (2, 2), "one combat");
    for (k, d) in [d1, d2].into_iter().enumerate() {
        s.unit_mut(d).place =
            crate::fontenoy::state::Place::Map(crate::fontenoy::geometry::Placed::at(
                ahead(hex("S2525"), k as u8),
                crate::hex::Facing::new(7).unwrap(),
            ));
        s.unit_mut(d).morale = Morale::Routed;
    }
    result(&r, &mut s, "-/-");
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: d1h,
            alone: false,
        },
    );
    if let Some(Step::Close(CloseStep::AdvanceFacing { .. })) = top(&s) {
        apply(&r, &mut s, Action::Pass); // 15.1g: no free turn taken
    }
    // D2's hex is still open to G: the advance may not end yet.
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Advance {
            unit: g,
            to: d2h,
            alone: false
        }]
    );
    assert_eq!(refused(&r, &s, Action::EndAdvance).rule, "15.1c");
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: g,
            to: d2h,
            alone: false,
        },
    );
    assert_eq!(at(&s, g), d2h);
}

// --- 16.1c the order of the pursuits ---------------------------------------------------------

#[test]
fn r16_1c_the_pursuing_player_chooses_which_group_pursues_first() {
    let mut ids = [0; 4];
    let (r, mut s) = cc(
        |w| {
            let c1 = unit(w, "CAV1", FR, Kind::Cavalry, 4, hex("S1010"), 1);
            let c2 = unit(w, "CAV2", FR, Kind::Cavalry, 4, hex("S0510"), 1);
            let e1 = unit(w, "1 ENG", AL, Kind::Infantry, 2, hex("S1015"), 7);
            let e2 = unit(w, "2 ENG", AL, Kind::Infantry, 2, hex("S0515"), 7);
            ids = [c1, c2, e1, e2];
            (alloc::vec![c1, c2], alloc::vec![e1, e2])
        },
        |_| {},
    );
    let [c1, c2, e1, e2] = ids;
    for e in [e1, e2] {
        s.unit_mut(e).morale = Morale::Routed;
    }
    let cs = s.activation.as_mut().unwrap().close.as_mut().unwrap();
    cs.pursuits.push((
        alloc::vec![c1],
        alloc::vec![e1],
        crate::fontenoy::close::HexLabel(hex("S1010")),
    ));
    cs.pursuits.push((
        alloc::vec![c2],
        alloc::vec![e2],
        crate::fontenoy::close::HexLabel(hex("S0510")),
    ));
    let mut ev = Vec::new();
    r.next_pursuit(&mut s, &mut ev);
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::ChoosePursuit { side: FR }))
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Pursue { unit: c1 }, Action::Pursue { unit: c2 }]
    );
    apply(&r, &mut s, Action::Pursue { unit: c2 });
    let cs = r.close_segment(&s).unwrap();
    assert_eq!(cs.pursuit.as_ref().unwrap().units, alloc::vec![c2]);
    assert_eq!(cs.pursuits.len(), 1, "CAV1 waits its turn");
}

// --- 14.5b shrinking stops at the stacking limit ---------------------------------------------

#[test]
fn r14_5b_a_line_does_not_shrink_into_more_sp_than_a_hex_may_hold() {
    // E55's 17 cavalry SP, but the open ground holds only 12 cavalry SP in Line: 3 hexes to 2
    // (9 a hex), never to 1.
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 6, hex("S1515"), 7);
            let c = unit(w, "CAV", FR, Kind::Cavalry, 17, hex("S0505"), 1);
            ids = (c, e);
            (alloc::vec![c], alloc::vec![e])
        },
        |t| t.terrain[Terrain::Clear as usize].stack[2] = 12,
    );
    let (c, e) = ids;
    let facing = crate::hex::Facing::new(1).unwrap();
    let right = ahead(hex("S1515"), 3);
    let hexes = crate::fontenoy::geometry::line_hexes(right, facing, 3).unwrap();
    if let crate::fontenoy::state::Place::Map(q) = &mut s.unit_mut(c).place {
        q.hexes = hexes;
    }
    let combat = crate::fontenoy::close::Combat {
        attackers: alloc::vec![super::close::group_of(&s, c)],
        defenders: alloc::vec![super::close::group_of(&s, e)],
        round: 2,
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
    s.activation
        .as_mut()
        .unwrap()
        .close
        .as_mut()
        .unwrap()
        .current = Some(combat);
    let mut ev = Vec::new();
    r.shrink_lines(&mut s, &mut ev);
    assert_eq!(s.unit(c).placed().unwrap().hexes.len(), 2);
    r.shrink_lines(&mut s, &mut ev);
    assert_eq!(
        s.unit(c).placed().unwrap().hexes.len(),
        2,
        "17 SP in one hex would be over the limit of 12"
    );
}

#[test]
fn r15_1g_a_free_turn_keeps_a_column_in_a_lines_hex_facing_a_hexside() {
    use crate::fontenoy::geometry::shape_ok;
    use crate::fontenoy::types::Formation;
    // A Line (facing vertex 1) and a March Column (facing hexside 0) share a hex: the hex
    // turns as one, each counter by the same angle (the long soak found a column given the
    // Line's vertex facing).
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let c = unit(w, "2 FRA", FR, Kind::Infantry, 4, hex("S1010"), 0);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, hex("S1515"), 7);
            ids = (f, c);
            (alloc::vec![f, c], alloc::vec![a])
        },
        |_| {},
    );
    let (f, c) = ids;
    s.unit_mut(c).formation = Formation::MarchColumn;
    let mut ev = Vec::new();
    r.advance_face(&mut s, f, 5, &mut ev);
    assert!(ev.contains(&Event::AdvanceFaced { unit: f, facing: 5 }));
    let (pf, pc) = (*s.unit(f).placed().unwrap(), *s.unit(c).placed().unwrap());
    assert_eq!(pf.facing.index(), 5);
    assert_eq!(pc.facing.index(), 4, "turned by the same four half-steps");
    assert!(shape_ok(Formation::Line, &pf) && shape_ok(Formation::MarchColumn, &pc));
}
