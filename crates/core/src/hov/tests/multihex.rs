//! Multi-Hex Forces in movement (¶84, ¶99 2, ¶118–¶120, ¶50 4, ¶28–¶29).

use alloc::vec::Vec;

use super::march::{advance, clear_map_but, d6, legal, load, open_ground, place};
use super::repulse::set_force;
use crate::engine::Rules;
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::state::{LeaderId, LeaderPlace, MarchStage, Phase, State};
use crate::hov::types::{Arm, FRENCH};

/// The French leader with the widest Command Span, and another French leader (not a Major
/// General), each given one infantry unit.
fn two_leaders(h: &Hov, s: &mut State) -> (LeaderId, LeaderId) {
    let french: Vec<LeaderId> = (0..s.leaders.len() as LeaderId)
        .filter(|&l| {
            let m = &h.manifest.leaders[usize::from(l)];
            m.side == FRENCH && m.mg.is_none()
        })
        .collect();
    let fl = *french
        .iter()
        .max_by_key(|&&l| {
            (
                h.manifest.leaders[usize::from(l)].ratings.span,
                u16::MAX - l,
            )
        })
        .unwrap();
    let p = *french
        .iter()
        .filter(|&&l| l != fl)
        .min_by_key(|&&l| (h.manifest.leaders[usize::from(l)].ratings.subordination, l))
        .unwrap();
    set_force(h, s, fl, Arm::Infantry, 2);
    set_force(h, s, p, Arm::Infantry, 2);
    s.leaders[usize::from(fl)].captures = 0;
    s.leaders[usize::from(p)].captures = 0;
    (fl, p)
}

fn setup(phase: Phase) -> (Hov, State, LeaderId, LeaderId, Hex) {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, phase, FRENCH);
    let (fl, p) = two_leaders(&h, &mut s);
    clear_map_but(&mut s, &[fl, p]);
    let at = open_ground(&h);
    place(&mut s, fl, at);
    place(&mut s, p, at.neighbor(Direction::ALL[3]));
    for x in &mut s.leaders {
        x.moved = false;
        x.tried = false;
    }
    s.marched.clear();
    (h, s, fl, p, at)
}

#[test]
fn r84_r118_r120_a_multi_hex_force_moves_on_one_roll_and_ends_together() {
    let (h, mut s, fl, p, at) = setup(Phase::InitiativeMovement);
    assert!(
        h.span_used(&s, fl) + 4 <= u16::from(h.span_of(&s, fl)),
        "span too small"
    );
    let a = Action::Initiative {
        leader: fl,
        parts: alloc::vec![p],
    };
    assert!(legal(&h, &s).contains(&a), "{:?}", legal(&h, &s));
    let mut ev = Vec::new();
    h.apply(&mut s, &a, &mut ev).unwrap();
    let start = s.march.as_ref().unwrap().start_sp;
    assert_eq!(start, h.attrition_size(&s, fl) + h.attrition_size(&s, p));
    h.apply(&mut s, &d6(1), &mut ev).unwrap();
    // ¶120: the subordinate hex may not roll on its own.
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Initiative { leader, .. } if *leader == p))
    );
    // The Force Leader moves two hexes east first.
    let d = Direction::ALL[0];
    let one = at.neighbor(d);
    let two = one.neighbor(d);
    h.apply(&mut s, &Action::Step { to: one }, &mut ev).unwrap();
    h.apply(&mut s, &Action::Step { to: two }, &mut ev).unwrap();
    let spent_fl = s.march.as_ref().unwrap().spent_inf;
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    // ¶118: then the other hex, with the same allowance, its own tally.
    let m = s.march.as_ref().unwrap();
    assert_eq!(m.leader, p);
    assert_eq!(m.stage, MarchStage::Moving);
    assert_eq!(m.spent_inf, crate::hov::types::Mp::ZERO);
    assert_eq!(m.moved_parts.len(), 1);
    // ¶118 2: it may not stop three hexes from the Force Leader.
    assert!(!legal(&h, &s).contains(&Action::Done));
    let err = h.apply(&mut s, &Action::Done, &mut ev).unwrap_err();
    assert_eq!(err.rule, "¶118 2");
    let p_at = at.neighbor(Direction::ALL[3]);
    h.apply(&mut s, &Action::Step { to: at }, &mut ev).unwrap();
    h.apply(&mut s, &Action::Step { to: one }, &mut ev).unwrap();
    assert_eq!(one.distance(two), 1);
    let _ = p_at;
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    // One attrition roll for the whole force, on its size at the start (reading N31).
    if let Some(m) = &s.march {
        assert_eq!(m.stage, MarchStage::Attrition);
        assert_eq!(m.leader, fl);
        assert_eq!(m.start_sp, start);
        assert!(m.spent_inf >= spent_fl);
        h.apply(&mut s, &d6(6), &mut ev).unwrap();
    }
    assert!(s.march.is_none());
    assert!(s.leaders[usize::from(fl)].moved && s.leaders[usize::from(p)].moved);
    assert_eq!(s.leaders[usize::from(p)].place, LeaderPlace::Map(one));
    // Neither may move again this phase (¶88).
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Initiative { .. }))
    );
}

