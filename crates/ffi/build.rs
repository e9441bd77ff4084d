//! Generates the C header with cbindgen into OUT_DIR (a unit test compares it with the
//! committed include/grognard.h); `GROGNARD_BLESS=1` also writes the committed copy.

use std::path::PathBuf;

fn main() {
    let crate_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("grognard.h");
    let version = std::env::var("CARGO_PKG_VERSION").unwrap();
    let mut parts = version.split('.');
    let mut next = || parts.next().unwrap_or("0").to_string();
    let (major, minor, patch) = (next(), next(), next());
    let macros = format!(
        "#define GG_VERSION_MAJOR {major}\n#define GG_VERSION_MINOR {minor}\n\
         #define GG_VERSION_PATCH {patch}\n#define GG_VERSION_STRING \"{version}\"\n"
    );
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
    let config = cbindgen::Config {
        after_includes: Some(macros),
        ..config
    };
    cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen could not read crates/ffi")
        .write_to_file(&out);
    if std::env::var_os("GROGNARD_BLESS").is_some() {
        let committed = crate_dir.join("../../include/grognard.h");
        std::fs::create_dir_all(committed.parent().unwrap()).unwrap();
        std::fs::copy(&out, committed).unwrap();
    }
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=GROGNARD_BLESS");
}
