//! Prussia's Glory battle data (docs/pg-scenarios.md): the maps and counter sets under
//! `scenarios/pg/maps/` and `scenarios/pg/counters/`, and the scenario files, which wait in
//! `tools/pg-scenarios/out/` until the pg charts they list exist. Until then the six charts are taken from temporary stand-ins in
//! `tests/data/pg-charts-tmp/`. Once scenarios and charts are built in, the built-in ones are
//! used and the stand-ins are ignored.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use grognard::data::{Counter, Library, Map, Provenance, ResolvedScenario, Value};
use grognard::hex::{Grid, Hex, LosStep, los};
use serde_json::Value as Json;

const BATTLES: [&str; 5] = ["rossbach", "leuthen", "zorndorf", "torgau", "training"];
const CHARTS: [&str; 6] = [
    "pg/crt",
    "pg/bombardment",
    "pg/cc-drm",
    "pg/bombardment-drm",
    "pg/rally",
    "pg/leader-loss",
];

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn library() -> Library {
    let mut lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    let tmp = manifest().join("tests/data/pg-charts-tmp");
    for c in CHARTS {
        if lib.chart(c).is_none() {
            let file = format!("pg-{}.json", c.trim_start_matches("pg/"));
            lib.add_path(&tmp.join(file))
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let out = manifest().join("../../tools/pg-scenarios/out");
    for b in BATTLES {
        if lib.scenario_file(&format!("pg/{b}")).is_none() {
            lib.add_path(&out.join(format!("{b}.json")))
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    lib
}

fn scenario(lib: &Library, battle: &str) -> ResolvedScenario {
    lib.scenario(&format!("pg/{battle}"))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn int(c: &Counter, k: &str) -> Option<i64> {
    c.values
        .get(k)
        .and_then(|v| v.value.as_ref())
        .and_then(Value::as_int)
}

fn text<'a>(c: &'a Counter, k: &str) -> Option<&'a str> {
    c.values
        .get(k)
        .and_then(|v| v.value.as_ref())
        .and_then(Value::as_str)
}

fn ints(c: &Counter, k: &str) -> Option<Vec<i64>> {
    match c.values.get(k).and_then(|v| v.value.as_ref()) {
        Some(Value::Ints(v)) => Some(v.clone()),
        _ => None,
    }
}

fn rules(s: &ResolvedScenario) -> &serde_json::Map<String, Json> {
    &s.scenario.rules
}

/// Every set-up counter with its hex and In Column flag.
fn placed(s: &ResolvedScenario) -> Vec<(&Counter, &str, bool)> {
    s.scenario
        .setup
        .iter()
        .map(|p| {
            let c = s.counter(&p.unit).unwrap_or_else(|| panic!("{}", p.unit));
            let ic = p.fields.get("in_column") == Some(&Json::Bool(true));
            (c, p.hex[0].as_str(), ic)
        })
        .collect()
}

// ------------------------------------------------------------------------------------------
// Loading

#[test]
fn every_battle_map_counters_and_scenario_load_and_resolve() {
    let lib = library();
    lib.validate_all().unwrap_or_else(|e| panic!("{e}"));
    for b in BATTLES {
        assert!(
            lib.map(&format!("pg/{b}")).is_some(),
            "map pg/{b} is built in"
        );
        assert!(
            lib.counters(&format!("pg/{b}-counters")).is_some(),
            "counters pg/{b}-counters are built in"
        );
        let s = scenario(&lib, b);
        assert_eq!(s.map.id, format!("pg/{b}"));
        assert_eq!(s.scenario.counters, vec![format!("pg/{b}-counters")]);
        assert_eq!(s.scenario.charts, CHARTS);
        assert_eq!(s.terrain.id, "pg/terrain");
        let sides: Vec<&str> = s.scenario.sides.iter().map(|x| x.id.as_str()).collect();
        assert_eq!(sides, ["prussian", "coalition"], "{b}");
        // Provisional data is reported, never shown as published.
        assert!(s.is_provisional(), "{b}");
        assert!(
            s.provisional_parts()
                .iter()
                .any(|p| p.id == format!("pg/{b}") && p.provisional),
            "{b}"
        );
    }
}

#[test]
fn maps_and_counters_are_builtin_and_scenarios_wait_for_the_charts() {
    for b in BATTLES {
        for f in [
            format!("pg/maps/{b}.json"),
            format!("pg/counters/{b}-counters.json"),
        ] {
            assert!(
                Library::builtin_files().iter().any(|(n, _)| *n == f),
                "{f} is built in"
            );
        }
    }
    let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    let charts_built_in = CHARTS.iter().all(|c| lib.chart(c).is_some());
    if !charts_built_in {
        assert!(
            lib.scenario_ids()
                .iter()
                .all(|id| !BATTLES.iter().any(|b| *id == format!("pg/{b}"))),
            "a pg battle scenario is built in before its charts"
        );
    }
}

#[test]
fn every_setup_and_entry_hex_is_a_playable_hex_outside_marsh() {
    let lib = library();
    for b in BATTLES {
        let s = scenario(&lib, b);
        let hexes = s
            .scenario
            .setup
            .iter()
            .flat_map(|p| p.hex.iter())
            .chain(s.scenario.reinforcements.iter().flat_map(|r| r.hex.iter()));
        for h in hexes {
            assert!(s.map.hex_of(h).is_some(), "{b}: {h} is on the map");
            assert!(
                !s.map.terrain_of(h).contains(&"marsh"),
                "{b}: {h} set-up in marsh"
            );
        }
    }
}

// ------------------------------------------------------------------------------------------
// Counters, wings and stacking

#[test]
fn r5_1_r5_2_stacking_at_setup() {
    let lib = library();
    for b in BATTLES {
        let s = scenario(&lib, b);
        let mut stacks: BTreeMap<&str, (i64, i64, bool)> = BTreeMap::new();
        for (c, h, ic) in placed(&s) {
            let e = stacks.entry(h).or_default();
            match c.unit_type.as_str() {
                "infantry" | "cavalry" => {
                    e.0 += int(c, "steps").expect("steps");
                    e.2 |= ic;
                }
                "artillery" => e.1 += int(c, "steps").expect("steps"),
                _ => {}
            }
        }
        for (h, (infcav, art, ic)) in stacks {
            let limit = if ic { 4 } else { 12 };
            assert!(
                infcav <= limit,
                "{b} {h}: {infcav} inf/cav steps (In Column: {ic})"
            );
            let art_limit = if infcav > 0 { 8 } else { 12 };
            assert!(art <= art_limit, "{b} {h}: {art} artillery steps");
        }
    }
}

#[test]
fn r2_0_counter_values_follow_the_pg_data_contract() {
    let lib = library();
    let nations = [
        "prussian",
        "austrian",
        "saxon",
        "wurttemberg",
        "wurzburg",
        "bavarian",
        "russian",
        "french",
        "reichsarmee",
        "swiss",
        "german",
    ];
    for b in BATTLES {
        let s = scenario(&lib, b);
        for set in &s.counters {
            for c in &set.counters {
                let n = text(c, "nation").unwrap_or_else(|| panic!("{}: nation", c.id));
                assert!(nations.contains(&n), "{}: nation {n}", c.id);
                match c.unit_type.as_str() {
                    "infantry" | "cavalry" => {
                        let steps = int(c, "steps").expect("steps");
                        assert!((1..=4).contains(&steps), "{}", c.id);
                        for k in 1..=4 {
                            let line = ints(c, &format!("s{k}"));
                            assert_eq!(
                                line.is_some(),
                                k <= steps,
                                "{}: s{k} vs {steps} steps",
                                c.id
                            );
                            if let Some(l) = line {
                                assert_eq!(l.len(), 3, "{}: s{k} is [SP, MR, MA]", c.id);
                            }
                        }
                        assert!(int(c, "paren_steps").is_some(), "{}", c.id);
                        assert!(
                            matches!(
                                c.values.get("fast").and_then(|v| v.value.as_ref()),
                                Some(Value::Bool(_))
                            ),
                            "{}",
                            c.id
                        );
                        if c.unit_type == "cavalry" {
                            assert!(int(c, "shock").is_some(), "{}", c.id);
                        }
                        assert!(text(c, "wing").is_some(), "{}", c.id);
                    }
                    "artillery" => {
                        assert!((1..=2).contains(&int(c, "steps").expect("steps")));
                        assert_eq!(ints(c, "bs").map(|v| v.len()), Some(3), "{}", c.id);
                        assert!(int(c, "mr").is_some() && int(c, "ma").is_some(), "{}", c.id);
                        assert!(
                            !c.values.contains_key("wing"),
                            "{}: artillery has no wing",
                            c.id
                        );
                    }
                    "leader" => {
                        let role = text(c, "role").expect("role");
                        assert!(
                            ["army_commander", "wing_leader"].contains(&role),
                            "{}",
                            c.id
                        );
                        assert_eq!(
                            c.values.contains_key("leads"),
                            role == "wing_leader",
                            "{}",
                            c.id
                        );
                        assert!(int(c, "initiative").is_some() && int(c, "morale_mod").is_some());
                        let sp = text(c, "special").expect("special");
                        assert!(["", "I", "C", "*"].contains(&sp), "{}", c.id);
                        assert!((8..=10).contains(&int(c, "ma").expect("ma")), "{}", c.id);
                    }
                    t => panic!("{}: type {t}", c.id),
                }
            }
        }
    }
}

#[test]
fn r4_2_every_unit_has_a_wing_with_a_leader_and_each_army_a_commander() {
    let lib = library();
    for b in BATTLES {
        let s = scenario(&lib, b);
        let wings: BTreeMap<String, String> = rules(&s)["wings"]
            .as_array()
            .expect("wings")
            .iter()
            .map(|w| {
                (
                    w["id"].as_str().expect("id").to_string(),
                    w["side"].as_str().expect("side").to_string(),
                )
            })
            .collect();
        let mut led: BTreeMap<&str, usize> = BTreeMap::new();
        let mut units_of: BTreeSet<&str> = BTreeSet::new();
        for set in &s.counters {
            for c in &set.counters {
                match c.unit_type.as_str() {
                    "infantry" | "cavalry" => {
                        let w = text(c, "wing").expect("wing");
                        assert_eq!(wings.get(w), Some(&c.side), "{b} {}: wing {w}", c.id);
                        units_of.insert(w);
                    }
                    "leader" if text(c, "role") == Some("wing_leader") => {
                        let w = text(c, "leads").expect("leads");
                        assert_eq!(wings.get(w), Some(&c.side), "{b} {}: leads {w}", c.id);
                        *led.entry(w).or_default() += 1;
                    }
                    _ => {}
                }
            }
        }
        for w in wings.keys() {
            assert_eq!(
                led.get(w.as_str()),
                Some(&1),
                "{b}: wing {w} has one leader"
            );
            assert!(units_of.contains(w.as_str()), "{b}: wing {w} has units");
        }
        // Groups and detachments name wings of their side.
        for key in ["groups", "detachments"] {
            for g in rules(&s)[key].as_array().expect(key) {
                for w in g["wings"].as_array().expect("wings") {
                    let w = w.as_str().expect("wing id");
                    assert_eq!(
                        wings.get(w).map(String::as_str),
                        g["side"].as_str(),
                        "{b} {key}"
                    );
                }
            }
        }
        // One army commander with initiative per side on the map at the start.
        for side in ["prussian", "coalition"] {
            let acs: Vec<_> = placed(&s)
                .into_iter()
                .filter(|(c, _, _)| c.side == side && text(c, "role") == Some("army_commander"))
                .collect();
            assert_eq!(acs.len(), 1, "{b} {side}");
            assert!(int(acs[0].0, "initiative").unwrap_or(0) > 0, "{b} {side}");
        }
        // Wing leaders set up (or entering) with the wing; only substitute commanders wait.
        let entering: BTreeSet<&str> = s
            .scenario
            .setup
            .iter()
            .map(|p| p.unit.as_str())
            .chain(s.scenario.reinforcements.iter().map(|r| r.unit.as_str()))
            .collect();
        let subs: Vec<&str> = rules(&s)
            .get("substitute_army_commander")
            .and_then(Json::as_object)
            .map(|o| o.values().filter_map(Json::as_str).collect())
            .unwrap_or_default();
        for set in &s.counters {
            for c in &set.counters {
                assert!(
                    entering.contains(c.id.as_str()) || subs.contains(&c.id.as_str()),
                    "{b}: {} is neither set up nor arriving (no replacement pieces are included)",
                    c.id
                );
            }
        }
    }
}

#[test]
fn scenario_rules_hold_every_field_the_pg_rules_read() {
    let lib = library();
    for b in BATTLES {
        let s = scenario(&lib, b);
        let r = rules(&s);
        assert_eq!(r["battle_scenario"].as_bool(), Some(b == "training"), "{b}");
        for side in ["prussian", "coalition"] {
            assert!(r["army_morale"][side].as_i64().unwrap_or(0) > 0, "{b}");
            let costs = r["activation_cost"][side].as_array().expect("costs");
            assert!(
                !costs.is_empty() && costs.iter().all(|c| c.as_i64().is_some()),
                "{b}"
            );
            for g in ["inf_art", "cav"] {
                let cr = r["command_ratings"][side][g].as_i64().expect("CR");
                assert!((1..=6).contains(&cr), "{b} {side} {g}");
            }
        }
        for g in r["groups"].as_array().expect("groups") {
            assert!(
                g["id"].is_string() && g["name"].is_string() && g["rating"].is_i64(),
                "{b}"
            );
        }
        for d in r["detachments"].as_array().expect("detachments") {
            assert!(d["id"].is_string() && d["rating"].is_i64(), "{b}");
        }
        let v = &r["victory"];
        assert!(v["levels"].is_string(), "{b}");
        let objectives = v["objectives"].as_array().expect("objectives");
        assert!(!objectives.is_empty(), "{b}");
        for o in objectives {
            for h in o["hexes"].as_array().expect("hexes") {
                let h = h.as_str().expect("hex");
                assert!(s.map.hex_of(h).is_some(), "{b}: objective {h}");
            }
            assert!(["prussian", "coalition"].contains(&o["side"].as_str().expect("side")));
            assert!(o["vp"].as_i64().unwrap_or(0) > 0 && o["units"].as_i64().unwrap_or(0) > 0);
        }
        assert!(
            s.scenario.turns.first == 1 && s.scenario.turns.last >= 6,
            "{b}"
        );
        // Every side's friendly edge is an edge of the map that names it.
        for side in &s.scenario.sides {
            assert!(!side.friendly_edges.is_empty(), "{b}");
            for e in &side.friendly_edges {
                assert!(
                    s.map
                        .edges
                        .iter()
                        .any(|m| &m.edge == e && m.friendly_to.as_deref() == Some(&side.id)),
                    "{b}: edge {e} of {}",
                    side.id
                );
            }
        }
    }
}

// ------------------------------------------------------------------------------------------
// Rossbach: public and rulebook values

#[test]
fn rossbach_public_values_playbook_scenario_21() {
    let lib = library();
    let s = scenario(&lib, "rossbach");
    let t = &s.scenario.turns;
    assert_eq!((t.first, t.last), (1, 10));
    assert_eq!(t.labels.get("1").map(String::as_str), Some("08:30"));
    assert_eq!(t.labels.get("10").map(String::as_str), Some("17:30"));
    let r = rules(&s);
    assert_eq!(r["army_morale"]["prussian"], 14);
    assert_eq!(r["activation_cost"]["prussian"], serde_json::json!([1, 0]));
    assert_eq!(
        r["command_ratings"]["prussian"],
        serde_json::json!({"inf_art": 5, "cav": 5})
    );
    let objectives = r["victory"]["objectives"].as_array().expect("objectives");
    let sets: Vec<Vec<&str>> = objectives
        .iter()
        .map(|o| {
            o["hexes"]
                .as_array()
                .expect("hexes")
                .iter()
                .filter_map(Json::as_str)
                .collect()
        })
        .collect();
    assert_eq!(
        sets,
        vec![vec!["1607", "1608", "1706"], vec!["2604", "2605", "2606"]]
    );
    assert!(
        objectives
            .iter()
            .all(|o| o["side"] == "coalition" && o["vp"] == 10 && o["units"] == 3)
    );
    assert_eq!(r["victory"]["levels"], "rossbach");
    for h in ["1607", "1608", "1706", "2604", "2605", "2606"] {
        assert_eq!(s.map.terrain_of(h), vec!["town"], "{h}");
        assert!(
            matches!(s.map.hexes[h].provenance, Some(Provenance::Public { .. })),
            "{h}"
        );
    }
}

#[test]
fn r4_5_rossbach_fre_groups() {
    let lib = library();
    let s = scenario(&lib, "rossbach");
    let r = rules(&s);
    assert_eq!(
        r["command_ratings"]["coalition"],
        serde_json::json!({"inf_art": 2, "cav": 3})
    );
    let groups = r["groups"].as_array().expect("groups");
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0]["name"], "St. Germain/Loudon");
    assert_eq!(groups[0]["rating"], 3);
    assert_eq!(groups[0]["side"], "coalition");
    // The specific group holds infantry and cavalry wings, so both arms can be Effective
    // while the basic groups are Degraded (T-02).
    let wings: Vec<&str> = groups[0]["wings"]
        .as_array()
        .expect("wings")
        .iter()
        .filter_map(Json::as_str)
        .collect();
    let types: BTreeSet<&str> = s.counters[0]
        .counters
        .iter()
        .filter(|c| text(c, "wing").is_some_and(|w| wings.contains(&w)))
        .map(|c| c.unit_type.as_str())
        .collect();
    assert_eq!(types, BTreeSet::from(["cavalry", "infantry"]));
}

// ------------------------------------------------------------------------------------------
// Zorndorf: the 4.5 and 7.3 examples

fn leader<'a>(s: &'a ResolvedScenario, name: &str) -> &'a Counter {
    s.counters[0]
        .counters
        .iter()
        .find(|c| c.unit_type == "leader" && c.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("leader {name}"))
}

