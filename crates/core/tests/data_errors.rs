//! Bad files give a `DataError` naming the file and the JSON path; good fixtures load.

use grognard::data::{self, DataError, DataFile, FlagKind, Kind, Library, Mode, Value};
use serde_json::{Value as Json, json};

const MAP: &str = include_str!("data/pg-geometry-map.json");
const COUNTERS: &str = include_str!("data/pg-geometry-counters.json");
const SCENARIO: &str = include_str!("data/pg-geometry-scenario.json");
const CRT: &str = include_str!("data/pg-test-crt.json");

/// The built-in library plus the pg geometry-check fixtures.
fn fixture_library() -> Library {
    let mut lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    for (name, text) in [
        ("pg-test-crt.json", CRT),
        ("pg-geometry-counters.json", COUNTERS),
        ("pg-geometry-map.json", MAP),
        ("pg-geometry-scenario.json", SCENARIO),
    ] {
        lib.add(name, text).unwrap_or_else(|e| panic!("{e}"));
    }
    lib
}

fn json_of(text: &str) -> Json {
    serde_json::from_str(text).expect("fixture is JSON")
}

/// Adds `text` (as `file`) to the fixture library and returns the error.
fn add_err(file: &str, text: &str) -> DataError {
    let mut lib = fixture_library();
    match lib.add(file, text) {
        Ok(()) => panic!("{file} was accepted"),
        Err(e) => e,
    }
}

fn edited(text: &str, edit: impl FnOnce(&mut Json)) -> String {
    let mut v = json_of(text);
    edit(&mut v);
    serde_json::to_string(&v).expect("serialise")
}

#[test]
fn fixtures_load_and_resolve() {
    let lib = fixture_library();
    lib.validate_all().unwrap_or_else(|e| panic!("{e}"));
    assert!(lib.scenario_ids().contains(&"pg/geometry-check"));
    let s = lib
        .scenario("pg/geometry-check")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.map.id, "pg/geometry-check");
    assert_eq!(s.terrain.id, "pg/terrain");
    assert_eq!(
        s.counter("C-ART").map(|c| c.unit_type.as_str()),
        Some("artillery")
    );
    assert_eq!(s.chart("pg/test-crt").map(|c| c.rows.len()), Some(4));
    assert_eq!(s.map.terrain_of("0606"), vec!["town", "woods"]);
    assert_eq!(s.map.terrain_of("0101"), vec!["clear"]);
    assert_eq!(s.map.features_between("0605", "0505").len(), 1);
    assert!(s.map.contains("0909") && !s.map.contains("1010") && !s.map.contains("1111"));

    let parts = s.provisional_parts();
    let kinds: Vec<(Kind, &str, bool)> = parts
        .iter()
        .map(|p| (p.kind, p.id.as_str(), p.provisional))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (Kind::Scenario, "pg/geometry-check", true),
            (Kind::Map, "pg/geometry-check", true),
            (Kind::Terrain, "pg/terrain", false),
            (Kind::Counters, "pg/geometry-check-counters", true),
            (Kind::Chart, "pg/test-crt", true),
        ]
    );
    let counters = &parts[3];
    assert_eq!(counters.missing_values, 1);
    assert_eq!(counters.file, "pg-geometry-counters.json");
    assert!(
        parts[2].provisional_items > 0,
        "pg terrain has provisional TEC values"
    );
    assert!(s.is_provisional());
    let e = s
        .check_strict()
        .expect_err("provisional scenario refused in strict mode");
    assert_eq!(
        (e.file.as_str(), e.path.as_str()),
        ("pg-geometry-scenario.json", ".")
    );
}

