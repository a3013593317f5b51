"""The report and the dashboard in a real browser (headless Chromium), on histories written through the Store.

The end-to-end versions, on histories of real runs of the Claude CLI, are in tests/e2e/test_report.py.
"""

from __future__ import annotations

import html
import re
import threading

import pytest

from ralphy.report import load_report, render_report, write_report
from ralphy.report.server import _Handler, make_server
from ralphy.store import Store, db_path
from tests.report.browser import Browser, chromium_or_skip, dump_dom
from tests.report.histories import T0, long_run
from tests.report.page import rows, section_text
from tests.report.test_report import HOSTILE, delegation_run


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_or_skip()


def test_chromium_renders_the_file_report(chromium, tmp_path):
    delegation_run(tmp_path)
    with Store.open(tmp_path) as store:  # hostile text in a third group: it must stay text in the browser
        it = store.start_iteration(1, 3, started_at=T0 + 200)
        store.add_task_outcome(it, task_id="3.1", title=HOSTILE, group=HOSTILE, handled_by="direct")
        store.finish_iteration(it, outcome="ok", finished_at=T0 + 210, result_text=HOSTILE)
    path = tmp_path / "report.html"
    write_report(render_report(load_report(tmp_path)), path)
    dom = dump_dom(chromium, path.as_uri())
    assert [g[:3] for g in rows(dom, "group")] == [
        ["Core library", "delegated to tdd-orchestrator", "1.1 1.2"], ["Documentation", "done directly", "2.1"],
        [HOSTILE, "done directly", "3.1"]]
    assert "<img" not in dom and "<script" not in dom  # the browser made no element of the hostile text
    assert "Tasks done 4" in section_text(dom, "run")


def test_chromium_renders_500_iterations(chromium, tmp_path):
    long_run(tmp_path, 500)
    path = tmp_path / "report.html"
    write_report(render_report(load_report(tmp_path)), path)
    dom = dump_dom(chromium, path.as_uri())
    assert len(rows(dom, "iteration")) == 500 and len(rows(dom, "group")) == 25


def test_the_dashboard_page_answers_a_question_in_the_browser(chromium, tmp_path):
    delegation_run(tmp_path)
    server, dashboard = make_server(tmp_path, port=0, poll_seconds=0.1)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        with Browser(chromium) as browser:
            browser.open(f"http://127.0.0.1:{dashboard.port}/")
            browser.evaluate("window.sameDocument = true")
            long_run(tmp_path, 2)  # a second run starts and ends: the page follows it without a reload
            browser.wait_for("document.querySelector('#run h1').innerText.startsWith('Run 2')")
            assert browser.evaluate("window.sameDocument") is True
            # run 1's question is still pending, so it is still on the page, with its form
            browser.evaluate("""(() => {
                const form = document.querySelector('#q1 form.answer');
                form.querySelector('textarea').value = 'No, <b>raise</b> TypeError';
                form.querySelector('button').click();
            })()""")
            browser.wait_for("location.search === '?answered=1'")
            notice = browser.wait_for("document.querySelector('#questions .notice')?.textContent")
            # the new page fetches its sections when its event stream opens: the notice stays through that
            browser.wait_for("document.getElementById('live-state').textContent.startsWith('live · updated')")
            assert browser.evaluate("document.querySelector('#questions .notice')?.textContent") == notice
            assert browser.evaluate("document.getElementById('q1')") is None  # answered, and not of run 2
            browser.open(f"http://127.0.0.1:{dashboard.port}/?run=1")
            shown = browser.evaluate("document.querySelector('#q1 .answer-given q').textContent")
    finally:
        dashboard.stopping.set()
        server.shutdown()
        server.server_close()
    assert notice.startswith("Answered question 1.")
    assert shown == "No, <b>raise</b> TypeError"
    with Store.open(tmp_path) as store:
        question = store.question(1)
    assert (question.answer, question.answered_by) == ("No, <b>raise</b> TypeError", "user")


def _tripped_run(project, *, finish: bool = True) -> int:
    """Two iterations without progress: the breaker half-open after the first, open after the second; the run
    stopped on it (status ``circuit_open``) and a later one on a usage limit."""
    with Store.open(project) as store:
        run = store.start_run(started_at=T0)
        for n, state in ((1, "half_open"), (2, "open")):
            it = store.start_iteration(run, n, started_at=T0 + 10 * n)
            store.finish_iteration(it, outcome="ok", finished_at=T0 + 10 * n + 5, breaker_state=state,
                                   breaker_reason=f"no progress in {n} iterations")
        if finish:
            store.finish_run(run, status="circuit_open", reason="circuit breaker open: no progress in 2 iterations; "
                             "fix the cause, then run `ralphy reset`", exit_code=3, finished_at=T0 + 40)
    return run