#[test]
fn r99_2_one_command_moves_a_multi_hex_force() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    // A commandable French force and a free hex next to it for a second force.
    let acts = legal(&h, &s);
    let Some(fl) = acts.iter().find_map(|a| match a {
        Action::Command { leader, .. } => Some(*leader),
        _ => None,
    }) else {
        panic!("no command possible");
    };
    let at = h.leader_hex(&s, fl).unwrap();
    let p = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            l != fl
                && h.manifest.leaders[usize::from(l)].side == FRENCH
                && h.manifest.leaders[usize::from(l)].mg.is_none()
                && matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
                && !s
                    .leaders
                    .iter()
                    .any(|x| x.place == LeaderPlace::Portrait(l))
        })
        .unwrap();
    set_force(&h, &mut s, p, Arm::Infantry, 1);
    let o = h.occupancy(&s);
    let Some(free) = Direction::ALL
        .iter()
        .map(|&d| at.neighbor(d))
        .find(|&x| h.in_area(x) && !o.holds(FRENCH, x) && !o.holds(FRENCH.other(), x))
    else {
        return;
    };
    place(&mut s, p, free);
    // Room in the span for him.
    let need = u16::from(h.manifest.leaders[usize::from(p)].ratings.subordination);
    let room = h.span_used(&s, fl) + need <= u16::from(h.span_of(&s, fl));
    let a = Action::Command {
        leader: fl,
        parts: alloc::vec![p],
    };
    let refused = h.multi_hex_refused(&s, fl, &[p], true);
    if !room {
        assert_eq!(refused.unwrap().rule, "¶84, ¶28");
        return;
    }
    if refused.is_some() {
        // p is in an enemy ZOC or without Dispatch Distance there (reading N30).
        assert!(!legal(&h, &s).contains(&a));
        return;
    }
    assert!(legal(&h, &s).contains(&a));
    let left = s.commands[FRENCH.index()];
    let mut ev = Vec::new();
    h.apply(&mut s, &a, &mut ev).unwrap();
    assert_eq!(s.commands[FRENCH.index()], left - 1, "¶99 2: one command");
    assert!(s.marched.contains(&p));
    assert_eq!(s.march.as_ref().unwrap().parts, alloc::vec![p]);
}

