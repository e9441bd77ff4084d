//! The Prussia's Glory charts under `scenarios/pg/charts/` (docs/pg-charts.md): layouts the
//! `pg` rules read, the result grammar of 10.8, the examples of the rulebook text (10.3, 10.5,
//! 10.8.2, 10.8.3.5, 7.3, 8.3), and the monotonicity of the provisional tables.

use grognard::data::{
    Chart, Cost, FlagKind, Kind, Library, Mode, Provenance, TerrainSet, Value, ValueType,
};

fn lib() -> Library {
    Library::builtin().unwrap_or_else(|e| panic!("{e}"))
}

fn chart<'a>(lib: &'a Library, id: &str) -> &'a Chart {
    lib.chart(id).unwrap_or_else(|| panic!("no chart {id}"))
}

fn column_ids(c: &Chart) -> Vec<&str> {
    c.columns.iter().map(|c| c.id.as_str()).collect()
}

fn row_keys(c: &Chart) -> Vec<String> {
    let k = c.column_index(&c.key).expect("key column");
    c.rows
        .iter()
        .map(|r| r.cells[k].value.as_ref().expect("key").to_string())
        .collect()
}

fn text(v: Option<&Value>) -> &str {
    v.and_then(Value::as_str).expect("a text or result value")
}

// ---------------------------------------------------------------------------------------------
// The result grammar (10.8): one side is "-", or [base][flags] with flags in the order R r S *.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    /// No loss points (only flags, e.g. "r" or "*").
    None,
    /// N loss points.
    Lp(u32),
    /// (N): one fewer when Supporting units are present (10.8.3.4).
    ParenLp(u32),
    /// Exchange (10.8.2).
    Ex,
    /// Exchange plus one LP (10.8.2).
    ExPlus1,
    /// Exchange, then an "r" result (10.8.2).
    Exr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    base: Base,
    rout: bool,      // R (10.8.3.2)
    retreat: bool,   // r (10.8.3.3)
    surrender: bool, // S (10.8.3.5)
    artillery: bool, // * (10.8.3.1)
}

const NO_EFFECT: Side = Side {
    base: Base::None,
    rout: false,
    retreat: false,
    surrender: false,
    artillery: false,
};

fn parse_count(s: &str) -> Option<(u32, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let n: u32 = s[..end].parse().ok()?;
    (n >= 1).then_some((n, &s[end..]))
}

fn parse_side(s: &str) -> Result<Side, String> {
    if s == "-" {
        return Ok(NO_EFFECT);
    }
    let (base, rest) = if let Some(r) = s.strip_prefix("Ex+1") {
        (Base::ExPlus1, r)
    } else if let Some(r) = s.strip_prefix("Exr") {
        (Base::Exr, r)
    } else if let Some(r) = s.strip_prefix("Ex") {
        (Base::Ex, r)
    } else if let Some(r) = s.strip_prefix('(') {
        let (n, r) = parse_count(r).ok_or_else(|| format!("{s:?}: bad (N)"))?;
        let r = r
            .strip_prefix(')')
            .ok_or_else(|| format!("{s:?}: unclosed ("))?;
        (Base::ParenLp(n), r)
    } else if s.starts_with(|c: char| c.is_ascii_digit()) {
        let (n, r) = parse_count(s).ok_or_else(|| format!("{s:?}: bad LP count"))?;
        (Base::Lp(n), r)
    } else {
        (Base::None, s)
    };
    let mut side = Side { base, ..NO_EFFECT };
    let mut last = None;
    for ch in rest.chars() {
        let pos = "RrS*"
            .find(ch)
            .ok_or_else(|| format!("{s:?}: unknown flag {ch:?}"))?;
        if last.is_some_and(|l| pos <= l) {
            return Err(format!("{s:?}: flags out of order (R r S *) or repeated"));
        }
        last = Some(pos);
        match ch {
            'R' => side.rout = true,
            'r' => side.retreat = true,
            'S' => side.surrender = true,
            _ => side.artillery = true,
        }
    }
    if side == NO_EFFECT {
        return Err(format!("{s:?}: empty side (write \"-\")"));
    }
    if base == Base::None && (side.rout || side.surrender) {
        return Err(format!("{s:?}: R and S need loss points"));
    }
    if base == Base::Exr && side.retreat {
        return Err(format!("{s:?}: Exr already carries the r"));
    }
    Ok(side)
}

