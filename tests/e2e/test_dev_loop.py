"""`ralphy dev` end to end: the real ralphy CLI runs the real Claude CLI against the scripted model.

Each test starts ralphy as a subprocess (`python -m ralphy dev --json`) the way a user would, and reads the
JSON summary, the exit code, the project's files and what the fake Messages API received.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ralphy.claude.version import Version
from ralphy.testing import (
    DevScenario,
    FakeMessagesAPI,
    authentication_error,
    claude_env,
    overloaded,
    slow,
    text,
    usage_limit,
    with_fault,
)

from tests.e2e.interrupts import ended_through_interrupt
from tests.e2e.scripted import (TASKS, TDD_AGENT, claude_processes_in, handled_by, ralphy, summary,
                                 without_token_reminders)
from tests.e2e.terminal import answer_when_asked

pytestmark = pytest.mark.e2e


def test_agents_present_one_group_delegated_one_direct(project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert data["status"] == "completed"
    assert handled_by(data) == {"1.1": "tdd-orchestrator", "1.2": "tdd-orchestrator", "2.1": "direct"}
    (first,) = data["iterations"]  # the loop stops at completion
    assert [(d["agent"], d["task_ids"], d["status"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", ["1.1", "1.2"], "completed")
    ]
    assert "- [ ]" not in (project / "TASKS.md").read_text()
    created = sorted(p.name for p in (project / "src").iterdir())
    assert len(created) == 3  # one file per task, written by the CLI's own Write tool
    assert Path(first["transcript"]).is_file()
    status = subprocess.run(["git", "status", "--porcelain"], cwd=project, capture_output=True, text=True).stdout
    assert ".ralphy" not in status  # ralphy's own state stays out of the user's git status


def test_no_agents_all_direct(project, claude_home, claude_bin):
    (project / ".claude" / "agents" / "tdd-orchestrator.md").unlink()
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert set(handled_by(data).values()) == {"direct"}
    assert all(not it["delegations"] for it in data["iterations"])
    first_prompt = next(r for r in api.requests if "Development iteration" in json.dumps(r))  # 2.0.0 asks haiku first
    assert "## Direct Implementation" in json.dumps(first_prompt)


def test_one_group_per_iteration_reports_each_iteration(project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"}, max_groups_per_run=1)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert [sorted(t["id"] for t in it["tasks_completed"]) for it in data["iterations"]] == [["1.1", "1.2"], ["2.1"]]
    assert [t["handled_by"] for t in data["iterations"][1]["tasks_completed"]] == ["direct"]


def test_no_progress_opens_the_breaker_after_three_iterations(project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({}, stuck=True)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data = summary(proc)
    assert proc.returncode == 3, proc.stderr
    assert data["status"] == "circuit_open"
    assert len(data["iterations"]) == 3
    assert [it["breaker_state"] for it in data["iterations"]] == ["closed", "half_open", "open"]
    assert "no progress" in data["reason"] and "ralphy reset" in data["reason"]
    # a new run refuses to start until the breaker is reset
    with FakeMessagesAPI(DevScenario({})) as api:
        again = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        assert again.returncode == 3 and not api.requests
        assert claude_processes_in(project) == []
        reset = ralphy(project, api, claude_home, claude_bin, "reset")
        assert reset.returncode == 0 and "closed" in reset.stdout
        done = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    assert done.returncode == 0, done.stderr


def test_authentication_failure_exits_fast(project, claude_home, claude_bin, claude_version):
    # From 2.1.100 the CLI says it retries (api_retry) and ralphy stops it at the first refusal, however many
    # retries it was given; older CLIs retry silently, so there ralphy's own cap (3 retries, when the user set
    # none: docs/decisions.md) is what makes a refused key end fast.
    retries = "10" if claude_version >= Version(2, 1, 100) else None
    with FakeMessagesAPI(with_fault(DevScenario({}), authentication_error())) as api:
        started = time.monotonic()
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json",
                      extra_env={"CLAUDE_CODE_MAX_RETRIES": retries})
        elapsed = time.monotonic() - started
    assert proc.returncode == 1
    assert elapsed < 15, f"took {elapsed:.1f}s"
    assert "authentication" in proc.stderr.lower()
    assert summary(proc)["iterations"][0]["outcome"] == "auth"


def test_sigint_mid_iteration_leaves_nothing_running_and_next_run_resumes(project, claude_home, claude_bin):
    hanging = with_fault(DevScenario({}), slow(text("thinking..."), before=60), times=1)
    with FakeMessagesAPI(hanging) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "RALPHY_BACKOFF_SECONDS": "0"})
        proc = subprocess.Popen(
            [sys.executable, "-m", "ralphy", "dev", "--json", str(project)],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while not any(r.get("tools") for r in api.requests) and time.monotonic() < deadline:  # a main turn
            time.sleep(0.1)
        assert claude_processes_in(project), "the Claude CLI never started"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["status"] == "interrupted"
    assert data["iterations"][-1]["outcome"] == "interrupted"
    assert ended_through_interrupt(data["iterations"][-1]["transcript"])  # not killed: interrupted, its result in
    time.sleep(0.5)
    assert claude_processes_in(project) == []
    assert (project / ".ralphy" / "breaker.json").is_file()

    with FakeMessagesAPI(DevScenario({})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        first_main = next(r for r in api.requests if r.get("tools") and "Development iteration" in json.dumps(r))
    assert proc.returncode == 0, proc.stderr
    assert "The previous iteration was interrupted" in json.dumps(first_main)


def test_question_pauses_then_answer_resumes_the_same_session(project, claude_home, claude_bin):
    question = "Should I run the migration now?"
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"}, question=question)) as api:
        paused = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        assert paused.returncode == 4, paused.stderr
        paused_data = summary(paused)
        assert paused_data["status"] == "question"
        asked_session = paused_data["iterations"][-1]["session_id"]

        listed = ralphy(project, api, claude_home, claude_bin, "questions", "--json")
        (pending,) = json.loads(listed.stdout)
        assert question in pending["text"]

        env = claude_env(api.url, claude_home)
        answered = subprocess.run(
            [sys.executable, "-m", "ralphy", "answer", str(pending["id"]), "Yes, run it.", str(project)],
            env=env, capture_output=True, text=True, timeout=60,
        )
        assert answered.returncode == 0, answered.stderr
        seen_before = len(api.requests)

        done = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        assert done.returncode == 0, done.stderr
        data = summary(done)
        assert data["iterations"][0]["session_id"] == asked_session  # the same Claude session, resumed
        assert any("Yes, run it." in json.dumps(r) and question in json.dumps(r) for r in api.requests[seen_before:])
        assert handled_by(data) == {"1.1": "tdd-orchestrator", "1.2": "tdd-orchestrator", "2.1": "direct"}

        log = ralphy(project, api, claude_home, claude_bin, "log", "--json", "-n", "5")
    runs = json.loads(log.stdout)
    iterations = [it for run in runs for it in run["iterations"]]
    assert len(iterations) == 2
    assert any(d["agent"] == "tdd-orchestrator" for it in iterations for d in it["delegations"])


def test_auto_policy_answers_and_the_run_goes_on(project, claude_home, claude_bin):
    # the scenario asks until it sees an answer; the automatic answer goes in, so it proceeds
    with FakeMessagesAPI(DevScenario({}, question="Shall I proceed with the schema change?")) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--on-question", "auto")
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert data["iterations"][0]["outcome"] == "question"
    assert "proceed with your best judgment, following TASKS.md" in json.dumps(api.requests)


def test_auto_policy_replies_at_most_twice_then_pauses(project, claude_home, claude_bin):
    def always_asks(request):
        return text("I need a decision first. Should I use PostgreSQL or SQLite?")

    with FakeMessagesAPI(always_asks) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--on-question", "auto")
        auto_replies = sum("proceed with your best judgment, following TASKS.md" in json.dumps(without_token_reminders(r["messages"])[-1])
                           for r in api.requests if r.get("tools"))  # not 2.0.0's side requests quoting the turn
    data = summary(proc)
    assert proc.returncode == 4, proc.stderr
    assert [it["outcome"] for it in data["iterations"]] == ["question"] * 3
    assert auto_replies == 2


def test_create_missing_drafts_an_agent_for_the_gap_and_the_run_uses_it(project, claude_home, claude_bin):
    from ralphy.testing import Request, tool_use

    (project / "TASKS.md").write_text("# Tasks\n\n## Terraform infrastructure\n- [ ] 1.1 Write Terraform for an S3 bucket\n")
    drafted = {
        "name": "terraform-writer",
        "description": "Writes Terraform modules for cloud infrastructure (S3 buckets, IAM, VPCs).\n"
                       "<example>\nuser: \"Write Terraform for an S3 bucket\"\nassistant: \"I'll use the "
                       "terraform-writer agent.\"\n</example>",
        "tools": ["Read", "Write", "Edit", "Bash"],
        "model": "sonnet",
        "system_prompt": "You write small, reviewed Terraform modules, test-first with terraform validate.",
    }
    dev_model = DevScenario({"Terraform": "terraform-writer"})

    def model(request: Request):
        if "submit_agent" in request.tools:  # tool names
            return tool_use("submit_agent", drafted)
        return dev_model(request)

    with FakeMessagesAPI(model) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--create-missing", "--yes")
    assert proc.returncode == 0, proc.stderr
    assert (project / ".claude" / "agents" / "generated" / "terraform-writer.md").is_file()
    assert "created agent terraform-writer" in proc.stderr
    assert handled_by(summary(proc)) == {"1.1": "terraform-writer"}


def test_nothing_to_do_exits_0_and_leaves_no_cli_running(project, claude_home, claude_bin):
    # `ralphy dev` starts the CLI early (it boots while ralphy renders the prompt); unused, it must be ended
    (project / "TASKS.md").write_text(TASKS.replace("- [ ]", "- [x]"))
    with FakeMessagesAPI(DevScenario({})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        assert not [r for r in api.requests if r.get("messages")]
    assert proc.returncode == 0, proc.stderr
    data = summary(proc)
    assert data["status"] == "completed" and data["iterations"] == []
    assert claude_processes_in(project) == []


def test_usage_limit_with_no_wait_exits_5_and_is_not_a_failure(project, claude_home, claude_bin):
    resets = int(time.time()) + 3600
    with FakeMessagesAPI(with_fault(DevScenario({}), usage_limit(resets_at=resets))) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--no-wait", oauth=True)
    data = summary(proc)
    assert proc.returncode == 5, proc.stderr
    assert data["status"] == "usage_limit" and "resets at" in data["reason"]
    (only,) = data["iterations"]
    assert only["outcome"] == "usage_limit" and only["breaker_state"] == "closed"
    breaker = json.loads((project / ".ralphy" / "breaker.json").read_text())
    assert breaker["counters"]["failures"] == 0


def test_usage_limit_waits_for_the_reset_then_carries_on(project, claude_home, claude_bin):
    # Refused from the first request until the reset 3 s later, as the API does (not just once: 2.0.0's client
    # retries a 429 at once by itself). 2.0.0 then says only "Session limit reached ∙ resets 5:46pm", with no
    # rate_limit_event: ralphy would wait for the end of that minute (capped here at 5 s, past the reset, as in
    # test_quota); later CLIs give resetsAt.
    dev, resets, served = DevScenario({}), [], []

    def model(request):
        if not resets:
            resets.append(int(time.time()) + 3)
        served.append(time.time())
        return usage_limit(resets_at=resets[0]) if served[-1] < resets[0] else dev(request)

    with FakeMessagesAPI(model) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", oauth=True,
                      extra_env={"RALPHY_USAGE_LIMIT_MARGIN_SECONDS": "1", "RALPHY_USAGE_LIMIT_MAX_WAIT_SECONDS": "5"})
        second = [r for r in api.requests if r.get("tools") and "Development iteration" in json.dumps(r)][-1]
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert [it["outcome"] for it in data["iterations"]] == ["usage_limit", "ok"]
    waited = re.search(r"waiting (\d+)s: usage limit reached; resets at", proc.stderr)
    assert waited and int(waited[1]) >= 1, proc.stderr  # the first request was at most 3 s before the reset
    assert "stopped at a usage limit" in json.dumps(second)


def test_persistent_overload_fails_three_iterations_then_the_breaker_opens(project, claude_home, claude_bin):
    with FakeMessagesAPI(with_fault(DevScenario({}), overloaded())) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data = summary(proc)
    assert proc.returncode == 3, proc.stderr
    assert [it["outcome"] for it in data["iterations"]] == ["failed"] * 3
    assert all("529" in it["error"] for it in data["iterations"])
    assert "3 iterations in a row ended in error" in data["reason"]


def test_iteration_budget_stops_the_run_and_the_next_run_gets_a_new_one(project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({}, max_groups_per_run=1)) as api:
        first = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1")
        second = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1")
    first_data, second_data = summary(first), summary(second)
    assert first.returncode == 3 and len(first_data["iterations"]) == 1
    assert "new budget" in first_data["reason"]
    assert second.returncode == 0, second.stderr
    assert second_data["status"] == "completed" and len(second_data["iterations"]) == 1


def test_a_run_completed_on_its_budgets_last_iteration_leaves_the_breaker_closed(project, claude_home, claude_bin):
    # was (newuser20): exit 0, "completed", and yet `ralphy status` said "Breaker: open (iteration budget used: 1
    # of max_iterations=1 in this run)" and the log's last line "breaker open": nothing was left for a budget to limit
    with FakeMessagesAPI(DevScenario({})) as api:
        done = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1")
    data = summary(done)
    assert done.returncode == 0 and data["status"] == "completed", done.stderr
    assert [(it["breaker_state"], it["breaker_reason"]) for it in data["iterations"]] == [("closed", None)]
    status = subprocess.run([sys.executable, "-m", "ralphy", "status", "--json", str(project)], capture_output=True,
                            text=True, timeout=60)
    assert json.loads(status.stdout)["breaker"]["state"] == "closed", status.stdout


def test_plain_output_reports_per_group_who_did_what(project, claude_home, claude_bin, claude_version):
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "  delegating to tdd-orchestrator: Tasks 1.1, 1.2: Core library" in lines
    # then the delegation's tokens and time, which 2.0.x streams do not give (no tool_use_result)
    core = "  Core library: delegated to tdd-orchestrator (1.1, 1.2) — 2 files"
    core += ", " if claude_version >= Version(2, 1, 0) else ""
    assert len([line for line in lines if line.startswith(core)]) == 2, proc.stdout  # iteration, then run
    assert lines.count("  Documentation: done directly (2.1)") == 2
    assert "ralphy: completed: all 3 tasks in TASKS.md are completed" in lines
    assert proc.stderr == ""


def test_kill_9_of_ralphy_mid_iteration_then_the_next_run_cleans_up_and_continues(project, claude_home, claude_bin):
    import sqlite3

    hanging = with_fault(DevScenario({}), slow(text("thinking..."), before=60), times=1)
    with FakeMessagesAPI(hanging) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "RALPHY_BACKOFF_SECONDS": "0"})
        proc = subprocess.Popen([sys.executable, "-m", "ralphy", "dev", "--json", str(project)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while not any(r.get("tools") for r in api.requests) and time.monotonic() < deadline:  # a main turn
            time.sleep(0.1)
        proc.kill()  # SIGKILL: ralphy gets no chance to clean up
        proc.wait(timeout=10)
        orphans = claude_processes_in(project)
        assert orphans, "the CLI runs in its own session, so it outlives a killed ralphy"

        db = sqlite3.connect(project / ".ralphy" / "ralphy.db")
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT count(*) FROM iterations WHERE finished_at IS NULL").fetchone() == (1,)
        db.close()

        done = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        resumed = [r for r in api.requests
                   if r.get("tools") and "The previous iteration was interrupted" in json.dumps(r)]
    assert done.returncode == 0, done.stderr
    assert "ended the Claude CLI" in done.stderr
    assert all(not Path(f"/proc/{pid}").exists() or Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
               for pid in orphans)
    assert resumed, "the next run tells Claude the last iteration was cut short"


def test_a_second_ralphy_dev_in_the_same_project_is_refused(project, claude_home, claude_bin):
    hanging = with_fault(DevScenario({}), slow(text("thinking..."), before=60), times=1)
    with FakeMessagesAPI(hanging) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin})
        first = subprocess.Popen([sys.executable, "-m", "ralphy", "dev", str(project)], env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while not any(r.get("tools") for r in api.requests) and time.monotonic() < deadline:  # a main turn
                time.sleep(0.1)
            second = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
        finally:
            first.send_signal(signal.SIGINT)
            first.wait(timeout=30)
    assert second.returncode == 1
    assert f"another `ralphy dev` is running in {project} (pid {first.pid})" in second.stderr
    assert "Traceback" not in second.stderr


def test_an_iteration_over_its_time_is_stopped_and_counts_as_failed(project, claude_home, claude_bin):
    # The first model request hangs for 120 s; the iteration has 15 s. The limit must cover the CLI's start and
    # initialize on a loaded machine: with 5 s the first iteration could end before its first request, and the
    # hanging reply then fell on the second iteration instead.
    hanging = with_fault(DevScenario({}), slow(text("thinking..."), before=120), times=1)
    with FakeMessagesAPI(hanging) as api:
        started = time.monotonic()
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json",
                      extra_env={"RALPHY_ITERATION_TIMEOUT": "15"})
        elapsed = time.monotonic() - started
        second = [r for r in api.requests if r.get("tools") and "Development iteration" in json.dumps(r)][-1]
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert [it["outcome"] for it in data["iterations"]] == ["timeout", "ok"]
    assert data["iterations"][0]["error"] == "timed out"
    assert ended_through_interrupt(data["iterations"][0]["transcript"])  # the CLI ended the turn itself
    assert "ran out of time" in json.dumps(second)  # the next iteration is told
    assert elapsed < 100  # well before the hanging reply would have ended on its own
    assert claude_processes_in(project) == []


def test_ask_policy_on_a_terminal_reads_the_answer_and_resumes(project, claude_home, claude_bin):
    question = "Should I run the migration now?"
    with FakeMessagesAPI(DevScenario({}, question=question)) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "TERM": "xterm", "COLUMNS": "120"})
        code, text_seen, answered = answer_when_asked(["dev", str(project)], env, b"Yes, run it.\n")
        requests = json.dumps(api.requests)
    assert answered, text_seen[-2000:]
    assert f"Claude asks: {question}" in text_seen
    assert code == 0, text_seen[-2000:]
    assert "Yes, run it." in requests
    assert "- [ ]" not in (project / "TASKS.md").read_text()


def test_a_delegation_that_names_no_task_ids_is_credited_by_who_marked_the_tasks(project, claude_home, claude_bin):
    """Like the real transcript's "Implement model tasks": no ids anywhere in the Agent call, but the subagent's
    own Edit calls (parent_tool_use_id) mark 1.1 and 1.2 completed; the main agent marks 2.1 itself."""
    from ralphy.testing import Request, tool_use

    tasks = project / "TASKS.md"

    def mark(task_line: str) -> dict:
        return {"file_path": str(tasks), "old_string": f"- [ ] {task_line}", "new_string": f"- [x] {task_line}"}

    def model(request: Request):
        turn = request.assistant_turns
        if request.is_subagent:
            steps = [tool_use("Read", {"file_path": str(tasks)}), tool_use("Edit", mark("1.1 Add a greet function")),
                     tool_use("Edit", mark("1.2 Reject an empty name")), text("Implemented the model tasks.")]
        else:
            delegation_tool = "Task" if "Task" in request.tools and "Agent" not in request.tools else "Agent"
            steps = [tool_use(delegation_tool, {"subagent_type": "tdd-orchestrator",
                                                "description": "Implement model tasks",
                                                "prompt": "Implement the greeting model with TDD."}),
                     tool_use("Read", {"file_path": str(tasks)}), tool_use("Edit", mark("2.1 Write the usage section")),
                     text("Delegated the model work; wrote the docs myself.")]
        return steps[min(turn, len(steps) - 1)]

    # the agent's body tells its requests apart on 2.0.x too (no cc_is_subagent marker there)
    with FakeMessagesAPI(model, agent_bodies={"tdd-orchestrator": TDD_AGENT.split("---\n")[-1]}) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert handled_by(data) == {"1.1": "tdd-orchestrator", "1.2": "tdd-orchestrator", "2.1": "direct"}
    assert data["iterations"][0]["delegations"][0]["task_ids"] == []  # the call itself named none



def test_quiet_prints_nothing_and_the_cost_budget_stops_the_run(project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({}, max_groups_per_run=1)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--quiet", "--max-cost", "0.01")
    assert proc.returncode == 3
    assert proc.stdout == "" and proc.stderr == ""
    with FakeMessagesAPI(DevScenario({}, max_groups_per_run=1)) as api:
        status = ralphy(project, api, claude_home, claude_bin, "status", "--json")
    assert json.loads(status.stdout)["breaker"]["trip"] == "max_cost_usd"


def test_permission_denials_in_two_iterations_open_the_breaker(project, claude_home, claude_bin):
    from ralphy.testing import Request, tool_use

    def denied(request: Request):  # asks for a tool ralphy does not allow, every time
        if request.assistant_turns == 0:
            return tool_use("WebFetch", {"url": "http://127.0.0.1:9/docs", "prompt": "read the docs"})
        return text("I could not fetch the docs.")

    with FakeMessagesAPI(denied) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data = summary(proc)
    assert proc.returncode == 3, proc.stderr
    assert len(data["iterations"]) == 2
    assert "permission" in data["reason"]
