"""SilenceWatch: one line when a CLI that retries silently has waited on the API for long (on the real 2.0.0
with a 429's Retry-After: tests/e2e/test_quiet_retry.py)."""

from __future__ import annotations

from ralphy.claude.events import ResultEvent, ToolResult, ToolUse, parse_line
from ralphy.claude.silence import SilenceWatch, retries_silently
from ralphy.claude.version import Version


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def watch(version, clock, said):
    return SilenceWatch(version, said.append, after_s=60, timeout_s=3600, clock=clock)


def tool_use(id_, name="Bash"):
    return ToolUse(id=id_, name=name, input={}, parent_tool_use_id=None)


def tool_result(id_):
    (event,) = [e for e in parse_line(
        '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"%s",'
        '"content":"ok"}]}}' % id_) if isinstance(e, ToolResult)]
    return event


def test_which_versions_retry_silently() -> None:
    assert retries_silently(Version(2, 0, 0)) and retries_silently(Version(2, 1, 62))
    assert retries_silently(Version(2, 1, 99))
    assert not retries_silently(Version(2, 1, 100)) and not retries_silently(Version(2, 1, 330))
    assert not retries_silently(None)  # unknown: the newest is assumed, which reports its retries


def test_says_once_after_a_minute_waiting_on_the_api() -> None:
    clock, said = Clock(), []
    w = watch(Version(2, 0, 0), clock, said)
    clock.now += 59
    w.tick()
    assert said == []
    clock.now += 2
    w.tick()
    clock.now += 600
    w.tick()
    assert len(said) == 1
    assert said[0].startswith("the Claude CLI (2.0.0) has said nothing for 61s while waiting for the API")
    assert "Retry-After" in said[0] and "2.1.100" in said[0] and "3600s" in said[0] and "\n" not in said[0]


def test_an_event_starts_the_count_again() -> None:
    clock, said = Clock(), []
    w = watch(Version(2, 1, 62), clock, said)
    for _ in range(5):
        clock.now += 50
        w.feed(tool_result("x"))
        w.tick()
    assert said == []


def test_a_tool_of_its_own_running_long_is_not_a_retry_but_a_subagent_waiting_may_be() -> None:
    clock, said = Clock(), []
    w = watch(Version(2, 0, 0), clock, said)
    w.feed(tool_use("bash-1"))  # the test suite runs for five minutes: nothing to say
    clock.now += 300
    w.tick()
    assert said == []
    w.feed(tool_result("bash-1"))
    w.feed(tool_use("task-1", name="Task"))  # a subagent: its own API calls retry silently too
    clock.now += 61
    w.tick()
    assert len(said) == 1


def test_a_cli_that_reports_its_retries_gets_no_line() -> None:
    for version in (Version(2, 1, 100), Version(2, 1, 330), None):
        clock, said = Clock(), []
        w = watch(version, clock, said)
        clock.now += 3600
        w.tick()
        assert said == []


def test_the_result_clears_what_was_running() -> None:
    clock, said = Clock(), []
    w = watch(Version(2, 0, 0), clock, said)
    w.feed(tool_use("bash-1"))
    (result,) = parse_line('{"type":"result","subtype":"success","is_error":false,"result":"done"}')
    assert isinstance(result, ResultEvent)
    w.feed(result)
    clock.now += 61
    w.tick()
    assert len(said) == 1
