//! 4.0 the Game Turn, 6.1 Initiative, 6.3 Division Activation, 6.5 Wing Activation, 6.7 End
//! of Turn, 6.8 Restricted Activation, 4.0D the rally order, 4.0E the Technical Phase,
//! F-10.1a A the fixed activation order.

use super::*;
use crate::engine::Actor;
use crate::fontenoy::state::{Act, Segment, Step};

/// Two armies: French CinC (+2, WAN 5) with Divisions A and B; Allied CinC (+1, WAN 6) with
/// Divisions C, D and E; every Division one battalion and a commander in reach.
fn two_armies() -> World {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0510", 10, 5);
    w.cinc(f, 2, 5);
    let a = w.commander("Da", Side(0), "S0410", 4, 4);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S0410", 1);
    w.division("A", Side(0), Some(a), &[a1]);
    let b = w.commander("Db", Side(0), "S0610", 4, 4);
    let b1 = w.infantry("1 BBB", Side(0), "BBB", "S0610", 1);
    w.division("B", Side(0), Some(b), &[b1]);
    let al = w.commander("Cumberland", Side(1), "S2010", 10, 5);
    w.cinc(al, 1, 6);
    for (n, hx) in [("C", "S1910"), ("D", "S2110"), ("E", "S2012")] {
        let c = w.commander(&alloc::format!("D{n}"), Side(1), hx, 4, 4);
        let u = w.infantry(&alloc::format!("1 {n}{n}{n}"), Side(1), n, hx, 7);
        w.division(n, Side(1), Some(c), &[u]);
    }
    w
}

/// Ends the segments of the activation under way: designations, then fire, movement and
/// close combat; rolls any initiative check with `roll`.
fn finish_activation(r: &Fontenoy, s: &mut State) {
    assert_eq!(legal(r, s).last(), Some(&Action::EndDesignations));
    apply(r, s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. }) = s.steps.last() {
        apply(r, s, d10(0));
    }
    for _ in 0..3 {
        apply(r, s, Action::EndSegment);
    }
}

#[test]
fn r6_1e_e02_higher_modified_roll_wins_and_moves_the_hour_marker() {
    let mut w = two_armies();
    w.eotn = Some(7);
    let (r, mut s) = w.build();
    assert_eq!(
        r.actor(&s),
        Actor::Chance(crate::engine::Chance::Dice(DiceSpec::D10))
    );
    // French +2 rolls 4 (6), Allies +1 roll 4 (5).
    let ev = initiative(&r, &mut s, 4, 4);
    assert!(ev.contains(&Event::Initiative {
        dice: [4, 4],
        totals: Some([6, 5]),
        marker: true
    }));
    assert_eq!(s.eot_box, 1, "8 > EOTN 7 moves the Hour Marker one box");
    assert_eq!(
        s.steps.last(),
        Some(&Step::InitiativeChoice {
            winner: Side(0),
            wing: false
        })
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::ActivateOwn, Action::ForceOpponent]
    );
}

#[test]
fn r6_1a_the_winner_may_force_the_opponent_who_chooses_the_division() {
    let (r, mut s) = two_armies().build();
    initiative(&r, &mut s, 6, 2);
    apply(&r, &mut s, Action::ForceOpponent);
    assert_eq!(r.actor(&s), Actor::Player(Side(1)));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::Activate { division: 2 },
            Action::Activate { division: 3 },
            Action::Activate { division: 4 }
        ]
    );
    let ev = apply(&r, &mut s, Action::Activate { division: 3 });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Activated {
            side: Side(1),
            restricted: false,
            ..
        }
    )));
    let act = s.activation.as_ref().expect("an activation");
    assert_eq!(act.segment, Segment::CommandControl);
    assert!(s.division_done(3));
}

#[test]
fn r6_3a_a_division_activates_once_a_turn() {
    let (r, mut s) = two_armies().build();
    initiative(&r, &mut s, 6, 2);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    finish_activation(&r, &mut s);
    assert_eq!(s.phase, Phase::Initiative, "4.0C: back to Initiative");
    initiative(&r, &mut s, 6, 2);
    apply(&r, &mut s, Action::ActivateOwn);
    assert_eq!(legal(&r, &s), alloc::vec![Action::Activate { division: 1 }]);
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s.clone(), &Action::Activate { division: 0 }, &mut ev)
        .expect_err("Division A was activated this turn");
    assert_eq!(e.rule, "6.3a");
}

