//! 20.2f's fractional fire column (the `nbs-20.2f-modifiers-first` reading).

use alloc::format;

use super::Nbs;
use super::types::Fp;
use crate::data::Library;

fn rules_with(id: &str, opts: serde_json::Value) -> Nbs {
    let lib = Library::builtin().unwrap();
    let mut sc = lib.scenario(id).unwrap();
    let mut rules = serde_json::to_value(&sc.scenario.rules).unwrap();
    rules["options"] = opts;
    sc.scenario.rules = serde_json::from_value(rules).unwrap();
    Nbs::new(&sc).unwrap_or_else(|e| panic!("{e:?}"))
}

fn rules(id: &str) -> Nbs {
    rules_with(id, serde_json::json!({}))
}

/// 20.2f, default reading: a fraction is resolved on the "Less than 1" column, which the
/// modifiers then shift like any column (20.0: find the column, then modify it).
#[test]
fn r20_2f_fraction_takes_the_less_than_1_column_then_shifts() {
    let r = rules("nbs/austerlitz-3");
    assert!(!r.fraction_modifiers_first);
    let quarter = Fp(1);
    assert_eq!(quarter.rounded(), 0, "1/4 would round to zero");
    assert_eq!(r.fire_table_column(quarter, 0), Some(1));
    assert_eq!(r.fire_table_column(quarter, 3), Some(4));
    assert_eq!(r.fire_table_column(quarter, -2), Some(1));
    assert_eq!(r.fire_table_column(Fp(2), 3), Some(4));
    assert_eq!(r.fire_table_column(Fp::whole(7), 3), Some(10));
    assert_eq!(r.fire_table_column(Fp::ZERO, 3), None, "zero has no effect");
}

/// 20.2f, option `nbs-20.2f-modifiers-first`: the modifiers apply to the total before the
/// column is found, so 1/4 (rounding to zero) with +3 reads column 3; the "Less than 1"
/// column still takes what stays below 1; totals of 1/2 and more read as by default.
#[test]
fn r20_2f_option_modifiers_first() {
    for n in 1..=5 {
        let id = format!("nbs/austerlitz-{n}");
        let r = rules_with(
            &id,
            serde_json::json!({ "nbs-20.2f-modifiers-first": true }),
        );
        assert!(r.fraction_modifiers_first, "{id} offers the option");
    }
    let r = rules_with(
        "nbs/austerlitz-3",
        serde_json::json!({ "nbs-20.2f-modifiers-first": true }),
    );
    let quarter = Fp(1);
    assert_eq!(r.fire_table_column(quarter, 0), Some(1));
    assert_eq!(r.fire_table_column(quarter, 3), Some(3));
    assert_eq!(r.fire_table_column(quarter, -2), Some(1));
    assert_eq!(r.fire_table_column(Fp(2), 3), Some(4));
    assert_eq!(r.fire_table_column(Fp::whole(7), 3), Some(10));
    assert_eq!(r.fire_table_column(Fp::ZERO, 3), None);
}
