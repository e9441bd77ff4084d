#!/usr/bin/env bash
# Runs every check of the project; on a fresh machine it first installs what they need.
# Honours CARGO_TARGET_DIR when it is set. GROGNARD_LONG_SOAK=1 runs the random-play tests'
# long soak (tests/pg_random.rs, tests/nbs_random.rs, tests/fontenoy_random.rs,
# tests/hov_random.rs) instead of their default game counts.
# What was built or installed before is kept and reused (the target directory, ./.venv or
# $GROGNARD_VENV, the wasm-bindgen CLI, playwright-core, the Debian packages); every check runs
# every time. .ci/run keeps the target directory and the virtualenv outside the clone.
set -euo pipefail
cd "$(dirname "$0")"

# Each step prints the seconds the previous one took, so a slow CI run shows where time went.
last=$SECONDS
step() {
    printf '\n==> [%ds, +%ds] %s\n' "$SECONDS" "$((SECONDS - last))" "$*"
    last=$SECONDS
}

step "toolchain: rustfmt, clippy and the no_std target"
have_component() { rustup component list --installed 2>/dev/null | grep -q "^$1"; }
for c in rustfmt clippy; do have_component "$c" || rustup component add "$c"; done
rustup target list --installed | grep -qx thumbv7em-none-eabihf || rustup target add thumbv7em-none-eabihf

step "cargo fmt --check"
cargo fmt --all --check

step "layers inside each system (tools/layers.py: docs/engine.md, Inside a system)"
python3 tools/layers.py

step "cargo clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "core builds without std for thumbv7em-none-eabihf (with the pg, nbs, fontenoy and hov rules; bare: checked)"
# The bare core is a subset of the full one, so a type check proves it; the full one is built,
# unoptimised (code generation is what a build proves beyond a check, at any level; opt-level
# 2, which the dev profile gives the core for the tests' sake, takes this build 2.5x as long).
cargo check -p grognard --no-default-features --target thumbv7em-none-eabihf --locked
cargo build -p grognard --no-default-features --features pg,nbs,fontenoy,hov --target thumbv7em-none-eabihf \
    --locked --config 'profile.dev.package."*".opt-level=0' \
    --config 'profile.dev.package.grognard.opt-level=0'

soak="default random-play soak"
case "${GROGNARD_LONG_SOAK:-0}" in
    0) ;;
    *) soak="long random-play soak (GROGNARD_LONG_SOAK)" ;;
esac
step "tests (the $soak)"
cargo test --workspace --locked

step "C client (gcc, static and shared library, valgrind)"
tests/c/run.sh

step "Java client (JNA)"
tests/java/run.sh

step "Python package (maturin into .venv, pytest)"
tests/py/run.sh

step "wasm package (wasm-bindgen for node and web, node --test)"
tests/wasm/run.sh

step "web page in headless Chromium (playwright-core)"
tests/web/run.sh

step "all checks passed"
