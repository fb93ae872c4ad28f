#!/usr/bin/env bash
# The optional signing step, tried with a throw-away certificate made here: build.sh's
# `sign` (osslsigncode) signs a copy of each built program and of the installer, and
# osslsigncode verifies each signature against that certificate. Run by `./tk test` after
# build.sh; no real certificate is needed or used.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Tablekeeper test signing" \
  -addext "extendedKeyUsage=codeSigning" -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
for file in target/windows/tablekeeper.exe target/windows/tablekeeper-app.exe \
  target/windows/Tablekeeper-*-setup.exe; do
  copy="$work/$(basename "$file")"
  osslsigncode sign -certs "$work/cert.pem" -key "$work/key.pem" -h sha256 -n Tablekeeper \
    -in "$file" -out "$copy" >/dev/null
  osslsigncode verify -CAfile "$work/cert.pem" -in "$copy" >"$work/verify.txt" 2>&1 \
    || { cat "$work/verify.txt" >&2; echo "signing: $(basename "$file") does not verify" >&2; exit 1; }
done
echo "signing: a throw-away certificate signed and verified every Windows program and the installer"
