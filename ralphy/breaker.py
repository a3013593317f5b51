"""The circuit breaker: a pure state machine with an injected clock.

The loop tells the breaker what it saw in each iteration (an :class:`IterationOutcome`) and asks it whether
another iteration may start. :meth:`CircuitBreaker.record` is the one place counters change.

States::

    CLOSED ──(no progress ×2)──> HALF_OPEN ──(no progress ×3)──> OPEN
       ^                            │
       └──────(progress)────────────┘
    CLOSED / HALF_OPEN ──(failures ×3 | same error ×5 | denials ×2 | questions ×3 | failed checks ×3 | budget)──> OPEN

OPEN is sticky: only :meth:`CircuitBreaker.reset` (``ralphy reset``) closes it, except an OPEN caused by a
per-run budget, which :meth:`CircuitBreaker.start_run` lifts (see below). Every HALF_OPEN and OPEN carries a
``reason`` written for a person, and OPEN a ``trip`` naming the rule (``"no_progress"``, ``"failures"``,
``"same_error"``, ``"permission_denials"``, ``"questions"``, ``"verify_failures"``, ``"max_iterations"``,
``"max_cost_usd"``, ``"max_wall_seconds"``).

How each outcome counts:

- ``interrupted``: not an iteration at all; only its cost is added (the money was spent).
- ``usage_limited``: a wait for a usage limit; adds its cost, touches no streak and no iteration count.
- ``failed``: extends the failure streak; anything else ends it.
- ``error``: the same text as the previous iteration's extends the same-error streak, another text starts a
  new one, no text ends it. ``error`` may be set without ``failed`` (e.g. an API error the loop retried).
- ``permission_denials > 0``: extends the denial streak; none ends it.
- ``question`` without progress and without failure: extends the question streak and leaves the
  no-progress streak alone (it is neither progress nor failure); anything else ends the question streak.
- ``progress``: ends the no-progress streak (HALF_OPEN -> CLOSED); otherwise the streak grows.
- ``verified``: ``False`` (ralphy's check, ``verify_command``, failed after the iteration) extends the failed-check
  streak, ``True`` ends it, ``None`` (no check ran) leaves it alone. A check that is not tied to an iteration
  (the one before declaring a run completed) is counted by :meth:`CircuitBreaker.record_check`, the one other
  place a counter changes.

Runs and persistence. The state lives in ``.ralphy/breaker.json`` (:meth:`save` writes it atomically), so a
new ``ralphy dev`` continues the streaks where the last one stopped: three runs that each make no progress
still open the breaker. Budgets are per run: :meth:`start_run` zeroes the iteration count and the cost,
restarts the wall clock, and lifts an OPEN that a budget caused, but keeps every streak and any other OPEN.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import logging
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from ralphy import jsontext
from ralphy.errors import BreakerStateError, ConfigError

logger = logging.getLogger(__name__)

FORMAT_VERSION = 1
BREAKER_FILE = Path(".ralphy") / "breaker.json"
BUDGET_TRIPS = ("max_iterations", "max_cost_usd", "max_wall_seconds")
_ERROR_SHOWN = 200  # characters of an error text quoted in a reason


class State(str, enum.Enum):
    """The breaker's state; the value is what ``breaker.json`` and ``--json`` output hold."""

    CLOSED = "closed"
    HALF_OPEN = "half_open"
    OPEN = "open"


@dataclass(frozen=True)
class IterationOutcome:
    """What the loop observed in one iteration (see the module docstring for how each field counts)."""

    progress: bool = False
    failed: bool = False
    error: str | None = None
    permission_denials: int = 0
    question: bool = False
    cost_usd: float = 0.0
    interrupted: bool = False
    usage_limited: bool = False
    verified: bool | None = None  # ralphy's check after the iteration: passed, failed, or none ran
    verify_command: str | None = None  # the check's command (named in the reason when failed checks open it)

    def __post_init__(self) -> None:
        if self.permission_denials < 0:
            raise ValueError(f"permission_denials must not be negative, got {self.permission_denials}")
        if not math.isfinite(self.cost_usd) or self.cost_usd < 0:
            raise ValueError(f"cost_usd must be a finite non-negative number, got {self.cost_usd}")


