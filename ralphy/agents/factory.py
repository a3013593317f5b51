"""Create a missing Claude Code subagent with the model's help (`ralphy agents create`, `--create-missing`).

The model is asked (through the anthropic SDK with ANTHROPIC_API_KEY, else through the logged-in Claude CLI:
``ralphy.agents.model_client``) with a forced ``submit_agent`` tool for a structured agent:
name, description (with ``<example>`` blocks), tools, model and system prompt. ralphy checks the answer
(name convention, known tools, least privilege for what the description asks, model value, no clash with an
agent the project already has: ``ralphy.agents.agent_rules``), asks once more with the problems when it is
wrong, and writes ``.claude/agents/generated/<name>.md`` without ever overwriting a file. docs/agents-create.md
explains the rules.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ralphy.agents.agent_rules import (  # the rules' public names stay importable from here
    NAME_MAX,
    NAME_MIN,
    AgentDraft,
    draft_problems,
    forbidden_tools,
    model_problems,
    name_problems,
    tool_problems,
    _match_key,
    _override_problems,
)
from ralphy.agents.discovery import discover_agents, parse_tools
from ralphy.agents.frontmatter import _parse_frontmatter
from ralphy.agents.lint import CLAUDE_CODE_TOOLS
from ralphy.agents.spec import AgentSpec
from ralphy.errors import AgentCreationError, AuthenticationError

logger = logging.getLogger(__name__)

DEFAULT_LLM_MODEL = "claude-sonnet-4-6"
GENERATED_DIR = Path(".claude") / "agents" / "generated"
SUBMIT_TOOL_NAME = "submit_agent"

@dataclass(frozen=True)
class CreatedAgent:
    """A created (or, with ``dry_run``, drafted) agent: where it goes, what it is, its file text."""

    path: Path
    spec: AgentSpec
    markdown: str
    attempts: int


# --- the model -----------------------------------------------------------------------------------------


def submit_tool_schema() -> dict[str, Any]:
    """The ``submit_agent`` tool the model must call."""
    string_list = {"type": "array", "items": {"type": "string"}}
    return {
        "name": SUBMIT_TOOL_NAME,
        "description": "Submit the Claude Code subagent definition.",
        "input_schema": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "lowercase-hyphenated identifier, e.g. code-reviewer"},
                "description": {"type": "string", "description": "when to use the agent, with 1-3 <example> blocks"},
                "tools": {**string_list, "description": "the fewest Claude Code tools the agent needs"},
                "model": {"type": "string", "description": "sonnet, opus, haiku or inherit"},
                "system_prompt": {"type": "string", "description": "the agent's system prompt (markdown)"},
                "exampleTasks": {**string_list, "description": "tasks this agent is for"},
                "notForTasks": {**string_list, "description": "tasks this agent is not for"},
            },
            "required": ["name", "description", "tools", "model", "system_prompt"],
        },
    }


def _system_prompt(taken: Iterable[str]) -> str:
    names = ", ".join(sorted(taken)) or "(none)"
    return f"""You design Claude Code subagents (files in .claude/agents/). Answer only by calling {SUBMIT_TOOL_NAME}.

