//! F-7.1 the Infernal Column (with F-7.8e, F-10.3a E, F-10.4a D), F-5.2 fast play, F-10.3a L.

use super::*;
use crate::engine::Actor;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::event::CommandBy;
use crate::fontenoy::state::{
    Act, Detachment, InfernalChange, InfernalChoice, InfernalStep, Place, SpecialResult, Step,
};
use crate::fontenoy::types::{DisorderCheck, MoraleCheck};
use crate::fontenoy::{ALLIED, FRENCH};
use alloc::sync::Arc;

/// Turns the options `ids` on.
pub(super) fn options(r: &mut Fontenoy, ids: &[&str]) {
    let sr = Arc::make_mut(&mut r.scenario_rules);
    sr.options_on = ids.iter().map(|x| x.to_string()).collect();
    sr.options_on.sort();
}

/// The units of the fixture.
pub(super) struct Cast {
    pub(super) cumberland: UnitId,
    pub(super) ligonier: UnitId,
    /// Division E's commander, beside Cumberland (superfluous, 7.1c A).
    pub(super) ponsonby: UnitId,
    /// E's battalion beside Cumberland, and its battalion far away.
    pub(super) e_near: UnitId,
    pub(super) e_far: UnitId,
    /// Division F's commander, 6 hexes from Cumberland; its battalion beside Cumberland and
    /// one far away.
    pub(super) zastrow: UnitId,
    pub(super) f_near: UnitId,
    pub(super) f_far: UnitId,
    /// A Dutch battalion beside Cumberland (never the column's).
    pub(super) dutch: UnitId,
    /// A French battalion facing the column.
    pub(super) french: UnitId,
}

/// Allied CinC Cumberland (+4, WAN 6) at S2010; Ligonier, Wing Commander of E and F, at
/// S2030; Division E (Ponsonby at S2011, 1 ENE at S2012, 2 ENE at S2024); Division F
/// (Zastrow at S2016, 1 HAN at S2110, 2 HAN at S2130); Dutch Division D at S1910. French CinC
/// and a Division to the west (1 FRA at S1711).
pub(super) fn cast() -> (World, Cast) {
    let mut w = World::new();
    let saxe = w.commander("fr saxe", Side(0), "S0510", 10, 5);
    w.cinc(saxe, 2, 5);
    let fdc = w.commander("fr dc", Side(0), "S1710", 4, 4);
    let french = w.infantry("1 FRA", Side(0), "FRA", "S1711", 2);
    w.division("French A", Side(0), Some(fdc), &[french]);
    let cumberland = w.commander("al cumberland", ALLIED, "S2010", 10, 5);
    w.cinc(cumberland, 4, 6);
    let ligonier = w.commander("al ligonier", ALLIED, "S2030", 20, 6);
    let ponsonby = w.commander("al ponsonby", ALLIED, "S2011", 4, 4);
    let e_near = w.infantry("1 ENE", ALLIED, "ENE", "S2012", 8);
    let e_far = w.infantry("2 ENE", ALLIED, "ENE", "S2024", 8);
    let e = w.division("E", ALLIED, Some(ponsonby), &[e_near, e_far]);
    let zastrow = w.commander("al zastrow", ALLIED, "S2016", 4, 4);
    let f_near = w.infantry("1 HAN", ALLIED, "HAN", "S2110", 8);
    let f_far = w.infantry("2 HAN", ALLIED, "HAN", "S2130", 8);
    w.units[usize::from(f_near)].nationality = Nationality::Hanoverian;
    w.units[usize::from(f_far)].nationality = Nationality::Hanoverian;
    let f = w.division("F", ALLIED, Some(zastrow), &[f_near, f_far]);
    w.wing("Ligonier's Wing", ALLIED, ligonier, &[e, f]);
    let waldeck = w.commander("al dutch dc", ALLIED, "S1909", 4, 4);
    let dutch = w.infantry("1 DUT", ALLIED, "DUT", "S1910", 8);
    w.units[usize::from(dutch)].nationality = Nationality::Dutch;
    w.division("D", ALLIED, Some(waldeck), &[dutch]);
    (
        w,
        Cast {
            cumberland,
            ligonier,
            ponsonby,
            e_near,
            e_far,
            zastrow,
            f_near,
            f_far,
            dutch,
            french,
        },
    )
}

