"""Answering a question Claude asked: the one path ``ralphy answer`` and the dashboard's form both take.

The answer is recorded in the history (by ``user``); the next ``ralphy dev`` resumes Claude's session with it.
A project with no history, an unknown or already answered id, or an empty answer is a RalphyError (one line).
With ``pick``, a reply that is an option's number (``2``; ``1,3`` when the question lets several be picked)
answers with those options' labels, as the terminal's prompt does (``ralphy.live_questions.picked_options``).
"""

from __future__ import annotations

from pathlib import Path

from ralphy.errors import RalphyError, StoreError
from ralphy.store import Question, Store, db_path


def answer_question(project_dir: str | Path, question_id: int, text: str, *, pick: bool = False) -> Question:
    """Record ``text`` as the user's answer to question ``question_id`` of ``project_dir``; the question as now.
    ``pick``: a number among the question's options picks that option (its label is the answer)."""
    if not text.strip():
        raise RalphyError("the answer is empty")
    if not db_path(project_dir).exists():  # never create a history to answer into
        raise StoreError(f"there is no question {question_id}: {Path(project_dir).resolve()} has no runs yet")
    with Store.open(project_dir) as store:
        if pick:
            from ralphy.live_questions import picked_options

            question = store.question(question_id)
            text = picked_options(text, question.options, question.multi_select) or text
        store.answer_question(question_id, text)
        return store.question(question_id)
