//! The set-up options (F-10.0e: a scenario's options join the general ones): what each changes
//! in the scenario before it is read.
//!
//! * F-6.1 No Field Fortifications: no redoubts; the field fortifications and abatis are gone
//!   except those of the bridgehead's hexsides; the ruined village (the map's
//!   `burned-buildings`) is village and the cleared wood (`bois-de-barry-cleared`) woods; F-6.8
//!   is not used (its option is dropped).
//! * F-6.2 A Missing Redoubt: a large redoubt site at S4208, which the French player places
//!   within 1 hex of S4208 at set-up (setup/works.rs).
//! * F-6.3a The Gendarmes: GEN b sets up (or arrives) with GEN a, Independent like him.
//! * F-6.3d Taillerand: TAI b joins. The text does not say where; it arrives with the cavalry
//!   of Lowendahl's Detachment (the EGD squadrons' arrival), Independent (a reading, F-3.8a
//!   keeps TAI b out of the Detachment itself).
//! * F-7.2 The Supply Train Moves: F-4.4 is not used (`setup/mod.rs` drops the trigger).
//! * F-7.3 Additional Anglo-Hanoverian Infantry and F-7.5 English Regimental Artillery: the
//!   scenario's `rules.option_setups` entry for the option places its units, joins them to their
//!   Divisions (or makes a Division's units anew, Independents of others) and removes the
//!   counters it replaces (F-7.5a: the 3-SP English howitzer).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::Value;

use super::super::board::{Board, Terrain, side};
use crate::data::{DataError, Placement, Reinforcement, Scenario};
use crate::hex::Hex;

/// The ids of the scenario's options that are on: the players' choice (`rules.options`), or
/// each option's default.
pub(super) fn chosen(sc: &Scenario) -> Vec<String> {
    let picked = sc.rules.get("options").and_then(Value::as_object);
    let mut on: Vec<String> = sc
        .options
        .iter()
        .filter(|o| {
            picked
                .and_then(|p| p.get(&o.id))
                .and_then(Value::as_bool)
                .unwrap_or(o.default)
        })
        .map(|o| o.id.clone())
        .collect();
    on.sort();
    on
}

fn is_on(on: &[String], id: &str) -> bool {
    on.iter().any(|o| o == id)
}

/// The scenario as the set-up options F-6.1, F-6.2, F-6.3a and F-6.3d change it, if any of them
/// is on.
pub(super) fn with_options(sc: &Scenario) -> Result<Option<Scenario>, DataError> {
    let on = chosen(sc);
    let option_setup = sc
        .rules
        .get("option_setups")
        .and_then(Value::as_object)
        .is_some_and(|m| m.keys().any(|k| is_on(&on, k)));
    if !option_setup
        && !["6.1", "6.2", "6.3a", "6.3d", "6.6", "10.3e-single-map"]
            .iter()
            .any(|o| is_on(&on, o))
    {
        return Ok(None);
    }
    let mut sc = sc.clone();
    let id = sc.id.clone();
    let err = |path: &str, m: &str| DataError::new(&id, path, m);
    // F-7.3, F-7.5: the options' own set-ups.
    if let Some(Value::Object(all)) = sc.rules.get("option_setups").cloned() {
        for (opt, spec) in &all {
            if is_on(&on, opt) {
                option_setup_apply(&mut sc, spec)
                    .ok_or_else(|| err(&format!("rules.option_setups.{opt}"), "malformed"))?;
            }
        }
    }
    // F-6.3a: GEN b with GEN a.
    if is_on(&on, "6.3a") {
        join(&mut sc, "fr-gen-b", "fr-gen-a")
            .ok_or_else(|| err("options.6.3a", "GEN a (fr-gen-a) is not in the scenario"))?;
    }
    // F-6.3d: TAI b arrives with the Detachment's cavalry.
    if is_on(&on, "6.3d") {
        join(&mut sc, "fr-tai-b", "fr-egd-a").ok_or_else(|| {
            err(
                "options.6.3d",
                "EGD a (fr-egd-a), with whom TAI b arrives, is not in the scenario",
            )
        })?;
    }
    // F-6.6a: the units besieging Tournay wait off the map, Independent, until called.
    if is_on(&on, "6.6") {
        tournay(&mut sc).ok_or_else(|| {
            err(
                "rules.tournay",
                "option 6.6 needs the Tournay units and entry hex",
            )
        })?;
    }
    // F-10.3e: scenario 3 on the South map alone (setup/single_map.rs).
    if is_on(&on, "10.3e-single-map") {
        super::single_map::single_map(&mut sc).ok_or_else(|| {
            err(
                "rules.single_map_variant",
                "malformed, or a counter is left on the North map",
            )
        })?;
    }
    let redoubts = sc
        .rules
        .entry("redoubts")
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(list) = redoubts {
        // F-6.1: no redoubts (none stands in the bridgehead).
        if is_on(&on, "6.1") {
            list.clear();
        }
        // F-6.2: the missing redoubt.
        if is_on(&on, "6.2") {
            list.push(serde_json::json!({
                "place": "redoubt-site-s4208",
                "hex": "S4208",
                "size": "large",
                "rule": "6.2"
            }));
        }
    }
    Ok(Some(sc))
}

