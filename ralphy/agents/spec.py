"""The agent record: what ralphy knows about one Claude Code subagent."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ALL_TOOLS: tuple[str, ...] = ("*",)


@dataclass(frozen=True)
class AgentSpec:
    """One loaded subagent definition.

    ``name`` is the identity Claude uses (``subagent_type``): the frontmatter ``name``, prefixed
    ``plugin:`` / ``plugin:sub:`` for plugin agents. ``tools`` is normalised: ``("*",)`` means all tools
    (the field was absent or ``*``). ``description`` is the full text, with literal ``\\n`` turned into
    newlines; use ``ralphy.agents.formatting`` for the one-line form.
    """

    name: str
    description: str
    path: Path
    scope: str = "project"  # project | user | plugin
    tools: tuple[str, ...] = ALL_TOOLS
    disallowed_tools: tuple[str, ...] = ()
    model: str | None = None
    body: str = ""  # the system prompt (markdown after the frontmatter)
    metadata: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)  # every frontmatter key

    @property
    def has_all_tools(self) -> bool:
        return self.tools == ALL_TOOLS

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "tools": list(self.tools),
            "disallowed_tools": list(self.disallowed_tools),
            "model": self.model,
            "path": str(self.path),
            "scope": self.scope,
        }
