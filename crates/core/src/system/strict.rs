//! Unknown fields in inputs whose types cannot say `#[serde(deny_unknown_fields)]` themselves.
//!
//! Actions, saved-game records and data files refuse a field they do not have through serde's
//! `deny_unknown_fields`. A system's state is a large tree of types owned by the system; a
//! saved game carries one, and serde's derive would skip an unknown field inside it without a
//! word. [`refuse_unknown_fields`] closes that gap for any type from outside: it writes the
//! parsed value back out, and every key of the input that the engine does not write at that
//! place is a candidate. A candidate is an unknown field when the type ignores it: with its
//! value replaced by a probe that no field of the engine's types accepts (a fraction; the
//! engine has no floats), the input still reads as the same value. A known field that the
//! engine leaves out when it holds its default (`"share": null`) reads the probe as an error
//! or as another value, so it is kept.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::Error;
use super::game::to_value;

/// How many candidates are probed before the input is taken as it is (each probe reads the
/// whole input again; the engine's own output has no candidates at all).
const MAX_PROBES: usize = 64;

/// One step of a JSON path.
#[derive(Clone, Debug)]
enum Seg {
    Key(String),
    Index(usize),
}

/// The path as `serde_path_to_error` writes it: `state.units[3].hex`, `.` for the root.
fn render(path: &[Seg]) -> String {
    let mut out = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Seg::Index(i) => out.push_str(&alloc::format!("[{i}]")),
        }
    }
    if out.is_empty() { ".".into() } else { out }
}

/// Every key of `input` absent from `written` at the same place, with the keys written there.
fn candidates(
    input: &Value,
    written: &Value,
    at: &mut Vec<Seg>,
    out: &mut Vec<(Vec<Seg>, Vec<String>)>,
) {
    match (input, written) {
        (Value::Object(i), Value::Object(w)) => {
            for (k, v) in i {
                at.push(Seg::Key(k.clone()));
                match w.get(k) {
                    Some(wv) => candidates(v, wv, at, out),
                    None => out.push((at.clone(), w.keys().cloned().collect())),
                }
                at.pop();
            }
        }
        (Value::Object(i), _) => {
            // The engine wrote no object here (`null` for an absent option, say): every key
            // of the input's object is a candidate.
            for k in i.keys() {
                at.push(Seg::Key(k.clone()));
                out.push((at.clone(), Vec::new()));
                at.pop();
            }
        }
        (Value::Array(i), Value::Array(w)) => {
            for (n, (v, wv)) in i.iter().zip(w).enumerate() {
                at.push(Seg::Index(n));
                candidates(v, wv, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

/// `input` with the value at `path` replaced by `probe`.
fn probed(input: &Value, path: &[Seg], probe: Value) -> Value {
    let mut v = input.clone();
    let mut at = &mut v;
    for seg in path {
        let next = match (seg, at) {
            (Seg::Key(k), Value::Object(m)) => m.get_mut(k),
            (Seg::Index(i), Value::Array(a)) => a.get_mut(*i),
            _ => None,
        };
        match next {
            Some(n) => at = n,
            None => return v,
        }
    }
    *at = probe;
    v
}

/// Refuses a field of `input` that reading it as `T` ignored: `parsed` is what `input` read
/// as. The error names the field and its JSON path (from the root of `input`, as serde's own
/// `unknown field` errors give it), e.g. `bad saved game JSON at state.units[3].colour: unknown
/// field `colour`, expected one of ...`.
pub fn refuse_unknown_fields<T: Serialize + DeserializeOwned>(
    what: &str,
    input: &Value,
    parsed: &T,
) -> Result<(), Error> {
    let written = to_value(parsed);
    let mut found = Vec::new();
    candidates(input, &written, &mut Vec::new(), &mut found);
    // A fraction no integer, string, list or record of the engine reads.
    let probe = serde_json::Number::from_f64(-0.5).map_or(Value::Null, Value::Number);
    for (path, known) in found.into_iter().take(MAX_PROBES) {
        let again: Result<T, _> = serde_json::from_value(probed(input, &path, probe.clone()));
        let ignored = again.is_ok_and(|t| to_value(&t) == written);
        if !ignored {
            continue;
        }
        let field = match path.last() {
            Some(Seg::Key(k)) => k.clone(),
            _ => String::new(),
        };
        let expected = if known.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = known.iter().map(|k| alloc::format!("`{k}`")).collect();
            alloc::format!(", expected one of {}", names.join(", "))
        };
        return Err(Error::BadJson {
            what: what.to_string(),
            path: render(&path),
            message: alloc::format!("unknown field `{field}`{expected}"),
        });
    }
    Ok(())
}
