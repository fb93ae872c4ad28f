#!/usr/bin/env bash
# The Windows build tried on Windows' terms, under Wine 8 (run by `./tk test` after
# `build.sh`; nothing is compiled here that build.sh did not already build):
#   1. the test binaries of the crates named (default: every crate that needs no window;
#      build.sh --tests with the same names built them) run as Windows programs, each in
#      its crate's folder as `cargo test` would run it;
#      the golden files they compare against are the ones the Linux run uses;
#   2. `--installer`: the installer, installed silently into a fresh Wine prefix; the
#      installed CLI's demo standings are the Linux CLI's, the installed app's --selftest
#      passes, .tkevent is registered, and the silent uninstall leaves the shop's events.
# Usage: test.sh [--crates "engine store …"] [--installer]
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
source packaging/windows/env.sh
wine=/usr/lib/wine/wine64
crates="engine store commands print lan cli words"
installer=false
while [ $# -gt 0 ]; do
  case "$1" in
    --crates) crates=$2; shift 2 ;;
    --installer) installer=true; shift ;;
    *) echo "usage: test.sh [--crates \"engine store …\"] [--installer]" >&2; exit 2 ;;
  esac
done

# One fresh prefix for this run, with a removable drive T: for the mirror test.
prefix=$(mktemp -d /tmp/tk-wine.XXXXXX)
stick=$(mktemp -d /tmp/tk-stick.XXXXXX)
cleanup() { WINEPREFIX=$prefix /usr/lib/wine/wineserver -k 2>/dev/null || true; rm -rf "$prefix" "$stick"; }
trap cleanup EXIT
export TK_WINEPREFIX=$prefix WINEPREFIX=$prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
started=$SECONDS
"$wine" wineboot -i >/dev/null 2>&1
/usr/lib/wine/wineserver -w
ln -s "$stick" "$prefix/dosdevices/t:"
echo "windows: a fresh Wine prefix in $((SECONDS - started)) s"

shim() { # the test aid beside the programs under test (never in the installer)
  local folder=$1
  [ -f "$folder/bcryptprimitives.dll" ] && return 0
  x86_64-w64-mingw32-gcc-posix -shared -O2 -o "$folder/bcryptprimitives.dll" \
    packaging/windows/wine/bcryptprimitives.c packaging/windows/wine/bcryptprimitives.def -ladvapi32
}

if [ -n "$crates" ]; then
  shim "$WINDOWS_OUT"
  shim "$WINDOWS_OUT/deps"
  # The test binaries as build.sh built them (a no-op build that lists its artifacts).
  mapfile -t selection < <(windows_build_selection $crates)
  "${WINDOWS_CARGO[@]}" "${selection[@]}" --message-format=json -q >target/win/artifacts.json
  started=$SECONDS
  before=$(git status --porcelain --untracked-files=all 2>/dev/null || true)
  TABLEKEEPER_TEST_DRIVE=T: python3 packaging/windows/run_tests.py target/win/artifacts.json $crates
  echo "windows: the tests under Wine took $((SECONDS - started)) s"
  # The Windows run writes nothing into the checkout (the Linux run owns the bindings).
  after=$(git status --porcelain --untracked-files=all 2>/dev/null || true)
  if [ "$before" != "$after" ]; then
    diff <(echo "$before") <(echo "$after") >&2 || true
    echo "windows: the tests under Wine changed the checkout" >&2
    exit 1
  fi
fi

