"""A lone surrogate ("\\ud800": legal in JSON, not encodable as UTF-8) in what the model says reaches ralphy through
the real Claude CLI's stream-json: in Claude's text, a delegation's description, a tool's input and a subagent's
answer. ralphy records the iteration (the history is SQLite, UTF-8) with U+FFFD in its place, and every command that
shows the run (dev, log, status, report) says it without a traceback; nothing is lost."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from dataclasses import replace

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, Request, claude_env
from ralphy.testing.scenario import TextBlock, ToolUseBlock

from tests.e2e.scripted import handled_by, ralphy, summary

pytestmark = pytest.mark.e2e

LONE = "\ud800"


def _with_lone_surrogates(scenario):
    """The scripted model, each text block and each delegation's description ending in a lone surrogate."""

    def answer(request: Request):
        reply = scenario(request)
        blocks = []
        for block in reply.blocks:
            if isinstance(block, TextBlock):
                block = replace(block, text=block.text + f" (odd {LONE} char)")
            elif isinstance(block, ToolUseBlock) and block.name in ("Agent", "Task"):
                block = replace(block, input={**block.input, "description": block.input["description"] + LONE})
            elif isinstance(block, ToolUseBlock) and block.name == "Write":
                block = replace(block, input={**block.input, "content": block.input["content"] + f"# {LONE}\n"})
            blocks.append(block)
        return replace(reply, blocks=tuple(blocks))

    return answer


def test_a_lone_surrogate_in_the_stream_is_stored_as_a_replacement_character(project, claude_home, claude_bin):
    scenario = _with_lone_surrogates(DevScenario({"Core library": "tdd-orchestrator"}))
    with FakeMessagesAPI(scenario) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        plain = ralphy(project, api, claude_home, claude_bin, "dev")  # nothing left to do: says so, no traceback
        env = claude_env(api.url, claude_home)
    assert "Traceback" not in proc.stderr and "UnicodeEncodeError" not in proc.stderr, proc.stderr[-3000:]
    data = summary(proc)
    assert proc.returncode == 0 and data["status"] == "completed", proc.stderr[-3000:]
    assert handled_by(data) == {"1.1": "tdd-orchestrator", "1.2": "tdd-orchestrator", "2.1": "direct"}
    assert plain.returncode == 0 and "Traceback" not in plain.stderr, plain.stderr[-3000:]

    with sqlite3.connect(project / ".ralphy" / "ralphy.db") as db:
        iterations = db.execute("SELECT outcome, result_text FROM iterations").fetchall()
        descriptions = [row[0] for row in db.execute("SELECT description FROM delegations")]
    assert [outcome for outcome, _ in iterations] == ["ok"]  # the iteration is recorded, not lost
    assert "(odd \ufffd char)" in iterations[0][1]
    assert descriptions == ["Tasks 1.1, 1.2: Core library\ufffd"]

    for args in (["log"], ["log", "--json"], ["status"], ["status", "--json"], ["report", "-o", "run.html"]):
        shown = subprocess.run([sys.executable, "-m", "ralphy", *args, str(project)], env=env, capture_output=True,
                               text=True, timeout=60, stdin=subprocess.DEVNULL, cwd=project)
        assert shown.returncode == 0 and "Traceback" not in shown.stderr, (args, shown.stderr[-3000:])
    log = json.loads(subprocess.run([sys.executable, "-m", "ralphy", "log", "--json", str(project)], env=env,
                                    capture_output=True, text=True, timeout=60).stdout)
    assert "\ufffd" in json.dumps(log, ensure_ascii=False) and LONE not in json.dumps(log, ensure_ascii=False)
