"""One AskUserQuestion call with several questions, under ``ask`` on a real terminal (issue 13's held-out shapes):
a plain pick, a multiSelect pick of two options (``1,3``) and an "Other" answer typed as free text; then the same
call where the person answers the first question and leaves the second empty (pause), and the answers reach Claude
together when the run resumes.

The truth, written before the run: the model asks the three questions below in one call, before any work; after
the answers it does the one task itself (DevScenario without agents). 2.0.0 has no AskUserQuestion tool (VERSIONS.md):
these tests do not apply there.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, tool_use
from tests.e2e.scripted import (ralphy, skip_without_ask_user_question, summary,
                                 without_token_reminders)
from tests.e2e.terminal import Terminal

pytestmark = pytest.mark.e2e

CALL_ID = "toolu_three_questions"
QUESTIONS = {"questions": [
    {"question": "Which storage should greet use?", "header": "Storage", "multiSelect": False,
     "options": [{"label": "SQLite", "description": "a file"}, {"label": "Postgres", "description": "a server"}]},
    {"question": "Which output formats?", "header": "Formats", "multiSelect": True,
     "options": [{"label": "JSON", "description": "j"}, {"label": "CSV", "description": "c"},
                 {"label": "YAML", "description": "y"}]},
    {"question": "What should the service be called?", "header": "Name", "multiSelect": False,
     "options": [{"label": "greeter", "description": "g"}, {"label": "hello", "description": "h"}]},
]}


def asks_three_then_works(request):
    """Three questions in one call before anything else; once the call has a result, the honest model's work."""
    if request.is_main and not any(call.get("name") == "AskUserQuestion" for call in request.tool_calls):
        return tool_use("AskUserQuestion", QUESTIONS, id=CALL_ID)
    return DevScenario({})(request)


@pytest.fixture(autouse=True)
def _needs_ask_user_question(claude_version):
    skip_without_ask_user_question(claude_version)


def on_terminal(project: Path, api: FakeMessagesAPI, home: Path, claude_bin: str, replies: list[bytes]):
    """``ralphy dev`` on a pty, typing each reply when the next "Your answer" prompt shows: (exit code, shown)."""
    env = claude_env(api.url, home)
    env.update({"RALPHY_CLAUDE_BIN": claude_bin, "TERM": "xterm", "COLUMNS": "120", "RALPHY_BACKOFF_SECONDS": "0"})
    typed = []

    def step(terminal: Terminal) -> None:
        if terminal.seen.count(b"Your answer") > len(typed) and len(typed) < len(replies):
            terminal.type(replies[len(typed)])
            typed.append(replies[len(typed)])

    with Terminal(["dev", str(project)], env) as terminal:
        code = terminal.run(step, timeout=90)
    return code, terminal.shown


def call_results(api: FakeMessagesAPI) -> list[dict]:
    """The tool results the model was sent for the question call (each request repeats it: the distinct ones)."""
    found = []
    for body in api.requests:
        for message in body["messages"]:
            if message.get("role") == "user" and isinstance(message["content"], list):
                for block in message["content"]:
                    if isinstance(block, dict) and block.get("tool_use_id") == CALL_ID:
                        entry = {"content": block.get("content"), "is_error": bool(block.get("is_error"))}
                        if entry not in found:
                            found.append(entry)
    return found


def stored(project: Path) -> list[tuple]:
    with sqlite3.connect(project / ".ralphy" / "ralphy.db") as db:
        return db.execute("SELECT text, answer, answered_by, delivered_iteration_id FROM questions ORDER BY id"
                          ).fetchall()


