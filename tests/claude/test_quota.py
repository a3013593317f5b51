"""--stop-at-usage: the usage windows in rate_limit_event lines, and the guard that says when one reaches the
limit. The lines are what the real CLIs wrote against the scripted API with usage headers (2.1.197 warns with the
representative window only; 2.1.330 adds every window)."""

from __future__ import annotations

import time

import pytest

from ralphy.claude.events import RateLimitEvent, ResultEvent, UsageWindow, parse_line
from ralphy.claude.quota import QuotaGuard

LINE_2_1_197 = ('{"type": "rate_limit_event", "rate_limit_info": {"status": "allowed_warning", "resetsAt": 1795463889, '
                '"rateLimitType": "five_hour", "utilization": 0.93, "isUsingOverage": false, "surpassedThreshold": 0.93}, '
                '"uuid": "aa619be1-e824-4945-8cb1-debb3fd537d8", "session_id": "5f3d5618-86da-4022-9035-e64b60d05171"}')
LINE_2_1_197_QUIET = ('{"type": "rate_limit_event", "rate_limit_info": {"status": "allowed", "resetsAt": 1795449497, '
                      '"isUsingOverage": false}, "uuid": "72bc198e", "session_id": "89e4b6eb"}')
LINE_2_1_330 = ('{"type": "rate_limit_event", "rate_limit_info": {"status": "allowed", "resetsAt": 1795449499, '
                '"isUsingOverage": false, "unifiedWindows": {"five_hour": {"utilization": 0.6, "resetsAt": 1795449499}, '
                '"seven_day": {"utilization": 0.3, "resetsAt": 1795532299}}}, "uuid": "5140a418", "session_id": "d529398d"}')


def event(line: str) -> RateLimitEvent:
    (parsed,) = parse_line(line)
    assert isinstance(parsed, RateLimitEvent)
    return parsed


def test_windows_of_a_warning_on_2_1_197():
    assert event(LINE_2_1_197).windows == (UsageWindow("five_hour", 0.93, 1795463889.0),)


def test_an_allowed_event_without_utilization_has_no_windows():
    assert event(LINE_2_1_197_QUIET).windows == ()


def test_every_window_of_2_1_330():
    assert event(LINE_2_1_330).windows == (UsageWindow("five_hour", 0.6, 1795449499.0),
                                           UsageWindow("seven_day", 0.3, 1795532299.0))


@pytest.mark.parametrize("info", [
    '{"rateLimitType": "five_hour", "utilization": "93%"}',
    '{"rateLimitType": "five_hour", "utilization": -0.5}',
    '{"rateLimitType": 5, "utilization": 0.5}',
    '{"utilization": 0.5}',
    '{"unifiedWindows": {"five_hour": {"utilization": null}, "seven_day": 7}}',
    '{"unifiedWindows": [1, 2]}',
    '{"rateLimitType": "five_hour", "utilization": 1e999}',
])  # fmt: skip
def test_malformed_utilization_is_ignored(info):
    assert event(f'{{"type": "rate_limit_event", "rate_limit_info": {info}}}').windows == ()


def test_the_guard_fires_once_at_the_limit_with_the_most_used_window():
    guard = QuotaGuard(50)
    assert guard.feed(event(LINE_2_1_197_QUIET)) is None
    reached = guard.feed(event(LINE_2_1_330))
    assert reached is not None and reached.window.name == "five_hour" and round(reached.percent) == 60
    assert guard.reached is reached
    assert guard.feed(event(LINE_2_1_197)) is None  # said once
    assert guard.reached is reached


def test_below_the_limit_or_without_a_limit_nothing_fires():
    assert QuotaGuard(94).feed(event(LINE_2_1_197)) is None
    assert QuotaGuard(None).feed(event(LINE_2_1_197)) is None
    assert QuotaGuard(1).feed(ResultEvent(None, False, None, None, None, None, None, None, None, (), None)) is None


def test_the_limit_is_inclusive_without_float_noise():
    line = '{"type": "rate_limit_event", "rate_limit_info": {"rateLimitType": "seven_day", "utilization": 0.29}}'
    assert 0.29 * 100 < 29  # the float noise the guard must not trip over
    assert QuotaGuard(29).feed(event(line)) is not None
    assert QuotaGuard(29.01).feed(event(line)) is None


def test_the_line_names_the_window_its_use_and_the_reset_time():
    reached = QuotaGuard(90).feed(event(LINE_2_1_197))
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(1795463889))
    assert reached.describe() == (f"the 5-hour session usage window (five_hour) is 93% used (stop_at_usage 90%); "
                                  f"it resets at {when}")
    unknown = '{"type": "rate_limit_event", "rate_limit_info": {"rateLimitType": "seven_day_fable", "utilization": 1}}'
    assert QuotaGuard(100).feed(event(unknown)).describe() == (
        "the seven day fable usage window (seven_day_fable) is 100% used (stop_at_usage 100%); it resets at an unknown time")
