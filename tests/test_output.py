"""What `ralphy dev` prints: the per-group report, plain and live."""

from __future__ import annotations

import io
from dataclasses import replace

from ralphy.claude.delegation import TaskOutcome
from ralphy.claude.events import ToolUse
from ralphy.loop import DelegationReport, IterationReport, RunSummary
from ralphy.output import LiveReporter, PlainReporter, iteration_text, run_text
from ralphy.tasks import parse_tasks

TASKS = parse_tasks("## Core\n- [x] 1.1 a\n- [x] 1.2 b\n## Docs\n- [x] 2.1 c\n- [ ] 2.2 d\n")


def report() -> IterationReport:
    return IterationReport(
        n=1, outcome="ok", cost_usd=0.25, duration_s=3.2,
        delegations=[DelegationReport("tdd-orchestrator", "Tasks 1.1, 1.2: Core", ["1.1", "1.2"], "completed"),
                     DelegationReport("ghost", "Task 2.2", ["2.2"], "failed", "Agent type 'ghost' not found.")],
        tasks_completed=[TaskOutcome("1.1", "a", "Core", "tdd-orchestrator"), TaskOutcome("1.2", "b", "Core", "tdd-orchestrator"),
                         TaskOutcome("2.1", "c", "Docs", "direct")],
        claimed="I delegated everything to ghost.\nAll done!",
        breaker_state="half_open", breaker_reason="no progress in 2 iterations in a row",
    )


def test_iteration_report_per_group_facts_then_the_claim():
    lines = iteration_text(report(), TASKS)
    assert lines[0] == "iteration 1: ok, 3 tasks completed, 3/4 done, $0.2500, 3.2s"
    assert "  Core: delegated to tdd-orchestrator (1.1, 1.2)" in lines
    assert "  Docs: done directly (2.1)" in lines
    assert "  delegation -> ghost [2.2] failed: Agent type 'ghost' not found." in lines
    assert "  circuit breaker half-open: no progress in 2 iterations in a row" in lines
    assert lines[-1] == "  Claude says: I delegated everything to ghost. All done!"  # shown last, one line


def test_run_report_sums_the_groups_over_iterations():
    second = IterationReport(n=2, cost_usd=0.5, tasks_completed=[TaskOutcome("2.2", "d", "Docs", "docs-writer")])
    summary = RunSummary("completed", "all 4 tasks in TASKS.md are completed", 0, [report(), second])
    lines = run_text(summary, TASKS)
    assert lines[0] == "ralphy: completed: all 4 tasks in TASKS.md are completed"
    assert "  Docs: done directly (2.1); delegated to docs-writer (2.2)" in lines
    assert lines[-1] == "3/4 tasks done after 2 iterations, $0.7500"


def test_a_run_with_nothing_to_do_says_no_iteration_ran():
    done = parse_tasks("## Core\n- [x] 1.1 a\n- [x] 1.2 b\n")
    lines = run_text(RunSummary("completed", "all 2 tasks in TASKS.md are completed", 0, []), done)
    assert lines == ["ralphy: completed: all 2 tasks in TASKS.md are completed", "2/2 tasks done; no iteration ran"]


def test_the_runs_groups_are_in_the_task_files_order():
    """Docs was completed first (iteration 1), Core in iteration 2, 1.2 before 1.1: the closing lines follow
    TASKS.md (Core, then Docs; 1.1, 1.2) as `ralphy status` and the report do."""
    first = IterationReport(n=1, tasks_completed=[TaskOutcome("2.1", "c", "Docs", "direct")])
    second = IterationReport(n=2, tasks_completed=[TaskOutcome("1.2", "b", "Core", "direct"),
                                                   TaskOutcome("1.1", "a", "Core", "direct")])
    lines = run_text(RunSummary("completed", "done", 0, [first, second]), TASKS)
    assert lines[1:4] == ["Completed this run, by task group:", "  Core: done directly (1.1, 1.2)",
                          "  Docs: done directly (2.1)"]


def test_plain_reporter_announces_delegations_as_they_happen():
    out = io.StringIO()
    reporter = PlainReporter(out)
    reporter.event(ToolUse("t1", "Agent", {"subagent_type": "tdd-orchestrator", "description": "Tasks 1.1"}, None))
    reporter.event(ToolUse("t2", "Task", {"description": "explore"}, "t1"))  # a subagent's own call: not announced
    assert out.getvalue() == "  delegating to tdd-orchestrator: Tasks 1.1\n"


def test_live_reporter_on_a_terminal_ends_with_the_plain_report():
    out = io.StringIO()
    reporter = LiveReporter(out)
    reporter.console.force_terminal = True
    reporter.iteration_started(1, 20, resumed=False)
    reporter.event(ToolUse("t1", "Agent", {"subagent_type": "tdd-orchestrator"}, None))
    assert "subagent tdd-orchestrator" in str(reporter._status())
    assert "delegations: 1" in str(reporter._status())
    reporter.iteration_finished(report(), TASKS)
    reporter.run_finished(RunSummary("completed", "done", 0, [report()]), TASKS)
    text = out.getvalue()
    assert "Core: delegated to tdd-orchestrator (1.1, 1.2)" in text and "ralphy: completed: done" in text


