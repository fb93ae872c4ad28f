#!/usr/bin/env bash
# `./tk windows`: the Windows programs and their installer, built on this Linux machine.
#   target/windows/tablekeeper.exe                      the command line (a console program)
#   target/windows/tablekeeper-app.exe                  the app (no console window)
#   target/windows/WebView2Loader.dll                   beside the app, as installed
#   target/windows/Tablekeeper-<version>-setup.exe      the per-user installer (NSIS)
# All for x86_64-pc-windows-gnu, stripped, with MinGW's runtime linked in; the release
# profile, or the one TK_WINDOWS_PROFILE names (`./tk test` builds `wine`). With
# `--tests "store commands …"` it also builds those crates' test binaries, which `test.sh`
# runs under Wine, in the same cargo invocation (`windows_build_selection`), so nothing is
# compiled twice. Signing (optional): TK_SIGN_CERT (PEM or
# SPC) and TK_SIGN_KEY (PEM) sign every .exe with osslsigncode (docs/windows.md).
# Usage: build.sh [--tests "crate …"] [cargo arguments]
set -euo pipefail
cd "$(dirname "$0")/../.."
source packaging/windows/env.sh
tests=""
if [ "${1:-}" = --tests ]; then tests=$2; shift 2; fi

started=$SECONDS
# shellcheck disable=SC2086 # the crates are words
mapfile -t selection < <(windows_build_selection $tests)
"${WINDOWS_CARGO[@]}" "${selection[@]}" "$@"
echo "windows: cargo build ($WINDOWS_PROFILE${tests:+, with the test binaries of $tests}) took $((SECONDS - started)) s"

out=target/windows
stage=$out/stage
rm -rf "$stage"
mkdir -p "$stage"
cp "$WINDOWS_OUT/tablekeeper.exe" "$WINDOWS_OUT/tablekeeper-app.exe" \
  "$WINDOWS_OUT/WebView2Loader.dll" "$stage/"
cp icons/icon.ico packaging/windows/LICENSE.txt "$stage/"
python3 packaging/windows/third_party.py >"$stage/THIRD-PARTY-LICENSES.txt"

# Only DLLs every Windows 10/11 has, and the WebView2 loader shipped beside the app: a
# MinGW runtime DLL here would make the program fail to start on a shop's laptop.
for exe in "$stage"/*.exe; do
  imports=$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p')
  if grep -qiE '^(libgcc|libwinpthread|libstdc\+\+|libssp)' <<<"$imports"; then
    echo "windows: $(basename "$exe") needs MinGW's runtime DLLs:" $imports >&2
    exit 1
  fi
done

sign() {
  [ -n "${TK_SIGN_CERT:-}" ] && [ -n "${TK_SIGN_KEY:-}" ] || return 0
  local file=$1
  osslsigncode sign -certs "$TK_SIGN_CERT" -key "$TK_SIGN_KEY" -h sha256 \
    -n "Tablekeeper" -in "$file" -out "$file.signed" >/dev/null
  mv "$file.signed" "$file"
  echo "windows: signed $(basename "$file")"
}
sign "$stage/tablekeeper.exe"
sign "$stage/tablekeeper-app.exe"

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
setup="$out/Tablekeeper-$version-setup.exe"
size_kb=$(du -sk "$stage" | cut -f1)
makensis -V2 -DVERSION="$version" -DSTAGE="$(pwd)/$stage" -DOUT="$(pwd)/$setup" \
  -DSIZE_KB="$size_kb" packaging/windows/tablekeeper.nsi
sign "$setup"
cp "$stage/tablekeeper.exe" "$stage/tablekeeper-app.exe" "$stage/WebView2Loader.dll" "$out/"
ls -l "$out"/*.exe "$out"/*.dll | awk '{printf "windows: %s %d KiB\n", $NF, $5 / 1024}'
