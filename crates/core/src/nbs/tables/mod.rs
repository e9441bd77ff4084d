//! The series charts of Part Three as typed, integer-only tables; the command charts (10.1b–10.3)
//! are read apart into [`CommandTables`] (`tables/command.rs`).
//!
//! [`Tables::from_scenario`] reads each chart once from a [`ResolvedScenario`]. A cell is taken
//! from the rulebook chart (`nbs/<name>`) when the text gives it, and otherwise from the chart's
//! completion (`nbs/<name>-provisional`, docs/nbs-charts.md), which has the same rows and
//! columns. In strict mode a cell the rulebook chart does not give is an error naming the chart,
//! the row and the column; in lenient mode a cell missing from both is an error, so a loaded
//! [`Tables`] never holds a gap. Everything is parsed at construction: the lookups are plain
//! array indexing.
//!
//! Conventions:
//! * Fire points are [`Fp`] (quarters); odds strengths are [`OddsStrength`] (eighths).
//! * Fire Combat Table columns are the printed column numbers, `1` ("1 or less") to
//!   [`Tables::fire_columns`] (the last, "17+").
//! * Morale and straggler-recovery rows are indices from the top of the table (0); a `+` total
//!   moves up, so the row read is `start - total`, clamped to the table.
//! * Sequential 11..66 rolls are [`Seq66`]; one-die results are `u8` or, modified, `i8`.

mod combat;
mod command;
mod fire;
mod morale;
mod movement;
#[cfg(test)]
mod tests;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::data::{Chart, Cost, DataError, DieRange, Mode, Ratio, ResolvedScenario, Value};

pub use combat::{BlownMod, OddsDrm, OddsFormation, OddsResult, OddsStrength, RecallMod};
pub use command::{Acceptance, CommandTables, InitiativeResult, ProvisionalCell};
pub use fire::{
    CavFireMod, CavLevel, CavTarget, FireMod, FireResult, Nationality, Part, Range,
    SkirmisherStrength, SmallArms,
};
pub use morale::{
    FireEffect, GenericUnit, MoraleList, MoraleMod, MoraleOutcome, MoraleResult, MoveEffect,
    RallyStep, RecoveryShift, StateEffects, StragglerMod,
};
pub use movement::{FeatureIdx, MoveClass, MoveCost, TerrainIdx};

#[cfg(doc)]
use super::types::{Fp, Seq66};

/// Declares an enum whose variants are the rows of a modifier chart, keyed by the chart's ids.
macro_rules! id_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $id:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vm])* $v),+ }
        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$v),+];
            /// The row id in the chart.
            pub const fn id(self) -> &'static str {
                match self { $($name::$v => $id),+ }
            }
            /// The variant for a chart row id.
            pub fn from_id(s: &str) -> Option<$name> {
                match s { $($id => Some($name::$v),)+ _ => None }
            }
        }
    };
}
pub(crate) use id_enum;

/// Every non-command chart of the series, parsed. Build it with [`Tables::from_scenario`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    fire: fire::FireData,
    morale: morale::MoraleData,
    combat: combat::CombatData,
    movement: movement::MovementData,
}

impl Tables {
    /// Reads every non-command chart of `sc` (and its `-provisional` completions). With
    /// `strict`, only cells the rulebook charts give are accepted.
    pub fn from_scenario(sc: &ResolvedScenario, strict: bool) -> Result<Tables, DataError> {
        Ok(Tables {
            fire: fire::FireData::read(sc, strict)?,
            morale: morale::MoraleData::read(sc, strict)?,
            combat: combat::CombatData::read(sc, strict)?,
            movement: movement::MovementData::read(sc, strict)?,
        })
    }
}

/// One chart as read: the rulebook chart, its completion if the scenario has one, and the mode.
pub(crate) struct Src<'a> {
    book: &'a Chart,
    comp: Option<&'a Chart>,
    strict: bool,
}

fn at(key: &str, col: &str) -> String {
    format!("row {key:?}, column {col:?}")
}

