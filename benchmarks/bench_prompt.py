"""Benchmark: `ralphy prompt` on a project with 2,000 agents and 5,000 tasks (issue 10, point 7: at most 0.5 s).

    .venv/bin/python benchmarks/bench_prompt.py [--agents 2000] [--tasks 5000] [--repeat 5] [--profile]
        [--compare OTHER_CHECKOUT]

The agents are cycled from tests/data/agent-corpus (real files, renamed to be unique), the tasks are 5,000
checkbox items in 250 groups. Measured: the whole program (`python -m ralphy prompt DIR > /dev/null`, a fresh
process each time, as the user runs it), and as the baseline in the same run `python -c "import click"` (the
interpreter's own start-up). Reported: best and median of each, and the median difference (what ralphy adds).
`--compare DIR` also times another checkout of ralphy (e.g. main's, for before/after in the same run),
alternating with this one; both then run with `python -S` and PYTHONPATH naming the checkout and this
interpreter's site-packages, so the editable install does not pick the code. `--profile` prints the top of a cProfile of one in-process DevAgent(...).build_prompt().
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_discovery import generate  # noqa: E402

from ralphy.testing import init_git_project  # noqa: E402

WORDS = ("parser", "cache", "login", "report", "export", "schema", "queue", "billing", "search", "upload")


def make_project(root: Path, agents: int, tasks: int) -> Path:
    init_git_project(root, commit=False)
    generate(root / ".claude" / "agents", agents)
    lines = []
    per_group = 20
    for g in range(tasks // per_group):
        lines.append(f"\n## Group {g}: {WORDS[g % len(WORDS)]} work\n")
        for t in range(per_group):
            word = WORDS[(g + t) % len(WORDS)]
            lines.append(f"- [{'x' if t < 5 else ' '}] {g + 1}.{t + 1} Implement the {word} step {t} of group {g}")
    (root / "TASKS.md").write_text("# Tasks\n" + "\n".join(lines) + "\n")
    return root


def timed(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr.decode()[-500:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, default=2000)
    parser.add_argument("--tasks", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--compare", type=Path, default=None, help="another checkout to time alternately")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = make_project(Path(tmp) / "project", args.agents, args.tasks)
        prompt = [sys.executable, "-m", "ralphy", "prompt", str(project)]
        baseline = [sys.executable, "-c", "import click"]
        if args.compare is not None:
            compare_runs = []
            import os
            import sysconfig

            site = sysconfig.get_paths()["purelib"]
            isolated = [sys.executable, "-S", "-m", "ralphy", "prompt", str(project)]
            baseline = [sys.executable, "-S", "-c", f"import sys; sys.path.append({site!r}); import click"]
            this_env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{site}"}
            other_env = {**os.environ, "PYTHONPATH": f"{args.compare.resolve()}{os.pathsep}{site}"}
            timed(isolated, project, this_env)
            timed(isolated, project, other_env)
        else:
            timed(prompt, project)  # warm the file cache once
        runs, bases = [], []
        for _ in range(args.repeat):
            bases.append(timed(baseline, project))
            if args.compare is not None:
                runs.append(timed(isolated, project, this_env))
                compare_runs.append(timed(isolated, project, other_env))
            else:
                runs.append(timed(prompt, project))
        print(f"project: {args.agents} agents, {args.tasks} tasks ({(project / 'TASKS.md').stat().st_size} bytes)")
        if args.compare is not None:
            print(f"ralphy prompt ({args.compare}): best {min(compare_runs):.3f}s  "
                  f"median {statistics.median(compare_runs):.3f}s")
        print(f"ralphy prompt:         best {min(runs):.3f}s  median {statistics.median(runs):.3f}s")
        print(f"python -c import click: best {min(bases):.3f}s  median {statistics.median(bases):.3f}s")
        print(f"ralphy's own time (median difference): {statistics.median(runs) - statistics.median(bases):.3f}s")
        if args.profile:
            import cProfile
            import pstats

            from ralphy.agents import DevAgent

            profile = cProfile.Profile()
            profile.enable()
            DevAgent(project).build_prompt()
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
