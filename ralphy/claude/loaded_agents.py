"""The agents the running CLI really loaded (``initialize``) against the ones ralphy's discovery found.

The prompt must name exactly the agents the CLI can delegate to: one the CLI did not load makes the
delegation fail ("Agent type 'x' not found"); one the CLI loaded but the prompt omits is never used.
``reconcile`` keeps ralphy's discovered agents (its richer record: path, tools, body) that the CLI loaded,
with the CLI's own description, drops the ones it did not load, and adds the ones the CLI loaded that
ralphy's discovery skipped (e.g. a file starting with a byte-order mark on CLIs from ~2.1.250). Every
difference is a line in ``differences``, for the user to see once.

The CLI's list also holds its built-in agents; they are never in the prompt (the CLI describes them to the
model itself).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable, Sequence

from ralphy.agents.spec import AgentSpec

# The CLI's own agents (2.0.0 .. 2.1.330): listed by `initialize` and `init.agents` in every project.
BUILTIN_AGENTS = frozenset({"general-purpose", "Explore", "Plan", "statusline-setup", "output-style-setup", "claude"})


@dataclass(frozen=True)
class Reconciled:
    agents: list[AgentSpec]  # what the prompt may name, in ralphy's order, then the CLI-only ones
    differences: list[str]  # one line each: what differs and what ralphy did about it


def reconcile(
    discovered: Sequence[AgentSpec],
    cli_agents: Sequence[dict[str, Any]],
    *,
    known_elsewhere: Iterable[str] = (),
) -> Reconciled:
    """``discovered`` (ralphy's discovery, in the configured scopes) against ``cli_agents`` (``initialize``'s
    ``agents``). ``known_elsewhere``: names ralphy found in scopes the config leaves out of the prompt (a
    user-scope agent is not a difference when ``agent_scopes`` is ``["project"]``)."""
    loaded = {agent["name"]: agent for agent in cli_agents}
    elsewhere = set(known_elsewhere)
    agents: list[AgentSpec] = []
    differences: list[str] = []
    for spec in discovered:
        cli = loaded.get(spec.name)
        if cli is None:
            differences.append(f"agent {spec.name!r} ({spec.path}) was found by ralphy but not loaded by the "
                               "running Claude CLI; it is left out of the prompt")
            continue
        description = cli.get("description") or spec.description
        agents.append(spec if description == spec.description else replace(spec, description=description))
    names = {spec.name for spec in discovered}
    for name, cli in loaded.items():
        if name in names or name in BUILTIN_AGENTS or name in elsewhere:
            continue
        differences.append(f"agent {name!r} was loaded by the running Claude CLI but skipped by ralphy's "
                           "discovery; it is added to the prompt as the CLI describes it")
        agents.append(AgentSpec(name=name, description=cli.get("description") or "", path=Path("<claude cli>"),
                                scope="cli", model=cli.get("model")))
    return Reconciled(agents, differences)
