"""What ``ralphy dev`` shows a person: a live view on a terminal, plain lines elsewhere, or nothing.

Reports per iteration and for the run: per task group, which agent each completed task was delegated to,
and which were done directly. The model's own final text is shown as its claim, after the facts.
"""

from __future__ import annotations

import sys
import time
from collections import OrderedDict
from typing import IO

from ralphy.claude.events import ApiRetry, AssistantText, Event, ToolUse
from ralphy.claude.limits import is_auth_retry
from ralphy.loop_reports import IterationReport, RunSummary
from ralphy.status_words import counted, with_reason, words
from ralphy.tasks import TaskList


def _group_lines(report: IterationReport, delegations: list | None = None,
                 later: dict[str, tuple[int, str]] | None = None) -> list[str]:
    """``  Data models: delegated to model-builder (1.1, 1.2) — verified, 2 files, 41k tokens, 38s``: per group,
    who did its tasks, what ralphy's check said, and the evidence of the delegations credited."""
    groups: OrderedDict[str, list] = OrderedDict()
    for task in report.tasks_completed:
        groups.setdefault(task.group, []).append(task)
    by_call = {d.tool_use_id: d for d in (report.delegations if delegations is None else delegations) if d.tool_use_id}
    lines = []
    for group, tasks in groups.items():
        by: OrderedDict[str, list[str]] = OrderedDict()
        for task in tasks:
            by.setdefault(task.handled_by, []).append(task.id)
        who = "; ".join(
            f"{'done directly' if agent == 'direct' else f'delegated to {agent}'} ({', '.join(ids)})"
            for agent, ids in by.items()
        )
        credited = list({task.delegation: by_call[task.delegation] for task in tasks
                         if getattr(task, "delegation", None) in by_call}.values())
        facts = _check_words(tasks, report.verification, later or {}) + _evidence_words(credited)
        lines.append(f"  {group}: {who}" + (f" — {', '.join(facts)}" if facts else ""))
    return lines


def _check_words(tasks: list, verification, later: dict[str, tuple[int, str]]) -> list[str]:
    """What ralphy's check said of ``tasks``; ``later``: tasks whose check failed after their iteration but a later
    check of the run passed (id -> (that iteration, where the passing check ran)), said as such in the run's lines."""
    words = []
    if any(getattr(task, "claimed_without_changes", False) for task in tasks):
        words.append("claimed without changes")
    states = {getattr(task, "verified", None) for task in tasks if task.id not in later}
    fixed = [later[task.id] for task in tasks if task.id in later]
    if False in states:
        words.append(f"check failed: {verification.describe()}" if verification is not None else "check failed")
    elif fixed and states <= {True}:
        failed_after = ", ".join(str(n) for n in sorted({n for n, _ in fixed}))
        words.append(f"verified {fixed[-1][1]} (failed after iteration {failed_after})")
    elif states == {True}:
        words.append("verified")
    return words


def verified_later(summary: RunSummary, task_list: TaskList | None) -> dict[str, tuple[int, str]]:
    """Tasks whose check failed after the iteration that ticked them, still ticked at the end, and a later check of
    the run passed: id -> (that iteration, ``after iteration M`` / ``by the last check``)."""
    found: dict[str, tuple[int, str]] = {}
    reports = summary.iterations
    for i, report in enumerate(reports):
        for task in report.tasks_completed:
            still = task_list is None or (task_list.by_id(task.id) is not None and task_list.by_id(task.id).completed)
            if task.verified is not False or not still:
                continue
            passed = next((r.n for r in reports[i + 1:] if r.verification is not None and r.verification.passed), None)
            if passed is not None:
                found[task.id] = (report.n, f"after iteration {passed}")
            elif summary.verification is not None and summary.verification.passed and not any(
                    r.verification is summary.verification for r in reports[:i + 1]):
                found[task.id] = (report.n, "by the last check")
    return found


def _evidence_words(delegations: list) -> list[str]:
    """``2 files, 41k tokens, 38s`` over the delegations credited (parts the CLI did not report are left out)."""
    if not delegations:
        return []
    files = {path for d in delegations for path in d.files_changed}
    words = [counted(len(files), "file")]
    tokens = [d.usage.get("total_tokens") for d in delegations if d.usage and d.usage.get("total_tokens") is not None]
    if tokens:
        words.append(f"{_tokens(sum(tokens))} tokens")
    seconds = [d.duration_s for d in delegations if d.duration_s is not None]
    if seconds:
        words.append(_seconds(sum(seconds)))
    return words


def _tokens(count: int) -> str:
    if count < 1000:
        return str(count)
    if count < 1_000_000:
        return f"{count / 1000:.0f}k"
    return f"{count / 1_000_000:.1f}M"


