//! Errors of the facade: one type, serialisable, with a stable code per kind that the C, Python
//! and JS layers map to their own status codes and exception classes.

use alloc::string::String;
use alloc::vec::Vec;

use serde::Serialize;

use crate::engine::{BadPosition, Illegal, ReplayError};

/// Everything that can go wrong in a facade call. The game is unchanged whenever one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum Error {
    /// No system with that id is compiled in or registered.
    #[error("unknown system {system:?} (known: {})", known.join(", "))]
    UnknownSystem {
        /// The id asked for.
        system: String,
        /// The ids that exist.
        known: Vec<String>,
    },
    /// The system exists but its rules are not in this build yet.
    #[error("the {system} rules are not implemented in this build of grognard yet")]
    NotImplemented {
        /// The system id.
        system: String,
    },
    /// No scenario with that id.
    #[error("unknown scenario {scenario:?}; `grognard scenarios` lists the built-in ones")]
    UnknownScenario {
        /// The id asked for.
        scenario: String,
    },
    /// An input was not the JSON expected.
    #[error("bad {what} JSON at {path}: {message}")]
    BadJson {
        /// What the input was meant to be ("action", "saved game", ...).
        what: String,
        /// The JSON path of the problem (`.` for the whole document).
        path: String,
        /// What is wrong.
        message: String,
    },
    /// Component data was rejected.
    #[error("{0}")]
    Data(crate::data::DataError),
    /// The rules refused an action; the rule number says why.
    #[error("illegal (rule {rule}): {reason}")]
    Illegal {
        /// The rule broken.
        rule: String,
        /// The explanation.
        reason: String,
    },
    /// An action index past the end of the legal-action list.
    #[error("action index {index} is out of range: there are {count} legal actions")]
    IndexOutOfRange {
        /// The index given.
        index: usize,
        /// The number of legal actions.
        count: usize,
    },
    /// A side number other than 0 or 1.
    #[error("side {side} does not exist: sides are 0 and 1")]
    BadSide {
        /// The side given.
        side: u32,
    },
    /// A position (a state to start a game from) that the scenario's data or the system's
    /// invariants refuse.
    #[error("bad position at {path} (rule {rule}): {reason}")]
    BadPosition {
        /// The JSON path of the offending field in the state (`units[3].hex`, `.` for all).
        path: String,
        /// The rule broken (`engine` for a contract invariant).
        rule: String,
        /// What is wrong.
        reason: String,
    },
    /// A saved game that does not replay to its own state.
    #[error("saved game rejected: {message}")]
    BadSave {
        /// What failed.
        message: String,
    },
}

impl Error {
    /// A short stable identifier of the kind of error (`illegal`, `bad_json`, ...).
    pub fn code(&self) -> &'static str {
        match self {
            Error::UnknownSystem { .. } => "unknown_system",
            Error::NotImplemented { .. } => "not_implemented",
            Error::UnknownScenario { .. } => "unknown_scenario",
            Error::BadJson { .. } => "bad_json",
            Error::Data(_) => "data",
            Error::Illegal { .. } => "illegal",
            Error::IndexOutOfRange { .. } => "index_out_of_range",
            Error::BadSide { .. } => "bad_side",
            Error::BadSave { .. } => "bad_save",
            Error::BadPosition { .. } => "bad_position",
        }
    }

    /// The rule number, for an illegal action or a refused position.
    pub fn rule(&self) -> Option<&str> {
        match self {
            Error::Illegal { rule, .. } | Error::BadPosition { rule, .. } => Some(rule),
            _ => None,
        }
    }

    pub(crate) fn bad_json(what: &str, e: serde_path_to_error::Error<serde_json::Error>) -> Self {
        Error::BadJson {
            what: what.into(),
            path: e.path().to_string(),
            message: e.inner().to_string(),
        }
    }
}

impl From<Illegal> for Error {
    fn from(i: Illegal) -> Self {
        Error::Illegal {
            rule: i.rule.into_owned(),
            reason: i.reason,
        }
    }
}

impl From<BadPosition> for Error {
    fn from(p: BadPosition) -> Self {
        Error::BadPosition {
            path: p.path,
            rule: p.rule.into_owned(),
            reason: p.reason,
        }
    }
}

impl From<ReplayError> for Error {
    fn from(e: ReplayError) -> Self {
        match e {
            // The starting position of a saved game is its `game.start` part.
            ReplayError::BadStart(p) => Error::BadPosition {
                path: if p.path == "." {
                    "game.start".into()
                } else {
                    alloc::format!("game.start.{}", p.path)
                },
                rule: p.rule.into_owned(),
                reason: p.reason,
            },
            other => Error::BadSave {
                message: alloc::string::ToString::to_string(&other),
            },
        }
    }
}

impl From<crate::data::DataError> for Error {
    fn from(e: crate::data::DataError) -> Self {
        Error::Data(e)
    }
}

use alloc::string::ToString;
