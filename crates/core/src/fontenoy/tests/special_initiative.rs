//! 6.9 and F-8.2: the Special Initiative Results, read on the provisional Special Initiative
//! Results Table (French 1 Vive le Roi!, 2 Divisional Confusion, 3 Command Lethargy, 4 and 8
//! Leader Initiative, 5 Special Rally, 6 and 9 Free Combat Segment, 7 On y va!; Allied 1
//! Dutch Divisional Confusion, 3 Dutch Command Lethargy, 4 Command Lethargy).

use super::*;
use crate::engine::Actor;
use crate::fontenoy::state::{Act, Segment, SpecialResult, SpecialStep, Step};
use crate::fontenoy::types::Pts;

/// French CinC (+2) at S0510 (distance 10); Division A (commander at S0410, distance 4,
/// Initiative 4) with a battalion at S0410 and one at S0418 (beyond his distance); Division B
/// with a battalion at S0610; an Independent at S0612. Allied CinC and Division C far east.
fn armies() -> (World, [UnitId; 5]) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0510", 10, 5);
    w.cinc(f, 2, 5);
    let a = w.commander("Da", Side(0), "S0410", 4, 4);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S0410", 1);
    let a2 = w.infantry("2 AAA", Side(0), "AAA", "S0418", 1);
    w.division("A", Side(0), Some(a), &[a1, a2]);
    let b = w.commander("Db", Side(0), "S0610", 4, 4);
    let b1 = w.infantry("1 BBB", Side(0), "BBB", "S0610", 1);
    w.division("B", Side(0), Some(b), &[b1]);
    let ind = w.infantry("1 IND", Side(0), "IND", "S0612", 1);
    w.independent(ind);
    let al = w.commander("Cumberland", Side(1), "S2510", 10, 5);
    w.cinc(al, 1, 6);
    let c = w.commander("Dc", Side(1), "S2410", 4, 4);
    let c1 = w.infantry("1 CCC", Side(1), "CCC", "S2410", 7);
    w.division("C", Side(1), Some(c), &[c1]);
    (w, [a, a1, a2, b1, ind])
}

fn pick(r: &Fontenoy, s: &mut State, d: DivId) -> Vec<Event> {
    apply(r, s, Action::SpecialDivision { division: d })
}

#[test]
fn r8_2b_divisional_confusion_the_opponent_picks_and_a_failed_roll_finishes_the_division() {
    let (w, [dc, a1, ..]) = armies();
    let (r, mut s) = w.build();
    let ev = initiative(&r, &mut s, 2, 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SpecialInitiative { side: Side(0), die: 2, result } if result == "Divisional Confusion"
    )));
    let result = SpecialResult::DivisionalConfusion { dutch: false };
    assert_eq!(
        s.steps.last(),
        Some(&Step::Special(SpecialStep::Pick {
            result,
            side: Side(0)
        }))
    );
    assert_eq!(r.actor(&s), Actor::Player(Side(1)), "the Allies choose");
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::SpecialDivision { division: 0 },
            Action::SpecialDivision { division: 1 }
        ]
    );
    pick(&r, &mut s, 0);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Special(SpecialStep::Roll {
            result,
            side: Side(0),
            division: 0
        }))
    );
    // Initiative 4: a 7 fails.
    let ev = apply(&r, &mut s, d10(7));
    assert!(ev.contains(&Event::InitiativeCheck {
        unit: dc,
        roll: 7,
        rating: 4,
        passed: false
    }));
    assert!(s.division_done(0));
    assert_eq!(s.unit(a1).act, Act::Finished);
    assert_eq!(s.unit(dc).act, Act::Finished);
    assert!(!s.division_done(1));
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
}

#[test]
fn r8_2b_divisional_confusion_a_passed_roll_changes_nothing() {
    let (w, [_, a1, ..]) = armies();
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 2, 0);
    pick(&r, &mut s, 0);
    let ev = apply(&r, &mut s, d10(4));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SpecialEffect { division: Some(0), effect, .. } if effect.starts_with("no effect")
    )));
    assert!(!s.division_done(0));
    assert_eq!(s.unit(a1).act, Act::Unactivated);
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
}

