//! Where each built-in file lives (docs/data-format.md, "Folder layout").
//!
//! The data root (`scenarios/` in the repository) holds one folder per system; a system's
//! folder holds its terrain file at the top and one folder per other kind:
//!
//! ```text
//! <system>/terrain.json              terrain    <system>/terrain
//! <system>/maps/<name>.json          map        <system>/<name>
//! <system>/counters/<name>.json      counters   <system>/<name>
//! <system>/charts/<name>.json        chart      <system>/<name>
//! <system>/scenarios/<name>.json     scenario   <system>/<name>
//! ```
//!
//! A file's name is its id without the system prefix, so a part is found from its id in one
//! step. The built-in library refuses a file out of its place, and `grognard validate` does the
//! same for a file whose path has the shape of the layout ([`name_in_layout`]).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::DataFile;
use super::common::{Kind, System};
use super::error::DataError;

/// The folder inside a system's folder that holds files of `kind` (`maps`, `counters`,
/// `charts`, `scenarios`); `None` for terrain, whose file sits at the top of the system's
/// folder.
pub fn kind_folder(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Terrain => None,
        Kind::Map => Some("maps"),
        Kind::Counters => Some("counters"),
        Kind::Chart => Some("charts"),
        Kind::Scenario => Some("scenarios"),
    }
}

/// The kind whose files the folder `name` holds inside a system's folder.
fn folder_kind(name: &str) -> Option<Kind> {
    Kind::ALL
        .into_iter()
        .find(|k| kind_folder(*k) == Some(name))
}

/// What the files of `kind` are called in messages.
fn plural(kind: Kind) -> &'static str {
    match kind {
        Kind::Terrain => "terrain files",
        Kind::Map => "maps",
        Kind::Counters => "counter sets",
        Kind::Chart => "charts",
        Kind::Scenario => "scenarios",
    }
}

/// The place of the file of the part `id` (of `system` and `kind`), relative to the data root:
/// `place_of(System::Pg, Kind::Map, "pg/rossbach")` is `"pg/maps/rossbach.json"`,
/// `place_of(System::Pg, Kind::Terrain, "pg/terrain")` is `"pg/terrain.json"`.
pub fn place_of(system: System, kind: Kind, id: &str) -> String {
    let prefix = format!("{}/", system.id());
    let tail = id.strip_prefix(&prefix).unwrap_or(id);
    match kind_folder(kind) {
        Some(folder) => format!("{}/{folder}/{tail}.json", system.id()),
        None => format!("{}/{tail}.json", system.id()),
    }
}

/// The components of a path written with `/` or `\`, without empty and `.` components.
fn components(path: &str) -> Vec<&str> {
    path.split(['/', '\\'])
        .filter(|c| !c.is_empty() && *c != ".")
        .collect()
}

/// The system and kind of the files a folder (relative to the data root) holds, if it is a
/// folder of the layout.
fn folder_holds(dir: &[&str]) -> Option<(System, Kind)> {
    match dir {
        [s] => Some((System::from_id(s)?, Kind::Terrain)),
        [s, f] => Some((System::from_id(s)?, folder_kind(f)?)),
        _ => None,
    }
}

/// Checks that `name`, a file's name relative to the data root (`/` or `\` between folders),
/// is the place of its part (see [`place_of`]). The error names the file, the folder it is in
/// and the place it belongs; its JSON path is the field that disagrees with the folder
/// (`kind`, `system`, or `id` for a file name that is not the id's).
pub fn check_place(name: &str, file: &DataFile) -> Result<(), DataError> {
    check_place_as(name, name, file)
}

