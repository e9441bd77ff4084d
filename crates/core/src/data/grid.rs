//! The `grid` block of a map: which hex-id scheme, parity and row order, which sheets and how
//! they join. Geometry itself (ids to axial hexes, adjacency, hexsides) is the `hex` module's;
//! this block is the documented, strictly-checked JSON form of a [`crate::hex::GridSpec`].

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::hex::{self, Extent, GridError, GridSpec, Hex, Parity, RowOrder, Scheme, SheetLayout};

/// One map sheet: its letter, the columns and rows it prints, and where it lies.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The map letter printed in ids (`"N"`, `"A"`); absent for unlettered maps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<char>,
    /// First and last printed column.
    pub columns: [u8; 2],
    /// First and last printed row.
    pub rows: [u8; 2],
    /// Columns of this parity end one row before the last row (a half-hex map edge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_columns: Option<Parity>,
    /// Added to the printed column to give the global column.
    #[serde(default)]
    pub col_offset: i16,
    /// Global row of printed row 0 (`global = row_offset + row` when rows run down,
    /// `row_offset - row` when they run up); this is how sheets join.
    #[serde(default)]
    pub row_offset: i16,
    /// Free remark (e.g. how the join was established).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Grid parameters of a map.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// The hex-id scheme; must be the map's system's.
    pub scheme: Scheme,
    /// Which global columns sit half a hex south of their neighbours (`"odd"` = odd-q).
    pub parity: Parity,
    /// Which way printed row numbers run: `"down"` (southward) or `"up"` (northward).
    pub rows: RowOrder,
    /// The sheets (1 to 4), none overlapping.
    pub sheets: Vec<Sheet>,
    /// Ids inside a sheet's extent that are not playable hexes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<String>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The rule that defines a scheme's printed ids (cited in errors).
pub(crate) fn id_rule(scheme: Scheme) -> &'static str {
    match scheme {
        Scheme::Pg => "1.0",
        Scheme::Hov => "¶10",
        Scheme::Fontenoy => "10.0c",
        Scheme::Nbs => "1.1a",
    }
}

/// The single switch point for hex-id syntax: the `hex` module's parser.
pub(crate) fn check_hex_id(scheme: Scheme, id: &str) -> Result<hex::HexId, (String, &'static str)> {
    scheme
        .parse(id)
        .map_err(|e| (e.to_string(), id_rule(scheme)))
}

/// A hex id's problem on a grid: message and, for syntax errors, the numbering rule.
pub(crate) type Problem = (String, Option<&'static str>);

impl Grid {
    /// The `hex` module's description of this grid.
    pub fn spec(&self) -> GridSpec {
        GridSpec {
            scheme: self.scheme,
            parity: self.parity,
            rows: self.rows,
            sheets: self
                .sheets
                .iter()
                .map(|s| SheetLayout {
                    sheet: s.sheet,
                    col_offset: s.col_offset,
                    row_offset: s.row_offset,
                    extent: Some(Extent {
                        first_col: s.columns[0],
                        last_col: s.columns[1],
                        first_row: s.rows[0],
                        last_row: s.rows[1],
                        short_cols: s.short_columns,
                    }),
                })
                .collect(),
        }
    }

    /// The `hex` module's grid (ids to axial hexes), or the JSON path and message of what is
    /// wrong with the sheets.
    pub(crate) fn build(&self) -> Result<hex::Grid, (String, String)> {
        hex::Grid::new(&self.spec()).map_err(|e| {
            let sheet_path = |s: Option<char>| match self.sheets.iter().position(|x| x.sheet == s) {
                Some(i) => format!("grid.sheets[{i}]"),
                None => String::from("grid.sheets"),
            };
            let at = match &e {
                GridError::SheetNotAllowed(s)
                | GridError::DuplicateSheet(s)
                | GridError::BadExtent(s)
                | GridError::OffsetOutOfRange(s) => sheet_path(*s),
                _ => String::from("grid.sheets"),
            };
            (at, e.to_string())
        })
    }

    /// Where `id` is on `g` (built from this grid), or why it is not a playable hex.
    pub(crate) fn locate(&self, g: &hex::Grid, id: &str) -> Result<Hex, Problem> {
        let hex = g.parse(id).map_err(|e| match e {
            GridError::Id(e) => (e.to_string(), Some(id_rule(self.scheme))),
            GridError::OffMap(_) => {
                let extent = self
                    .sheets
                    .iter()
                    .map(|s| {
                        let name = s.sheet.map(|c| format!("sheet {c}: ")).unwrap_or_default();
                        format!(
                            "{name}columns {:02}-{:02}, rows {:02}-{:02}",
                            s.columns[0], s.columns[1], s.rows[0], s.rows[1]
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ");
                (format!("hex {id:?} is off the map ({extent})"), None)
            }
            other => (format!("hex {id:?}: {other}"), None),
        })?;
        if self.absent.iter().any(|a| a == id) {
            return Err((
                format!("hex {id:?} is listed as absent from this map"),
                None,
            ));
        }
        Ok(hex)
    }
}
