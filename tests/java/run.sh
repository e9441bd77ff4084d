#!/usr/bin/env bash
# Compiles and runs the JNA client against the shared library (built by tests/c/run.sh or here).
# Needs a JDK (17+) and JNA: `apt-get install -y libjna-java` is done when the jar is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
out="$target/java"
jna=/usr/share/java/jna.jar
if [ ! -f "$jna" ]; then
  if [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjna-java > /dev/null
  else
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjna-java > /dev/null
  fi
fi
command -v javac > /dev/null || { echo "tests/java: a JDK (javac) is needed" >&2; exit 1; }
# Built as tests/c/run.sh builds it (sharing the core that `cargo test --workspace` compiled).
cargo build --locked --profile test --workspace --exclude grognard-py --lib --example pg_speed \
    --quiet
mkdir -p "$out"
javac -Xlint:all -Werror -cp "$jna" -d "$out" tests/java/GrognardClient.java
java -cp "$jna:$out" -Djna.library.path="$target/debug" GrognardClient \
  tests/fixtures/cross/pg-training.json > "$out/client.log" || { cat "$out/client.log"; exit 1; }
echo "tests/java: JNA client passed ($(grep -c . "$out/client.log") lines in $out/client.log)"
