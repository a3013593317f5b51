"""capability_map over real agent files: `*` and absent tools expand to the CLI's tool list."""

from __future__ import annotations

from pathlib import Path

from ralphy.agents.capabilities import ALL_TOOLS, agent_tools, capability_map
from ralphy.agents.discovery import load_agent_file
from ralphy.agents.lint import CLAUDE_CODE_TOOLS
from ralphy.agents.spec import AgentSpec
from tests.conftest import CORPUS


def load(relative: str) -> AgentSpec:
    spec = load_agent_file(CORPUS / relative)
    assert isinstance(spec, AgentSpec)
    return spec


def spec(name: str, tools: tuple[str, ...], disallowed: tuple[str, ...] = ()) -> AgentSpec:
    return AgentSpec(name=name, description="d", path=Path(f"/a/{name}.md"), tools=tools, disallowed_tools=disallowed)


def test_all_tools_is_the_cli_tool_list_with_task_as_agent() -> None:
    assert "Task" not in ALL_TOOLS and "Agent" in ALL_TOOLS
    assert set(ALL_TOOLS) == (set(CLAUDE_CODE_TOOLS) - {"Task"}) | {"Agent"}


def test_real_files_with_and_without_tools() -> None:
    listed = load("vijaythecoder--awesome-claude-agents/agents/core/documentation-specialist.md")  # LS, Read, ...
    absent = load("0xfurai--claude-code-subagents/agents/postgres-expert.md")  # no tools key
    assert listed.tools == ("LS", "Read", "Grep", "Glob", "Bash", "Write")
    result = capability_map([absent, listed])
    assert result["capabilitiesByAgent"]["documentation-specialist"] == ["Bash", "Glob", "Grep", "Read", "Write"]
    assert result["capabilitiesByAgent"]["postgres-expert"] == list(ALL_TOOLS)
    assert result["agentsByCapability"]["Write"] == ["documentation-specialist", "postgres-expert"]
    assert result["agentsByCapability"]["WebSearch"] == ["postgres-expert"]
    assert result["capabilities"] == sorted(result["agentsByCapability"])
    assert "LS" not in result["capabilities"]  # not a tool of the pinned CLI


def test_restricted_denied_aliased_and_mcp_tools() -> None:
    agent = spec("git-helper", ("Bash(git *)", "Read", "Task", "mcp__github__create_issue", "Edit"), ("Edit",))
    assert agent_tools(agent) == ["Agent", "Bash", "Read", "mcp__github__create_issue"]
    everything_but_bash = spec("reader", ("*",), ("Bash",))
    assert "Bash" not in agent_tools(everything_but_bash) and "Read" in agent_tools(everything_but_bash)
    assert agent_tools(spec("nothing", ())) == []


def test_empty_set() -> None:
    assert capability_map([]) == {"capabilities": [], "agentsByCapability": {}, "capabilitiesByAgent": {}}
