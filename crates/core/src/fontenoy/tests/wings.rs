//! The Fontenoy special commanders and widened activations: F-2.1 Flexible Divisions, F-2.6b a
//! Wing Commander's grouped Division, F-3.3a/c/e the King and those who stay with him, F-3.4
//! French cavalry Wings, F-4.2e Campbell.

use super::*;
use crate::fontenoy::event::AddedBy;
use crate::fontenoy::state::{Act, Segment, Step, WingStep};

const FR: Side = Side(0);
const AL: Side = Side(1);

/// A cavalry regiment of 4 SP in a one-hex Line at `at`.
fn cavalry(w: &mut World, name: &str, at: &str) -> UnitId {
    let u = w.infantry(name, FR, name, at, 1);
    w.units[usize::from(u)].kind = Kind::Cavalry;
    w.units[usize::from(u)].sp = 4;
    w.units[usize::from(u)].mp = 8;
    u
}

/// A cavalry Division under a Lieutenant General (or `rank`) at `at`.
fn cavalry_division(w: &mut World, name: &str, at: &str, rank: &str) -> (DivId, UnitId) {
    let c = w.commander(name, FR, at, 4, 4);
    w.units[usize::from(c)].rank = Some(rank.to_string());
    let u = cavalry(w, &alloc::format!("{name} a"), at);
    (w.division(name, FR, Some(c), &[u]), c)
}

/// The Allies, far off.
fn allies(w: &mut World) {
    let al = w.commander("Cumberland", AL, "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", AL, "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", AL, "ZZZ", "S2828", 7);
    w.division("Z", AL, Some(ac), &[au]);
}

fn added(ev: &[Event]) -> Vec<(UnitId, DivId, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::DivisionAdded {
                commander,
                division,
                by,
            } => Some((*commander, *division, *by == AddedBy::CavalryWing)),
            _ => None,
        })
        .collect()
}

fn adds(r: &Fontenoy, s: &State) -> Vec<DivId> {
    legal(r, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::AddDivision { division } => Some(division),
            _ => None,
        })
        .collect()
}

/// The French CinC at S1011 (Command Distance `cd`), three LG cavalry Divisions and one led
/// by a brigadier, the Allies far off.
fn cavalry_world(cd: u8) -> (Fontenoy, State, [DivId; 4], [UnitId; 4]) {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S1011", cd, 5);
    w.cinc(saxe, 2, 5);
    allies(&mut w);
    let (d1, c1) = cavalry_division(&mut w, "Harcourt", "S1010", "LG");
    let (d2, c2) = cavalry_division(&mut w, "Estrees", "S1210", "LG");
    let (d3, c3) = cavalry_division(&mut w, "Apcher", "S1410", "LG");
    let (d4, c4) = cavalry_division(&mut w, "Crequy", "S1610", "MDC");
    let (r, s) = w.build();
    (r, s, [d1, d2, d3, d4], [c1, c2, c3, c4])
}

#[test]
fn f3_4a_a_cavalry_lieutenant_general_leads_up_to_three_cavalry_divisions() {
    let (r, mut s, d, c) = cavalry_world(10);
    initiative(&r, &mut s, 6, 1);
    assert_eq!(
        s.steps.last(),
        Some(&Step::InitiativeChoice {
            winner: FR,
            wing: true
        })
    );
    let offered: Vec<UnitId> = legal(&r, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::CavalryWing { commander } => Some(commander),
            _ => None,
        })
        .collect();
    // The brigadier's (MDC) Division is no Wing Commander's.
    assert_eq!(offered, alloc::vec![c[0], c[1], c[2]]);
    let ev = apply(&r, &mut s, Action::CavalryWing { commander: c[0] });
    assert!(ev.contains(&Event::CavalryWing { commander: c[0] }));
    let act = s.activation.clone().expect("an activation");
    assert_eq!(act.divisions, alloc::vec![d[0]]);
    assert_eq!(act.lead.cavalry, Some(c[0]));
    assert_eq!(act.segment, Segment::CommandControl);
    assert_eq!(s.unit(c[0]).command, Some(true));
    // His Line of Command (4) reaches Estrees (2 hexes) and Apcher (4), not Crequy (6).
    assert_eq!(adds(&r, &s), alloc::vec![d[1], d[2]]);
    let ev = apply(&r, &mut s, Action::AddDivision { division: d[2] });
    assert_eq!(added(&ev), alloc::vec![(c[0], d[2], true)]);
    assert_eq!(s.unit(c[2]).act, Act::Active);
    assert_eq!(s.unit(c[2]).command, Some(true));
    assert!(s.division_done(d[2]));
    apply(&r, &mut s, Action::AddDivision { division: d[1] });
    // Three Divisions: no more.
    assert!(adds(&r, &s).is_empty());
    assert_eq!(
        s.activation.as_ref().unwrap().divisions,
        alloc::vec![d[0], d[2], d[1]]
    );
}

