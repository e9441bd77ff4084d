//! The C ABI of grognard (model: rustls-ffi).
//!
//! * Every object the library hands out is an opaque handle (`gg_engine`, `gg_game`) or a
//!   NUL-terminated JSON string; each has a `*_free` call. Freeing NULL does nothing.
//! * Every call that can fail returns a [`gg_status`]; `GG_OK` is 0. Outputs are written through
//!   pointers given last, and only on success. After a failure, [`gg_last_error_message`] and
//!   [`gg_last_error_json`] say what went wrong on this thread (for an illegal action the rule
//!   number is in both), and the game is exactly as it was.
//! * Inputs are checked: NULL pointers, strings that are not UTF-8, malformed JSON, unknown
//!   systems and scenarios and out-of-range indices each have their own status. No Rust panic
//!   crosses the boundary: one is caught and reported as `GG_ERR_PANIC`.
//! * The JSON shapes are the facade's (docs/json.md), the same in C, Python and JavaScript.
//!
//! The header `include/grognard.h` is generated from this crate by cbindgen (build.rs) and
//! committed; a test fails when it is out of date.

#![allow(non_camel_case_types)]

mod engine;
mod error;
mod game;

pub use engine::*;
pub use error::*;
pub use game::*;

use core::ffi::c_char;

/// The library version (`"0.1.0"`) as a static NUL-terminated string; compare it with the
/// header's `GG_VERSION_STRING` to detect a header and library mismatch.
#[unsafe(no_mangle)]
pub extern "C" fn gg_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// Frees a string returned by the library. NULL is ignored.
///
/// # Safety
/// `s` must be NULL or a string this library returned that has not been freed yet.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gg_string_free(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: the caller passes a pointer from `CString::into_raw` (every string output
        // of this library is made by `error::out_string`), not freed before.
        drop(unsafe { std::ffi::CString::from_raw(s) });
    }
}

// The C fuzz target's harness (fuzz/harness/c_api.rs), compiled here so that the inputs it
// kept replay in the ordinary test run.
#[cfg(test)]
#[path = "../../../fuzz/harness/c_api.rs"]
mod fuzz_c_api;

#[cfg(test)]
mod tests {
    #[test]
    fn version_is_nul_terminated() {
        // SAFETY: gg_version returns a pointer to a static NUL-terminated string.
        let s = unsafe { core::ffi::CStr::from_ptr(super::gg_version()) };
        assert_eq!(s.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }

    /// The committed header is what cbindgen makes of this crate now.
    #[test]
    fn committed_header_is_current() {
        let generated = include_str!(concat!(env!("OUT_DIR"), "/grognard.h"));
        let committed = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../include/grognard.h"
        ))
        .unwrap_or_default();
        assert!(
            generated == committed,
            "include/grognard.h is out of date: copy {}/grognard.h over it \
             (or run `GROGNARD_BLESS=1 cargo build -p grognard-ffi`)",
            env!("OUT_DIR")
        );
    }

    /// Every input kept from fuzzing the C interface (tests/fixtures/fuzz/c_api) replays
    /// through the harness's checks.
    #[test]
    fn fuzz_regressions_c_api() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/fuzz/c_api"
        );
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("tests/fixtures/fuzz/c_api")
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        assert!(!files.is_empty());
        for path in files {
            eprintln!("{}", path.display());
            super::fuzz_c_api::run(&std::fs::read(&path).expect("readable fixture"));
        }
    }
}
