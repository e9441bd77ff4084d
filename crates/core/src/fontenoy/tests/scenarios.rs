//! F-10: the scenarios' own rules — the limits of the field (F-10.1a C–D, F-10.2a G,
//! F-10.3a B–D; `setup/bounds.rs`) and the lost scenarios 5–9 (F-10.5 to F-10.9), listed and
//! refused unless their provisional completion is chosen.

use alloc::string::String;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::units::UnitId;
use super::{hex, scenario};
use crate::engine::Rules;
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
    r.bounds_ok(&r.initial_state(), u, &[from], &[to])
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
    let err = r
        .bounds_ok(&r.initial_state(), dur, &[e], &[f])
        .unwrap_err();
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
    let Entry::NearDivision(d, radius) = a.entry else {
        panic!("{:?}", a.entry)
    };
    assert_eq!(r.org.divisions[usize::from(d)].id, "fr-normandie");
    assert_eq!(radius, 5);
}

/// A built-in scenario with the options `ids` chosen, set up (every unit at its first legal
/// choice).
pub(super) fn with_options(id: &str, ids: &[&str]) -> (Fontenoy, super::super::State) {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let mut rs = lib.scenario(id).expect("a scenario");
    let mut o = serde_json::Map::new();
    for x in ids {
        o.insert((*x).into(), serde_json::Value::Bool(true));
    }
    rs.scenario
        .rules
        .insert("options".into(), serde_json::Value::Object(o));
    let r = Fontenoy::new(&rs).unwrap_or_else(|e| panic!("{id} with {ids:?}: {e}"));
    let mut s = r.initial_state();
    while super::setting_up(&s) {
        let a = super::legal(&r, &s)
            .into_iter()
            .next()
            .expect("a set-up choice");
        super::apply(&r, &mut s, a);
    }
    (r, s)
}

#[test]
fn f6_2_the_missing_redoubt_s_site_is_s4208_and_its_neighbours() {
    let (plain, _) = scenario("fontenoy/battle");
    let (r, s) = with_options("fontenoy/battle", &["6.2"]);
    // The scenario's five stay; the sixth is the French player's to place (redoubts.rs),
    // here the first choice, S4208.
    let n = plain.scenario_rules.redoubts.len();
    assert_eq!(r.scenario_rules.redoubts.len(), n);
    assert!(plain.scenario_rules.redoubt_site.is_empty());
    let site = &r.scenario_rules.redoubt_site;
    assert_eq!(site.first().map(|&h| r.label(h)), Some("S4208".into()));
    assert_eq!(site.len(), 7);
    assert_eq!(s.placed_redoubts, alloc::vec![site[0]]);
    assert_eq!(r.redoubt_in(&s, site[0]).map(|x| x.large), Some(true));
    assert!(r.scenario_rules.options_on.iter().any(|o| o == "6.2"));
}

#[test]
fn f6_1_no_field_fortifications_but_the_bridgehead_s_and_no_perimeter_breach() {
    use super::super::board::{Terrain, side};
    let (plain, _) = scenario("fontenoy/battle");
    let (r, _) = with_options("fontenoy/battle", &["6.1", "6.8"]);
    assert!(r.scenario_rules.redoubts.is_empty(), "no redoubts");
    assert!(!r.scenario_rules.options_on.iter().any(|o| o == "6.8"));
    let works = side::FIELDWORKS | side::ABATIS;
    let bridgehead = place(&r, "bridgehead");
    let mut outside = 0;
    let mut kept = 0;
    for p in &plain.board.places {
        for &h in &p.hexes {
            for d in 0..6u8 {
                let dir = crate::hex::Direction::new(d).expect("a direction");
                let before = plain.board.side(h, dir) & works;
                let after = r.board.side(h, dir) & works;
                let near = bridgehead.contains(&h) || bridgehead.contains(&h.neighbor(dir));
                if before != 0 && near {
                    assert_eq!(after, before, "{} keeps its works", r.label(h));
                    kept += 1;
                } else if before != 0 {
                    assert_eq!(after, 0, "{} loses its works", r.label(h));
                    outside += 1;
                }
            }
        }
    }
    assert!(outside > 0, "the map has field fortifications to remove");
    let _ = kept;
    for h in place(&r, "burned-buildings") {
        assert_eq!(r.board.hex(h).terrain, Terrain::Village, "{}", r.label(h));
    }
    for h in place(&r, "bois-de-barry-cleared") {
        assert_eq!(r.board.hex(h).terrain, Terrain::Woods, "{}", r.label(h));
    }
}

