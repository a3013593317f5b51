"""Lint's tool names against the REAL CLI in use: every tool the CLI's own init event lists is a tool lint knows
for that version, so an agent naming it gets no `unknown-tool` warning (1.0.128 has MultiEdit, which 2.0.0
dropped; lint said it was "not a tool of Claude Code 1.0.128")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from ralphy.agents.discovery import discover_agents
from ralphy.agents.lint import lint
from ralphy.claude.tools import known_tools
from ralphy.testing import FakeMessagesAPI, claude_env, init_git_project, text


@pytest.mark.e2e
def test_every_tool_of_the_cli_in_use_is_known_to_lint(tmp_path: Path, claude_bin: str, claude_version,
                                                        claude_home: Path) -> None:
    project = init_git_project(tmp_path / "project", commit=False)
    with FakeMessagesAPI(lambda request: text("ok")) as api:
        proc = subprocess.run([claude_bin, "-p", "--output-format", "stream-json", "--verbose"], input="hi",
                              cwd=project, env=claude_env(api.url, claude_home), text=True, capture_output=True,
                              timeout=120)
    init = next(event for event in map(json.loads, filter(None, proc.stdout.splitlines()))
                if event.get("type") == "system" and event.get("subtype") == "init")
    tools = sorted(tool for tool in init["tools"] if not tool.startswith("mcp__"))
    assert set(tools) <= known_tools(claude_version), set(tools) - known_tools(claude_version)
    (project / ".claude" / "agents").mkdir(parents=True)
    (project / ".claude" / "agents" / "all.md").write_text(
        f"---\nname: all\ndescription: Uses every tool.\ntools: {', '.join(tools)}\n---\nYou use them.\n",
        encoding="utf-8")
    findings = lint(discover_agents(project), known_tools=known_tools(claude_version), cli_version=str(claude_version))
    assert [f.message for f in findings if f.code in ("unknown-tool", "no-usable-tools")] == []
