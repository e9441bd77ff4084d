//! Component data: maps, terrain vocabularies, counters, charts and scenarios, with provenance.
//!
//! The rulebooks describe procedures; the games' maps, counters and charts are data. Each JSON
//! file holds one block of one kind (`"kind": "map" | "terrain" | "counters" | "chart" |
//! "scenario"`) in format [`FORMAT`], and every block records its [`Provenance`]. The
//! format is documented in `docs/data-format.md`.
//!
//! * [`parse_file`] reads one file and checks it, against the built-in library for the parts
//!   it refers to; [`parse_standalone`] checks the file alone.
//! * [`Library`] holds a set of files: [`Library::builtin`] has every file under
//!   `scenarios/`, compiled in, each in the place [`place_of`] gives (a folder per system, in
//!   it a folder per kind); [`Library::add`] adds or replaces a part by id;
//!   [`Library::scenario`] resolves a scenario with its map, terrain, counters and charts.
//! * [`validate`] checks a user file in the context of a library (what the CLI calls).
//!
//! Every error is a [`DataError`] naming the file, the JSON path and the problem; nothing in
//! this module panics on any input.

mod chart;
mod common;
mod counters;
mod error;
mod grid;
mod layout;
mod library;
mod map;
mod provenance;
mod scenario;
mod terrain;
mod value;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use chart::{Chart, Mode, Row};
pub use common::{FORMAT, Kind, System};
pub use counters::{Counter, CounterAttribute, CounterSet};
pub use error::DataError;
pub use grid::{Grid, Sheet};
pub use layout::{check_place, kind_folder, place_of};
pub use library::{Library, PartStatus, ResolvedScenario};
pub use map::{HexEntry, Hexside, Map, MapEdge, Place, PlacedHexside};
pub use provenance::Provenance;
pub use scenario::{
    Fields, Incomplete, Placement, Reinforcement, Scenario, ScenarioOption, ScenarioSide, Turns,
    VictoryCondition,
};
pub use terrain::{TerrainSet, TerrainType};
pub use value::{
    AttributeDef, Cell, Cost, DieRange, Flag, FlagKind, MISSING, Ratio, Value, ValueType,
};

use error::path;

/// One parsed file: a block of one kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum DataFile {
    /// A terrain vocabulary.
    Terrain(TerrainSet),
    /// A counter set.
    Counters(CounterSet),
    /// A chart.
    Chart(Chart),
    /// A map.
    Map(Map),
    /// A scenario.
    Scenario(Scenario),
}

impl DataFile {
    /// Its kind.
    pub fn kind(&self) -> Kind {
        match self {
            DataFile::Terrain(_) => Kind::Terrain,
            DataFile::Counters(_) => Kind::Counters,
            DataFile::Chart(_) => Kind::Chart,
            DataFile::Map(_) => Kind::Map,
            DataFile::Scenario(_) => Kind::Scenario,
        }
    }

    /// Its id.
    pub fn id(&self) -> &str {
        match self {
            DataFile::Terrain(x) => &x.id,
            DataFile::Counters(x) => &x.id,
            DataFile::Chart(x) => &x.id,
            DataFile::Map(x) => &x.id,
            DataFile::Scenario(x) => &x.id,
        }
    }

    /// Its system.
    pub fn system(&self) -> System {
        match self {
            DataFile::Terrain(x) => x.system,
            DataFile::Counters(x) => x.system,
            DataFile::Chart(x) => x.system,
            DataFile::Map(x) => x.system,
            DataFile::Scenario(x) => x.system,
        }
    }

    /// Its display name.
    pub fn name(&self) -> &str {
        match self {
            DataFile::Terrain(x) => &x.name,
            DataFile::Counters(x) => &x.name,
            DataFile::Chart(x) => &x.name,
            DataFile::Map(x) => &x.name,
            DataFile::Scenario(x) => &x.name,
        }
    }