/// The fixture with option `7.1` on, at the turn's first Phase B: the Declare step.
pub(super) fn column_world() -> (Fontenoy, State, Cast) {
    let (w, c) = cast();
    let (mut r, mut s) = w.build();
    options(&mut r, &["7.1"]);
    s.steps.clear();
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    (r, s, c)
}

/// The fixture with the column declared and activated (its Command Control Segment open).
pub(super) fn activated() -> (Fontenoy, State, Cast) {
    let (r, mut s, c) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Activate));
    (r, s, c)
}

#[test]
fn f7_1a_a_the_allies_may_declare_the_column_before_the_first_initiative_roll() {
    let (r, mut s, c) = column_world();
    assert_eq!(s.steps.last(), Some(&Step::Infernal(InfernalStep::Declare)));
    assert_eq!(r.actor(&s), Actor::Player(ALLIED));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::Infernal(InfernalChoice::Declare),
            Action::Infernal(InfernalChoice::Decline)
        ]
    );
    let ev = apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert!(ev.contains(&Event::InfernalColumn {
        change: InfernalChange::Declared,
        leader: Some(c.cumberland)
    }));
    assert_eq!(s.steps.last(), Some(&Step::Infernal(InfernalStep::Start)));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::Infernal(InfernalChoice::Activate),
            Action::Infernal(InfernalChoice::Delay)
        ],
        "no voluntary end without its conditions (7.1f C)"
    );
}

#[test]
fn f7_1a_a_declining_goes_on_to_the_initiative_dice_and_is_asked_once_a_turn() {
    let (r, mut s, _) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Decline));
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
    assert!(s.infernal.column.is_none());
    let mut ev = Vec::new();
    s.steps.clear();
    r.to_initiative(&mut s, &mut ev);
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
}

#[test]
fn f7_1a_b_f7_1b_b_the_column_activates_first_with_the_end_turn_marker_at_1() {
    let (r, s, c) = activated();
    assert_eq!(s.eot_box, 1, "7.1a B: the End-of-Turn marker is set to 1");
    let act = s.activation.as_ref().expect("the column's activation");
    assert!(act.infernal);
    assert_eq!(act.side, ALLIED);
    assert_eq!(
        act.divisions,
        alloc::vec![1],
        "Division E, held whole (7.1c A)"
    );
    for u in [c.cumberland, c.ponsonby, c.e_near, c.e_far, c.f_near] {
        assert_eq!(s.unit(u).act, Act::Active, "{}", r.unit_name(u));
    }
    for u in [c.zastrow, c.f_far, c.dutch, c.ligonier] {
        assert_eq!(s.unit(u).act, Act::Unactivated, "{}", r.unit_name(u));
    }
    assert!(s.division_done(1), "E is done");
    assert!(
        !s.division_done(2),
        "F's commander and far battalion wait (7.1c B)"
    );
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::ActivateCommander { .. } | Action::Attach { .. })),
        "the column designates nobody"
    );
}

#[test]
fn f7_1b_b_f7_1c_a_the_column_s_units_in_command_the_rest_of_its_divisions_out() {
    let (r, mut s, c) = activated();
    let ev = apply(&r, &mut s, Action::EndDesignations);
    let by = |u: UnitId| {
        ev.iter().find_map(|e| match e {
            Event::Command { unit, by } if *unit == u => Some(*by),
            _ => None,
        })
    };
    assert_eq!(by(c.cumberland), Some(CommandBy::Always));
    assert_eq!(by(c.ponsonby), Some(CommandBy::Loc));
    assert_eq!(by(c.e_near), Some(CommandBy::Loc));
    assert_eq!(by(c.f_near), Some(CommandBy::Loc));
    assert_eq!(
        by(c.e_far),
        Some(CommandBy::None),
        "7.1c A: Out of Command (7.6d)"
    );
}

