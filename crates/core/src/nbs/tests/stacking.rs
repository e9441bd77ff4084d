//! Stacking (12.0, 12.2) and over-stacking (12.5).

use super::kit::{
    apply, clear_spot, dir, empty, hex, id, legal, moved_cost, n_of, north, put, rules,
};
use crate::engine::{Rules, Side};
use crate::hex::{Compass, Facing, Hex};
use crate::nbs::state::{Phase, State, UnitId, flag};
use crate::nbs::types::{Formation, MoraleState};
use crate::nbs::{Action, Event, Nbs};
use alloc::vec::Vec;

/// Three brigades in `x` for the French: 28 C-units, over the 12 of 12.1.
fn overstack_at(r: &Nbs, s: &mut State, x: Hex) -> [UnitId; 3] {
    let units = ["1-1-1", "2-2-1", "1-1-4"].map(|n| id(r, n));
    for u in units {
        put(s, u, x, north(), Formation::Column);
    }
    assert!(r.overstacked(s, x, Side(0)));
    units
}

/// 12.0: the limits are enforced at the end of every phase with movement or retreats, for
/// both sides; a hex is treated once when found (DG), then waits for its owner's Movement
/// Phase (12.5) rather than being routed at the end of the next phase.
#[test]
fn r12_0_overstacking_is_found_at_the_end_of_a_fire_phase() {
    use crate::nbs::types::MoraleState;
    let r = rules("nbs/austerlitz-3");
    // The Allied player turn's offensive fire: the French (non-phasing) stack is checked.
    let mut s = empty(&r, Phase::OffensiveFire);
    s.player_turn = 1;
    let x = clear_spot(&r, 2);
    overstack_at(&r, &mut s, x);
    let mut ev = Vec::new();
    r.next_phase(&mut s, &mut ev);
    assert_eq!(
        r.hex_morale(&s, x),
        crate::nbs::types::MoraleState::Disorganized
    );
    assert!(ev.iter().any(
        |e| matches!(e, Event::MoraleChanged { hex, rule, .. } if *hex == x && rule == "12.0")
    ));
    // Found once: the end of the Rally Phase (which has rout moves) does not rout it.
    s.phase = Phase::Rally;
    let mut ev = Vec::new();
    r.next_phase(&mut s, &mut ev);
    assert_eq!(r.hex_morale(&s, x), MoraleState::Disorganized);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::MoraleChanged { hex, .. } if *hex == x))
    );
    // A phase with no movement (straggler recovery) checks nothing: a new over-stack formed
    // by hand stays untreated there.
    let mut t = empty(&r, Phase::Recovery);
    let y = clear_spot(&r, 2);
    overstack_at(&r, &mut t, y);
    let mut ev = Vec::new();
    r.next_phase(&mut t, &mut ev);
    assert_eq!(r.hex_morale(&t, y), MoraleState::Normal);
}

/// 12.2: each unit of a stack moves with its own allowance; moving one spends nothing of the
/// others', and the unit entering a hex goes to the bottom of the stack there.
#[test]
fn r12_2_stacked_units_move_on_their_own_mps() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let mut s = empty(&r, Phase::Movement);
    let a = id(&r, "1-1-4");
    let b = id(&r, "2-1-4");
    let c = id(&r, "3-1-4");
    put(&mut s, a, at, north(), Formation::Column);
    put(&mut s, b, at, north(), Formation::Column);
    put(&mut s, c, n_of(at, 1), north(), Formation::Column);
    s.next_order = 100;
    let (s, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: a,
            to: n_of(at, 1),
        },
    );
    assert!(moved_cost(&ev) > 0);
    assert_eq!(s.units[usize::from(b)].spent, 0, "b spent nothing");
    assert_eq!(r.allowance(&s, b), r.allowance(&s, a));
    assert_eq!(
        r.stack(&s, n_of(at, 1)),
        [c, a],
        "the newcomer at the bottom"
    );
    // b still moves its whole allowance from the old hex.
    let (s, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: b,
            to: n_of(at, 1),
        },
    );
    assert_eq!(s.units[usize::from(b)].spent, s.units[usize::from(a)].spent);
    assert_eq!(r.stack(&s, n_of(at, 1)), [c, a, b]);
}

