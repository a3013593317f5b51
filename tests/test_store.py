"""ralphy.store against real SQLite files, real processes and real SIGKILLs."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from ralphy import store as store_module
from ralphy.errors import StoreError
from ralphy.store import APPLICATION_ID, SCHEMA_VERSION, Store, db_path

T0 = datetime(2025, 3, 1, 9, 30, tzinfo=timezone.utc)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def _fill(store: Store) -> tuple[int, int, int]:
    """One run of two iterations; the second ends with a question. Returns (run, iteration 2, question)."""
    run = store.start_run(started_at=T0, config_json={"max_iterations": 5}, argv=["ralphy", "dev", "."])
    first = store.start_iteration(run, 1, started_at=T0, prompt_chars=4200)
    store.add_delegation(
        first, tool_use_id="toolu_1", agent="backend-dev", description="Task 1.1 and 1.2", task_ids=["1.1", "1.2"],
        status="completed",
    )  # fmt: skip
    store.add_delegation(first, tool_use_id="toolu_2", agent="nope", status="failed", error="Agent type 'nope' not found")
    store.add_task_outcome(first, task_id="1.1", title="User model", group="Models", handled_by="backend-dev")
    store.add_task_outcome(first, task_id="1.2", title="Hashing", group="Models", handled_by="backend-dev")
    store.add_task_outcome(first, task_id="2.1", title="README", group="Docs", handled_by="direct")
    store.finish_iteration(
        first, finished_at=T0 + timedelta(seconds=95), session_id="sess-1", outcome="ok", cost_usd=0.42,
        num_turns=17, breaker_state="closed", breaker_reason="progress", transcript_path=Path("/tmp/t1.jsonl"),
        result_text="Done with models.",
    )  # fmt: skip
    second = store.start_iteration(run, 2, started_at=T0 + timedelta(seconds=100), prompt_chars=4300)
    question = store.add_question(second, session_id="sess-2", text="Postgres or SQLite?", confidence=0.92, task_key="Docs")
    store.finish_iteration(
        second, finished_at=T0 + timedelta(seconds=130), session_id="sess-2", outcome="question", cost_usd=0.05,
        num_turns=3, breaker_state="closed", result_text="Postgres or SQLite?",
    )  # fmt: skip
    store.finish_run(run, status="paused", reason="question pending", finished_at=T0 + timedelta(seconds=131), exit_code=0)
    return run, second, question


# ------------------------------------------------------------------------------------------------ round trip


def test_a_run_reads_back_as_written(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        run_id, _, _ = _fill(store)
        run = store.run(run_id)
        iterations = store.iterations(run_id)

    assert (run.status, run.reason, run.exit_code) == ("paused", "question pending", 0)
    assert run.config == {"max_iterations": 5} and run.argv == ["ralphy", "dev", "."]
    assert run.started_at == T0 and run.duration_seconds == 131.0
    assert [it.n for it in iterations] == [1, 2]
    first, second = iterations
    assert (first.outcome, first.is_error, first.cost_usd, first.num_turns) == ("ok", False, 0.42, 17)
    assert (first.session_id, first.prompt_chars, first.duration_seconds) == ("sess-1", 4200, 95.0)
    assert (first.breaker_state, first.breaker_reason, first.transcript_path) == ("closed", "progress", "/tmp/t1.jsonl")
    assert [(d.agent, d.task_ids, d.status, d.error) for d in first.delegations] == [
        ("backend-dev", ("1.1", "1.2"), "completed", None),
        ("nope", (), "failed", "Agent type 'nope' not found"),
    ]
    assert [(t.task_id, t.group, t.handled_by) for t in first.tasks] == [
        ("1.1", "Models", "backend-dev"), ("1.2", "Models", "backend-dev"), ("2.1", "Docs", "direct"),
    ]  # fmt: skip
    assert second.outcome == "question" and second.delegations == () and second.tasks == ()


def test_to_dict_is_json_with_iso_timestamps(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        run_id, _, _ = _fill(store)
        run = store.run(run_id).to_dict()
        iteration = store.iterations(run_id)[0].to_dict()
    json.dumps([run, iteration])
    assert run["started_at"] == "2025-03-01T09:30:00.000000+00:00"
    assert iteration["delegations"][0]["task_ids"] == ["1.1", "1.2"]
    assert iteration["tasks"][2] == {"task_id": "2.1", "title": "README", "group": "Docs", "handled_by": "direct",
                                     "verified": None, "claimed_without_changes": False}
    assert iteration["duration_seconds"] == 95.0


def test_timestamps_accept_epoch_seconds_and_default_to_now(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        before = datetime.now(timezone.utc)
        run_id = store.start_run(config_json="{}", argv=[])
        iteration = store.start_iteration(run_id, 1, started_at=T0.timestamp() + 0.25)
        store.finish_iteration(iteration, outcome="ok", finished_at=T0.timestamp() + 2.0)
        run, [it] = store.run(run_id), store.iterations(run_id)
    assert before <= run.started_at <= datetime.now(timezone.utc)
    assert run.finished_at is None and run.status == "running" and run.duration_seconds is None
    assert it.started_at == T0 + timedelta(seconds=0.25) and it.duration_seconds == 1.75


def test_runs_are_the_last_n_oldest_first(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        assert store.runs() == [] and store.last_run() is None
        ids = [store.start_run(config_json="{}", argv=[str(i)]) for i in range(5)]
        assert [r.id for r in store.runs()] == ids
        assert [r.id for r in store.runs(limit=2)] == ids[-2:]
        assert store.last_run().id == ids[-1]


def test_unknown_ids_are_store_errors(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        with pytest.raises(StoreError, match="there is no run 7"):
            store.run(7)
        with pytest.raises(StoreError, match="there is no run 7"):
            store.finish_run(7, status="completed")
        with pytest.raises(StoreError, match="there is no iteration 3"):
            store.finish_iteration(3, outcome="ok")
        with pytest.raises(StoreError, match="there is no question 9"):
            store.answer_question(9, "yes")


def test_bad_values_from_the_caller_are_bugs(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        run_id = store.start_run(config_json="{}", argv=[])
        iteration = store.start_iteration(run_id, 1)
        with pytest.raises(ValueError, match="outcome must be one of"):
            store.finish_iteration(iteration, outcome="great")
        with pytest.raises(sqlite3.IntegrityError):  # foreign keys are on
            store.add_task_outcome(999, task_id="1", title="x", group="g", handled_by="direct")
        with pytest.raises(sqlite3.IntegrityError):  # (run, n) is unique
            store.start_iteration(run_id, 1)
        assert [it.id for it in store.iterations(run_id)] == [iteration]


# -------------------------------------------------------------------------------------------------- questions


def test_question_lifecycle(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        run_id, iteration, question_id = _fill(store)
        [pending] = store.pending_questions()
        assert (pending.id, pending.run_id, pending.iteration_n, pending.session_id) == (question_id, run_id, 2, "sess-2")
        assert (pending.text, pending.confidence, pending.answer) == ("Postgres or SQLite?", 0.92, None)
        assert store.answered_unresumed() == []

        store.answer_question(question_id, "SQLite", T0 + timedelta(minutes=5))
        assert store.pending_questions() == []
        [answered] = store.answered_unresumed()
        assert (answered.answer, answered.answered_by) == ("SQLite", "user")
        assert answered.answered_at == T0 + timedelta(minutes=5)
        shown = (T0 + timedelta(minutes=5)).astimezone().strftime("%Y-%m-%d %H:%M:%S")  # as `ralphy status` shows times
        with pytest.raises(StoreError, match=f"question {question_id} was already answered at {shown}$"):
            store.answer_question(question_id, "Postgres")

        resumed = store.start_iteration(run_id, 3, resumed_session="sess-2")
        store.mark_question_delivered(question_id, resumed)
        assert store.answered_unresumed() == []
        assert store.question(question_id).delivered_iteration_id == resumed
        assert store.iterations(run_id)[2].resumed_session == "sess-2"


def test_a_pending_question_cannot_be_marked_delivered(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        _, iteration, question_id = _fill(store)
        with pytest.raises(StoreError, match=f"no answered question {question_id}"):
            store.mark_question_delivered(question_id, iteration)


def test_auto_replies_are_counted_per_task_key(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        _, iteration, first = _fill(store)
        second = store.add_question(iteration, session_id="s", text="Again?", confidence=0.8, task_key="Docs")
        other = store.add_question(iteration, session_id="s", text="Other?", confidence=0.8, task_key="Models")
        store.answer_question(first, "Your call.", answered_by="auto")
        store.answer_question(second, "Use SQLite.")  # by the user: not counted
        store.answer_question(other, "Your call.", answered_by="auto")
        assert store.auto_replies_for("Docs") == 1
        assert store.auto_replies_for("Models") == 1
        assert store.auto_replies_for("Nothing") == 0


# ------------------------------------------------------------------------------------------ the file itself


def test_open_creates_the_directory_and_a_marked_wal_database(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    with Store.open(project) as store:
        assert store.path == project / ".ralphy" / "ralphy.db" == db_path(project)
        store.start_run(config_json="{}", argv=[])
        reader = _raw(store.path)
        try:  # another connection sees the write at once: it was committed
            assert reader.execute("SELECT count(*) FROM runs").fetchone() == (1,)
            assert reader.execute("PRAGMA journal_mode").fetchone() == ("wal",)
            assert reader.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
            assert reader.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        finally:
            reader.close()


def test_history_survives_reopening(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        run_id, _, _ = _fill(store)
    with Store.open(tmp_path) as store:
        assert store.last_run().id == run_id
        assert len(store.iterations(run_id)) == 2
        assert store.start_run(config_json="{}", argv=[]) == run_id + 1


def test_an_empty_file_or_an_interrupted_creation_becomes_a_database(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    half = tmp_path / "half.db"  # SQLite header written (WAL switched on), killed before the first migration
    raw = _raw(half)
    raw.execute("PRAGMA journal_mode = WAL")
    raw.close()
    for path in (empty, half):
        with Store(path) as store:
            assert store.start_run(config_json="{}", argv=[]) == 1


def test_new_migrations_are_applied_in_order_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ralphy.db"
    with Store(path) as store:
        run_id = store.start_run(config_json="{}", argv=[])

    applied: list[str] = []

    def m002_notes(db: sqlite3.Connection) -> None:
        applied.append("m002")
        db.execute("ALTER TABLE runs ADD COLUMN notes TEXT")

    def m003_fill(db: sqlite3.Connection) -> None:
        applied.append("m003")
        db.execute("UPDATE runs SET notes = 'migrated'")

    released = len(store_module.MIGRATIONS)
    monkeypatch.setattr(store_module, "MIGRATIONS", (*store_module.MIGRATIONS, m002_notes, m003_fill))
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", released + 2)
    for _ in range(2):
        with Store(path) as store:
            assert store.run(run_id).id == run_id
    assert applied == ["m002", "m003"]
    raw = _raw(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone() == (released + 2,)
        assert raw.execute("SELECT notes FROM runs").fetchall() == [("migrated",)]
    finally:
        raw.close()


# ------------------------------------------------------------------------ refused files are left untouched


def _foreign_with_tables(path: Path) -> None:
    raw = _raw(path)
    raw.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    raw.execute("INSERT INTO photos (name) VALUES ('cat.jpg')")
    raw.close()


def _foreign_application(path: Path) -> None:
    raw = _raw(path)
    raw.execute("PRAGMA application_id = 1234")
    raw.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY)")
    raw.close()


def _foreign_wal(path: Path) -> None:
    raw = _raw(path)
    raw.execute("PRAGMA journal_mode = WAL")
    raw.execute("CREATE TABLE notes (body TEXT)")
    raw.close()


def _newer_ralphy(path: Path) -> None:
    with Store(path) as store:
        store.start_run(config_json="{}", argv=[])
    raw = _raw(path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()


def _not_sqlite(path: Path) -> None:
    path.write_bytes(random.Random(7).randbytes(8192))


def _text_file(path: Path) -> None:
    path.write_text("# my notes\nnothing to see\n")


def _shorter_than_a_header(path: Path) -> None:
    path.write_bytes(b"SQLite format 3\x00" + b"\x10\x00")


def _truncated_ralphy(path: Path) -> None:
    with Store(path) as store:
        run_id = store.start_run(config_json="{}", argv=[])
        for n in range(1, 200):
            iteration = store.start_iteration(run_id, n)
            store.finish_iteration(iteration, outcome="ok", result_text="x" * 2000)
    data = path.read_bytes()
    assert len(data) > 40 * 4096
    path.write_bytes(data[: len(data) // 2])


def _damaged_ralphy(path: Path) -> None:
    with Store(path) as store:
        store.start_run(config_json="{}", argv=[])
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # page 1's b-tree (the schema) overwritten
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    "make, message",
    [
        (_foreign_with_tables, "another application"),
        (_foreign_application, "another application"),
        (_foreign_wal, "another application"),
        (_newer_ralphy, f"newer ralphy \\(schema version {SCHEMA_VERSION + 1}, this one knows up to {SCHEMA_VERSION}\\)"),
        (_not_sqlite, "not an SQLite database"),
        (_text_file, "not an SQLite database"),
        (_shorter_than_a_header, "not an SQLite database"),
        (_truncated_ralphy, "truncated"),
        (_damaged_ralphy, "not a usable SQLite database"),
    ],
)
def test_a_file_that_is_not_a_usable_ralphy_database_is_refused_and_untouched(tmp_path: Path, make, message) -> None:
    project = tmp_path / "project"
    path = db_path(project)
    path.parent.mkdir(parents=True)
    make(path)
    before, neighbours = _digest(path), sorted(os.listdir(path.parent))

    with pytest.raises(StoreError, match=message) as caught:
        Store.open(project)

    assert str(caught.value).startswith(str(path) + ": ") and "\n" not in str(caught.value)
    assert _digest(path) == before
    assert sorted(os.listdir(path.parent)) == neighbours  # no -wal / -shm / journal left beside it


def test_an_unusable_location_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "project").write_text("a file, not a directory")
    with pytest.raises(StoreError, match="project/.ralphy/ralphy.db: cannot read: Not a directory"):
        Store.open(tmp_path / "project")
    db_path(tmp_path / "other").mkdir(parents=True)  # a directory where the database should be
    with pytest.raises(StoreError, match="ralphy.db is a folder, where ralphy keeps a file; remove it"):
        Store.open(tmp_path / "other")


# ------------------------------------------------------------------------------------------------- locking


def _hold_write_lock(path: Path, seconds: float, locked: threading.Event) -> None:
    raw = _raw(path)
    try:
        raw.execute("BEGIN IMMEDIATE")
        locked.set()
        time.sleep(seconds)
        raw.execute("COMMIT")
    finally:
        raw.close()


def test_a_write_waits_for_another_process_lock(tmp_path: Path) -> None:
    with Store.open(tmp_path, timeout=5) as store:
        locked = threading.Event()
        holder = threading.Thread(target=_hold_write_lock, args=(store.path, 0.3, locked))
        holder.start()
        locked.wait(5)
        started = time.monotonic()
        run_id = store.start_run(config_json="{}", argv=[])
        waited = time.monotonic() - started
        holder.join()
        assert run_id == 1 and waited >= 0.2


def test_a_lock_held_too_long_is_a_clear_error(tmp_path: Path) -> None:
    with Store.open(tmp_path, timeout=0.2) as store:
        locked = threading.Event()
        holder = threading.Thread(target=_hold_write_lock, args=(store.path, 1.0, locked))
        holder.start()
        locked.wait(5)
        try:
            with pytest.raises(StoreError, match=r"locked by another process for more than 0.2s"):
                store.start_run(config_json="{}", argv=[])
        finally:
            holder.join()
        assert store.runs() == []
        assert store.start_run(config_json="{}", argv=[]) == 1


# ---------------------------------------------------------------------------------------------- durability

WRITER = """
import sys
from ralphy.store import Store

