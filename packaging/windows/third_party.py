"""The crates compiled into Tablekeeper's Windows programs and their licences, for
THIRD-PARTY-LICENSES.txt in the installer: every package the CLI and the app depend on for
x86_64-pc-windows-gnu (normal dependencies, not build or dev ones), from `cargo metadata`."""

import json
import subprocess

ROOTS = ("tablekeeper-cli", "tablekeeper-app")

metadata = json.loads(
    subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked",
         "--filter-platform", "x86_64-pc-windows-gnu"],
        check=True, capture_output=True, text=True,
    ).stdout
)
packages = {p["id"]: p for p in metadata["packages"]}
nodes = {n["id"]: n for n in metadata["resolve"]["nodes"]}
seen, todo = set(), [i for i, p in packages.items() if p["name"] in ROOTS]
while todo:
    current = todo.pop()
    if current in seen:
        continue
    seen.add(current)
    for dep in nodes[current]["deps"]:
        if any(kind["kind"] is None for kind in dep["dep_kinds"]):
            todo.append(dep["pkg"])

print("Tablekeeper is MIT-licensed (LICENSE.txt). It contains these crates, each under its")
print("own licence as published on crates.io:\n")
for package in sorted((packages[i] for i in seen if packages[i]["source"]),
                      key=lambda p: (p["name"], p["version"])):
    licence = package.get("license") or "see its license-file"
    print(f"{package['name']} {package['version']}: {licence}")
