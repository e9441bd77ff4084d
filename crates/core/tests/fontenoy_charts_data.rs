//! The Battle of Fontenoy charts under `scenarios/fontenoy/charts/` and the Terrain Effects Table in
//! `scenarios/fontenoy/terrain.json` (docs/fontenoy-charts.md).
//!
//! The rulebook text has none of the chart booklet (F-1.6): each chart is a published file holding
//! exactly what the text states (`missing` elsewhere) and, where the game must run, a
//! `-provisional` twin completing it. These tests check the published values against the
//! rulebook, that every twin is complete and keeps every published value, that strict mode
//! refuses the twins, and that the twins reproduce the worked examples of the text (digest
//! fontenoy-rules.md §6, E01–E66). Rule numbers: bare = series rules, `f` = Fontenoy special rules.
//!
//! Expected values are written here from the rulebook text, independently of the JSON files.

use std::collections::BTreeSet;

use grognard::data::{self, Cell, Chart, Kind, Library, Mode, Ratio, TerrainType, Value};

fn lib() -> Library {
    Library::builtin().unwrap_or_else(|e| panic!("{e}"))
}

fn chart<'a>(lib: &'a Library, id: &str) -> &'a Chart {
    lib.chart(id).unwrap_or_else(|| panic!("no chart {id}"))
}

/// The strict-mode value at (row key, column) as text: published, never provisional.
fn strict(c: &Chart, key: &str, column: &str) -> String {
    c.get(key, column, Mode::Strict)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("{} {key} {column}: missing", c.id))
        .to_string()
}

/// The lenient-mode value at (row key, column) as text (provisional twins).
fn lenient(c: &Chart, key: &str, column: &str) -> String {
    c.get(key, column, Mode::Lenient)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("{} {key} {column}: missing", c.id))
        .to_string()
}

fn lenient_roll(c: &Chart, roll: i64, column: &str) -> String {
    c.get_roll(roll, column, Mode::Lenient)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("{} {roll} {column}: missing", c.id))
        .to_string()
}

fn int(s: &str) -> i64 {
    s.trim_start_matches('+')
        .parse()
        .unwrap_or_else(|_| panic!("{s:?} is not an integer"))
}

fn ints(s: &str) -> Vec<i64> {
    let s = s.trim_start_matches('[').trim_end_matches(']');
    if s.trim().is_empty() {
        return Vec::new();
    }
    s.split(',').map(|x| int(x.trim())).collect()
}

/// 1.5b "round": add one half and round down (non-negative values).
fn round_half(num: i64, den: i64) -> i64 {
    (2 * num + den) / (2 * den)
}

fn missing_strict(c: &Chart, key: &str, column: &str) {
    let e = c.get(key, column, Mode::Strict).expect_err(key);
    assert!(e.message.contains("missing"), "{e}");
    assert_eq!(c.get(key, column, Mode::Lenient).expect("cell"), None);
}

// ---------------------------------------------------------------------------------------------
// Published charts and their provisional twins

const PAIRS: [&str; 23] = [
    "stacking",
    "infantry-line-sp",
    "firing-formations",
    "fire-multipliers",
    "fire-combat-table",
    "fire-target-size",
    "facing-change-costs",
    "reformation-costs",
    "formation-geometry",
    "close-combat-table",
    "disorder-check-table",
    "morale-check-table",
    "special-initiative",
    "special-disorder-morale",
    "special-pursuit",
    "special-infantry-fire",
    "special-defensive-fire",
    "special-artillery-fire",
    "special-commander-loss",
    "special-close-combat",
    "army-morale-table",
    "army-morale-columns",
    "end-of-turn-track",
];

/// Charts the text gives in full: no twin.
const COMPLETE: [&str; 8] = [
    "fire-strength-modifiers",
    "fire-modifiers",
    "close-combat-ratio-drm",
    "cr-modifiers",
    "commander-loss-results",
    "commander-wound",
    "army-loss-record",
    "cavalry-charge",
];

fn complete() -> impl Iterator<Item = &'static str> {
    COMPLETE.into_iter()
}

#[test]
fn every_fontenoy_chart_is_a_pair_a_complete_chart_or_a_terrain_twin() {
    let lib = lib();
    let mut want: BTreeSet<String> = BTreeSet::new();
    for n in PAIRS {
        want.insert(format!("fontenoy/{n}"));
        want.insert(format!("fontenoy/{n}-provisional"));
    }
    for n in complete() {
        want.insert(format!("fontenoy/{n}"));
    }
    want.insert("fontenoy/terrain-effects-provisional".into());
    want.insert("fontenoy/hexside-effects-provisional".into());
    let have: BTreeSet<String> = lib
        .ids(Kind::Chart)
        .into_iter()
        .filter(|id| id.starts_with("fontenoy/"))
        .map(String::from)
        .collect();
    assert_eq!(have, want);
}

#[test]
fn published_charts_are_rulebook_files_and_twins_are_provisional_with_the_same_shape() {
    let lib = lib();
    for n in PAIRS {
        let (r, p) = (format!("fontenoy/{n}"), format!("fontenoy/{n}-provisional"));
        let (rc, pc) = (chart(&lib, &r), chart(&lib, &p));
        assert_eq!(rc.provenance.kind_name(), "rulebook", "{r}");
        assert_eq!(pc.provenance.kind_name(), "provisional", "{p}");
        assert_eq!(rc.columns, pc.columns, "{r} vs {p}: columns");
        assert_eq!(rc.key, pc.key, "{r}");
        assert_eq!(rc.dice, pc.dice, "{r}");
        let keys = |c: &Chart| {
            let k = c.column_index(&c.key).expect("key");
            c.rows
                .iter()
                .map(|row| row.cells[k].value.as_ref().expect("key").to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(keys(rc), keys(pc), "{r} vs {p}: rows");
    }
    for n in complete() {
        let c = chart(&lib, &format!("fontenoy/{n}"));
        assert_eq!(c.provenance.kind_name(), "rulebook", "{n}");
    }
}

#[test]
fn missing_cells_are_refused_in_strict_mode_and_filled_by_the_twin_which_keeps_every_published_value()
 {
    let lib = lib();
    let mut missing = 0;
    let mut published = 0;
    for n in PAIRS {
        let (r, p) = (format!("fontenoy/{n}"), format!("fontenoy/{n}-provisional"));
        let (rc, pc) = (chart(&lib, &r), chart(&lib, &p));
        let mut here_missing = 0;
        for (i, _) in rc.rows.iter().enumerate() {
            for col in rc.columns.iter().filter(|c| c.id != rc.key) {
                let here = format!("{r} row {i} column {}", col.id);
                let filled = pc
                    .get_at(i, &col.id, Mode::Lenient)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .unwrap_or_else(|| panic!("{here}: not filled by {p}"));
                match rc.get_at(i, &col.id, Mode::Lenient).expect("cell") {
                    None => {
                        here_missing += 1;
                        let e = rc.get_at(i, &col.id, Mode::Strict).expect_err(&here);
                        assert!(e.message.contains("missing"), "{e}");
                        let e = pc.get_at(i, &col.id, Mode::Strict).expect_err(&here);
                        assert!(e.message.contains("provisional"), "{e}");
                    }
                    Some(v) => {
                        published += 1;
                        assert_eq!(v, filled, "{here}: the twin changes a published value");
                        assert_eq!(
                            rc.get_at(i, &col.id, Mode::Strict)
                                .unwrap_or_else(|e| panic!("{here}: {e}")),
                            Some(v)
                        );
                        // Published values keep rulebook provenance inside the twin.
                        assert_eq!(
                            pc.get_at(i, &col.id, Mode::Strict)
                                .unwrap_or_else(|e| panic!("{here}: {e}")),
                            Some(v),
                            "{here}"
                        );
                    }
                }
            }
        }
        assert!(
            here_missing > 0,
            "{r} has no missing cell: it needs no twin"
        );
        missing += here_missing;
        // Every twin cell is filled, the key column included.
        for (j, _) in pc.rows.iter().enumerate() {
            for col in &pc.columns {
                assert!(
                    pc.get_at(j, &col.id, Mode::Lenient)
                        .expect("cell")
                        .is_some(),
                    "{p} row {j} column {}",
                    col.id
                );
            }
        }
    }
    assert!(missing > 2000, "{missing}");
    assert!(published > 500, "{published}");
}

#[test]
fn strict_mode_refuses_the_provisional_twins_and_accepts_the_complete_charts() {
    let mut twins = 0;
    let mut accepted = 0;
    for (name, text) in Library::builtin_files() {
        // The charts and the terrain vocabulary (maps, counters and scenarios have their own
        // tests in fontenoy_scenarios_data.rs).
        if !name.starts_with("fontenoy/charts/") && *name != "fontenoy/terrain.json" {
            continue;
        }
        data::parse_file_with(name, text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        let strict = data::parse_file_with(name, text, Mode::Strict);
        if name.ends_with("-provisional.json") {
            twins += 1;
            let e = strict.expect_err(name);
            assert!(e.message.contains("provisional"), "{e}");
        } else if complete().any(|n| name.ends_with(&format!("/{n}.json"))) {
            accepted += 1;
            strict.unwrap_or_else(|e| panic!("{e}"));
        } else {
            // A published chart (or terrain.json) with missing values.
            let e = strict.expect_err(name);
            assert!(e.message.contains("missing"), "{e}");
        }
    }
    assert_eq!(twins, PAIRS.len() + 2);
    assert_eq!(accepted, complete().count());
}

// ---------------------------------------------------------------------------------------------
// Terrain Effects Table: terrain.json (published) and its two provisional charts

const HEX_IDS: [&str; 15] = [
    "clear",
    "bog",
    "broken",
    "keep",
    "marsh",
    "orchard",
    "redoubt",
    "sunken_road",
    "town",
    "village",
    "walled_farm",
    "woods",
    "river",
    "bridge",
    "barricade",
];
const SIDE_IDS: [&str; 12] = [
    "slope_gentle",
    "slope_regular",
    "slope_steep",
    "abatis",
    "fieldworks_minor",
    "fieldworks_major",
    "stream",
    "pond",
    "quarry",
    "path",
    "road",
    "major_road",
];

fn hex<'a>(lib: &'a Library, id: &str) -> &'a TerrainType {
    let t = lib.terrain("fontenoy/terrain").expect("fontenoy/terrain");
    t.hex_terrain
        .iter()
        .chain(&t.hexside_features)
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no terrain {id}"))
}

fn tcell<'a>(lib: &'a Library, id: &str, attr: &str) -> &'a Cell {
    hex(lib, id)
        .values
        .get(attr)
        .unwrap_or_else(|| panic!("{id}: no {attr}"))
}

