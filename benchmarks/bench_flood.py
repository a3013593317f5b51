"""Benchmark: ralphy's memory while the Claude CLI floods its stdout.

    .venv/bin/python benchmarks/bench_flood.py [--mb 400]

A stand-in CLI (a Python script speaking just enough stream-json) answers the prompt with ``--mb`` MB of output,
then a ``result``, and ``ralphy.claude.driver.Session.run_turn`` reads it all, parsing each event as ``ralphy dev``
does; in the ``held`` cases ralphy handles nothing for the first 5 s after the ``init`` event (as while a question waits
for the user, or a terminal is paused). Four floods:

- ``lines``: 1 kB lines of a hook's output (``hook_response``, which ralphy reads and does not keep) as fast as
  the CLI can write them; ``lines, held``: the same while ralphy is held;
- ``events``: 1 kB assistant texts, each an event parsed and handed to ``on_event`` (until loose18 each was also kept
  in ``RunResult.events`` to the run's end, which grew with the text; now only the run's outline is kept);
- ``one line``: ``--mb`` MB with no newline, then the ``result``.

Each case runs in a fresh Python process; the figure is that process's peak resident memory (``ru_maxrss``)
against the same process having started a CLI that writes one event (the baseline), and the wall time.
Run it against another checkout (``PYTHONPATH=/path/to/checkout``, from outside this folder) to compare.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

CLI = """\
import json, sys
kind, mb = sys.argv[1], int(sys.argv[2])
sys.stdin.readline()
out = sys.stdout.buffer
out.write(b'{"type": "system", "subtype": "init", "session_id": "s1", "tools": [], "agents": []}\\n')
if kind in ("lines", "events"):
    line = json.dumps({"type": "system", "subtype": "hook_response", "hook_name": "SessionStart:startup",
                       "stdout": "x" * 900} if kind == "lines" else {"type": "assistant", "message": {
                       "id": "m1", "content": [{"type": "text", "text": "x" * 900}]}}).encode() + b"\\n"
    for _ in range(mb * 1_000_000 // len(line)):
        out.write(line)
elif kind == "one":
    chunk = b"y" * 1_000_000
    for _ in range(mb):
        out.write(chunk)
    out.write(b"\\n")
out.write(b'{"type": "result", "subtype": "success", "is_error": false, "result": "done", "session_id": "s1"}\\n')
out.flush()
sys.stdin.readline()
"""

CHILD = """\
import resource, sys, time
from ralphy.claude.driver import Session
cli, kind, mb, held = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
count = 0
def on_event(event):
    global count
    count += 1
    if held and count == 1:
        time.sleep(5)
began = time.monotonic()
session = Session.start([sys.executable, cli, kind, mb], cwd=".", env={"PATH": "/usr/bin:/bin"}, on_event=on_event)
result = session.run_turn("go", timeout=600)
assert result.result is not None and result.result.result == "done", result
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, time.monotonic() - began, count)
"""


def run(folder: Path, kind: str, mb: int, held: bool) -> tuple[float, float, int]:
    out = subprocess.run([sys.executable, "-c", CHILD, str(folder / "cli.py"), kind, str(mb), "1" if held else "0"],
                         cwd=folder, capture_output=True, text=True, check=True)
    peak, wall, events = out.stdout.split()
    return float(peak), float(wall), int(events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mb", type=int, default=400)
    args = parser.parse_args()
    import ralphy

    with tempfile.TemporaryDirectory(prefix="ralphy-flood-") as temp:
        folder = Path(temp)
        (folder / "cli.py").write_text(CLI)
        print(f"python {sys.version.split()[0]}, ralphy from {Path(ralphy.__file__).parent}, {args.mb} MB floods")
        base, _, _ = run(folder, "none", 0, False)
        print(f"  baseline (one event): peak {base:.0f} MiB")
        for label, kind, held in (("lines", "lines", False), ("lines, held", "lines", True),
                                  ("events", "events", False), ("events, held", "events", True),
                                  ("one line", "one", False)):
            peak, wall, events = run(folder, kind, args.mb, held)
            print(f"  {label:12} peak {peak:6.0f} MiB (+{peak - base:.0f}), {wall:5.1f} s, {events:,} events")


if __name__ == "__main__":
    main()
