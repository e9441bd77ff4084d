//! 21.0 Commanders: the loss check (21.4a–d, F-8.8), wounds (21.4c), deaths with their units
//! (21.4e, 21.4f), unemployed commanders (21.7), replacements and returns (21.5), successions
//! and the loss of the CinC (21.6; F-3.3b), displacement (21.1b) and the bonuses (21.3).

use alloc::vec;
use alloc::vec::Vec;

use super::super::commanders::{FireLoss, LossCause, Successor};
use super::super::event::Event;
use super::super::state::{Office, Place, Segment, State, Step};
use super::super::units::UnitId;
use super::super::{Action, Fontenoy};
use super::{World, apply, d10, hex, legal, with_charts};
use crate::engine::Side;

const F: Side = Side(0);
const A: Side = Side(1);

/// A French Division (a commander and two battalions), an Allied battalion far off, a French
/// replacement counter waiting; the charts and loss records loaded, no step pending.
struct Pos {
    r: Fontenoy,
    s: State,
    dc: UnitId,
    units: [UnitId; 2],
    repl: UnitId,
    allied: UnitId,
}

fn position() -> Pos {
    let mut w = World::new();
    let u1 = w.infantry("1 EU", F, "eu", "S1010", 1);
    let u2 = w.infantry("2 EU", F, "eu", "S1011", 1);
    let dc = w.commander("Chambonnas", F, "S1010", 4, 5);
    w.units[usize::from(dc)].loss_points = 3;
    w.units[usize::from(dc)].er_bonus = -5;
    let repl = w.commander("fr-repl-01", F, "S0101", 3, 4);
    w.units[usize::from(repl)].rank = Some("replacement".into());
    w.units[usize::from(repl)].loss_points = 1;
    w.unit_state[usize::from(repl)].place = Place::Waiting;
    let allied = w.infantry("DUR", A, "dur", "S2020", 7);
    w.division("Brigade d'Eu", F, Some(dc), &[u1, u2]);
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    alloc::sync::Arc::make_mut(&mut r.scenario_rules)
        .commanders
        .pool = vec![repl];
    s.steps.clear();
    Pos {
        r,
        s,
        dc,
        units: [u1, u2],
        repl,
        allied,
    }
}

fn check(p: &mut Pos, c: UnitId, cause: LossCause) {
    let mut ev = Vec::new();
    p.r.queue_commander_loss(&mut p.s, &[c], cause, &mut ev);
}

#[test]
fn r21_4b_a_killed_commander_leaves_play_and_shades_his_loss_value() {
    let mut p = position();
    let dc = p.dc;
    check(
        &mut p,
        dc,
        LossCause::Special {
            result: FireLoss::LuckyShot,
            minus_one: false,
        },
    );
    assert_eq!(
        p.s.steps.last(),
        Some(&Step::CommanderLoss {
            commander: dc,
            cause: LossCause::Special {
                result: FireLoss::LuckyShot,
                minus_one: false
            }
        })
    );
    let ev = apply(&p.r, &mut p.s, d10(3));
    assert_eq!(p.s.unit(dc).place, Place::Destroyed);
    assert_eq!(p.s.tracks[0].boxes, 3, "Chambonnas's loss value 3 (21.4b)");
    assert!(ev.contains(&Event::CommanderKilled {
        commander: dc,
        points: 3,
        rule: "21.4b".into()
    }));
    assert!(p.s.steps.is_empty());
}

#[test]
fn r21_4c_f8_8e_a_wounded_commander_is_away_half_the_roll() {
    let mut p = position();
    let dc = p.dc;
    check(
        &mut p,
        dc,
        LossCause::Special {
            result: FireLoss::LuckyShot,
            minus_one: false,
        },
    );
    apply(&p.r, &mut p.s, d10(5));
    assert_eq!(p.s.steps.last(), Some(&Step::WoundRoll { commander: dc }));
    apply(&p.r, &mut p.s, d10(7));
    assert_eq!(
        p.s.unit(dc).place,
        Place::Wounded { until: 4 },
        "7 → 4 turns"
    );
    assert!(p.s.unit(dc).wounded_once);
    assert_eq!(p.s.tracks[0].boxes, 0, "a wound shades nothing (21.4b)");
}

