//! The leaders of two Divisions in one ordinary activation — Lowendahl (F-3.3f) and Waldeck
//! (F-4.2c) — Waldeck's link to the Dutch commanders (F-4.2c), and Langeron's third Division
//! (F-3.4c).

use super::artillery_own as own;
use super::*;
use crate::fontenoy::event::AddedBy;
use crate::fontenoy::state::{Detachment, Step};
use crate::fontenoy::types::Nationality;

const FR: Side = Side(0);
const AL: Side = Side(1);

fn adds(r: &Fontenoy, s: &State) -> Vec<DivId> {
    legal(r, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::AddDivision { division } => Some(division),
            _ => None,
        })
        .collect()
}

/// The rule the `DivisionAdded` event of `ev` cites.
fn added_rule(ev: &[Event]) -> Option<&'static str> {
    ev.iter()
        .find(|e| matches!(e, Event::DivisionAdded { .. }))
        .map(Event::rule_of)
}

fn leads(r: &Fontenoy, s: &State) -> Vec<(UnitId, DivId)> {
    legal(r, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::LeaderActivation {
                commander,
                division,
            } => Some((commander, division)),
            _ => None,
        })
        .collect()
}

/// The French CinC far off (Command Distance 1), Lowendahl (Command Distance 6) at S1010,
/// Divisions X (commander at S1012) and Y (S1014) in his reach, W (S1020) beyond it.
fn lowendahl_world() -> (Fontenoy, State, UnitId, [DivId; 3]) {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S0101", 1, 5);
    w.cinc(saxe, 2, 5);
    let al = w.commander("Cumberland", AL, "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", AL, "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", AL, "ZZZ", "S2828", 7);
    w.division("Z", AL, Some(ac), &[au]);
    let low = w.commander("Lowendahl", FR, "S1010", 6, 7);
    w.org.armies[0].special.push(low);
    let mut divs = [0; 3];
    for (k, at) in ["S1012", "S1014", "S1020"].iter().enumerate() {
        let c = w.commander(&alloc::format!("D{k}"), FR, at, 4, 4);
        let u = w.infantry(
            &alloc::format!("{k} AAA"),
            FR,
            &alloc::format!("A{k}"),
            at,
            1,
        );
        divs[k] = w.division(&alloc::format!("X{k}"), FR, Some(c), &[u]);
    }
    let (r, s) = w.build();
    (r, s, low, divs)
}

#[test]
fn f3_3f_lowendahl_activates_two_divisions_in_his_reach() {
    let (r, mut s, low, d) = lowendahl_world();
    initiative(&r, &mut s, 6, 1);
    own(&r, &mut s);
    assert_eq!(leads(&r, &s), alloc::vec![(low, d[0]), (low, d[1])]);
    let mut ev = Vec::new();
    let e = r
        .apply(
            &mut s.clone(),
            &Action::LeaderActivation {
                commander: low,
                division: d[2],
            },
            &mut ev,
        )
        .expect_err("beyond his Command Distance");
    assert_eq!(e.rule, "F-3.3f");
    let ev = apply(
        &r,
        &mut s,
        Action::LeaderActivation {
            commander: low,
            division: d[0],
        },
    );
    assert!(ev.contains(&Event::LeaderActivation {
        commander: low,
        division: d[0]
    }));
    // An ordinary activation, not a Wing Activation.
    let act = s.activation.as_ref().unwrap();
    assert_eq!((act.wing, act.lead.leader), (None, Some(low)));
    assert_eq!(adds(&r, &s), alloc::vec![d[1]]);
    let ev = apply(&r, &mut s, Action::AddDivision { division: d[1] });
    assert!(ev.contains(&Event::DivisionAdded {
        commander: low,
        division: d[1],
        by: AddedBy::Lowendahl,
    }));
    assert_eq!(added_rule(&ev), Some("F-3.3f"));
    assert_eq!(
        s.activation.as_ref().unwrap().divisions,
        alloc::vec![d[0], d[1]]
    );
    // Two Divisions at most.
    assert!(adds(&r, &s).is_empty());
    // As an ordinary Division Commander out of the CinC's reach, he rolls his Initiative.
    apply(&r, &mut s, Action::EndDesignations);
    let mut rolled = Vec::new();
    while let Some(Step::CommanderInitiative { commander }) = s.steps.last().cloned() {
        rolled.push(commander);
        apply(&r, &mut s, d10(0));
    }
    assert!(rolled.contains(&low));
    assert_eq!(s.unit(low).command, Some(true));
}

#[test]
fn f3_3f_lowendahl_leading_his_detachment_does_not() {
    let (r, mut s, low, _) = lowendahl_world();
    s.special.detachments.push(Detachment {
        side: FR,
        commander: low,
        divisions: Vec::new(),
        independents: Vec::new(),
        rejoined: false,
        restricted: false,
    });
    initiative(&r, &mut s, 6, 1);
    own(&r, &mut s);
    assert!(leads(&r, &s).is_empty());
    // Once the Detachment rejoined (24.3c) he is the F-3.3f leader again.
    let (r, mut s, low, d) = lowendahl_world();
    s.special.detachments.push(Detachment {
        side: FR,
        commander: low,
        divisions: Vec::new(),
        independents: Vec::new(),
        rejoined: true,
        restricted: false,
    });
    initiative(&r, &mut s, 6, 1);
    own(&r, &mut s);
    assert_eq!(leads(&r, &s), alloc::vec![(low, d[0]), (low, d[1])]);
}

