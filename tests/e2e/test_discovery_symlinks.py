"""Agent folders and files that are symlinks to places OUTSIDE the project: what each real Claude CLI loads, and
ralphy's discovery (the library, `ralphy agents list`, `ralphy agents check`) agreeing with it (no model call).

Measured on 2.0.0, 2.1.62, 2.1.197 and 2.1.330: every CLI follows them all (a linked `.claude`, a linked
`.claude/agents`, linked files and folders inside it, relative or absolute, inside the project or not), so ralphy
does too (docs/decisions.md, "Agent symlinks outside the project")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.agents.discovery import DiscoveryRules, discover_agents
from ralphy.testing import init_git_project
from tests.e2e.cli_oracle import cli_agents, comparable, custom_agents
from tests.e2e.test_discovery_parity import agent, ralphy_agents, write

pytestmark = pytest.mark.e2e

SECRET = "TOPSECRET-not-an-agent-7f3a"


def linked_projects(root: Path) -> dict[str, tuple[Path, dict[str, str]]]:
    """Two projects (git repositories) and, written by hand, the agents a CLI started in each should load."""
    outside = root / "outside"  # beside the projects, in no git repository of theirs
    write(outside / "secret.txt", f"{SECRET}\nnot an agent: no frontmatter\n")

    # .claude/agents is itself a symlink to a folder outside, whose entries link further: a file outside, a file
    # back in the project, a file that is no agent
    one = init_git_project(root / "linked-agents-folder", commit=False)
    linked = outside / "agents"
    write(linked / "in-linked.md", agent("in-linked-folder", "In the linked folder."))
    write(linked / "sub" / "deep.md", agent("deep-in-linked-folder", "Deeper in the linked folder."))
    write(outside / "elsewhere" / "far.md", agent("far-file", "A file linked from the linked folder."))
    (linked / "far.md").symlink_to(outside / "elsewhere" / "far.md")
    write(one / "docs" / "inside.md", agent("back-in-project", "A file of the project, linked from outside."))
    (linked / "inside.md").symlink_to(one / "docs" / "inside.md")
    (linked / "secret.md").symlink_to(outside / "secret.txt")
    (one / ".claude").mkdir()
    (one / ".claude" / "agents").symlink_to(linked)
    write(one / "TASKS.md", "## Core\n- [ ] 1.1 Do it\n")

    # .claude is a symlink to a folder outside, whose (real) agents folder links out by absolute and relative
    # paths, to a file and to a folder
    two = init_git_project(root / "linked-dot-claude", commit=False)
    agents = outside / "dot-claude" / "agents"
    write(agents / "plain.md", agent("plain", "A plain file under a linked .claude."))
    write(outside / "files" / "out.md", agent("out-file", "A file outside, linked by absolute path."))
    (agents / "out.md").symlink_to(outside / "files" / "out.md")
    write(outside / "files" / "relative.md", agent("relative-out", "A file outside, linked by relative path."))
    (agents / "relative.md").symlink_to(Path("..", "..", "files", "relative.md"))
    write(outside / "folder" / "x.md", agent("out-folder-agent", "In a folder outside, linked."))
    (agents / "out-folder").symlink_to(outside / "folder")
    (two / ".claude").symlink_to(outside / "dot-claude")
    return {
        "linked-agents-folder": (one, {
            "in-linked-folder": "In the linked folder.", "deep-in-linked-folder": "Deeper in the linked folder.",
            "far-file": "A file linked from the linked folder.",
            "back-in-project": "A file of the project, linked from outside."}),
        "linked-dot-claude": (two, {
            "plain": "A plain file under a linked .claude.", "out-file": "A file outside, linked by absolute path.",
            "relative-out": "A file outside, linked by relative path.",
            "out-folder-agent": "In a folder outside, linked."}),
    }


def test_agents_linked_from_outside_the_project_are_loaded_like_the_cli(tmp_path: Path, claude_bin: str,
                                                                       claude_version, claude_home: Path) -> None:
    for label, (work, truth) in linked_projects(tmp_path).items():
        cli = custom_agents(cli_agents(claude_bin, work, claude_home))
        assert comparable(truth, cli) == cli, label  # the CLI loads exactly these (names only before 2.1.100)
        assert comparable(ralphy_agents(cwd=work, home=claude_home, claude_bin=claude_bin), cli) == cli, label
        found = discover_agents(work, rules=DiscoveryRules.for_version(claude_version))
        assert {spec.name: spec.description for spec in found.agents} == truth, label


def test_a_linked_file_that_is_no_agent_is_skipped_without_showing_its_contents(tmp_path: Path, claude_bin: str,
                                                                                claude_home: Path) -> None:
    work, _ = linked_projects(tmp_path)["linked-agents-folder"]
    env = {**os.environ, "HOME": str(claude_home), "CLAUDE_CONFIG_DIR": str(claude_home / ".claude"),
           "RALPHY_CLAUDE_BIN": claude_bin}
    for command in (["agents", "check"], ["agents", "check", "--json"], ["prompt"]):
        done = subprocess.run([sys.executable, "-m", "ralphy", *command, str(work)], env=env, capture_output=True,
                              text=True, timeout=120, check=False)
        assert SECRET not in done.stdout + done.stderr, command
    checked = subprocess.run([sys.executable, "-m", "ralphy", "agents", "check", "--json", str(work)], env=env,
                             capture_output=True, text=True, timeout=120, check=False)
    [secret] = [f for f in json.loads(checked.stdout)["files"] if f["path"].endswith("secret.md")]
    assert secret["outcome"] == "skipped" and checked.returncode == 1
