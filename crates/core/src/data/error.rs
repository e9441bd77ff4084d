//! The one error type of the data layer: which file, where in it, what is wrong, and (when a
//! game rule is involved) which rule.

use alloc::string::{String, ToString};
use core::fmt;

use serde::{Deserialize, Serialize};

/// A problem in a component-data file.
///
/// `path` is a JSON path into the file: object keys are joined with `.`, array indices are
/// written `[i]` (`"hexes.1809.terrain"`, `"rows[3][2]"`, `"setup[0].hex"`); the whole file is
/// `"."`. Displayed as `file: path: message`, followed by ` [rule R]` when `rule` is set.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DataError {
    /// The file name the data came from (as given by the caller, e.g. `"pg/terrain.json"`).
    pub file: String,
    /// JSON path of the offending value inside the file.
    pub path: String,
    /// What is wrong, in English.
    pub message: String,
    /// The game rule (or hex-numbering rule) the data breaks, when there is one.
    pub rule: Option<String>,
}

impl DataError {
    /// A new error with no rule.
    pub fn new(
        file: impl Into<String>,
        path: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        DataError {
            file: file.into(),
            path: path.into(),
            message: message.into(),
            rule: None,
        }
    }

    /// The same error, citing `rule`.
    #[must_use]
    pub fn with_rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// An error whose file is filled in later (see [`DataError::in_file`]).
    pub(crate) fn at(path: impl Into<String>, message: impl Into<String>) -> Self {
        DataError::new(String::new(), path, message)
    }

    /// Sets the file name if it is not set yet.
    #[must_use]
    pub(crate) fn in_file(mut self, file: &str) -> Self {
        if self.file.is_empty() {
            self.file = file.to_string();
        }
        self
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.file, self.path, self.message)?;
        if let Some(rule) = &self.rule {
            write!(f, " [rule {rule}]")?;
        }
        Ok(())
    }
}

impl core::error::Error for DataError {}

/// JSON-path helpers used by the validators (same notation as `serde_path_to_error`).
pub(crate) mod path {
    use alloc::format;
    use alloc::string::{String, ToString};

    /// `base.key` (or `key` at the root).
    pub(crate) fn key(base: &str, key: &str) -> String {
        if base.is_empty() || base == "." {
            key.to_string()
        } else {
            format!("{base}.{key}")
        }
    }

    /// `base[i]`.
    pub(crate) fn index(base: &str, i: usize) -> String {
        if base == "." {
            format!("[{i}]")
        } else {
            format!("{base}[{i}]")
        }
    }

    /// The root of a file.
    pub(crate) fn root() -> String {
        ".".to_string()
    }
}