impl<'a> Src<'a> {
    /// The chart `id` of `sc` with its completion `id-provisional` (if present).
    pub(crate) fn new(
        sc: &'a ResolvedScenario,
        id: &str,
        strict: bool,
    ) -> Result<Src<'a>, DataError> {
        let book = sc.chart(id).ok_or_else(|| {
            DataError::new(
                &sc.scenario.id,
                "charts",
                format!("the NBS tables need the chart {id:?}"),
            )
        })?;
        let comp = sc.chart(&format!("{id}-provisional"));
        Ok(Src { book, comp, strict })
    }

    /// An error about the chart (rulebook id) at `key`/`col`.
    pub(crate) fn err(&self, key: &str, col: &str, msg: impl Into<String>) -> DataError {
        DataError::new(&self.book.id, at(key, col), msg)
    }

    /// The row keys in order: the completion's rows when there is one (it has every row),
    /// else the rulebook chart's.
    pub(crate) fn keys(&self) -> Vec<String> {
        let c = self.comp.unwrap_or(self.book);
        let k = c.column_index(&c.key).unwrap_or(0);
        c.rows
            .iter()
            .map(|r| {
                r.cells
                    .get(k)
                    .and_then(|c| c.value.as_ref())
                    .map(Value::to_string)
                    .unwrap_or_default()
            })
            .collect()
    }

    /// The value at row `key`, column `col`: the rulebook's when published, else (lenient
    /// only) the completion's.
    pub(crate) fn value(&self, key: &str, col: &str) -> Result<&'a Value, DataError> {
        if let Some(r) = self.book.row_index(key) {
            if let Ok(Some(v)) = self.book.get_at(r, col, Mode::Strict) {
                return Ok(v);
            }
        }
        if self.strict {
            return Err(self.err(
                key,
                col,
                "the rulebook chart does not give this value; strict mode refuses the provisional completion",
            ));
        }
        if let Some(c) = self.comp {
            if let Some(r) = c.row_index(key) {
                if let Ok(Some(v)) = c.get_at(r, col, Mode::Lenient) {
                    return Ok(v);
                }
            }
        }
        let file = self.comp.map_or(&self.book.id, |c| &c.id);
        Err(DataError::new(
            file,
            at(key, col),
            "the value is missing from the rulebook chart and from its completion",
        ))
    }

    pub(crate) fn int(&self, key: &str, col: &str) -> Result<i64, DataError> {
        self.value(key, col)?
            .as_int()
            .ok_or_else(|| self.err(key, col, "expected an integer"))
    }

    pub(crate) fn i8(&self, key: &str, col: &str) -> Result<i8, DataError> {
        let v = self.int(key, col)?;
        i8::try_from(v).map_err(|_| self.err(key, col, format!("{v} is out of range")))
    }

    pub(crate) fn u8(&self, key: &str, col: &str) -> Result<u8, DataError> {
        let v = self.int(key, col)?;
        u8::try_from(v).map_err(|_| self.err(key, col, format!("{v} is out of range 0..=255")))
    }

    pub(crate) fn text(&self, key: &str, col: &str) -> Result<String, DataError> {
        Ok(match self.value(key, col)? {
            Value::Text(t) | Value::Result(t) => t.clone(),
            other => other.to_string(),
        })
    }

    pub(crate) fn ratio(&self, key: &str, col: &str) -> Result<Ratio, DataError> {
        match self.value(key, col)? {
            Value::Ratio(r) => Ok(*r),
            Value::Int(v) => Ok(Ratio::int(*v)),
            _ => Err(self.err(key, col, "expected a number or a fraction")),
        }
    }

    /// A non-negative ratio as a count of `1/den` units (quarters for fire points).
    pub(crate) fn units(&self, key: &str, col: &str, den: i64) -> Result<u32, DataError> {
        let r = self.ratio(key, col)?;
        let scaled = r.num.checked_mul(den).unwrap_or(-1);
        if r.num < 0 || scaled % r.den != 0 {
            return Err(self.err(key, col, format!("{r} is not a multiple of 1/{den}")));
        }
        u32::try_from(scaled / r.den).map_err(|_| self.err(key, col, "value too large"))
    }

    pub(crate) fn cost(&self, key: &str, col: &str) -> Result<Cost, DataError> {
        match self.value(key, col)? {
            Value::Cost(c) => Ok(*c),
            _ => Err(self.err(key, col, "expected a movement cost")),
        }
    }

    pub(crate) fn range(&self, key: &str, col: &str) -> Result<DieRange, DataError> {
        match self.value(key, col)? {
            Value::DieRange(d) => Ok(*d),
            _ => Err(self.err(key, col, "expected a die range")),
        }
    }

    /// The columns of a two-dice table stored one column per roll, in 11..66 order.
    pub(crate) fn d66_row<T>(
        &self,
        mut f: impl FnMut(&Src<'a>, &str) -> Result<T, DataError>,
    ) -> Result<[T; 36], DataError>
    where
        T: Copy + Default,
    {
        let mut out = [T::default(); 36];
        for (i, slot) in out.iter_mut().enumerate() {
            let roll = super::types::Seq66::from_index(i as u8)
                .map(|s| s.value().to_string())
                .unwrap_or_default();
            *slot = f(self, &roll)?;
        }
        Ok(out)
    }

    /// A modifier list keyed by `id`: each row's id must name a variant of `E` and each
    /// variant of `E` may appear at most once; the value is column `col`.
    pub(crate) fn id_list<E: Copy>(
        &self,
        all: &[E],
        from_id: fn(&str) -> Option<E>,
        index: fn(E) -> usize,
        col: &str,
    ) -> Result<Vec<Option<i8>>, DataError> {
        let mut out = alloc::vec![None; all.len()];
        for key in self.keys() {
            let Some(e) = from_id(&key) else {
                return Err(self.err(&key, "id", "an unknown modifier id for these tables"));
            };
            let slot = &mut out[index(e)];
            if slot.is_some() {
                return Err(self.err(&key, "id", "the id appears twice"));
            }
            *slot = Some(self.i8(&key, col)?);
        }
        Ok(out)
    }

    /// As [`Src::id_list`], requiring every variant.
    pub(crate) fn id_list_full<E: Copy>(
        &self,
        all: &[E],
        from_id: fn(&str) -> Option<E>,
        index: fn(E) -> usize,
        name: fn(E) -> &'static str,
        col: &str,
    ) -> Result<Vec<i8>, DataError> {
        let v = self.id_list(all, from_id, index, col)?;
        all.iter()
            .zip(v)
            .map(|(e, x)| x.ok_or_else(|| self.err(name(*e), col, "this modifier has no row")))
            .collect()
    }
}