#[test]
fn r21_4c_a_second_wound_kills() {
    let mut p = position();
    let dc = p.dc;
    p.s.unit_mut(dc).wounded_once = true;
    check(
        &mut p,
        dc,
        LossCause::Special {
            result: FireLoss::Braving,
            minus_one: false,
        },
    );
    let ev = apply(&p.r, &mut p.s, d10(3));
    assert_eq!(p.s.unit(dc).place, Place::Destroyed);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CommanderKilled { rule, .. } if rule == "21.4c"))
    );
}

#[test]
fn r21_4d_close_combat_kills_on_0_to_3_and_never_wounds() {
    let mut p = position();
    let dc = p.dc;
    check(&mut p, dc, LossCause::CloseCombat);
    apply(&p.r, &mut p.s, d10(4));
    assert!(p.s.unit(dc).on_map(), "4–9: nothing (14.8b)");
    check(&mut p, dc, LossCause::Check);
    apply(&p.r, &mut p.s, d10(3));
    assert_eq!(
        p.s.unit(dc).place,
        Place::Destroyed,
        "0–3: destroyed (21.4d)"
    );
}

#[test]
fn f8_8_the_minus_one_and_fate() {
    // In the Line of Fire: 2 wounds, but 2 − 1 = 1 kills.
    let mut p = position();
    let dc = p.dc;
    check(
        &mut p,
        dc,
        LossCause::Special {
            result: FireLoss::LineOfFire,
            minus_one: true,
        },
    );
    apply(&p.r, &mut p.s, d10(2));
    assert_eq!(p.s.unit(dc).place, Place::Destroyed);
    // Fate ignores the −1: 1 wounds.
    let mut p = position();
    let dc = p.dc;
    check(
        &mut p,
        dc,
        LossCause::Special {
            result: FireLoss::Fate,
            minus_one: true,
        },
    );
    apply(&p.r, &mut p.s, d10(1));
    assert_eq!(p.s.steps.last(), Some(&Step::WoundRoll { commander: dc }));
}

#[test]
fn r21_4e_a_commander_dies_with_his_last_unit_in_close_combat() {
    let mut p = position();
    let (dc, u1) = (p.dc, p.units[0]);
    let mut ev = Vec::new();
    p.r.lose_sp(&mut p.s, u1, 6, "14.2a", &mut ev);
    assert_eq!(p.s.unit(u1).place, Place::Destroyed);
    assert_eq!(p.s.unit(dc).place, Place::Destroyed);
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::CommanderKilled { rule, points: 3, .. } if rule == "21.4e")
        )
    );
    assert_eq!(p.s.tracks[0].boxes, 6 + 3, "6 SP and his 3 points");
}

#[test]
fn r21_4f_not_when_his_units_fall_to_fire() {
    let mut p = position();
    let (dc, u1) = (p.dc, p.units[0]);
    let mut ev = Vec::new();
    p.r.lose_sp(&mut p.s, u1, 6, "12.9a", &mut ev);
    assert_eq!(p.s.unit(u1).place, Place::Destroyed);
    assert!(p.s.unit(dc).on_map());
    assert_eq!(p.s.tracks[0].boxes, 6);
}

#[test]
fn r21_7_a_commander_without_units_leaves_play_without_points() {
    let mut p = position();
    let dc = p.dc;
    let mut ev = Vec::new();
    // Move him away so that 21.4e does not apply.
    if let Place::Map(q) = &mut p.s.unit_mut(dc).place {
        q.hexes = super::super::geometry::Hexes::one(hex("S1515"));
    }
    for u in p.units {
        p.r.lose_sp(&mut p.s, u, 6, "12.9a", &mut ev);
    }
    assert_eq!(p.s.unit(dc).place, Place::Destroyed);
    assert!(ev.contains(&Event::CommanderUnemployed { commander: dc }));
    assert_eq!(p.s.tracks[0].boxes, 12, "no points for him (21.7)");
}