if $installer; then
  version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
  setup=target/windows/Tablekeeper-$version-setup.exe
  [ -f "$setup" ] || { echo "windows: $setup is missing; run ./tk windows first" >&2; exit 2; }
  [ -x target/debug/tablekeeper ] || { echo "windows: the Linux CLI is missing; build it first" >&2; exit 2; }
  fail() { echo "windows installer: $*" >&2; exit 1; }
  user=$(ls "$prefix/drive_c/users" | grep -vx Public | head -1)
  home="$prefix/drive_c/users/$user"
  installed="$home/AppData/Local/Programs/Tablekeeper"
  "$wine" "$setup" /S
  /usr/lib/wine/wineserver -w
  for file in tablekeeper-app.exe tablekeeper.exe WebView2Loader.dll uninstall.exe LICENSE.txt; do
    [ -f "$installed/$file" ] || fail "$file was not installed in $installed"
  done
  [ -f "$home/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Tablekeeper.lnk" ] \
    || fail "no Start-menu entry"
  "$wine" reg query 'HKCU\Software\Classes\.tkevent' | grep -q Tablekeeper.Event \
    || fail ".tkevent is not registered"
  "$wine" reg query 'HKCU\Software\Classes\Tablekeeper.Event\shell\open\command' \
    | grep -q 'tablekeeper-app.exe" "%1"' || fail "double-click does not open the app"
  "$wine" reg query 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Tablekeeper' \
    | grep -q QuietUninstallString || fail "not listed in Apps & features"
  # What a shop does first: the demo, as the Linux CLI gives it.
  shim "$installed"
  documents="$home/Documents/Tablekeeper"
  mkdir -p "$documents"
  "$wine" "$installed/tablekeeper.exe" demo 'C:\users\'"$user"'\Documents\Tablekeeper\demo.tkevent' >/dev/null
  "$wine" "$installed/tablekeeper.exe" --json standings \
    'C:\users\'"$user"'\Documents\Tablekeeper\demo.tkevent' | tr -d '\r' >"$prefix/windows.json"
  linux=$(mktemp -d)
  TABLEKEEPER_HOME=$linux target/debug/tablekeeper demo "$linux/demo.tkevent" >/dev/null
  TABLEKEEPER_HOME=$linux target/debug/tablekeeper --json standings "$linux/demo.tkevent" >"$prefix/linux.json"
  # The printouts' words, as the Linux CLI prints them: the Windows program's PDFs read
  # here by poppler. Aside: the printing time on the footer, and the slips' report codes,
  # which each laptop derives from its own secret (and the spacing their widths move).
  words_of() {
    pdftotext -layout -enc UTF-8 "$1" - \
      | sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}/(time)/g;
                s/(Report code|報告コード|卓コード) +[A-Z0-9]+/\1 (code)/g; s/ +/ /g'
  }
  for document in pairings pairings-by-name slips standings; do
    for lang in en ja; do
      "$wine" "$installed/tablekeeper.exe" print --lang "$lang" \
        'C:\users\'"$user"'\Documents\Tablekeeper\demo.tkevent' "$document" \
        -o 'C:\users\'"$user"'\Documents\Tablekeeper\'"$document-$lang.pdf" >/dev/null
      TABLEKEEPER_HOME=$linux target/debug/tablekeeper print --lang "$lang" "$linux/demo.tkevent" \
        "$document" -o "$linux/$document-$lang.pdf" >/dev/null
      diff <(words_of "$documents/$document-$lang.pdf") <(words_of "$linux/$document-$lang.pdf") >&2 \
        || fail "the $document printout ($lang) says other words on Windows"
    done
  done
  rm -rf "$linux"
  python3 - "$prefix/windows.json" "$prefix/linux.json" <<'PY' || fail "the installed CLI's standings differ from Linux's"
import json, sys
windows, linux = (json.load(open(p)) for p in sys.argv[1:])
rows = lambda d: d.get("data", d).get("rows")
assert rows(windows) and rows(windows) == rows(linux), (rows(windows), rows(linux))
PY
  "$wine" "$installed/tablekeeper-app.exe" --selftest | tr -d '\r' >"$prefix/selftest.txt" \
    || { cat "$prefix/selftest.txt" >&2; fail "--selftest failed"; }
  grep -q '^ok phone-page$' "$prefix/selftest.txt" || fail "--selftest did not finish"
  # Without WebView2 (Wine has none) the installed app says so in the system's language,
  # in its own dialog, before any window is tried; a picture of each is kept.
  mkdir -p ci-artifacts/windows
  # A Wine session started without a display (the CLI's runs) would keep its windows off
  # the screen: each check starts its own.
  /usr/lib/wine/wineserver -k 2>/dev/null || true
  for case in "C.UTF-8|Tablekeeper cannot open its window|en" \
    "ja_JP.UTF-8|Tablekeeper のウィンドウを開けません|ja"; do
    IFS='|' read -r locale title name <<<"$case"
    # Only the app gets the shop's locale: xwininfo reads the titles in UTF-8.
    xvfb-run -a -s "-screen 0 1024x600x24" bash -c '
      LANG=$5 LC_ALL=$5 "$1" "$2" & app=$!
      for _ in $(seq 60); do
        xwininfo -root -tree 2>/dev/null | grep -qF "\"$3\"" && break
        sleep 0.5
      done
      xwininfo -root -tree | grep -qF "\"$3\"" && found=yes || found=no
      import -window root "$4" 2>/dev/null || true
      /usr/lib/wine/wineserver -k; wait $app 2>/dev/null
      [ $found = yes ]' _ "$wine" "$installed/tablekeeper-app.exe" "$title" \
      "ci-artifacts/windows/webview-missing-$name.png" "$locale" \
      || fail "no WebView2: the app did not say \"$title\" ($locale)"
  done
  # The uninstaller removes the program and never the shop's events.
  rm -f "$installed/bcryptprimitives.dll"
  "$wine" "$installed/uninstall.exe" /S
  /usr/lib/wine/wineserver -w
  [ ! -e "$installed/tablekeeper-app.exe" ] || fail "the uninstaller left the app"
  ! "$wine" reg query 'HKCU\Software\Classes\.tkevent' >/dev/null 2>&1 || fail "the file type stayed"
  [ -f "$documents/demo.tkevent" ] || fail "the uninstaller removed the shop's events"
  echo "windows: installer $(du -h "$setup" | cut -f1): installed, demo standings and printouts as on Linux, --selftest passed, WebView2 missing said in English and Japanese, uninstalled (events kept)"
fi