/// A published terrain value: known and not provisional.
fn tv(lib: &Library, id: &str, attr: &str) -> String {
    let c = tcell(lib, id, attr);
    assert!(
        !c.provenance.as_ref().is_some_and(|p| p.is_provisional()),
        "{id} {attr}"
    );
    c.value
        .as_ref()
        .unwrap_or_else(|| panic!("{id} {attr}: missing"))
        .to_string()
}

fn hex_twin(lib: &Library, id: &str, attr: &str) -> String {
    lenient(chart(lib, "fontenoy/terrain-effects-provisional"), id, attr)
}

fn side_twin(lib: &Library, id: &str, attr: &str) -> String {
    lenient(chart(lib, "fontenoy/hexside-effects-provisional"), id, attr)
}

#[test]
fn terrain_ids_are_unchanged_for_the_maps() {
    let lib = lib();
    let t = lib.terrain("fontenoy/terrain").expect("terrain");
    let h: Vec<&str> = t.hex_terrain.iter().map(|e| e.id.as_str()).collect();
    let s: Vec<&str> = t.hexside_features.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(h, HEX_IDS);
    assert_eq!(s, SIDE_IDS);
}

#[test]
fn terrain_twins_complete_every_attribute_and_keep_every_published_value() {
    let lib = lib();
    let t = lib.terrain("fontenoy/terrain").expect("terrain");
    let mut missing = 0;
    for (entries, attrs, twin) in [
        (
            &t.hex_terrain,
            &t.hex_attributes,
            "fontenoy/terrain-effects-provisional",
        ),
        (
            &t.hexside_features,
            &t.hexside_attributes,
            "fontenoy/hexside-effects-provisional",
        ),
    ] {
        let c = chart(&lib, twin);
        assert_eq!(c.provenance.kind_name(), "provisional");
        assert_eq!(c.rows.len(), entries.len(), "{twin}");
        assert_eq!(
            &c.columns[1..],
            &attrs[..],
            "{twin}: columns are the attributes"
        );
        for e in entries {
            let r = c
                .row_index(&e.id)
                .unwrap_or_else(|| panic!("{twin}: no row {}", e.id));
            for a in attrs {
                let here = format!("{} {}", e.id, a.id);
                let filled = c
                    .get_at(r, &a.id, Mode::Lenient)
                    .expect("cell")
                    .unwrap_or_else(|| panic!("{here}: not filled"));
                let cell = &e.values[&a.id];
                match &cell.value {
                    None => {
                        missing += 1;
                        assert!(c.get_at(r, &a.id, Mode::Strict).is_err(), "{here}");
                    }
                    Some(v) => {
                        assert_eq!(v, filled, "{here}: the twin changes a published value");
                        assert_eq!(
                            c.get_at(r, &a.id, Mode::Strict)
                                .unwrap_or_else(|e| panic!("{here}: {e}")),
                            Some(v)
                        );
                    }
                }
            }
        }
    }
    assert!(missing > 200, "{missing}");
}

#[test]
fn f9_2_scm_costs_of_the_terrain_section() {
    let lib = lib();
    for (id, cost) in [
        ("bog", "3/2"),
        ("broken", "2"),
        ("marsh", "4"),
        ("orchard", "2"),
        ("village", "3"),
        ("woods", "3"),
        // 13.1f: a hex normally costs one hex of charge range; clear is the base terrain.
        ("clear", "1"),
        // F-9.2k, F-9.2d, F-9.2m: cavalry only passes through in Road Column, or not at all.
        ("walled_farm", "P"),
        ("keep", "P"),
        ("river", "P"),
    ] {
        assert_eq!(tv(&lib, id, "scm_cost"), cost, "{id}");
    }
    // F-2.8c: cavalry attacking across an open hex of a redoubt uses the other terrain's cost.
    assert_eq!(tv(&lib, "redoubt", "scm_cost"), "other");
}

#[test]
fn f9_2_line_of_sight_disorder_checks_and_rule_8_7() {
    let lib = lib();
    for (id, los, dca, r87) in [
        ("bog", "false", "no", "false"),
        ("broken", "false", "yes", "true"),
        ("clear", "false", "no", "false"),
        ("marsh", "false", "yes", "true"),
        ("orchard", "true", "yes", "true"),
        ("sunken_road", "false", "may", "true"),
        ("town", "true", "yes", "true"),
        ("village", "true", "yes", "true"),
        ("walled_farm", "true", "yes", "true"),
        ("woods", "true", "yes", "true"),
    ] {
        assert_eq!(tv(&lib, id, "blocks_los"), los, "{id}");
        assert_eq!(tv(&lib, id, "disorder_check_a"), dca, "{id}");
        assert_eq!(tv(&lib, id, "series_8_7"), r87, "{id}");
    }
    for id in ["bog", "broken", "clear"] {
        assert_eq!(tv(&lib, id, "square_allowed"), "true", "{id}");
    }
    assert_eq!(tv(&lib, "river", "blocks_los"), "false");
    for (id, los) in [
        ("slope_gentle", "slope_rules"),
        ("abatis", "unless_firer_adjacent"),
        ("fieldworks_minor", "unless_firer_adjacent"),
        ("fieldworks_major", "unless_firer_adjacent"),
        ("stream", "no"),
        ("pond", "no"),
        ("quarry", "no"),
        ("road", "no"),
    ] {
        assert_eq!(tv(&lib, id, "blocks_los"), los, "{id}");
    }
    assert_eq!(tv(&lib, "slope_steep", "disorder_check_a"), "yes");
    assert_eq!(tv(&lib, "slope_gentle", "disorder_check_a"), "no");
    assert_eq!(tv(&lib, "stream", "disorder_check_a"), "yes");
    assert_eq!(tv(&lib, "fieldworks_minor", "series_8_7"), "true");
}

