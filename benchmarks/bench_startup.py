"""Benchmark: `ralphy --help` vs `python -c "import click"` in the same environment (goal: at most 1.5x).

    .venv/bin/python benchmarks/bench_startup.py [--repeat 30]

Both are started as fresh processes with the venv's interpreter, alternately; medians are compared. For scale it
also times `python -c "import anthropic"`, which `ralphy --help` must not pay for.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
COMMANDS = {
    "import click": [sys.executable, "-c", "import click"],
    "ralphy --help": [str(BIN / "ralphy"), "--help"],
    "ralphy dev --help": [str(BIN / "ralphy"), "dev", "--help"],
    "import anthropic": [sys.executable, "-c", "import anthropic"],
}


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for name, argv in COMMANDS.items():
        timed(argv)  # warm the file cache
    for _ in range(args.repeat):
        for name, argv in COMMANDS.items():
            times[name].append(timed(argv))
    base = statistics.median(times["import click"])
    print(f"repetitions: {args.repeat}, python {sys.version.split()[0]}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<20} median {median * 1000:6.1f} ms  best {min(values) * 1000:6.1f} ms  {median / base:4.2f}x")


if __name__ == "__main__":
    main()