#[test]
fn r28_r29_r84_the_span_and_no_subordinate_of_a_subordinate() {
    let (h, mut s, fl, p, _at) = setup(Phase::InitiativeMovement);
    // ¶84, ¶28: a span filled up.
    let full = u16::from(h.span_of(&s, fl));
    let used = h.span_used(&s, fl);
    let mut s2 = s.clone();
    s2.leaders[usize::from(fl)].captures = (full.saturating_sub(used)) as u8 + 1;
    let e = h.multi_hex_refused(&s2, fl, &[p], false).unwrap();
    assert_eq!(e.rule, "¶84, ¶28");
    // ¶29: a Force Leader with a subordinate of his own cannot be taken in.
    let sub = (0..s.leaders.len() as LeaderId)
        .find(|&l| l != fl && l != p && h.manifest.leaders[usize::from(l)].side == FRENCH)
        .unwrap();
    s.leaders[usize::from(sub)].place = LeaderPlace::Portrait(p);
    let e = h.multi_hex_refused(&s, fl, &[p], false).unwrap();
    assert!(e.rule.contains("¶29"), "{e:?}");
    // Not adjacent.
    s.leaders[usize::from(sub)].place = LeaderPlace::Out;
    let far = h
        .leader_hex(&s, fl)
        .unwrap()
        .neighbor(Direction::ALL[0])
        .neighbor(Direction::ALL[0]);
    place(&mut s, p, far);
    assert!(h.multi_hex_refused(&s, fl, &[p], false).is_some());
    assert!(h.multi_hex_options(&s, fl, false).is_empty());
}

#[test]
fn r50_4_no_multi_hex_force_in_forced_march() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::ForcedMarch, crate::hov::types::COALITION);
    // The French force-march in the Coalition's turn.
    let (fl, p) = two_leaders(&h, &mut s);
    clear_map_but(&mut s, &[fl, p]);
    let at = open_ground(&h);
    place(&mut s, fl, at);
    place(&mut s, p, at.neighbor(Direction::ALL[3]));
    for x in &mut s.leaders {
        x.moved = false;
        x.tried = false;
    }
    assert!(h.multi_hex_options(&s, fl, false).is_empty());
    let e = h.multi_hex_refused(&s, fl, &[p], false).unwrap();
    assert_eq!(e.rule, "¶50 4");
    let mut ev = Vec::new();
    let before = s.clone();
    let err = h
        .apply(
            &mut s,
            &Action::Initiative {
                leader: fl,
                parts: alloc::vec![p],
            },
            &mut ev,
        )
        .unwrap_err();
    assert_eq!(err.rule, "¶50 4");
    assert_eq!(s, before);
}

#[test]
fn r118_3_the_force_leader_of_a_multi_hex_force_drops_off_subordinates_on_the_way() {
    let (h, mut s, fl, p, at) = setup(Phase::InitiativeMovement);
    let sub = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            let m = &h.manifest.leaders[usize::from(l)];
            l != fl && l != p && m.side == FRENCH && m.mg.is_none()
        })
        .unwrap();
    set_force(&h, &mut s, sub, Arm::Infantry, 1);
    s.leaders[usize::from(sub)].place = LeaderPlace::Portrait(fl);
    if let Some(e) = h.multi_hex_refused(&s, fl, &[p], false) {
        panic!("{e:?}");
    }
    let mut ev = Vec::new();
    h.apply(
        &mut s,
        &Action::Initiative {
            leader: fl,
            parts: alloc::vec![p],
        },
        &mut ev,
    )
    .unwrap();
    h.apply(&mut s, &d6(1), &mut ev).unwrap();
    let one = at.neighbor(Direction::ALL[0]);
    h.apply(&mut s, &Action::Step { to: one }, &mut ev).unwrap();
    h.apply(&mut s, &Action::DropOff { leader: sub }, &mut ev)
        .unwrap();
    assert_eq!(s.leaders[usize::from(sub)].place, LeaderPlace::Map(one));
    assert!(s.leaders[usize::from(sub)].dropped);
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    // The other hex moves next, and ends next to the Force Leader.
    assert_eq!(s.march.as_ref().unwrap().leader, p);
    h.apply(&mut s, &Action::Step { to: at }, &mut ev).unwrap();
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    while s.march.is_some() {
        h.apply(&mut s, &d6(6), &mut ev).unwrap();
    }
    assert_eq!(s.leaders[usize::from(sub)].place, LeaderPlace::Map(one));
}
