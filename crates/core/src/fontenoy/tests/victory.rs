//! F-10.xd the scenarios' victory conditions, one test per scenario, and the ways a game ends
//! early (F-10.1d, F-2.2); 22.x reinforcements as the scenarios give them.

use alloc::vec::Vec;

use super::super::event::Event;
use super::super::geometry::{Hexes, Placed};
use super::super::reinforcements::{Arrival, Entry};
use super::super::state::{Phase, Place, State, Step};
use super::super::types::Pts;
use super::super::units::UnitId;
use super::super::{Action, Fontenoy};
use super::{apply, d10, hex, legal, scenario};
use crate::engine::{Actor, Rules, Side};
use crate::hex::Facing;

const F: Side = Side(0);
const A: Side = Side(1);

fn unit(r: &Fontenoy, id: &str) -> UnitId {
    r.unit_index(id)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

/// Puts `u` alone in `at` (any unit already there is removed from play).
fn put(s: &mut State, u: UnitId, at: &str) {
    let h = hex(at);
    for x in &mut s.units {
        if x.placed().is_some_and(|p| p.hexes.contains(h)) {
            x.place = Place::Destroyed;
        }
    }
    s.unit_mut(u).place = Place::Map(Placed::at(h, Facing::new(1).expect("a facing")));
}

fn outcome(r: &Fontenoy, s: &State) -> crate::engine::Outcome {
    match r.actor(s) {
        Actor::Terminal(o) => o,
        other => panic!("the game goes on: {other:?}"),
    }
}

/// The last turn's Technical Phase.
fn last_turn(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    s.turn = (r.turns.len() - 1) as u16;
    s.steps.clear();
    s.activation = None;
    let mut ev = Vec::new();
    r.technical_phase(s, &mut ev);
    ev
}

#[test]
fn f10_1d_an_allied_unit_in_the_redoubt_d_eu_wins_at_once() {
    let (r, mut s) = scenario("fontenoy/ingoldsby");
    let dur = unit(&r, "al-dur");
    put(&mut s, dur, "S4405");
    let mut ev = Vec::new();
    r.watch_units(&mut s, &[dur], &mut ev);
    assert_eq!(s.phase, Phase::Over);
    let o = outcome(&r, &s);
    assert_eq!(o.winner, Some(A));
    assert_eq!(o.rule, "F-10.1d");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::GameOver {
            winner: Some(Side(1)),
            ..
        }
    )));
}

#[test]
fn f10_1d_otherwise_the_french_win_at_9_00() {
    let (r, mut s) = scenario("fontenoy/ingoldsby");
    let ev = last_turn(&r, &mut s);
    let o = outcome(&r, &s);
    assert_eq!(o.winner, Some(F));
    assert_eq!(o.level, "French victory: the redoubt d'Eu holds");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::GameOver {
            winner: Some(Side(0)),
            ..
        }
    )));
}

#[test]
fn f10_2d_the_historical_result_is_an_overwhelming_french_victory() {
    // One brigade activated and 50 boxes of Dutch losses: 1 − 4 = −3.
    let (r, mut s) = scenario("fontenoy/dutch-attack");
    s.victory.activated = 0b001;
    s.tracks[0].boxes = 50;
    assert_eq!(r.dutch_points(&s), -3);
    last_turn(&r, &mut s);
    let o = outcome(&r, &s);
    assert_eq!(o.winner, Some(F));
    assert_eq!(o.level, "overwhelming french victory");
    assert_eq!(o.points, [0, -3]);
}

#[test]
fn f10_2d_the_dutch_take_antoin_and_a_redoubt_and_hold_them() {
    let (r, mut s) = scenario("fontenoy/dutch-attack");
    let a = unit(&r, "al-hol");
    let b = unit(&r, "al-aij");
    put(&mut s, a, "S1613"); // Antoin
    put(&mut s, b, "S2914"); // the redoubt
    let mut ev = Vec::new();
    r.watch_units(&mut s, &[a, b], &mut ev);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::PlaceTaken { .. }))
            .count(),
        3,
        "Antoin, the redoubt, and the Perimeter breached by a Dutch unit"
    );
    // Antoin 2 + 1 held, the redoubt 1 + 1 held, the Perimeter 5 = 10.
    assert_eq!(r.dutch_points(&s), 10);
    last_turn(&r, &mut s);
    let o = outcome(&r, &s);
    assert_eq!(o.winner, Some(A));
    assert_eq!(o.level, "overwhelming dutch victory");
}

