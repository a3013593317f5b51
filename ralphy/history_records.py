"""The read side of the history: its records (runs, iterations, delegations, task outcomes, checks, questions),
how a row of ``.ralphy/ralphy.db`` becomes one, and the queries that read them (``HistoryReads``, a part of
``ralphy.store.Store``), for ``ralphy log``, ``status``, ``questions`` and the loop's own look back.

Times are stored as ISO 8601 in UTC (``stamp``). A row is decoded strictly: a value ralphy would not have written
(text where a number belongs, a date that is not one, JSON nested past the parser) raises one of
``ralphy.history_file.FORGED_ROW_ERRORS``, which the reads turn into one clear line.
"""

from __future__ import annotations

import contextlib
import math
import sqlite3
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from ralphy import jsontext
from ralphy.errors import StoreError
from ralphy.history_file import FORGED_ROW_ERRORS, forged_row_error

# --------------------------------------------------------------------------------------------------- records

Timestamp = datetime | float  # an aware datetime, a naive one (local time) or epoch seconds


@dataclass(frozen=True)
class DelegationRecord:
    """A call of the Agent/Task tool in one iteration, with its evidence: the files it changed (its own
    successful Write/Edit/MultiEdit/NotebookEdit calls), its Bash commands, the CLI's usage figures
    (``total_tokens``, ``tool_uses``, ``duration_ms``; None when the CLI gave none), and its share of the
    iteration's tokens (``cost_share``, 0..1)."""

    tool_use_id: str
    agent: str
    description: str
    task_ids: tuple[str, ...]
    status: str  # running | completed | failed
    error: str | None
    files_changed: tuple[str, ...] = ()
    bash_commands: tuple[str, ...] = ()
    usage: dict[str, Any] | None = None
    duration_s: float | None = None
    cost_share: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "task_ids": list(self.task_ids), "files_changed": list(self.files_changed),
                "bash_commands": list(self.bash_commands)}


@dataclass(frozen=True)
class TaskRecord:
    """A task of TASKS.md completed during one iteration; ``handled_by`` is an agent name or ``"direct"``.
    ``verified``: ralphy's check after the iteration passed (True), failed (False), or none ran (None);
    ``claimed_without_changes``: ticked in an iteration that changed nothing but the tasks file."""

    task_id: str
    title: str
    group: str
    handled_by: str
    verified: bool | None = None
    claimed_without_changes: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class VerificationRecord:
    """One run of ``verify_command`` by ralphy: after iteration ``iteration_id``, or (None) before any
    iteration of the run. ``exit_code`` is None when it timed out or could not start."""

    id: int
    run_id: int
    iteration_id: int | None
    started_at: datetime
    command: str
    exit_code: int | None
    passed: bool
    timed_out: bool
    duration_s: float
    output_tail: str
    output_path: str | None

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "started_at": _iso(self.started_at)}


@dataclass(frozen=True)
class IterationRecord:
    """One Claude CLI run inside a ralphy run. Fields after ``resumed_session`` are None until finished."""

    id: int
    run_id: int
    n: int
    started_at: datetime
    finished_at: datetime | None
    prompt_chars: int
    resumed_session: str | None
    session_id: str | None
    outcome: str | None
    is_error: bool | None
    error: str | None
    cost_usd: float | None
    num_turns: int | None
    breaker_state: str | None
    breaker_reason: str | None
    transcript_path: str | None
    result_text: str | None
    delegations: tuple[DelegationRecord, ...]
    tasks: tuple[TaskRecord, ...]
    verification: VerificationRecord | None = None  # ralphy's check after this iteration, if one ran

    @property
    def duration_seconds(self) -> float | None:
        return _duration(self.started_at, self.finished_at)

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data.update(
            started_at=_iso(self.started_at),
            finished_at=_iso(self.finished_at),
            duration_seconds=self.duration_seconds,
            delegations=[d.to_dict() for d in self.delegations],
            tasks=[t.to_dict() for t in self.tasks],
            verification=self.verification.to_dict() if self.verification else None,
        )
        return data


