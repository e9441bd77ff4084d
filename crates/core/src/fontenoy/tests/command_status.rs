//! 7.5b Regimental Integrity with the automatic In Command status of 7.5a.

use super::*;
use crate::fontenoy::event::CommandBy;
use crate::fontenoy::state::Step;

/// The French CinC (distance 2) at S0101 with battalion 1 AAA; 2 AAA adjacent at S0102;
/// their Division Commander far away at S1020 (distance 4); `extra` adds a unit to the
/// CinC's hex. The Allies far off.
fn regiment_world(extra: bool) -> (Fontenoy, State, [UnitId; 2]) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0101", 2, 5);
    w.cinc(f, 2, 5);
    let dc = w.commander("Dx", Side(0), "S1020", 4, 4);
    let al = w.commander("Cumberland", Side(1), "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", Side(1), "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
    w.division("Z", Side(1), Some(ac), &[au]);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S0101", 1);
    let a2 = w.infantry("2 AAA", Side(0), "AAA", "S0102", 1);
    let mut units = alloc::vec![a1, a2];
    if extra {
        let b1 = w.infantry("1 BBB", Side(0), "BBB", "S0101", 1);
        units.push(b1);
    }
    w.division("X", Side(0), Some(dc), &units);
    let (r, s) = w.build();
    (r, s, [a1, a2])
}

fn activate(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    initiative(r, s, 6, 1);
    apply(r, s, Action::ActivateOwn);
    apply(r, s, Action::Activate { division: 1 });
    let mut ev = apply(r, s, Action::EndDesignations);
    // The Division Commander, beyond the CinC's line, fails his roll.
    while let Some(Step::CommanderInitiative { .. }) = s.steps.last() {
        ev.extend(apply(r, s, d10(9)));
    }
    ev
}

fn status(ev: &[Event], u: UnitId) -> Option<CommandBy> {
    ev.iter().find_map(|e| match e {
        Event::Command { unit, by } if *unit == u => Some(*by),
        _ => None,
    })
}

#[test]
fn r7_5b_integrity_extends_the_cincs_group_to_the_rest_of_a_single_regiment() {
    let (r, mut s, [a1, a2]) = regiment_world(false);
    let ev = activate(&r, &mut s);
    assert_eq!(status(&ev, a1), Some(CommandBy::Grouped));
    assert_eq!(
        status(&ev, a2),
        Some(CommandBy::Grouped),
        "adjacent, same regiment"
    );
}

#[test]
fn r7_5b_two_regiments_with_the_commander_break_the_extension() {
    let (r, mut s, [a1, a2]) = regiment_world(true);
    let ev = activate(&r, &mut s);
    assert_eq!(status(&ev, a1), Some(CommandBy::Grouped));
    assert_eq!(status(&ev, a2), Some(CommandBy::None));
}

#[test]
fn f10_1a_e_a_unit_in_the_scenario_s_always_in_command_place_is_in_command() {
    // 2 AAA, beyond every line and not kept by Regimental Integrity (two regiments with the
    // CinC), is In Command in the place the scenario names for its side.
    let (mut r, mut s, [a1, a2]) = regiment_world(true);
    alloc::sync::Arc::make_mut(&mut r.scenario_rules).always_in_command =
        alloc::vec![(Side(0), alloc::vec![hex("S0102")])];
    let ev = activate(&r, &mut s);
    assert_eq!(status(&ev, a1), Some(CommandBy::Grouped));
    assert_eq!(status(&ev, a2), Some(CommandBy::Always));
    // A place named for the other side does nothing.
    let (mut r, mut s, [_, a2]) = regiment_world(true);
    alloc::sync::Arc::make_mut(&mut r.scenario_rules).always_in_command =
        alloc::vec![(Side(1), alloc::vec![hex("S0102")])];
    let ev = activate(&r, &mut s);
    assert_eq!(status(&ev, a2), Some(CommandBy::None));
}