#[test]
fn r21_5c_r21_5e_a_replacement_joins_a_unit_of_the_division_when_it_activates() {
    let mut p = position();
    let (dc, repl) = (p.dc, p.repl);
    let mut ev = Vec::new();
    p.r.kill_commander(&mut p.s, dc, "21.4b", &mut ev);
    assert_eq!(
        p.r.division_commander(&p.s, 0),
        None,
        "vacant until the activation"
    );
    p.r.activate(&mut p.s, F, vec![0], None, &mut ev);
    assert_eq!(
        p.s.steps.last(),
        Some(&Step::PlaceCommander { commander: repl })
    );
    assert_eq!(
        p.s.offices,
        vec![Office {
            office: dc,
            holder: repl
        }]
    );
    let choices = legal(&p.r, &p.s);
    assert_eq!(choices.len(), 2, "either battalion of the Division");
    let ev = apply(
        &p.r,
        &mut p.s,
        Action::PlaceCommander {
            commander: repl,
            unit: p.units[1],
        },
    );
    assert!(ev.contains(&Event::CommanderPlaced {
        commander: repl,
        unit: p.units[1]
    }));
    assert_eq!(p.s.unit(repl).placed().map(|q| q.hex()), Some(hex("S1011")));
    assert_eq!(p.r.division_commander(&p.s, 0), Some(repl));
    assert_eq!(
        p.r.role(&p.s, repl),
        Some(super::super::command::Role::Division)
    );
    assert_eq!(
        p.s.activation.as_ref().map(|a| a.segment),
        Some(Segment::CommandControl)
    );
}

#[test]
fn f2_5b_a_killed_replacement_counts_his_original_less_2() {
    let mut p = position();
    let (dc, repl) = (p.dc, p.repl);
    p.s.offices.push(Office {
        office: dc,
        holder: repl,
    });
    assert_eq!(p.r.commander_loss_value(&p.s, repl), 1, "3 − 2");
}

#[test]
fn r21_5d_a_wounded_commander_returns_and_his_replacement_steps_down() {
    let mut p = position();
    let (dc, repl) = (p.dc, p.repl);
    let mut ev = Vec::new();
    p.s.unit_mut(dc).place = Place::Wounded { until: 1 };
    p.r.activate(&mut p.s, F, vec![0], None, &mut ev);
    apply(
        &p.r,
        &mut p.s,
        Action::PlaceCommander {
            commander: repl,
            unit: p.units[0],
        },
    );
    p.r.complete_activation(&mut p.s, &mut ev);
    // The next turn he may return.
    p.s.steps.clear();
    p.s.turn = 1;
    p.s.divisions_done = vec![false];
    for u in &mut p.s.units {
        u.act = super::super::state::Act::Unactivated;
    }
    p.r.activate(&mut p.s, F, vec![0], None, &mut ev);
    assert_eq!(
        p.s.steps.last(),
        Some(&Step::PlaceCommander { commander: dc })
    );
    assert_eq!(p.s.unit(repl).place, Place::Waiting);
    assert!(p.s.offices.is_empty());
    apply(
        &p.r,
        &mut p.s,
        Action::PlaceCommander {
            commander: dc,
            unit: p.units[1],
        },
    );
    assert_eq!(p.r.division_commander(&p.s, 0), Some(dc));
}

#[test]
fn r21_5e_a_refused_placement_names_the_rule() {
    let mut p = position();
    let (dc, repl, allied) = (p.dc, p.repl, p.allied);
    let mut ev = Vec::new();
    p.r.kill_commander(&mut p.s, dc, "21.4b", &mut ev);
    p.r.activate(&mut p.s, F, vec![0], None, &mut ev);
    let before = p.s.clone();
    let mut ev = Vec::new();
    let e = crate::engine::Rules::apply(
        &p.r,
        &mut p.s,
        &Action::PlaceCommander {
            commander: repl,
            unit: allied,
        },
        &mut ev,
    )
    .unwrap_err();
    assert_eq!(e.rule, "21.5e");
    assert_eq!(p.s, before);
}

/// Two armies with CinCs; the French CinC's successor waits in the wings.
fn cinc_position() -> (Fontenoy, State, UnitId, UnitId, UnitId) {
    let mut w = World::new();
    let u = w.infantry("1 GFR", F, "gfr", "S1010", 1);
    let saxe = w.commander("de Saxe", F, "S1010", 8, 7);
    let noailles = w.commander("Noailles", F, "S1111", 6, 5);
    let lg = w.commander("Lutteaux", F, "S1212", 6, 6);
    w.units[usize::from(lg)].rank = Some("LG".into());
    w.cinc(saxe, 5, 5);
    let _a = w.infantry("DUR", A, "dur", "S2020", 7);
    w.division("Gardes", F, None, &[u]);
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    s.steps.clear();
    alloc::sync::Arc::make_mut(&mut r.scenario_rules)
        .commanders
        .succession[0] = vec![Successor::Named(noailles, 3, 6), Successor::AnyLg(2, 8)];
    (r, s, saxe, noailles, lg)
}