/// [`check_place`] for the name `rel`, reporting the error under the file name `shown`.
pub(crate) fn check_place_as(shown: &str, rel: &str, file: &DataFile) -> Result<(), DataError> {
    let (system, kind, id) = (file.system(), file.kind(), file.id());
    let expected = place_of(system, kind, id);
    let comps = components(rel);
    if comps.join("/") == expected {
        return Ok(());
    }
    let (dir, file_name) = match comps.split_last() {
        Some((last, dir)) => (dir, *last),
        None => (&[][..], ""),
    };
    let want = components(&expected);
    let want_dir = want.split_last().map_or(&[][..], |(_, dir)| dir);
    let place = format!("{kind} {id:?} belongs in {expected} (docs/data-format.md, Folder layout)");
    if dir == want_dir {
        return Err(DataError::new(
            shown,
            "id",
            format!("the file name {file_name} is not the id's; {place}"),
        ));
    }
    let folder = format!("folder {}/", dir.join("/"));
    let (at, why) = match folder_holds(dir) {
        Some((s, _)) if s != system => (
            "system",
            format!("{folder} holds files of system {s}, not {system}"),
        ),
        Some((_, k)) => (
            "kind",
            format!("{folder} holds {}, not {}", plural(k), plural(kind)),
        ),
        None if dir.is_empty() => (
            ".",
            "the file is at the data root, outside any system's folder".to_string(),
        ),
        None => (
            ".",
            format!(
                "{folder} is not a folder of the layout (<system>/ holds the terrain file; \
                 <system>/maps/, counters/, charts/ and scenarios/ the other kinds)"
            ),
        ),
    };
    Err(DataError::new(shown, at, format!("{why}; {place}")))
}

