"""The history's file (``.ralphy/ralphy.db``) before and as SQLite opens it: is it ralphy's, and may ralphy use it?

A repository can ship ``.ralphy/ralphy.db``, so the file is untrusted until these checks pass: no link or FIFO
for it or the files SQLite keeps beside it, an SQLite header and the length it declares, ralphy's
``application_id`` at a schema version this ralphy knows, no trigger or view, and a row ralphy did not write is
one clear line. ``ralphy.store.Store`` runs them before it opens or writes anything; the report's read-only
reader (``ralphy.report.model``) opens the file through ``connect_readonly``, which looks at it through
``inspect_file`` too. Nothing here writes a byte to a file that is not ralphy's.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ralphy.errors import StoreError

APPLICATION_ID = int.from_bytes(b"RLPY", "big")  # PRAGMA application_id of every ralphy database
SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
SIDECARS = ("", "-wal", "-shm", "-journal")
READ_TIMEOUT = 5.0  # seconds a reader waits for another process's lock before it says the history is busy


def check_not_redirected(path: Path) -> None:
    """The database, its folder and SQLite's files beside it must not be links (a repository can ship
    ``.ralphy/ralphy.db`` -> elsewhere) nor FIFOs, devices or folders; refused before SQLite opens anything."""
    from ralphy import safefs
    from ralphy.errors import UnsafePathError

    try:
        if os.path.islink(path.parent):
            safefs.ensure_dir(path.parent, path.parent.parent)  # says what it is and what to remove
        for suffix in SIDECARS:
            safefs.check_file(f"{path}{suffix}")
    except UnsafePathError as exc:
        raise StoreError(str(exc)) from None


def user_only(path: Path) -> None:
    """The history is the user's: the database is created 0600 before SQLite opens it (SQLite gives the files
    it makes beside it the same mode), and an existing one is made 0600."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600))
    except OSError:
        pass  # it exists (checked above), or SQLite will say why it cannot create it
    for suffix in SIDECARS:
        try:
            os.chmod(f"{path}{suffix}", 0o600, follow_symlinks=False) if os.path.isfile(f"{path}{suffix}") else None
        except (OSError, NotImplementedError):
            pass


def check_existing(path: Path, known_version: int, *, timeout: float | None = None) -> None:
    """Refuse, without writing a byte, a file at ``path`` that is not a ralphy database we can use.

    A missing or empty file is fine (SQLite creates the database). Otherwise: the header must be SQLite's,
    the file as long as the header says, and SQLite must read it as ours (our application_id, or no id and no
    tables: a database whose creation was interrupted) at a schema version we know.
    """
    try:
        with path.open("rb") as fh:
            header = fh.read(HEADER_SIZE)
        size = path.stat().st_size
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(f"{path}: cannot read: {exc.strerror}") from None
    if size == 0:
        return
    if len(header) < HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        raise StoreError(f"{path}: not an SQLite database (corrupt or not ralphy's); move it away to start afresh")
    if _declared_size(header) > size and not _whole_with_wal(path):
        raise StoreError(f"{path}: the database is truncated ({size} bytes, its header says {_declared_size(header)})")
    app_id, version, tables = inspect_file(path, timeout=timeout)
    if app_id != APPLICATION_ID and (app_id != 0 or tables or version):
        raise StoreError(f"{path}: an SQLite database of another application, not ralphy's; not touching it")
    if version > known_version:
        raise StoreError(newer_message(path, version, known_version))


def _whole_with_wal(path: Path) -> bool:
    """A database shorter than its header says is whole when its ``-wal`` holds the rest: a checkpoint that
    hit a full disk leaves exactly that, and SQLite reads the pages from the WAL. Checked the way SQLite does:
    a read-only connection (with the WAL) and ``PRAGMA quick_check``."""
    wal = Path(f"{path}-wal")
    try:
        if wal.stat().st_size == 0:
            return False
    except OSError:
        return False
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return db.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        finally:
            db.close()
    except sqlite3.Error:
        return False


def _declared_size(header: bytes) -> int:
    """The database size in bytes the header declares, 0 when the header's count is not valid."""
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    page_count = int.from_bytes(header[28:32], "big")
    counter_valid = header[24:28] == header[92:96]
    return page_size * page_count if counter_valid else 0


