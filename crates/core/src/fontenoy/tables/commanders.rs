//! The commander loss charts (21.4, F-8.8): `commander-loss-results`, `commander-wound` and
//! `special-commander-loss`, read once.

use crate::data::{DataError, Mode, ResolvedScenario, Value};
use crate::fontenoy::state::FireLoss;
use crate::fontenoy::types::Nationality;

use super::chart;

/// A Commander Loss Check's outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Loss {
    /// No effect.
    #[default]
    None,
    /// Wounded (21.4c).
    Wounded,
    /// Killed (21.4b).
    Killed,
}

impl Loss {
    /// Its name in events.
    pub const fn name(self) -> &'static str {
        match self {
            Loss::None => "no effect",
            Loss::Wounded => "wounded",
            Loss::Killed => "killed",
        }
    }
}

/// The commander loss charts: `commander-loss-results` (F-8.8a–d, 14.8b), `commander-wound`
/// (21.4c, F-8.8e) and `special-commander-loss` (which F-8.8 result a fire special brings).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LossCharts {
    /// Outcomes by column (Fate, Lucky Shot, Line of Fire, Braving, close combat) and roll
    /// (−1, 0 … 9).
    pub results: [[Loss; 11]; 5],
    /// Turns away by the wound d10.
    pub wound_turns: [u8; 10],
    /// The F-8.8 result by nationality (French, English, Hanoverian, Dutch, Austrian) and d10.
    pub special: [[Option<FireLoss>; 10]; 5],
}

const RESULT_COLUMNS: [&str; 5] = [
    "fate",
    "lucky_shot",
    "line_of_fire",
    "braving_fire",
    "close_combat",
];

impl LossCharts {
    /// Reads the charts.
    pub fn read(s: &ResolvedScenario) -> Result<LossCharts, DataError> {
        let mut out = LossCharts::default();
        let res = chart(s, "commander-loss-results")?;
        for (c, col) in RESULT_COLUMNS.iter().enumerate() {
            for (i, roll) in (-1i64..=9).enumerate() {
                out.results[c][i] = match res
                    .get_roll(roll, col, Mode::Lenient)?
                    .and_then(Value::as_str)
                {
                    Some("killed") => Loss::Killed,
                    Some("wounded") => Loss::Wounded,
                    _ => Loss::None,
                };
            }
        }
        let w = chart(s, "commander-wound")?;
        for roll in 0..10u8 {
            out.wound_turns[usize::from(roll)] = w
                .get_roll(i64::from(roll), "turns", Mode::Lenient)?
                .and_then(Value::as_int)
                .map_or(0, |v| v.clamp(0, 20) as u8);
        }
        let sp = chart(s, "special-commander-loss")?;
        for (n, nat) in NATIONS.iter().enumerate() {
            for roll in 0..10u8 {
                out.special[n][usize::from(roll)] = match sp
                    .get_roll(i64::from(roll), nat.as_str(), Mode::Lenient)?
                    .and_then(Value::as_str)
                {
                    Some("Fate") => Some(FireLoss::Fate),
                    Some("The Lucky Shot") => Some(FireLoss::LuckyShot),
                    Some("In the Line of Fire") => Some(FireLoss::LineOfFire),
                    Some("Braving Enemy Fire") => Some(FireLoss::Braving),
                    _ => None,
                };
            }
        }
        Ok(out)
    }
}

/// The nationality columns of the special-commander-loss chart, in order.
pub const NATIONS: [Nationality; 5] = [
    Nationality::French,
    Nationality::English,
    Nationality::Hanoverian,
    Nationality::Dutch,
    Nationality::Austrian,
];
