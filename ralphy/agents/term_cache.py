"""The routing terms of a project's agents, kept in the user's cache between runs, read term by term.

Prompt selection (``ralphy.agents.selection``) ranks a project's agents when it has many. Tokenising them is
most of that work (2,000 agents: their names and descriptions, 58,000 words), and the terms of an agent only
change when its text does. So ``ralphy prompt`` and ``ralphy dev`` keep them in
``$XDG_CACHE_HOME/ralphy/terms/<sha-256 of the project's path>.sqlite`` (``~/.cache`` without XDG_CACHE_HOME),
one SQLite file per project (removed once no prompt was built for it in 30 days, when another one is written):

- ``entries``: each agent's term counts per field and its example lines, keyed by a hash of the text they come
  from (``fields_key``: name, description, the body selection reads (none), keywords, exampleTasks);
- ``meta``: the format, a hash of the tokenising code (``routing_fields.py``, ``terms.py``, ``siblings.py`` and its
  table), the *catalog* (a hash of
  every agent's entry key, in the router's order) and every agent's field lengths;
- ``postings``: for the terms a task has asked for, which agents hold them, with their count in each field.

When the catalog is the one stored, the router is built from the field lengths alone and a task's terms are
answered from ``postings`` (a term no prompt asked for yet makes it read every entry once, and is added); the
few agents a ranking looks at closely (confidence, reason, copies) are read from ``entries`` one by one. So a
warm prompt reads what its tasks' words need, not every agent's terms. When an agent changed (or another
ralphy wrote the file) the router is built as without a cache, from the entries still valid plus the agents
tokenised again, and the file is written anew. The prompt is the same with or without the cache
(tests/agents/test_term_cache.py compares them on the real corpus with every real task file).

The file is untrusted data like anything read from disk: SQLite holds no code we run (its schema must be
exactly this module's three tables, read with ``trusted_schema`` off; a link is not followed); every value is
JSON, NaN and Infinity refused, and its shape checked before it is used (counts are positive whole numbers,
agent indexes in range and ascending). A cache that is missing, corrupt, a link, a folder, a FIFO, too big or
from another ralphy is ignored and rewritten; one that cannot be written only makes the next run slower.
Well-formed but wrong counts could change which agents the prompt lists; whoever can write the user's cache
folder can do worse than that.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ralphy.agents import routing, routing_fields, siblings, terms
from ralphy.agents.spec import AgentSpec

if TYPE_CHECKING:
    import sqlite3

    from ralphy.agents.term_router import CachedRouter

logger = logging.getLogger(__name__)

FORMAT = 2
SUFFIX = ".sqlite"
MAX_CACHE_BYTES = 256 * 1024 * 1024  # 2,000 agents take about 6 MB
MAX_AGE_S = 30 * 24 * 3600  # a project's file unused for 30 days is removed when another one is written
FIELDS = tuple(routing.FIELD_WEIGHTS)  # the order of the seven term mappings in an entry (routing_fields.tokenise's)
SCHEMA = (
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE entries(key TEXT PRIMARY KEY, data TEXT NOT NULL)",
    "CREATE TABLE postings(term TEXT PRIMARY KEY, data TEXT NOT NULL)",
)
_TABLES = {("table", "meta"), ("table", "entries"), ("table", "postings"), ("index", "sqlite_autoindex_meta_1"),
           ("index", "sqlite_autoindex_entries_1"), ("index", "sqlite_autoindex_postings_1")}
_code_hash: str | None = None


def cache_file(project_dir: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> Path:
    """Where the terms of ``project_dir``'s agents are kept."""
    from ralphy.claude.version import cache_dir

    real = os.path.realpath(os.fspath(project_dir))
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()
    return cache_dir(os.environ if environ is None else environ) / "terms" / f"{digest}{SUFFIX}"


def code_hash() -> str:
    """A hash of the code that turns an agent into terms: another ralphy never reads this one's entries."""
    global _code_hash
    if _code_hash is None:
        digest = hashlib.sha256(f"format {FORMAT}\n".encode())
        for module in (routing_fields, terms, siblings):
            digest.update(Path(module.__file__ or "").read_bytes())
        digest.update(siblings.SIBLINGS_FILE.read_bytes())  # the siblings field's words come from it
        _code_hash = digest.hexdigest()
    return _code_hash


def entry_key(agent: AgentSpec) -> str:
    """The hash of what the agent's terms are computed from."""
    return _digest(routing_fields.fields_key(agent))