fn parse_result(s: &str) -> Result<(Side, Side), String> {
    let (a, d) = s
        .split_once('/')
        .ok_or_else(|| format!("{s:?}: expected ATT/DEF"))?;
    Ok((parse_side(a)?, parse_side(d)?))
}

/// Severity of one side's result in quarter loss points (docs/pg-charts.md): N = 4N, (N) =
/// 4N-2, Ex = 6 (about 1.5 LP for the usual 4-8 contributing steps), Exr = 7, Ex+1 = 10; flags
/// add r 1, R 2, S 2, * 1.
fn severity(s: Side) -> i32 {
    let lp = |n: u32| i32::try_from(n).expect("small") * 4;
    let base = match s.base {
        Base::None => 0,
        Base::Lp(n) => lp(n),
        Base::ParenLp(n) => lp(n) - 2,
        Base::Ex => 6,
        Base::Exr => 7,
        Base::ExPlus1 => 10,
    };
    base + i32::from(s.retreat)
        + 2 * i32::from(s.rout)
        + 2 * i32::from(s.surrender)
        + i32::from(s.artillery)
}

// ---------------------------------------------------------------------------------------------
// CRT (10.3, 10.6, 10.8)

const CRT_COLUMNS: [&str; 8] = ["1-3", "1-2", "1-1", "3-2", "2-1", "3-1", "4-1", "5-1"];
const CRT_ROWS: [&str; 10] = ["0-", "1", "2", "3", "4", "5", "6", "7", "8", "9+"];

/// The CRT cells as parsed (attacker, defender), indexed [row][column].
fn crt_cells(c: &Chart) -> Vec<Vec<(Side, Side)>> {
    (0..c.rows.len())
        .map(|r| {
            CRT_COLUMNS
                .iter()
                .map(|col| {
                    let s = text(c.get_at(r, col, Mode::Lenient).expect("cell"));
                    parse_result(s).unwrap_or_else(|e| panic!("pg/crt row {r} {col}: {e}"))
                })
                .collect()
        })
        .collect()
}

/// The CRT column for `att` SP against `def` SP, rounded in the defender's favour (10.3); worse
/// than 1-3 uses 1-3, better than 5-1 uses 5-1.
fn odds_column(att: i64, def: i64) -> &'static str {
    let mut best = CRT_COLUMNS[0];
    for col in CRT_COLUMNS {
        let (a, d) = col.split_once('-').expect("a-b");
        let (a, d): (i64, i64) = (a.parse().expect("a"), d.parse().expect("b"));
        if att * d >= a * def {
            best = col;
        }
    }
    best
}

#[test]
fn crt_layout() {
    let lib = lib();
    let c = chart(&lib, "pg/crt");
    assert_eq!(c.key, "roll");
    let mut cols = vec!["roll"];
    cols.extend(CRT_COLUMNS);
    assert_eq!(column_ids(c), cols);
    assert_eq!(c.column_type("roll"), Some(ValueType::DieRange));
    for col in CRT_COLUMNS {
        assert_eq!(c.column_type(col), Some(ValueType::Result), "{col}");
    }
    assert_eq!(row_keys(c), CRT_ROWS);
    assert_eq!(c.rules, ["10.3", "10.6", "10.8"]);
    assert_eq!(c.dice.as_deref(), Some("1d6"));
    assert!(c.provenance.is_provisional());
    // Modified rolls far outside 1..6 still find a row (0- and 9+ are open).
    assert_eq!(c.row_for_roll(-7), Some(0));
    assert_eq!(c.row_for_roll(0), Some(0));
    assert_eq!(c.row_for_roll(3), Some(3));
    assert_eq!(c.row_for_roll(15), Some(9));
    // Provisional: strict mode refuses, lenient mode reads.
    assert!(c.get("3", "1-1", Mode::Strict).is_err());
    assert!(c.get("3", "1-1", Mode::Lenient).is_ok_and(|v| v.is_some()));
}

