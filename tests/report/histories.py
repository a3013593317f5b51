"""Histories written through the real Store (real SQLite), for the report's tests and its benchmark.

``long_run`` writes a run of many iterations the way ``ralphy dev`` records one: a delegation to one of three
agents per iteration plus a task done directly, a question now and then, a failure every 9th iteration and the
breaker half-open after it, Claude's final text a few hundred characters long. With ``checks=True`` it is a run
with verification on, as most are (report20): after each iteration ralphy's check with 2,000 characters of pytest
output kept, each delegation's evidence (files, Bash commands, tokens, time, cost share), and a summary of 1.5 KB
from Claude, the length of a real one.
"""

from __future__ import annotations

from pathlib import Path

from ralphy.store import Store

T0 = 1_767_225_600.0  # 2026-01-01 00:00:00 UTC
AGENTS = ("backend-dev", "frontend-dev", "docs-writer")
CLAIM = ("Summary of this iteration: I implemented the tasks, wrote tests first and they pass. The next "
         "group is ready for review. ") * 3
SUMMARY = ("## Summary\n\nI delegated the parser tasks to backend-dev, which added `parse_config()` in src/config.py "
           "with tests in tests/test_config.py (12 new tests, all passing). I then updated the README's usage section "
           "myself. Remaining: the CLI wiring for the next iteration.\n\n- 1.1 done\n- 1.2 done\n- 2.1 done\n") * 4
PYTEST_LINES = "".join(f"tests/test_config.py::test_parse_{i} PASSED{' ' * 36}[{4 * i:3d}%]\n" for i in range(26))
PYTEST_TAIL = PYTEST_LINES[-1980:] + "26 passed in 4.21s\n"  # 2,000 characters, as ralphy keeps a check's output


def long_run(project: Path, iterations: int, *, finish: bool = True, checks: bool = False) -> int:
    """A run of ``iterations`` iterations in ``project``'s history; returns the run id."""
    with Store.open(project) as store:
        run = store.start_run(started_at=T0, config_json={"max_iterations": iterations}, argv=["ralphy", "dev"])
        t = T0
        for n in range(1, iterations + 1):
            it = store.start_iteration(run, n, started_at=t, prompt_chars=5200)
            agent = AGENTS[n % 3]
            failed = n % 9 == 0
            evidence = dict(files_changed=[f"src/part_{n}/module_{k}.py" for k in range(3)],
                            bash_commands=["pytest -q tests/", "ruff check src/", f"python -m part_{n}"],
                            usage={"total_tokens": 45_000, "tool_uses": 23, "duration_ms": 61_000}, duration_s=61.0,
                            cost_share=0.4) if checks else {}
            store.add_delegation(it, tool_use_id=f"toolu_{n}", agent=agent, description=f"Tasks {n}.1: Group {n}",
                                 task_ids=[f"{n}.1"], status="failed" if failed else "completed",
                                 error="the subagent stopped" if failed else None, **evidence)
            if not failed:
                store.add_task_outcome(it, task_id=f"{n}.1", title=f"Feature {n}", group=f"Group {n % 25}",
                                       handled_by=agent)
                store.add_task_outcome(it, task_id=f"{n}.2", title=f"Docs for {n}", group=f"Group {n % 25}",
                                       handled_by="direct")
            if n % 50 == 0:
                q = store.add_question(it, session_id=f"s{n}", text=f"Which database for part {n}?", confidence=0.9,
                                       asked_at=t + 50)
                store.answer_question(q, "SQLite", answered_at=t + 55)
            if checks and not failed:
                store.add_verification(run, it, command="pytest -q", exit_code=0, passed=True, duration_s=4.2,
                                       output_tail=PYTEST_TAIL, started_at=t + 50)
            store.finish_iteration(
                it, outcome="failed" if failed else "ok", finished_at=t + 55, session_id=f"s{n}",
                is_error=failed, error="HTTP 529: Overloaded" if failed else None, cost_usd=0.05, num_turns=12,
                breaker_state="half_open" if failed else "closed",
                breaker_reason="1 iteration in a row ended in error" if failed else None,
                result_text=SUMMARY if checks else CLAIM,
            )  # fmt: skip
            t += 60
        if finish:
            store.finish_run(run, status="completed", reason=f"all {2 * iterations} tasks are completed",
                             exit_code=0, finished_at=t)
    return run
