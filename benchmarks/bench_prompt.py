"""Benchmark: `ralphy prompt` on a project with 2,000 agents and 5,000 tasks (issue 10, point 7: at most 0.5 s).

    .venv/bin/python benchmarks/bench_prompt.py [--agents 2000] [--tasks 5000] [--repeat 5] [--profile]
        [--compare OTHER_CHECKOUT]

The agents are cycled from tests/data/agent-corpus (real files, renamed to be unique), the tasks are 5,000
checkbox items in 250 groups. Measured: the whole program (`python -m ralphy prompt DIR > /dev/null`, a fresh
process each time, as the user runs it) with the agents' routing terms cache (``ralphy.agents.term_cache``, in a
throwaway XDG_CACHE_HOME) **cold** (emptied before each run) and **warm** (left by the previous run); as
baselines in the same run, alternately, `python -c "import click"` (the interpreter's own start-up) and a
fresh process that only reads the same files (every agent file and TASKS.md, raw bytes). Also **warm, new
terms**: the cache holds every agent's entry but no term's holders (as after a prompt for other tasks), so the
prompt reads every entry once. Reported: best and median of each (wall-clock until the process exited and CPU
time; for cold and warm also until its stdout ended: ``ralphy prompt`` writes the terms cache after the prompt
is out, as ``ralphy dev`` writes it after the turn), the median differences, and the ratios of the medians.
PYTHONDONTWRITEBYTECODE is dropped for the runs (ralphy's modules compiled once, as an installed package's are;
`--source-each-run` keeps it). `--compare DIR` also times another checkout of ralphy (e.g. main's, for
before/after in the same run), cold and warm (its own cache), alternating with this one; both then run with
`python -S` and PYTHONPATH naming the checkout and this interpreter's site-packages, so the editable install does
not pick the code. `--profile` prints the top of a cProfile of one in-process DevAgent(...).build_prompt().
"""

from __future__ import annotations

import argparse
import resource
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


CPU: dict[str, list[float]] = {}  # label -> CPU seconds (user + system) of each run of it
OUT: dict[str, list[float]] = {}  # label -> seconds until the run's stdout ended (the prompt is all out)


def timed(argv: list[str], cwd: Path, env: dict[str, str] | None = None, label: str = "") -> float:
    """The wall-clock time of one run of ``argv`` until it exited (its CPU time goes to ``CPU[label]``, the
    time until its stdout ended, as a reader of the prompt sees it, to ``OUT[label]``)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=errors, env=env)
        assert proc.stdout is not None
        while proc.stdout.read(1 << 16):
            pass
        out = time.perf_counter() - start
        proc.wait()
        elapsed = time.perf_counter() - start
        errors.seek(0)
        stderr = errors.read()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {stderr.decode()[-500:]}")
    CPU.setdefault(label, []).append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    OUT.setdefault(label, []).append(out)
    return elapsed


RAW_READ = """import os, sys
total = 0
for top in sys.argv[1:]:
    paths = [os.path.join(root, name) for root, _, files in os.walk(top) for name in files] or [top]
    for path in paths:
        with open(path, "rb") as handle:
            total += len(handle.read())
