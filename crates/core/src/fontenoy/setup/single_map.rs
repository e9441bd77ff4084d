//! F-10.3e, option `10.3e-single-map`: scenario 3 on the South map alone, as
//! `rules.single_map_variant` gives it. Louis XV's party and the Brigade d'Eu's North-map
//! units are left out, with the redoubt N4633; the North-map units of the Irish, Vaisseaux and
//! Noailles Brigades enter on their Division's first activation within 3 hexes of S4301, S4001
//! and S3501; the Roussillon Brigade at 11:00 within 3 hexes of S3801; the Normandie Brigade
//! with Lowendahl at 12:00 within 3 hexes of S4101; the Maison du Roy and the Carabiniers at
//! 12:00 within 3 hexes of S3801. The Allies win by taking 25 SP off the map through S3801.
//!
//! Readings (the data's note): only a brigade's North-map counters enter, with their
//! commander if he stood there; GEN a enters with the Maison du Roy; de Saxe, placed anywhere,
//! sets up on the South map.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::{Map, Value};

use crate::data::{Reinforcement, Scenario, VictoryCondition};

fn strings(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn on_north(hexes: &[String]) -> bool {
    hexes.iter().any(|h| h.starts_with('N'))
}

/// The counters of French Division `d` (its units and commander) in the organisation.
fn members(sc: &Scenario, d: &str) -> Vec<String> {
    let divs = sc
        .rules
        .get("organisation")
        .and_then(|o| o.get("french"))
        .and_then(|f| f.get("divisions"))
        .and_then(Value::as_array);
    let Some(div) = divs.and_then(|ds| {
        ds.iter()
            .find(|x| x.get("id").and_then(Value::as_str) == Some(d))
    }) else {
        return Vec::new();
    };
    let mut out = strings(div.get("units"));
    if let Some(c) = div.get("commander").and_then(Value::as_str) {
        out.push(c.into());
    }
    out
}

/// The North-map counters among `units` become reinforcements on `turn` within `within` of
/// a South-map hex (and after the first activation of `division`, if given); a reinforcement
/// among them enters there instead of its own place.
fn enter(
    sc: &mut Scenario,
    units: &[String],
    turn: u32,
    within: &Value,
    division: Option<&str>,
) -> Option<()> {
    let hex = within.get("hex")?.as_str()?.to_string();
    within.get("radius")?.as_u64()?;
    let mut fields = Map::new();
    fields.insert("near_hex".into(), within.clone());
    if let Some(d) = division {
        fields.insert("first_activation".into(), Value::from(d));
    }
    let moving: Vec<String> = sc
        .setup
        .iter()
        .filter(|p| units.contains(&p.unit) && on_north(&p.hex))
        .map(|p| p.unit.clone())
        .collect();
    sc.setup.retain(|p| !moving.contains(&p.unit));
    for u in moving {
        sc.reinforcements.push(Reinforcement {
            unit: u,
            turn,
            hex: alloc::vec![hex.clone()],
            place: None,
            fields: fields.clone(),
            provenance: None,
            note: Some("F-10.3e: enters the single map".into()),
        });
    }
    for r in sc
        .reinforcements
        .iter_mut()
        .filter(|r| units.contains(&r.unit))
    {
        r.turn = turn;
        r.hex = alloc::vec![hex.clone()];
        r.fields = fields.clone();
    }
    Some(())
}

/// Applies the single-map version to scenario 3 (`None` when `rules.single_map_variant` is
/// malformed or leaves a counter on the North map).
pub(super) fn single_map(sc: &mut Scenario) -> Option<()> {
    let v = sc.rules.get("single_map_variant")?.clone();
    // Left out: the counters, and the redoubt.
    let omit = strings(v.get("omit"));
    sc.setup.retain(|p| !omit.contains(&p.unit));
    sc.reinforcements.retain(|r| !omit.contains(&r.unit));
    let gone = |u: &Value| u.as_str().is_some_and(|u| omit.iter().any(|x| x == u));
    let fr = sc.rules.get_mut("organisation")?.get_mut("french")?;
    for key in ["special_commanders", "independent_units"] {
        if let Some(Value::Array(a)) = fr.get_mut(key) {
            a.retain(|u| !gone(u));
        }
    }
    if let Some(Value::Array(divs)) = fr.get_mut("divisions") {
        for d in divs.iter_mut() {
            if let Some(Value::Array(units)) = d.get_mut("units") {
                units.retain(|u| !gone(u));
            }
        }
    }
    let no_redoubts = strings(v.get("omit_redoubts"));
    if let Some(Value::Array(list)) = sc.rules.get_mut("redoubts") {
        list.retain(|r| {
            !r.get("place")
                .and_then(Value::as_str)
                .is_some_and(|p| no_redoubts.iter().any(|x| x == p))
        });
    }
    // Set up elsewhere on the South map.
    if let Some(Value::Object(m)) = v.get("move") {
        for (u, h) in m {
            let h = h.as_str()?;
            for p in sc.setup.iter_mut().filter(|p| &p.unit == u) {
                p.hex = alloc::vec![h.to_string()];
            }
        }
    }
    // The entries.
    let last = sc.turns.last;
    for e in v.get("enter_on_first_activation")?.as_array()? {
        let d = e.get("division")?.as_str()?;
        let units = members(sc, d);
        enter(sc, &units, last, e.get("within")?, Some(d))?;
    }
    for e in v.get("enter_at_turn")?.as_array()? {
        let mut units = strings(e.get("units"));
        for d in strings(e.get("divisions")) {
            units.extend(members(sc, &d));
        }
        let turn = u32::try_from(e.get("turn")?.as_u64()?).ok()?;
        enter(sc, &units, turn, e.get("within")?, None)?;
    }
    if sc.setup.iter().any(|p| on_north(&p.hex)) {
        return None;
    }
    // The South map only.
    let maps = v
        .get("maps")
        .cloned()
        .unwrap_or_else(|| Value::Array(alloc::vec![Value::from("S")]));
    sc.rules.insert("maps".into(), maps);
    // The victory: 25 SP off through S3801.
    let vic = v.get("victory")?;
    let hex = vic.get("exit_hex")?.as_str()?.to_string();
    let sp = vic.get("sp_exited")?.as_u64()?;
    let mut fields = Map::new();
    fields.insert("winner".into(), Value::from("allied"));
    fields.insert("otherwise".into(), Value::from("french"));
    fields.insert("exit_hex".into(), Value::from(hex.as_str()));
    fields.insert("sp_exited".into(), Value::from(sp));
    sc.victory = alloc::vec![VictoryCondition {
        id: "exit-s3801".into(),
        text: format!(
            "Allied victory once at least {sp} Allied SP have left the map through {hex}; otherwise French victory."
        ),
        rules: alloc::vec!["10.3e".into()],
        fields,
        provenance: None,
    }];
    Some(())
}
