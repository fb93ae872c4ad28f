#!/usr/bin/env bash
# End-to-end tests of the REAL Tablekeeper desktop app (Tauri v2 / WebKitGTK) through WebDriver.
#
# Assumes everything is already built; this script builds nothing:
#   - target/debug/tablekeeper-app  (cargo build -p tablekeeper-app; it embeds ui/dist, so run
#                                    `cd ui && npm run build` before that build)
#   - target/debug/tablekeeper      (cargo build -p tablekeeper-cli)
# Needs the Debian packages xvfb, xauth and webkit2gtk-driver (WebKitWebDriver), and Node 20+.
# (./tk test installs them, builds, then calls this script.)
#
#   bash tests/e2e/run.sh            # node --test tests/e2e/ under xvfb-run; non-zero on failure
#   bash tests/e2e/run.sh measure    # prints the JSON report of tests/e2e/measure.mjs
#   bash tests/e2e/run.sh package    # the installed app (see tests/package/run.sh)
#
# Every run uses a fresh temporary TABLEKEEPER_HOME (removed afterwards unless E2E_KEEP=1).
# Screenshots go to $E2E_ARTIFACTS (default ci-artifacts/screenshots/ in the repository).
# TABLEKEEPER_APP / TABLEKEEPER_CLI override the binaries.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

app=${TABLEKEEPER_APP:-$repo/target/debug/tablekeeper-app}
cli=${TABLEKEEPER_CLI:-$repo/target/debug/tablekeeper}
missing=0
for binary in "$app" "$cli"; do
  if [ ! -x "$binary" ]; then
    echo "e2e: $binary is missing; build it first (cargo build -p tablekeeper-app -p tablekeeper-cli)" >&2
    missing=1
  fi
done
for tool in node xvfb-run WebKitWebDriver; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "e2e: $tool is missing (Debian: nodejs, xvfb + xauth, webkit2gtk-driver)" >&2
    missing=1
  fi
done
[ "$missing" = 0 ] || exit 2

home=$(mktemp -d "${TMPDIR:-/tmp}/tablekeeper-e2e.XXXXXX")
cleanup() {
  if [ "${E2E_KEEP:-0}" = 1 ]; then echo "e2e: kept $home" >&2; else rm -rf "$home"; fi
}
trap cleanup EXIT

# The tests start WebKitWebDriver themselves (with TAURI_WEBVIEW_AUTOMATION=true and the app's
# TABLEKEEPER_HOME under $E2E_HOME); one X server for the whole run.
export E2E_HOME=$home
export TABLEKEEPER_HOME=$home/default-home
export E2E_ARTIFACTS=${E2E_ARTIFACTS:-$repo/ci-artifacts/screenshots}
export TABLEKEEPER_APP=$app TABLEKEEPER_CLI=$cli
# No PDF viewer, whatever this machine has installed: the app then says where it saved each
# PDF, the words the tests wait for. viewer.test.mjs gives the app a stand-in viewer and
# checks the other words.
export TABLEKEEPER_VIEWER=

xvfb=(xvfb-run -a -s "-screen 0 1280x1024x24")
case "${1:-test}" in
  test)
    mkdir -p "$E2E_ARTIFACTS"
    "${xvfb[@]}" node --test --test-concurrency=1 --test-reporter=spec ${E2E_ONLY:-tests/e2e/*.test.mjs}
    ;;
  measure)
    "${xvfb[@]}" node tests/e2e/measure.mjs
    ;;
  package)
    # The installed app (tests/package/run.sh sets TABLEKEEPER_APP to it).
    mkdir -p "$E2E_ARTIFACTS"
    "${xvfb[@]}" node --test --test-concurrency=1 --test-reporter=spec tests/e2e/package/
    ;;
  *)
    echo "usage: bash tests/e2e/run.sh [test|measure]" >&2
    exit 2
    ;;
esac
