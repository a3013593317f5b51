"""What ``ralphy mcp`` looks at to notice changed agent files stays within its budget, however big a folder is."""
from __future__ import annotations

from ralphy import mcp_watch


def test_the_walk_lists_no_more_entries_than_its_budget(tmp_path, monkeypatch) -> None:
    for i in range(50):
        (tmp_path / f"agent-{i}.md").write_text("---\nname: a\n---\n", encoding="utf-8")
    monkeypatch.setattr(mcp_watch, "MAX_WALK_ENTRIES", 7)
    entries: list = []
    mcp_watch._walk(str(tmp_path), entries)
    assert len(entries) == 1 + 7  # the folder and the 7 files its budget allows, not the 50 it holds
    monkeypatch.setattr(mcp_watch, "MAX_WALK_ENTRIES", 100)
    entries = []
    mcp_watch._walk(str(tmp_path), entries)
    assert len(entries) == 1 + 50


def _stand_in_cli(directory, version: str):
    directory.mkdir(parents=True, exist_ok=True)
    script = directory / "claude"
    script.write_text(f"#!/bin/sh\nif [ \"$1\" = --version ]; then echo '{version} (Claude Code)'; exit 0; fi\nexit 1\n")
    script.chmod(0o755)
    return script


def _agent(path, name: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\nname: {name}\ndescription: Use for {name} work.\n---\nDo {name} work.\n", encoding="utf-8")


def _names(tools) -> list[str]:
    return sorted(tools.agent_capabilities()["capabilitiesByAgent"])


def _cli_names(project) -> list[str]:
    import json

    from click.testing import CliRunner

    from ralphy.cli import cli

    listed = CliRunner().invoke(cli, ["agents", "list", str(project), "--json"])
    assert listed.exit_code == 0, listed.output
    return sorted(agent["name"] for agent in json.loads(listed.stdout))


def test_the_server_follows_an_ignore_file_change_as_the_cli_would(tmp_path, monkeypatch) -> None:
    # was: the server read the agents as the newest CLI does whatever CLI ran, and watched no ignore file: with a
    # 2.0.x CLI (ripgrep lists the agent files, skipping ignored folders) `ralphy agents list` left out a folder a
    # .gitignore named and the server still offered its agents, before and after the change
    from ralphy.mcp_server import ProjectTools
    from ralphy.testing import init_git_project

    project = init_git_project(tmp_path / "project")
    _agent(project / ".claude" / "agents" / "reviewer.md", "reviewer")
    _agent(project / ".claude" / "agents" / "drafts" / "drafter.md", "drafter")
    _agent(project / ".claude" / "agents" / "team" / "nested" / "tester.md", "tester")
    monkeypatch.setenv("RALPHY_CLAUDE_BIN", str(_stand_in_cli(tmp_path / "bin", "2.0.0")))
    tools = ProjectTools(project)
    assert _names(tools) == _cli_names(project) == ["drafter", "reviewer", "tester"]
    (project / ".gitignore").write_text(".claude/agents/drafts/\n")
    assert _names(tools) == _cli_names(project) == ["reviewer", "tester"]
    (project / ".claude" / "agents" / "team" / ".gitignore").write_text("nested/\n")  # one inside the agent folder
    assert _names(tools) == _cli_names(project) == ["reviewer"]
    (project / ".gitignore").unlink()
    (project / ".claude" / "agents" / "team" / ".gitignore").unlink()
    (project / ".git" / "info").mkdir(exist_ok=True)
    (project / ".git" / "info" / "exclude").write_text("drafts\n")
    assert _names(tools) == _cli_names(project) == ["reviewer", "tester"]
    (project / ".git" / "info" / "exclude").write_text("")
    assert _names(tools) == _cli_names(project) == ["drafter", "reviewer", "tester"]


def test_a_newer_cli_reads_ignored_folders_and_so_does_the_server(tmp_path, monkeypatch) -> None:
    from ralphy.mcp_server import ProjectTools
    from ralphy.testing import init_git_project

    project = init_git_project(tmp_path / "project")
    _agent(project / ".claude" / "agents" / "drafts" / "drafter.md", "drafter")
    (project / ".gitignore").write_text(".claude/agents/drafts/\n")
    monkeypatch.setenv("RALPHY_CLAUDE_BIN", str(_stand_in_cli(tmp_path / "bin", "2.1.331")))
    assert _names(ProjectTools(project)) == _cli_names(project) == ["drafter"]


def test_recommend_and_capabilities_load_what_the_cli_and_the_server_load(tmp_path, monkeypatch) -> None:
    # was: `ralphy agents recommend` / `capabilities` discovered with the newest CLI's rules whatever CLI ran, so
    # under 2.0.x they offered an agent of a folder a .gitignore names, which `agents list`, the MCP server and the
    # CLI itself leave out
    import json

    from click.testing import CliRunner

    from ralphy.cli import cli
    from ralphy.mcp_server import ProjectTools
    from ralphy.testing import init_git_project

    project = init_git_project(tmp_path / "project")
    _agent(project / ".claude" / "agents" / "reviewer.md", "reviewer")
    _agent(project / ".claude" / "agents" / "drafts" / "drafter.md", "drafter")
    (project / ".gitignore").write_text(".claude/agents/drafts/\n")
    monkeypatch.setenv("RALPHY_CLAUDE_BIN", str(_stand_in_cli(tmp_path / "bin", "2.0.0")))
    runner = CliRunner()
    recommended = runner.invoke(cli, ["agents", "recommend", "Do the drafter work", str(project), "--json"])
    assert recommended.exit_code == 0, recommended.output
    said = json.loads(recommended.stdout)
    assert said["recommended"] is None and "drafter" not in recommended.stdout
    assert ProjectTools(project).agent_recommend("Do the drafter work")["recommended"] is None
    capabilities = runner.invoke(cli, ["agents", "capabilities", str(project)])
    assert capabilities.exit_code == 0, capabilities.output
    assert "reviewer" in capabilities.stdout and "drafter" not in capabilities.stdout
    assert _cli_names(project) == _names(ProjectTools(project)) == ["reviewer"]
