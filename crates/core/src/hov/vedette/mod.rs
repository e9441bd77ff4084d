//! Vedettes (§66–§80) and whether they are in play in a Battle Scenario (reading A4).
//!
//! Every Battle Scenario set-up places vedettes and lists Vedette Pools, and §217 applies to
//! any scenario, so the vedette rules are in play unless the players switch off the named
//! option [`OPTION`] (on by default, reading A4). With it off no vedette is placed at the
//! start: every vedette stays in the pool, and the rules that move vedettes have none to move.

use crate::data::DataError;
use crate::data::ResolvedScenario;

/// The named scenario option of reading A4.
pub const OPTION: &str = "vedettes-in-battle-scenarios";

/// Whether the scenario plays with vedettes (reading A4): the players' choice in
/// `rules.options`, else the option's default, else on (a scenario that does not offer the
/// option keeps the rulebook's vedettes). An unknown chosen option, or a choice that is not
/// true or false, is an error naming it.
pub(crate) fn option_on(s: &ResolvedScenario) -> Result<bool, DataError> {
    let sc = &s.scenario;
    let offered = sc.options.iter().find(|o| o.id == OPTION);
    if let Some(chosen) = sc.rules.get("options").and_then(|v| v.as_object()) {
        for (k, v) in chosen {
            if !sc.options.iter().any(|o| o.id == *k) {
                return Err(DataError::new(
                    &sc.id,
                    alloc::format!("rules.options.{k}"),
                    "this scenario does not offer the option",
                ));
            }
            if !v.is_boolean() {
                return Err(DataError::new(
                    &sc.id,
                    alloc::format!("rules.options.{k}"),
                    "an option is chosen with true or false",
                ));
            }
        }
        if let Some(b) = chosen.get(OPTION).and_then(|v| v.as_bool()) {
            return Ok(b);
        }
    }
    Ok(offered.is_none_or(|o| o.default))
}

mod combat;
mod pool;
mod retreat;
mod screen;

pub(crate) use pool::crowded_forces;
pub use screen::VEDETTE_REPULSE_FREE;
mod stack;
