"""`ralphy mcp` start-up: how long a client waits for the answer to `initialize`, and for its first tool call.

    .venv/bin/python benchmarks/bench_mcp_start.py [--repeat 7] [--before DIR]

Each round starts a fresh process, writes `initialize` to its stdin and times the answer line (wall time, and
the CPU time the process had used by then, from /proc: on a loaded machine the wall time is mostly waiting for
a core, the CPU time is the work), then sends `notifications/initialized` and one `agent_recommend` call and
times that answer too (from the start). Two
projects: the 158 VoltAgent agents of the corpus and 15 of them. Baseline in the same run, alternating with
ralphy: the SDK alone (a `MCPServer` with one no-op tool over stdio), its floor for `initialize`. `--before DIR`
also times another checkout of ralphy (e.g. /work/main before a change) with the same Python.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VOLT = REPO.parent / "shared" / "agent-corpus" / "VoltAgent--awesome-claude-code-subagents" / "categories"
if not VOLT.is_dir():
    VOLT = REPO / "tests" / "data" / "agent-corpus" / "VoltAgent--awesome-claude-code-subagents" / "categories"

sys.path.insert(0, str(REPO / "benchmarks"))
from bench_mcp import NOOP_SERVER  # noqa: E402

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                         "clientInfo": {"name": "bench", "version": "1"}}}
CALL = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "agent_recommend", "arguments": {"task": "Write unit tests for the payment service"}}}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def once(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env)
    assert proc.stdin and proc.stdout
    proc.stdin.write(json.dumps(INITIALIZE) + "\n")
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    initialized = time.perf_counter() - start
    cpu = cpu_seconds(proc.pid)
    assert answer.get("id") == 1 and "result" in answer, answer
    proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
    proc.stdin.write(json.dumps(CALL) + "\n")
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    called = time.perf_counter() - start
    assert answer.get("id") == 2 and not answer["result"].get("isError"), answer
    proc.stdin.close()
    proc.wait(30)
    return initialized, called, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--before", type=Path, help="another ralphy checkout to time the same way")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-mcp-start-") as temp:
        projects = {}
        for name, count in (("158 agents", None), ("15 agents", 15)):
            agents = Path(temp, name.replace(" ", "-"), ".claude", "agents")
            agents.mkdir(parents=True)
            files = sorted(VOLT.rglob("*.md"))
            for path in files[:count] if count else files:
                shutil.copy(path, agents / path.name)
            projects[name] = agents.parent.parent
        noop = Path(temp, "noop.py")
        noop.write_text(NOOP_SERVER, encoding="utf-8")
        checkouts = {"ralphy (this checkout)": REPO, **({"ralphy (--before)": args.before} if args.before else {})}
        print(f"python {sys.version.split()[0]}; {args.repeat} rounds, alternating; load {os.getloadavg()[0]:.1f}")
        runs: dict[str, list[tuple[float, float, float]]] = {}
        for _ in range(args.repeat):
            runs.setdefault("SDK alone (baseline)", []).append(once([sys.executable, str(noop)], dict(os.environ)))
            for label, checkout in checkouts.items():
                env = {**os.environ, "PYTHONPATH": str(checkout), "CLAUDE_CONFIG_DIR": str(Path(temp, "config"))}
                for project_name, project in projects.items():
                    argv = [sys.executable, "-m", "ralphy", "mcp", str(project)]
                    runs.setdefault(f"{label}, {project_name}", []).append(once(argv, env))
        base = statistics.median(start for start, _, _ in runs["SDK alone (baseline)"])
        base_cpu = statistics.median(cpu for _, _, cpu in runs["SDK alone (baseline)"])
        for label, times in runs.items():
            initialize = statistics.median(start for start, _, _ in times)
            first = statistics.median(call for _, call, _ in times)
            cpu = statistics.median(cpu for _, _, cpu in times)
            print(f"{label}: initialize median {initialize * 1000:.0f} ms ({initialize / base:.2f}x the baseline), "
                  f"CPU by then {cpu * 1000:.0f} ms ({cpu / base_cpu:.2f}x); first agent_recommend answered at "
                  f"{first * 1000:.0f} ms")


if __name__ == "__main__":
    main()
