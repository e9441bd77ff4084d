//! Serde for hexes as a game's printed ids, for a system whose maps share one layout: states,
//! actions and events then read as the map does (`"1809"`, `"N3718"`, `"2406"`), and need no
//! scenario to convert. A system declares its module with [`hex_ids_serde!`] and uses it as
//! `#[serde(with = "pghex")]`, `"pghex::opt"` (an `Option<Hex>`) or `"pghex::vec"` (a
//! `Vec<Hex>`).

/// Declares, in the module where it is invoked, `label`, `parse`, `serialize`, `deserialize` and
/// the sub-modules `opt` and `vec`, for hexes printed by the given [`Grid`](crate::hex::Grid)
/// (a `const` expression). A hex that the grid does not print is written `q,r`, so that no
/// value is lost; reading accepts exactly the printed form.
macro_rules! hex_ids_serde {
    ($grid:expr) => {
        use alloc::string::{String, ToString};

        use serde::{Deserialize, Deserializer, Serializer};

        use $crate::hex::{Grid, Hex};

        const GRID: Grid = $grid;

        /// The printed id of a hex (or `q,r` for a hex the map cannot hold).
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

        /// `#[serde(with = "..")]` for a `Hex` field.
        pub fn serialize<S: Serializer>(h: &Hex, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&label(*h))
        }

        /// `#[serde(with = "..")]` for a `Hex` field.
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
            let s = String::deserialize(d)?;
            GRID.parse(&s).map_err(serde::de::Error::custom)
        }

        /// `#[serde(with = "..::opt")]` for an `Option<Hex>` field.
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

        /// `#[serde(with = "..::vec")]` for a `Vec<Hex>` field.
        pub mod vec {
            use super::*;
            use alloc::vec::Vec;
            use serde::ser::SerializeSeq;

            /// Serialises as a list of printed ids.
            pub fn serialize<S: Serializer>(v: &[Hex], s: S) -> Result<S::Ok, S::Error> {
                let mut seq = s.serialize_seq(Some(v.len()))?;
                for h in v {
                    seq.serialize_element(&label(*h))?;
                }
                seq.end()
            }

            /// Reads a list of printed ids.
            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Hex>, D::Error> {
                Vec::<String>::deserialize(d)?
                    .iter()
                    .map(|s| GRID.parse(s).map_err(serde::de::Error::custom))
                    .collect()
            }
        }
    };
}

pub(crate) use hex_ids_serde;