#[test]
fn f6_3a_gen_b_sets_up_with_gen_a() {
    let (r, s) = with_options("fontenoy/battle", &["6.3a"]);
    let a = unit(&r, "fr-gen-a");
    let b = unit(&r, "fr-gen-b");
    let at = |u: UnitId| s.unit(u).placed().map(|p| r.label(p.hexes.first()));
    assert_eq!(at(b), at(a));
    assert_eq!(at(a).as_deref(), Some("N3719"));
    assert!(
        r.org.armies[0].independents.contains(&b),
        "Independent like GEN a"
    );
    // Without the option GEN b is not in the game.
    let (plain, _) = scenario("fontenoy/battle");
    assert_eq!(plain.unit_index("fr-gen-b"), None);
}

#[test]
fn f6_3d_tai_b_arrives_with_the_detachment_s_cavalry() {
    let (r, _) = with_options("fontenoy/battle", &["6.3d"]);
    let tai = unit(&r, "fr-tai-b");
    let egd = unit(&r, "fr-egd-a");
    let arr = |u: UnitId| {
        r.scenario_rules
            .arrivals
            .iter()
            .find(|a| a.unit == u)
            .map(|a| (a.turn, a.entry.clone()))
    };
    assert!(arr(tai).is_some());
    assert_eq!(arr(tai), arr(egd));
    assert!(r.org.armies[0].independents.contains(&tai));
}

#[test]
fn f7_2_the_supply_train_moves_and_f4_4_is_not_used() {
    let on = |id: &str, ids: &[&str]| with_options(id, ids).0.scenario_rules.victory.supply_train;
    let (plain, _) = scenario("fontenoy/battle");
    assert!(
        plain.scenario_rules.victory.supply_train,
        "F-4.4 in scenario 4"
    );
    assert!(
        !on("fontenoy/what-if-lowendahl", &["provisional"]),
        "7.2 is on in scenario 7"
    );
    assert!(on("fontenoy/battle-early", &["provisional"]));
    assert!(!on("fontenoy/battle-early", &["provisional", "7.2"]));
}

#[test]
fn f3_9b_the_bridgehead_garrison_may_not_fall_below_six_units_and_two_guns() {
    let (r, s) = scenario("fontenoy/battle");
    let bh = place(&r, "bridgehead");
    let (edge, out) = crossing(&r, &bh, |n| !bh.contains(&n), |_| true);
    let (inside_a, inside_b) = crossing(&r, &bh, |n| bh.contains(&n), |_| true);
    let at = |id: &str| {
        s.unit(unit(&r, id))
            .placed()
            .expect("on the map")
            .hexes
            .first()
    };
    // 5 GFR, 6 GFR, 3 GSU and 3 militia with 12 LB #1 and #2: exactly the garrison.
    for id in ["fr-5-gfr", "fr-mil-01", "fr-12lb-1"] {
        assert!(bh.contains(&at(id)), "{id} sets up in the bridgehead");
        let e = r.bounds_ok(&s, unit(&r, id), &[edge], &[out]).unwrap_err();
        assert_eq!(e.rule, "F-3.9b", "{id}");
        assert!(e.reason.contains("bridgehead"), "{}", e.reason);
        // Moving inside the bridgehead is free.
        assert!(
            r.bounds_ok(&s, unit(&r, id), &[inside_a], &[inside_b])
                .is_ok()
        );
    }
    // A unit of the field army outside is not held.
    assert!(
        r.bounds_ok(&s, unit(&r, "fr-1-gfr"), &[out], &[edge])
            .is_ok()
    );
    // With one more battalion inside, one of the others may leave (but not a gun).
    let mut s2 = s.clone();
    let extra = unit(&r, "fr-1-gfr");
    s2.unit_mut(extra).place = super::super::state::Place::Map(super::super::geometry::Placed::at(
        inside_a,
        crate::hex::Facing::new(1).expect("a facing"),
    ));
    assert!(
        r.bounds_ok(&s2, unit(&r, "fr-5-gfr"), &[edge], &[out])
            .is_ok()
    );
    assert!(
        r.bounds_ok(&s2, unit(&r, "fr-12lb-1"), &[edge], &[out])
            .is_err()
    );
}

