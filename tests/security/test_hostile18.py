"""A stranger's repository, round eight (first18): the commands ralphy's errors hand the user, pasted.

When a repository ships `.ralphy/lock` as a folder, a state file as a link, or a forged `.ralphy/ralphy.db`, the
one-line error names the command that clears it: `rm -r PATH`, `mv PATH PATH.bad`. PATH was written as it is,
unquoted. Pasted into a shell, a project in "My Projects" removed the folder "My" beside it (`rm -r /home/me/My
Projects/app/.ralphy/lock` is two arguments), and a project unpacked from an archive whose top folder is named
`app$(touch x)` ran that command. The words are now the shell's own (``termsafe.shell_word``), as the `ralphy
trust` hint's are; each test pastes the hint into a real bash.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import init_git_project

FAKE_CLI = "#!/bin/sh\nexit 1\n"
# A folder beside the project that an unquoted `rm -r` of a path in "My Projects" would reach, and a top folder
# an archive could name so that a pasted hint runs its command.
NAMES = ["My Projects/app", "app$(touch PWNED)", "it's here/app"]


def project_in(tmp_path: Path, name: str) -> Path:
    (tmp_path / "My").mkdir()
    (tmp_path / "My" / "precious").write_text("the user's file\n")
    project = init_git_project(tmp_path / name, commit=False)
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    return project


def ralphy(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    cli = tmp_path / "bin" / "claude"
    cli.parent.mkdir(exist_ok=True)
    cli.write_text(FAKE_CLI)
    cli.chmod(0o755)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(cli), "RALPHY_MAX_ITERATIONS": "1"}
    return subprocess.run([sys.executable, "-m", "ralphy", *args], capture_output=True, text=True, env=env,
                           timeout=60)


def pasted_hint(proc: subprocess.CompletedProcess, cwd: Path, verb: str) -> None:
    """Run the error's backquoted `verb ...` command in bash, from ``cwd``, as a user who pastes it would."""
    line = proc.stderr.strip()
    assert proc.returncode == 1 and line.startswith("ralphy: error:") and "\n" not in line, proc.stderr
    commands = re.findall(r"`(%s [^`]*)`" % verb, line)
    assert len(commands) == 1, line
    subprocess.run(["bash", "-c", commands[0]], cwd=cwd, check=True, timeout=30, capture_output=True)


def assert_nothing_else_touched(tmp_path: Path) -> None:
    assert (tmp_path / "My" / "precious").read_text() == "the user's file\n"
    assert not list(tmp_path.rglob("PWNED"))


@pytest.mark.parametrize("name", NAMES)
def test_the_rm_hint_for_a_state_folder_removes_it_and_nothing_else(tmp_path, name):
    project = project_in(tmp_path, name)
    (project / ".ralphy" / "lock").mkdir(parents=True)
    proc = ralphy(tmp_path, "dev", str(project))
    assert "rm -r" in proc.stderr
    pasted_hint(proc, tmp_path, "rm")
    assert not (project / ".ralphy" / "lock").exists()
    assert_nothing_else_touched(tmp_path)
    assert ralphy(tmp_path, "dev", str(project)).stderr.count(".ralphy/lock") == 0  # the run gets past it now


@pytest.mark.parametrize("name", NAMES)
def test_the_rm_hint_for_a_linked_state_file_removes_the_link_only(tmp_path, name):
    project = project_in(tmp_path, name)
    (project / ".ralphy").mkdir()
    os.symlink(tmp_path / "My" / "precious", project / ".ralphy" / "breaker.json")
    pasted_hint(ralphy(tmp_path, "dev", str(project)), tmp_path, "rm")
    assert not os.path.lexists(project / ".ralphy" / "breaker.json")
    assert_nothing_else_touched(tmp_path)


@pytest.mark.parametrize("name", NAMES)
def test_the_mv_hint_for_a_forged_history_moves_it_aside(tmp_path, name):
    project = project_in(tmp_path, name)
    ralphy(tmp_path, "dev", str(project))  # a history of ralphy's own (the fake CLI's iteration failed)
    db_file = project / ".ralphy" / "ralphy.db"
    with sqlite3.connect(db_file) as db:
        db.execute("CREATE VIEW spy AS SELECT * FROM runs")  # what a repository's forged history may hold
    db.close()
    proc = ralphy(tmp_path, "dev", str(project))
    assert "holds view 'spy'" in proc.stderr
    pasted_hint(proc, tmp_path, "mv")
    assert not db_file.exists() and (project / ".ralphy" / "ralphy.db.bad").is_file()
    assert_nothing_else_touched(tmp_path)


def test_a_plain_path_keeps_its_plain_hint(tmp_path):
    """Quoting only where the shell needs it: the hint for /tmp/.../repo reads as before."""
    project = init_git_project(tmp_path / "repo", commit=False)
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    (project / ".ralphy" / "lock").mkdir(parents=True)
    proc = ralphy(tmp_path, "dev", str(project))
    assert f"(`rm -r {project / '.ralphy' / 'lock'}`)" in proc.stderr
    shutil.rmtree(project / ".ralphy")
