#!/usr/bin/env bash
# Builds the wasm package for the web page and tests the page in headless Chromium
# (tests/web/page.test.mjs). Installs Chromium and playwright-core (pinned in package-lock.json)
# when they are missing (playwright-core again when package-lock.json is newer than the
# install). Quiet on success; the screenshot goes to
# ${CARGO_TARGET_DIR:-target}/web/screenshot.png.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    apt-get install -y nodejs npm >/dev/null
fi
if [ ! -x /usr/bin/chromium ]; then
    apt-get install -y chromium >/dev/null 2>&1 \
        || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }
fi
if [ ! -d tests/web/node_modules/playwright-core ] \
    || [ tests/web/package-lock.json -nt tests/web/node_modules/.package-lock.json ]; then
    (cd tests/web && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
tests/wasm/build.sh
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! node --test tests/web/ >"$log" 2>&1; then
    cat "$log"
    echo "tests/web: FAILED" >&2
    exit 1
fi
echo "tests/web: $(grep -E '^# (pass|fail) ' "$log" | tr '\n' ' ')(screenshot in ${CARGO_TARGET_DIR:-target}/web/screenshot.png)"
