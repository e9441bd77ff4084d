//! Reading a position: a state given as JSON by a caller (docs/json.md, "Positions"), strictly.
//!
//! A system's state types are derived with serde, which skips a field it does not know without
//! a word; a position set up by hand with a misspelt field would then start from defaults the
//! caller never meant. [`parse_position`] reads the state through `serde_ignored`, which
//! reports every field the types skipped, and refuses the first with its JSON path; a wrong
//! type or a missing field is reported with its path by `serde_path_to_error`.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::Error;

/// Reads `value` as a `T`, refusing unknown fields, wrong types and missing fields with their
/// JSON path (prefixed by `prefix`, e.g. `game.start`, when the state sits inside a larger
/// document). `what` names the input in the error (`"position"`).
pub fn parse_position<T: DeserializeOwned>(
    what: &str,
    prefix: &str,
    value: &Value,
) -> Result<T, Error> {
    let join = |path: &str| -> String {
        match (prefix.is_empty(), path == "." || path.is_empty()) {
            (true, true) => ".".into(),
            (true, false) => path.into(),
            (false, true) => prefix.into(),
            (false, false) => alloc::format!("{prefix}.{path}"),
        }
    };
    let mut ignored: Vec<String> = Vec::new();
    let parsed: Result<T, _> = serde_ignored::deserialize(value, |path| {
        ignored.push(render(&path));
    });
    match parsed {
        Ok(t) => match ignored.first() {
            None => Ok(t),
            Some(path) => {
                let field = path.rsplit(['.', '[']).next().unwrap_or(path).to_string();
                Err(Error::BadJson {
                    what: what.into(),
                    path: join(path),
                    message: alloc::format!("unknown field `{field}`"),
                })
            }
        },
        // The typed parse failed: read it again, tracking the path, for the error.
        Err(_) => match serde_path_to_error::deserialize::<_, T>(value) {
            Ok(_) => Err(Error::BadJson {
                what: what.into(),
                path: join("."),
                message: "the state does not read as this system's state".into(),
            }),
            Err(e) => Err(Error::BadJson {
                what: what.into(),
                path: join(&e.path().to_string()),
                message: e.inner().to_string(),
            }),
        },
    }
}

/// A path as `serde_path_to_error` writes it (`units[3].colour`), so that both kinds of error
/// name places alike.
fn render(path: &serde_ignored::Path<'_>) -> String {
    use serde_ignored::Path;
    match path {
        Path::Root => String::new(),
        Path::Seq { parent, index } => alloc::format!("{}[{index}]", render(parent)),
        Path::Map { parent, key } => {
            let head = render(parent);
            if head.is_empty() {
                key.clone()
            } else {
                alloc::format!("{head}.{key}")
            }
        }
        Path::Some { parent }
        | Path::NewtypeStruct { parent }
        | Path::NewtypeVariant { parent } => render(parent),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Inner {
        #[allow(dead_code)]
        a: u8,
    }

    #[derive(Debug, Deserialize)]
    struct Outer {
        #[allow(dead_code)]
        list: Vec<Inner>,
    }

    #[test]
    fn unknown_field_named_with_path() {
        let v = serde_json::json!({"list": [{"a": 1}, {"a": 2, "colour": 3}]});
        let e = parse_position::<Outer>("position", "", &v).unwrap_err();
        let Error::BadJson { path, message, .. } = e else {
            panic!("{e:?}")
        };
        assert_eq!(path, "list[1].colour");
        assert!(message.contains("`colour`"), "{message}");
    }

    #[test]
    fn wrong_type_named_with_path() {
        let v = serde_json::json!({"list": [{"a": "x"}]});
        let e = parse_position::<Outer>("position", "game.start", &v).unwrap_err();
        let Error::BadJson { path, .. } = e else {
            panic!("{e:?}")
        };
        assert_eq!(path, "game.start.list[0].a");
    }
}
