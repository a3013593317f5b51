"""Live questions end to end: the scripted model calls AskUserQuestion through the real Claude CLI, and
ralphy's ``--on-question`` policy answers it while the turn waits (ralphy.live_questions)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, text, tool_use
from tests.e2e.scripted import ralphy, summary
from tests.e2e.terminal import answer_when_asked

pytestmark = pytest.mark.e2e

QUESTION = "Which database should the greet service use?"
OPTIONS = ["Postgres (Recommended)", "SQLite"]


def _questions(project: Path) -> list[dict]:
    with sqlite3.connect(project / ".ralphy" / "ralphy.db") as db:
        db.row_factory = sqlite3.Row
        return [dict(row) for row in db.execute("SELECT * FROM questions ORDER BY id")]


def _tool_results(api: FakeMessagesAPI) -> list[dict]:
    """Each tool result the model was sent, once (every request repeats the conversation so far)."""
    seen: dict[str, dict] = {}
    for r in api.requests:
        for m in r["messages"]:
            if m.get("role") == "user" and isinstance(m["content"], list):
                for b in m["content"]:
                    if isinstance(b, dict) and b.get("type") == "tool_result":
                        seen.setdefault(b.get("tool_use_id", ""), b)
    return list(seen.values())


def test_ask_on_a_terminal_answers_in_the_same_turn_and_the_tasks_finish_in_one_iteration(
        project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({}, question=QUESTION, question_options=OPTIONS)) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "TERM": "xterm", "COLUMNS": "120", "RALPHY_BACKOFF_SECONDS": "0"})
        code, shown, answered = answer_when_asked(["dev", str(project)], env, b"2\n")  # the second option, by number
        results = _tool_results(api)
        log = ralphy(project, api, claude_home, claude_bin, "log", "--json", "-n", "5")
    assert answered, shown[-2000:]
    assert "[Decision] " + QUESTION in shown and "1. Postgres (Recommended)" in shown and "2. SQLite" in shown
    assert code == 0, shown[-2000:]
    # the tool's own result carried the answer back to the model within the turn
    answer_results = [r for r in results if r.get("tool_use_id") == "toolu_ralphy_question"]
    assert answer_results and "SQLite" in json.dumps(answer_results[0]) and not answer_results[0].get("is_error")
    iterations = [it for run in json.loads(log.stdout) for it in run["iterations"]]
    assert len(iterations) == 1 and iterations[0]["outcome"] == "ok"
    assert "- [ ]" not in (project / "TASKS.md").read_text()
    (question,) = _questions(project)
    assert (question["text"], question["header"], question["answer"], question["answered_by"]) == \
        (QUESTION, "Decision", "SQLite", "user")
    assert [o["label"] for o in json.loads(question["options_json"])] == OPTIONS
    assert question["delivered_iteration_id"] == question["iteration_id"]


def test_pause_ends_the_run_with_exit_4_then_answer_and_dev_resume_the_same_session(project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"}, question=QUESTION,
                                     question_options=OPTIONS)) as api:
        paused = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--on-question", "pause")
        assert paused.returncode == 4, paused.stderr
        data = summary(paused)
        assert data["status"] == "question" and data["iterations"][-1]["outcome"] == "question"
        asked_session = data["iterations"][-1]["session_id"]
        assert "- [x]" not in (project / "TASKS.md").read_text()  # the turn stopped at the question

        (pending,) = json.loads(ralphy(project, api, claude_home, claude_bin, "questions", "--json").stdout)
        assert pending["text"] == QUESTION and pending["header"] == "Decision"
        assert [o["label"] for o in pending["options"]] == OPTIONS

        answered = subprocess.run(
            [sys.executable, "-m", "ralphy", "answer", str(pending["id"]), "Use SQLite for now.", str(project)],
            env=claude_env(api.url, claude_home), capture_output=True, text=True, timeout=60)
        assert answered.returncode == 0, answered.stderr
        seen_before = len(api.requests)
        done = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        later = json.dumps(api.requests[seen_before:])
    assert done.returncode == 0, done.stderr
    resumed = summary(done)
    assert resumed["iterations"][0]["session_id"] == asked_session
    assert "Use SQLite for now." in later and QUESTION in later  # the same conversation, with the answer
    assert "- [ ]" not in (project / "TASKS.md").read_text()
    (question,) = _questions(project)
    assert question["answered_by"] == "user" and question["delivered_iteration_id"] is not None


def test_auto_answers_with_the_recommended_option_and_the_run_finishes(project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({}, question=QUESTION, question_options=["SQLite", "Postgres (Recommended)"])) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--on-question", "auto")
        results = _tool_results(api)
    assert proc.returncode == 0, proc.stderr
    assert len(summary(proc)["iterations"]) == 1
    answer = [r for r in results if r.get("tool_use_id") == "toolu_ralphy_question"]
    assert answer and "Postgres (Recommended)" in json.dumps(answer[0])
    (question,) = _questions(project)
    assert (question["answer"], question["answered_by"]) == ("Postgres (Recommended)", "auto")


def test_auto_is_bounded_per_task_group_then_pauses(project, claude_home, claude_bin):

    def asks_forever(request):  # a new question after every answer, until one is refused
        results = request.last_tool_results
        if results and results[-1][2]:
            return text("I was told to wait for the user; stopping here.")
        n = sum(1 for b in request.tool_calls if b.get("name") == "AskUserQuestion")
        return tool_use("AskUserQuestion", {"questions": [{
            "question": f"Decision {n + 1}: which port?", "header": "Port", "multiSelect": False,
            "options": [{"label": "8080", "description": "the usual"}, {"label": "9090", "description": "other"}]}]},
            id=f"toolu_ask{n + 1}")

    with FakeMessagesAPI(asks_forever) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--on-question", "auto")
        results = _tool_results(api)
    assert proc.returncode == 4, proc.stderr
    assert summary(proc)["status"] == "question"
    allowed = [r for r in results if not r.get("is_error")]
    assert len(allowed) == 2 and all("8080" in json.dumps(r) for r in allowed)
    stored = _questions(project)
    assert [(q["answered_by"], q["answer"]) for q in stored] == [("auto", "8080"), ("auto", "8080"), (None, None)]
    assert stored[2]["text"] == "Decision 3: which port?"