#[test]
fn f9_2n_road_rates_and_f3_9a_bridge() {
    let lib = lib();
    assert_eq!(tv(&lib, "road", "road_mp_open"), "1/2");
    assert_eq!(tv(&lib, "road", "road_mp_other"), "1/2");
    assert_eq!(tv(&lib, "major_road", "road_mp_open"), "1/3");
    assert_eq!(tv(&lib, "major_road", "road_mp_other"), "1/3");
    assert_eq!(tv(&lib, "path", "road_mp_open"), "1/2");
    assert_eq!(tv(&lib, "path", "road_mp_other"), "1");
    // F-9.2m, F-3.9a: only Road Movement crosses the bridge; movement is forbidden in the river.
    for a in ["mp_infantry_line", "mp_infantry_column", "mp_cavalry_line"] {
        assert_eq!(tv(&lib, "bridge", a), "P", "{a}");
        assert_eq!(tv(&lib, "river", a), "P", "{a}");
    }
}

#[test]
fn f9_2m_bridge_and_f3_6_barricade_fire_defense_5() {
    let lib = lib();
    assert_eq!(tv(&lib, "bridge", "fire_defense"), "5");
    assert_eq!(tv(&lib, "barricade", "fire_defense"), "5");
    // F-9.2m gives +10 (F-3.9a says +5): the terrain section is followed.
    assert_eq!(tv(&lib, "bridge", "morale_modifier"), "10");
    // F-3.5a B: entering a redoubt hex costs nothing extra.
    assert_eq!(tv(&lib, "redoubt", "mp_infantry_line"), "other");
    assert_eq!(tv(&lib, "redoubt", "general_order"), "infantry_artillery");
    assert_eq!(tv(&lib, "town", "general_order"), "all");
    assert_eq!(
        tv(&lib, "walled_farm", "general_order"),
        "infantry_artillery"
    );
    assert_eq!(tv(&lib, "keep", "general_order"), "infantry");
    assert_eq!(tv(&lib, "keep", "close_combat_allowed"), "false");
    for id in ["walled_farm", "redoubt"] {
        assert_eq!(tv(&lib, id, "cavalry_attack_allowed"), "false", "{id}");
    }
    for id in ["woods", "village", "town"] {
        assert_eq!(tv(&lib, id, "cavalry_hampered"), "true", "{id}");
    }
    for id in ["abatis", "fieldworks_minor", "fieldworks_major"] {
        assert_eq!(tv(&lib, id, "cavalry_attack_allowed"), "false", "{id}");
    }
    assert_eq!(tv(&lib, "abatis", "close_combat_allowed"), "false");
}

#[test]
fn f2_10c_sunken_road_morale_minus_5_and_skirmishers_minus_10() {
    let lib = lib();
    assert_eq!(tv(&lib, "sunken_road", "morale_modifier"), "-5");
    assert_eq!(tv(&lib, "sunken_road", "morale_modifier_skirmisher"), "-10");
}

#[test]
fn f9_1c_village_and_minor_fieldworks_morale_minus_11() {
    let lib = lib();
    // Published: neither part is known on its own.
    assert!(tcell(&lib, "village", "morale_modifier").is_missing());
    assert!(tcell(&lib, "fieldworks_minor", "morale_modifier").is_missing());
    let sum = int(&hex_twin(&lib, "village", "morale_modifier"))
        + int(&side_twin(&lib, "fieldworks_minor", "morale_modifier"));
    assert_eq!(sum, -11);
}

#[test]
fn terrain_twin_stacking_holds_the_groups_of_the_examples() {
    let lib = lib();
    let clear = |a: &str| int(&hex_twin(&lib, "clear", a));
    // 10.11a: two 6-SP battalions in one single-hex March Column; 12.4d: a 12-SP Square.
    assert!(clear("stack_infantry_column") >= 12);
    assert!(clear("stack_infantry_line") >= 12);
    // 8.4b: a 12-SP cavalry unit in a 1-hex March Column; 14.5b: 17 cavalry SP end in one hex.
    assert!(clear("stack_cavalry_column") >= 12);
    assert!(clear("stack_cavalry_line") >= 17);
    // 12.4c: 10 infantry SP and 2 artillery SP (x4, 10.4g) in a 2-hex Line.
    assert!(2 * clear("stack_infantry_line") >= 10 + 4 * 2);
}

// ---------------------------------------------------------------------------------------------
// Stacking, Line SP, firing formations (8.1, 10.4g, 12.2g, 12.3, 12.4c, F-3.5a)

#[test]
fn r8_1_stacking_limits_stated_in_the_text() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/stacking");
    for (k, v) in [
        ("road_column_sp_per_hex", "4"),
        ("road_column_artillery_sp_per_hex", "1"),
        ("artillery_sp_weight", "4"),
        ("line_min_sp_per_hex_cavalry", "4"),
        ("square_min_sp", "3"),
        ("line_max_hexes_infantry", "2"),
        ("line_max_hexes_cavalry", "3"),
        ("march_column_max_hexes_cavalry", "3"),
        ("redoubt_small_infantry_sp", "8"),
        ("redoubt_small_artillery_sp", "2"),
        ("redoubt_large_infantry_sp", "12"),
        ("redoubt_large_artillery_sp", "2"),
    ] {
        assert_eq!(strict(c, k, "value"), v, "{k}");
    }
    missing_strict(c, "skirmisher_sp_per_hex", "value");
}

#[test]
fn r8_1a_e10_sp_spread_with_the_extra_in_the_right_hand_hex() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/infantry-line-sp");
    assert_eq!(ints(&strict(c, "9", "split_2_hex")), [5, 4]);
    assert_eq!(ints(&strict(c, "10", "split_2_hex")), [5, 5]);
    assert_eq!(ints(&strict(c, "7", "split_2_hex")), [4, 3]);
    missing_strict(c, "9", "fire_2_hex_4_rank");
}

#[test]
fn r18_5a_e59_disordered_2_hex_lines_fire_2_per_hex() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/infantry-line-sp-provisional");
    let halve = |v: i64| round_half(v, 2);
    // 9 SP, four ranks (French, F-3.1b), 2 hexes: "3 and 4", Disordered 2 and 2.
    assert_eq!(lenient(c, "9", "hexes_4_rank"), "2");
    let f4 = ints(&lenient(c, "9", "fire_2_hex_4_rank"));
    assert_eq!(f4, [4, 3]);
    assert_eq!(f4.iter().map(|&v| halve(v)).collect::<Vec<_>>(), [2, 2]);
    // 10 SP, three ranks (Allied, F-4.1e A): 4 from each hex, Disordered 2.
    assert_eq!(lenient(c, "10", "hexes_3_rank"), "2");
    let f3 = ints(&lenient(c, "10", "fire_2_hex_3_rank"));
    assert_eq!(f3, [4, 4]);
    assert_eq!(f3.iter().map(|&v| halve(v)).collect::<Vec<_>>(), [2, 2]);
    // The halving is the firing-SP modifier of 12.3a, round.
    let m = chart(&lib, "fontenoy/fire-strength-modifiers");
    assert_eq!(strict(m, "disordered", "value"), "1/2");
    assert_eq!(strict(m, "disordered", "rounding"), "round");
}

#[test]
fn r10_8d_e22_a_4_sp_unit_left_alone_forms_a_1_hex_line() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/infantry-line-sp-provisional");
    for ranks in ["hexes_3_rank", "hexes_4_rank"] {
        assert_eq!(lenient(c, "4", ranks), "1", "{ranks}");
        assert_eq!(lenient(c, "8", ranks), "2", "{ranks}");
    }
}