    /// The provenance of the file as a whole.
    pub fn provenance(&self) -> &Provenance {
        match self {
            DataFile::Terrain(x) => &x.provenance,
            DataFile::Counters(x) => &x.provenance,
            DataFile::Chart(x) => &x.provenance,
            DataFile::Map(x) => &x.provenance,
            DataFile::Scenario(x) => &x.provenance,
        }
    }

    /// Every provisional or missing item of the file, with its JSON path (`"."` = the file's
    /// own provenance).
    pub fn flags(&self) -> Vec<Flag> {
        match self {
            DataFile::Terrain(x) => x.flags(),
            DataFile::Counters(x) => x.flags(),
            DataFile::Chart(x) => x.flags(),
            DataFile::Map(x) => x.flags(),
            DataFile::Scenario(x) => x.flags(),
        }
    }

    /// In strict mode nothing provisional or missing is accepted: the first such item as an
    /// error located in `file`.
    pub fn check_strict(&self, file: &str) -> Result<(), DataError> {
        match self.flags().into_iter().next() {
            None => Ok(()),
            Some(f) => Err(DataError::new(file, f.path, strict_message(f.what))),
        }
    }
}

pub(crate) fn strict_message(what: FlagKind) -> &'static str {
    match what {
        FlagKind::Provisional => {
            "provisional data (not the published value); strict mode refuses it"
        }
        FlagKind::Missing => {
            "value is \"missing\" (the published value is unknown); strict mode refuses it"
        }
    }
}

/// What [`validate`] found in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The file name.
    pub file: String,
    /// Its kind.
    pub kind: Kind,
    /// Its id.
    pub id: String,
    /// Its system.
    pub system: System,
    /// Its display name.
    pub name: String,
    /// `"rulebook"`, `"public"` or `"provisional"`: the provenance of the file as a whole.
    pub provenance: &'static str,
    /// The file of the part it replaces in the library, if one has the same kind and id.
    pub replaces: Option<String>,
    /// Whether the replaced part is built in.
    pub replaces_builtin: bool,
    /// Items with a provisional provenance (the file's own counts as one).
    pub provisional_items: usize,
    /// Values written `"missing"`.
    pub missing_values: usize,
}

/// Reads the top-level object far enough to learn its kind, checking `format` and `kind`.
fn header_kind(text: &str) -> Result<Kind, DataError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let v: serde_json::Value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        DataError::at(
            clean_path(&e.path().to_string()),
            format!("invalid JSON: {}", e.inner()),
        )
    })?;
    if let Err(e) = de.end() {
        return Err(DataError::at(path::root(), format!("invalid JSON: {e}")));
    }
    let serde_json::Value::Object(obj) = &v else {
        return Err(DataError::at(path::root(), "a data file is a JSON object"));
    };
    match obj.get("format") {
        None => {
            return Err(DataError::at(
                "format",
                format!("missing field `format` (expected \"{FORMAT}\")"),
            ));
        }
        Some(serde_json::Value::String(f)) if f == FORMAT => {}
        Some(serde_json::Value::String(f)) => {
            return Err(DataError::at(
                "format",
                format!("unsupported format {f:?}; this library reads \"{FORMAT}\""),
            ));
        }
        Some(_) => {
            return Err(DataError::at(
                "format",
                format!("`format` must be the string \"{FORMAT}\""),
            ));
        }
    }
    match obj.get("kind") {
        None => Err(DataError::at(
            "kind",
            "missing field `kind` (map, terrain, counters, chart or scenario)",
        )),
        Some(serde_json::Value::String(k)) => Kind::from_id(k).ok_or_else(|| {
            DataError::at(
                "kind",
                format!("unknown kind {k:?}; expected map, terrain, counters, chart or scenario"),
            )
        }),
        Some(_) => Err(DataError::at("kind", "`kind` must be a string")),
    }
}

/// `serde_path_to_error` writes `?` for a key it never read (e.g. at end of input): drop it.
fn clean_path(p: &str) -> String {
    let kept: Vec<&str> = p
        .split('.')
        .filter(|s| *s != "?" && !s.is_empty())
        .collect();
    if kept.is_empty() {
        path::root()
    } else {
        kept.join(".")
    }
}