#[test]
fn f3_4b_a_failed_roll_activates_his_own_division_out_of_command() {
    // The CinC's Command Distance 1 does not reach him: he rolls.
    let (r, mut s, d, c) = cavalry_world(1);
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::CavalryWing { commander: c[1] });
    assert_eq!(
        s.steps.last(),
        Some(&Step::Wing(WingStep::CavalryInitiative { commander: c[1] }))
    );
    assert!(s.activation.is_none());
    let ev = apply(&r, &mut s, d10(5)); // his rating 4
    assert!(ev.contains(&Event::CavalryWingFailed { commander: c[1] }));
    let act = s.activation.clone().expect("his Division activates");
    assert_eq!(act.divisions, alloc::vec![d[1]]);
    assert_eq!(act.lead.cavalry, None);
    assert_eq!(s.unit(c[1]).command, Some(false));
    assert!(adds(&r, &s).is_empty());
    // The status stays through the Command Control Segment (7.6a: no second roll).
    apply(&r, &mut s, Action::EndDesignations);
    assert_eq!(s.unit(c[1]).command, Some(false));
}

#[test]
fn f3_4b_a_passed_roll_makes_the_wing() {
    let (r, mut s, d, c) = cavalry_world(1);
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::CavalryWing { commander: c[1] });
    let ev = apply(&r, &mut s, d10(4));
    assert!(ev.contains(&Event::CavalryWing { commander: c[1] }));
    assert_eq!(s.unit(c[1]).command, Some(true));
    // Estrees at S1210 reaches Harcourt and Apcher (2 hexes), Crequy (4).
    assert_eq!(adds(&r, &s), alloc::vec![d[0], d[2], d[3]]);
}

#[test]
fn f6_8d_f3_4a_no_cavalry_wing_once_the_perimeter_is_breached() {
    let (r, mut s, _, c) = cavalry_world(10);
    s.victory.perimeter_breached = true;
    initiative(&r, &mut s, 6, 1);
    // No Wing at all: an ordinary choice, and the cavalry Wing is refused.
    assert_eq!(
        s.steps.last(),
        Some(&Step::InitiativeChoice {
            winner: FR,
            wing: false
        })
    );
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s, &Action::CavalryWing { commander: c[0] }, &mut ev)
        .expect_err("no Wing Activation");
    assert_eq!(e.rule, "F-3.4a");
}

