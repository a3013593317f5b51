"""Answering a question Claude asked: the one path ``ralphy answer`` and the dashboard's form both take.

The answer is recorded in the history (by ``user``); the next ``ralphy dev`` resumes Claude's session with it.
A project with no history, an unknown or already answered id, or an empty answer is a RalphyError (one line).
"""

from __future__ import annotations

from pathlib import Path

from ralphy.errors import RalphyError, StoreError
from ralphy.store import Question, Store, db_path


def answer_question(project_dir: str | Path, question_id: int, text: str) -> Question:
    """Record ``text`` as the user's answer to question ``question_id`` of ``project_dir``; the question as now."""
    if not text.strip():
        raise RalphyError("the answer is empty")
    if not db_path(project_dir).exists():  # never create a history to answer into
        raise StoreError(f"there is no question {question_id}: {Path(project_dir).resolve()} has no runs yet")
    with Store.open(project_dir) as store:
        store.answer_question(question_id, text)
        return store.question(question_id)
