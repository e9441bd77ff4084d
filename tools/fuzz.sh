#!/usr/bin/env bash
# Runs every cargo-fuzz target (fuzz/) in turn for SECONDS each (default 60), on nightly,
# starting from the seeds (examples/fuzz_seeds.rs and tests/fixtures/fuzz/<target>/) and the
# corpus kept under fuzz/corpus/ by earlier runs. Not part of CI: ./test.sh replays the kept
# inputs instead (tests/fuzz_regressions.rs, crates/ffi fuzz_regressions).
#
#   tools/fuzz.sh 600                 # every target, ten minutes each
#   tools/fuzz.sh 600 apply_json      # one target
#
# A crash is written to fuzz/artifacts/<target>/; copy it to tests/fixtures/fuzz/<target>/
# once fixed so that it stays fixed. A summary line per target goes to fuzz/runs.log.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(data_load apply_json c_api)

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo +nightly install cargo-fuzz
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/fuzz/target}"

cargo run --release --quiet --example fuzz_seeds -- fuzz/corpus
# The two targets over safe Rust run without a sanitizer (several times the executions a
# second); the C target keeps AddressSanitizer, whose leak checker also sees what it frees.
sanitizer() { [ "$1" = c_api ] && echo address || echo none; }

for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
    cp -n tests/fixtures/fuzz/"$t"/* "fuzz/corpus/$t/" 2>/dev/null || true
    log="fuzz/artifacts/$t/run.log"
    echo "==> $t for ${seconds}s (log $log)"
    status=0
    (cd fuzz && cargo +nightly fuzz run --sanitizer "$(sanitizer "$t")" "$t" "corpus/$t" -- \
        -max_total_time="$seconds" -max_len=65536 -timeout=30 -rss_limit_mb=4096 \
        -print_final_stats=1) >"$log" 2>&1 || status=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
    result=$([ "$status" -eq 0 ] && echo "no crash" || echo "CRASH (exit $status), see $log")
    line="$(date -u +%FT%TZ) $t seconds=$seconds executions=$execs coverage=$cov $result"
    echo "$line" | tee -a fuzz/runs.log
done
