//! Typed values: the cells of charts, the attributes of terrain and counters.
//!
//! Every value has a declared [`ValueType`]; a value may instead be the marker `"missing"` (the
//! physical component's value is unknown). No floats: fractions are exact [`Ratio`]s.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value as Json;

use super::error::{DataError, path};
use super::provenance::{self, Provenance};

/// The marker written in place of an unknown value.
pub const MISSING: &str = "missing";

/// The type of a chart column or of a terrain/counter attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueType {
    /// A JSON integer.
    Int,
    /// An exact fraction: an integer or a string `"a/b"` (`"1/2"`, `"-3/4"`, `"+1"`).
    Ratio,
    /// `true` or `false`.
    Bool,
    /// Any string.
    String,
    /// A die range: `"11-16"`, `"5+"` (5 or more), `"1-"` (1 or less), `"3"` or an integer.
    DieRange,
    /// A result code string; when the definition lists `codes`, one of them.
    Result,
    /// A movement cost: a ratio (`2`, `"1/2"`, `"+1"`) or one of the words `"P"`
    /// (prohibited), `"NA"` (not allowed), `"all"` (all movement points), `"other"` (the cost
    /// of the other terrain in the hex).
    Cost,
    /// A list of integers (`[3, 2, 1]`).
    Ints,
}

impl ValueType {
    /// The name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            ValueType::Int => "int",
            ValueType::Ratio => "ratio",
            ValueType::Bool => "bool",
            ValueType::String => "string",
            ValueType::DieRange => "die_range",
            ValueType::Result => "result",
            ValueType::Cost => "cost",
            ValueType::Ints => "ints",
        }
    }
}

/// An exact fraction `num/den`, always reduced, `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    /// Numerator.
    pub num: i64,
    /// Denominator, positive.
    pub den: i64,
}

impl Ratio {
    /// The integer `n`.
    pub const fn int(n: i64) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// `num/den` reduced, or `None` when `den == 0` or on overflow.
    pub fn new(num: i64, den: i64) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1);
        let g = i64::try_from(g).ok()?;
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = n.checked_neg()?;
            d = d.checked_neg()?;
        }
        Some(Ratio { num: n, den: d })
    }

    /// The integer value when the denominator is 1.
    pub fn as_int(self) -> Option<i64> {
        (self.den == 1).then_some(self.num)
    }

    /// Parses `"a/b"`, `"a"`, with an optional leading `+` or `-`.
    pub fn parse(s: &str) -> Option<Ratio> {
        let s = s.trim();
        let s = s.strip_prefix('+').unwrap_or(s);
        match s.split_once('/') {
            Some((a, b)) => Ratio::new(parse_int(a)?, parse_int(b)?),
            None => Some(Ratio::int(parse_int(s)?)),
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

fn parse_int(s: &str) -> Option<i64> {
    let s = s.trim();
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: i64 = 0;
    for b in digits.bytes() {
        v = v.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    if neg { v.checked_neg() } else { Some(v) }
}

/// An inclusive range of (possibly modified) die results; an open end is unbounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DieRange {
    /// Lowest result in the range, `None` = no lower bound (`"1-"` = 1 or less).
    pub lo: Option<i64>,
    /// Highest result in the range, `None` = no upper bound (`"5+"` = 5 or more).
    pub hi: Option<i64>,
}

impl DieRange {
    /// Whether `roll` falls in the range.
    pub fn contains(self, roll: i64) -> bool {
        self.lo.is_none_or(|lo| roll >= lo) && self.hi.is_none_or(|hi| roll <= hi)
    }

    /// Whether two ranges share a result.
    pub fn overlaps(self, other: DieRange) -> bool {
        let lo = match (self.lo, other.lo) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        let hi = match (self.hi, other.hi) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        match (lo, hi) {
            (Some(l), Some(h)) => l <= h,
            _ => true,
        }
    }

    /// Parses `"a-b"`, `"a+"`, `"a-"`, `"a"` (a and b may be negative: `"-2--1"`).
    pub fn parse(s: &str) -> Option<DieRange> {
        let s = s.trim();
        if let Some(a) = s.strip_suffix('+') {
            return Some(DieRange {
                lo: Some(parse_int(a)?),
                hi: None,
            });
        }
        if let Some(a) = s.strip_suffix('-') {
            if !a.is_empty() && !a.ends_with('-') {
                return Some(DieRange {
                    lo: None,
                    hi: Some(parse_int(a)?),
                });
            }
        }
        if let Some(v) = parse_int(s) {
            return Some(DieRange {
                lo: Some(v),
                hi: Some(v),
            });
        }
        // Split at the first '-' that is not a leading sign.
        let bytes = s.as_bytes();
        let cut = (1..bytes.len()).find(|&i| bytes[i] == b'-')?;
        let lo = parse_int(&s[..cut])?;
        let hi = parse_int(&s[cut + 1..])?;
        (lo <= hi).then_some(DieRange {
            lo: Some(lo),
            hi: Some(hi),
        })
    }
}

impl fmt::Display for DieRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lo, self.hi) {
            (Some(a), Some(b)) if a == b => write!(f, "{a}"),
            (Some(a), Some(b)) => write!(f, "{a}-{b}"),
            (Some(a), None) => write!(f, "{a}+"),
            (None, Some(b)) => write!(f, "{b}-"),
            (None, None) => f.write_str("any"),
        }
    }
}

