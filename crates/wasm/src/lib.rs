//! wasm bindings of grognard. A shell until the bindings issue adds wasm-bindgen; it depends on
//! the core without `std`, as the browser build will.
#![no_std]
#![forbid(unsafe_code)]

/// The version the JS package will report.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
