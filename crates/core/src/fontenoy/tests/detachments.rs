//! 24.0 Detachments and F-7.8 the Allied Detachments.

use super::*;
use crate::fontenoy::event::CommandBy;
use crate::fontenoy::state::{SpecialStep, Step};
use crate::fontenoy::types::Nationality;

/// French CinC at S0530 (far away); Detachment commander X at S0410 (distance 6); Divisions
/// A, B, C (Detachment 1 under X), D, E (Detachment 2 under Y at S1510), M (main army), each
/// a commander (distance 4) and a battalion; an Independent of the main army at S0412.
fn detached() -> (Fontenoy, State, [DivId; 6], UnitId) {
    let mut w = World::new();
    let saxe = w.commander("Saxe", Side(0), "S0530", 10, 5);
    w.cinc(saxe, 2, 5);
    let x = w.commander("X", Side(0), "S0410", 6, 5);
    let y = w.commander("Y", Side(0), "S1510", 6, 5);
    let mut divs = [0; 6];
    for (k, (n, hx)) in [
        ("A", "S0412"),
        ("B", "S0414"),
        ("C", "S0610"),
        ("D", "S1512"),
        ("E", "S1514"),
        ("M", "S0528"),
    ]
    .iter()
    .enumerate()
    {
        let c = w.commander(&alloc::format!("D{n}"), Side(0), hx, 4, 0);
        let u = w.infantry(&alloc::format!("1 {n}{n}{n}"), Side(0), n, hx, 1);
        divs[k] = w.division(n, Side(0), Some(c), &[u]);
    }
    let ind = w.infantry("1 IND", Side(0), "IND", "S0412", 1);
    w.independent(ind);
    let al = w.commander("Cumberland", Side(1), "S2510", 10, 5);
    w.cinc(al, 1, 6);
    let (r, mut s) = w.build();
    r.form_detachment(
        &mut s,
        x,
        alloc::vec![divs[0], divs[1], divs[2]],
        Vec::new(),
    )
    .expect("Detachment 1");
    r.form_detachment(&mut s, y, alloc::vec![divs[3], divs[4]], Vec::new())
        .expect("Detachment 2");
    (r, s, divs, ind)
}

#[test]
fn r24_2b_e63_an_interrupted_detachment_is_restricted_for_the_turn() {
    let (r, mut s, [a, b, c, d, e, m], _) = detached();
    // A, then B of the same Detachment: nothing is Restricted.
    assert!(!r.detachment_activation(&mut s, Side(0), &[a]));
    assert!(!r.detachment_activation(&mut s, Side(0), &[b]));
    assert!(!s.special.detachments[0].restricted);
    // D of the second Detachment: C is Restricted from now on.
    assert!(!r.detachment_activation(&mut s, Side(0), &[d]));
    assert!(s.special.detachments[0].restricted);
    assert!(!s.special.detachments[1].restricted);
    // A main-army Division: E is Restricted too; the main army never is.
    assert!(!r.detachment_activation(&mut s, Side(0), &[m]));
    assert!(s.special.detachments[1].restricted);
    // C's activation is a Restricted Activation (6.8).
    let mut ev = Vec::new();
    r.activate(&mut s, Side(0), alloc::vec![c], None, &mut ev);
    assert!(ev.contains(&Event::Activated {
        side: Side(0),
        divisions: alloc::vec![c],
        wing: None,
        restricted: true
    }));
    assert_eq!(s.activation.as_ref().map(|x| x.restricted), Some(true));
    let _ = e;
}

#[test]
fn r24_2b_the_restriction_lasts_one_turn() {
    let (r, mut s, [a, _, _, _, _, m], _) = detached();
    r.detachment_activation(&mut s, Side(0), &[a]);
    r.detachment_activation(&mut s, Side(0), &[m]);
    assert!(s.special.detachments[0].restricted);
    r.special_new_turn(&mut s);
    assert!(!s.special.detachments[0].restricted);
    assert_eq!(s.special.last_detachment, [None, None]);
}

