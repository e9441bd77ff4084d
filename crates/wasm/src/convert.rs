//! Values across the boundary: checking JS arguments, JSON both ways, and errors as JS
//! `Error` objects.

use grognard::any::{Error, parse_json};
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// The largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// A facade error as a JS `Error` named `GrognardError`, with `code`, `rule` and `details`.
pub fn err(e: Error) -> JsValue {
    let js = js_sys::Error::new(&e.to_string());
    js.set_name("GrognardError");
    let details = serde_json::to_string(&e)
        .ok()
        .and_then(|text| js_sys::JSON::parse(&text).ok())
        .unwrap_or(JsValue::NULL);
    let rule = e.rule().map_or(JsValue::NULL, JsValue::from_str);
    for (key, value) in [
        ("code", JsValue::from_str(e.code())),
        ("rule", rule),
        ("details", details),
    ] {
        // Setting a property of a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&js, &JsValue::from_str(key), &value);
    }
    js.into()
}

/// A `bad_json` error about an argument (`what`) that is not what the call takes.
pub fn bad_input(what: &str, message: impl Into<String>) -> JsValue {
    err(Error::BadJson {
        what: what.into(),
        path: ".".into(),
        message: message.into(),
    })
}

fn type_name(v: &JsValue) -> String {
    if v.is_null() {
        return "null".into();
    }
    v.js_typeof().as_string().unwrap_or_else(|| "?".into())
}

/// A facade value as a plain JS value.
pub fn to_js(value: &Value) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(value)
        .map_err(|e| bad_input("result", format!("could not serialise: {e}")))?;
    js_sys::JSON::parse(&text).map_err(|_| bad_input("result", "JSON.parse refused the result"))
}

/// A facade result as a JS value or a thrown `GrognardError`.
pub fn out(result: Result<Value, Error>) -> Result<JsValue, JsValue> {
    to_js(&result.map_err(err)?)
}

/// A string argument.
pub fn text_arg(what: &str, v: &JsValue) -> Result<String, JsValue> {
    v.as_string()
        .ok_or_else(|| bad_input(what, format!("expected a string, found {}", type_name(v))))
}

/// An argument that is JSON: text as it is, anything else through `JSON.stringify`.
pub fn json_arg(what: &str, v: &JsValue) -> Result<String, JsValue> {
    if let Some(text) = v.as_string() {
        return Ok(text);
    }
    if v.is_undefined() || v.is_function() || v.is_symbol() || v.is_bigint() {
        return Err(bad_input(
            what,
            format!("expected an object or JSON text, found {}", type_name(v)),
        ));
    }
    let text = js_sys::JSON::stringify(v)
        .map_err(|e| {
            let why = js_sys::Error::from(e).message();
            bad_input(what, format!("JSON.stringify failed: {why}"))
        })?
        .as_string()
        .ok_or_else(|| bad_input(what, "JSON.stringify gave nothing"))?;
    Ok(text)
}

/// An action as the caller gave it: JSON text for the facade's own parser (whose errors give
/// line and column), or a bare action name as a value.
pub enum ActionArg {
    /// JSON text (given as such, or what `JSON.stringify` made of an object).
    Text(String),
    /// A bare action name such as `end_move`, as a JSON string.
    Value(Value),
}

/// An action: an object, JSON text, or a bare action name such as `end_move`.
pub fn action_arg(v: &JsValue) -> Result<ActionArg, JsValue> {
    if let Some(text) = v.as_string() {
        return match parse_json::<Value>("action", &text) {
            Ok(_) => Ok(ActionArg::Text(text)),
            Err(_)
                if !text.is_empty()
                    && text
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
            {
                Ok(ActionArg::Value(Value::String(text)))
            }
            Err(e) => Err(err(e)),
        };
    }
    Ok(ActionArg::Text(json_arg("action", v)?))
}

/// A seed: a non-negative safe-integer number, or a BigInt in `0..2^64`.
pub fn seed_arg(v: &JsValue) -> Result<u64, JsValue> {
    if v.is_bigint() {
        let text = js_sys::BigInt::from(v.clone())
            .to_string(10)
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default();
        return text.parse::<u64>().map_err(|_| {
            bad_input(
                "seed",
                format!(
                    "the BigInt {text} is not in 0..2^64 (a seed is an unsigned 64-bit integer)"
                ),
            )
        });
    }
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && (0.0..=MAX_SAFE).contains(&x) => Ok(x as u64),
        Some(x) => Err(bad_input(
            "seed",
            format!("{x} is not a whole number in 0..=2^53-1; pass a BigInt for larger seeds"),
        )),
        None => Err(bad_input(
            "seed",
            format!("expected a number or a BigInt, found {}", type_name(v)),
        )),
    }
}

/// A whole number `>= 0` (an index, a count, a die value); numbers past `usize` saturate, so
/// the facade reports them as out of range.
pub fn index_arg(what: &str, v: &JsValue) -> Result<usize, JsValue> {
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x >= 0.0 => Ok(if x > usize::MAX as f64 {
            usize::MAX
        } else {
            x as usize
        }),
        Some(x) => Err(bad_input(what, format!("{x} is not a whole number >= 0"))),
        None => Err(bad_input(
            what,
            format!("expected a number, found {}", type_name(v)),
        )),
    }
}

/// A count (games, steps): as [`index_arg`].
pub fn count_arg(what: &str, v: &JsValue) -> Result<usize, JsValue> {
    index_arg(what, v)
}

/// A side number; the facade refuses any but 0 and 1 with `bad_side`.
pub fn side_arg(v: &JsValue) -> Result<u32, JsValue> {
    let n = index_arg("side", v)?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// A seed in an output: a JS number cannot hold integers above 2^53 - 1 exactly, so larger ones
/// become decimal strings (a saved game's `game.seed`, a simulation's `seed`).
pub fn seed_to_js(seed: &mut Value) {
    if let Some(n) = seed.as_u64().filter(|&n| n as f64 > MAX_SAFE) {
        *seed = Value::String(n.to_string());
    }
}

/// The inverse of [`seed_to_js`] on a saved game's text: `game.seed` given as a decimal string
/// becomes the number the facade reads. Other text passes unchanged (the facade reports it).
pub fn seed_from_js(text: &str) -> Result<String, JsValue> {
    let Ok(mut saved) = parse_json::<Value>("saved game", text) else {
        return Ok(text.to_string());
    };
    // `get_mut`, not indexing: indexing a non-object value by a key panics.
    let Some(seed) = saved.get_mut("game").and_then(|g| g.get_mut("seed")) else {
        return Ok(text.to_string());
    };
    let Some(n) = seed.as_str().map(str::parse::<u64>) else {
        return Ok(text.to_string());
    };
    *seed = n
        .map_err(|e| {
            err(Error::BadJson {
                what: "saved game".into(),
                path: "game.seed".into(),
                message: format!("not an unsigned 64-bit integer: {e}"),
            })
        })?
        .into();
    serde_json::to_string(&saved).map_err(|e| bad_input("saved game", e.to_string()))
}
