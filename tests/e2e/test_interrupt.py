"""Ctrl-C on a real terminal while the real Claude CLI works on a turn: ralphy ends the turn through the CLI's
``interrupt`` (the CLI writes the turn's result and exits by itself), leaves no process behind, records the
iteration as interrupted, saves the breaker, and the next run is told. Runs on every CLI of
RALPHY_TEST_CLAUDE_BINS (the timeout's counterpart is in test_dev_loop.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, slow, text, with_fault
from tests.e2e.interrupts import ended_through_interrupt
from tests.e2e.scripted import claude_processes_left_in, scripted_project
from tests.e2e.terminal import interrupt_dev_when

pytestmark = pytest.mark.e2e


@pytest.fixture
def agentless_project(tmp_path: Path) -> Path:
    return scripted_project(tmp_path / "project", agents=False)


def test_ctrl_c_on_the_terminal_interrupts_the_turn_and_saves_everything(agentless_project, claude_home, claude_bin):
    hanging = with_fault(DevScenario({}), slow(text("thinking..."), before=120), times=1)
    with FakeMessagesAPI(hanging) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "TERM": "xterm", "COLUMNS": "120", "RALPHY_BACKOFF_SECONDS": "0"})
        code, shown, stopped_in = interrupt_dev_when(
            agentless_project, env, lambda: any(body.get("tools") for body in api.requests))  # the turn is under way
        lingering = claude_processes_left_in(agentless_project)
        log = subprocess.run([sys.executable, "-m", "ralphy", "log", "--json", str(agentless_project)], env=env,
                             capture_output=True, text=True, timeout=60)
    assert code == 130, shown[-2000:]
    assert stopped_in < 20, stopped_in  # not the 120 s the hanging reply would take
    assert lingering == []
    assert "interrupted" in shown and "Traceback" not in shown
    (run,) = json.loads(log.stdout)
    assert run["status"] == "interrupted" and run["exit_code"] == 130
    (iteration,) = run["iterations"]
    assert iteration["outcome"] == "interrupted"
    transcript = agentless_project / ".ralphy" / "transcripts" / "run1-iteration1.jsonl"
    assert ended_through_interrupt(transcript), transcript.read_text()[-3000:]
    breaker = json.loads((agentless_project / ".ralphy" / "breaker.json").read_text())
    assert breaker["state"] == "closed"

    with FakeMessagesAPI(DevScenario({})) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin})
        again = subprocess.run([sys.executable, "-m", "ralphy", "dev", "--json", str(agentless_project)], env=env,
                               capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
        first_prompt = json.dumps(next(body for body in api.requests if body.get("tools")))
    assert again.returncode == 0, again.stderr[-2000:]
    assert "The previous iteration was interrupted" in first_prompt