#[test]
fn r4_5_zorndorf_command_values_and_the_example_stack() {
    let lib = library();
    let s = scenario(&lib, "zorndorf");
    let r = rules(&s);
    assert_eq!(
        r["command_ratings"]["prussian"],
        serde_json::json!({"inf_art": 4, "cav": 4})
    );
    let fred = leader(&s, "Frederick II");
    assert_eq!(text(fred, "role"), Some("army_commander"));
    assert_eq!(
        (int(fred, "initiative"), text(fred, "special")),
        (Some(4), Some("I"))
    );
    assert!(matches!(
        fred.values["initiative"].provenance,
        Some(Provenance::Rulebook { .. })
    ));
    let seydlitz = leader(&s, "Seydlitz");
    assert_eq!(
        (int(seydlitz, "initiative"), text(seydlitz, "special")),
        (Some(5), Some("C"))
    );
    let kanitz = leader(&s, "Kanitz");
    assert_eq!(text(kanitz, "role"), Some("wing_leader"));
    // Kanitz leads an infantry wing; Seydlitz a wing without infantry.
    let wing_types = |w: &str| -> BTreeSet<String> {
        s.counters[0]
            .counters
            .iter()
            .filter(|c| text(c, "wing") == Some(w))
            .map(|c| c.unit_type.clone())
            .collect()
    };
    assert!(wing_types(text(kanitz, "leads").expect("leads")).contains("infantry"));
    assert!(!wing_types(text(seydlitz, "leads").expect("leads")).contains("infantry"));
    // Frederick starts stacked with Kanitz and exactly two artillery units.
    let p = placed(&s);
    let hex_of = |id: &str| p.iter().find(|(c, _, _)| c.id == id).map(|x| x.1);
    let h = hex_of(&fred.id).expect("Frederick set up");
    assert_eq!(hex_of(&kanitz.id), Some(h));
    let art = p
        .iter()
        .filter(|(c, hh, _)| *hh == h && c.unit_type == "artillery")
        .count();
    assert_eq!(art, 2);
}

