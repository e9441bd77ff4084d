#!/usr/bin/env bash
# Builds the C library (static and shared, sharing its compiled core with
# `cargo test --workspace`: see below), compiles tests/c/client.c against the committed
# header with gcc, runs it against both libraries (a whole Rossbach game through the fast path
# on the shared one) and once more under valgrind, which must report no error and no leak; then
# the bad-input suite (tests/c/bad_input.c over tests/fixtures/bad_input/cases.tsv), plainly and
# under valgrind.
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
out="$target/c"
mkdir -p "$out"

# The library is built as `cargo test --workspace` builds the core, so that ./test.sh's test
# step leaves only the library itself to compile: in the test profile (the dev one's settings
# under the name `cargo test` uses), and with one example selected so that cargo turns on the
# dev-dependencies' features as the tests do (some shared crates gain a feature from them).
# `cargo build -p grognard-ffi` alone compiled the core, serde and serde_json a second time.
# (grognard-py is left out: the tests do not build its library.)
cargo build --locked --profile test --workspace --exclude grognard-py --lib --example pg_speed \
    --quiet
lib="$target/debug"
flags=(-std=c11 -Wall -Wextra -Werror -pedantic -O1 -g -Iinclude)
gcc "${flags[@]}" tests/c/client.c "$lib/libgrognard.a" -lpthread -ldl -lm -o "$out/client_static"
gcc "${flags[@]}" tests/c/client.c -L"$lib" -lgrognard -Wl,-rpath,"$lib" -o "$out/client_shared"

gcc "${flags[@]}" tests/c/bad_input.c "$lib/libgrognard.a" -lpthread -ldl -lm -o "$out/bad_input"

fixture=tests/fixtures/cross/pg-training.json
cases=tests/fixtures/bad_input/cases.tsv
"$out/client_static" "$fixture" > "$out/static.log"
"$out/client_shared" "$fixture" pg/training pg/rossbach > "$out/shared.log"
"$out/bad_input" "$cases" "$PWD" > "$out/bad_input.log"

if ! command -v valgrind > /dev/null; then
  echo "tests/c: valgrind is missing (apt-get install -y valgrind)" >&2
  exit 1
fi
valgrind --quiet --error-exitcode=3 --leak-check=full --show-leak-kinds=definite,indirect,possible \
  --errors-for-leak-kinds=definite,indirect,possible \
  "$out/client_static" "$fixture" > "$out/valgrind.log" 2> "$out/valgrind.err" || {
  echo "tests/c: valgrind reported errors or leaks:" >&2
  cat "$out/valgrind.err" >&2
  exit 1
}
valgrind --quiet --error-exitcode=3 --leak-check=full --show-leak-kinds=definite,indirect,possible \
  --errors-for-leak-kinds=definite,indirect,possible \
  "$out/bad_input" "$cases" "$PWD" > "$out/bad_input_valgrind.log" 2> "$out/bad_input_valgrind.err" || {
  echo "tests/c: the bad-input suite failed under valgrind:" >&2
  cat "$out/bad_input_valgrind.err" >&2
  exit 1
}
echo "tests/c: C client passed (static, shared, valgrind: no errors, no leaks); $(cat "$out/bad_input.log")"
