//! Python bindings of grognard. A shell until the bindings issue adds pyo3; it depends on the
//! core so that the workspace layout of DESIGN.md builds as a whole.
#![forbid(unsafe_code)]

/// The version the Python module will report.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
