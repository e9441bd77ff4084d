//! 14.0 Close Combat Results: the table, losses, D, M and renewed rounds, R, S, and the Special
//! Close Combat Results (14.8, F-8.9), on the positions of `tests/close.rs`.

use super::close::*;
use super::*;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::checks::CheckKind;
use crate::fontenoy::close::{CcResult, CloseStep, Outcome};
use crate::fontenoy::state::Step;
use crate::fontenoy::types::{Morale, MoraleCheck};

// --- 14.0 results --------------------------------------------------------------------------

#[test]
fn r14_1a_the_attackers_roll_less_the_defenders_on_the_ratio_column() {
    // 6 against 6: 1:1. Both CR +2: the difference is the dice.
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    let ev = roll(&r, &mut s, [9, 1]);
    let round = ev
        .iter()
        .find_map(|e| match e {
            Event::CloseCombatRound {
                sp,
                odds,
                cr,
                result,
                special,
                ..
            } => Some((*sp, odds.clone(), *cr, result.clone(), *special)),
            _ => None,
        })
        .unwrap();
    assert_eq!(round.0, [6, 6]);
    assert_eq!(round.1, "1:1");
    assert_eq!(round.2, [2, 2]);
    let want = r.tables.close.result(2, 8);
    assert_eq!(round.3, crate::fontenoy::close::resolve::result_code(&want));
    assert!(!round.4);
}

#[test]
fn r14_2a_losses_alternate_and_r_routs_the_loser() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    let dice = dice_for(&r, &s, "1D/2R", false);
    let ev = roll(&r, &mut s, dice);
    assert_eq!(s.unit(f).sp, 5);
    assert_eq!(s.unit(a).sp, 4);
    assert!(s.unit(f).disordered, "D: the winner is Disordered (14.3a)");
    assert_eq!(s.unit(a).morale, Morale::Routed, "R (14.6a)");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CombatOver {
            winner: Some(FR),
            ..
        }
    )));
}

#[test]
fn r14_2c_e53_a_destroyed_attacker_ends_it_and_its_hex_mates_take_mc_e() {
    let mut ids = (0, 0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 1, hex("S1010"), 1);
            let g = unit(w, "4 LB", FR, Kind::Artillery, 1, hex("S1010"), 1);
            let u = unit(w, "2 FRA", FR, Kind::Infantry, 2, hex("S1010"), 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 2, ahead(hex("S1010"), 0), 7);
            w.units[usize::from(f)].cr = 9;
            w.unit_state[usize::from(g)].formation = Formation::Line;
            w.unit_state[usize::from(g)].order = 1;
            w.unit_state[usize::from(u)].order = 2;
            ids = (f, g, u, a);
            (alloc::vec![f, g], alloc::vec![a])
        },
        |_| {},
    );
    let (f, g, u, a) = ids;
    // The third unit belongs to no activated Division: unactivated (13.1c).
    s.unit_mut(u).act = crate::fontenoy::state::Act::Unactivated;
    s.unit_mut(g).formation = Formation::Line;
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(
        c.attackers[0].units,
        alloc::vec![f],
        "guns and unactivated units do not attack"
    );
    let dice = dice_for(&r, &s, "1D/2R", false);
    roll(&r, &mut s, dice);
    assert!(!s.unit(f).on_map(), "destroyed by the first loss");
    assert_eq!(s.unit(a).sp, 2, "the defender takes no loss (14.2a)");
    assert_eq!(s.unit(a).morale, Morale::Good, "nor the rest of the result");
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::E)),
        other => panic!("expected MC(E), found {other:?}"),
    }
}