#[test]
fn r12_2g_square_and_r12_4c_artillery_and_f3_5a_redoubt_fire_limits() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/firing-formations");
    for side in ["french", "allied"] {
        let f = |row: &str, s: &str| strict(c, row, &format!("{side}_{s}"));
        assert_eq!(f("square_per_target", "formed"), "4");
        assert_eq!(f("square_per_target", "disordered"), "2");
        assert_eq!(f("square_total", "formed"), "12");
        assert_eq!(f("square_total", "disordered"), "6");
        assert_eq!(f("artillery_per_hex", "formed"), "4");
        assert_eq!(f("general_order_per_hexside", "formed"), "3");
        assert_eq!(f("redoubt_per_hexside", "formed"), "3");
        assert_eq!(f("redoubt_per_hexside", "disordered"), "2");
        missing_strict(c, "line_per_hex", &format!("{side}_formed"));
    }
}

#[test]
fn r12_4c_e34_two_hex_line_fires_8_sp_and_4_when_disordered() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/firing-formations-provisional");
    for side in ["french", "allied"] {
        let formed = int(&lenient(c, "line_per_hex", &format!("{side}_formed")));
        let dis = int(&lenient(c, "line_per_hex", &format!("{side}_disordered")));
        assert_eq!(2 * formed, 8, "{side}");
        assert_eq!(2 * dis, 4, "{side}");
        // 2 artillery SP on top, then 6 of the infantry's 10 SP.
        assert_eq!(2 * formed - 2, 6);
    }
}

// ---------------------------------------------------------------------------------------------
// Fire combat (12.x)

#[test]
fn r12_1_e30_single_hex_line_fires_four_sp_14_and_9() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/firing-formations-provisional");
    let max = int(&lenient(c, "line_per_hex", "allied_formed"));
    assert_eq!(max, 4);
    // The example's own multipliers (a game of the series): grenadiers x5/x3 on top (1 SP),
    // fusiliers x3/x2 below (3 of their 4 SP).
    let (gren, fus) = (1, max - 1);
    assert_eq!(gren * 5 + fus * 3, 14);
    assert_eq!(gren * 3 + fus * 2, 9);
}

#[test]
fn r12_1_e31_two_12pdr_sp_at_8_hexes_fire_6() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/fire-multipliers-provisional");
    for ty in ["french_12pdr"] {
        assert_eq!(2 * int(&lenient(c, ty, "r8")), 6, "{ty}");
        // The 7-10 band of the example.
        for r in 7..=10 {
            assert_eq!(lenient(c, ty, &format!("r{r}")), "3", "{ty} r{r}");
        }
    }
    missing_strict(
        chart(&lib, "fontenoy/fire-multipliers"),
        "french_12pdr",
        "r8",
    );
}

#[test]
fn r12_1_e32_ratio_7_to_1_uses_5_to_1_plus_20() {
    let lib = lib();
    let t = chart(&lib, "fontenoy/fire-combat-table");
    let cols: Vec<&str> = t.columns[1..].iter().map(|c| c.id.as_str()).collect();
    assert_eq!(cols, ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]);
    let m = chart(&lib, "fontenoy/fire-modifiers");
    let step = int(&strict(m, "ratio_above_5_to_1_per_step", "drm"));
    assert_eq!((7 - 5) * step, 20);
}

#[test]
fn r12_5f_r13_10g_fire_modifiers_stated_in_the_text() {
    let lib = lib();
    let m = chart(&lib, "fontenoy/fire-modifiers");
    assert_eq!(strict(m, "skirmisher_target", "drm"), "-10");
    assert_eq!(strict(m, "defensive_fire_vs_cavalry", "drm"), "10");
    assert_eq!(strict(m, "defensive_fire_vs_infantry", "drm"), "20");
    assert_eq!(strict(m, "heavy_smoke_infantry", "drm"), "-20");
    assert_eq!(strict(m, "heavy_smoke_artillery_per_hex", "drm"), "-10");
    let f = chart(&lib, "fontenoy/fire-strength-modifiers");
    assert_eq!(strict(f, "disordered_and_partial_los", "value"), "1/4");
    assert_eq!(strict(f, "terrain_halving", "rounding"), "round_down");
    assert_eq!(strict(f, "enfilade", "value"), "1");
    assert_eq!(strict(f, "general_order", "value"), "-1");
    assert_eq!(strict(f, "french_fortified", "value"), "3/2");
}

#[test]
fn r12_5_e36_e37_target_sizes_16_and_11() {
    let lib = lib();
    // 12.5c: 7 infantry SP in 2 hexes, round(3.5) = 4, plus 3 artillery SP x4.
    let size36 = round_half(7, 2) + 3 * 4;
    assert_eq!(size36, 16);
    // 12.5d: 17 cavalry SP x2 in 3 hexes, round(11.3) = 11.
    let size37 = round_half(17 * 2, 3);
    assert_eq!(size37, 11);
    let t = chart(&lib, "fontenoy/fire-target-size");
    missing_strict(t, "16", "drm");
    let p = chart(&lib, "fontenoy/fire-target-size-provisional");
    assert_eq!(lenient_roll(p, size36, "drm"), "5");
    assert_eq!(lenient_roll(p, size37, "drm"), "0");
    let mut last = i64::MIN;
    for size in 1..=60 {
        let v = int(&lenient_roll(p, size, "drm"));
        assert!(
            v >= last,
            "size {size}: bigger targets are never harder to hit"
        );
        last = v;
    }
}

#[test]
fn f2_4b_infantry_ranges_and_f3_5b_artillery_short_range() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/fire-multipliers");
    // No infantry fire at 2 hexes (F-2.4b A) except the listed cases.
    for ty in [
        "french_infanterie",
        "french_gardes",
        "dutch_gardes",
        "hanoverian_musketier",
    ] {
        assert_eq!(strict(c, ty, "r2"), "0", "{ty}");
        assert_eq!(strict(c, ty, "short_range"), "1", "{ty}");
        assert_eq!(strict(c, ty, "r3"), "0", "{ty}");
    }
    // French in fortifications fire at 2 hexes (F-2.4b D): the value is the chart's.
    missing_strict(c, "french_infanterie", "r2_fortified");
    assert_eq!(strict(c, "dutch_gardes", "r2_fortified"), "0");
    // English infantry fires at 2 hexes (F-2.4b C).
    assert_eq!(strict(c, "english_foot", "short_range"), "2");
    missing_strict(c, "english_foot", "r2");
    // French skirmishers: 3 hexes, Opportunity Fire included (F-3.1d); never beyond 3.
    assert_eq!(strict(c, "french_fantassins", "short_range"), "3");
    assert_eq!(strict(c, "french_fantassins", "r4"), "0");
    // French artillery: "the usual 3-hex short range" (F-3.5b G).
    for ty in [
        "french_4pdr_suedoise",
        "french_4pdr",
        "french_8pdr",
        "french_12pdr",
        "french_16pdr",
    ] {
        assert_eq!(strict(c, ty, "short_range"), "3", "{ty}");
    }
    let p = chart(&lib, "fontenoy/fire-multipliers-provisional");
    assert!(int(&lenient(p, "english_foot", "r2")) > 0);
    assert!(int(&lenient(p, "french_infanterie", "r2_fortified")) > 0);
    assert!(int(&lenient(p, "french_fantassins", "r3")) > 0);
}

#[test]
fn f7_5c_f7_6_optional_multipliers() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/fire-multipliers");
    for (ty, r1, r2) in [
        ("english_foot_7_5c", "4", "0"),
        ("english_foot_guards_7_5c", "5", "0"),
        ("dutch_gardes_7_6", "4", "1"),
        ("dutch_infantry_7_6", "3", "1"),
        ("hanoverian_musketier_7_6", "4", "1"),
    ] {
        assert_eq!(strict(c, ty, "r1"), r1, "{ty}");
        assert_eq!(strict(c, ty, "r2"), r2, "{ty}");
    }
}

#[test]
fn r12_9f_e39_artillery_hit_from_beyond_short_range_loses_half_rounded_down() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/fire-multipliers");
    let short = int(&strict(c, "french_8pdr", "short_range"));
    assert_eq!(short, 3);
    let range = 4;
    assert!(range > short);
    assert_eq!(3 / 2, 1, "result 3 halved, round down");
}