/// A French Wing (Wing Commander at S1010, his Division's commander at S1012), an Independent
/// Division whose commander stands with the Wing Commander, another one elsewhere.
fn wing_world(english: bool) -> (Fontenoy, State, WingId, [DivId; 3]) {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S1011", 10, 5);
    w.cinc(saxe, 2, 5);
    allies(&mut w);
    let wc = w.commander("Lutteaux", FR, "S1010", 6, 5);
    let c1 = w.commander("Dx", FR, "S1012", 4, 4);
    let u1 = w.infantry("1 AAA", FR, "AAA", "S1012", 1);
    let d1 = w.division("X", FR, Some(c1), &[u1]);
    let wing = w.wing("Lutteaux's", FR, wc, &[d1]);
    let c2 = w.commander("Dy", FR, "S1010", 4, 4);
    let u2 = w.infantry("1 BBB", FR, "BBB", "S1009", 1);
    let d2 = w.division("Y", FR, Some(c2), &[u2]);
    let c3 = w.commander("Dw", FR, "S1013", 4, 4);
    let u3 = w.infantry("1 CCC", FR, "CCC", "S1013", 1);
    let d3 = w.division("W", FR, Some(c3), &[u3]);
    if english {
        // The same position with a Dutch Division grouped with an English Wing Commander.
        w.units[usize::from(wc)].nationality = Nationality::English;
        w.units[usize::from(c2)].nationality = Nationality::Dutch;
    }
    let (r, s) = w.build();
    (r, s, wing, [d1, d2, d3])
}

#[test]
fn f2_6b_a_wing_commander_brings_the_division_of_a_commander_he_is_grouped_with() {
    let (r, mut s, wing, d) = wing_world(false);
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::WingActivation { wing });
    apply(
        &r,
        &mut s,
        Action::WingJoin {
            division: d[0],
            join: true,
        },
    );
    // Only Dy stands with the Wing Commander.
    assert_eq!(adds(&r, &s), alloc::vec![d[1]]);
    let ev = apply(&r, &mut s, Action::AddDivision { division: d[1] });
    assert_eq!(added(&ev).len(), 1);
    assert_eq!(added(&ev)[0].1, d[1]);
    assert!(!added(&ev)[0].2);
    assert_eq!(
        s.activation.as_ref().unwrap().divisions,
        alloc::vec![d[0], d[1]]
    );
    // One Division a Wing Activation.
    assert!(adds(&r, &s).is_empty());
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s, &Action::AddDivision { division: d[2] }, &mut ev)
        .expect_err("not grouped, and one already joined");
    assert_eq!(e.rule, "F-2.6b");
}

#[test]
fn f2_6b_an_english_wing_commander_brings_only_english_or_hanoverians() {
    let (r, mut s, wing, d) = wing_world(true);
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::WingActivation { wing });
    apply(
        &r,
        &mut s,
        Action::WingJoin {
            division: d[0],
            join: true,
        },
    );
    assert!(adds(&r, &s).is_empty());
}

#[test]
fn f2_1_up_to_two_flexible_units_join_another_division_as_independents() {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S1011", 10, 5);
    w.cinc(saxe, 2, 5);
    allies(&mut w);
    let c1 = w.commander("Dx", FR, "S1010", 4, 4);
    let u1 = w.infantry("1 AAA", FR, "AAA", "S1010", 1);
    let d1 = w.division("X", FR, Some(c1), &[u1]);
    let gc = w.commander("Grassin", FR, "S1014", 4, 4);
    let g: Vec<UnitId> = ["S1013", "S1014", "S1015"]
        .iter()
        .enumerate()
        .map(|(k, h)| w.infantry(&alloc::format!("GRA {k}"), FR, "GRA", h, 1))
        .collect();
    let dg = w.division("Grassin", FR, Some(gc), &g);
    w.org.divisions[usize::from(dg)].flexible = true;
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: d1 });
    let flex = |s: &State| -> Vec<UnitId> {
        legal(&r, s)
            .into_iter()
            .filter_map(|a| match a {
                Action::FlexibleIndependent { unit } => Some(unit),
                _ => None,
            })
            .collect()
    };
    assert_eq!(flex(&s), g);
    apply(&r, &mut s, Action::FlexibleIndependent { unit: g[0] });
    apply(&r, &mut s, Action::FlexibleIndependent { unit: g[2] });
    assert!(flex(&s).is_empty());
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s, &Action::FlexibleIndependent { unit: g[1] }, &mut ev)
        .expect_err("a third");
    assert_eq!(e.rule, "F-2.1");
    // Traced as Independents: the CinC's line reaches them (7.0), not their commander's.
    apply(&r, &mut s, Action::EndDesignations);
    assert_eq!(s.unit(g[0]).command, Some(true));
    assert_eq!(s.unit(g[1]).act, Act::Unactivated);
    // The Flexible Division is still to activate, with the units left (each unit once a turn).
    assert!(!s.division_done(dg));
    assert!(r.open_divisions(&s, FR).any(|x| x == dg));
}