#[test]
fn f10_1a_d_the_allies_may_not_attack_a_unit_2_hexes_deep_in_the_wood() {
    let (r, _) = scenario("fontenoy/ingoldsby");
    let deep = place(&r, "bois-de-barry-deep");
    let south = place(&r, "s1-south-of-road");
    let wood = place(&r, "bois-de-barry");
    let edge = *wood
        .iter()
        .find(|h| r.board.on_map(**h) && !deep.contains(h) && !south.contains(h))
        .expect("a wood hex at the edge");
    let deep1 = *deep
        .iter()
        .find(|h| r.board.on_map(**h) && !south.contains(h))
        .expect("a deep wood hex");
    let dur = unit(&r, "al-dur");
    let e = r.attack_bounds_ok(dur, deep1).unwrap_err();
    assert_eq!(e.rule, "10.1a D");
    assert!(r.attack_bounds_ok(dur, edge).is_ok(), "1 hex into the wood");
    // The French are not bound.
    assert!(r.attack_bounds_ok(unit(&r, "fr-1-gap"), deep1).is_ok());
}

#[test]
fn f3_9a_the_french_by_the_escaut_are_always_in_command() {
    let (r, mut s) = scenario("fontenoy/battle");
    // The bridgehead's garrison and the west-bank guns: In Command wherever the Division is.
    for id in ["fr-5-gfr", "fr-mil-01"] {
        assert!(r.always_in_command(&s, unit(&r, id)), "{id}");
    }
    let gun = (0..s.units.len() as UnitId)
        .find(|&u| {
            r.units[usize::from(u)].side == crate::engine::Side(0)
                && s.unit(u)
                    .placed()
                    .is_some_and(|p| place(&r, "west-bank").contains(&p.hex()))
        })
        .expect("a French unit on the west bank");
    assert!(r.always_in_command(&s, gun));
    // The field army is not.
    assert!(!r.always_in_command(&s, unit(&r, "fr-1-gfr")));
    // Nor anyone there in scenario 3, which does not use 3.9a (F-10.3a F).
    let (r3, mut s3) = scenario("fontenoy/english-attack");
    let u = unit(&r3, "fr-1-gfr");
    let bh = place(&r3, "bridgehead");
    s3.unit_mut(u).place = super::super::state::Place::Map(super::super::geometry::Placed::at(
        bh[0],
        crate::hex::Facing::new(1).expect("a facing"),
    ));
    assert!(!r3.always_in_command(&s3, u));
    // F-3.9a: a unit routing in the bridgehead is destroyed; the Fire Defense of the bridge
    // hex is 5 (the terrain chart).
    let mut ev = Vec::new();
    let g = unit(&r, "fr-5-gfr");
    r.rout(&mut s, g, &mut ev);
    assert!(!s.unit(g).on_map(), "drowned in the Escaut");
    let drowned = |ev: &[super::super::Event]| {
        ev.iter().any(
            |e| matches!(e, super::super::Event::SpLost { rule, destroyed: true, .. } if rule == "F-3.9a"),
        )
    };
    assert!(drowned(&ev));
    let mut ev3 = Vec::new();
    r3.rout(&mut s3, u, &mut ev3);
    assert!(!drowned(&ev3), "scenario 3 has no bridgehead rules");
    assert_eq!(
        r.tables
            .fx(super::super::board::Terrain::Bridge)
            .fire_defense,
        5
    );
}
