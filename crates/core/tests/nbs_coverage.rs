//! docs/coverage/nbs.md stays well formed: every row's status is one of the five words, every
//! test it cites exists as a `fn` in the sources, and every section of the series rules
//! (1.0–28.0) and of the Austerlitz rules (AUS 1.0–AUS 7.0) has a row.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const STATUSES: [&str; 5] = ["implemented", "partial", "provisional", "n/a", "not yet"];

fn repo() -> PathBuf {
    // crates/core -> the workspace root.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("workspace root")
}

/// One table row: the cells between the pipes, trimmed.
struct Row {
    line: usize,
    cells: Vec<String>,
}

/// The rows of every table whose header starts with `case`.
fn rows(doc: &str) -> Vec<Row> {
    let mut out = Vec::new();
    let mut in_table = false;
    for (i, l) in doc.lines().enumerate() {
        let t = l.trim();
        if !t.starts_with('|') {
            in_table = false;
            continue;
        }
        let cells: Vec<String> = t
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect();
        if cells.first().is_some_and(|c| c == "case") {
            assert_eq!(
                cells,
                ["case", "title", "status", "where", "test", "notes"],
                "line {}: header",
                i + 1
            );
            in_table = true;
            continue;
        }
        if !in_table || cells.iter().all(|c| c.chars().all(|ch| ch == '-')) {
            continue;
        }
        out.push(Row { line: i + 1, cells });
    }
    out
}

/// The backticked identifiers of a cell.
fn cited(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Every `fn name` in the `.rs` files under `dir`.
fn collect_fns(dir: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_fns(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = fs::read_to_string(&p).unwrap_or_default();
            for (k, _) in text.match_indices("fn ") {
                let before = text[..k].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let name: String = text[k + 3..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        }
    }
}

#[test]
fn nbs_coverage_table_is_well_formed() {
    let root = repo();
    let doc = fs::read_to_string(root.join("docs/coverage/nbs.md")).expect("docs/coverage/nbs.md");
    let rows = rows(&doc);
    assert!(rows.len() > 300, "only {} rows", rows.len());

    let mut fns = BTreeSet::new();
    for d in ["crates/core/src", "crates/core/tests", "tests"] {
        collect_fns(&root.join(d), &mut fns);
    }
    assert!(fns.contains("nbs_coverage_table_is_well_formed"));

    let mut problems = Vec::new();
    let mut cases = BTreeSet::new();
    for r in &rows {
        if r.cells.len() != 6 {
            problems.push(format!("line {}: {} cells, not 6", r.line, r.cells.len()));
            continue;
        }
        cases.insert(r.cells[0].clone());
        // (1) the status.
        if !STATUSES.contains(&r.cells[2].as_str()) {
            problems.push(format!(
                "line {} ({}): status `{}` is not one of {STATUSES:?}",
                r.line, r.cells[0], r.cells[2]
            ));
        }
        // (2) every cited test exists.
        for t in cited(&r.cells[4]) {
            let ident = !t.is_empty()
                && t.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            if !ident {
                problems.push(format!(
                    "line {} ({}): `{t}` in the test column is not a function name",
                    r.line, r.cells[0]
                ));
            } else if !fns.contains(&t) {
                problems.push(format!(
                    "line {} ({}): no `fn {t}` under crates/core/src, crates/core/tests or tests",
                    r.line, r.cells[0]
                ));
            }
        }
    }
    // (3) every section has a row.
    for n in 1..=28 {
        let c = format!("{n}.0");
        if !cases.contains(&c) {
            problems.push(format!("section {c} has no row"));
        }
    }
    for n in 1..=7 {
        let c = format!("AUS {n}.0");
        if !cases.contains(&c) {
            problems.push(format!("section {c} has no row"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