Rules:
- name: {NAME_MIN}-{NAME_MAX} lowercase letters, digits and hyphens (e.g. api-test-writer). Not one of the \
existing agents: {names}.
- description: when Claude should delegate to this agent, starting "Use this agent when...", followed by 1 to 3 \
<example>...</example> blocks, each with a Context line, a user: line, an assistant: line and a \
<commentary>...</commentary> explaining why the agent fits.
- tools: the fewest tools the job needs, from: {", ".join(sorted(CLAUDE_CODE_TOOLS))} (or mcp__server__tool). Least \
privilege: a reviewer, auditor, analyst or read-only agent gets no Write, Edit, NotebookEdit or Bash; \
an agent that only plans gets no Write, Edit or NotebookEdit. Never '*'.
- model: sonnet (default), opus for hard reasoning, haiku for quick simple work, or inherit.
- system_prompt: second person ("You are..."), concrete: the agent's expertise, its step-by-step method, \
what it must not do, and what it reports back when done.
- exampleTasks / notForTasks: short task titles this agent should / should not get."""


def _request_text(description: str, name: str | None, tools: Sequence[str] | None, model: str | None) -> str:
    lines = [f"Create a Claude Code subagent for this need:\n\n{description.strip()}"]
    fixed = {"name": name, "tools": ", ".join(tools) if tools is not None else None, "model": model}
    lines += [f"The user has fixed its {key}: {value}" for key, value in fixed.items() if value is not None]
    return "\n\n".join(lines)


def _string_list(value: Any, key: str, problems: list[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        return parse_tools(value) if key == "tools" else (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(_clean(v).strip() for v in value if v.strip())
    problems.append(f"{key}: must be a list of strings")
    return ()


def _clean(text: str) -> str:
    """Text safe for YAML: newlines normalised, control and unpaired surrogate characters removed."""
    text = re.sub(r"\r\n?|[\u2028\u2029\x85]", "\n", text)
    return "".join(c for c in text if c in "\n\t" or unicodedata.category(c) not in ("Cc", "Cs"))


def _draft_from_input(data: Any) -> tuple[AgentDraft | None, list[str]]:
    """The draft in a ``submit_agent`` input, or the problems with its shape."""
    if not isinstance(data, dict):
        return None, [f"{SUBMIT_TOOL_NAME}: the input must be an object"]
    problems: list[str] = []
    strings = {}
    for key in ("name", "description", "model", "system_prompt"):
        value = data.get(key)
        if not isinstance(value, str):
            problems.append(f"{key}: required, must be a string")
        strings[key] = _clean(value).strip() if isinstance(value, str) else ""
    tools = _string_list(data.get("tools"), "tools", problems)
    examples = _string_list(data.get("exampleTasks", []), "exampleTasks", problems)
    not_for = _string_list(data.get("notForTasks", []), "notForTasks", problems)
    draft = AgentDraft(strings["name"], strings["description"], tools, strings["model"], strings["system_prompt"],
                       examples, not_for)
    return draft, problems


def _assistant_content(response: Any) -> list[dict[str, Any]]:
    blocks = []
    for block in response.content:
        if block.type == "tool_use":
            blocks.append({"type": "tool_use", "id": block.id, "name": block.name, "input": block.input})
        elif block.type == "text" and block.text:
            blocks.append({"type": "text", "text": block.text})
    return blocks


def _feedback(response: Any, problems: Sequence[str]) -> dict[str, Any]:
    """The user turn telling the model what was wrong with its answer."""
    text = ("The agent was rejected:\n" + "\n".join(f"- {p}" for p in problems)
            + f"\nCall {SUBMIT_TOOL_NAME} again with every problem fixed.")
    call = next((b for b in response.content if b.type == "tool_use"), None)
    if call is None:
        return {"role": "user", "content": text}
    return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id, "is_error": True,
                                         "content": text}]}


def _ask(client: Any, llm_model: str, system: str, messages: list[dict[str, Any]]) -> Any:
    """One Messages API call forcing ``submit_agent``; SDK errors become one-line ralphy errors."""
    import anthropic

    try:
        return client.messages.create(
            model=llm_model, max_tokens=8000, system=system, messages=messages,
            tools=[submit_tool_schema()], tool_choice={"type": "tool", "name": SUBMIT_TOOL_NAME},
        )
    except (anthropic.AuthenticationError, anthropic.PermissionDeniedError) as exc:
        raise AuthenticationError(
            f"the Messages API refused the credentials ({exc.status_code}): {_api_message(exc)}; "
            "check ANTHROPIC_API_KEY"
        ) from None
    except anthropic.APIStatusError as exc:
        raise AgentCreationError(f"the Messages API failed ({exc.status_code}): {_api_message(exc)}") from None
    except anthropic.APIConnectionError as exc:
        raise AgentCreationError(f"cannot reach the Messages API at {client.base_url}: {exc}") from None
    except anthropic.AnthropicError as exc:
        raise AgentCreationError(f"the Messages API call failed: {exc}") from None


def _api_message(exc: Any) -> str:
    body = exc.body if isinstance(exc.body, dict) else {}
    error = body.get("error") if isinstance(body.get("error"), dict) else {}
    return str(error.get("message") or exc.message)


def _default_client() -> Any:
    """``anthropic.Anthropic()`` from the environment when ANTHROPIC_API_KEY is set, else the logged-in Claude
    CLI (``ralphy.agents.model_client``)."""
    from ralphy.agents.model_client import default_client

    return default_client()


# --- the file --------------------------------------------------------------------------------------------


def _yaml_json(value: str | list[str]) -> str:
    """A YAML flow scalar or list (JSON is valid YAML; newlines become ``\\n`` escapes).

    The CLI ends the frontmatter at the first ``---`` anywhere, even inside a value, so every ``---`` is
    written with its last hyphen escaped (``--\\x2d``), which YAML reads back as ``---``.
    """
    return json.dumps(value, ensure_ascii=False).replace("---", "--\\x2d")


def _tools_value(tools: Sequence[str]) -> str:
    """``Read, Edit, Bash``: the comma list every CLI reads the same. 2.0.x reads frontmatter line by line, not
    as YAML, so a JSON list there was one string (``["Read"``, ``"Edit"``...), no tool it knows, and the drafted
    agent ran with no tools at all. The JSON list only when a name would not come back whole from that line on
    every version's parser."""
    plain = ", ".join(tools)
    for style in ("lines", "yaml-2.1.62", "yaml"):  # 2.0.x, 2.1.0-2.1.62, later (ralphy.agents.frontmatter)
        data, _, error = _parse_frontmatter(f"---\ntools: {plain}\n---\n", style)
        if error or parse_tools(data.get("tools")) != tuple(tools):
            return _yaml_json(list(tools))
    return plain


def render_agent_markdown(draft: AgentDraft, created_at: datetime) -> str:
    """The agent file: YAML frontmatter then the system prompt."""
    lines = [
        "---",
        f"name: {_yaml_json(draft.name)}",
        f"description: {_yaml_json(draft.description)}",
        f"tools: {_tools_value(draft.tools)}",
        f"model: {_yaml_json(draft.model)}",
        f"created_by: {_yaml_json('ralphy')}",
        f"created_at: {_yaml_json(created_at.astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ'))}",
    ]
    if draft.example_tasks:
        lines.append(f"exampleTasks: {_yaml_json(list(draft.example_tasks))}")
    if draft.not_for_tasks:
        lines.append(f"notForTasks: {_yaml_json(list(draft.not_for_tasks))}")
    return "\n".join(lines) + f"\n---\n\n{draft.prompt.strip()}\n"


def _spec(draft: AgentDraft, path: Path, created_at: str) -> AgentSpec:
    metadata: dict[str, Any] = {"name": draft.name, "description": draft.description, "tools": list(draft.tools),
                                "model": draft.model, "created_by": "ralphy", "created_at": created_at}
    if draft.example_tasks:
        metadata["exampleTasks"] = list(draft.example_tasks)
    if draft.not_for_tasks:
        metadata["notForTasks"] = list(draft.not_for_tasks)
    return AgentSpec(name=draft.name, description=draft.description, path=path, scope="project",
                     tools=draft.tools, model=draft.model, body=draft.prompt.strip(), metadata=metadata)


def _taken_names(project_dir: Path) -> dict[str, Path]:
    """Names of the agents the project already has (as the CLI sees them), with their files."""
    return {agent.name: agent.path for agent in discover_agents(project_dir).agents}


def write_agent(created: CreatedAgent, project_dir: Path) -> CreatedAgent:
    """Write a drafted agent's file atomically; never replaces an existing file or shadows an existing agent."""
    clash = next((path for other, path in _taken_names(project_dir).items()
                  if _match_key(other) == _match_key(created.spec.name)), None)
    if clash is not None:
        raise AgentCreationError(f"an agent {created.spec.name!r} already exists ({clash}); nothing written")
    target = created.path
    from ralphy import safefs
    from ralphy.errors import UnsafePathError

    try:  # .claude/agents/generated may be a link a repository ships: never write through it
        safefs.ensure_dir(target.parent, project_dir)
    except (UnsafePathError, ValueError) as exc:
        raise AgentCreationError(f"{exc}; nothing written") from None
    fd, temp = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(created.markdown)
            handle.flush()
            os.fsync(handle.fileno())
        _reserve(target)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    logger.info("wrote agent %s to %s", created.spec.name, target)
    return created


def _reserve(target: Path) -> None:
    """Create ``target`` empty with O_EXCL, so a file that appeared meanwhile is never replaced."""
    try:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644))
    except FileExistsError:
        raise AgentCreationError(f"{target} already exists; nothing written") from None


