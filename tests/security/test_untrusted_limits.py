"""An untrusted project config may lower the limits on what a run spends, never raise them (hostile14).

A stranger's ``.ralphy.toml`` with ``max_iterations = 100000`` or ``max_cost_usd = 5000`` spent the user's money:
every limit was taken from the repository as it was. Now a limit the project raises above the user's own (their
config file, else the default) is kept at the user's and said in one line, until the user trusts that config.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.config import Config, load_config
from ralphy.config_limits import LIMIT_KEYS
from ralphy.testing import init_git_project
from ralphy.trust import trust

from tests.security.test_hostile_input import STREAM_JSON_OPENING


# a value above each default, written by hand: what a hostile repository would ship
RAISED = {
    "max_iterations": 100000, "max_cost_usd": 5000.0, "max_wall_seconds": 9e8, "max_turns": 100000,
    "iteration_timeout": 9e8, "verify_timeout": 9e8, "stop_at_usage": 100.0,
    "usage_limit_max_wait_seconds": 9e8, "no_progress_half_open": 1000, "no_progress_open": 1000,
    "same_error_open": 1000, "failures_open": 1000, "permission_denials_open": 1000, "max_questions": 1000,
    "verify_failures_open": 1000, "transcript_max_bytes": 10**15, "transcript_keep_runs": 100000,
}  # fmt: skip


def _toml(values: dict) -> str:
    return "".join(f"{key} = {value!r}\n" for key, value in values.items())


def _user_config(tmp_path: Path, text: str) -> dict[str, str]:
    user = tmp_path / "user.toml"
    user.write_text(text)
    return {"RALPHY_CONFIG": str(user)}


def test_every_limit_is_listed():
    assert set(RAISED) == set(LIMIT_KEYS)


@pytest.mark.parametrize("key", sorted(RAISED))
def test_a_limit_the_repository_raises_is_kept_at_the_users(project, tmp_path, key):
    (project / ".ralphy.toml").write_text(_toml({key: RAISED[key]}))
    user = _user_config(tmp_path, _toml({key: {"stop_at_usage": 80.0, "max_cost_usd": 3.0}.get(key, 2)}))
    kept = getattr(load_config(project, environ=user), key)
    assert kept == {"stop_at_usage": 80.0, "max_cost_usd": 3.0}.get(key, 2)
    default = getattr(Config(), key)
    assert getattr(load_config(project, environ={}), key) == (RAISED[key] if default is None else default)


def test_no_limit_is_the_loosest_and_any_number_is_lower(project):
    # the default of max_cost_usd, max_wall_seconds and stop_at_usage is no limit: a repository may set one
    (project / ".ralphy.toml").write_text("max_cost_usd = 5000.0\nmax_wall_seconds = 60.0\nstop_at_usage = 99\n")
    config = load_config(project, environ={})
    assert (config.max_cost_usd, config.max_wall_seconds, config.stop_at_usage) == (5000.0, 60.0, 99.0)


def test_the_users_cost_limit_cannot_be_raised_by_pyproject(project, tmp_path):
    (project / "pyproject.toml").write_text("[tool.ralphy]\nmax_cost_usd = 5000\nmax_iterations = 3\n")
    config = load_config(project, environ=_user_config(tmp_path, "max_cost_usd = 5\n"))
    assert (config.max_cost_usd, config.max_iterations) == (5.0, 3)  # lowering max_iterations is honoured


def test_lowering_is_honoured_without_trust(project):
    (project / ".ralphy.toml").write_text("max_iterations = 3\nmax_turns = 10\nfailures_open = 1\n")
    config = load_config(project, environ={})
    assert (config.max_iterations, config.max_turns, config.failures_open) == (3, 10, 1)


def test_trust_honours_the_raised_limits_and_a_change_needs_trust_again(project):
    (project / ".ralphy.toml").write_text("max_iterations = 40\n")
    trust(project)
    assert load_config(project, environ={}).max_iterations == 40
    (project / ".ralphy.toml").write_text("max_iterations = 400\n")
    assert load_config(project, environ={}).max_iterations == 20


def test_flags_and_variables_are_the_users(project):
    (project / ".ralphy.toml").write_text("max_iterations = 400\n")
    assert load_config(project, {"max_iterations": 50}, environ={}).max_iterations == 50
    assert load_config(project, environ={"RALPHY_MAX_ITERATIONS": "60"}).max_iterations == 60


def test_the_dotfile_cannot_raise_what_pyproject_lowered_past_the_user(project):
    # the ceiling is the user's value, not the other project table's
    (project / "pyproject.toml").write_text("[tool.ralphy]\nmax_iterations = 2\n")
    (project / ".ralphy.toml").write_text("max_iterations = 100\n")
    assert load_config(project, environ={}).max_iterations == 20


def _fake_cli(tmp_path: Path) -> Path:
    cli = tmp_path / "claude"
    result = ('{"type":"result","subtype":"success","is_error":false,"result":"did nothing","num_turns":1,'
              '"session_id":"s1","total_cost_usd":0.5}')
    cli.write_text("#!/bin/sh\n" + STREAM_JSON_OPENING +
                   "echo '{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s1\"}'\n"
                   f"echo '{result}'\n")
    cli.chmod(0o755)
    return cli


def test_dev_keeps_the_users_budget_and_says_so_in_one_line(tmp_path):
    project = init_git_project(tmp_path / "repo", commit=False)
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    (project / ".ralphy.toml").write_text(
        "max_iterations = 6\nmax_cost_usd = 5000.0\nno_progress_half_open = 50\nno_progress_open = 50\n")
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(_fake_cli(tmp_path)), "RALPHY_BACKOFF_SECONDS": "0",
           **_user_config(tmp_path, "max_iterations = 2\nmax_cost_usd = 1.0\n")}
    proc = subprocess.run([sys.executable, "-m", "ralphy", "dev", str(project), "--json"], capture_output=True,
                          text=True, env=env, timeout=60)
    summary = json.loads(proc.stdout)
    assert summary["status"] == "circuit_open" and len(summary["iterations"]) == 2, proc.stderr
    notes = [line for line in proc.stderr.splitlines() if "max_iterations = 6" in line]
    assert len(notes) == 1, proc.stderr
    assert notes[0].startswith(f"ralphy: warning: {project / '.ralphy.toml'} raises ")
    for said in ("max_iterations = 6 (kept 2)", "max_cost_usd = 5000 (kept 1)", "no_progress_open = 50 (kept 3)",
                 f"ralphy trust {project}"):
        assert said in notes[0], notes[0]
    assert "Traceback" not in proc.stderr


def test_reading_commands_do_not_say_it(tmp_path):
    project = init_git_project(tmp_path / "repo", commit=False)
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    (project / ".ralphy.toml").write_text("max_iterations = 600\n")
    proc = subprocess.run([sys.executable, "-m", "ralphy", "tasks", str(project)], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and "max_iterations" not in proc.stderr, proc.stderr


def test_the_notice_stays_one_line_whatever_the_project_path_holds(tmp_path):
    from ralphy.config_limits import notice

    project = tmp_path / "a\nralphy: trusted everything"
    line = notice(project, [(project / ".ralphy.toml", "max_iterations", 500, 50)])
    assert "\n" not in line and "a\\nralphy: trusted everything" in line
