//! What the Fontenoy scenario data tests share: the built-in library, the scenarios, and
//! readers of counters, set-ups and places. Each test file uses part of it.
#![allow(dead_code, unused_imports)]

pub use std::collections::{BTreeMap, BTreeSet};

pub use grognard::data::{Counter, Kind, Library, Provenance, ResolvedScenario, Value};
pub use grognard::hex::{Grid, Hex};
pub use serde_json::Value as Json;

pub const SCENARIOS: [&str; 4] = [
    "fontenoy/ingoldsby",
    "fontenoy/dutch-attack",
    "fontenoy/english-attack",
    "fontenoy/battle",
];

pub fn lib() -> Library {
    Library::builtin().unwrap_or_else(|e| panic!("{e}"))
}

pub fn scen(id: &str) -> ResolvedScenario {
    lib()
        .scenario(&format!("fontenoy/{id}"))
        .unwrap_or_else(|e| panic!("{e}"))
}

pub fn value<'a>(c: &'a Counter, k: &str) -> Option<&'a Value> {
    c.values.get(k).and_then(|v| v.value.as_ref())
}

pub fn int(c: &Counter, k: &str) -> Option<i64> {
    value(c, k).and_then(Value::as_int)
}

pub fn text<'a>(c: &'a Counter, k: &str) -> Option<&'a str> {
    value(c, k).and_then(Value::as_str)
}

pub fn provisional(c: &Counter, k: &str) -> bool {
    c.values
        .get(k)
        .and_then(|v| v.provenance.as_ref())
        .is_some_and(Provenance::is_provisional)
}

pub fn rulebook(c: &Counter, k: &str) -> bool {
    c.values
        .get(k)
        .and_then(|v| v.provenance.as_ref())
        .is_some_and(|p| p.kind_name() == "rulebook")
}

pub fn is_combat(c: &Counter) -> bool {
    matches!(c.unit_type.as_str(), "infantry" | "cavalry" | "artillery")
}

/// Per side (french, allied): combat units and commanders set up, then arriving.
pub fn counts(s: &ResolvedScenario) -> [(usize, usize, usize, usize); 2] {
    let mut out = [(0, 0, 0, 0); 2];
    for (i, side) in ["french", "allied"].iter().enumerate() {
        for p in &s.scenario.setup {
            let c = s.counter(&p.unit).expect("unit");
            if c.side == *side {
                if is_combat(c) {
                    out[i].0 += 1;
                } else {
                    out[i].1 += 1;
                }
            }
        }
        for r in &s.scenario.reinforcements {
            let c = s.counter(&r.unit).expect("unit");
            if c.side == *side {
                if is_combat(c) {
                    out[i].2 += 1;
                } else {
                    out[i].3 += 1;
                }
            }
        }
    }
    out
}

pub fn artillery(s: &ResolvedScenario, side: &str) -> usize {
    s.scenario
        .setup
        .iter()
        .filter(|p| {
            let c = s.counter(&p.unit).expect("unit");
            c.side == side && c.unit_type == "artillery"
        })
        .count()
}

pub fn hexes<'a>(s: &'a ResolvedScenario, unit: &str) -> &'a [String] {
    &s.scenario
        .setup
        .iter()
        .find(|p| p.unit == unit)
        .unwrap_or_else(|| panic!("{unit} not set up"))
        .hex
}

pub fn at(s: &ResolvedScenario, unit: &str) -> String {
    let h = hexes(s, unit);
    assert_eq!(h.len(), 1, "{unit} is in one hex");
    h[0].clone()
}

pub fn placed(s: &ResolvedScenario, unit: &str) -> bool {
    s.scenario.setup.iter().any(|p| p.unit == unit)
        || s.scenario.reinforcements.iter().any(|r| r.unit == unit)
}

pub fn hex(s: &ResolvedScenario, id: &str) -> Hex {
    s.map
        .hex_of(id)
        .unwrap_or_else(|| panic!("{id} is not on the map"))
}

pub fn dist(s: &ResolvedScenario, a: &str, b: &str) -> u32 {
    hex(s, a).distance(hex(s, b))
}

pub fn place(s: &ResolvedScenario, id: &str) -> BTreeSet<String> {
    s.map
        .place(id)
        .unwrap_or_else(|| panic!("no place {id}"))
        .hexes
        .iter()
        .cloned()
        .collect()
}

pub fn rules(s: &ResolvedScenario) -> &serde_json::Map<String, Json> {
    &s.scenario.rules
}

pub fn label(s: &ResolvedScenario, turn: u32) -> &str {
    &s.scenario.turns.labels[&turn.to_string()]
}

/// Every playable hex of the map, with its id.
pub fn all_hexes(s: &ResolvedScenario) -> BTreeMap<Hex, String> {
    let g = s.map.hex_grid().expect("grid");
    let b = g.bounds();
    let mut out = BTreeMap::new();
    for q in b.min.q..=b.max.q {
        for r in b.min.r..=b.max.r {
            let h = Hex::new(q, r);
            if let Some(id) = g.to_id(h) {
                let id = id.to_string();
                if s.map.hex_of(&id) == Some(h) {
                    out.insert(h, id);
                }
            }
        }
    }
    out
}