#[test]
fn crt_every_cell_parses() {
    let lib = lib();
    let cells = crt_cells(chart(&lib, "pg/crt"));
    assert_eq!(cells.len(), CRT_ROWS.len());
    // The grammar itself: examples from 10.8 and refusals.
    assert_eq!(parse_result("Ex/Ex").map(|(a, _)| a.base), Ok(Base::Ex));
    assert_eq!(
        parse_side("4RS*"),
        Ok(Side {
            base: Base::Lp(4),
            rout: true,
            retreat: false,
            surrender: true,
            artillery: true
        })
    );
    assert_eq!(parse_side("(2)").map(|s| s.base), Ok(Base::ParenLp(2)));
    assert_eq!(parse_side("Ex+1").map(|s| s.base), Ok(Base::ExPlus1));
    assert_eq!(parse_side("Exr").map(|s| s.base), Ok(Base::Exr));
    assert!(parse_side("r").is_ok_and(|s| s.retreat && s.base == Base::None));
    for bad in ["", "0", "4SR", "4RR", "x", "(2", "R", "S", "Exrr", "2/1"] {
        assert!(parse_side(bad).is_err(), "{bad:?} should be refused");
    }
    assert!(parse_result("2").is_err());
}

#[test]
fn r10_8_3_5_example_result_is_on_the_crt() {
    let lib = lib();
    let cells = crt_cells(chart(&lib, "pg/crt"));
    let want = parse_side("4RS*").expect("grammar");
    assert!(
        cells.iter().flatten().any(|(_, d)| *d == want),
        "a 4RS* defender result (10.8.3.5 example)"
    );
}

#[test]
fn r10_8_2_exchange_example_result_is_on_the_crt() {
    let lib = lib();
    let c = chart(&lib, "pg/crt");
    let found = (0..c.rows.len()).any(|r| {
        CRT_COLUMNS
            .iter()
            .any(|col| text(c.get_at(r, col, Mode::Lenient).expect("cell")) == "Ex/Ex")
    });
    assert!(found, "an Ex/Ex result (10.8.2 example)");
}

#[test]
fn crt_is_monotone() {
    let lib = lib();
    let cells = crt_cells(chart(&lib, "pg/crt"));
    for (r, row) in cells.iter().enumerate() {
        for (c, &(att, def)) in row.iter().enumerate() {
            // Better odds (next column) and a higher roll (next row) never hurt the attacker.
            let next = [
                row.get(c + 1).copied(),
                cells.get(r + 1).map(|next_row| next_row[c]),
            ];
            for (a2, d2) in next.into_iter().flatten() {
                assert!(
                    severity(a2) <= severity(att) && severity(d2) >= severity(def),
                    "pg/crt not monotone at row {} column {}",
                    CRT_ROWS[r],
                    CRT_COLUMNS[c]
                );
            }
        }
    }
    // The corners: a low roll at bad odds hurts the attacker only, a high roll at good odds the
    // defender only.
    let (a, d) = cells[0][0];
    assert!(severity(a) > 0 && d == NO_EFFECT);
    let (a, d) = cells[CRT_ROWS.len() - 1][CRT_COLUMNS.len() - 1];
    assert!(a == NO_EFFECT && severity(d) > 0);
}

#[test]
fn r10_3_ratio_examples_pick_the_crt_columns() {
    assert_eq!(odds_column(5, 4), "1-1");
    assert_eq!(odds_column(4, 5), "1-2");
    assert_eq!(odds_column(7, 4), "3-2");
    // Below 1-3 and above 5-1 the extreme columns are used.
    assert_eq!(odds_column(1, 5), "1-3");
    assert_eq!(odds_column(14, 2), "5-1");
    assert_eq!(odds_column(8, 4), "2-1");
}

// ---------------------------------------------------------------------------------------------
// Bombardment Table (8.3)

const BOMB_COLUMNS: [&str; 6] = ["2", "3", "4-5", "6-7", "8-10", "11+"];
const BOMB_ROWS: [&str; 8] = ["0-", "1", "2", "3", "4", "5", "6", "7+"];

