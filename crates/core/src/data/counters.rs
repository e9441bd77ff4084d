//! `counters` files: units and leaders with their printed values.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use super::common::{System, check_header, check_unique, unique_map};
use super::error::{DataError, path};
use super::provenance::{Provenance, check_opt};
use super::value::{Cell, Flag, Flags, ValueType, check_id};

/// A counter set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CounterSet {
    /// Always [`super::FORMAT`].
    pub format: String,
    /// Always `"counters"`.
    pub kind: String,
    /// Id, e.g. `"pg/rossbach-counters"`.
    pub id: String,
    /// The system.
    pub system: System,
    /// Display name.
    pub name: String,
    /// Provenance of the file (inherited by every counter and value without its own).
    pub provenance: Provenance,
    /// Free remark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The counter types used (`"infantry"`, `"cavalry"`, `"leader"`, …).
    pub types: Vec<String>,
    /// The printed values a counter may carry.
    pub attributes: Vec<CounterAttribute>,
    /// The counters.
    pub counters: Vec<Counter>,
}

/// A printed value a counter may carry.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterAttribute {
    /// Key in each counter's `values`.
    pub id: String,
    /// Display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Value type.
    #[serde(rename = "type")]
    pub ty: ValueType,
    /// For `result` values: the allowed codes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codes: Option<Vec<String>>,
    /// The counter types that carry it (all when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub types: Option<Vec<String>>,
    /// Whether every counter of those types must give it (`"missing"` allowed).
    #[serde(default)]
    pub required: bool,
    /// Rules that define it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One unit or leader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counter {
    /// Id, unique in the set (and among the sets a scenario uses).
    pub id: String,
    /// Side id (as the scenarios name sides).
    pub side: String,
    /// Counter type, one of the set's `types`.
    #[serde(rename = "type")]
    pub unit_type: String,
    /// Name as printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Printed values.
    pub values: BTreeMap<String, Cell>,
    /// Overrides the file's provenance for this counter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// Free remark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCounterSet {
    format: String,
    kind: String,
    id: String,
    system: System,
    name: String,
    provenance: Provenance,
    #[serde(default)]
    note: Option<String>,
    types: Vec<String>,
    #[serde(default)]
    attributes: Vec<CounterAttribute>,
    counters: Vec<RawCounter>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCounter {
    id: String,
    side: String,
    #[serde(rename = "type")]
    unit_type: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default, deserialize_with = "unique_map::deserialize")]
    values: BTreeMap<String, Json>,
    #[serde(default)]
    provenance: Option<Provenance>,
    #[serde(default)]
    note: Option<String>,
}

impl RawCounterSet {
    /// Types and checks the file on its own.
    pub(crate) fn into_checked(self) -> Result<CounterSet, DataError> {
        check_header(&self.id, self.system, &self.name, &self.provenance)?;
        check_unique(self.types.iter().map(String::as_str), "counter type", |i| {
            path::index("types", i)
        })?;
        check_unique(
            self.attributes.iter().map(|a| a.id.as_str()),
            "attribute",
            |i| path::key(&path::index("attributes", i), "id"),
        )?;
        for (i, a) in self.attributes.iter().enumerate() {
            let at = path::index("attributes", i);
            if a.codes.is_some() && a.ty != ValueType::Result {
                return Err(DataError::at(
                    path::key(&at, "codes"),
                    "`codes` is allowed only for type `result`",
                ));
            }
            for (j, t) in a.types.iter().flatten().enumerate() {
                if !self.types.contains(t) {
                    return Err(DataError::at(
                        path::index(&path::key(&at, "types"), j),
                        format!("{t:?} is not one of the set's types {:?}", self.types),
                    ));
                }
            }
        }
        check_unique(
            self.counters.iter().map(|c| c.id.as_str()),
            "counter",
            |i| path::key(&path::index("counters", i), "id"),
        )?;
        let mut counters = Vec::with_capacity(self.counters.len());
        for (i, c) in self.counters.into_iter().enumerate() {
            let at = path::index("counters", i);
            check_id(&c.side, &path::key(&at, "side"))?;
            if !self.types.contains(&c.unit_type) {
                return Err(DataError::at(
                    path::key(&at, "type"),
                    format!(
                        "{:?} is not one of the set's types {:?}",
                        c.unit_type, self.types
                    ),
                ));
            }
            check_opt(&c.provenance, &at)?;
            let vat = path::key(&at, "values");
            let mut values = BTreeMap::new();
            for (k, raw) in &c.values {
                let Some(a) = self.attributes.iter().find(|a| &a.id == k) else {
                    let known: Vec<&str> = self.attributes.iter().map(|a| a.id.as_str()).collect();
                    return Err(DataError::at(
                        path::key(&vat, k),
                        format!("unknown attribute {k:?}; declared attributes are {known:?}"),
                    ));
                };
                if a.types
                    .as_ref()
                    .is_some_and(|ts| !ts.contains(&c.unit_type))
                {
                    return Err(DataError::at(
                        path::key(&vat, k),
                        format!(
                            "attribute {k:?} does not apply to counters of type {:?}",
                            c.unit_type
                        ),
                    ));
                }
                values.insert(
                    k.clone(),
                    Cell::from_json(a.ty, a.codes.as_deref(), raw, &path::key(&vat, k))?,
                );
            }
            for a in &self.attributes {
                let applies = a.types.as_ref().is_none_or(|ts| ts.contains(&c.unit_type));
                if a.required && applies && !values.contains_key(&a.id) {
                    return Err(DataError::at(
                        path::key(&vat, &a.id),
                        format!(
                            "required attribute {:?} is not given (write \"missing\" if unknown)",
                            a.id
                        ),
                    ));
                }
            }
            counters.push(Counter {
                id: c.id,
                side: c.side,
                unit_type: c.unit_type,
                name: c.name,
                values,
                provenance: c.provenance,
                note: c.note,
            });
        }
        Ok(CounterSet {
            format: self.format,
            kind: self.kind,
            id: self.id,
            system: self.system,
            name: self.name,
            provenance: self.provenance,
            note: self.note,
            types: self.types,
            attributes: self.attributes,
            counters,
        })
    }
}

impl CounterSet {
    /// The counter `id`.
    pub fn counter(&self, id: &str) -> Option<&Counter> {
        self.counters.iter().find(|c| c.id == id)
    }

    /// Every provisional or missing item, with its path.
    pub fn flags(&self) -> Vec<Flag> {
        let mut f = Flags::default();
        f.provenance(Some(&self.provenance), &path::root());
        for (i, c) in self.counters.iter().enumerate() {
            let at = path::index("counters", i);
            f.provenance(c.provenance.as_ref(), &at);
            for (k, v) in &c.values {
                f.cell(v, &path::key(&path::key(&at, "values"), k));
            }
        }
        f.0
    }
}