#[test]
fn r8_2b_no_roll_when_every_unit_is_beyond_the_commanders_distance() {
    let (mut w, [dc, a1, ..]) = armies();
    // The commander 6 hexes from his nearer battalion.
    w.unit_state[usize::from(dc)].place = crate::fontenoy::state::Place::Map(
        crate::fontenoy::geometry::Placed::at(hex("S0404"), crate::hex::Facing::new(1).unwrap()),
    );
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 2, 0);
    pick(&r, &mut s, 0);
    assert!(s.division_done(0), "FINISHED without a roll");
    assert_eq!(s.unit(a1).act, Act::Finished);
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
}

#[test]
fn r8_2a_leader_initiative_gives_an_extra_movement_segment_within_the_distance() {
    let (w, [dc, a1, a2, b1, _]) = armies();
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 4, 0);
    assert_eq!(r.actor(&s), Actor::Player(Side(0)), "the French choose");
    pick(&r, &mut s, 0);
    apply(&r, &mut s, d10(3));
    let act = s.activation.as_ref().expect("an activation");
    assert_eq!(act.segment, Segment::Movement);
    assert_eq!(s.unit(a1).act, Act::Active);
    assert_eq!(s.unit(a1).command, Some(true));
    assert_eq!(s.unit(dc).act, Act::Active);
    assert_eq!(
        s.unit(a2).act,
        Act::Unactivated,
        "8 hexes from its commander"
    );
    assert_eq!(s.unit(b1).act, Act::Unactivated);
    assert!(legal(&r, &s).contains(&Action::EndSegment));
    let ev = apply(&r, &mut s, Action::EndSegment);
    assert!(ev.contains(&Event::ActivationComplete));
    // Not yet activated, it is still unactivated (F-8.2a).
    assert_eq!(s.unit(a1).act, Act::Unactivated);
    assert_eq!(s.unit(dc).act, Act::Unactivated);
    assert!(!s.division_done(0));
    assert_eq!(s.special.leader, alloc::vec![0]);
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
    // Once a turn: only B may use it now.
    assert_eq!(
        r.special_candidates(&s, SpecialResult::LeaderInitiative, Side(0)),
        alloc::vec![1]
    );
}

#[test]
fn r8_2a_leader_initiative_fails_without_effect_and_a_finished_division_stays_finished() {
    let (w, [_, a1, ..]) = armies();
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 4, 0);
    pick(&r, &mut s, 0);
    apply(&r, &mut s, d10(5));
    assert!(s.activation.is_none());
    assert!(
        s.special.leader.is_empty(),
        "a failed attempt does not count"
    );
    // Already activated, the extra movement leaves it FINISHED.
    s.units[usize::from(a1)].act = Act::Finished;
    s.divisions_done[0] = true;
    s.steps.clear();
    let mut ev = Vec::new();
    r.special_initiative(&mut s, Side(0), 4, &mut ev);
    pick(&r, &mut s, 0);
    apply(&r, &mut s, d10(0));
    assert_eq!(s.unit(a1).act, Act::Active);
    apply(&r, &mut s, Action::EndSegment);
    assert_eq!(s.unit(a1).act, Act::Finished);
    assert!(s.division_done(0));
}

#[test]
fn r8_2c_free_combat_segment_gives_one_fire_segment_once_a_turn() {
    let (w, [_, a1, _, b1, ind]) = armies();
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 0);
    let choices = legal(&r, &s);
    assert!(choices.contains(&Action::FreeCombat {
        division: 1,
        close: false
    }));
    assert!(choices.contains(&Action::FreeCombat {
        division: 1,
        close: true
    }));
    apply(
        &r,
        &mut s,
        Action::FreeCombat {
            division: 1,
            close: false,
        },
    );
    assert_eq!(
        s.activation.as_ref().map(|a| a.segment),
        Some(Segment::Fire)
    );
    assert_eq!(s.unit(b1).act, Act::Active);
    assert_eq!(
        s.unit(ind).act,
        Act::Unactivated,
        "not grouped with the Division"
    );
    assert_eq!(s.unit(a1).act, Act::Unactivated);
    let ev = apply(&r, &mut s, Action::EndSegment);
    assert!(
        ev.contains(&Event::ActivationComplete),
        "no Movement Segment"
    );
    assert_eq!(s.unit(b1).act, Act::Unactivated);
    assert!(!s.division_done(1));
    assert_eq!(s.special.free_combat, alloc::vec![1]);
    assert_eq!(
        r.special_candidates(&s, SpecialResult::FreeCombat, Side(0)),
        alloc::vec![0]
    );
}