@dataclass(frozen=True)
class RunRecord:
    """One ``ralphy dev`` run. ``finished_at`` is None while it runs, or if ralphy died during it."""

    id: int
    started_at: datetime
    finished_at: datetime | None
    status: str
    reason: str | None
    exit_code: int | None
    config: dict[str, Any]
    argv: list[str]
    verification: VerificationRecord | None = None  # the run's last check (what its completion rests on)
    ralphy_version: str | None = None  # None: recorded before migration 3
    claude_version: str | None = None  # the CLI's own word (its init event); None: no iteration reported one
    tasks_done: int | None = None  # TASKS.md when the run ended; None while it runs
    tasks_total: int | None = None

    @property
    def duration_seconds(self) -> float | None:
        return _duration(self.started_at, self.finished_at)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.update(
            started_at=_iso(self.started_at),
            finished_at=_iso(self.finished_at),
            duration_seconds=self.duration_seconds,
            verification=self.verification.to_dict() if self.verification else None,
        )
        return data


@dataclass(frozen=True)
class Question:
    """A question Claude ended an iteration with. Pending until answered; delivered once a resumed
    iteration has carried the answer back to Claude's session."""

    id: int
    run_id: int
    iteration_id: int
    iteration_n: int
    session_id: str | None
    text: str
    confidence: float
    task_key: str | None
    asked_at: datetime
    answer: str | None
    answered_at: datetime | None
    answered_by: str | None  # user | auto
    delivered_iteration_id: int | None
    header: str | None = None  # a live question's (AskUserQuestion) header and options, as Claude gave them
    options: tuple[dict[str, Any], ...] = ()
    multi_select: bool = False  # several options may be picked at once (AskUserQuestion's multiSelect)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.update(asked_at=_iso(self.asked_at), answered_at=_iso(self.answered_at), options=list(self.options))
        return data


# ------------------------------------------------------------------------------------------------- from rows


def run_record(row: sqlite3.Row) -> RunRecord:
    return RunRecord(
        _integer(row["id"]), _time(row["started_at"]), _parse(row["finished_at"]),
        _text(row["status"]), _text(row["reason"]), _integer(row["exit_code"]), _object(row["config_json"]),
        list(_list(row["argv_json"])), None, _text(row["ralphy_version"]), _text(row["claude_version"]),
        _integer(row["tasks_done"]), _integer(row["tasks_total"]),
    )  # fmt: skip


def verification_record(row: sqlite3.Row) -> VerificationRecord:
    return VerificationRecord(
        row["id"], row["run_id"], row["iteration_id"], _time(row["started_at"]), row["command"],
        row["exit_code"], bool(row["passed"]), bool(row["timed_out"]), row["duration_s"], row["output_tail"],
        row["output_path"],
    )  # fmt: skip


def delegation_record(row: sqlite3.Row) -> DelegationRecord:
    return DelegationRecord(
        row["tool_use_id"], row["agent"], row["description"], _list(row["task_ids_json"]),
        row["status"], row["error"], _list(row["files_changed_json"]), _list(row["bash_commands_json"]),
        None if row["usage_json"] is None else _object(row["usage_json"]), _number(row["duration_s"]),
        _number(row["cost_share"]),
    )  # fmt: skip


def task_record(row: sqlite3.Row) -> TaskRecord:
    return TaskRecord(row["task_id"], row["title"], row["group_name"], row["handled_by"],
                      None if row["verified"] is None else bool(row["verified"]),
                      bool(row["claimed_without_changes"]))


def iteration_record(row: sqlite3.Row, delegations: list[DelegationRecord], tasks: list[TaskRecord]) -> IterationRecord:
    return IterationRecord(
        _integer(row["id"]), _integer(row["run_id"]), _integer(row["n"]), _time(row["started_at"]),
        _parse(row["finished_at"]), _integer(row["prompt_chars"]), _text(row["resumed_session"]),
        _text(row["session_id"]), _text(row["outcome"]), None if row["is_error"] is None else bool(row["is_error"]),
        _text(row["error"]), _number(row["cost_usd"]), _integer(row["num_turns"]), _text(row["breaker_state"]),
        _text(row["breaker_reason"]), _text(row["transcript_path"]), _text(row["result_text"]), tuple(delegations),
        tuple(tasks),
    )  # fmt: skip


