"""Which subagent did what: delegations seen in the event stream, and tasks attributed to them.

A delegation is a ``ToolUse`` named ``Agent`` (``Task`` before CLI 2.1.63), at any depth: subagents can
delegate too. It starts ``running`` with the requested agent (``general-purpose`` when the call names none);
``TaskStarted`` and the Agent call's ``ToolResult`` give the agent the CLI really ran. The ``ToolResult``
settles it: ``is_error`` -> ``failed`` (e.g. "Agent type 'x' not found. ..."), ``async_launched`` (a background
agent) -> still ``running`` until its ``TaskNotification``, anything else -> ``completed``.

Evidence per delegation, from the same stream: the files its own tool calls changed (``Write``, ``Edit``,
``MultiEdit``, ``NotebookEdit`` whose ``parent_tool_use_id`` is the Agent call, counted only once their
``tool_result`` came back without ``is_error``: an edit the CLI rejected changed nothing), the ``Bash`` commands
it ran, and its usage: the CLI's ``task_notification`` usage (``total_tokens``, ``tool_uses``, ``duration_ms``),
else its last ``task_progress``, else the Agent call's ``tool_use_result`` totals. ``cost_shares`` turns the
tokens into a share of the iteration's tokens (the result's ``modelUsage`` counts every agent).
"""

from __future__ import annotations

import re
import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Collection, Iterable, Literal, Mapping, Protocol, Sequence

from ralphy.claude.events import MAX_SAFE_INT, Event, TaskNotification, TaskProgress, TaskStarted, ToolResult, ToolUse

DELEGATION_TOOLS = frozenset({"Agent", "Task"})
FILE_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})
MAX_BASH_COMMANDS = 50  # kept per delegation (each cut to 500 characters)
DEFAULT_AGENT = "general-purpose"
DIRECT = "direct"

Status = Literal["running", "completed", "failed"]


@dataclass(frozen=True)
class Delegation:
    """One Agent/Task call: who was asked, what for, and how it ended (``error`` when it failed)."""

    tool_use_id: str
    agent: str
    description: str
    prompt: str
    status: Status = "running"
    error: str | None = None
    # Evidence (a measurement, not part of what the delegation is: left out of ==)
    files_changed: tuple[str, ...] = field(default=(), compare=False)  # in the order first changed
    bash_commands: tuple[str, ...] = field(default=(), compare=False)
    usage: Mapping[str, Any] | None = field(default=None, compare=False)  # total_tokens, tool_uses, duration_ms

    @property
    def tokens(self) -> int | None:
        value = (self.usage or {}).get("total_tokens")
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @property
    def duration_s(self) -> float | None:
        value = (self.usage or {}).get("duration_ms")
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        return round(value / 1000, 3) if ok else None