#[test]
fn r14_4_e54_m_checks_the_attackers_first_then_the_defender_then_a_renewed_round() {
    // Two attackers in different hexes against one defender.
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let d = unit(w, "1 ENG", AL, Kind::Infantry, 6, hex("S1212"), 7);
            // Both face the defender: from its directions 3 and 4, facing vertex 1.
            let a1 = unit(w, "1 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 3), 1);
            let a2 = unit(w, "2 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 4), 1);
            ids = (a1, a2, d);
            (alloc::vec![a1, a2], alloc::vec![d])
        },
        |_| {},
    );
    let (a1, a2, d) = ids;
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: a1,
            target: hex("S1212"),
        },
    );
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: a2,
            target: hex("S1212"),
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    checks(&r, &mut s);
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(c.attackers.len(), 2, "one combat (13.6b)");
    checks(&r, &mut s); // the defender's MC(B)
    let dice = dice_for(&r, &s, "M", false);
    roll(&r, &mut s, dice);
    // The attackers' MC(G)s come first.
    let mut seen = Vec::new();
    while let Some(Step::Check(req)) = top(&s) {
        assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::G));
        seen.push(req.unit);
        // Attacker 1 fails (19.1c exception 1: it Routs) and retreats.
        settled(&r, &mut s, d100(if req.unit == a1 { 10 } else { 50 }));
        if seen.len() == 2 {
            break;
        }
    }
    assert_eq!(seen, alloc::vec![a1, a2]);
    assert_eq!(s.unit(a1).sp, 5, "a failed MC(G) costs 1 SP (14.4c)");
    // Then the defender's.
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.unit, d),
        other => panic!("{other:?}"),
    }
    apply(&r, &mut s, d100(50));
    // Both sides hold: a renewed round.
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Dice)));
    assert_eq!(
        r.close_segment(&s).unwrap().current.as_ref().unwrap().round,
        2
    );
}

#[test]
fn r14_5b_e55_a_line_shrinks_a_hex_a_renewed_round() {
    // 17 cavalry SP in a 3-hex Line (6, 6, 5) against one infantry hex: 9, then 13, then 17.
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 6, hex("S1515"), 7);
            let c = unit(w, "CAV", FR, Kind::Cavalry, 17, hex("S0505"), 1);
            ids = (c, e);
            (alloc::vec![c], alloc::vec![e])
        },
        |_| {},
    );
    let (c, e) = ids;
    let facing = crate::hex::Facing::new(1).unwrap();
    let right = ahead(hex("S1515"), 3);
    let hexes = crate::fontenoy::geometry::line_hexes(right, facing, 3).unwrap();
    if let crate::fontenoy::state::Place::Map(q) = &mut s.unit_mut(c).place {
        q.hexes = hexes;
    }
    assert_eq!(r.group_sp(&s, &[c], &[e]), 9);
    let combat = crate::fontenoy::close::Combat {
        attackers: alloc::vec![group_of(&s, c)],
        defenders: alloc::vec![group_of(&s, e)],
        round: 2,
        reaction: false,
        mover: None,
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: Outcome::Open,
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
    assert_eq!(r.group_sp(&s, &[c], &[e]), 13);
    r.shrink_lines(&mut s, &mut ev);
    assert_eq!(s.unit(c).placed().unwrap().hexes.len(), 1);
    assert_eq!(r.group_sp(&s, &[c], &[e]), 17);
}

#[test]
fn r14_7_surrender_destroys_the_unit_whatever_its_sp() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    // 6:1 needs more attackers; read the result directly at the top of the 1:1 column.
    let want = r.tables.close.result(2, 20);
    assert!(want.defender.surrender);
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    let mut ev = Vec::new();
    r.apply_close_result(&mut s, &c, want, &mut ev);
    r.run_resumes(&mut s, &mut ev);
    assert!(!s.unit(a).on_map());
    assert!(ev.contains(&Event::SpLost {
        unit: a,
        lost: 6,
        destroyed: true,
        rule: "14.7".into()
    }));
}

#[test]
fn r14_6a_routed_defending_guns_are_destroyed() {
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let g = unit(w, "6 LB", AL, Kind::Artillery, 2, ahead(hex("S1010"), 0), 7);
            ids = (f, g);
            (alloc::vec![f], alloc::vec![g])
        },
        |_| {},
    );
    let (f, g) = ids;
    let t = at(&s, g);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(
        r.group_sp(&s, &[g], &[f]),
        1,
        "guns alone count 1 SP each (13.11a)"
    );
    let mut ev = Vec::new();
    r.apply_close_result(&mut s, &c, CcResult::parse("-/R").unwrap(), &mut ev);
    assert!(!s.unit(g).on_map());
}