# --- the public entry points -----------------------------------------------------------------------------


def create_agent(
    description: str,
    project_dir: str | os.PathLike[str],
    *,
    name: str | None = None,
    tools: Sequence[str] | None = None,
    model: str | None = None,
    dry_run: bool = False,
    client: Any = None,
    llm_model: str = DEFAULT_LLM_MODEL,
    max_attempts: int = 2,
) -> CreatedAgent:
    """Ask the model for an agent matching ``description`` and write it to ``.claude/agents/generated/``.

    ``name``/``tools``/``model`` given here win over the model's answer and are validated too. ``client`` is an
    ``anthropic.Anthropic``-like client (default: one built from ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL). With
    ``dry_run`` nothing is written. Raises AgentCreationError when no valid agent came in ``max_attempts``, the
    name is taken or the API fails; AuthenticationError when the API refuses the key.
    """
    project = Path(project_dir)
    if client is None:
        with _default_client() as own_client:
            created = _draft(description, project, name, tools, model, own_client, llm_model, max_attempts)
    else:
        created = _draft(description, project, name, tools, model, client, llm_model, max_attempts)
    return created if dry_run else write_agent(created, project)


def _draft(description: str, project: Path, name: str | None, tools: Sequence[str] | None, model: str | None,
           client: Any, llm_model: str, max_attempts: int) -> CreatedAgent:
    """Ask (and ask again with the problems) until the model's agent passes every rule; nothing is written."""
    taken = _taken_names(project)
    if problems := _override_problems(description, name, tools, model, taken):
        raise AgentCreationError("cannot create the agent: " + "; ".join(problems))
    system = _system_prompt(taken)
    messages: list[dict[str, Any]] = [{"role": "user", "content": _request_text(description, name, tools, model)}]
    problems = []
    for attempt in range(1, max_attempts + 1):
        response = _ask(client, llm_model, system, messages)
        call = next((b for b in response.content if b.type == "tool_use" and b.name == SUBMIT_TOOL_NAME), None)
        draft, problems = _draft_from_input(call.input) if call else (None, [f"no {SUBMIT_TOOL_NAME} call"])
        if draft is not None:
            draft = replace(draft, name=name or draft.name, model=model or draft.model,
                            tools=tuple(tools) if tools is not None else draft.tools)
            problems += draft_problems(draft, description, taken)
        logger.info("agent draft attempt %d: %s", attempt, "; ".join(problems) or "valid")
        if draft is not None and not problems:
            return _created(draft, project, attempt)
        messages += [{"role": "assistant", "content": _assistant_content(response)}, _feedback(response, problems)]
    raise AgentCreationError(
        f"the model gave no valid agent in {max_attempts} attempt(s): " + "; ".join(problems)
    )


