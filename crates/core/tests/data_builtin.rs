//! Every built-in data file parses and validates.

use grognard::data::{self, Kind, Library, System};

#[test]
fn every_builtin_file_parses_alone() {
    assert!(!Library::builtin_files().is_empty());
    for (name, text) in Library::builtin_files() {
        if let Err(e) = data::parse_standalone(name, text) {
            panic!("{e}");
        }
    }
}

#[test]
fn builtin_library_loads_and_validates() {
    let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    lib.validate_all().unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn every_system_has_a_terrain_file() {
    let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    for s in System::ALL {
        let id = format!("{}/terrain", s.id());
        let t = lib.terrain(&id).unwrap_or_else(|| panic!("no {id}"));
        assert_eq!(t.system, s);
        assert!(!t.hex_terrain.is_empty() && !t.hexside_features.is_empty());
    }
    assert_eq!(lib.ids(Kind::Terrain).len(), 4);
}

#[test]
fn add_path_reads_a_user_file() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    lib.add_path(&dir.join("pg-test-crt.json"))
        .unwrap_or_else(|e| panic!("{e}"));
    let (file, builtin) = lib.source(Kind::Chart, "pg/test-crt").expect("loaded");
    assert!(file.ends_with("pg-test-crt.json") && !builtin);
    let e = lib
        .add_path(&dir.join("no-such-file.json"))
        .expect_err("missing file");
    assert!(e.message.contains("cannot read"), "{e}");
}
