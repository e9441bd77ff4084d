//! 23.0 Army Morale: the loss record (23.1a, F-1.6a B), the columns (23.1b–e, E61), the check
//! and the rating spent on it (23.2, E62), the Army Morale Check Phase (4.0A), the "00"
//! initiative check (F-2.12), the Army Retreat it may force (F-2.2a) and the Allied split
//! (F-4.3, F-10.2a E).

use alloc::vec;
use alloc::vec::Vec;

use super::super::army::{ArmyRules, Table, TrackDef};
use super::super::event::Event;
use super::super::state::{Phase, State, Step, Track};
use super::super::types::{Kind, Morale, Nationality};
use super::super::units::UnitId;
use super::super::{Action, Fontenoy};
use super::{World, apply, d10, initiative, legal, with_charts};
use crate::engine::Side;

const F: Side = Side(0);
const A: Side = Side(1);

/// The French under a CinC of rating +3 (23.2c's example), the Allies under one of +4; a
/// French battalion and gun, an Allied battalion.
fn armies() -> (Fontenoy, State, [UnitId; 3]) {
    let mut w = World::new();
    let inf = w.infantry("1 GFR", F, "gfr", "S1010", 1);
    let gun = w.infantry("4 LB #1", F, "gun", "S1011", 1);
    w.units[usize::from(gun)].kind = Kind::Artillery;
    w.units[usize::from(gun)].sp = 2;
    w.unit_state[usize::from(gun)].sp = 2;
    let en = w.infantry("DUR", A, "dur", "S2020", 7);
    let saxe = w.commander("de Saxe", F, "S1010", 8, 7);
    let cumb = w.commander("Cumberland", A, "S2020", 6, 7);
    w.cinc(saxe, 3, 5);
    w.cinc(cumb, 4, 6);
    w.division("Gardes", F, None, &[inf, gun]);
    w.division("Foot", A, None, &[en]);
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    (r, s, [inf, gun, en])
}

#[test]
fn r23_1e_e61_each_column_once_the_last_every_hour() {
    let (r, mut s, _) = armies();
    // The provisional French columns are 23.1e's: 50, 76, 100.
    let at = |boxes: u16, s: &mut State| {
        s.tracks[0].boxes = boxes;
        let c = r.morale_column(s, 0, false);
        if c.is_some() {
            s.tracks[0].column = c;
        }
        c
    };
    assert_eq!(at(45, &mut s), None, "second hour: 45, below 50");
    assert_eq!(at(55, &mut s), Some(0), "third hour: the 50–75 column");
    assert_eq!(at(70, &mut s), None, "fourth hour: 50–75 used already");
    assert_eq!(at(110, &mut s), Some(2), "fifth hour: 100+, skipping 76–99");
    assert_eq!(at(110, &mut s), Some(2), "every later hour: 100+ (23.1d)");
    assert_eq!(at(80, &mut s), None, "never left of the last used (23.1e)");
}

#[test]
fn r23_2c_e62_clt_103_spending_one_point_avoids_the_plus_10() {
    let (r, mut s, _) = armies();
    s.tracks[0].boxes = 103;
    s.tracks[0].column = Some(2);
    assert_eq!(r.morale_column(&s, 0, false), Some(2));
    assert_eq!(
        r.spendable(&s, 0),
        1,
        "+3 may fall to +2, not below (23.2b)"
    );
    s.steps.clear();
    s.phase = Phase::ArmyMorale;
    s.steps.push(Step::MoraleSpend {
        track: 0,
        column: 2,
    });
    assert_eq!(
        legal(&r, &s),
        vec![
            Action::SpendRating { points: 0 },
            Action::SpendRating { points: 1 }
        ]
    );
    let ev = apply(&r, &mut s, Action::SpendRating { points: 1 });
    assert!(ev.contains(&Event::RatingSpent { side: F, points: 1 }));
    assert_eq!(s.armies[0].rating_spent, 1);
    apply(&r, &mut s, d10(9));
    assert_eq!(s.tracks[0].modifier, 5, "9 − 1 = 8: +5, not +10");
    assert_eq!(s.armies[0].morale_modifier, 5);
}

