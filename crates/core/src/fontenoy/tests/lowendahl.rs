//! F-3.8d Lowendahl's Detachment: its entry into the game and the rolls that let its groups
//! onto the map (reinforcements/lowendahl.rs).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::state::{Act, Phase, Place, State, Step};
use super::super::types::Formation;
use super::super::units::UnitId;
use super::{apply, d10, hex, legal, scenario};
use crate::engine::Rules;
use crate::hex::{Compass, Direction, Facing, Hex};

fn unit(r: &Fontenoy, id: &str) -> UnitId {
    r.unit_index(id)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

/// Starts turn index `t` afresh (the steps of the previous turn dropped).
fn start(r: &Fontenoy, s: &mut State, t: u16) -> Vec<Event> {
    s.steps.clear();
    s.turn = t;
    // As 4.0 begins a turn (turn/mod.rs `begin_turn`).
    s.phase = Phase::ArmyMorale;
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

/// Places every reinforcement asked for with its first legal choice; the placements offered
/// to `watch` are returned.
fn place_arrivals(r: &Fontenoy, s: &mut State, watch: UnitId) -> Vec<Action> {
    let mut seen = Vec::new();
    while let Some(Step::Arrive { unit }) = s.steps.last().cloned() {
        let acts = legal(r, s);
        if unit == watch {
            seen.clone_from(&acts);
        }
        apply(r, s, acts.into_iter().next().expect("a placement"));
    }
    seen
}

#[test]
fn f3_8d_a_on_the_entry_turn_the_french_choose_whether_lowendahl_enters_alone() {
    let (r, mut s) = scenario("fontenoy/battle");
    let low = unit(&r, "fr-lowendahl");
    // 12:00: the Detachment enters the game and the French are asked.
    let ev = start(&r, &mut s, 9);
    assert!(ev.contains(&Event::LowendahlEnters));
    assert_eq!(
        s.steps.last(),
        Some(&Step::LowendahlLead { at_start: true })
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::LowendahlLead { alone: false },
            Action::LowendahlLead { alone: true }
        ]
    );
    // Another answer is refused and changes nothing.
    let before = s.clone();
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s, &Action::EndSegment, &mut ev)
        .expect_err("not a choice for Lowendahl");
    assert_eq!(e.rule, "F-3.8d A");
    assert_eq!(s, before);
    // He stays: he is the Detachment Leader, no F-3.3f leader, and does not come now.
    let mut t = s.clone();
    let ev = apply(&r, &mut t, Action::LowendahlLead { alone: false });
    assert!(ev.contains(&Event::LowendahlLead {
        commander: low,
        alone: false
    }));
    assert_eq!(t.lowendahl.alone, Some(false));
    assert!(r.leads_detachment(&t, low));
    place_arrivals(&r, &mut t, low);
    assert_eq!(t.unit(low).place, Place::Waiting);
    // He enters alone: placed at N1801 with this turn's arrivals, a F-3.3f leader.
    let ev = apply(&r, &mut s, Action::LowendahlLead { alone: true });
    assert!(ev.contains(&Event::LowendahlLead {
        commander: low,
        alone: true
    }));
    let offered = place_arrivals(&r, &mut s, low);
    assert!(!offered.is_empty(), "Lowendahl is placed this turn");
    assert_eq!(s.unit(low).placed().map(|p| p.hex()), Some(hex("N1801")));
    assert!(!r.leads_detachment(&s, low));
    // The question is not put again.
    start(&r, &mut s, 10);
    assert!(!s.steps.contains(&Step::LowendahlLead { at_start: true }));
}

