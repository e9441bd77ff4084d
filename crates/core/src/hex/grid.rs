//! Offset layouts: where each printed [`HexId`] lies, as an axial [`Hex`].
//!
//! Every map of the four systems is drawn with flat-topped hexes stacked in vertical columns
//! (pg and hov: column-first ids; Fontenoy: "the Sxx06 row" runs across columns; NBS 1.1a:
//! "vertical hex column"). A [`Grid`] places one or more map sheets on a single global
//! plane:
//!
//! * global column `X = col + col_offset` (columns always increase eastward);
//! * global row `Y`, increasing **southward**: `row + row_offset` when printed rows run down
//!   the map ([`RowOrder::Down`]: pg, hov, Fontenoy) or `row_offset - row` when they run up
//!   ([`RowOrder::Up`]: NBS 1.1a counts "bottom to top");
//! * [`Parity`] says which global columns sit half a hex further south (odd-q or even-q);
//! * axial `q = X`, `r = Y - floor(X / 2)` (odd-q) or `r = Y - ceil(X / 2)` (even-q).
//!
//! Because `Y` always grows southward, [`Direction`](super::Direction) 2 is north on every
//! grid (see [`Compass`](super::Compass)).
//!
//! The defaults ([`Grid::pg`], [`Grid::hov`], [`Grid::fontenoy`], [`Grid::melle`],
//! [`Grid::nbs`]) are inferences from the rulebooks' examples and are documented in
//! `docs/hex.md`; a map file can replace any parameter (the grid is serde-serialisable as a
//! [`GridSpec`]).

use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Serialize};

use super::coord::Hex;
use super::id::{HexId, IdError, Scheme};

/// Which global columns are shifted half a hex south of their neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// Odd columns sit half a hex south ("odd-q").
    Odd,
    /// Even columns sit half a hex south ("even-q").
    Even,
}

impl Parity {
    /// Whether column number `col` has this parity.
    pub const fn matches(self, col: i32) -> bool {
        (col.rem_euclid(2) == 1) == matches!(self, Parity::Odd)
    }
}

/// Which way printed row numbers run on a sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RowOrder {
    /// Row numbers increase southward (down the map): pg, hov, Fontenoy.
    Down,
    /// Row numbers increase northward (up the map): NBS (1.1a).
    Up,
}

/// The printed ids that exist on one sheet: a rectangle of columns and rows, where columns of
/// one parity may lack the last row (a half-hex map edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extent {
    /// The first printed column.
    pub first_col: u8,
    /// The last printed column.
    pub last_col: u8,
    /// The first printed row.
    pub first_row: u8,
    /// The last printed row (in columns not marked short).
    pub last_row: u8,
    /// Printed columns of this parity end one row before `last_row`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_cols: Option<Parity>,
}

impl Extent {
    /// The full two-digit range 00..=99 in both directions.
    pub const ALL: Extent = Extent::rect(0, 99, 0, 99);

    /// A plain rectangle of printed columns and rows.
    pub const fn rect(first_col: u8, last_col: u8, first_row: u8, last_row: u8) -> Extent {
        Extent {
            first_col,
            last_col,
            first_row,
            last_row,
            short_cols: None,
        }
    }

    /// Whether printed column `col`, row `row` lies inside.
    pub const fn contains(&self, col: u8, row: u8) -> bool {
        let last = match self.short_cols {
            Some(p) if p.matches(col as i32) => self.last_row.saturating_sub(1),
            _ => self.last_row,
        };
        col >= self.first_col && col <= self.last_col && row >= self.first_row && row <= last
    }

    fn is_valid(&self) -> bool {
        self.first_col <= self.last_col
            && self.last_col <= 99
            && self.first_row <= self.last_row
            && self.last_row <= 99
    }
}

/// One map sheet of a [`Grid`]: its letter, where it lies on the global plane, and which ids it
/// prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetLayout {
    /// The map letter (`None` for an unlettered map).
    pub sheet: Option<char>,
    /// Added to the printed column to give the global column.
    #[serde(default)]
    pub col_offset: i16,
    /// Global row of printed row 0: `Y = row_offset + row` (rows down) or
    /// `Y = row_offset - row` (rows up).
    #[serde(default)]
    pub row_offset: i16,
    /// The ids printed on this sheet; `None` = every two-digit column and row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extent: Option<Extent>,
}

