"""`ralphy agents list`, `capabilities`, `prompt` and `dev` as a new user meets them (issue 14): the config read
the same way everywhere, skipped agent files said in one line, rows that fit the terminal, the per-agent view."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import CORPUS, ralphy_as_user, user_project

VOLT = CORPUS / "VoltAgent--awesome-claude-code-subagents" / "categories"
UX = VOLT / "08-business-product" / "ux-researcher.md"  # tools: Read, Grep, Glob, WebFetch, WebSearch
MOBILE = VOLT / "07-specialized-domains" / "mobile-app-developer.md"  # tools: Read, Write, Edit, Bash, Glob, Grep
FURAI = CORPUS / "0xfurai--claude-code-subagents" / "agents"  # no tools: every tool


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    (home / ".claude" / "agents").mkdir(parents=True)
    shutil.copy(FURAI / "docker-expert.md", home / ".claude" / "agents")
    return home


@pytest.fixture
def half_done_agents_project(tmp_path: Path) -> Path:
    return user_project(tmp_path / "project", {
        UX.name: UX, MOBILE.name: MOBILE,
        "no-description.md": "---\nname: half-done\n---\nTODO\n",
        "empty-description.md": '---\nname: quiet\ndescription: ""\n---\nBody\n',
    }, tasks="## Research\n- [ ] 1.1 Interview five users\n")


def ralphy(home: Path, *args: str | Path, columns: int = 100) -> subprocess.CompletedProcess:
    return ralphy_as_user(home, *args, columns=columns)


def names(proc: subprocess.CompletedProcess) -> list[str]:
    assert proc.returncode == 0, proc.stderr
    return sorted(agent["name"] for agent in json.loads(proc.stdout))


def test_agents_list_honours_agent_scopes_like_prompt(home: Path, half_done_agents_project: Path) -> None:
    assert names(ralphy(home, "agents", "list", "--json", half_done_agents_project)) == [
        "mobile-app-developer", "ux-researcher"]
    (half_done_agents_project / ".ralphy.toml").write_text('agent_scopes = ["user"]\n')
    assert names(ralphy(home, "agents", "list", "--json", half_done_agents_project)) == ["docker-expert"]
    prompt = ralphy(home, "prompt", half_done_agents_project).stdout
    assert "**docker-expert**" in prompt and "ux-researcher" not in prompt  # the same agents
    assert names(ralphy(home, "agents", "list", "--json", "--scope", "project", half_done_agents_project)) == [
        "mobile-app-developer", "ux-researcher"]  # a flag still wins


@pytest.mark.parametrize("command", [["agents", "list"], ["agents", "check"], ["prompt"], ["status"],
                                     ["agents", "capabilities"]])
def test_a_malformed_ralphy_toml_is_one_line_and_exit_1_everywhere(home: Path, half_done_agents_project: Path,
                                                                     command: list[str]) -> None:
    (half_done_agents_project / ".ralphy.toml").write_text("agent_scopes = [user\n")
    proc = ralphy(home, *command, half_done_agents_project)
    assert proc.returncode == 1, (command, proc.stdout)
    (line,) = proc.stderr.splitlines()
    assert line.startswith("ralphy: error: ") and ".ralphy.toml" in line and "TOML" in line


def test_skipped_files_are_said_in_one_line_by_list_and_prompt(home: Path, half_done_agents_project: Path) -> None:
    notice = "ralphy: warning: 2 agent files skipped (`ralphy agents check` says why)"
    listed = ralphy(home, "agents", "list", half_done_agents_project)
    assert listed.stderr.splitlines() == [notice]
    assert json.loads(ralphy(home, "agents", "list", "--json", half_done_agents_project).stdout)  # stdout stays JSON
    prompt = ralphy(home, "prompt", half_done_agents_project)
    assert prompt.stderr.splitlines().count(notice) == 1
    check = ralphy(home, "agents", "check", half_done_agents_project)
    assert "empty-description.md" in check.stdout and "no-description.md" in check.stdout  # check says why


def test_agents_list_fits_the_terminal(home: Path, half_done_agents_project: Path) -> None:
    for columns in (80, 100, 120):
        lines = ralphy(home, "agents", "list", half_done_agents_project, columns=columns).stdout.splitlines()
        assert lines[0].split() == ["NAME", "SCOPE", "TOOLS", "MODEL", "DESCRIPTION"]  # nothing shadowed
        assert max(map(len, lines)) <= columns, (columns, lines)
        assert lines[1].startswith("mobile-app-developer") and lines[2].startswith("ux-researcher")
    wide = ralphy(home, "agents", "list", half_done_agents_project, columns=250).stdout.splitlines()
    assert "Read, Grep, Glob, WebFetch, WebSearch" in wide[2]


def test_capabilities_per_agent_by_default_and_by_tool_on_request(home: Path, half_done_agents_project: Path) -> None:
    (half_done_agents_project / ".ralphy.toml").write_text('agent_scopes = ["project", "user"]\n')
    per_agent = ralphy(home, "agents", "capabilities", half_done_agents_project).stdout.splitlines()
    assert per_agent == [
        "docker-expert: all tools",
        "mobile-app-developer: Bash, Edit, Glob, Grep, Read, Write",
        "ux-researcher: Glob, Grep, Read, WebFetch, WebSearch",
    ]
    by_tool = ralphy(home, "agents", "capabilities", "--by-tool", half_done_agents_project).stdout.splitlines()
    assert "Bash (2): docker-expert, mobile-app-developer" in by_tool
    assert "WebSearch (2): docker-expert, ux-researcher" in by_tool
    narrow = ralphy(home, "agents", "capabilities", "--by-tool", half_done_agents_project,
                    columns=40).stdout.splitlines()
    assert max(map(len, narrow)) <= 40