/// 12.2: in its own Movement Phase the owner may put any of a stack's combat units on top,
/// the others keeping their order; not a unit already on top, not an enemy's, not outside
/// the Movement Phase.
#[test]
fn r12_2_stack_reordered_freely_in_own_movement_phase() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let mut s = empty(&r, Phase::Movement);
    let a = id(&r, "1-1-4");
    let b = id(&r, "2-1-4");
    let c = id(&r, "3-1-4");
    for u in [a, b, c] {
        put(&mut s, u, at, north(), Formation::Column);
    }
    let foe = id(&r, "Y2-1-L");
    put(&mut s, foe, n_of(at, 2), north(), Formation::Line);
    let before = r.stack(&s, at);
    let (top, mid, low) = (before[0], before[1], before[2]);
    let v = legal(&r, &s);
    assert!(v.contains(&Action::ToTop { unit: low }), "{v:?}");
    assert!(v.contains(&Action::ToTop { unit: mid }));
    assert!(!v.contains(&Action::ToTop { unit: top }), "already on top");
    assert!(!v.contains(&Action::ToTop { unit: foe }), "not the mover's");
    let (s1, ev) = apply(&r, &s, Action::ToTop { unit: low });
    assert_eq!(
        r.stack(&s1, at),
        [low, top, mid],
        "the rest keep their order"
    );
    assert!(ev.iter().any(|e| e.rule_number() == "12.2"));
    assert_eq!(s1.units[usize::from(low)].spent, 0, "free of MPs");
    let e = r.applied(&s1, &Action::ToTop { unit: low }).unwrap_err();
    assert_eq!(e.rule, "12.2");
    let e = r.applied(&s1, &Action::ToTop { unit: foe }).unwrap_err();
    assert_eq!(e.rule, "12.2");
    // Outside the Movement Phase the stack keeps its order.
    let mut f = s.clone();
    f.phase = Phase::OffensiveFire;
    assert!(!legal(&r, &f).contains(&Action::ToTop { unit: low }));
    assert!(r.applied(&f, &Action::ToTop { unit: low }).is_err());
}

#[test]
fn r12_5_overstacked_hex_becomes_dg_at_end_of_movement() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let x = hex(&r, "B40.12");
    let f = Facing::side(dir(Compass::N));
    // Two AAB brigades and an AA: 10 + 10 + 8 C-units, over the 12 of 12.1.
    for name in ["1-1-1", "2-2-1", "1-1-4"] {
        put(&mut s, id(&r, name), x, f, Formation::Column);
    }
    assert!(r.overstacked(&s, x, Side(0)));
    let (s, ev) = apply(&r, &s, Action::EndMovement);
    assert_eq!(r.hex_morale(&s, x), MoraleState::Disorganized);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MoraleChanged { rule, .. } if rule == "12.5"))
    );
}

/// 12.5, 25.3d: a hex over-stacked when the Movement Phase begins must be broken up in it:
/// the phase cannot end while one of its units can step out; once under the limit it can.
/// A stack routed by a retreat is left alone (25.3d: it breaks up once rallied to DG).
#[test]
fn r12_5_overstacked_hex_must_be_broken_up_next_movement_phase() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let x = hex(&r, "B40.12");
    let f = Facing::side(dir(Compass::N));
    for name in ["1-1-1", "2-2-1", "1-1-4"] {
        put(&mut s, id(&r, name), x, f, Formation::Column);
    }
    let mut ev = Vec::new();
    r.enter_phase(&mut s, &mut ev);
    assert_eq!(s.break_up, [x]);
    let e = r.applied(&s, &Action::EndMovement).unwrap_err();
    assert_eq!(e.rule, "12.5");
    let mut v = Vec::new();
    r.legal_actions(&s, &mut v);
    assert!(!v.contains(&Action::EndMovement));
    // Two brigades step out (one AAB stays: 10 C-units): under the limit, the phase may end.
    let mut s2 = s.clone();
    for name in ["1-1-4", "2-2-1"] {
        let mut v = Vec::new();
        r.legal_actions(&s2, &mut v);
        let out = v
            .iter()
            .find(|a| matches!(a, Action::Step { unit, to } if *unit == id(&r, name) && *to != x))
            .expect("a step out")
            .clone();
        s2 = apply(&r, &s2, out).0;
    }
    assert!(!r.overstacked(&s2, x, Side(0)));
    assert!(r.applied(&s2, &Action::EndMovement).is_ok());
    // Routed by a retreat (25.3d), the stack stays.
    let mut s3 = s.clone();
    r.set_hex_morale(&mut s3, x, MoraleState::Routed);
    r.note_overstack(&mut s3, x, Side(0), true);
    assert!(r.applied(&s3, &Action::EndMovement).is_ok());
}