print(total)
"""


def line(label: str, runs: list[float], cpu: list[float]) -> str:
    return (f"{label:<34} best {min(runs):.3f}s  median {statistics.median(runs):.3f}s   "
            f"CPU best {min(cpu):.3f}s  median {statistics.median(cpu):.3f}s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, default=2000)
    parser.add_argument("--tasks", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--source-each-run", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE: every run compiles ralphy's modules from source")
    parser.add_argument("--compare", type=Path, default=None, help="another checkout to time alternately")
    args = parser.parse_args()
    import os
    import shutil
    import sysconfig

    with tempfile.TemporaryDirectory() as tmp:
        project = make_project(Path(tmp) / "project", args.agents, args.tasks)
        cache = Path(tmp) / "xdg-cache"
        env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
        if not args.source_each_run:  # as installed: ralphy's modules compiled once (pip writes their .pyc)
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        python = [sys.executable]
        if args.compare is not None:
            site = sysconfig.get_paths()["purelib"]
            python = [sys.executable, "-S"]
            env["PYTHONPATH"] = f"{ROOT}{os.pathsep}{site}"
            other_env = {**env, "PYTHONPATH": f"{args.compare.resolve()}{os.pathsep}{site}",
                         "XDG_CACHE_HOME": str(Path(tmp) / "xdg-cache-other")}  # its own cache, kept warm
            click = [*python, "-c", f"import sys; sys.path.append({site!r}); import click"]
        else:
            click = [*python, "-c", "import click"]
        prompt = [*python, "-m", "ralphy", "prompt", str(project)]
        raw = [*python, "-c", RAW_READ, str(project / ".claude" / "agents"), str(project / "TASKS.md")]

        def cold() -> float:
            shutil.rmtree(cache, ignore_errors=True)
            return timed(prompt, project, env, "cold")

        def new_terms() -> float:
            import sqlite3

            for path in cache.rglob("*.sqlite"):  # the entries stay, the terms' holders go
                with sqlite3.connect(path) as db:
                    db.execute("DELETE FROM postings")
                db.close()
            return timed(prompt, project, env, "new terms")

        timed(prompt, project, env)  # warm the file cache once
        if args.compare is not None:
            timed(prompt, project, other_env)
        load_before = os.getloadavg()[0]
        results: dict[str, list[float]] = {"cold": [], "warm": [], "new terms": [], "click": [], "raw": [], "other": [],
                                           "other cold": []}
        for _ in range(args.repeat):
            results["click"].append(timed(click, project, env, "click"))
            results["raw"].append(timed(raw, project, env, "raw"))
            results["cold"].append(cold())
            results["warm"].append(timed(prompt, project, env, "warm"))
            results["new terms"].append(new_terms())
            timed(prompt, project, env)  # the terms' holders stored again for the next warm run
            if args.compare is not None:
                shutil.rmtree(other_env["XDG_CACHE_HOME"], ignore_errors=True)
                results["other cold"].append(timed(prompt, project, other_env, "other cold"))
                results["other"].append(timed(prompt, project, other_env, "other"))
        median = {name: statistics.median(runs) for name, runs in results.items() if runs}
        print(f"project: {args.agents} agents, {args.tasks} tasks ({(project / 'TASKS.md').stat().st_size} bytes), "
              f"{args.repeat} runs each, alternating; python {sys.version.split()[0]}, "
              f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after; "
              f"{'modules compiled every run' if 'PYTHONDONTWRITEBYTECODE' in env else 'bytecode written once'}")
        if args.compare is not None:
            print(line(f"{args.compare}, cold cache:", results["other cold"], CPU["other cold"]))
            print(line(f"{args.compare}, warm cache:", results["other"], CPU["other"]))
        print(line("ralphy prompt, cold cache:", results["cold"], CPU["cold"]))
        print(f"{'  the prompt out (stdout ended):':<34} best {min(OUT['cold']):.3f}s  median {statistics.median(OUT['cold']):.3f}s")
        print(line("ralphy prompt, warm cache:", results["warm"], CPU["warm"]))
        print(f"{'  the prompt out (stdout ended):':<34} best {min(OUT['warm']):.3f}s  median {statistics.median(OUT['warm']):.3f}s")
        print(line("ralphy prompt, warm, new terms:", results["new terms"], CPU["new terms"]))
        print(line("python -c 'import click':", results["click"], CPU["click"]))
        print(line("python reading the same files:", results["raw"], CPU["raw"]))
        for name in ("cold", "warm", "new terms", "other cold", "other") if args.compare is not None else ("cold", "warm", "new terms"):
            print(f"{name}: {median[name] - median['click']:.3f}s over import click, "
                  f"{median[name] / median['click']:.1f}x import click, {median[name] / median['raw']:.1f}x the raw read")
        if args.profile:
            import cProfile
            import pstats

            from ralphy.agents import DevAgent

            os.environ["XDG_CACHE_HOME"] = str(cache)
            profile = cProfile.Profile()
            profile.enable()
            DevAgent(project).build_prompt()
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