#[test]
fn r12_1_fire_combat_table_results_never_milder_for_higher_rolls_or_columns() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/fire-combat-table-provisional");
    let codes = c.columns[1].codes.clone().expect("codes");
    let rank = |s: String| codes.iter().position(|c| *c == s).expect("code");
    let cols: Vec<String> = c.columns[1..].iter().map(|c| c.id.clone()).collect();
    for (i, col) in cols.iter().enumerate() {
        let mut last = 0;
        for roll in -30..=130 {
            let v = rank(lenient_roll(c, roll, col));
            assert!(v >= last, "column {col} roll {roll}");
            last = v;
            if i > 0 {
                assert!(
                    v >= rank(lenient_roll(c, roll, &cols[i - 1])),
                    "{col} {roll}"
                );
            }
        }
    }
    // Every result of 12.9 occurs.
    let mut seen = BTreeSet::new();
    for col in &cols {
        for roll in -1..=100 {
            seen.insert(lenient_roll(c, roll, col));
        }
    }
    assert_eq!(seen.len(), codes.len(), "{seen:?}");
}

// ---------------------------------------------------------------------------------------------
// Facing, formations, movement (8.4, 9.x, 11.x, 13.4e)

#[test]
fn r9_3b_general_order_r9_6_about_face_and_r9_7_hook() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/facing-change-costs");
    for t in ["turn_1", "turn_2", "turn_3"] {
        assert_eq!(strict(c, "general_order", t), "all", "{t}");
        assert_eq!(strict(c, "hook", t), "NA", "{t}");
    }
    for g in [
        "vertex",
        "hexside",
        "french_infantry_vertex",
        "french_infantry_hexside",
    ] {
        assert_eq!(strict(c, g, "turn_3"), "all", "{g}");
        missing_strict(c, g, "turn_1");
    }
}

#[test]
fn r9_4b_e20_cavalry_line_wheel_costs_3_or_4_with_a_slope() {
    let lib = lib();
    let f = chart(&lib, "fontenoy/facing-change-costs-provisional");
    let turn = int(&lenient(f, "vertex", "turn_1"));
    assert_eq!(turn, 1);
    let wheel = turn + 2; // the moving end enters 2 open hexes
    assert_eq!(wheel, 3);
    let slope = int(&side_twin(&lib, "slope_regular", "mp_cavalry_line"));
    assert_eq!(wheel + slope, 4);
}

#[test]
fn r8_4c_e15_cavalry_march_column_to_3_hex_line_turning_right_costs_5() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/reformation-costs-provisional");
    for n in ["french", "dutch", "english", "hanoverian", "austrian"] {
        let diagram = int(&lenient(c, "cavalry_mc_to_line_right", n));
        assert_eq!(diagram, 3, "{n}");
        assert_eq!(diagram + 2, 5, "{n}: plus 1 per hex of length");
    }
    missing_strict(
        chart(&lib, "fontenoy/reformation-costs"),
        "cavalry_mc_to_line_right",
        "french",
    );
}

#[test]
fn r8_4_reformation_costs_stated_in_the_text() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/reformation-costs");
    for n in ["french", "dutch", "english", "hanoverian", "austrian"] {
        for (r, v) in [
            ("road_to_march_column", "1"),
            ("march_to_road_column", "1"),
            ("to_square", "all"),
            ("from_square", "all"),
            ("skirmish_in_or_out", "1"),
            ("line_hook", "1"),
            ("limber_unlimber", "2"),
            ("rally_from_rout", "0"),
        ] {
            assert_eq!(strict(c, r, n), v, "{r} {n}");
        }
    }
}

#[test]
fn r13_4e_e43_defender_reaction_disorder_checks_20_10_and_40() {
    let lib = lib();
    let d = chart(&lib, "fontenoy/disorder-check-table");
    let per_mp = int(&strict(d, "defender_reaction_per_mp", "D"));
    let whole = int(&strict(d, "defender_reaction_whole_mpo", "D"));
    assert_eq!(per_mp, 10);
    let f = chart(&lib, "fontenoy/facing-change-costs-provisional");
    let r = chart(&lib, "fontenoy/reformation-costs-provisional");
    // A Line facing change normally costing 2 MP: +20.
    assert_eq!(per_mp * int(&lenient(f, "vertex", "turn_2")), 20);
    // March Column into Line normally costing 1 MP: +10.
    assert_eq!(
        per_mp * int(&lenient(r, "infantry_mc_to_line_ahead", "english")),
        10
    );
    // March Column into Square takes the whole MPo: +40.
    assert_eq!(lenient(r, "to_square", "english"), "all");
    assert_eq!(whole, 40);
}

#[test]
fn r11_5e_e28_hook_extends_into_open_for_3_and_r11_7_e29_two_rearward_steps_cost_4() {
    let lib = lib();
    let open = int(&hex_twin(&lib, "clear", "mp_infantry_line"));
    assert_eq!(1 + open + 1, 3);
    assert_eq!(2 * (open + 1), 4);
    assert!(tcell(&lib, "clear", "mp_infantry_line").is_missing());
}

#[test]
fn r13_3f_e42_fontenoy_village_scm_is_3_not_the_examples_2() {
    let lib = lib();
    // The example's game charges Open 1 + Village 2 + Open 1 = 4; Fontenoy's village costs 3
    // (F-9.2j), so the same path takes 5 hexes of charge range.
    let (open, village) = (
        int(&tv(&lib, "clear", "scm_cost")),
        int(&tv(&lib, "village", "scm_cost")),
    );
    assert_eq!(open + village + open, 5);
    assert_eq!(tv(&lib, "village", "disorder_check_a"), "yes");
}

/// Axial neighbour vectors in clockwise order, 60 degrees apart (direction k at 60k).
const DIRS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

fn step(h: (i32, i32), angle: i64) -> (i32, i32) {
    let k = (angle.rem_euclid(360) / 60) as usize;
    (h.0 + DIRS[k].0, h.1 + DIRS[k].1)
}

/// The hexes of a formation at the given relative angles, absolute facing `facing`.
fn around(hexes: &[(i32, i32)], facing: i64, rel: &[i64]) -> BTreeSet<(i32, i32)> {
    let mut out = BTreeSet::new();
    for &h in hexes {
        for &a in rel {
            let n = step(h, facing + a);
            if !hexes.contains(&n) {
                out.insert(n);
            }
        }
    }
    out
}

#[test]
fn r13_11c_e50_two_hex_line_has_three_frontal_two_flank_and_three_rear_hexes() {
    let lib = lib();
    let g = chart(&lib, "fontenoy/formation-geometry-provisional");
    let rel = |col: &str| ints(&lenient(g, "line", col));
    // A Line facing the vertex at 30 degrees; its second hex lies at -60 (the left).
    let a = (0, 0);
    let b = step(a, -60);
    let fr = around(&[a, b], 30, &rel("frontal"));
    let fl = around(&[a, b], 30, &rel("flank"));
    let re = around(&[a, b], 30, &rel("rear"));
    assert_eq!((fr.len(), fl.len(), re.len()), (3, 2, 3));
    assert!(fr.is_disjoint(&fl) && fr.is_disjoint(&re) && fl.is_disjoint(&re));
    assert_eq!(
        fr.len() + fl.len() + re.len(),
        8,
        "every neighbour classed once"
    );
    // 9.1: the ZOC is the frontal hexes.
    assert_eq!(rel("zoc"), rel("frontal"));
}