#[test]
fn r6_3e_routed_units_are_not_activated() {
    let mut w = two_armies();
    w.unit_state[2].morale = crate::fontenoy::types::Morale::Routed; // 1 AAA
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 2);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    assert_eq!(s.unit(1).act, Act::Active, "the Division Commander");
    assert_eq!(s.unit(2).act, Act::Unactivated, "the Routed battalion");
}

#[test]
fn r6_3d_completing_the_activation_finishes_its_counters() {
    let (r, mut s) = two_armies().build();
    initiative(&r, &mut s, 6, 2);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    finish_activation(&r, &mut s);
    assert_eq!(s.unit(1).act, Act::Finished);
    assert_eq!(s.unit(2).act, Act::Finished);
    assert!(
        s.units.iter().all(|u| u.command.is_none()),
        "7.6f: status lapses"
    );
}

#[test]
fn r6_7_e03_end_of_turn_restricts_the_remaining_divisions() {
    // EOTN 12; the hour's track has boxes 1-5 and END, the marker in box 5. The French have
    // no Division left, the Allies three.
    let (r, mut s) = two_armies().build();
    s.eot_box = 5;
    s.divisions_done[0] = true;
    s.divisions_done[1] = true;
    // Sum 11: no End of Turn; the Allies must activate one of their own.
    initiative(&r, &mut s, 4, 7);
    assert!(!s.end_of_turn);
    assert_eq!(
        s.steps.last(),
        Some(&Step::ChooseDivision { side: Side(1) })
    );
    apply(&r, &mut s, Action::Activate { division: 2 });
    assert!(!s.activation.as_ref().expect("activation").restricted);
    finish_activation(&r, &mut s);
    // Sum 15: END; the two Divisions left are Restricted (6.7b).
    let ev = initiative(&r, &mut s, 6, 9);
    assert!(ev.contains(&Event::EndOfTurn));
    assert!(s.end_of_turn);
    apply(&r, &mut s, Action::Activate { division: 3 });
    assert!(s.activation.as_ref().expect("activation").restricted);
}

#[test]
fn r6_1e_both_sides_still_roll_when_one_has_no_division_left() {
    let (r, mut s) = two_armies().build();
    s.divisions_done[2] = true;
    s.divisions_done[3] = true;
    s.divisions_done[4] = true;
    // The Allies win, but only the French have Divisions: the French activate.
    initiative(&r, &mut s, 1, 9);
    assert_eq!(
        s.steps.last(),
        Some(&Step::ChooseDivision { side: Side(0) })
    );
}

#[test]
fn r4_0b_tied_totals_and_double_zero_are_rolled_again() {
    let (r, mut s) = two_armies().build();
    let ev = initiative(&r, &mut s, 3, 4); // 5 and 5
    assert!(ev.contains(&Event::Reroll { double_zero: false }));
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
    let ev = initiative(&r, &mut s, 0, 0);
    assert!(ev.contains(&Event::Reroll { double_zero: true }));
}

#[test]
fn r6_5_wing_activation_with_the_wing_commander_in_command() {
    let mut w = two_armies();
    let wc = w.commander("Lutteaux", Side(0), "S0511", 6, 3);
    w.wing("Left", Side(0), wc, &[0, 1]);
    let (r, mut s) = w.build();
    // French 8 against 3: 8 ≥ WAN 5 and ≥ 2 × 3.
    initiative(&r, &mut s, 8, 3);
    assert_eq!(
        s.steps.last(),
        Some(&Step::InitiativeChoice {
            winner: Side(0),
            wing: true
        })
    );
    assert!(legal(&r, &s).contains(&Action::WingActivation { wing: 0 }));
    apply(&r, &mut s, Action::WingActivation { wing: 0 });
    // The CinC's LOC reaches the Wing Commander: the player picks the Divisions (6.5c).
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::WingJoin {
                division: 0,
                join: true
            },
            Action::WingJoin {
                division: 0,
                join: false
            }
        ]
    );
    apply(
        &r,
        &mut s,
        Action::WingJoin {
            division: 0,
            join: false,
        },
    );
    // The last candidate must join when none has.
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::WingJoin {
            division: 1,
            join: true
        }]
    );
    let ev = apply(
        &r,
        &mut s,
        Action::WingJoin {
            division: 1,
            join: true,
        },
    );
    assert!(ev.contains(&Event::Activated {
        side: Side(0),
        divisions: alloc::vec![1],
        wing: Some(0),
        restricted: false
    }));
    assert!(!s.division_done(0), "6.5c: Division A may activate later");
    assert_eq!(s.unit(wc).act, Act::Active);
}

