//! Grid parameters of a map and the checks the data layer needs: is a hex id well formed for
//! its system, is it on the map, which hex lies across a given side.
//!
//! Hex-id syntax is checked by ONE function, [`check_hex_id`]; when the `hex` module's
//! `hex::id::Scheme::parse` is available it replaces the body of that function.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::common::System;

/// Hex orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// Flat-topped hexes in vertical columns (sides n, ne, se, s, sw, nw).
    Flat,
    /// Pointy-topped hexes in horizontal rows (sides ne, e, se, sw, w, nw).
    Pointy,
}

/// Odd or even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// Odd numbers.
    Odd,
    /// Even numbers.
    Even,
}

/// The compass direction in which row numbers increase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RowDirection {
    /// Rows are numbered north to south (pg, hov, fontenoy).
    Down,
    /// Rows are numbered south to north (nbs: "counted bottom to top", 1.1a).
    Up,
}

/// One map sheet: its letter (empty when ids carry none), extent and place in the whole map.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The sheet letter as written in hex ids (`"N"`, `"A"`), or `""` when ids have none.
    #[serde(default)]
    pub id: String,
    /// First and last column number printed on the sheet.
    pub columns: [i32; 2],
    /// First and last row number printed on the sheet.
    pub rows: [i32; 2],
    /// How the sheet joins the others: global column = column + `offset[0]`, global row =
    /// row + `offset[1]`. Sheets may not overlap.
    #[serde(default)]
    pub offset: [i32; 2],
    /// Free remark (e.g. how the join was established).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Grid parameters of a map.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// The hex-id scheme (named after the system that uses it).
    pub scheme: System,
    /// Flat-topped columns or pointy-topped rows.
    pub orientation: Orientation,
    /// Which columns (flat) or rows (pointy) are shifted half a hex toward higher row
    /// (respectively column) numbers, counted in global numbers.
    pub shifted: Parity,
    /// The compass direction in which row numbers increase.
    pub rows: RowDirection,
    /// The sheets (at least one).
    pub sheets: Vec<Sheet>,
    /// Ids inside the extent that are not playable hexes (e.g. the short columns' last row).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<String>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A hex id taken apart: sheet letter (maybe empty), column, row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct HexRef {
    pub(crate) sheet: String,
    pub(crate) col: i32,
    pub(crate) row: i32,
}

/// Position in global offset numbers (column, row).
pub(crate) type Global = (i32, i32);

/// The single switch point for hex-id syntax: parses `id` under `scheme`, or says why not.
/// Returns the id taken apart, plus the numbering rule to cite on error.
pub(crate) fn check_hex_id(scheme: System, id: &str) -> Result<HexRef, (String, &'static str)> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let num = |s: &str| s.parse::<i32>().ok();
    let (sheet, rest, rule, shape) = match scheme {
        System::Pg => ("", id, "1.0", "XXYY (four digits, e.g. \"1809\")"),
        System::Hov => ("", id, "¶10", "CCRR (four digits, e.g. \"2406\")"),
        System::Fontenoy => match id.as_bytes().first() {
            Some(b'N') | Some(b'S') => (
                &id[..1],
                &id[1..],
                "10.0c",
                "N/S + CCRR (e.g. \"N1421\", \"S1012\"; Melle: \"1421\")",
            ),
            _ => (
                "",
                id,
                "10.0c",
                "N/S + CCRR (e.g. \"N1421\", \"S1012\"; Melle: \"1421\")",
            ),
        },
        System::Nbs => match id.as_bytes().first() {
            Some(c) if c.is_ascii_uppercase() => (
                &id[..1],
                &id[1..],
                "1.1a",
                "[map letter]xx.yy (e.g. \"A28.29\")",
            ),
            _ => ("", id, "1.1a", "[map letter]xx.yy (e.g. \"A28.29\")"),
        },
    };
    let bad = || {
        (
            format!("{id:?} is not a {} hex id: expected {shape}", scheme.id()),
            rule,
        )
    };
    let (c, r) = match scheme {
        System::Nbs => {
            let (c, r) = rest.split_once('.').ok_or_else(bad)?;
            if !(digits(c) && c.len() == 2 && digits(r) && r.len() == 2) {
                return Err(bad());
            }
            (c, r)
        }
        _ => {
            if !(digits(rest) && rest.len() == 4) {
                return Err(bad());
            }
            (&rest[..2], &rest[2..])
        }
    };
    Ok(HexRef {
        sheet: String::from(sheet),
        col: num(c).ok_or_else(bad)?,
        row: num(r).ok_or_else(bad)?,
    })
}

impl Grid {
    /// The side names of this orientation, in order.
    pub fn side_names(&self) -> [&'static str; 6] {
        match self.orientation {
            Orientation::Flat => ["n", "ne", "se", "s", "sw", "nw"],
            Orientation::Pointy => ["ne", "e", "se", "sw", "w", "nw"],
        }
    }

