//! `terrain` files: the Terrain Effects Chart vocabulary of one system — every hex terrain type
//! and hexside feature its rules know, with typed attributes (which may be `missing`).

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use super::common::{System, check_header, check_rules, check_unique, unique_map};
use super::error::{DataError, path};
use super::provenance::{Provenance, check_opt};
use super::value::{AttributeDef, Cell, Flag, Flags};

/// A system's terrain vocabulary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TerrainSet {
    /// Always [`super::FORMAT`].
    pub format: String,
    /// Always `"terrain"`.
    pub kind: String,
    /// Id, e.g. `"pg/terrain"`.
    pub id: String,
    /// The system.
    pub system: System,
    /// Display name.
    pub name: String,
    /// Provenance of the file (inherited by every entry and value without its own).
    pub provenance: Provenance,
    /// Free remark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Attributes every hex terrain type gives a value for.
    pub hex_attributes: Vec<AttributeDef>,
    /// Attributes every hexside feature gives a value for.
    pub hexside_attributes: Vec<AttributeDef>,
    /// Hex terrain types.
    pub hex_terrain: Vec<TerrainType>,
    /// Hexside features.
    pub hexside_features: Vec<TerrainType>,
}

/// One hex terrain type or hexside feature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TerrainType {
    /// Id used by maps (`"woods"`, `"slope"`).
    pub id: String,
    /// Display name as printed.
    pub name: String,
    /// Rules that define it.
    pub rules: Vec<String>,
    /// Hexside features only: when set, the feature has a direction, and a map must say which of
    /// the two hexes is on the side this text describes (e.g. "the hex on the high side").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub directed: Option<String>,
    /// One value per declared attribute.
    pub values: BTreeMap<String, Cell>,
    /// Overrides the file's provenance for this entry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// Free remark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTerrainSet {
    format: String,
    kind: String,
    id: String,
    system: System,
    name: String,
    provenance: Provenance,
    #[serde(default)]
    note: Option<String>,
    hex_attributes: Vec<AttributeDef>,
    hexside_attributes: Vec<AttributeDef>,
    hex_terrain: Vec<RawEntry>,
    hexside_features: Vec<RawEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    id: String,
    name: String,
    rules: Vec<String>,
    #[serde(default)]
    directed: Option<String>,
    #[serde(default, deserialize_with = "unique_map::deserialize")]
    values: BTreeMap<String, Json>,
    #[serde(default)]
    provenance: Option<Provenance>,
    #[serde(default)]
    note: Option<String>,
}

impl RawTerrainSet {
    /// Types and checks the file on its own.
    pub(crate) fn into_checked(self) -> Result<TerrainSet, DataError> {
        check_header(&self.id, self.system, &self.name, &self.provenance)?;
        for (list, at) in [
            (&self.hex_attributes, "hex_attributes"),
            (&self.hexside_attributes, "hexside_attributes"),
        ] {
            check_unique(list.iter().map(|a| a.id.as_str()), "attribute", |i| {
                path::key(&path::index(at, i), "id")
            })?;
            for (i, a) in list.iter().enumerate() {
                a.check(&path::index(at, i))?;
            }
        }
        let hex_terrain = convert(self.hex_terrain, &self.hex_attributes, "hex_terrain", false)?;
        let hexside_features = convert(
            self.hexside_features,
            &self.hexside_attributes,
            "hexside_features",
            true,
        )?;
        // One namespace for both lists: a map names either without saying which.
        let all = hex_terrain.iter().chain(hexside_features.iter());
        let n = hex_terrain.len();
        check_unique(all.map(|t| t.id.as_str()), "terrain", |i| {
            if i < n {
                path::key(&path::index("hex_terrain", i), "id")
            } else {
                path::key(&path::index("hexside_features", i - n), "id")
            }
        })?;
        Ok(TerrainSet {
            format: self.format,
            kind: self.kind,
            id: self.id,
            system: self.system,
            name: self.name,
            provenance: self.provenance,
            note: self.note,
            hex_attributes: self.hex_attributes,
            hexside_attributes: self.hexside_attributes,
            hex_terrain,
            hexside_features,
        })
    }
}

fn convert(
    raw: Vec<RawEntry>,
    attrs: &[AttributeDef],
    list: &str,
    hexside: bool,
) -> Result<Vec<TerrainType>, DataError> {
    let mut out = Vec::with_capacity(raw.len());
    for (i, e) in raw.into_iter().enumerate() {
        let at = path::index(list, i);
        if e.name.trim().is_empty() {
            return Err(DataError::at(
                path::key(&at, "name"),
                "name may not be empty",
            ));
        }
        if e.rules.is_empty() {
            return Err(DataError::at(
                path::key(&at, "rules"),
                "cite the rules that define this terrain (at least one rule number)",
            ));
        }
        check_rules(&e.rules, &path::key(&at, "rules"))?;
        if e.directed.is_some() && !hexside {
            return Err(DataError::at(
                path::key(&at, "directed"),
                "`directed` is meaningful only for hexside features",
            ));
        }
        check_opt(&e.provenance, &at)?;
        let vat = path::key(&at, "values");
        for k in e.values.keys() {
            if !attrs.iter().any(|a| &a.id == k) {
                let known: Vec<&str> = attrs.iter().map(|a| a.id.as_str()).collect();
                return Err(DataError::at(
                    path::key(&vat, k),
                    format!("unknown attribute {k:?}; declared attributes are {known:?}"),
                ));
            }
        }
        let mut values = BTreeMap::new();
        for a in attrs {
            let Some(raw) = e.values.get(&a.id) else {
                return Err(DataError::at(
                    path::key(&vat, &a.id),
                    format!(
                        "attribute {:?} has no value; write \"missing\" when the chart's value is unknown",
                        a.id
                    ),
                ));
            };
            values.insert(a.id.clone(), a.cell(raw, &path::key(&vat, &a.id))?);
        }
        out.push(TerrainType {
            id: e.id,
            name: e.name,
            rules: e.rules,
            directed: e.directed,
            values,
            provenance: e.provenance,
            note: e.note,
        });
    }
    Ok(out)
}

impl TerrainSet {
    /// The hex terrain type `id`.
    pub fn hex_terrain(&self, id: &str) -> Option<&TerrainType> {
        self.hex_terrain.iter().find(|t| t.id == id)
    }

    /// The hexside feature `id`.
    pub fn hexside_feature(&self, id: &str) -> Option<&TerrainType> {
        self.hexside_features.iter().find(|t| t.id == id)
    }

    /// The value of attribute `attr` of hex terrain or hexside feature `id`.
    pub fn value(&self, id: &str, attr: &str) -> Option<&Cell> {
        self.hex_terrain(id)
            .or_else(|| self.hexside_feature(id))
            .and_then(|t| t.values.get(attr))
    }

    /// Every provisional or missing item, with its path.
    pub fn flags(&self) -> Vec<Flag> {
        let mut f = Flags::default();
        f.provenance(Some(&self.provenance), &path::root());
        for (list, name) in [
            (&self.hex_terrain, "hex_terrain"),
            (&self.hexside_features, "hexside_features"),
        ] {
            for (i, t) in list.iter().enumerate() {
                let at = path::index(name, i);
                f.provenance(t.provenance.as_ref(), &at);
                for (k, c) in &t.values {
                    f.cell(c, &path::key(&path::key(&at, "values"), k));
                }
            }
        }
        f.0
    }
}
