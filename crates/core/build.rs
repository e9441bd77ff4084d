//! Compiles every JSON file under `scenarios/` (a folder per system, in it a folder per kind:
//! docs/data-format.md, Folder layout) into the library (see `data::Library::builtin`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "json") {
            println!("cargo:rerun-if-changed={}", p.display());
            out.push(p);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let root = manifest.join("../../scenarios");
    let mut files = Vec::new();
    if root.is_dir() {
        collect(&root, &mut files);
    } else {
        println!("cargo:rerun-if-changed={}", root.display());
    }
    let mut src = String::from(
        "/// Built-in data files: (name relative to scenarios/, text).\npub(super) static FILES: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap_or(f);
        let name: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let abs = fs::canonicalize(f).unwrap_or_else(|_| f.clone());
        writeln!(
            src,
            "    ({:?}, include_str!({:?})),",
            name.join("/"),
            abs.display().to_string()
        )
        .expect("write");
    }
    src.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR")).join("builtin_data.rs");
    fs::write(out, src).expect("write builtin_data.rs");
}
