//! F-10.1–F-10.4: what each built-in scenario reads from its file — the turns, the End-of-Turn
//! Number, the map sheets, the fixed activation order (F-10.xa A), the set-up as listed
//! (F-10.1b–c), the places where units are always In Command (F-10.1a E) and the Potential
//! French Reinforcements (F-10.2a F).

use alloc::string::String;
use alloc::vec::Vec;

use super::super::units::UnitId;
use super::super::{Fontenoy, Initiative};
use super::{hex, scenario};
use crate::engine::Side;
use crate::hex::Hex;

fn unit(r: &Fontenoy, id: &str) -> UnitId {
    r.unit_index(id)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

fn hexes_of(r: &Fontenoy, s: &super::super::State, id: &str) -> Vec<Hex> {
    s.unit(unit(r, id))
        .placed()
        .unwrap_or_else(|| panic!("{id} is not on the map"))
        .hexes
        .as_slice()
        .to_vec()
}

/// The first and last turns, the End-of-Turn Number, whether the North map is in play, and
/// the activation order.
fn clock(id: &str) -> (String, String, Option<u8>, bool, Initiative) {
    let (r, _) = scenario(id);
    (
        r.turns.first().cloned().unwrap_or_default(),
        r.turns.last().cloned().unwrap_or_default(),
        r.eotn,
        r.board.on_map(hex("N2020")),
        r.initiative,
    )
}

#[test]
fn f10_1a_a_scenario_1_runs_6_00_to_9_00_on_the_south_map_allies_then_french() {
    let (first, last, eotn, north, init) = clock("fontenoy/ingoldsby");
    assert_eq!((first.as_str(), last.as_str()), ("06:00", "09:00"));
    assert_eq!(eotn, None, "no End-of-Turn Number");
    assert!(!north, "only the South map");
    assert_eq!(init, Initiative::Fixed([Side(1), Side(0)]));
}

#[test]
fn f10_2a_a_scenario_2_runs_9_00_to_11_20_with_eotn_4_on_the_south_map() {
    let (first, last, eotn, north, init) = clock("fontenoy/dutch-attack");
    assert_eq!((first.as_str(), last.as_str()), ("09:00", "11:20"));
    assert_eq!(eotn, Some(4));
    assert!(!north);
    assert_eq!(init, Initiative::Rolled);
}

#[test]
fn f10_3a_a_scenario_3_runs_10_20_to_2_00_with_eotn_8_on_both_maps() {
    let (first, last, eotn, north, init) = clock("fontenoy/english-attack");
    assert_eq!((first.as_str(), last.as_str()), ("10:20", "14:00"));
    assert_eq!(eotn, Some(8));
    assert!(north);
    assert_eq!(init, Initiative::Rolled);
}

#[test]
fn f10_4a_a_scenario_4_from_9_00_with_eotn_11_on_every_map() {
    let (first, last, eotn, north, init) = clock("fontenoy/battle");
    // The last turn, 19:40, is the reading of F-5.4a (play to 19:40 after a retreat).
    assert_eq!((first.as_str(), last.as_str()), ("09:00", "19:40"));
    assert_eq!(eotn, Some(11));
    assert!(north);
    assert_eq!(init, Initiative::Rolled);
}

#[test]
fn f10_1b_c_scenario_1_sets_up_as_listed() {
    let (r, s) = scenario("fontenoy/ingoldsby");
    let s4405 = alloc::vec![hex("S4405")];
    // 10.1b: the Brigade d'Eu and 4 LB #7 in the large redoubt, Chambonnas with them.
    assert_eq!(hexes_of(&r, &s, "fr-1-deu"), s4405);
    assert_eq!(hexes_of(&r, &s, "fr-4lb-7"), s4405);
    assert_eq!(hexes_of(&r, &s, "fr-chambonnas"), s4405);
    assert_eq!(r.scenario_rules.redoubts.len(), 1);
    assert_eq!(r.scenario_rules.redoubts[0].hex, hex("S4405"));
    assert!(r.scenario_rules.redoubts[0].large);
    // The Grassins anywhere in the Bois de Barry.
    let wood = r.board.place("bois-de-barry").unwrap().hexes.clone();
    for id in ["fr-1-gap", "fr-2-gap", "fr-3-gap", "fr-gcf"] {
        assert!(
            hexes_of(&r, &s, id).iter().all(|h| wood.contains(h)),
            "{id} in the wood"
        );
    }
    // 10.1c: Ingoldsby's five battalions within 1 hex of S6012.
    for id in ["al-dur", "al-pul", "al-sem", "al-bos", "al-bou"] {
        assert!(
            hexes_of(&r, &s, id)
                .iter()
                .all(|h| h.distance(hex("S6012")) <= 1),
            "{id} within 1 hex of S6012"
        );
    }
}

#[test]
fn f10_1a_e_the_french_in_redoubt_d_eu_are_always_in_command() {
    let (r, s) = scenario("fontenoy/ingoldsby");
    let redoubt = r.board.place("redoubt-s4405").unwrap().hexes.clone();
    assert_eq!(
        r.scenario_rules.always_in_command,
        alloc::vec![(Side(0), redoubt)]
    );
    assert!(r.always_in_command(&s, unit(&r, "fr-1-deu")));
    assert!(r.always_in_command(&s, unit(&r, "fr-4lb-7")));
    assert!(!r.always_in_command(&s, unit(&r, "fr-1-gap")));
    assert!(!r.always_in_command(&s, unit(&r, "al-dur")));
    // No other scenario has such a place.
    let (r2, _) = scenario("fontenoy/dutch-attack");
    assert!(r2.scenario_rules.always_in_command.is_empty());
}

#[test]
fn f10_2a_f_a_potential_reinforcement_attacked_or_fired_on_is_activated() {
    let (r, mut s) = scenario("fontenoy/dutch-attack");
    let before = r.dutch_points(&s);
    let du_roy = r
        .org
        .divisions
        .iter()
        .position(|d| d.id == "fr-du-roy")
        .expect("the Du Roy Division");
    let u = (0..s.units.len() as UnitId)
        .find(|&u| r.org.division_of[usize::from(u)] == Some(du_roy as _))
        .expect("a unit of Du Roy");
    // A unit of another Division changes nothing.
    let other = (0..s.units.len() as UnitId)
        .find(|&x| {
            r.units[usize::from(x)].side == Side(0)
                && r.units[usize::from(x)].is_combat()
                && r.org.division_of[usize::from(x)].is_some_and(|d| {
                    !["fr-du-roy", "fr-colonel-general", "fr-etranger"]
                        .contains(&r.org.divisions[usize::from(d)].id.as_str())
                })
        })
        .expect("another French unit");
    r.potential_attacked(&mut s, &[other]);
    assert_eq!(r.dutch_points(&s), before);
    r.potential_attacked(&mut s, &[u]);
    assert_eq!(r.dutch_points(&s), before + 1);
    // Once only.
    r.potential_attacked(&mut s, &[u]);
    assert_eq!(r.dutch_points(&s), before + 1);
}

#[test]
fn f10_1a_b_scenario_1_leaves_out_the_fieldworks_and_abatis_of_rules_not_in_force() {
    use super::super::board::side;
    use crate::hex::Direction;
    let count = |r: &Fontenoy, bits: u16| {
        r.board
            .grid
            .hexes()
            .into_iter()
            .filter(|&h| r.board.on_map(h))
            .map(|h| {
                Direction::ALL
                    .iter()
                    .filter(|&&d| r.board.side(h, d) & bits != 0)
                    .count()
            })
            .sum::<usize>()
    };
    let (r1, _) = scenario("fontenoy/ingoldsby");
    assert!(r1.in_force("3.5a") && r1.in_force("2.10") && r1.in_force("1.6") && r1.in_force("9.2"));
    assert!(!r1.in_force("3.5b") && !r1.in_force("3.5d") && !r1.in_force("2.1"));
    assert_eq!(count(&r1, side::FIELDWORKS | side::ABATIS), 0);
    // Scenario 2 uses all of 3.5: its South map keeps them.
    let (r2, _) = scenario("fontenoy/dutch-attack");
    assert!(r2.in_force("3.5b") && r2.in_force("3.5d") && !r2.in_force("3.6"));
    assert!(count(&r2, side::FIELDWORKS) > 0);
    assert!(count(&r2, side::ABATIS) > 0);
}

#[test]
fn f7_6_the_dutch_and_hanoverian_guns_but_the_6_pounders_leave_the_game() {
    let three = [
        "al-hn-3lb-1",
        "al-hn-3lb-2",
        "al-hn-3lb-3",
        "al-nl-3lb-1",
        "al-nl-3lb-2",
        "al-nl-3lb-3",
        "al-nl-3lb-4",
        "al-nl-3lb-5",
        "al-nl-3lb-6",
    ];
    let (plain, _) = scenario("fontenoy/battle");
    assert!(three.iter().all(|g| plain.unit_index(g).is_some()));
    let (r, s) = super::scenarios::with_options("fontenoy/battle", &["7.6"]);
    for g in three {
        assert!(r.unit_index(g).is_none(), "{g} leaves the game");
    }
    assert!(
        r.unit_index("al-nl-6lb").is_some(),
        "the Dutch 6-pounders stay"
    );
    assert!(
        r.unit_index("al-nl-how").is_some(),
        "the howitzers stay (a reading)"
    );
    assert_eq!(s.units.len(), r.units.len());
    // Scenario 3 has only the Hanoverian 3-pounders.
    let (r3, _) = super::scenarios::with_options("fontenoy/english-attack", &["7.6"]);
    assert!(r3.unit_index("al-hn-3lb-1").is_none());
}

/// The units the text places at fixed hexes in 10.2b (French), 10.3b (both French listings) and
/// 10.3c (Allied), as printed: (scenario, French?, counter name, hexes).
const PRINTED: &[(&str, bool, &str, &[&str])] = &[
    ("dutch-attack", true, "1 PIE", &["S1815"]),
    ("dutch-attack", true, "2 PIE", &["S1915"]),
    ("dutch-attack", true, "4 LB #1", &["S1915"]),
    ("dutch-attack", true, "3 PIE", &["S2015"]),
    ("dutch-attack", true, "4 LB #2", &["S2015"]),
    ("dutch-attack", true, "4 PIE", &["S2114"]),
    ("dutch-attack", true, "4 LB #3", &["S2114"]),
    ("dutch-attack", true, "MAR", &["S2113"]),
    ("dutch-attack", true, "BIR", &["S2412"]),
    ("dutch-attack", true, "1 CRI", &["S2512"]),
    ("dutch-attack", true, "4 LB S #1", &["S2512"]),
    ("dutch-attack", true, "2 CRI", &["S2712"]),
    ("dutch-attack", true, "3 CRI", &["S2813"]),
    ("dutch-attack", true, "1 DIE", &["S2914"]),
    ("dutch-attack", true, "4 LB #4", &["S2914"]),
    ("dutch-attack", true, "2 DIE", &["S3314"]),
    ("dutch-attack", true, "4 LB #5", &["S3314"]),
    ("dutch-attack", true, "3 DIE", &["S3714"]),
    ("dutch-attack", true, "4 LB #6", &["S3714"]),
    ("dutch-attack", true, "1 BET", &["S3614"]),
    ("dutch-attack", true, "2 BET", &["S3814"]),
    ("dutch-attack", true, "1 DAU", &["S3914"]),
    ("dutch-attack", true, "8 LB #1", &["S3914"]),
    ("dutch-attack", true, "2 DAU", &["S4014"]),
    ("dutch-attack", true, "8 LB #2", &["S4014"]),
    ("dutch-attack", true, "3 DAU", &["S4013"]),
    ("dutch-attack", true, "8 LB #3", &["S4013"]),
    ("dutch-attack", true, "BEA", &["S4012"]),
    ("dutch-attack", true, "1 DUR", &["S3712"]),
    ("dutch-attack", true, "2 DUR", &["S3712"]),
    ("dutch-attack", true, "3 DUR", &["S3711"]),
    ("dutch-attack", true, "4 DUR", &["S3711"]),
    ("dutch-attack", true, "COL a", &["S2910"]),
    ("dutch-attack", true, "COL b", &["S3010"]),
    ("dutch-attack", true, "DEB a", &["S3009"]),
    ("dutch-attack", true, "DEB b", &["S3108"]),
    ("english-attack", true, "1 GFR", &["S4007"]),
    ("english-attack", true, "2 GFR", &["S4106"]),
    ("english-attack", true, "3 GFR", &["S4105"]),
    ("english-attack", true, "4 GFR", &["S4205"]),
    ("english-attack", true, "1 GSU", &["S4204"]),
    ("english-attack", true, "2 GSU", &["S4203"]),
    ("english-attack", true, "4 LB S #3", &["S4106"]),
    ("english-attack", true, "CLA", &["S4202"]),
    ("english-attack", true, "ROO", &["S4301"]),
    ("english-attack", true, "LAL", &["N4333"]),
    ("english-attack", true, "BWK", &["N4433"]),
    ("english-attack", true, "DIL", &["N4432"]),
    ("english-attack", true, "BUL", &["N4531"]),
    ("english-attack", true, "4 LB S #4", &["S4402"]),
    ("english-attack", true, "1 D'EU", &["S4405"]),
    ("english-attack", true, "4 LB #7", &["S4405"]),
    ("english-attack", true, "2 D'EU", &["N4633"]),
    ("english-attack", true, "4 LB #8", &["N4633"]),
    ("english-attack", true, "COR", &["N4631"]),
    ("english-attack", true, "1 LAC", &["S3610"]),
    ("english-attack", true, "2 LAC", &["S3609"]),
    ("english-attack", true, "3 LAC", &["S3608"]),
    ("english-attack", true, "SOI", &["S3607"]),
    ("english-attack", true, "4 LB S #5", &["S3708"]),
    ("english-attack", true, "1 ROY", &["S3705"]),
    ("english-attack", true, "2 ROY", &["S3805"]),
    ("english-attack", true, "3 ROY", &["S3804"]),
    ("english-attack", true, "HAI", &["S3903"]),
    ("english-attack", true, "1 VAI", &["S4002"]),
    ("english-attack", true, "2 VAI", &["S4001"]),
    ("english-attack", true, "3 VAI", &["N4033"]),
    ("english-attack", true, "4 LB S #6", &["S4101"]),
    ("english-attack", true, "1 NOR", &["N4630"]),
    ("english-attack", true, "2 NOR", &["N4729"]),
    ("english-attack", true, "3 NOR", &["N4829"]),
    ("english-attack", true, "4 NOR", &["N4928"]),
    ("english-attack", true, "4 LB S #7", &["N4929"]),
    ("english-attack", true, "COL a", &["S2910"]),
    ("english-attack", true, "COL b", &["S3010"]),
    ("english-attack", true, "DEB a", &["S3009"]),
    ("english-attack", true, "DEB b", &["S3108"]),
    ("english-attack", true, "CPR a", &["S3207"]),
    ("english-attack", true, "CPR b", &["S3306"]),
    ("english-attack", true, "FZJ a", &["S3305"]),
    ("english-attack", true, "FZJ b", &["S3405"]),
    ("english-attack", true, "FIE a", &["S3503"]),
    ("english-attack", true, "FIE b", &["S3603"]),
    ("english-attack", true, "CRA a", &["S3602"]),
    ("english-attack", true, "CRA b", &["S3701"]),
    ("english-attack", true, "Noailles", &["N3630"]),
    ("english-attack", true, "Richelieu", &["N3630"]),
    ("english-attack", true, "GDC L", &["N3630"]),
    ("english-attack", true, "4 LB #11", &["N3730"]),
    ("english-attack", true, "AUB", &["S4011"]),
    ("english-attack", true, "1 COU", &["S4010"]),
    ("english-attack", true, "2 COU", &["S4009"]),
    ("english-attack", true, "3 COU", &["S4008"]),
    ("english-attack", true, "4 LB S #2", &["S4110"]),
    ("english-attack", true, "ETR a", &["S2610"]),
    ("english-attack", true, "ETR b", &["S2709"]),
    ("english-attack", true, "CHB a", &["S2708"]),
    ("english-attack", true, "CHB b", &["S2808"]),
    ("english-attack", true, "BRI a", &["S2906"]),
    ("english-attack", true, "BRI b", &["S3006"]),
    ("english-attack", true, "PON a", &["S3005"]),
    ("english-attack", true, "PON b", &["S3104"]),
    ("english-attack", true, "BER a", &["S3203"]),
    ("english-attack", true, "BER b", &["S3302"]),
    ("english-attack", true, "PEN a", &["S3401"]),
    ("english-attack", true, "PEN b", &["N3533"]),
    ("english-attack", true, "NOA a", &["N3532"]),
    ("english-attack", true, "NOA b", &["N3632"]),
    ("english-attack", true, "PRC a", &["N4029"]),
    ("english-attack", true, "PRC b", &["N4128"]),
    ("english-attack", true, "ROU a", &["N4228"]),
    ("english-attack", true, "ROU b", &["N4327"]),
    ("english-attack", true, "GAC", &["N3728"]),
    ("english-attack", true, "GDC N", &["N3727"]),
    ("english-attack", true, "GDC C", &["N3726"]),
    ("english-attack", true, "GDC V", &["N3725"]),
    ("english-attack", true, "GDC H", &["N3724"]),
    ("english-attack", true, "MOU 1", &["N3723"]),
    ("english-attack", true, "MOU 2", &["N3722"]),
    ("english-attack", true, "CHL", &["N3721"]),
    ("english-attack", true, "GDG", &["N3720"]),
    ("english-attack", true, "GEN a", &["N3719"]),
    ("english-attack", true, "CAR a", &["N3718"]),
    ("english-attack", true, "CAR b", &["N3717"]),
    ("english-attack", true, "CAR c", &["N3716"]),
    ("english-attack", true, "CAR d", &["N3715"]),
    ("english-attack", true, "CAR e", &["N3714"]),
    ("english-attack", false, "Howitzers", &["S4911"]),
    ("english-attack", false, "6 LB #1", &["S4706"]),
    ("english-attack", false, "6 LB #2", &["S4708"]),
    ("english-attack", false, "3 LB #1", &["S4711"]),
    ("english-attack", false, "3 LB #2", &["S4712"]),
    ("english-attack", false, "3 LB #3", &["S4713"]),
    ("english-attack", false, "FGD", &["S4807"]),
    ("english-attack", false, "SGD", &["S4808"]),
    ("english-attack", false, "TGD", &["S4809"]),
    ("english-attack", false, "RNB", &["S4810"]),
    ("english-attack", false, "NBF", &["S4811"]),
    ("english-attack", false, "HAN", &["S4812"]),
    ("english-attack", false, "ONS", &["S4813"]),
    ("english-attack", false, "ROT", &["S4814"]),
    ("english-attack", false, "JOH", &["S4815"]),
    ("english-attack", false, "GRH", &["S4816"]),
    ("dutch-attack", true, "MDC", &["S3013", "S3113"]),
    ("dutch-attack", true, "BEF", &["S3213", "S3313"]),
    ("dutch-attack", true, "ROD", &["S3413", "S3513"]),
    ("english-attack", false, "PUL", &["S5007", "S5107"]),
    ("english-attack", false, "BOS", &["S4806", "S4906"]),
];

#[test]
fn f10_2b_f10_3b_f10_3c_the_units_set_up_where_the_text_places_them() {
    for id in ["fontenoy/dutch-attack", "fontenoy/english-attack"] {
        let (r, s) = scenario(id);
        let short = id.trim_start_matches("fontenoy/");
        let mut n = 0;
        for &(scen, french, name, want) in PRINTED.iter().filter(|p| p.0 == short) {
            let side = if french { Side(0) } else { Side(1) };
            let u = (0..s.units.len() as UnitId)
                .find(|&u| {
                    r.units[usize::from(u)].name == name && r.units[usize::from(u)].side == side
                })
                .unwrap_or_else(|| panic!("{scen}: no counter {name}"));
            let want: Vec<Hex> = want.iter().map(|h| hex(h)).collect();
            // Two-hex units: both hexes, in either order.
            let got = hexes_of_unit(&s, u);
            assert!(
                got.len() == want.len() && want.iter().all(|h| got.contains(h)),
                "{scen}: {name} at {got:?}, the text says {want:?}"
            );
            n += 1;
        }
        assert!(n > 20, "{short}: {n} units checked");
    }
}

fn hexes_of_unit(s: &super::super::State, u: UnitId) -> Vec<Hex> {
    s.unit(u)
        .placed()
        .map(|p| p.hexes.as_slice().to_vec())
        .unwrap_or_default()
}

#[test]
fn f10_2a_c_waldeck_has_no_replacement_and_de_saxe_s_succession_is_f3_3b() {
    let (r, _) = scenario("fontenoy/dutch-attack");
    let waldeck = unit(&r, "al-waldeck");
    let rules = &r.scenario_rules.commanders;
    assert!(rules.none.contains(&waldeck), "no replacement: 21.6");
    assert!(rules.succession[1].is_empty(), "no Allied succession");
    use super::super::commanders::Successor;
    let french: Vec<(&str, i8, u8)> = rules.succession[0]
        .iter()
        .map(|x| match *x {
            Successor::Named(c, rating, wan) => (r.units[usize::from(c)].id.as_str(), rating, wan),
            Successor::AnyLg(rating, wan) => ("any LG", rating, wan),
        })
        .collect();
    assert_eq!(
        french,
        [
            ("fr-noailles", 3, 6),
            ("fr-lutteaux", 4, 7),
            ("any LG", 2, 8)
        ]
    );
}

#[test]
fn f10_2a_e_the_10_00_english_and_dutch_are_independent_the_austrians_under_konigsegg() {
    let (r, _) = scenario("fontenoy/dutch-attack");
    for id in ["al-sch-a", "al-sch-b", "al-wal", "al-dur", "al-sem"] {
        assert!(r.org.independent(unit(&r, id)), "{id} is Independent");
    }
    let konigsegg = unit(&r, "al-konigsegg");
    let d = r
        .org
        .divisions
        .iter()
        .find(|d| d.commander == Some(konigsegg))
        .expect("Konigsegg's Division");
    for id in ["al-lig", "al-lim"] {
        assert!(d.units.contains(&unit(&r, id)), "{id} under Konigsegg");
    }
}

#[test]
fn f6_3b_c_the_hussars_and_de_saxe_s_volunteers_set_up_as_independents() {
    let (plain, _) = scenario("fontenoy/battle");
    assert!(plain.unit_index("fr-hus-bsb-a").is_none());
    let (r, s) = super::scenarios::with_options("fontenoy/battle", &["6.3b", "6.3c"]);
    for id in [
        "fr-hus-bsb-a",
        "fr-hus-bsb-b",
        "fr-hus-lin-a",
        "fr-hus-lin-b",
    ] {
        let u = unit(&r, id);
        assert!(r.org.independent(u), "{id} is Independent");
        assert!(r.units[usize::from(u)].light, "{id} is light cavalry");
        // F-6.3b: anywhere on the North map.
        assert!(
            hexes_of(&r, &s, id)
                .iter()
                .all(|&h| r.label(h).starts_with('N')),
            "{id} on the North map"
        );
    }
    let inside = r.board.place("perimeter-inside").unwrap().hexes.clone();
    for id in ["fr-vds-a", "fr-vds-b"] {
        let u = unit(&r, id);
        assert!(r.org.independent(u), "{id} is Independent");
        assert!(
            hexes_of(&r, &s, id).iter().all(|h| inside.contains(h)),
            "{id} behind the French lines"
        );
    }
}
