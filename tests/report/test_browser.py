"""The report and the dashboard in a real browser (headless Chromium), on histories written through the Store.

The end-to-end versions, on histories of real runs of the Claude CLI, are in tests/e2e/test_report.py.
"""

from __future__ import annotations

import threading

import pytest

from ralphy.report import load_report, render_report, write_report
from ralphy.report.server import make_server
from ralphy.store import Store
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