#[test]
fn r14_5d_cavalry_is_disordered_after_a_renewed_combat() {
    let (r, mut s, f, a) = charge_setup(1, Terrain::Clear, |_| {});
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    if let Some(c) = s
        .activation
        .as_mut()
        .unwrap()
        .close
        .as_mut()
        .unwrap()
        .current
        .as_mut()
    {
        c.round = 2;
        c.outcome = Outcome::Neither;
    }
    let mut ev = Vec::new();
    r.finish_combat(&mut s, &mut ev);
    assert!(s.unit(f).disordered);
    assert!(!s.unit(a).disordered, "infantry is not");
}

#[test]
fn r14_8_e56_a_rolled_0_reads_the_special_table_at_the_other_die() {
    let (r, _s, _, _) = duel(6, 6);
    let o = r.round_outcome(2, [0, 0], [0, 3]);
    assert!(o.special);
    assert_eq!(o.result, CcResult::parse("2/2*").unwrap());
    let o = r.round_outcome(2, [0, 0], [3, 0]);
    assert_eq!(o.result, CcResult::parse("2/2*").unwrap());
}

#[test]
fn r14_8b_e56_groups_check_worst_er_first_the_attacker_first_on_a_tie() {
    // Attacking groups ER 27 and 23 (the latter at half strength: +10 = 33), defender 30.
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let d = unit(w, "1 ENG", AL, Kind::Infantry, 6, hex("S1212"), 7);
            let a1 = unit(w, "1 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 3), 1);
            let a2 = unit(w, "2 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 4), 1);
            w.units[usize::from(a1)].er = 27;
            w.units[usize::from(a2)].er = 23;
            w.units[usize::from(d)].er = 30;
            ids = (a1, a2, d);
            (alloc::vec![a1, a2], alloc::vec![d])
        },
        |_| {},
    );
    let (a1, a2, d) = ids;
    s.unit_mut(a2).sp = 3;
    assert_eq!(r.mcg_er(&s, &[a2]), 33);
    let c = crate::fontenoy::close::Combat {
        attackers: alloc::vec![group_of(&s, a1), group_of(&s, a2)],
        defenders: alloc::vec![group_of(&s, d)],
        round: 1,
        reaction: false,
        mover: None,
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: Outcome::Open,
        advanced: Vec::new(),
    };
    assert_eq!(
        r.special_order(&s, &c),
        alloc::vec![(true, 1), (false, 0), (true, 0)]
    );
}

#[test]
fn r14_8b_e56_when_one_side_has_all_failed_the_rest_skip_their_checks() {
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let d = unit(w, "1 ENG", AL, Kind::Infantry, 6, hex("S1212"), 7);
            let a1 = unit(w, "1 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 3), 1);
            let a2 = unit(w, "2 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 4), 1);
            w.units[usize::from(a1)].er = 27;
            w.units[usize::from(a2)].er = 33;
            w.units[usize::from(d)].er = 30;
            ids = (a1, a2, d);
            (alloc::vec![a1, a2], alloc::vec![d])
        },
        |_| {},
    );
    let (a1, a2, d) = ids;
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: a1,
            target: hex("S1212"),
        },
    );
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: a2,
            target: hex("S1212"),
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    checks(&r, &mut s);
    checks(&r, &mut s);
    let dice = dice_for(&r, &s, "2/2*", true);
    let ev = roll(&r, &mut s, dice);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CloseCombatRound { special: true, .. }))
    );
    // Order: 33 (a2), 30 (d), 27 (a1). a2 passes; d fails: the combat ends, a1 skips.
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.unit, a2),
        other => panic!("{other:?}"),
    }
    apply(&r, &mut s, d100(50));
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.unit, d),
        other => panic!("{other:?}"),
    }
    let ev = settled(&r, &mut s, d100(10));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CombatOver {
            winner: Some(FR),
            ..
        }
    )));
    assert!(!matches!(top(&s), Some(Step::Check(req)) if req.unit == a1));
}
