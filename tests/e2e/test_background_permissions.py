"""A background subagent that asks for permission after the main turn's first result is answered: the driver
keeps the CLI's stdin open until the delegation's task_notification, so the request reaches ralphy's policy,
is decided by the ``permissions`` config, recorded (with the subagent's agent_id), and the subagent's command
runs. Subagents run in the background by default from 2.1.198 (the pinned 2.1.331); on older CLIs the same run
asks during the main turn, and the rest holds."""

from __future__ import annotations

import json
import threading
import time

import pytest

from ralphy.testing import FakeMessagesAPI, text, tool_use
from ralphy.testing.project import init_git_project
from tests.e2e.scripted import cli_version
from tests.e2e.test_driver_loop import ralphy

pytestmark = pytest.mark.e2e

BODY = "You are the builder. You run the project's build commands with Bash and report what they printed."
AGENT = f"---\nname: builder\ndescription: Runs build commands. Use for build tasks.\ntools: Read, Bash\n---\n{BODY}\n"
COMMAND = "echo built > from-subagent.txt"


def scenario(main_turn_done: threading.Event, background: bool):
    def model(request):
        if request.is_side:
            return text("ok")
        if request.agent_name == "builder":
            if not request.tool_calls:
                if background:  # ask only once the main turn has ended with its first result (the CLI writes
                    main_turn_done.wait(20)  # it right after the main model's last reply)
                    time.sleep(1.0)
                return tool_use("Bash", {"command": COMMAND, "description": "build"}, id="toolu_subagent_bash")
            return text("Built: from-subagent.txt written.")
        delegation_tool = "Agent" if "Agent" in request.tools else "Task"
        if any("<task-notification>" in text_ for text_ in request.user_texts):
            return text("The builder finished task 1.1.")
        if not request.tool_calls:
            return tool_use(delegation_tool, {"description": "Task 1.1: Build", "prompt": "Run the build (task 1.1).",
                                              "subagent_type": "builder"}, id="toolu_delegate")
        main_turn_done.set()
        return text("Delegated task 1.1 to the builder.")

    return model


def test_a_background_subagents_permission_request_after_the_first_result_is_decided_and_recorded(
        tmp_path, claude_home, claude_bin):
    project = init_git_project(tmp_path / "p")
    (project / ".claude" / "agents").mkdir(parents=True)
    (project / ".claude" / "agents" / "builder.md").write_text(AGENT)
    (project / "TASKS.md").write_text("## Build\n- [ ] 1.1 Run the build\n")
    env = {"RALPHY_PERMISSION_MODE": "default", "RALPHY_ALLOWED_TOOLS": "Read Glob Grep Agent Task",
           "RALPHY_PERMISSIONS": json.dumps({"allow": ["Bash(echo *)"], "deny": ["Bash(rm *)"]})}
    background = cli_version(claude_bin) >= (2, 1, 198)
    with FakeMessagesAPI(scenario(threading.Event(), background), agent_bodies={"builder": BODY}) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1", extra_env=env)
        log = ralphy(project, api, claude_home, claude_bin, "log", "--json")
    assert (project / "from-subagent.txt").read_text().strip() == "built", proc.stderr[-3000:]
    [run] = json.loads(log.stdout)
    [decision] = run["permissions"]
    assert (decision["tool"], decision["input"], decision["decision"], decision["rule"]) == (
        "Bash", COMMAND, "allow", "Bash(echo *)")
    lines = [json.loads(line) for line in
             (project / ".ralphy" / "transcripts" / "run1-iteration1.jsonl").read_text().splitlines()]
    asked = next(i for i, line in enumerate(lines) if line.get("type") == "control_request"
                 and line.get("request", {}).get("subtype") == "can_use_tool")
    results = [i for i, line in enumerate(lines) if line.get("type") == "result"]
    if background:  # asked after the main turn's first result
        assert decision["agent_id"], decision
        assert results and results[0] < asked < results[-1], (results, asked)
        assert len(results) == 2  # the CLI's second turn reports the finished agent
    else:
        assert results and asked < results[0]
    [iteration] = json.loads(proc.stdout)["iterations"]
    [delegation] = iteration["delegations"]
    assert (delegation["agent"], delegation["status"]) == ("builder", "completed")
