//! Austerlitz scenario data (docs/nbs-scenarios.md): the map, the two counter sets and
//! scenarios 1-5 under `scenarios/nbs/` (`maps/`, `counters/`, `scenarios/`), checked against
//! the rulebook (AUS 7.x, the Austerlitz errata) and against the regenerated files of
//! `tools/nbs-scenarios/gen.py`.

use std::collections::BTreeMap;

use grognard::data::{Counter, Kind, Library, Provenance, ResolvedScenario, Value};

fn lib() -> Library {
    Library::builtin().unwrap_or_else(|e| panic!("{e}"))
}

fn scen(n: u32) -> ResolvedScenario {
    lib()
        .scenario(&format!("nbs/austerlitz-{n}"))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn text<'a>(c: &'a Counter, k: &str) -> Option<&'a str> {
    c.values
        .get(k)
        .and_then(|v| v.value.as_ref())
        .and_then(Value::as_str)
}

fn is_combat(c: &Counter) -> bool {
    matches!(c.unit_type.as_str(), "infantry" | "cavalry" | "artillery")
}

/// (side, combat units, leaders) in the set-up and in the reinforcements.
fn counts(s: &ResolvedScenario) -> [(usize, usize, usize, usize); 2] {
    let mut out = [(0, 0, 0, 0); 2];
    for (i, side) in ["allied", "french"].iter().enumerate() {
        for p in &s.scenario.setup {
            let c = s.counter(&p.unit).expect("unit");
            if c.side == *side {
                if is_combat(c) {
                    out[i].0 += 1;
                } else if c.unit_type == "leader" {
                    out[i].1 += 1;
                }
            }
        }
        for r in &s.scenario.reinforcements {
            let c = s.counter(&r.unit).expect("unit");
            if c.side == *side {
                if is_combat(c) {
                    out[i].2 += 1;
                } else if c.unit_type == "leader" {
                    out[i].3 += 1;
                }
            }
        }
    }
    out
}

fn setup_hex<'a>(s: &'a ResolvedScenario, unit: &str) -> &'a str {
    let p = s
        .scenario
        .setup
        .iter()
        .find(|p| p.unit == unit)
        .unwrap_or_else(|| panic!("{unit} not set up"));
    &p.hex[0]
}

fn arrival(s: &ResolvedScenario, unit: &str) -> (u32, String) {
    let r = s
        .scenario
        .reinforcements
        .iter()
        .find(|r| r.unit == unit)
        .unwrap_or_else(|| panic!("{unit} not a reinforcement"));
    (r.turn, r.place.clone().unwrap_or_default())
}

fn dist(s: &ResolvedScenario, a: &str, b: &str) -> i32 {
    let ha = s.map.hex_of(a).expect("hex a");
    let hb = s.map.hex_of(b).expect("hex b");
    ha.distance(hb) as i32
}

fn place_hexes(s: &ResolvedScenario, id: &str) -> Vec<String> {
    s.map
        .place(id)
        .unwrap_or_else(|| panic!("no place {id}"))
        .hexes
        .clone()
}

fn near_place(s: &ResolvedScenario, hex: &str, place: &str, radius: i32) -> bool {
    place_hexes(s, place)
        .iter()
        .any(|h| dist(s, hex, h) <= radius)
}