#[test]
fn r8_1f_road_column_has_one_frontal_and_one_rear_hex() {
    let lib = lib();
    let g = chart(&lib, "fontenoy/formation-geometry");
    assert_eq!(strict(g, "road_column", "facing"), "hexside");
    assert_eq!(ints(&strict(g, "road_column", "frontal")), [0]);
    assert_eq!(ints(&strict(g, "road_column", "rear")), [180]);
    assert_eq!(ints(&strict(g, "road_column", "flank")).len(), 4);
    assert_eq!(strict(g, "line", "facing"), "vertex");
    assert_eq!(strict(g, "march_column", "facing"), "hexside");
    assert_eq!(ints(&strict(g, "redoubt_infantry", "frontal")).len(), 6);
    assert_eq!(ints(&strict(g, "keep_infantry", "zoc")).len(), 6);
    missing_strict(g, "line", "frontal");
    // A 3-hex Road Column: 1 frontal, 1 rear, 8 flank (8.1f: flank hexes depend on length).
    let p = chart(&lib, "fontenoy/formation-geometry-provisional");
    let hexes = [(0, 0), step((0, 0), 180), step(step((0, 0), 180), 180)];
    let rel = |col: &str| ints(&lenient(p, "road_column", col));
    assert_eq!(around(&hexes, 0, &rel("frontal")).len(), 1);
    assert_eq!(around(&hexes, 0, &rel("rear")).len(), 1);
    assert_eq!(around(&hexes, 0, &rel("flank")).len(), 8);
}

// ---------------------------------------------------------------------------------------------
// Close combat (13.11, 14.x)

#[test]
fn r13_11_e52_ratio_8_to_1_gives_attacker_plus_2() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/close-combat-ratio-drm");
    assert_eq!(strict(c, "above_6_to_1", "side"), "attacker");
    assert_eq!(strict(c, "above_6_to_1", "from_ratio"), "6:1");
    let per = int(&strict(c, "above_6_to_1", "per_step"));
    assert_eq!((8 - 6) * per, 2);
}

#[test]
fn r13_11_e52_ratio_1_to_4_gives_defender_plus_1() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/close-combat-ratio-drm");
    assert_eq!(strict(c, "below_1_to_3", "side"), "defender");
    let per = int(&strict(c, "below_1_to_3", "per_step"));
    let steps_below = |n: i64| n - 3; // 1:n below 1:3
    assert_eq!(steps_below(4) * per, 1);
    let t = chart(&lib, "fontenoy/close-combat-table");
    let cols: Vec<&str> = t.columns[1..].iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        cols,
        ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
    );
}

#[test]
fn r13_11c_e49_cr_of_a_flanked_half_strength_unit_in_woods_with_a_commander_is_0() {
    let lib = lib();
    let m = chart(&lib, "fontenoy/cr-modifiers");
    assert_eq!(strict(m, "sp_losses", "operation"), "halve");
    let printed = 2;
    let halved = round_half(printed, 2);
    assert_eq!(halved, 1);
    let flanked = int(&strict(m, "flanked_by_non_participant", "value"));
    let woods = int(&hex_twin(&lib, "woods", "cr_defending"));
    let commander = int(&strict(m, "commander", "value")); // times a +1 bonus
    assert_eq!(halved + flanked + woods + commander, 0);
}

#[test]
fn r13_11c_cr_modifiers_stated_in_the_text() {
    let lib = lib();
    let m = chart(&lib, "fontenoy/cr-modifiers");
    for (k, v, renewed) in [
        ("shaken", "-5", "true"),
        ("infantry_line_vs_cavalry_renewed", "2", "true"),
        ("square_vs_cavalry", "5", "true"),
        ("square_vs_infantry", "-5", "true"),
        ("skirmishers_open_vs_infantry", "-4", "true"),
        ("skirmishers_difficult_vs_infantry", "-2", "true"),
        ("skirmishers_open_vs_cavalry", "-6", "true"),
        ("skirmishers_difficult_vs_cavalry", "-2", "true"),
        ("defender_column_or_limbered", "-4", "true"),
        ("cavalry_heavy_or_medium", "2", "false"),
        ("cavalry_light", "1", "false"),
        ("charge_per_hex", "1", "false"),
        ("flanking", "3", "false"),
        ("flanked_by_non_participant", "-3", "false"),
        ("wild_geese", "1", "true"),
        ("victoire", "1", "true"),
        ("dutch_hesitation", "-1", "true"),
        ("louis_xv", "1", "true"),
    ] {
        assert_eq!(strict(m, k, "value"), v, "{k}");
        assert_eq!(strict(m, k, "renewed"), renewed, "{k}");
    }
}

#[test]
fn r14_2c_e53_r16_2c_e57_r14_4_results_occur_on_the_close_combat_table() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/close-combat-table-provisional");
    let mut seen = BTreeSet::new();
    for col in &c.columns[1..] {
        for d in -20..=20 {
            seen.insert(lenient_roll(c, d, &col.id));
        }
    }
    for r in ["1D/2R", "1D/1R", "M", "-/S", "S/-"] {
        assert!(seen.contains(r), "{r} never occurs");
    }
    let codes = c.columns[1].codes.clone().expect("codes");
    assert_eq!(seen.len(), codes.len(), "every code occurs");
}

#[test]
fn r14_1_close_combat_table_never_better_for_the_defender_with_a_higher_difference_or_column() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/close-combat-table-provisional");
    // Codes are listed from the attacker's best result to his worst.
    let codes = c.columns[1].codes.clone().expect("codes");
    let rank = |s: String| codes.iter().position(|c| *c == s).expect("code");
    let cols: Vec<String> = c.columns[1..].iter().map(|c| c.id.clone()).collect();
    for (i, col) in cols.iter().enumerate() {
        let mut last = usize::MAX;
        for d in -20..=20 {
            let v = rank(lenient_roll(c, d, col));
            assert!(v <= last, "{col} {d}");
            last = v;
            if i > 0 {
                assert!(v <= rank(lenient_roll(c, d, &cols[i - 1])), "{col} {d}");
            }
        }
    }
}

#[test]
fn r14_8_e56_dice_0_and_3_give_2_2_star_and_the_half_strength_group_checks_first() {
    let lib = lib();
    let s = chart(&lib, "fontenoy/special-close-combat");
    missing_strict(s, "3", "result");
    let p = chart(&lib, "fontenoy/special-close-combat-provisional");
    assert_eq!(lenient(p, "3", "result"), "2/2*");
    // Ranking by ER with the MC(G) modifiers: the half-strength group 23 + 10 = 33.
    let m = chart(&lib, "fontenoy/morale-check-table");
    let half = int(&strict(m, "half_strength", "value"));
    let mp = chart(&lib, "fontenoy/morale-check-table-provisional");
    assert_eq!(lenient(mp, "half_strength", "G"), "true");
    let mut order = [("attacker", 23 + half), ("defender", 30), ("attacker", 27)];
    order.sort_by_key(|g| std::cmp::Reverse(g.1));
    assert_eq!(order.iter().map(|g| g.1).collect::<Vec<_>>(), [33, 30, 27]);
}