#[test]
fn r6_5a_no_wing_activation_without_the_dice() {
    let mut w = two_armies();
    let wc = w.commander("Lutteaux", Side(0), "S0511", 6, 3);
    w.wing("Left", Side(0), wc, &[0, 1]);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 8, 5); // 8 < 2 × 5
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::WingActivation { .. }))
    );
}

#[test]
fn r7_4b_a_wing_commander_failing_his_initiative_ends_the_activation() {
    let mut w = two_armies();
    // The Wing Commander far beyond the CinC's Command Distance 10.
    let wc = w.commander("Lutteaux", Side(0), "S0528", 6, 3);
    w.wing("Left", Side(0), wc, &[0, 1]);
    // His Divisions within his own reach.
    w.unit_state[1].place = Place::Map(Placed::at(hex("S0526"), Facing::new(1).unwrap()));
    w.unit_state[2].place = Place::Map(Placed::at(hex("S0526"), Facing::new(1).unwrap()));
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 8, 3);
    apply(&r, &mut s, Action::WingActivation { wing: 0 });
    assert_eq!(s.steps.last(), Some(&Step::WingInitiative { wing: 0 }));
    let ev = apply(&r, &mut s, d10(4)); // 4 > rating 3
    assert!(ev.contains(&Event::WingFailed { wing: 0 }));
    assert_eq!(s.unit(wc).act, Act::Finished);
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
    assert!(
        !s.division_done(0) && !s.division_done(1),
        "no penalty to the Wing's Divisions"
    );
}

#[test]
fn r4_0d_r4_0e_rally_order_then_the_technical_phase_advances_the_clock() {
    let (r, mut s) = two_armies().build();
    for d in &mut s.divisions_done {
        *d = true;
    }
    s.steps.clear();
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    assert_eq!(s.phase, Phase::Rally);
    apply(&r, &mut s, d10(3));
    let ev = apply(&r, &mut s, d10(3));
    assert!(ev.contains(&Event::RallyOrder {
        dice: [3, 3],
        first: None
    }));
    apply(&r, &mut s, d10(2));
    let ev = apply(&r, &mut s, d10(7));
    assert!(ev.contains(&Event::TurnEnds));
    assert_eq!(s.turn, 1);
    assert_eq!(r.time(s.turn), "09:20");
    assert!(s.divisions_done.iter().all(|d| !d));
    assert_eq!(s.eot_box, 0);
    assert_eq!(s.phase, Phase::Initiative);
}

#[test]
fn r23_2b_spent_command_rating_returns_at_the_hour() {
    let (r, mut s) = two_armies().build();
    s.turn = 2; // 09:40
    s.armies[0].rating_spent = 1;
    s.phase = Phase::Rally;
    s.steps.clear();
    let mut ev = Vec::new();
    r.technical_phase(&mut s, &mut ev);
    assert_eq!(r.time(s.turn), "10:00");
    assert_eq!(s.armies[0].rating_spent, 0);
}

#[test]
fn f10_0_the_game_ends_after_the_last_turn() {
    let (r, mut s) = two_armies().build();
    s.turn = 3;
    s.steps.clear();
    let mut ev = Vec::new();
    r.technical_phase(&mut s, &mut ev);
    assert_eq!(s.phase, Phase::Over);
    assert!(matches!(r.actor(&s), Actor::Terminal(_)));
    assert!(legal(&r, &s).is_empty());
}

#[test]
fn f10_1a_fixed_order_allies_then_french_without_dice() {
    let mut w = two_armies();
    w.initiative = Initiative::Fixed([Side(1), Side(0)]);
    w.eotn = None;
    let (r, mut s) = w.build();
    assert_eq!(
        s.steps.last(),
        Some(&Step::ChooseDivision { side: Side(1) })
    );
    for d in [2, 3, 4] {
        assert_eq!(r.actor(&s), Actor::Player(Side(1)));
        apply(&r, &mut s, Action::Activate { division: d });
        finish_activation(&r, &mut s);
    }
    assert_eq!(
        s.steps.last(),
        Some(&Step::ChooseDivision { side: Side(0) })
    );
}

#[test]
fn engine_a_refused_action_leaves_the_state_unchanged() {
    let (r, mut s) = two_armies().build();
    let before = s.clone();
    let mut ev = Vec::new();
    assert!(r.apply(&mut s, &Action::EndSegment, &mut ev).is_err());
    assert!(r.apply(&mut s, &d100(5), &mut ev).is_err());
    assert_eq!(s, before);
    assert!(ev.is_empty());
}