#[test]
fn r8_2e_command_lethargy_halves_the_mp_and_bars_forced_march_independents_and_close_combat() {
    let (w, [_, a1, ..]) = armies();
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 3, 0);
    assert_eq!(r.actor(&s), Actor::Player(Side(1)));
    pick(&r, &mut s, 0);
    apply(&r, &mut s, d10(9));
    assert!(s.division_done(0));
    assert_eq!(s.unit(a1).act, Act::Active);
    let designations = legal(&r, &s);
    assert!(
        !designations.iter().any(|a| matches!(
            a,
            Action::ActivateIndependent { .. } | Action::Attach { .. }
        )),
        "{designations:?}"
    );
    let mut ev = Vec::new();
    let refused = r.apply(&mut s, &Action::ActivateIndependent { unit: 6 }, &mut ev);
    assert_eq!(
        refused.map_err(|e| e.rule.to_string()),
        Err("F-8.2e".into())
    );
    apply(&r, &mut s, Action::EndDesignations);
    // MP 4 halved.
    assert_eq!(r.mpo(&s, a1), Pts::whole(2));
    apply(&r, &mut s, Action::EndSegment); // fire
    assert_eq!(
        s.activation.as_ref().map(|a| a.segment),
        Some(Segment::Movement)
    );
    assert!(!legal(&r, &s).contains(&Action::ForcedMarch { unit: a1 }));
    let ev = apply(&r, &mut s, Action::EndSegment); // movement
    assert!(
        ev.contains(&Event::ActivationComplete),
        "no Close Combat Segment"
    );
    assert_eq!(s.unit(a1).act, Act::Finished);
    assert!(s.special.act.is_none());
}

#[test]
fn r8_2e_command_lethargy_on_an_out_of_command_commander_is_divisional_confusion() {
    let (mut w, [_, a1, ..]) = armies();
    // The CinC far away: commander A has no Line of Command.
    let saxe = 0usize;
    w.unit_state[saxe].place = crate::fontenoy::state::Place::Map(
        crate::fontenoy::geometry::Placed::at(hex("S0530"), crate::hex::Facing::new(1).unwrap()),
    );
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 3, 0);
    pick(&r, &mut s, 0);
    apply(&r, &mut s, d10(9));
    assert!(s.activation.is_none());
    assert!(s.division_done(0));
    assert_eq!(s.unit(a1).act, Act::Finished);
}

#[test]
fn r8_2f_vive_le_roi_the_allies_pick_a_french_division_that_activates_with_minus_10_on_mc_b() {
    let (mut w, [_, a1, _, b1, _]) = armies();
    w.board
        .set_terrain(hex("S0610"), crate::fontenoy::board::Terrain::Village);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 1, 0);
    assert_eq!(r.actor(&s), Actor::Player(Side(1)));
    // B has a unit in a village.
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::SpecialDivision { division: 0 }]
    );
    pick(&r, &mut s, 0);
    apply(&r, &mut s, d10(8));
    assert_eq!(s.unit(a1).act, Act::Active);
    assert!(r.under_vive_le_roi(&s, a1));
    assert!(!r.under_vive_le_roi(&s, b1));
    assert_eq!(s.special.vive, alloc::vec![0]);
    assert!(
        r.special_candidates(&s, SpecialResult::ViveLeRoi, Side(0))
            .is_empty(),
        "once a turn"
    );
}

#[test]
fn r8_2f_vive_le_roi_is_ignored_once_end_of_turn_is_reached() {
    let (w, _) = armies();
    let (r, mut s) = w.build();
    s.end_of_turn = true;
    let ev = initiative(&r, &mut s, 1, 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SpecialEffect { result: SpecialResult::ViveLeRoi, effect, .. } if effect.contains("End of Turn")
    )));
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
}

#[test]
fn r8_2g_hasty_orders_activate_an_unactivated_division_without_independents() {
    let (w, [_, a1, ..]) = armies();
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 7, 0);
    assert_eq!(r.actor(&s), Actor::Player(Side(1)));
    pick(&r, &mut s, 0);
    assert_eq!(s.unit(a1).act, Act::Active);
    assert!(s.division_done(0));
    let designations = legal(&r, &s);
    assert!(
        !designations
            .iter()
            .any(|a| matches!(a, Action::ActivateIndependent { .. })),
        "{designations:?}"
    );
}

