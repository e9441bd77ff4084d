#!/usr/bin/env bash
# Builds the wasm package and runs the node tests (tests/wasm/*.test.mjs). Quiet on success.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v node >/dev/null; then
    apt-get install -y nodejs >/dev/null
fi
tests/wasm/build.sh
target="${CARGO_TARGET_DIR:-target}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! GROGNARD_WASM_NODE="$(realpath "$target/wasm/node")" \
    node --test tests/wasm/ >"$log" 2>&1; then
    cat "$log"
    echo "tests/wasm: FAILED" >&2
    exit 1
fi
echo "tests/wasm: $(grep -E '^# (pass|fail) ' "$log" | tr '\n' ' ')"
