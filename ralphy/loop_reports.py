"""What one iteration of ``ralphy dev`` did and how a run ended, as the loop reports and records them.

``IterationReport`` (per iteration) and ``RunSummary`` (the run; ``to_dict()`` is ``ralphy dev --json``) are
what the reporter (``ralphy.output``) shows and the history (``ralphy.store``) keeps. ``fill_report`` reads them
off the CLI's turn: the result event, the delegations of the event stream and the tasks file's edits, and who
completed each task (``ralphy.claude.delegation.attribute``); never from the model's own claims.
``record_iteration`` writes one to the history.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping, Protocol

from ralphy.claude.delegation import Delegation, DelegationTracker, TaskOutcome, attribute, cost_shares
from ralphy.claude.events import Event
from ralphy.claude.limits import auth_failure
from ralphy.claude.process import RunResult
from ralphy.claude.task_edits import TasksFileEdits
from ralphy.tasks import TaskList, mentioned_task_ids, newly_completed
from ralphy.verify import Verification

if TYPE_CHECKING:
    from ralphy.store import Store

# RunSummary.exit_code: every task done, an error, the circuit breaker open, paused for a question, a usage limit
# with --no-wait, interrupted
EXIT_DONE, EXIT_ERROR, EXIT_CIRCUIT_OPEN, EXIT_QUESTION, EXIT_USAGE_LIMIT, EXIT_INTERRUPTED = 0, 1, 3, 4, 5, 130

TRANSCRIPTS_DIR = Path(".ralphy") / "transcripts"  # the CLI's output per iteration, and the checks' (ralphy.verify)


@dataclass
class DelegationReport:
    agent: str
    description: str
    task_ids: list[str]
    status: str
    error: str | None = None
    files_changed: list[str] = field(default_factory=list)
    bash_commands: list[str] = field(default_factory=list)
    usage: dict | None = None  # the CLI's total_tokens, tool_uses, duration_ms
    duration_s: float | None = None
    cost_share: float | None = None  # of the iteration's tokens
    tool_use_id: str | None = None


@dataclass
class IterationReport:
    n: int
    session_id: str | None = None
    outcome: str = "ok"  # ok | failed | interrupted | usage_limit | question | timeout | auth
    is_error: bool = False
    error: str | None = None
    cost_usd: float = 0.0
    num_turns: int | None = None
    duration_s: float = 0.0
    delegations: list[DelegationReport] = field(default_factory=list)
    tasks_completed: list[TaskOutcome] = field(default_factory=list)
    claimed: str | None = None  # Claude's final text: shown, never trusted
    question: str | None = None
    breaker_state: str = "closed"
    breaker_reason: str | None = None
    transcript: str | None = None
    verification: Verification | None = None  # ralphy's check after this iteration, if one ran
    direct_files: list[str] = field(default_factory=list)  # files the main agent itself changed

    def to_dict(self) -> dict:
        data = asdict(self)
        data["tasks_completed"] = [asdict(outcome) for outcome in self.tasks_completed]
        data["verification"] = self.verification.to_dict() if self.verification else None
        return data


@dataclass
class RunSummary:
    status: str  # completed | circuit_open | question | usage_limit | interrupted | error
    reason: str
    exit_code: int
    iterations: list[IterationReport] = field(default_factory=list)
    run_id: int | None = None
    tasks_done: int = 0
    tasks_total: int = 0
    verification: Verification | None = None  # the run's last check (a completed run's passed)
    # a run paused on a live question: the question(s) with their numbered options, then how to answer, as `ralphy
    # dev` shows them (``reason`` says it in one line, for `ralphy status` and --json)
    asked: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "status": self.status,
            "reason": self.reason,
            "exit_code": self.exit_code,
            "run_id": self.run_id,
            "tasks": {"completed": self.tasks_done, "total": self.tasks_total},
            "verification": self.verification.to_dict() if self.verification else None,
            "iterations": [iteration.to_dict() for iteration in self.iterations],
        }


class Reporter(Protocol):
    """What the loop tells the person watching (``ralphy.output`` has the terminal and plain versions)."""

    def iteration_started(self, n: int, max_iterations: int, resumed: bool) -> None: ...
    def event(self, event: Event) -> None: ...
    def iteration_finished(self, report: IterationReport, task_list: TaskList) -> None: ...
    def waiting(self, seconds: float, why: str) -> None: ...
    def note(self, text: str) -> None: ...
    def run_finished(self, summary: RunSummary, task_list: TaskList | None) -> None: ...


def summary_json(summary: RunSummary) -> str:
    return json.dumps(summary.to_dict(), indent=2, ensure_ascii=False)


# ------------------------------------------------------------------------------------- from the CLI's turn


def fill_report(report: IterationReport, result: RunResult, tracker: DelegationTracker, edits: TasksFileEdits,
                before: TaskList, after: TaskList, *, project: Path, tasks_path: Path) -> str | None:
    """What the CLI's turn did, into ``report``: its session, cost, turns, final text, error, delegations and who
    completed each task. Returns the CLI version its init event gave (None when it gave none)."""
    final = result.result
    report.duration_s = round(result.duration_s, 3)
    report.transcript = str(result.transcript_path) if result.transcript_path else None
    if result.init:
        report.session_id = result.init.session_id
    if final:
        report.session_id = final.session_id or report.session_id
        report.is_error = final.is_error
        report.cost_usd = final.total_cost_usd or 0.0
        report.num_turns = final.num_turns
        report.claimed = final.result
        if result.timed_out:
            report.error = "timed out"  # the turn was interrupted at the iteration's time limit
        elif final.is_error:
            status = f"HTTP {final.api_error_status}: " if final.api_error_status else ""
            report.error = f"{status}{(final.result or final.subtype or 'error').strip()}"[:500]
    else:
        report.is_error = True
        tail = result.stderr_tail.strip().splitlines()[-1:] if result.stderr_tail.strip() else []
    if result.auth_failed:  # ralphy itself ended the CLI at its first auth retry: say why, not its exit code
        report.error = auth_failure(result.events, final) or report.error
    elif final is None:
        report.error = "timed out" if result.timed_out else (
            f"the Claude CLI ended without a result (exit {result.exit_code})" + (f": {tail[0][:300]}" if tail else "")
        )
    attribute_work(report, tracker, edits, before, after, project=project, tasks_path=tasks_path,
                   model_usage=final.model_usage if final else None)
    return result.init.version if result.init else None


def attribute_work(report: IterationReport, tracker: DelegationTracker, edits: TasksFileEdits, before: TaskList,
                   after: TaskList, *, project: Path, tasks_path: Path, model_usage: Mapping | None = None) -> None:
    """The iteration's delegations with the task ids they name, and who handled each newly completed task."""

    def task_ids_in(text: str) -> list[str]:
        return mentioned_task_ids(text, after)

    delegations = tracker.delegations
    shares = cost_shares(delegations, model_usage or {})
    work_files = WorkFiles(project, tasks_path)
    report.delegations = [delegation_report(d, task_ids_in, shares.get(d.tool_use_id), work_files)
                          for d in delegations]
    report.direct_files = work_files(tracker.direct_files)
    report.tasks_completed = attribute(newly_completed(before, after), delegations, task_ids_in,
                                       edits.marked_by, edits.rejected_by)