#[test]
fn bombardment_layout_and_grammar() {
    let lib = lib();
    let c = chart(&lib, "pg/bombardment");
    assert_eq!(c.key, "roll");
    let mut cols = vec!["roll"];
    cols.extend(BOMB_COLUMNS);
    assert_eq!(column_ids(c), cols);
    assert_eq!(row_keys(c), BOMB_ROWS);
    assert_eq!(c.rules, ["8.3"]);
    assert_eq!(c.dice.as_deref(), Some("1d6"));
    assert!(c.provenance.is_provisional());
    // 8.3 / T-23: there is no column for a total BS of 1.
    assert!(c.column_index("1").is_none());
    let mut cells = Vec::new();
    for r in 0..c.rows.len() {
        let mut row = Vec::new();
        for col in BOMB_COLUMNS {
            let s = text(c.get_at(r, col, Mode::Lenient).expect("cell"));
            assert!(!s.contains('/'), "defender-only result, got {s:?}");
            row.push(parse_side(s).unwrap_or_else(|e| panic!("pg/bombardment: {e}")));
        }
        cells.push(row);
    }
    for (r, row) in cells.iter().enumerate() {
        for (c, &d) in row.iter().enumerate() {
            let right = row.get(c + 1).copied();
            let down = cells.get(r + 1).map(|n| n[c]);
            for d2 in [right, down].into_iter().flatten() {
                assert!(
                    severity(d2) >= severity(d),
                    "pg/bombardment not monotone at row {} column {}",
                    BOMB_ROWS[r],
                    BOMB_COLUMNS[c]
                );
            }
        }
    }
    assert_eq!(cells[0][0], NO_EFFECT);
    assert!(severity(cells[BOMB_ROWS.len() - 1][BOMB_COLUMNS.len() - 1]) > 0);
}

// ---------------------------------------------------------------------------------------------
// Modifier lists

/// (id, value, provisional?) for every row of an id/int/rules chart.
fn modifiers(c: &Chart, value_col: &str) -> Vec<(String, i64, bool)> {
    c.rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let id = text(c.get_at(i, "id", Mode::Lenient).expect("id")).to_string();
            let v = c
                .get_at(i, value_col, Mode::Lenient)
                .expect("value")
                .and_then(Value::as_int)
                .expect("int");
            assert!(
                !text(c.get_at(i, "rules", Mode::Lenient).expect("rules")).is_empty(),
                "{id}: rules"
            );
            let prov = r.provenance.as_ref().unwrap_or(&c.provenance);
            (id, v, prov.is_provisional())
        })
        .collect()
}

fn check_id_chart(lib: &Library, id: &str, value_col: &str, rules: &[&str]) {
    let c = chart(lib, id);
    assert_eq!(column_ids(c), ["id", value_col, "rules"], "{id}");
    assert_eq!(c.key, "id");
    assert_eq!(c.column_type("id"), Some(ValueType::String));
    assert_eq!(c.column_type(value_col), Some(ValueType::Int));
    assert_eq!(c.column_type("rules"), Some(ValueType::String));
    assert_eq!(c.rules, rules, "{id}");
    assert!(c.provenance.is_provisional(), "{id}");
}

#[test]
fn close_combat_drms() {
    let lib = lib();
    check_id_chart(&lib, "pg/cc-drm", "drm", &["10.5"]);
    let c = chart(&lib, "pg/cc-drm");
    let rows = modifiers(c, "drm");
    let ids: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        ids,
        [
            "flank_attack",
            "locked_penalty",
            "lead_morale_per_point",
            "attacker_lead_disordered",
            "defender_lead_disordered",
            "defender_routed_only",
            "attacker_in_column",
            "defender_in_column",
            "attacker_leader",
            "defender_leader",
        ]
    );
    // The two values the text states, with rulebook provenance (strict mode reads them).
    assert_eq!(
        c.get("flank_attack", "drm", Mode::Strict)
            .ok()
            .flatten()
            .and_then(Value::as_int),
        Some(3)
    );
    assert_eq!(
        c.get("locked_penalty", "drm", Mode::Strict)
            .ok()
            .flatten()
            .and_then(Value::as_int),
        Some(-2)
    );
    for (id, v, provisional) in &rows {
        let published = matches!(id.as_str(), "flank_attack" | "locked_penalty");
        assert_eq!(*provisional, !published, "{id}");
        // Sign convention: added to the attacker's roll; attacker troubles lower it.
        if id.starts_with("attacker_") && id != "attacker_leader" {
            assert!(*v < 0, "{id}");
        }
        if id.starts_with("defender_") && id != "defender_leader" {
            assert!(*v > 0, "{id}");
        }
    }
    assert!(c.get("lead_morale_per_point", "drm", Mode::Strict).is_err());
}