#[test]
fn r7_3_zorndorf_1709_to_1809_crosses_an_upslope_into_clear() {
    let lib = library();
    let s = scenario(&lib, "zorndorf");
    let m = &s.map;
    assert!(adjacent(m, "1709", "1809"));
    assert_eq!(m.terrain_of("1809"), vec!["clear"]);
    let f = m.features_between("1709", "1809");
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].feature, "slope");
    assert_eq!(f[0].toward.as_deref(), Some("1809"));
    assert!(matches!(f[0].provenance, Some(Provenance::Rulebook { .. })));
    // Marsh/pond hexes exist, and the scenario sets their cavalry cost to 3 MP.
    assert!(
        m.hexes
            .values()
            .any(|h| h.terrain.iter().any(|t| t == "marsh"))
    );
    assert_eq!(rules(&s)["marsh_cavalry_mp"], 3);
    for b in ["rossbach", "leuthen", "torgau", "training"] {
        assert!(
            rules(&scenario(&lib, b)).get("marsh_cavalry_mp").is_none(),
            "{b}"
        );
    }
}

// ------------------------------------------------------------------------------------------
// Line of sight over the slopes of the maps (8.2-8.2.2)

fn adjacent(m: &Map, a: &str, b: &str) -> bool {
    let (a, b) = (m.hex_of(a).expect("a"), m.hex_of(b).expect("b"));
    a.distance(b) == 1
}

