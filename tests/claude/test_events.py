"""parse_line on every real transcript line, and on hostile lines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from ralphy.claude.events import (
    ApiRetry,
    AssistantText,
    InitEvent,
    RateLimitEvent,
    ResultEvent,
    TaskNotification,
    TaskStarted,
    ToolResult,
    ToolUse,
    parse_line,
)
from tests.conftest import TRANSCRIPTS

TRANSCRIPT_FILES = sorted(TRANSCRIPTS.glob("*.jsonl"))


def events_of(path: Path) -> list[Any]:
    return [event for line in path.read_text(encoding="utf-8").splitlines() for event in parse_line(line)]


def test_there_are_transcripts() -> None:
    assert len(TRANSCRIPT_FILES) >= 5


@pytest.mark.parametrize("path", TRANSCRIPT_FILES, ids=lambda p: p.name)
def test_every_transcript_starts_with_init_and_ends_with_result(path: Path) -> None:
    events = events_of(path)
    assert isinstance(events[0], InitEvent)
    assert events[0].version == "2.1.197"
    assert events[0].session_id and events[0].cwd and events[0].permission_mode == "default"
    assert "general-purpose" in events[0].agents and "Task" in events[0].tools
    assert isinstance(events[-1], ResultEvent)
    assert events[-1].session_id == events[0].session_id
    assert sum(isinstance(event, ResultEvent) for event in events) == 1


def test_delegation_transcript_in_order() -> None:
    events = events_of(TRANSCRIPTS / "delegation.jsonl")
    assert [type(event) for event in events] == [
        InitEvent, ToolUse, TaskStarted, TaskNotification, ToolResult, AssistantText, ResultEvent
    ]
    _, call, started, notification, outcome, text, result = events
    assert call == ToolUse(
        id="toolu_01",
        name="Agent",
        input={
            "subagent_type": "tdd-orchestrator",
            "description": "Implement model tasks",
            "prompt": "Implement the User model with TDD.",
        },
        parent_tool_use_id=None,
    )
    assert started == TaskStarted(
        "aaff6026d63897df2", "toolu_01", "tdd-orchestrator", "Implement model tasks", "Implement the User model with TDD."
    )
    assert notification == TaskNotification("aaff6026d63897df2", "toolu_01", "completed", "Implement model tasks")
    assert outcome.tool_use_id == "toolu_01" and not outcome.is_error
    assert (outcome.agent_type, outcome.status) == ("tdd-orchestrator", "completed")
    assert outcome.text.startswith("Subagent: wrote tests and code for the model group.\nagentId: aaff6026d63897df2")
    assert text == AssistantText("Delegated model tasks to tdd-orchestrator. Implemented docs directly.", None, "msg_x")
    assert result.subtype == "success" and not result.is_error and result.api_error_status is None
    assert result.num_turns == 2 and result.total_cost_usd == pytest.approx(0.000525)
    assert result.usage["output_tokens"] == 10 and result.permission_denials == ()
    assert result.terminal_reason == "completed" and result.duration_ms == 155


@pytest.mark.parametrize(
    ("name", "status", "error", "text"),
    [
        ("e401", 401, "authentication_failed", "Invalid API key · Fix external API key"),
        ("e429", 429, "rate_limit", "API Error: Request rejected (429)"),
        ("e500", 500, "server_error", "API Error: 500 Internal server error."),
        ("e529", 529, "overloaded", "API Error: 529 Overloaded."),
    ],
)
def test_api_failure_transcripts(name: str, status: int, error: str, text: str) -> None:
    events = events_of(TRANSCRIPTS / f"{name}.jsonl")
    retries = [event for event in events if isinstance(event, ApiRetry)]
    assert retries == [ApiRetry(attempt=1, max_retries=1, retry_delay_ms=1000, error_status=status, error=error)]
    result = events[-1]
    assert result.is_error and result.subtype == "success" and result.api_error_status == status
    assert result.result.startswith(text)


def test_one_assistant_line_with_several_blocks_gives_several_events_in_order() -> None:
    line = json.dumps(
        {
            "type": "assistant",
            "parent_tool_use_id": "toolu_parent",
            "message": {
                "id": "msg_1",
                "content": [
                    {"type": "thinking", "thinking": "hmm"},
                    {"type": "text", "text": "First."},
                    {"type": "tool_use", "id": "t1", "name": "Task", "input": {"prompt": "p", "description": "d"}},
                    {"type": "tool_use", "id": "t2", "name": "Bash", "input": {"command": "ls"}},
                    {"type": "text", "text": "Last."},
                ],
            },
        }
    )
    assert parse_line(line) == [
        AssistantText("First.", "toolu_parent", "msg_1"),
        ToolUse("t1", "Task", {"prompt": "p", "description": "d"}, "toolu_parent"),
        ToolUse("t2", "Bash", {"command": "ls"}, "toolu_parent"),
        AssistantText("Last.", "toolu_parent", "msg_1"),
    ]


def test_user_line_with_an_agent_error_and_a_plain_string_tool_use_result() -> None:
    line = json.dumps(
        {
            "type": "user",
            "message": {
                "content": [
                    {"type": "tool_result", "tool_use_id": "a", "is_error": True,
                     "content": "Agent type 'ghost' not found. Available agents: general-purpose"},
                    {"type": "tool_result", "tool_use_id": "b", "content": [{"type": "text", "text": "ok"}]},
                ]
            },
            "tool_use_result": "Error: Agent type 'ghost' not found.",
        }
    )
    first, second = parse_line(line)
    assert first == ToolResult("a", "Agent type 'ghost' not found. Available agents: general-purpose", True, None, None, None)
    assert second == ToolResult("b", "ok", False, None, None, None)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('{"type":"rate_limit_event","rate_limit_info":{"status":"rejected","resetsAt":1795360000,'
         '"rateLimitType":"five_hour"},"uuid":"u","session_id":"s"}', ("rejected", 1795360000.0)),
        ('{"type":"rate_limit_event","status":"allowed_warning","resetsAt":1795360000.5}', ("allowed_warning", 1795360000.5)),
        ('{"type":"rate_limit_event"}', (None, None)),
    ],
)
def test_rate_limit_event_nested_or_flat(line: str, expected: tuple[object, object]) -> None:
    (event,) = parse_line(line)
    assert isinstance(event, RateLimitEvent)
    assert (event.status, event.resets_at) == expected
    assert event.raw == json.loads(line)


@pytest.mark.parametrize(
    "line",
    [
        '{"type":"stream_event","event":{}}',
        '{"type":"system","subtype":"task_updated","task_id":"x"}',
        '{"type":"system","subtype":"hook_response"}',
        '{"type":"system"}',
        '{"type":"control_response","response":{}}',
        '{"no_type":1}',
        '{"type":42}',
        '{"type":"user","message":{"content":"a plain prompt"}}',
        '{"type":"assistant","message":null}',
        '{"type":"assistant","message":{"content":[null, 3, "x", {"type":"text","text":7}]}}',
    ],
)
def test_unknown_or_empty_lines_give_no_events(line: str) -> None:
    assert parse_line(line) == []


@pytest.mark.parametrize(
    "line",
    ["", "   ", "not json", '{"type":"result"', "[1, 2]", '"a string"', "null", "42", "[" * 100_000],
)
def test_malformed_lines_raise_value_error(line: str) -> None:
    with pytest.raises(ValueError):
        parse_line(line)


def test_missing_fields_read_as_none_or_empty() -> None:
    (result,) = parse_line('{"type":"result"}')
    assert result == ResultEvent(None, False, None, None, None, None, {}, None, None, (), None)
    (init,) = parse_line('{"type":"system","subtype":"init"}')
    assert init == InitEvent(None, None, (), (), None, None, None)
    (retry,) = parse_line('{"type":"system","subtype":"api_retry","attempt":"1","error_status":true}')
    assert retry == ApiRetry(None, None, None, None, None)


JUNK: list[Any] = [None, True, 0, -1, 1.5, "", "x", [], [None], {}, {"type": None}]


def mutations(value: Any) -> Iterator[Any]:
    """Every copy of ``value`` with exactly one nested value replaced by one piece of junk."""
    if isinstance(value, dict):
        for key, child in value.items():
            for replacement in [*JUNK, *mutations(child)]:
                yield {**value, key: replacement}
    elif isinstance(value, list):
        for index, child in enumerate(value):
            for replacement in [*JUNK, *mutations(child)]:
                yield [*value[:index], replacement, *value[index + 1 :]]


@pytest.mark.parametrize("path", TRANSCRIPT_FILES, ids=lambda p: p.name)
def test_any_one_field_of_a_real_line_may_be_junk(path: Path) -> None:
    checked = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        original = json.loads(line)
        original.pop("tools", None), original.pop("slash_commands", None)  # long lists: same code path
        for mutated in mutations(original):
            events = parse_line(json.dumps(mutated))
            assert isinstance(events, list)
            checked += 1
    assert checked > 500
