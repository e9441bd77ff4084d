//! docs/coverage/fontenoy.md stays well formed and true to the code (the checks of
//! `coverage_kit`): sections 1.0–24.0 and F-1 to F-10 have rows, the worked examples E01–E66
//! and the ambiguities A1–A48 all appear, in order, each decided or open.

mod coverage_kit;

/// Whether a backticked span names a test by this project's conventions: a rule number
/// (`r6_1e_…`, `f10_1a_…`), or `engine_…` and `fontenoy_…`.
fn looks_like_test(s: &str) -> bool {
    let lower = s
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !lower || !s.contains('_') {
        return false;
    }
    let numbered = (s.starts_with('r') || s.starts_with('f'))
        && s[1..].starts_with(|c: char| c.is_ascii_digit());
    numbered || s.starts_with("engine_") || s.starts_with("fontenoy_")
}

/// The (section, number) a rule cell sorts by: `12.8c` is (12, 8), `F-3.5a B` is (3, 5), `F-10`
/// is (10, 0), `4.0B note` is (4, 0). `None` when the cell does not start with a number.
fn rule_key(rule: &str) -> Option<(u32, u32)> {
    let r = rule.strip_prefix("F-").unwrap_or(rule);
    let num: String = r
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let mut parts = num.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = match parts.next() {
        Some(m) if !m.is_empty() => m.parse().ok()?,
        _ => 0,
    };
    Some((major, minor))
}

#[test]
fn fontenoy_coverage_table_is_well_formed() {
    let spec = coverage_kit::Spec {
        doc: "docs/coverage/fontenoy.md",
        src: "crates/core/src/fontenoy",
        own_test: "fontenoy_coverage_table_is_well_formed",
        looks_like_test,
        rule_key,
        sections: (1..=24)
            .map(|n| format!("{n}.0"))
            .chain((1..=10).map(|n| format!("F-{n}")))
            .collect(),
        examples: (1..=66).map(|n| format!("E{n:02}")).collect(),
        ambiguities: (1..=48).map(|n| format!("A{n}")).collect(),
        decision_form: true,
        min_rows: 600,
    };
    let problems = coverage_kit::check(&spec);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
