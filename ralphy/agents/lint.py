"""Lint discovered agents: problems the CLI tolerates but that hurt a dev loop.

Severity ``error`` means the agent does not work as written (a tool it will not get, a name newer CLIs
reject); ``warning`` means it works but routing or the prompt suffers. ``ralphy agents check`` exits 1 on
any skipped file or lint error, 0 when there are only warnings.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ralphy.agents.discovery import Discovery
from ralphy.agents.formatting import condense_description
from ralphy.agents.spec import AgentSpec

# Tool names of Claude Code 2.1.197: the init event's `tools` (tests/data/transcripts) plus the tools its
# bundle defines that are enabled only in some sessions. "Task" is the old name of "Agent".
CLAUDE_CODE_TOOLS = frozenset({
    "Agent", "AskUserQuestion", "Bash", "CronCreate", "CronDelete", "CronList", "Edit", "EnterPlanMode",
    "EnterWorktree", "ExitPlanMode", "ExitWorktree", "Glob", "Grep", "ListMcpResourcesTool", "LSP", "Monitor",
    "NotebookEdit", "Read", "ReadMcpResourceTool", "ReportFindings", "ScheduleWakeup", "SendMessage", "Skill",
    "Task", "TaskCreate", "TaskGet", "TaskList", "TaskOutput", "TaskStop", "TaskUpdate", "TodoWrite",
    "ToolSearch", "WebFetch", "WebSearch", "Workflow", "Write",
})
NAME_CONVENTION = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
MAX_DESCRIPTION_CHARS = 1000  # condensed, examples dropped: longer crowds every agent out of the prompt
_SPECIFIER = re.compile(r"^([A-Za-z_][\w]*)\((.*)\)$", re.S)


@dataclass(frozen=True)
class Finding:
    """One lint finding about an agent file."""

    path: Path
    agent: str
    severity: str  # error | warning
    code: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "path": str(self.path)}


def lint(discovery: Discovery) -> list[Finding]:
    """Findings for every winning agent plus one per name clash, sorted by path then code."""
    findings = [finding for spec in discovery.agents for finding in lint_agent(spec)]
    for clash in discovery.clashes:
        losers = ", ".join(str(path) for path in clash.losers)
        findings.append(Finding(clash.winner, clash.name, "warning", "name-clash",
                                f"{len(clash.losers) + 1} files in one folder define {clash.name!r}; "
                                f"the CLI uses {clash.winner} and ignores {losers}"))
    return sorted(findings, key=lambda f: (str(f.path), f.code, f.message))


def lint_agent(spec: AgentSpec) -> list[Finding]:
    """Findings for one agent."""
    findings = []

    def add(severity: str, code: str, message: str) -> None:
        findings.append(Finding(spec.path, spec.name, severity, code, message))

    for tool in _unknown_tools(spec.tools + spec.disallowed_tools):
        add("error", "unknown-tool", f"{tool!r} is not a Claude Code 2.1.197 tool (nor mcp__…); it is ignored")
    if spec.scope != "plugin":
        _check_name(spec.name, add)
    length = len(condense_description(spec.description, max_chars=10**9))
    if length > MAX_DESCRIPTION_CHARS:
        add("warning", "long-description",
            f"description is {length:,} characters without examples (limit {MAX_DESCRIPTION_CHARS:,})")
    if "<example" not in spec.description.lower() and "exampleTasks" not in spec.metadata:
        add("warning", "no-examples", "no <example> blocks or exampleTasks: routing has little to match on")
    if "notForTasks" not in spec.metadata:
        add("warning", "no-not-for-tasks", "no notForTasks: routing cannot tell what this agent should not do")
    return findings


def _check_name(name: str, add: Any) -> None:
    if ":" in name:
        add("error", "name-colon", f"name {name!r} contains ':', which newer Claude CLIs reject (plugin syntax)")
    elif not NAME_CONVENTION.match(name):
        add("warning", "name-convention", f"name {name!r} is not lowercase letters, digits and hyphens")


def _unknown_tools(tools: tuple[str, ...]) -> list[str]:
    unknown = []
    for tool in tools:
        match = _SPECIFIER.match(tool)
        base = match.group(1) if match else tool
        if base != "*" and base not in CLAUDE_CODE_TOOLS and not base.startswith("mcp__"):
            unknown.append(tool)
    return unknown