def test_the_live_view_names_the_subagent_whose_tool_runs():
    """Background subagents (CLI 2.1.198 and later): their calls arrive while the main agent writes and uses its
    own tools; each is shown under the subagent that made it (it read "Write > Write" before)."""
    from ralphy.claude.events import AssistantText

    live = LiveReporter(io.StringIO())
    live.iteration_started(1, 20, resumed=False)
    seen = []
    for event in (ToolUse("a1", "Agent", {"subagent_type": "builder"}, None),
                  ToolUse("a2", "Agent", {"subagent_type": "docs-writer"}, None),
                  ToolUse("w1", "Write", {}, None), ToolUse("w2", "Write", {}, "a1"),
                  AssistantText("Waiting for the agents.", None, None), ToolUse("r1", "Read", {}, "a2"),
                  ToolUse("r2", "Read", {}, "gone")):  # a call of a subagent started before (a resumed session)
        live.event(event)
        seen.append(live.current)
    live.live.stop()
    assert seen == ["subagent builder", "subagent docs-writer", "Write", "subagent builder > Write", "writing",
                    "subagent docs-writer > Read", "subagent > Read"]


def test_api_retries_show_in_the_live_view_and_once_per_reason_in_plain_output():
    from ralphy.claude.events import ApiRetry

    out = io.StringIO()
    live = LiveReporter(out)
    live.iteration_started(1, 20, resumed=False)
    live.event(ApiRetry(3, 10, 2000, 529, "overloaded"))
    assert "retrying (HTTP 529, attempt 3/10)" in str(live._status())
    live.event(ApiRetry(4, 10, 2000, None, "unknown"))
    assert "cannot reach the API (attempt 4/10)" in str(live._status())
    live.run_finished(RunSummary("completed", "done", 0, []), None)

    plain_out = io.StringIO()
    plain = PlainReporter(plain_out)
    plain.iteration_started(1, 20, resumed=False)
    for attempt in (1, 2, 3):
        plain.event(ApiRetry(attempt, 10, 500, 529, "overloaded"))
        plain.event(ApiRetry(attempt, 10, 500, None, "unknown"))
    plain.event(ApiRetry(1, 10, 500, 401, "authentication_failed"))  # ralphy stops the CLI and says so itself
    assert plain_out.getvalue().splitlines()[1:] == [
        "  the Claude CLI is retrying (HTTP 529, attempt 1/10)",
        "  cannot reach the API (attempt 1/10); the Claude CLI retries",
    ]


def test_an_error_is_not_repeated_on_stdout():
    auth = IterationReport(n=1, outcome="auth", is_error=True, error="Not logged in · Please run /login",
                           claimed="Not logged in · Please run /login")
    assert not any("login" in line for line in iteration_text(auth, TASKS))
    failed = IterationReport(n=1, outcome="failed", is_error=True, error="HTTP 529: API Error: 529 Overloaded",
                             claimed="API Error: 529 Overloaded")
    assert [line for line in iteration_text(failed, TASKS) if "529" in line] == ["  error: HTTP 529: API Error: 529 Overloaded"]
    assert run_text(RunSummary("error", "authentication failed: ...", 1, [auth]), TASKS) == []
    assert run_text(RunSummary("error", "no tasks found", 1, []), parse_tasks("")) == []


def test_the_group_lines_carry_the_check_and_the_evidence_in_the_issues_words():
    from ralphy.verify import Verification

    tasks = parse_tasks("## Data models\n- [x] 1.1 a\n- [x] 1.2 b\n## Documentation\n- [x] 2.1 c\n")
    builder = DelegationReport("model-builder", "Tasks 1.1, 1.2: Data models", ["1.1", "1.2"], "completed",
                               files_changed=["src/models.py", "tests/test_models.py"],
                               usage={"total_tokens": 41230, "tool_uses": 7, "duration_ms": 38120},
                               duration_s=38.12, cost_share=0.6, tool_use_id="toolu_b")
    outcomes = [TaskOutcome("1.1", "a", "Data models", "model-builder", delegation="toolu_b"),
                TaskOutcome("1.2", "b", "Data models", "model-builder", delegation="toolu_b"),
                TaskOutcome("2.1", "c", "Documentation", "direct")]
    passed = Verification("pytest", 0, True, 2.34, "12 passed")
    good = IterationReport(n=1, delegations=[builder], verification=passed,
                           tasks_completed=[replace(t, verified=True) for t in outcomes])
    assert iteration_text(good, tasks)[1:4] == [
        "  Data models: delegated to model-builder (1.1, 1.2) — verified, 2 files, 41k tokens, 38s",
        "  Documentation: done directly (2.1) — verified",
        "  check passed: `pytest` (exit 0, 2.3s)",
    ]
    failed = Verification("pytest", 1, False, 2.0, "1 failed")
    bad = IterationReport(n=2, delegations=[], verification=failed, tasks_completed=[
        replace(outcomes[2], verified=False)])
    lines = iteration_text(bad, tasks)
    assert lines[0].startswith("iteration 2: ok, 1 task completed, 3/3 ticked, not verified, ")
    assert lines[1] == "  Documentation: done directly (2.1) — check failed: pytest exit 1"
    out = io.StringIO()  # the next iteration ticks nothing, so no check runs after it: still not verified
    reporter = PlainReporter(out)
    reporter.iteration_finished(bad, tasks)
    reporter.iteration_finished(IterationReport(n=3), tasks)
    assert out.getvalue().splitlines()[3].startswith("iteration 3: ok, 0 tasks completed, 3/3 ticked, not verified, ")
    claimed = IterationReport(n=3, tasks_completed=[replace(outcomes[2], claimed_without_changes=True)])
    assert iteration_text(claimed, tasks)[1] == "  Documentation: done directly (2.1) — claimed without changes"
    timeout = Verification("make check", None, False, 600.0, "", timed_out=True)
    assert timeout.describe() == "make check timed out after 600s"