#[test]
fn bombardment_drms() {
    let lib = lib();
    check_id_chart(&lib, "pg/bombardment-drm", "drm", &["8.3"]);
    let rows = modifiers(chart(&lib, "pg/bombardment-drm"), "drm");
    let ids: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        ids,
        [
            "target_disordered",
            "target_routed",
            "target_in_column",
            "canister",
            "target_stack_large",
        ]
    );
    for (id, v, provisional) in &rows {
        assert!(*provisional, "{id}");
        assert!(*v > 0, "{id}: each named condition helps the firer");
    }
}

#[test]
fn rally_modifiers() {
    let lib = lib();
    check_id_chart(&lib, "pg/rally", "modifier", &["9.4"]);
    let rows = modifiers(chart(&lib, "pg/rally"), "modifier");
    let got: Vec<(&str, i64)> = rows.iter().map(|r| (r.0.as_str(), r.1)).collect();
    assert_eq!(
        got,
        [
            ("leader_in_hex", 0),
            ("in_ezoc", -1),
            ("routed", -1),
            ("army_demoralized", -1),
            ("army_broken", -2),
            ("artillery", 0),
        ]
    );
    assert!(rows.iter().all(|r| r.2), "all provisional");
}

#[test]
fn leader_loss_check() {
    let lib = lib();
    let c = chart(&lib, "pg/leader-loss");
    assert_eq!(column_ids(c), ["roll", "result"]);
    assert_eq!(c.column_type("roll"), Some(ValueType::DieRange));
    assert_eq!(c.column_type("result"), Some(ValueType::String));
    assert_eq!(c.rules, ["10.7", "15.2"]);
    assert_eq!(c.dice.as_deref(), Some("1d6"));
    assert!(c.provenance.is_provisional());
    let results: Vec<&str> = (1..=6)
        .map(|roll| text(c.get_roll(roll, "result", Mode::Lenient).expect("row")))
        .collect();
    assert_eq!(results, ["none", "none", "none", "none", "none", "wounded"]);
    for r in 0..c.rows.len() {
        let s = text(c.get_at(r, "result", Mode::Lenient).expect("cell"));
        assert!(["killed", "wounded", "none"].contains(&s), "{s:?}");
    }
}

#[test]
fn every_pg_chart_is_provisional_and_complete() {
    let lib = lib();
    for id in [
        "pg/crt",
        "pg/bombardment",
        "pg/cc-drm",
        "pg/bombardment-drm",
        "pg/rally",
        "pg/leader-loss",
    ] {
        let f = lib.get(Kind::Chart, id).unwrap_or_else(|| panic!("{id}"));
        assert!(matches!(f.provenance(), Provenance::Provisional { .. }));
        assert!(
            f.flags().iter().all(|fl| fl.what != FlagKind::Missing),
            "{id} has missing cells"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Terrain (7.3, 8.2, 10.5, 10.5.1)

fn int(t: &TerrainSet, id: &str, attr: &str) -> i64 {
    t.value(id, attr)
        .and_then(|c| c.value.as_ref())
        .and_then(Value::as_int)
        .unwrap_or_else(|| panic!("{id}.{attr}: not an integer"))
}

fn flag(t: &TerrainSet, id: &str, attr: &str) -> bool {
    match t.value(id, attr).and_then(|c| c.value.as_ref()) {
        Some(Value::Bool(b)) => *b,
        v => panic!("{id}.{attr}: not a bool: {v:?}"),
    }
}

fn cost(t: &TerrainSet, id: &str, attr: &str) -> Cost {
    match t.value(id, attr).and_then(|c| c.value.as_ref()) {
        Some(Value::Cost(c)) => *c,
        v => panic!("{id}.{attr}: not a cost: {v:?}"),
    }
}

fn is_rulebook(t: &TerrainSet, id: &str, attr: &str) -> bool {
    let cell = t.value(id, attr).expect("cell");
    let p = cell.provenance.as_ref().unwrap_or(&t.provenance);
    matches!(p, Provenance::Rulebook { .. })
}

/// One close combat: the attacker's hexes and the defender's hexes (terrain ids), and the
/// hexside features between an attacking hex and a defending hex (indexes into the two lists).
struct Fight<'a> {
    attacking: &'a [&'a str],
    defending: &'a [&'a str],
    hexsides: &'a [(usize, usize, &'a str)],
}