class DelegationTracker:
    """Feed it every event of a run; ``delegations`` lists the Agent calls in call order, with their evidence.
    ``direct_files`` are the files the main agent itself changed."""

    def __init__(self) -> None:
        self._by_id: dict[str, Delegation] = {}
        self._file_calls: dict[str, tuple[str | None, str]] = {}  # tool_use_id -> (parent, path), until its result
        self._files: dict[str | None, dict[str, None]] = {}  # parent (None: main agent) -> files, ordered
        self._progress: dict[str, Mapping[str, Any]] = {}  # Agent call id -> last task_progress usage
        self._notified_usage: dict[str, Mapping[str, Any]] = {}
        self._result_usage: dict[str, Mapping[str, Any]] = {}

    @property
    def delegations(self) -> list[Delegation]:
        return [self._with_evidence(d) for d in self._by_id.values()]

    @property
    def direct_files(self) -> list[str]:
        return list(self._files.get(None, {}))

    def feed(self, event: Event) -> None:
        """Take one event into account; events that are not about a delegation are ignored."""
        if isinstance(event, ToolUse):
            self._started_call(event)
            self._evidence_call(event)
        elif isinstance(event, TaskStarted):
            self._update(event.tool_use_id, agent=event.subagent_type)
        elif isinstance(event, ToolResult):
            self._resolved(event)
            self._evidence_result(event)
        elif isinstance(event, TaskNotification):
            self._notified(event)
            if event.usage and event.tool_use_id:
                self._notified_usage[event.tool_use_id] = event.usage
        elif isinstance(event, TaskProgress):
            if event.usage and event.tool_use_id:
                self._progress[event.tool_use_id] = event.usage

    # ----- evidence --------------------------------------------------------------------------------------

    def _evidence_call(self, event: ToolUse) -> None:
        parent = event.parent_tool_use_id
        if event.name in FILE_TOOLS:
            path = event.input.get("file_path") or event.input.get("notebook_path")
            if isinstance(path, str) and path and event.id:
                self._file_calls[event.id] = (parent, path)
        elif event.name == "Bash" and parent in self._by_id:
            command = event.input.get("command")
            delegation = self._by_id[parent]
            if isinstance(command, str) and len(delegation.bash_commands) < MAX_BASH_COMMANDS:
                self._by_id[parent] = replace(delegation, bash_commands=delegation.bash_commands + (command[:500],))

    def _evidence_result(self, event: ToolResult) -> None:
        call = self._file_calls.pop(event.tool_use_id or "", None)
        if call is not None and not event.is_error:
            parent, path = call
            self._files.setdefault(parent, {})[path] = None
        if event.tool_use_id in self._by_id and not event.is_error:
            totals = _usage_from_result(event.tool_use_result)
            if totals:
                self._result_usage[event.tool_use_id] = totals

    def _with_evidence(self, delegation: Delegation) -> Delegation:
        key = delegation.tool_use_id
        usage = self._notified_usage.get(key) or self._progress.get(key) or self._result_usage.get(key)
        files = tuple(self._files.get(key, {}))
        return replace(delegation, files_changed=files, usage=_clean_usage(usage) if usage else None)

    def _started_call(self, event: ToolUse) -> None:
        if event.name not in DELEGATION_TOOLS or not event.id:
            return
        text = {key: value if isinstance(value, str) else "" for key, value in event.input.items()}
        self._by_id[event.id] = Delegation(
            tool_use_id=event.id,
            agent=text.get("subagent_type") or DEFAULT_AGENT,
            description=text.get("description", ""),
            prompt=text.get("prompt", ""),
        )

    def _resolved(self, event: ToolResult) -> None:
        if event.is_error:
            self._update(event.tool_use_id, status="failed", error=event.text)
        elif event.status == "async_launched":
            self._update(event.tool_use_id, agent=event.agent_type)
        else:
            self._update(event.tool_use_id, agent=event.agent_type, status="completed")

    def _notified(self, event: TaskNotification) -> None:
        delegation = self._by_id.get(event.tool_use_id or "")
        if delegation is None or delegation.status != "running":
            return
        if event.status == "completed":
            self._update(event.tool_use_id, status="completed")
        elif event.status == "failed":
            self._update(event.tool_use_id, status="failed", error=event.summary or event.status)
        elif event.status == "stopped":  # its summary may be only the call's description: say it was stopped
            summary = (event.summary or "").strip()
            self._update(event.tool_use_id, status="failed", error=f"stopped: {summary}" if summary else "stopped")

    def _update(
        self,
        tool_use_id: str | None,
        *,
        agent: str | None = None,
        status: Status | None = None,
        error: str | None = None,
    ) -> None:
        """Change what is given; a missing agent name or status keeps the one known."""
        delegation = self._by_id.get(tool_use_id or "")
        if delegation is None:
            return
        self._by_id[delegation.tool_use_id] = replace(
            delegation,
            agent=agent or delegation.agent,
            status=status or delegation.status,
            error=error if status == "failed" else delegation.error,
        )