#[test]
fn r8_2d_special_rally_recovers_the_divisions_units_in_reach() {
    let (mut w, [_, a1, a2, ..]) = armies();
    // A third battalion of A at S0412, Disordered and Shaken, away from any commander; the
    // first, with its commander, Disordered.
    let a3 = w.infantry("3 AAA", Side(0), "AAA", "S0412", 1);
    w.org.division_of[usize::from(a3)] = Some(0);
    w.org.divisions[0].units.push(a3);
    w.unit_state[usize::from(a1)].disordered = true;
    w.unit_state[usize::from(a2)].disordered = true;
    w.unit_state[usize::from(a3)].disordered = true;
    w.unit_state[usize::from(a3)].morale = crate::fontenoy::types::Morale::Shaken;
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 5, 0);
    assert_eq!(r.actor(&s), Actor::Player(Side(0)));
    pick(&r, &mut s, 0);
    assert!(!s.unit(a1).disordered, "with its commander: Formed");
    assert!(s.unit(a2).disordered, "beyond the commander's distance");
    let n = s.steps.len();
    assert_eq!(
        s.steps[n - 1],
        Step::Check(crate::fontenoy::checks::CheckReq {
            unit: a3,
            kind: crate::fontenoy::checks::CheckKind::Disorder(
                crate::fontenoy::types::DisorderCheck::G
            ),
            er_mod: 0,
        })
    );
    assert_eq!(
        s.steps[n - 2],
        Step::Check(crate::fontenoy::checks::CheckReq {
            unit: a3,
            kind: crate::fontenoy::checks::CheckKind::Morale(
                crate::fontenoy::types::MoraleCheck::I
            ),
            er_mod: 0,
        })
    );
    assert_eq!(s.steps[n - 3], Step::InitiativeDice { french: None });
}

#[test]
fn f8_2d_special_rally_also_rallies_the_routed_units_one_by_one() {
    let (mut w, [_, a1, ..]) = armies();
    // Two Routed battalions of A grouped at S0412, within their commander's distance.
    let mut routed = Vec::new();
    for name in ["3 AAA", "4 AAA"] {
        let u = w.infantry(name, Side(0), "AAA", "S0412", 1);
        w.org.division_of[usize::from(u)] = Some(0);
        w.org.divisions[0].units.push(u);
        w.unit_state[usize::from(u)].morale = crate::fontenoy::types::Morale::Routed;
        routed.push(u);
    }
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 5, 0);
    pick(&r, &mut s, 0);
    let mc_i = |u: UnitId| {
        Step::Check(crate::fontenoy::checks::CheckReq {
            unit: u,
            kind: crate::fontenoy::checks::CheckKind::Morale(
                crate::fontenoy::types::MoraleCheck::I,
            ),
            er_mod: 0,
        })
    };
    // Each Routed unit checks, not only the group's top unit (19.5b).
    for &u in &routed {
        assert!(s.steps.contains(&mc_i(u)), "{}", r.unit_name(u));
    }
    assert!(!s.steps.contains(&mc_i(a1)));
}

#[test]
fn r8_2b_dutch_confusion_needs_a_dutch_division() {
    let (w, _) = armies();
    let (r, mut s) = w.build();
    // Allied 1: Dutch Divisional Confusion; the Allies have no Dutch Division.
    let ev = initiative(&r, &mut s, 0, 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SpecialEffect {
            result: SpecialResult::DivisionalConfusion { dutch: true },
            division: None,
            ..
        }
    )));
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
}

#[test]
fn r8_2_flexible_divisions_are_never_chosen() {
    let (mut w, _) = armies();
    w.org.divisions[1].flexible = true;
    let (r, s) = w.build();
    assert_eq!(
        r.special_candidates(&s, SpecialResult::HastyOrders, Side(0)),
        alloc::vec![0]
    );
}

#[test]
fn r8_2_a_refused_choice_names_the_rule() {
    let (w, _) = armies();
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 2, 0);
    let mut ev = Vec::new();
    let before = s.clone();
    let e = r
        .apply(&mut s, &Action::SpecialDivision { division: 2 }, &mut ev)
        .expect_err("an Allied Division");
    assert_eq!(e.rule, "F-8.2b");
    assert_eq!(s, before);
}
