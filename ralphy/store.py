"""Run history in SQLite: ``.ralphy/ralphy.db`` in the project.

One run (``ralphy dev``) has many iterations (one Claude CLI run each); an iteration has delegations to
subagents, task outcomes (a task of TASKS.md completed, by an agent or ``"direct"``) and possibly a question
Claude asked the user. Every write is its own transaction, committed before the call returns, so a killed
ralphy loses nothing it was told was written.

The file is ralphy's own: ``PRAGMA application_id`` marks it, ``PRAGMA user_version`` counts the migrations
applied (``MIGRATIONS``, applied in order, never edited once released). On open, a file that is not SQLite,
is truncated, belongs to another application or was written by a newer ralphy is refused with a StoreError
and left byte for byte as it was (those checks: ``ralphy.history_file``). Journal mode is WAL,
``synchronous=FULL``: writes are a handful per iteration (minutes apart), so an fsync per commit costs nothing
noticeable and a commit survives power loss too, not just a crash of ralphy. See docs/history.md.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import sqlite3
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from ralphy import jsontext
from ralphy.errors import StoreError
from ralphy.history_file import (
    APPLICATION_ID,
    FORGED_ROW_ERRORS,
    check_existing,
    check_not_redirected,
    forged_row_error,
    newer_message,
    refuse_foreign_schema,
    user_only,
)

logger = logging.getLogger(__name__)

DB_DIR = ".ralphy"
DB_NAME = "ralphy.db"
DEFAULT_TIMEOUT = 10.0  # seconds to wait for another process's write lock

OUTCOMES = ("ok", "failed", "interrupted", "usage_limit", "question", "timeout", "auth")
ANSWERED_BY = ("user", "auto")


# ----------------------------------------------------------------------------------------------- migrations


def m001_initial(db: sqlite3.Connection) -> None:
    """Runs, iterations, delegations, task outcomes and questions."""
    db.execute(
        """CREATE TABLE runs (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            status TEXT NOT NULL DEFAULT 'running',
            reason TEXT,
            exit_code INTEGER,
            config_json TEXT NOT NULL,
            argv_json TEXT NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE iterations (
            id INTEGER PRIMARY KEY,
            run_id INTEGER NOT NULL REFERENCES runs(id),
            n INTEGER NOT NULL,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            prompt_chars INTEGER NOT NULL,
            resumed_session TEXT,
            session_id TEXT,
            outcome TEXT,
            is_error INTEGER,
            error TEXT,
            cost_usd REAL,
            num_turns INTEGER,
            breaker_state TEXT,
            breaker_reason TEXT,
            transcript_path TEXT,
            result_text TEXT,
            UNIQUE (run_id, n)
        )"""
    )
    db.execute(
        """CREATE TABLE delegations (
            id INTEGER PRIMARY KEY,
            iteration_id INTEGER NOT NULL REFERENCES iterations(id),
            tool_use_id TEXT NOT NULL,
            agent TEXT NOT NULL,
            description TEXT NOT NULL,
            task_ids_json TEXT NOT NULL,
            status TEXT NOT NULL,
            error TEXT
        )"""
    )
    db.execute(
        """CREATE TABLE task_outcomes (
            id INTEGER PRIMARY KEY,
            iteration_id INTEGER NOT NULL REFERENCES iterations(id),
            task_id TEXT NOT NULL,
            title TEXT NOT NULL,
            group_name TEXT NOT NULL,
            handled_by TEXT NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE questions (
            id INTEGER PRIMARY KEY,
            iteration_id INTEGER NOT NULL REFERENCES iterations(id),
            session_id TEXT,
            text TEXT NOT NULL,
            confidence REAL NOT NULL,
            task_key TEXT,
            asked_at TEXT NOT NULL,
            answer TEXT,
            answered_at TEXT,
            answered_by TEXT,
            delivered_iteration_id INTEGER REFERENCES iterations(id)
        )"""
    )
    db.execute("CREATE INDEX iterations_run ON iterations(run_id)")
    db.execute("CREATE INDEX delegations_iteration ON delegations(iteration_id)")
    db.execute("CREATE INDEX task_outcomes_iteration ON task_outcomes(iteration_id)")
    db.execute("CREATE INDEX questions_iteration ON questions(iteration_id)")


def m002_verification(db: sqlite3.Connection) -> None:
    """ralphy's own checks (``verify_command``) and the evidence per delegation (files, commands, usage)."""
    db.execute(
        """CREATE TABLE verifications (
            id INTEGER PRIMARY KEY,
            run_id INTEGER NOT NULL REFERENCES runs(id),
            iteration_id INTEGER REFERENCES iterations(id),
            started_at TEXT NOT NULL,
            command TEXT NOT NULL,
            exit_code INTEGER,
            passed INTEGER NOT NULL,
            timed_out INTEGER NOT NULL DEFAULT 0,
            duration_s REAL NOT NULL,
            output_tail TEXT NOT NULL,
            output_path TEXT
        )"""
    )
    db.execute("CREATE INDEX verifications_run ON verifications(run_id)")
    db.execute("ALTER TABLE task_outcomes ADD COLUMN verified INTEGER")
    db.execute("ALTER TABLE task_outcomes ADD COLUMN claimed_without_changes INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE delegations ADD COLUMN files_changed_json TEXT NOT NULL DEFAULT '[]'")
    db.execute("ALTER TABLE delegations ADD COLUMN bash_commands_json TEXT NOT NULL DEFAULT '[]'")
    db.execute("ALTER TABLE delegations ADD COLUMN usage_json TEXT")
    db.execute("ALTER TABLE delegations ADD COLUMN duration_s REAL")
    db.execute("ALTER TABLE delegations ADD COLUMN cost_share REAL")


def m003_run_facts(db: sqlite3.Connection) -> None:
    """What a report of a run states about it: the ralphy and Claude CLI versions, tasks done/total at its end."""
    db.execute("ALTER TABLE runs ADD COLUMN ralphy_version TEXT")
    db.execute("ALTER TABLE runs ADD COLUMN claude_version TEXT")
    db.execute("ALTER TABLE runs ADD COLUMN tasks_done INTEGER")
    db.execute("ALTER TABLE runs ADD COLUMN tasks_total INTEGER")


def m004_permission_decisions(db: sqlite3.Connection) -> None:
    """Each can_use_tool request ralphy's permission policy decided (ralphy.claude.permissions)."""
    db.execute(
        """CREATE TABLE permission_decisions (
            id INTEGER PRIMARY KEY,
            iteration_id INTEGER NOT NULL REFERENCES iterations(id),
            tool TEXT NOT NULL,
            input_summary TEXT NOT NULL,
            decision TEXT NOT NULL,
            rule TEXT NOT NULL,
            agent_id TEXT
        )"""
    )
    db.execute("CREATE INDEX permission_decisions_iteration ON permission_decisions(iteration_id)")


def m005_question_options(db: sqlite3.Connection) -> None:
    """A live question (Claude's AskUserQuestion tool, ralphy.live_questions) keeps its header and its options
    (``[{label, description}]`` as JSON); NULL for a question found in a final message."""
    db.execute("ALTER TABLE questions ADD COLUMN header TEXT")
    db.execute("ALTER TABLE questions ADD COLUMN options_json TEXT")


# Applied in order; user_version = how many have been applied. Append only; never edit a released one.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (m001_initial, m002_verification, m003_run_facts,
                                                                m004_permission_decisions, m005_question_options)
SCHEMA_VERSION = len(MIGRATIONS)


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

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.update(asked_at=_iso(self.asked_at), answered_at=_iso(self.answered_at), options=list(self.options))
        return data


# ----------------------------------------------------------------------------------------------------- store


def db_path(project_dir: str | Path) -> Path:
    """Where the history of ``project_dir`` lives (the file may not exist yet)."""
    return Path(project_dir) / DB_DIR / DB_NAME


class Store:
    """The run history of one project. Use as a context manager, or call ``close()``.

    ``Store(path)`` opens (creating if missing) the database at ``path``; ``Store.open(project_dir)`` the one
    in ``project_dir/.ralphy/``. ``timeout`` is how long a write waits for another process's lock before
    giving up with a StoreError.
    """

    def __init__(self, path: str | Path, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = Path(path)
        self.timeout = timeout
        check_not_redirected(self.path)
        check_existing(self.path, SCHEMA_VERSION)
        try:
            if not self.path.parent.is_dir():
                self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            raise StoreError(f"{self.path.parent}: cannot create the directory: {exc.strerror}") from None
        user_only(self.path)
        self._db = self._connect()
        try:
            self._migrate()
        except BaseException:
            self._db.close()
            raise

    @classmethod
    def open(cls, project_dir: str | Path, *, timeout: float = DEFAULT_TIMEOUT) -> "Store":
        """Open (creating ``.ralphy/`` and the database if needed) the history of ``project_dir``."""
        return cls(db_path(project_dir), timeout=timeout)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ------------------------------------------------------------------------------------------------ runs

    def start_run(
        self, *, started_at: Timestamp | None = None, config_json: str | Mapping[str, Any] = "{}", argv: Sequence[str] = (),
        ralphy_version: str | None = None,
    ) -> int:
        """Record a new run (status ``running``); return its id. ``config_json``: JSON text or a mapping."""
        config_text = config_json if isinstance(config_json, str) else json.dumps(config_json, default=str)
        json.loads(config_text)  # a bug in the caller, not bad user input: let it raise
        return self._insert(
            "INSERT INTO runs (started_at, config_json, argv_json, ralphy_version) VALUES (?, ?, ?, ?)",
            (_stamp(started_at), config_text, json.dumps(list(argv)), ralphy_version),
        )

    def finish_run(
        self,
        run_id: int,
        *,
        status: str,
        reason: str | None = None,
        finished_at: Timestamp | None = None,
        exit_code: int | None = None,
        tasks_done: int | None = None,
        tasks_total: int | None = None,
        claude_version: str | None = None,
    ) -> None:
        """Record how run ``run_id`` ended (``status`` is the loop's word: completed, stopped, failed...), with
        the tasks file's counts then and the Claude CLI version its iterations reported."""
        self._update(
            """UPDATE runs SET status = ?, reason = ?, finished_at = ?, exit_code = ?, tasks_done = ?, tasks_total = ?,
                   claude_version = coalesce(?, claude_version)
               WHERE id = ?""",
            (status, reason, _stamp(finished_at), exit_code, tasks_done, tasks_total, claude_version, run_id),
            f"run {run_id}",
        )

    # ------------------------------------------------------------------------------------------ iterations

    def start_iteration(
        self,
        run_id: int,
        n: int,
        *,
        started_at: Timestamp | None = None,
        prompt_chars: int = 0,
        resumed_session: str | None = None,
    ) -> int:
        """Record that iteration ``n`` (1-based) of run ``run_id`` started; return its id."""
        return self._insert(
            "INSERT INTO iterations (run_id, n, started_at, prompt_chars, resumed_session) VALUES (?, ?, ?, ?, ?)",
            (run_id, n, _stamp(started_at), prompt_chars, resumed_session),
        )

    def finish_iteration(
        self,
        iteration_id: int,
        *,
        outcome: str,
        finished_at: Timestamp | None = None,
        session_id: str | None = None,
        is_error: bool = False,
        error: str | None = None,
        cost_usd: float | None = None,
        num_turns: int | None = None,
        breaker_state: str | None = None,
        breaker_reason: str | None = None,
        transcript_path: str | Path | None = None,
        result_text: str | None = None,
    ) -> None:
        """Record how an iteration ended. ``outcome`` is one of OUTCOMES."""
        if outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, got {outcome!r}")
        self._update(
            """UPDATE iterations SET finished_at = ?, session_id = ?, outcome = ?, is_error = ?, error = ?,
                   cost_usd = ?, num_turns = ?, breaker_state = ?, breaker_reason = ?, transcript_path = ?,
                   result_text = ?
               WHERE id = ?""",
            (
                _stamp(finished_at), session_id, outcome, bool(is_error), error, cost_usd, num_turns,
                breaker_state, breaker_reason, None if transcript_path is None else str(transcript_path),
                result_text, iteration_id,
            ),  # fmt: skip
            f"iteration {iteration_id}",
        )

    def add_delegation(
        self,
        iteration_id: int,
        *,
        tool_use_id: str,
        agent: str,
        description: str = "",
        task_ids: Sequence[str] = (),
        status: str,
        error: str | None = None,
        files_changed: Sequence[str] = (),
        bash_commands: Sequence[str] = (),
        usage: Mapping[str, Any] | None = None,
        duration_s: float | None = None,
        cost_share: float | None = None,
    ) -> None:
        """Record a delegation to subagent ``agent`` seen in an iteration, with the task ids it covered and
        its evidence (see DelegationRecord)."""
        self._insert(
            """INSERT INTO delegations (iteration_id, tool_use_id, agent, description, task_ids_json, status, error,
                   files_changed_json, bash_commands_json, usage_json, duration_s, cost_share)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                iteration_id, tool_use_id, agent, description, json.dumps(list(task_ids)), status, error,
                json.dumps(list(files_changed)), json.dumps(list(bash_commands)),
                None if usage is None else json.dumps(dict(usage)), duration_s, cost_share,
            ),  # fmt: skip
        )

    def add_task_outcome(
        self, iteration_id: int, *, task_id: str, title: str, group: str, handled_by: str,
        verified: bool | None = None, claimed_without_changes: bool = False,
    ) -> None:
        """Record that a task was completed in an iteration, by agent ``handled_by`` or ``"direct"``, and
        whether ralphy's check after the iteration passed (``verified``; None: no check ran)."""
        self._insert(
            """INSERT INTO task_outcomes (iteration_id, task_id, title, group_name, handled_by, verified,
                   claimed_without_changes) VALUES (?, ?, ?, ?, ?, ?, ?)""",
            (iteration_id, task_id, title, group, handled_by, None if verified is None else bool(verified),
             bool(claimed_without_changes)),
        )

    def add_verification(
        self,
        run_id: int,
        iteration_id: int | None = None,
        *,
        command: str,
        exit_code: int | None,
        passed: bool,
        duration_s: float,
        output_tail: str = "",
        timed_out: bool = False,
        output_path: str | Path | None = None,
        started_at: Timestamp | None = None,
    ) -> int:
        """Record one run of ``verify_command`` (after iteration ``iteration_id``, or None: before any
        iteration of the run); return its id."""
        return self._insert(
            """INSERT INTO verifications (run_id, iteration_id, started_at, command, exit_code, passed, timed_out,
                   duration_s, output_tail, output_path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                run_id, iteration_id, _stamp(started_at), command, exit_code, bool(passed), bool(timed_out),
                duration_s, output_tail, None if output_path is None else str(output_path),
            ),  # fmt: skip
        )

    # ----------------------------------------------------------------------------------------- permissions

    def add_permission_decisions(self, iteration_id: int, decisions: Sequence[Any]) -> None:
        """Record what the permission policy decided (``ralphy.claude.permissions.Decision`` or alike)."""
        for d in decisions:
            self._insert(
                """INSERT INTO permission_decisions (iteration_id, tool, input_summary, decision, rule, agent_id)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (iteration_id, d.tool, d.summary, d.decision, d.rule, d.agent_id),
            )

    def permission_decisions(self, run_id: int) -> list[dict[str, Any]]:
        """The permission decisions of run ``run_id``, in order, each with its iteration's number."""
        rows = self._read(
            """SELECT p.*, i.n AS iteration FROM permission_decisions p JOIN iterations i ON i.id = p.iteration_id
               WHERE i.run_id = ? ORDER BY p.id""", (run_id,))
        return [{"iteration": row["iteration"], "tool": row["tool"], "input": row["input_summary"],
                 "decision": row["decision"], "rule": row["rule"], "agent_id": row["agent_id"]} for row in rows]

    # ------------------------------------------------------------------------------------------- questions

    def add_question(
        self,
        iteration_id: int,
        *,
        session_id: str | None,
        text: str,
        confidence: float,
        task_key: str | None = None,
        asked_at: Timestamp | None = None,
        header: str | None = None,
        options: Sequence[Mapping[str, Any]] | None = None,
    ) -> int:
        """Record a question Claude asked (pending until answered); return its id.

        ``task_key`` (a task id or group) lets ``auto_replies_for`` count automatic answers per piece of work.
        ``header`` and ``options`` are a live question's (AskUserQuestion); None for one in a final message.
        """
        options_json = None if options is None else json.dumps([dict(o) for o in options])
        return self._insert(
            """INSERT INTO questions (iteration_id, session_id, text, confidence, task_key, asked_at, header,
                                      options_json)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
            (iteration_id, session_id, text, confidence, task_key, _stamp(asked_at), header, options_json),
        )

    def answer_question(
        self, question_id: int, answer: str, answered_at: Timestamp | None = None, *, answered_by: str = "user"
    ) -> None:
        """Answer a pending question. An unknown or already answered id is a StoreError."""
        if answered_by not in ANSWERED_BY:
            raise ValueError(f"answered_by must be one of {', '.join(ANSWERED_BY)}, got {answered_by!r}")
        with self._write() as db:
            row = db.execute("SELECT answered_at FROM questions WHERE id = ?", (question_id,)).fetchone()
            if row is None:
                raise StoreError(f"{self.path}: there is no question {question_id}")
            if row[0] is not None:
                raise StoreError(f"{self.path}: question {question_id} was already answered at {_shown_time(row[0])}")
            db.execute(
                "UPDATE questions SET answer = ?, answered_at = ?, answered_by = ? WHERE id = ?",
                (answer, _stamp(answered_at), answered_by, question_id),
            )

    def mark_question_delivered(self, question_id: int, iteration_id: int) -> None:
        """Record that iteration ``iteration_id`` resumed Claude's session with the question's answer."""
        self._update(
            "UPDATE questions SET delivered_iteration_id = ? WHERE id = ? AND answered_at IS NOT NULL",
            (iteration_id, question_id),
            f"answered question {question_id}",
        )

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

    # ----------------------------------------------------------------------------------------------- reads

    def runs(self, limit: int | None = None) -> list[RunRecord]:
        """The last ``limit`` runs (all when None), oldest first."""
        rows = self._read("SELECT * FROM runs ORDER BY id DESC LIMIT ?", (-1 if limit is None else limit,))
        with self._decoding():
            return [self._with_check(_run(row)) for row in reversed(rows)]

    def run(self, run_id: int) -> RunRecord:
        """Run ``run_id`` (StoreError if there is none)."""
        rows = self._read("SELECT * FROM runs WHERE id = ?", (run_id,))
        if not rows:
            raise StoreError(f"{self.path}: there is no run {run_id}")
        with self._decoding():
            return self._with_check(_run(rows[0]))

    def verifications(self, run_id: int) -> list[VerificationRecord]:
        """The checks of run ``run_id``, in the order they ran."""
        rows = self._read("SELECT * FROM verifications WHERE run_id = ? ORDER BY id", (run_id,))
        with self._decoding():
            return [_verification(row) for row in rows]

    def _with_check(self, run: RunRecord) -> RunRecord:
        rows = self._read("SELECT * FROM verifications WHERE run_id = ? ORDER BY id DESC LIMIT 1", (run.id,))
        return replace(run, verification=_verification(rows[0])) if rows else run

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
            delegations.setdefault(row["iteration_id"], []).append(
                DelegationRecord(
                    row["tool_use_id"], row["agent"], row["description"], _list(row["task_ids_json"]),
                    row["status"], row["error"], _list(row["files_changed_json"]), _list(row["bash_commands_json"]),
                    None if row["usage_json"] is None else _object(row["usage_json"]), _number(row["duration_s"]),
                    _number(row["cost_share"]),
                )  # fmt: skip
            )
        tasks: dict[int, list[TaskRecord]] = {}
        for row in self._read(
            """SELECT t.* FROM task_outcomes t JOIN iterations i ON i.id = t.iteration_id
               WHERE i.run_id = ? ORDER BY t.id""",
            (run_id,),
        ):
            tasks.setdefault(row["iteration_id"], []).append(
                TaskRecord(row["task_id"], row["title"], row["group_name"], row["handled_by"],
                           None if row["verified"] is None else bool(row["verified"]),
                           bool(row["claimed_without_changes"]))
            )
        checks = {check.iteration_id: check for check in self.verifications(run_id) if check.iteration_id is not None}
        return [
            replace(_iteration(row, delegations.get(row["id"], []), tasks.get(row["id"], [])),
                    verification=checks.get(row["id"]))
            for row in rows
        ]

    # ----------------------------------------------------------------------------------------------- plumbing

    def _connect(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot open: {exc}") from None
        db.row_factory = sqlite3.Row
        try:
            with self._errors():
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA synchronous = FULL")
                db.execute("PRAGMA foreign_keys = ON")
                db.execute("PRAGMA trusted_schema = OFF")  # no function with side effects from a view or trigger
                refuse_foreign_schema(self.path, db)
        except BaseException:
            db.close()
            raise
        return db

    def _migrate(self) -> None:
        with self._write() as db:  # under the write lock: two processes never migrate at once
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(newer_message(self.path, version, SCHEMA_VERSION))
            for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
                logger.info("%s: applying migration %d (%s)", self.path, number, migration.__name__)
                migration(db)
            if version < SCHEMA_VERSION:
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn what the environment did (lock held, disk full, file damaged) into a StoreError."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL" or "database or disk is full" in str(exc):
                raise StoreError(
                    f"{self.path}: the disk is full; free some space and run ralphy again (the history written "
                    "so far is kept)"
                ) from None
            if getattr(exc, "sqlite_errorname", "").startswith("SQLITE_BUSY"):
                raise StoreError(
                    f"{self.path}: locked by another process for more than {self.timeout:g}s; try again"
                ) from None
            raise StoreError(f"{self.path}: {exc}") from None
        except sqlite3.DatabaseError as exc:
            if type(exc) is not sqlite3.DatabaseError:  # IntegrityError, ProgrammingError...: a bug
                raise
            raise StoreError(f"{self.path}: the database is damaged: {exc}") from None

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction, committed on exit (rolled back on an exception)."""
        with self._errors():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _insert(self, sql: str, params: Sequence[Any]) -> int:
        with self._write() as db:
            row_id = db.execute(sql, params).lastrowid
        assert row_id is not None
        return row_id

    def _update(self, sql: str, params: Sequence[Any], what: str) -> None:
        with self._write() as db:
            if db.execute(sql, params).rowcount != 1:
                raise StoreError(f"{self.path}: there is no {what}")

    @contextlib.contextmanager
    def _decoding(self) -> Iterator[None]:
        """A row ralphy did not write (a repository can ship .ralphy/ralphy.db with any rows in it: text where a
        number belongs, a date that is not one, JSON nested past the parser) is one StoreError, not a traceback."""
        try:
            yield
        except FORGED_ROW_ERRORS as exc:
            raise forged_row_error(self.path, exc) from None

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._errors():
            return self._db.execute(sql, params).fetchall()

    def _questions(self, where: str, params: Sequence[Any] = ()) -> list[Question]:
        rows = self._read(
            f"""SELECT q.*, i.run_id, i.n FROM questions q JOIN iterations i ON i.id = q.iteration_id
                WHERE {where} ORDER BY q.id""",
            params,
        )
        with self._decoding():
            return self._question_records(rows)

    def _question_records(self, rows: list[sqlite3.Row]) -> list[Question]:
        return [
            Question(
                row["id"], row["run_id"], row["iteration_id"], row["n"], row["session_id"], row["text"],
                row["confidence"], row["task_key"], _time(row["asked_at"]), row["answer"],
                _parse(row["answered_at"]), row["answered_by"], row["delivered_iteration_id"], row["header"],
                _options(row["options_json"]),
            )  # fmt: skip
            for row in rows
        ]


def _options(value: str | None) -> tuple[dict[str, Any], ...]:
    """A question's stored options; anything not a list of objects reads as none."""
    try:
        options = json.loads(value) if value else []
    except ValueError:
        return ()
    return tuple(o for o in options if isinstance(o, dict)) if isinstance(options, list) else ()


# ------------------------------------------------------------------------------------------------- helpers


def _stamp(value: Timestamp | None) -> str:
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


def _run(row: sqlite3.Row) -> RunRecord:
    return RunRecord(
        _integer(row["id"]), _time(row["started_at"]), _parse(row["finished_at"]),
        _text(row["status"]), _text(row["reason"]), _integer(row["exit_code"]), _object(row["config_json"]),
        list(_list(row["argv_json"])), None, _text(row["ralphy_version"]), _text(row["claude_version"]),
        _integer(row["tasks_done"]), _integer(row["tasks_total"]),
    )  # fmt: skip


def _verification(row: sqlite3.Row) -> VerificationRecord:
    return VerificationRecord(
        row["id"], row["run_id"], row["iteration_id"], _time(row["started_at"]), row["command"],
        row["exit_code"], bool(row["passed"]), bool(row["timed_out"]), row["duration_s"], row["output_tail"],
        row["output_path"],
    )  # fmt: skip


def _iteration(row: sqlite3.Row, delegations: list[DelegationRecord], tasks: list[TaskRecord]) -> IterationRecord:
    return IterationRecord(
        _integer(row["id"]), _integer(row["run_id"]), _integer(row["n"]), _time(row["started_at"]),
        _parse(row["finished_at"]), _integer(row["prompt_chars"]), _text(row["resumed_session"]),
        _text(row["session_id"]), _text(row["outcome"]), None if row["is_error"] is None else bool(row["is_error"]),
        _text(row["error"]), _number(row["cost_usd"]), _integer(row["num_turns"]), _text(row["breaker_state"]),
        _text(row["breaker_reason"]), _text(row["transcript_path"]), _text(row["result_text"]), tuple(delegations),
        tuple(tasks),
    )  # fmt: skip


def _shown_time(stored: object) -> str:
    """A stored ISO time as the other commands show one ("2026-11-23 17:58:58", local time), else as stored."""
    try:
        return datetime.fromisoformat(str(stored)).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return str(stored)
