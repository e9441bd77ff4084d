//! The checks every coverage document (docs/coverage/<system>.md) passes, shared by the
//! systems' `<system>_coverage.rs` tests:
//! * every coverage row's status is one of the five words (a reason after `partial:`,
//!   `provisional:` and `n/a:`, a reading after `implemented:` if any), and an `implemented`
//!   row names a test;
//! * every test named anywhere in the file exists as a `#[test] fn` (under the system's
//!   sources, `crates/core/tests` or `tests`), so renaming a test breaks this;
//! * every name in a code column is declared in the system's sources (a `fn`, type, module,
//!   constant or `pub` field) and every file named there exists;
//! * the rows of each table run in rulebook order, the required sections have rows, the
//!   worked examples and the readings all appear, in order;
//! * the summary line and the per-part table give the counts of the rows.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

pub const STATUSES: [&str; 5] = ["implemented", "partial", "provisional", "n/a", "not yet"];
const COVERAGE: [&str; 5] = ["rule", "case", "status", "test", "code"];
const EXAMPLES: [&str; 4] = ["example", "rule", "status", "test"];
const AMBIGUITIES: [&str; 3] = ["#", "rule", "decision"];
const PARTS: [&str; 7] = [
    "part",
    "rows",
    "implemented",
    "partial",
    "provisional",
    "n/a",
    "not yet",
];

/// What one system's document must hold.
pub struct Spec {
    /// The document, from the workspace root.
    pub doc: &'static str,
    /// The system's sources, from the workspace root.
    pub src: &'static str,
    /// The name of the test that runs this check (it must exist).
    pub own_test: &'static str,
    /// Whether a backticked span names a test by the system's conventions.
    pub looks_like_test: fn(&str) -> bool,
    /// The (section, number) a rule cell sorts by in rulebook order; `None` when the cell is
    /// not a rule number.
    pub rule_key: fn(&str) -> Option<(u32, u32)>,
    /// Rule cells that must have a row.
    pub sections: Vec<String>,
    /// The worked examples, in order.
    pub examples: Vec<String>,
    /// The readings' ids, in order.
    pub ambiguities: Vec<String>,
    /// Whether each reading's decision reads `decided: …` or `open`.
    pub decision_form: bool,
    /// The fewest coverage rows the document may have.
    pub min_rows: usize,
}

pub fn repo() -> PathBuf {
    // crates/core -> the workspace root.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("workspace root")
}

/// One table row: its line and the cells between the pipes, trimmed.
pub struct Row {
    pub line: usize,
    pub cells: Vec<String>,
}

/// A table: the `## ` heading it is under, its header cells and its rows.
pub struct Table {
    pub section: String,
    pub header: Vec<String>,
    pub rows: Vec<Row>,
}

pub fn cells(line: &str) -> Vec<String> {
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_string())
        .collect()
}

/// Every table of the document, with the section it stands in.
pub fn tables(doc: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    let mut section = String::new();
    let mut in_table = false;
    for (i, l) in doc.lines().enumerate() {
        if let Some(h) = l.strip_prefix("## ") {
            section = h.trim().to_string();
        }
        if !l.trim_start().starts_with('|') {
            in_table = false;
            continue;
        }
        let c = cells(l);
        if !in_table {
            out.push(Table {
                section: section.clone(),
                header: c,
                rows: Vec::new(),
            });
            in_table = true;
            continue;
        }
        if c.iter()
            .all(|x| !x.is_empty() && x.chars().all(|ch| ch == '-'))
        {
            continue;
        }
        if let Some(t) = out.last_mut() {
            t.rows.push(Row {
                line: i + 1,
                cells: c,
            });
        }
    }
    out
}