impl SheetLayout {
    /// An unlettered sheet at the origin with no extent.
    pub const fn single() -> SheetLayout {
        SheetLayout {
            sheet: None,
            col_offset: 0,
            row_offset: 0,
            extent: None,
        }
    }

    fn extent_or_all(&self) -> Extent {
        match self.extent {
            Some(e) => e,
            None => Extent::ALL,
        }
    }
}

/// The most sheets one grid may join.
pub const MAX_SHEETS: usize = 4;

/// The serialisable description of a [`Grid`] (its serde shape).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridSpec {
    /// The id scheme of every sheet.
    pub scheme: Scheme,
    /// Which global columns are shifted south.
    pub parity: Parity,
    /// Which way printed rows run.
    pub rows: RowOrder,
    /// The sheets, 1 to [`MAX_SHEETS`]. When a hex lies on two sheets, the first listed wins;
    /// [`Grid::new`] refuses sheets that overlap.
    pub sheets: Vec<SheetLayout>,
}

/// A rectangle of axial coordinates, inclusive: `min.q..=max.q` by `min.r..=max.r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bounds {
    /// Smallest `q` and `r`.
    pub min: Hex,
    /// Largest `q` and `r`.
    pub max: Hex,
}

/// A dense numbering of the hexes inside a [`Bounds`], column by column: the index of the
/// per-hex tables a board keeps (terrain, hexsides, zones), so that a hex's facts are one array
/// read away. Every system's board numbers its cells this way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cells {
    bounds: Bounds,
    height: i32,
    count: usize,
}

impl Cells {
    /// The cells of `bounds` (none when it is empty).
    pub fn new(bounds: Bounds) -> Cells {
        let height = i32::from(bounds.max.r) - i32::from(bounds.min.r) + 1;
        let width = i32::from(bounds.max.q) - i32::from(bounds.min.q) + 1;
        Cells {
            bounds,
            height,
            count: (width.max(0) * height.max(0)) as usize,
        }
    }

    /// The box numbered.
    #[inline]
    pub const fn bounds(&self) -> Bounds {
        self.bounds
    }

    /// How many cells there are (the length of a per-hex table).
    #[inline]
    pub const fn count(&self) -> usize {
        self.count
    }

    /// The cell of `h`, or `None` outside the box.
    #[inline]
    pub fn index(&self, h: Hex) -> Option<usize> {
        let q = i32::from(h.q) - i32::from(self.bounds.min.q);
        let r = i32::from(h.r) - i32::from(self.bounds.min.r);
        if q < 0 || r < 0 || h.q > self.bounds.max.q || h.r > self.bounds.max.r {
            return None;
        }
        Some((q * self.height + r) as usize)
    }

    /// The hex of cell `i` (the inverse of [`Cells::index`] for `i < count`).
    #[inline]
    pub fn hex(&self, i: usize) -> Hex {
        let i = i as i32;
        let h = self.height.max(1);
        Hex::new(
            self.bounds.min.q + (i / h) as i16,
            self.bounds.min.r + (i % h) as i16,
        )
    }
}

impl Bounds {
    /// The box of every hex within `radius` of `center` (clamped to the `i16` range).
    pub fn around(center: Hex, radius: u16) -> Bounds {
        let lo = |v: i16| v.saturating_sub_unsigned(radius);
        let hi = |v: i16| v.saturating_add_unsigned(radius);
        Bounds {
            min: Hex::new(lo(center.q), lo(center.r)),
            max: Hex::new(hi(center.q), hi(center.r)),
        }
    }

    /// The part of this box inside `other`, or `None` if they do not overlap.
    pub fn intersect(&self, other: &Bounds) -> Option<Bounds> {
        let min = Hex::new(self.min.q.max(other.min.q), self.min.r.max(other.min.r));
        let max = Hex::new(self.max.q.min(other.max.q), self.max.r.min(other.max.r));
        (min.q <= max.q && min.r <= max.r).then_some(Bounds { min, max })
    }

    /// Whether `hex` lies inside.
    pub const fn contains(&self, hex: Hex) -> bool {
        hex.q >= self.min.q && hex.q <= self.max.q && hex.r >= self.min.r && hex.r <= self.max.r
    }