#[test]
fn f7_1a_b_a_delayed_column_activates_only_by_an_allied_wing_activation() {
    let (r, mut s, _) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    let ev = apply(&r, &mut s, Action::Infernal(InfernalChoice::Delay));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::InfernalColumn {
            change: InfernalChange::Delayed,
            ..
        }
    )));
    assert_eq!(s.eot_box, 0);
    // Allies 5 against 1 (totals 2+1=3 and 5+2=7): they win, but 5 is below the WAN of 9.
    let mut t = s.clone();
    initiative(&r, &mut t, 1, 5);
    assert!(
        !legal(&r, &t).contains(&Action::Infernal(InfernalChoice::Activate)),
        "no Wing Activation, no column"
    );
    // Allies 9 against 1: a Wing Activation (7.1b A: WAN 9).
    initiative(&r, &mut s, 1, 9);
    assert_eq!(
        s.steps.last(),
        Some(&Step::InitiativeChoice {
            winner: ALLIED,
            wing: true
        })
    );
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::WingActivation { .. })),
        "7.1c A: Ligonier's Wing makes no Wing Activation"
    );
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Activate));
    assert!(s.activation.as_ref().is_some_and(|a| a.infernal));
    assert!(s.infernal.column.is_some_and(|c| c.activated));
}

#[test]
fn f7_1b_a_cumberland_rates_2_less_and_the_allied_wan_is_9() {
    let (r, mut s, _) = column_world();
    assert_eq!(r.column_ratings(&s, Some(4), Some(6)), (Some(4), Some(6)));
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert_eq!(r.column_ratings(&s, Some(4), Some(6)), (Some(2), Some(9)));
    s.armies[1].cinc_moved = true;
    assert_eq!(
        r.column_ratings(&s, Some(2), Some(6)),
        (Some(2), Some(9)),
        "2 less whether he moves or not, never 4"
    );
}

#[test]
fn f7_1a_c_the_eotn_is_1_less_while_it_lasts_in_scenarios_4_to_6_not_3() {
    let (mut r, mut s, _) = column_world();
    Arc::make_mut(&mut r.scenario_rules).number = 4;
    assert_eq!(r.current_eotn(&s), Some(12));
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert_eq!(r.current_eotn(&s), Some(11));
    Arc::make_mut(&mut r.scenario_rules).number = 3;
    assert_eq!(
        r.current_eotn(&s),
        Some(12),
        "scenario 3's EOTN allows for it"
    );
    Arc::make_mut(&mut r.scenario_rules).number = 4;
    s.infernal.column = None;
    s.infernal.ended = true;
    assert_eq!(r.current_eotn(&s), Some(12), "restored once it ends");
}

#[test]
fn f7_1b_b_f7_1c_c_another_allied_division_activates_without_the_column_s_units_and_rolls() {
    let (r, mut s, c) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Delay));
    initiative(&r, &mut s, 1, 5);
    apply(&r, &mut s, Action::ActivateOwn);
    let choices = legal(&r, &s);
    assert!(
        !choices.contains(&Action::Activate { division: 1 }),
        "E's commander is superfluous (7.1c A)"
    );
    apply(&r, &mut s, Action::Activate { division: 2 });
    assert_eq!(s.unit(c.zastrow).act, Act::Active);
    assert_eq!(s.unit(c.f_far).act, Act::Active);
    assert_eq!(
        s.unit(c.f_near).act,
        Act::Unactivated,
        "7.1b B: only Cumberland activates it"
    );
    apply(&r, &mut s, Action::EndDesignations);
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderInitiative {
            commander: c.zastrow
        }),
        "7.1c C: Commander Initiative, though Cumberland's distance covers him"
    );
}

#[test]
fn f7_1c_a_ligonier_is_no_wing_commander_and_joins_no_activation() {
    let (r, mut s, c) = column_world();
    assert!(!r.open_wings(&s, ALLIED).is_empty());
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert!(r.open_wings(&s, ALLIED).is_empty());
    assert!(r.column_keeps_commander(&s, c.ligonier));
    assert!(r.column_keeps_commander(&s, c.cumberland));
}

#[test]
fn f7_8e_a_detachment_s_units_are_not_the_column_s() {
    let (r, mut s, c) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert!(r.column_member(&s, c.f_near));
    s.special.detachments.push(Detachment {
        side: ALLIED,
        commander: c.ligonier,
        divisions: alloc::vec![2],
        independents: Vec::new(),
        rejoined: false,
        restricted: false,
    });
    assert!(!r.column_member(&s, c.f_near));
    assert!(!r.column_bars_loc(&s, ALLIED, c.zastrow), "its lines stay");
    assert!(
        !r.column_member(&s, c.dutch),
        "the Dutch are never the column's"
    );
}