def _no_codes(text: str) -> None:
    assert not [code for code in ("circuit_open", "half_open", "usage_limit") if code in text], text


def test_chromium_shows_statuses_as_words_not_codes(chromium, tmp_path):
    _tripped_run(tmp_path)
    with Store.open(tmp_path) as store:
        later = store.start_run(started_at=T0 + 100)
        store.finish_run(later, status="usage_limit", reason="resets at 15:00", exit_code=5, finished_at=T0 + 101)
    path = tmp_path / "report.html"
    write_report(render_report(load_report(tmp_path, 1)), path)
    dom = dump_dom(chromium, path.as_uri())
    assert section_text(dom, "run").startswith("Run 1 circuit breaker open circuit breaker open: no progress")
    assert [r[6] for r in rows(dom, "iteration")] == ["half-open", "open"]
    assert "after iteration 1: half-open — no progress in 1 iterations" in section_text(dom, "breaker")
    assert "Other runs in this history: run 2 (usage limit)" in " ".join(dom.split())
    _no_codes(re.sub(r"<[^>]*>", " ", dom.split("</style>", 1)[1]))  # the CSS classes keep the codes, no text
    assert 'class="status status-circuit_open"' in dom


def test_the_dashboard_badge_turns_to_words_live(chromium, tmp_path):
    run = _tripped_run(tmp_path, finish=False)
    server, dashboard = make_server(tmp_path, port=0, poll_seconds=0.1)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        with Browser(chromium) as browser:
            browser.open(f"http://127.0.0.1:{dashboard.port}/")
            assert browser.evaluate("document.querySelector('#run h1 .status').innerText") == "running"
            with Store.open(tmp_path) as store:
                store.finish_run(run, status="circuit_open", reason="circuit breaker open: no progress",
                                 exit_code=3, finished_at=T0 + 40)
            badge = browser.wait_for("(t => t !== 'running' && t)(document.querySelector('#run h1 .status').innerText)")
            text = browser.evaluate("document.body.innerText")
    finally:
        dashboard.stopping.set()
        server.shutdown()
        server.server_close()
    assert badge == "circuit breaker open"
    _no_codes(text)



def test_the_dashboard_catches_up_with_a_change_made_before_its_stream_opened(chromium, tmp_path):
    """The race behind the badge test's failures under load: the page renders, the history changes, and only
    then does the page's event stream start (or start again after a lost connection). That change comes in no
    event, so the page must fetch its sections when the stream opens. Here the server holds the page's
    /events request (the real handler runs once let go) while the run ends."""
    run = _tripped_run(tmp_path, finish=False)
    server, dashboard = make_server(tmp_path, port=0, poll_seconds=0.1)
    handler, asked, let_go = server.RequestHandlerClass, threading.Event(), threading.Event()

    def held_events(self, run_id):
        asked.set()
        let_go.wait(30)
        return _Handler._events(self, run_id)

    handler._events = held_events
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        with Browser(chromium) as browser:
            browser.open(f"http://127.0.0.1:{dashboard.port}/")
            assert asked.wait(30), "the page never asked for its event stream"
            assert browser.evaluate("document.querySelector('#run h1 .status').innerText") == "running"
            with Store.open(tmp_path) as store:
                store.finish_run(run, status="circuit_open", reason="circuit breaker open: no progress",
                                 exit_code=3, finished_at=T0 + 40)
            let_go.set()
            badge = browser.wait_for("(t => t !== 'running' && t)(document.querySelector('#run h1 .status').innerText)")
    finally:
        let_go.set()
        dashboard.stopping.set()
        server.shutdown()
        server.server_close()
    assert badge == "circuit breaker open"


# ------------------------------------------------------------------------ report20: as a grader reads the page


def _serving(project):
    server, dashboard = make_server(project, port=0, poll_seconds=0.1)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    return server, dashboard


def _stop(server, dashboard):
    dashboard.stopping.set()
    server.shutdown()
    server.server_close()


def test_the_other_runs_line_lists_them_without_a_dangling_comma(chromium, tmp_path):
    delegation_run(tmp_path)  # run 1: a question
    long_run(tmp_path, 1)  # run 2: completed, the one reported
    path = tmp_path / "report.html"
    write_report(render_report(load_report(tmp_path)), path)
    dom = dump_dom(chromium, path.as_uri())
    inner = re.search(r'<section id="runs"[^>]*>(.*?)</section>', dom, re.S).group(1)
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", inner)).split())  # as read: no space before the full stop
    assert text == "Other runs in this history: run 1 (question) — ralphy report --run ID."


