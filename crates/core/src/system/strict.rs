//! Reading a system's JSON strictly: a field the engine's types do not have is refused, never
//! skipped.
//!
//! Actions, saved-game records and data files refuse an unknown field through serde's
//! `deny_unknown_fields`. A system's state is a large tree of types owned by the system, and
//! serde's derive lets a field it does not know pass without a word: a saved game or a position
//! (docs/json.md, "Positions") edited by hand with a misspelt field would then play on from
//! defaults the caller never meant. [`parse_strict`], the one strict reader, reads the whole
//! input through `serde_ignored`, which reports every field the types skipped, and refuses the
//! first, naming the field and its JSON path. A wrong type or a missing field is refused with
//! its path as [`from_value`] reports it.

use alloc::string::String;
use alloc::vec::Vec;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::Error;
use super::game::from_value;

/// Reads `value` as a `T`, refusing unknown fields, wrong types and missing fields with their
/// JSON path, prefixed by `prefix` when the value sits inside a larger document (`"game"` for
/// the record of a saved game). `what` names the input in the error (`"saved game"`,
/// `"position"`): `bad saved game JSON at game.state.units[3].colour: unknown field `colour``.
pub fn parse_strict<T: DeserializeOwned>(
    what: &str,
    prefix: &str,
    value: &Value,
) -> Result<T, Error> {
    let mut first: Option<Vec<Seg>> = None;
    let parsed: Result<T, _> = serde_ignored::deserialize(value, |path| {
        if first.is_none() {
            let mut segs = Vec::new();
            segments(&path, &mut segs);
            first = Some(segs);
        }
    });
    match parsed {
        Ok(t) => match first {
            None => Ok(t),
            Some(segs) => {
                let field = match segs.last() {
                    Some(Seg::Key(k)) => k.clone(),
                    _ => String::new(),
                };
                Err(Error::BadJson {
                    what: what.into(),
                    path: join(prefix, &located(value, &segs)),
                    message: alloc::format!("unknown field `{field}`"),
                })
            }
        },
        // The typed read failed: read it again, tracking the path, for the error.
        Err(_) => Err(match from_value::<T>(what, value.clone()) {
            Ok(_) => Error::BadJson {
                what: what.into(),
                path: join(prefix, "."),
                message: alloc::format!("does not read as a {what}"),
            },
            Err(Error::BadJson {
                what,
                path,
                message,
            }) => Error::BadJson {
                what,
                path: join(prefix, &path),
                message,
            },
            Err(other) => other,
        }),
    }
}

/// One step of a JSON path.
#[derive(Clone, Debug)]
enum Seg {
    Key(String),
    Index(usize),
}

/// The steps of a path as `serde_ignored` gives it: object keys and list indices. It leaves
/// out the variant names of enums (`{"Cavalry": {...}}`), which [`located`] puts back.
fn segments(path: &serde_ignored::Path<'_>, out: &mut Vec<Seg>) {
    use serde_ignored::Path;
    match path {
        Path::Root => {}
        Path::Seq { parent, index } => {
            segments(parent, out);
            out.push(Seg::Index(*index));
        }
        Path::Map { parent, key } => {
            segments(parent, out);
            out.push(Seg::Key(key.clone()));
        }
        Path::Some { parent }
        | Path::NewtypeStruct { parent }
        | Path::NewtypeVariant { parent } => segments(parent, out),
    }
}

/// The path of `segs` in `value` as `serde_path_to_error` writes it (`state.units[3].colour`,
/// `.` for the root), so that both kinds of error name places alike: walking `value`, an
/// object of one key that does not hold the next step is an enum's variant, whose name the
/// path gets back.
fn located(value: &Value, segs: &[Seg]) -> String {
    let mut out = String::new();
    let key = |out: &mut String, k: &str| {
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(k);
    };
    let mut at = Some(value);
    for seg in segs {
        while let Some(Value::Object(m)) = at {
            let holds = match seg {
                Seg::Key(k) => m.contains_key(k),
                Seg::Index(_) => false,
            };
            match m.iter().next() {
                Some((variant, inner)) if !holds && m.len() == 1 => {
                    key(&mut out, variant);
                    at = Some(inner);
                }
                _ => break,
            }
        }
        match seg {
            Seg::Key(k) => {
                key(&mut out, k);
                at = at.and_then(|v| v.get(k));
            }
            Seg::Index(i) => {
                out.push_str(&alloc::format!("[{i}]"));
                at = at.and_then(|v| v.get(i));
            }
        }
    }
    if out.is_empty() { ".".into() } else { out }
}

/// `path` (`.` for the root) inside `prefix` (empty for none).
fn join(prefix: &str, path: &str) -> String {
    match (prefix.is_empty(), path == "." || path.is_empty()) {
        (true, true) => ".".into(),
        (true, false) => path.into(),
        (false, true) => prefix.into(),
        (false, false) if path.starts_with('[') => alloc::format!("{prefix}{path}"),
        (false, false) => alloc::format!("{prefix}.{path}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Inner {
        #[allow(dead_code)]
        a: u8,
    }

    #[derive(Debug, Deserialize)]
    enum Kind {
        Plain(#[allow(dead_code)] Inner),
        Record {
            #[allow(dead_code)]
            b: u8,
        },
    }

    #[derive(Debug, Deserialize)]
    struct Outer {
        #[allow(dead_code)]
        list: Vec<Inner>,
        #[allow(dead_code)]
        #[serde(default)]
        kinds: Vec<Kind>,
    }

    fn refused(v: &Value, prefix: &str) -> (String, String) {
        match parse_strict::<Outer>("position", prefix, v) {
            Err(Error::BadJson { path, message, .. }) => (path, message),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn unknown_field_named_with_path() {
        let v = serde_json::json!({"list": [{"a": 1}, {"a": 2, "colour": 3}]});
        assert_eq!(
            refused(&v, ""),
            (
                "list[1].colour".to_string(),
                "unknown field `colour`".to_string()
            )
        );
        let e = parse_strict::<Outer>("saved game", "game.state", &v).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad saved game JSON at game.state.list[1].colour: unknown field `colour`"
        );
    }

    #[test]
    fn unknown_field_in_a_variant_names_the_variant() {
        let v = serde_json::json!({"list": [], "kinds": [
            {"Plain": {"a": 1}},
            {"Record": {"b": 1, "c": 2}},
        ]});
        assert_eq!(refused(&v, "").0, "kinds[1].Record.c");
        let v = serde_json::json!({"list": [], "kinds": [{"Plain": {"a": 1, "z": 0}}]});
        assert_eq!(refused(&v, "game").0, "game.kinds[0].Plain.z");
    }

    #[test]
    fn wrong_type_named_with_path() {
        let v = serde_json::json!({"list": [{"a": "x"}]});
        let (path, message) = refused(&v, "game.start");
        assert_eq!(path, "game.start.list[0].a");
        assert!(
            message.starts_with("invalid type: string \"x\""),
            "{message}"
        );
    }

    #[test]
    fn missing_field_named_with_path() {
        let v = serde_json::json!({"list": [{}]});
        let (path, message) = refused(&v, "");
        assert_eq!(path, "list[0]");
        assert!(message.contains("missing field `a`"), "{message}");
    }
}
