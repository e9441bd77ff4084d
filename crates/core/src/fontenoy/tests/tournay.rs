//! Optional rule F-6.6 Tournay: the Tournay Activation (a), the Tournay Check (b), the French
//! response to a sortie and the Army Retreat it may force (c, F-2.2b); leaving the map by an
//! exit hex (F-6.6c, F-4.4).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::reinforcements::TournayRules;
use super::super::state::{Place, State, Step};
use super::super::types::Formation;
use super::super::units::UnitId;
use super::{apply, d100, hex, legal};
use crate::engine::Rules;

/// Scenario 4 with option 6.6, set up.
fn battle() -> (Fontenoy, State) {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let mut rs = lib.scenario("fontenoy/battle").expect("scenario 4");
    let mut o = serde_json::Map::new();
    o.insert("6.6".into(), serde_json::Value::Bool(true));
    rs.scenario
        .rules
        .insert("options".into(), serde_json::Value::Object(o));
    let r = Fontenoy::new(&rs).expect("loads with 6.6");
    let mut s = r.initial_state();
    while super::setting_up(&s) {
        let a = legal(&r, &s).into_iter().next().expect("a set-up choice");
        apply(&r, &mut s, a);
    }
    (r, s)
}

fn unit(r: &Fontenoy, id: &str) -> UnitId {
    r.unit_index(id)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

/// Starts turn index `t` afresh (the steps of the previous turn dropped).
fn start(r: &Fontenoy, s: &mut State, t: u16) -> Vec<Event> {
    s.steps.clear();
    s.activation = None;
    s.turn = t;
    s.phase = super::super::state::Phase::ArmyMorale;
    let mut ev = Vec::new();
    r.turn_start(s, &mut ev);
    ev
}

/// Calls `ids` in the pending Tournay Activation, then ends it.
fn call(r: &Fontenoy, s: &mut State, ids: &[&str]) -> Vec<Event> {
    let mut ev = Vec::new();
    for id in ids {
        assert_eq!(s.steps.last(), Some(&Step::TournayCall), "{id}");
        ev.extend(apply(r, s, Action::CallFromTournay { unit: unit(r, id) }));
    }
    if s.steps.last() == Some(&Step::TournayCall) {
        ev.extend(apply(r, s, Action::EndTournayCalls));
    }
    ev
}

/// The example of F-6.6b: seven units (the example's SP total is 52; these are the
/// scenario's provisional Tournay units).
const SEVEN: [&str; 7] = [
    "fr-sep-a",
    "fr-sep-b",
    "fr-1-low",
    "fr-2-low",
    "fr-stj",
    "fr-mil-04",
    "fr-mil-05",
];

#[test]
fn f6_6_without_the_option_there_is_no_tournay_step_and_no_tournay_unit() {
    let (r, mut s) = super::scenario("fontenoy/battle");
    assert!(r.scenario_rules.tournay.is_none());
    assert!(r.unit_index("fr-sep-a").is_none());
    start(&r, &mut s, 1);
    assert_ne!(s.steps.last(), Some(&Step::TournayCall));
    let (r, s) = battle();
    assert!(r.scenario_rules.tournay.is_some());
    // The units at Tournay wait off the map, Independent.
    let sep = unit(&r, "fr-sep-a");
    assert_eq!(s.unit(sep).place, Place::Waiting);
    assert!(r.org.armies[0].independents.contains(&sep));
}

#[test]
fn f6_6a_a_unit_called_from_tournay_arrives_three_turns_later_in_column_at_n1801() {
    let (r, mut s) = battle();
    let sep = unit(&r, "fr-sep-a");
    // 9:20 (index 1): the Tournay Activation step opens the Army Morale Check Phase.
    start(&r, &mut s, 1);
    assert_eq!(s.steps.last(), Some(&Step::TournayCall));
    let choices = legal(&r, &s);
    assert!(choices.contains(&Action::CallFromTournay { unit: sep }));
    assert!(choices.contains(&Action::EndTournayCalls));
    assert_eq!(
        choices.len(),
        14,
        "13 units at Tournay, and the end of the step"
    );
    let ev = call(&r, &mut s, &["fr-sep-a"]);
    assert!(ev.contains(&Event::TournayCalled {
        unit: sep,
        arrives: 4
    }));
    assert_eq!(s.tournay.units_out, 1);
    assert_eq!(s.tournay.sp_out, 5);
    // It is not called twice, and the step is not offered again this turn.
    assert_ne!(s.steps.last(), Some(&Step::TournayCall));
    assert!(
        r.apply(
            &mut s.clone(),
            &Action::CallFromTournay { unit: sep },
            &mut Vec::new()
        )
        .is_err()
    );
    // Not yet at 10:00 (index 3)...
    start(&r, &mut s, 3);
    while let Some(Step::Arrive { unit: x }) = s.steps.last().copied() {
        assert_ne!(x, sep);
        let a = legal(&r, &s).into_iter().next().expect("a placement");
        apply(&r, &mut s, a);
    }
    // ... at 10:20 (index 4), in Road Column at N1801.
    start(&r, &mut s, 4);
    assert_eq!(s.steps.last(), Some(&Step::Arrive { unit: sep }));
    let places = legal(&r, &s);
    assert!(!places.is_empty());
    for a in &places {
        let Action::Deploy {
            hex: h, formation, ..
        } = *a
        else {
            panic!("{a:?}");
        };
        assert_eq!(h, hex("N1801"));
        // 5 SP: its Road Column does not fit in one hex; March Column (a reading).
        assert_eq!(formation, Formation::MarchColumn);
    }
    apply(&r, &mut s, places[0].clone());
    assert!(s.unit(sep).on_map());
}

#[test]
fn f6_6b_seven_units_withdrawn_sortie_on_00_to_14() {
    let (r, mut s) = battle();
    start(&r, &mut s, 1);
    call(&r, &mut s, &SEVEN);
    assert_eq!(s.tournay.units_out, 7);
    // 10:00 (index 3), a ":00" turn: the Tournay Check after the Tournay Activation.
    start(&r, &mut s, 3);
    while let Some(Step::Arrive { .. }) = s.steps.last() {
        let a = legal(&r, &s).into_iter().next().expect("a placement");
        apply(&r, &mut s, a);
    }
    apply(&r, &mut s, Action::EndTournayCalls);
    assert_eq!(s.steps.last(), Some(&Step::TournayCheck { limit: 15 }));
    let mut no = s.clone();
    let ev = apply(&r, &mut no, d100(15));
    assert!(ev.contains(&Event::TournayCheck {
        roll: 15,
        limit: 15,
        sortie: false
    }));
    assert_eq!(no.tournay.sortie, None);
    let ev = apply(&r, &mut s, d100(14));
    assert!(ev.contains(&Event::TournayCheck {
        roll: 14,
        limit: 15,
        sortie: true
    }));
    assert_eq!(s.tournay.sortie, Some(3));
    // Not on a turn that is not ":00" (10:20), and no roll at all once the Dutch have sortied.
    start(&r, &mut no, 4);
    assert!(
        !no.steps
            .iter()
            .any(|st| matches!(st, Step::TournayCheck { .. }))
    );
}

#[test]
fn f6_6b_with_nothing_withdrawn_the_sortie_needs_00() {
    let (r, mut s) = battle();
    start(&r, &mut s, 0);
    apply(&r, &mut s, Action::EndTournayCalls);
    assert_eq!(s.steps.last(), Some(&Step::TournayCheck { limit: 1 }));
    let ev = apply(&r, &mut s.clone(), d100(1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TournayCheck { sortie: false, .. }))
    );
    let ev = apply(&r, &mut s, d100(0));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TournayCheck { sortie: true, .. }))
    );
    // F-6.6c: no unit leaves Tournay after a sortie.
    assert!(r.tournay_callable(&s).is_empty());
    start(&r, &mut s, 1);
    assert!(!s.steps.contains(&Step::TournayCall));
}

