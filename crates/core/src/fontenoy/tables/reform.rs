//! The Reformation Table (F-1.6g, 8.3a, 8.4, 8.6): the MP each change of formation costs, by
//! nationality. The fixed costs of 8.4 and 8.6 are in the text; the March Column ↔ Line
//! diagrams are not, and the `-provisional` chart completes them (docs/fontenoy-charts.md).

use alloc::format;
use alloc::vec::Vec;

use super::{Mp, cost};
use crate::data::{Chart, DataError, Mode};
use crate::fontenoy::types::{Nationality, Pts};

/// One of the table's reformations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// Road Column to March Column (8.4a): per hex dropped, at least once.
    RoadToMarch,
    /// March Column to Road Column (8.4b).
    MarchToRoad,
    /// March Column to Attack Column (8.4d).
    MarchToAttack,
    /// Attack Column to March Column (8.4e).
    AttackToMarch,
    /// March Column or Line to Square (8.4f).
    ToSquare,
    /// Square to March Column or Line (8.4g).
    FromSquare,
    /// Into or out of Skirmish order (8.4h).
    Skirmish,
    /// Out of General Order (8.4i).
    GeneralOrderOut,
    /// Line to Hook and back (8.4j).
    LineHook,
    /// Limbering or unlimbering (8.6b).
    Limber,
    /// March Column and Line (8.4c): cavalry or infantry, into Line or out of it, and the
    /// turn: 0 ahead (30 degrees), 1 right, 2 left (90 degrees), 3 to the rear (150 degrees).
    MarchLine {
        /// Cavalry's diagram.
        cavalry: bool,
        /// From March Column into Line (else from Line into March Column).
        to_line: bool,
        /// The turn.
        turn: u8,
    },
}

const FIXED: [(&str, Change); 10] = [
    ("road_to_march_column", Change::RoadToMarch),
    ("march_to_road_column", Change::MarchToRoad),
    ("march_to_attack_column", Change::MarchToAttack),
    ("attack_to_march_column", Change::AttackToMarch),
    ("to_square", Change::ToSquare),
    ("from_square", Change::FromSquare),
    ("skirmish_in_or_out", Change::Skirmish),
    ("general_order_out", Change::GeneralOrderOut),
    ("line_hook", Change::LineHook),
    ("limber_unlimber", Change::Limber),
];

const TURNS: [&str; 4] = ["ahead", "right", "left", "rear"];

const NATIONS: [Nationality; 5] = [
    Nationality::French,
    Nationality::Dutch,
    Nationality::English,
    Nationality::Hanoverian,
    Nationality::Austrian,
];

impl Change {
    /// Its row in [`ReformCosts::rows`].
    fn index(self) -> usize {
        match self {
            Change::MarchLine {
                cavalry,
                to_line,
                turn,
            } => {
                FIXED.len()
                    + usize::from(cavalry) * 8
                    + usize::from(!to_line) * 4
                    + usize::from(turn.min(3))
            }
            c => FIXED.iter().position(|(_, x)| *x == c).unwrap_or(0),
        }
    }

    /// The chart's row key.
    fn key(self) -> alloc::string::String {
        match self {
            Change::MarchLine {
                cavalry,
                to_line,
                turn,
            } => format!(
                "{}_{}_{}",
                if cavalry { "cavalry" } else { "infantry" },
                if to_line { "mc_to_line" } else { "line_to_mc" },
                TURNS[usize::from(turn.min(3))]
            ),
            c => FIXED
                .iter()
                .find(|(_, x)| *x == c)
                .map(|(k, _)| (*k).into())
                .unwrap_or_default(),
        }
    }

    /// Every change, in row order.
    fn all() -> impl Iterator<Item = Change> {
        FIXED
            .iter()
            .map(|(_, c)| *c)
            .chain((0..16u8).map(|i| Change::MarchLine {
                cavalry: i >= 8,
                to_line: i % 8 < 4,
                turn: i % 4,
            }))
    }
}

/// The Reformation Table read: each change's cost for each nationality.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReformCosts {
    /// By [`Change::index`], then by nationality in [`NATIONS`] order.
    rows: Vec<[Mp; 5]>,
}

impl ReformCosts {
    /// Reads `fontenoy/reformation-costs-provisional`, or the published chart.
    pub fn read<'a>(chart: impl Fn(&str) -> Option<&'a Chart>) -> Result<ReformCosts, DataError> {
        let c = chart("fontenoy/reformation-costs-provisional")
            .or_else(|| chart("fontenoy/reformation-costs"))
            .ok_or_else(|| {
                DataError::new(
                    "fontenoy",
                    "charts",
                    "the reformation rules need the chart fontenoy/reformation-costs",
                )
            })?;
        let mut rows = Vec::new();
        for ch in Change::all() {
            let key = ch.key();
            let row = c
                .row_index(&key)
                .ok_or_else(|| DataError::new(&c.id, "rows", format!("no row for {key}")))?;
            let mut r = [Mp::Prohibited; 5];
            for (i, n) in NATIONS.iter().enumerate() {
                r[i] = cost(c.get_at(row, n.as_str(), Mode::Lenient)?);
            }
            rows.push(r);
        }
        Ok(ReformCosts { rows })
    }

    /// The built-in charts' costs (tests and hand-built positions).
    pub fn builtin() -> ReformCosts {
        match crate::data::Library::builtin() {
            Ok(lib) => ReformCosts::read(|id| lib.chart(id)).unwrap_or_default(),
            Err(_) => ReformCosts::default(),
        }
    }

    /// What `change` costs a unit of `nationality`; `Prohibited` where the chart is missing.
    pub fn cost(&self, change: Change, nationality: Nationality) -> Mp {
        let n = NATIONS.iter().position(|x| *x == nationality).unwrap_or(0);
        self.rows
            .get(change.index())
            .map_or(Mp::Prohibited, |r| r[n])
    }

    /// The cost in points, `None` when it is the whole MPo or missing.
    pub fn points(&self, change: Change, nationality: Nationality) -> Option<Pts> {
        match self.cost(change, nationality) {
            Mp::Pts(p) => Some(p),
            _ => None,
        }
    }
}