/// 10.5: the attacker selects one attacking hex and one defending hex; the least favourable
/// (lowest) hex terrain DRM of the two applies, plus every hexside feature between them. The
/// attacker picks the pair best for it. Returns (DRM, whether cavalry shock may be used, 10.5.1).
fn terrain_drm(t: &TerrainSet, f: &Fight) -> (i64, bool) {
    let mut best: Option<(i64, bool)> = None;
    for (ai, a) in f.attacking.iter().enumerate() {
        for (di, d) in f.defending.iter().enumerate() {
            let sides: Vec<&str> = f
                .hexsides
                .iter()
                .filter(|(x, y, _)| *x == ai && *y == di)
                .map(|(_, _, s)| *s)
                .collect();
            let drm = int(t, a, "close_combat_drm").min(int(t, d, "close_combat_drm"))
                + sides
                    .iter()
                    .map(|s| int(t, s, "close_combat_drm"))
                    .sum::<i64>();
            let shock = !flag(t, a, "no_shock_attacking")
                && !flag(t, d, "no_shock_defending")
                && !sides.iter().any(|s| flag(t, s, "no_shock"));
            if best.is_none_or(|(b, _)| drm > b) {
                best = Some((drm, shock));
            }
        }
    }
    best.expect("at least one pair")
}

#[test]
fn terrain_has_no_missing_values() {
    let lib = lib();
    let f = lib.get(Kind::Terrain, "pg/terrain").expect("pg/terrain");
    let flags = f.flags();
    assert!(
        flags.iter().all(|fl| fl.what != FlagKind::Missing),
        "{flags:?}"
    );
    assert!(flags.iter().any(|fl| fl.what == FlagKind::Provisional));
    let t = lib.terrain("pg/terrain").expect("pg/terrain");
    assert!(
        !t.provenance.is_provisional(),
        "file provenance stays rulebook"
    );
    let hex: Vec<&str> = t.hex_terrain.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(hex, ["clear", "woods", "town", "marsh"]);
    let sides: Vec<&str> = t.hexside_features.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(sides, ["slope", "entrenchment"]);
}

#[test]
fn r7_3_movement_costs() {
    let lib = lib();
    let t = lib.terrain("pg/terrain").expect("pg/terrain");
    let one = Cost::Mp(grognard::data::Ratio::int(1));
    for col in ["mp_infantry", "mp_cavalry", "mp_artillery", "mp_leader"] {
        assert_eq!(cost(t, "clear", col), one, "{col}");
        assert!(is_rulebook(t, "clear", col));
    }
    // T-11: clear hex up a slope = 1 + 1.
    let up = match cost(t, "slope", "mp_cross") {
        Cost::Mp(r) => r.as_int(),
        _ => None,
    };
    assert_eq!(up, Some(1));
    assert!(is_rulebook(t, "slope", "mp_cross"));
    // Marsh: 5 MP for cavalry in general (Zorndorf's 3 is a scenario rule).
    assert_eq!(
        cost(t, "marsh", "mp_cavalry"),
        Cost::Mp(grognard::data::Ratio::int(5))
    );
    assert!(is_rulebook(t, "marsh", "mp_cavalry"));
    // Provisional: artillery may not enter marsh (7.4 prohibited terrain).
    assert_eq!(cost(t, "marsh", "mp_artillery"), Cost::Prohibited);
    assert!(!is_rulebook(t, "marsh", "mp_artillery"));
}