def test_three_questions_a_pick_a_multiselect_and_other_text_answered_in_the_same_turn(
        one_task_project, claude_home, claude_bin):
    with FakeMessagesAPI(asks_three_then_works) as api:
        code, shown = on_terminal(one_task_project, api, claude_home, claude_bin,
                                  [b"2\n", b"1,3\n", b"call it greetd\n"])
        results = call_results(api)
    assert code == 0, shown[-2000:]
    for line in ("[Storage] Which storage should greet use?", "[Formats] Which output formats?", "  3. YAML - y",
                 "[Name] What should the service be called?"):
        assert line in shown, line
    (result,) = results  # one answer, not an error: the turn went on with it
    assert not result["is_error"]
    said = json.dumps(result["content"])
    for pair in ('\\"Which storage should greet use?\\"=\\"Postgres\\"', '\\"Which output formats?\\"=\\"JSON, YAML\\"',
                 '\\"What should the service be called?\\"=\\"call it greetd\\"'):
        assert pair in said, said
    assert "- [ ]" not in (one_task_project / "TASKS.md").read_text()  # the tasks finished in that one iteration
    assert stored(one_task_project) == [("Which storage should greet use?", "Postgres", "user", 1),
                               ("Which output formats?", "JSON, YAML", "user", 1),
                               ("What should the service be called?", "call it greetd", "user", 1)]


def test_a_pause_after_the_first_answer_keeps_it_and_the_resume_carries_all_three(one_task_project, claude_home,
                                                                                  claude_bin):
    with FakeMessagesAPI(asks_three_then_works) as api:
        code, shown = on_terminal(one_task_project, api, claude_home, claude_bin, [b"1\n", b"\n"])
        assert code == 4, shown[-2000:]
        assert "ralphy answer 2 " in shown
        # the call was denied with interrupt, so "SQLite" has not reached Claude: the answer given is kept, not marked delivered; the two questions not answered are pending
        assert stored(one_task_project) == [("Which storage should greet use?", "SQLite", "user", None),
                                   ("Which output formats?", None, None, None),
                                   ("What should the service be called?", None, None, None)]

        def answer(question_id: int, text: str) -> None:
            done = subprocess.run([sys.executable, "-m", "ralphy", "answer", str(question_id), text, str(one_task_project)],
                                  env=claude_env(api.url, claude_home), capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, done.stderr

        answer(2, "CSV only")
        waiting = ralphy(one_task_project, api, claude_home, claude_bin, "dev", "--json")
        assert waiting.returncode == 4, waiting.stderr  # question 3 still open: no resume with half the answers
        assert "ralphy answer 3 " in summary(waiting)["reason"]
        answer(3, "hello")
        seen = len(api.requests)
        resumed = ralphy(one_task_project, api, claude_home, claude_bin, "dev", "--json")
        first = next(body for body in api.requests[seen:] if body.get("tools"))
        (denied,) = call_results(api)
    assert resumed.returncode == 0, resumed.stderr
    assert denied["is_error"]  # what the model read as the call's own result: the pause, no answer in it
    said = without_token_reminders(first["messages"])[-1]["content"]
    said = said if isinstance(said, str) else "\n".join(b.get("text", "") for b in said if isinstance(b, dict))
    assert ("Which storage should greet use?\n-> SQLite\n\nWhich output formats?\n-> CSV only\n\n"
            "What should the service be called?\n-> hello") in said, said
    delivered = {row[3] for row in stored(one_task_project)}
    assert len(delivered) == 1 and None not in delivered  # all three delivered by the one resumed iteration
    assert "- [ ]" not in (one_task_project / "TASKS.md").read_text()


def test_no_answer_within_the_time_limit_pauses_with_every_question_recorded(one_task_project, claude_home, claude_bin):
    with FakeMessagesAPI(asks_three_then_works) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "TERM": "xterm", "COLUMNS": "120", "RALPHY_BACKOFF_SECONDS": "0",
                    "RALPHY_QUESTION_ANSWER_TIMEOUT": "1"})
        with Terminal(["dev", str(one_task_project)], env) as terminal:
            code = terminal.run(lambda terminal: None, timeout=90)  # nobody types
        shown = terminal.shown
    assert code == 4, shown[-2000:]
    assert "Your answer (empty or 1s without one pauses the run)" in shown and shown.count("Your answer") == 1
    assert stored(one_task_project) == [("Which storage should greet use?", None, None, None),
                               ("Which output formats?", None, None, None),
                               ("What should the service be called?", None, None, None)]
    assert "- [ ]" in (one_task_project / "TASKS.md").read_text()
