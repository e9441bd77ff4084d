//! Typed values, multi-sheet grids and the error display.

use grognard::data::{self, Cost, DataError, DieRange, Library, Ratio, Value, ValueType};
use serde_json::json;

#[test]
fn die_ranges() {
    let r = |s: &str| DieRange::parse(s);
    assert_eq!(
        r("11-16"),
        Some(DieRange {
            lo: Some(11),
            hi: Some(16)
        })
    );
    assert_eq!(
        r("5+"),
        Some(DieRange {
            lo: Some(5),
            hi: None
        })
    );
    assert_eq!(
        r("1-"),
        Some(DieRange {
            lo: None,
            hi: Some(1)
        })
    );
    assert_eq!(
        r("3"),
        Some(DieRange {
            lo: Some(3),
            hi: Some(3)
        })
    );
    assert_eq!(
        r("-2--1"),
        Some(DieRange {
            lo: Some(-2),
            hi: Some(-1)
        })
    );
    assert_eq!(
        r("-3"),
        Some(DieRange {
            lo: Some(-3),
            hi: Some(-3)
        })
    );
    for bad in ["", "6-5", "a", "1-2-3", "+", "--"] {
        assert_eq!(r(bad), None, "{bad}");
    }
    let x = r("2-4").expect("range");
    assert!(x.contains(2) && x.contains(4) && !x.contains(5));
    assert!(x.overlaps(r("4+").expect("range")) && !x.overlaps(r("1-").expect("range")));
    assert_eq!(r("5+").expect("range").to_string(), "5+");
    assert_eq!(r("1-").expect("range").to_string(), "1-");
}

#[test]
fn ratios_and_costs() {
    assert_eq!(Ratio::parse("3/2"), Ratio::new(3, 2));
    assert_eq!(Ratio::parse("+1/2"), Ratio::new(1, 2));
    assert_eq!(Ratio::parse("2/4"), Ratio::new(1, 2));
    assert_eq!(Ratio::parse("-1"), Some(Ratio::int(-1)));
    assert_eq!(Ratio::parse("1/0"), None);
    assert_eq!(Ratio::parse("1.5"), None);
    assert!(Ratio::parse("1/3") < Ratio::parse("1/2"));
    assert_eq!(Cost::parse("P"), Some(Cost::Prohibited));
    assert_eq!(Cost::parse("all"), Some(Cost::All));
    assert_eq!(Cost::parse("+1"), Some(Cost::Mp(Ratio::int(1))));
    assert_eq!(Cost::parse("x"), None);
    let v = Value::from_json(ValueType::Cost, None, &json!("3/2")).expect("cost");
    assert_eq!(v.to_json(), json!("3/2"));
    assert!(Value::from_json(ValueType::Int, None, &json!(1.5)).is_err());
    assert!(Value::from_json(ValueType::Ints, None, &json!([1, "2"])).is_err());
    let codes = ["A".to_string(), "B".to_string()];
    assert!(Value::from_json(ValueType::Result, Some(&codes), &json!("C")).is_err());
}

#[test]
fn builtin_values_read_back() {
    let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    let hov = lib.terrain("hov/terrain").expect("hov terrain");
    let hills = hov
        .value("hills", "mp_infantry")
        .and_then(|c| c.value.clone());
    assert_eq!(hills, Some(Value::Cost(Cost::Mp(Ratio { num: 3, den: 2 }))));
    let pg = lib.terrain("pg/terrain").expect("pg terrain");
    assert!(pg.value("woods", "mp_infantry").is_some_and(|c| {
        !c.is_missing() && c.provenance.as_ref().is_some_and(|p| p.is_provisional())
    }));
    assert_eq!(
        pg.hexside_feature("slope")
            .and_then(|f| f.directed.as_deref()),
        Some("the hex on the high side of the slope")
    );
    let heavy = lib.chart("nbs/heavy-artillery-fire-points").expect("chart");
    let v = heavy
        .get("3", "5-6", data::Mode::Strict)
        .expect("published")
        .cloned();
    assert_eq!(v, Some(Value::Ratio(Ratio { num: 1, den: 2 })));
    assert_eq!(
        heavy
            .get_roll(4, "1", data::Mode::Strict)
            .ok()
            .flatten()
            .and_then(Value::as_int),
        Some(4)
    );
}