def _seconds(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole}s" if whole < 60 else f"{whole // 60}m{whole % 60:02d}s"


def check_text(check) -> str:
    """``check passed: `pytest` (exit 0, 2.1s)`` / ``check FAILED: `pytest` (exit 1, 2.1s)``."""
    return f"check {'passed' if check.passed else 'FAILED'}: `{check.command}` ({check.ending()}, {check.duration_s:.1f}s)"


def iteration_text(report: IterationReport, task_list: TaskList, last_check_failed: bool = False) -> list[str]:
    """The lines of one finished iteration. ``last_check_failed``: the last check of the run failed and none ran
    after this iteration (it completed no task), so its ticked tasks are still not verified, not "done"."""
    counts = task_list.counts()
    cost = f"${report.cost_usd:.4f}"
    failed = not report.verification.passed if report.verification is not None else last_check_failed
    head = (
        f"iteration {report.n}: {words(report.outcome)}, {counted(len(report.tasks_completed), 'task')} completed, "
        f"{counts['completed']}/{counts['total']} {'ticked, not verified' if failed else 'done'}, {cost}, "
        f"{report.duration_s:.1f}s"
    )
    lines = [head]
    lines += _group_lines(report)
    if report.verification is not None:
        lines.append("  " + check_text(report.verification))
    for delegation in report.delegations:
        ids = f" [{', '.join(delegation.task_ids)}]" if delegation.task_ids else ""
        error = f": {delegation.error}" if delegation.error else ""
        lines.append(f"  delegation -> {delegation.agent}{ids} {delegation.status}{error}")
    if report.error and report.outcome != "auth":  # a refused login ends the run: `ralphy dev` says it once
        lines.append(f"  error: {report.error}")
    spent_on_the_last_task = (task_list.all_completed and not failed  # a budget the finishing iteration used up
                              and " budget used: " in (report.breaker_reason or ""))  # stops nothing: no alarm
    if report.breaker_state != "closed" and not spent_on_the_last_task:
        lines.append(f"  circuit breaker {words(report.breaker_state)}: {report.breaker_reason}")
    if report.claimed and not report.is_error:  # an error result's text is the CLI's message, not Claude's
        claim = " ".join(report.claimed.split())
        lines.append(f"  Claude says: {claim[:300]}{'…' if len(claim) > 300 else ''}")
    return lines


def retry_text(event: ApiRetry) -> tuple[str, str]:
    """(the reason, as a key to say it once; what the CLI is doing) for an ``api_retry`` event:
    ``retrying (HTTP 529, attempt 3/10)``, or ``cannot reach the API (attempt 2/10)`` when no HTTP answer came."""
    attempt = f"attempt {event.attempt}/{event.max_retries}" if event.attempt and event.max_retries else (
        f"attempt {event.attempt}" if event.attempt else "")
    if event.error_status is None and event.error in (None, "unknown", "connection_error", "timeout"):
        return "unreachable", f"cannot reach the API ({attempt})" if attempt else "cannot reach the API"
    what = f"HTTP {event.error_status}" if event.error_status else (event.error or "an API error")
    return what, f"retrying ({what}, {attempt})" if attempt else f"retrying ({what})"


def closing_line(status: str, reason: str) -> str:
    """``status: reason`` in words ("usage limit", not "usage_limit"), the status left out when the reason
    already starts with it ("circuit breaker open: ...", "interrupted by a signal ...")."""
    return with_reason(status, reason)


def run_text(summary: RunSummary, task_list: TaskList | None) -> list[str]:
    """The run's closing lines. An error is not among them: ``ralphy dev`` says it once, on stderr."""
    outcomes = [task for report in summary.iterations for task in report.tasks_completed]
    if task_list is not None:  # in the task file's order, as the report and `ralphy status` show them
        place = {group: i for i, group in enumerate(task_list.groups())}
        line = {task.id: i for i, task in enumerate(task_list.tasks)}
        outcomes.sort(key=lambda t: (place.get(t.group, len(place)), line.get(t.id, len(line))))
    if summary.status == "error" and not outcomes:
        return []
    if summary.status == "error":
        lines = []
    elif summary.status == "question" and summary.asked:  # the options on their own lines, to answer by number
        lines = ["ralphy: question: Claude asked:", *summary.asked]
    else:
        lines = [f"ralphy: {closing_line(summary.status, summary.reason)}"]
    if outcomes:
        lines.append("Completed this run, by task group:")
        delegations = [d for report in summary.iterations for d in report.delegations]
        lines += _group_lines(IterationReport(n=0, tasks_completed=outcomes), delegations,
                              verified_later(summary, task_list))
    if task_list is not None:
        counts = task_list.counts()
        cost = sum(report.cost_usd for report in summary.iterations)
        failed = summary.verification is not None and not summary.verification.passed
        state = "ticked (the last check failed)" if failed else "done"
        done = f"{counts['completed']}/{counts['total']} tasks {state}"
        lines.append(f"{done} after {counted(len(summary.iterations), 'iteration')}, ${cost:.4f}" if summary.iterations
                     else f"{done}; no iteration ran")  # not "after 0 iterations, $0.0000"
    return lines


class PlainReporter:
    """One line per happening, for logs and pipes."""

    def __init__(self, stream: IO[str] | None = None):
        self.stream = stream or sys.stdout
        self.retry_reasons: set[str] = set()  # said once per iteration
        self.check_failed = False  # the last check shown failed

    def _print(self, text: str) -> None:
        print(text, file=self.stream, flush=True)

    def iteration_started(self, n: int, max_iterations: int, resumed: bool) -> None:
        self.retry_reasons = set()
        self._print(f"iteration {n}/{max_iterations}{' (resuming the session with your answer)' if resumed else ''} ...")

    def event(self, event: Event) -> None:
        if isinstance(event, ToolUse) and event.name in ("Agent", "Task") and event.parent_tool_use_id is None:
            agent = event.input.get("subagent_type") or "general-purpose"
            self._print(f"  delegating to {agent}: {event.input.get('description', '')}")
        elif isinstance(event, ApiRetry) and not is_auth_retry(event):  # ralphy stops those and says so
            reason, text = retry_text(event)
            if reason not in self.retry_reasons:
                self.retry_reasons.add(reason)
                self._print(f"  the Claude CLI is {text}" if text.startswith("retrying") else f"  {text}; the Claude CLI retries")

    def iteration_finished(self, report: IterationReport, task_list: TaskList) -> None:
        if report.verification is not None:
            self.check_failed = not report.verification.passed
        for line in iteration_text(report, task_list, self.check_failed):
            self._print(line)

    def waiting(self, seconds: float, why: str) -> None:
        self._print(f"waiting {seconds:.0f}s: {why}")

    def note(self, text: str) -> None:
        self._print(text)

    def run_finished(self, summary: RunSummary, task_list: TaskList | None) -> None:
        for line in run_text(summary, task_list):
            self._print(line)


class QuietReporter:
    """Says nothing (``--quiet``); the exit code and ``--json`` tell the story."""

    def iteration_started(self, n: int, max_iterations: int, resumed: bool) -> None: ...
    def event(self, event: Event) -> None: ...
    def iteration_finished(self, report: IterationReport, task_list: TaskList) -> None: ...
    def waiting(self, seconds: float, why: str) -> None: ...
    def note(self, text: str) -> None: ...
    def run_finished(self, summary: RunSummary, task_list: TaskList | None) -> None: ...


class LiveReporter(PlainReporter):
    """On a terminal: a live status line (iteration n/N, elapsed, current tool or subagent, delegations, cost)
    above which the finished iterations' reports scroll."""

    def __init__(self, stream: IO[str] | None = None):
        super().__init__(stream)
        from rich.console import Console
        from rich.live import Live

        from ralphy.termsafe import raw_stream

        self.console = Console(file=raw_stream(self.stream))  # its own escapes; _print and _status sanitise
        self.live = Live(console=self.console, refresh_per_second=4, transient=True)
        self.n = self.max = 0
        self.started = time.monotonic()
        self.current = ""
        self.subagents: dict[str, str] = {}  # each Agent/Task call's id -> "subagent NAME", for its own tool calls
        self.delegations = 0
        self.cost = 0.0

    def _print(self, text: str) -> None:
        from ralphy.termsafe import safe_text

        self.console.print(safe_text(text), markup=False, highlight=False)

    def _status(self):
        from rich.text import Text

        from ralphy.status_line import status_line, terminal_columns

        elapsed = int(time.monotonic() - self.iteration_started_at)
        line = status_line(self.n, self.max, elapsed, self.current, self.delegations, self.cost,
                           terminal_columns(self.stream))  # one row: names from the repository cut to fit
        return Text(line, style="bold cyan", no_wrap=True, overflow="crop")

    def _refresh(self) -> None:
        self.live.update(self._status(), refresh=True)

    def iteration_started(self, n: int, max_iterations: int, resumed: bool) -> None:
        self.n, self.max, self.current = n, max_iterations, ""
        self.subagents = {}
        self.iteration_started_at = time.monotonic()
        self.live.start()
        self._refresh()

    def event(self, event: Event) -> None:
        if isinstance(event, ToolUse):
            if event.name in ("Agent", "Task"):
                self.delegations += 1
                self.current = f"subagent {event.input.get('subagent_type') or 'general-purpose'}"
                if event.id:
                    self.subagents[event.id] = self.current
            elif event.parent_tool_use_id:
                # the subagent that called it, by its Agent call's id: a background subagent's calls come while
                # the main agent does other things (what the view showed last may be the main agent's "Write")
                who = self.subagents.get(event.parent_tool_use_id, "subagent")
                self.current = f"{who} > {event.name}"
            else:
                self.current = event.name or ""
        elif isinstance(event, AssistantText) and event.parent_tool_use_id is None:
            self.current = "writing"
        elif isinstance(event, ApiRetry) and not is_auth_retry(event):
            self.current = retry_text(event)[1]
        self._refresh()

    def iteration_finished(self, report: IterationReport, task_list: TaskList) -> None:
        self.cost += report.cost_usd
        self.live.stop()
        super().iteration_finished(report, task_list)

    def run_finished(self, summary: RunSummary, task_list: TaskList | None) -> None:
        self.live.stop()
        super().run_finished(summary, task_list)
