"""A repository's CLAUDE.md cannot hand the model a file from outside the project (newuser20).

The Claude CLI reads the project's CLAUDE.md, CLAUDE.local.md and .claude/CLAUDE.md into every request and follows
a link there. Measured with 2.0.0 and 2.1.331 and a scripted API (the e2e test below replays it): a repository's
CLAUDE.md that is a link to ~/.ssh/id_rsa sent the key to the model in the first request; 2.0.0 also imports
``@notes.txt`` when notes.txt is such a link (2.1.331 does not; neither imports ``@~/...`` or ``@../...`` headless).
ralphy started the CLI there and said nothing. Now it does not start the CLI until the user trusts it, says so in
`ralphy doctor`, and `ralphy trust` names what it trusts.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.memory_links import outside_reads
from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, init_git_project

SECRET = "-----BEGIN OPENSSH PRIVATE KEY----- not-a-real-key-3f9c1a"
FAKE_CLI = """#!/bin/sh
case "$1" in --version) echo "2.1.331 (Claude Code)"; exit 0;; esac
touch "{marker}"
exit 1
"""


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "home" / ".ssh" / "id_rsa"
    path.parent.mkdir(parents=True)
    path.write_text(SECRET + "\n")
    return path


def _project(tmp_path: Path) -> Path:
    project = init_git_project(tmp_path / "repo", commit=False)
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    return project


@pytest.mark.parametrize("name", ["CLAUDE.md", "CLAUDE.local.md", ".claude/CLAUDE.md"])
def test_a_memory_file_linked_out_of_the_project_is_found(tmp_path, secret, name):
    project = _project(tmp_path)
    (project / name).parent.mkdir(exist_ok=True)
    os.symlink(secret, project / name)
    assert outside_reads(project) == [(name, str(secret), "")]


def test_a_claude_folder_linked_out_of_the_project_is_found(tmp_path, secret):
    project = _project(tmp_path)
    (secret.parent / "CLAUDE.md").write_text("hi\n")
    os.symlink(secret.parent, project / ".claude")
    assert outside_reads(project) == [(os.path.join(".claude", "CLAUDE.md"), str(secret.parent / "CLAUDE.md"), "")]


def test_an_import_through_a_link_is_found_however_deep(tmp_path, secret):
    project = _project(tmp_path)
    (project / "CLAUDE.md").write_text("# Rules\nSee @docs/style.md for the style.\n")
    (project / "docs").mkdir()
    (project / "docs" / "style.md").write_text("Also\n@../notes.txt\n@more\\ notes.txt\n")
    os.symlink(secret, project / "notes.txt")
    os.symlink(secret, project / "docs" / "more notes.txt")
    assert outside_reads(project) == [("notes.txt", str(secret), os.path.join("docs", "style.md")),
                                      (os.path.join("docs", "more notes.txt"), str(secret), os.path.join("docs", "style.md"))]


def test_what_stays_inside_or_names_the_outside_itself_is_not_found(tmp_path, secret):
    project = _project(tmp_path)
    (project / "AGENTS.md").write_text("Use @docs/a.md\n")  # CLAUDE.md -> AGENTS.md: a common, harmless link
    os.symlink("AGENTS.md", project / "CLAUDE.md")
    (project / "docs").mkdir()
    (project / "docs" / "a.md").write_text("@~/.ssh/id_rsa @../../home/.ssh/id_rsa @" + str(secret) + " mail me@x.org\n")
    os.symlink(project / "nowhere", project / "CLAUDE.local.md")  # a dangling link reads nothing
    assert outside_reads(project) == []


def test_a_fifo_or_a_loop_is_no_hang(tmp_path):
    project = _project(tmp_path)
    os.mkfifo(project / "CLAUDE.md")
    os.symlink("CLAUDE.local.md", project / "CLAUDE.local.md")
    (project / ".claude").mkdir()
    (project / ".claude" / "CLAUDE.md").write_text("@CLAUDE.md @../.claude/CLAUDE.md\n")  # imports itself
    assert outside_reads(project) == []


def test_an_at_word_that_is_no_path_is_skipped(tmp_path, secret):
    """A NUL byte in an "@" word (no path can hold one: realpath raised, a traceback from dev, doctor and trust) and
    words naming nothing are skipped; the link after them is still found (r20b)."""
    project = _project(tmp_path)
    os.symlink(secret, project / "notes.txt")
    (project / "CLAUDE.md").write_bytes(b"@no\x00pe.md " + b"@nothing.md " * 1000 + b"me@x.org @notes.txt\n")
    assert outside_reads(project) == [("notes.txt", str(secret), "CLAUDE.md")]


def _ralphy(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ralphy", *args], capture_output=True, text=True, env=env,
                          timeout=60)


def test_dev_does_not_start_the_cli_until_trusted_and_doctor_says_why(tmp_path, secret):
    project = _project(tmp_path)
    os.symlink(secret, project / "CLAUDE.md")
    marker = tmp_path / "cli-ran"
    cli = tmp_path / "claude"
    cli.write_text(FAKE_CLI.format(marker=marker))
    cli.chmod(0o755)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(cli), "RALPHY_MAX_ITERATIONS": "1", "RALPHY_BACKOFF_SECONDS": "0",
           "RALPHY_STATE_DIR": str(tmp_path / "state")}
    refused = _ralphy("dev", str(project), env=env)
    assert refused.returncode == 1 and not marker.exists(), refused.stderr
    assert refused.stderr.splitlines() == [
        f"ralphy: error: {project / 'CLAUDE.md'} leads to {secret}, outside the project: the Claude CLI would read that "
        f"file into what it sends to the model; ralphy does not start it in this project until you trust that: "
        f"review it, then run `ralphy trust {project}`"]
    doctor = _ralphy("doctor", str(project), env=env)
    assert doctor.returncode == 1
    marker.unlink(missing_ok=True)  # doctor asks the CLI in an empty folder here (its login), not in the project
    [line] = [line for line in doctor.stdout.splitlines() if "claude-memory" in line]
    assert line.startswith("PROBLEM") and str(secret) in line and f"ralphy trust {project}" in line
    trusted = _ralphy("trust", str(project), env=env)
    assert trusted.returncode == 0 and f"the Claude CLI reads {secret} through it" in trusted.stdout, trusted
    _ralphy("dev", str(project), env=env)
    assert marker.exists()  # trusted: started
    marker.unlink()
    other = secret.parent / "id_ed25519"
    other.write_text(SECRET)
    (project / "CLAUDE.md").unlink()
    os.symlink(other, project / "CLAUDE.md")
    again = _ralphy("dev", str(project), env=env)
    assert again.returncode == 1 and not marker.exists(), again.stderr  # another target needs trust again


@pytest.mark.e2e
def test_the_real_cli_sends_the_linked_file_and_ralphy_does_not_start_it(tmp_path, secret, claude_home, claude_bin):
    project = _project(tmp_path)
    os.symlink(secret, project / "CLAUDE.md")
    with FakeMessagesAPI(DevScenario({})) as api:
        env = {**claude_env(api.url, claude_home), "RALPHY_CLAUDE_BIN": claude_bin, "RALPHY_BACKOFF_SECONDS": "0",
               "RALPHY_ITERATION_TIMEOUT": "90", "RALPHY_STATE_DIR": str(tmp_path / "state")}
        refused = _ralphy("dev", str(project), "--json", env=env)
        assert refused.returncode == 1 and api.requests == [], refused.stderr
        # what the refusal prevents: the CLI itself, started there, sends the file to the model
        subprocess.run([claude_bin, "-p", "hi", "--output-format", "json"], cwd=project, env=env,
                       capture_output=True, timeout=90)
        assert any(SECRET in str(body) for body in api.requests)
