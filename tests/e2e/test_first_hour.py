"""The first hour of a new user, end to end with the real Claude CLI: no credentials, an error said once, what
the CLI's retries look like, and a run outside git."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, overloaded, with_fault

pytestmark = pytest.mark.e2e

def run(project: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ralphy", *args, str(project)], env=env, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


def not_nested(line: str) -> bool:
    """No parentheses inside parentheses, and every one closed."""
    depth = 0
    for char in line:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth not in (0, 1):
            return False
    return depth == 0


def no_credentials_env(api: FakeMessagesAPI, home: Path, claude_bin: str) -> dict[str, str]:
    env = claude_env(api.url, home)
    del env["ANTHROPIC_API_KEY"]  # and the throwaway CLAUDE_CONFIG_DIR holds no login
    env.update({"RALPHY_CLAUDE_BIN": claude_bin, "RALPHY_BACKOFF_SECONDS": "0"})
    return env


def test_no_credentials_is_one_line_on_stderr_exit_1_and_no_breaker_trip(one_task_project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({})) as api:
        env = no_credentials_env(api, claude_home, claude_bin)
        started = time.monotonic()
        proc = run(one_task_project, env, "dev")
        elapsed = time.monotonic() - started
        again = run(one_task_project, env, "dev")  # still no breaker to reset: the same one line
        status = run(one_task_project, env, "status")
    assert not api.requests  # the CLI never reached the model
    assert proc.returncode == 1 and again.returncode == 1, proc.stderr
    assert elapsed < 30, f"took {elapsed:.1f}s"
    (line,) = proc.stderr.splitlines()
    assert line.startswith("ralphy: error: authentication failed: the Claude CLI is not logged in")
    assert not_nested(line), line
    assert "ANTHROPIC_API_KEY" in line and "/login" in line
    assert "/login" not in proc.stdout and "error" not in proc.stdout  # said once, on stderr
    assert "tasks done after" not in proc.stdout
    assert again.stderr == proc.stderr
    assert "Breaker: closed" in status.stdout, status.stdout


def test_the_error_said_once_with_json_too(one_task_project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({})) as api:
        proc = run(one_task_project, no_credentials_env(api, claude_home, claude_bin), "dev", "--json")
    assert proc.returncode == 1
    assert proc.stderr.count("Please run /login") == 1, proc.stderr  # the CLI's words, every version
    assert '"status": "error"' in proc.stdout  # stdout holds what was asked for: the JSON


def _version(claude_bin: str) -> tuple[int, ...]:
    out = subprocess.run([claude_bin, "--version"], capture_output=True, text=True, timeout=60).stdout
    return tuple(int(part) for part in out.split()[0].split("."))


def test_api_retries_are_shown_once_per_reason(one_task_project, claude_home, claude_bin):
    with FakeMessagesAPI(with_fault(DevScenario({}), overloaded(), times=2)) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "CLAUDE_CODE_MAX_RETRIES": "4"})
        proc = run(one_task_project, env, "dev")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    retries = [line for line in proc.stdout.splitlines() if "retrying" in line]
    if _version(claude_bin) <= (2, 1, 62):  # these CLIs retry without a word in their stream
        assert retries == [], proc.stdout
    else:
        assert retries == ["  the Claude CLI is retrying (HTTP 529, attempt 1/4)"], proc.stdout


def test_outside_git_and_with_a_skipped_agent_file_dev_warns_once_each_and_goes_on(tmp_path, claude_home, claude_bin):
    plain = tmp_path / "plain"
    agents = plain / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "half-done.md").write_text("---\nname: half-done\n---\nTODO\n")  # no description: skipped
    (plain / "TASKS.md").write_text("## Core\n- [ ] 1.1 Add a greet function\n\n## Docs\n- [ ] 2.1 Write the usage\n")
    with FakeMessagesAPI(DevScenario({}, max_groups_per_run=1)) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin})
        proc = run(plain, env, "dev")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("iteration 2/") == 1  # two iterations, so "once" means once
    lines = proc.stderr.splitlines()
    assert lines.count(f"ralphy: warning: {plain} is not in a git repository: Claude's edits cannot be reviewed "
                       "or undone with git (`git init` and a first commit give you that); going on") == 1, lines
    assert lines.count("ralphy: warning: 1 agent file skipped (`ralphy agents check` says why)") == 1, lines
    assert len(lines) == 2, lines


def test_a_refused_key_ends_the_run_in_seconds_on_every_version(one_task_project, claude_home, claude_bin):
    """2.0.0 and 2.1.62 retry a 401 for ~3 minutes without a word in their stream; 2.1.100+ say api_retry."""
    from ralphy.testing import authentication_error

    with FakeMessagesAPI(with_fault(DevScenario({}), authentication_error())) as api:
        env = claude_env(api.url, claude_home)
        del env["CLAUDE_CODE_MAX_RETRIES"]  # the CLI's own default, as a user has it
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "RALPHY_BACKOFF_SECONDS": "0"})
        started = time.monotonic()
        proc = run(one_task_project, env, "dev")
        elapsed = time.monotonic() - started
        status = run(one_task_project, env, "status")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert elapsed < 40, f"took {elapsed:.1f}s"
    (line,) = proc.stderr.splitlines()
    assert line.startswith("ralphy: error: authentication failed: the Messages API refused the API key")
    assert not_nested(line), line  # the CLI's words after a dash, not "(... (...))"
    assert "Breaker: closed" in status.stdout