/// Deserializes `text` as `T`, giving the JSON path of any structural error.
fn de_text<T: DeserializeOwned>(text: &str) -> Result<T, DataError> {
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let p = clean_path(&e.path().to_string());
        DataError::at(p, e.into_inner().to_string())
    })
}

/// Parses one file and checks everything that needs no other file: structure, types, ids,
/// duplicates, hex ids against the map's own grid, chart cells against column types.
pub fn parse_standalone(file_name: &str, text: &str) -> Result<DataFile, DataError> {
    let parsed = match header_kind(text).map_err(|e| e.in_file(file_name))? {
        Kind::Terrain => de_text::<terrain::RawTerrainSet>(text)
            .and_then(terrain::RawTerrainSet::into_checked)
            .map(DataFile::Terrain),
        Kind::Counters => de_text::<counters::RawCounterSet>(text)
            .and_then(counters::RawCounterSet::into_checked)
            .map(DataFile::Counters),
        Kind::Chart => de_text::<chart::RawChart>(text)
            .and_then(chart::RawChart::into_checked)
            .map(DataFile::Chart),
        Kind::Map => de_text::<Map>(text).and_then(|m| {
            common::check_header(&m.id, m.system, &m.name, &m.provenance)?;
            m.check_grid()?;
            Ok(DataFile::Map(m))
        }),
        Kind::Scenario => de_text::<Scenario>(text).and_then(|s| {
            s.check_self()?;
            Ok(DataFile::Scenario(s))
        }),
    };
    parsed.map_err(|e| e.in_file(file_name))
}

/// Parses one file and checks it completely: [`parse_standalone`], then the parts it refers to
/// (a map's terrain file; a scenario's map, counters and charts) as found in the built-in
/// library — a user file with the same kind and id as a built-in part takes its place.
/// To check against other parts, load them into a [`Library`] and use [`validate`].
pub fn parse_file(file_name: &str, text: &str) -> Result<DataFile, DataError> {
    let file = parse_standalone(file_name, text)?;
    let mut lib = Library::builtin()?;
    lib.insert(file_name, file.clone(), false)?;
    Ok(file)
}

/// [`parse_file`] followed, in [`Mode::Strict`], by a refusal of anything provisional or
/// missing.
pub fn parse_file_with(file_name: &str, text: &str, mode: Mode) -> Result<DataFile, DataError> {
    let file = parse_file(file_name, text)?;
    if mode == Mode::Strict {
        file.check_strict(file_name)?;
    }
    Ok(file)
}

/// Checks a user file in the context of `library` (for example the built-in one): the file is
/// parsed, checked on its own, then checked as if added to the library, replacing the part of
/// the same kind and id (a map against its system's terrain, a scenario against its map,
/// counters and charts; parts that depend on a replaced one are checked again).
///
/// A file whose path has the shape of the built-in layout (it lies under `scenarios/<system>/`,
/// or in a folder `<system>/<kind folder>/`) must also be in its place ([`check_place`]), as
/// the built-in library would require; any other path is not held to the layout.
pub fn validate(file_name: &str, text: &str, library: &Library) -> Result<Summary, DataError> {
    let file = parse_standalone(file_name, text)?;
    if let Some(rel) = layout::name_in_layout(file_name) {
        layout::check_place_as(file_name, &rel, &file)?;
    }
    let previous = library
        .source(file.kind(), file.id())
        .map(|(f, b)| (f.to_string(), b));
    let mut lib = library.clone();
    lib.insert(file_name, file.clone(), false)?;
    let flags = file.flags();
    Ok(Summary {
        file: file_name.to_string(),
        kind: file.kind(),
        id: file.id().to_string(),
        system: file.system(),
        name: file.name().to_string(),
        provenance: file.provenance().kind_name(),
        replaces_builtin: previous.as_ref().is_some_and(|(_, b)| *b),
        replaces: previous.map(|(f, _)| f),
        provisional_items: flags
            .iter()
            .filter(|f| f.what == FlagKind::Provisional)
            .count(),
        missing_values: flags.iter().filter(|f| f.what == FlagKind::Missing).count(),
    })
}