#[test]
fn f6_6c_units_still_on_the_track_answer_the_sortie_at_once() {
    let (r, mut s) = battle();
    let sep = unit(&r, "fr-sep-a");
    start(&r, &mut s, 3);
    while let Some(Step::Arrive { .. }) = s.steps.last() {
        let a = legal(&r, &s).into_iter().next().expect("a placement");
        apply(&r, &mut s, a);
    }
    call(&r, &mut s, &["fr-sep-a", "fr-sep-b"]);
    assert_eq!(s.tournay.sp_out, 10);
    let ev = apply(&r, &mut s, d100(0));
    assert!(ev.contains(&Event::TournaySentBack { unit: sep }));
    assert!(ev.contains(&Event::TournayAnswered { sp: 10 }));
    assert!(s.tournay.answered);
    // They never arrive, and no Retreat comes.
    start(&r, &mut s, 6);
    assert!(!s.steps.contains(&Step::Arrive { unit: sep }));
    assert_eq!(s.unit(sep).place, Place::Waiting);
    let mut ev = Vec::new();
    s.steps.clear();
    s.turn = 9;
    assert!(!r.turn_start_retreats(&mut s, &mut ev));
}

#[test]
fn f6_6c_f2_2b_an_unanswered_sortie_forces_the_french_retreat_after_six_turns() {
    let (r, mut s) = battle();
    s.tournay.sortie = Some(3);
    s.tournay.sp_out = 52;
    s.tournay.sp_back = 51;
    for t in 3..9 {
        s.turn = t;
        let mut ev = Vec::new();
        assert!(!r.turn_start_retreats(&mut s, &mut ev), "turn {t}");
    }
    s.turn = 9;
    let mut ev = Vec::new();
    assert!(r.turn_start_retreats(&mut s, &mut ev));
    assert!(ev.contains(&Event::ArmyRetreat {
        side: super::super::FRENCH,
        rule: "F-6.6c".into()
    }));
    assert_eq!(
        s.result.as_ref().map(|g| g.winner),
        Some(Some(super::super::ALLIED))
    );
}

