"""ralphy's own check in ``ralphy dev`` (``verify_command``, run by ``ralphy.verify``): ``CheckPolicy``, a part of
``DevLoop``.

After every iteration in which tasks became completed the check runs; its result is each new task's ``verified``.
A run is declared completed only when a check made after the last iteration passed (it runs once more when none
did). A failed check is what the next iteration's prompt starts with, and counts towards the breaker's
``verify_failures_open``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ralphy.loop_reports import TRANSCRIPTS_DIR, IterationReport, RunSummary
from ralphy.verify import Verification, failure_instruction, run_check

if TYPE_CHECKING:
    from ralphy.breaker import CircuitBreaker
    from ralphy.store import Store


class CheckPolicy:
    """``DevLoop``'s checks. What it uses of the loop: ``verify_command`` (None: no check), ``project``,
    ``config``, ``o`` (LoopOptions), ``store``, ``run_id``, ``summary``, ``breaker`` and ``breaker_path``; it
    keeps ``check_is_fresh`` and ``last_iteration`` up to date with the loop, and adds to
    ``resume_instruction``."""

    verify_command: str | None
    project: Path
    config: Any
    o: Any
    store: Store
    run_id: int
    summary: RunSummary
    breaker: CircuitBreaker
    breaker_path: Path
    check_is_fresh: bool  # a check ran after the latest iteration (or, with none yet, in this run)
    last_iteration: tuple[int, IterationReport] | None  # (its id in the store, its report)
    resume_instruction: str

    def _check(self, iteration_id: int | None, label: str) -> Verification:
        """Run ``verify_command`` now; record it (after iteration ``iteration_id``, None: before any)."""
        assert self.verify_command is not None
        log = self.project / TRANSCRIPTS_DIR / f"run{self.run_id}-{label}-verify.log"
        verification = run_check(self.verify_command, self.project, timeout=self.config.verify_timeout,
                                 env=self.o.env, output_path=log)
        self.store.add_verification(
            self.run_id, iteration_id, command=verification.command, exit_code=verification.exit_code,
            passed=verification.passed, duration_s=verification.duration_s, output_tail=verification.output_tail,
            timed_out=verification.timed_out, output_path=verification.output_path,
        )
        self.summary.verification = verification
        self.check_is_fresh = True
        return verification

    def _check_tasks(self, report: IterationReport, iteration_id: int, *, claimed_only: bool) -> None:
        """The check after an iteration that completed tasks: each new task is verified (or not) by it."""
        verification = self._check(iteration_id, f"iteration{report.n}") if self.verify_command else None
        report.verification = verification
        report.tasks_completed = [
            dataclasses.replace(task, verified=verification.passed if verification else None,
                                claimed_without_changes=claimed_only)
            for task in report.tasks_completed
        ]

    def _completion_checked(self) -> bool:
        """Every task is ticked: may the run be declared completed? Only if a check after the last iteration
        passed; when none ran since, it runs now (a failure is counted and the next iteration is told)."""
        if self.verify_command is None:
            return True
        if self.check_is_fresh:
            return bool(self.summary.verification and self.summary.verification.passed)
        iteration_id, label = None, "start"
        if self.last_iteration is not None:
            iteration_id, report = self.last_iteration
            label = f"iteration{report.n}"
        verification = self._check(iteration_id, label)
        if self.last_iteration is not None:
            self.last_iteration[1].verification = verification
        self.breaker.record_check(verification.passed, verification.command)
        self.breaker.save(self.breaker_path)
        from ralphy.output import check_text

        self.o.reporter.note(f"before completing, {check_text(verification)}")
        if not verification.passed:
            self._correct_course(verification, [])
        return verification.passed

    def _correct_course(self, verification: Verification, task_ids: list[str]) -> None:
        """The next iteration's prompt says what failed and to fix it first."""
        text = failure_instruction(verification, task_ids)
        self.resume_instruction = f"{self.resume_instruction}\n\n{text}" if self.resume_instruction else text
