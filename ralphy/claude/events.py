"""One line of the Claude CLI's ``--output-format stream-json`` output -> typed events.

``parse_line(line)`` returns a list because one ``assistant`` line can carry several content blocks
(text and tool calls) and one ``user`` line several tool results. Types and subtypes ralphy does not use
give ``[]``. The parser is lenient with missing or oddly typed fields (the CLI's output varies between
versions and between main agent and subagents): a missing field becomes ``None`` / empty, never an error.
Only a line that is not a JSON object raises ``ValueError``; the caller logs it and carries on.

Shapes are those of the Claude CLI 2.1.197 (see the shared FACTS.md and tests/data/transcripts/).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Union

from ralphy.jsontext import well_formed


@dataclass(frozen=True)
class InitEvent:
    """``system/init``: the session as the CLI set it up (``agents`` = every subagent it loaded)."""

    session_id: str | None
    model: str | None
    tools: tuple[str, ...]
    agents: tuple[str, ...]
    cwd: str | None
    permission_mode: str | None
    version: str | None


@dataclass(frozen=True)
class AssistantText:
    """A text block the model wrote (``parent_tool_use_id`` set when a subagent wrote it)."""

    text: str
    parent_tool_use_id: str | None
    message_id: str | None


@dataclass(frozen=True)
class ToolUse:
    """A tool call. A delegation is a ``ToolUse`` named ``Agent`` (or ``Task`` before 2.1.63)."""

    id: str | None
    name: str | None
    input: dict[str, Any] = field(hash=False)
    parent_tool_use_id: str | None


@dataclass(frozen=True)
class ToolResult:
    """A tool's outcome, from a ``user`` line. ``agent_type``/``status`` come from ``tool_use_result``
    (present for Agent calls: the agent that really ran, and ``completed`` / ``async_launched``)."""

    tool_use_id: str | None
    text: str
    is_error: bool
    parent_tool_use_id: str | None
    agent_type: str | None
    status: str | None
    # the CLI's structured outcome (for an Agent call: totalTokens, totalDurationMs, totalToolUseCount, ...)
    tool_use_result: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class TaskStarted:
    """``system/task_started``: a subagent began; ``subagent_type`` is the name the CLI resolved."""

    task_id: str | None
    tool_use_id: str | None
    subagent_type: str | None
    description: str | None
    prompt: str | None


@dataclass(frozen=True)
class TaskNotification:
    """``system/task_notification``: a subagent ended (status ``completed`` / ``failed`` / ``stopped``)."""

    task_id: str | None
    tool_use_id: str | None
    status: str | None
    summary: str | None
    usage: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)  # total_tokens, tool_uses, ...


@dataclass(frozen=True)
class TaskProgress:
    """``system/task_progress``: a running subagent's usage so far (``total_tokens``, ``tool_uses``,
    ``duration_ms``); newer CLIs send it while a subagent works."""

    task_id: str | None
    tool_use_id: str | None
    usage: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class ApiRetry:
    """``system/api_retry``: the CLI is retrying a failed API call (``error`` e.g. ``authentication_failed``)."""

    attempt: int | None
    max_retries: int | None
    retry_delay_ms: int | None
    error_status: int | None
    error: str | None


@dataclass(frozen=True)
class UsageWindow:
    """How much of one usage window (``five_hour``, ``seven_day``, ...) is used: ``utilization`` a fraction
    (0.92 = 92 %), ``resets_at`` epoch seconds (None when not said)."""

    name: str
    utilization: float
    resets_at: float | None


@dataclass(frozen=True)
class RateLimitEvent:
    """``rate_limit_event``: usage-limit state; ``resets_at`` in epoch seconds. ``raw`` is the whole line.

    ``windows``: the use of each window the event reports. The CLI says the representative window's
    ``utilization`` (with ``rateLimitType``) only when it warns (``allowed_warning``: the API said a threshold
    was crossed); 2.1.330 adds every window's in ``unifiedWindows``; 2.0.x has no such event."""

    status: str | None
    resets_at: float | None
    raw: dict[str, Any] = field(hash=False)
    windows: tuple[UsageWindow, ...] = ()