def _digest(field_key: tuple[str, ...]) -> str:
    text = "".join(f"{len(part)}:{part}" for part in field_key)  # each part's length first: no two keys alike
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).hexdigest()


def _catalog(keys: Sequence[str]) -> str:
    return hashlib.blake2b("\n".join(keys).encode("ascii"), digest_size=20).hexdigest()


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a count")


def parse_json(text: Any) -> Any:
    """A JSON value from the cache, or None when it is not JSON (or not text)."""
    if type(text) is not str:
        return None
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError, MemoryError):
        return None


def parse_entry(value: Any) -> routing_fields.Tokens | None:
    """The terms in a cache entry, or None when it is not exactly the shape this module writes."""
    if type(value) is not list or len(value) != 2:
        return None
    fields, lines = value
    if type(fields) is not list or len(fields) != len(FIELDS) or type(lines) is not list:
        return None
    if set(map(type, fields)) != {dict} or set(map(type, lines)) - {str}:
        return None
    counts = list(chain.from_iterable(map(dict.values, fields)))
    if counts and (set(map(type, counts)) != {int} or min(counts) < 1):
        return None
    return dict(zip(FIELDS, fields)), lines


def _lengths(value: Any, agents: int) -> list[list[int]] | None:
    """Every agent's field lengths, or None when ``value`` is not a list of ``agents`` lists of seven counts."""
    if type(value) is not list or len(value) != agents or (value and set(map(type, value)) != {list}):
        return None
    if value and set(map(len, value)) != {len(FIELDS)}:
        return None
    numbers = list(chain.from_iterable(value))
    if numbers and (set(map(type, numbers)) != {int} or min(numbers) < 0):
        return None
    return value


def _posting(value: Any, agents: int) -> list[list[int]] | None:
    """A stored posting: [agent index, count in each field...] per holder, indexes ascending; else None."""
    if type(value) is not list or (value and set(map(type, value)) != {list}):
        return None
    if value and set(map(len, value)) != {1 + len(FIELDS)}:
        return None
    numbers = list(chain.from_iterable(value))
    if numbers and (set(map(type, numbers)) != {int} or min(numbers) < 0):
        return None
    indexes = [row[0] for row in value]
    if indexes and (indexes[-1] >= agents or any(a >= b for a, b in zip(indexes, indexes[1:]))):
        return None
    if any(not any(row[1:]) for row in value):
        return None
    return value