@dataclass(frozen=True)
class BreakerSettings:
    """Thresholds (iterations in a row) and per-run budgets. ``None`` disables a budget."""

    no_progress_half_open: int = 2
    no_progress_open: int = 3
    same_error_open: int = 5
    failures_open: int = 3
    permission_denials_open: int = 2
    max_questions: int = 3
    verify_failures_open: int = 3
    max_iterations: int = 20
    max_cost_usd: float | None = None
    max_wall_seconds: float | None = None

    def __post_init__(self) -> None:
        for name in ("no_progress_half_open", "no_progress_open", "same_error_open", "failures_open",
                     "permission_denials_open", "max_questions", "verify_failures_open"):
            value = getattr(self, name)
            if value < 1:
                raise ConfigError(f"breaker setting {name} must be at least 1, got {value}")

    @classmethod
    def from_config(cls, config: Any) -> "BreakerSettings":
        """Settings from a :class:`ralphy.config.Config`: every field of the same name the config has."""
        names = [f.name for f in dataclasses.fields(cls)]
        return cls(**{name: getattr(config, name) for name in names if hasattr(config, name)})


@dataclass
class _Counters:
    """Everything ``record`` changes. Streaks survive runs; the last three fields are per run."""

    no_progress: int = 0
    failures: int = 0
    same_error: int = 0
    last_error: str | None = None
    permission_denials: int = 0
    questions: int = 0
    verify_failures: int = 0
    last_verify_command: str | None = None
    iterations: int = 0
    cost_usd: float = 0.0
    run_started_at: float = 0.0