#[test]
fn r23_2b_the_rating_never_falls_below_2() {
    let (r, mut s, _) = armies();
    s.steps.clear();
    s.phase = Phase::ArmyMorale;
    s.steps.push(Step::MoraleSpend {
        track: 0,
        column: 0,
    });
    let before = s.clone();
    let mut ev = Vec::new();
    let e = crate::engine::Rules::apply(&r, &mut s, &Action::SpendRating { points: 2 }, &mut ev)
        .unwrap_err();
    assert_eq!(e.rule, "23.2b");
    assert_eq!(s, before);
}

#[test]
fn r23_2a_a_check_adds_the_column_result_and_never_lowers_it() {
    let (r, mut s, _) = armies();
    s.tracks[0].modifier = 5;
    s.steps.clear();
    s.phase = Phase::ArmyMorale;
    s.steps.push(Step::MoraleRoll {
        track: 0,
        column: 0,
        spent: 0,
    });
    let ev = apply(&r, &mut s, d10(2));
    assert_eq!(s.tracks[0].modifier, 5, "0: no change (23.2c: never lower)");
    assert_eq!(s.tracks[0].column, Some(0));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ArmyMorale {
            added: 0,
            modifier: 5,
            ..
        }
    )));
}

#[test]
fn r4_0a_r23_1a_the_hourly_check_before_the_first_initiative_roll() {
    let (r, mut s, _) = armies();
    s.tracks[0].boxes = 55;
    s.turn = 2; // 09:40
    s.steps.clear();
    s.phase = Phase::Rally;
    let mut ev = Vec::new();
    r.technical_phase(&mut s, &mut ev);
    assert_eq!(r.time(s.turn), "10:00");
    assert_eq!(s.phase, Phase::ArmyMorale);
    assert_eq!(
        s.steps.last(),
        Some(&Step::MoraleSpend {
            track: 0,
            column: 0
        })
    );
    apply(&r, &mut s, Action::SpendRating { points: 0 });
    apply(&r, &mut s, d10(7));
    assert_eq!(
        s.tracks[0].modifier, 5,
        "the provisional 50+ column: 7 gives +5"
    );
    assert_eq!(
        s.phase,
        Phase::Initiative,
        "the Allies have no check: Initiative"
    );
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
}

#[test]
fn r23_1a_the_loss_total_counts_lost_routed_sp_and_artillery_twice() {
    let (r, mut s, [inf, gun, _]) = armies();
    let mut ev = Vec::new();
    r.lose_sp(&mut s, gun, 1, "12.9a", &mut ev);
    assert_eq!(s.tracks[0].boxes, 2, "F-1.6a B: two boxes per artillery SP");
    r.lose_sp(&mut s, inf, 1, "12.9a", &mut ev);
    assert_eq!(s.tracks[0].boxes, 3);
    s.unit_mut(inf).morale = Morale::Routed;
    assert_eq!(
        r.current_loss_total(&s, 0),
        3 + 5,
        "and its 5 SP now Routed"
    );
    assert_eq!(r.current_loss_total(&s, 1), 0);
}

#[test]
fn f2_12_a_double_zero_calls_a_check_once_a_turn() {
    let (mut r, mut s, _) = armies();
    alloc::sync::Arc::make_mut(&mut r.scenario_rules)
        .army
        .double_zero = true;
    s.tracks[0].boxes = 55;
    s.tracks[0].column = Some(0); // used already: F-2.12 checks all the same
    let ev = initiative(&r, &mut s, 0, 0);
    assert!(ev.contains(&Event::Reroll { double_zero: true }));
    assert!(s.double_zero_used);
    assert_eq!(
        s.steps.last(),
        Some(&Step::MoraleSpend {
            track: 0,
            column: 0
        })
    );
    apply(&r, &mut s, Action::SpendRating { points: 0 });
    apply(&r, &mut s, d10(9));
    assert_eq!(s.tracks[0].modifier, 5);
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
    // The second "00" of the turn is only re-rolled.
    initiative(&r, &mut s, 0, 0);
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
    assert_eq!(s.tracks[0].modifier, 5);
}

#[test]
fn f2_12_no_check_before_the_first_level_is_reached() {
    let (r, s, _) = armies();
    assert_eq!(r.morale_column(&s, 0, true), None);
}