def test_the_dashboard_tab_title_and_other_runs_follow_a_new_run(chromium, tmp_path):
    """The page swaps in a new run's sections live; the tab's title and the line of other runs must follow, not
    keep saying what the first render said ("no run yet", or run 1 while the page shows run 2)."""
    server, dashboard = _serving(tmp_path)
    try:
        with Browser(chromium) as browser:
            browser.open(f"http://127.0.0.1:{dashboard.port}/")
            assert browser.evaluate("document.title") == "ralphy · no run yet"
            long_run(tmp_path, 1)
            browser.wait_for("document.querySelector('#run h1').innerText === 'Run 1 completed'")
            assert browser.wait_for("(t => t !== 'ralphy · no run yet' && t)(document.title)",
                                    timeout=5) == "ralphy · run 1 · completed"
            long_run(tmp_path, 2, finish=False)
            browser.wait_for("document.querySelector('#run h1').innerText === 'Run 2 running'")
            title = browser.wait_for("(t => t.includes('run 2') && t)(document.title)", timeout=5)
            others = browser.evaluate("document.getElementById('runs').innerText.trim()")
    finally:
        _stop(server, dashboard)
    assert title == "ralphy · run 2 · running"
    assert others == "Other runs in this history: run 1 (completed)."


def test_a_damaged_history_is_said_on_the_dashboard_not_no_run_yet(chromium, tmp_path):
    """The dashboard shows a run; then the database is damaged. The page must say the history cannot be read (and
    why), not "No run yet ... as soon as ralphy dev starts one": ralphy dev refuses a damaged history."""
    delegation_run(tmp_path)
    server, dashboard = _serving(tmp_path)
    try:
        with Browser(chromium) as browser:
            browser.open(f"http://127.0.0.1:{dashboard.port}/")
            assert browser.evaluate("document.querySelector('#run h1').innerText").startswith("Run 1")
            with db_path(tmp_path).open("r+b") as fh:  # every page after the first overwritten
                fh.seek(4096)
                fh.write(b"\xff" * (db_path(tmp_path).stat().st_size - 4096))
            heading = browser.wait_for(
                "(t => !t.startsWith('Run 1') && t)(document.querySelector('#run h1').innerText)")
            live_text = browser.evaluate("document.getElementById('sections').innerText")
            live_title = browser.evaluate("document.title")
            browser.open(f"http://127.0.0.1:{dashboard.port}/")  # and a fresh load says the same
            loaded_text = browser.evaluate("document.getElementById('sections').innerText")
            loaded_title = browser.evaluate("document.title")
    finally:
        _stop(server, dashboard)
    assert heading == "The history cannot be read"
    for text in (live_text, loaded_text):
        assert "database disk image is malformed" in text and "as soon as" not in text, text
    assert live_title == loaded_title == "ralphy · the history cannot be read"


def test_a_run_resumed_with_an_answer_shows_that_question_and_answer(chromium, tmp_path):
    """Run 1 stops on a question; the user answers; run 2's first iteration resumes Claude's session with the
    answer. Run 2's page must show what it resumed with (the question and the answer), and run 1's page where the
    answer went: "resumed" alone does not tell a reader what Claude was told."""
    delegation_run(tmp_path)  # run 1: question 1, asked in iteration 2
    with Store.open(tmp_path) as store:
        store.answer_question(1, "No: <b>raise</b> TypeError & stop", answered_at=T0 + 200)
        run = store.start_run(started_at=T0 + 300)
        it = store.start_iteration(run, 1, started_at=T0 + 300, resumed_session="s2")
        store.mark_question_delivered(1, it)
        store.finish_iteration(it, outcome="ok", finished_at=T0 + 320, session_id="s2", cost_usd=0.02)
        store.finish_run(run, status="completed", reason="all tasks done", exit_code=0, finished_at=T0 + 321)
    pages = {}
    for run_id in (1, 2):
        path = tmp_path / f"run{run_id}.html"
        write_report(render_report(load_report(tmp_path, run_id)), path)
        pages[run_id] = dump_dom(chromium, path.as_uri())
    resumed = section_text(pages[2], "questions")
    assert "Should greet() accept None?" in resumed and "No: <b>raise</b> TypeError & stop" in resumed, resumed
    assert "#1 · run 1, iteration 2" in resumed and "delivered in run 2, iteration 1" in resumed, resumed
    (row,) = rows(pages[2], "iteration")
    assert "resumed with the answer to question #1" in row[2], row
    assert "delivered in run 2, iteration 1" in section_text(pages[1], "questions")
