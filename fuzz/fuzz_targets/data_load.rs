//! Component data, inline scenarios and saves from arbitrary text (harness/data_load.rs).
#![no_main]

#[allow(dead_code)]
#[path = "../harness/common.rs"]
mod common;
#[allow(dead_code)]
#[path = "../harness/data_load.rs"]
mod data_load;

libfuzzer_sys::fuzz_target!(|data: &[u8]| data_load::run(data));
