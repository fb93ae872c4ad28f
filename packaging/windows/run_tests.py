"""Runs the Windows test binaries cargo built (its JSON artifact lines, argv[1]) of the
crates named (argv[2:], `engine` for tablekeeper-engine) under Wine, each in its crate's
folder as `cargo test` runs it, and adds their results up. Exits non-zero if any failed."""

import json
import os
import re
import subprocess
import shutil
import sys
import tempfile
import time

RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wine", "run")
RESULT = re.compile(r"test result: (\w+)\. (\d+) passed; (\d+) failed; (\d+) ignored")
# One test binary may take this long under Wine on this 2-core machine: a crate's
# integration tests are one binary (the commands crate's took about two minutes); a hung
# one must not eat the CI run.
TIMEOUT_S = 600
# Test binaries that run in the Linux run only. The print crate's two read every PDF back
# with Linux programs (poppler, zbar), which Wine cannot start for a Windows program (the
# Windows build prints too: --selftest's Japanese pairings and the CLI tests' printouts).
# The LAN attack test bounds the phones' latency under attack at 50 ms, a figure of the
# machine, not of the code: under Wine every socket call is a round trip to wineserver and
# the attackers' process cannot be given a lower priority, so it measures Wine.
LINUX_ONLY = {
    ("tablekeeper-print", "documents"): "reads PDFs with pdftotext and pdftoppm (poppler)",
    ("tablekeeper-print", "wall_sheets"): "reads codes with pdftoppm and zbarimg",
    ("tablekeeper-lan", "hostile"): "latency bounds under attack measure Wine's sockets",
}

artifacts_file, wanted = sys.argv[1], {f"tablekeeper-{c}" for c in sys.argv[2:]}
binaries = []
for line in open(artifacts_file, encoding="utf-8"):
    if not line.startswith("{"):
        continue
    artifact = json.loads(line)
    if artifact.get("reason") != "compiler-artifact" or not artifact["profile"]["test"]:
        continue
    if not artifact.get("executable"):
        continue
    package = artifact["package_id"].split("#")[-1].split("@")[0]
    package = package.rsplit("/", 1)[-1]
    if (package, artifact["target"]["name"]) in LINUX_ONLY:
        why = LINUX_ONLY[(package, artifact["target"]["name"])]
        print(f"windows: {package} {artifact['target']['name']}: Linux run only ({why})")
        continue
    if package in wanted:
        binaries.append((package, artifact["target"]["name"], artifact["executable"],
                         os.path.dirname(artifact["manifest_path"])))

# The TypeScript bindings the commands' tests export are the Linux run's to write and
# commit; here they go to a scratch folder (cargo sets this variable only under `cargo test`).
scratch = tempfile.mkdtemp(prefix="tk-wine-bindings-")
environment = dict(os.environ, TS_RS_EXPORT_DIR=scratch)

passed = failed = ignored = 0
broken = []
def run_binary(executable, folder):
    """The binary's output and exit code (-1: it timed out)."""
    try:
        run = subprocess.run([RUNNER, executable], cwd=folder, env=environment, capture_output=True,
                             text=True, encoding="utf-8", errors="replace", timeout=TIMEOUT_S)
        return run.stdout + run.stderr, run.returncode
    except subprocess.TimeoutExpired as expired:
        return f"timed out after {TIMEOUT_S} s\n{expired.stdout or ''}", -1


for package, name, executable, folder in sorted(binaries):
    started = time.monotonic()
    output, code = run_binary(executable, folder)
    # Wine now and then fails to start a program at all: no output, at once. Such a binary
    # is started once more; a binary that ran and failed is never run again.
    if code not in (0, -1) and not output.strip():
        print(f"windows: {package} {name}: Wine did not start it (exit code {code}); starting it again",
              flush=True)
        output, code = run_binary(executable, folder)
    results = RESULT.findall(output)
    p = sum(int(r[1]) for r in results)
    f = sum(int(r[2]) for r in results)
    passed, failed, ignored = passed + p, failed + f, ignored + sum(int(r[3]) for r in results)
    seconds = time.monotonic() - started
    print(f"windows: {package} {name}: {p} passed, {f} failed ({seconds:.0f} s)", flush=True)
    if code != 0 or not results:
        broken.append(f"{package} {name}")
        sys.stdout.write(output[-6000:])
shutil.rmtree(scratch, ignore_errors=True)
print(f"windows: {len(binaries)} test binaries under Wine")
print(f"windows: {passed} passed, {failed} failed, {ignored} ignored")
if broken:
    print("windows: failed under Wine: " + ", ".join(broken), file=sys.stderr)
    sys.exit(1)
if not binaries:
    print("windows: no test binary found for " + " ".join(sorted(wanted)), file=sys.stderr)
    sys.exit(1)