/// The Allies with two records (F-4.3), F-2.2 in force.
fn split(r: &mut Fontenoy, s: &mut State) {
    let sr = alloc::sync::Arc::make_mut(&mut r.scenario_rules);
    let def = |id: &str, side, nats: Vec<Nationality>, table| TrackDef {
        id: id.into(),
        name: id.into(),
        side,
        nationalities: nats,
        applies_to: Vec::new(),
        table,
    };
    sr.army = ArmyRules {
        tracks: vec![
            def("french", F, vec![Nationality::French], Table::French),
            def("dutch", A, vec![Nationality::Dutch], Table::Dutch),
            def(
                "anglo",
                A,
                vec![Nationality::English, Nationality::Hanoverian],
                Table::Allied,
            ),
        ],
        start: vec![0, 0, 0],
        double_zero: true,
        retreat: true,
        allied_split: true,
    };
    s.tracks = vec![Track::default(); 3];
}

#[test]
fn f2_2a_french_morale_at_30_forces_their_retreat_and_ends_the_game() {
    let (mut r, mut s, _) = armies();
    split(&mut r, &mut s);
    s.tracks[0].modifier = 25;
    s.steps.clear();
    s.phase = Phase::ArmyMorale;
    s.steps.push(Step::MoraleRoll {
        track: 0,
        column: 0,
        spent: 0,
    });
    let ev = apply(&r, &mut s, d10(8));
    assert_eq!(s.tracks[0].modifier, 30);
    assert!(ev.contains(&Event::ArmyRetreat {
        side: F,
        rule: "F-2.2a".into()
    }));
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.result.as_ref().and_then(|x| x.winner), Some(A));
}

#[test]
fn f2_2a_both_allied_records_together_at_40() {
    let (mut r, mut s, _) = armies();
    split(&mut r, &mut s);
    s.tracks[1].modifier = 15;
    s.tracks[2].modifier = 20;
    s.steps.clear();
    s.phase = Phase::ArmyMorale;
    s.steps.push(Step::MoraleRoll {
        track: 2,
        column: 0,
        spent: 0,
    });
    apply(&r, &mut s, d10(8));
    assert_eq!(s.tracks[2].modifier, 25, "under 30 alone");
    assert_eq!(
        s.result.as_ref().and_then(|x| x.winner),
        Some(F),
        "15 + 25 ≥ 40"
    );
}

#[test]
fn f4_3_who_may_spend_on_which_allied_roll() {
    let (mut r, mut s, _) = armies();
    split(&mut r, &mut s);
    let cumb = s.armies[1].cinc.expect("Cumberland");
    assert_eq!(r.spendable(&s, 1), 0, "Cumberland: not the Dutch roll");
    assert_eq!(r.spendable(&s, 2), 2, "+4 down to +2 on the Anglo roll");
    let units = alloc::sync::Arc::make_mut(&mut r.units);
    units[usize::from(cumb)].nationality = Nationality::Dutch;
    assert_eq!(r.spendable(&s, 1), 2, "Waldeck: the Dutch roll only");
    assert_eq!(r.spendable(&s, 2), 0);
    let units = alloc::sync::Arc::make_mut(&mut r.units);
    units[usize::from(cumb)].nationality = Nationality::Austrian;
    assert_eq!(r.spendable(&s, 1), 2, "Konigsegg: either");
    s.armies[1].spent_this_turn = true;
    assert_eq!(r.spendable(&s, 2), 0, "but one roll a turn");
}

#[test]
fn f10_2a_e_negative_dutch_results_spare_the_others() {
    let (mut r, mut s, [_, _, en]) = armies();
    let sr = alloc::sync::Arc::make_mut(&mut r.scenario_rules);
    sr.army.tracks[1].applies_to = vec![Nationality::Dutch];
    s.tracks[1].modifier = 10;
    assert_eq!(r.army_morale_modifier(&s, en), 0, "an English unit");
    let units = alloc::sync::Arc::make_mut(&mut r.units);
    units[usize::from(en)].nationality = Nationality::Dutch;
    assert_eq!(r.army_morale_modifier(&s, en), 10);
}