#[test]
fn f7_1d_a_plus_2_attacking_plus_5_against_cavalry_from_the_front_none_into_a_village() {
    let (mut r, mut s, c) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    let at = |s: &State, u: UnitId| s.unit(u).placed().map(|p| p.hex()).expect("placed");
    let foe_hex = alloc::vec![at(&s, c.french)];
    let front = r.frontal_hexes(&s, c.e_near);
    assert_eq!(
        r.column_cr(&s, true, c.e_near, &[c.french], &foe_hex, &front),
        2
    );
    assert_eq!(
        r.column_cr(&s, true, c.e_far, &[c.french], &foe_hex, &front),
        0,
        "beyond the 3 hexes"
    );
    assert_eq!(
        r.column_cr(&s, false, c.e_near, &[c.french], &foe_hex, &front),
        0,
        "the +5 is against cavalry only"
    );
    let cav = c.french;
    Arc::make_mut(&mut r.units)[usize::from(cav)].kind = crate::fontenoy::types::Kind::Cavalry;
    let front: Vec<_> = foe_hex.clone();
    assert_eq!(
        r.column_cr(&s, false, c.e_near, &[cav], &foe_hex, &front),
        5
    );
    assert_eq!(
        r.column_cr(&s, false, c.e_near, &[cav], &foe_hex, &[]),
        0,
        "not through the flank"
    );
    Arc::make_mut(&mut r.board).set_terrain(foe_hex[0], Terrain::Village);
    assert_eq!(
        r.column_cr(&s, true, c.e_near, &[cav], &foe_hex, &front),
        0,
        "7.1d F"
    );
    s.infernal.column = None;
    assert_eq!(
        r.column_cr(&s, false, c.e_near, &[cav], &foe_hex, &front),
        0
    );
}

#[test]
fn f7_1d_b_minus_10_on_morale_checks_only_within_3_hexes() {
    let (r, mut s, c) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    let mc = CheckReq {
        unit: c.e_near,
        kind: CheckKind::Morale(MoraleCheck::B),
        er_mod: 0,
    };
    let dc = CheckReq {
        kind: CheckKind::Disorder(DisorderCheck::A),
        ..mc
    };
    let named = |req: CheckReq, u: UnitId| {
        r.modified_er(&s, u, &[u], CheckReq { unit: u, ..req })
            .1
            .iter()
            .find(|m| m.what.contains("F-7.1d B"))
            .map(|m| m.value)
    };
    assert_eq!(named(mc, c.e_near), Some(-10));
    assert_eq!(named(dc, c.e_near), None, "not on Disorder Checks");
    assert_eq!(named(mc, c.e_far), None, "beyond 3 hexes");
    assert_eq!(named(mc, c.dutch), None);
}

#[test]
fn f7_1d_e_its_infantry_fires_at_1_hex_only() {
    let (r, mut s, c) = column_world();
    assert_eq!(r.column_fire_reach(&s, c.e_near, 2), 2);
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert_eq!(r.column_fire_reach(&s, c.e_near, 2), 1);
    assert_eq!(r.column_fire_reach(&s, c.e_far, 2), 2);
}

#[test]
fn f7_1e_b_the_column_is_safe_from_some_special_results() {
    let (r, mut s, c) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert!(r.column_shields(&s, SpecialResult::LeaderInitiative, 1));
    assert!(
        r.column_shields(&s, SpecialResult::HastyOrders, 2),
        "F has 1 HAN in it"
    );
    assert!(!r.column_shields(&s, SpecialResult::FreeCombat, 1));
    assert!(
        !r.column_shields(&s, SpecialResult::HastyOrders, 3),
        "the Dutch"
    );
    let _ = c;
}

