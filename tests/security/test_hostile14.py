"""Issue 10's held-out categories attacked afresh, round four (hostile14): what the earlier rounds had not tried.

Each test was written before its fix and failed on the code before it (``# was: ...``). The untrusted config's
limits are in test_untrusted_limits.py.
"""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from ralphy.agents import agent_dirs
from ralphy.agents.discovery import discover_agents
from ralphy.testing import init_git_project
from tests.security.fingerprints import fingerprints_said

AGENT = "---\nname: {name}\ndescription: Use for {name} work.\n---\nBody.\n"


def test_an_agent_folder_linked_to_a_huge_tree_is_walked_only_so_far(tmp_path, monkeypatch, caplog):
    # was: every entry below the link was listed (`.claude/agents/x -> /` walked the whole file system: over
    # two minutes in `ralphy agents list` on this machine, and in every command that discovers agents)
    monkeypatch.setattr(agent_dirs, "MAX_WALK_ENTRIES", 40)
    elsewhere = tmp_path / "elsewhere"
    for n in range(30):
        (elsewhere / f"d{n:02}").mkdir(parents=True)
        (elsewhere / f"d{n:02}" / "note.txt").write_text("x")
    project = tmp_path / "repo"
    (project / ".claude" / "agents").mkdir(parents=True)
    (project / ".claude" / "agents" / "a.md").write_text(AGENT.format(name="own"))
    (project / ".claude" / "agents" / "zz").symlink_to(elsewhere)
    with caplog.at_level("WARNING"):
        discovery = discover_agents(project)
    assert [agent.name for agent in discovery.agents] == ["own"]
    looked = [f for f in discovery.files if f.outcome == "ignored"]
    assert 0 < len(looked) <= 41, len(looked)  # what the walk passed over: at most the budget, then the notice
    assert "more than 40 files and folders below it" in looked[-1].reason
    [said] = [r.getMessage() for r in caplog.records if "more than 40" in r.getMessage()]
    assert said.startswith(str(project / ".claude" / "agents") + ": ")


def test_a_link_to_the_root_ends_within_the_budget(tmp_path, monkeypatch):
    monkeypatch.setattr(agent_dirs, "MAX_WALK_ENTRIES", 2000)
    project = tmp_path / "repo"
    (project / ".claude" / "agents").mkdir(parents=True)
    (project / ".claude" / "agents" / "root").symlink_to("/")
    discovery = discover_agents(project)
    assert any("more than 2,000" in (f.reason or "") for f in discovery.files)



# --- FIFOs where git reads: the fingerprint of each iteration ran `git status`, which waited on them ---------


@pytest.fixture
def fresh_git_memory(monkeypatch):
    from ralphy import worktree

    monkeypatch.setattr(worktree, "_git_stalled", {})
    return worktree


@pytest.mark.parametrize("where", [".gitignore", ".git/info/exclude", ".git/HEAD"])
def test_a_fifo_git_reads_at_a_fixed_place_costs_no_wait(tmp_path, fresh_git_memory, caplog, where):
    # was: `git status` (and `git rev-parse HEAD`) waited for a writer until their timeouts, 60 s and 30 s,
    # before and after every iteration
    worktree = fresh_git_memory
    project = init_git_project(tmp_path / "repo")
    (project / where).unlink(missing_ok=True)
    os.mkfifo(project / where)
    said = fingerprints_said(worktree, project, caplog, within=5)
    assert len(said) == 1 and where in said[0], said


def test_a_fifo_gitignore_deeper_costs_one_timeout_per_run(tmp_path, fresh_git_memory, monkeypatch, caplog):
    worktree = fresh_git_memory
    monkeypatch.setattr(worktree, "GIT_TIMEOUT_S", 1.0)
    project = init_git_project(tmp_path / "repo")
    (project / "sub").mkdir()
    os.mkfifo(project / "sub" / ".gitignore")
    with caplog.at_level("WARNING"):
        started = time.monotonic()
        worktree.fingerprints(project)
        first = time.monotonic() - started
        started = time.monotonic()
        for _ in range(3):
            worktree.fingerprints(project)
        again = time.monotonic() - started
    assert first >= 1.0 and again < 1.0, (first, again)
    said = [r.getMessage() for r in caplog.records if "git did not answer in 1 s" in r.getMessage()]
    assert len(said) == 1, said


def test_git_status_is_not_run_when_the_filter_drivers_cannot_be_listed(tmp_path, fresh_git_memory, monkeypatch):
    # was: a `git config` that failed gave no -c overrides, and `git status` then ran the repository's drivers
    worktree = fresh_git_memory
    project = init_git_project(tmp_path / "repo")
    calls = []
    real_run = subprocess.run

    def run(argv, *args, **kwargs):
        calls.append(list(argv))
        if "--get-regexp" in argv:
            raise subprocess.TimeoutExpired(argv, 1)
        return real_run(argv, *args, **kwargs)

    monkeypatch.setattr(worktree.subprocess, "run", run)
    worktree.fingerprints(project)
    assert any("--get-regexp" in argv for argv in calls) and not any("status" in argv for argv in calls), calls


def test_the_fingerprint_reads_a_link_not_what_it_leads_to(tmp_path, fresh_git_memory, monkeypatch):
    # was: a listed link was followed and its target read whole (a link to /proc/kmsg, which root can read and
    # whose read waits for the kernel's next message, hung `ralphy dev` at its first fingerprint)
    worktree = fresh_git_memory
    outside = tmp_path / "outside.txt"
    outside.write_text("one")
    project = init_git_project(tmp_path / "repo")
    (project / "link").symlink_to(outside)
    opened = []
    real_open = os.open
    monkeypatch.setattr(worktree.os, "open", lambda p, *a, **k: opened.append(os.fspath(p)) or real_open(p, *a, **k))
    first = worktree.fingerprints(project)
    outside.write_text("two")
    assert worktree.fingerprints(project) == first  # what it leads to is not the project's change
    assert not any(path.endswith(("link", "outside.txt")) for path in opened), opened
    (project / "link").unlink()
    (project / "link").symlink_to(tmp_path / "elsewhere")
    assert worktree.fingerprints(project) != first  # where it points is


@pytest.mark.parametrize("where", [".gitignore", ".claude/.gitignore", ".git/info/exclude"])
def test_discovery_for_cli_2_0_does_not_wait_on_a_fifo_git_reads(tmp_path, caplog, where):
    # was: `git check-ignore` (asked which agent folders 2.0.x's ripgrep skips) waited its 30 s timeout on the
    # FIFO, in every command that discovers agents for a 2.0.x CLI
    from ralphy.agents.discovery import DiscoveryRules
    from ralphy.claude.version import Version

    project = init_git_project(tmp_path / "repo")
    (project / ".claude" / "agents" / "team").mkdir(parents=True)
    (project / ".claude" / "agents" / "team" / "a.md").write_text(AGENT.format(name="teamed"))
    (project / where).unlink(missing_ok=True)
    os.mkfifo(project / where)
    started = time.monotonic()
    with caplog.at_level("WARNING"):
        discovery = discover_agents(project, rules=DiscoveryRules.for_version(Version(2, 0, 0)))
    assert time.monotonic() - started < 10
    assert [agent.name for agent in discovery.agents] == ["teamed"]
    assert any(where in r.getMessage() and "not checked" in r.getMessage() for r in caplog.records)