    /// Number of columns (`q` values); 0 when empty.
    pub const fn width(&self) -> u32 {
        if self.max.q < self.min.q {
            0
        } else {
            (self.max.q as i32 - self.min.q as i32) as u32 + 1
        }
    }

    /// Number of `r` values; 0 when empty.
    pub const fn height(&self) -> u32 {
        if self.max.r < self.min.r {
            0
        } else {
            (self.max.r as i32 - self.min.r as i32) as u32 + 1
        }
    }

    fn union(self, other: Bounds) -> Bounds {
        Bounds {
            min: Hex::new(self.min.q.min(other.min.q), self.min.r.min(other.min.r)),
            max: Hex::new(self.max.q.max(other.max.q), self.max.r.max(other.max.r)),
        }
    }
}

/// Why a grid could not be built, or an id could not be placed on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// The id text is not a valid id of the grid's scheme.
    Id(IdError),
    /// The id belongs to another scheme.
    WrongScheme {
        /// The grid's scheme.
        grid: Scheme,
        /// The id given.
        id: HexId,
    },
    /// No sheet of this grid has the id's map letter.
    UnknownSheet(HexId),
    /// The sheet exists but does not print this id (outside its extent).
    OffMap(HexId),
    /// A grid needs 1 to [`MAX_SHEETS`] sheets.
    SheetCount(usize),
    /// A sheet letter the scheme does not use (`None` = unlettered sheet).
    SheetNotAllowed(Option<char>),
    /// Two sheets with the same letter.
    DuplicateSheet(Option<char>),
    /// An extent with first > last or numbers above 99.
    BadExtent(Option<char>),
    /// Offsets that push the sheet's hexes outside the `i16` coordinate range.
    OffsetOutOfRange(Option<char>),
    /// Two sheets print ids for the same hex.
    Overlap(HexId, HexId),
}

fn sheet_name(s: Option<char>) -> alloc::string::String {
    match s {
        Some(c) => alloc::format!("map {c}"),
        None => alloc::string::String::from("the unlettered map"),
    }
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Id(e) => e.fmt(f),
            GridError::WrongScheme { grid, id } => {
                write!(f, "hex id {id} is a {} id, not {grid}", id.scheme())
            }
            GridError::UnknownSheet(id) => match id.sheet() {
                Some(s) => write!(f, "hex id {id}: this grid has no map {s}"),
                None => write!(f, "hex id {id}: this grid has no unlettered map"),
            },
            GridError::OffMap(id) => write!(f, "hex id {id} is not on its map"),
            GridError::SheetCount(n) => {
                write!(f, "a grid needs 1 to {MAX_SHEETS} map sheets, not {n}")
            }
            GridError::SheetNotAllowed(s) => {
                write!(f, "{} is not allowed by this id scheme", sheet_name(*s))
            }
            GridError::DuplicateSheet(s) => write!(f, "{} is listed twice", sheet_name(*s)),
            GridError::BadExtent(s) => write!(
                f,
                "{}: extent must have first <= last and numbers 0 to 99",
                sheet_name(*s)
            ),
            GridError::OffsetOutOfRange(s) => write!(
                f,
                "{}: offsets place hexes outside the coordinate range",
                sheet_name(*s)
            ),
            GridError::Overlap(a, b) => write!(f, "hex ids {a} and {b} name the same hex"),
        }
    }
}

impl core::error::Error for GridError {}

impl From<IdError> for GridError {
    fn from(e: IdError) -> Self {
        GridError::Id(e)
    }
}

/// A validated offset layout mapping printed ids to axial hexes and back. `Copy`; see the
/// module documentation for the formulas.
///
/// ```
/// use grognard::hex::{Grid, Hex};
/// let pg = Grid::pg();
/// let a = pg.parse("3207").unwrap();
/// assert_eq!(a.distance(pg.parse("3106").unwrap()), 1);
/// assert_eq!(pg.to_id(a).unwrap().to_string(), "3207");
/// ```
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(try_from = "GridSpec", into = "GridSpec")]
pub struct Grid {
    scheme: Scheme,
    parity: Parity,
    rows: RowOrder,
    len: u8,
    sheets: [SheetLayout; MAX_SHEETS],
}

const fn one_sheet(scheme: Scheme, parity: Parity, rows: RowOrder, sheet: SheetLayout) -> Grid {
    Grid {
        scheme,
        parity,
        rows,
        len: 1,
        sheets: [sheet; MAX_SHEETS],
    }
}