#[test]
fn f7_1f_a_cumberland_wounded_ligonier_leads_killed_ligonier_rolls_each_turn() {
    let (r, mut s, c) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    s.unit_mut(c.ligonier).place = s.unit(c.cumberland).place;
    s.unit_mut(c.cumberland).place = Place::Wounded { until: 3 };
    assert_eq!(r.column_leader(&s), Some(c.ligonier));
    // Killed: at the next turn's start Ligonier rolls (Initiative 6).
    s.unit_mut(c.cumberland).place = Place::Destroyed;
    s.steps.clear();
    s.infernal.asked = None;
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Infernal(InfernalStep::Hold {
            commander: c.ligonier
        }))
    );
    let mut failed = s.clone();
    let ev = apply(&r, &mut s, d10(6));
    assert!(ev.contains(&Event::InfernalColumn {
        change: InfernalChange::Kept,
        leader: Some(c.ligonier)
    }));
    assert_eq!(s.steps.last(), Some(&Step::Infernal(InfernalStep::Start)));
    assert_eq!(r.column_leader(&s), Some(c.ligonier));
    let ev = apply(&r, &mut failed, d10(7));
    assert!(ev.contains(&Event::InfernalColumn {
        change: InfernalChange::Ended,
        leader: None
    }));
    assert!(failed.infernal.column.is_none() && failed.infernal.ended);
    assert_eq!(
        failed.steps.last(),
        Some(&Step::InitiativeDice { french: None })
    );
}

#[test]
fn f7_1f_b_an_allied_army_retreat_calls_for_ligonier_s_roll() {
    let (r, mut s, c) = column_world();
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    s.victory.retreated = Some(ALLIED);
    s.victory.retreating[ALLIED.index()] = true;
    s.steps.clear();
    s.infernal.asked = None;
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Infernal(InfernalStep::Hold {
            commander: c.ligonier
        }))
    );
}

#[test]
fn f7_1f_c_d_the_voluntary_end_needs_the_morale_levels_and_an_event() {
    let (mut r, mut s, c) = column_world();
    with_charts(&mut r, &mut s);
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert!(!r.column_may_end(&s));
    let t = |side, n| r.scenario_rules.army.track_of(side, n);
    if let Some(f) = t(FRENCH, Nationality::French) {
        s.tracks[f].modifier = 20;
    }
    assert!(!r.column_may_end(&s), "none of the three events");
    let refused = r.apply(
        &mut s.clone(),
        &Action::Infernal(InfernalChoice::End),
        &mut Vec::new(),
    );
    assert!(refused.is_err_and(|e| e.rule == "F-7.1f C"));
    let _ = c;
}

#[test]
fn f10_3a_e_the_english_attack_must_declare_the_column_by_11_00() {
    let (r, mut s) = scenario("fontenoy/english-attack");
    assert!(r.infernal_on());
    assert_eq!(r.scenario_rules.infernal_by, Some(2));
    assert_eq!(s.steps.last(), Some(&Step::Infernal(InfernalStep::Declare)));
    assert_eq!(legal(&r, &s).len(), 2);
    s.turn = 2;
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Infernal(InfernalChoice::Declare)],
        "11:00: no more delay"
    );
    let e = r
        .apply(
            &mut s,
            &Action::Infernal(InfernalChoice::Decline),
            &mut Vec::new(),
        )
        .expect_err("refused");
    assert_eq!(e.rule, "F-10.3a E");
}

#[test]
fn f10_4a_d_the_column_is_on_by_default_in_scenario_4() {
    let (r, s) = scenario("fontenoy/battle");
    assert!(r.option("7.1"));
    assert_eq!(s.steps.last(), Some(&Step::Infernal(InfernalStep::Declare)));
}

#[test]
fn f10_3a_l_dutch_confusion_is_ignored_in_scenario_3() {
    let (r, mut s) = scenario("fontenoy/english-attack");
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Decline));
    let ev = initiative(&r, &mut s, 0, 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SpecialEffect { result: SpecialResult::DivisionalConfusion { dutch: true }, effect, .. }
            if effect.contains("F-10.3a L")
    )));
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
}

#[test]
fn f5_2a_h_fast_play_eotn_9_and_1_less_once_the_column_is_used() {
    let (mut r, mut s, _) = column_world();
    Arc::make_mut(&mut r.scenario_rules).number = 4;
    options(&mut r, &["5.2", "7.1"]);
    assert_eq!(r.current_eotn(&s), Some(9));
    Arc::make_mut(&mut r.scenario_rules).number = 7;
    assert_eq!(r.current_eotn(&s), Some(10));
    Arc::make_mut(&mut r.scenario_rules).number = 4;
    s.infernal.used = true;
    assert_eq!(
        r.current_eotn(&s),
        Some(8),
        "even after it ended (a reading)"
    );
}