#[test]
fn r21_5a_f3_3b_the_cinc_is_succeeded_in_order() {
    let (r, mut s, saxe, noailles, lg) = cinc_position();
    let mut ev = Vec::new();
    r.kill_commander(&mut s, saxe, "21.4b", &mut ev);
    assert_eq!(s.armies[0].cinc, Some(noailles));
    assert_eq!((s.armies[0].command_rating, s.armies[0].wan), (3, 6));
    assert!(ev.contains(&Event::NewCinc {
        side: F,
        commander: Some(noailles),
        rating: 3,
        wan: 6
    }));
    // Then any Lieutenant General, the player's choice.
    r.kill_commander(&mut s, noailles, "21.4b", &mut ev);
    assert_eq!(s.steps.last(), Some(&Step::ChooseCinc { side: F }));
    assert_eq!(legal(&r, &s), vec![Action::Appoint { commander: lg }]);
    apply(&r, &mut s, Action::Appoint { commander: lg });
    assert_eq!(s.armies[0].cinc, Some(lg));
    assert_eq!((s.armies[0].command_rating, s.armies[0].wan), (2, 8));
}

#[test]
fn r21_6a_with_every_cinc_lost_the_army_has_none() {
    let (mut r, mut s, saxe, _, _) = cinc_position();
    alloc::sync::Arc::make_mut(&mut r.scenario_rules)
        .commanders
        .succession[0]
        .clear();
    let mut ev = Vec::new();
    r.kill_commander(&mut s, saxe, "21.4b", &mut ev);
    assert_eq!(s.armies[0].cinc, None);
    assert!(ev.contains(&Event::NewCinc {
        side: F,
        commander: None,
        rating: 0,
        wan: 0
    }));
    assert!(r.open_wings(&s, F).is_empty(), "no Wing Activation (21.6a)");
}

#[test]
fn r21_6c_a_vacant_wing_command_allows_no_wing_activation() {
    let mut w = World::new();
    let u1 = w.infantry("1 A", F, "a", "S1010", 1);
    let u2 = w.infantry("1 B", F, "b", "S1012", 1);
    let saxe = w.commander("de Saxe", F, "S1011", 8, 7);
    let wc = w.commander("Chabannes", F, "S1011", 6, 6);
    let d1 = w.commander("Anlezy", F, "S1010", 4, 5);
    let d2 = w.commander("Clare", F, "S1012", 4, 5);
    w.cinc(saxe, 5, 5);
    let a = w.division("A", F, Some(d1), &[u1]);
    let b = w.division("B", F, Some(d2), &[u2]);
    let wing = w.wing("Chabannes", F, wc, &[a, b]);
    let (r, mut s) = w.build();
    assert_eq!(r.open_wings(&s, F), vec![wing]);
    let mut ev = Vec::new();
    r.kill_commander(&mut s, wc, "21.4b", &mut ev);
    assert_eq!(r.wing_commander(&s, wing), None);
    assert!(r.open_wings(&s, F).is_empty());
}

#[test]
fn r21_1b_a_lone_commander_is_displaced_by_an_entering_enemy() {
    let mut p = position();
    let (dc, allied) = (p.dc, p.allied);
    // Chambonnas alone in S1515; the Allied battalion steps in.
    if let Place::Map(q) = &mut p.s.unit_mut(dc).place {
        q.hexes = super::super::geometry::Hexes::one(hex("S1515"));
    }
    if let Place::Map(q) = &mut p.s.unit_mut(allied).place {
        q.hexes = super::super::geometry::Hexes::one(hex("S1515"));
    }
    let mut ev = Vec::new();
    p.r.after_step(&mut p.s, &[allied], &mut ev);
    assert_eq!(p.s.steps.last(), Some(&Step::Displace { commander: dc }));
    let choices = p.r.displace_hexes(&p.s, dc);
    assert!(
        !choices.is_empty() && choices.len() < 6,
        "never into the Allied ZOC"
    );
    let to = choices[0];
    let ev = apply(&p.r, &mut p.s, Action::Displace { commander: dc, to });
    assert!(ev.contains(&Event::CommanderDisplaced { commander: dc, to }));
    assert_eq!(p.s.unit(dc).placed().map(|q| q.hex()), Some(to));
}