def question_record(row: sqlite3.Row) -> Question:
    """A row of ``questions`` joined with its iteration's ``run_id`` and ``n``."""
    return Question(
        row["id"], row["run_id"], row["iteration_id"], row["n"], row["session_id"], row["text"],
        row["confidence"], row["task_key"], _time(row["asked_at"]), row["answer"],
        _parse(row["answered_at"]), row["answered_by"], row["delivered_iteration_id"], row["header"],
        _options(row["options_json"]), row["multi_select"] == 1,
    )  # fmt: skip


def _options(value: str | None) -> tuple[dict[str, Any], ...]:
    """A question's stored options; anything not a list of objects reads as none."""
    try:
        options = jsontext.loads(value) if value else []
    except ValueError:
        return ()
    return tuple(o for o in options if isinstance(o, dict)) if isinstance(options, list) else ()


# ---------------------------------------------------------------------------------------------- the read side


class HistoryReads:
    """``Store``'s reads: runs, iterations with their delegations, tasks and checks, questions, permission
    decisions, each decoded strictly (a forged row is one StoreError). What it uses of ``Store``: ``path`` and
    ``_read(sql, params)`` (one query under Store's error handling)."""

    path: Path
    _read: Callable[..., list[sqlite3.Row]]

    def runs(self, limit: int | None = None) -> list[RunRecord]:
        """The last ``limit`` runs (all when None), oldest first."""
        rows = self._read("SELECT * FROM runs ORDER BY id DESC LIMIT ?", (-1 if limit is None else limit,))
        with self._decoding():
            return [self._with_check(run_record(row)) for row in reversed(rows)]

    def run(self, run_id: int) -> RunRecord:
        """Run ``run_id`` (StoreError if there is none)."""
        rows = self._read("SELECT * FROM runs WHERE id = ?", (run_id,))
        if not rows:
            raise StoreError(f"{self.path}: there is no run {run_id}")
        with self._decoding():
            return self._with_check(run_record(rows[0]))

    def verifications(self, run_id: int) -> list[VerificationRecord]:
        """The checks of run ``run_id``, in the order they ran."""
        rows = self._read("SELECT * FROM verifications WHERE run_id = ? ORDER BY id", (run_id,))
        with self._decoding():
            return [verification_record(row) for row in rows]

    def _with_check(self, run: RunRecord) -> RunRecord:
        rows = self._read("SELECT * FROM verifications WHERE run_id = ? ORDER BY id DESC LIMIT 1", (run.id,))
        return replace(run, verification=verification_record(rows[0])) if rows else run

    def last_run(self) -> RunRecord | None:
        """The most recent run, or None when there is none."""
        runs = self.runs(limit=1)
        return runs[0] if runs else None

    def iterations(self, run_id: int) -> list[IterationRecord]:
        """The iterations of run ``run_id`` in order, each with its delegations and task outcomes."""
        with self._decoding():
            return self._iterations(run_id)

    def _iterations(self, run_id: int) -> list[IterationRecord]:
        rows = self._read("SELECT * FROM iterations WHERE run_id = ? ORDER BY n", (run_id,))
        delegations: dict[int, list[DelegationRecord]] = {}
        for row in self._read(
            """SELECT d.* FROM delegations d JOIN iterations i ON i.id = d.iteration_id
               WHERE i.run_id = ? ORDER BY d.id""",
            (run_id,),
        ):
            delegations.setdefault(row["iteration_id"], []).append(delegation_record(row))
        tasks: dict[int, list[TaskRecord]] = {}
        for row in self._read(
            """SELECT t.* FROM task_outcomes t JOIN iterations i ON i.id = t.iteration_id
               WHERE i.run_id = ? ORDER BY t.id""",
            (run_id,),
        ):
            tasks.setdefault(row["iteration_id"], []).append(task_record(row))
        checks = {check.iteration_id: check for check in self.verifications(run_id) if check.iteration_id is not None}
        return [
            replace(iteration_record(row, delegations.get(row["id"], []), tasks.get(row["id"], [])),
                    verification=checks.get(row["id"]))
            for row in rows
        ]

    def pending_questions(self) -> list[Question]:
        """Questions not answered yet, oldest first."""
        return self._questions("q.answered_at IS NULL")

    def answered_unresumed(self) -> list[Question]:
        """Answered questions whose answer has not been delivered to Claude yet, oldest first."""
        return self._questions("q.answered_at IS NOT NULL AND q.delivered_iteration_id IS NULL")

    def question(self, question_id: int) -> Question:
        """One question by id (StoreError if there is none)."""
        found = self._questions("q.id = ?", (question_id,))
        if not found:
            raise StoreError(f"{self.path}: there is no question {question_id}")
        return found[0]

    def auto_replies_for(self, task_key: str) -> int:
        """How many questions about ``task_key`` were answered automatically."""
        (count,) = self._read(
            "SELECT count(*) FROM questions WHERE task_key = ? AND answered_by = 'auto'", (task_key,)
        )[0]
        return count

    def permission_decisions(self, run_id: int) -> list[dict[str, Any]]:
        """The permission decisions of run ``run_id``, in order, each with its iteration's number."""
        rows = self._read(
            """SELECT p.*, i.n AS iteration FROM permission_decisions p JOIN iterations i ON i.id = p.iteration_id
               WHERE i.run_id = ? ORDER BY p.id""", (run_id,))
        return [{"iteration": row["iteration"], "tool": row["tool"], "input": row["input_summary"],
                 "decision": row["decision"], "rule": row["rule"], "agent_id": row["agent_id"]} for row in rows]

    def _questions(self, where: str, params: Sequence[Any] = ()) -> list[Question]:
        rows = self._read(
            f"""SELECT q.*, i.run_id, i.n FROM questions q JOIN iterations i ON i.id = q.iteration_id
                WHERE {where} ORDER BY q.id""",
            params,
        )
        with self._decoding():
            return [question_record(row) for row in rows]

    @contextlib.contextmanager
    def _decoding(self) -> Iterator[None]:
        """A row ralphy did not write (a repository can ship .ralphy/ralphy.db with any rows in it: text where a
        number belongs, a date that is not one, JSON nested past the parser) is one StoreError, not a traceback."""
        try:
            yield
        except FORGED_ROW_ERRORS as exc:
            raise forged_row_error(self.path, exc) from None