impl Grid {
    /// Prussia's Glory (any of the four battle maps): one unlettered sheet, odd columns shifted
    /// south (odd-q), rows down. **Inferred** from R 8.1 (3207 adjacent to both 3106 and 3107)
    /// and R 8.2.2 (3512–3614 along the 3513/3613 hexside); the extent differs per battle map
    /// and is left to the map data.
    pub const fn pg() -> Grid {
        one_sheet(
            Scheme::Pg,
            Parity::Odd,
            RowOrder::Down,
            SheetLayout::single(),
        )
    }

    /// The Habit of Victory: one unlettered sheet, columns 01–39, rows 01–54, even columns
    /// shifted south (even-q) and ending at row 53, rows down. **Inferred**: §183's south-edge
    /// hexes "ending in 4" (2354, 2554, 2754) are odd columns, which fits a straight map edge
    /// only if even columns sit lower (see `docs/hex.md`).
    pub const fn hov() -> Grid {
        one_sheet(
            Scheme::Hov,
            Parity::Even,
            RowOrder::Down,
            SheetLayout {
                sheet: None,
                col_offset: 0,
                row_offset: 0,
                extent: Some(Extent {
                    first_col: 1,
                    last_col: 39,
                    first_row: 1,
                    last_row: 54,
                    short_cols: Some(Parity::Even),
                }),
            },
        )
    }

    /// Fontenoy's North and South maps joined: N row 33 directly north of S row 01, shared
    /// column numbers, odd-q, rows down. **Inferred** from set-ups that run single brigade
    /// lines across the seam (10.3/10.4: Noailles S3401–N3533–N3532–N3632, Irish S4202–S4301–
    /// N4333–N4433, Vaisseaux S4002–S4001–N4033), which are contiguous only with this join and
    /// odd-q. N prints rows 01–33; S prints rows from 01.
    pub const fn fontenoy() -> Grid {
        let n = SheetLayout {
            sheet: Some('N'),
            col_offset: 0,
            row_offset: 0,
            extent: Some(Extent::rect(0, 99, 1, 33)),
        };
        let s = SheetLayout {
            sheet: Some('S'),
            col_offset: 0,
            row_offset: 33,
            extent: Some(Extent::rect(0, 99, 1, 99)),
        };
        Grid {
            scheme: Scheme::Fontenoy,
            parity: Parity::Odd,
            rows: RowOrder::Down,
            len: 2,
            sheets: [n, s, n, n],
        }
    }

    /// Fontenoy's Melle map (unlettered ids): odd-q, rows down. **Provisional**: the text gives
    /// no Melle hex at all; the parity is copied from the Fontenoy maps.
    pub const fn melle() -> Grid {
        one_sheet(
            Scheme::Fontenoy,
            Parity::Odd,
            RowOrder::Down,
            SheetLayout::single(),
        )
    }

    /// Austerlitz (NBS): map A north of map B, rows counted bottom to top (1.1a). B prints rows
    /// 01–35 (its north edge is row 35, AUS 7.1); A's row 01 is placed directly north of B's
    /// row 35 with shared column numbers, odd-q. **Provisional**: the join and the parity are
    /// missing from the text (digest §1.4); a map file should supply them.
    pub const fn nbs() -> Grid {
        let b = SheetLayout {
            sheet: Some('B'),
            col_offset: 0,
            row_offset: 0,
            extent: Some(Extent::rect(0, 99, 1, 35)),
        };
        let a = SheetLayout {
            sheet: Some('A'),
            col_offset: 0,
            row_offset: -35,
            extent: Some(Extent::rect(0, 99, 1, 99)),
        };
        Grid {
            scheme: Scheme::Nbs,
            parity: Parity::Odd,
            rows: RowOrder::Up,
            len: 2,
            sheets: [a, b, a, a],
        }
    }

    /// The default grid of a scheme (Fontenoy: the N/S maps).
    pub const fn default_for(scheme: Scheme) -> Grid {
        match scheme {
            Scheme::Pg => Grid::pg(),
            Scheme::Hov => Grid::hov(),
            Scheme::Fontenoy => Grid::fontenoy(),
            Scheme::Nbs => Grid::nbs(),
        }
    }

