"""What the next turn of ``ralphy dev`` is told when it does not start afresh: the answer to Claude's question (the
session resumed with it), or what happened to the iteration before (interrupted, timed out, failed, a usage
limit, a failed check) for the next prompt to say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ralphy.verify import Verification, failure_instruction

if TYPE_CHECKING:
    from ralphy.store import Store

AUTO_REPLY = "Proceed with your best judgment, following TASKS.md."


@dataclass
class Resume:
    """The next iteration resumes Claude's session ``session_id`` with ``message`` instead of a new prompt."""

    session_id: str
    message: str
    question_id: int | None = None


def answer_message(answer: str) -> str:
    return f"{answer.strip()}\n\n(Answer from the user via ralphy. Continue with the tasks in TASKS.md.)"


def resume_text(outcome: str, error: str | None) -> str:
    what = {
        "interrupted": "The previous iteration was interrupted before it finished.",
        "timeout": "The previous iteration ran out of time before it finished.",
        "usage_limit": "The previous iteration stopped at a usage limit, which has now reset.",
        "failed": "The previous iteration ended with an error" + (f": {error}" if error else "") + ".",
    }.get(outcome, "The previous iteration did not finish cleanly.")
    return (
        f"{what} Its work may be partly done: check the working tree (`git status`, `git diff`) and TASKS.md, keep "
        "what is good, finish what is half-done, and mark tasks completed only when their tests pass. Then "
        "continue with the tasks that are not completed."
    )


def resume_instruction_from_history(store: Store, run_id: int | None) -> str:
    """When the last recorded iteration did not finish cleanly, tell Claude what happened."""
    for run in reversed(store.runs(limit=20)):  # newest first; runs that did no iteration are passed over
        iterations = store.iterations(run.id) if run.id != run_id else []
        if iterations:
            last = iterations[-1]
            if last.outcome in (None, "interrupted"):  # None: ralphy itself was killed mid-iteration
                return resume_text("interrupted", None)
            if last.outcome in ("failed", "timeout", "usage_limit"):
                return resume_text(last.outcome, last.error)
            check = run.verification
            if check is not None and not check.passed:  # the last run ended on a failed check
                return failure_instruction(Verification(
                    check.command, check.exit_code, False, check.duration_s, check.output_tail, check.timed_out,
                    check.output_path))
            return ""
    return ""
