//! `chart` files: typed tables (combat results, modifiers, …) with row/column lookups.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use super::common::{System, check_header, check_rules, check_unique};
use super::error::{DataError, path};
use super::provenance::{Provenance, check_opt};
use super::value::{AttributeDef, Cell, Flag, Flags, Value, ValueType};

/// Whether provisional and missing values are acceptable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Provisional values are used; a missing value reads as `None`.
    #[default]
    Lenient,
    /// Provisional and missing values are refused with an error.
    Strict,
}

/// A typed table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chart {
    /// Always [`super::FORMAT`].
    pub format: String,
    /// Always `"chart"`.
    pub kind: String,
    /// Id, e.g. `"pg/crt"`.
    pub id: String,
    /// The system.
    pub system: System,
    /// Display name as printed.
    pub name: String,
    /// Provenance of the file (inherited by every row and cell without its own).
    pub provenance: Provenance,
    /// Free remark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Rules that use the chart.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// The dice read against the chart (`"1d6"`, `"2d6"`, `"d66"`, `"d10"`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<String>,
    /// Column definitions, in order.
    pub columns: Vec<AttributeDef>,
    /// The id of the column whose cells name the rows.
    pub key: String,
    /// The rows.
    pub rows: Vec<Row>,
}

/// One row: one cell per column. In JSON an array of cells, or
/// `{"cells": [..], "provenance": {..}, "note": ".."}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The cells, one per column.
    pub cells: Vec<Cell>,
    /// Overrides the file's provenance for this row.
    pub provenance: Option<Provenance>,
    /// Free remark.
    pub note: Option<String>,
}

impl Serialize for Row {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let cells = Json::Array(self.cells.iter().map(Cell::to_json).collect());
        if self.provenance.is_none() && self.note.is_none() {
            return cells.serialize(s);
        }
        let mut obj = serde_json::Map::new();
        obj.insert("cells".to_string(), cells);
        if let Some(p) = &self.provenance {
            obj.insert(
                "provenance".to_string(),
                serde_json::to_value(p).map_err(serde::ser::Error::custom)?,
            );
        }
        if let Some(n) = &self.note {
            obj.insert("note".to_string(), Json::String(n.clone()));
        }
        Json::Object(obj).serialize(s)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawChart {
    format: String,
    kind: String,
    id: String,
    system: System,
    name: String,
    provenance: Provenance,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    rules: Vec<String>,
    #[serde(default)]
    dice: Option<String>,
    columns: Vec<AttributeDef>,
    #[serde(default)]
    key: Option<String>,
    rows: Vec<RawRow>,
}

struct RawRow {
    cells: Vec<Json>,
    provenance: Option<Provenance>,
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRowObject {
    cells: Vec<Json>,
    #[serde(default)]
    provenance: Option<Provenance>,
    #[serde(default)]
    note: Option<String>,
}

impl<'de> Deserialize<'de> for RawRow {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawRow;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a row: an array of cells or an object with `cells`")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawRow, A::Error> {
                let mut cells = Vec::new();
                while let Some(c) = seq.next_element::<Json>()? {
                    cells.push(c);
                }
                Ok(RawRow {
                    cells,
                    provenance: None,
                    note: None,
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawRow, A::Error> {
                let r = RawRowObject::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Ok(RawRow {
                    cells: r.cells,
                    provenance: r.provenance,
                    note: r.note,
                })
            }
        }
        d.deserialize_any(V)
    }
}

impl RawChart {
    /// Types and checks the file on its own.
    pub(crate) fn into_checked(self) -> Result<Chart, DataError> {
        check_header(&self.id, self.system, &self.name, &self.provenance)?;
        check_rules(&self.rules, "rules")?;
        if self.columns.is_empty() {
            return Err(DataError::at(
                "columns",
                "a chart needs at least one column",
            ));
        }
        check_unique(self.columns.iter().map(|c| c.id.as_str()), "column", |i| {
            path::key(&path::index("columns", i), "id")
        })?;
        for (i, c) in self.columns.iter().enumerate() {
            c.check(&path::index("columns", i))?;
        }
        let key = match self.key {
            Some(k) => k,
            None => self.columns[0].id.clone(),
        };
        let Some(key_col) = self.columns.iter().position(|c| c.id == key) else {
            return Err(DataError::at("key", format!("no column {key:?}")));
        };
        let mut rows = Vec::with_capacity(self.rows.len());
        for (i, r) in self.rows.into_iter().enumerate() {
            let at = path::index("rows", i);
            let cat = if r.provenance.is_some() || r.note.is_some() {
                path::key(&at, "cells")
            } else {
                at.clone()
            };
            if r.cells.len() != self.columns.len() {
                return Err(DataError::at(
                    cat,
                    format!(
                        "row has {} cells but the chart has {} columns",
                        r.cells.len(),
                        self.columns.len()
                    ),
                ));
            }
            check_opt(&r.provenance, &at)?;
            let mut cells = Vec::with_capacity(r.cells.len());
            for (j, (raw, col)) in r.cells.iter().zip(&self.columns).enumerate() {
                cells.push(col.cell(raw, &path::index(&cat, j))?);
            }
            if cells[key_col].is_missing() {
                return Err(DataError::at(
                    path::index(&cat, key_col),
                    format!("the key column {key:?} may not be missing"),
                ));
            }
            rows.push(Row {
                cells,
                provenance: r.provenance,
                note: r.note,
            });
        }
        // Keys must name rows unambiguously.
        for i in 0..rows.len() {
            for j in 0..i {
                let (a, b) = (&rows[i].cells[key_col].value, &rows[j].cells[key_col].value);
                let clash = match (a, b) {
                    (Some(Value::DieRange(x)), Some(Value::DieRange(y))) => x.overlaps(*y),
                    (Some(x), Some(y)) => x.to_string() == y.to_string(),
                    _ => false,
                };
                if clash {
                    return Err(DataError::at(
                        path::index(&path::index("rows", i), key_col),
                        format!(
                            "row key {} clashes with row {j}",
                            a.as_ref().map(Value::to_string).unwrap_or_default()
                        ),
                    ));
                }
            }
        }
        Ok(Chart {
            format: self.format,
            kind: self.kind,
            id: self.id,
            system: self.system,
            name: self.name,
            provenance: self.provenance,
            note: self.note,
            rules: self.rules,
            dice: self.dice,
            columns: self.columns,
            key,
            rows,
        })
    }
}

impl Chart {
    /// Index of column `id`.
    pub fn column_index(&self, id: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.id == id)
    }