#[test]
fn wrong_terrain_name_points_at_the_field() {
    let text = edited(MAP, |m| m["hexes"]["0707"]["terrain"] = json!("swamp"));
    let e = add_err("bad-map.json", &text);
    assert_eq!(e.file, "bad-map.json");
    assert_eq!(e.path, "hexes.0707.terrain");
    assert!(e.message.contains("unknown terrain \"swamp\""), "{e}");
    // The same check through parse_file (against the built-in terrain) and validate.
    let e = data::parse_file("bad-map.json", &text).expect_err("refused");
    assert_eq!(e.path, "hexes.0707.terrain");
    let e = data::validate("bad-map.json", &text, &fixture_library()).expect_err("refused");
    assert_eq!(e.path, "hexes.0707.terrain");
    assert_eq!(
        e.to_string(),
        format!("bad-map.json: hexes.0707.terrain: {}", e.message)
    );

    let text = edited(MAP, |m| m["hexes"]["0606"] = json!(["town", "wood"]));
    assert_eq!(add_err("bad-map.json", &text).path, "hexes.0606.terrain[1]");
    let text = edited(MAP, |m| m["default_terrain"] = json!("slope"));
    let e = add_err("bad-map.json", &text);
    assert_eq!(e.path, "default_terrain");
    assert!(e.message.contains("hexside feature"), "{e}");
    let text = edited(MAP, |m| m["hexsides"][2]["feature"] = json!("river"));
    assert_eq!(add_err("bad-map.json", &text).path, "hexsides[2].feature");
}

#[test]
fn truncated_json() {
    let cut = &MAP[..MAP.len() / 2];
    let e = data::parse_standalone("cut.json", cut).expect_err("refused");
    assert_eq!(e.file, "cut.json");
    assert!(e.message.contains("EOF"), "{e}");
    assert!(e.message.starts_with("invalid JSON"), "{e}");
    let e = data::parse_standalone("t.json", "{\"format\": \"grognard/1\", \"kind\": \"map\",")
        .expect_err("refused");
    assert_eq!(e.path, ".", "{e}");
}

#[test]
fn wrong_types() {
    let text = edited(SCENARIO, |s| s["turns"]["first"] = json!("one"));
    let e = data::parse_standalone("s.json", &text).expect_err("refused");
    assert_eq!(e.path, "turns.first");
    assert!(e.message.contains("invalid type"), "{e}");

    let text = edited(COUNTERS, |c| {
        c["counters"][0]["values"]["sp"] = json!("four")
    });
    let e = data::parse_standalone("c.json", &text).expect_err("refused");
    assert_eq!(e.path, "counters[0].values.sp");

    let text = edited(MAP, |m| m["hexes"]["0707"]["elevation"] = json!(1.5));
    assert_eq!(
        data::parse_standalone("m.json", &text)
            .expect_err("refused")
            .path,
        "hexes.0707.elevation"
    );

    let text = edited(COUNTERS, |c| c["counters"][0]["values"]["ma"] = json!(2.5));
    let e = data::parse_standalone("c.json", &text).expect_err("refused");
    assert_eq!(e.path, "counters[0].values.ma");
    assert!(e.message.contains("no floats"), "{e}");

    let text = edited(SCENARIO, |s| s["rules"]["ratio"] = json!(0.5));
    assert_eq!(
        data::parse_standalone("s.json", &text)
            .expect_err("refused")
            .path,
        "rules.ratio"
    );
}

#[test]
fn unknown_field() {
    let text = edited(MAP, |m| m["colour"] = json!("blue"));
    let e = data::parse_standalone("m.json", &text).expect_err("refused");
    assert!(e.message.contains("unknown field `colour`"), "{e}");
    assert_eq!(e.path, "colour");

    let text = edited(SCENARIO, |s| s["setup"][1]["hexx"] = json!("0505"));
    let e = data::parse_standalone("s.json", &text).expect_err("refused");
    assert_eq!(e.path, "setup[1].hexx");

    let text = edited(MAP, |m| m["hexes"]["0707"]["terain"] = json!("marsh"));
    assert_eq!(
        data::parse_standalone("m.json", &text)
            .expect_err("refused")
            .path,
        "hexes.0707.terain"
    );

    let text = edited(CRT, |c| c["rows"][2]["cels"] = json!([]));
    assert_eq!(
        data::parse_standalone("c.json", &text)
            .expect_err("refused")
            .path,
        "rows[2].cels"
    );
}

