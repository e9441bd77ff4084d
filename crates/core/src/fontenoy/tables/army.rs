//! The army charts (23.0, F-1.6a): the Army Loss Record's weights and the Army Morale Tables
//! (`army-loss-record`, `army-morale-columns`, `army-morale-table`), read once.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::data::{DataError, Mode, ResolvedScenario, Value};
use crate::engine::Side;
use crate::fontenoy::types::Nationality;

use super::chart;

/// Which of the chart booklet's Army Morale Tables a track reads (F-4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// The French table.
    French = 0,
    /// The English, Hanoverian and Austrian table.
    Allied = 1,
    /// The Dutch table.
    Dutch = 2,
}

impl Table {
    /// The chart ids of the tables, by [`Table`].
    pub const IDS: [&'static str; 3] = ["french", "allied", "dutch"];
}

/// One column of an Army Morale Table: its lowest Current Loss Total (23.1b) and its results
/// by the modified roll (−1 or less, 0 … 9, 10 or more).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Column {
    /// The "#+" head.
    pub min: u16,
    /// What each modified roll adds to the modifier (23.2a).
    pub adds: [u8; 12],
}

/// The army charts: the loss record's weights and the Army Morale Tables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArmyCharts {
    /// Boxes per SP lost: infantry, cavalry, artillery (F-1.6a B).
    pub per_sp: [u16; 3],
    /// Boxes per point of a killed commander's loss value (F-1.6a B, 21.4b).
    pub per_commander_point: u16,
    /// Added to the original's loss value when a replacement is killed (F-2.5b: −2).
    pub replacement_delta: i16,
    /// The columns of each table, left to right, by [`Table`].
    pub tables: [Vec<Column>; 3],
}

impl ArmyCharts {
    /// Reads the charts (their provisional completions where the scenario has them).
    pub fn read(s: &ResolvedScenario) -> Result<ArmyCharts, DataError> {
        let rec = chart(s, "army-loss-record")?;
        let boxes = |row: &str| -> Result<i64, DataError> {
            rec.get(row, "boxes", Mode::Lenient)?
                .and_then(Value::as_int)
                .ok_or_else(|| DataError::new(&rec.id, row, "the number of boxes is missing"))
        };
        let small = |v: i64| u16::try_from(v.clamp(0, 99)).unwrap_or(0);
        let mut out = ArmyCharts {
            per_sp: [
                small(boxes("infantry_sp")?),
                small(boxes("cavalry_sp")?),
                small(boxes("artillery_sp")?),
            ],
            per_commander_point: small(boxes("commander_killed")?),
            replacement_delta: boxes("replacement_commander_killed")?.clamp(-99, 99) as i16,
            tables: [Vec::new(), Vec::new(), Vec::new()],
        };
        let cols = chart(s, "army-morale-columns")?;
        let table = chart(s, "army-morale-table")?;
        for (t, army) in Table::IDS.iter().enumerate() {
            for k in 1..=9u8 {
                let id = format!("{army}_{k}");
                if cols.row_index(&id).is_none() {
                    break;
                }
                let min = cols
                    .get(&id, "min_clt", Mode::Lenient)?
                    .and_then(Value::as_int)
                    .ok_or_else(|| DataError::new(&cols.id, format!("{id}.min_clt"), "missing"))?;
                let mut adds = [0u8; 12];
                for (i, roll) in (-1i64..=10).enumerate() {
                    let v = table.get_roll(roll, &id, Mode::Lenient)?;
                    let text = v.and_then(|v| v.as_str()).ok_or_else(|| {
                        DataError::new(
                            &table.id,
                            format!("{id}[{roll}]"),
                            "the Army Morale result is missing",
                        )
                    })?;
                    adds[i] = text.trim_start_matches('+').parse::<u8>().map_err(|_| {
                        DataError::new(
                            &table.id,
                            format!("{id}[{roll}]"),
                            format!("`{text}`: expected 0 or +#"),
                        )
                    })?;
                }
                out.tables[t].push(Column {
                    min: small(min),
                    adds,
                });
            }
        }
        Ok(out)
    }
}

/// One Army Loss Record of the scenario (`rules.morale_tracks`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackDef {
    /// Its id (`french`, `dutch`, `anglo-austro-hanoverian`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// The army.
    pub side: Side,
    /// The nationalities whose losses it records.
    pub nationalities: Vec<Nationality>,
    /// The nationalities its modifier applies to (F-10.2a E); empty: all it records.
    pub applies_to: Vec<Nationality>,
    /// The table it reads.
    pub table: Table,
}