#[test]
fn f3_3a_louis_xv_never_moves_and_commands_nobody() {
    let mut king = 0;
    let mut noailles = 0;
    let mut richelieu = 0;
    let (r, mut s, _) = super::movement::mover(|w| {
        king = w.commander("Louis XV", FR, "S1006", 5, 0);
        noailles = w.commander("Noailles", FR, "S1006", 6, 5);
        richelieu = w.commander("Richelieu", FR, "S1006", 4, 4);
        for c in [king, noailles, richelieu] {
            w.units[usize::from(c)].mp = 6;
        }
    });
    let steps_of = |s: &State, c: UnitId| {
        legal(&r, s)
            .into_iter()
            .filter(|a| matches!(a, Action::Step { unit, .. } if *unit == c))
            .count()
    };
    for c in [king, noailles, richelieu] {
        s.unit_mut(c).act = Act::Active;
        assert_eq!(steps_of(&s, c), 0, "{}", r.units[usize::from(c)].name);
    }
    // F-3.3c, F-3.3e: free once the Perimeter is breached; the King never.
    s.victory.perimeter_breached = true;
    assert_eq!(steps_of(&s, king), 0);
    assert!(steps_of(&s, noailles) > 0);
    assert!(steps_of(&s, richelieu) > 0);
}

#[test]
fn f3_3c_noailles_moves_freely_once_cinc() {
    let mut noailles = 0;
    let (r, mut s, _) = super::movement::mover(|w| {
        w.commander("Louis XV", FR, "S1006", 5, 0);
        noailles = w.commander("Noailles", FR, "S1006", 6, 5);
    });
    assert!(r.held_commander(&s, noailles));
    s.armies[0].cinc = Some(noailles);
    assert!(!r.held_commander(&s, noailles));
    // And once the King has left the map.
    s.armies[0].cinc = Some(0);
    let king = (0..s.units.len() as UnitId)
        .find(|&c| r.is_king(c))
        .unwrap();
    s.unit_mut(king).place = crate::fontenoy::state::Place::Destroyed;
    assert!(!r.held_commander(&s, noailles));
}

#[test]
fn f3_3a_the_king_is_no_non_divisional_commander() {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S1011", 10, 5);
    w.cinc(saxe, 2, 5);
    allies(&mut w);
    let king = w.commander("Louis XV", FR, "S1006", 5, 0);
    let noailles = w.commander("Noailles", FR, "S1006", 6, 5);
    let c1 = w.commander("Dx", FR, "S1010", 4, 4);
    let u1 = w.infantry("1 AAA", FR, "AAA", "S1010", 1);
    let d1 = w.division("X", FR, Some(c1), &[u1]);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: d1 });
    let l = legal(&r, &s);
    assert!(!l.contains(&Action::ActivateCommander { commander: king }));
    assert!(l.contains(&Action::ActivateCommander {
        commander: noailles
    }));
    let mut ev = Vec::new();
    let e = r
        .apply(
            &mut s,
            &Action::ActivateCommander { commander: king },
            &mut ev,
        )
        .expect_err("the King");
    assert_eq!(e.rule, "6.6b");
}