#[test]
fn unknown_kind_and_wrong_format() {
    let text = edited(MAP, |m| m["kind"] = json!("mapp"));
    let e = data::parse_standalone("m.json", &text).expect_err("refused");
    assert_eq!((e.path.as_str(), e.file.as_str()), ("kind", "m.json"));
    assert!(e.message.contains("unknown kind \"mapp\""), "{e}");

    let text = edited(MAP, |m| m["format"] = json!("grognard/2"));
    let e = data::parse_standalone("m.json", &text).expect_err("refused");
    assert_eq!(e.path, "format");
    assert!(e.message.contains("grognard/1"), "{e}");

    let text = edited(MAP, |m| {
        m.as_object_mut().map(|o| o.remove("format"));
    });
    assert_eq!(
        data::parse_standalone("m.json", &text)
            .expect_err("refused")
            .path,
        "format"
    );
    assert_eq!(
        data::parse_standalone("x.json", "[1, 2]")
            .expect_err("refused")
            .path,
        "."
    );
}

#[test]
fn duplicate_ids() {
    let text = edited(COUNTERS, |c| c["counters"][1]["id"] = json!("P-IR1"));
    let e = data::parse_standalone("c.json", &text).expect_err("refused");
    assert_eq!(e.path, "counters[1].id");
    assert!(e.message.contains("duplicate counter id \"P-IR1\""), "{e}");

    // A duplicate key inside a JSON object is refused, not silently dropped.
    let dup = MAP.replacen(
        "\"0505\": \"woods\",",
        "\"0505\": \"woods\", \"0505\": \"town\",",
        1,
    );
    assert_ne!(dup, MAP);
    let e = data::parse_standalone("m.json", &dup).expect_err("refused");
    assert!(e.message.contains("duplicate key \"0505\""), "{e}");
    assert!(e.path.starts_with("hexes"), "{e}");

    let text = edited(SCENARIO, |s| s["setup"][1]["unit"] = json!("P-IR1"));
    let e = add_err("s.json", &text);
    assert_eq!(e.path, "setup[1].unit");
    assert!(e.message.contains("already placed at setup[0]"), "{e}");

    let text = edited(SCENARIO, |s| {
        s["reinforcements"][0]["unit"] = json!("C-ART")
    });
    assert_eq!(add_err("s.json", &text).path, "reinforcements[0].unit");
}

#[test]
fn setup_hex_off_the_map_and_bad_ids() {
    let text = edited(SCENARIO, |s| s["setup"][2]["hex"] = json!("1111"));
    let e = add_err("s.json", &text);
    assert_eq!(e.path, "setup[2].hex");
    assert!(e.message.contains("off the map"), "{e}");

    let text = edited(SCENARIO, |s| s["setup"][2]["hex"] = json!("1010"));
    assert!(add_err("s.json", &text).message.contains("absent"));

    let text = edited(SCENARIO, |s| s["setup"][2]["hex"] = json!("A05.05"));
    let e = add_err("s.json", &text);
    assert_eq!(
        (e.path.as_str(), e.rule.as_deref()),
        ("setup[2].hex", Some("1.0"))
    );
    assert!(e.to_string().ends_with("[rule 1.0]"), "{e}");

    let text = edited(SCENARIO, |s| s["setup"][0]["hex"] = json!(["0505", "0999"]));
    assert_eq!(add_err("s.json", &text).path, "setup[0].hex[1]");

    let text = edited(MAP, |m| {
        m["hexsides"][1]["between"] = json!(["0505", "0604"])
    });
    let e = add_err("m.json", &text);
    assert_eq!(e.path, "hexsides[1].between");
    assert!(e.message.contains("not adjacent"), "{e}");

    let text = edited(MAP, |m| {
        m["hexsides"][0].as_object_mut().map(|o| o.remove("toward"));
    });
    assert_eq!(add_err("m.json", &text).path, "hexsides[0].toward");
    let text = edited(MAP, |m| m["hexsides"][0]["toward"] = json!("0707"));
    assert_eq!(add_err("m.json", &text).path, "hexsides[0].toward");
    let text = edited(MAP, |m| m["hexsides"][2]["side"] = json!("e"));
    assert_eq!(add_err("m.json", &text).path, "hexsides[2].side");
}

