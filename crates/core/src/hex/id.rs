//! The hex ids printed on each system's maps: parsing, printing and validation.
//!
//! | scheme | printed form | example | sheets |
//! |---|---|---|---|
//! | [`Scheme::Pg`] | `XXYY` (pg 1.0, digest §1.5) | `1809` | none |
//! | [`Scheme::Hov`] | `CCRR` (hov ¶10) | `2406` | none |
//! | [`Scheme::Fontenoy`] | `[N\|S]CCRR` (Fontenoy 1.4, 10.0c) | `N3718`, `S2222`, `2222` | `N`, `S`; none = the Melle map |
//! | [`Scheme::Nbs`] | `[letter]xx.yy` (NBS 1.1a) | `A28.29`, `B19.28`, `29.17` | any capital letter |
//!
//! A [`HexId`] is only a printed name. Where it lies is the business of a
//! [`Grid`](super::Grid), which turns ids into axial [`Hex`](super::Hex) coordinates.
//! Printing an id ([`core::fmt::Display`]) gives back exactly the text that
//! [`Scheme::parse`] accepts, so `parse(id.to_string()) == id` for every id.

use alloc::format;
use alloc::string::String;
use core::fmt;

use serde::{Deserialize, Serialize};

/// A hex-numbering scheme: one per rule system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scheme {
    /// Prussia's Glory: four digits `XXYY`, column then row.
    Pg,
    /// The Habit of Victory: four digits `CCRR`, column then row.
    Hov,
    /// Fontenoy: an optional map letter `N` or `S`, then `CCRR`; no letter = the Melle map.
    Fontenoy,
    /// Napoleonic Brigade Series: an optional map letter, then `xx.yy` (two digits each).
    Nbs,
}

impl Scheme {
    /// The four schemes, in declaration order.
    pub const ALL: [Scheme; 4] = [Scheme::Pg, Scheme::Hov, Scheme::Fontenoy, Scheme::Nbs];

    /// The system id (`"pg"`, `"hov"`, `"fontenoy"`, `"nbs"`).
    pub const fn name(self) -> &'static str {
        match self {
            Scheme::Pg => "pg",
            Scheme::Hov => "hov",
            Scheme::Fontenoy => "fontenoy",
            Scheme::Nbs => "nbs",
        }
    }

    /// A short description of the accepted form, used in error messages.
    pub const fn pattern(self) -> &'static str {
        match self {
            Scheme::Pg => "4 digits XXYY",
            Scheme::Hov => "4 digits CCRR",
            Scheme::Fontenoy => "an optional map letter N or S, then 4 digits CCRR",
            Scheme::Nbs => "an optional capital map letter, then xx.yy (two digits each)",
        }
    }

    /// Whether `letter` may prefix an id of this scheme.
    pub const fn allows_sheet(self, letter: char) -> bool {
        match self {
            Scheme::Pg | Scheme::Hov => false,
            Scheme::Fontenoy => matches!(letter, 'N' | 'S'),
            Scheme::Nbs => letter.is_ascii_uppercase(),
        }
    }

    /// Parses a printed hex id. The text must be exactly the printed form: no spaces, capital
    /// map letters, two-digit groups.
    ///
    /// ```
    /// use grognard::hex::Scheme;
    /// let id = Scheme::Nbs.parse("A28.29").unwrap();
    /// assert_eq!((id.sheet(), id.col(), id.row()), (Some('A'), 28, 29));
    /// assert_eq!(id.to_string(), "A28.29");
    /// let err = Scheme::Pg.parse("12a4").unwrap_err();
    /// assert_eq!(err.to_string(), "hex id \"12a4\": expected 4 digits XXYY");
    /// ```
    pub fn parse(self, text: &str) -> Result<HexId, IdError> {
        let fail = |problem| {
            Err(IdError {
                scheme: self,
                input: String::from(text),
                problem,
            })
        };
        if text.is_empty() {
            return fail(IdProblem::Empty);
        }
        if !text.is_ascii() {
            return fail(IdProblem::NotAscii);
        }
        let bytes = text.as_bytes();
        let (sheet, digits) = match bytes.first() {
            Some(&b) if b.is_ascii_alphabetic() => {
                let letter = char::from(b);
                if !self.allows_sheet(letter) {
                    return fail(IdProblem::UnknownSheet(letter));
                }
                (b, &bytes[1..])
            }
            _ => (NO_SHEET, bytes),
        };
        let parsed = match self {
            Scheme::Nbs => match digits {
                [a, b, b'.', c, d] => two_digits(*a, *b).zip(two_digits(*c, *d)),
                _ => None,
            },
            _ => match digits {
                [a, b, c, d] => two_digits(*a, *b).zip(two_digits(*c, *d)),
                _ => None,
            },
        };
        match parsed {
            Some((col, row)) => Ok(HexId {
                scheme: self,
                sheet,
                col,
                row,
            }),
            None => fail(IdProblem::Malformed),
        }
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

const NO_SHEET: u8 = 0;

fn two_digits(a: u8, b: u8) -> Option<u8> {
    if a.is_ascii_digit() && b.is_ascii_digit() {
        Some((a - b'0') * 10 + (b - b'0'))
    } else {
        None
    }
}

/// A printed hex id: scheme, optional map letter, two-digit column and row.
///
/// Four bytes, `Copy`. Always valid for its scheme (column and row 0..=99, map letter allowed
/// by the scheme): the only ways to make one are [`Scheme::parse`], [`HexId::new`] and
/// deserialisation, which all check. Ordered by scheme, sheet (none first), column, row.
///
/// Serialised as `{"scheme": "nbs", "sheet": "A", "col": 28, "row": 29}`; the printed text is
/// its [`Display`](core::fmt::Display) form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "RawHexId", into = "RawHexId")]
pub struct HexId {
    scheme: Scheme,
    /// ASCII letter, or `NO_SHEET`.
    sheet: u8,
    col: u8,
    row: u8,
}

impl HexId {
    /// The id of column `col`, row `row` on map `sheet`, checked against `scheme`.
    pub fn new(scheme: Scheme, sheet: Option<char>, col: u8, row: u8) -> Result<HexId, IdError> {
        let fail = |problem| {
            Err(IdError {
                scheme,
                input: match sheet {
                    Some(s) => format!("map {s:?}, column {col}, row {row}"),
                    None => format!("column {col}, row {row}"),
                },
                problem,
            })
        };
        let sheet = match sheet {
            None => NO_SHEET,
            Some(letter) if scheme.allows_sheet(letter) => letter as u8,
            Some(letter) => return fail(IdProblem::UnknownSheet(letter)),
        };
        if col > 99 || row > 99 {
            return fail(IdProblem::OutOfRange);
        }
        Ok(HexId {
            scheme,
            sheet,
            col,
            row,
        })
    }

    /// Builds an id from parts already known to be valid (a validated grid's sheet letters and
    /// extents); an unknown letter is dropped and numbers are clamped to 99.
    pub(super) fn from_checked_parts(
        scheme: Scheme,
        sheet: Option<char>,
        col: u8,
        row: u8,
    ) -> HexId {
        let sheet = match sheet {
            Some(c) if scheme.allows_sheet(c) => c as u8,
            _ => NO_SHEET,
        };
        HexId {
            scheme,
            sheet,
            col: col.min(99),
            row: row.min(99),
        }
    }

    /// The numbering scheme.
    pub const fn scheme(self) -> Scheme {
        self.scheme
    }

    /// The map letter, if any.
    pub const fn sheet(self) -> Option<char> {
        if self.sheet == NO_SHEET {
            None
        } else {
            Some(self.sheet as char)
        }
    }

    /// The printed column number (0..=99).
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The printed row number (0..=99).
    pub const fn row(self) -> u8 {
        self.row
    }
}

impl fmt::Display for HexId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = self.sheet() {
            write!(f, "{s}")?;
        }
        match self.scheme {
            Scheme::Nbs => write!(f, "{:02}.{:02}", self.col, self.row),
            _ => write!(f, "{:02}{:02}", self.col, self.row),
        }
    }
}

