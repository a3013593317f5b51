"""Which agent can use which tool: the capability map of a set of agents.

An agent without ``tools`` (or with ``*``) gets every Claude Code tool, so ``*`` is expanded to the tool
list of the pinned CLI (``ralphy.agents.lint.CLAUDE_CODE_TOOLS``). A restricted entry such as
``Bash(git *)`` still grants the ``Bash`` capability; ``disallowedTools`` entries naming a whole tool take
it away. Tools the CLI does not know are left out (``ralphy agents check`` reports them); MCP tools
(``mcp__server__tool``) are kept as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ralphy.agents.lint import CLAUDE_CODE_TOOLS
from ralphy.agents.spec import AgentSpec

_ALIASES = {"Task": "Agent"}  # the delegation tool's old name
ALL_TOOLS: tuple[str, ...] = tuple(sorted({_ALIASES.get(tool, tool) for tool in CLAUDE_CODE_TOOLS}))
_BASE = re.compile(r"^\s*([A-Za-z_][\w-]*)")


def _base_tool(entry: str) -> str | None:
    """The tool an entry of ``tools`` names ("Bash(git *)" -> "Bash"), or None when the CLI has no such tool."""
    match = _BASE.match(entry)
    if not match:
        return None
    name = _ALIASES.get(match.group(1), match.group(1))
    return name if name in ALL_TOOLS or name.startswith("mcp__") else None


def agent_tools(agent: AgentSpec) -> list[str]:
    """The tools ``agent`` can use, sorted."""
    granted = set(ALL_TOOLS) if "*" in agent.tools else {tool for tool in map(_base_tool, agent.tools) if tool}
    denied = {_ALIASES.get(entry.strip(), entry.strip()) for entry in agent.disallowed_tools if "(" not in entry}
    return sorted(granted - denied)


def capability_map(agents: Iterable[AgentSpec]) -> dict[str, Any]:
    """``{capabilities, agentsByCapability: {tool: [agents]}, capabilitiesByAgent: {agent: [tools]}}``.

    Everything is sorted; ``capabilities`` lists the tools at least one agent has.
    """
    by_agent = {agent.name: agent_tools(agent) for agent in sorted(agents, key=lambda agent: agent.name)}
    by_tool: dict[str, list[str]] = {}
    for name, tools in by_agent.items():
        for tool in tools:
            by_tool.setdefault(tool, []).append(name)
    return {
        "capabilities": sorted(by_tool),
        "agentsByCapability": {tool: by_tool[tool] for tool in sorted(by_tool)},
        "capabilitiesByAgent": by_agent,
    }