#[test]
fn r24_1b_the_detachment_commander_is_in_command_and_gives_its_commanders_their_line() {
    let (r, mut s, [a, ..], ind) = detached();
    s.steps.clear();
    let mut ev = Vec::new();
    r.activate(&mut s, Side(0), alloc::vec![a], None, &mut ev);
    // 24.2a: the main army's Independent is not offered to a Detachment's activation.
    let designations = legal(&r, &s);
    assert!(
        !designations.contains(&Action::ActivateIndependent { unit: ind }),
        "{designations:?}"
    );
    let mut e2 = Vec::new();
    let refused = r.apply(&mut s, &Action::ActivateIndependent { unit: ind }, &mut e2);
    assert_eq!(refused.map_err(|e| e.rule.to_string()), Err("24.2a".into()));
    // X commands the Detachment; its Division Commander traces from him (the CinC is 18
    // hexes away): no Initiative roll.
    apply(&r, &mut s, Action::EndDesignations);
    let dc = r.division_commander(&s, a).expect("a commander");
    assert_eq!(s.unit(dc).command, Some(true));
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, Step::CommanderInitiative { .. }))
    );
    assert!(r.leads_detachment(&s, 1));
    let _ = CommandBy::Loc;
}

#[test]
fn r24_1d_main_army_and_detachment_units_are_different_forces() {
    let (r, s, [a, _, _, d, _, m], ind) = detached();
    let unit = |k: DivId| r.org.divisions[usize::from(k)].units[0];
    assert_eq!(r.force_of(&s, unit(a)), Some(0));
    assert_eq!(r.force_of(&s, unit(d)), Some(1));
    assert_eq!(r.force_of(&s, unit(m)), None);
    assert!(!r.same_force(&s, unit(a), ind));
    assert!(r.same_force(&s, unit(m), ind));
    assert!(!r.same_force(&s, unit(a), unit(d)));
}

#[test]
fn r24_3a_a_detachment_rejoins_at_will_in_the_rally_phase_within_the_cincs_line() {
    let (r, mut s, [a, ..], _) = detached();
    // Out of the CinC's line: nothing to decide.
    let mut ev = Vec::new();
    r.to_rally(&mut s, &mut ev);
    assert_eq!(s.steps.last(), Some(&Step::RallyDice { french: None }));
    // The CinC next to X.
    s.steps.clear();
    s.units[0].place = s.units[1].place;
    r.to_rally(&mut s, &mut ev);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Special(SpecialStep::Rejoin {
            side: Side(0),
            detachment: 0
        }))
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::RejoinDetachment {
                detachment: 0,
                rejoin: true
            },
            Action::RejoinDetachment {
                detachment: 0,
                rejoin: false
            }
        ]
    );
    let ev = apply(
        &r,
        &mut s,
        Action::RejoinDetachment {
            detachment: 0,
            rejoin: true,
        },
    );
    assert!(ev.contains(&Event::DetachmentRejoins {
        side: Side(0),
        detachment: 0,
        rejoined: true
    }));
    // 24.3c: its Divisions are the main army's again.
    assert_eq!(r.detachment_of(&s, a), None);
    assert_eq!(s.steps.last(), Some(&Step::RallyDice { french: None }));
    // 24.3d: not formed again.
    let e = r
        .form_detachment(&mut s, 1, alloc::vec![a], Vec::new())
        .expect_err("rejoined");
    assert_eq!(e.rule, "24.3d");
}

#[test]
fn r24_3b_a_division_belongs_to_one_detachment() {
    let (r, mut s, [a, ..], _) = detached();
    let e = r
        .form_detachment(&mut s, 0, alloc::vec![a], Vec::new())
        .expect_err("A is in Detachment 1");
    assert_eq!(e.rule, "24.3b");
}

