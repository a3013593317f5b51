"""The circuit breaker: table-driven transitions with a fake clock, persistence, atomic writes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ralphy.breaker import (
    BreakerSettings,
    CircuitBreaker,
    IterationOutcome,
    State,
)
from ralphy.config import load_config
from ralphy.errors import BreakerStateError, ConfigError

from .conftest import REPO

C, H, O = State.CLOSED, State.HALF_OPEN, State.OPEN
NO_PROGRESS_REASON = "no progress in 3 iterations in a row (no task status change, no change in the working tree)"


class FakeClock:
    def __init__(self, now: float = 1_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def out(**kw) -> IterationOutcome:
    return IterationOutcome(**kw)


P = out(progress=True)
N = out()
Q = out(question=True)
I = out(interrupted=True)  # noqa: E741
U = out(usage_limited=True)
D = out(progress=True, permission_denials=1)


def failed(error: str = "API Error: 500", *, progress: bool = True) -> IterationOutcome:
    return out(failed=True, error=error, progress=progress)


def errored(error: str) -> IterationOutcome:
    """An iteration that made progress but ended with an error text (not counted as failed)."""
    return out(progress=True, error=error)


TRANSITIONS = [
    # id, settings overrides, outcomes, states after each, trip at the end
    ("no progress: half-open at 2, open at 3", {}, [N, N, N], [C, H, O], "no_progress"),
    ("progress while half-open closes", {}, [N, N, P, N, N], [C, H, C, C, H], None),
    ("progress resets the no-progress streak", {}, [N, P, N, P, N], [C, C, C, C, C], None),
    ("open is sticky", {}, [N, N, N, P, P], [C, H, O, O, O], "no_progress"),
    ("3 failures in a row open", {}, [failed(), failed(), failed()], [C, C, O], "failures"),
    ("a success breaks the failure row", {}, [failed(), failed(), P, failed(), failed()], [C] * 5, None),
    ("failures without progress open as failures", {},
     [failed(progress=False)] * 3, [C, H, O], "failures"),
    ("same error text 5 times in a row opens", {"failures_open": 10},
     [errored("boom")] * 5, [C, C, C, C, O], "same_error"),
    ("alternating error texts never open", {"failures_open": 10},
     [errored("a"), errored("b")] * 3, [C] * 6, None),
    ("no error text breaks the same-error row", {"failures_open": 10},
     [errored("x")] * 4 + [P] + [errored("x")] * 4, [C] * 9, None),
    ("permission denials 2 in a row open", {}, [D, D], [C, O], "permission_denials"),
    ("denials not in a row stay closed", {}, [D, P, D, P], [C] * 4, None),
    ("3 question-only iterations open", {}, [Q, Q, Q], [C, C, O], "questions"),
    ("max_questions is configurable", {"max_questions": 1}, [Q], [O], "questions"),
    ("a question neither extends nor resets no-progress", {}, [N, Q, Q, N], [C, C, C, H], None),
    ("a question with progress is progress", {},
     [N, N, out(question=True, progress=True)] * 2, [C, H, C] * 2, None),
    ("a question in a failed iteration counts as failure", {},
     [out(question=True, failed=True, progress=True)] * 3, [C, C, O], "failures"),
    ("interrupted iterations do not count at all", {}, [N, I, I, I, N, N], [C, C, C, C, H, O], "no_progress"),
    ("usage-limit waits are neutral", {}, [N, U, U, U, N], [C, C, C, C, H], None),
    ("usage-limit waits keep the failure row", {}, [failed(), U, failed(), U, failed()], [C, C, C, C, O], "failures"),
    ("iteration budget", {"max_iterations": 3}, [P, P, P], [C, C, O], "max_iterations"),
    ("interrupts do not use the iteration budget", {"max_iterations": 2}, [P, I, I, P], [C, C, C, O],
     "max_iterations"),
    ("cost budget", {"max_cost_usd": 1.0},
     [out(progress=True, cost_usd=0.4)] * 3, [C, C, O], "max_cost_usd"),
    ("interrupted iterations still cost money", {"max_cost_usd": 1.0},
     [out(progress=True, cost_usd=0.6), out(interrupted=True, cost_usd=0.5)], [C, O], "max_cost_usd"),
    ("a streak rule wins over a budget in the same iteration", {"max_iterations": 3}, [N, N, N], [C, H, O],
     "no_progress"),
]


@pytest.mark.parametrize(
    "settings, outcomes, states, trip",
    [case[1:] for case in TRANSITIONS],
    ids=[case[0] for case in TRANSITIONS],
)
def test_transitions(settings, outcomes, states, trip):
    breaker = CircuitBreaker(BreakerSettings(**settings), FakeClock())
    seen = [breaker.record(o) for o in outcomes]
    assert seen == states
    assert breaker.state is states[-1]
    assert breaker.trip == trip
    assert breaker.allows_iteration() is (states[-1] is not O)
    assert (breaker.reason is None) is (states[-1] is C)


REASONS = [
    ({}, [N, N], H, "no progress in 2 iterations in a row (no task status change, no change in the working "
                    "tree); 1 more without progress opens the breaker"),
    ({}, [N, N, N], O, NO_PROGRESS_REASON),
    ({}, [failed("e1"), failed("e2"), failed("API Error: 529 Overloaded")], O,
     "3 iterations in a row ended in error (last: API Error: 529 Overloaded)"),
    ({"failures_open": 9}, [errored("Invalid API key\n· Fix external API key")] * 5, O,
     "the same error ended 5 iterations in a row: Invalid API key · Fix external API key"),
    ({}, [D, D], O, "permission denials in 2 iterations in a row (allow the tools in allowed_tools or change "
                    "permission_mode)"),
    ({}, [Q, Q, Q], O, "Claude asked a question in 3 iterations in a row without making progress"),
    ({"max_iterations": 2}, [P, P], O, "iteration budget used: 2 of max_iterations=2 in this run"),
    ({"max_cost_usd": 0.5}, [out(progress=True, cost_usd=0.75)], O,
     "cost budget used: $0.75 of max_cost_usd=$0.50 in this run"),
]


@pytest.mark.parametrize("settings, outcomes, state, reason", REASONS)
def test_reasons_are_for_people(settings, outcomes, state, reason):
    breaker = CircuitBreaker(BreakerSettings(**settings), FakeClock())
    for o in outcomes:
        breaker.record(o)
    assert (breaker.state, breaker.reason) == (state, reason)


def test_a_long_error_is_shortened_to_one_line_in_the_reason():
    breaker = CircuitBreaker(BreakerSettings(failures_open=1), FakeClock())
    breaker.record(failed("x" * 1000 + "\ntrace"))
    assert "\n" not in breaker.reason
    assert len(breaker.reason) < 300
    assert breaker.reason.endswith("…)")


def test_wall_time_budget_checked_before_an_iteration():
    clock = FakeClock(5_000.0)
    breaker = CircuitBreaker(BreakerSettings(max_wall_seconds=60), clock)
    clock.now += 59
    assert breaker.check_budgets() is C
    clock.now += 1
    assert breaker.check_budgets() is O
    assert breaker.trip == "max_wall_seconds"
    assert breaker.reason == "wall-time budget used: 60s of max_wall_seconds=60s in this run"


def test_wall_time_budget_checked_when_recording():
    clock = FakeClock()
    breaker = CircuitBreaker(BreakerSettings(max_wall_seconds=100), clock)
    states = []
    for _ in range(3):
        clock.now += 40
        states.append(breaker.record(P))
    assert states == [C, C, O]


def test_zero_iteration_budget_opens_before_the_first_iteration():
    breaker = CircuitBreaker(BreakerSettings(max_iterations=0), FakeClock())
    assert breaker.allows_iteration()
    assert breaker.check_budgets() is O
    assert not breaker.allows_iteration()


def test_only_record_changes_counters():
    breaker = CircuitBreaker(BreakerSettings(max_cost_usd=10.0, max_wall_seconds=1e6), FakeClock())
    for o in (N, failed(), D, out(question=True, cost_usd=1.5)):
        breaker.record(o)
        before = breaker.to_dict()
        for _ in range(3):
            breaker.allows_iteration()
            breaker.check_budgets()
            _ = breaker.state, breaker.reason, breaker.trip, breaker.iterations, breaker.cost_usd
            breaker.to_dict()
        assert breaker.to_dict() == before
    assert breaker.iterations == 4
    assert breaker.cost_usd == 1.5


def test_start_run_lifts_a_budget_open_but_keeps_streaks():
    clock = FakeClock()
    breaker = CircuitBreaker(BreakerSettings(max_iterations=2), clock)
    assert [breaker.record(N), breaker.record(N)] == [C, O]
    assert breaker.trip == "max_iterations"
    clock.now += 3600
    assert breaker.start_run() is H  # the two no-progress iterations still count
    assert (breaker.iterations, breaker.cost_usd) == (0, 0.0)
    assert breaker.record(N) is O
    assert breaker.trip == "no_progress"


def test_start_run_restarts_the_wall_clock():
    clock = FakeClock()
    breaker = CircuitBreaker(BreakerSettings(max_wall_seconds=10), clock)
    clock.now += 11
    assert breaker.check_budgets() is O
    assert breaker.start_run() is C
    assert breaker.check_budgets() is C


def test_start_run_keeps_a_streak_open():
    breaker = CircuitBreaker(BreakerSettings(), FakeClock())
    for _ in range(3):
        breaker.record(N)
    assert breaker.start_run() is O
    assert breaker.reason == NO_PROGRESS_REASON


def test_a_streak_open_survives_looser_settings_in_the_next_run():
    breaker = CircuitBreaker(BreakerSettings(), FakeClock())
    for _ in range(3):
        breaker.record(N)
    looser = CircuitBreaker.from_dict(breaker.to_dict(), BreakerSettings(no_progress_open=10), FakeClock())
    assert looser.start_run() is O
    assert looser.reason == NO_PROGRESS_REASON


def test_reset_closes_and_clears_every_counter():
    clock = FakeClock()
    breaker = CircuitBreaker(BreakerSettings(), clock)
    for o in (N, N, N):
        breaker.record(o)
    clock.now = 2_000.0
    assert breaker.reset() is C
    assert (breaker.reason, breaker.trip) == (None, None)
    assert breaker.to_dict() == CircuitBreaker(BreakerSettings(), clock).to_dict()
    assert breaker.record(N) is C  # the old streak is gone


def test_settings_from_a_real_config(tmp_path: Path):
    (tmp_path / ".ralphy.toml").write_text(
        "no_progress_half_open = 4\nno_progress_open = 6\nfailures_open = 2\nmax_cost_usd = 2.5\n"
    )
    from ralphy.trust import trust

    trust(tmp_path)  # raising the breaker's thresholds from a project's config needs trust (config_limits)
    settings = BreakerSettings.from_config(load_config(tmp_path, environ={}))
    assert settings == BreakerSettings(no_progress_half_open=4, no_progress_open=6, failures_open=2,
                                       max_cost_usd=2.5)
    breaker = CircuitBreaker(settings, FakeClock())
    assert [breaker.record(N) for _ in range(6)] == [C, C, C, H, H, O]


def test_default_settings_match_the_default_config(tmp_path: Path):
    assert BreakerSettings.from_config(load_config(tmp_path, environ={})) == BreakerSettings()


@pytest.mark.parametrize("name", ["no_progress_open", "failures_open", "same_error_open", "max_questions"])
def test_a_zero_threshold_is_a_config_error(name):
    with pytest.raises(ConfigError, match=f"breaker setting {name} must be at least 1, got 0"):
        BreakerSettings(**{name: 0})


def test_outcome_rejects_nonsense_cost():
    with pytest.raises(ValueError):
        IterationOutcome(cost_usd=float("nan"))


# ----- persistence ---------------------------------------------------------------------------------------


def test_round_trip_through_a_file_continues_the_streak(tmp_path: Path):
    path = tmp_path / ".ralphy" / "breaker.json"
    clock = FakeClock()
    first = CircuitBreaker(BreakerSettings(), clock)
    for o in (failed("x", progress=False), N):
        first.record(o)
    first.save(path)
    assert json.loads(path.read_text())["version"] == 1

    second = CircuitBreaker.load(path, BreakerSettings(), clock)
    assert second.to_dict() == first.to_dict()
    assert second.state is H
    second.start_run()
    assert second.record(failed("x", progress=False)) is O
    assert second.trip == "no_progress"
    assert list(path.parent.iterdir()) == [path]  # no temp file left behind


def test_from_dict_round_trip_when_open():
    breaker = CircuitBreaker(BreakerSettings(), FakeClock())
    for o in (D, D):
        breaker.record(o)
    copy = CircuitBreaker.from_dict(json.loads(json.dumps(breaker.to_dict())), BreakerSettings(), FakeClock())
    assert copy.to_dict() == breaker.to_dict()
    assert not copy.allows_iteration()
    assert copy.trip == "permission_denials"


def test_a_missing_file_gives_a_fresh_breaker(tmp_path: Path):
    breaker = CircuitBreaker.load(tmp_path / "nope.json", BreakerSettings(), FakeClock())
    assert breaker.state is C


def _valid() -> dict:
    return CircuitBreaker(BreakerSettings(), FakeClock()).to_dict()


def _with(**changes) -> dict:
    data = _valid()
    data.update(changes)
    return data


def _with_counter(name, value) -> dict:
    data = _valid()
    data["counters"][name] = value
    return data


CORRUPT = [
    ([1, 2], "expected a JSON object"),
    (_with(version=2), "unsupported breaker state version 2"),
    ({k: v for k, v in _valid().items() if k != "version"}, "unsupported breaker state version None"),
    (_with(state="ajar"), "unknown state 'ajar'"),
    (_with(state="open"), "trip must be set exactly when the state is open"),
    (_with(trip="no_progress"), "trip must be set exactly when the state is open"),
    (_with(reason=3), "reason and trip must be strings or null"),
    (_with(counters=None), "counters missing or not an object"),
    (_with(counters={"no_progress": 1}), "counters must hold exactly"),
    (_with_counter("failures", -1), "counter failures has an invalid value -1"),
    (_with_counter("failures", "3"), "counter failures has an invalid value '3'"),
    (_with_counter("failures", True), "counter failures has an invalid value True"),
    (_with_counter("iterations", 1.5), "counter iterations has an invalid value 1.5"),
    (_with_counter("last_error", 7), "counter last_error has an invalid value 7"),
    (_with_counter("cost_usd", -0.1), "counter cost_usd has an invalid value -0.1"),
]


@pytest.mark.parametrize("data, message", CORRUPT)
def test_corrupt_content_is_a_clear_error_naming_the_file(tmp_path: Path, data, message):
    path = tmp_path / "breaker.json"
    path.write_text(json.dumps(data))
    with pytest.raises(BreakerStateError) as info:
        CircuitBreaker.load(path, BreakerSettings(), FakeClock())
    text = str(info.value)
    assert text.startswith(f"{path}: ")
    assert message in text
    assert text.endswith("delete it or run `ralphy reset`")
    assert "\n" not in text


@pytest.mark.parametrize("raw", [b"", b"{not json", b"\xff\xfe\x00binary", b'{"version": 1,'])
def test_a_file_that_is_not_json_is_a_clear_error(tmp_path: Path, raw):
    path = tmp_path / "breaker.json"
    path.write_bytes(raw)
    with pytest.raises(BreakerStateError, match=r"breaker\.json: not a valid breaker state \(not JSON\)"):
        CircuitBreaker.load(path, BreakerSettings(), FakeClock())
    assert path.read_bytes() == raw  # never destroyed


def test_unwritable_location_is_a_clear_error(tmp_path: Path):
    blocker = tmp_path / ".ralphy"
    blocker.write_text("a file where the directory should be")
    with pytest.raises(BreakerStateError, match=r"\.ralphy is a file, where ralphy keeps its state in a folder; remove it"):
        CircuitBreaker(BreakerSettings(), FakeClock()).save(blocker / "breaker.json")


def test_a_failed_write_leaves_the_old_file_intact(tmp_path: Path):
    """A real write failure: the child process may write at most 64 bytes to any file (RLIMIT_FSIZE)."""
    path = tmp_path / "breaker.json"
    CircuitBreaker(BreakerSettings(), FakeClock()).save(path)
    old = path.read_bytes()
    script = textwrap.dedent(
        f"""
        import resource, signal, sys
        from ralphy.breaker import BreakerSettings, CircuitBreaker, IterationOutcome
        from ralphy.errors import BreakerStateError
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        breaker = CircuitBreaker(BreakerSettings())
        breaker.record(IterationOutcome(failed=True, error="e" * 500))
        resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))
        try:
            breaker.save({str(path)!r})
        except BreakerStateError as exc:
            print(exc)
            sys.exit(3)
        """
    )
    proc = subprocess.run([sys.executable, "-B", "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=REPO)
    assert proc.returncode == 3, proc.stderr
    assert "cannot write the breaker state: File too large" in proc.stdout
    assert path.read_bytes() == old
    assert list(tmp_path.iterdir()) == [path]  # the temp file was removed


# ----------------------------------------------------------------------------- ralphy's own check (verify)


def checked(passed: bool, *, progress: bool = True) -> IterationOutcome:
    return out(progress=progress, verified=passed, verify_command="pytest -q")


def test_failed_checks_in_a_row_open_the_breaker_naming_the_command():
    breaker = CircuitBreaker(BreakerSettings(), FakeClock())
    assert [breaker.record(checked(False)) for _ in range(3)] == [C, C, O]
    assert breaker.trip == "verify_failures"
    assert breaker.reason.startswith("the check `pytest -q` failed 3 times in a row")


def test_a_passing_check_ends_the_streak_and_no_check_leaves_it_alone():
    breaker = CircuitBreaker(BreakerSettings(verify_failures_open=2), FakeClock())
    states = [breaker.record(o) for o in (checked(False), checked(True), checked(False), P, P)]
    assert states == [C, C, C, C, C]  # P carries no check: the streak of one failed check stays
    assert breaker.record(checked(False)) is O


def test_a_check_outside_an_iteration_counts_too():
    breaker = CircuitBreaker(BreakerSettings(), FakeClock())
    breaker.record(checked(False))
    assert breaker.record_check(False, "make check") is C
    assert breaker.iterations == 1  # not an iteration
    assert breaker.record_check(False, "make check") is O
    assert "`make check` failed 3 times" in breaker.reason
    assert CircuitBreaker().record_check(True) is C


def test_a_breaker_file_from_before_the_check_counters_still_loads(tmp_path: Path):
    data = CircuitBreaker(BreakerSettings(), FakeClock()).to_dict()
    del data["counters"]["verify_failures"], data["counters"]["last_verify_command"]
    path = tmp_path / "breaker.json"
    path.write_text(json.dumps(data))
    breaker = CircuitBreaker.load(path, BreakerSettings(), FakeClock())
    assert breaker.state is C and breaker.to_dict()["counters"]["verify_failures"] == 0
    data["counters"]["verify_failures"] = -1
    path.write_text(json.dumps(data))
    with pytest.raises(BreakerStateError, match="counter verify_failures has an invalid value -1"):
        CircuitBreaker.load(path, BreakerSettings(), FakeClock())


def test_zero_failed_checks_is_a_config_error():
    with pytest.raises(ConfigError, match="verify_failures_open must be at least 1, got 0"):
        BreakerSettings(verify_failures_open=0)
