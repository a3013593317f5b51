"""`ralphy agents create` through click's CliRunner, against the scripted Messages API."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ralphy.agents.discovery import discover_agents
from ralphy.cli import cli
from ralphy.testing import FakeMessagesAPI, Request, authentication_error, tool_use

ANSWER = {
    "name": "api-builder",
    "description": "Use this agent to build HTTP endpoints.\n<example>\nContext: a route is missing.\n"
                   "user: \"Add /health\"\nassistant: \"I'll use api-builder.\"\n</example>",
    "tools": ["Read", "Edit", "Write", "Bash"],
    "model": "sonnet",
    "system_prompt": "You are an API engineer. Write the endpoint, its tests, and run them.",
    "notForTasks": ["Design the database"],
}


def run(api: FakeMessagesAPI, *args: str):
    env = {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_AUTH_TOKEN": None}
    return CliRunner().invoke(cli, ["agents", "create", *args], env=env, catch_exceptions=False)


def answer(request: Request):
    return tool_use("submit_agent", ANSWER)


def test_create_writes_the_agent_and_says_where(project: Path) -> None:
    with FakeMessagesAPI(answer) as api:
        result = run(api, "builds FastAPI endpoints", str(project))
    target = project / ".claude" / "agents" / "generated" / "api-builder.md"
    assert result.exit_code == 0, result.output
    assert result.stdout == (f"Created agent api-builder at {target} (tools: Read, Edit, Write, Bash; "
                             "model: sonnet; 1 attempt(s))\n")
    assert discover_agents(project).by_name("api-builder") is not None


def test_create_json_with_overrides(project: Path) -> None:
    with FakeMessagesAPI(answer) as api:
        result = run(api, "builds FastAPI endpoints", str(project), "--name", "endpoint-writer",
                     "--tools", "Read, Edit, Bash(pytest *)", "--model", "opus", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    target = project / ".claude" / "agents" / "generated" / "endpoint-writer.md"
    assert (data["path"], data["written"], data["attempts"]) == (str(target), True, 1)
    assert data["agent"]["tools"] == ["Read", "Edit", "Bash(pytest *)"] and data["agent"]["model"] == "opus"
    assert target.read_text(encoding="utf-8") == data["markdown"]
    found = discover_agents(project).by_name("endpoint-writer")
    assert found is not None and found.tools == ("Read", "Edit", "Bash(pytest *)")


def test_dry_run_prints_the_file_and_writes_nothing(project: Path) -> None:
    with FakeMessagesAPI(answer) as api:
        result = run(api, "builds FastAPI endpoints", str(project), "--dry-run")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith('---\nname: "api-builder"\n')
    assert result.stdout.endswith("---\n\nYou are an API engineer. Write the endpoint, its tests, and run them.\n")
    assert '"notForTasks"' not in result.stdout and 'notForTasks: ["Design the database"]' in result.stdout
    assert "would write" in result.stderr and "api-builder.md" in result.stderr
    assert not (project / ".claude").exists()


def test_401_is_one_line_and_exit_1(project: Path) -> None:
    with FakeMessagesAPI(lambda request: authentication_error()) as api:
        result = run(api, "builds FastAPI endpoints", str(project))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == ("ralphy: error: the Messages API refused the credentials (401): invalid x-api-key; "
                             "check ANTHROPIC_API_KEY\n")


def test_a_bad_tools_override_is_refused_without_asking(project: Path) -> None:
    with FakeMessagesAPI(answer) as api:
        result = run(api, "a security auditor", str(project), "--tools", "Read,Write")
        assert api.requests == []
    assert result.exit_code == 1
    assert result.stderr.startswith("ralphy: error: cannot create the agent: tools: 'Write' is not allowed")
    assert result.stderr.count("\n") == 1


def test_an_existing_agent_is_refused_and_kept(project: Path) -> None:
    mine = project / ".claude" / "agents" / "api.md"
    mine.parent.mkdir(parents=True)
    mine.write_text("---\nname: api-builder\ndescription: Mine.\n---\nMine.\n", encoding="utf-8")
    with FakeMessagesAPI(answer) as api:
        result = run(api, "builds endpoints", str(project), "--name", "api-builder")
    assert result.exit_code == 1
    assert f"an agent 'api-builder' already exists ({mine})" in result.stderr
    assert mine.read_text(encoding="utf-8") == "---\nname: api-builder\ndescription: Mine.\n---\nMine.\n"
