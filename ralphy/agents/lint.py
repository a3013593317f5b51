"""Lint discovered agents: problems the CLI tolerates but that hurt a dev loop.

Severity ``error`` means the agent cannot be loaded or delegated to as written (a name newer CLIs reject);
``warning`` means it works but not as written (a tool the CLI in use does not have is
ignored) or the prompt suffers; ``hint`` is about ralphy's own optional routing keys (``exampleTasks``,
``notForTasks``), which no agent written for Claude Code alone has. ``ralphy agents check`` exits 1 on any
skipped file or lint error, 0 when there are only warnings and hints.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ralphy.agents.discovery import Discovery
from ralphy.agents.formatting import condense_description
from ralphy.agents.spec import AgentSpec
from ralphy.claude.tools import TOOLS_2_1_197

# Tool names of Claude Code 2.1.197 (ralphy.claude.tools, which has each version's): the init event's `tools`
# (tests/data/transcripts) plus the tools its bundle defines that are enabled only in some sessions. "Task" is
# the old name of "Agent".
CLAUDE_CODE_TOOLS = TOOLS_2_1_197
# Tools earlier Claude CLIs had (agent files written for them still list these); the CLI in use ignores them.
FORMER_TOOLS = frozenset({"LS", "MultiEdit", "NotebookRead", "BashOutput", "KillShell", "SlashCommand"})
NAME_CONVENTION = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
MAX_DESCRIPTION_CHARS = 1000  # condensed, examples dropped: longer crowds every agent out of the prompt
_SPECIFIER = re.compile(r"^([A-Za-z_][\w]*)\((.*)\)$", re.S)


@dataclass(frozen=True)
class Finding:
    """One lint finding about an agent file."""

    path: Path
    agent: str
    severity: str  # error | warning | hint
    code: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "path": str(self.path)}


def lint(
    discovery: Discovery, *, known_tools: Iterable[str] | None = None, cli_version: str | None = None
) -> list[Finding]:
    """Findings for every winning agent plus one per name clash, sorted by path then code.

    ``known_tools`` are the tool names of the CLI in use (``cli_version`` names it in the messages); by default
    those of Claude Code 2.1.197, the pinned CLI.
    """
    tools = frozenset(known_tools) if known_tools is not None else CLAUDE_CODE_TOOLS
    findings = [finding for spec in discovery.agents for finding in lint_agent(spec, tools, cli_version)]
    for clash in discovery.clashes:
        losers = ", ".join(str(path) for path in clash.losers)
        findings.append(Finding(clash.winner, clash.name, "warning", "name-clash",
                                f"{len(clash.losers) + 1} files in one folder define {clash.name!r}; "
                                f"the CLI uses {clash.winner} and ignores {losers}"))
    findings += _look_alike_findings(discovery.agents)
    return sorted(findings, key=lambda f: (str(f.path), f.code, f.message))


# The CLIs' built-in agents (2.0.0 to 2.1.330, each version has some of them): a project agent of exactly such a
# name replaces the built-in; one that only looks like it does not.
BUILT_IN_AGENTS = ("general-purpose", "Explore", "Plan", "statusline-setup", "output-style-setup", "claude")


def _look_alike_findings(agents: Iterable[AgentSpec]) -> list[Finding]:
    """A warning for a name holding invisible characters, and for each name a person cannot tell from another
    agent's or a built-in's (ralphy.agents.names): the CLI keeps them apart, the user and Claude may not."""
    from ralphy.agents.names import cli_match_key, how_they_differ, invisible_characters, look_alike_key

    findings = []
    first: dict[str, tuple[str, Path | None]] = {}  # look_alike_key -> the built-in, else the first agent, of it
    for name in BUILT_IN_AGENTS:
        first.setdefault(look_alike_key(name), (name, None))
    for spec in agents:
        hidden = invisible_characters(spec.name)
        if hidden:
            findings.append(Finding(spec.path, spec.name, "warning", "name-invisible",
                                    f"name {spec.name!r} holds {', '.join(hidden)}, which a terminal does not show "
                                    "(ralphy shows an escape): Claude must write it exactly to reach this agent"))
        other, path = first.setdefault(look_alike_key(spec.name), (spec.name, spec.path))
        if other != spec.name:  # the same name: itself, a clash (above) or a built-in replaced, as the CLI does
            differ = how_they_differ(spec.name, other)
            if path is None:
                what = (f"looks like Claude Code's built-in agent {other!r} ({differ}) but does not replace it "
                        f"(only the exact name does): a call naming {other!r} runs the built-in")
            else:
                what = f"looks like {other!r} ({path}; {differ}), another agent to Claude Code"
            if cli_match_key(spec.name) == cli_match_key(other):
                what += ", and a call naming neither exactly reaches neither (CLI 2.1.197 and later: 'ambiguous')"
            else:
                what += ": a call naming one never reaches the other"
            findings.append(Finding(spec.path, spec.name, "warning", "look-alike-name",
                                    f"name {spec.name!r} {what}; rename one"))
    return findings


def lint_agent(
    spec: AgentSpec, known_tools: frozenset[str] = CLAUDE_CODE_TOOLS, cli_version: str | None = None
) -> list[Finding]:
    """Findings for one agent (``known_tools``: the tool names of the CLI in use)."""
    findings = []

    def add(severity: str, code: str, message: str) -> None:
        findings.append(Finding(spec.path, spec.name, severity, code, message))

    cli = f"Claude Code {cli_version or '2.1.197'}"
    unknown = _unknown_tools(spec.tools, known_tools)
    for tool in unknown + _unknown_tools(spec.disallowed_tools, known_tools):
        former = " (a tool of earlier CLIs)" if _base(tool) in FORMER_TOOLS else ""
        add("warning", "unknown-tool", f"{tool!r} is not a tool of {cli}{former}, nor mcp__…; the CLI ignores it")
    if spec.tools and spec.tools != ("*",) and len(unknown) == len(spec.tools):
        add("warning", "no-usable-tools", f"none of its tools exists in {cli}: the agent is left with no tools")
    if spec.scope != "plugin":
        _check_name(spec.name, add)
    length = len(condense_description(spec.description, max_chars=10**9))
    if length > MAX_DESCRIPTION_CHARS:
        add("warning", "long-description",
            f"description is {length:,} characters without examples (limit {MAX_DESCRIPTION_CHARS:,})")
    missing = [key for key, present in (
        ("exampleTasks", "<example" in spec.description.lower() or "exampleTasks" in spec.metadata),
        ("notForTasks", "notForTasks" in spec.metadata)) if not present]
    if missing:
        add("hint", "routing-hints", f"optional ralphy key(s) {' and '.join(missing)} would sharpen "
            "`ralphy agents recommend` (what this agent is / is not for)")
    return findings


def _check_name(name: str, add: Any) -> None:
    if ":" in name:
        add("error", "name-colon", f"name {name!r} contains ':', which newer Claude CLIs reject (plugin syntax)")
    elif not NAME_CONVENTION.fullmatch(name):
        add("warning", "name-convention", f"name {name!r} is not lowercase letters, digits and hyphens")


def _base(tool: str) -> str:
    """``Bash(git *)`` -> ``Bash``."""
    match = _SPECIFIER.match(tool)
    return match.group(1) if match else tool


def _unknown_tools(tools: tuple[str, ...], known_tools: frozenset[str] = CLAUDE_CODE_TOOLS) -> list[str]:
    return [tool for tool in tools
            if (base := _base(tool)) != "*" and base not in known_tools and not base.startswith("mcp__")]
