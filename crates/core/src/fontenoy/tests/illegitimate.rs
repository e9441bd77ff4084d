//! 10.13 Illegitimate Groups: a mover stopped in a hex it may not end in routs out of it, the
//! units it leaves take MC(F) (10.13b, 10.13c, 18.2e), with no DC(A) (10.13d); 18.5d, 19.2a
//! and 17.3f, what a Fire Reaction's checks do to a mover. The helpers are `tests/fire.rs`'s.

use super::fire::*;
use super::*;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::state::{Act, Segment};
use crate::fontenoy::types::{Arm, DisorderCheck, Morale, MoraleCheck};

/// A French battalion A at F facing vertex 1, a French battalion B (same Division) in the hex
/// ahead of it, T, facing the other way (so A may pass through T but not stop there), and an
/// English battalion in front of T, facing it. The French Division is in its Movement
/// Segment.
fn crossing() -> (Fontenoy, State, UnitId, UnitId, Hex) {
    let t = ahead(hex(F), 1);
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
        let b = unit(
            w,
            "2 BBB",
            Side(0),
            Kind::Infantry,
            t,
            4,
            6,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(t, 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a, b], alloc::vec![e])
    });
    apply(&r, &mut s, Action::EndSegment);
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    (r, s, me[0], me[1], t)
}

/// `a` steps into `to`, letting any Fire Reaction the step opens go by.
fn step_past_reactions(r: &Fontenoy, s: &mut State, a: UnitId, to: Hex) {
    let step = Action::Step {
        unit: a,
        to,
        alone: true,
    };
    let ev = apply(r, s, step.clone());
    if ev
        .iter()
        .any(|e| matches!(e, Event::ReactionOffered { .. }))
    {
        while !s.steps.is_empty() {
            apply(r, s, Action::Pass);
        }
        apply(r, s, step);
    }
    assert_eq!(s.unit(a).placed().unwrap().hex(), to);
}