/// Reads rules 8.2-8.2.2 as documented in docs/pg-scenarios.md ("Line of sight over slopes"):
/// the line's hexes in order (at a hexside tie the tracing player picks either hex); slopes
/// crossed between consecutive hexes; a slope down followed by the next slope up marks low
/// ground, and both are ignored; the remaining slopes must run one way, on successive
/// hexsides, starting at the high end's own hexside. Woods and towns block; a unit blocks
/// unless on low ground or directly downslope of a high end.
struct Sight<'a> {
    map: &'a Map,
    grid: Grid,
}

impl Sight<'_> {
    fn new(map: &Map) -> Sight<'_> {
        Sight {
            map,
            grid: map.hex_grid().expect("grid"),
        }
    }

    fn id(&self, h: Hex) -> String {
        self.grid.to_id(h).expect("on map").to_string()
    }

    /// `Some(true)` if the side from `a` to `b` is a slope going up, `Some(false)` down.
    fn slope(&self, a: Hex, b: Hex) -> Option<bool> {
        let (ia, ib) = (self.id(a), self.id(b));
        self.map
            .features_between(&ia, &ib)
            .into_iter()
            .find(|f| f.feature == "slope")
            .map(|f| f.toward.as_deref() == Some(ib.as_str()))
    }

    fn clear_along(&self, seq: &[Hex], units: &BTreeSet<Hex>) -> bool {
        for w in seq.windows(2) {
            assert_eq!(w[0].distance(w[1]), 1, "consecutive hexes of a line");
        }
        let n = seq.len() - 1;
        let mut slopes: Vec<(usize, bool)> = (0..n)
            .filter_map(|i| self.slope(seq[i], seq[i + 1]).map(|up| (i, up)))
            .collect();
        let mut low = BTreeSet::new();
        while let Some(k) =
            (0..slopes.len().saturating_sub(1)).find(|&k| !slopes[k].1 && slopes[k + 1].1)
        {
            low.extend(slopes[k].0 + 1..=slopes[k + 1].0);
            slopes.drain(k..k + 2);
        }
        if let (Some(first), Some(last)) = (slopes.first(), slopes.last()) {
            let up = first.1;
            let one_way = slopes.iter().all(|s| s.1 == up);
            let successive = slopes.windows(2).all(|w| w[1].0 == w[0].0 + 1);
            let at_high_end = if up { last.0 == n - 1 } else { first.0 == 0 };
            if !(one_way && successive && at_high_end) {
                return false;
            }
        }
        for (x, h) in seq.iter().enumerate().take(n).skip(1) {
            let id = self.id(*h);
            if self
                .map
                .terrain_of(&id)
                .iter()
                .any(|t| *t == "woods" || *t == "town")
            {
                return false;
            }
            if units.contains(h) {
                let below_source = x == 1 && slopes.first() == Some(&(0, false));
                let below_target = x == n - 1 && slopes.last() == Some(&(n - 1, true));
                if !(low.contains(&x) || below_source || below_target) {
                    return false;
                }
            }
        }
        true
    }

    fn clear(&self, a: &str, b: &str, units: &[&str]) -> bool {
        let (ha, hb) = (
            self.map.hex_of(a).expect("a"),
            self.map.hex_of(b).expect("b"),
        );
        let units: BTreeSet<Hex> = units
            .iter()
            .map(|u| self.map.hex_of(u).expect("unit hex"))
            .collect();
        let mut options: Vec<Vec<Hex>> = vec![vec![ha]];
        for step in los::trace(ha, hb) {
            let choices = match step {
                LosStep::Hex(h) => vec![h],
                LosStep::Hexside(x, y) => vec![x, y],
                LosStep::Corner(_) => continue,
            };
            options = options
                .into_iter()
                .flat_map(|o| {
                    choices.iter().map(move |c| {
                        let mut o = o.clone();
                        o.push(*c);
                        o
                    })
                })
                .collect();
        }
        options.into_iter().any(|mut o| {
            o.push(hb);
            self.clear_along(&o, &units)
        })
    }

    fn check(&self, a: &str, b: &str, units: &[&str], expected: bool) {
        assert_eq!(self.clear(a, b, units), expected, "LOS {a}->{b}");
        assert_eq!(self.clear(b, a, units), expected, "LOS {b}->{a}");
    }
}

