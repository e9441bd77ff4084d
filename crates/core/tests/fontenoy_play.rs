//! The Fontenoy scenarios' start: each loads from the built-in data and sets up with the
//! French first (F-10.0c). Random play of every scenario, with the invariants, is
//! `tests/fontenoy_random.rs`.
#![cfg(feature = "fontenoy")]

use grognard::data::Library;
use grognard::engine::Rules;
use grognard::fontenoy::Fontenoy;
use grognard::fontenoy::state::Phase;

const SCENARIOS: [&str; 4] = [
    "fontenoy/ingoldsby",
    "fontenoy/dutch-attack",
    "fontenoy/english-attack",
    "fontenoy/battle",
];

#[test]
fn f10_0c_the_french_set_up_first() {
    let lib = Library::builtin().unwrap();
    for id in SCENARIOS {
        let r = Fontenoy::new(&lib.scenario(id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(
            r.initial().phase,
            Phase::SetUp,
            "{id}: the set-up comes first (F-10.0c)"
        );
        let s = r.initial_state();
        assert_eq!(
            r.actor(&s),
            grognard::engine::Actor::Player(grognard::fontenoy::FRENCH),
            "{id}"
        );
    }
}