# ------------------------------------------------------------------------------------------------- helpers


def stamp(value: Timestamp | None) -> str:
    """A timestamp as stored: ISO 8601 in UTC, to the microsecond. None means now."""
    if value is None:
        moment = datetime.now(timezone.utc)
    elif isinstance(value, datetime):
        moment = value.astimezone(timezone.utc)
    else:
        moment = datetime.fromtimestamp(value, timezone.utc)
    return moment.isoformat(timespec="microseconds")


def _parse(text: str | None) -> datetime | None:
    return None if text is None else _time(text)


def _time(text: Any) -> datetime:
    """A time as ralphy writes it (ISO 8601, UTC); one without an offset is taken as UTC (every time compares
    with every other); anything else is a ValueError."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat(timespec="microseconds")


def _duration(start: datetime, end: datetime | None) -> float | None:
    return None if end is None else (end - start).total_seconds()


def _number(value: Any) -> float | int | None:
    """A REAL or INTEGER column as ralphy wrote it (SQLite keeps whatever a forged row puts there)."""
    if value is None or (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)):
        return value
    raise ValueError(f"{value!r} where a number belongs")


def _integer(value: Any) -> int | None:
    if value is None or isinstance(value, int):
        return value
    raise ValueError(f"{value!r} where an integer belongs")


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"{value!r} where text belongs")


def _list(text: Any) -> tuple:
    value = jsontext.loads(text)
    if not isinstance(value, list):
        raise ValueError(f"{str(text)[:40]!r} where a JSON list belongs")
    return tuple(value)


def _object(text: Any) -> Any:
    value = jsontext.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"{str(text)[:40]!r} where a JSON object belongs")
    return value


def shown_time(stored: object) -> str:
    """A stored ISO time as the other commands show one ("2026-11-23 17:58:58", local time), else as stored."""
    try:
        return datetime.fromisoformat(str(stored)).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return str(stored)