/// 12.5: routed units of an over-stacked hex may move one hex to break it up, and must while
/// they can; the move is a step only (no turning), and once made the unit moves no further.
#[test]
fn r12_5_routed_units_move_one_hex_to_break_up() {
    use crate::nbs::types::MoraleState;
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let x = clear_spot(&r, 2);
    let units = overstack_at(&r, &mut s, x);
    r.set_hex_morale(&mut s, x, MoraleState::Routed);
    // Found over-stacked (12.5, not by a retreat) and routed: its Movement Phase begins.
    r.note_overstack(&mut s, x, Side(0), false);
    let mut ev = Vec::new();
    r.enter_phase(&mut s, &mut ev);
    assert_eq!(s.break_up, [x]);
    let v = legal(&r, &s);
    assert!(
        !v.contains(&Action::EndMovement),
        "12.5: the stack must break up"
    );
    let u = units[2];
    assert!(
        !v.iter()
            .any(|a| matches!(a, Action::Face { unit, .. } if *unit == u)),
        "25.1b: a routed unit does not turn"
    );
    let out = v
        .iter()
        .find(|a| matches!(a, Action::Step { unit, to } if *unit == u && *to != x))
        .expect("12.5: a routed unit's one-hex step out")
        .clone();
    let (s2, _) = apply(&r, &s, out);
    assert!(
        !legal(&r, &s2)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u)),
        "12.5: one hex only"
    );
    let e = r
        .applied(
            &s2,
            &Action::Step {
                unit: u,
                to: s2.units[usize::from(u)].hex().unwrap().neighbors()[0],
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "25.1b");
    // A second unit steps out: 10 C-units left, the phase may end.
    let w = units[1];
    let out = legal(&r, &s2)
        .into_iter()
        .find(|a| matches!(a, Action::Step { unit, to } if *unit == w && *to != x))
        .expect("a second routed step out");
    let (s3, _) = apply(&r, &s2, out);
    assert!(!r.overstacked(&s3, x, Side(0)));
    assert!(legal(&r, &s3).contains(&Action::EndMovement));
    // Without the over-stack, routed units do not move (25.1b).
    let mut t = empty(&r, Phase::Movement);
    let y = clear_spot(&r, 2);
    put(&mut t, u, y, north(), Formation::Column);
    r.set_hex_morale(&mut t, y, MoraleState::Routed);
    let mut ev = Vec::new();
    r.enter_phase(&mut t, &mut ev);
    assert!(
        !legal(&r, &t)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u))
    );
}

/// 12.5 "repeat as needed": a hex its owner failed to break up is treated again at the end of
/// that Movement Phase (DG becomes Routed).
#[test]
fn r12_5_a_hex_not_broken_up_is_treated_again() {
    use crate::nbs::types::MoraleState;
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let x = clear_spot(&r, 2);
    let units = overstack_at(&r, &mut s, x);
    r.set_hex_morale(&mut s, x, MoraleState::Disorganized);
    r.note_overstack(&mut s, x, Side(0), false);
    let mut ev = Vec::new();
    r.enter_phase(&mut s, &mut ev);
    // Every unit has stopped (15.1d), so none can step out and the phase may end.
    for u in units {
        s.units[usize::from(u)].flags |= flag::STOPPED;
    }
    let (s, ev) = apply(&r, &s, Action::EndMovement);
    assert_eq!(r.hex_morale(&s, x), MoraleState::Routed);
    assert!(ev.iter().any(
        |e| matches!(e, Event::MoraleChanged { hex, rule, .. } if *hex == x && rule == "12.5")
    ));
}
