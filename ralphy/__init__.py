"""ralphy: a dev loop for Claude Code.

The public API is what ``__all__`` names; everything else is private. Importing ralphy does no work:
no logging handlers, no files, no network, and nothing heavy (anthropic is imported only where used).
"""

from __future__ import annotations

from ralphy.lazy import lazy_names

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "AgentProblem",
    "AgentSpec",
    "Config",
    "DevAgent",
    "Discovery",
    "RalphyError",
    "Task",
    "TaskList",
    "discover_agents",
    "format_agents",
    "load_config",
    "load_tasks",
    "parse_tasks",
    "render_dev_prompt",
]

_LAZY = {
    "AgentProblem": "ralphy.agents.discovery",
    "AgentSpec": "ralphy.agents.spec",
    "Discovery": "ralphy.agents.discovery",
    "discover_agents": "ralphy.agents.discovery",
    "format_agents": "ralphy.agents.formatting",
    "DevAgent": "ralphy.agents.dev_agent",
    "Config": "ralphy.config",
    "load_config": "ralphy.config",
    "RalphyError": "ralphy.errors",
    "Task": "ralphy.tasks",
    "TaskList": "ralphy.tasks",
    "load_tasks": "ralphy.tasks",
    "parse_tasks": "ralphy.tasks",
    "render_dev_prompt": "ralphy.prompts",
}


__getattr__ = lazy_names(__name__, _LAZY, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