#[test]
fn unknown_counter_and_missing_parts() {
    let text = edited(SCENARIO, |s| s["setup"][0]["unit"] = json!("P-IR99"));
    let e = add_err("s.json", &text);
    assert_eq!(e.path, "setup[0].unit");
    assert!(e.message.contains("unknown counter \"P-IR99\""), "{e}");

    let text = edited(SCENARIO, |s| s["map"] = json!("pg/nowhere"));
    assert_eq!(add_err("s.json", &text).path, "map");
    let text = edited(SCENARIO, |s| {
        s["charts"] = json!(["pg/test-crt", "pg/no-chart"])
    });
    assert_eq!(add_err("s.json", &text).path, "charts[1]");
    let text = edited(SCENARIO, |s| s["counters"] = json!(["nbs/terrain"]));
    assert_eq!(add_err("s.json", &text).path, "counters[0]");
    let text = edited(SCENARIO, |s| s["sides"][1]["id"] = json!("french"));
    let e = add_err("s.json", &text);
    assert!(e.message.contains("side \"coalition\""), "{e}");

    // parse_file checks references against the built-in library, which has no such map.
    let e = data::parse_file("s.json", SCENARIO).expect_err("refused");
    assert_eq!((e.file.as_str(), e.path.as_str()), ("s.json", "map"));
    assert!(lib_missing().scenario("pg/none").is_err());
}

fn lib_missing() -> Library {
    Library::new()
}

#[test]
fn user_file_replaces_a_builtin_chart() {
    let mut lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    let (file, builtin) = lib
        .source(Kind::Chart, "nbs/cavalry-attack-table")
        .expect("built in");
    assert!(builtin);
    assert_eq!(file, "nbs/charts/cavalry-attack-table.json");
    let original = lib.chart("nbs/cavalry-attack-table").expect("chart");
    assert_eq!(
        original
            .get("Square", "AB+", Mode::Strict)
            .ok()
            .flatten()
            .and_then(Value::as_int),
        Some(3)
    );

    let builtin_text = Library::builtin_files()
        .iter()
        .find(|(n, _)| *n == "nbs/charts/cavalry-attack-table.json")
        .map(|(_, t)| *t)
        .expect("file");
    let user = edited(builtin_text, |c| {
        c["rows"][0][1] = json!(4);
        c["provenance"] = json!({"kind": "public", "source": "my own copy of the chart"});
    });
    let summary = data::validate("my-cat.json", &user, &lib).unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.replaces_builtin);
    assert_eq!(
        summary.replaces.as_deref(),
        Some("nbs/charts/cavalry-attack-table.json")
    );
    assert_eq!((summary.kind, summary.provenance), (Kind::Chart, "public"));

    lib.add("my-cat.json", &user)
        .unwrap_or_else(|e| panic!("{e}"));
    let chart = lib.chart("nbs/cavalry-attack-table").expect("chart");
    assert_eq!(
        chart
            .get("Square", "AB+", Mode::Lenient)
            .ok()
            .flatten()
            .and_then(Value::as_int),
        Some(4)
    );
    assert_eq!(
        lib.source(Kind::Chart, "nbs/cavalry-attack-table"),
        Some(("my-cat.json", false))
    );
    let builtin = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(lib.ids(Kind::Chart), builtin.ids(Kind::Chart));
}

