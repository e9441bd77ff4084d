#!/usr/bin/env bash
# Builds the Python module `grognard` (crates/py) into ./.venv and runs its pytest suite.
# Runnable from anywhere on a fresh machine with python3 (and its venv module) and a Rust
# toolchain; the first run installs maturin, pytest and mypy into .venv, later runs only
# rebuild what changed. Prints the test summary, or everything when a step fails.
# Honours CARGO_TARGET_DIR (the module is built under "$CARGO_TARGET_DIR/maturin", apart from
# the workspace's own builds, so neither invalidates the other's pyo3 build) and GROGNARD_VENV
# (the virtualenv's directory instead of ./.venv; .ci/run keeps it outside the clone).
set -euo pipefail
cd "$(dirname "$0")/../.."

venv="${GROGNARD_VENV:-$PWD/.venv}"
py="$venv/bin/python"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# Runs a command silently; on failure shows its output and stops.
quiet() {
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "tests/py/run.sh: failed: $*" >&2
        exit 1
    fi
}

if [ ! -x "$py" ]; then
    quiet python3 -m venv "$venv"
fi

# Tools, each installed only when missing or at another version.
wanted=()
"$venv/bin/maturin" --version 2>/dev/null | grep -q '^maturin 1\.16\.' || wanted+=('maturin>=1.16,<1.17')
"$py" -c 'import pytest, sys; sys.exit(not pytest.__version__.startswith("9."))' 2>/dev/null \
    || wanted+=('pytest>=9,<10')
"$py" -c 'import mypy.stubtest' 2>/dev/null || wanted+=('mypy>=1.10')
if [ ${#wanted[@]} -gt 0 ]; then
    quiet "$py" -m pip install --disable-pip-version-check -q "${wanted[@]}"
fi

# The module, built in release mode and installed into the venv (editable: the Python sources
# under crates/py/python are used in place).
quiet env VIRTUAL_ENV="$venv" "$venv/bin/maturin" develop --release --quiet \
    --manifest-path crates/py/Cargo.toml \
    --target-dir "${CARGO_TARGET_DIR:-target}/maturin"

"$py" -m pytest -q tests/py
