//! Status codes, the per-thread last error, and the argument and result plumbing every call
//! shares (NULL and UTF-8 checks, panic capture, string outputs).

use core::ffi::c_char;
use std::cell::RefCell;
use std::ffi::{CStr, CString};
use std::panic::{AssertUnwindSafe, catch_unwind};

use grognard::any::Error;
use serde_json::{Value, json};

/// The result of a call. `GG_OK` is 0; every other value names a kind of failure, and
/// `gg_last_error_message()` says more.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum gg_status {
    /// Success.
    GG_OK = 0,
    /// A required pointer argument was NULL.
    GG_ERR_NULL = 1,
    /// A string argument was not valid UTF-8.
    GG_ERR_UTF8 = 2,
    /// A JSON argument was malformed or not the shape expected.
    GG_ERR_JSON = 3,
    /// No system with that id.
    GG_ERR_UNKNOWN_SYSTEM = 4,
    /// The system is known but its rules are not in this build.
    GG_ERR_NOT_IMPLEMENTED = 5,
    /// No scenario with that id.
    GG_ERR_UNKNOWN_SCENARIO = 6,
    /// Component data was rejected.
    GG_ERR_DATA = 7,
    /// The rules refused the action; the message names the rule.
    GG_ERR_ILLEGAL = 8,
    /// An action index past the end of the legal actions.
    GG_ERR_INDEX = 9,
    /// A side other than 0 or 1.
    GG_ERR_SIDE = 10,
    /// A saved game that does not replay to its own state.
    GG_ERR_BAD_SAVE = 11,
    /// An internal error (a caught panic): please report it; the handle should be freed.
    GG_ERR_PANIC = 12,
    /// A position (a state to start a game from) that the scenario or the rules refuse; the
    /// error's JSON names the field (`path`) and the rule.
    GG_ERR_BAD_POSITION = 13,
}

/// A failure on its way to the caller.
pub(crate) struct Failure {
    status: gg_status,
    message: String,
    details: Value,
}

impl Failure {
    fn new(status: gg_status, code: &str, message: String) -> Self {
        let details = json!({"error": code, "message": message});
        Failure {
            status,
            message,
            details,
        }
    }

    pub(crate) fn null(arg: &str) -> Self {
        Failure::new(
            gg_status::GG_ERR_NULL,
            "null",
            format!("argument `{arg}` is NULL"),
        )
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        let status = match &e {
            Error::UnknownSystem { .. } => gg_status::GG_ERR_UNKNOWN_SYSTEM,
            Error::NotImplemented { .. } => gg_status::GG_ERR_NOT_IMPLEMENTED,
            Error::UnknownScenario { .. } => gg_status::GG_ERR_UNKNOWN_SCENARIO,
            Error::BadJson { .. } => gg_status::GG_ERR_JSON,
            Error::Data(_) => gg_status::GG_ERR_DATA,
            Error::Illegal { .. } => gg_status::GG_ERR_ILLEGAL,
            Error::IndexOutOfRange { .. } => gg_status::GG_ERR_INDEX,
            Error::BadSide { .. } => gg_status::GG_ERR_SIDE,
            Error::BadSave { .. } => gg_status::GG_ERR_BAD_SAVE,
            Error::BadPosition { .. } => gg_status::GG_ERR_BAD_POSITION,
        };
        let mut details = serde_json::to_value(&e).unwrap_or(Value::Null);
        let message = e.to_string();
        if let Value::Object(map) = &mut details {
            map.insert("message".into(), message.clone().into());
        }
        Failure {
            status,
            message,
            details,
        }
    }
}

struct LastError {
    message: CString,
    json: CString,
}

thread_local! {
    static LAST: RefCell<Option<LastError>> = const { RefCell::new(None) };
}

fn to_cstring(s: String) -> CString {
    // Messages and JSON never hold NUL bytes (serde_json escapes them); strip any to be sure.
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

fn record(f: Option<Failure>) {
    LAST.with(|last| {
        *last.borrow_mut() = f.map(|f| LastError {
            message: to_cstring(f.message),
            json: to_cstring(f.details.to_string()),
        });
    });
}

/// Runs a call: catches a panic, records the error for `gg_last_error_*`, returns the status.
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Failure>) -> gg_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => {
            record(None);
            gg_status::GG_OK
        }
        Ok(Err(f)) => {
            let status = f.status;
            record(Some(f));
            status
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            record(Some(Failure::new(
                gg_status::GG_ERR_PANIC,
                "panic",
                format!("internal error (please report it): {what}"),
            )));
            gg_status::GG_ERR_PANIC
        }
    }
}

