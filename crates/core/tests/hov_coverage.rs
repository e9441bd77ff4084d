//! docs/coverage/hov.md stays well formed and true to the code (the checks of
//! `coverage_kit`): every Standard paragraph ¶1–¶209 and every Exclusive paragraph the text
//! prints (§1–§227 but §8 and §9, which it skips) has a row, the worked examples X01–X50 and
//! the readings A1–A27, C1–C16, N1–N73, N78–N79 all appear, in order.

mod coverage_kit;

/// A test named by this system's convention: the rule (`r146_…` Standard, `e39_…` Exclusive)
/// or `hov_…`.
fn looks_like_test(s: &str) -> bool {
    let lower = s
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !lower || !s.contains('_') {
        return false;
    }
    let numbered = (s.starts_with('r') || s.starts_with('e'))
        && s[1..].starts_with(|c: char| c.is_ascii_digit());
    numbered || s.starts_with("hov_")
}

/// `¶146 step 3a` sorts as (146, 0), `§41` as (41, 0); the chart rows stand where the text
/// prints them: the Paris Morale Chart after §180, the Austrian Realignment Table after §183,
/// the Terrain Effects Chart after ¶209.
fn rule_key(rule: &str) -> Option<(u32, u32)> {
    if let Some(n) = rule.strip_prefix("Paris Morale Chart ") {
        return Some((180, 100 + n.trim().parse::<u32>().ok()?));
    }
    if rule == "Austrian Realignment Table" {
        return Some((183, 100));
    }
    if rule.starts_with("TEC ") {
        return Some((210, 100));
    }
    let r = rule.strip_prefix('¶').or_else(|| rule.strip_prefix('§'))?;
    let num: String = r.chars().take_while(char::is_ascii_digit).collect();
    Some((num.parse().ok()?, 0))
}

#[test]
fn hov_coverage_table_is_well_formed() {
    let mut sections: Vec<String> = (1..=209).map(|n| format!("¶{n}")).collect();
    sections.extend(
        (1..=227)
            .filter(|n| *n != 8 && *n != 9)
            .map(|n| format!("§{n}")),
    );
    let spec = coverage_kit::Spec {
        doc: "docs/coverage/hov.md",
        src: "crates/core/src/hov",
        own_test: "hov_coverage_table_is_well_formed",
        looks_like_test,
        rule_key,
        sections,
        examples: (1..=50).map(|n| format!("X{n:02}")).collect(),
        ambiguities: (1..=27)
            .map(|n| format!("A{n}"))
            .chain((1..=16).map(|n| format!("C{n}")))
            .chain((1..=79).map(|n| format!("N{n}")))
            .collect(),
        decision_form: false,
        min_rows: 800,
    };
    let problems = coverage_kit::check(&spec);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
