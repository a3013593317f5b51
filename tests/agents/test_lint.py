"""Lint findings for discovered agents."""

from __future__ import annotations

from pathlib import Path

import pytest

from ralphy.agents.discovery import discover_agents
from ralphy.agents.lint import lint


def write(folder: Path, file: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / file).write_text(text, encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    return tmp_path / "repo"


def codes(findings, agent: str) -> dict[str, str]:
    return {f.code: f.severity for f in findings if f.agent == agent}


def test_a_well_formed_agent_has_no_findings(project: Path) -> None:
    write(project / ".claude/agents", "good.md", "---\nname: good-agent\ndescription: Reviews. <example>user: x"
          "</example>\ntools: Read, Bash(git *), mcp__github__get_issue\nnotForTasks: [deploys]\n---\nbody\n")
    assert lint(discover_agents(project)) == []


def test_unknown_tools_names_and_routing_hints(project: Path) -> None:
    agents = project / ".claude/agents"
    write(agents, "a.md", "---\nname: Bad_Name\ndescription: d\ntools: Read, LS, MultiEdit, Bash(ls)\n---\n")
    write(agents, "b.md", "---\nname: 'ns:agent'\ndescription: d\nexampleTasks: [x]\nnotForTasks: [y]\n---\n")
    findings = lint(discover_agents(project))
    assert codes(findings, "Bad_Name") == {"unknown-tool": "error", "name-convention": "warning",
                                           "no-examples": "warning", "no-not-for-tasks": "warning"}
    unknown = sorted(f.message.split("'")[1] for f in findings if f.code == "unknown-tool")
    assert unknown == ["LS", "MultiEdit"]
    assert codes(findings, "ns:agent") == {"name-colon": "error"}


def test_long_description_counts_without_examples(project: Path) -> None:
    agents = project / ".claude/agents"
    long_text = "word " * 250
    write(agents, "long.md", f"---\nname: long\ndescription: {long_text}\nnotForTasks: [x]\n---\n")
    examples = "<example>" + "x " * 2000 + "</example>"
    write(agents, "ex.md", f"---\nname: ex\ndescription: short {examples}\nnotForTasks: [x]\n---\n")
    findings = lint(discover_agents(project))
    assert codes(findings, "long") == {"long-description": "warning", "no-examples": "warning"}
    assert codes(findings, "ex") == {}


def test_clash_names_the_winner(project: Path) -> None:
    agents = project / ".claude/agents"
    write(agents, "one.md", "---\nname: twin\ndescription: one\n---\n")
    write(agents, "two.md", "---\nname: twin\ndescription: two\n---\n")
    discovery = discover_agents(project)
    [clash] = [f for f in lint(discovery) if f.code == "name-clash"]
    assert clash.severity == "warning" and str(discovery.by_name("twin").path) in clash.message