@dataclass(frozen=True)
class ResultEvent:
    """``result``: the run's last line. API failures arrive as ``is_error`` with ``api_error_status``."""

    subtype: str | None
    is_error: bool
    api_error_status: int | None
    result: str | None
    num_turns: int | None
    total_cost_usd: float | None
    usage: dict[str, Any] = field(hash=False)
    duration_ms: int | None
    session_id: str | None
    permission_denials: tuple[Any, ...] = field(hash=False)
    terminal_reason: str | None
    model_usage: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)  # ``modelUsage``, per model


Event = Union[
    InitEvent,
    AssistantText,
    ToolUse,
    ToolResult,
    TaskStarted,
    TaskNotification,
    TaskProgress,
    ApiRetry,
    RateLimitEvent,
    ResultEvent,
]


def parse_line(line: str) -> list[Event]:
    """Parse one stream-json line; ``ValueError`` if it is not a JSON object, ``[]`` for unknown types."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON: {error}") from None
    except RecursionError:
        raise ValueError("not JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise ValueError(f"not a JSON object but {type(data).__name__}")
    data = well_formed(data, line)  # a lone surrogate ("\\ud800" in the model's text) as U+FFFD
    kind = data.get("type")
    if kind == "system":
        parser = _SYSTEM_PARSERS.get(_str(data.get("subtype")) or "")
        return [parser(data)] if parser else []
    if kind == "assistant":
        return _assistant(data)
    if kind == "user":
        return _tool_results(data)
    if kind == "rate_limit_event":
        return [_rate_limit(data)]
    if kind == "result":
        return [_result(data)]
    return []


# --- field readers: the wrong type reads as missing -------------------------------------------------


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


# The largest integer the CLI (JavaScript) can mean; past it a count or a duration is not one (and SQLite, which
# keeps 64 bits, refused 99999999999999999999999 turns with an OverflowError traceback).
MAX_SAFE_INT = 2**53 - 1


def _int(value: Any) -> int | None:
    """A count, a duration or a status: an integer from 0 to MAX_SAFE_INT, else None (unknown)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SAFE_INT else None


def _float(value: Any) -> float | None:
    """A finite number, else None (the CLI's JSON may hold NaN, Infinity or 1e999)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:
            return None
        return number if math.isfinite(number) else None
    return None


# The latest moment Python's time and datetime functions take on every platform (9999-12-31, UTC).
LATEST_EPOCH = 253402300799.0


def _epoch(value: Any) -> float | None:
    """A moment in epoch seconds: finite, not before 1970 and not after the year 9999, else None (unknown). The
    CLI's JSON may say ``"resetsAt": 1e300``, which ``time.localtime`` refuses with an OverflowError."""
    number = _float(value)
    return number if number is not None and 0 <= number <= LATEST_EPOCH else None


def _cost(value: Any) -> float | None:
    """A cost in USD: finite and not negative, else None (unknown), so no budget sum is ever poisoned."""
    number = _float(value)
    return number if number is not None and number >= 0 else None


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(item for item in _list(value) if isinstance(item, str))


def _blocks(message: Any) -> list[dict[str, Any]]:
    return [block for block in _list(_dict(message).get("content")) if isinstance(block, dict)]


def _content_text(content: Any) -> str:
    """A tool_result's ``content``: a string, or a list of blocks whose text parts are joined."""
    if isinstance(content, str):
        return content
    texts = (_str(block.get("text")) for block in _list(content) if isinstance(block, dict))
    return "\n".join(text for text in texts if text)


# --- per type --------------------------------------------------------------------------------------


def _init(data: dict[str, Any]) -> InitEvent:
    return InitEvent(
        session_id=_str(data.get("session_id")),
        model=_str(data.get("model")),
        tools=_strings(data.get("tools")),
        agents=_strings(data.get("agents")),
        cwd=_str(data.get("cwd")),
        permission_mode=_str(data.get("permissionMode")),
        version=_str(data.get("claude_code_version")),
    )


def _task_started(data: dict[str, Any]) -> TaskStarted:
    return TaskStarted(
        task_id=_str(data.get("task_id")),
        tool_use_id=_str(data.get("tool_use_id")),
        subagent_type=_str(data.get("subagent_type")),
        description=_str(data.get("description")),
        prompt=_str(data.get("prompt")),
    )


