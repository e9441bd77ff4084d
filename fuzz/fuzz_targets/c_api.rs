//! The C entry points driven by arbitrary bytes (harness/c_api.rs). The ffi crate's sources are
//! compiled in as a module so that they are instrumented with the rest.
#![no_main]

#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../../crates/ffi/src/lib.rs"]
mod ffi;
use ffi::*;

#[path = "../harness/c_api.rs"]
mod c_api;

libfuzzer_sys::fuzz_target!(|data: &[u8]| c_api::run(data));
