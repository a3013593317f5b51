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
def bare_repo(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    return tmp_path / "repo"


def codes(findings, agent: str) -> dict[str, str]:
    return {f.code: f.severity for f in findings if f.agent == agent}


def test_a_well_formed_agent_has_no_findings(bare_repo: Path) -> None:
    write(bare_repo / ".claude/agents", "good.md", "---\nname: good-agent\ndescription: Reviews. <example>user: x"
          "</example>\ntools: Read, Bash(git *), mcp__github__get_issue\nnotForTasks: [deploys]\n---\nbody\n")
    assert lint(discover_agents(bare_repo)) == []


def test_unknown_tools_names_and_routing_hints(bare_repo: Path) -> None:
    agents = bare_repo / ".claude/agents"
    write(agents, "a.md", "---\nname: Bad_Name\ndescription: d\ntools: Read, LS, MultiEdit, Bash(ls)\n---\n")
    write(agents, "b.md", "---\nname: 'ns:agent'\ndescription: d\nexampleTasks: [x]\nnotForTasks: [y]\n---\n")
    findings = lint(discover_agents(bare_repo))
    assert codes(findings, "Bad_Name") == {"unknown-tool": "warning", "name-convention": "warning",
                                           "routing-hints": "hint"}
    hint = next(f for f in findings if f.agent == "Bad_Name" and f.code == "routing-hints")
    assert "exampleTasks and notForTasks" in hint.message
    unknown = sorted(f.message.split("'")[1] for f in findings if f.code == "unknown-tool")
    assert unknown == ["LS", "MultiEdit"]
    assert codes(findings, "ns:agent") == {"name-colon": "error"}


def test_long_description_counts_without_examples(bare_repo: Path) -> None:
    agents = bare_repo / ".claude/agents"
    long_text = "word " * 250
    write(agents, "long.md", f"---\nname: long\ndescription: {long_text}\nnotForTasks: [x]\n---\n")
    examples = "<example>" + "x " * 2000 + "</example>"
    write(agents, "ex.md", f"---\nname: ex\ndescription: short {examples}\nnotForTasks: [x]\n---\n")
    findings = lint(discover_agents(bare_repo))
    assert codes(findings, "long") == {"long-description": "warning", "routing-hints": "hint"}
    assert codes(findings, "ex") == {}


def test_clash_names_the_winner(bare_repo: Path) -> None:
    agents = bare_repo / ".claude/agents"
    write(agents, "one.md", "---\nname: twin\ndescription: one\n---\n")
    write(agents, "two.md", "---\nname: twin\ndescription: two\n---\n")
    discovery = discover_agents(bare_repo)
    [clash] = [f for f in lint(discovery) if f.code == "name-clash"]
    assert clash.severity == "warning" and str(discovery.by_name("twin").path) in clash.message


def test_tools_are_checked_against_the_cli_version_in_use(bare_repo: Path) -> None:
    write(bare_repo / ".claude/agents", "old.md", "---\nname: old\ndescription: d <example>user: x</example>\n"
          "tools: LS, Read, BashOutput\nnotForTasks: [y]\n---\n")
    pinned = lint(discover_agents(bare_repo))
    assert sorted(f.message.split("'")[1] for f in pinned if f.code == "unknown-tool") == ["BashOutput", "LS"]
    assert all(f.severity == "warning" for f in pinned)
    assert "a tool of earlier CLIs" in pinned[0].message and "Claude Code 2.1.197" in pinned[0].message
    # the tools 2.0.0 reported in its init event (/work/shared/claude-code/transcripts/versions/e401-2.0.0.jsonl)
    tools_2_0_0 = ["Bash", "BashOutput", "Edit", "ExitPlanMode", "Glob", "Grep", "KillShell", "NotebookEdit", "Read",
                   "SlashCommand", "Task", "TodoWrite", "WebFetch", "WebSearch", "Write"]
    old = lint(discover_agents(bare_repo), known_tools=tools_2_0_0, cli_version="2.0.0")
    assert [(f.code, f.message.split("'")[1]) for f in old] == [("unknown-tool", "LS")]
    assert "Claude Code 2.0.0" in old[0].message


def test_an_agent_whose_tools_all_vanished_is_told_so(bare_repo: Path) -> None:
    write(bare_repo / ".claude/agents", "gone.md", "---\nname: gone\ndescription: d <example>user: x</example>\n"
          "tools: LS, MultiEdit\nnotForTasks: [y]\n---\n")
    assert codes(lint(discover_agents(bare_repo)), "gone") == {"unknown-tool": "warning", "no-usable-tools": "warning"}


def test_real_agents_get_one_hint_each_not_a_pile_of_warnings(bare_repo: Path) -> None:
    import shutil

    from tests.conftest import CORPUS

    shutil.copytree(CORPUS / "0xfurai--claude-code-subagents" / "agents", bare_repo / ".claude" / "agents")
    findings = lint(discover_agents(bare_repo))
    per_agent: dict[str, list[str]] = {}
    for finding in findings:
        per_agent.setdefault(finding.agent, []).append(finding.severity)
    assert len(per_agent) > 100
    assert all(severities.count("hint") <= 1 for severities in per_agent.values())
    assert not any(f.severity == "error" for f in findings)
