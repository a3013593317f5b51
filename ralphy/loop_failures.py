"""An iteration of ``ralphy dev`` that did not end well: ``FailurePolicy``, a part of ``DevLoop``.

A run that cannot go on (``Aborted``: the CLI binary vanished, TASKS.md became a folder) and a signal
(``Interrupted``) are recorded as the iteration's outcome, with what the turn did until then; a failed iteration
is followed by a backoff, a usage limit by a wait until it resets (or the run stops, with ``--no-wait``). The
rules for what ralphy does after such an iteration change here; running one stays in ``ralphy.loop``.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ralphy.breaker import IterationOutcome
from ralphy.claude.events import RateLimitEvent, ResultEvent
from ralphy.claude.limits import usage_limit_reset
from ralphy.errors import RalphyError
from ralphy.loop_reports import EXIT_USAGE_LIMIT, IterationReport, RunSummary, attribute_work, record_iteration
from ralphy.loop_resume import resume_text
from ralphy.status_words import counted
from ralphy.tasks import TaskList

if TYPE_CHECKING:
    from ralphy.breaker import CircuitBreaker
    from ralphy.claude.delegation import DelegationTracker
    from ralphy.claude.process import RunResult
    from ralphy.claude.task_edits import TasksFileEdits
    from ralphy.store import Store

logger = logging.getLogger("ralphy.loop")

UNKNOWN_RESET_WAIT_S = 15 * 60


class Interrupted(Exception):
    """SIGINT/SIGTERM/SIGHUP arrived: stop the CLI, record the iteration as interrupted, exit 130."""


class Aborted(Exception):
    """The run cannot go on (the CLI binary vanished, TASKS.md became a folder...): the iteration is recorded
    as failed with ``reason``, and the run ends with it (status error, exit 1)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def reason_of(exc: BaseException) -> str:
    """One line for why a run stopped: a RalphyError's own text, an OSError's file and cause."""
    if isinstance(exc, OSError) and not isinstance(exc, RalphyError):
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{exc.strerror or exc}"
    return str(exc)


class FailurePolicy:
    """``DevLoop``'s iterations that did not end well. What it uses of the loop: ``o`` (LoopOptions), ``config``,
    ``store``, ``breaker``, ``summary``, ``project``, ``tasks_path``, ``_tasks_or`` and ``_stop``; it keeps
    ``failures_in_a_row`` and sets ``resume_instruction`` after a usage limit."""

    o: Any
    config: Any
    store: Store
    breaker: CircuitBreaker
    summary: RunSummary
    project: Path
    tasks_path: Path
    failures_in_a_row: int
    resume_instruction: str
    _tasks_or: Callable[[TaskList], TaskList]
    _stop: Callable[[str, str, int], None]

    def _finish_aborted(self, iteration_id: int, report: IterationReport, reason: str) -> None:
        """The iteration could not run or finish for a reason outside Claude's work: recorded as failed."""
        report.outcome, report.is_error, report.error = "failed", True, reason
        self.breaker.record(IterationOutcome(failed=True, error=reason))
        report.breaker_state, report.breaker_reason = self.breaker.state.value, self.breaker.reason
        try:
            record_iteration(self.store, iteration_id, report)
        except RalphyError as exc:  # the history itself failed (disk full...): the run's reason still says why
            logger.warning("%s", exc)
        self.summary.iterations.append(report)

    def _finish_interrupted(self, iteration_id: int, report: IterationReport, before: TaskList,
                            tracker: DelegationTracker, edits: TasksFileEdits, transcript: Path,
                            final: ResultEvent | None = None) -> None:
        if final is not None:  # the result the CLI wrote after ralphy's interrupt: what the turn cost
            report.cost_usd = final.total_cost_usd or 0.0
            report.num_turns = final.num_turns
            report.session_id = final.session_id or report.session_id
        report.outcome, report.is_error, report.error = "interrupted", True, "interrupted"
        attribute_work(report, tracker, edits, before, self._tasks_or(before), project=self.project,
                       tasks_path=self.tasks_path)
        report.transcript = str(transcript) if transcript.exists() else None
        self.breaker.record(IterationOutcome(interrupted=True, cost_usd=report.cost_usd))
        report.breaker_state, report.breaker_reason = self.breaker.state.value, self.breaker.reason
        record_iteration(self.store, iteration_id, report)
        self.summary.iterations.append(report)

    def _backoff(self) -> None:
        # the exponent capped: 2 ** 1024 times a float is an OverflowError (failures_open may be huge)
        delay = min(self.config.backoff_seconds * 2.0 ** min(self.failures_in_a_row - 1, 64),
                    self.config.backoff_max_seconds)
        if delay > 0:
            self.o.reporter.waiting(delay, f"backing off after {counted(self.failures_in_a_row, 'failed iteration')}")
            self.o.sleep(delay)

    def _wait_for_usage_limit(self, result: RunResult) -> bool:
        now = self.o.clock()
        rate_limits = [event for event in result.events if isinstance(event, RateLimitEvent)]
        resets_at = usage_limit_reset(result.result.result if result.result else None, rate_limits, now)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(resets_at)) if resets_at else "an unknown time"
        self.resume_instruction = resume_text("usage_limit", None)
        if self.o.no_wait:
            self._stop("usage_limit", f"usage limit reached; it resets at {when}. Run `ralphy dev` again then",
                       EXIT_USAGE_LIMIT)
            return True
        wait = (resets_at - now if resets_at else UNKNOWN_RESET_WAIT_S) + self.config.usage_limit_margin_seconds
        wait = max(0.0, min(wait, self.config.usage_limit_max_wait_seconds))
        self.o.reporter.waiting(wait, f"usage limit reached; resets at {when}")
        self.o.sleep(wait)
        return False
