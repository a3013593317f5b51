"""Benchmark: how long each Claude CLI version takes to start and to do one iteration of the demo, raw.

    .venv/bin/python benchmarks/bench_cli_versions.py [--repeat 7] [--versions 2.1.197 2.1.330]

For the pinned-CLI move (issue 17, point 4): is the new pin slower, and by how much, for the tests and CI? Each
version (installed under ~/.cache/ralphy/claude-code-<version>, as scripts/setup.sh does) runs, in turn, the
same plain `claude -p --output-format stream-json --verbose ...` as bench_dev_iteration.py's raw side, on a fresh
copy of examples/demo against the same scripted model (one group delegated, one done directly). Measured per run:
the time to the CLI's `init` line (start-up) and to its exit (the iteration). Versions alternate; one warm-up
round is dropped; medians are quoted as ratios against the first version, measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_dev_iteration import DEMO, fresh_project, plain  # noqa: E402

from ralphy.agents.dev_agent import DevAgent  # noqa: E402
from ralphy.claude.process import build_argv  # noqa: E402
from ralphy.config import load_config  # noqa: E402
from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env  # noqa: E402

CACHE = Path(os.environ.get("RALPHY_CLAUDE_CACHE", Path.home() / ".cache" / "ralphy"))


def one_run(claude: str, project: Path, env: dict[str, str]) -> tuple[float, float]:
    """(seconds to the init line, seconds to exit) of one raw `claude -p` iteration in ``project``."""
    config = load_config(DEMO, environ={"RALPHY_VERIFY_COMMAND": ""})  # no check: the CLI's own time only
    argv = plain(build_argv(claude, model=config.model, permission_mode=config.permission_mode,
                            allowed_tools=config.allowed_tools, max_turns=config.max_turns,
                            extra_args=config.extra_args))
    prompt = DevAgent(project).build_prompt()  # rendered before the clock starts
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            cwd=project, env=env)
    assert proc.stdin and proc.stdout
    proc.stdin.write(prompt.encode())
    proc.stdin.close()
    init_at = None
    saw_result = False
    for line in proc.stdout:
        if init_at is None and b'"subtype":"init"' in line:
            init_at = time.perf_counter() - start
        saw_result = saw_result or b'"type":"result"' in line
    proc.wait(timeout=300)
    total = time.perf_counter() - start
    assert init_at is not None and saw_result and "- [ ]" not in (project / "TASKS.md").read_text(), claude
    return init_at, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--versions", nargs="+", default=["2.1.197", "2.1.330"])
    args = parser.parse_args()
    os.environ["RALPHY_VERIFY_COMMAND"] = ""  # the demo's check is not the CLI's time (and needs `ralphy trust`)
    bins = {v: str(CACHE / f"claude-code-{v}" / "node_modules" / ".bin" / "claude") for v in args.versions}
    missing = [v for v, path in bins.items() if not os.access(path, os.X_OK)]
    assert not missing, f"not installed under {CACHE}: {', '.join(missing)}"
    starts: dict[str, list[float]] = {v: [] for v in args.versions}
    totals: dict[str, list[float]] = {v: [] for v in args.versions}
    with tempfile.TemporaryDirectory() as tmp, FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"})) as api:
        work = Path(tmp)
        for i in range(args.repeat + 1):  # the first round warms caches and is dropped
            for version, claude in bins.items():
                env = claude_env(api.url, work / f"home-{version}")
                init_at, total = one_run(claude, fresh_project(work, f"{version}-{i}"), env)
                if i:
                    starts[version].append(init_at)
                    totals[version].append(total)
    base = args.versions[0]
    print(f"repetitions: {args.repeat} (after one warm-up round), python {sys.version.split()[0]}, cores {os.cpu_count()}")
    for version in args.versions:
        s, t = statistics.median(starts[version]), statistics.median(totals[version])
        print(f"{version:>8}: init line median {s:.3f} s ({s / statistics.median(starts[base]):.2f}x), "
              f"iteration median {t:.3f} s ({t / statistics.median(totals[base]):.2f}x)")


if __name__ == "__main__":
    main()
