"""A stranger's repository, round nine (first19): the files git reads, looked at before git runs.

Each test was written before its fix and failed on the code before it (``# was: ...``).
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from ralphy.testing import init_git_project
from tests.security.fingerprints import fingerprints_said

# --- FIFOs git reads where hostile14's fixed places did not look ------------------------------------------------
# hostile14 looked at HEAD, config, index, info/exclude, the top .gitignore: a FIFO anywhere else git opens held
# `git rev-parse` / `git config` / `git status` until the 60 s timeout, in the fingerprint before and after
# every iteration (after which the run compared files itself) and in 2.0.x discovery's `git check-ignore` (30 s,
# every command). Each place below was measured with git 2.x first: each one held `git status` (and most
# `git rev-parse HEAD` too) until killed.


def _object_file(project: Path) -> Path:
    return sorted(p for p in (project / ".git" / "objects").glob("??/*"))[0]


def _config(project: Path, text: str) -> None:
    with open(project / ".git" / "config", "a") as config:
        config.write(text)


def _plant(project: Path, where: str) -> None:
    git = project / ".git"
    if where == "include":
        os.mkfifo(git / "x")
        _config(project, "[include]\n\tpath = x\n")
    elif where == "include on the header's line":
        os.mkfifo(git / "x")
        _config(project, '[includeIf "gitdir:/"] PATH = "x"\n')
    elif where == "include of an include":
        os.mkfifo(project / "team.fifo")
        (git / "shared.cfg").write_text("[include]\n\tpath = ../team.fifo\n")
        _config(project, "[include]\n\tpath = shared.cfg\n")
    elif where == "core.excludesFile":
        os.mkfifo(git / "x")
        _config(project, "[core]\n\texcludesFile = .git/x\n")
    elif where == "core.attributesFile":
        os.mkfifo(git / "x")
        _config(project, "[core]\n\tattributesFile = .git/x\n")
    elif where == "objects/info/alternates":
        (git / "objects" / "info").mkdir(exist_ok=True)
        os.mkfifo(git / "objects" / "info" / "alternates")
    elif where == "packed-refs":
        os.mkfifo(git / "packed-refs")
    elif where == "a branch":
        head = (git / "HEAD").read_text().split("ref: ", 1)[1].strip()
        (git / head).unlink()
        os.mkfifo(git / head)
    elif where == "shallow":
        os.mkfifo(git / "shallow")
    elif where == "a loose object":
        obj = _object_file(project)
        obj.chmod(0o644)
        obj.unlink()
        os.mkfifo(obj)
    elif where == "config.worktree":
        _config(project, "[extensions]\n\tworktreeConfig = true\n")
        subprocess.run(["git", "config", "core.repositoryformatversion", "1"], cwd=project, check=True)
        os.mkfifo(git / "config.worktree")
    elif where == "the index as a link":
        os.mkfifo(git / "fifo")
        (git / "index").unlink()
        (git / "index").symlink_to("fifo")
    elif where == "info/exclude as a link":
        os.mkfifo(project / "fifo")
        (git / "info").mkdir(exist_ok=True)
        (git / "info" / "exclude").unlink(missing_ok=True)
        (git / "info" / "exclude").symlink_to("../../fifo")
    else:
        raise AssertionError(where)


PLACES = ["include", "include on the header's line", "include of an include", "core.excludesFile",
          "core.attributesFile", "objects/info/alternates", "packed-refs", "a branch", "shallow", "a loose object",
          "config.worktree", "the index as a link", "info/exclude as a link"]


@pytest.fixture
def fresh_git_memory(monkeypatch):
    from ralphy import worktree

    monkeypatch.setattr(worktree, "_git_stalled", {})
    monkeypatch.setattr(worktree, "GIT_TIMEOUT_S", 4.0)  # the real one is 60 s
    return worktree


@pytest.mark.parametrize("where", PLACES)
def test_a_fifo_anywhere_git_reads_costs_no_wait(tmp_path, fresh_git_memory, caplog, where):
    # was: each waited GIT_TIMEOUT_S (60 s) at the run's first fingerprint
    worktree = fresh_git_memory
    project = init_git_project(tmp_path / "repo")
    (project / "a.txt").write_text("a")
    subprocess.run(["git", "add", "a.txt"], cwd=project, check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "a"],
                   cwd=project, check=True)
    _plant(project, where)
    said = fingerprints_said(worktree, project, caplog, within=3)
    assert len(said) == 1 and "git would wait on it" in said[0], said


def test_regular_includes_and_ignore_files_still_use_git(tmp_path, fresh_git_memory, caplog):
    # the check must not turn a well-kept repository's git off: includes, ignore and attribute files, a linked
    # index elsewhere, alternates naming a real folder
    worktree = fresh_git_memory
    project = init_git_project(tmp_path / "repo")
    (project / ".git" / "team.cfg").write_text("[core]\n\texcludesFile = ~/.nothing-here\n")
    (project / "ignore-extra").write_text("*.log\n")
    _config(project, "[include]\n\tpath = team.cfg\n[includeIf \"gitdir:/\"]\n\tpath = missing.cfg\n"
                     "[core]\n\tattributesFile = ignore-extra\n")
    (project / "x.log").write_text("ignored by the repository's own files? no: by its info/exclude below\n")
    with caplog.at_level("WARNING"):
        first = worktree.fingerprints(project)
        (project / "new.txt").write_text("x")
        second = worktree.fingerprints(project)
    assert first != second
    assert not [r for r in caplog.records if "compares the project's files itself" in r.getMessage()]
    assert worktree._git_changes(project) is not None  # git answered


def test_discovery_for_cli_2_0_does_not_wait_on_an_included_fifo(tmp_path, caplog):
    # was: `git check-ignore` waited its 30 s timeout in every command that discovers agents for a 2.0.x CLI
    from ralphy.agents.discovery import DiscoveryRules, discover_agents
    from ralphy.claude.version import Version

    project = init_git_project(tmp_path / "repo")
    (project / ".claude" / "agents" / "team").mkdir(parents=True)
    (project / ".claude" / "agents" / "team" / "a.md").write_text(
        "---\nname: teamed\ndescription: Use for team work.\n---\nBody.\n")
    os.mkfifo(project / ".git" / "x")
    _config(project, "[include]\n\tpath = x\n")
    started = time.monotonic()
    with caplog.at_level("WARNING"):
        discovery = discover_agents(project, rules=DiscoveryRules.for_version(Version(2, 0, 0)))
    assert time.monotonic() - started < 10
    assert [agent.name for agent in discovery.agents] == ["teamed"]
    assert any("git would wait on it" in r.getMessage() and "not checked" in r.getMessage()
               for r in caplog.records)


@pytest.mark.e2e
def test_ralphy_dev_stops_before_the_cli_when_git_would_wait(tmp_path, claude_bin):
    # was: the Claude CLI runs git in the project too (2.0.0 and 2.1.331 measured): every iteration hung until
    # its timeout (30 min by default) with no word of why, the breaker's "no progress" after three of them
    from ralphy.testing import claude_env

    project = init_git_project(tmp_path / "my repo")
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    os.mkfifo(project / ".git" / "x")
    _config(project, "[include]\n\tpath = x\n")
    env = claude_env("http://127.0.0.1:9", tmp_path / "home", {"RALPHY_CLAUDE_BIN": claude_bin})
    started = time.monotonic()
    done = subprocess.run([os.sys.executable, "-m", "ralphy", "dev", str(project), "--iteration-timeout", "20",
                           "--max-iterations", "1"], capture_output=True, text=True, env=env, timeout=120)
    assert time.monotonic() - started < 15
    line = done.stderr.strip()
    assert done.returncode == 1 and "\n" not in line and "Traceback" not in line, done.stderr
    assert line.startswith("ralphy: error:") and str(project / ".git" / "x") in line, line
    assert "Claude CLI" in line and "`rm " in line, line
    left = []  # the CLI ralphy started early (prestart) runs in the project: ended, not left behind
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.readlink(f"/proc/{pid}/cwd") == str(project):
                left.append(pid)
        except OSError:
            continue
    assert not left, left


def test_doctor_names_the_file_git_would_wait_on(tmp_path):
    # was: every line "ok" (exit 0) on a project where `ralphy dev` stops: doctor reads the project as dev will
    from ralphy.doctor import PROBLEM, diagnose

    project = init_git_project(tmp_path / "repo")
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    os.mkfifo(project / ".git" / "x")
    _config(project, "[core]\n\texcludesFile = .git/x\n")
    diagnosis = diagnose(project, claude_bin=str(tmp_path / "no-claude"))
    [git] = [check for check in diagnosis.checks if check.name == "git"]
    assert git.status == PROBLEM and str(project / ".git" / "x") in git.message, git
    assert git.fix == f"remove it: `rm {project / '.git' / 'x'}`" and not diagnosis.ok


def test_the_walk_lists_no_more_entries_than_its_budget(tmp_path):
    """One folder of millions of entries is not listed whole: the walk stops at the budget (r19b)."""
    from ralphy import git_reads

    for i in range(50):
        (tmp_path / f"o{i}").write_bytes(b"")
    os.mkfifo(tmp_path / "zz-fifo")
    budget = [7]
    git_reads._walk(tmp_path, budget)  # the FIFO may be among the 7 or not: scandir's order
    assert budget == [0]  # 51 entries in the folder, 7 looked at
    assert git_reads._walk(tmp_path, [10**6]) is not None  # within the budget, the FIFO is found