#[test]
fn r21_1b_with_nowhere_to_go_he_is_destroyed() {
    let mut p = position();
    let (dc, allied) = (p.dc, p.allied);
    let at = hex("S1515");
    if let Place::Map(q) = &mut p.s.unit_mut(dc).place {
        q.hexes = super::super::geometry::Hexes::one(at);
    }
    if let Place::Map(q) = &mut p.s.unit_mut(allied).place {
        q.hexes = super::super::geometry::Hexes::one(at);
    }
    // Allied units in every hex around.
    for n in at.neighbors() {
        let mut x = *p.s.unit(allied);
        if let Place::Map(q) = &mut x.place {
            q.hexes = super::super::geometry::Hexes::one(n);
        }
        p.s.units.push(x);
        let mut info = p.r.units[usize::from(allied)].clone();
        info.id = alloc::format!("x{}", p.s.units.len());
        alloc::sync::Arc::make_mut(&mut p.r.units).push(info);
        let org = alloc::sync::Arc::make_mut(&mut p.r.org);
        org.division_of.push(None);
        org.wing_of_commander.push(None);
    }
    let mut ev = Vec::new();
    p.r.after_step(&mut p.s, &[allied], &mut ev);
    assert_eq!(p.s.unit(dc).place, Place::Destroyed);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CommanderKilled { rule, .. } if rule == "21.1b"))
    );
}

#[test]
fn r21_3_the_grouped_commander_with_the_best_er_bonus_serves() {
    let mut p = position();
    let (dc, u1, u2) = (p.dc, p.units[0], p.units[1]);
    assert_eq!(p.r.commander_in(&p.s, u1), Some(dc));
    assert_eq!(p.r.check_er_bonus(&p.s, u1), -5);
    assert_eq!(p.r.commander_in(&p.s, u2), None, "not grouped");
    assert_eq!(p.r.check_er_bonus(&p.s, u2), 0);
    let _ = &mut p;
}

/// A French position with Louis XV on the map, option 6.9 on or off.
fn king_position(on: bool) -> (Fontenoy, State, UnitId) {
    let mut w = World::new();
    let u1 = w.infantry("1 EU", F, "eu", "S1010", 1);
    let king = w.commander("Louis XV", F, "S1011", 5, 0);
    w.units[usize::from(king)].loss_points = 3;
    w.infantry("DUR", A, "dur", "S2020", 7);
    let dc = w.commander("Chambonnas", F, "S1010", 4, 5);
    w.division("Brigade d'Eu", F, Some(dc), &[u1]);
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    if on {
        alloc::sync::Arc::make_mut(&mut r.scenario_rules).options_on = vec!["6.9".into()];
    }
    s.steps.clear();
    (r, s, king)
}

#[test]
fn f6_9c_a_the_king_killed_or_captured_costs_50_points_wounded_20() {
    let (r, mut s, king) = king_position(true);
    let mut ev = Vec::new();
    r.kill_commander(&mut s, king, "F-6.9c", &mut ev);
    assert_eq!(s.tracks[0].boxes, 50);
    assert!(ev.iter().any(
        |e| matches!(e, Event::CommanderKilled { commander, points: 50, .. } if *commander == king)
    ));
    // Wounded: 20, once; a later wound adds nothing.
    let (r, mut s, king) = king_position(true);
    r.wound_roll(&mut s, king, 3, &mut ev);
    assert_eq!(s.tracks[0].boxes, 20);
    r.wound_roll(&mut s, king, 3, &mut ev);
    assert_eq!(s.tracks[0].boxes, 20);
}

#[test]
fn f6_9c_without_the_option_the_king_is_an_ordinary_loss() {
    let (r, mut s, king) = king_position(false);
    let mut ev = Vec::new();
    r.wound_roll(&mut s, king, 3, &mut ev);
    assert_eq!(s.tracks[0].boxes, 0, "a wound shades nothing (21.4b)");
    let (r, mut s, king) = king_position(false);
    r.kill_commander(&mut s, king, "21.4b", &mut ev);
    assert_eq!(s.tracks[0].boxes, r.commander_loss_value(&s, king));
    assert_ne!(s.tracks[0].boxes, 50);
}
