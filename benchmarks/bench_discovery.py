"""Benchmark: discover_agents over 1,000 agent files vs a raw open+read of the same files.

    .venv/bin/python benchmarks/bench_discovery.py [--files 1000] [--repeat 7]

Files are generated from tests/data/agent-corpus (real agents, renamed so each name is unique) into a temp
git repo. Both measurements run in the same process, alternately; the best and median of each are reported,
with the ratio of the medians (goal: at most 3x).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ralphy.agents.discovery import discover_agents  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "agent-corpus"
_NAME = re.compile(r"^name:.*$", re.M)


def generate(target: Path, count: int) -> list[Path]:
    """``count`` agent files cycled from the corpus's loadable agents, each with a unique name."""
    sources = [p.read_text(encoding="utf-8") for p in sorted(CORPUS.rglob("*.md"))]
    sources = [text for text in sources if text.startswith("---\n") and _NAME.search(text)]
    paths = []
    for i in range(count):
        text = _NAME.sub(f"name: agent-{i:04d}", sources[i % len(sources)], count=1)
        path = target / f"group-{i % 10}" / f"agent-{i:04d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def raw_read(paths: list[Path]) -> int:
    total = 0
    for path in paths:
        with open(path, "rb") as handle:
            total += len(handle.read())
    return total


def timed(func, *args) -> float:
    start = time.perf_counter()
    func(*args)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "repo"
        (repo / ".git").mkdir(parents=True)
        paths = generate(repo / ".claude" / "agents", args.files)
        loaded = len(discover_agents(repo).agents)
        assert loaded == args.files, f"expected {args.files} agents, got {loaded}"
        raw_read(paths)  # warm the page cache
        raw, disc = [], []
        for _ in range(args.repeat):
            raw.append(timed(raw_read, paths))
            disc.append(timed(discover_agents, repo))
    med_raw, med_disc = statistics.median(raw), statistics.median(disc)
    print(f"files: {args.files}, repetitions: {args.repeat}, python {sys.version.split()[0]}")
    print(f"raw open+read: median {med_raw * 1000:.1f} ms, best {min(raw) * 1000:.1f} ms")
    print(f"discover_agents: median {med_disc * 1000:.1f} ms, best {min(disc) * 1000:.1f} ms")
    print(f"ratio (median discovery / median raw read): {med_disc / med_raw:.1f}x")


if __name__ == "__main__":
    main()