/// Cumberland (Command Distance 3) at S2010, Waldeck (6) at S2013; a Dutch Division whose
/// commander is at S2018 (8 hexes from Cumberland, 5 from Waldeck) and an English one at
/// S2313.
fn waldeck_world() -> (Fontenoy, State, [UnitId; 4], [DivId; 2]) {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S0101", 2, 5);
    w.cinc(saxe, 1, 6);
    let fc = w.commander("Dz", FR, "S0101", 4, 4);
    let fu = w.infantry("1 ZZZ", FR, "ZZZ", "S0102", 1);
    w.division("Z", FR, Some(fc), &[fu]);
    let cumb = w.commander("Cumberland", AL, "S2010", 3, 5);
    w.cinc(cumb, 2, 5);
    let wal = w.commander("Waldeck", AL, "S2013", 6, 4);
    w.units[usize::from(wal)].nationality = Nationality::Dutch;
    w.org.armies[1].special.push(wal);
    let dc = w.commander("Dd", AL, "S2018", 4, 0);
    w.units[usize::from(dc)].nationality = Nationality::Dutch;
    let du = w.infantry("1 DDD", AL, "DDD", "S2018", 1);
    w.units[usize::from(du)].nationality = Nationality::Dutch;
    let dd = w.division("D", AL, Some(dc), &[du]);
    let ec = w.commander("De", AL, "S2313", 4, 0);
    let eu = w.infantry("1 EEE", AL, "EEE", "S2313", 1);
    let de = w.division("E", AL, Some(ec), &[eu]);
    let (r, s) = w.build();
    (r, s, [cumb, wal, dc, ec], [dd, de])
}

#[test]
fn f4_2c_waldeck_links_the_cinc_to_the_dutch_commanders_and_activates_dutch_divisions() {
    let (r, mut s, [_, wal, dc, _], [dd, de]) = waldeck_world();
    initiative(&r, &mut s, 1, 6);
    own(&r, &mut s);
    // Dutch Divisions only.
    assert_eq!(leads(&r, &s), alloc::vec![(wal, dd)]);
    let _ = de;
    apply(
        &r,
        &mut s,
        Action::LeaderActivation {
            commander: wal,
            division: dd,
        },
    );
    apply(&r, &mut s, Action::EndDesignations);
    // Waldeck is In Command by Cumberland's line; the Dutch Division Commander beyond
    // Cumberland's reach is In Command through Waldeck, with no Initiative roll (his rating 0
    // would fail it).
    assert!(!matches!(
        s.steps.last(),
        Some(Step::CommanderInitiative { .. })
    ));
    assert_eq!(s.unit(wal).command, Some(true));
    assert_eq!(s.unit(dc).command, Some(true));
}

#[test]
fn f4_2c_the_english_commander_gets_no_link_through_waldeck() {
    let (r, mut s, [_, _, _, ec], [_, de]) = waldeck_world();
    initiative(&r, &mut s, 1, 6);
    own(&r, &mut s);
    apply(&r, &mut s, Action::Activate { division: de });
    apply(&r, &mut s, Action::EndDesignations);
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderInitiative { commander: ec })
    );
}

#[test]
fn f4_2c_waldeck_succeeding_as_cinc_loses_his_abilities() {
    let (r, mut s, [_, wal, _, _], [dd, _]) = waldeck_world();
    s.armies[1].cinc = Some(wal);
    initiative(&r, &mut s, 1, 6);
    own(&r, &mut s);
    assert!(leads(&r, &s).is_empty());
    // The army commander by the scenario (F-10.2a C) keeps them.
    let (mut r, mut s, [_, wal, _, _], _) = waldeck_world();
    alloc::sync::Arc::make_mut(&mut r.org).armies[1].cinc = Some(wal);
    s.armies[1].cinc = Some(wal);
    initiative(&r, &mut s, 1, 6);
    own(&r, &mut s);
    assert_eq!(leads(&r, &s), alloc::vec![(wal, dd)]);
}

/// A Wing of Division X under `wc_name` at S1010 (Command Distance 6); Division Y's
/// commander at S1013, in his reach and not grouped with him; the CinC next to him.
fn wing_world(wc_name: &str) -> (Fontenoy, State, WingId, [DivId; 2]) {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S1011", 10, 5);
    w.cinc(saxe, 2, 5);
    let al = w.commander("Cumberland", AL, "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", AL, "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", AL, "ZZZ", "S2828", 7);
    w.division("Z", AL, Some(ac), &[au]);
    let wc = w.commander(wc_name, FR, "S1010", 6, 5);
    let c1 = w.commander("Dx", FR, "S1012", 4, 4);
    let u1 = w.infantry("1 AAA", FR, "AAA", "S1012", 1);
    let d1 = w.division("X", FR, Some(c1), &[u1]);
    let wing = w.wing("Wing", FR, wc, &[d1]);
    let c2 = w.commander("Dy", FR, "S1013", 4, 4);
    let u2 = w.infantry("1 BBB", FR, "BBB", "S1013", 1);
    let d2 = w.division("Y", FR, Some(c2), &[u2]);
    let (r, s) = w.build();
    (r, s, wing, [d1, d2])
}

#[test]
fn f3_4c_langeron_adds_a_third_division_to_his_wing_activation() {
    for (name, expect) in [("Langeron", true), ("Lutteaux", false)] {
        let (r, mut s, wing, d) = wing_world(name);
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
        if expect {
            assert_eq!(adds(&r, &s), alloc::vec![d[1]]);
            let ev = apply(&r, &mut s, Action::AddDivision { division: d[1] });
            assert_eq!(added_rule(&ev), Some("F-3.4c"));
            assert_eq!(
                s.activation.as_ref().unwrap().divisions,
                alloc::vec![d[0], d[1]]
            );
            assert!(adds(&r, &s).is_empty());
        } else {
            // Another Wing Commander brings only a grouped commander's Division (F-2.6b).
            assert!(adds(&r, &s).is_empty());
        }
    }
}