#[test]
fn r8_2_1_zorndorf_2104_sees_2102_and_2105_does_not_see_2103() {
    let lib = library();
    let s = scenario(&lib, "zorndorf");
    let f = s.map.features_between("2103", "2104");
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].feature.as_str(), f[0].toward.as_deref()),
        ("slope", Some("2104"))
    );
    let sight = Sight::new(&s.map);
    sight.check("2104", "2102", &[], true);
    sight.check("2105", "2103", &[], false);
}

#[test]
fn r8_2_1_1_zorndorf_low_ground_2105_sees_2107_2108_2207() {
    let lib = library();
    let s = scenario(&lib, "zorndorf");
    let sight = Sight::new(&s.map);
    for t in ["2107", "2108", "2207"] {
        sight.check("2105", t, &[], true);
    }
}

#[test]
fn r8_2_1_1_zorndorf_long_slope_1724_sees_1923_2023_not_1922_1423() {
    let lib = library();
    let s = scenario(&lib, "zorndorf");
    let sight = Sight::new(&s.map);
    sight.check("1724", "1923", &[], true);
    sight.check("1724", "2023", &[], true);
    sight.check("1724", "1922", &[], false);
    sight.check("1724", "1423", &[], false);
}

#[test]
fn r8_2_2_leuthen_sighting_over_units() {
    let lib = library();
    let s = scenario(&lib, "leuthen");
    let m = &s.map;
    for (a, b) in [("3512", "3513"), ("3512", "3613")] {
        let f = m.features_between(a, b);
        assert_eq!(f.len(), 1, "{a}/{b}");
        assert_eq!(
            (f[0].feature.as_str(), f[0].toward.as_deref()),
            ("slope", Some(a))
        );
    }
    // 3615 lies between two opposite slopes on the line 3617-3512.
    for n in ["3616", "3514"] {
        let f = m.features_between("3615", n);
        assert_eq!(f.len(), 1, "3615/{n}");
        assert_eq!(f[0].toward.as_deref(), Some(n));
    }
    let sight = Sight::new(m);
    sight.check("3617", "3512", &["3615"], true);
    sight.check("3512", "3614", &["3513", "3613"], true);
    // Units elsewhere on those lines still block: the exceptions are narrow.
    sight.check("3617", "3512", &["3514"], false);
}

