"""Ctrl-C on a real terminal while a subagent's tool runs (issue 13's held-out shape): the subagent of the
delegated group runs a long Bash command; ^C ends the turn, the command's process with it, and the history says the
delegation did not finish (not "running" for ever) in `ralphy log` and the report. The iteration timeout at the same
moment does the same.

The truth, before the run: the model delegates "Core library" (1.1, 1.2) to tdd-orchestrator, whose first step is
``sleep 60`` (its pid written to a file); ^C is typed once that file exists. Nothing of Core library is ticked.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, tool_use
from tests.e2e.scripted import claude_processes_left_in, handled_by, ralphy, summary
from tests.processes import gone_within
from tests.e2e.terminal import interrupt_dev_when
from tests.report.page import rows

pytestmark = pytest.mark.e2e


def test_ctrl_c_while_a_subagents_bash_command_runs(project, claude_home, claude_bin, tmp_path):
    pid_file = tmp_path / "sleep.pid"
    competent = DevScenario({"Core library": "tdd-orchestrator"})

    def model(request):
        if request.first_user_text.startswith("Complete these tasks") and not request.tool_calls:
            return tool_use("Bash", {"command": f"echo $$ > {pid_file}; exec sleep 60", "description": "build"})
        return competent(request)

    with FakeMessagesAPI(model) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "TERM": "xterm", "COLUMNS": "120", "RALPHY_BACKOFF_SECONDS": "0"})
        code, shown, stopped_in = interrupt_dev_when(
            project, env, lambda: pid_file.exists() and bool(pid_file.read_text().strip()))  # the command runs
        lingering = claude_processes_left_in(project)
    assert code == 130, shown[-2000:]
    assert stopped_in < 20, stopped_in  # not the 60 s of the command
    assert lingering == [] and "Traceback" not in shown
    sleeper = int(pid_file.read_text())
    assert gone_within(sleeper), "the subagent's command outlived the run"
    assert "- [ ] 1.1" in (project / "TASKS.md").read_text() and "- [ ] 1.2" in (project / "TASKS.md").read_text()

    log = subprocess.run([sys.executable, "-m", "ralphy", "log", "--json", str(project)], capture_output=True,
                         text=True, timeout=60)
    (run,) = json.loads(log.stdout)
    assert run["status"] == "interrupted" and run["exit_code"] == 130
    (iteration,) = run["iterations"]
    assert iteration["outcome"] == "interrupted"
    (delegation,) = iteration["delegations"]
    assert (delegation["agent"], delegation["task_ids"]) == ("tdd-orchestrator", ["1.1", "1.2"])
    # how the CLI reports it depends on the version and the moment: its own word (2.1.330: a task_notification
    # "stopped"; 2.1.197: the Task call's result "The user doesn't want to proceed with this tool use..."; 2.0.0:
    # "[Request interrupted by user for tool use]"), else ralphy's; never "running" after the run ended
    assert delegation["status"] == "failed", delegation
    assert delegation["error"] in ("not finished: the iteration was interrupted", "stopped: Tasks 1.1, 1.2: Core library",
                                   "[Request interrupted by user for tool use]") \
        or delegation["error"].startswith("The user doesn't want to proceed with this tool use."), delegation
    assert delegation["bash_commands"] == [f"echo $$ > {pid_file}; exec sleep 60"]
    assert not any(t["task_id"] in ("1.1", "1.2") for t in iteration["tasks"])
    # what the turn cost: the result the CLI wrote after ralphy's interrupt, read from the transcript by hand
    results = [json.loads(line) for line in (project / ".ralphy" / "transcripts" / "run1-iteration1.jsonl")
               .read_text().splitlines() if '"type":"result"' in line.replace(" ", "")]
    if results:
        assert results[-1]["total_cost_usd"] > 0 and iteration["cost_usd"] == results[-1]["total_cost_usd"]
        assert iteration["num_turns"] == sum(r["num_turns"] for r in results), (iteration, results)

    html = subprocess.run([sys.executable, "-m", "ralphy", "report", str(project), "-o", "-"], capture_output=True,
                          text=True, timeout=60).stdout
    agents = {row[0]: row for row in rows(html, "agent-row")}
    assert agents["tdd-orchestrator"][1:3] == ["1 (1 failed)", "0"], agents
    (row,) = rows(html, "iteration")
    assert row[2] == "interrupted" and "running" not in row[7], row
    assert "→ tdd-orchestrator [1.1, 1.2] failed “Tasks 1.1, 1.2: Core library”: " + delegation["error"] in row[7], row


def test_the_iteration_timeout_while_a_subagents_bash_command_runs(project, tmp_path, claude_home, claude_bin):
    """The same moment reached by the iteration timeout instead of ^C (issue 13: "an iteration timeout ends the turn
    through interrupt"): the subagent's ``sleep 120`` (a background agent from 2.1.198, so the main turn has had
    its first result) is ended with the turn; the iteration is a timeout, its delegation failed, and the next
    iteration does the work."""
    pid_file = tmp_path / "sleep.pid"
    competent = DevScenario({"Core library": "tdd-orchestrator"})

    def model(request):
        if (request.first_user_text.startswith("Complete these tasks") and not request.tool_calls
                and not pid_file.exists()):
            return tool_use("Bash", {"command": f"echo $$ > {pid_file}; exec sleep 120", "description": "build",
                                     "timeout": 600000})
        return competent(request)

    with FakeMessagesAPI(model) as api:
        started = time.monotonic()
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json",
                      extra_env={"RALPHY_ITERATION_TIMEOUT": "20"}, timeout=300)
        elapsed = time.monotonic() - started
        log = ralphy(project, api, claude_home, claude_bin, "log", "--json")
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert [it["outcome"] for it in data["iterations"]] == ["timeout", "ok"]
    # the CLI answered ralphy's interrupt (the answer after initialize's); from 2.1.198 the main turn already had
    # its result, so the CLI writes no second one: the agent's task_notification says "stopped" instead
    lines = Path(data["iterations"][0]["transcript"]).read_text(encoding="utf-8").splitlines()
    answers = [line for line in lines if '"control_response"' in line and '"success"' in line]
    assert len(answers) >= 2, answers
    assert gone_within(int(pid_file.read_text()))
    assert elapsed < 110
    assert claude_processes_left_in(project) == []
    first = json.loads(log.stdout)[0]["iterations"][0]
    (delegation,) = first["delegations"]  # never "running" after the run
    assert delegation["status"] == "failed", delegation
    assert handled_by(data) == {"1.1": "tdd-orchestrator", "1.2": "tdd-orchestrator", "2.1": "direct"}