/// F-6.6a: each unit of `rules.tournay` becomes a reinforcement through its entry hex that
/// arrives only when called (`fields.tournay`; the turn is a placeholder the engine ignores),
/// Independent (a reading: the units of Divisions already on the map are Independent until
/// they reach it, and the Order of Battle's (T) Divisions are not in the text).
fn tournay(sc: &mut Scenario) -> Option<()> {
    let t = sc.rules.get("tournay")?;
    let entry = t.get("entry_hex")?.as_str()?.to_string();
    let units: Vec<String> = t
        .get("units")?
        .as_array()?
        .iter()
        .filter_map(|u| u.get("unit").and_then(Value::as_str).map(String::from))
        .collect();
    let last = sc.turns.last;
    for u in &units {
        if sc.setup.iter().any(|p| &p.unit == u) || sc.reinforcements.iter().any(|r| &r.unit == u) {
            continue;
        }
        let mut fields = serde_json::Map::new();
        fields.insert("tournay".into(), Value::Bool(true));
        sc.reinforcements.push(Reinforcement {
            unit: u.clone(),
            turn: last,
            hex: alloc::vec![entry.clone()],
            place: None,
            fields,
            provenance: None,
            note: Some("F-6.6a: at Tournay; arrives three turns after the French call it".into()),
        });
    }
    let side = sc.rules.get_mut("organisation")?.get_mut("french")?;
    let in_division: Vec<String> = side
        .get("divisions")
        .and_then(Value::as_array)
        .map(|ds| {
            ds.iter()
                .filter_map(|d| d.get("units").and_then(Value::as_array))
                .flatten()
                .filter_map(|u| u.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    if let Some(Value::Array(ind)) = side.get_mut("independent_units") {
        for u in units {
            if !in_division.contains(&u) && !ind.iter().any(|x| x == u.as_str()) {
                ind.push(Value::from(u));
            }
        }
    }
    Some(())
}

/// Adds `extra` where `with` sets up or arrives, in the same organisation (Independent when
/// `with` is). `None` when `with` is not in the scenario.
fn join(sc: &mut Scenario, extra: &str, with: &str) -> Option<()> {
    if sc.setup.iter().any(|p| p.unit == extra) || sc.reinforcements.iter().any(|r| r.unit == extra)
    {
        return Some(());
    }
    if let Some(p) = sc.setup.iter().find(|p| p.unit == with) {
        sc.setup.push(Placement {
            unit: extra.into(),
            ..p.clone()
        });
    } else {
        let r = sc.reinforcements.iter().find(|r| r.unit == with)?;
        sc.reinforcements.push(Reinforcement {
            unit: extra.into(),
            ..r.clone()
        });
    }
    // The organisation: the same Division, or Independent.
    let org = sc.rules.get_mut("organisation")?;
    let side = org.get_mut(if with.starts_with("fr-") {
        "french"
    } else {
        "allied"
    })?;
    let mut placed = false;
    if let Some(Value::Array(divs)) = side.get_mut("divisions") {
        for d in divs.iter_mut() {
            if let Some(Value::Array(units)) = d.get_mut("units") {
                if units.iter().any(|u| u == with) {
                    units.push(Value::from(extra));
                    placed = true;
                    break;
                }
            }
        }
    }
    if !placed {
        if let Some(Value::Array(ind)) = side.get_mut("independent_units") {
            ind.push(Value::from(extra));
        }
    }
    Some(())
}

/// F-6.1 on the board: the field fortifications and abatis go, but for the bridgehead's; the
/// ruined village is village, the cleared wood woods.
pub(super) fn strip_fortifications(board: &mut Board) {
    let keep: Vec<Hex> = board
        .place("bridgehead")
        .map(|p| p.hexes.clone())
        .unwrap_or_default();
    board.strip_sides_except(side::FIELDWORKS | side::ABATIS, &keep);
    for (place, t) in [
        ("burned-buildings", Terrain::Village),
        ("bois-de-barry-cleared", Terrain::Woods),
    ] {
        let hexes = board
            .place(place)
            .map(|p| p.hexes.clone())
            .unwrap_or_default();
        for h in hexes {
            board.set_terrain(h, t);
        }
    }
}

/// F-7.3, F-7.5: applies one option's set-up (`rules.option_setups.<id>`): `remove` takes
/// counters out of the set-up and the organisation; `setup` places new counters;
/// `independent_units` makes units Independent (out of their Division); `division_units`
/// gives Divisions these units instead of theirs; `join_division` adds units to Divisions.
/// `None` when the entry is malformed.
fn option_setup_apply(sc: &mut Scenario, spec: &Value) -> Option<()> {
    let list = |k: &str| -> Vec<String> {
        spec.get(k)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    let removed = list("remove");
    let freed = list("independent_units");
    sc.setup.retain(|p| !removed.contains(&p.unit));
    sc.reinforcements.retain(|r| !removed.contains(&r.unit));
    if let Some(Value::Array(places)) = spec.get("setup") {
        for p in places {
            let p: Placement = serde_json::from_value(p.clone()).ok()?;
            sc.setup.push(p);
        }
    }
    // The side whose organisation the option changes (the Allies unless it names the French:
    // F-6.3b, F-6.3c).
    let side = spec.get("side").and_then(Value::as_str).unwrap_or("allied");
    if side != "allied" && side != "french" {
        return None;
    }
    let org = sc.rules.get_mut("organisation")?.get_mut(side)?;
    let gone = |u: &Value| {
        u.as_str()
            .is_some_and(|u| removed.iter().chain(freed.iter()).any(|x| x == u))
    };
    if let Some(Value::Array(divs)) = org.get_mut("divisions") {
        for d in divs.iter_mut() {
            let did = d.get("id").and_then(Value::as_str).map(String::from)?;
            let Some(Value::Array(units)) = d.get_mut("units") else {
                continue;
            };
            units.retain(|u| !gone(u));
            if let Some(Value::Array(new)) = spec.get("division_units").and_then(|m| m.get(&did)) {
                units.clone_from(new);
            }
            if let Some(Value::Array(more)) = spec.get("join_division").and_then(|m| m.get(&did)) {
                units.extend(more.iter().cloned());
            }
        }
    }
    if let Some(Value::Array(ind)) = org.get_mut("independent_units") {
        ind.retain(|u| !u.as_str().is_some_and(|u| removed.iter().any(|x| x == u)));
        ind.extend(freed.iter().map(|u| Value::from(u.as_str())));
    }
    Some(())
}
