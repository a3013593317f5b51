"""The real Claude CLI (the pinned one, or any of the range) against the fake Messages API: tools really run,
faults really land. Where CLI versions differ, the test says what each measured version does."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from ralphy.testing import (
    DevScenario,
    FakeMessagesAPI,
    authentication_error,
    claude_env,
    usage_limit,
    with_fault,
)
from ralphy.claude.limits import usage_limit_reset
from ralphy.claude.version import Version
from tests.testing.conftest import TASKS_MD, dev_prompt, run_cli

pytestmark = pytest.mark.e2e
AGENTS = {"tdd-orchestrator": "Drives red-green-refactor TDD for one task group at a time."}


def test_dev_scenario_delegates_a_group_and_completes_tasks_md(claude_bin, claude_home, project):
    with FakeMessagesAPI(DevScenario(delegate={"Models": "tdd-orchestrator"})) as api:
        run = run_cli(claude_bin, project, dev_prompt(TASKS_MD, AGENTS), claude_env(api.url, claude_home))
    assert api.errors == []
    assert run.result["subtype"] == "success" and run.result["is_error"] is False, run.stderr
    assert "[ ]" not in (project / "TASKS.md").read_text()
    assert (project / "TASKS.md").read_text().count("- [x]") == 3
    created = sorted(p.name for p in (project / "src").iterdir())
    assert created == ["t1_1_create_the_user_model.py", "t1_2_create_the_post_model.py",
                       "t2_1_add_the_users_endpoint.py"]
    assert (project / "src" / "t1_1_create_the_user_model.py").read_text() == "# Task 1.1: Create the User model\n"
    [agent_call] = run.tool_uses("Agent")
    assert agent_call["input"]["subagent_type"] == "tdd-orchestrator"
    assert agent_call["input"]["description"] == "Tasks 1.1, 1.2: Models"
    [started] = run.of_type("system", "task_started")
    assert started["tool_use_id"] == agent_call["id"] and started["subagent_type"] == "tdd-orchestrator"
    sub_writes = [e for e in run.of_type("assistant") if e.get("parent_tool_use_id") == agent_call["id"]
                  and any(b.get("name") == "Write" for b in e["message"]["content"])]
    assert len(sub_writes) == 2  # the subagent wrote the Models files, the main agent the API one
    assert "Models (1.1, 1.2): delegated to tdd-orchestrator" in run.result["result"]
    assert "API (2.1): done directly" in run.result["result"]


def test_unlisted_agent_is_not_delegated_to(claude_bin, claude_home, project):
    with FakeMessagesAPI(DevScenario(delegate={"Models": "tdd-orchestrator"})) as api:
        run = run_cli(claude_bin, project, dev_prompt(TASKS_MD), claude_env(api.url, claude_home))
    assert run.tool_uses("Agent") == []
    assert run.result["is_error"] is False
    assert (project / "TASKS.md").read_text().count("- [x]") == 3


def test_one_group_per_run_across_separate_cli_processes(claude_bin, claude_home, project):
    with FakeMessagesAPI(DevScenario(max_groups_per_run=1)) as api:
        env = claude_env(api.url, claude_home)
        first = run_cli(claude_bin, project, dev_prompt((project / "TASKS.md").read_text()), env)
        after_first = (project / "TASKS.md").read_text()
        second = run_cli(claude_bin, project, dev_prompt(after_first), env)
    assert "- [ ] 2.1" in after_first and after_first.count("- [x]") == 2
    assert "1 task group(s) remain" in first.result["result"]
    assert (project / "TASKS.md").read_text().count("- [x]") == 3
    assert "All task groups in TASKS.md are now completed." in second.result["result"]


def test_status_style_tasks_are_marked_completed(claude_bin, claude_home, project):
    tasks_md = ("# Plan\n\n## Task 1: Set up the database\n- **Status**: pending\n- **Notes**: use SQLite\n\n"
                "## Task 2: Add login\n- **Status**: pending\n")
    (project / "TASKS.md").write_text(tasks_md)
    with FakeMessagesAPI(DevScenario()) as api:
        run = run_cli(claude_bin, project, dev_prompt(tasks_md), claude_env(api.url, claude_home))
    assert run.result["is_error"] is False
    final = (project / "TASKS.md").read_text()
    assert final.count("- **Status**: completed") == 2 and "pending" not in final
    assert "- **Notes**: use SQLite" in final


def test_stuck_changes_nothing(claude_bin, claude_home, project):
    with FakeMessagesAPI(DevScenario(stuck=True)) as api:
        run = run_cli(claude_bin, project, dev_prompt(TASKS_MD), claude_env(api.url, claude_home))
    assert run.result["is_error"] is False and run.result["result"]
    assert (project / "TASKS.md").read_text() == TASKS_MD
    assert not (project / "src").exists()


def test_question_ends_the_run_until_answered_on_resume(claude_bin, claude_home, project):
    question = "Should I run the migration now?"
    with FakeMessagesAPI(DevScenario(question=question)) as api:
        env = claude_env(api.url, claude_home)
        run = run_cli(claude_bin, project, dev_prompt(TASKS_MD), env)
        asked_tasks_md = (project / "TASKS.md").read_text()
        resumed = run_cli(claude_bin, project, "Yes, run it.", env, args=("--resume", run.result["session_id"]))
    assert run.result["result"].endswith(question)
    assert asked_tasks_md == TASKS_MD
    assert resumed.result["is_error"] is False
    assert (project / "TASKS.md").read_text().count("- [x]") == 3


def test_401_ends_with_is_error_and_status(claude_bin, claude_home, project):
    with FakeMessagesAPI(with_fault(DevScenario(), authentication_error())) as api:
        run = run_cli(claude_bin, project, dev_prompt(TASKS_MD), claude_env(api.url, claude_home), timeout=60)
    assert run.returncode == 1
    assert run.result["is_error"] is True and run.result["api_error_status"] == 401
    assert (project / "TASKS.md").read_text() == TASKS_MD


def test_transient_fault_on_first_request_is_retried(claude_bin, claude_home, project):
    from ralphy.testing import overloaded

    scenario = with_fault(DevScenario(), overloaded(), times=1)
    with FakeMessagesAPI(scenario) as api:
        run = run_cli(claude_bin, project, dev_prompt(TASKS_MD), claude_env(api.url, claude_home))
    [retry] = run.of_type("system", "api_retry")
    assert retry["error_status"] == 529
    assert run.result["is_error"] is False
    assert (project / "TASKS.md").read_text().count("- [x]") == 3


def test_usage_limit_gives_rate_limit_event_and_session_limit_text(claude_bin, claude_version, claude_home, project,
                                                                   monkeypatch):
    monkeypatch.setenv("TZ", "UTC")  # the CLI writes the reset time in its local zone; ralphy reads it in ours
    time.tzset()
    resets_at = 1_900_000_000  # 2030-03-17 17:46:40 UTC
    try:
        with FakeMessagesAPI(with_fault(DevScenario(), usage_limit(resets_at))) as api:
            env = claude_env(api.url, claude_home, {"TZ": "UTC"}, oauth=True)
            run = run_cli(claude_bin, project, dev_prompt(TASKS_MD), env)
        [event] = run.of_type("rate_limit_event")
        assert event["rate_limit_info"]["status"] == "rejected"
        assert event["rate_limit_info"]["resetsAt"] == resets_at
        assert event["rate_limit_info"]["rateLimitType"] == "five_hour"
        assert run.result["is_error"] is True
        old = claude_version is not None and claude_version <= Version(2, 1, 62)  # says no status (measured)
        assert run.result.get("api_error_status") == (None if old else 429)
        # Measured: "You've hit your session limit · resets Mar 17, 2030, 5:46pm (UTC)" from 2.1.62 to 2.1.300;
        # 2.1.330 says "5-hour limit" for it, 2.0.0 "Session limit reached" without the zone. The year is there
        # because the reset is not this year.
        said = run.result["result"]
        if claude_version is not None and claude_version < Version(2, 1, 62):
            assert said == "Session limit reached ∙ resets Mar 17, 2030, 5:46pm"
        else:
            limit = "5-hour" if claude_version is not None and claude_version >= Version(2, 1, 330) else "session"
            assert said == f"You've hit your {limit} limit · resets Mar 17, 2030, 5:46pm (UTC)"
        # ralphy reads the reset time from the text alone, to the minute the CLI shows
        assert usage_limit_reset(said, [], time.time()) == resets_at - 40
    finally:
        monkeypatch.undo()
        time.tzset()


def test_usage_limit_with_an_api_key_is_a_plain_429(claude_bin, claude_version, claude_home, project):
    # Measured: CLIs up to 2.1.62 retry this 429 only after its whole Retry-After (3600 s; no cap, no api_retry
    # event), so the one retry claude_env allows would outlast any test: they get none. Later CLIs do not retry it.
    old = claude_version is not None and claude_version <= Version(2, 1, 62)
    with FakeMessagesAPI(with_fault(DevScenario(), usage_limit())) as api:
        env = claude_env(api.url, claude_home, {"CLAUDE_CODE_MAX_RETRIES": "0"} if old else None)
        run = run_cli(claude_bin, project, dev_prompt(TASKS_MD), env)
    assert run.of_type("rate_limit_event") == []
    assert run.result["is_error"] is True
    if old:  # no status, and the API's own error body
        assert "api_error_status" not in run.result
        assert run.result["result"].startswith('API Error: 429 {"type":"error","error":{"type":"rate_limit_error"')
    else:
        assert run.result["api_error_status"] == 429
        assert run.result["result"].startswith("API Error: Request rejected (429)")
        assert len([body for body in api.requests if body.get("tools")]) == 1  # not retried


# Whether a `claude -p` run asks the model for a title (a tool-less side request) with nonessential traffic
# allowed, as measured on each version; a version between two measured ones is taken as the older one.
TITLE_REQUEST = {Version(2, 0, 0): True, Version(2, 1, 62): False, Version(2, 1, 197): True, Version(2, 1, 237): True,
                 Version(2, 1, 250): True, Version(2, 1, 300): False, Version(2, 1, 330): False}


def sends_a_title_request(version: Version | None) -> bool:
    measured = [v for v in TITLE_REQUEST if version is None or v <= version]
    return TITLE_REQUEST[max(measured)] if measured and version is not None else True


def test_title_side_request_never_reaches_the_scenario(claude_bin, claude_version, claude_home, project: Path):
    seen = []

    def scenario(request):
        seen.append(request)
        return DevScenario()(request)

    with FakeMessagesAPI(scenario) as api:
        env = claude_env(api.url, claude_home)
        del env["CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"]
        run = run_cli(claude_bin, project, dev_prompt(TASKS_MD), env)
        tool_less = [body for body in api.requests if not body.get("tools")]
    assert run.result["is_error"] is False
    if sends_a_title_request(claude_version):
        assert tool_less, "the CLI sent no title request with nonessential traffic allowed"
    else:  # 2.1.62, and 2.1.300 and later, name a -p session without asking the model
        assert tool_less == []
    assert seen and all(request.tools for request in seen)


def cut_stream_retries(version: Version | None) -> list[bool | None]:
    """The ``stream`` of each request a CLI makes when every streamed answer is cut (measured per version)."""
    if version is None or version <= Version(2, 1, 197):
        return [True, None]  # the cut stream, then the same request without streaming
    if version <= Version(2, 1, 250):
        return [True, False]  # the same, with "stream": false said
    return [True, True, False]  # 2.1.300 and later: one streamed retry (an api_retry event), then not streamed


def test_cut_stream_makes_the_cli_fall_back_to_a_non_streaming_request(claude_bin, claude_version, claude_home,
                                                                      project):
    from ralphy.testing import cut, text

    with FakeMessagesAPI(lambda request: cut(text("I only got this far"), after_events=3)) as api:
        run = run_cli(claude_bin, project, dev_prompt(TASKS_MD), claude_env(api.url, claude_home))
        streams = [body.get("stream") for body in api.requests]
    assert streams == cut_stream_retries(claude_version)
    assert len(run.of_type("system", "api_retry")) == streams.count(True) - 1
    assert run.result["is_error"] is False and run.result["result"] == "I only got this far"