    /// Checks the grid itself: at least one sheet, ordered extents, unique letters, no overlap.
    pub(crate) fn check(&self) -> Result<(), (String, String)> {
        if self.sheets.is_empty() {
            return Err((
                String::from("grid.sheets"),
                String::from("a map needs at least one sheet"),
            ));
        }
        for (i, s) in self.sheets.iter().enumerate() {
            let at = format!("grid.sheets[{i}]");
            if s.columns[0] > s.columns[1] || s.rows[0] > s.rows[1] {
                return Err((
                    at,
                    String::from("extent must be [first, last] with first <= last"),
                ));
            }
            if s.columns[0] < 0 || s.rows[0] < 0 {
                return Err((at, String::from("column and row numbers are not negative")));
            }
            let letter_ok = match self.scheme {
                System::Pg | System::Hov => s.id.is_empty(),
                System::Fontenoy => matches!(s.id.as_str(), "" | "N" | "S"),
                System::Nbs => {
                    s.id.is_empty()
                        || (s.id.len() == 1 && s.id.bytes().all(|b| b.is_ascii_uppercase()))
                }
            };
            if !letter_ok {
                return Err((
                    format!("{at}.id"),
                    format!(
                        "{:?} is not a sheet letter of the {} hex-id scheme",
                        s.id,
                        self.scheme.id()
                    ),
                ));
            }
            for (j, t) in self.sheets.iter().enumerate().take(i) {
                if t.id == s.id {
                    return Err((
                        format!("{at}.id"),
                        format!("sheet {:?} is listed twice (also sheets[{j}])", s.id),
                    ));
                }
                let (a0, a1) = (s.columns[0] + s.offset[0], s.columns[1] + s.offset[0]);
                let (b0, b1) = (s.rows[0] + s.offset[1], s.rows[1] + s.offset[1]);
                let (c0, c1) = (t.columns[0] + t.offset[0], t.columns[1] + t.offset[0]);
                let (d0, d1) = (t.rows[0] + t.offset[1], t.rows[1] + t.offset[1]);
                if a0 <= c1 && c0 <= a1 && b0 <= d1 && d0 <= b1 {
                    return Err((
                        format!("{at}.offset"),
                        format!(
                            "sheet {:?} overlaps sheet {:?} once offsets are applied",
                            s.id, t.id
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Where `id` is on the map, or why it is not a hex of this map (message, rule).
    pub(crate) fn locate(&self, id: &str) -> Result<Global, (String, Option<&'static str>)> {
        let r = check_hex_id(self.scheme, id).map_err(|(m, rule)| (m, Some(rule)))?;
        let Some(sheet) = self.sheets.iter().find(|s| s.id == r.sheet) else {
            let known: Vec<&str> = self.sheets.iter().map(|s| s.id.as_str()).collect();
            return Err((
                format!(
                    "hex {id:?} names sheet {:?}, but this map's sheets are {known:?}",
                    r.sheet
                ),
                None,
            ));
        };
        if r.col < sheet.columns[0]
            || r.col > sheet.columns[1]
            || r.row < sheet.rows[0]
            || r.row > sheet.rows[1]
        {
            return Err((
                format!(
                    "hex {id:?} is off the map: sheet {:?} has columns {}-{} and rows {}-{}",
                    sheet.id, sheet.columns[0], sheet.columns[1], sheet.rows[0], sheet.rows[1]
                ),
                None,
            ));
        }
        if self.absent.iter().any(|a| a == id) {
            return Err((
                format!("hex {id:?} is listed as absent from this map"),
                None,
            ));
        }
        Ok((r.col + sheet.offset[0], r.row + sheet.offset[1]))
    }

    fn shifted(&self, n: i32) -> bool {
        let odd = n.rem_euclid(2) == 1;
        odd == (self.shifted == Parity::Odd)
    }

    /// The position across side number `dir` (index into [`Grid::side_names`]) of `g`.
    pub(crate) fn neighbour(&self, g: Global, dir: usize) -> Global {
        let (c, r) = g;
        let north = match self.rows {
            RowDirection::Down => -1,
            RowDirection::Up => 1,
        };
        match self.orientation {
            Orientation::Flat => {
                // Rows of the adjacent columns that touch this hex.
                let (lo, hi) = if self.shifted(c) {
                    (r, r + 1)
                } else {
                    (r - 1, r)
                };
                let (nrow, srow) = if north < 0 { (lo, hi) } else { (hi, lo) };
                match dir {
                    0 => (c, r + north),
                    1 => (c + 1, nrow),
                    2 => (c + 1, srow),
                    3 => (c, r - north),
                    4 => (c - 1, srow),
                    _ => (c - 1, nrow),
                }
            }
            Orientation::Pointy => {
                let (w, e) = if self.shifted(r) {
                    (c, c + 1)
                } else {
                    (c - 1, c)
                };
                match dir {
                    0 => (e, r + north),
                    1 => (c + 1, r),
                    2 => (e, r - north),
                    3 => (w, r - north),
                    4 => (c - 1, r),
                    _ => (w, r + north),
                }
            }
        }
    }

    /// Whether two positions share a side.
    pub(crate) fn adjacent(&self, a: Global, b: Global) -> bool {
        (0..6).any(|d| self.neighbour(a, d) == b)
    }
}
