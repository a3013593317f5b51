"""Benchmark: one iteration of `ralphy dev` vs the raw `claude -p` on the same prompt, same fake server.

    .venv/bin/python benchmarks/bench_dev_iteration.py [--repeat 7]

Both sides start from a fresh copy of the same git project (examples/demo) and do the same work against the
same scripted model (ralphy.testing.DevScenario: one group delegated to tdd-orchestrator, one done directly,
TASKS.md completed): the raw side runs `claude -p --output-format stream-json --verbose ...` with the prompt
`ralphy prompt` renders on stdin, reading its output to the end; the ralphy side runs `ralphy dev --json` (one
iteration, which completes every task). A third side measures the pre-start gain: the same `ralphy dev` with
`--verify-command ""` (the same setting the environment already gives), a command line `ralphy.prestart` does
not recognise, so the CLI starts only once ralphy has loaded. Runs alternate; medians are compared (goal: at
most 1.10x). The CLI is $RALPHY_TEST_CLAUDE_BIN (else the pinned one).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ralphy.agents.dev_agent import DevAgent  # noqa: E402
from ralphy.claude.process import build_argv  # noqa: E402
from ralphy.config import load_config  # noqa: E402
from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, find_claude_cli, init_git_project  # noqa: E402

DEMO = ROOT / "examples" / "demo"
RALPHY = Path(sys.executable).parent / "ralphy"


def fresh_project(parent: Path, name: str) -> Path:
    project = parent / name
    shutil.copytree(DEMO, project)
    return init_git_project(project)


def raw_claude(project: Path, argv: list[str], env: dict[str, str]) -> float:
    prompt = DevAgent(project).build_prompt()  # rendered before the clock starts
    start = time.perf_counter()
    proc = subprocess.run(argv, input=prompt, cwd=project, env=env, capture_output=True, text=True, timeout=300)
    elapsed = time.perf_counter() - start
    assert '"type":"result"' in proc.stdout and "- [ ]" not in (project / "TASKS.md").read_text(), proc.stderr[-500:]
    return elapsed


def ralphy_dev(project: Path, env: dict[str, str], *extra: str) -> float:
    start = time.perf_counter()
    proc = subprocess.run([str(RALPHY), "dev", "--json", *extra, str(project)], env=env, capture_output=True,
                          text=True, timeout=300)
    elapsed = time.perf_counter() - start
    assert proc.returncode == 0 and '"status": "completed"' in proc.stdout, proc.stderr[-500:]
    return elapsed


def plain(argv: list[str]) -> list[str]:
    """``argv`` without the stream-json input and stdio permission flags ralphy's driver adds."""
    out, skip = [], False
    for i, arg in enumerate(argv):
        if skip:
            skip = False
            continue
        if arg in ("--input-format", "--permission-prompt-tool"):
            skip = True
            continue
        out.append(arg)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    claude = find_claude_cli()
    assert claude, "the Claude CLI is not installed (scripts/setup.sh installs it)"
    os.environ["RALPHY_VERIFY_COMMAND"] = ""  # the demo's check needs `ralphy trust`; its cost: bench_verify.py
    config = load_config(DEMO, environ={"RALPHY_VERIFY_COMMAND": ""})
    argv = build_argv(claude, model=config.model, permission_mode=config.permission_mode,
                      allowed_tools=config.allowed_tools, max_turns=config.max_turns, extra_args=config.extra_args)
    argv = plain(argv)  # the baseline is plain `claude -p`, prompt on stdin; ralphy drives stream-json both ways
    raw, dev, late = [], [], []
    with tempfile.TemporaryDirectory() as tmp, FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"})) as api:
        work = Path(tmp)
        env = claude_env(api.url, work / "home")
        env["RALPHY_CLAUDE_BIN"] = claude
        env["RALPHY_VERIFY_COMMAND"] = ""  # the raw side runs no check; ralphy's own cost: bench_verify.py
        for i in range(args.repeat + 1):  # the first pair warms caches and is dropped
            r = raw_claude(fresh_project(work, f"raw{i}"), argv, env)
            d = ralphy_dev(fresh_project(work, f"dev{i}"), env)
            n = ralphy_dev(fresh_project(work, f"late{i}"), env, "--verify-command", "")
            if i:
                raw.append(r)
                dev.append(d)
                late.append(n)
    med_raw, med_dev, med_late = statistics.median(raw), statistics.median(dev), statistics.median(late)
    print(f"repetitions: {args.repeat} (after one warm-up round), python {sys.version.split()[0]}, cores {os.cpu_count()}")
    print(f"claude: {claude}")
    print(f"raw claude -p:              median {med_raw:.3f} s, best {min(raw):.3f} s")
    print(f"ralphy dev:                 median {med_dev:.3f} s, best {min(dev):.3f} s")
    print(f"ralphy dev, no pre-start:   median {med_late:.3f} s, best {min(late):.3f} s")
    print(f"ratio (median ralphy dev / median raw claude -p): {med_dev / med_raw:.2f}x")
    print(f"ratio without the pre-start: {med_late / med_raw:.2f}x (the pre-start saves {med_late - med_dev:.3f} s)")
    print(f"best against best: ralphy dev {min(dev) / min(raw):.2f}x, without the pre-start {min(late) / min(raw):.2f}x")


if __name__ == "__main__":
    main()
