"""Claude Code subagents: discovery (as the CLI does it), one-line formatting, lint, and the dev agent.

Importing this package is light: the submodules load on first use of a name.
"""

from __future__ import annotations

from ralphy.lazy import lazy_names

__all__ = [
    "AgentClash",
    "AgentFile",
    "AgentProblem",
    "AgentSpec",
    "DevAgent",
    "Discovery",
    "Finding",
    "condense_description",
    "discover_agents",
    "format_agent",
    "format_agents",
    "lint",
    "load_agent_file",
    "parse_tools",
]

_LAZY = {
    "AgentClash": "ralphy.agents.discovery",
    "AgentFile": "ralphy.agents.discovery",
    "AgentProblem": "ralphy.agents.discovery",
    "Discovery": "ralphy.agents.discovery",
    "discover_agents": "ralphy.agents.discovery",
    "load_agent_file": "ralphy.agents.discovery",
    "parse_tools": "ralphy.agents.discovery",
    "AgentSpec": "ralphy.agents.spec",
    "DevAgent": "ralphy.agents.dev_agent",
    "Finding": "ralphy.agents.lint",
    "lint": "ralphy.agents.lint",
    "condense_description": "ralphy.agents.formatting",
    "format_agent": "ralphy.agents.formatting",
    "format_agents": "ralphy.agents.formatting",
}


__getattr__ = lazy_names(__name__, _LAZY, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
