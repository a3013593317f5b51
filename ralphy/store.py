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

The migrations are in ``ralphy.history_schema``; the reads (the records, how a row becomes one, the queries) in
``ralphy.history_records``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from ralphy.errors import StoreError
from ralphy.jsontext import well_formed_text
from ralphy.history_file import (
    APPLICATION_ID,
    busy_message,
    check_existing,
    check_not_redirected,
    is_busy,
    newer_message,
    refuse_foreign_schema,
    user_only,
)
from ralphy.history_records import (  # noqa: F401 (the records are offered here too: ralphy log, status, answers, tests)
    DelegationRecord,
    HistoryReads,
    IterationRecord,
    Question,
    RunRecord,
    TaskRecord,
    Timestamp,
    VerificationRecord,
    shown_time,
    stamp,
)
from ralphy.history_schema import (  # noqa: F401 (the migrations are offered here too; Store applies MIGRATIONS)
    MIGRATIONS,
    SCHEMA_VERSION,
    m001_initial,
    m002_verification,
    m003_run_facts,
    m004_permission_decisions,
    m005_question_options,
    m006_question_multi_select,
)

logger = logging.getLogger(__name__)

DB_DIR = ".ralphy"
DB_NAME = "ralphy.db"
DEFAULT_TIMEOUT = 10.0  # seconds to wait for another process's write lock

OUTCOMES = ("ok", "failed", "interrupted", "usage_limit", "question", "timeout", "auth")
ANSWERED_BY = ("user", "auto")

# ----------------------------------------------------------------------------------------------------- store


def db_path(project_dir: str | Path) -> Path:
    """Where the history of ``project_dir`` lives (the file may not exist yet)."""
    return Path(project_dir) / DB_DIR / DB_NAME


class Store(HistoryReads):
    """The run history of one project. Use as a context manager, or call ``close()``.

    ``Store(path)`` opens (creating if missing) the database at ``path``; ``Store.open(project_dir)`` the one
    in ``project_dir/.ralphy/``. ``timeout`` is how long a write waits for another process's lock before
    giving up with a StoreError. Its reads (runs, iterations, questions...) are ``HistoryReads``'
    (``ralphy.history_records``).
    """

    def __init__(self, path: str | Path, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = Path(path)
        self.timeout = timeout
        check_not_redirected(self.path)
        check_existing(self.path, SCHEMA_VERSION, timeout=timeout)
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
        config_text = config_json if isinstance(config_json, str) else _json(config_json, default=str)
        json.loads(config_text)  # a bug in the caller, not bad user input: let it raise
        return self._insert(
            "INSERT INTO runs (started_at, config_json, argv_json, ralphy_version) VALUES (?, ?, ?, ?)",
            (stamp(started_at), config_text, _json(list(argv)), ralphy_version),
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
            (status, reason, stamp(finished_at), exit_code, tasks_done, tasks_total, claude_version, run_id),
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
            (run_id, n, stamp(started_at), prompt_chars, resumed_session),
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
                stamp(finished_at), session_id, outcome, bool(is_error), error, cost_usd, num_turns,
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
                iteration_id, tool_use_id, agent, description, _json(list(task_ids)), status, error,
                _json(list(files_changed)), _json(list(bash_commands)),
                None if usage is None else _json(dict(usage)), duration_s, cost_share,
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
                run_id, iteration_id, stamp(started_at), command, exit_code, bool(passed), bool(timed_out),
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
        multi_select: bool = False,
    ) -> int:
        """Record a question Claude asked (pending until answered); return its id.

        ``task_key`` (a task id or group) lets ``auto_replies_for`` count automatic answers per piece of work.
        ``header`` and ``options`` are a live question's (AskUserQuestion); None for one in a final message.
        ``multi_select``: several of its options may be picked at once.
        """
        options_json = None if options is None else _json([dict(o) for o in options])
        return self._insert(
            """INSERT INTO questions (iteration_id, session_id, text, confidence, task_key, asked_at, header,
                                      options_json, multi_select)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (iteration_id, session_id, text, confidence, task_key, stamp(asked_at), header, options_json,
             1 if multi_select else None),
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
                raise StoreError(f"{self.path}: question {question_id} was already answered at {shown_time(row[0])}")
            db.execute(
                "UPDATE questions SET answer = ?, answered_at = ?, answered_by = ? WHERE id = ?",
                _storable((answer, stamp(answered_at), answered_by, question_id)),
            )

    def mark_question_delivered(self, question_id: int, iteration_id: int) -> None:
        """Record that iteration ``iteration_id`` resumed Claude's session with the question's answer."""
        self._update(
            "UPDATE questions SET delivered_iteration_id = ? WHERE id = ? AND answered_at IS NOT NULL",
            (iteration_id, question_id),
            f"answered question {question_id}",
        )

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
            if is_busy(exc):
                raise StoreError(busy_message(self.path, self.timeout)) from None
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
            row_id = db.execute(sql, _storable(params)).lastrowid
        assert row_id is not None
        return row_id

    def _update(self, sql: str, params: Sequence[Any], what: str) -> None:
        with self._write() as db:
            if db.execute(sql, _storable(params)).rowcount != 1:
                raise StoreError(f"{self.path}: there is no {what}")

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._errors():
            return self._db.execute(sql, params).fetchall()


# ------------------------------------------------------------------------------------------------------ text


def _storable(params: Sequence[Any]) -> tuple[Any, ...]:
    """The parameters of a write as SQLite's UTF-8 can take them: every text's lone surrogates become U+FFFD.

    The history's text comes from what ralphy does not control: the Claude CLI's stream (the model's text, tool
    inputs, a subagent's description, where JSON's ``"\\ud800"`` is legal), command lines and answers typed at a
    terminal (Python keeps an undecodable byte as a surrogate, ``"\\udcff"``). Such a text cannot be encoded as
    UTF-8: the write raised a UnicodeEncodeError and the iteration was lost. A JSON column is written with its
    text as it is (``_json``), so its surrogates are replaced here too, never stored as escapes that come back."""
    return tuple(well_formed_text(value) if isinstance(value, str) and not value.isascii() else value
                 for value in params)


def _json(value: Any, **options: Any) -> str:
    """A JSON column's text: non-ASCII as itself (so ``_storable`` sees a lone surrogate, which an escape hides)."""
    return json.dumps(value, ensure_ascii=False, **options)
