//! Pieces shared by every kind of file: the system ids, the kinds, the header checks and a few
//! serde helpers (one-or-many lists, maps that refuse duplicate keys).

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::error::{DataError, path};
use super::provenance::Provenance;
use super::value::check_id;

/// The version string every file carries in its `"format"` field.
pub const FORMAT: &str = "grognard/1";

/// One of the four rule systems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum System {
    /// Prussia's Glory.
    Pg,
    /// The Habit of Victory.
    Hov,
    /// The Battle of Fontenoy 1745.
    Fontenoy,
    /// Austerlitz (Napoleonic Brigade Series).
    Nbs,
}

impl System {
    /// Every system, in a fixed order.
    pub const ALL: [System; 4] = [System::Pg, System::Hov, System::Fontenoy, System::Nbs];

    /// The id used in files and paths (`"pg"`, `"hov"`, `"fontenoy"`, `"nbs"`).
    pub fn id(self) -> &'static str {
        match self {
            System::Pg => "pg",
            System::Hov => "hov",
            System::Fontenoy => "fontenoy",
            System::Nbs => "nbs",
        }
    }

    /// The system with id `s`.
    pub fn from_id(s: &str) -> Option<System> {
        System::ALL.into_iter().find(|x| x.id() == s)
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The kind of a data file (its `"kind"` field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A terrain vocabulary (Terrain Effects Chart) of one system.
    Terrain,
    /// A counter set (units and leaders).
    Counters,
    /// A typed table.
    Chart,
    /// A map.
    Map,
    /// A scenario.
    Scenario,
}

impl Kind {
    /// Every kind, in dependency order (a kind may refer only to kinds before it).
    pub const ALL: [Kind; 5] = [
        Kind::Terrain,
        Kind::Counters,
        Kind::Chart,
        Kind::Map,
        Kind::Scenario,
    ];

    /// The id used in files.
    pub fn id(self) -> &'static str {
        match self {
            Kind::Terrain => "terrain",
            Kind::Counters => "counters",
            Kind::Chart => "chart",
            Kind::Map => "map",
            Kind::Scenario => "scenario",
        }
    }

    /// The kind with id `s`.
    pub fn from_id(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.id() == s)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Checks the fields every file has: `id` (prefixed `<system>/`), `name`, `provenance`.
pub(crate) fn check_header(
    id: &str,
    system: System,
    name: &str,
    provenance: &Provenance,
) -> Result<(), DataError> {
    check_id(id, "id")?;
    let prefix = format!("{}/", system.id());
    if !id.starts_with(&prefix) || id.len() == prefix.len() {
        return Err(DataError::at(
            "id",
            format!("id {id:?} must start with the system prefix {prefix:?}"),
        ));
    }
    if name.trim().is_empty() {
        return Err(DataError::at("name", "name may not be empty"));
    }
    provenance.check("provenance")
}

/// Checks that ids in a list are unique; `at(i)` gives the path of item `i`'s id.
pub(crate) fn check_unique<'a>(
    ids: impl Iterator<Item = &'a str>,
    what: &str,
    at: impl Fn(usize) -> String,
) -> Result<(), DataError> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, id) in ids.enumerate() {
        check_id(id, &at(i))?;
        if let Some(first) = seen.insert(id, i) {
            return Err(DataError::at(
                at(i),
                format!("duplicate {what} id {id:?} (first at index {first})"),
            ));
        }
    }
    Ok(())
}

/// Checks a list of rule numbers (none empty).
pub(crate) fn check_rules(rules: &[String], at: &str) -> Result<(), DataError> {
    for (i, r) in rules.iter().enumerate() {
        if r.trim().is_empty() {
            return Err(DataError::at(
                path::index(at, i),
                "a rule number may not be empty",
            ));
        }
    }
    Ok(())
}

/// serde helper: a string or a list of strings, read as a list.
pub(crate) mod one_or_many {
    use super::*;

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Vec<String>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string or a list of strings")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Vec<String>, E> {
                Ok(alloc::vec![String::from(s)])
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
                let mut out = Vec::new();
                while let Some(s) = seq.next_element::<String>()? {
                    out.push(s);
                }
                Ok(out)
            }
        }
        d.deserialize_any(V)
    }
}

/// serde helper: a JSON object read into a `BTreeMap`, refusing duplicate keys.
pub(crate) mod unique_map {
    use super::*;

    pub(crate) fn deserialize<'de, D, T>(d: D) -> Result<BTreeMap<String, T>, D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de>,
    {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = BTreeMap<String, T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = BTreeMap::new();
                while let Some(k) = map.next_key::<String>()? {
                    if out.contains_key(&k) {
                        return Err(de::Error::custom(format!("duplicate key {k:?}")));
                    }
                    let v = map.next_value::<T>()?;
                    out.insert(k, v);
                }
                Ok(out)
            }
        }
        d.deserialize_map(V(PhantomData))
    }
}
