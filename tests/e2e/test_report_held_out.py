"""The report of a run that went wrong, read in a real browser the way the held-out check reads it (issue 16):
the real Claude CLI against the scripted model, which delegates "Core library" to tdd-orchestrator, does
"Documentation" itself, ticks boxes without writing code (so ralphy's check fails), and asks an
AskUserQuestion with two options before each group; `--on-question auto` answers it, and the second failed
check opens the breaker. The truth below was written from that scenario before the run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI
from tests.e2e.scripted import ralphy  # the project fixture: tests/e2e/conftest.py
from tests.report.browser import chromium_or_skip, dump_dom, screenshot
from tests.report.page import rows, section_text

pytestmark = pytest.mark.e2e

QUESTION = "Which greeting style <script>alert(1)</script>?"
CHECK = f"{sys.executable} -c \"import sys; sys.exit(1)\""


def test_a_run_with_a_failed_check_questions_and_a_breaker_trip_in_chromium(project, claude_home, claude_bin,
                                                                            claude_version, tmp_path):
    chromium = chromium_or_skip()
    scenario = DevScenario({"Core library": "tdd-orchestrator"}, max_groups_per_run=1, ticks_only=True,
                           question=QUESTION, question_options=["Formal (Recommended)", "Casual"])
    with FakeMessagesAPI(scenario) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--on-question", "auto", "--verify-command",
                      CHECK, extra_env={"RALPHY_VERIFY_FAILURES_OPEN": "2"})
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert proc.stdout.count("circuit breaker open") == 2 and "circuit_open:" not in proc.stdout  # said as words
    made = subprocess.run([sys.executable, "-m", "ralphy", "report", str(project)], capture_output=True, text=True,
                          timeout=60)
    assert made.returncode == 0, made.stderr
    page = Path(made.stdout.strip()).resolve().as_uri()
    dom = dump_dom(chromium, page)

    assert [g[:4] for g in rows(dom, "group")] == [
        ["Core library", "delegated to tdd-orchestrator", "1.1 1.2", "not verified ticked without changing any file: 1.1, 1.2"],
        ["Documentation", "done directly", "2.1", "not verified ticked without changing any file: 2.1"]]
    run = section_text(dom, "run")
    for fact in ("Run 1 circuit breaker open", "failed 2 times in a row", "Tasks done 3/3", "Exit code 3",
                 f"Claude CLI {claude_version}", "ralphy's check failed"):
        assert fact in run, (fact, run)
    assert [r[6] for r in rows(dom, "iteration")] == ["closed", "open"]
    assert "after iteration 2: open — the check" in section_text(dom, "breaker")
    questions = section_text(dom, "questions")
    if (claude_version.major, claude_version.minor) == (2, 0):  # no AskUserQuestion tool in 2.0.x (VERSIONS.md)
        assert QUESTION not in questions
    else:
        assert questions.count(QUESTION) == 2, questions  # escaped: shown as text, no element built from it
        assert questions.count("Options: Formal (Recommended) Casual") == 2, questions
        assert questions.count("UTC): Formal (Recommended)") == 2 and questions.count("Answer (auto, ") == 2, questions
    assert "<script>alert" not in dom.split("</style>", 1)[1].replace("&lt;script&gt;", "")
    shot = screenshot(chromium, page, tmp_path / "report.png")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