class TaskLike(Protocol):
    """What attribution needs of a task (``ralphy.tasks.Task`` fits)."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def group(self) -> str: ...


@dataclass(frozen=True)
class TaskOutcome:
    """A task that became completed during a run, and who handled it: an agent name or ``"direct"``."""

    id: str
    title: str
    group: str
    handled_by: str
    verified: bool | None = None  # ralphy's check after the iteration: passed, failed, or none ran
    claimed_without_changes: bool = False  # ticked, but nothing but the tasks file changed in the iteration
    delegation: str | None = field(default=None, compare=False)  # the Agent call credited; None: direct work


def attribute(
    completed: Sequence[TaskLike],
    delegations: Sequence[Delegation],
    task_ids_in: Callable[[str], list[str]],
    marked_by: Mapping[str, str | None] | None = None,
    rejected_by: Mapping[str, Collection[str]] | None = None,
) -> list[TaskOutcome]:
    """Say which agent handled each newly completed task.

    Only delegations that did not fail count. For each task, in order of preference:
    1. a delegation whose description names the task id (``task_ids_in(text)``), the first one called;
    2. the delegation inside whose turns the task was marked completed in TASKS.md (``marked_by``: task id ->
       the Agent call id that the marking tool call belonged to; ``ralphy.claude.task_edits``);
    3. a delegation whose prompt names it (prompts often mention other tasks as context, hence later);
    4. a delegation naming no task id at all whose description contains the task's group heading
       (case-, punctuation- and spacing-insensitive, whole words), e.g. "Implement the User model group"
       for group "User model";
    otherwise ``"direct"``: the main agent did it itself.

    A delegation whose own edit ticking the task was rejected by the CLI (``rejected_by``: task id -> Agent call
    ids) gets no credit for it when the main agent's accepted edit ticked it (``marked_by`` says None): the
    subagent tried to claim the task and could not; the main agent did.
    """
    usable = [delegation for delegation in delegations if delegation.status != "failed"]
    by_id = {delegation.tool_use_id: delegation for delegation in usable}
    marked = marked_by or {}
    by_description = [(d, set(task_ids_in(d.description))) for d in usable]
    by_prompt = [(d, set(task_ids_in(d.prompt))) for d in usable]
    unspecific = [d for (d, named), (_, in_prompt) in zip(by_description, by_prompt) if not named | in_prompt]
    refused = rejected_by or {}
    outcomes = []
    for task in completed:
        barred = set(refused.get(task.id, ())) if task.id in marked and marked[task.id] is None else set()

        def ok(d: Delegation) -> bool:
            return d.tool_use_id not in barred

        agent = (
            _first(d for d, ids in by_description if task.id in ids and ok(d))
            or by_id.get(marked.get(task.id) or "")
            or _first(d for d, ids in by_prompt if task.id in ids and ok(d))
            or _first(d for d in unspecific if _names_group(d.description, task.group) and ok(d))
        )
        outcomes.append(TaskOutcome(task.id, task.title, task.group, agent.agent if agent else DIRECT,
                                    delegation=agent.tool_use_id if agent else None))
    return outcomes


def _first(candidates: Iterable[Delegation]) -> Delegation | None:
    return next(iter(candidates), None)


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


def _names_group(description: str, group: str) -> bool:
    heading = _words(group)
    return bool(heading) and f" {heading} " in f" {_words(description)} "


def cost_shares(delegations: Sequence[Delegation], model_usage: Mapping[str, Any]) -> dict[str, float]:
    """Each delegation's share (0..1) of the iteration's tokens, by Agent call id: its ``total_tokens`` over
    every token in the result's ``modelUsage`` (input, output and cache, all agents). Empty when unknown."""
    total = 0
    for figures in model_usage.values():
        if isinstance(figures, Mapping):
            total += sum(_count(figures.get(key)) for key in
                         ("inputTokens", "outputTokens", "cacheReadInputTokens", "cacheCreationInputTokens"))
    if total <= 0:
        return {}
    return {d.tool_use_id: round(min(1.0, d.tokens / total), 4) for d in delegations if d.tokens is not None}


def _count(value: Any) -> int:
    """A non-negative count; past MAX_SAFE_INT not a count the CLI (JavaScript) can mean: 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_SAFE_INT else 0


def _clean_usage(usage: Mapping[str, Any]) -> dict[str, int]:
    """The CLI's usage figures we keep, as non-negative integers."""
    return {key: _count(usage.get(key)) for key in ("total_tokens", "tool_uses", "duration_ms") if key in usage}


def _usage_from_result(outcome: Mapping[str, Any]) -> dict[str, Any]:
    """An Agent call's ``tool_use_result`` totals in the shape of ``task_notification`` usage."""
    names = {"totalTokens": "total_tokens", "totalToolUseCount": "tool_uses", "totalDurationMs": "duration_ms"}
    return {ours: outcome[theirs] for theirs, ours in names.items() if theirs in outcome}