def _created(draft: AgentDraft, project: Path, attempts: int) -> CreatedAgent:
    now = datetime.now(timezone.utc).replace(microsecond=0)
    path = project / GENERATED_DIR / f"{draft.name}.md"
    markdown = render_agent_markdown(draft, now)
    return CreatedAgent(path, _spec(draft, path, now.strftime("%Y-%m-%dT%H:%M:%SZ")), markdown, attempts)


def gap_description(group: str, titles: Sequence[str]) -> str:
    """The agent request for one task group no existing agent covers."""
    tasks = "\n".join(f"- {title}" for title in titles)
    return (f"An agent for the task group {group!r} of this project's TASKS.md, handling tasks like:\n{tasks}")


def draft_missing_agents(
    project_dir: str | os.PathLike[str],
    gaps: Mapping[str, Sequence[str]] | Iterable[Any],
    *,
    client: Any = None,
    confirm: Callable[[str], bool],
    llm_model: str = DEFAULT_LLM_MODEL,
) -> list[CreatedAgent]:
    """Draft one agent per gap, write each that ``confirm(summary)`` accepts; returns the agents written.

    ``gaps`` maps a task group to its task titles, or lists ``(group, titles)`` pairs or routing's
    ``GroupMatch`` records (``.group``, ``.tasks``). A gap whose agent cannot be created is logged and
    skipped; an AuthenticationError stops everything.
    """
    project = Path(project_dir)
    pairs = list(gaps.items()) if isinstance(gaps, Mapping) else [_gap_pair(gap) for gap in gaps]
    if client is None:
        with _default_client() as own_client:
            return _draft_gaps(project, pairs, own_client, confirm, llm_model)
    return _draft_gaps(project, pairs, client, confirm, llm_model)


def _gap_pair(gap: Any) -> tuple[str, Sequence[str]]:
    if isinstance(gap, tuple):
        return gap
    return gap.group, gap.tasks


def _draft_gaps(project: Path, gaps: list[tuple[str, Sequence[str]]], client: Any,
                confirm: Callable[[str], bool], llm_model: str) -> list[CreatedAgent]:
    written = []
    for group, titles in gaps:
        try:
            created = _draft(gap_description(group, titles), project, None, None, None, client, llm_model, 2)
            if confirm(_summary(group, created, project)):
                written.append(write_agent(created, project))
        except AuthenticationError:
            raise
        except AgentCreationError as exc:
            logger.warning("no agent created for task group %r: %s", group, exc)
    return written


def _summary(group: str, created: CreatedAgent, project: Path) -> str:
    spec = created.spec
    return (f"Create agent {spec.name!r} for task group {group!r} at {created.path.relative_to(project)} "
            f"(tools: {', '.join(spec.tools)}; model: {spec.model})?")
