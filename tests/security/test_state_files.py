"""ralphy's own state cannot be redirected (issue 10, point 2), and faults are one line (point 6).

A repository can ship any path under .ralphy/ (or .claude/agents/generated) as a symbolic link, a FIFO or a
folder. ralphy must never write through them, must not hang on them, and must say what to remove.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import anthropic
import pytest

from ralphy.testing import FakeMessagesAPI, init_git_project, tool_use

FAKE_CLI = "#!/bin/sh\ntouch \"$(dirname \"$0\")/cli-ran\"\nexit 1\n"


@pytest.fixture
def git_project(tmp_path: Path) -> Path:
    root = init_git_project(tmp_path / "repo", commit=False)
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    return root


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "precious").write_text("the user's file\n")
    return folder


def run_dev(project: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    cli = tmp_path / "bin" / "claude"
    cli.parent.mkdir(exist_ok=True)
    cli.write_text(FAKE_CLI)
    cli.chmod(0o755)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(cli), "RALPHY_MAX_ITERATIONS": "1"}
    return subprocess.run([sys.executable, "-m", "ralphy", "dev", str(project)], capture_output=True, text=True,
                          env=env, timeout=60)


def one_error_line(proc: subprocess.CompletedProcess) -> str:
    lines = [line for line in proc.stderr.splitlines() if line.startswith("ralphy: error:")]
    assert proc.returncode == 1, proc.stderr
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    return lines[0]


@pytest.mark.parametrize("name", ["lock", "ralphy.db", "ralphy.db-wal", "breaker.json", "claude.pid", ".gitignore"])
def test_a_state_file_that_is_a_link_is_refused_and_its_target_untouched(git_project, outside, tmp_path, name):
    (git_project / ".ralphy").mkdir()
    target = outside / "precious"
    os.symlink(target, git_project / ".ralphy" / name)
    line = one_error_line(run_dev(git_project, tmp_path))
    assert f".ralphy/{name} is a symbolic link" in line and "remove it" in line
    assert target.read_text() == "the user's file\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644  # not even its mode changed


def test_a_dangling_link_is_not_created_through(git_project, outside, tmp_path):
    (git_project / ".ralphy").mkdir()
    os.symlink(outside / "new-file", git_project / ".ralphy" / "lock")
    one_error_line(run_dev(git_project, tmp_path))
    assert not (outside / "new-file").exists()


@pytest.mark.parametrize("name", [".ralphy", ".ralphy/transcripts"])
def test_a_state_folder_that_is_a_link_is_refused(git_project, outside, tmp_path, name):
    if name != ".ralphy":
        (git_project / ".ralphy").mkdir()
    os.symlink(outside, git_project / name)
    line = one_error_line(run_dev(git_project, tmp_path))
    assert f"{name} is a symbolic link" in line and "remove it" in line
    assert sorted(p.name for p in outside.iterdir()) == ["precious"]


def test_the_lock_as_a_folder_and_the_db_as_a_fifo_are_one_line(git_project, tmp_path):
    (git_project / ".ralphy" / "lock").mkdir(parents=True)
    line = one_error_line(run_dev(git_project, tmp_path))
    assert ".ralphy/lock is a folder" in line and "rm -r" in line
    os.rmdir(git_project / ".ralphy" / "lock")
    os.mkfifo(git_project / ".ralphy" / "ralphy.db")
    line = one_error_line(run_dev(git_project, tmp_path))  # and no hang: run_dev has a timeout
    assert ".ralphy/ralphy.db is a FIFO" in line


def test_status_and_log_do_not_hang_on_a_fifo_database(git_project):
    (git_project / ".ralphy").mkdir()
    os.mkfifo(git_project / ".ralphy" / "ralphy.db")
    for command in ("status", "log"):
        proc = subprocess.run([sys.executable, "-m", "ralphy", command, str(git_project)], capture_output=True,
                              text=True, timeout=30)
        assert "FIFO" in proc.stderr and "Traceback" not in proc.stderr


def test_what_ralphy_writes_is_readable_by_the_user_only(git_project, tmp_path):
    run_dev(git_project, tmp_path)
    state = git_project / ".ralphy"
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    for name in ("ralphy.db", "breaker.json", "lock"):
        assert stat.S_IMODE((state / name).stat().st_mode) == 0o600, name
    transcripts = list((state / "transcripts").glob("*.jsonl"))
    assert transcripts and all(stat.S_IMODE(t.stat().st_mode) == 0o600 for t in transcripts)
    assert stat.S_IMODE((state / "transcripts").stat().st_mode) == 0o700


def test_a_transcript_that_is_a_link_is_replaced_not_written_through(git_project, outside, tmp_path):
    from ralphy import safefs

    (git_project / ".ralphy" / "transcripts").mkdir(parents=True)
    link = git_project / ".ralphy" / "transcripts" / "run1-iteration1.jsonl"
    os.symlink(outside / "precious", link)
    with pytest.raises(Exception, match="symbolic link"):
        safefs.open_write(link)
    run_dev(git_project, tmp_path)
    assert (outside / "precious").read_text() == "the user's file\n"


def test_agents_create_never_writes_through_a_linked_generated_folder(git_project, outside):
    from ralphy.agents.factory import create_agent
    from ralphy.errors import AgentCreationError

    (git_project / ".claude" / "agents").mkdir(parents=True)
    os.symlink(outside, git_project / ".claude" / "agents" / "generated")
    answer = {"name": "code-reviewer", "tools": ["Read", "Grep", "Glob"], "model": "sonnet",
              "description": ("Use this agent when code needs a review before merging.\n<example>\nContext: a pull "
                              "request is ready.\nuser: \"Review my change\"\nassistant: \"I'll use the "
                              "code-reviewer agent.\"\n</example>"),
              "system_prompt": "You are a meticulous code reviewer. Read the diff, then report problems.",
              "exampleTasks": ["Review the parser change"]}
    with FakeMessagesAPI(lambda request: tool_use("submit_agent", answer)) as api:
        with anthropic.Anthropic(api_key="k", base_url=api.url, max_retries=0) as client:
            with pytest.raises(AgentCreationError, match="generated is a symbolic link"):
                create_agent("an agent that reviews code", git_project, client=client)
    assert sorted(p.name for p in outside.iterdir()) == ["precious"]


@pytest.mark.parametrize("name", ["evil\n", "evil\nname", "ok-name\n"])
def test_agents_create_refuses_a_name_with_a_newline(name):
    from ralphy.agents.factory import name_problems

    assert name_problems(name)
    assert name_problems(name.strip()) == [] or "\n" in name.strip()


def test_agents_create_cli_refuses_a_name_with_a_newline(git_project):
    from click.testing import CliRunner

    from ralphy.cli import cli

    result = CliRunner().invoke(cli, ["agents", "create", "reviews code", str(git_project), "--name", "evil\n",
                                      "--dry-run"], env={"ANTHROPIC_API_KEY": "k",
                                                         "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"})
    assert result.exit_code != 0
    assert "evil" in result.output and not (git_project / ".claude" / "agents" / "generated").exists()


def test_read_only_state_is_one_line(git_project, tmp_path):
    state = git_project / ".ralphy"
    state.mkdir()
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(state)], check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("cannot mount a read-only file system here (not root, or no mount)")
    try:
        line = one_error_line(run_dev(git_project, tmp_path))
        assert "Read-only file system" in line
    finally:
        subprocess.run(["umount", str(state)], check=False)