    /// Builds and validates a grid: sheet count, letters allowed by the scheme and unique,
    /// extents ordered, coordinates in range, and no two sheets printing the same hex.
    pub fn new(spec: &GridSpec) -> Result<Grid, GridError> {
        let n = spec.sheets.len();
        let Some(&first) = spec.sheets.first() else {
            return Err(GridError::SheetCount(0));
        };
        if n > MAX_SHEETS {
            return Err(GridError::SheetCount(n));
        }
        let mut sheets = [first; MAX_SHEETS];
        for (i, s) in spec.sheets.iter().enumerate() {
            if let Some(c) = s.sheet {
                if !spec.scheme.allows_sheet(c) {
                    return Err(GridError::SheetNotAllowed(s.sheet));
                }
            }
            if spec.sheets[..i].iter().any(|t| t.sheet == s.sheet) {
                return Err(GridError::DuplicateSheet(s.sheet));
            }
            if s.extent.is_some_and(|e| !e.is_valid()) {
                return Err(GridError::BadExtent(s.sheet));
            }
            let ok = |v: i32| i16::try_from(v).is_ok();
            let (c0, c1) = (i32::from(s.col_offset), i32::from(s.col_offset) + 99);
            let (r0, r1) = (i32::from(s.row_offset) - 99, i32::from(s.row_offset) + 99);
            // Axial r = Y - X/2 must fit as well.
            if !(ok(c0) && ok(c1) && ok(r0 - c1 / 2 - 1) && ok(r1 - c0 / 2 + 1)) {
                return Err(GridError::OffsetOutOfRange(s.sheet));
            }
            sheets[i] = *s;
        }
        let grid = Grid {
            scheme: spec.scheme,
            parity: spec.parity,
            rows: spec.rows,
            len: n as u8,
            sheets,
        };
        grid.check_overlap()?;
        Ok(grid)
    }

