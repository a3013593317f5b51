"""What a drafted agent must be: the rules `ralphy agents create` checks a model's answer (and the user's
--name/--tools/--model) against, one line per problem. docs/agents-create.md explains them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ralphy.agents.formatting import condense_description
from ralphy.agents.lint import BUILT_IN_AGENTS, CLAUDE_CODE_TOOLS, MAX_DESCRIPTION_CHARS, NAME_CONVENTION

MODEL_ALIASES = ("sonnet", "opus", "haiku", "inherit")
WRITE_TOOLS = ("Write", "Edit", "NotebookEdit")
SHELL_TOOLS = ("Bash",)

NAME_MIN, NAME_MAX = 3, 50
FULL_MODEL_RE = re.compile(r"^claude-[a-z0-9]+(?:[.-][a-z0-9]+)*$")
MCP_TOOL_RE = re.compile(r"^mcp__[A-Za-z0-9_-]+(?:__[A-Za-z0-9_.-]+)?$")
TOOL_PATTERN_RE = re.compile(r"^([A-Za-z]+)(?:\((.+)\))?$")
EXAMPLE_RE = re.compile(r"<example>.*?</example>", re.S)
DESCRIPTION_MAX = 5000
PROMPT_MIN = 20

_READ_ONLY_RE = re.compile(
    r"\bread[- ]only\b|\breview(?:s|er|ers|ing)?\b|\baudit(?:s|or|ors|ing)?\b|\banaly(?:st|sts|sis|ses|ze|zes|zing|se)\b"
    r"|\binspect(?:s|or|ors|ion|ing)?\b"
)
_EXPLICIT_READ_ONLY_RE = re.compile(r"\bread[- ]only\b")
_PLANNER_RE = re.compile(r"\bplan(?:s|ner|ners|ning)?\b")
_WRITE_INTENT = frozenset(
    "implement implements implementing write writes writing fix fixes fixing edit edits editing modify modifies "
    "modifying refactor refactors refactoring create creates creating generate generates generating build builds "
    "building apply applies applying update updates updating migrate migrates migrating patch patches patching "
    "change changes changing".split()
)
_NEGATIONS = frozenset("not never no without don't doesn't won't cannot can't nor".split())


@dataclass(frozen=True)
class AgentDraft:
    """The fields of an agent as the model (and the user's overrides) give them."""

    name: str
    description: str
    tools: tuple[str, ...]
    model: str
    prompt: str
    example_tasks: tuple[str, ...] = ()
    not_for_tasks: tuple[str, ...] = ()


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower().replace("-", " "))


def _has_write_intent(text: str) -> bool:
    """True when ``text`` asks the agent to change things ("fix", "implement"...), negations ("never edits") aside."""
    words = _words(text)
    return any(
        word in _WRITE_INTENT and not _NEGATIONS.intersection(words[max(0, i - 3) : i])
        for i, word in enumerate(words)
    )


def forbidden_tools(request: str, name: str = "") -> dict[str, str]:
    """Tools the agent must not get for what ``request`` (and its ``name``) asks: tool -> the reason.

    A read-only, review, audit, analysis or inspection agent gets neither file-writing tools nor Bash; an
    agent that only plans gets no file-writing tools. A request that also asks the agent to change things
    ("fix", "implement", "write"...) lifts the role rule, except an explicit "read-only".
    """
    text = f"{request} {name.replace('-', ' ')}".lower()
    explicit = bool(_EXPLICIT_READ_ONLY_RE.search(text))
    if explicit or (_READ_ONLY_RE.search(text) and not _has_write_intent(text)):
        reason = "a read-only/review/audit/analysis agent must not change files or run commands"
        return dict.fromkeys(WRITE_TOOLS + SHELL_TOOLS, reason)
    if _PLANNER_RE.search(text) and not _has_write_intent(text):
        return dict.fromkeys(WRITE_TOOLS, "an agent that only plans must not write files")
    return {}


def _tool_base(tool: str) -> str | None:
    """``Bash(git *)`` -> ``Bash``; an MCP tool -> itself; None when the shape is wrong."""
    if MCP_TOOL_RE.fullmatch(tool):
        return tool
    match = TOOL_PATTERN_RE.fullmatch(tool)
    return match.group(1) if match else None


