"""`ralphy report` of a 500-iteration history: time to build the page and its size (goal: < 1 s, < 2 MB).

    .venv/bin/python benchmarks/bench_report.py [--iterations 500] [--repeat 15] [--no-checks]

The history is written through the real Store (tests/report/histories.py: a delegation per iteration to one of
three agents, a task done directly, a question every 50th iteration, a failure every 9th; by default a run with
verification on, as most are: ralphy's check after each iteration with 2,000 characters of output, each
delegation's files, commands and usage, and a 1.5 KB summary from Claude; ``--no-checks``: the thinner history
measured before report20, 360-character claims and nothing else). Measured, alternating, each a fresh process as
a user runs it:

- ``ralphy report DIR -o FILE``: read the history read-only, render, write the file;
- ``ralphy log DIR --json``: the existing reader of the same run (the baseline: same history, same process
  start, no page);

and, in this process, ``load_report`` + ``render_report`` (warm: templates compiled once). Wall and CPU time
(user + system of the process) are both given: on a machine whose CPUs other work keeps busy, the wall time
measures the queue, the CPU time what the report costs.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.report.histories import long_run  # noqa: E402


CPU: dict[str, list[float]] = {}


def timed(argv: list[str]) -> float:
    """Wall time of one run of ``argv``; its CPU time (user + system) is kept in ``CPU`` by command."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    CPU.setdefault(argv[3], []).append(cpu)
    return wall


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--no-checks", dest="checks", action="store_false",
                        help="the thinner history: no checks, no evidence, short claims")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ralphy-bench-report-") as tmp:
        project = Path(tmp)
        long_run(project, args.iterations, checks=args.checks)
        out = project / "report.html"
        report = [sys.executable, "-m", "ralphy", "report", str(project), "-o", str(out)]
        log = [sys.executable, "-m", "ralphy", "log", str(project), "--json"]
        timed(report), timed(log)  # warm the page cache
        report_times, log_times = [], []
        for _ in range(args.repeat):
            report_times.append(timed(report))
            log_times.append(timed(log))
        size = out.stat().st_size

        from ralphy.report import load_report, render_report

        render_report(load_report(project))
        inproc = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            render_report(load_report(project))
            inproc.append(time.perf_counter() - start)

    base = statistics.median(log_times)
    base_cpu = statistics.median(CPU["log"])
    report_cpu = statistics.median(CPU["report"])
    import os

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    kind = "checks, evidence, 1.5 KB claims" if args.checks else "no checks, 360-character claims"
    print(f"history: {args.iterations} iterations ({kind}); repetitions: {args.repeat}; "
          f"python {sys.version.split()[0]}; "
          f"{os.cpu_count()} CPUs, load average {load}")
    print("                           wall: median     best  ratio   CPU (user+sys): median  ratio")
    print(f"ralphy log --json                {base * 1000:7.1f} ms {min(log_times) * 1000:6.1f} ms  1.00x"
          f"                   {base_cpu * 1000:7.1f} ms  1.00x")
    med = statistics.median(report_times)
    print(f"ralphy report -o FILE            {med * 1000:7.1f} ms {min(report_times) * 1000:6.1f} ms  "
          f"{med / base:.2f}x                   {report_cpu * 1000:7.1f} ms  {report_cpu / base_cpu:.2f}x")
    print(f"load_report+render_report  median {statistics.median(inproc) * 1000:7.1f} ms  (in process, warm)")
    print(f"page size: {size:,} bytes ({size / 2_000_000:.0%} of the 2 MB goal)")
    ok = min(med, report_cpu) < 1.0 and size < 2_000_000
    print("goal (< 1 s, < 2 MB):", "met" if ok else "NOT met", "(time: the median wall time, or the median CPU time "
          "when other processes hold the CPUs)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
