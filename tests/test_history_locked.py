"""A history another process holds locked is busy, not damaged: every reader says so and to try again.

SQLite answers "database is locked" to a reader while another connection holds the file in exclusive locking mode
(or mid-recovery). ralphy used to read that as an unusable file and told the user to move the history away
(report20): `ralphy report`, `log`, `status`, `questions`, the dashboard and `ralphy dev` all said so.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy import history_file
from ralphy.cli import cli
from ralphy.errors import StoreError
from ralphy.report import load_report
from ralphy.store import Store, db_path
from tests.report.histories import long_run


@pytest.fixture
def locked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A one-run history held locked (exclusive locking mode, a write transaction open) until the test ends."""
    long_run(tmp_path, 2)
    monkeypatch.setattr(history_file, "READ_TIMEOUT", 0.3)  # how long a reader waits: short, for the test
    # and the store `status`, `log` and `questions` open (Store.open's default, 10 s: the test waited it out)
    monkeypatch.setitem(Store.open.__func__.__kwdefaults__, "timeout", 0.3)
    holder = sqlite3.connect(db_path(tmp_path), timeout=1, check_same_thread=False)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE runs SET reason = 'being written' WHERE id = 1")
    yield tmp_path
    holder.rollback()
    holder.close()


def _busy(message: str) -> None:
    assert "locked by another process" in message and "try again" in message, message
    assert "move it away" not in message and "damaged" not in message and "not a usable" not in message, message


def test_the_report_of_a_locked_history_says_it_is_busy(locked):
    with pytest.raises(StoreError) as caught:
        load_report(locked)
    _busy(str(caught.value))


def test_opening_a_locked_history_says_it_is_busy(locked):
    with pytest.raises(StoreError) as caught:
        Store.open(locked, timeout=0.3)
    _busy(str(caught.value))


@pytest.mark.parametrize("command", [["report", "-o", "-"], ["status"]])  # log and questions open it as status does
def test_the_read_commands_on_a_locked_history_say_it_is_busy(locked, command):
    result = CliRunner().invoke(cli, [*command, str(locked)])
    assert result.exit_code == 1, result.output
    (line,) = result.output.strip().splitlines()
    _busy(line)


def test_the_history_is_readable_again_once_the_lock_is_gone(tmp_path, monkeypatch):
    long_run(tmp_path, 2)
    monkeypatch.setattr(history_file, "READ_TIMEOUT", 3.0)
    holder = sqlite3.connect(db_path(tmp_path), timeout=1, check_same_thread=False)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE runs SET reason = 'being written' WHERE id = 1")
    release = threading.Timer(0.5, lambda: (holder.commit(), holder.close()))  # closing ends exclusive mode
    release.start()
    try:
        report = load_report(tmp_path)  # waits for the lock rather than failing at once
    finally:
        release.join()
    assert report.reason == "being written" and len(report.iterations) == 2
