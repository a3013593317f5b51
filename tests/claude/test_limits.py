"""usage_limit_reset and classify_failure as tables."""

from __future__ import annotations

import dataclasses
import json
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from ralphy.claude.events import ApiRetry, Event, RateLimitEvent, ResultEvent, parse_line
from ralphy.claude.limits import classify_failure, is_usage_limit, usage_limit_reset
from ralphy.claude.process import RunResult
from tests.conftest import TRANSCRIPTS

PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")
NOW = datetime(2026, 11, 22, 14, 30, tzinfo=PARIS).timestamp()  # a Sunday afternoon in Paris


def rejected(resets_at: float | None) -> RateLimitEvent:
    return RateLimitEvent("rejected", resets_at, {})


@pytest.fixture
def paris_local_time(monkeypatch: pytest.MonkeyPatch):
    """Run with local time = Europe/Paris, whatever the machine's zone."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_rejected_rate_limit_event_wins_over_the_text() -> None:
    events = [RateLimitEvent("allowed", 1.0, {}), rejected(1_795_400_000), RateLimitEvent("allowed_warning", 2.0, {})]
    assert usage_limit_reset("You've hit your session limit · resets 3:45pm", events, NOW) == 1_795_400_000


def test_rate_limit_events_that_did_not_reject_say_nothing() -> None:
    assert usage_limit_reset(None, [RateLimitEvent("allowed_warning", 1_795_400_000, {}), rejected(None)], NOW) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You've hit your session limit · resets 3:45pm", datetime(2026, 11, 22, 15, 45, tzinfo=PARIS)),
        ("You’ve hit your session limit · resets 3:45pm", datetime(2026, 11, 22, 15, 45, tzinfo=PARIS)),
        ("You've hit your session limit · resets 2:15pm", datetime(2026, 11, 23, 14, 15, tzinfo=PARIS)),  # passed
        # the time shown is the reset cut to the minute (2.0.x): this very minute means within it, not tomorrow
        ("Session limit reached ∙ resets 2:30pm", datetime(2026, 11, 22, 14, 31, tzinfo=PARIS)),
        ("Session limit reached ∙ resets 2:29pm", datetime(2026, 11, 23, 14, 29, tzinfo=PARIS)),
        ("5-hour limit reached ∙ resets 2am", datetime(2026, 11, 23, 2, 0, tzinfo=PARIS)),
        ("You've hit your session limit · resets 12am", datetime(2026, 11, 23, 0, 0, tzinfo=PARIS)),
        ("You've hit your session limit · resets 12pm", datetime(2026, 11, 23, 12, 0, tzinfo=PARIS)),
        ("You've hit your session limit · resets 17:05", datetime(2026, 11, 22, 17, 5, tzinfo=PARIS)),
        ("Claude usage limit reached. Your limit will reset at 5pm (America/New_York).",
         datetime(2026, 11, 22, 17, 0, tzinfo=NEW_YORK)),  # 23:00 in Paris, still today
        ("Claude usage limit reached. Your limit will reset at 7am (America/New_York).",
         datetime(2026, 11, 23, 7, 0, tzinfo=NEW_YORK)),  # 8:30 in New York now: tomorrow
        ("You've hit your weekly limit · resets Nov 25, 3pm (Europe/Paris)", datetime(2026, 11, 25, 15, 0, tzinfo=PARIS)),
        ("You've hit your Opus limit · resets Jan 2, 9:30am", datetime(2027, 1, 2, 9, 30, tzinfo=PARIS)),
        ("You've hit your session limit · resets 4pm (Nowhere/Special)", datetime(2026, 11, 22, 16, 0, tzinfo=PARIS)),
        # 2.1.330 names the year when it is not this one (its text for resetsAt 1_900_000_000 on the fake API)
        ("You've hit your 5-hour limit · resets Mar 17, 2030, 5:46pm (UTC)",
         datetime(2030, 3, 17, 17, 46, tzinfo=ZoneInfo("UTC"))),
        ("You've hit your weekly limit · resets Jan 2, 2027, 9am", datetime(2027, 1, 2, 9, 0, tzinfo=PARIS)),
        ("You've hit your weekly limit · resets Nov 21, 2026, 9am", datetime(2026, 11, 21, 9, 0, tzinfo=PARIS)),  # as said
    ],
)
def test_reset_time_from_the_text(paris_local_time, text: str, expected: datetime) -> None:
    assert usage_limit_reset(text, [], NOW) == expected.timestamp()


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "All tasks done.",
        "API Error: Request rejected (429) · Number of request tokens has exceeded your per-minute rate limit",
        "The cache resets 3pm every day.",  # a reset time, but no limit
        "You've hit your usage limit · contact your admin to increase it",  # a limit with no time
        "You've hit your session limit · resets 13pm",
        "You've hit your session limit · resets 25:00",
        "You've hit your weekly limit · resets Feb 30, 3pm",
    ],
)
def test_no_reset_time(paris_local_time, text: str | None) -> None:
    assert usage_limit_reset(text, [], NOW) is None


def test_is_usage_limit() -> None:
    assert is_usage_limit("You've hit your usage limit · contact your admin to increase it", [])
    assert is_usage_limit(None, [rejected(None)])
    assert not is_usage_limit("API Error: Request rejected (429) · rate limit", [RateLimitEvent("allowed", 1.0, {})])


# --- classify_failure ----------------------------------------------------------------------------


def transcript_events(name: str) -> list[Event]:
    lines = (TRANSCRIPTS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    return [event for line in lines for event in parse_line(line)]


def run_result(events: list[Event], **changes: object) -> RunResult:
    results = [event for event in events if isinstance(event, ResultEvent)]
    base = RunResult(
        exit_code=0, result=results[-1] if results else None, init=None, events=events, timed_out=False,
        auth_failed=False, stderr_tail="", transcript_path=None, duration_s=1.0,
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def result_line(**fields: object) -> ResultEvent:
    base = {"type": "result", "subtype": "success", "is_error": False, "result": "done"}
    (event,) = parse_line(json.dumps({**base, **fields}))
    assert isinstance(event, ResultEvent)
    return event


@pytest.mark.parametrize(
    ("name", "expected"),
    [("delegation", "ok"), ("e401", "auth"), ("e429", "rate_limited"), ("e500", "server_error"), ("e529", "overloaded")],
)
def test_classify_real_transcripts(name: str, expected: str) -> None:
    assert classify_failure(run_result(transcript_events(name), exit_code=1)) == expected


@pytest.mark.parametrize(
    ("events", "changes", "expected"),
    [
        ([result_line()], {}, "ok"),
        ([result_line()], {"timed_out": True}, "ok"),  # the result line came; the CLI then lingered
        ([result_line(is_error=True, api_error_status=403, result="Forbidden")], {}, "auth"),
        ([ApiRetry(1, 10, 1000, 401, "authentication_failed")], {"auth_failed": True, "exit_code": -15}, "auth"),
        ([result_line(is_error=True, api_error_status=429,
                      result="You've hit your session limit · resets 3:45pm")], {}, "usage_limit"),
        ([rejected(1_795_400_000), result_line(is_error=True, api_error_status=429, result="x")], {}, "usage_limit"),
        ([rejected(1_795_400_000)], {"exit_code": 1}, "usage_limit"),
        ([], {"timed_out": True, "exit_code": -9}, "timeout"),
        ([], {"exit_code": 1}, "crashed"),
        ([], {"exit_code": -11}, "crashed"),
        ([result_line(subtype="error_max_turns", is_error=True)], {}, "max_turns"),
        ([result_line(subtype="error_max_turns", is_error=False)], {}, "max_turns"),
        ([result_line(is_error=True, api_error_status=503, result="API Error: 503")], {}, "server_error"),
        ([result_line(subtype="error_during_execution", is_error=True)], {}, "error"),
        ([result_line(subtype="error_max_budget_usd", is_error=True)], {}, "error"),
    ],
)
def test_classify_failure(events: list[Event], changes: dict, expected: str) -> None:
    assert classify_failure(run_result(events, **changes)) == expected