#[test]
fn r_f7_8b_to_d_the_allied_detachment_commanders_and_their_divisions() {
    let mut w = World::new();
    let cum = w.commander("Cumberland", Side(1), "S2510", 10, 5);
    w.cinc(cum, 1, 6);
    let waldeck = w.commander("Waldeck", Side(1), "S2010", 6, 5);
    let konig = w.commander("Konigsegg", Side(1), "S2012", 6, 5);
    let ligonier = w.commander("Ligonier", Side(1), "S2014", 6, 5);
    let moltke = w.commander("Moltke", Side(1), "S2016", 4, 4);
    let m1 = w.infantry("1 MOL", Side(1), "MOL", "S2016", 1);
    let dm = w.division("Reserve", Side(1), Some(moltke), &[m1]);
    let dd = w.commander("Dutchman", Side(1), "S2018", 4, 4);
    let d1 = w.infantry("1 DUT", Side(1), "DUT", "S2018", 1);
    w.units[usize::from(dd)].nationality = Nationality::Dutch;
    w.units[usize::from(d1)].nationality = Nationality::Dutch;
    let ddiv = w.division("Dutch", Side(1), Some(dd), &[d1]);
    let ec = w.commander("Englishman", Side(1), "S2020", 4, 4);
    let e1 = w.infantry("1 ENG", Side(1), "ENG", "S2020", 1);
    let ediv = w.division("English", Side(1), Some(ec), &[e1]);
    let (r, _) = w.build();
    assert!(r.allied_detachment_ok(waldeck, &[ddiv]).is_ok());
    assert_eq!(
        r.allied_detachment_ok(waldeck, &[ddiv, ediv])
            .map_err(|e| e.rule),
        Err("F-7.8b".into())
    );
    assert!(r.allied_detachment_ok(konig, &[dm, ddiv, ediv]).is_ok());
    assert_eq!(
        r.allied_detachment_ok(konig, &[ediv]).map_err(|e| e.rule),
        Err("F-7.8c".into())
    );
    assert!(r.allied_detachment_ok(ligonier, &[ediv]).is_ok());
    assert_eq!(
        r.allied_detachment_ok(ligonier, &[ddiv])
            .map_err(|e| e.rule),
        Err("F-7.8d".into())
    );
    assert_eq!(
        r.allied_detachment_ok(ligonier, &[ediv; 9])
            .map_err(|e| e.rule),
        Err("F-7.8a".into())
    );
    assert_eq!(
        r.allied_detachment_ok(cum, &[ediv]).map_err(|e| e.rule),
        Err("F-7.8a".into())
    );
}

#[test]
fn r_f4_2b_a_konigsegg_joins_only_an_austrian_activation() {
    let mut w = World::new();
    let cum = w.commander("Cumberland", Side(1), "S2510", 10, 5);
    w.cinc(cum, 1, 6);
    let konig = w.commander("Konigsegg", Side(1), "S2012", 6, 5);
    let ec = w.commander("Englishman", Side(1), "S2020", 4, 4);
    let e1 = w.infantry("1 ENG", Side(1), "ENG", "S2020", 1);
    let ediv = w.division("English", Side(1), Some(ec), &[e1]);
    let ac = w.commander("Austrian", Side(1), "S2022", 4, 4);
    let a1 = w.infantry("1 AUS", Side(1), "AUS", "S2022", 1);
    w.units[usize::from(ac)].nationality = Nationality::Austrian;
    w.units[usize::from(a1)].nationality = Nationality::Austrian;
    let adiv = w.division("Austrian", Side(1), Some(ac), &[a1]);
    let (r, mut s) = w.build();
    s.steps.clear();
    let mut ev = Vec::new();
    let before = s.clone();
    r.activate(&mut s, Side(1), alloc::vec![ediv], None, &mut ev);
    assert!(!legal(&r, &s).contains(&Action::ActivateCommander { commander: konig }));
    let e = r
        .apply(
            &mut s,
            &Action::ActivateCommander { commander: konig },
            &mut ev,
        )
        .expect_err("English activation");
    assert_eq!(e.rule, "F-4.2b");
    let mut s = before;
    r.activate(&mut s, Side(1), alloc::vec![adiv], None, &mut ev);
    assert!(legal(&r, &s).contains(&Action::ActivateCommander { commander: konig }));
}
