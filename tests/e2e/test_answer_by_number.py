"""`ralphy answer ID N` picks option N of a paused live question, as the terminal's prompt does; `--text` keeps a
number as written; `--on-question auto` with more questions in one call than its limit answers what the limit
allows and pauses on the rest. Real Claude CLI, scripted model (AskUserQuestion exists from 2.1.62).

The truth, written before the run: the model asks the call below before any work, then (once the call has a
result or the session is resumed) does the one task itself. What reaches the model on the resume is the user's
answer as ralphy stored it: the picked options' labels, or the text as written.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from ralphy.termsafe import shell_word
from ralphy.testing import DevScenario, FakeMessagesAPI, tool_use
from tests.e2e.scripted import ralphy, skip_without_ask_user_question, summary, without_token_reminders

pytestmark = pytest.mark.e2e

STORAGE = {"question": "Which storage should greet use?", "header": "Storage", "multiSelect": False,
           "options": [{"label": "SQLite", "description": "a file"}, {"label": "Postgres", "description": "a server"}]}
FORMATS = {"question": "Which output formats?", "header": "Formats", "multiSelect": True,
           "options": [{"label": "JSON", "description": "j"}, {"label": "CSV", "description": "c"},
                       {"label": "YAML", "description": "y"}]}
NAME = {"question": "What should the service be called?", "header": "Name", "multiSelect": False,
        "options": [{"label": "greeter (Recommended)", "description": "g"}, {"label": "hello", "description": "h"}]}


def asks_then_works(*questions: dict):
    """One AskUserQuestion call with ``questions`` before anything else; after it, the honest model's work."""
    def respond(request):
        if request.is_main and not any(call.get("name") == "AskUserQuestion" for call in request.tool_calls):
            return tool_use("AskUserQuestion", {"questions": list(questions)}, id="toolu_pick")
        return DevScenario({})(request)
    return respond


@pytest.fixture(autouse=True)
def _needs_ask_user_question(claude_version):
    skip_without_ask_user_question(claude_version)


def stored(project: Path) -> list[tuple]:
    with sqlite3.connect(project / ".ralphy" / "ralphy.db") as db:
        return db.execute("SELECT id, text, answer, answered_by, delivered_iteration_id FROM questions ORDER BY id"
                          ).fetchall()


def resumed_with(api: FakeMessagesAPI, seen: int) -> str:
    """The user message the resumed session starts with (the first request after ``seen`` that carries tools; 2.1.237
    and 2.1.250 put a ``<total_tokens>`` reminder after it, left out here)."""
    first = next(body for body in api.requests[seen:] if body.get("tools"))
    said = without_token_reminders(first["messages"])[-1]["content"]
    return said if isinstance(said, str) else "\n".join(b.get("text", "") for b in said if isinstance(b, dict))


@pytest.mark.parametrize(("question", "typed", "extra", "answer"), [
    (STORAGE, "2", (), "Postgres"),                   # a number among the options picks that option
    (STORAGE, "2", ("--text",), "2"),                 # --text: the number as written
    (STORAGE, "3", (), "3"),                          # no option 3: the text as written
    (FORMATS, "1,3", (), "JSON, YAML"),               # multiSelect: several numbers pick several
    (STORAGE, "1,2", (), "1,2"),                      # not multiSelect: one option only, so the text as written
], ids=["pick", "text-flag", "out-of-range", "multi-select", "two-on-single"])
def test_ralphy_answer_with_a_number_answers_as_the_terminal_would(one_task_project, claude_home, claude_bin, question, typed,
                                                                   extra, answer):
    with FakeMessagesAPI(asks_then_works(question)) as api:
        paused = ralphy(one_task_project, api, claude_home, claude_bin, "dev", "--json", "--on-question", "pause")
        assert paused.returncode == 4, paused.stderr
        listed = ralphy(one_task_project, api, claude_home, claude_bin, "questions")
        (question_id, *_), = stored(one_task_project)
        answered = ralphy(one_task_project, api, claude_home, claude_bin, "answer", str(question_id), typed, *extra)
        assert answered.returncode == 0, answered.stderr
        seen = len(api.requests)
        done = ralphy(one_task_project, api, claude_home, claude_bin, "dev", "--json")
        said = resumed_with(api, seen)
    here = shell_word(str(one_task_project))  # run from another folder: the hints name the project (first18)
    assert f"ralphy answer {question_id} N {here} (option N" in listed.stdout, listed.stdout
    reason = summary(paused)["reason"]  # one line: the question, and how to answer it (the options are listed above)
    assert reason.startswith(f"Claude asked: [{question['header']}] {question['question']} — answer with "
                             f"`ralphy answer {question_id} N {here}` (option N"), reason
    assert "\n" not in reason
    assert answered.stdout.startswith(f"Answered question {question_id}" + (f": {answer}." if answer != typed else "."))
    assert done.returncode == 0, done.stderr
    assert said.startswith(answer + "\n\n(Answer from the user via ralphy."), said
    ((*row, delivered),) = stored(one_task_project)
    assert row == [question_id, question["question"], answer, "user"] and delivered is not None


def test_auto_answers_two_of_three_questions_in_one_call_and_pauses_on_the_third(one_task_project, claude_home,
                                                                                 claude_bin):
    with FakeMessagesAPI(asks_then_works(STORAGE, NAME, FORMATS)) as api:
        paused = ralphy(one_task_project, api, claude_home, claude_bin, "dev", "--json", "--on-question", "auto")
        assert paused.returncode == 4, paused.stderr
        first = stored(one_task_project)
        third = first[2][0]
        assert f"ralphy answer {third} " in summary(paused)["reason"]
        answered = ralphy(one_task_project, api, claude_home, claude_bin, "answer", str(third), "2,3")
        assert answered.returncode == 0, answered.stderr
        seen = len(api.requests)
        done = ralphy(one_task_project, api, claude_home, claude_bin, "dev", "--json", "--on-question", "auto")
        said = resumed_with(api, seen)
    # the limit (2 per task group) answered the first two, with the recommended option or the first; the call was
    # denied, so those answers waited, undelivered, with the third
    assert [row[1:] for row in first] == [
        (STORAGE["question"], "SQLite", "auto", None), (NAME["question"], "greeter (Recommended)", "auto", None),
        (FORMATS["question"], None, None, None)]
    assert "answered 2 questions automatically for 'Core' (at most 2); pausing on the one left" in paused.stderr
    assert done.returncode == 0, done.stderr
    assert ("Which storage should greet use?\n-> SQLite\n\nWhat should the service be called?\n-> greeter "
            "(Recommended)\n\nWhich output formats?\n-> CSV, YAML") in said, said
    delivered = {row[4] for row in stored(one_task_project)}
    assert len(delivered) == 1 and None not in delivered
    assert json.loads(done.stdout)["status"] == "completed"