/// A movement cost as printed on a terrain chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cost {
    /// This many movement points (for a hexside: added to the hex's cost).
    Mp(Ratio),
    /// `"P"`: may not enter or cross.
    Prohibited,
    /// `"NA"`: the rate does not apply to this unit (e.g. road rates for a line).
    NotAllowed,
    /// `"all"`: costs the unit's whole movement allowance.
    All,
    /// `"other"`: the cost of the other terrain in the hex.
    Other,
}

impl Cost {
    /// Parses the JSON text form (see [`ValueType::Cost`]).
    pub fn parse(s: &str) -> Option<Cost> {
        match s.trim() {
            "P" => Some(Cost::Prohibited),
            "NA" => Some(Cost::NotAllowed),
            "all" => Some(Cost::All),
            "other" => Some(Cost::Other),
            t => Ratio::parse(t).map(Cost::Mp),
        }
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cost::Mp(r) => write!(f, "{r}"),
            Cost::Prohibited => f.write_str("P"),
            Cost::NotAllowed => f.write_str("NA"),
            Cost::All => f.write_str("all"),
            Cost::Other => f.write_str("other"),
        }
    }
}

/// A typed, known value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// [`ValueType::Int`].
    Int(i64),
    /// [`ValueType::Ratio`].
    Ratio(Ratio),
    /// [`ValueType::Bool`].
    Bool(bool),
    /// [`ValueType::String`].
    Text(String),
    /// [`ValueType::DieRange`].
    DieRange(DieRange),
    /// [`ValueType::Result`].
    Result(String),
    /// [`ValueType::Cost`].
    Cost(Cost),
    /// [`ValueType::Ints`].
    Ints(Vec<i64>),
}