#[test]
fn f10_2d_narrow_levels() {
    let (r, mut s) = scenario("fontenoy/dutch-attack");
    s.victory.activated = 0b011; // two French brigades: +2
    last_turn(&r, &mut s);
    assert_eq!(outcome(&r, &s).level, "narrow dutch victory");
    let (r, mut s) = scenario("fontenoy/dutch-attack");
    s.tracks[0].boxes = 25;
    last_turn(&r, &mut s);
    assert_eq!(outcome(&r, &s).level, "narrow french victory");
}

#[test]
fn f10_3d_the_allies_win_controlling_n3630_at_the_end() {
    let (r, mut s) = scenario("fontenoy/english-attack");
    let fgd = unit(&r, "al-fgd");
    put(&mut s, fgd, "N3630");
    let mut ev = Vec::new();
    r.watch_units(&mut s, &[fgd], &mut ev);
    // The unit leaves again: control stays with the last side there.
    s.unit_mut(fgd).place = Place::Destroyed;
    last_turn(&r, &mut s);
    let o = outcome(&r, &s);
    assert_eq!(o.winner, Some(A));
    assert_eq!(o.rule, "F-10.3d");
}

#[test]
fn f10_3d_otherwise_the_french_win() {
    let (r, mut s) = scenario("fontenoy/english-attack");
    last_turn(&r, &mut s);
    assert_eq!(outcome(&r, &s).winner, Some(F));
}

#[test]
fn f10_4_f2_2_the_first_army_to_retreat_loses() {
    let (r, mut s) = scenario("fontenoy/battle");
    // The Anglo-Austro-Hanoverian record at +25 rolls a +5.
    let t = r
        .scenario_rules
        .army
        .tracks
        .iter()
        .position(|t| t.id == "anglo-austro-hanoverian")
        .expect("the record");
    s.tracks[t].modifier = 25;
    s.steps.clear();
    s.phase = Phase::ArmyMorale;
    s.steps.push(Step::MoraleRoll {
        track: t as u8,
        column: 0,
        spent: 0,
    });
    let ev = apply(&r, &mut s, d10(9));
    assert!(ev.contains(&Event::ArmyRetreat {
        side: A,
        rule: "F-2.2a".into()
    }));
    let o = outcome(&r, &s);
    assert_eq!(o.winner, Some(F));
    assert_eq!(o.rule, "F-2.2");
}

#[test]
fn f10_4_without_a_retreat_the_provisional_draw() {
    let (r, mut s) = scenario("fontenoy/battle");
    last_turn(&r, &mut s);
    let o = outcome(&r, &s);
    assert_eq!(o.winner, None);
    assert!(o.level.starts_with("draw"), "{}", o.level);
}

#[test]
fn f2_2b_f3_9b_an_allied_unit_in_the_bridgehead_forces_the_french_retreat() {
    let (r, mut s) = scenario("fontenoy/battle");
    let u = unit(&r, "al-hol");
    put(&mut s, u, "N1420");
    s.steps.clear();
    let mut ev = Vec::new();
    assert!(r.turn_start_retreats(&mut s, &mut ev));
    assert_eq!(outcome(&r, &s).winner, Some(A));
}

#[test]
fn f10_4a_b_c_the_losses_before_the_battle_are_on_the_records() {
    let (r, s) = scenario("fontenoy/battle");
    let track = |id: &str| {
        r.scenario_rules
            .army
            .tracks
            .iter()
            .position(|t| t.id == id)
            .expect("a record")
    };
    assert_eq!(
        s.tracks[track("french")].boxes,
        3 + 3,
        "Grammont and du Brocard"
    );
    assert_eq!(
        s.tracks[track("anglo-austro-hanoverian")].boxes,
        5,
        "Campbell"
    );
    let (r, s) = scenario("fontenoy/english-attack");
    let f = r
        .scenario_rules
        .army
        .tracks
        .iter()
        .position(|t| t.id == "french")
        .expect("the French record");
    assert_eq!(s.tracks[f].boxes, 10 + 3 + 3, "F-10.3a G");
}