with Store(sys.argv[1]) as store:
    while True:
        run = store.start_run(config_json={"writer": True}, argv=["writer"])
        print("run", run, flush=True)
        for n in range(1, 4):
            iteration = store.start_iteration(run, n, prompt_chars=n)
            print("iteration", iteration, flush=True)
            store.add_delegation(iteration, tool_use_id=f"t{n}", agent="a", task_ids=[str(n)], status="completed")
            store.add_task_outcome(iteration, task_id=str(n), title="t", group="g", handled_by="a")
            store.finish_iteration(iteration, outcome="ok", session_id="s", cost_usd=0.01, num_turns=n)
            print("finished", iteration, flush=True)
        store.finish_run(run, status="completed", exit_code=0)
        print("done", run, flush=True)
"""


def _kill_writer_after(path: Path, delay: float, *, once_writing: bool = False) -> list[tuple[str, int]]:
    """Run WRITER, SIGKILL it after ``delay`` seconds; return what it reported as committed.

    With ``once_writing`` the delay counts from its first reported commit, not from its start: under load the
    interpreter's start alone can take longer than any delay, and a writer killed before it writes proves little.
    """
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True)
    first = ""
    try:
        if once_writing:
            first = writer.stdout.readline()  # "" if it died first: then the kill below finds it gone
        time.sleep(delay)
    finally:
        writer.send_signal(signal.SIGKILL)
        output, _ = writer.communicate(timeout=30)
    output = first + output
    assert writer.returncode == -signal.SIGKILL
    # print() writes the text and the newline separately: a kill between them leaves a last line without one
    complete = output.split("\n")[:-1]
    return [(word, int(number)) for word, number in (line.split() for line in complete)]


def _has_tables(path: Path) -> bool:
    raw = _raw(path)
    try:
        return bool(raw.execute("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").fetchone()[0])
    finally:
        raw.close()


def _check_consistent(path: Path, reported: list[tuple[str, int]]) -> tuple[int, int]:
    """Integrity, referential consistency and every reported commit present; return (runs, iterations)."""
    raw = _raw(path)
    try:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
        query = {
            "run": "SELECT count(*) FROM runs WHERE id = ?",
            "done": "SELECT count(*) FROM runs WHERE id = ? AND finished_at IS NOT NULL",
            "iteration": "SELECT count(*) FROM iterations WHERE id = ?",
            "finished": "SELECT count(*) FROM iterations WHERE id = ? AND outcome = 'ok'"
            " AND (SELECT count(*) FROM delegations WHERE iteration_id = iterations.id) = 1"
            " AND (SELECT count(*) FROM task_outcomes WHERE iteration_id = iterations.id) = 1",
        }
        for word, number in reported:
            assert raw.execute(query[word], (number,)).fetchone() == (1,), (word, number)
        runs = raw.execute("SELECT count(*) FROM runs").fetchone()[0]
        iterations = raw.execute("SELECT count(*) FROM iterations").fetchone()[0]
        assert raw.execute("SELECT count(*) FROM iterations WHERE run_id NOT IN (SELECT id FROM runs)").fetchone() == (0,)
        return runs, iterations
    finally:
        raw.close()


def test_kill_9_at_random_moments_loses_nothing_committed(tmp_path: Path) -> None:
    path = tmp_path / ".ralphy" / "ralphy.db"
    rng = random.Random(20250301)
    counts = (0, 0)
    rounds_that_wrote = 0
    for round_ in range(20):
        # every fourth round counts from the start (the kill may land before the schema); the others from the
        # writer's first commit, so that most rounds kill it mid-write however slow the machine is
        once_writing = round_ % 4 != 0
        reported = _kill_writer_after(path, rng.uniform(0.0, 0.3 if once_writing else 0.6), once_writing=once_writing)
        rounds_that_wrote += bool(reported)
        if not path.exists() or not reported and not _has_tables(path):  # killed before the schema was
            assert reported == []  # committed: nothing there yet (the next Store creates it, checked below)
            with Store(path) as store:
                assert store.last_run() is None
            continue
        now = _check_consistent(path, reported)
        assert now[0] >= counts[0] and now[1] >= counts[1], (counts, now)
        counts = now
        with Store(path) as store:  # the next ralphy opens it and carries on
            last = store.last_run()
            assert last is not None or counts[0] == 0
            store.finish_run(store.start_run(config_json="{}", argv=["next"]), status="completed")
        counts = (counts[0] + 1, counts[1])
    assert rounds_that_wrote >= 15, "the writer hardly wrote anything: the test proved little"


# ------------------------------------------------------------------------- verification and evidence (m002)


def test_checks_and_evidence_round_trip(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        run = store.start_run(config_json="{}", argv=[])
        before = store.add_verification(run, None, command="pytest", exit_code=0, passed=True, duration_s=0.5,
                                        output_tail="1 passed")
        it = store.start_iteration(run, 1, prompt_chars=10)
        store.add_delegation(it, tool_use_id="toolu_1", agent="model-builder", description="Tasks 1.1, 1.2",
                             task_ids=["1.1", "1.2"], status="completed", files_changed=["src/a.py", "src/b.py"],
                             bash_commands=["pytest -q"], usage={"total_tokens": 41000, "tool_uses": 5,
                                                                 "duration_ms": 38000},
                             duration_s=38.0, cost_share=0.6)
        store.add_task_outcome(it, task_id="1.1", title="A", group="Models", handled_by="model-builder",
                               verified=False)
        store.add_task_outcome(it, task_id="2.1", title="B", group="Docs", handled_by="direct",
                               claimed_without_changes=True)
        store.finish_iteration(it, outcome="ok")
        after = store.add_verification(run, it, command="pytest", exit_code=None, passed=False, duration_s=600.0,
                                       output_tail="[stopped]", timed_out=True, output_path="/x/check.log")
        iteration = store.iterations(run)[0]
        record = store.run(run)
        checks = store.verifications(run)
    assert [c.id for c in checks] == [before, after] and checks[0].iteration_id is None
    assert record.verification == checks[1]  # the run's last check
    assert iteration.verification.to_dict() | {"started_at": None} == {
        "id": after, "run_id": run, "iteration_id": it, "started_at": None, "command": "pytest", "exit_code": None,
        "passed": False, "timed_out": True, "duration_s": 600.0, "output_tail": "[stopped]",
        "output_path": "/x/check.log",
    }  # fmt: skip
    delegation = iteration.delegations[0].to_dict()
    assert delegation["files_changed"] == ["src/a.py", "src/b.py"] and delegation["bash_commands"] == ["pytest -q"]
    assert delegation["usage"] == {"total_tokens": 41000, "tool_uses": 5, "duration_ms": 38000}
    assert (delegation["duration_s"], delegation["cost_share"]) == (38.0, 0.6)
    assert [(t.verified, t.claimed_without_changes) for t in iteration.tasks] == [(False, False), (None, True)]
    json.dumps(record.to_dict())


def test_a_version_1_history_is_migrated_with_its_rows_kept(tmp_path: Path) -> None:
    path = db_path(tmp_path)
    path.parent.mkdir()
    raw = sqlite3.connect(path)
    store_module.m001_initial(raw)
    raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    raw.execute("PRAGMA user_version = 1")
    raw.execute("INSERT INTO runs (started_at, config_json, argv_json) VALUES ('2025-03-01T09:30:00+00:00', '{}', '[]')")
    raw.execute("INSERT INTO iterations (run_id, n, started_at, prompt_chars, outcome) "
                "VALUES (1, 1, '2025-03-01T09:30:00+00:00', 5, 'ok')")
    raw.execute("INSERT INTO delegations (iteration_id, tool_use_id, agent, description, task_ids_json, status) "
                "VALUES (1, 't1', 'a', 'Task 1.1', '[\"1.1\"]', 'completed')")
    raw.execute("INSERT INTO task_outcomes (iteration_id, task_id, title, group_name, handled_by) "
                "VALUES (1, '1.1', 'A', 'G', 'a')")
    raw.commit()
    raw.close()
    with Store.open(tmp_path) as store:
        iteration = store.iterations(1)[0]
        assert store.run(1).verification is None
    assert iteration.verification is None
    assert iteration.delegations[0].task_ids == ("1.1",) and iteration.delegations[0].files_changed == ()
    assert iteration.delegations[0].usage is None
    assert [(t.task_id, t.verified, t.claimed_without_changes) for t in iteration.tasks] == [("1.1", None, False)]
    raw = _raw(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    finally:
        raw.close()


# ------------------------------------------------------------------------------------------ run facts (m003)


def test_run_facts_round_trip_and_a_version_2_history_gets_them_empty(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        old = store.start_run(config_json="{}", argv=[])  # as a ralphy before migration 3 records a run
        store.finish_run(old, status="completed")
        run = store.start_run(config_json="{}", argv=[], ralphy_version="0.1.0")
        store.finish_run(run, status="circuit_open", tasks_done=2, tasks_total=5, claude_version="2.1.197")
        again = store.start_run(config_json="{}", argv=[], ralphy_version="0.1.0")
        store.finish_run(again, status="error", tasks_done=0, tasks_total=0)  # no iteration: no CLI reported
        records = {r.id: r for r in store.runs()}
    assert (records[old].ralphy_version, records[old].claude_version, records[old].tasks_done) == (None, None, None)
    assert [records[run].ralphy_version, records[run].claude_version, records[run].tasks_done,
            records[run].tasks_total] == ["0.1.0", "2.1.197", 2, 5]
    assert records[again].claude_version is None and records[again].to_dict()["tasks_total"] == 0