class CircuitBreaker:
    """Decides whether the loop may run another iteration.

    ``clock`` returns seconds (``time.time`` by default; tests pass a fake). ``state`` is a snapshot from
    :meth:`to_dict` to continue from; prefer :meth:`from_dict` / :meth:`load`, which validate it.
    """

    def __init__(
        self,
        settings: BreakerSettings | None = None,
        clock: Callable[[], float] = time.time,
        state: Mapping[str, Any] | None = None,
    ) -> None:
        self.settings = settings or BreakerSettings()
        self._clock = clock
        if state is None:
            self._reset_fields()
        else:
            self._restore(state, "breaker state")

    # ----- what the loop calls -------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self._state

    @property
    def reason(self) -> str | None:
        """Why the breaker is HALF_OPEN or OPEN, for a person; None when CLOSED."""
        return self._reason

    @property
    def trip(self) -> str | None:
        """The rule that opened the breaker (e.g. ``"no_progress"``); None unless OPEN."""
        return self._trip

    @property
    def iterations(self) -> int:
        """Iterations counted in the current run."""
        return self._c.iterations

    @property
    def cost_usd(self) -> float:
        """Cost recorded in the current run."""
        return self._c.cost_usd

    def allows_iteration(self) -> bool:
        """True unless the breaker is OPEN."""
        return self._state is not State.OPEN

    def record(self, outcome: IterationOutcome) -> State:
        """Count one iteration's outcome and return the new state."""
        c = self._c
        c.cost_usd += outcome.cost_usd
        if not (outcome.interrupted or outcome.usage_limited):
            c.iterations += 1
            self._count_streaks(outcome)
            if outcome.verified is not None:
                self._count_check(outcome.verified, outcome.verify_command)
        self._evaluate()
        return self._state

    def record_check(self, passed: bool, command: str | None = None) -> State:
        """Count a check of ``verify_command`` made outside an iteration (before declaring a run completed)."""
        self._count_check(passed, command)
        self._evaluate()
        return self._state

    def check_budgets(self) -> State:
        """Open the breaker if a per-run budget is used up; call it before starting an iteration."""
        if self._state is not State.OPEN:
            self._open_for_budget()
        return self._state

    def start_run(self) -> State:
        """Begin a new ``ralphy dev`` run: fresh budgets, same streaks (see the module docstring)."""
        c = self._c
        c.iterations, c.cost_usd, c.run_started_at = 0, 0.0, self._clock()
        if self._trip in BUDGET_TRIPS:
            self._state, self._reason, self._trip = State.CLOSED, None, None
            self._evaluate()
        return self._state

    def lift_budget(self) -> State:
        """Close a breaker that a used-up budget opened, when the iteration that used it completed the work: a budget
        limits the work left, and there is none. ``check_budgets`` opens it again before any further iteration (a
        failed check after the last task, say)."""
        if self._trip in BUDGET_TRIPS:
            self._state, self._reason, self._trip = State.CLOSED, None, None
            self._evaluate(budgets=False)
        return self._state

    def reset(self) -> State:
        """Back to CLOSED with every counter cleared (what ``ralphy reset`` does)."""
        self._reset_fields()
        return self._state

    # ----- counting ------------------------------------------------------------------------------------

    def _count_streaks(self, outcome: IterationOutcome) -> None:
        c = self._c
        c.failures = c.failures + 1 if outcome.failed else 0
        if outcome.error:
            c.same_error = c.same_error + 1 if outcome.error == c.last_error else 1
        else:
            c.same_error = 0
        c.last_error = outcome.error or None
        c.permission_denials = c.permission_denials + 1 if outcome.permission_denials else 0
        question_only = outcome.question and not outcome.progress and not outcome.failed
        c.questions = c.questions + 1 if question_only else 0
        if outcome.progress:
            c.no_progress = 0
        elif not question_only:
            c.no_progress += 1

    def _count_check(self, passed: bool, command: str | None) -> None:
        c = self._c
        c.verify_failures = 0 if passed else c.verify_failures + 1
        c.last_verify_command = command

    def _evaluate(self, budgets: bool = True) -> None:
        """Derive the state from the counters; OPEN stays OPEN."""
        if self._state is State.OPEN:
            return
        if self._open_for_streaks() or (budgets and self._open_for_budget()):
            return
        s, n = self.settings, self._c.no_progress
        if n >= s.no_progress_half_open:
            left = s.no_progress_open - n
            self._state = State.HALF_OPEN
            self._reason = (
                f"no progress in {n} iterations in a row ({_NO_PROGRESS}); "
                f"{left} more without progress opens the breaker"
            )
        else:
            self._state, self._reason = State.CLOSED, None

    def _open_for_streaks(self) -> bool:
        s, c = self.settings, self._c
        if c.failures >= s.failures_open:
            return self._open("failures", f"{c.failures} iterations in a row ended in error "
                                          f"(last: {_shorten(c.last_error or 'no error text')})")
        if c.same_error >= s.same_error_open:
            return self._open("same_error", f"the same error ended {c.same_error} iterations in a row: "
                                            f"{_shorten(c.last_error or '')}")
        if c.permission_denials >= s.permission_denials_open:
            return self._open("permission_denials",
                              f"permission denials in {c.permission_denials} iterations in a row "
                              "(allow the tools in allowed_tools or change permission_mode)")
        if c.questions >= s.max_questions:
            return self._open("questions", f"Claude asked a question in {c.questions} iterations in a row "
                                           "without making progress")
        if c.verify_failures >= s.verify_failures_open:
            return self._open("verify_failures", f"the check `{_shorten(c.last_verify_command or 'verify_command')}` "
                                                 f"failed {c.verify_failures} times in a row (ralphy runs it after "
                                                 "iterations that complete tasks; make it pass)")
        if c.no_progress >= s.no_progress_open:
            return self._open("no_progress", f"no progress in {c.no_progress} iterations in a row ({_NO_PROGRESS})")
        return False

    def _open_for_budget(self) -> bool:
        s, c = self.settings, self._c
        if c.iterations >= s.max_iterations:
            return self._open("max_iterations", f"iteration budget used: {c.iterations} of "
                                                f"max_iterations={s.max_iterations} in this run")
        if s.max_cost_usd is not None and c.cost_usd >= s.max_cost_usd:
            return self._open("max_cost_usd", f"cost budget used: ${c.cost_usd:.2f} of "
                                              f"max_cost_usd=${s.max_cost_usd:.2f} in this run")
        elapsed = self._clock() - c.run_started_at
        if s.max_wall_seconds is not None and elapsed >= s.max_wall_seconds:
            return self._open("max_wall_seconds", f"wall-time budget used: {elapsed:.0f}s of "
                                                  f"max_wall_seconds={s.max_wall_seconds:g}s in this run")
        return False

    def _open(self, trip: str, reason: str) -> bool:
        self._state, self._trip, self._reason = State.OPEN, trip, reason
        logger.info("circuit breaker open: %s", reason)
        return True

    def _reset_fields(self) -> None:
        self._state, self._reason, self._trip = State.CLOSED, None, None
        self._c = _Counters(run_started_at=self._clock())

    # ----- persistence ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot (settings are not included: they come from the config)."""
        return {
            "version": FORMAT_VERSION,
            "state": self._state.value,
            "reason": self._reason,
            "trip": self._trip,
            "counters": dataclasses.asdict(self._c),
        }

    @classmethod
    def from_dict(
        cls,
        data: Any,
        settings: BreakerSettings | None = None,
        clock: Callable[[], float] = time.time,
        *,
        source: str = "breaker state",
    ) -> "CircuitBreaker":
        """Rebuild a breaker from :meth:`to_dict` output; bad content is a BreakerStateError naming ``source``."""
        breaker = cls(settings, clock)
        breaker._restore(data, source)
        return breaker

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the snapshot atomically: a temp file in the same directory, fsync, then os.replace."""
        target = Path(path)
        text = json.dumps(self.to_dict(), indent=2, allow_nan=False) + "\n"
        from ralphy import safefs
        from ralphy.errors import UnsafePathError

        try:  # never through a link a repository ships; 0600 (ralphy.safefs)
            safefs.ensure_dir(target.parent, target.parent.parent)
            safefs.write_atomic(target, text)
        except UnsafePathError as exc:
            raise BreakerStateError(str(exc)) from None
        except OSError as exc:
            raise BreakerStateError(f"{target}: cannot write the breaker state: {exc.strerror or exc}") from None

    @classmethod
    def load(
        cls,
        path: str | os.PathLike[str],
        settings: BreakerSettings | None = None,
        clock: Callable[[], float] = time.time,
    ) -> "CircuitBreaker":
        """The breaker saved in ``path``, or a fresh CLOSED one when the file does not exist."""
        from ralphy import safefs
        from ralphy.errors import UnsafePathError

        target = Path(path)
        try:
            raw = safefs.read_bytes(target, limit=1024 * 1024, follow=False, what="breaker state")
        except FileNotFoundError:
            return cls(settings, clock)
        except UnsafePathError as exc:
            raise BreakerStateError(str(exc)) from None
        except OSError as exc:
            raise BreakerStateError(f"{target}: cannot read the breaker state: {exc.strerror or exc}") from None
        try:
            data = jsontext.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise BreakerStateError(
                f"{target}: not a valid breaker state (not JSON); delete it or run `ralphy reset`"
            ) from None
        return cls.from_dict(data, settings, clock, source=str(target))

    def _restore(self, data: Any, source: str) -> None:
        def bad(what: str) -> BreakerStateError:
            return BreakerStateError(f"{source}: {what}; delete it or run `ralphy reset`")

        if not isinstance(data, Mapping):
            raise bad("not a valid breaker state (expected a JSON object)")
        version = data.get("version")
        if version != FORMAT_VERSION:
            raise bad(f"unsupported breaker state version {version!r} (this ralphy reads {FORMAT_VERSION})")
        try:
            state = State(data.get("state"))
        except ValueError:
            raise bad(f"unknown state {data.get('state')!r}") from None
        reason, trip = data.get("reason"), data.get("trip")
        if not isinstance(reason, (str, type(None))) or not isinstance(trip, (str, type(None))):
            raise bad("reason and trip must be strings or null")
        if (state is State.OPEN) != (trip is not None):
            raise bad("trip must be set exactly when the state is open")
        self._c = _counters_from(data.get("counters"), bad)
        self._state, self._reason, self._trip = state, reason, trip


_NO_PROGRESS = "no task status change, no change in the working tree"


def _shorten(text: str) -> str:
    """One line of at most _ERROR_SHOWN characters."""
    line = " ".join(text.split())
    return line if len(line) <= _ERROR_SHOWN else line[: _ERROR_SHOWN - 1] + "…"


def _counters_from(raw: Any, bad: Callable[[str], BreakerStateError]) -> _Counters:
    if not isinstance(raw, Mapping):
        raise bad("counters missing or not an object")
    fields = {f.name: f for f in dataclasses.fields(_Counters)}
    raw = {**{name: None if name == "last_verify_command" else 0 for name in _ADDED_COUNTERS}, **raw}
    if set(raw) != set(fields):
        raise bad(f"counters must hold exactly {', '.join(sorted(fields))}")
    for name, value in raw.items():
        if not _valid_counter(name, value):
            raise bad(f"counter {name} has an invalid value {value!r}")
    return _Counters(**{name: float(v) if name in ("cost_usd", "run_started_at") else v for name, v in raw.items()})


# Counters added after FORMAT_VERSION 1 was released: a file written before them reads them as zero.
_ADDED_COUNTERS = ("verify_failures", "last_verify_command")


def _valid_counter(name: str, value: Any) -> bool:
    if name in ("last_error", "last_verify_command"):
        return value is None or isinstance(value, str)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if name in ("cost_usd", "run_started_at"):
        return math.isfinite(value) and value >= 0
    return isinstance(value, int) and value >= 0