#[test]
fn f10_random_play_of_scenario_1_ends_with_a_winner() {
    let lib = crate::data::Library::builtin().expect("data");
    let r = Fontenoy::new(&lib.scenario("fontenoy/ingoldsby").expect("scenario")).expect("rules");
    let mut game = crate::engine::Game::new(r, 7);
    let mut n = 0;
    while game.outcome().is_none() && n < 200_000 {
        game.step_random().expect("a legal action applies");
        n += 1;
    }
    let o = game.outcome().expect("the game ends");
    assert!(o.winner.is_some(), "{o:?}");
}

#[test]
fn r22_1_f10_1c_the_6_pounder_arrives_at_7_00_in_s5611() {
    let (r, mut s) = scenario("fontenoy/ingoldsby");
    let gun = unit(&r, "al-en-6lb-2");
    assert_eq!(s.unit(gun).place, Place::Waiting);
    s.turn = 2; // 06:40
    s.steps.clear();
    s.activation = None;
    let mut ev = Vec::new();
    r.technical_phase(&mut s, &mut ev);
    assert_eq!(r.time(s.turn), "07:00");
    assert_eq!(s.steps.last(), Some(&Step::Arrive { unit: gun }));
    let choices = legal(&r, &s);
    assert!(!choices.is_empty());
    assert!(
        choices
            .iter()
            .all(|a| matches!(a, Action::Deploy { hex, .. } if *hex == super::hex("S5611")))
    );
    let ev = apply(&r, &mut s, choices[0].clone());
    assert!(ev.contains(&Event::Arrived {
        unit: gun,
        hex: super::hex("S5611")
    }));
    assert!(s.unit(gun).on_map());
    assert_eq!(s.steps.last(), Some(&Step::ChooseDivision { side: A }));
}

#[test]
fn r22_2_the_austrian_division_arrives_whole_in_command_without_fire() {
    let (r, mut s) = scenario("fontenoy/dutch-attack");
    let kon = unit(&r, "al-konigsegg");
    let lig = unit(&r, "al-lig");
    let lim = unit(&r, "al-lim");
    assert!(
        r.scenario_rules
            .arrivals
            .iter()
            .any(|a| a.unit == lig && a.whole_division)
    );
    s.turn = 2; // 09:40
    s.steps.clear();
    let mut ev = Vec::new();
    r.technical_phase(&mut s, &mut ev);
    while let Some(Step::Arrive { .. }) = s.steps.last() {
        let a = legal(&r, &s).into_iter().next().expect("a placement");
        apply(&r, &mut s, a);
    }
    assert!(s.unit(kon).on_map() && s.unit(lig).on_map() && s.unit(lim).on_map());
    let d = r
        .org
        .divisions
        .iter()
        .position(|x| x.id == "al-austrians")
        .expect("the Austrians") as u16;
    s.steps.clear();
    let mut ev = Vec::new();
    r.activate(&mut s, A, alloc::vec![d], None, &mut ev);
    assert_eq!(
        s.unit(lig).command,
        Some(true),
        "In Command on arrival (22.2)"
    );
    assert!(r.skips_fire(&s));
}

#[test]
fn r22_4_e66_each_further_group_through_the_hex_pays_once_more() {
    // Three groups through one hex of cost 1 pay 1, 2 and 3 (E66).
    let (mut r, mut s) = scenario("fontenoy/ingoldsby");
    let units: Vec<UnitId> = ["al-dur", "al-pul", "al-sem"]
        .iter()
        .map(|id| unit(&r, id))
        .collect();
    let at = hex("S6213");
    let sr = alloc::sync::Arc::make_mut(&mut r.scenario_rules);
    sr.arrivals = units
        .iter()
        .map(|&u| Arrival {
            unit: u,
            turn: 0,
            entry: Entry::Edge(at),
            whole_division: false,
            group: None,
            tournay: false,
            on_activation: None,
        })
        .collect();
    for &u in &units {
        s.unit_mut(u).formation = super::super::types::Formation::MarchColumn;
        s.unit_mut(u).place = Place::Map(Placed {
            hexes: Hexes::one(at),
            facing: Facing::new(0).expect("a facing"),
            hook: None,
        });
    }
    let base = match r.tables.fx(r.board.hex(at).terrain).mp[1] {
        super::super::tables::Mp::Pts(p) => p,
        _ => Pts::ONE,
    };
    let costs: Vec<Pts> = units
        .iter()
        .map(|&u| r.entry_cost(&s, u).expect("an edge arrival"))
        .collect();
    assert_eq!(
        costs,
        alloc::vec![base, base.plus(base), base.plus(base).plus(base)]
    );
}
