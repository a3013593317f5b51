"""Reports of runs our other report tests do not make, read in headless Chromium (issue 16's held-out shapes): a
delegation run whose task file is full of odd text (markup, a right-to-left override, zero-width characters, emoji,
a 300-character word), and a run of 0 iterations (every task already done).

The truth, written before the runs: the scripted model delegates the first group ("Café ...") to tdd-orchestrator
(1.1, 1.2) and does "Docs ..." (2.1) itself. Untrusted text is shown as text: no element is built from it, a
bidirectional override is shown as ``\\u202e`` (as on a terminal) instead of turning the rest of its line around,
a zero-width space or a joiner outside an emoji as ``\\u200b`` / ``\\u200d`` instead of nothing,
and no word is so long that the page scrolls sideways.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI
from tests.e2e.scripted import ralphy, scripted_project
from tests.report.browser import Browser, chromium_or_skip, dump_dom
from tests.report.page import rows, section_text

pytestmark = pytest.mark.e2e

GROUP = "Café ☕ <b>&amp; naïve</b> ‮evil‬"
LONG = "src/" + "a" * 300 + ".py"
TASKS = f"""# Tasks

## {GROUP}
- [ ] 1.1 Greet "O'Brien" & <script>alert(1)</script> 👋🏽
- [ ] 1.2 Handle {LONG}

## Docs \u200b zero\u200dwidth
- [ ] 2.1 Write the العربية section
"""
SHOWN_GROUP = "Café ☕ <b>&amp; naïve</b> \\u202eevil\\u202c"


def report_of(project: Path) -> str:
    made = subprocess.run([sys.executable, "-m", "ralphy", "report", str(project)], capture_output=True, text=True,
                          timeout=60)
    assert made.returncode == 0, made.stderr
    return Path(made.stdout.strip()).resolve().as_uri()


def test_a_delegation_run_with_odd_text_everywhere(tmp_path, claude_home, claude_bin, claude_version):
    chromium = chromium_or_skip()
    project = scripted_project(tmp_path / "project", tasks=TASKS)
    with FakeMessagesAPI(DevScenario({"Café": "tdd-orchestrator"})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    page = report_of(project)
    dom = dump_dom(chromium, page)
    assert [g[:3] for g in rows(dom, "group")] == [[SHOWN_GROUP, "delegated to tdd-orchestrator", "1.1 1.2"],
                                                   ["Docs \\u200b zero\\u200dwidth", "done directly", "2.1"]]
    agents = {r[0]: r[1:3] for r in rows(dom, "agent-row")}
    assert agents == {"tdd-orchestrator": ["1", "2 (1.1, 1.2)"], "direct": ["—", "1 (2.1)"]}
    (iteration,) = rows(dom, "iteration")
    assert f"→ tdd-orchestrator [1.1, 1.2] completed “Tasks 1.1, 1.2: {SHOWN_GROUP}”" in iteration[7]
    assert "✓ 1.1 Greet \"O'Brien\" & <script>alert(1)</script> 👋🏽" in iteration[7] and LONG in iteration[7]
    assert "\u202e" not in dom  # shown as an escape, nowhere obeyed
    body = dom.split("</style>", 1)[1]
    assert "<script>alert" not in body and "<b>&amp;" not in body  # text, not elements
    assert f"Claude CLI {claude_version}" in section_text(dom, "run")
    with Browser(chromium, width=1024, height=900) as browser:
        browser.open(page)
        assert browser.evaluate("document.querySelectorAll('b, script').length") == 0
        widths = browser.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], widths  # the 300-character word wraps: no sideways scrolling


def test_a_run_of_no_iteration_everything_already_done(tmp_path, claude_home, claude_bin):
    chromium = chromium_or_skip()
    project = scripted_project(tmp_path / "project", tasks="## Core\n- [x] 1.1 Done by hand\n- [x] 1.2 Also\n")
    with FakeMessagesAPI(DevScenario({})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        assert not api.requests  # no model call at all
    assert proc.returncode == 0 and json.loads(proc.stdout)["iterations"] == [], proc.stderr
    dom = dump_dom(chromium, report_of(project))
    run = section_text(dom, "run")
    for fact in ("Run 1 completed", "all 2 tasks in TASKS.md are completed", "Tasks done 2/2", "Delegated 0",
                 "Iterations 0", "Cost $0.00", "Exit code 0"):
        assert fact in run, (fact, run)
    assert "No task was completed in this run." in section_text(dom, "groups")
    assert rows(dom, "iteration") == [] and rows(dom, "group") == []
    assert "It stayed closed." in section_text(dom, "breaker")