/// Reads a string argument: NULL and invalid UTF-8 are failures that name the argument.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string valid for the call.
pub(crate) unsafe fn arg_str<'a>(p: *const c_char, arg: &str) -> Result<&'a str, Failure> {
    if p.is_null() {
        return Err(Failure::null(arg));
    }
    // SAFETY: non-NULL and NUL-terminated by the caller's contract.
    let bytes = unsafe { CStr::from_ptr(p) };
    bytes.to_str().map_err(|e| {
        Failure::new(
            gg_status::GG_ERR_UTF8,
            "utf8",
            format!(
                "argument `{arg}` is not valid UTF-8 (bad byte at offset {})",
                e.valid_up_to()
            ),
        )
    })
}

/// Writes `value` through an output pointer, checked for NULL.
///
/// # Safety
/// `out` is NULL or valid for one write.
pub(crate) unsafe fn put<T>(out: *mut T, arg: &str, value: T) -> Result<(), Failure> {
    if out.is_null() {
        return Err(Failure::null(arg));
    }
    // SAFETY: non-NULL and writable by the caller's contract.
    unsafe { out.write(value) };
    Ok(())
}

/// Writes JSON as a new string the caller frees with `gg_string_free`.
///
/// # Safety
/// `out` is NULL or valid for one write.
pub(crate) unsafe fn out_json(out: *mut *mut c_char, value: &Value) -> Result<(), Failure> {
    if out.is_null() {
        return Err(Failure::null("out"));
    }
    let s = to_cstring(value.to_string()).into_raw();
    // SAFETY: checked non-NULL above; writable by the caller's contract.
    unsafe { out.write(s) };
    Ok(())
}

/// Checks an output pointer before the work is done, so a NULL one fails without effects.
pub(crate) fn need<T>(out: *mut T) -> Result<(), Failure> {
    if out.is_null() {
        Err(Failure::null("out"))
    } else {
        Ok(())
    }
}

/// The last failure on this thread as a line of English (`"illegal (rule 7.5.1): ..."`), or an
/// empty string when the last call succeeded. Valid until the next call on this thread; do not
/// free it.
#[unsafe(no_mangle)]
pub extern "C" fn gg_last_error_message() -> *const c_char {
    LAST.with(|last| match &*last.borrow() {
        Some(e) => e.message.as_ptr(),
        None => c"".as_ptr(),
    })
}

/// The last failure on this thread as JSON (`{"error": "illegal", "rule": "7.5.1", "reason":
/// "...", "message": "..."}`, the facade's error shape plus the message), or `"null"` when the
/// last call succeeded. Valid until the next call on this thread; do not free it.
#[unsafe(no_mangle)]
pub extern "C" fn gg_last_error_json() -> *const c_char {
    LAST.with(|last| match &*last.borrow() {
        Some(e) => e.json.as_ptr(),
        None => c"null".as_ptr(),
    })
}

/// The name of a status code (`"GG_ERR_ILLEGAL"`), or `"GG_UNKNOWN_STATUS"`. Static; do not free.
#[unsafe(no_mangle)]
pub extern "C" fn gg_status_name(status: i32) -> *const c_char {
    let name: &'static core::ffi::CStr = match status {
        0 => c"GG_OK",
        1 => c"GG_ERR_NULL",
        2 => c"GG_ERR_UTF8",
        3 => c"GG_ERR_JSON",
        4 => c"GG_ERR_UNKNOWN_SYSTEM",
        5 => c"GG_ERR_NOT_IMPLEMENTED",
        6 => c"GG_ERR_UNKNOWN_SCENARIO",
        7 => c"GG_ERR_DATA",
        8 => c"GG_ERR_ILLEGAL",
        9 => c"GG_ERR_INDEX",
        10 => c"GG_ERR_SIDE",
        11 => c"GG_ERR_BAD_SAVE",
        12 => c"GG_ERR_PANIC",
        13 => c"GG_ERR_BAD_POSITION",
        _ => c"GG_UNKNOWN_STATUS",
    };
    name.as_ptr()
}
