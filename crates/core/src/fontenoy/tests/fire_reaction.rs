//! 12.8 Fire Reactions (a passive player firing at a mover, 12.9c, 12.9e, 12.9k, 18.5d), 13.10
//! Defensive Fire as close combat calls it, and the exact outcome distribution of one fire;
//! the helpers are those of `tests/fire.rs`.

use super::fire::*;
use super::*;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::fire::resolve::Outcome;
use crate::fontenoy::state::{FireKind, FireStep, Segment, Step, Trigger};
use crate::fontenoy::types::{Arm, DisorderCheck, MoraleCheck};

/// A French battalion in its Movement Segment at F facing vertex 1, an English battalion in
/// front of it (not activated: passive).
fn reaction_setup() -> (Fontenoy, State, UnitId, UnitId) {
    let (r, mut s, a, b) = duel();
    apply(&r, &mut s, Action::EndSegment);
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    (r, s, a, b)
}

fn open_leave_reaction(r: &Fontenoy, s: &mut State, a: UnitId) {
    let to = ahead(hex(F), 1);
    let ev = apply(
        r,
        s,
        Action::Step {
            unit: a,
            to,
            alone: false,
        },
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ReactionOffered {
            trigger: Trigger::Leave,
            ..
        }
    )));
}

#[test]
fn r12_8d_a_reaction_comes_before_the_mover_leaves_and_then_it_goes_on() {
    let (r, mut s, a, _) = reaction_setup();
    // The English battalion is next to F: the step would leave; the Allies decide first.
    open_leave_reaction(&r, &mut s, a);
    assert_eq!(s.unit(a).placed().unwrap().hex(), hex(F));
    assert_eq!(r.actor(&s), crate::engine::Actor::Player(Side(1)));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F)),
            Action::Pass
        ]
    );
    apply(&r, &mut s, Action::Pass);
    assert!(s.steps.is_empty());
    // 12.8e: the step is made when asked again, without a second reaction.
    let to = ahead(hex(F), 1);
    let ev = apply(
        &r,
        &mut s,
        Action::Step {
            unit: a,
            to,
            alone: false,
        },
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { .. })));
    assert_eq!(s.unit(a).placed().unwrap().hex(), to);
}

#[test]
fn r12_8c_a_facing_change_sets_off_one_reaction_in_the_hex() {
    let (r, mut s, a, _) = reaction_setup();
    let ev = apply(&r, &mut s, Action::Face { unit: a, facing: 3 });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ReactionOffered {
            trigger: Trigger::Change,
            ..
        }
    )));
    match s.steps.last() {
        Some(Step::Fire(FireStep::Reaction { before, placed, .. })) => {
            assert_eq!(*before, Some(Formation::Line));
            assert_eq!(placed.unwrap().facing, Facing::new(1).unwrap());
        }
        other => panic!("{other:?}"),
    }
    apply(&r, &mut s, Action::Pass);
    let ev = apply(&r, &mut s, Action::Face { unit: a, facing: 1 });
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
}

#[test]
fn r12_8b_one_infantry_and_one_artillery_reaction_per_trigger() {
    let (r, mut s, me, them) = segment(|w| {
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
        let g = unit(
            w,
            "EGUN",
            Side(1),
            Kind::Artillery,
            far(hex(F), 1, 3),
            7,
            2,
            Formation::Unlimbered,
        );
        (alloc::vec![a], alloc::vec![e, g])
    });
    apply(&r, &mut s, Action::EndSegment);
    open_leave_reaction(&r, &mut s, me[0]);
    let l = legal(&r, &s);
    assert!(l.contains(&fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F))));
    assert!(l.contains(&fire_at(far(hex(F), 1, 3), Arm::Artillery, hex(F))));
    apply(&r, &mut s, fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F)));
    apply(&r, &mut s, Action::OpenFire);
    apply(&r, &mut s, d100(11));
    // The infantry has had its reaction; the guns may still fire.
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            fire_at(far(hex(F), 1, 3), Arm::Artillery, hex(F)),
            Action::Pass
        ]
    );
    let e = refused(&r, &s, fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F)));
    assert_eq!(e.rule, "12.8c");
    let _ = them;
}

#[test]
fn r12_9c_reaction_losses_go_to_the_movers_first() {
    let (r, mut s, me, _) = segment(|w| {
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
        let st = unit(
            w,
            "2 AAA",
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
        (alloc::vec![a, st], alloc::vec![e])
    });
    apply(&r, &mut s, Action::EndSegment);
    // The lower battalion moves off alone: it is on top for the reaction's losses.
    let to = ahead(hex(F), 1);
    let ev = apply(
        &r,
        &mut s,
        Action::Step {
            unit: me[1],
            to,
            alone: true,
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    apply(&r, &mut s, fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F)));
    apply(&r, &mut s, Action::OpenFire);
    // 12 (size 12: +5) against 10, 1:1: 67 + 5 reads "1".
    let ev = apply(&r, &mut s, d100(67));
    assert_eq!(lost(&ev), alloc::vec![(me[1], 1)]);
    assert_eq!(pending_checks(&s)[0].unit, me[1]);
}

#[test]
fn r18_5d_a_mover_disordered_by_a_reaction_stops() {
    let (r, mut s, a, _) = reaction_setup();
    open_leave_reaction(&r, &mut s, a);
    apply(&r, &mut s, fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F)));
    apply(&r, &mut s, Action::OpenFire);
    apply(&r, &mut s, d100(67));
    assert_eq!(
        pending_checks(&s)[0].kind,
        CheckKind::Disorder(DisorderCheck::C)
    );
    // The unit is Disordered by the time its check is over (set here; a 99 passes the check
    // and is no special result, 18.1a).
    s.unit_mut(a).disordered = true;
    apply(&r, &mut s, d100(99));
    // The Allied guns have no reaction to make: the reaction ends and the mover stops.
    let ev = apply(&r, &mut s, Action::Pass);
    assert!(ev.contains(&Event::MoveStopped { unit: a }));
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == a))
    );
}