#[test]
fn r14_8b_commander_check_0_to_3_killed() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/commander-loss-results");
    for roll in 0..=9 {
        let want = if roll <= 3 { "killed" } else { "none" };
        assert_eq!(
            c.get_roll(roll, "close_combat", Mode::Strict)
                .expect("strict")
                .expect("value")
                .to_string(),
            want,
            "{roll}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Disorder and morale checks (18.x, 19.x)

#[test]
fn r18_2b_e58_forced_march_village_passage_of_lines_and_commander_give_plus_15() {
    let lib = lib();
    let d = chart(&lib, "fontenoy/disorder-check-table");
    let forced = int(&strict(d, "forced_march", "A"));
    assert_eq!(forced, 5);
    missing_strict(d, "difficult_terrain_first", "A");
    missing_strict(d, "passage_of_lines_different_type", "A");
    let p = chart(&lib, "fontenoy/disorder-check-table-provisional");
    let village = int(&lenient(p, "difficult_terrain_first", "A"));
    let passage = int(&lenient(p, "passage_of_lines_different_type", "A"));
    let commander = int(&strict(d, "commander", "A")) * -5;
    assert_eq!(forced + village + passage, 20);
    assert_eq!(forced + village + passage + commander, 15);
}

#[test]
fn r8_7_woods_reformation_and_r11_2e_further_terrain_plus_5() {
    let lib = lib();
    let d = chart(&lib, "fontenoy/disorder-check-table");
    assert_eq!(strict(d, "difficult_terrain_each_additional", "A"), "5");
    assert_eq!(strict(d, "disordered", "G"), "5");
    assert_eq!(strict(d, "forced_march", "B"), "0");
    let p = chart(&lib, "fontenoy/disorder-check-table-provisional");
    assert_eq!(lenient(p, "reform_in_difficult_terrain", "A"), "5");
}

#[test]
fn r19_5c_e60_routed_unit_rallies_at_plus_15() {
    let lib = lib();
    let m = chart(&lib, "fontenoy/morale-check-table");
    let routed = int(&strict(m, "rally_routed", "value"));
    assert_eq!(strict(m, "rally_routed", "I"), "true");
    assert_eq!(strict(m, "rally_routed", "A"), "false");
    let er = 32 + routed;
    assert_eq!(er, 47);
    // 19.5c: below the printed ER loses an SP too; 32-46 fails; 47 or more rallies.
    let outcome = |roll: i64| {
        if roll < 32 {
            "fail, -1 SP"
        } else if roll < er {
            "fail"
        } else {
            "rally"
        }
    };
    assert_eq!(outcome(31), "fail, -1 SP");
    assert_eq!(outcome(46), "fail");
    assert_eq!(outcome(47), "rally");
}

#[test]
fn r19_8_r19_9_morale_modifiers_stated_in_the_text() {
    let lib = lib();
    let m = chart(&lib, "fontenoy/morale-check-table");
    for (k, v) in [
        ("half_strength", "10"),
        ("shaken", "10"),
        ("disordered", "5"),
        ("disordered_and_shaken", "15"),
        ("column_or_general_order", "5"),
        ("square", "-10"),
        ("flanked", "10"),
        ("supported_line", "-10"),
        ("fire_loss_2_or_3", "10"),
        ("fire_loss_4_plus", "20"),
        ("fired_on_through_flank_or_rear", "5"),
        ("non_cavalry_defender_vs_cavalry", "5"),
        ("rally_in_ezoc", "10"),
        ("voluntary_rout_passed_through", "10"),
        ("furia_francese", "5"),
        ("vive_le_roi", "-10"),
        ("sauve_qui_peut_routed_near", "15"),
        ("victoire", "-10"),
        ("louis_xv", "-5"),
    ] {
        assert_eq!(strict(m, k, "value"), v, "{k}");
    }
    // Which types a specific modifier applies to is in the text; the standard ones are not.
    assert_eq!(strict(m, "fire_loss_2_or_3", "A"), "true");
    assert_eq!(strict(m, "fire_loss_2_or_3", "B"), "false");
    assert_eq!(strict(m, "furia_francese", "G"), "true");
    assert_eq!(strict(m, "furia_francese", "A"), "false");
    missing_strict(m, "flanked", "A");
}

#[test]
fn f8_3a_mc_g_is_special_only_on_00_and_09() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/special-disorder-morale");
    let p = chart(&lib, "fontenoy/special-disorder-morale-provisional");
    for n in ["french", "dutch", "english", "hanoverian", "austrian"] {
        let row = format!("{n}/MC-G");
        for r in 1..=8 {
            assert_eq!(
                strict(c, &row, &format!("0{r}")),
                "Normal roll",
                "{row} 0{r}"
            );
        }
        for r in ["00", "09"] {
            missing_strict(c, &row, r);
            assert_ne!(lenient(p, &row, r), "Normal roll", "{row} {r}");
        }
    }
}

#[test]
fn r18_1a_dc_g_and_r19_5f_mc_i_are_never_special() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/special-disorder-morale");
    for n in ["french", "dutch", "english", "hanoverian", "austrian"] {
        for check in ["DC-G", "MC-I"] {
            for r in 0..=9 {
                assert_eq!(
                    strict(c, &format!("{n}/{check}"), &format!("0{r}")),
                    "Normal roll"
                );
            }
        }
    }
}

#[test]
fn f8_3_named_results_stay_with_their_checks() {
    let lib = lib();
    let p = chart(&lib, "fontenoy/special-disorder-morale-provisional");
    let k = p.column_index("check").expect("check");
    for (i, row) in p.rows.iter().enumerate() {
        let check = row.cells[k].value.as_ref().expect("check").to_string();
        for r in 0..=9 {
            let v = p
                .get_at(i, &format!("0{r}"), Mode::Lenient)
                .expect("cell")
                .expect("value")
                .to_string();
            match v.as_str() {
                "Recall Fails" => assert_eq!(check, "DC-F"),
                "Sauve qui peut!" | "Victoire!" => assert!(check.starts_with("MC")),
                "Normal roll" => assert!(
                    check == "DC-G" || check == "MC-I" || (check == "MC-G" && (1..=8).contains(&r)),
                    "{check} 0{r}"
                ),
                _ => assert!(check != "DC-G" && check != "MC-I"),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Special results (section 8)

#[test]
fn f2_12_f8_2h_initiative_double_zero_is_army_morale() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/special-initiative");
    for side in ["french", "allied"] {
        assert_eq!(strict(c, "0", side), "Army Morale");
        for r in 1..=9 {
            missing_strict(c, &r.to_string(), side);
        }
    }
    let p = chart(&lib, "fontenoy/special-initiative-provisional");
    for r in 1..=9 {
        let (f, a) = (
            lenient(p, &r.to_string(), "french"),
            lenient(p, &r.to_string(), "allied"),
        );
        assert_ne!(f, "Army Morale");
        assert_ne!(a, "Army Morale");
        assert!(
            !f.starts_with("Dutch"),
            "{r}: a Dutch result in the French column"
        );
        assert!(
            !a.starts_with("Vive le Roi"),
            "{r}: Vive le Roi! is French (F-8.2f)"
        );
    }
}

fn column_values(c: &Chart, col: &str) -> Vec<String> {
    (0..c.rows.len())
        .map(|i| {
            c.get_at(i, col, Mode::Lenient)
                .expect("cell")
                .expect("value")
                .to_string()
        })
        .collect()
}

#[test]
fn f8_5_f8_6_national_results_stay_with_their_nation() {
    let lib = lib();
    let inf = chart(&lib, "fontenoy/special-infantry-fire-provisional");
    let def = chart(&lib, "fontenoy/special-defensive-fire-provisional");
    for n in ["french", "dutch", "english", "hanoverian", "austrian"] {
        for v in column_values(inf, n) {
            if v == "Dutch Rifles" {
                assert_eq!(n, "dutch");
            }
        }
        for v in column_values(def, n) {
            match v.as_str() {
                "English Taunting" => assert_eq!(n, "english"),
                "French Politesse" => assert_eq!(n, "french"),
                "Dutch Hesitation" => assert_eq!(n, "dutch"),
                _ => {}
            }
        }
    }
    // Every named result of F-8.5, F-8.6, F-8.7 occurs somewhere.
    for (id, n) in [
        ("fontenoy/special-infantry-fire-provisional", 7),
        ("fontenoy/special-defensive-fire-provisional", 7),
        ("fontenoy/special-artillery-fire-provisional", 7),
        ("fontenoy/special-pursuit-provisional", 4),
        ("fontenoy/special-commander-loss-provisional", 4),
    ] {
        let c = chart(&lib, id);
        let seen: BTreeSet<String> = c.columns[1..]
            .iter()
            .flat_map(|col| column_values(c, &col.id))
            .collect();
        assert_eq!(seen.len(), n, "{id}: {seen:?}");
        assert_eq!(c.columns[1].codes.as_ref().expect("codes").len(), n, "{id}");
    }
}

#[test]
fn f7_6_dutch_roll_3_infantry_fire_and_4_5_defensive_fire_are_not_regimental_guns() {
    let lib = lib();
    let inf = chart(&lib, "fontenoy/special-infantry-fire-provisional");
    let def = chart(&lib, "fontenoy/special-defensive-fire-provisional");
    assert_ne!(lenient(inf, "3", "dutch"), "Regimental Guns");
    assert_ne!(lenient(def, "4", "dutch"), "Regimental Guns");
    assert_ne!(lenient(def, "5", "dutch"), "Regimental Guns");
}

#[test]
fn f10_1e_regimental_guns_has_a_result_above_and_below() {
    let lib = lib();
    for id in [
        "fontenoy/special-infantry-fire-provisional",
        "fontenoy/special-defensive-fire-provisional",
    ] {
        let c = chart(&lib, id);
        for col in &c.columns[1..] {
            let v = column_values(c, &col.id);
            for (i, r) in v.iter().enumerate() {
                if r == "Regimental Guns" {
                    assert!(i > 0 && i < 9, "{id} {} 0{i}", col.id);
                    assert_ne!(v[i - 1], *r, "{id} {} 0{i}", col.id);
                    assert_ne!(v[i + 1], *r, "{id} {} 0{i}", col.id);
                }
            }
        }
    }
}

#[test]
fn f8_8_even_special_rolls_give_one_of_the_four_commander_loss_results() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/special-commander-loss-provisional");
    for n in ["french", "dutch", "english", "hanoverian", "austrian"] {
        for r in [2, 4, 6, 8] {
            let v = lenient(c, &r.to_string(), n);
            assert!(
                [
                    "Fate",
                    "The Lucky Shot",
                    "In the Line of Fire",
                    "Braving Enemy Fire"
                ]
                .contains(&v.as_str()),
                "{n} {r}: {v}"
            );
        }
    }
}

#[test]
fn f8_8_commander_loss_dice() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/commander-loss-results");
    let at = |roll: i64, col: &str| {
        c.get_roll(roll, col, Mode::Strict)
            .expect("strict")
            .expect("value")
            .to_string()
    };
    // F-8.8a Fate: 0 killed, 1 wounded, 2-9 nothing.
    assert_eq!(at(0, "fate"), "killed");
    assert_eq!(at(1, "fate"), "wounded");
    assert_eq!(at(2, "fate"), "none");
    // F-8.8b Lucky Shot: 0-3 killed, 4-7 wounded, 8-9 nothing; the -1 of F-8.8 reaches -1.
    assert_eq!(at(-1, "lucky_shot"), "killed");
    assert_eq!(at(3, "lucky_shot"), "killed");
    assert_eq!(at(4, "lucky_shot"), "wounded");
    assert_eq!(at(7, "lucky_shot"), "wounded");
    assert_eq!(at(8, "lucky_shot"), "none");
    // F-8.8c, d: 0-1 killed, 2-4 wounded, 5-9 nothing.
    for col in ["line_of_fire", "braving_fire"] {
        assert_eq!(at(1, col), "killed");
        assert_eq!(at(2, col), "wounded");
        assert_eq!(at(4, col), "wounded");
        assert_eq!(at(5, col), "none");
    }
}

#[test]
fn f8_8e_wounded_commander_is_away_half_the_roll_rounded() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/commander-wound");
    let want = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5];
    for (roll, turns) in want.iter().enumerate() {
        assert_eq!(
            c.get_roll(roll as i64, "turns", Mode::Strict)
                .expect("strict")
                .expect("value")
                .to_string(),
            turns.to_string(),
            "{roll}"
        );
    }
}