fn map_text(grid: serde_json::Value, hexsides: serde_json::Value, system: &str) -> String {
    json!({
        "format": "grognard/1", "kind": "map", "id": format!("{system}/sheets-test"), "system": system,
        "name": "Sheets test", "provenance": {"kind": "provisional", "note": "test"},
        "grid": grid, "default_terrain": "clear", "hexsides": hexsides
    })
    .to_string()
}

#[test]
fn fontenoy_sheets_join_north_to_south() {
    let grid = json!({"scheme": "fontenoy", "parity": "odd", "rows": "down", "sheets": [
        {"sheet": "N", "columns": [1, 70], "rows": [1, 33]},
        {"sheet": "S", "columns": [1, 70], "rows": [1, 34], "row_offset": 33}]});
    let ok = map_text(
        grid.clone(),
        json!([{"between": ["N4033", "S4001"], "feature": "stream"}]),
        "fontenoy",
    );
    let m = data::parse_file("f.json", &ok).unwrap_or_else(|e| panic!("{e}"));
    let data::DataFile::Map(m) = m else {
        panic!("not a map")
    };
    assert!(
        m.contains("S4001") && m.contains("N4033") && !m.contains("S4035") && !m.contains("4033")
    );
    assert_eq!(m.features_between("S4001", "N4033").len(), 1);
    let bad = map_text(
        grid,
        json!([{"between": ["N4032", "S4001"], "feature": "stream"}]),
        "fontenoy",
    );
    assert_eq!(
        data::parse_file("f.json", &bad)
            .expect_err("not adjacent")
            .path,
        "hexsides[0].between"
    );
}

#[test]
fn nbs_rows_run_up_and_ids_have_letters() {
    let grid = json!({"scheme": "nbs", "parity": "even", "rows": "up", "sheets": [
        {"sheet": "B", "columns": [1, 64], "rows": [1, 35], "row_offset": 35},
        {"sheet": "A", "columns": [1, 64], "rows": [1, 35], "row_offset": 70}]});
    let text = map_text(
        grid.clone(),
        json!([{"hex": "A28.29", "side": "n", "feature": "stream"}]),
        "nbs",
    );
    let data::DataFile::Map(m) =
        data::parse_file("n.json", &text).unwrap_or_else(|e| panic!("{e}"))
    else {
        panic!("not a map")
    };
    assert_eq!(
        m.features_between("A28.29", "A28.30").len(),
        1,
        "rows count upward: 28.30 is north of 28.29"
    );
    let bad = map_text(
        grid,
        json!([{"hex": "C28.29", "side": "n", "feature": "stream"}]),
        "nbs",
    );
    let e = data::parse_file("n.json", &bad).expect_err("no sheet C");
    assert_eq!(e.path, "hexsides[0].hex");
    let bad = map_text(
        json!({"scheme": "pg", "parity": "odd", "rows": "down", "sheets": [{"columns": [1, 9], "rows": [1, 9]}]}),
        json!([]),
        "nbs",
    );
    assert_eq!(
        data::parse_file("n.json", &bad).expect_err("scheme").path,
        "grid.scheme"
    );
    let bad = map_text(
        json!({"scheme": "nbs", "parity": "odd", "rows": "down", "sheets": [{"sheet": "A", "columns": [9, 1], "rows": [1, 9]}]}),
        json!([]),
        "nbs",
    );
    assert_eq!(
        data::parse_file("n.json", &bad).expect_err("extent").path,
        "grid.sheets[0]"
    );
}

#[test]
fn error_display() {
    let e = DataError::new(
        "maps/x.json",
        "hexes.1809.terrain",
        "unknown terrain \"wood\"",
    );
    assert_eq!(
        e.to_string(),
        "maps/x.json: hexes.1809.terrain: unknown terrain \"wood\""
    );
    assert_eq!(
        e.clone().with_rule("7.3").to_string(),
        "maps/x.json: hexes.1809.terrain: unknown terrain \"wood\" [rule 7.3]"
    );
}
