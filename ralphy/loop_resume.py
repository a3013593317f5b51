"""What the next turn of ``ralphy dev`` is told when it does not start afresh: the answer to Claude's question (the
session resumed with it; ``QuestionPolicy``, the --on-question policy that gets one), or what happened to the
iteration before (interrupted, timed out, failed, a usage limit, a failed check) for the next prompt to say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ralphy.loop_reports import EXIT_QUESTION, IterationReport
from ralphy.tasks import TaskList
from ralphy.verify import Verification, failure_instruction

if TYPE_CHECKING:
    from ralphy.store import Store

AUTO_REPLY = "proceed with your best judgment, following TASKS.md"  # issue 4's words, exactly
MAX_AUTO_REPLIES = 2


@dataclass
class Resume:
    """The next iteration resumes Claude's session ``session_id`` with ``message`` instead of a new prompt."""

    session_id: str
    message: str
    question_id: int | None = None
    also_answers: tuple[int, ...] = ()  # other questions of the session whose answers the message carries

    @property
    def question_ids(self) -> tuple[int, ...]:
        """Every question whose answer this resume delivers."""
        return ((self.question_id,) if self.question_id is not None else ()) + self.also_answers


def answer_message(answer: str) -> str:
    return f"{answer.strip()}\n\n(Answer from the user via ralphy. Continue with the tasks in TASKS.md.)"


def answers_message(answered: list[tuple[str, str]]) -> str:
    """Several answers in one message, each under its question (an AskUserQuestion call with several questions
    that paused partway: the answers given before the pause never reached Claude)."""
    if len(answered) == 1:
        return answer_message(answered[0][1])
    blocks = "\n\n".join(f"{question.strip()}\n-> {answer.strip()}" for question, answer in answered)
    return (f"The user answered your questions:\n\n{blocks}\n\n"
            "(Answers from the user via ralphy. Continue with the tasks in TASKS.md.)")


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


class QuestionPolicy:
    """``DevLoop``'s questions under ``--on-question`` (ask a person, pause the run, or reply automatically at most
    ``MAX_AUTO_REPLIES`` times per task group): Claude's AskUserQuestion calls while the turn waits
    (``ralphy.live_questions``), a question in the final text (``ralphy.questions``), and questions left from an
    earlier run. An answer becomes ``self.resume``: the next iteration resumes Claude's session with it. What it
    uses of the loop: ``store``, ``o`` (LoopOptions), ``config``, ``resume`` and ``_stop``."""

    store: Store
    o: Any
    config: Any
    resume: Resume | None
    _stop: Callable[[str, str, int], None]
    _question_confidence: float

    def _live_questions(self, tasks: TaskList, iteration_id: Callable[[], int | None]):
        """The --on-question policy for Claude's AskUserQuestion calls during this iteration's turn."""
        from ralphy.live_questions import LiveQuestions

        groups = list(tasks.pending_groups())
        return LiveQuestions(self.store, policy=self.o.on_question, iteration_id=iteration_id,
                             task_key=groups[0] if groups else None, ask=self.o.ask, max_auto=MAX_AUTO_REPLIES,
                             note=self.o.reporter.note)

    def _detect_question(self, report: IterationReport) -> bool:
        from ralphy.questions import detect_question

        detection = detect_question(
            report.claimed or "", threshold=self.config.question_threshold,
            patterns=self.config.question_patterns or None,
        )
        if detection.is_question:
            report.outcome = "question"
            report.question = detection.question or report.claimed
            self._question_confidence = detection.confidence
        return detection.is_question

    def _handle_question(self, iteration_id: int, report: IterationReport, task_list: TaskList) -> bool:
        """Apply the --on-question policy; True when the run stops (paused)."""
        groups = list(task_list.pending_groups())
        task_key = groups[0] if groups else None
        question_id = self.store.add_question(
            iteration_id, session_id=report.session_id, text=report.question or "",
            confidence=self._question_confidence, task_key=task_key,
        )
        return not self._answer(question_id, report.session_id, report.question or "", task_key)

    def _answer(self, question_id: int, session_id: str | None, text: str, task_key: str | None) -> bool:
        """Try to answer now (ask a person, or reply automatically); True when an answer is queued."""
        answer, by = None, "user"
        if self.o.on_question == "ask" and self.o.ask is not None:
            answer = self.o.ask(text)
        elif self.o.on_question == "auto":
            if task_key is None or self.store.auto_replies_for(task_key) < MAX_AUTO_REPLIES:
                answer, by = AUTO_REPLY, "auto"
            else:
                self.o.reporter.note(f"already answered {MAX_AUTO_REPLIES} questions automatically for {task_key!r}; pausing")
        if answer and session_id:
            self.store.answer_question(question_id, answer, answered_by=by)
            self.resume = self.resume_session(session_id, question_id)
            return True
        from ralphy.termsafe import in_project

        answer = in_project(f'ralphy answer {question_id} "..."', self.project)
        self._stop("question", f"Claude asked: {text.strip()[:300]} — answer with `{answer}`, "
                   f"then run `{in_project('ralphy dev', self.project)}`", EXIT_QUESTION)
        return False

    def _take_answered_question(self) -> bool:
        """An answered question not yet delivered: the first iteration resumes its session with the answer."""
        waiting = {question.session_id for question in self.store.pending_questions()}
        for question in self.store.answered_unresumed():
            if question.session_id and question.session_id not in waiting:  # else: once its last one is answered
                self.resume = self.resume_session(question.session_id, question.id)
                return True
        return False

    def resume_session(self, session_id: str, question_id: int) -> Resume:
        """Resume ``session_id`` with the answer to ``question_id`` and every other answer of that session Claude
        has not received yet, in the order asked."""
        answered = [q for q in self.store.answered_unresumed() if q.session_id == session_id]
        if not any(q.id == question_id for q in answered):
            answered.append(self.store.question(question_id))
        return Resume(session_id, answers_message([(q.text, q.answer or "") for q in answered]), question_id,
                      tuple(q.id for q in answered if q.id != question_id))

    def _pending_question_blocks(self) -> bool:
        """A question still unanswered from an earlier run: ask it, answer it, or stop (exit 4)."""
        for question in self.store.pending_questions():
            self.o.reporter.note(f"Claude asked (question {question.id}): {question.text}")
            return not self._answer(question.id, question.session_id, question.text, question.task_key)
        return False
