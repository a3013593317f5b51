"""`ralphy report` and `ralphy serve` on real histories: `ralphy dev` ran the real Claude CLI against the scripted
model, then a real browser (headless Chromium) reads the page.

What the pages must show is known before the run: the scenario delegates "Core library" (1.1, 1.2) to
tdd-orchestrator and does "Documentation" (2.1) itself.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, slow
from tests.e2e.scripted import ralphy, summary
from tests.report.browser import Browser, chromium_or_skip, dump_dom, screenshot
from tests.report.page import rows, section_text

pytestmark = pytest.mark.e2e


def test_report_of_a_delegation_run_in_chromium(project, claude_home, claude_bin, claude_version, tmp_path):
    chromium = chromium_or_skip()
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        assert proc.returncode == 0, proc.stderr
        made = subprocess.run([sys.executable, "-m", "ralphy", "report", str(project)], capture_output=True,
                              text=True, timeout=60)
        log = ralphy(project, api, claude_home, claude_bin, "log", "--json")
    from ralphy import __version__

    (run,) = json.loads(log.stdout)  # the run's facts the report states are in the history, not guessed
    assert [run["ralphy_version"], run["claude_version"], run["tasks_done"], run["tasks_total"]] == [
        __version__, str(claude_version), 3, 3]
    assert made.returncode == 0, made.stderr
    path = Path(made.stdout.strip())
    assert path == project / ".ralphy" / "reports" / "run1.html"
    cost = summary(proc)["iterations"][0]["cost_usd"]

    dom = dump_dom(chromium, path.resolve().as_uri())
    assert [g[:3] for g in rows(dom, "group")] == [["Core library", "delegated to tdd-orchestrator", "1.1 1.2"],
                                                   ["Documentation", "done directly", "2.1"]]
    agents = {r[0]: r for r in rows(dom, "agent-row")}
    assert agents["tdd-orchestrator"][1:3] == ["1", "2 (1.1, 1.2)"] and agents["direct"][2] == "1 (2.1)"
    run = section_text(dom, "run")
    for fact in ("Run 1 completed", "all 3 tasks in TASKS.md are completed", "Tasks done 3/3", "Delegated 2",
                 "Exit code 0", f"Claude CLI {claude_version}", f"ralphy {__version__}", f"Cost ${cost:.2f}"):
        assert fact in run, fact
    (iteration,) = rows(dom, "iteration")
    assert iteration[2] == "ok" and "→ tdd-orchestrator [1.1, 1.2] completed" in iteration[7]
    assert "Claude says (its own words, not checked) Summary of this iteration:" in iteration[7]
    shot = screenshot(chromium, path.resolve().as_uri(), tmp_path / "report.png")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_report_of_a_run_the_breaker_stopped(project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({}, stuck=True)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    assert proc.returncode == 3, proc.stderr
    html = subprocess.run([sys.executable, "-m", "ralphy", "report", str(project), "-o", "-"], capture_output=True,
                          text=True, timeout=60).stdout
    assert "Run 1 circuit breaker open" in section_text(html, "run")
    breaker = section_text(html, "breaker")
    assert re.search(r"after iteration 2: half-open — no progress .* after iteration 3: open — no progress", breaker)
    assert [r[6] for r in rows(html, "iteration")] == ["closed", "half-open", "open"]
    assert "No task was completed in this run." in section_text(html, "groups")


def test_live_dashboard_follows_a_run_and_answers_its_question(project, claude_home, claude_bin, tmp_path):
    """A browser opens the dashboard before any run; `ralphy dev` asks a question (the page shows it without a
    reload); the question is answered in the page's form; the next `ralphy dev` resumes and completes while the
    same page follows it."""
    chromium = chromium_or_skip()
    question = "Should greet() accept None?"
    scenario = DevScenario({"Core library": "tdd-orchestrator"}, question=question)

    def slowly(request):  # every model turn takes 0.4 s, so the browser sees the run go by
        return slow(scenario(request), before=0.4)

    log = tmp_path / "serve.log"
    with log.open("w") as server_log, \
            subprocess.Popen([sys.executable, "-m", "ralphy", "-v", "serve", str(project), "--port", "0"],
                             stdout=subprocess.PIPE, stderr=server_log, text=True) as server, \
            FakeMessagesAPI(slowly) as api, Browser(chromium) as browser:
        try:
            url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
            browser.open(url)
            assert browser.evaluate("document.querySelector('#run h1').textContent") == "No run yet"
            browser.evaluate("window.sameDocument = true")

            paused = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
            assert paused.returncode == 4, paused.stderr
            browser.wait_for("document.querySelector('li.question.pending form.answer') !== null")
            assert browser.evaluate("window.sameDocument") is True  # swapped in live, not reloaded
            shown = browser.evaluate("document.querySelector('li.question.pending blockquote').textContent")
            assert question in shown

            browser.evaluate("""(() => {
                const form = document.querySelector('li.question.pending form.answer');
                form.querySelector('textarea').value = 'No: raise TypeError for None.';
                form.querySelector('button').click();
            })()""")
            notice = browser.wait_for("document.querySelector('#questions .notice')?.textContent")
            assert notice.startswith("Answered question 1.")
            listed = ralphy(project, api, claude_home, claude_bin, "questions", "--json")
            assert json.loads(listed.stdout) == []  # answered: nothing pending any more

            browser.evaluate("window.sameDocument = true; window.seen = new Set();"
                             "setInterval(() => window.seen.add(document.querySelector('#run h1').innerText), 50)")
            done = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
            assert done.returncode == 0, done.stderr
            assert any("No: raise TypeError for None." in json.dumps(r) for r in api.requests)  # delivered
            try:
                browser.wait_for("document.querySelector('#run h1').innerText.includes('completed')")
            except TimeoutError:
                raise AssertionError(f"{browser.evaluate('document.body.innerText')[:1500]}\n{log.read_text()}")
            assert browser.evaluate("window.sameDocument") is True
            seen = browser.evaluate("Array.from(window.seen)")
            assert any("Run 2 running" in s for s in seen), seen  # it watched the run while it went on
            groups = browser.evaluate(
                "Array.from(document.querySelectorAll('tr.group')).map(r => Array.from(r.cells).slice(0, 3)"
                ".map(c => c.innerText.trim()))")
            assert groups == [["Core library", "delegated to tdd-orchestrator", "1.1 1.2"],
                              ["Documentation", "done directly", "2.1"]]
            shot = browser.screenshot(tmp_path / "live.png")
            assert shot.stat().st_size > 10_000
        finally:
            server.terminate()
        assert server.wait(10) == 0