#[test]
fn replacement_that_breaks_a_dependent_is_refused() {
    let mut lib = fixture_library();
    // A map without hex 0606 (absent) breaks the scenario's set-up.
    let text = edited(MAP, |m| m["grid"]["absent"] = json!(["0606"]));
    let text = edited(&text, |m| {
        m["hexes"].as_object_mut().map(|o| o.remove("0606"));
        m["places"].as_array_mut().map(|p| p.remove(0));
    });
    let e = lib.add("new-map.json", &text).expect_err("refused");
    assert_eq!(
        (e.file.as_str(), e.path.as_str()),
        ("pg-geometry-scenario.json", "setup[2].hex")
    );
    assert!(e.message.contains("after new-map.json replaced map"), "{e}");
    assert_eq!(
        lib.source(Kind::Map, "pg/geometry-check"),
        Some(("pg-geometry-map.json", false))
    );
    lib.validate_all().unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn missing_cell_strict_and_lenient() {
    let lib = fixture_library();
    let crt = lib.chart("pg/test-crt").expect("chart");
    assert_eq!(
        crt.get("2-3", "1-1", Mode::Lenient)
            .expect("lenient accepts"),
        None
    );
    let e = crt
        .get("2-3", "1-1", Mode::Strict)
        .expect_err("strict refuses missing");
    assert_eq!(
        (e.file.as_str(), e.path.as_str()),
        ("pg/test-crt", "rows[1][2]")
    );
    assert!(e.message.contains("missing"), "{e}");
    // Provisional (the file's provenance) is refused in strict mode, published rows accepted.
    assert!(crt.get("1-", "1-2", Mode::Strict).is_err());
    assert_eq!(
        crt.get("1-", "1-2", Mode::Lenient)
            .ok()
            .flatten()
            .and_then(Value::as_str),
        Some("1/0")
    );
    assert_eq!(
        crt.get("4-5", "3-2", Mode::Strict)
            .ok()
            .flatten()
            .and_then(Value::as_str),
        Some("1/1")
    );
    assert_eq!(
        crt.get_roll(9, "1-1", Mode::Strict)
            .ok()
            .flatten()
            .and_then(Value::as_str),
        Some("2/1")
    );
    assert_eq!(
        crt.get_roll(-3, "1-2", Mode::Lenient)
            .ok()
            .flatten()
            .and_then(Value::as_str),
        Some("1/0")
    );
    assert_eq!(crt.row_for_roll(3), Some(1));
    assert!(crt.get("7", "1-1", Mode::Lenient).is_err());
    assert!(crt.get("6+", "9-1", Mode::Lenient).is_err());

    // File level: the chart parses leniently, strict mode refuses it.
    let file =
        data::parse_file_with("crt.json", CRT, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let flags = file.flags();
    assert!(
        flags
            .iter()
            .any(|f| f.what == FlagKind::Missing && f.path == "rows[1][2]")
    );
    assert!(data::parse_file_with("crt.json", CRT, Mode::Strict).is_err());
    // A fully published chart passes strict mode.
    let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    for (name, text) in Library::builtin_files() {
        if name.ends_with("fire-points.json") || name.ends_with("cavalry-attack-table.json") {
            data::parse_file_with(name, text, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    // The terrain files contain missing values: the library is not strict-clean.
    let e = lib.check_strict().expect_err("missing TEC values");
    assert!(e.file.ends_with("terrain.json"), "{e}");
}

#[test]
fn chart_cells_must_match_column_types() {
    let text = edited(CRT, |c| c["rows"][0][1] = json!("9/9"));
    let e = data::parse_standalone("c.json", &text).expect_err("refused");
    assert_eq!(e.path, "rows[0][1]");
    assert!(e.message.contains("not one of the declared codes"), "{e}");
    let text = edited(CRT, |c| c["rows"][0][0] = json!("one"));
    assert_eq!(
        data::parse_standalone("c.json", &text)
            .expect_err("refused")
            .path,
        "rows[0][0]"
    );
    let text = edited(CRT, |c| c["rows"][1][0] = json!("1-2"));
    let e = data::parse_standalone("c.json", &text).expect_err("overlapping die ranges");
    assert_eq!(e.path, "rows[1][0]");
    let text = edited(CRT, |c| c["rows"][0] = json!(["1-", "1/0"]));
    assert_eq!(
        data::parse_standalone("c.json", &text)
            .expect_err("refused")
            .path,
        "rows[0]"
    );
    let text =
        edited(
            CRT,
            |c| {
                c["rows"][3][2] =
                    json!({"value": "2/1", "provenance": {"kind": "rulebook", "rules": []}})
            },
        );
    assert_eq!(
        data::parse_standalone("c.json", &text)
            .expect_err("refused")
            .path,
        "rows[3][2].provenance.rules"
    );
    let text = edited(CRT, |c| c["rows"][2]["cells"][3] = json!(7));
    assert_eq!(
        data::parse_standalone("c.json", &text)
            .expect_err("refused")
            .path,
        "rows[2].cells[3]"
    );
}

#[test]
fn provenance_is_required_on_every_block() {
    for (name, text) in [("m", MAP), ("c", COUNTERS), ("s", SCENARIO), ("crt", CRT)] {
        let t = edited(text, |v| {
            v.as_object_mut().map(|o| o.remove("provenance"));
        });
        let e = data::parse_standalone(name, &t).expect_err("refused");
        assert!(e.message.contains("missing field `provenance`"), "{e}");
    }
    for (name, text) in Library::builtin_files() {
        let t = edited(text, |v| {
            v.as_object_mut().map(|o| o.remove("provenance"));
        });
        assert!(data::parse_standalone(name, &t).is_err(), "{name}");
    }
    let t = edited(MAP, |m| {
        m["provenance"] = json!({"kind": "provisional", "note": " "})
    });
    assert_eq!(
        data::parse_standalone("m", &t).expect_err("refused").path,
        "provenance.note"
    );
    let t = edited(MAP, |m| m["provenance"] = json!({"kind": "hearsay"}));
    assert_eq!(
        data::parse_standalone("m", &t).expect_err("refused").path,
        "provenance.kind"
    );
    let t = edited(MAP, |m| {
        m["hexes"]["0808"]["provenance"] = json!({"kind": "public", "source": ""})
    });
    assert_eq!(add_err("m", &t).path, "hexes.0808.provenance.source");
    let t = edited(COUNTERS, |c| {
        c["counters"][0]["provenance"] = json!({"kind": "rulebook", "rules": ["  "]})
    });
    assert_eq!(
        data::parse_standalone("c", &t).expect_err("refused").path,
        "counters[0].provenance.rules[0]"
    );
}

#[test]
fn ids_and_systems() {
    let t = edited(MAP, |m| m["id"] = json!("hov/geometry"));
    let e = data::parse_standalone("m", &t).expect_err("refused");
    assert_eq!(e.path, "id");
    let t = edited(MAP, |m| m["system"] = json!("ww2"));
    assert_eq!(
        data::parse_standalone("m", &t).expect_err("refused").path,
        "system"
    );
    let t = edited(COUNTERS, |c| c["counters"][4]["values"]["shock"] = json!(1));
    let e = data::parse_standalone("c", &t).expect_err("refused");
    assert_eq!(e.path, "counters[4].values.shock");
    let t = edited(COUNTERS, |c| {
        c["counters"][0]["values"]
            .as_object_mut()
            .map(|o| o.remove("sp"));
    });
    assert_eq!(
        data::parse_standalone("c", &t).expect_err("refused").path,
        "counters[0].values.sp"
    );
}

#[test]
fn files_round_trip_through_serde() {
    let lib = fixture_library();
    for (kind, id) in [
        (Kind::Map, "pg/geometry-check"),
        (Kind::Counters, "pg/geometry-check-counters"),
        (Kind::Scenario, "pg/geometry-check"),
        (Kind::Chart, "pg/test-crt"),
        (Kind::Terrain, "hov/terrain"),
        (Kind::Terrain, "fontenoy/terrain"),
    ] {
        let file: &DataFile = lib.get(kind, id).expect("loaded");
        let text = serde_json::to_string(file).expect("serialise");
        let again = data::parse_standalone("again.json", &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&again, file, "{kind} {id}");
    }
}

#[test]
fn never_panics_on_damaged_input() {
    let base = fixture_library();
    for text in [MAP, COUNTERS, SCENARIO, CRT] {
        let bytes = text.as_bytes();
        for cut in (0..bytes.len()).step_by(37) {
            if let Ok(s) = core::str::from_utf8(&bytes[..cut]) {
                let _ = data::parse_standalone("cut.json", s);
            }
        }
        // Flip one character at a time in a sample of positions.
        for i in (0..bytes.len()).step_by(53) {
            for c in [b'"', b'{', b']', b'0', b'-', b'x'] {
                let mut b = bytes.to_vec();
                b[i] = c;
                if let Ok(s) = String::from_utf8(b) {
                    let mut lib = base.clone();
                    let _ = lib.add("flip.json", &s);
                }
            }
        }
    }
}

/// A small terrain file of `system` (the fixtures have none of their own).
fn terrain(system: &str) -> String {
    json!({
        "format": "grognard/1", "kind": "terrain", "id": format!("{system}/test-terrain"),
        "system": system, "name": "Test terrain",
        "provenance": {"kind": "provisional", "note": "test"},
        "hex_attributes": [{"id": "mp", "type": "int", "rules": ["7.3"]}],
        "hexside_attributes": [],
        "hex_terrain": [{"id": "clear", "name": "Clear", "rules": ["7.3"], "values": {"mp": 1}}],
        "hexside_features": []
    })
    .to_string()
}

/// A small Austerlitz counter set.
fn nbs_counters() -> String {
    json!({
        "format": "grognard/1", "kind": "counters", "id": "nbs/test-counters", "system": "nbs",
        "name": "Test counters", "provenance": {"kind": "provisional", "note": "test"},
        "types": ["infantry"],
        "attributes": [{"id": "sp", "type": "int", "required": true, "rules": ["2.0"]}],
        "counters": [{"id": "X-1", "side": "french", "type": "infantry", "values": {"sp": 4}}]
    })
    .to_string()
}

/// Every record of every kind of file refuses a field it does not have, naming the field and
/// its path (item 10 of issue 26: a misspelt optional field never passes silently).
#[test]
fn unknown_fields_are_refused_in_every_record_of_every_kind() {
    let t = terrain("pg");
    data::parse_standalone("t.json", &t).unwrap_or_else(|e| panic!("{e}"));
    let n = nbs_counters();
    data::parse_standalone("n.json", &n).unwrap_or_else(|e| panic!("{e}"));
    type Edit = fn(&mut Json);
    let cases: Vec<(&str, &str, Edit, &str)> = vec![
        (
            "map",
            MAP,
            |m| m["grid"]["colour"] = json!(1),
            "grid.colour",
        ),
        (
            "map",
            MAP,
            |m| m["grid"]["sheets"][0]["colour"] = json!(1),
            "grid.sheets[0].colour",
        ),
        (
            "map",
            MAP,
            |m| m["hexsides"][0]["colour"] = json!(1),
            "hexsides[0].colour",
        ),
        (
            "map",
            MAP,
            |m| m["edges"][0]["colour"] = json!(1),
            "edges[0].colour",
        ),
        (
            "map",
            MAP,
            |m| m["places"][1]["colour"] = json!(1),
            "places[1].colour",
        ),
        (
            "map",
            MAP,
            |m| m["provenance"]["colour"] = json!(1),
            "provenance.colour",
        ),
        (
            "map",
            MAP,
            |m| m["hexes"]["0808"]["provenance"]["colour"] = json!(1),
            "hexes.0808.provenance.colour",
        ),
        (
            "counters",
            COUNTERS,
            |c| c["attributes"][0]["colour"] = json!(1),
            "attributes[0].colour",
        ),
        (
            "counters",
            COUNTERS,
            |c| c["counters"][0]["colour"] = json!(1),
            "counters[0].colour",
        ),
        (
            "chart",
            CRT,
            |c| c["columns"][0]["colour"] = json!(1),
            "columns[0].colour",
        ),
        (
            "chart",
            CRT,
            |c| c["rows"][2]["colour"] = json!(1),
            "rows[2].colour",
        ),
        (
            "chart",
            CRT,
            |c| c["rows"][3][2]["colour"] = json!(1),
            "rows[3][2].colour",
        ),
        (
            "scenario",
            SCENARIO,
            |s| s["turns"]["colour"] = json!(1),
            "turns.colour",
        ),
        (
            "scenario",
            SCENARIO,
            |s| s["sides"][0]["colour"] = json!(1),
            "sides[0].colour",
        ),
        (
            "scenario",
            SCENARIO,
            |s| s["setup"][0]["colour"] = json!(1),
            "setup[0].colour",
        ),
        (
            "scenario",
            SCENARIO,
            |s| s["reinforcements"][0]["colour"] = json!(1),
            "reinforcements[0].colour",
        ),
        (
            "scenario",
            SCENARIO,
            |s| s["victory"][0]["colour"] = json!(1),
            "victory[0].colour",
        ),
        (
            "scenario",
            SCENARIO,
            |s| s["options"][0]["colour"] = json!(1),
            "options[0].colour",
        ),
    ];
    let terrain_cases: Vec<(Edit, &str)> = vec![
        (
            |t| t["hex_attributes"][0]["colour"] = json!(1),
            "hex_attributes[0].colour",
        ),
        (
            |t| t["hex_terrain"][0]["colour"] = json!(1),
            "hex_terrain[0].colour",
        ),
        (|t| t["colour"] = json!(1), "colour"),
    ];
    let nbs_cases: Vec<(Edit, &str)> = vec![
        (
            |c| c["counters"][0]["colour"] = json!(1),
            "counters[0].colour",
        ),
        (
            |c| c["attributes"][0]["colour"] = json!(1),
            "attributes[0].colour",
        ),
        (
            |c| c["provenance"]["colour"] = json!(1),
            "provenance.colour",
        ),
    ];
    let all = cases
        .into_iter()
        .map(|(k, text, edit, path)| (k, text.to_string(), edit, path))
        .chain(
            terrain_cases
                .into_iter()
                .map(|(e, p)| ("terrain", t.clone(), e, p)),
        )
        .chain(
            nbs_cases
                .into_iter()
                .map(|(e, p)| ("nbs counters", n.clone(), e, p)),
        );
    for (kind, text, edit, path) in all {
        let text = edited(&text, edit);
        let e = data::parse_standalone("x.json", &text)
            .err()
            .unwrap_or_else(|| panic!("{kind}: {path} was accepted"));
        assert_eq!(e.path, path, "{kind}: {e}");
        assert!(
            e.message.contains("unknown field `colour`"),
            "{kind}: {path}: {e}"
        );
        assert!(e.to_string().starts_with("x.json: "), "{e}");
    }
}

/// A wrong type anywhere in a file is refused with its path, for both systems.
#[test]
fn wrong_types_are_refused_with_their_path() {
    type Edit = fn(&mut Json);
    let n = nbs_counters();
    let t = terrain("nbs");
    let cases: Vec<(String, Edit, &str, &str)> = vec![
        (
            MAP.into(),
            |m| m["grid"]["sheets"][0]["rows"] = json!("1-10"),
            "grid.sheets[0].rows",
            "invalid type",
        ),
        (
            MAP.into(),
            |m| m["edges"][0]["entry_hexes"] = json!(105),
            "edges[0].entry_hexes",
            "invalid type",
        ),
        (
            COUNTERS.into(),
            |c| c["attributes"][0]["required"] = json!("yes"),
            "attributes[0].required",
            "invalid type",
        ),
        (
            CRT.into(),
            |c| c["columns"] = json!({"roll": "die_range"}),
            "columns",
            "invalid type",
        ),
        (
            SCENARIO.into(),
            |s| s["options"][0]["default"] = json!("on"),
            "options[0].default",
            "invalid type",
        ),
        (
            SCENARIO.into(),
            |s| s["reinforcements"][0]["turn"] = json!("2"),
            "reinforcements[0].turn",
            "invalid type",
        ),
        (
            n.clone(),
            |c| c["counters"][0]["values"]["sp"] = json!("four"),
            "counters[0].values.sp",
            "",
        ),
        (
            n,
            |c| c["types"] = json!("infantry"),
            "types",
            "invalid type",
        ),
        (
            t,
            |t| t["hex_terrain"][0]["values"]["mp"] = json!(true),
            "hex_terrain[0].values.mp",
            "",
        ),
    ];
    for (text, edit, path, needle) in cases {
        let text = edited(&text, edit);
        let e = data::parse_standalone("x.json", &text)
            .err()
            .unwrap_or_else(|| panic!("{path} was accepted"));
        assert_eq!(e.path, path, "{e}");
        assert!(e.message.contains(needle), "{path}: {e}");
    }
}
