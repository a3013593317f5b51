"""The history's schema: the numbered migrations that build ``.ralphy/ralphy.db`` (``PRAGMA user_version`` counts
those applied). Append only; never edit a released one. ``ralphy.store.Store`` applies them in order when it opens
the file; see docs/history.md.
"""

from __future__ import annotations

import sqlite3
from typing import Callable


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


def m006_question_multi_select(db: sqlite3.Connection) -> None:
    """A live question whose options may be picked several at once (AskUserQuestion's ``multiSelect``): 1, else
    NULL. ``ralphy answer ID 1,3`` picks two options only then, as the terminal's prompt does."""
    db.execute("ALTER TABLE questions ADD COLUMN multi_select INTEGER")


# Applied in order; user_version = how many have been applied. Append only; never edit a released one.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (m001_initial, m002_verification, m003_run_facts,
                                                                m004_permission_decisions, m005_question_options,
                                                                m006_question_multi_select)
SCHEMA_VERSION = len(MIGRATIONS)