/// The name relative to a data root of the file at `path`, when the path has the shape of the
/// layout: the part after the last `scenarios/<system>/` in it, or else its last three
/// components when they read `<system>/<kind folder>/<file>`. `None` for any other path (a
/// user's file outside such a tree is not held to the layout).
pub(crate) fn name_in_layout(path: &str) -> Option<String> {
    let comps = components(path);
    let n = comps.len();
    let root = (0..n.saturating_sub(2))
        .rev()
        .find(|&i| comps[i] == "scenarios" && System::from_id(comps[i + 1]).is_some());
    if let Some(i) = root {
        return Some(comps[i + 1..].join("/"));
    }
    if n >= 3 && folder_holds(&comps[n - 3..n - 1]).is_some() {
        return Some(comps[n - 3..].join("/"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{Library, parse_standalone};

    fn builtin(name: &str) -> DataFile {
        let (_, text) = Library::builtin_files()
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("no built-in {name}"));
        parse_standalone(name, text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn every_builtin_file_is_in_its_place() {
        for (name, text) in Library::builtin_files() {
            let file = parse_standalone(name, text).unwrap_or_else(|e| panic!("{e}"));
            check_place(name, &file).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                *name,
                place_of(file.system(), file.kind(), file.id()),
                "{name}"
            );
        }
    }

    #[test]
    fn places_of_each_kind() {
        assert_eq!(
            place_of(System::Pg, Kind::Terrain, "pg/terrain"),
            "pg/terrain.json"
        );
        assert_eq!(
            place_of(System::Pg, Kind::Map, "pg/rossbach"),
            "pg/maps/rossbach.json"
        );
        assert_eq!(
            place_of(System::Pg, Kind::Counters, "pg/rossbach-counters"),
            "pg/counters/rossbach-counters.json"
        );
        assert_eq!(
            place_of(System::Nbs, Kind::Chart, "nbs/fire-combat-table"),
            "nbs/charts/fire-combat-table.json"
        );
        assert_eq!(
            place_of(System::Nbs, Kind::Scenario, "nbs/austerlitz-1"),
            "nbs/scenarios/austerlitz-1.json"
        );
    }

    #[test]
    fn a_chart_under_maps_is_refused_naming_the_file_and_the_folder() {
        let chart = builtin("nbs/charts/fire-combat-table.json");
        let e = check_place("nbs/maps/fire-combat-table.json", &chart).expect_err("misplaced");
        assert_eq!(e.file, "nbs/maps/fire-combat-table.json");
        assert_eq!(e.path, "kind");
        assert!(e.message.contains("folder nbs/maps/ holds maps"), "{e}");
        assert!(
            e.message
                .contains("belongs in nbs/charts/fire-combat-table.json"),
            "{e}"
        );
        // Backslashes (a Windows path) read the same.
        let e = check_place("nbs\\maps\\fire-combat-table.json", &chart).expect_err("misplaced");
        assert!(e.message.contains("folder nbs/maps/"), "{e}");
        assert!(check_place("nbs\\charts\\fire-combat-table.json", &chart).is_ok());
    }

    #[test]
    fn misplaced_files_of_every_sort_are_refused() {
        let chart = builtin("pg/charts/crt.json");
        let terrain = builtin("pg/terrain.json");
        let map = builtin("pg/maps/rossbach.json");
        let cases: [(&str, &DataFile, &str, &str); 7] = [
            // A chart at the top of the system's folder, where only terrain goes.
            (
                "pg/crt.json",
                &chart,
                "kind",
                "folder pg/ holds terrain files",
            ),
            // The right kind folder of the wrong system.
            (
                "nbs/charts/crt.json",
                &chart,
                "system",
                "holds files of system nbs",
            ),
            // Terrain inside a kind folder.
            (
                "pg/charts/terrain.json",
                &terrain,
                "kind",
                "folder pg/charts/ holds charts",
            ),
            // A folder the layout does not have, or one level too deep.
            (
                "pg/extra/crt.json",
                &chart,
                ".",
                "not a folder of the layout",
            ),
            (
                "pg/charts/old/crt.json",
                &chart,
                ".",
                "not a folder of the layout",
            ),
            ("crt.json", &chart, ".", "the data root"),
            // The right folder, a file name that is not the id's.
            (
                "pg/maps/rossbach-map.json",
                &map,
                "id",
                "rossbach-map.json is not the id's",
            ),
        ];
        for (name, file, at, needle) in cases {
            let e = check_place(name, file).expect_err(name);
            assert_eq!((e.file.as_str(), e.path.as_str()), (name, at), "{e}");
            assert!(e.message.contains(needle), "{e}");
            assert!(e.message.contains("belongs in"), "{e}");
        }
    }

    #[test]
    fn a_misplaced_builtin_file_stops_the_library() {
        let (_, terrain) = Library::builtin_files()
            .iter()
            .find(|(n, _)| *n == "nbs/terrain.json")
            .expect("terrain");
        let (_, chart) = Library::builtin_files()
            .iter()
            .find(|(n, _)| *n == "nbs/charts/fire-combat-table.json")
            .expect("chart");
        let good = [
            ("nbs/terrain.json", *terrain),
            ("nbs/charts/fire-combat-table.json", *chart),
        ];
        assert!(Library::from_builtin_files(&good).is_ok());
        let bad = [
            ("nbs/terrain.json", *terrain),
            ("nbs/maps/fire-combat-table.json", *chart),
        ];
        let e = Library::from_builtin_files(&bad).expect_err("misplaced");
        assert_eq!(e.file, "nbs/maps/fire-combat-table.json");
        assert!(e.message.contains("folder nbs/maps/ holds maps"), "{e}");
    }

    #[test]
    fn paths_in_the_shape_of_the_layout() {
        let cases = [
            (
                "scenarios/pg/maps/rossbach.json",
                Some("pg/maps/rossbach.json"),
            ),
            (
                "/work/repo/scenarios/pg/scenarios/rossbach.json",
                Some("pg/scenarios/rossbach.json"),
            ),
            ("./scenarios/nbs/terrain.json", Some("nbs/terrain.json")),
            (
                "C:\\data\\scenarios\\nbs\\charts\\rally.json",
                Some("nbs/charts/rally.json"),
            ),
            ("scenarios/nbs/crt.json", Some("nbs/crt.json")),
            (
                "scenarios/nbs/charts/old/x.json",
                Some("nbs/charts/old/x.json"),
            ),
            ("mine/pg/charts/crt.json", Some("pg/charts/crt.json")),
            ("mine/pg/crt.json", None),
            ("tests/cli/good-map.json", None),
            ("good-map.json", None),
            ("scenarios/chess/maps/x.json", None),
        ];
        for (path, want) in cases {
            assert_eq!(name_in_layout(path).as_deref(), want, "{path}");
        }
    }
}