#[test]
fn r12_9e_a_d_result_in_a_reaction_is_a_disorder_check() {
    let (r, mut s, a, _) = reaction_setup();
    open_leave_reaction(&r, &mut s, a);
    apply(&r, &mut s, fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F)));
    apply(&r, &mut s, Action::OpenFire);
    let ev = apply(&r, &mut s, d100(51));
    assert!(lost(&ev).is_empty());
    assert_eq!(
        pending_checks(&s),
        alloc::vec![CheckReq {
            unit: a,
            kind: CheckKind::Disorder(DisorderCheck::C),
            er_mod: 0
        }]
    );
}

#[test]
fn r13_10_defensive_fire_combines_both_arms_and_checks_de() {
    let (r, mut s, me, them) = segment(|w| {
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
            "CAV",
            Side(1),
            Kind::Cavalry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a, g], alloc::vec![e])
    });
    // Guns under the infantry of a Line do not fire (12.4b): the infantry's 12 alone.
    assert_eq!(r.defensive_strength(&s, &me, ahead(hex(F), 0)), 12);
    let mut s2 = s.clone();
    s2.unit_mut(me[1]).order = 0;
    s2.unit_mut(me[0]).order = 5;
    // Guns on top: 2 × 6 and 2 infantry SP × 3.
    assert_eq!(r.defensive_strength(&s2, &me, ahead(hex(F), 0)), 18);
    let mut ev = Vec::new();
    let id = r
        .defensive_fire(&mut s, &me, ahead(hex(F), 0), &mut ev)
        .unwrap();
    let c = r.fire_combat(&s, id).unwrap().clone();
    assert_eq!(c.arm, None);
    // Cavalry target of size 12: +5, and +10 for Defensive Fire at cavalry (13.10g).
    assert_eq!(c.drm, 15);
    let ev = apply(&r, &mut s, d100(51));
    assert_eq!(lost(&ev), alloc::vec![(them[0], 1)]);
    assert_eq!(
        pending_checks(&s)[0].kind,
        CheckKind::Disorder(DisorderCheck::E)
    );
}

#[test]
fn r12_1_the_outcome_distribution_of_one_fire_sums_to_the_d100() {
    let (r, s, _, _) = duel();
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
    let d = r.fire_outcome_distribution(&c);
    assert_eq!(d.iter().map(|&(_, n)| n).sum::<u32>(), 100);
    // 1:1 at +0: 10-49 nothing, 50-64 R/D, 65-77 one, 78-89 two, 90-97 three, 98-99 four;
    // 00-09 special.
    let get = |o: Outcome| d.iter().find(|(x, _)| *x == o).map_or(0, |x| x.1);
    assert_eq!(get(Outcome::NoEffect), 40);
    assert_eq!(get(Outcome::Rd), 15);
    assert_eq!(get(Outcome::Lost(1)), 13);
    assert_eq!(get(Outcome::Lost(2)), 12);
    assert_eq!(get(Outcome::Lost(3)), 8);
    assert_eq!(get(Outcome::Lost(4)), 2);
    let specials: u32 = d
        .iter()
        .filter(|(o, _)| matches!(o, Outcome::Special(_)))
        .map(|x| x.1)
        .sum();
    assert_eq!(specials, 10);
}

#[test]
fn r12_9k_the_disorder_check_comes_before_the_morale_check() {
    let (r, mut s, a, b) = reaction_setup();
    open_leave_reaction(&r, &mut s, a);
    apply(&r, &mut s, fire_at(ahead(hex(F), 0), Arm::Infantry, hex(F)));
    apply(&r, &mut s, Action::OpenFire);
    // 1:1 "2" on 80 (even): DC(C), then MC(A) +10, the mover only.
    let ev = apply(&r, &mut s, d100(80));
    assert_eq!(lost(&ev), alloc::vec![(a, 2)]);
    assert_eq!(
        pending_checks(&s),
        alloc::vec![
            CheckReq {
                unit: a,
                kind: CheckKind::Disorder(DisorderCheck::C),
                er_mod: 0
            },
            CheckReq {
                unit: a,
                kind: CheckKind::Morale(MoraleCheck::A),
                er_mod: 10
            }
        ]
    );
    let _ = b;
}
