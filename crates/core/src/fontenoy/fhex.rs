//! Serde for hexes in Fontenoy JSON: the maps' own ids, a map letter and four digits
//! (`N3718`, `S2222`; F-1.4, F-10.0c), so that states, actions and events read as the maps do.
//! Both Fontenoy maps share one layout (`hex::Grid::fontenoy`), so no scenario is needed.

use alloc::string::{String, ToString};

use serde::{Deserialize, Deserializer, Serializer};

use crate::hex::{Grid, Hex};

const GRID: Grid = Grid::fontenoy();

/// The printed id of a hex (or `q,r` for a hex neither map holds).
pub fn label(h: Hex) -> String {
    match GRID.to_id(h) {
        Some(id) => id.to_string(),
        None => alloc::format!("{},{}", h.q, h.r),
    }
}

/// Reads a printed id.
pub fn parse(s: &str) -> Option<Hex> {
    GRID.parse(s).ok()
}

/// `#[serde(with = "fhex")]` for a `Hex` field.
pub fn serialize<S: Serializer>(h: &Hex, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&label(*h))
}

/// `#[serde(with = "fhex")]` for a `Hex` field.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
    let s = String::deserialize(d)?;
    GRID.parse(&s).map_err(serde::de::Error::custom)
}

/// `#[serde(with = "fhex::opt")]` for an `Option<Hex>` field.
pub mod opt {
    use super::*;

    /// Serialises `None` as null.
    pub fn serialize<S: Serializer>(h: &Option<Hex>, s: S) -> Result<S::Ok, S::Error> {
        match h {
            Some(h) => s.serialize_some(&label(*h)),
            None => s.serialize_none(),
        }
    }

    /// Reads null or a printed id.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Hex>, D::Error> {
        match Option::<String>::deserialize(d)? {
            Some(s) => GRID.parse(&s).map(Some).map_err(serde::de::Error::custom),
            None => Ok(None),
        }
    }
}

/// `#[serde(with = "fhex::vec")]` for a `Vec<Hex>` field.
pub mod vec {
    use super::*;
    use alloc::vec::Vec;
    use serde::Serialize;

    /// Serialises the printed ids.
    pub fn serialize<S: Serializer>(h: &[Hex], s: S) -> Result<S::Ok, S::Error> {
        let labels: Vec<String> = h.iter().map(|&x| label(x)).collect();
        labels.serialize(s)
    }

    /// Reads printed ids.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Hex>, D::Error> {
        let labels = Vec::<String>::deserialize(d)?;
        labels
            .iter()
            .map(|l| GRID.parse(l).map_err(serde::de::Error::custom))
            .collect()
    }
}