/// The backticked spans of a text.
pub fn cited(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

pub fn is_ident(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// The `.rs` files under `dir`, recursively (just `dir` when it is a file).
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The identifier at the start of `s`.
pub fn ident_at(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The `#[test]` functions of a source text (other attributes may follow `#[test]`).
pub fn tests_in(text: &str, out: &mut BTreeSet<String>) {
    for (k, _) in text.match_indices("#[test]") {
        let mut rest = text[k + "#[test]".len()..].trim_start();
        while rest.starts_with("#[") {
            match rest.find(']') {
                Some(end) => rest = rest[end + 1..].trim_start(),
                None => break,
            }
        }
        if let Some(after) = rest.strip_prefix("fn ") {
            let name = ident_at(after);
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
}

/// The items a source text declares: functions, types, modules, constants, and `pub` fields.
pub fn declared_in(text: &str, out: &mut BTreeSet<String>) {
    for kw in [
        "fn ", "struct ", "enum ", "mod ", "const ", "static ", "type ", "trait ",
    ] {
        for (k, _) in text.match_indices(kw) {
            let before = text[..k].chars().last();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let name = ident_at(&text[k + kw.len()..]);
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    for (k, _) in text.match_indices("pub ") {
        let rest = &text[k + 4..];
        let name = ident_at(rest);
        if !name.is_empty() && rest[name.len()..].starts_with(':') {
            out.insert(name);
        }
    }
}

/// The status word of a cell, if it is well formed.
pub fn status_word(status: &str) -> Option<&'static str> {
    if status == "implemented" || status == "not yet" {
        return STATUSES.iter().copied().find(|s| *s == status);
    }
    // A row not yet built may say why (the issue that builds it).
    if status
        .strip_prefix("not yet: ")
        .is_some_and(|note| !note.trim().is_empty())
    {
        return Some("not yet");
    }
    // An implemented row may carry the reading it was built on.
    if status
        .strip_prefix("implemented: ")
        .is_some_and(|note| !note.trim().is_empty())
    {
        return Some("implemented");
    }
    for s in ["partial", "provisional", "n/a"] {
        if let Some(reason) = status.strip_prefix(s).and_then(|r| r.strip_prefix(": ")) {
            if !reason.trim().is_empty() {
                return Some(s);
            }
        }
    }
    None
}

/// Counts by status word, in the order of [`STATUSES`].
pub type Counts = [usize; 5];

pub fn count(counts: &mut Counts, word: &str) {
    if let Some(i) = STATUSES.iter().position(|s| *s == word) {
        counts[i] += 1;
    }
}

/// Checks a coverage document against its spec and the sources; returns the problems found.
pub fn check(spec: &Spec) -> Vec<String> {
    let root = repo();
    let doc = fs::read_to_string(root.join(spec.doc)).expect(spec.doc);
    let src = root.join(spec.src);

    let mut tests = BTreeSet::new();
    let mut files = Vec::new();
    for d in [spec.src, "crates/core/tests", "tests"] {
        rust_files(&root.join(d), &mut files);
    }
    for f in &files {
        tests_in(&fs::read_to_string(f).unwrap_or_default(), &mut tests);
    }
    assert!(
        tests.contains(spec.own_test),
        "no #[test] fn {}",
        spec.own_test
    );
    let mut declared = BTreeSet::new();
    let mut own = Vec::new();
    rust_files(&src, &mut own);
    for f in &own {
        declared_in(&fs::read_to_string(f).unwrap_or_default(), &mut declared);
    }

    let mut problems: Vec<String> = Vec::new();

    // (1) Every test-like name anywhere in the document is a test.
    for (i, l) in doc.lines().enumerate() {
        for t in cited(l) {
            if (spec.looks_like_test)(&t) && !tests.contains(&t) {
                problems.push(format!("line {}: no `#[test] fn {t}`", i + 1));
            }
        }
    }

    let tables = tables(&doc);
    let mut by_section: BTreeMap<String, Counts> = BTreeMap::new();
    let mut total: Counts = [0; 5];
    let mut rules: BTreeSet<String> = BTreeSet::new();
    let mut coverage_rows = 0;
    let mut examples: Vec<String> = Vec::new();
    let mut ambiguities: Vec<String> = Vec::new();
    let mut parts_table: Option<&Table> = None;

    for t in &tables {
        let header: Vec<&str> = t.header.iter().map(String::as_str).collect();
        if header == COVERAGE {
            let counts = by_section.entry(t.section.clone()).or_insert([0; 5]);
            let mut last: Option<(u32, u32)> = None;
            for r in &t.rows {
                coverage_rows += 1;
                if r.cells.len() != 5 {
                    problems.push(format!("line {}: {} cells, not 5", r.line, r.cells.len()));
                    continue;
                }
                let rule = &r.cells[0];
                rules.insert(rule.clone());
                // (2) Rulebook order.
                match (spec.rule_key)(rule) {
                    Some(k) => {
                        if last.is_some_and(|p| k < p) {
                            problems
                                .push(format!("line {} ({rule}): out of rulebook order", r.line));
                        }
                        last = Some(k);
                    }
                    None => {
                        problems.push(format!("line {}: `{rule}` is not a rule number", r.line))
                    }
                }
                // (3) The status.
                let Some(word) = status_word(&r.cells[2]) else {
                    problems.push(format!(
                        "line {} ({rule}): status `{}` is not one of {STATUSES:?} (with a reason after partial, provisional and n/a)",
                        r.line, r.cells[2]
                    ));
                    continue;
                };
                count(counts, word);
                count(&mut total, word);
                // (4) The tests.
                let named = cited(&r.cells[3]);
                if word == "implemented" && named.is_empty() {
                    problems.push(format!(
                        "line {} ({rule}): implemented without a test",
                        r.line
                    ));
                }
                for n in named {
                    if !tests.contains(&n) {
                        problems.push(format!("line {} ({rule}): no `#[test] fn {n}`", r.line));
                    }
                }
                // (5) The code.
                let code = &r.cells[4];
                for n in cited(code) {
                    for seg in n.split("::") {
                        if !is_ident(seg) || !declared.contains(seg) {
                            problems.push(format!(
                                "line {} ({rule}): `{n}` is not declared in {}",
                                r.line, spec.src
                            ));
                        }
                    }
                }
                let plain: String = code.split('`').step_by(2).collect::<Vec<_>>().join(" ");
                for w in plain.split_whitespace() {
                    let w = w.trim_matches(|c: char| {
                        !(c.is_ascii_alphanumeric() || c == '/' || c == '.' || c == '_')
                    });
                    if w.ends_with(".rs") && !src.join(w).is_file() {
                        problems.push(format!(
                            "line {} ({rule}): no file {}/{w}",
                            r.line, spec.src
                        ));
                    }
                }
            }
        } else if header == EXAMPLES {
            for r in &t.rows {
                if r.cells.len() != 4 {
                    problems.push(format!("line {}: {} cells, not 4", r.line, r.cells.len()));
                    continue;
                }
                examples.push(r.cells[0].clone());
                match status_word(&r.cells[2]) {
                    None => problems.push(format!(
                        "line {} ({}): status `{}` is not one of {STATUSES:?}",
                        r.line, r.cells[0], r.cells[2]
                    )),
                    Some("implemented") if cited(&r.cells[3]).is_empty() => problems.push(format!(
                        "line {} ({}): implemented without a test",
                        r.line, r.cells[0]
                    )),
                    Some(_) => {}
                }
                for n in cited(&r.cells[3]) {
                    if !tests.contains(&n) {
                        problems.push(format!(
                            "line {} ({}): no `#[test] fn {n}`",
                            r.line, r.cells[0]
                        ));
                    }
                }
            }
        } else if header == AMBIGUITIES {
            for r in &t.rows {
                if r.cells.len() != 3 {
                    problems.push(format!("line {}: {} cells, not 3", r.line, r.cells.len()));
                    continue;
                }
                ambiguities.push(r.cells[0].clone());
                let d = &r.cells[2];
                if spec.decision_form
                    && !(d == "open" || d.starts_with("open: ") || d.starts_with("decided: "))
                {
                    problems.push(format!(
                        "line {} ({}): a decision is `decided: …` or `open`",
                        r.line, r.cells[0]
                    ));
                }
            }
        } else if header == PARTS {
            parts_table = Some(t);
        }
    }
    assert!(
        coverage_rows >= spec.min_rows,
        "only {coverage_rows} coverage rows"
    );

    // (6) Every section has a row; every example and ambiguity appears, in order.
    for s in &spec.sections {
        let split = format!("{s} ");
        if !rules.iter().any(|r| r == s || r.starts_with(&split)) {
            problems.push(format!("section {s} has no row"));
        }
    }
    if examples != spec.examples {
        problems.push(format!(
            "the worked examples are not {:?} in order: {examples:?}",
            spec.examples
        ));
    }
    if ambiguities != spec.ambiguities {
        problems.push(format!(
            "the readings are not {:?} in order: {ambiguities:?}",
            spec.ambiguities
        ));
    }

    // (7) The counts.
    let rows: usize = total.iter().sum();
    let summary = format!(
        "**Summary ({rows} rows):** {} implemented, {} partial, {} provisional, {} n/a, {} not yet.",
        total[0], total[1], total[2], total[3], total[4]
    );
    if !doc.lines().any(|l| l.trim() == summary) {
        problems.push(format!("the summary line should read: {summary}"));
    }
    match parts_table {
        None => problems.push("no part table".into()),
        Some(t) => {
            let listed: Vec<&str> = t.rows.iter().map(|r| r.cells[0].as_str()).collect();
            for section in by_section.keys() {
                if !listed.contains(&section.as_str()) {
                    problems.push(format!("the part table has no row for `{section}`"));
                }
            }
            for r in &t.rows {
                let Some(c) = by_section.get(&r.cells[0]) else {
                    problems.push(format!(
                        "line {}: part `{}` is not a section with a coverage table",
                        r.line, r.cells[0]
                    ));
                    continue;
                };
                let want: Vec<String> = std::iter::once(c.iter().sum::<usize>())
                    .chain(c.iter().copied())
                    .map(|n| n.to_string())
                    .collect();
                if r.cells[1..] != want[..] {
                    problems.push(format!(
                        "line {} ({}): the counts should be {want:?}",
                        r.line, r.cells[0]
                    ));
                }
            }
        }
    }

    problems
}
