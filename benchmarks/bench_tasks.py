"""Benchmark: reading a 5,000-task file (load_tasks) vs a raw read of the same file, and duplicate ids.

    .venv/bin/python benchmarks/bench_tasks.py [--tasks 5000] [--repeat 7]

The file is built from the shapes of the real files in tests/data/tasks/files (spec-kit phases with [P]/[US]
markers, Kiro parents with sub-items and optional items, heading tasks with status lines and steps, plain
checklists), repeated with fresh ids up to --tasks tasks. Reported: the median and best time of
``load_tasks`` (goal: under 0.3 s for 5,000 tasks; its CPU time too, which a loaded machine inflates less
than the wall time), of a raw ``open().read()`` + ``splitlines()`` of the same
file as the baseline measured in the same run, their ratio, and the time to make 50,000 duplicate ids unique
(linear: it took minutes when it was quadratic).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ralphy.tasks import load_tasks, parse_tasks  # noqa: E402


def build(n_tasks: int) -> tuple[str, int]:
    """A task file mixing the shapes in the wild, with about ``n_tasks`` tasks; (text, tasks expected)."""
    parts, count, block = ["# Tasks: generated\n"], 0, 0
    while count < n_tasks:
        b = block
        parts.append(
            f"\n## Phase {b}: User Story {b} (Priority: P1)\n\n### Tests for User Story {b}\n"
            + "".join(f"- [{'X' if i % 3 == 0 else ' '}] T{b:03d}{i:02d} [P] [US{b}] Contract test {i} in tests/test_{b}_{i}.py\n" for i in range(10))
            + f"\n- [ ] {b + 1}. Kiro parent {b}\n"
            + "".join(f"  - [{'x' if i % 2 else ' '}]{'*' if i == 4 else ''} {b + 1}.{i} Sub-item {i}\n    - _Requirements: {b}.{i}_\n" for i in range(1, 6))
            + f"\n### Task {b}.9: Heading task\n**Status**: in progress\n- [x] **Step 1: Write the failing test**\n- [ ] **Step 2: Make it pass**\n"
            + f"\n## Chores {b}\n"
            + "".join(f"- [ ] TODO item {i} of block {b}\n" for i in range(4))
        )  # fmt: skip
        count += 10 + 5 + 1 + 4
        block += 1
    return "".join(parts), count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    text, expected = build(args.tasks)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "TASKS.md"
        path.write_text(text, encoding="utf-8")
        found = len(load_tasks(path).tasks)
        raw_times, load_times, load_cpu = [], [], []
        for _ in range(args.repeat):
            started = time.perf_counter()
            with open(path, encoding="utf-8") as handle:
                handle.read().splitlines()
            raw_times.append(time.perf_counter() - started)
            started, cpu = time.perf_counter(), time.process_time()
            load_tasks(path)
            load_times.append(time.perf_counter() - started)
            load_cpu.append(time.process_time() - cpu)
    duplicates = "## A\n" + "- [ ] 1.1 the same id\n" * 50_000
    started = time.perf_counter()
    unique = {t.id for t in parse_tasks(duplicates).tasks}
    dup_time = time.perf_counter() - started
    raw, load = statistics.median(raw_times), statistics.median(load_times)
    print(f"file: {len(text.splitlines())} lines, {len(text) / 1e6:.2f} MB, {found} tasks read ({expected} written)")
    print(f"raw read + splitlines  median {raw * 1000:7.1f} ms  best {min(raw_times) * 1000:7.1f} ms  1.00x")
    print(f"load_tasks             median {load * 1000:7.1f} ms  best {min(load_times) * 1000:7.1f} ms  {load / raw:.0f}x")
    print(f"load_tasks CPU time    median {statistics.median(load_cpu) * 1000:7.1f} ms  best {min(load_cpu) * 1000:7.1f} ms")
    print(f"load average (1 min) during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"50,000 duplicate ids made unique ({len(unique)} ids): {dup_time:.2f} s")
    cpu = statistics.median(load_cpu)
    print(f"goal: load_tasks under 0.3 s for {args.tasks} tasks: wall {'met' if load < 0.3 else 'NOT met'}, "
          f"CPU {'met' if cpu < 0.3 else 'NOT met'}")
    return 0 if found == expected else 1


if __name__ == "__main__":
    raise SystemExit(main())