def _task_notification(data: dict[str, Any]) -> TaskNotification:
    return TaskNotification(
        task_id=_str(data.get("task_id")),
        tool_use_id=_str(data.get("tool_use_id")),
        status=_str(data.get("status")),
        summary=_str(data.get("summary")),
        usage=_dict(data.get("usage")),
    )


def _task_progress(data: dict[str, Any]) -> TaskProgress:
    return TaskProgress(
        task_id=_str(data.get("task_id")),
        tool_use_id=_str(data.get("tool_use_id")),
        usage=_dict(data.get("usage")),
    )


def _api_retry(data: dict[str, Any]) -> ApiRetry:
    return ApiRetry(
        attempt=_int(data.get("attempt")),
        max_retries=_int(data.get("max_retries")),
        retry_delay_ms=_int(data.get("retry_delay_ms")),
        error_status=_int(data.get("error_status")),
        error=_str(data.get("error")),
    )


_SYSTEM_PARSERS: dict[str, Callable[[dict[str, Any]], Event]] = {
    "init": _init,
    "task_started": _task_started,
    "task_notification": _task_notification,
    "task_progress": _task_progress,
    "api_retry": _api_retry,
}


def _assistant(data: dict[str, Any]) -> list[Event]:
    message = _dict(data.get("message"))
    parent = _str(data.get("parent_tool_use_id"))
    events: list[Event] = []
    for block in _blocks(message):
        if block.get("type") == "text" and isinstance(block.get("text"), str):
            events.append(AssistantText(block["text"], parent, _str(message.get("id"))))
        elif block.get("type") == "tool_use":
            events.append(
                ToolUse(_str(block.get("id")), _str(block.get("name")), _dict(block.get("input")), parent)
            )
    return events


def _tool_results(data: dict[str, Any]) -> list[Event]:
    outcome = _dict(data.get("tool_use_result"))
    parent = _str(data.get("parent_tool_use_id"))
    return [
        ToolResult(
            tool_use_id=_str(block.get("tool_use_id")),
            text=_content_text(block.get("content")),
            is_error=block.get("is_error") is True,
            parent_tool_use_id=parent,
            agent_type=_str(outcome.get("agentType")),
            status=_str(outcome.get("status")),
            tool_use_result=outcome,
        )
        for block in _blocks(data.get("message"))
        if block.get("type") == "tool_result"
    ]


def _rate_limit(data: dict[str, Any]) -> RateLimitEvent:
    # 2.1.197 nests the state in ``rate_limit_info``; accept it flat as well.
    info = _dict(data.get("rate_limit_info")) or data
    resets_at = _epoch(info.get("resetsAt"))
    windows: dict[str, UsageWindow] = {}
    name, utilization = _str(info.get("rateLimitType")), _float(info.get("utilization"))
    if name and utilization is not None and utilization >= 0:
        windows[name] = UsageWindow(name, utilization, resets_at)
    for name, window in _dict(info.get("unifiedWindows")).items():
        utilization = _float(_dict(window).get("utilization"))
        if isinstance(name, str) and utilization is not None and utilization >= 0:
            windows[name] = UsageWindow(name, utilization, _epoch(window.get("resetsAt")))
    return RateLimitEvent(status=_str(info.get("status")), resets_at=resets_at, raw=data,
                          windows=tuple(windows.values()))


def _result(data: dict[str, Any]) -> ResultEvent:
    return ResultEvent(
        subtype=_str(data.get("subtype")),
        is_error=data.get("is_error") is True,
        api_error_status=_int(data.get("api_error_status")),
        result=_str(data.get("result")),
        num_turns=_int(data.get("num_turns")),
        total_cost_usd=_cost(data.get("total_cost_usd")),
        usage=_dict(data.get("usage")),
        duration_ms=_int(data.get("duration_ms")),
        session_id=_str(data.get("session_id")),
        permission_denials=tuple(_list(data.get("permission_denials"))),
        terminal_reason=_str(data.get("terminal_reason")),
        model_usage=_dict(data.get("modelUsage")),
    )