#[test]
fn every_scenario_resolves() {
    let lib = lib();
    for n in 1..=5 {
        let s = lib
            .scenario(&format!("nbs/austerlitz-{n}"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.map.id, "nbs/austerlitz");
        assert_eq!(s.counters.len(), 2);
        assert!(!s.charts.is_empty());
        // AUS 5.2: the Allied player moves first in every scenario.
        assert_eq!(s.scenario.sides[0].id, "allied");
        assert_eq!(s.scenario.rules["first_player"], "allied");
    }
}

#[test]
fn aus7_turns_and_labels() {
    for (n, last, first_label, last_label) in [
        (1, 9, "Dec 2 06:00", "Dec 2 10:00"),
        (2, 8, "Dec 2 09:00", "Dec 2 12:30"),
        (3, 23, "Dec 2 06:00", "Dec 2 17:00"),
        (4, 23, "Dec 2 06:00", "Dec 2 17:00"),
        (5, 50, "Dec 1 10:00", "Dec 2 17:00"),
    ] {
        let t = &scen(n).scenario.turns;
        assert_eq!((t.first, t.last), (1, last), "scenario {n}");
        assert_eq!(t.labels["1"], first_label, "scenario {n}");
        assert_eq!(t.labels[&last.to_string()], last_label, "scenario {n}");
    }
}

#[test]
fn counter_sets_follow_the_order_of_battle() {
    let lib = lib();
    let fr = lib.counters("nbs/austerlitz-french").expect("french");
    let al = lib.counters("nbs/austerlitz-allied").expect("allied");
    let tally = |cs: &[Counter]| {
        let mut m = BTreeMap::new();
        for c in cs {
            *m.entry(c.unit_type.clone()).or_insert(0) += 1;
        }
        m
    };
    let f = tally(&fr.counters);
    assert_eq!(f["infantry"] + f["cavalry"], 46);
    assert_eq!(f["artillery"], 1);
    assert_eq!(f["leader"], 22);
    let a = tally(&al.counters);
    assert_eq!(a["infantry"] + a["cavalry"], 36);
    assert_eq!(a["leader"], 14, "13 leaders and the AUS 4.2c replacement");
    // 24.0a and the Austerlitz Rules Update: the heavy cavalry.
    let heavy: Vec<&str> = fr
        .counters
        .iter()
        .chain(&al.counters)
        .filter(|c| {
            matches!(
                c.values.get("heavy").and_then(|v| v.value.as_ref()),
                Some(Value::Bool(true))
            )
        })
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(
        heavy,
        [
            "1-1HC-C", "2-1HC-C", "3-1HC-C", "1-2HC-C", "2-2HC-C", "1c-IG", "3-Rgt", "1,2-1-Cv",
            "2b-Gd"
        ]
    );
    // AUS 3.2c: the Right is three infantry and four cavalry brigades.
    let right: Vec<&Counter> = al
        .counters
        .iter()
        .filter(|c| text(c, "division") == Some("Right"))
        .collect();
    assert_eq!(
        right.iter().filter(|c| c.unit_type == "infantry").count(),
        3
    );
    assert_eq!(right.iter().filter(|c| c.unit_type == "cavalry").count(), 4);
}

#[test]
fn aus3_1_emperors_and_aus4_2a_katusov() {
    let lib = lib();
    let al = lib.counters("nbs/austerlitz-allied").expect("allied");
    for id in ["L-Alexander-I", "L-Francis-I"] {
        let c = al.counter(id).expect(id);
        let int = |k: &str| c.values[k].value.as_ref().and_then(Value::as_int);
        assert_eq!(int("rating"), Some(0));
        assert_eq!(int("morale_rating"), Some(4));
    }
    let k = al.counter("L-Katusov").expect("Katusov");
    assert_eq!(
        k.values["rating_inverted"]
            .value
            .as_ref()
            .and_then(Value::as_int),
        Some(3)
    );
    // The front-side rating is not in the text: a provisional 2.
    let r = &k.values["rating"];
    assert_eq!(r.value.as_ref().and_then(Value::as_int), Some(2));
    assert!(
        r.provenance
            .as_ref()
            .is_some_and(Provenance::is_provisional)
    );
}

#[test]
fn aus1_4_battery_4b_is_heavy_foot_5_gun_points() {
    let lib = lib();
    let c = lib
        .counters("nbs/austerlitz-french")
        .and_then(|s| s.counter("4b(h-f)"))
        .expect("4b");
    assert_eq!(
        c.values["gun_points"]
            .value
            .as_ref()
            .and_then(Value::as_int),
        Some(5)
    );
    assert_eq!(text(c, "weight"), Some("heavy"));
    assert_eq!(text(c, "class"), Some("foot"));
}

#[test]
fn aus7_1_scenario_1_counts() {
    let s = scen(1);
    // Allied: AG-L (4), 1-L (6), 2-L (5); leaders Keinmeyer, Buxhowden, Doctorov, Langeron;
    // 3-L (its leader; brigades not in the text) at 7:30.
    // French: Ind-C-4, 1-3-4, 2-3-4, 3-3-4, 4b; LeGrand; 3 Corps (5 brigades, Davout, Friant,
    // Bourcier, HQ) at 8:00.
    assert_eq!(counts(&s), [(15, 4, 0, 1), (5, 1, 5, 3)]);
}

#[test]
fn aus7_1_scenario_1_french_setup() {
    let s = scen(1);
    assert!(near_place(&s, setup_hex(&s, "Ind-C-4"), "telnitz", 1));
    assert!(near_place(&s, setup_hex(&s, "1-3-4"), "telnitz", 1));
    assert!(near_place(&s, setup_hex(&s, "2-3-4"), "sokolnitz", 1));
    assert!(place_hexes(&s, "pheasant-garden").contains(&setup_hex(&s, "3-3-4").to_string()));
    let b = setup_hex(&s, "4b(h-f)");
    assert!(
        ["1-3-4", "2-3-4", "3-3-4"]
            .iter()
            .any(|u| dist(&s, b, setup_hex(&s, u)) <= 1)
    );
    assert_eq!(
        arrival(&s, "1-2-3"),
        (5, "entry-f".into()),
        "3 Corps at 8:00"
    );
    assert_eq!(arrival(&s, "L-Davout").0, 5);
}

#[test]
fn aus7_1_scenario_1_allied_setup() {
    let s = scen(1);
    for u in ["1-AG-L", "2-AG-L", "3-AG-L", "4-AG-L"] {
        assert!(dist(&s, setup_hex(&s, u), "B30.20") <= 3, "{u}");
    }
    for u in ["1-1-L", "Y2-1-L", "G3-1-L", "L-Buxhowden"] {
        assert!(dist(&s, setup_hex(&s, u), "B40.25") <= 3, "{u}");
    }
    for u in ["1-2-L", "F3-2-L"] {
        assert!(dist(&s, setup_hex(&s, u), "B35.35") <= 3, "{u}");
    }
    assert_eq!(
        arrival(&s, "L-Przybyczewsky"),
        (4, "map-b-north-edge-25-29".into()),
        "3-L at 7:30"
    );
    // Map B only.
    for p in &s.scenario.setup {
        assert!(p.hex[0].starts_with('B'), "{} on {}", p.unit, p.hex[0]);
    }
}

#[test]
fn aus7_2_scenario_2_setup() {
    let s = scen(2);
    assert_eq!(counts(&s), [(11, 2, 0, 0), (18, 9, 0, 0)]);
    assert!(s.scenario.reinforcements.is_empty());
    for u in ["1-1-5", "3-3-5", "Ind-C-5"] {
        assert!(dist(&s, setup_hex(&s, u), "A40.30") <= 5, "{u}");
    }
    for u in ["1-1HC-C", "1-3D-4", "3-C-1"] {
        assert!(dist(&s, setup_hex(&s, u), "A32.25") <= 5, "{u}");
    }
    for u in ["J1-Rgt", "5-Rgt"] {
        assert!(dist(&s, setup_hex(&s, u), "A58.29") <= 3, "{u}");
    }
    assert!(dist(&s, setup_hex(&s, "1,2-1-Cv"), "A44.25") <= 3);
    // G-5 is not in play; every hex north of row A15.
    assert!(!s.scenario.setup.iter().any(|p| p.unit == "1-G-5"));
    for p in &s.scenario.setup {
        let row: u32 = p.hex[0][4..].parse().unwrap();
        assert!(p.hex[0].starts_with('A') && row > 15, "{}", p.hex[0]);
    }
}

#[test]
fn aus7_3_scenario_3_setup() {
    let s = scen(3);
    assert_eq!(counts(&s), [(29, 12, 7, 1), (42, 19, 5, 3)]);
    // Errata: Napoleon and the Army HQ at A28.29, not A28.28.
    assert_eq!(setup_hex(&s, "L-Napoleon"), "A28.29");
    assert_eq!(setup_hex(&s, "HQ-French-Army"), "A28.29");
    for u in [
        "L-Alexander-I",
        "L-Francis-I",
        "L-Katusov",
        "HQ-Allied-Army",
    ] {
        assert_eq!(setup_hex(&s, u), "A53.08", "{u}");
    }
    assert!(dist(&s, setup_hex(&s, "1i-IG"), "A18.27") <= 2);
    assert!(dist(&s, setup_hex(&s, "1-G-5"), "A25.25") <= 2);
    assert!(dist(&s, setup_hex(&s, "1-1-5"), "A41.30") <= 6);
    assert!(dist(&s, setup_hex(&s, "1-1-1"), "A15.30") <= 3);
    assert!(
        dist(&s, setup_hex(&s, "1-C-1"), "A13.25") <= 3,
        "C-1 with C Corps"
    );
    assert!(
        dist(&s, setup_hex(&s, "2-3D-4"), "A13.25") <= 3,
        "3D-4 with C Corps"
    );
    assert!(near_place(&s, setup_hex(&s, "1-1-4"), "puntowitz", 3));
    assert!(dist(&s, setup_hex(&s, "L-Przybyczewsky"), "A42.07") <= 4);
    assert!(dist(&s, setup_hex(&s, "H1-3-Cv"), "B34.25") <= 3);
    assert!(dist(&s, setup_hex(&s, "2b-2-C"), "A50.07") <= 5);
    assert!(dist(&s, setup_hex(&s, "2b-Gd"), "A60.05") <= 3);
    assert_eq!(arrival(&s, "J1-Rgt"), (6, "entry-a".into()), "Rgt at 8:30");
    assert_eq!(
        arrival(&s, "2-4D-3"),
        (5, "entry-f".into()),
        "3 Corps at 8:00"
    );
    assert_eq!(s.scenario.victory.len(), 4, "AUS 6.1-6.4");
}

#[test]
fn aus7_4_scenario_4_is_scenario_3_with_free_allied_orders() {
    let (s3, s4) = (scen(3), scen(4));
    let hexes = |s: &ResolvedScenario| -> Vec<(String, Vec<String>)> {
        s.scenario
            .setup
            .iter()
            .map(|p| (p.unit.clone(), p.hex.clone()))
            .collect()
    };
    assert_eq!(hexes(&s3), hexes(&s4));
    let arrivals = |s: &ResolvedScenario| -> Vec<(String, u32, Option<String>)> {
        s.scenario
            .reinforcements
            .iter()
            .map(|r| (r.unit.clone(), r.turn, r.place.clone()))
            .collect()
    };
    assert_eq!(arrivals(&s3), arrivals(&s4));
    assert_eq!(
        s4.scenario.rules["allied_orders_written_before_french_setup"],
        true
    );
}

#[test]
fn aus7_5_scenario_5_setup() {
    let s = scen(5);
    assert!(
        s.scenario
            .setup
            .iter()
            .all(|p| s.counter(&p.unit).unwrap().side == "french"),
        "no Allied unit starts on the map"
    );
    assert_eq!(counts(&s), [(0, 0, 36, 13), (42, 19, 5, 3)]);
    // A28.28 as printed (the errata corrects 7.3 only).
    assert_eq!(setup_hex(&s, "L-Napoleon"), "A28.28");
    assert!(dist(&s, setup_hex(&s, "1-1-5"), "A34.32") <= 6);
    assert!(
        dist(&s, setup_hex(&s, "1-C-1"), "A15.30") <= 5,
        "C-1 with 1 Corps"
    );
    assert!(
        near_place(&s, setup_hex(&s, "1-3D-4"), "puntowitz", 5),
        "3D-4 with 4 Corps"
    );
    for (u, town) in [
        ("1-3-4", "kobelnitz"),
        ("2-3-4", "sokolnitz"),
        ("3-3-4", "telnitz"),
    ] {
        assert!(
            place_hexes(&s, town).contains(&setup_hex(&s, u).to_string()),
            "{u}"
        );
    }
    // 3 Corps at 8:00 Dec 2 (turn 32) along the west edge of map B.
    assert_eq!(s.scenario.turns.labels["32"], "Dec 2 08:00");
    assert_eq!(arrival(&s, "1-2-3"), (32, "map-b-west-edge".into()));
    // Allied columns arrive on hour turns at entries A-E, one column per entry per turn.
    let mut seen = BTreeMap::new();
    for r in &s.scenario.reinforcements {
        let c = s.counter(&r.unit).unwrap();
        if c.side != "allied" {
            continue;
        }
        let label = &s.scenario.turns.labels[&r.turn.to_string()];
        assert!(label.ends_with(":00"), "{label}");
        let place = r.place.clone().unwrap();
        assert!(["entry-a", "entry-b", "entry-c", "entry-d", "entry-e"].contains(&place.as_str()));
        let col = r.fields["column"].as_str().unwrap().to_string();
        let prev = seen.insert((r.turn, place.clone()), col.clone());
        assert!(
            prev.is_none() || prev == Some(col),
            "two columns at {place}"
        );
    }
    assert_eq!(s.scenario.rules["allied_arrival"]["success"], 9);
}

#[test]
fn every_named_place_is_on_the_map() {
    let s = scen(3);
    for id in [
        "telnitz",
        "sokolnitz",
        "kobelnitz",
        "puntowitz",
        "blaswitz",
        "pheasant-garden",
        "santon-redoubt",
        "santon-hill",
        "sokolnitz-castle",
        "goldbach-stream",
        "ricka-brook",
        "olmutz-road",
        "entry-c-road",
        "pratzen-heights",
        "stare-vinohrady",
        "satchan-pond",
        "entry-a",
        "entry-b",
        "entry-c",
        "entry-d",
        "entry-e",
        "entry-f",
        "map-b-north-edge-25-29",
        "map-b-west-edge",
    ] {
        for h in place_hexes(&s, id) {
            assert!(s.map.contains(&h), "{id}: {h}");
        }
    }
    assert_eq!(s.map.places.len(), 24);
}

#[test]
fn aus1_0_special_hexes_with_errata() {
    let s = scen(3);
    assert_eq!(place_hexes(&s, "santon-redoubt"), ["A34.32"]);
    assert_eq!(s.map.terrain_of("A34.32"), ["redoubt"]);
    assert_eq!(place_hexes(&s, "sokolnitz-castle"), ["B17.29"]);
    assert_eq!(
        place_hexes(&s, "pheasant-garden"),
        ["B19.28", "B19.29", "B19.30"]
    );
    assert_eq!(place_hexes(&s, "entry-c"), ["A63.07"]);
    for id in ["santon-redoubt", "sokolnitz-castle"] {
        let p = s.map.place(id).unwrap();
        assert_eq!(p.fields["max_infantry_units"], 1);
        assert_eq!(p.fields["max_gun_points"], 2);
        assert!(matches!(p.provenance, Some(Provenance::Rulebook { .. })));
    }
    // Towns are named in the text but their hexes are not: provisional.
    assert!(
        s.map
            .place("telnitz")
            .unwrap()
            .provenance
            .as_ref()
            .is_some_and(Provenance::is_provisional)
    );
}

#[test]
fn provisional_parts_are_reported() {
    for n in 1..=5 {
        let s = scen(n);
        let parts = s.provisional_parts();
        let map = parts
            .iter()
            .find(|p| p.kind == Kind::Map)
            .expect("map reported");
        assert!(map.provisional);
        for id in ["nbs/austerlitz-french", "nbs/austerlitz-allied"] {
            let c = parts
                .iter()
                .find(|p| p.kind == Kind::Counters && p.id == id)
                .expect("counters reported");
            // The OB is rulebook; the counter values are provisional, none missing.
            assert!(
                !c.provisional && c.provisional_items > 0 && c.missing_values == 0,
                "{id}"
            );
        }
        let sc = parts
            .iter()
            .find(|p| p.kind == Kind::Scenario)
            .expect("scenario reported");
        assert!(sc.provisional_items > 0);
        assert!(s.check_strict().is_err());
    }
}

#[test]
fn generator_reproduces_the_files() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::process::Command::new("python3")
        .arg(root.join("tools/nbs-scenarios/gen.py"))
        .arg("--check")
        .output();
    match out {
        Ok(o) => assert!(
            o.status.success(),
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => eprintln!("python3 not available, skipped: {e}"),
    }
}

// ---- Provisional counter values, divisions, turn record, elevations (docs/nbs-scenarios.md) ----

const FIRE_LEVELS: [&str; 7] = ["C", "B", "A", "AB", "AA", "AAB", "AAA"];

fn cell_int(c: &Counter, k: &str) -> Option<i64> {
    c.values
        .get(k)
        .and_then(|v| v.value.as_ref())
        .and_then(Value::as_int)
}

fn is_provisional(c: &Counter, k: &str) -> bool {
    c.values
        .get(k)
        .and_then(|v| v.provenance.as_ref())
        .is_some_and(Provenance::is_provisional)
}

/// "AB2 A4 B4 C3" -> [(3, 2), (2, 4), (1, 4), (0, 3)] (fire-level index, boxes).
fn loss_segments(chart: &str) -> Vec<(usize, i64)> {
    chart
        .split_whitespace()
        .map(|seg| {
            let cut = seg
                .find(|ch: char| ch.is_ascii_digit())
                .unwrap_or_else(|| panic!("segment {seg:?} has no box count"));
            let (label, n) = seg.split_at(cut);
            let level = FIRE_LEVELS
                .iter()
                .position(|l| *l == label)
                .unwrap_or_else(|| panic!("segment {seg:?}: unknown fire level {label:?}"));
            (level, n.parse().expect("box count"))
        })
        .collect()
}

fn all_counters(lib: &Library) -> Vec<Counter> {
    ["nbs/austerlitz-french", "nbs/austerlitz-allied"]
        .iter()
        .flat_map(|id| lib.counters(id).expect(id).counters.clone())
        .collect()
}

#[test]
fn every_brigade_has_consistent_provisional_values() {
    let lib = lib();
    let mut n = 0;
    for c in all_counters(&lib) {
        if !matches!(c.unit_type.as_str(), "infantry" | "cavalry") {
            continue;
        }
        n += 1;
        let id = &c.id;
        let fl = text(&c, "fire_level").unwrap_or_else(|| panic!("{id}: fire level"));
        let level = FIRE_LEVELS
            .iter()
            .position(|l| *l == fl)
            .unwrap_or_else(|| panic!("{id}: fire level {fl:?}"));
        let morale = text(&c, "morale").unwrap_or_else(|| panic!("{id}: morale"));
        assert!(
            ["A", "B", "C", "D", "E"].contains(&morale),
            "{id}: {morale}"
        );
        let boxes = cell_int(&c, "loss_boxes").unwrap_or_else(|| panic!("{id}: loss boxes"));
        let segs = loss_segments(text(&c, "loss_chart").unwrap_or_else(|| panic!("{id}")));
        assert_eq!(segs.iter().map(|s| s.1).sum::<i64>(), boxes, "{id}");
        assert_eq!(segs[0].0, level, "{id}: first segment is the fire level");
        assert!(segs.iter().all(|s| s.1 > 0), "{id}");
        assert!(
            segs.windows(2).all(|w| w[0].0 > w[1].0),
            "{id}: levels descend"
        );
        let wreck = cell_int(&c, "wreck_boxes").unwrap_or_else(|| panic!("{id}: wreck"));
        assert!(0 < wreck && wreck < boxes, "{id}: {wreck} of {boxes}");
        if c.unit_type == "infantry" {
            let sk = cell_int(&c, "skirmisher_boxes").unwrap_or_else(|| panic!("{id}"));
            assert!((0..=3).contains(&sk), "{id}: {sk}");
        } else {
            assert!(!c.values.contains_key("skirmisher_boxes"), "{id}");
        }
        for k in [
            "fire_level",
            "morale",
            "loss_boxes",
            "loss_chart",
            "wreck_boxes",
        ] {
            assert!(is_provisional(&c, k), "{id}: {k} is provisional");
        }
    }
    assert_eq!(n, 82);
}

#[test]
fn loss_chart_rows_follow_the_20_6_example() {
    // 20.6: an eight-box A brigade reads A1 B4 C3.
    let lib = lib();
    for c in all_counters(&lib) {
        if cell_int(&c, "loss_boxes") == Some(8) {
            assert_eq!(text(&c, "loss_chart"), Some("A1 B4 C3"), "{}", c.id);
        }
    }
}

#[test]
fn every_leader_has_a_rating_0_to_4() {
    let lib = lib();
    let mut n = 0;
    for c in all_counters(&lib) {
        if c.unit_type != "leader" {
            continue;
        }
        n += 1;
        let r = cell_int(&c, "rating").unwrap_or_else(|| panic!("{}: rating", c.id));
        assert!((0..=4).contains(&r), "{}: {r}", c.id);
        assert_eq!(cell_int(&c, "anti_initiative"), Some(0), "{}", c.id);
        let emperor = matches!(c.id.as_str(), "L-Alexander-I" | "L-Francis-I");
        assert_eq!(is_provisional(&c, "rating"), !emperor, "{}", c.id);
    }
    assert_eq!(n, 36, "35 leaders and the AUS 4.2c replacement");
    let get = |id: &str| {
        let c = all_counters(&lib).into_iter().find(|c| c.id == id).unwrap();
        cell_int(&c, "rating")
    };
    assert_eq!(get("L-Napoleon"), Some(4));
    assert_eq!(get("L-Davout"), Some(4));
    assert_eq!(get("L-Bagration"), Some(3));
}

#[test]
fn every_division_is_in_the_division_chart() {
    let lib = lib();
    let chart = lib
        .chart("nbs/austerlitz-divisions")
        .expect("division chart");
    assert!(chart.provenance.is_provisional());
    for c in all_counters(&lib) {
        for k in ["division", "wreck_division"] {
            if let Some(d) = text(&c, k) {
                let r = chart
                    .row_index(d)
                    .unwrap_or_else(|| panic!("{}: {k} {d} not in the chart", c.id));
                let line = chart
                    .cell_at(r, "wreck_line")
                    .and_then(|v| v.value.as_ref());
                assert!(line.and_then(Value::as_int).is_some_and(|l| l >= 1), "{d}");
            }
        }
    }
    // The Austerlitz rules give no elite values (25.6).
    for i in 0..chart.rows.len() {
        let v = chart
            .cell_at(i, "elite_value")
            .and_then(|v| v.value.as_ref());
        assert_eq!(v.and_then(Value::as_int), Some(0));
    }
    for n in 1..=5 {
        let s = scen(n);
        for id in ["nbs/austerlitz-divisions", "nbs/austerlitz-turn-record"] {
            assert!(s.scenario.charts.iter().any(|c| c == id), "{n}: {id}");
        }
    }
}

#[test]
fn turn_record_covers_every_scenario_turn() {
    let lib = lib();
    let chart = lib
        .chart("nbs/austerlitz-turn-record")
        .expect("turn record");
    assert_eq!(chart.rows.len(), 50);
    let get = |label: &str, col: &str| -> String {
        let v = chart
            .get(label, col, grognard::data::Mode::Lenient)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("{label} {col} missing"));
        match v {
            Value::Bool(b) => b.to_string(),
            v => v.as_str().expect("text").to_string(),
        }
    };
    for n in 1..=5 {
        let s = scen(n);
        for label in s.scenario.turns.labels.values() {
            assert!(chart.row_index(label).is_some(), "{n}: {label}");
        }
    }
    // AUS 5.1: fog 6:00-9:30 Dec 2, the last two only at level 5 or lower.
    assert_eq!(get("Dec 2 06:00", "visibility"), "2");
    assert_eq!(get("Dec 2 09:30", "fog_low_only"), "true");
    assert_eq!(get("Dec 2 08:30", "fog_low_only"), "false");
    assert_eq!(get("Dec 2 10:00", "visibility"), "unlimited");
    // 28.0b: night visibility is one hex.
    assert_eq!(get("Dec 2 02:00", "night"), "true");
    assert_eq!(get("Dec 2 02:00", "visibility"), "1");
    assert!(
        chart
            .get("Dec 2 06:00", "visibility", grognard::data::Mode::Strict)
            .is_err(),
        "provisional"
    );
}