#[test]
fn r8_2_woods_and_town_block_los() {
    let lib = lib();
    let t = lib.terrain("pg/terrain").expect("pg/terrain");
    assert!(flag(t, "woods", "blocks_los") && flag(t, "town", "blocks_los"));
    assert!(!flag(t, "clear", "blocks_los") && !flag(t, "marsh", "blocks_los"));
}

#[test]
fn r10_5_terrain_drm_examples() {
    let lib = lib();
    let t = lib.terrain("pg/terrain").expect("pg/terrain");
    // T-27: clear into town, -1; no shock (defender in a town).
    let t27 = terrain_drm(
        t,
        &Fight {
            attacking: &["clear"],
            defending: &["town"],
            hexsides: &[],
        },
    );
    assert_eq!(t27, (-1, false));
    // T-28: cavalry from woods into clear, -4; no shock (attacker in woods).
    let t28 = terrain_drm(
        t,
        &Fight {
            attacking: &["woods"],
            defending: &["clear"],
            hexsides: &[],
        },
    );
    assert_eq!(t28, (-4, false));
    // T-29: infantry from clear and cavalry from woods into a town, -1 (the clear hex chosen).
    let t29 = terrain_drm(
        t,
        &Fight {
            attacking: &["clear", "woods"],
            defending: &["town"],
            hexsides: &[],
        },
    );
    assert_eq!(t29, (-1, false));
    // T-30: as T-29 with an entrenchment on the clear/town hexside, -3.
    let t30 = terrain_drm(
        t,
        &Fight {
            attacking: &["clear", "woods"],
            defending: &["town"],
            hexsides: &[(0, 0, "entrenchment")],
        },
    );
    assert_eq!(t30.0, -3);
    // 10.5.1: an entrenchment counted in the DRM cancels shock even in the open.
    let entrenched_clear = terrain_drm(
        t,
        &Fight {
            attacking: &["clear"],
            defending: &["clear"],
            hexsides: &[(0, 0, "entrenchment")],
        },
    );
    assert_eq!(entrenched_clear, (-2, false));
    // Clear against clear: no DRM, shock allowed.
    let open = terrain_drm(
        t,
        &Fight {
            attacking: &["clear"],
            defending: &["clear"],
            hexsides: &[],
        },
    );
    assert_eq!(open, (0, true));
    // 10.5.1 shock exclusions as flags.
    for d in ["woods", "town", "marsh"] {
        assert!(flag(t, d, "no_shock_defending"), "{d}");
    }
    assert!(!flag(t, "clear", "no_shock_defending"));
    assert!(flag(t, "woods", "no_shock_attacking"));
    for a in ["clear", "town", "marsh"] {
        assert!(!flag(t, a, "no_shock_attacking"), "{a}");
    }
    assert!(flag(t, "entrenchment", "no_shock") && !flag(t, "slope", "no_shock"));
    // 10.1.1: no flank attack bonus against a town.
    assert!(!flag(t, "town", "flank_attack_bonus"));
    // The cells the examples fix carry rulebook provenance.
    for (id, attr) in [
        ("clear", "close_combat_drm"),
        ("town", "close_combat_drm"),
        ("woods", "close_combat_drm"),
        ("entrenchment", "close_combat_drm"),
    ] {
        assert!(is_rulebook(t, id, attr), "{id}.{attr}");
    }
    assert!(!is_rulebook(t, "marsh", "close_combat_drm"));
}

#[test]
fn r8_3_bombardment_terrain_is_least_favourable() {
    let lib = lib();
    let t = lib.terrain("pg/terrain").expect("pg/terrain");
    for id in ["clear", "woods", "town", "marsh", "slope", "entrenchment"] {
        assert!(
            int(t, id, "bombardment_drm") <= 0,
            "{id}: terrain never helps the firer"
        );
    }
    assert_eq!(int(t, "clear", "bombardment_drm"), 0);
}
