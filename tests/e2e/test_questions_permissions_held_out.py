"""Issue 13's live questions and permissions replayed with shapes our other tests do not use: a denied Bash command
and an allowed Edit asked for in the same model turn; a deny rule alone (the default ``allowed_tools``, which holds
Bash) stopping a subagent's command; the main agent asking, with AskUserQuestion, only after a
background subagent's result came back (the turn after the first ``result``); a paused live question said as a
question, not as an error.

The truth, written before each run, is in each test's model: what it asks for, in which turn.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from ralphy.claude.version import Version
from ralphy.testing import DevScenario, FakeMessagesAPI, text, tool_use
from ralphy.testing.project import init_git_project
from tests.e2e.scripted import (ralphy, scripted_project, skip_without_ask_user_question, summary,
                                 without_token_reminders)

pytestmark = pytest.mark.e2e


def tool_results(api: FakeMessagesAPI) -> dict[str, tuple[bool, str]]:
    """tool_use_id -> (is_error, text) of every tool result the model was sent."""
    found = {}
    for body in api.requests:
        for message in body["messages"]:
            if message.get("role") == "user" and isinstance(message["content"], list):
                for block in message["content"]:
                    if isinstance(block, dict) and block.get("type") == "tool_result":
                        found[block["tool_use_id"]] = (bool(block.get("is_error")), json.dumps(block.get("content")))
    return found


def test_a_denied_bash_and_an_allowed_edit_in_one_turn(tmp_path, claude_home, claude_bin):
    project = tmp_path / "p"
    (project / "src").mkdir(parents=True)
    (project / "src" / "greet.py").write_text("def greet():\n    return 'hi'\n")
    (project / "build").mkdir()
    (project / "build" / "keep").write_text("precious\n")
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Say hello\n")
    init_git_project(project)

    def model(request):
        if not request.is_main:
            return text("ok")
        if not request.tool_calls:  # the CLI edits only a file read before
            return tool_use("Read", {"file_path": str(project / "src" / "greet.py")}, id="toolu_read")
        if len(request.tool_calls) == 1:  # both in one assistant message
            return (text("Cleaning and editing at once.")
                    + tool_use("Bash", {"command": "rm -rf build", "description": "clean"}, id="toolu_rm")
                    + tool_use("Edit", {"file_path": str(project / "src" / "greet.py"), "old_string": "'hi'",
                                        "new_string": "'hello'"}, id="toolu_edit"))
        return text("greet now says hello; I was not allowed to clean build.")

    rules = {"allow": ["Edit(src/**)"], "deny": ["Bash(rm *)"]}
    env = {"RALPHY_PERMISSION_MODE": "default", "RALPHY_ALLOWED_TOOLS": "Read Glob Grep",
           "RALPHY_PERMISSIONS": json.dumps(rules)}
    with FakeMessagesAPI(model) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1", extra_env=env)
        results = tool_results(api)
        log = ralphy(project, api, claude_home, claude_bin, "log", "--json")
    assert (project / "build" / "keep").read_text() == "precious\n", proc.stderr[-2000:]
    assert (project / "src" / "greet.py").read_text() == "def greet():\n    return 'hello'\n", proc.stderr[-2000:]
    assert results["toolu_rm"][0] and "Bash(rm *)" in results["toolu_rm"][1]
    assert not results["toolu_edit"][0]
    (iteration,) = summary(proc)["iterations"]
    assert iteration["outcome"] == "ok" and iteration["error"] is None  # one denial is no failure
    [run] = json.loads(log.stdout)
    decisions = sorted((d["tool"], d["decision"], d["rule"]) for d in run["permissions"])
    assert decisions == [("Bash", "deny", "Bash(rm *)"), ("Edit", "allow", "Edit(src/**)")]


def test_a_deny_rule_alone_stops_a_subagents_command(project, claude_home, claude_bin, claude_version):
    """The issue's config as a user writes it: permission_mode default and one deny rule, allowed_tools left as it
    is (it holds Bash). The delegated subagent's first step is ``rm -rf build``: denied (the CLI would have run it
    without asking ralphy, as --allowedTools named Bash), recorded with the subagent's agent_id (2.0.0 sends
    none), and the subagent goes on to finish its tasks; every other Bash command stays allowed."""
    (project / "build").mkdir()
    (project / "build" / "keep").write_text("precious\n")
    competent = DevScenario({"Core library": "tdd-orchestrator"})

    def model(request):
        if request.first_user_text.startswith("Complete these tasks") and not request.tool_calls:
            return (tool_use("Bash", {"command": "rm -rf build", "description": "clean"}, id="toolu_sub_rm")
                    + tool_use("Bash", {"command": "echo ok > built.txt", "description": "build"}, id="toolu_sub_ok"))
        return competent(request)

    env = {"RALPHY_PERMISSION_MODE": "default", "RALPHY_PERMISSIONS": json.dumps({"deny": ["Bash(rm *)"]})}
    with FakeMessagesAPI(model) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1", extra_env=env)
        results = tool_results(api)
        log = ralphy(project, api, claude_home, claude_bin, "log", "--json")
    assert (project / "build" / "keep").read_text() == "precious\n", proc.stderr[-2000:]  # failed before the fix
    assert (project / "built.txt").read_text() == "ok\n"
    assert results["toolu_sub_rm"][0] and "Bash(rm *)" in results["toolu_sub_rm"][1]
    data = summary(proc)
    assert proc.returncode == 0 and data["status"] == "completed", proc.stderr[-2000:]
    assert {task["id"]: task["handled_by"] for task in data["iterations"][0]["tasks_completed"]} == {
        "1.1": "tdd-orchestrator", "1.2": "tdd-orchestrator", "2.1": "direct"}
    [run] = json.loads(log.stdout)
    decisions = [(d["input"], d["decision"], d["rule"], d["agent_id"] is not None) for d in run["permissions"]
                 if d["tool"] == "Bash"]
    subagent_ids = claude_version is None or claude_version >= Version(2, 1, 0)
    assert decisions == [("rm -rf build", "deny", "Bash(rm *)", subagent_ids),
                         ("echo ok > built.txt", "allow", "Bash (allowed_tools)", subagent_ids)], decisions


BODY = "You are the builder. You run the project's build commands with Bash and report what they printed."
AGENT = f"---\nname: builder\ndescription: Runs build commands. Use for build tasks.\ntools: Read, Bash\n---\n{BODY}\n"
QUESTION = {"questions": [{"question": "Which target should I ship?", "header": "Target", "multiSelect": False,
                           "options": [{"label": "debug", "description": "fast"},
                                       {"label": "release (Recommended)", "description": "optimised"}]}]}


def test_the_main_agent_asks_after_a_background_agents_result_and_auto_answers(tmp_path, claude_home, claude_bin,
                                                                                claude_version):
    if claude_version is not None and claude_version < Version(2, 1, 198):
        pytest.skip("subagents run in the background by default from 2.1.198 (VERSIONS.md)")
    project = init_git_project(tmp_path / "p")
    (project / ".claude" / "agents").mkdir(parents=True)
    (project / ".claude" / "agents" / "builder.md").write_text(AGENT)
    (project / "TASKS.md").write_text("## Build\n- [ ] 1.1 Build it\n")
    first_result = threading.Event()

    def model(request):
        if request.is_side:
            return text("ok")
        if request.agent_name == "builder":
            if not request.tool_calls:
                first_result.wait(20)  # the main turn has ended with its first result
                time.sleep(0.5)
                return tool_use("Bash", {"command": "echo built > out.txt", "description": "build"})
            return text("Built out.txt.")
        asked = any(call.get("name") == "AskUserQuestion" for call in request.tool_calls)
        if "<task-notification>" in json.dumps(without_token_reminders(request.messages)[-1:]) and not asked:
            return tool_use("AskUserQuestion", QUESTION, id="toolu_after_result")  # the turn after the first result
        if asked:
            return text("The builder finished; shipping the release target.")
        if not request.tool_calls:
            return tool_use("Agent", {"description": "Task 1.1: Build", "prompt": "Run the build (task 1.1).",
                                      "subagent_type": "builder"}, id="toolu_delegate")
        first_result.set()
        return text("Delegated task 1.1 to the builder.")

    with FakeMessagesAPI(model, agent_bodies={"builder": BODY}) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1",
                      "--on-question", "auto")
        results = tool_results(api)
    assert (project / "out.txt").read_text() == "built\n", proc.stderr[-2000:]
    is_error, said = results["toolu_after_result"]
    assert not is_error and '\\"Which target should I ship?\\"=\\"release (Recommended)\\"' in said, said
    with sqlite3.connect(project / ".ralphy" / "ralphy.db") as db:
        stored = db.execute("SELECT text, answer, answered_by, delivered_iteration_id IS NOT NULL FROM questions"
                            ).fetchall()
    assert stored == [("Which target should I ship?", "release (Recommended)", "auto", 1)]
    (iteration,) = summary(proc)["iterations"]
    assert iteration["claimed"] == "The builder finished; shipping the release target."


def test_a_paused_live_question_is_said_as_a_question_not_an_error(tmp_path, claude_home, claude_bin, claude_version):
    skip_without_ask_user_question(claude_version)
    project = scripted_project(tmp_path / "project", agents=False)
    with FakeMessagesAPI(DevScenario({}, question="Which database?", question_options=["SQLite", "Postgres"])) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--on-question", "pause")
        log = ralphy(project, api, claude_home, claude_bin, "log")
        listed = ralphy(project, api, claude_home, claude_bin, "questions", "--json")
    assert proc.returncode == 4, proc.stderr[-2000:]
    shown = proc.stdout + proc.stderr
    assert "iteration 1: question, " in shown and "error" not in shown, shown  # ralphy ended the turn: no error
    assert "[Decision] Which database?\n  1. SQLite - go with SQLite\n  2. Postgres - go with Postgres" in shown
    assert "a number picks an option" not in shown  # `ralphy answer` takes the answer as written
    assert "error" not in log.stdout, log.stdout
    (pending,) = json.loads(listed.stdout)
    assert "a number picks" not in pending["text"]