fn map_ids() -> Vec<String> {
    let mut out = Vec::new();
    for sheet in ['A', 'B'] {
        for col in 1..=63 {
            for row in 1..=35 {
                out.push(format!("{sheet}{col:02}.{row:02}"));
            }
        }
    }
    out
}

#[test]
fn every_hex_has_an_elevation() {
    let s = scen(3);
    let lvl = |h: &str| -> i32 {
        s.map
            .hexes
            .get(h)
            .and_then(|e| e.elevation)
            .unwrap_or_else(|| panic!("{h}: no elevation"))
    };
    let ids = map_ids();
    assert_eq!(ids.len(), 4410);
    for h in &ids {
        assert!(s.map.contains(h), "{h}");
        assert!((1..=10).contains(&lvl(h)), "{h}: {}", lvl(h));
    }
    // Stare Vinohrady is the top of the Pratzen; the Goldbach and the pond are low.
    let top = ids.iter().map(|h| lvl(h)).max().unwrap();
    assert_eq!(lvl("A40.14"), top);
    // The Pratzen is high ground: most of it at 6 or more, its corners no lower than 4.
    let pratzen = place_hexes(&s, "pratzen-heights");
    assert!(pratzen.iter().all(|h| lvl(h) >= 4));
    let high = pratzen.iter().filter(|h| lvl(h) >= 6).count();
    assert!(high * 4 >= pratzen.len() * 3, "{high} of {}", pratzen.len());
    for id in ["goldbach-stream", "satchan-pond"] {
        for h in place_hexes(&s, id) {
            assert!(lvl(&h) <= 3, "{id} {h}: {}", lvl(&h));
        }
    }
    // Santon Hill stands above its surroundings.
    for h in place_hexes(&s, "santon-hill") {
        if h != "A34.32" {
            assert!(lvl("A34.32") > lvl(&h), "{h}");
        }
    }
    // AUS 7.5: the French set-ups limited to level 6 respect it.
    let s5 = scen(5);
    for p in &s5.scenario.setup {
        if p.fields["zone"].get("level").is_some() {
            assert!(lvl(&p.hex[0]) <= 6, "{} on {}", p.unit, p.hex[0]);
        }
    }
    // Slopes sit where neighbours differ by two or more levels, toward the higher hex.
    for side in &s.map.hexsides {
        if side.feature == "slope" || side.feature == "extreme_slope" {
            let b = side.between.as_ref().expect("between");
            let d = (lvl(&b[0]) - lvl(&b[1])).abs();
            assert!(d >= 2, "{b:?}");
            let up = side.toward.as_deref().expect("toward");
            assert_eq!(lvl(up), lvl(&b[0]).max(lvl(&b[1])), "{b:?}");
        }
    }
}

#[test]
fn strict_mode_refuses_the_provisional_files() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/nbs");
    for f in [
        "counters/austerlitz-french.json",
        "counters/austerlitz-allied.json",
        "charts/austerlitz-divisions.json",
        "charts/austerlitz-turn-record.json",
        "maps/austerlitz.json",
    ] {
        let text = std::fs::read_to_string(root.join(f)).expect(f);
        let file = grognard::data::parse_standalone(f, &text).unwrap_or_else(|e| panic!("{e}"));
        assert!(file.check_strict(f).is_err(), "{f}");
        assert!(
            grognard::data::parse_file_with(f, &text, grognard::data::Mode::Strict).is_err(),
            "{f}"
        );
    }
    for n in 1..=5 {
        assert!(scen(n).check_strict().is_err());
    }
}
