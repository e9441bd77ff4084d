//! Arbitrary actions against states reached by random play (harness/apply_json.rs).
#![no_main]

#[allow(dead_code)]
#[path = "../harness/apply_json.rs"]
mod apply_json;
#[allow(dead_code)]
#[path = "../harness/common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| apply_json::run(data));