def tool_problems(tools: Sequence[str], known_tools: Iterable[str] = CLAUDE_CODE_TOOLS) -> list[str]:
    """What is wrong with a tools list: empty, ``*`` (all tools) or names the Claude CLI does not know."""
    if not tools:
        return ["tools: give an explicit, non-empty list (least privilege)"]
    known = set(known_tools)
    problems = []
    for tool in tools:
        base = _tool_base(tool)
        if tool == "*":
            problems.append("tools: '*' (all tools) is not allowed; list only the tools the agent needs")
        elif base is None or not (base in known or base.startswith("mcp__")):
            problems.append(f"tools: unknown tool {tool!r} (known: {', '.join(sorted(known))}, or mcp__server__tool)")
    return problems


def name_problems(name: str) -> list[str]:
    """What is wrong with an agent name: ralphy's convention is lowercase letters, digits and hyphens."""
    if not NAME_CONVENTION.fullmatch(name) or not NAME_MIN <= len(name) <= NAME_MAX:
        return [
            f"name: {name!r} must be {NAME_MIN}-{NAME_MAX} lowercase letters, digits and single hyphens "
            "(no ':'), starting with a letter and not ending with a hyphen"
        ]
    if _match_key(name) in {_match_key(b) for b in BUILT_IN_AGENTS}:
        return [f"name: {name!r} would shadow Claude Code's built-in agent; choose another"]
    return []


def model_problems(model: str) -> list[str]:
    """What is wrong with a model value: sonnet, opus, haiku, inherit or a full ``claude-...`` id."""
    if model in MODEL_ALIASES or FULL_MODEL_RE.fullmatch(model):
        return []
    return [f"model: {model!r} must be one of {', '.join(MODEL_ALIASES)} or a full model id like claude-sonnet-4-5"]


def _match_key(name: str) -> str:
    """How the CLI matches ``subagent_type`` when no name is exact (``ralphy.agents.names.cli_match_key``)."""
    from ralphy.agents.names import cli_match_key

    return cli_match_key(name)


def _clash_problems(name: str, taken: Mapping[str, Path]) -> list[str]:
    return [f"name: an agent {name!r} already exists ({path}); choose another name"
            for other, path in taken.items() if _match_key(other) == _match_key(name)]


def _privilege_problems(tools: Sequence[str], request: str, name: str) -> list[str]:
    forbidden = forbidden_tools(request, name)
    return [f"tools: {tool!r} is not allowed: {forbidden[base]}" for tool in tools
            if (base := _tool_base(tool)) in forbidden]


def draft_problems(draft: AgentDraft, request: str, taken: Mapping[str, Path]) -> list[str]:
    """Every rule ``draft`` breaks, one line each; ``taken`` maps existing agent names to their files."""
    problems = name_problems(draft.name) + _clash_problems(draft.name, taken)
    problems += _description_problems(draft.description)
    problems += tool_problems(draft.tools) + _privilege_problems(draft.tools, request, draft.name)
    problems += model_problems(draft.model)
    if len(draft.prompt.strip()) < PROMPT_MIN:
        problems.append(f"system_prompt: must be at least {PROMPT_MIN} characters")
    return problems


def _description_problems(description: str) -> list[str]:
    if not description.strip():
        return ["description: must not be empty"]
    problems = []
    examples = len(EXAMPLE_RE.findall(description))
    if not 1 <= examples <= 3 or description.count("<example>") != examples:
        problems.append(f"description: needs 1-3 complete <example>...</example> blocks (found {examples})")
    if len(description) > DESCRIPTION_MAX:
        problems.append(f"description: {len(description)} characters is too long (at most {DESCRIPTION_MAX})")
    prose = len(condense_description(description, max_chars=DESCRIPTION_MAX))
    if prose > MAX_DESCRIPTION_CHARS:
        problems.append(f"description: {prose} characters outside the examples; keep it under {MAX_DESCRIPTION_CHARS}")
    return problems


def _override_problems(request: str, name: str | None, tools: Sequence[str] | None, model: str | None,
                       taken: Mapping[str, Path]) -> list[str]:
    """Problems with the user's own --name/--tools/--model: no model answer can fix these."""
    problems = [] if request.strip() else ["the agent description is empty"]
    if name is not None:
        problems += name_problems(name) + _clash_problems(name, taken)
    if tools is not None:
        problems += tool_problems(tools) + _privilege_problems(tools, request, name or "")
    if model is not None:
        problems += model_problems(model)
    return problems
