//! Facade errors as Python exceptions.
//!
//! The exception classes live in `grognard/_errors.py` (several of them have two bases, e.g.
//! `BadJson(GrognardError, ValueError)`, which plain Python states best). Each is built as
//! `cls(message, details)`, `details` being the error serialised as docs/json.md describes;
//! the classes read `code`, `rule` and `reason` from it.

use grognard::any::Error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyModule, PyType};
use serde_json::{Value, json};

use crate::convert::to_py;

/// The Python class of each facade error code.
fn class_name(code: &str) -> &'static str {
    match code {
        "illegal" => "IllegalAction",
        "bad_json" => "BadJson",
        "unknown_system" => "UnknownSystem",
        "unknown_scenario" => "UnknownScenario",
        "not_implemented" => "NotImplementedSystem",
        "data" => "DataError",
        "bad_save" => "BadSave",
        "bad_position" => "BadPosition",
        "index_out_of_range" => "IndexOutOfRange",
        "bad_side" => "BadSide",
        _ => "GrognardError",
    }
}

fn errors_module(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    MODULE
        .get_or_try_init(py, || Ok(py.import("grognard._errors")?.unbind()))
        .map(|m| m.bind(py))
}

/// The exception for an error with this `code`, `message` and `details`.
pub fn raise_with(py: Python<'_>, code: &str, message: String, details: &Value) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let class = errors_module(py)?
            .getattr(class_name(code))?
            .cast_into::<PyType>()?;
        let exc = class.call1((message, to_py(py, details)?))?;
        Ok(PyErr::from_value(exc))
    };
    build().unwrap_or_else(|e| e)
}

/// The exception for a facade error.
pub fn raise(py: Python<'_>, err: Error) -> PyErr {
    let details = serde_json::to_value(&err).unwrap_or_else(|_| json!({"error": err.code()}));
    raise_with(py, err.code(), err.to_string(), &details)
}

/// `result.map_err(...)` in one word.
pub trait OrRaise<T> {
    /// Turns the facade's error into the matching Python exception.
    fn or_raise(self, py: Python<'_>) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, Error> {
    fn or_raise(self, py: Python<'_>) -> PyResult<T> {
        self.map_err(|e| raise(py, e))
    }
}