#[test]
fn r8_1_leuthen_example_hexes() {
    let lib = library();
    let s = scenario(&lib, "leuthen");
    let m = &s.map;
    for h in ["3106", "3107", "3207", "3305"] {
        assert!(m.hex_of(h).is_some(), "{h}");
    }
    assert!(adjacent(m, "3207", "3106") && adjacent(m, "3207", "3107"));
    let d = |a: &str, b: &str| m.hex_of(a).expect("a").distance(m.hex_of(b).expect("b"));
    assert_eq!((d("3305", "3106"), d("3305", "3107")), (2, 3));
    // No set-up unit sits in a hex of the 8.1 or 8.2.2 examples.
    let example = [
        "3106", "3107", "3207", "3305", "3617", "3616", "3615", "3514", "3513", "3512", "3613",
        "3614",
    ];
    assert!(placed(&s).iter().all(|(_, h, _)| !example.contains(h)));
}

#[test]
fn slopes_are_placed_wherever_adjacent_levels_differ() {
    let lib = library();
    for b in BATTLES {
        let s = scenario(&lib, b);
        let m = &s.map;
        let level = |id: &str| m.hexes.get(id).and_then(|e| e.elevation).unwrap_or(0);
        for h in &m.hexsides {
            if h.feature != "slope" {
                continue;
            }
            let [a, c] = h.between.as_ref().expect("between");
            let high = h.toward.as_deref().expect("toward");
            let low = if high == a { c } else { a };
            assert_eq!(level(high), level(low) + 1, "{b}: slope {a}/{c}");
        }
        let slopes = m.hexsides.iter().filter(|h| h.feature == "slope").count();
        assert!(slopes > 0, "{b} has slopes");
    }
}