#[test]
fn f6_6c_a_unit_in_a_tournay_exit_leaves_the_map_and_answers_the_sortie() {
    let (mut r, mut s, u) = super::movement::mover(|_| {});
    alloc::sync::Arc::make_mut(&mut r.scenario_rules).tournay = Some(TournayRules {
        delay: 3,
        exits: alloc::vec![hex("S1010")],
    });
    let leave = |r: &Fontenoy, s: &State| {
        legal(r, s)
            .into_iter()
            .filter(|a| matches!(a, Action::LeaveMap { .. }))
            .collect::<Vec<_>>()
    };
    // No sortie: no exit.
    assert!(leave(&r, &s).is_empty());
    let e = r
        .apply(
            &mut s.clone(),
            &Action::LeaveMap { unit: u },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(e.rule, "F-6.6c");
    s.tournay.sortie = Some(0);
    s.tournay.sp_out = 6;
    assert_eq!(leave(&r, &s), alloc::vec![Action::LeaveMap { unit: u }]);
    let ev = apply(&r, &mut s, Action::LeaveMap { unit: u });
    assert!(ev.contains(&Event::LeftMap {
        unit: u,
        hex: hex("S1010"),
        tournay: true
    }));
    assert!(ev.contains(&Event::TournayAnswered { sp: 6 }));
    assert_eq!(s.unit(u).place, Place::Exited);
    assert!(leave(&r, &s).is_empty());
}

#[test]
fn f4_4_a_unit_in_a_supply_train_exit_leaves_the_map_toward_the_train() {
    let (mut r, mut s, u) = super::movement::mover(|_| {});
    alloc::sync::Arc::make_mut(&mut r.scenario_rules).supply_exits = alloc::vec![hex("S1010")];
    let ev = apply(&r, &mut s, Action::LeaveMap { unit: u });
    assert!(ev.contains(&Event::LeftMap {
        unit: u,
        hex: hex("S1010"),
        tournay: false
    }));
    assert_eq!(s.unit(u).place, Place::Exited);
    assert!(s.tournay.returned.is_empty());
}