#[test]
fn f5_2a_a_b_d_a_division_of_a_wing_activates_the_whole_wing_others_alone() {
    let (w, c) = cast();
    let (mut r, mut s) = w.build();
    options(&mut r, &["5.2"]);
    assert_eq!(
        r.fast_divisions(&s, ALLIED, 2),
        (alloc::vec![1, 2], Some(0))
    );
    assert_eq!(r.fast_divisions(&s, ALLIED, 3), (alloc::vec![3], None));
    // A win that the dice would make a Wing Activation makes none (F-5.2a A).
    initiative(&r, &mut s, 1, 9);
    assert_eq!(
        s.steps.last(),
        Some(&Step::InitiativeChoice {
            winner: ALLIED,
            wing: false
        })
    );
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 2 });
    for u in [
        c.ponsonby, c.e_near, c.e_far, c.zastrow, c.f_near, c.f_far, c.ligonier,
    ] {
        assert_eq!(s.unit(u).act, Act::Active, "{}", r.unit_name(u));
    }
    assert_eq!(s.unit(c.dutch).act, Act::Unactivated);
    assert_eq!(s.activation.as_ref().and_then(|a| a.wing), Some(0));
}

#[test]
fn f5_2a_f_a_detachment_activates_as_a_wing_under_fast_play() {
    let (w, c) = cast();
    let (mut r, mut s) = w.build();
    options(&mut r, &["5.2"]);
    // Ponsonby's Division E (1) and the Dutch (3) in Ligonier's Detachment.
    r.form_detachment(&mut s, c.ligonier, alloc::vec![1, 3], Vec::new())
        .unwrap();
    assert_eq!(r.fast_divisions(&s, ALLIED, 3), (alloc::vec![1, 3], None));
    // The rest of the Wing activates without the Detachment's Division.
    assert_eq!(r.fast_divisions(&s, ALLIED, 2), (alloc::vec![2], Some(0)));
}

#[test]
fn f5_2a_g_a_special_result_still_activates_one_division() {
    use crate::fontenoy::state::SpecialKind;
    let (w, c) = cast();
    let (mut r, mut s) = w.build();
    options(&mut r, &["5.2"]);
    s.steps.clear();
    let mut ev = Vec::new();
    r.special_activate(&mut s, ALLIED, 1, SpecialKind::FreeFire, &mut ev);
    assert_ne!(s.unit(c.e_near).act, Act::Unactivated, "its Division acts");
    assert_eq!(
        s.unit(c.f_near).act,
        Act::Unactivated,
        "the rest of the Wing stays"
    );
    assert_eq!(s.unit(c.dutch).act, Act::Unactivated);
    assert_eq!(s.activation.as_ref().and_then(|a| a.wing), None);
}

#[test]
fn f5_2b_no_initiative_dice_on_the_last_turn() {
    let (w, _) = cast();
    let (mut r, mut s) = w.build();
    options(&mut r, &["5.2"]);
    assert_eq!(r.initiative_now(&s), Initiative::Rolled);
    s.turn = 3;
    assert_eq!(r.initiative_now(&s), Initiative::Fixed([ALLIED, FRENCH]));
    s.steps.clear();
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    assert_eq!(s.steps.last(), Some(&Step::ChooseDivision { side: ALLIED }));
}

#[test]
fn f7_1d_d_the_column_s_winners_need_not_advance() {
    use crate::fontenoy::close::{CloseSegment, Combat, Outcome};
    let (r, mut s, c) = activated();
    let combat = |attacker: UnitId| Combat {
        attackers: alloc::vec![super::close::group_of(&s, attacker)],
        defenders: alloc::vec![super::close::group_of(&s, c.french)],
        round: 1,
        reaction: false,
        mover: None,
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: Outcome::Attacker,
        advanced: Vec::new(),
    };
    let won = combat(c.e_near);
    let far = combat(c.e_far);
    let set = |s: &mut State, cb: Combat| {
        s.activation.as_mut().expect("activation").close = Some(CloseSegment {
            current: Some(cb),
            ..CloseSegment::default()
        });
    };
    set(&mut s, won.clone());
    assert!(r.column_may_stay(&s));
    set(&mut s, far);
    assert!(!r.column_may_stay(&s), "2 ENE is not the column's");
    let mut lost = won;
    lost.outcome = Outcome::Defender;
    set(&mut s, lost);
    assert!(!r.column_may_stay(&s), "only winners who attacked");
}
