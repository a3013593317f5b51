"""The permission policy end to end with the real Claude CLI (``--permission-mode default``) and the scripted
model: a Bash command a deny rule names is denied, recorded, and the run goes on; an allowed one runs."""

from __future__ import annotations

import json

import pytest

from ralphy.testing import FakeMessagesAPI, text, tool_use
from ralphy.testing.project import init_git_project
from tests.e2e.test_driver_loop import ralphy

pytestmark = pytest.mark.e2e

DENIED = "rm -rf build"
ALLOWED = "echo ran > allowed.txt"


def model(request):
    if not request.is_main:
        return text("ok")
    calls = [call for call in request.tool_calls if call.get("name") == "Bash"]
    if not calls:
        return tool_use("Bash", {"command": DENIED, "description": "clean"}, id="toolu_deny")
    if len(calls) == 1:
        return tool_use("Bash", {"command": ALLOWED, "description": "write"}, id="toolu_allow")
    return text("I could not clean build, but wrote allowed.txt.")


def test_a_denied_bash_command_is_denied_recorded_and_the_run_goes_on(tmp_path, claude_home, claude_bin):
    project = init_git_project(tmp_path / "p")
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Clean up\n")
    (project / "build").mkdir()
    (project / "build" / "keep").write_text("precious\n")
    rules = {"allow": ["Bash(echo *)"], "deny": ["Bash(rm *)"]}
    env = {"RALPHY_PERMISSION_MODE": "default", "RALPHY_ALLOWED_TOOLS": "Read Glob Grep",
           "RALPHY_PERMISSIONS": json.dumps(rules)}
    with FakeMessagesAPI(model) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1", extra_env=env)
        main = [body for body in api.requests if body.get("tools")]
        log = ralphy(project, api, claude_home, claude_bin, "log", "--json")
        text_log = ralphy(project, api, claude_home, claude_bin, "log")
    assert (project / "build" / "keep").read_text() == "precious\n", proc.stderr[-2000:]
    assert (project / "allowed.txt").read_text().strip() == "ran", proc.stderr[-2000:]
    # the model saw the denial as the tool's result and went on to the next call
    results = [block for body in main for m in body["messages"] if m.get("role") == "user"
               and isinstance(m.get("content"), list) for block in m["content"]
               if isinstance(block, dict) and block.get("tool_use_id") == "toolu_deny"]
    assert results and results[0].get("is_error"), results
    assert "Bash(rm *)" in json.dumps(results[0])

    [run] = json.loads(log.stdout)
    decisions = [(d["tool"], d["input"], d["decision"], d["rule"]) for d in run["permissions"]]
    assert decisions == [("Bash", DENIED, "deny", "Bash(rm *)"), ("Bash", ALLOWED, "allow", "Bash(echo *)")]
    # the CLI counts the denial in its result's permission_denials, which the breaker reads as before
    [transcript] = (project / ".ralphy" / "transcripts").glob("run*-iteration1.jsonl")
    [result] = [json.loads(line) for line in transcript.read_text().splitlines() if '"type":"result"' in line
                or '"type": "result"' in line]
    assert [d.get("tool_name") for d in result["permission_denials"]] == ["Bash"], result["permission_denials"]
    assert "deny  Bash: rm -rf build  (Bash(rm *))" in text_log.stdout, text_log.stdout