// ------------------------------------------------------------------------------------------
// Training

#[test]
fn training_holds_the_rulebook_example_units() {
    let lib = library();
    let s = scenario(&lib, "training");
    let units = &s.counters[0].counters;
    let find = |side: &str, t: &str, k: &str, line: [i64; 3]| {
        units
            .iter()
            .any(|c| c.side == side && c.unit_type == t && ints(c, k).as_deref() == Some(&line[..]))
    };
    assert!(find("prussian", "infantry", "s3", [7, 5, 3]));
    assert!(find("prussian", "infantry", "s4", [8, 6, 3]));
    assert!(find("prussian", "infantry", "s2", [5, 5, 3]));
    for line in [[3, 3, 5], [4, 3, 3], [4, 4, 3]] {
        assert!(find("coalition", "infantry", "s2", line), "{line:?}");
    }
    assert!(find("coalition", "infantry", "s1", [2, 2, 2]));
    let shock: Vec<(String, i64)> = units
        .iter()
        .filter(|c| c.unit_type == "cavalry")
        .map(|c| (c.side.clone(), int(c, "shock").expect("shock")))
        .collect();
    let prussian: i64 = shock
        .iter()
        .filter(|x| x.0 == "prussian")
        .map(|x| x.1)
        .sum();
    assert_eq!(prussian, 4, "cuirassier + two dragoons (10.5.1)");
    assert!(shock.contains(&("coalition".to_string(), 0)), "the hussar");
    assert_eq!(
        units.iter().filter(|c| c.unit_type == "artillery").count(),
        4
    );
    // The 10.8.1.4 example stack: 7-5-3 on top of 8-6-3.
    let p = placed(&s);
    let stack: Vec<i64> = p
        .iter()
        .filter(|(c, h, _)| *h == p[0].1 && c.unit_type == "infantry")
        .map(|(c, _, _)| int(c, "steps").expect("steps"))
        .collect();
    assert_eq!(stack, vec![3, 4]);
    assert_eq!(rules(&s)["battle_scenario"], true);
    assert_eq!((s.scenario.turns.first, s.scenario.turns.last), (1, 6));
    assert!((s.map.grid.sheets[0].columns, s.map.grid.sheets[0].rows) == ([1, 12], [1, 10]));
}