class WorkFiles:
    """The files a delegation changed, as evidence of work: relative to the project when inside it, without
    the tasks file (ticking a box is not work; it is what the check is about)."""

    def __init__(self, project: Path, tasks_path: Path):
        self.project = os.path.realpath(project)
        self.tasks = os.path.realpath(tasks_path)

    def __call__(self, paths) -> list[str]:
        kept = []
        for path in paths:
            real = os.path.realpath(os.path.join(self.project, path))  # an absolute path stays itself
            if real == self.tasks:
                continue
            kept.append(os.path.relpath(real, self.project) if real.startswith(self.project + os.sep) else path)
        return kept


def delegation_report(delegation: Delegation, task_ids_in: Callable[[str], list[str]],
                       cost_share: float | None = None,
                       work_files: Callable[[tuple[str, ...]], list[str]] = list) -> DelegationReport:
    ids = task_ids_in(delegation.description) or task_ids_in(delegation.prompt)
    return DelegationReport(
        delegation.agent, delegation.description, ids, delegation.status, delegation.error,
        work_files(delegation.files_changed), list(delegation.bash_commands),
        dict(delegation.usage) if delegation.usage else None, delegation.duration_s, cost_share,
        delegation.tool_use_id,
    )


UNFINISHED = {"interrupted": "the iteration was interrupted", "timeout": "the iteration ran out of time",
              "failed": "the iteration ended with an error"}


def settle_unfinished(report: IterationReport) -> None:
    """A delegation still ``running`` when its iteration was interrupted, timed out or failed never finished (the
    CLI is gone): ``failed``, saying so, rather than "running" in the history and the report for ever. Done after the
    tasks were attributed, so what it ticked before it was stopped is still credited to it."""
    why = UNFINISHED.get(report.outcome or "")
    if why is None:
        return
    for delegation in report.delegations:
        if delegation.status == "running":
            delegation.status, delegation.error = "failed", f"not finished: {why}"


def record_iteration(store: Store, iteration_id: int, report: IterationReport) -> None:
    """The iteration's end, its delegations and its completed tasks, into the history."""
    settle_unfinished(report)
    store.finish_iteration(
        iteration_id, outcome=report.outcome, session_id=report.session_id, is_error=report.is_error,
        error=report.error, cost_usd=report.cost_usd, num_turns=report.num_turns,
        breaker_state=report.breaker_state, breaker_reason=report.breaker_reason,
        transcript_path=report.transcript, result_text=report.claimed,
    )
    for i, delegation in enumerate(report.delegations):
        store.add_delegation(
            iteration_id, tool_use_id=f"{iteration_id}-{i}", agent=delegation.agent,
            description=delegation.description, task_ids=delegation.task_ids, status=delegation.status,
            error=delegation.error, files_changed=delegation.files_changed,
            bash_commands=delegation.bash_commands, usage=delegation.usage, duration_s=delegation.duration_s,
            cost_share=delegation.cost_share,
        )
    for task in report.tasks_completed:
        store.add_task_outcome(
            iteration_id, task_id=task.id, title=task.title, group=task.group, handled_by=task.handled_by,
            verified=task.verified, claimed_without_changes=task.claimed_without_changes,
        )
