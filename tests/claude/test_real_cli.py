"""run_claude driving the real Claude CLI (each one tested) against the scripted Messages API (ralphy.testing)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ralphy.claude.delegation import DelegationTracker, attribute
from ralphy.claude.driver import KEPT_EVENTS
from ralphy.claude.events import Event, InitEvent, RateLimitEvent, parse_line
from ralphy.claude.limits import classify_failure, retry_env, usage_limit_reset
from ralphy.claude.process import build_argv, child_env, run_claude
from ralphy.claude.version import Version
from ralphy.tasks import mentioned_task_ids, parse_tasks
from ralphy.testing import (
    DevScenario,
    FakeMessagesAPI,
    authentication_error,
    claude_env,
    init_git_project,
    usage_limit,
    with_fault,
)

pytestmark = pytest.mark.e2e

TASKS_MD = """# Tasks

## Models
- [ ] 1.1 Create the User model
- [ ] 1.2 Create the Post model

## API
- [ ] 2.1 Add the users endpoint
"""
AGENT = """---
name: tdd-orchestrator
description: Drives red-green-refactor TDD for one task group at a time.
tools: Read, Write, Edit, Glob, Grep, Bash
---
You are the TDD orchestrator. Write a failing test first, then the code.
"""
PROMPT = (
    "You are the developer of this project. Work through TASKS.md in order.\n\n"
    f"## Current tasks (TASKS.md)\n\n{TASKS_MD}\n"
    "## Agent Orchestration\n\nDelegate a task group to the best agent:\n"
    "- **tdd-orchestrator**: Drives red-green-refactor TDD for one task group at a time.\n\n"
    "## Rules\n\nMark each task `- [x]` in TASKS.md when it is done. End with a short summary.\n"
)


TASK_LIST = parse_tasks(TASKS_MD.replace("[ ]", "[x]"))  # as they are once the run completed them
TASKS = list(TASK_LIST.tasks)


def ids_in(text: str) -> list[str]:
    return mentioned_task_ids(text, TASK_LIST)


@pytest.fixture
def tdd_project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / ".claude" / "agents").mkdir(parents=True)
    (root / ".claude" / "agents" / "tdd-orchestrator.md").write_text(AGENT)
    (root / "TASKS.md").write_text(TASKS_MD)
    return init_git_project(root, commit=False)


def argv(claude_bin: str) -> list[str]:
    return build_argv(claude_bin, model=None, permission_mode="acceptEdits",
                      allowed_tools=["Read", "Write", "Edit", "Glob", "Grep", "Bash", "Agent", "Task"],
                      max_turns=30, extra_args=[])


def processes_using(home: Path) -> list[int]:
    """Live processes whose environment mentions ``home`` (the CLI and anything it started)."""
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if str(home).encode() in environ.read_bytes() and "Z" != _state(environ.parent):
                found.append(int(environ.parent.name))
        except OSError:
            continue
    return found


def _state(proc_dir: Path) -> str:
    return (proc_dir / "stat").read_text().rsplit(")", 1)[1].split()[0]


def test_a_real_run_streams_delegations_and_attributes_tasks(claude_bin, claude_version, claude_home, tdd_project,
                                                            tmp_path):
    tracker = DelegationTracker()
    seen: list[Event] = []

    def on_event(event: Event) -> None:
        seen.append(event)
        tracker.feed(event)

    with FakeMessagesAPI(DevScenario(delegate={"Models": "tdd-orchestrator"})) as api:
        env = child_env({**claude_env(api.url, claude_home), "CLAUDECODE": "1"})
        result = run_claude(argv(claude_bin), PROMPT, cwd=tdd_project, env=env, timeout=120, on_event=on_event,
                            transcript_path=tmp_path / "run.jsonl")
    assert api.errors == []
    assert classify_failure(result) == "ok", result.stderr_tail
    reported = str(claude_version) if claude_version >= Version(2, 1, 62) else None  # 2.0.0's init has none
    assert isinstance(result.init, InitEvent) and result.init.version == reported
    assert result.init.permission_mode == "acceptEdits" and "tdd-orchestrator" in result.init.agents
    assert [event for event in seen if isinstance(event, KEPT_EVENTS)] == result.events  # the run's outline
    assert "[ ]" not in (tdd_project / "TASKS.md").read_text()

    [delegation] = tracker.delegations
    assert (delegation.agent, delegation.status, delegation.description) == (
        "tdd-orchestrator", "completed", "Tasks 1.1, 1.2: Models")
    outcomes = attribute(TASKS, tracker.delegations, ids_in)
    assert {o.id: o.handled_by for o in outcomes} == {"1.1": "tdd-orchestrator", "1.2": "tdd-orchestrator",
                                                      "2.1": "direct"}

    replayed = [event for line in (tmp_path / "run.jsonl").read_text().splitlines() for event in parse_line(line)]
    assert replayed == seen


def test_an_unknown_agent_is_a_failed_delegation(claude_bin, claude_home, tdd_project):
    tracker = DelegationTracker()
    with FakeMessagesAPI(DevScenario(delegate={"Models": "no-such-agent"})) as api:
        prompt = PROMPT.replace("tdd-orchestrator", "no-such-agent")
        result = run_claude(argv(claude_bin), prompt, cwd=tdd_project, env=claude_env(api.url, claude_home),
                            timeout=120, on_event=tracker.feed)
    failed = [d for d in tracker.delegations if d.agent == "no-such-agent"]
    assert failed and all(d.status == "failed" for d in failed)
    assert "Agent type 'no-such-agent' not found" in (failed[0].error or "")
    assert result.result is not None and not result.result.is_error  # the run itself still succeeds
    outcomes = attribute(TASKS, tracker.delegations, ids_in)
    assert all(o.handled_by != "no-such-agent" for o in outcomes)


def test_a_bad_api_key_is_cut_short_instead_of_retried_for_minutes(claude_bin, claude_home, tdd_project,
                                                                   claude_version):
    # From 2.1.100 the CLI reports each retry (api_retry) and the driver stops it at the first refusal, however many
    # retries it has; older CLIs retry silently (~3 minutes), so there it is ralphy's cap on the retries it gives
    # them, when the user set none (limits.retry_env), that cuts a refused key short.
    reports_retries = claude_version >= Version(2, 1, 100)
    with FakeMessagesAPI(lambda request: authentication_error(), side=lambda request: authentication_error()) as api:
        env = claude_env(api.url, claude_home, {"CLAUDE_CODE_MAX_RETRIES": "10"})
        if not reports_retries:
            del env["CLAUDE_CODE_MAX_RETRIES"]
            env = dict(retry_env(env, claude_version))
        started = time.monotonic()
        result = run_claude(argv(claude_bin), PROMPT, cwd=tdd_project, env=env, timeout=120, kill_grace=5)
        elapsed = time.monotonic() - started
    assert not result.timed_out, result.stderr_tail
    assert result.auth_failed or not reports_retries
    assert classify_failure(result) == "auth"
    assert elapsed < 30
    assert processes_using(claude_home) == []


def test_a_usage_limit_is_recognised_with_its_reset_time(claude_bin, claude_home, tdd_project):
    resets_at = (int(time.time()) // 60 + 120) * 60  # two hours ahead, on a whole minute
    with FakeMessagesAPI(with_fault(DevScenario(), usage_limit(resets_at))) as api:
        result = run_claude(argv(claude_bin), PROMPT, cwd=tdd_project, env=claude_env(api.url, claude_home, oauth=True),
                            timeout=120)
    assert classify_failure(result) == "usage_limit"
    limits = [event for event in result.events if isinstance(event, RateLimitEvent)]
    assert usage_limit_reset(result.result.result, limits, time.time()) == resets_at
    # The CLI's own wording alone gives the same time (it prints hours and minutes, local time).
    assert usage_limit_reset(result.result.result, [], time.time()) == resets_at, result.result.result



def test_an_ask_user_question_call_is_denied_with_the_prompts_other_way_to_ask(claude_bin, claude_home, tdd_project):
    # run_claude's one turn answers no tool questions: the model is told, through the real CLI's tool result, to
    # ask in its final message instead (the dev prompt's words), and a question asked that way is detected.
    from ralphy.claude.driver import QUESTION_DENIAL
    from ralphy.questions import detect_question
    from ralphy.testing import Request, text, tool_use

    question = "Which database should the User model use?"

    def model(request: Request):
        answered = request.tool_result("toolu_ask")
        if answered is None:
            return tool_use("AskUserQuestion", {"questions": [{
                "question": question, "header": "Database", "multiSelect": False,
                "options": [{"label": "Postgres", "description": "a server"},
                            {"label": "SQLite", "description": "a file"}]}]}, id="toolu_ask")
        return text(f"I stopped before any work. {question}")

    with FakeMessagesAPI(model) as api:
        result = run_claude(argv(claude_bin), PROMPT, cwd=tdd_project, env=claude_env(api.url, claude_home),
                            timeout=120)
        sent_back = [Request(body).tool_result("toolu_ask") for body in api.requests if Request(body).is_main]
    assert api.errors == []
    assert (QUESTION_DENIAL, True) in sent_back, sent_back  # the model read the denial, as an error result
    assert classify_failure(result) == "ok", result.stderr_tail
    assert detect_question(result.result.result).question == question
