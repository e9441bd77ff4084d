//! The Special Initiative Results Table (6.9a, F-1.6e, F-8.2): which result the non-zero die
//! gives, by the rolling army's column (`special-initiative`, completed by its provisional
//! twin: the text does not say which die gives which result).

use alloc::format;

use crate::data::{Chart, DataError, Mode, ResolvedScenario, Value};
use crate::engine::Side;
use crate::fontenoy::state::SpecialResult;

use super::chart;

/// The table: each army's result for the non-zero die 1–9 (index 0 is the double zero).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpecialTable {
    /// The results by die, French then Allied; `None` where the chart has no value.
    pub results: [[Option<SpecialResult>; 10]; 2],
}

/// A result named by the chart's codes ("Commander Initiative", named by F-7.1e B and never
/// described in F-8.2, is read as Leader Initiative, docs/fontenoy-charts.md).
pub fn parse(code: &str) -> Option<SpecialResult> {
    Some(match code {
        "Army Morale" => SpecialResult::ArmyMorale,
        "Leader Initiative" | "Commander Initiative" => SpecialResult::LeaderInitiative,
        "Divisional Confusion" => SpecialResult::DivisionalConfusion { dutch: false },
        "Dutch Divisional Confusion" => SpecialResult::DivisionalConfusion { dutch: true },
        "Free Combat Segment" => SpecialResult::FreeCombat,
        "Special Rally" => SpecialResult::SpecialRally,
        "Command Lethargy" => SpecialResult::CommandLethargy { dutch: false },
        "Dutch Command Lethargy" => SpecialResult::CommandLethargy { dutch: true },
        "Vive le Roi! Unauthorized Attack" => SpecialResult::ViveLeRoi,
        "On y va! Hasty Orders" => SpecialResult::HastyOrders,
        _ => return None,
    })
}

impl SpecialTable {
    /// Reads the chart (its provisional completion where the scenario has it).
    pub fn read(s: &ResolvedScenario) -> Result<SpecialTable, DataError> {
        Self::from_chart(chart(s, "special-initiative")?)
    }

    fn from_chart(c: &Chart) -> Result<SpecialTable, DataError> {
        let mut out = SpecialTable::default();
        for (k, col) in ["french", "allied"].iter().enumerate() {
            for die in 0..10u8 {
                let Some(row) = c.row_for_roll(i64::from(die)) else {
                    continue;
                };
                let v = c.get_at(row, col, Mode::Lenient)?;
                let Some(code) = v.and_then(Value::as_str) else {
                    continue;
                };
                out.results[k][usize::from(die)] = Some(parse(code).ok_or_else(|| {
                    DataError::new(&c.id, *col, format!("unknown special result {code:?}"))
                })?);
            }
        }
        Ok(out)
    }

    /// The provisional completion's results, for positions built by hand (tests).
    pub fn builtin() -> SpecialTable {
        use SpecialResult as R;
        let conf = |dutch| Some(R::DivisionalConfusion { dutch });
        let leth = |dutch| Some(R::CommandLethargy { dutch });
        SpecialTable {
            results: [
                [
                    Some(R::ArmyMorale),
                    Some(R::ViveLeRoi),
                    conf(false),
                    leth(false),
                    Some(R::LeaderInitiative),
                    Some(R::SpecialRally),
                    Some(R::FreeCombat),
                    Some(R::HastyOrders),
                    Some(R::LeaderInitiative),
                    Some(R::FreeCombat),
                ],
                [
                    Some(R::ArmyMorale),
                    conf(true),
                    conf(false),
                    leth(true),
                    leth(false),
                    Some(R::SpecialRally),
                    Some(R::LeaderInitiative),
                    Some(R::FreeCombat),
                    Some(R::LeaderInitiative),
                    Some(R::FreeCombat),
                ],
            ],
        }
    }

    /// The result `side` reads for the non-zero `die` (6.9a).
    pub fn result(&self, side: Side, die: u8) -> Option<SpecialResult> {
        self.results
            .get(side.index())
            .and_then(|r| r.get(usize::from(die)))
            .copied()
            .flatten()
    }
}
