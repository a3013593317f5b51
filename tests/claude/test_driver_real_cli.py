"""ralphy.claude.driver driving the real Claude CLI against the scripted Messages API.

Runs on whichever CLI ``RALPHY_TEST_CLAUDE_BIN`` names (the pinned CLI by default; ``scripts/test-range`` runs it on
the range's 2.0.0, 2.1.62 and 2.1.197 too):
what differs between versions is asserted per version, from ../shared/claude-code/VERSIONS.md.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from ralphy.claude.command import build_argv
from ralphy.claude.driver import ClaudeUsageError, ControlRequest, Session, allow, deny, initialize_info
from ralphy.claude.events import ToolResult
from ralphy.claude.limits import classify_failure
from ralphy.testing import FakeMessagesAPI, claude_env, init_git_project, slow, text, tool_use
from tests.claude.test_real_cli import processes_using

pytestmark = pytest.mark.e2e

AGENT = """---
name: tdd-orchestrator
description: Drives red-green-refactor TDD for one task group at a time.
---
You are the TDD orchestrator.
"""


def version_of(claude_bin: str) -> tuple[int, ...]:
    out = subprocess.run([claude_bin, "--version"], capture_output=True, text=True, timeout=60).stdout
    return tuple(int(part) for part in out.split()[0].split("."))


@pytest.fixture(scope="module")
def cli_version(claude_bin) -> tuple[int, ...]:
    return version_of(claude_bin)


@pytest.fixture
def greet_project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / ".claude" / "agents").mkdir(parents=True)
    (root / ".claude" / "agents" / "tdd-orchestrator.md").write_text(AGENT)
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Add greet\n")
    return init_git_project(root, commit=False)


def argv(claude_bin: str, permission_mode: str | None = "acceptEdits", allowed=("Read", "Write", "Edit")) -> list[str]:
    return build_argv(claude_bin, model=None, permission_mode=permission_mode, allowed_tools=list(allowed),
                      max_turns=10, extra_args=[])


def bash_then_done(request):
    """Ask for one Bash command; once its result is in, finish."""
    if request.last_tool_results:
        _, result, is_error = request.last_tool_results[0]
        return text(f"DONE is_error={is_error}: {result[:200]}")
    return tool_use("Bash", {"command": "touch made-by-bash.txt", "description": "make a file"})


def test_initialize_names_the_agents_the_cli_loaded_without_a_model_call(claude_bin, claude_home, greet_project,
                                                                          cli_version):
    with FakeMessagesAPI(lambda request: text("no")) as api:
        started = time.monotonic()
        info = initialize_info(argv(claude_bin), cwd=greet_project, env=claude_env(api.url, claude_home), timeout=60)
        elapsed = time.monotonic() - started
        turns = [r for r in api.requests if r.get("tools")]
        assert turns == [], [r.get("max_tokens") for r in api.requests]  # no model turn (2.0.0 may check its quota)
    # well short of the 60 s it would wait for a turn; 10 s was 10.2 at load 20 in CI (2.1.62)
    assert elapsed < 30
    if cli_version >= (2, 1, 100):
        assert "tdd-orchestrator" in info.agent_names and "general-purpose" in info.agent_names
        [mine] = [a for a in info.agents if a["name"] == "tdd-orchestrator"]
        assert mine["description"] == "Drives red-green-refactor TDD for one task group at a time."
    else:
        assert info.agents is None  # older CLIs do not say
    if cli_version >= (2, 1, 0):
        assert isinstance(info.pid, int)
    assert info.commands  # every version lists its slash commands
    assert processes_using(claude_home) == []


def test_init_fallback_names_the_agents_on_every_version_without_a_model_call(claude_bin, claude_home, greet_project,
                                                                              cli_version):
    # what `ralphy doctor` asks: before 2.1.100 the names come from a first turn's init line, the turn going to
    # a closed port (the scripted API below must see no turn at all)
    with FakeMessagesAPI(lambda request: text("no")) as api:
        info = initialize_info(argv(claude_bin), cwd=greet_project, env=claude_env(api.url, claude_home), timeout=60,
                               init_fallback=True)
        assert [r for r in api.requests if r.get("tools")] == []
    assert "tdd-orchestrator" in info.agent_names and "general-purpose" in info.agent_names
    assert info.agents_source == ("initialize" if cli_version >= (2, 1, 100) else "init")
    assert info.account is not None and info.account["apiKeySource"] == "ANTHROPIC_API_KEY"
    assert processes_using(claude_home) == []


def test_a_prompt_sent_long_after_the_start_is_not_lost(claude_bin, claude_home, greet_project):
    # plain `-p` gives up after 3 s without stdin ("no stdin data received in 3s"); stream-json input waits
    with FakeMessagesAPI(lambda request: text("late but fine")) as api:
        session = Session.start(argv(claude_bin), cwd=greet_project, env=claude_env(api.url, claude_home))
        try:
            time.sleep(5)
            assert session.proc.poll() is None
            session.initialize(30)
            result = session.run_turn("Say something.", timeout=120)
        finally:
            session.close()
    assert classify_failure(result) == "ok", result.stderr_tail
    assert result.result.result == "late but fine"
    assert result.exit_code == 0


def test_a_denied_bash_command_is_denied_recorded_and_the_turn_goes_on(claude_bin, claude_home, greet_project):
    asked: list[ControlRequest] = []

    def policy(request: ControlRequest):
        asked.append(request)
        return deny("ralphy policy: no Bash here")

    with FakeMessagesAPI(bash_then_done) as api:
        result = _run(claude_bin, claude_home, greet_project, api, policy, permission_mode="default", allowed=())
    assert [r.tool_name for r in asked] == ["Bash"] and asked[0].input["command"] == "touch made-by-bash.txt"
    assert not (greet_project / "made-by-bash.txt").exists()
    assert classify_failure(result) == "ok", result.stderr_tail
    assert result.result.result.startswith("DONE is_error=True") and "no Bash here" in result.result.result
    assert len(result.result.permission_denials) == 1


def test_an_allowed_bash_command_runs(claude_bin, claude_home, greet_project):
    seen = []
    with FakeMessagesAPI(bash_then_done) as api:
        result = _run(claude_bin, claude_home, greet_project, api, lambda request: allow(request),
                      permission_mode="default", allowed=(), on_event=seen.append)
    assert (greet_project / "made-by-bash.txt").exists()
    assert result.result.result.startswith("DONE is_error=False") and not result.result.permission_denials
    assert any(isinstance(e, ToolResult) and not e.is_error for e in seen)


def test_the_timeout_ends_the_turn_through_interrupt_and_leaves_nothing(claude_bin, claude_home, greet_project):
    with FakeMessagesAPI(lambda request: slow(text("thinking..."), before=60)) as api:
        started = time.monotonic()
        session = Session.start(argv(claude_bin), cwd=greet_project, env=claude_env(api.url, claude_home))
        session.initialize(30)
        result = session.run_turn("Think hard.", timeout=8)
        elapsed = time.monotonic() - started
    assert result.timed_out and classify_failure(result) == "timeout"
    assert result.result is not None and result.result.is_error  # the interrupted turn's own result
    assert result.exit_code is not None and result.exit_code >= 0, result.exit_code  # it exited, not killed
    assert elapsed < 15
    assert processes_using(claude_home) == []


def test_an_unknown_permission_mode_is_a_usage_error_in_the_clis_words(claude_bin, claude_home, greet_project):
    with pytest.raises(ClaudeUsageError) as caught:
        initialize_info(argv(claude_bin, permission_mode="no-such-mode"), cwd=greet_project,
                        env=claude_env("http://127.0.0.1:9", claude_home), timeout=60)
    assert "no-such-mode" in str(caught.value)


def _run(claude_bin, home, project, api, policy, *, permission_mode, allowed, on_event=None):
    session = Session.start(argv(claude_bin, permission_mode, allowed), cwd=project,
                            env=claude_env(api.url, home), on_request=policy, on_event=on_event)
    try:
        session.initialize(30)
        return session.run_turn("Make the file.", timeout=120)
    finally:
        session.close()
