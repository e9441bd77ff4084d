//! Serde for hexes in pg JSON: the game's own XXYY ids (1.0, digest §1.5), so that states,
//! actions and events read as the map does. Every pg map uses the same odd-q layout and differs
//! only in extent, so the conversion needs no scenario.

use alloc::string::{String, ToString};

use serde::{Deserialize, Deserializer, Serializer};

use crate::hex::{Grid, Hex};

const GRID: Grid = Grid::pg();

/// The XXYY id of a hex (or `q,r` for a hex no pg map can hold).
pub fn label(h: Hex) -> String {
    match GRID.to_id(h) {
        Some(id) => id.to_string(),
        None => alloc::format!("{},{}", h.q, h.r),
    }
}

/// Reads an XXYY id.
pub fn parse(s: &str) -> Option<Hex> {
    GRID.parse(s).ok()
}

/// `#[serde(with = "pghex")]` for a `Hex` field.
pub fn serialize<S: Serializer>(h: &Hex, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&label(*h))
}

/// `#[serde(with = "pghex")]` for a `Hex` field.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
    let s = String::deserialize(d)?;
    GRID.parse(&s).map_err(serde::de::Error::custom)
}

/// `#[serde(with = "pghex::opt")]` for an `Option<Hex>` field.
pub mod opt {
    use super::*;

    /// Serialises `None` as null.
    pub fn serialize<S: Serializer>(h: &Option<Hex>, s: S) -> Result<S::Ok, S::Error> {
        match h {
            Some(h) => s.serialize_some(&label(*h)),
            None => s.serialize_none(),
        }
    }

    /// Reads null or an XXYY id.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Hex>, D::Error> {
        match Option::<String>::deserialize(d)? {
            Some(s) => GRID.parse(&s).map(Some).map_err(serde::de::Error::custom),
            None => Ok(None),
        }
    }
}

/// `#[serde(with = "pghex::vec")]` for a `Vec<Hex>` field.
pub mod vec {
    use super::*;
    use alloc::vec::Vec;
    use serde::ser::SerializeSeq;

    /// Serialises as a list of ids.
    pub fn serialize<S: Serializer>(v: &[Hex], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(v.len()))?;
        for h in v {
            seq.serialize_element(&label(*h))?;
        }
        seq.end()
    }

    /// Reads a list of ids.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Hex>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|s| GRID.parse(s).map_err(serde::de::Error::custom))
            .collect()
    }
}