/// A is in T with B; its step on out of T opens the English reaction, which fires and hits.
/// Returns after the loss, with A's DC(C) pending.
fn fired_on_in_t(r: &Fontenoy, s: &mut State, a: UnitId, t: Hex) {
    step_past_reactions(r, s, a, t);
    let ev = apply(
        r,
        s,
        Action::Step {
            unit: a,
            to: ahead(t, 1),
            alone: true,
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    apply(r, s, fire_at(ahead(t, 0), Arm::Infantry, t));
    apply(r, s, Action::OpenFire);
    let ev = apply(r, s, d100(67));
    // 12 SP in T (both battalions, +5 for size): 67 + 5 reads "2"; the mover loses first (12.9c).
    assert_eq!(lost(&ev), alloc::vec![(a, 2)], "{ev:?}");
    assert_eq!(
        pending_checks(s)[0],
        CheckReq {
            unit: a,
            kind: CheckKind::Disorder(DisorderCheck::C),
            er_mod: pending_checks(s)[0].er_mod,
        }
    );
}

/// Ends the reaction (the Allies have nothing more to fire).
fn end_reaction(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    while legal(r, s).contains(&Action::Pass) && r.actor(s) == crate::engine::Actor::Player(Side(1))
    {
        ev.extend(apply(r, s, Action::Pass));
    }
    ev
}

#[test]
fn r10_13b_a_mover_disordered_by_a_reaction_in_a_hex_it_may_not_end_in_routs() {
    let (r, mut s, a, b, t) = crossing();
    fired_on_in_t(&r, &mut s, a, t);
    // A Passage of Lines or difficult terrain would owe a DC(A); the rout cancels it (10.13d).
    s.activation
        .as_mut()
        .unwrap()
        .moving
        .iter_mut()
        .find(|m| m.unit == a)
        .unwrap()
        .dca = 1;
    s.unit_mut(a).disordered = true;
    let mut ev = apply(&r, &mut s, d100(99));
    ev.extend(end_reaction(&r, &mut s));
    assert!(ev.contains(&Event::MoveStopped { unit: a }), "{ev:?}");
    // 10.13c: A routs; B, which it leaves, takes MC(F); no DC(A) for A (10.13d).
    assert_eq!(s.unit(a).morale, Morale::Routed);
    // Its rout path is the French player's to choose (20.1); B is still Formed (A does not
    // share its condition with a hex it leaves, 18.7c).
    assert!(
        s.steps.iter().any(
            |x| matches!(x, crate::fontenoy::state::Step::RetreatChoice { unit } if *unit == a)
        ),
        "{:?} {ev:?}",
        s.steps
    );
    assert!(!s.unit(b).disordered);
    let checks = pending_checks(&s);
    assert!(
        checks
            .iter()
            .any(|c| c.unit == b && c.kind == CheckKind::Morale(MoraleCheck::F)),
        "{checks:?}"
    );
    assert!(!checks.iter().any(|c| c.unit == a), "{checks:?}");
    assert_eq!(s.unit(b).act, Act::Active);
}

#[test]
fn r18_5d_r17_3f_a_mover_stopped_where_it_may_stand_takes_its_dc_a() {
    let (r, mut s, a, _b, t) = crossing();
    fired_on_in_t(&r, &mut s, a, t);
    // B leaves T first (as if it had marched off): A stops alone in T, which it may.
    s.units[usize::from(_b)].place = crate::fontenoy::state::Place::Destroyed;
    s.activation
        .as_mut()
        .unwrap()
        .moving
        .iter_mut()
        .find(|m| m.unit == a)
        .unwrap()
        .dca = 1;
    s.unit_mut(a).disordered = true;
    let mut ev = apply(&r, &mut s, d100(99));
    ev.extend(end_reaction(&r, &mut s));
    assert!(ev.contains(&Event::MoveStopped { unit: a }), "{ev:?}");
    assert_eq!(s.unit(a).morale, Morale::Good);
    assert_eq!(s.unit(a).placed().unwrap().hex(), t);
    // 18.2a, 17.3f: its movement is over, so its DC(A) is taken now.
    let checks = pending_checks(&s);
    assert!(
        checks
            .iter()
            .any(|c| c.unit == a && c.kind == CheckKind::Disorder(DisorderCheck::A)),
        "{checks:?}"
    );
}

#[test]
fn r19_2a_a_mover_only_shaken_by_a_reaction_goes_on() {
    let (r, mut s, a, _b, t) = crossing();
    fired_on_in_t(&r, &mut s, a, t);
    // It passes its DC(C) (99) but its Morale Check made it Shaken (set here).
    s.unit_mut(a).morale = Morale::Shaken;
    let mut ev = apply(&r, &mut s, d100(99));
    ev.extend(end_reaction(&r, &mut s));
    assert!(!ev.contains(&Event::MoveStopped { unit: a }), "{ev:?}");
    assert!(
        legal(&r, &s)
            .iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == a)),
        "{:?}",
        legal(&r, &s)
    );
}

#[test]
fn r10_13c_a_mover_stranded_in_a_hex_it_may_not_end_in_routs_when_it_ends_its_move() {
    let (r, mut s, a, b, t) = crossing();
    step_past_reactions(&r, &mut s, a, t);
    // Its MP are gone (as after a forced stop): nothing is left to it but to end its move.
    let m = s
        .activation
        .as_mut()
        .unwrap()
        .moving
        .iter_mut()
        .find(|m| m.unit == a)
        .unwrap();
    m.spent = m.mpo;
    let l = legal(&r, &s);
    assert!(l.contains(&Action::EndMove { unit: a }), "{l:?}");
    // It may not stop there as a choice: only because nothing else is left (10.13a).
    assert!(
        !l.iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == a)),
        "{l:?}"
    );
    let ev = apply(&r, &mut s, Action::EndMove { unit: a });
    assert!(!ev.is_empty());
    assert_eq!(s.unit(a).morale, Morale::Routed);
    assert!(
        pending_checks(&s)
            .iter()
            .any(|c| c.unit == b && c.kind == CheckKind::Morale(MoraleCheck::F))
    );
}
