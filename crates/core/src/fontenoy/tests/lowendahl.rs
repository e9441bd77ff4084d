//! F-3.8d Lowendahl's Detachment: its entry into the game and the rolls that let its groups
//! onto the map (reinforcements/lowendahl.rs).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::state::{Place, State, Step};
use super::super::units::UnitId;
use super::{apply, d10, scenario};

fn unit(r: &Fontenoy, id: &str) -> UnitId {
    r.unit_index(id)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

/// Starts turn index `t` afresh (the steps of the previous turn dropped).
fn start(r: &Fontenoy, s: &mut State, t: u16) -> Vec<Event> {
    s.steps.clear();
    s.turn = t;
    let mut ev = Vec::new();
    r.turn_start(s, &mut ev);
    ev
}

fn rolls(ev: &[Event]) -> Vec<(u8, u8, Option<u8>)> {
    ev.iter()
        .filter_map(|e| match *e {
            Event::LowendahlRoll {
                roll,
                marker,
                group,
            } => Some((roll, marker, group)),
            _ => None,
        })
        .collect()
}

#[test]
fn f3_8d_a_the_detachment_enters_the_game_at_12_00_and_is_not_rolled_for_before_an_hour() {
    let (r, mut s) = scenario("fontenoy/battle");
    // 11:40 (index 8): not yet.
    let ev = start(&r, &mut s, 8);
    assert!(!ev.contains(&Event::LowendahlEnters));
    assert_eq!(s.lowendahl.entered, None);
    // 12:00 (index 9): it enters the game; no marker yet.
    let ev = start(&r, &mut s, 9);
    assert!(ev.contains(&Event::LowendahlEnters));
    assert_eq!(s.lowendahl.entered, Some(9));
    assert!(!matches!(s.steps.last(), Some(Step::Lowendahl { .. })));
    for t in [10, 11] {
        start(&r, &mut s, t);
        assert!(!matches!(s.steps.last(), Some(Step::Lowendahl { .. })));
    }
    // 13:00: the marker "9".
    start(&r, &mut s, 12);
    assert_eq!(s.steps.last(), Some(&Step::Lowendahl { marker: 9 }));
    assert_eq!(r.lowendahl_marker(&s, 20), Some(1));
    assert_eq!(r.lowendahl_marker(&s, 21), None);
}

#[test]
fn f3_8d_b_the_rulebook_example_cavalry_on_the_first_success_infantry_and_guns_on_the_second() {
    let (r, mut s) = scenario("fontenoy/battle");
    let egd = unit(&r, "fr-egd-a");
    let low = unit(&r, "fr-lowendahl");
    let gun = unit(&r, "fr-4lbs-8");
    // The example: the Detachment enters the game at 10:40 (index 5); markers from 11:40.
    s.lowendahl.entered = Some(5);
    start(&r, &mut s, 8);
    assert_eq!(s.steps.last(), Some(&Step::Lowendahl { marker: 9 }));
    let ev = apply(&r, &mut s, d10(7));
    assert_eq!(rolls(&ev), alloc::vec![(7, 9, None)]);
    // Other reinforcements may be due; none of the Detachment's.
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, Step::Arrive { unit } if [egd, low, gun].contains(unit)))
    );
    assert_eq!(s.unit(egd).place, Place::Waiting);
    // 12:00: 9 against 8: the cavalry (and Lowendahl) appear.
    start(&r, &mut s, 9);
    assert_eq!(s.steps.last(), Some(&Step::Lowendahl { marker: 8 }));
    let ev = apply(&r, &mut s, d10(9));
    assert_eq!(rolls(&ev), alloc::vec![(9, 8, Some(0))]);
    assert_eq!(s.lowendahl.cavalry, Some(9));
    // Every other due reinforcement placed, the cavalry group's turn comes.
    let mut placed = 0;
    while let Some(Step::Arrive { unit }) = s.steps.last().cloned() {
        let a = super::legal(&r, &s)
            .into_iter()
            .next()
            .expect("a placement");
        apply(&r, &mut s, a);
        if [egd, low].contains(&unit) {
            placed += 1;
        }
        assert_ne!(unit, gun);
    }
    assert_eq!(placed, 2, "EGD a and Lowendahl are placed at N1801");
    let due: Vec<UnitId> = r
        .scenario_rules
        .arrivals
        .iter()
        .filter(|a| r.due_turn(&s, a) == Some(9))
        .map(|a| a.unit)
        .collect();
    assert!(due.contains(&egd) && due.contains(&low) && !due.contains(&gun));
    // 12:20, 12:40: 4 against 7, 1 against 6: nothing.
    for (t, v, m) in [(10, 4, 7), (11, 1, 6)] {
        start(&r, &mut s, t);
        assert_eq!(s.steps.last(), Some(&Step::Lowendahl { marker: m }));
        let ev = apply(&r, &mut s, d10(v));
        assert_eq!(rolls(&ev), alloc::vec![(v, m, None)]);
    }
    assert_eq!(s.lowendahl.rest, None);
    // 13:00: 5 against 5: the infantry and artillery appear; no roll after that.
    start(&r, &mut s, 12);
    let ev = apply(&r, &mut s, d10(5));
    assert_eq!(rolls(&ev), alloc::vec![(5, 5, Some(1))]);
    assert_eq!(s.lowendahl.rest, Some(12));
    let a = r
        .scenario_rules
        .arrivals
        .iter()
        .find(|a| a.unit == gun)
        .expect("the gun arrives");
    assert_eq!(r.due_turn(&s, a), Some(12));
    start(&r, &mut s, 13);
    assert!(!matches!(s.steps.last(), Some(Step::Lowendahl { .. })));
}

#[test]
fn f3_8d_b_one_roll_a_turn() {
    let (r, mut s) = scenario("fontenoy/battle");
    s.lowendahl.entered = Some(9);
    start(&r, &mut s, 12);
    apply(&r, &mut s, d10(0));
    assert_eq!(s.lowendahl.rolled, Some(12));
    let mut ev = Vec::new();
    r.turn_start(&mut s, &mut ev);
    assert!(rolls(&ev).is_empty());
    assert!(!s.steps.contains(&Step::Lowendahl { marker: 9 }));
}