impl Value {
    /// The integer, for `Int` values and integral `Ratio`/`Cost::Mp` values.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(v) => Some(*v),
            Value::Ratio(r) | Value::Cost(Cost::Mp(r)) => r.as_int(),
            _ => None,
        }
    }

    /// The text of `Text` and `Result` values.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Text(s) | Value::Result(s) => Some(s),
            _ => None,
        }
    }

    /// The JSON form (the canonical spelling of what was read).
    pub fn to_json(&self) -> Json {
        match self {
            Value::Int(v) => Json::from(*v),
            Value::Ratio(r) => match r.as_int() {
                Some(v) => Json::from(v),
                None => Json::String(r.to_string()),
            },
            Value::Bool(b) => Json::Bool(*b),
            Value::Text(s) | Value::Result(s) => Json::String(s.clone()),
            Value::DieRange(d) => Json::String(d.to_string()),
            Value::Cost(Cost::Mp(r)) => match r.as_int() {
                Some(v) => Json::from(v),
                None => Json::String(r.to_string()),
            },
            Value::Cost(c) => Json::String(c.to_string()),
            Value::Ints(v) => Json::Array(v.iter().map(|x| Json::from(*x)).collect()),
        }
    }

    /// Parses `raw` as a value of type `ty` (with the allowed result `codes`, if any).
    pub fn from_json(ty: ValueType, codes: Option<&[String]>, raw: &Json) -> Result<Value, String> {
        let want = |what: &str| format!("expected {what} (column/attribute type `{}`)", ty.name());
        match ty {
            ValueType::Int => json_int(raw).map(Value::Int).ok_or_else(|| want("an integer")),
            ValueType::Ratio => match raw {
                Json::String(s) => Ratio::parse(s)
                    .map(Value::Ratio)
                    .ok_or_else(|| want("an integer or a fraction \"a/b\"")),
                _ => json_int(raw)
                    .map(|v| Value::Ratio(Ratio::int(v)))
                    .ok_or_else(|| want("an integer or a fraction \"a/b\"")),
            },
            ValueType::Bool => raw.as_bool().map(Value::Bool).ok_or_else(|| want("true or false")),
            ValueType::String => match raw {
                Json::String(s) => Ok(Value::Text(s.clone())),
                _ => Err(want("a string")),
            },
            ValueType::DieRange => match raw {
                Json::String(s) => DieRange::parse(s)
                    .map(Value::DieRange)
                    .ok_or_else(|| want("a die range such as \"11-16\", \"5+\", \"1-\" or \"3\"")),
                _ => json_int(raw)
                    .map(|v| Value::DieRange(DieRange { lo: Some(v), hi: Some(v) }))
                    .ok_or_else(|| want("a die range such as \"11-16\", \"5+\", \"1-\" or \"3\"")),
            },
            ValueType::Result => match raw {
                Json::String(s) if s.trim().is_empty() => Err(want("a non-empty result code")),
                Json::String(s) => match codes {
                    Some(codes) if !codes.iter().any(|c| c == s) => Err(format!(
                        "result code {s:?} is not one of the declared codes {codes:?}"
                    )),
                    _ => Ok(Value::Result(s.clone())),
                },
                _ => Err(want("a result code string")),
            },
            ValueType::Cost => match raw {
                Json::String(s) => Cost::parse(s).map(Value::Cost).ok_or_else(|| {
                    want("a cost: an integer, \"a/b\", \"+n\", \"P\", \"NA\", \"all\" or \"other\"")
                }),
                _ => json_int(raw)
                    .map(|v| Value::Cost(Cost::Mp(Ratio::int(v))))
                    .ok_or_else(|| want("a cost: an integer, \"a/b\", \"+n\", \"P\", \"NA\", \"all\" or \"other\"")),
            },
            ValueType::Ints => match raw {
                Json::Array(items) => items
                    .iter()
                    .map(json_int)
                    .collect::<Option<Vec<_>>>()
                    .map(Value::Ints)
                    .ok_or_else(|| want("a list of integers")),
                _ => Err(want("a list of integers")),
            },
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Ratio(r) => write!(f, "{r}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(s) | Value::Result(s) => f.write_str(s),
            Value::DieRange(d) => write!(f, "{d}"),
            Value::Cost(c) => write!(f, "{c}"),
            Value::Ints(v) => {
                f.write_str("[")?;
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("]")
            }
        }
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

fn json_int(raw: &Json) -> Option<i64> {
    match raw {
        Json::Number(n) => n.as_i64(),
        _ => None,
    }
}

/// One value slot: a known [`Value`] or `missing`, with an optional provenance of its own.
///
/// JSON: the value itself, the string `"missing"`, or
/// `{"value": <value or "missing">, "provenance": {..}, "note": ".."}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The value; `None` when the physical component's value is unknown (`"missing"`).
    pub value: Option<Value>,
    /// Overrides the provenance of the enclosing block for this value.
    pub provenance: Option<Provenance>,
    /// Free remark.
    pub note: Option<String>,
}

impl Cell {
    /// A known value with no provenance of its own.
    pub fn known(v: Value) -> Cell {
        Cell {
            value: Some(v),
            provenance: None,
            note: None,
        }
    }

    /// True when the value is the `missing` marker.
    pub fn is_missing(&self) -> bool {
        self.value.is_none()
    }

    /// Parses a cell of type `ty` from JSON at path `at`.
    pub(crate) fn from_json(
        ty: ValueType,
        codes: Option<&[String]>,
        raw: &Json,
        at: &str,
    ) -> Result<Cell, DataError> {
        if let Json::Object(obj) = raw {
            let mut cell = Cell {
                value: None,
                provenance: None,
                note: None,
            };
            let mut has_value = false;
            for (k, v) in obj {
                let here = path::key(at, k);
                match k.as_str() {
                    "value" => {
                        has_value = true;
                        cell.value = parse_plain(ty, codes, v, &here)?;
                    }
                    "provenance" => {
                        let p: Provenance =
                            serde_path_to_error::deserialize(v.clone()).map_err(|e| {
                                DataError::at(
                                    join_inner(&here, &e.path().to_string()),
                                    e.inner().to_string(),
                                )
                            })?;
                        p.check(&here)?;
                        cell.provenance = Some(p);
                    }
                    "note" => match v {
                        Json::String(s) => cell.note = Some(s.clone()),
                        _ => return Err(DataError::at(here, "a note must be a string")),
                    },
                    other => {
                        return Err(DataError::at(
                            here,
                            format!(
                                "unknown field `{other}`, expected `value`, `provenance` or `note`"
                            ),
                        ));
                    }
                }
            }
            if !has_value {
                return Err(DataError::at(
                    at,
                    "a value object needs a `value` field (use \"missing\" if the value is unknown)",
                ));
            }
            provenance::check_opt(&cell.provenance, at)?;
            return Ok(cell);
        }
        Ok(Cell {
            value: parse_plain(ty, codes, raw, at)?,
            provenance: None,
            note: None,
        })
    }

    /// The JSON form.
    pub fn to_json(&self) -> Json {
        let v = match &self.value {
            Some(v) => v.to_json(),
            None => Json::String(MISSING.to_string()),
        };
        if self.provenance.is_none() && self.note.is_none() {
            return v;
        }
        let mut obj = serde_json::Map::new();
        obj.insert("value".to_string(), v);
        if let Some(p) = &self.provenance {
            if let Ok(pj) = serde_json::to_value(p) {
                obj.insert("provenance".to_string(), pj);
            }
        }
        if let Some(n) = &self.note {
            obj.insert("note".to_string(), Json::String(n.clone()));
        }
        Json::Object(obj)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

fn parse_plain(
    ty: ValueType,
    codes: Option<&[String]>,
    raw: &Json,
    at: &str,
) -> Result<Option<Value>, DataError> {
    if raw.as_str() == Some(MISSING) {
        return Ok(None);
    }
    if let Json::Number(n) = raw {
        if n.is_f64() {
            return Err(DataError::at(
                at,
                format!(
                    "{n} is not an integer: data holds no floats (write a fraction such as \"3/2\")"
                ),
            ));
        }
    }
    Value::from_json(ty, codes, raw)
        .map(Some)
        .map_err(|m| DataError::at(at, m))
}

/// `base` + an inner serde path (`"."` = `base` itself).
pub(crate) fn join_inner(base: &str, inner: &str) -> String {
    if inner == "." || inner.is_empty() {
        base.to_string()
    } else if inner.starts_with('[') {
        format!("{base}{inner}")
    } else {
        path::key(base, inner)
    }
}

/// A declared attribute or chart column: id, type and documentation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttributeDef {
    /// Identifier used as the key of values (`"mp_infantry"`) or as the column key (`"3-2"`).
    pub id: String,
    /// Display name, if different from the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The type every value must have.
    #[serde(rename = "type")]
    pub ty: ValueType,
    /// For `result` values: the allowed codes (any non-empty string when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codes: Option<Vec<String>>,
    /// Rules that define the attribute.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// Units, conventions, remarks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl AttributeDef {
    /// Parses one value of this attribute.
    pub(crate) fn cell(&self, raw: &Json, at: &str) -> Result<Cell, DataError> {
        Cell::from_json(self.ty, self.codes.as_deref(), raw, at)
    }

    pub(crate) fn check(&self, at: &str) -> Result<(), DataError> {
        check_id(&self.id, &path::key(at, "id"))?;
        if self.codes.is_some() && self.ty != ValueType::Result {
            return Err(DataError::at(
                path::key(at, "codes"),
                "`codes` is allowed only for attributes of type `result`",
            ));
        }
        Ok(())
    }
}

/// Ids: non-empty, no surrounding spaces, no control characters.
pub(crate) fn check_id(id: &str, at: &str) -> Result<(), DataError> {
    if id.is_empty() || id.trim() != id || id.chars().any(char::is_control) {
        Err(DataError::at(
            at,
            format!("{id:?} is not a valid id (non-empty, no surrounding spaces)"),
        ))
    } else {
        Ok(())
    }
}

/// What makes an item unfit for strict mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FlagKind {
    /// Its provenance is `provisional`.
    Provisional,
    /// Its value is the `missing` marker.
    Missing,
}

/// An item of a file that is provisional or missing, with its JSON path.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Flag {
    /// JSON path of the item (`"."` for the file's own provenance).
    pub path: String,
    /// Provisional or missing.
    pub what: FlagKind,
}

