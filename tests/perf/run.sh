#!/usr/bin/env bash
# grognard from Python against OpenSpiel 2.0.2 (not part of ./test.sh): builds the module into
# ./.venv (as tests/py/run.sh does), installs open_spiel there if missing, runs tests/perf/bench.py.
# PERF_SECONDS sets the length of each measure (default 3); GROGNARD_VENV the virtualenv (as in
# tests/py/run.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="${GROGNARD_VENV:-$PWD/.venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/maturin" --version 2>/dev/null | grep -q '^maturin 1\.16\.' \
    || "$venv/bin/python" -m pip install -q --disable-pip-version-check 'maturin>=1.16,<1.17'
"$venv/bin/python" -c 'import pyspiel' 2>/dev/null \
    || "$venv/bin/python" -m pip install -q --disable-pip-version-check 'open_spiel==2.0.2'
env VIRTUAL_ENV="$venv" "$venv/bin/maturin" develop --release --quiet \
    --manifest-path crates/py/Cargo.toml --target-dir "${CARGO_TARGET_DIR:-target}/maturin"
"$venv/bin/python" tests/perf/bench.py