def inspect_file(path: Path, *, timeout: float | None = None) -> tuple[int, int, list[str]]:
    """(application_id, user_version, table names) read through a read-only connection, writing nothing (``Store``
    looks at a file this way before opening it, and so does the report's ``connect_readonly``). A file another
    process holds locked past ``timeout`` (default ``READ_TIMEOUT``) is busy, not damaged (``busy_message``).

    With no ``-wal`` file beside it, no connection has the database open in WAL mode, so the file holds
    everything and is opened ``immutable`` (SQLite then creates no ``-wal``/``-shm`` next to a file that may
    not be ours); otherwise it is read like any reader would, with the WAL.
    """
    immutable = "&immutable=1" if not Path(f"{path}-wal").exists() else ""
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro{immutable}", uri=True,
                             timeout=READ_TIMEOUT if timeout is None else timeout)
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: cannot open: {exc}") from None
    try:
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")]
    except sqlite3.DatabaseError as exc:
        if is_busy(exc):  # another process holds it: the file is fine, and moving it away would lose the history
            raise StoreError(busy_message(path, READ_TIMEOUT if timeout is None else timeout)) from None
        raise StoreError(f"{path}: not a usable SQLite database ({exc}); move it away to start afresh") from None
    finally:
        db.close()
    return app_id, version, tables


def is_busy(exc: sqlite3.Error) -> bool:
    """SQLite's "database is locked" (SQLITE_BUSY, SQLITE_LOCKED and their extended codes): another connection holds
    the file, which says nothing about the file itself."""
    return getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def busy_message(path: str | Path, timeout: float) -> str:
    """What every reader and writer of the history says when another process held it past ``timeout``."""
    return f"{path}: locked by another process for more than {timeout:g}s; try again"


def newer_message(path: Path, version: int, known_version: int) -> str:
    return (
        f"{path}: written by a newer ralphy (schema version {version}, this one knows up to {known_version}); "
        "upgrade ralphy"
    )


def _move_aside(path: str | Path) -> str:
    """``mv PATH PATH.bad`` as words the shell reads back as those paths, whatever the project's folder is named."""
    from ralphy.termsafe import shell_word

    return f"mv {shell_word(str(path))} {shell_word(f'{path}.bad')}"


def refuse_foreign_schema(path: Path, db: sqlite3.Connection) -> None:
    """ralphy creates no trigger and no view: one in the file (a repository can ship .ralphy/ralphy.db) would run
    its own SQL on ralphy's writes, deleting or forging history, so the database is refused before any write."""
    foreign = db.execute("SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY name "
                         "LIMIT 3").fetchall()
    if foreign:
        named = ", ".join(f"{kind} {str(name)[:60]!r}" for kind, name in foreign)
        raise StoreError(f"{path}: holds {named}, which ralphy never creates (not ralphy's database, or tampered "
                         f"with): move it away (`{_move_aside(path)}`) and run ralphy again")


def connect_readonly(path: Path, *, snapshot: bool = False) -> sqlite3.Connection:
    """A read-only connection to a ralphy history (StoreError for a missing, foreign or unreadable file).

    The file is first looked at with ``immutable=1`` when no ``-wal`` is beside it (nothing is created next to
    a file that may not be ralphy's), then opened ``mode=ro`` like any reader of a WAL database. ``snapshot``:
    a one-off read, also ``immutable`` when no ``-wal`` is there (no writer has it open), so not even the
    ``-wal``/``-shm`` files appear.
    """
    if not path.is_file():
        raise StoreError(f"{path}: no history here yet (run `ralphy dev` first)")
    app_id, _, tables = inspect_file(path)
    if app_id != APPLICATION_ID or not {"runs", "iterations"} <= set(tables):
        raise StoreError(f"{path}: not a ralphy history (an SQLite database of another application)")
    uri = path.resolve().as_uri()
    immutable = "" if Path(f"{path}-wal").exists() else "&immutable=1"
    try:
        db = sqlite3.connect(f"{uri}?mode=ro{immutable if snapshot else ''}", uri=True, timeout=READ_TIMEOUT,
                             check_same_thread=False)
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: cannot open: {exc}") from None
    db.row_factory = sqlite3.Row
    return db


FORGED_ROW_ERRORS = (ValueError, TypeError, KeyError, IndexError, OverflowError, RecursionError)


def forged_row_error(path: str | Path, error: BaseException) -> StoreError:
    """What reading a row ralphy did not write raised (one of ``FORGED_ROW_ERRORS``), as the one line every reader of
    the history says (``Store`` and the report's ``ralphy.report.model``)."""
    why = "nested too deeply" if isinstance(error, RecursionError) else str(error)[:200]
    return StoreError(f"{path}: a record in the history is not what ralphy writes ({why}); the database was damaged "
                      f"or not written by ralphy: move it away (`{_move_aside(path)}`) and run ralphy again")