def _connect(path: Path, *, write: bool) -> sqlite3.Connection | None:
    """The cache file at ``path``, opened without following a link, when it is a regular file of this
    module's schema and size; else None (nothing there, or nothing usable)."""
    import sqlite3
    import stat
    from urllib.parse import quote

    try:
        status = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_CACHE_BYTES:
        logger.debug("ignoring the terms cache %s: not a regular file of a sane size", path)
        return None
    uri = f"file:{quote(os.fspath(path))}?nofollow=1&mode={'rw' if write else 'ro'}"
    try:
        db = sqlite3.connect(uri, uri=True, timeout=0.2, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        logger.debug("ignoring the terms cache %s: %s", path, exc)
        return None
    try:
        db.execute("PRAGMA trusted_schema = OFF")
        found = set(db.execute("SELECT type, name FROM sqlite_master"))
        if found != _TABLES:
            raise sqlite3.DatabaseError("another schema")
        meta = dict(db.execute("SELECT key, value FROM meta WHERE key IN ('format', 'code')"))
        if meta.get("format") != str(FORMAT) or meta.get("code") != code_hash():
            raise sqlite3.DatabaseError("another format or another ralphy")
    except sqlite3.Error as exc:
        logger.debug("ignoring the terms cache %s: %s", path, exc)
        db.close()
        return None
    return db


class TermCache:
    """The cached terms of one project's agents: ``router(agents)`` builds the ``Router`` selection ranks
    with, ``save(router)`` after ranking writes what the cache lacked."""

    def __init__(self, path: Path, *, deferred: bool = False) -> None:
        self.path = path
        self.hits = 0  # agents whose terms came from the file
        # deferred: ``save`` only keeps the router and ``flush`` writes, once the prompt is out (a cold cache's
        # write, 3 MB for 2,000 agents, no longer delays the prompt a waiting Claude CLI reads)
        self.deferred = deferred
        self._pending: routing.Router | None = None
        self.keys: list[str] = []
        self._db: sqlite3.Connection | None = None
        self._write_all = False

    @classmethod
    def for_project(cls, project_dir: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> "TermCache":
        return cls(cache_file(project_dir, environ))

    def router(self, agents: Iterable[AgentSpec]) -> routing.Router:
        """A ``Router`` over ``agents`` that ranks exactly as ``Router(agents)``, reading from the cache what
        it can."""
        from ralphy.agents.term_router import CachedRouter

        ordered = sorted(agents, key=lambda agent: agent.name)  # the router's order
        field_keys = [routing_fields.fields_key(agent) for agent in ordered]
        known = routing_fields.FIELDS_CACHE
        if all(field_key in known for field_key in field_keys):
            self.keys = []  # all tokenised in this process already (ralphy dev's next iteration)
            return routing.Router(ordered)
        self.keys = [_digest(field_key) for field_key in field_keys]
        self._db = _connect(self.path, write=False)
        if self._db is not None:
            import sqlite3

            try:
                meta = dict(self._db.execute("SELECT key, value FROM meta WHERE key IN ('catalog', 'lengths')"))
                if meta.get("catalog") == _catalog(self.keys):
                    lengths = _lengths(parse_json(meta.get("lengths")), len(ordered))
                    if lengths is not None:
                        return CachedRouter(ordered, self, lengths)
                self._load_entries(ordered, field_keys)
            except sqlite3.Error as exc:
                logger.debug("ignoring the terms cache %s: %s", self.path, exc)
        self._write_all = True
        return routing.Router(ordered)

    def _load_entries(self, agents: Sequence[AgentSpec], field_keys: Sequence[tuple[str, ...]]) -> None:
        """Put the still valid entries of ``agents`` where ``routing.Router`` looks first."""
        known = routing_fields.FIELDS_CACHE
        for field_key, key in zip(field_keys, self.keys):
            if field_key in known:
                continue
            tokens = self.entry(key)
            if tokens is None:
                continue
            if len(known) >= routing_fields.FIELDS_CACHE_SIZE:
                break
            known[field_key] = tokens
            self.hits += 1

    def entry(self, key: str) -> routing_fields.Tokens | None:
        """The stored terms of the agent whose entry key is ``key`` (None: none, or not well-formed)."""
        row = self._row("SELECT data FROM entries WHERE key = ?", key)
        return None if row is None else parse_entry(parse_json(row[0]))

    def stored_entries(self) -> dict[str, Any]:
        """Every stored entry's text by key, read at once (empty: no file, or it fails to read)."""
        import sqlite3

        if self._db is None:
            return {}
        try:
            return dict(self._db.execute("SELECT key, data FROM entries"))
        except sqlite3.Error as exc:
            logger.debug("ignoring the terms cache %s: %s", self.path, exc)
            return {}

    def _row(self, sql: str, value: str) -> tuple[Any, ...] | None:
        """One row of the cache file (None: no file, no such row, or the file fails to read: corrupt pages)."""
        import sqlite3

        if self._db is None:
            return None
        try:
            return self._db.execute(sql, (value,)).fetchone()
        except sqlite3.Error as exc:
            logger.debug("ignoring the terms cache %s: %s", self.path, exc)
            return None

    def posting(self, term: str, agents: int) -> list[list[int]] | None | bool:
        """The stored posting of ``term`` (None: not stored; False: not well-formed)."""
        row = self._row("SELECT data FROM postings WHERE term = ?", term)
        if row is None:
            return None
        posting = _posting(parse_json(row[0]), agents)
        return False if posting is None else posting

    def save(self, router: routing.Router) -> None:
        """Write what ``router`` (from ``router()``) worked out and the file lacked: the whole file when the
        catalog changed, else the postings of the terms first asked for now. When ``deferred``, only kept for
        ``flush``."""
        if self.deferred:
            self._pending = router
            return
        self._save(router)

    def flush(self) -> None:
        """Write what a deferred ``save`` kept (nothing when there is nothing)."""
        router, self._pending = self._pending, None
        if router is not None:
            self._save(router)

    def _save(self, router: routing.Router) -> None:
        from ralphy.agents.term_router import CachedRouter

        try:
            if isinstance(router, CachedRouter) and router.damaged:  # a bad entry or posting: all written anew
                self._write_file(router)
            elif isinstance(router, CachedRouter):
                self._add_postings(router)
            elif self._write_all:
                self._write_file(router)
        finally:
            if self._db is not None:
                self._db.close()
                self._db = None

    def _add_postings(self, router: CachedRouter) -> None:
        import sqlite3

        from ralphy.agents.term_router import posting_of

        rows = [(term, json.dumps(posting_of(router, term), separators=(",", ":"))) for term in router.new_terms]
        if not rows:
            try:
                os.utime(self.path, follow_symlinks=False)  # read and still right: marked as used, so pruning keeps it
            except OSError:
                pass
            return
        db = _connect(self.path, write=True)
        if db is None:
            return
        try:
            db.execute("PRAGMA journal_mode = MEMORY")
            db.execute("PRAGMA synchronous = OFF")
            with db:
                db.execute("BEGIN IMMEDIATE")
                db.executemany("INSERT OR REPLACE INTO postings(term, data) VALUES (?, ?)", rows)
        except sqlite3.Error as exc:
            logger.debug("could not add to the terms cache %s: %s", self.path, exc)
        finally:
            db.close()

    def _write_file(self, router: routing.Router) -> None:
        """A new cache file for ``router``'s agents, replacing the one at ``self.path`` (never through a link)."""
        import secrets
        import sqlite3

        from ralphy import safefs
        from ralphy.agents.term_router import CachedRouter, posting_of
        from ralphy.errors import RalphyError

        if isinstance(router, CachedRouter):
            router._load_all()
        entries, lengths = [], []
        for index, key in enumerate(self.keys):
            if isinstance(router, CachedRouter):
                fields, lines = router.tokens(index)
                if tuple(fields) != FIELDS:
                    return
                counts = [fields[name] for name in FIELDS]
            else:  # the router's own counts (the process may have forgotten its tokens: a deferred write)
                per_field = router._counts[index]
                counts = [field_counts for name, field_counts, _ in per_field if name in FIELDS]
                lines = list(router._entries[index].example_lines)
                if [name for name, _, _ in per_field] != list(FIELDS):
                    return
            entries.append((key, json.dumps([counts, lines], separators=(",", ":"))))
            lengths.append([length for _, _, length in router._counts[index]])
        postings = [(term, json.dumps(posting_of(router, term), separators=(",", ":"))) for term in router._agents_of]
        meta = [("format", str(FORMAT)), ("code", code_hash()), ("catalog", _catalog(self.keys)),
                ("lengths", json.dumps(lengths, separators=(",", ":")))]
        tmp = self.path.with_name(f".{self.path.name}.{secrets.token_hex(4)}.tmp")
        try:
            self.path.parent.mkdir(mode=safefs.DIR_MODE, parents=True, exist_ok=True)
            if not os.path.islink(self.path):
                safefs.check_file(self.path)  # a folder or FIFO there: UnsafePathError
            os.close(safefs.open_fd(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL))  # created 0600, empty
            db = sqlite3.connect(tmp, isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode = OFF")  # a new file: a crash leaves only a temporary file
                db.execute("PRAGMA synchronous = OFF")
                db.execute("BEGIN")
                for statement in SCHEMA:
                    db.execute(statement)
                db.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", meta)
                db.executemany("INSERT INTO entries(key, data) VALUES (?, ?)", entries)
                db.executemany("INSERT INTO postings(term, data) VALUES (?, ?)", postings)
                db.execute("COMMIT")
            finally:
                db.close()
            if os.path.getsize(tmp) > MAX_CACHE_BYTES:
                raise OSError(f"{tmp} is over {MAX_CACHE_BYTES} bytes")
            os.replace(tmp, self.path)
            _remove_regular(self.path.with_suffix(".json"))  # this project's file in the format before
        except (OSError, RalphyError, sqlite3.Error) as exc:
            logger.debug("could not write the terms cache %s: %s", self.path, exc)
            try:
                os.unlink(tmp)
            except OSError:
                pass
            return
        prune(self.path.parent, keep=self.path)


def _remove_regular(path: Path) -> None:
    import stat

    try:
        if stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(path)
    except OSError:
        pass


def prune(folder: Path, keep: Path, max_age_s: float = MAX_AGE_S) -> None:
    """Remove the cache files of projects no prompt was built for in ``max_age_s``, and temporary files a
    killed ralphy left (only this module's own names, regular files; links and anything else are left alone);
    also the JSON files of the ralphy before this format."""
    import re
    import stat
    import time

    cutoff = time.time() - max_age_s
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        path = folder / name
        if path == keep or not re.fullmatch(r"\.?[0-9a-f]{64}\.(?:json|sqlite)(?:\.[0-9a-f]{8}\.tmp)?", name):
            continue
        try:
            status = os.lstat(path)
            if stat.S_ISREG(status.st_mode) and status.st_mtime < cutoff:
                os.unlink(path)
        except OSError:
            continue