#[test]
fn f3_8d_a_an_allied_unit_out_of_the_bois_de_barry_s_north_side_brings_the_detachment_in() {
    let (r, mut s) = scenario("fontenoy/battle");
    let low = unit(&r, "fr-lowendahl");
    let side: Vec<Hex> = r
        .board
        .place("bois-de-barry-north-side")
        .expect("the place")
        .hexes
        .clone();
    assert!(
        side.contains(&hex("N5011")),
        "just north of the wood's edge"
    );
    s.steps.clear();
    s.turn = 3;
    s.phase = Phase::Activation;
    let north = Facing::side(Direction::from_compass(Compass::N));
    // A French unit there brings nothing.
    let fr = unit(&r, "fr-1-gfr");
    s.unit_mut(fr).place = Place::Map(Placed::at(side[2], north));
    let mut ev = Vec::new();
    r.after_step(&mut s, &[fr], &mut ev);
    assert_eq!(s.lowendahl.entered, None);
    // An Allied unit does: the Detachment enters the game this turn.
    let al = unit(&r, "al-fgd");
    s.unit_mut(al).place = Place::Map(Placed::at(hex("N5011"), north));
    let mut ev = Vec::new();
    r.after_step(&mut s, &[al], &mut ev);
    assert!(ev.contains(&Event::BarryExit { unit: al }));
    assert!(ev.contains(&Event::LowendahlEnters));
    assert_eq!(s.lowendahl.entered, Some(3));
    assert_eq!(r.lowendahl_marker(&s, 6), Some(9), "an hour on");
    // The French choose at once; alone, Lowendahl is placed at N1801 this turn.
    assert_eq!(
        s.steps.last(),
        Some(&Step::LowendahlLead { at_start: false })
    );
    apply(&r, &mut s, Action::LowendahlLead { alone: true });
    assert_eq!(s.steps.last(), Some(&Step::Arrive { unit: low }));
    let a = legal(&r, &s).into_iter().next().expect("a placement");
    apply(&r, &mut s, a);
    assert_eq!(s.unit(low).placed().map(|p| p.hex()), Some(hex("N1801")));
    assert_eq!(s.unit(low).act, Act::Unactivated);
    assert_eq!(s.phase, Phase::Activation, "the turn goes on");
    assert!(!r.leads_detachment(&s, low));
    // A second exit changes nothing.
    let mut ev = Vec::new();
    r.after_step(&mut s, &[al], &mut ev);
    assert!(!ev.contains(&Event::LowendahlEnters));
}

#[test]
fn f3_8d_c_the_detachment_appears_in_road_column_at_n1801_in_command_on_the_road() {
    let (r, mut s) = scenario("fontenoy/battle");
    let egd = unit(&r, "fr-egd-a");
    let gun = unit(&r, "fr-4lbs-8");
    let low = unit(&r, "fr-lowendahl");
    s.lowendahl.entered = Some(5);
    s.lowendahl.alone = Some(false);
    s.lowendahl.cavalry = Some(8);
    s.lowendahl.rolled = Some(8);
    start(&r, &mut s, 8);
    // EGD a (5 SP): its Road Column would not fit the one entry hex, so it comes in March
    // Column there (the reading of F-6.6a).
    let offered = place_arrivals(&r, &mut s, egd);
    assert!(!offered.is_empty());
    for a in &offered {
        assert!(
            matches!(a, Action::Deploy { hex: h, formation: Formation::MarchColumn, .. } if *h == hex("N1801")),
            "{a:?}"
        );
    }
    // The guns on the second success: Road Column at N1801, In Command on the road.
    for u in [egd, unit(&r, "fr-egd-b"), low] {
        s.unit_mut(u).place = Place::Exited;
    }
    s.lowendahl.rest = Some(9);
    s.lowendahl.rolled = Some(9);
    start(&r, &mut s, 9);
    let offered = place_arrivals(&r, &mut s, gun);
    assert!(!offered.is_empty());
    for a in &offered {
        assert!(
            matches!(a, Action::Deploy { hex: h, formation: Formation::RoadColumn, .. } if *h == hex("N1801")),
            "{a:?}"
        );
    }
    assert_eq!(s.unit(gun).formation, Formation::RoadColumn);
    assert_eq!(s.unit(gun).placed().map(|p| p.hex()), Some(hex("N1801")));
    // It needs an activation to move on; on the road it is In Command (F-10.0d).
    assert_eq!(s.unit(gun).act, Act::Unactivated);
    assert!(r.on_road_entry(&s, gun));
}
