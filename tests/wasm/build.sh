#!/usr/bin/env bash
# Builds the wasm package for node (${CARGO_TARGET_DIR:-target}/wasm/node) and for browsers
# (web/pkg), installing the wasm target and the pinned wasm-bindgen CLI when they are missing.
# Run from anywhere; quiet unless something fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
BINDGEN_VERSION=0.2.130
target="${CARGO_TARGET_DIR:-target}"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown >/dev/null 2>&1
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $BINDGEN_VERSION" ]; then
    # An unoptimised build: it compiles in about half the time of a release one, and it still
    # processes our module in seconds (a cold CI run pays for this build every time).
    echo "installing wasm-bindgen-cli $BINDGEN_VERSION (a few minutes, once)" >&2
    cargo install -q --debug wasm-bindgen-cli --version "$BINDGEN_VERSION"
fi

cargo build -q --release --target wasm32-unknown-unknown -p grognard-wasm
wasm="$target/wasm32-unknown-unknown/release/grognard_wasm.wasm"
# wasm-bindgen only when the wasm changed since the last run.
stamp="$target/wasm/.stamp"
if [ ! -f "$stamp" ] || [ "$wasm" -nt "$stamp" ] || [ ! -f web/pkg/grognard_wasm.js ] \
    || [ ! -f "$target/wasm/node/grognard_wasm.js" ]; then
    wasm-bindgen --target nodejs --out-dir "$target/wasm/node" "$wasm"
    wasm-bindgen --target web --out-dir web/pkg "$wasm"
    touch "$stamp"
fi