#[test]
fn f3_1c_f4_1e_cavalry_charge_ranges() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/cavalry-charge");
    for (k, range, bonus) in [
        ("french", "3", "true"),
        ("french_light", "2", "true"),
        ("austrian", "2", "true"),
        ("dutch", "1", "true"),
        ("english", "1", "true"),
        ("hanoverian", "1", "false"),
    ] {
        assert_eq!(strict(c, k, "charge_range"), range, "{k}");
        assert_eq!(strict(c, k, "hex_bonus"), bonus, "{k}");
    }
}

// ---------------------------------------------------------------------------------------------
// Army morale and the turn track (23.x, 6.7, F-1.6)

#[test]
fn f6_9b_french_lowest_army_morale_column_is_50_plus() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/army-morale-columns");
    assert_eq!(strict(c, "french_1", "min_clt"), "50");
    missing_strict(c, "french_2", "min_clt");
}

#[test]
fn r23_1e_e61_columns_50_76_100_are_used_once_and_the_last_every_hour() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/army-morale-columns-provisional");
    let mins: Vec<i64> = ["french_1", "french_2", "french_3"]
        .iter()
        .map(|k| int(&lenient(c, k, "min_clt")))
        .collect();
    assert_eq!(mins, [50, 76, 100]);
    // 23.1c-e: the highest column reached; used once, the rightmost every hour, never leftward.
    let mut last: Option<usize> = None;
    let mut check = |clt: i64| -> Option<usize> {
        let col = mins.iter().rposition(|&m| clt >= m)?;
        let rightmost = col == mins.len() - 1;
        if last.is_some_and(|l| col < l || (col == l && !rightmost)) {
            return None;
        }
        last = Some(col);
        Some(col)
    };
    assert_eq!(check(45), None);
    assert_eq!(check(55), Some(0));
    assert_eq!(check(70), None);
    assert_eq!(check(110), Some(2));
    assert_eq!(check(112), Some(2));
}

#[test]
fn r23_2c_e62_the_100_plus_column_and_one_point_of_command_rating() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/army-morale-table-provisional");
    for (roll, want) in [
        (9, "+10"),
        (8, "+5"),
        (6, "+5"),
        (5, "0"),
        (0, "0"),
        (-1, "0"),
    ] {
        assert_eq!(lenient_roll(c, roll, "french_3"), want, "{roll}");
    }
    // Spending 1 point of a +3 rating turns a 9 into 8: +5 at worst.
    assert_eq!(lenient_roll(c, 9 - 1, "french_3"), "+5");
    missing_strict(chart(&lib, "fontenoy/army-morale-table"), "9", "french_3");
    // The Army Morale Modifier never decreases (23.2c): no result is negative.
    for col in &c.columns[1..] {
        for roll in -3..=12 {
            assert!(!lenient_roll(c, roll, &col.id).starts_with('-'));
        }
    }
}

#[test]
fn f1_6a_army_loss_record_boxes() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/army-loss-record");
    for (k, v) in [
        ("infantry_sp", "1"),
        ("cavalry_sp", "1"),
        ("artillery_sp", "2"),
        ("replacement_commander_killed", "-2"),
        ("louis_xv_killed_or_captured", "50"),
        ("louis_xv_wounded", "20"),
    ] {
        assert_eq!(strict(c, k, "boxes"), v, "{k}");
    }
}

#[test]
fn r6_7_f10_end_of_turn_numbers_and_turns_of_scenarios_1_to_4() {
    let lib = lib();
    let c = chart(&lib, "fontenoy/end-of-turn-track");
    for (s, first, last, eotn) in [
        ("1", "6:00", Some("9:00"), "0"),
        ("2", "9:00", Some("11:20"), "4"),
        ("3", "10:20", Some("14:00"), "8"),
        ("4", "9:00", None, "11"),
    ] {
        assert_eq!(strict(c, s, "first_turn"), first, "{s}");
        assert_eq!(strict(c, s, "eotn"), eotn, "{s}");
        match last {
            Some(l) => assert_eq!(strict(c, s, "last_turn"), l, "{s}"),
            None => missing_strict(c, s, "last_turn"),
        }
    }
    // 6.7 example: from box 5 of 5 one more roll above the number reaches END.
    let p = chart(&lib, "fontenoy/end-of-turn-track-provisional");
    for s in ["2", "3", "4"] {
        assert_eq!(lenient(p, s, "boxes"), "5", "{s}");
    }
}

#[test]
fn every_fontenoy_chart_is_documented() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/fontenoy-charts.md"),
    )
    .expect("docs/fontenoy-charts.md");
    let lib = lib();
    for id in lib.ids(Kind::Chart) {
        if id.starts_with("fontenoy/") {
            assert!(
                doc.contains(&format!("`{id}`")),
                "{id} is not in docs/fontenoy-charts.md"
            );
        }
    }
    assert!(doc.contains("`fontenoy/terrain`"));
}

#[test]
fn ratio_values_read_back_exactly() {
    // Fractions are exact: the bog SCM cost is 3/2, not a float.
    let lib = lib();
    match tcell(&lib, "bog", "scm_cost").value.as_ref() {
        Some(Value::Cost(c)) => assert_eq!(c.to_string(), "3/2"),
        v => panic!("{v:?}"),
    }
    assert_eq!(
        Ratio::parse("3/2").map(|r| r.to_string()),
        Some("3/2".into())
    );
}
