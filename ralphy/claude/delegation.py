"""Which subagent did what: delegations seen in the event stream, and tasks attributed to them.

A delegation is a ``ToolUse`` named ``Agent`` (``Task`` before CLI 2.1.63), at any depth: subagents can
delegate too. It starts ``running`` with the requested agent (``general-purpose`` when the call names none);
``TaskStarted`` and the Agent call's ``ToolResult`` give the agent the CLI really ran. The ``ToolResult``
settles it: ``is_error`` -> ``failed`` (e.g. "Agent type 'x' not found. ..."), ``async_launched`` (a background
agent) -> still ``running`` until its ``TaskNotification``, anything else -> ``completed``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Literal, Mapping, Protocol, Sequence

from ralphy.claude.events import Event, TaskNotification, TaskStarted, ToolResult, ToolUse

DELEGATION_TOOLS = frozenset({"Agent", "Task"})
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


class DelegationTracker:
    """Feed it every event of a run; ``delegations`` lists the Agent calls in call order."""

    def __init__(self) -> None:
        self._by_id: dict[str, Delegation] = {}

    @property
    def delegations(self) -> list[Delegation]:
        return list(self._by_id.values())

    def feed(self, event: Event) -> None:
        """Take one event into account; events that are not about a delegation are ignored."""
        if isinstance(event, ToolUse):
            self._started_call(event)
        elif isinstance(event, TaskStarted):
            self._update(event.tool_use_id, agent=event.subagent_type)
        elif isinstance(event, ToolResult):
            self._resolved(event)
        elif isinstance(event, TaskNotification):
            self._notified(event)

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
        elif event.status in ("failed", "stopped"):
            self._update(event.tool_use_id, status="failed", error=event.summary or event.status)

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


def attribute(
    completed: Sequence[TaskLike],
    delegations: Sequence[Delegation],
    task_ids_in: Callable[[str], list[str]],
    marked_by: Mapping[str, str | None] | None = None,
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
    """
    usable = [delegation for delegation in delegations if delegation.status != "failed"]
    by_id = {delegation.tool_use_id: delegation for delegation in usable}
    marked = marked_by or {}
    by_description = [(d, set(task_ids_in(d.description))) for d in usable]
    by_prompt = [(d, set(task_ids_in(d.prompt))) for d in usable]
    unspecific = [d for (d, named), (_, in_prompt) in zip(by_description, by_prompt) if not named | in_prompt]
    outcomes = []
    for task in completed:
        agent = (
            _first(d for d, ids in by_description if task.id in ids)
            or by_id.get(marked.get(task.id) or "")
            or _first(d for d, ids in by_prompt if task.id in ids)
            or _first(d for d in unspecific if _names_group(d.description, task.group))
        )
        outcomes.append(TaskOutcome(task.id, task.title, task.group, agent.agent if agent else DIRECT))
    return outcomes


def _first(candidates: Iterable[Delegation]) -> Delegation | None:
    return next(iter(candidates), None)


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


def _names_group(description: str, group: str) -> bool:
    heading = _words(group)
    return bool(heading) and f" {heading} " in f" {_words(description)} "
