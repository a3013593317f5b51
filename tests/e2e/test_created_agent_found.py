"""An agent written by create_agent is loaded by the REAL Claude CLI, with the same name and description."""

from __future__ import annotations

from pathlib import Path

import anthropic
import pytest

from ralphy.agents.discovery import discover_agents
from ralphy.agents.factory import create_agent
from ralphy.testing import FakeMessagesAPI, init_git_project, tool_use
from tests.e2e.cli_oracle import cli_agents, comparable, custom_agents

DESCRIPTION = (
    'Use this agent when SQL migrations need checking: "locks", #indexes, {defaults}: a --- b.\n'
    "<example>\nContext: a migration adds a column.\nuser: \"Is this migration safe?\"\n"
    "assistant: \"I'll ask the migration-auditor agent.\"\n<commentary>Safety review.</commentary>\n</example>\n"
    "<example>\nContext: ünïcode — and 'quotes'.\nuser: \"Check 0042_users.sql\"\nassistant: \"On it.\"\n"
    "</example>"
)
ANSWER = {
    "name": "migration-auditor",
    "description": DESCRIPTION,
    "tools": ["Read", "Grep", "Glob"],
    "model": "haiku",
    "system_prompt": "You are a database migration auditor.\n\n---\n\nReport each risk with its line.",
}


@pytest.mark.e2e
def test_the_real_cli_lists_the_created_agent(tmp_path: Path, claude_bin: str, claude_home: Path) -> None:
    project = init_git_project(tmp_path / "project", commit=False)

    with FakeMessagesAPI(lambda request: tool_use("submit_agent", ANSWER)) as api:
        with anthropic.Anthropic(api_key="test-key", base_url=api.url, max_retries=0) as client:
            created = create_agent("audits SQL migrations, read-only", project, client=client)

    listed = custom_agents(cli_agents(claude_bin, project, claude_home, timeout=120))
    ours = {agent.name: agent.description for agent in discover_agents(project).agents}
    # before 2.1.100 the CLI gives names only (its init line): the descriptions are then compared by ralphy's
    # discovery alone, which must read the written text back exactly
    assert comparable({"migration-auditor": DESCRIPTION}, listed) == listed
    assert ours == {"migration-auditor": DESCRIPTION}
    assert created.path == project / ".claude" / "agents" / "generated" / "migration-auditor.md"
