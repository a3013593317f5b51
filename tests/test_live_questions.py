"""ralphy.live_questions: the --on-question policy for AskUserQuestion requests, on a real Store (SQLite).

The requests are the CLI's own shape (VERSIONS.md, "AskUserQuestion"); the end-to-end path through the real
CLI is tests/e2e/test_live_questions.py.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest

from ralphy.claude.driver import ControlRequest
from ralphy.claude.permissions import Policy
from ralphy.live_questions import PAUSE_MESSAGE, LiveQuestions, parse_questions
from ralphy.store import Store

QUESTION = {"question": "Which database should the greet service use?", "header": "Database", "multiSelect": False,
            "options": [{"label": "SQLite", "description": "a file, nothing to run"},
                        {"label": "Postgres (Recommended)", "description": "a server"}]}


def _request(*questions: dict, tool: str = "AskUserQuestion") -> ControlRequest:
    return ControlRequest.parse({"type": "control_request", "request_id": "r7", "request": {
        "subtype": "can_use_tool", "tool_name": tool, "input": {"questions": list(questions)},
        "tool_use_id": "toolu_q1"}})


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path) as store:
        yield store


@pytest.fixture
def iteration(store: Store) -> int:
    run = store.start_run(argv=["ralphy", "dev"])
    return store.start_iteration(run, 1, prompt_chars=10)


def _all(store: Store) -> list:
    with sqlite3.connect(store.path) as db:  # every question, answered or not, in the order asked
        ids = [row[0] for row in db.execute("SELECT id FROM questions ORDER BY id")]
    return [store.question(n) for n in ids]


def _live(store, iteration, policy, **kwargs) -> LiveQuestions:
    live = LiveQuestions(store, policy=policy, iteration_id=lambda: iteration, task_key="Core library", **kwargs)
    live.session_id = "sess-1"
    return live


def test_parse_keeps_text_header_and_options_and_skips_what_is_malformed():
    parsed = parse_questions({"questions": [QUESTION, {"question": "  "}, "not a dict", {"header": "no text"},
                                            {"question": "Free?", "options": "not a list"}]})
    assert [(q.text, q.header, q.labels) for q in parsed] == [
        ("Which database should the greet service use?", "Database", ["SQLite", "Postgres (Recommended)"]),
        ("Free?", None, [])]
    assert parse_questions({"questions": "nope"}) == [] and parse_questions({}) == []


def test_a_number_picks_an_option_and_anything_else_is_the_answer_itself():
    (question,) = parse_questions({"questions": [QUESTION]})
    assert question.resolve("2") == "Postgres (Recommended)"
    assert question.resolve(" 1 ") == "SQLite"
    assert question.resolve("3") == "3"  # no third option: the text as it is
    assert question.resolve("1,2") == "1,2"  # one answer only when it is not multiSelect
    assert question.resolve("SQLite, but in memory for tests") == "SQLite, but in memory for tests"
    assert question.recommended() == "Postgres (Recommended)"
    shown = question.prompt()
    assert shown.splitlines()[:3] == ["[Database] Which database should the greet service use?",
                                      "  1. SQLite - a file, nothing to run", "  2. Postgres (Recommended) - a server"]


def test_ask_sends_the_answer_back_as_the_tools_answer_and_records_it_delivered(store, iteration):
    asked = []
    live = _live(store, iteration, "ask", ask=lambda text, answered=None: asked.append(text) or "1")
    response = live.on_request(_request(QUESTION))
    assert response == {"behavior": "allow", "updatedInput": {
        "questions": [QUESTION], "answers": {"Which database should the greet service use?": "SQLite"}}}
    assert "1. SQLite" in asked[0] and live.paused is None
    (question,) = _all(store)
    assert (question.header, question.answer, question.answered_by, question.delivered_iteration_id,
            question.session_id) == ("Database", "SQLite", "user", iteration, "sess-1")
    assert [o["label"] for o in question.options] == ["SQLite", "Postgres (Recommended)"]
    assert store.pending_questions() == [] and store.answered_unresumed() == []


def test_no_answer_in_time_on_the_terminal_pauses(store, iteration):
    live = _live(store, iteration, "ask", ask=lambda text, answered=None: None)
    assert live.on_request(_request(QUESTION)) == {"behavior": "deny", "message": PAUSE_MESSAGE, "interrupt": True}
    (pending,) = store.pending_questions()
    assert live.paused == pending.id and pending.header == "Database" and pending.session_id == "sess-1"


def test_under_ask_the_dashboard_answers_while_the_terminal_waits(store, iteration, tmp_path, monkeypatch, capsys):
    """The question is pending in the history while the terminal waits (so `ralphy serve` lists it); an answer
    given there (ralphy.answers, the dashboard's form, another connection) ends the wait and is the tool's answer."""
    import os
    import pty
    import sys

    from ralphy.answers import answer_question
    from ralphy.cli.dev import _ask_on_terminal

    leader, follower = pty.openpty()  # a real terminal on which nobody types
    terminal = os.fdopen(follower, "r")
    monkeypatch.setattr(sys, "stdin", terminal)
    seen_pending = []

    def dashboard():
        for _ in range(100):
            with Store.open(tmp_path) as other:
                pending = other.pending_questions()
            if pending:
                seen_pending.append(pending[0].header)
                answer_question(tmp_path, pending[0].id, "2")
                return
            threading.Event().wait(0.05)

    answering = threading.Thread(target=dashboard)
    answering.start()
    try:
        live = _live(store, iteration, "ask", ask=_ask_on_terminal(timeout=20, poll_seconds=0.05))
        response = live.on_request(_request(QUESTION))
    finally:
        answering.join()
        os.close(leader)
        terminal.close()
    assert seen_pending == ["Database"]
    assert response["updatedInput"]["answers"] == {QUESTION["question"]: "Postgres (Recommended)"}
    (question,) = _all(store)
    assert (question.answer, question.answered_by, question.delivered_iteration_id) == ("2", "user", iteration)
    assert live.paused is None and "answered on the dashboard" in capsys.readouterr().err


def test_under_ask_a_terminal_answer_is_recorded_once(store, iteration, monkeypatch):
    import os
    import pty
    import sys

    from ralphy.cli.dev import _ask_on_terminal

    leader, follower = pty.openpty()
    terminal = os.fdopen(follower, "r")
    monkeypatch.setattr(sys, "stdin", terminal)
    os.write(leader, b"SQLite, in memory\n")
    try:
        live = _live(store, iteration, "ask", ask=_ask_on_terminal(timeout=20, poll_seconds=0.05))
        response = live.on_request(_request(QUESTION))
    finally:
        os.close(leader)
        terminal.close()
    assert response["updatedInput"]["answers"] == {QUESTION["question"]: "SQLite, in memory"}
    (question,) = _all(store)
    assert (question.answer, question.answered_by) == ("SQLite, in memory", "user")


def test_pause_records_a_pending_question_and_ends_the_turn(store, iteration):
    live = _live(store, iteration, "pause")
    response = live.on_request(_request(QUESTION))
    assert response["behavior"] == "deny" and response["interrupt"] is True
    (pending,) = store.pending_questions()
    assert (pending.id, pending.text, pending.answer) == (live.paused, QUESTION["question"], None)
    assert json.loads(json.dumps(pending.to_dict()))["options"][1]["label"] == "Postgres (Recommended)"


def test_pause_with_several_questions_records_one_question_to_answer(store, iteration):
    second = {"question": "Which port?", "header": "Port", "options": [{"label": "8080"}, {"label": "9090"}]}
    live = _live(store, iteration, "pause")
    live.on_request(_request(QUESTION, second))
    (pending,) = store.pending_questions()
    assert QUESTION["question"] in pending.text and "Which port?" in pending.text and "2. 9090" in pending.text


def test_auto_picks_the_recommended_option_at_most_max_auto_times_per_group_then_pauses(store, iteration):
    notes = []
    live = _live(store, iteration, "auto", max_auto=2, note=notes.append)
    answers = [live.on_request(_request(QUESTION)) for _ in range(3)]
    assert [a["behavior"] for a in answers] == ["allow", "allow", "deny"]
    assert answers[0]["updatedInput"]["answers"] == {QUESTION["question"]: "Postgres (Recommended)"}
    assert [(q.answer, q.answered_by) for q in _all(store)] == [
        ("Postgres (Recommended)", "auto"), ("Postgres (Recommended)", "auto"), (None, None)]
    assert live.paused == _all(store)[2].id and "at most 2" in notes[-1]


def test_auto_with_more_questions_in_one_call_than_its_limit_answers_two_and_pauses_on_the_third(store, iteration):
    # issue: three questions in one call under a limit of 2 used to pause on all three at once, as one question
    second = {"question": "Which port?", "header": "Port", "options": [{"label": "8080"}, {"label": "9090"}]}
    third = {"question": "Which formats?", "header": "Formats", "multiSelect": True,
             "options": [{"label": "JSON"}, {"label": "CSV"}, {"label": "YAML"}]}
    notes = []
    live = _live(store, iteration, "auto", max_auto=2, note=notes.append)
    response = live.on_request(_request(QUESTION, second, third))
    assert response["behavior"] == "deny" and response["interrupt"] is True
    asked = _all(store)
    assert [(q.text, q.answer, q.answered_by, q.delivered_iteration_id) for q in asked] == [
        (QUESTION["question"], "Postgres (Recommended)", "auto", None),  # the call was denied: not delivered yet
        ("Which port?", "8080", "auto", None),
        ("Which formats?", None, None, None)]
    assert live.paused == asked[2].id and asked[2].multi_select and [o["label"] for o in asked[2].options] == [
        "JSON", "CSV", "YAML"]
    assert live.paused_text.startswith("[Formats] Which formats?") and "Which port?" not in live.paused_text
    assert "pausing on the one left" in notes[-1] and live.answered == []
    assert live.paused_question is not None and live.paused_question.text == "Which formats?"


def test_auto_with_no_room_left_pauses_on_the_whole_call_as_pause_does(store, iteration):
    second = {"question": "Which port?", "header": "Port", "options": [{"label": "8080"}, {"label": "9090"}]}
    live = _live(store, iteration, "auto", max_auto=0)
    live.on_request(_request(QUESTION, second))
    (pending,) = store.pending_questions()
    assert QUESTION["question"] in pending.text and "Which port?" in pending.text and live.paused == pending.id


def test_a_multiselect_question_is_stored_as_one_and_a_single_select_as_not(store, iteration):
    several = {**QUESTION, "question": "Which ones?", "multiSelect": True}
    live = _live(store, iteration, "pause")
    live.on_request(_request(several))
    live.on_request(_request(QUESTION))
    assert [(q.text, q.multi_select) for q in _all(store)] == [("Which ones?", True), (QUESTION["question"], False)]


def test_auto_without_options_says_use_your_best_judgment(store, iteration):
    live = _live(store, iteration, "auto")
    response = live.on_request(_request({"question": "Anything I should know?"}))
    assert response["updatedInput"]["answers"] == {"Anything I should know?": "use your best judgment"}


def test_a_request_with_no_question_is_denied_without_a_record(store, iteration):
    live = _live(store, iteration, "pause")
    response = live.on_request(_request({"header": "empty"}))
    assert response["behavior"] == "deny" and "interrupt" not in response
    assert _all(store) == [] and live.paused is None


def test_other_tools_go_to_the_permission_policy_and_questions_come_here_through_it(store, iteration):
    live = _live(store, iteration, "pause")
    policy = Policy.from_config({"allow": ["Read"]}, fallback=live.on_request)
    assert policy.answer(_request(QUESTION, tool="Read"))["behavior"] == "allow"
    assert policy.answer(_request(QUESTION))["interrupt"] is True  # AskUserQuestion: not a permission
    assert [d.tool for d in policy.decisions] == ["Read"] and len(store.pending_questions()) == 1


def test_the_dashboard_shows_a_paused_live_question_with_its_options_and_answers_it(tmp_path):
    from ralphy.report.server import make_server
    from tests.report.page import section_text
    from tests.report.test_server import post_answer, request, token_in

    with Store.open(tmp_path) as store:
        run = store.start_run(argv=["ralphy", "dev"])
        iteration = store.start_iteration(run, 1, prompt_chars=10)
        live = _live(store, iteration, "pause")
        live.on_request(_request(QUESTION))
    server, dashboard = make_server(tmp_path, port=0, poll_seconds=0.05)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        _, _, page = request(dashboard, "GET", "/")
        shown = section_text(page, "questions")
        assert "Which database should the greet service use?" in shown and "Database" in shown
        assert "SQLite" in shown and "Postgres (Recommended)" in shown
        status, _, _ = post_answer(dashboard, {"id": str(live.paused), "text": "SQLite", "token": token_in(page)},
                                   {"Origin": f"http://127.0.0.1:{dashboard.port}", "Sec-Fetch-Site": "same-origin"})
    finally:
        dashboard.stopping.set()
        server.shutdown()
        server.server_close()
        thread.join(5)
    assert status == 303
    with Store.open(tmp_path) as store:  # what the next `ralphy dev` resumes the session with
        (answered,) = store.answered_unresumed()
    assert (answered.id, answered.answer, answered.session_id) == (live.paused, "SQLite", "sess-1")


def test_how_to_answer_names_the_option_numbers_only_for_a_question_with_options():
    from ralphy.live_questions import how_to_answer

    assert how_to_answer(7, False) == 'ralphy answer 7 "..."'
    assert how_to_answer(7, True) == 'ralphy answer 7 N (option N) or ralphy answer 7 "..."'
    assert how_to_answer(7, True, True, quote="`") == \
        '`ralphy answer 7 N` (option N; 1,3 picks several) or `ralphy answer 7 "..."`'