    fn check_overlap(&self) -> Result<(), GridError> {
        let sheets = self.sheets();
        for (i, s) in sheets.iter().enumerate() {
            let e = s.extent_or_all();
            for col in e.first_col..=e.last_col {
                for row in e.first_row..=e.last_row {
                    if !e.contains(col, row) {
                        continue;
                    }
                    let (x, y) = self.global(s, col, row);
                    for t in &sheets[i + 1..] {
                        if let Some((c2, r2)) = self.local(t, x, y) {
                            return Err(GridError::Overlap(
                                self.make_id(s, col, row),
                                self.make_id(t, c2, r2),
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The description this grid was built from.
    pub fn spec(&self) -> GridSpec {
        GridSpec {
            scheme: self.scheme,
            parity: self.parity,
            rows: self.rows,
            sheets: self.sheets().to_vec(),
        }
    }

    /// The id scheme.
    pub const fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// Which global columns sit half a hex south.
    pub const fn parity(&self) -> Parity {
        self.parity
    }

    /// Which way printed rows run.
    pub const fn rows(&self) -> RowOrder {
        self.rows
    }

    /// The sheets, in priority order.
    pub fn sheets(&self) -> &[SheetLayout] {
        &self.sheets[..usize::from(self.len).min(MAX_SHEETS)]
    }

    fn sheet_of(&self, letter: Option<char>) -> Option<&SheetLayout> {
        self.sheets().iter().find(|s| s.sheet == letter)
    }

    /// Global (X, Y) of a printed column and row on sheet `s`.
    fn global(&self, s: &SheetLayout, col: u8, row: u8) -> (i32, i32) {
        let x = i32::from(s.col_offset) + i32::from(col);
        let y = match self.rows {
            RowOrder::Down => i32::from(s.row_offset) + i32::from(row),
            RowOrder::Up => i32::from(s.row_offset) - i32::from(row),
        };
        (x, y)
    }

    /// The printed column and row of global (X, Y) on sheet `s`, if that sheet prints it.
    fn local(&self, s: &SheetLayout, x: i32, y: i32) -> Option<(u8, u8)> {
        let col = x - i32::from(s.col_offset);
        let row = match self.rows {
            RowOrder::Down => y - i32::from(s.row_offset),
            RowOrder::Up => i32::from(s.row_offset) - y,
        };
        let col = u8::try_from(col).ok()?;
        let row = u8::try_from(row).ok()?;
        s.extent_or_all().contains(col, row).then_some((col, row))
    }

    fn make_id(&self, s: &SheetLayout, col: u8, row: u8) -> HexId {
        // Sheet letters and extents were validated when the grid was built.
        HexId::from_checked_parts(self.scheme, s.sheet, col, row)
    }

    /// Global offset coordinates (X, Y) to axial.
    fn axial(&self, x: i32, y: i32) -> Option<Hex> {
        let half = match self.parity {
            Parity::Odd => x.div_euclid(2),
            Parity::Even => (x + 1).div_euclid(2),
        };
        let q = i16::try_from(x).ok()?;
        let r = i16::try_from(y - half).ok()?;
        Some(Hex::new(q, r))
    }

    /// Axial to global offset coordinates (X, Y).
    fn offset(&self, hex: Hex) -> (i32, i32) {
        let x = i32::from(hex.q);
        let half = match self.parity {
            Parity::Odd => x.div_euclid(2),
            Parity::Even => (x + 1).div_euclid(2),
        };
        (x, i32::from(hex.r) + half)
    }

    /// The axial hex of a printed id.
    pub fn to_hex(&self, id: HexId) -> Result<Hex, GridError> {
        if id.scheme() != self.scheme {
            return Err(GridError::WrongScheme {
                grid: self.scheme,
                id,
            });
        }
        let s = self
            .sheet_of(id.sheet())
            .ok_or(GridError::UnknownSheet(id))?;
        if !s.extent_or_all().contains(id.col(), id.row()) {
            return Err(GridError::OffMap(id));
        }
        let (x, y) = self.global(s, id.col(), id.row());
        self.axial(x, y).ok_or(GridError::OffMap(id))
    }

    /// The printed id of `hex`, or `None` when no sheet prints it.
    pub fn to_id(&self, hex: Hex) -> Option<HexId> {
        let (x, y) = self.offset(hex);
        self.sheets().iter().find_map(|s| {
            self.local(s, x, y)
                .map(|(col, row)| self.make_id(s, col, row))
        })
    }

    /// Parses printed text and places it: [`Scheme::parse`] then [`Grid::to_hex`].
    pub fn parse(&self, text: &str) -> Result<Hex, GridError> {
        self.to_hex(self.scheme.parse(text)?)
    }

    /// Whether some sheet prints `hex`.
    pub fn contains(&self, hex: Hex) -> bool {
        self.to_id(hex).is_some()
    }

    /// The axial box holding every hex of every sheet (sheets without an extent count as
    /// columns and rows 00–99).
    pub fn bounds(&self) -> Bounds {
        let mut out: Option<Bounds> = None;
        for s in self.sheets() {
            let e = s.extent_or_all();
            // Extreme axial r lies in the first two or last two columns (parity).
            let cols = [
                e.first_col,
                e.first_col.saturating_add(1).min(e.last_col),
                e.last_col.saturating_sub(1).max(e.first_col),
                e.last_col,
            ];
            for c in cols {
                for row in [e.first_row, e.last_row] {
                    let (x, y) = self.global(s, c, row);
                    if let Some(h) = self.axial(x, y) {
                        let b = Bounds { min: h, max: h };
                        out = Some(out.map_or(b, |o| o.union(b)));
                    }
                }
            }
        }
        out.unwrap_or(Bounds {
            min: Hex::new(0, 0),
            max: Hex::new(-1, -1),
        })
    }

    /// Every hex printed on the grid, sheet by sheet, column by column, row by row.
    pub fn hexes(&self) -> Vec<Hex> {
        let mut out = Vec::new();
        for s in self.sheets() {
            let e = s.extent_or_all();
            for col in e.first_col..=e.last_col {
                for row in e.first_row..=e.last_row {
                    if e.contains(col, row) {
                        let (x, y) = self.global(s, col, row);
                        out.extend(self.axial(x, y));
                    }
                }
            }
        }
        out
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.scheme == other.scheme
            && self.parity == other.parity
            && self.rows == other.rows
            && self.sheets() == other.sheets()
    }
}

impl Eq for Grid {}

impl TryFrom<GridSpec> for Grid {
    type Error = GridError;
    fn try_from(spec: GridSpec) -> Result<Self, GridError> {
        Grid::new(&spec)
    }
}

impl From<Grid> for GridSpec {
    fn from(g: Grid) -> Self {
        g.spec()
    }
}
