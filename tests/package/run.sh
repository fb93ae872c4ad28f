#!/usr/bin/env bash
# The installable package, tried as a store owner would get it:
#   1. bundles a .deb with Tauri's bundler from the binaries the test build made
#      (target/debug: nothing is compiled again; `./tk package` makes the release .deb),
#   2. installs it with apt, as root (CI runs as root),
#   3. starts the INSTALLED app (/usr/bin/tablekeeper-app) under Xvfb with an event file as
#      its argument, as a double-click does, and checks through WebDriver that the event is
#      open (and that a damaged file is refused with the app's message); runs the installed
#      CLI once,
#   4. removes the package and checks that none of its files is left.
# Needs: ui/node_modules (npm ci), target/debug/tablekeeper-app and target/debug/tablekeeper.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

for binary in target/debug/tablekeeper-app target/debug/tablekeeper; do
  [ -x "$binary" ] || { echo "package: $binary is missing; build first" >&2; exit 2; }
done

rm -rf target/debug/bundle/deb
# The debug binaries stand in for the release ones; the CLI is taken from target/debug too.
ui/node_modules/.bin/tauri bundle --debug --bundles deb --no-binary-patching \
  -c '{"bundle":{"linux":{"deb":{"files":{"/usr/bin/tablekeeper":"../target/debug/tablekeeper"}}}}}' \
  >/dev/null
deb=$(ls target/debug/bundle/deb/*.deb)
package=$(dpkg-deb -f "$deb" Package)
version=$(dpkg-deb -f "$deb" Version)
workspace_version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
[ "$version" = "$workspace_version" ] || { echo "package: version $version is not the workspace's $workspace_version" >&2; exit 1; }
echo "package: built $deb ($package $version, $(du -h "$deb" | cut -f1))"

# What the package must carry: the app, the CLI, the menu entry with the file type, the
# MIME type and the icon.
contents=$(dpkg-deb -c "$deb")
for expected in usr/bin/tablekeeper-app usr/bin/tablekeeper usr/share/applications/ \
  usr/share/mime/packages/tablekeeper.xml usr/share/icons/hicolor/; do
  grep -q "$expected" <<<"$contents" || { echo "package: $expected is not in the .deb" >&2; exit 1; }
done
desktop=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO --wildcards '*usr/share/applications/*.desktop')
grep -q '^MimeType=application/x-tablekeeper-event;' <<<"$desktop" || { echo "package: no file type in the menu entry" >&2; exit 1; }
grep -q '^Exec=tablekeeper-app %f' <<<"$desktop" || { echo "package: the menu entry does not pass the file" >&2; exit 1; }

if dpkg -s "$package" >/dev/null 2>&1; then as_root apt-get remove --purge -y -qq "$package" >/dev/null; fi
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$repo/$deb" >/dev/null
installed=$(dpkg -L "$package")
echo "package: installed $(wc -l <<<"$installed") paths"
tablekeeper --version

status=0
TABLEKEEPER_APP=/usr/bin/tablekeeper-app TABLEKEEPER_CLI=/usr/bin/tablekeeper \
  bash tests/e2e/run.sh package || status=$?

as_root apt-get remove --purge -y -qq "$package" >/dev/null
left=()
while IFS= read -r path; do
  # Folders shared with other packages (/usr, /usr/share/icons, …) stay; files must not.
  if [ -n "$path" ] && [ ! -d "$path" ] && [ -e "$path" ]; then left+=("$path"); fi
done <<<"$installed"
if [ ${#left[@]} -gt 0 ]; then
  echo "package: left after removal: ${left[*]}" >&2
  status=1
fi
[ "$status" = 0 ] && echo "package: installed, opened an event by its file, removed cleanly"
exit $status