    fn key_index(&self) -> usize {
        self.column_index(&self.key).unwrap_or(0)
    }

    /// Index of the row whose key cell reads `key` (canonical spelling, e.g. `"5+"`, `"3"`).
    pub fn row_index(&self, key: &str) -> Option<usize> {
        let k = self.key_index();
        self.rows.iter().position(|r| {
            r.cells
                .get(k)
                .and_then(|c| c.value.as_ref())
                .is_some_and(|v| v.to_string() == key)
        })
    }

    /// Index of the row whose key contains the die result `roll` (die-range or int keys).
    pub fn row_for_roll(&self, roll: i64) -> Option<usize> {
        let k = self.key_index();
        self.rows
            .iter()
            .position(|r| match r.cells.get(k).and_then(|c| c.value.as_ref()) {
                Some(Value::DieRange(d)) => d.contains(roll),
                Some(Value::Int(v)) => *v == roll,
                _ => false,
            })
    }

    /// The cell at row `row` (index) and column `column` (id).
    pub fn cell_at(&self, row: usize, column: &str) -> Option<&Cell> {
        self.rows.get(row)?.cells.get(self.column_index(column)?)
    }

    /// The value in the row keyed `row_key`, column `column`. `Ok(None)` = missing (lenient
    /// mode only); strict mode refuses missing and provisional values.
    pub fn get(
        &self,
        row_key: &str,
        column: &str,
        mode: Mode,
    ) -> Result<Option<&Value>, DataError> {
        let Some(r) = self.row_index(row_key) else {
            return Err(DataError::new(
                &self.id,
                "rows",
                format!("no row with key {row_key:?}"),
            ));
        };
        self.get_at(r, column, mode)
    }

    /// The value in the row containing die result `roll`, column `column` (see [`Chart::get`]).
    pub fn get_roll(
        &self,
        roll: i64,
        column: &str,
        mode: Mode,
    ) -> Result<Option<&Value>, DataError> {
        let Some(r) = self.row_for_roll(roll) else {
            return Err(DataError::new(
                &self.id,
                "rows",
                format!("no row for die result {roll}"),
            ));
        };
        self.get_at(r, column, mode)
    }

    /// The value at row index `row`, column `column` (see [`Chart::get`]).
    pub fn get_at(
        &self,
        row: usize,
        column: &str,
        mode: Mode,
    ) -> Result<Option<&Value>, DataError> {
        let Some(c) = self.column_index(column) else {
            return Err(DataError::new(
                &self.id,
                "columns",
                format!("no column {column:?}"),
            ));
        };
        let Some(r) = self.rows.get(row) else {
            return Err(DataError::new(&self.id, "rows", format!("no row {row}")));
        };
        let Some(cell) = r.cells.get(c) else {
            return Err(DataError::new(
                &self.id,
                "rows",
                format!("row {row} has no column {c}"),
            ));
        };
        let at = path::index(&path::index("rows", row), c);
        if mode == Mode::Strict {
            if cell.is_missing() {
                return Err(DataError::new(
                    &self.id,
                    at,
                    "value is missing (the published chart's value is unknown); strict mode refuses it",
                ));
            }
            let effective = cell
                .provenance
                .as_ref()
                .or(r.provenance.as_ref())
                .unwrap_or(&self.provenance);
            if effective.is_provisional() {
                return Err(DataError::new(
                    &self.id,
                    at,
                    "value is provisional (not the published value); strict mode refuses it",
                ));
            }
        }
        Ok(cell.value.as_ref())
    }

    /// The type of column `id`.
    pub fn column_type(&self, id: &str) -> Option<ValueType> {
        self.columns.iter().find(|c| c.id == id).map(|c| c.ty)
    }

    /// Every provisional or missing item, with its path.
    pub fn flags(&self) -> Vec<Flag> {
        let mut f = Flags::default();
        f.provenance(Some(&self.provenance), &path::root());
        for (i, r) in self.rows.iter().enumerate() {
            let at = path::index("rows", i);
            f.provenance(r.provenance.as_ref(), &at);
            for (j, c) in r.cells.iter().enumerate() {
                f.cell(c, &path::index(&at, j));
            }
        }
        f.0
    }
}
