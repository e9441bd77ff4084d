//! F-10: the scenarios' own rules — the limits of the field (F-10.1a C–D, F-10.2a G,
//! F-10.3a B–D; `setup/bounds.rs`) and the lost scenarios 5–9 (F-10.5 to F-10.9), listed and
//! refused unless their provisional completion is chosen.

use alloc::string::String;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::units::UnitId;
use super::{hex, scenario};
use crate::hex::Hex;

fn unit(r: &Fontenoy, id: &str) -> UnitId {
    r.unit_index(id)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

fn place(r: &Fontenoy, id: &str) -> Vec<Hex> {
    r.board
        .place(id)
        .unwrap_or_else(|| panic!("no place {id}"))
        .hexes
        .clone()
}

/// A step from a hex of `from` (on the map) to a neighbour on the map that `to` accepts.
fn crossing(
    r: &Fontenoy,
    from: &[Hex],
    to: impl Fn(Hex) -> bool,
    also: impl Fn(Hex) -> bool,
) -> (Hex, Hex) {
    for &h in from {
        if !r.board.on_map(h) || !also(h) {
            continue;
        }
        for n in h.neighbors() {
            if r.board.on_map(n) && to(n) {
                return (h, n);
            }
        }
    }
    panic!("no such step")
}

fn rule_of(r: &Fontenoy, u: UnitId, from: Hex, to: Hex) -> Option<String> {
    r.bounds_ok(u, &[from], &[to])
        .err()
        .map(|e| e.rule.into_owned())
}

#[test]
fn f10_1a_c_de_grassin_s_units_stay_in_the_bois_de_barry() {
    let (r, _) = scenario("fontenoy/ingoldsby");
    let wood = place(&r, "bois-de-barry");
    let (a, b) = crossing(&r, &wood, |n| !wood.contains(&n), |_| true);
    let gap = unit(&r, "fr-1-gap");
    assert_eq!(rule_of(&r, gap, a, b).as_deref(), Some("10.1a C"));
    // Inside the wood it moves freely; the Brigade d'Eu is not bound.
    let (c, d) = crossing(&r, &wood, |n| wood.contains(&n), |_| true);
    assert_eq!(rule_of(&r, gap, c, d), None);
    assert_eq!(rule_of(&r, unit(&r, "fr-1-deu"), a, b), None);
}

#[test]
fn f10_1a_d_the_allies_stay_along_or_north_of_the_road_and_out_of_the_deep_wood() {
    let (r, _) = scenario("fontenoy/ingoldsby");
    let dur = unit(&r, "al-dur");
    let road = place(&r, "s1-road");
    let south = place(&r, "s1-south-of-road");
    let deep = place(&r, "bois-de-barry-deep");
    // From the road southward: refused.
    let (a, b) = crossing(&r, &road, |n| south.contains(&n), |h| !deep.contains(&h));
    assert_eq!(rule_of(&r, dur, a, b).as_deref(), Some("10.1a D"));
    // Along the road: allowed.
    let (c, d) = crossing(&r, &road, |n| road.contains(&n), |_| true);
    assert_eq!(rule_of(&r, dur, c, d), None);
    // One hex into the wood, yes; two, no.
    let wood = place(&r, "bois-de-barry");
    let edge: Vec<Hex> = wood
        .iter()
        .copied()
        .filter(|h| !deep.contains(h) && !south.contains(h))
        .collect();
    let (e, f) = crossing(
        &r,
        &edge,
        |n| deep.contains(&n) && !south.contains(&n),
        |_| true,
    );
    assert_eq!(rule_of(&r, dur, e, f).as_deref(), Some("10.1a D"));
    // The refusal names the unit and the hex.
    let err = r.bounds_ok(dur, &[e], &[f]).unwrap_err();
    assert!(err.reason.contains("DUR"), "{}", err.reason);
    assert!(err.reason.contains(&r.label(f)), "{}", err.reason);
}

#[test]
fn f10_2a_g_nobody_crosses_the_xx11_row_east_of_s4111() {
    let (r, _) = scenario("fontenoy/dutch-attack");
    let line = place(&r, "s2-line");
    let out = place(&r, "s2-out-of-bounds");
    let (a, b) = crossing(&r, &line, |n| out.contains(&n), |_| true);
    for id in ["fr-1-dau", "al-hol"] {
        assert_eq!(
            rule_of(&r, unit(&r, id), a, b).as_deref(),
            Some("10.2a G"),
            "{id}"
        );
        // The row itself may be entered and walked along.
        assert_eq!(rule_of(&r, unit(&r, id), b, a), None, "{id}");
    }
}

#[test]
fn f10_3a_b_c_d_the_english_attack_s_field() {
    let (r, _) = scenario("fontenoy/english-attack");
    let wood = place(&r, "bois-de-barry");
    let limit = place(&r, "s3-french-limit");
    let out = place(&r, "s3-out-of-bounds");
    let line = place(&r, "s3-line");
    let fr = unit(&r, "fr-1-gfr");
    let al = unit(&r, "al-fgd");
    // B: nobody enters the Bois de Barry.
    let all: Vec<Hex> = wood
        .iter()
        .flat_map(|h| h.neighbors())
        .filter(|n| !wood.contains(n) && !out.contains(n) && !limit.contains(n))
        .collect();
    let (c, d) = crossing(&r, &all, |n| wood.contains(&n), |_| true);
    assert_eq!(rule_of(&r, al, c, d).as_deref(), Some("10.3a B"));
    // C: the French limit binds the French only.
    let free: Vec<Hex> = limit
        .iter()
        .flat_map(|h| h.neighbors())
        .filter(|n| !limit.contains(n) && !wood.contains(n) && !out.contains(n))
        .collect();
    let (e, f) = crossing(
        &r,
        &free,
        |n| limit.contains(&n) && !wood.contains(&n) && !out.contains(&n),
        |_| true,
    );
    assert_eq!(rule_of(&r, fr, e, f).as_deref(), Some("10.3a C"));
    assert_eq!(rule_of(&r, al, e, f), None);
    // D: the diagonal S5920–S4111 binds both; a unit already beyond it may come back.
    let (g, h) = crossing(&r, &line, |n| out.contains(&n), |_| true);
    assert_eq!(rule_of(&r, al, g, h).as_deref(), Some("10.3a D"));
    assert_eq!(rule_of(&r, al, h, g), None);
    assert!(line.contains(&hex("S4111")), "the line ends at S4111");
}

#[test]
fn f10_3a_a_scenarios_without_limits_bind_nobody() {
    let (r, _) = scenario("fontenoy/battle");
    // 3.9d and 10.4b bind only the west-bank guns.
    let binds = &r.scenario_rules.bounds.binds;
    let bound: Vec<&str> = binds
        .iter()
        .enumerate()
        .filter(|(_, b)| **b != 0)
        .map(|(u, _)| r.units[u].id.as_str())
        .collect();
    assert_eq!(
        bound,
        ["fr-16lb", "fr-4lbs-10", "fr-4lbs-11", "fr-4lbs-12"],
        "only the west-bank guns are held"
    );
}

fn engine() -> crate::any::Engine {
    crate::any::Engine::builtin().expect("the built-in engine")
}

#[test]
fn f10_5_to_f10_9_the_lost_scenarios_are_listed_with_what_they_lack() {
    let e = engine();
    let listed = e.scenarios();
    let list = listed.as_array().expect("a list");
    for (id, lacks) in [
        ("fontenoy/battle-early", "the French set-up (10.5b)"),
        ("fontenoy/what-if-flank-march", "areas X, Y and Z"),
        (
            "fontenoy/what-if-lowendahl",
            "[W] units of Lowendahl's Detachment",
        ),
        ("fontenoy/melle", "the Melle map (1.4)"),
        ("fontenoy/melle-hypothetical", "the Melle Order of Battle"),
    ] {
        let s = list
            .iter()
            .find(|s| s["id"] == id)
            .unwrap_or_else(|| panic!("{id} listed"));
        let missing: Vec<&str> = s["incomplete"]
            .as_array()
            .expect("incomplete")
            .iter()
            .filter_map(|m| m.as_str())
            .collect();
        assert!(
            missing.iter().any(|m| m.contains(lacks)),
            "{id}: {missing:?}"
        );
    }
    // The four scenarios of the text are complete.
    for id in [
        "fontenoy/ingoldsby",
        "fontenoy/dutch-attack",
        "fontenoy/english-attack",
        "fontenoy/battle",
    ] {
        let s = list.iter().find(|s| s["id"] == id).expect("listed");
        assert_eq!(s["incomplete"], serde_json::json!([]), "{id}");
    }
}

#[test]
fn f10_5_to_f10_7_refused_unless_the_provisional_completion_is_chosen() {
    let e = engine();
    for (id, n) in [
        ("fontenoy/battle-early", 5),
        ("fontenoy/what-if-flank-march", 6),
        ("fontenoy/what-if-lowendahl", 7),
    ] {
        let err = e.new_game(id, 1).err().expect("refused");
        assert_eq!(err.code(), "data", "{id}");
        let text = alloc::format!("{err}");
        assert!(
            text.starts_with(&alloc::format!(
                "{id}: incomplete: incomplete scenario: Scenario {n}"
            )),
            "{text}"
        );
        assert!(text.contains("choose its option `provisional`"), "{text}");
        // Choosing it off is still refused; on, the completion plays.
        assert!(
            e.new_game_with_options(id, r#"{"provisional": false}"#, 1)
                .is_err()
        );
        let mut g = e
            .new_game_with_options(id, r#"{"provisional": true}"#, 1)
            .unwrap_or_else(|err| panic!("{id}: {err}"));
        let played = g.play_random(300).expect("plays");
        assert!(played["steps"].as_u64().unwrap_or(0) > 0, "{id}");
    }
}

#[test]
fn f10_8_f10_9_melle_has_no_provisional_completion() {
    let e = engine();
    for id in ["fontenoy/melle", "fontenoy/melle-hypothetical"] {
        let err = e.new_game(id, 1).err().expect("refused");
        let text = alloc::format!("{err}");
        assert!(text.contains("incomplete scenario"), "{text}");
        assert!(text.contains("no provisional completion exists"), "{text}");
        // No option can bring it in.
        assert!(
            e.new_game_with_options(id, r#"{"provisional": true}"#, 1)
                .is_err()
        );
    }
}

#[test]
fn f10_7_the_supply_train_option_is_on_in_scenario_7() {
    let e = engine();
    let listed = e.scenarios();
    let s = listed
        .as_array()
        .expect("a list")
        .iter()
        .find(|s| s["id"] == "fontenoy/what-if-lowendahl")
        .expect("listed")
        .clone();
    let o = s["options"]
        .as_array()
        .expect("options")
        .iter()
        .find(|o| o["id"] == "7.2")
        .expect("7.2 offered")
        .clone();
    assert_eq!(o["default"], true);
}

#[test]
fn f10_2c_the_10_00_reinforcements_arrive_in_their_hexes_before_the_initiative() {
    use super::super::reinforcements::Entry;
    let (r, _) = scenario("fontenoy/dutch-attack");
    let got: Vec<(&str, String, &str)> = r
        .scenario_rules
        .arrivals
        .iter()
        .map(|a| {
            let at = match a.entry {
                Entry::Hex(h) => r.label(h),
                ref other => panic!("{other:?}"),
            };
            (
                r.units[usize::from(a.unit)].id.as_str(),
                at,
                r.turns[usize::from(a.turn)].as_str(),
            )
        })
        .collect();
    let want = [
        ("al-konigsegg", "S4322"),
        ("al-lig", "S4322"),
        ("al-lim", "S4322"),
        ("al-sch-a", "S4223"),
        ("al-sch-b", "S4223"),
        ("al-wal", "S4614"),
        ("al-dur", "S4713"),
        ("al-sem", "S4613"),
    ];
    assert_eq!(got.len(), want.len());
    for ((u, at, t), (wu, wat)) in got.iter().zip(want) {
        assert_eq!((*u, at.as_str(), *t), (wu, wat, "10:00"));
    }
}

#[test]
fn f10_2a_c_waldeck_commands_with_rating_3_and_wan_6() {
    let (r, s) = scenario("fontenoy/dutch-attack");
    let waldeck = unit(&r, "al-waldeck");
    assert_eq!(s.armies[1].cinc, Some(waldeck));
    assert_eq!(s.armies[1].command_rating, 3);
    assert_eq!(s.armies[1].wan, 6);
}

#[test]
fn f10_3b_lowendahl_arrives_at_12_00_within_5_hexes_of_the_normandie_brigade() {
    use super::super::reinforcements::Entry;
    let (r, _) = scenario("fontenoy/english-attack");
    let low = unit(&r, "fr-lowendahl");
    let a = r
        .scenario_rules
        .arrivals
        .iter()
        .find(|a| a.unit == low)
        .expect("Lowendahl arrives");
    assert_eq!(r.turns[usize::from(a.turn)], "12:00");
    let Entry::Near(d, radius) = a.entry else {
        panic!("{:?}", a.entry)
    };
    assert_eq!(r.org.divisions[usize::from(d)].id, "fr-normandie");
    assert_eq!(radius, 5);
}