impl fmt::Debug for HexId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HexId({} {})", self.scheme, self)
    }
}

/// The serialised shape of a [`HexId`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexId {
    scheme: Scheme,
    #[serde(default)]
    sheet: Option<char>,
    col: u8,
    row: u8,
}

impl From<HexId> for RawHexId {
    fn from(id: HexId) -> Self {
        RawHexId {
            scheme: id.scheme,
            sheet: id.sheet(),
            col: id.col,
            row: id.row,
        }
    }
}

impl TryFrom<RawHexId> for HexId {
    type Error = IdError;
    fn try_from(raw: RawHexId) -> Result<Self, IdError> {
        HexId::new(raw.scheme, raw.sheet, raw.col, raw.row)
    }
}

/// What is wrong with a hex id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdProblem {
    /// The text is empty.
    Empty,
    /// The text contains a character outside ASCII.
    NotAscii,
    /// The map letter is not one this scheme uses.
    UnknownSheet(char),
    /// The text does not have the scheme's shape (digits, length, separator).
    Malformed,
    /// Column or row above 99 (from [`HexId::new`] or deserialisation).
    OutOfRange,
}

/// A hex id that could not be read or built: which scheme, the offending text, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdError {
    /// The scheme the id was checked against.
    pub scheme: Scheme,
    /// The text as given (or a description of the parts given to [`HexId::new`]).
    pub input: String,
    /// What is wrong.
    pub problem: IdProblem,
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pattern = self.scheme.pattern();
        write!(f, "hex id {:?}: ", self.input)?;
        match self.problem {
            IdProblem::Empty => write!(f, "empty; expected {pattern}"),
            IdProblem::NotAscii => write!(f, "contains a non-ASCII character; expected {pattern}"),
            IdProblem::UnknownSheet(c) => match self.scheme {
                Scheme::Pg | Scheme::Hov => write!(
                    f,
                    "unknown map letter {c:?} ({} hex ids have no map letter); expected {pattern}",
                    self.scheme
                ),
                Scheme::Fontenoy => write!(
                    f,
                    "unknown map letter {c:?} (fontenoy maps are N and S; no letter = Melle)"
                ),
                Scheme::Nbs => write!(f, "unknown map letter {c:?} (expected a capital A-Z)"),
            },
            IdProblem::Malformed => write!(f, "expected {pattern}"),
            IdProblem::OutOfRange => write!(f, "column and row must be 0 to 99"),
        }
    }
}

impl core::error::Error for IdError {}