#[test]
fn f4_2e_without_campbell_the_english_cavalry_divisions_activate_one_by_one() {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S1011", 10, 5);
    w.cinc(saxe, 2, 5);
    let c1 = w.commander("Dx", FR, "S1010", 4, 4);
    let u1 = w.infantry("1 AAA", FR, "AAA", "S1010", 1);
    w.division("X", FR, Some(c1), &[u1]);
    let cum = w.commander("Cumberland", AL, "S2020", 10, 5);
    w.cinc(cum, 1, 6);
    let campbell = w.commander("Campbell", AL, "S2021", 6, 5);
    let e1 = w.commander("Ea", AL, "S2022", 4, 4);
    let v1 = w.infantry("1 EEA", AL, "EEA", "S2022", 1);
    let da = w.division("Ea", AL, Some(e1), &[v1]);
    let e2 = w.commander("Eb", AL, "S2023", 4, 4);
    let v2 = w.infantry("1 EEB", AL, "EEB", "S2023", 1);
    let db = w.division("Eb", AL, Some(e2), &[v2]);
    let wing = w.wing("Campbell's", AL, campbell, &[da, db]);
    let (r, mut s) = w.build();
    assert_eq!(r.open_wings(&s, AL), alloc::vec![wing]);
    // F-4.2e: no replacement; with him gone, no Wing Activation.
    s.unit_mut(campbell).place = crate::fontenoy::state::Place::Destroyed;
    assert!(r.open_wings(&s, AL).is_empty());
    assert_eq!(
        r.open_divisions(&s, AL).collect::<Vec<_>>(),
        alloc::vec![da, db]
    );
}

/// `u`'s steps and facing changes on offer.
fn moves_of(r: &Fontenoy, s: &State, u: UnitId) -> Vec<Action> {
    legal(r, s)
        .into_iter()
        .filter(
            |a| matches!(a, Action::Step { unit, .. } | Action::Face { unit, .. } if *unit == u),
        )
        .collect()
}

/// The mover of tests/movement.rs with an Allied battalion two hexes ahead facing back (the
/// hex between in its ZOC), its Division Commander Out of Command.
fn ooc_mover() -> (Fontenoy, State, UnitId, Hex) {
    use crate::hex::Direction;
    let target = hex("S1010").neighbor(Direction::ALL[0]);
    let label = crate::fontenoy::fhex::label(target.neighbor(Direction::ALL[0]));
    let (r, mut s, u) = super::movement::mover(|w| {
        w.infantry("2 ZZZ", AL, "ZZZ", &label, 7);
    });
    let dc = r.division_commander(&s, 1).expect("Dx");
    s.unit_mut(dc).command = Some(false);
    (r, s, u, target)
}

#[test]
fn r7_6c_one_step_into_an_enemy_zoc_is_the_units_only_action() {
    let (r, mut s, u, target) = ooc_mover();
    assert!(r.ooc_limited(&s, u));
    let step = Action::Step {
        unit: u,
        to: target,
        alone: false,
    };
    assert!(moves_of(&r, &s, u).contains(&step));
    // 12.8d: the Allied battalion may react before the unit leaves; it passes.
    apply(&r, &mut s, step.clone());
    apply(&r, &mut s, Action::Pass);
    apply(&r, &mut s, step);
    assert_eq!(s.unit(u).placed().map(|p| p.hex()), Some(target));
    // In the enemy ZOC with MP left (4 - 2): nothing more.
    assert!(moves_of(&r, &s, u).is_empty());
    assert!(legal(&r, &s).contains(&Action::EndMove { unit: u }));
}

/// `u` changes facing; the Allied battalion passes its Fire Reaction (12.8c).
fn face(r: &Fontenoy, s: &mut State, u: UnitId, facing: u8) {
    apply(r, s, Action::Face { unit: u, facing });
    while let Some(Step::Fire(_)) = s.steps.last() {
        apply(r, s, Action::Pass);
    }
}