/// Collects flags while walking a file.
#[derive(Default)]
pub(crate) struct Flags(pub(crate) Vec<Flag>);

impl Flags {
    pub(crate) fn provenance(&mut self, p: Option<&Provenance>, at: &str) {
        if p.is_some_and(Provenance::is_provisional) {
            self.0.push(Flag {
                path: at.to_string(),
                what: FlagKind::Provisional,
            });
        }
    }

    pub(crate) fn cell(&mut self, c: &Cell, at: &str) {
        self.provenance(c.provenance.as_ref(), at);
        if c.is_missing() {
            self.0.push(Flag {
                path: at.to_string(),
                what: FlagKind::Missing,
            });
        }
    }
}

/// Rejects floats anywhere inside a free JSON object (system-specific fields).
pub(crate) fn check_no_floats(v: &Json, at: &str) -> Result<(), DataError> {
    match v {
        Json::Number(n) if n.is_f64() => Err(DataError::at(
            at,
            format!(
                "{n} is not an integer: data holds no floats (write a fraction such as \"3/2\")"
            ),
        )),
        Json::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                check_no_floats(x, &path::index(at, i))?;
            }
            Ok(())
        }
        Json::Object(m) => {
            for (k, x) in m {
                check_no_floats(x, &path::key(at, k))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
