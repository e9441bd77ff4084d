//! Where a piece of data comes from: the rulebook, a public source, or made here (provisional).

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::error::{DataError, path};

/// The origin of a block of data (DESIGN.md, "Component data").
///
/// JSON: `{"kind": "rulebook", "rules": ["7.3", "8.2.1"], "note": ".."}`,
/// `{"kind": "public", "source": "<address>", "note": ".."}` or
/// `{"kind": "provisional", "note": "why, and what it stands in for"}`.
///
/// It is read through [`RawProvenance`], a plain record: serde's internally tagged enums read
/// their fields from a buffer, so an unknown field's error there would lose its path.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", try_from = "RawProvenance")]
pub enum Provenance {
    /// Stated in (or derived directly from) the rulebook text; `rules` cites the rule numbers.
    Rulebook {
        /// Rule numbers as printed (`"7.3"`, `"§13"`, `"¶111"`, `"AUS 1.0"`); at least one.
        rules: Vec<String>,
        /// How the value follows from those rules (e.g. "derived from the example").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// Taken from a public source outside the rulebook.
    Public {
        /// Where: an address or a bibliographic reference.
        source: String,
        /// Anything a reader needs to know about the source.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// Made here so the engine can run; not the published value. Never shown as published.
    Provisional {
        /// Why it is provisional and what it stands in for (required).
        note: String,
    },
}

/// The kinds of [`Provenance`].
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum ProvenanceKind {
    Rulebook,
    Public,
    Provisional,
}

/// A provenance as written: every field of every kind, each refused where its kind has none.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProvenance {
    kind: ProvenanceKind,
    #[serde(default)]
    rules: Option<Vec<String>>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    note: Option<String>,
}

impl TryFrom<RawProvenance> for Provenance {
    type Error = String;

    fn try_from(r: RawProvenance) -> Result<Self, String> {
        let stray = |field: &str, kind: &str, expected: &str| {
            alloc::format!("unknown field `{field}` in a {kind} provenance, expected {expected}")
        };
        let missing = |field: &str, kind: &str| {
            alloc::format!("missing field `{field}` (a {kind} provenance needs it)")
        };
        match r.kind {
            ProvenanceKind::Rulebook => {
                if r.source.is_some() {
                    return Err(stray("source", "rulebook", "`kind`, `rules` or `note`"));
                }
                Ok(Provenance::Rulebook {
                    rules: r.rules.ok_or_else(|| missing("rules", "rulebook"))?,
                    note: r.note,
                })
            }
            ProvenanceKind::Public => {
                if r.rules.is_some() {
                    return Err(stray("rules", "public", "`kind`, `source` or `note`"));
                }
                Ok(Provenance::Public {
                    source: r.source.ok_or_else(|| missing("source", "public"))?,
                    note: r.note,
                })
            }
            ProvenanceKind::Provisional => {
                if r.rules.is_some() {
                    return Err(stray("rules", "provisional", "`kind` or `note`"));
                }
                if r.source.is_some() {
                    return Err(stray("source", "provisional", "`kind` or `note`"));
                }
                Ok(Provenance::Provisional {
                    note: r.note.ok_or_else(|| missing("note", "provisional"))?,
                })
            }
        }
    }
}

impl Provenance {
    /// True for [`Provenance::Provisional`].
    pub fn is_provisional(&self) -> bool {
        matches!(self, Provenance::Provisional { .. })
    }

    /// `"rulebook"`, `"public"` or `"provisional"`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Provenance::Rulebook { .. } => "rulebook",
            Provenance::Public { .. } => "public",
            Provenance::Provisional { .. } => "provisional",
        }
    }

    /// Checks the parts serde cannot: non-empty rule lists, sources and notes.
    pub(crate) fn check(&self, at: &str) -> Result<(), DataError> {
        match self {
            Provenance::Rulebook { rules, .. } => {
                if rules.is_empty() {
                    return Err(DataError::at(
                        path::key(at, "rules"),
                        "a rulebook provenance must cite at least one rule number",
                    ));
                }
                for (i, r) in rules.iter().enumerate() {
                    if r.trim().is_empty() {
                        return Err(DataError::at(
                            path::index(&path::key(at, "rules"), i),
                            "a rule number may not be empty",
                        ));
                    }
                }
                Ok(())
            }
            Provenance::Public { source, .. } => {
                if source.trim().is_empty() {
                    Err(DataError::at(
                        path::key(at, "source"),
                        "a public provenance must name its source",
                    ))
                } else {
                    Ok(())
                }
            }
            Provenance::Provisional { note } => {
                if note.trim().is_empty() {
                    Err(DataError::at(
                        path::key(at, "note"),
                        "a provisional provenance must say why and what it stands in for",
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }
}

/// Checks an optional per-item provenance override at `at` (the path of the item).
pub(crate) fn check_opt(p: &Option<Provenance>, at: &str) -> Result<(), DataError> {
    match p {
        Some(p) => p.check(&path::key(at, "provenance")),
        None => Ok(()),
    }
}