#[test]
fn r7_6c_no_step_into_an_enemy_zoc_after_another_action() {
    let (r, mut s, u, target) = ooc_mover();
    face(&r, &mut s, u, 3);
    face(&r, &mut s, u, 1);
    let step = Action::Step {
        unit: u,
        to: target,
        alone: false,
    };
    assert!(!moves_of(&r, &s, u).contains(&step));
    let mut ev = Vec::new();
    let e = r.apply(&mut s, &step, &mut ev).expect_err("7.6c");
    assert_eq!(e.rule, "7.6c");
    // In Command, the same step is open.
    let (r, mut s, u, target) = ooc_mover();
    let dc = r.division_commander(&s, 1).expect("Dx");
    s.unit_mut(dc).command = Some(true);
    face(&r, &mut s, u, 3);
    face(&r, &mut s, u, 1);
    assert!(moves_of(&r, &s, u).contains(&Action::Step {
        unit: u,
        to: target,
        alone: false
    }));
}

#[test]
fn f3_8d_d_no_activation_is_spent_on_units_still_off_the_map() {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S1011", 10, 5);
    w.cinc(saxe, 2, 5);
    allies(&mut w);
    let c1 = w.commander("Dx", FR, "S1010", 4, 4);
    let u1 = w.infantry("1 AAA", FR, "AAA", "S1010", 1);
    let d1 = w.division("X", FR, Some(c1), &[u1]);
    let c2 = w.commander("Duras", FR, "S1012", 4, 4);
    let u2 = w.infantry("1 LOW", FR, "LOW", "S1012", 1);
    let d2 = w.division("Duras", FR, Some(c2), &[u2]);
    let (r, mut s) = w.build();
    for u in [c2, u2] {
        s.unit_mut(u).place = crate::fontenoy::state::Place::Waiting;
    }
    assert_eq!(
        r.open_divisions(&s, FR).collect::<Vec<_>>(),
        alloc::vec![d1]
    );
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s, &Action::Activate { division: d2 }, &mut ev)
        .expect_err("off the map");
    assert_eq!(e.rule, "6.3a");
}

#[test]
fn f5_4c_the_retreating_french_activate_their_cavalry_as_a_wing_where_they_can() {
    let (mut r, mut s, d, c) = cavalry_world(10);
    alloc::sync::Arc::make_mut(&mut r.scenario_rules).options_on = alloc::vec!["5.4".into()];
    s.victory.retreating[FR.index()] = true;
    assert!(r.retreating(&s, FR));
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    assert_eq!(s.steps.last(), Some(&Step::ChooseDivision { side: FR }));
    // Harcourt's Division brings his cavalry Wing: he leads it, and must take Estrees and
    // Apcher before the designations end.
    let ev = apply(&r, &mut s, Action::Activate { division: d[0] });
    assert!(ev.contains(&Event::CavalryWing { commander: c[0] }));
    assert_eq!(
        s.activation.as_ref().and_then(|a| a.lead.cavalry),
        Some(c[0])
    );
    assert!(!legal(&r, &s).contains(&Action::EndDesignations));
    let refused = r.apply(&mut s.clone(), &Action::EndDesignations, &mut Vec::new());
    assert!(refused.is_err_and(|e| e.rule == "F-5.4c"));
    apply(&r, &mut s, Action::AddDivision { division: d[1] });
    assert!(!legal(&r, &s).contains(&Action::EndDesignations));
    apply(&r, &mut s, Action::AddDivision { division: d[2] });
    assert!(legal(&r, &s).contains(&Action::EndDesignations));
    // The brigadier's Division, no Wing Commander's, activates alone.
    let (mut r, mut s, d, _) = cavalry_world(10);
    alloc::sync::Arc::make_mut(&mut r.scenario_rules).options_on = alloc::vec!["5.4".into()];
    s.victory.retreating[FR.index()] = true;
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: d[3] });
    let act = s.activation.clone().expect("an activation");
    assert_eq!(act.divisions, alloc::vec![d[3]]);
    assert_eq!(act.lead.cavalry, None);
    // Not retreating: Harcourt's Division alone.
    let (r, mut s, d, _) = cavalry_world(10);
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: d[0] });
    assert_eq!(s.activation.as_ref().and_then(|a| a.lead.cavalry), None);
}
