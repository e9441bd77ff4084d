//! `serde_json::Value` to Python objects and back, by hand.
//!
//! JSON has six kinds of value and the facade only ever hands out those, so the conversion is a
//! short match each way. Doing it here (rather than through a serde bridge) keeps the Python
//! side exactly the `json` module's: dicts with `str` keys, lists, `str`, `int`, `float`, `bool`
//! and `None`; and a Python object with no JSON form is refused with the place it was found.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

/// Deeper input than this is refused: it is either a mistake or a container holding itself,
/// which would otherwise recurse until the stack overflows.
const MAX_DEPTH: usize = 256;

/// The Python object for a JSON value.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else {
                PyFloat::new(py, n.as_f64().unwrap_or(f64::NAN)).into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// The JSON value of a Python object made of dicts (with `str` keys), lists, tuples, `str`,
/// `int`, `float`, `bool` and `None`. Anything else is a `TypeError`; an integer outside the
/// 64-bit range or a non-finite float is a `ValueError`.
pub fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    let mut path = String::from("$");
    convert(obj, &mut path, 0)
}

fn convert(obj: &Bound<'_, PyAny>, path: &mut String, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "value nested more than {MAX_DEPTH} deep at {path} (a container inside itself?)"
        )));
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    // `bool` before `int`: in Python a bool is an int.
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::from(i));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Value::from(u));
        }
        return Err(PyValueError::new_err(format!(
            "integer at {path} does not fit in 64 bits"
        )));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| {
                PyValueError::new_err(format!("{} at {path} has no JSON form", f.value()))
            });
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_str()?.to_owned()));
    }
    if let Ok(dict) = obj.cast::<PyDict>() {
        let mut map = Map::new();
        for (key, item) in dict.iter() {
            let Ok(key) = key.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!(
                    "dict key {} at {path} is not a str",
                    key.repr()?
                )));
            };
            let key = key.to_str()?.to_owned();
            let len = path.len();
            path.push('.');
            path.push_str(&key);
            let value = convert(&item, path, depth + 1)?;
            path.truncate(len);
            map.insert(key, value);
        }
        return Ok(Value::Object(map));
    }
    let items: Vec<Bound<'_, PyAny>> = if let Ok(list) = obj.cast::<PyList>() {
        list.iter().collect()
    } else if let Ok(tuple) = obj.cast::<PyTuple>() {
        tuple.iter().collect()
    } else {
        return Err(PyTypeError::new_err(format!(
            "{} at {path} has no JSON form (expected dict, list, tuple, str, int, float, bool \
             or None)",
            obj.get_type().name()?
        )));
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let len = path.len();
        path.push_str(&format!("[{i}]"));
        out.push(convert(item, path, depth + 1)?);
        path.truncate(len);
    }
    Ok(Value::Array(out))
}
