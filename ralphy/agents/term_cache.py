"""The routing terms of a project's agents, kept in the user's cache between runs.

Prompt selection (``ralphy.agents.selection``) ranks a project's agents when it has many; most of that time is
tokenising their descriptions and body openings (2,000 agents: about 4 MB of text). The terms of an agent only
change when its text does, so ``ralphy prompt`` and ``ralphy dev`` keep them in
``$XDG_CACHE_HOME/ralphy/terms/<sha-256 of the project's path>.json`` (``~/.cache`` without XDG_CACHE_HOME):
one file per project, holding the entries of the agents its last prompt ranked (a project's file is removed
once no prompt was built for it in 30 days, when another project's is written).

Each entry is keyed by a hash of what ``ralphy.agents.routing`` computes the terms from (``fields_key``: the
name, description, body opening, keywords and exampleTasks), and the whole file by a hash of the tokenising
code (``routing.py`` and ``terms.py``), so a changed agent or a changed ralphy misses and is tokenised again:
the prompt is the same with or without the cache (tests/agents/test_term_cache.py compares them).

The file is untrusted data like anything read from disk: JSON, never pickle (nothing in it can run); at most
``MAX_CACHE_BYTES``; NaN and Infinity refused; every entry's shape checked (six mappings of term -> positive
whole number, a list of strings) before it is used. A cache that is missing, corrupt, a link, a folder, a FIFO,
too big or from another ralphy is ignored and rewritten; one that cannot be written only makes the next run
slower. Well-formed but wrong counts could change which agents the prompt lists; whoever can write the user's
cache folder can do worse than that.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Mapping, Sequence
from itertools import chain
from pathlib import Path
from typing import Any

from ralphy.agents import routing, terms
from ralphy.agents.spec import AgentSpec

logger = logging.getLogger(__name__)

FORMAT = 1
MAX_CACHE_BYTES = 64 * 1024 * 1024  # 2,000 agents take about 4 MB
MAX_AGE_S = 30 * 24 * 3600  # a project's file unused for 30 days is removed when another one is written
FIELDS = tuple(routing.FIELD_WEIGHTS)  # the order of the six term mappings in an entry (routing._tokenise's)
_code_hash: str | None = None


def cache_file(project_dir: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> Path:
    """Where the terms of ``project_dir``'s agents are kept."""
    from ralphy.claude.version import cache_dir

    real = os.path.realpath(os.fspath(project_dir))
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()
    return cache_dir(os.environ if environ is None else environ) / "terms" / f"{digest}.json"


def code_hash() -> str:
    """A hash of the code that turns an agent into terms: another ralphy never reads this one's entries."""
    global _code_hash
    if _code_hash is None:
        digest = hashlib.sha256(f"format {FORMAT}\n".encode())
        for module in (routing, terms):
            digest.update(Path(module.__file__ or "").read_bytes())
        _code_hash = digest.hexdigest()
    return _code_hash


def entry_key(agent: AgentSpec) -> str:
    """The hash of what the agent's terms are computed from."""
    return _digest(routing.fields_key(agent))


def _digest(field_key: tuple[str, ...]) -> str:
    text = "".join(f"{len(part)}:{part}" for part in field_key)  # each part's length first: no two keys alike
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).hexdigest()


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a count")


def _entry(value: Any) -> routing.Tokens | None:
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


def _read(path: Path) -> dict[str, Any]:
    """The entries of the cache file at ``path`` ({} when there is none or it cannot be used)."""
    from ralphy import safefs
    from ralphy.errors import RalphyError

    try:
        data = json.loads(safefs.read_bytes(path, limit=MAX_CACHE_BYTES, follow=False, what="cache file"),
                          parse_constant=_refuse_constant)
    except FileNotFoundError:
        return {}
    except (OSError, RalphyError, ValueError, RecursionError, MemoryError) as exc:
        logger.debug("ignoring the terms cache %s: %s", path, exc)
        return {}
    if (type(data) is not dict or data.get("format") != FORMAT or data.get("code") != code_hash()
            or type(data.get("entries")) is not dict):
        logger.debug("ignoring the terms cache %s: another format or another ralphy", path)
        return {}
    return data["entries"]


class TermCache:
    """The cached terms of one project's agents: ``load`` before building a ``Router``, ``save`` after."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._keys: list[str] = []
        self._stored: set[str] = set()
        self.hits = 0

    @classmethod
    def for_project(cls, project_dir: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> "TermCache":
        return cls(cache_file(project_dir, environ))

    def load(self, agents: Sequence[AgentSpec]) -> None:
        """Put the cached terms of ``agents`` where ``routing.Router`` looks first (those still valid)."""
        field_keys = [routing.fields_key(agent) for agent in agents]
        known = routing._FIELDS_CACHE
        if all(field_key in known for field_key in field_keys):
            self._keys = []  # all tokenised in this process already (ralphy dev's next iteration): nothing to save
            return
        self._keys = [_digest(field_key) for field_key in field_keys]
        try:
            entries = _read(self.path)
        except OSError:  # the cache folder's own path is unusable (HOME unset, a file where a folder should be)
            entries = {}
        self._stored = set(entries)
        if not entries:
            return
        for field_key, key in zip(field_keys, self._keys):
            if field_key in known:
                continue
            tokens = _entry(entries.get(key))
            if tokens is None:
                self._stored.discard(key)
                continue
            if len(known) >= routing._FIELDS_CACHE_SIZE:
                break
            known[field_key] = tokens
            self.hits += 1

    def save(self, agents: Sequence[AgentSpec]) -> None:
        """Write the terms of ``agents`` (the same ones ``load`` saw) unless the file holds exactly those."""
        if set(self._keys) == self._stored:
            if self._keys:  # read and still right: marked as used, so pruning keeps it
                try:
                    os.utime(self.path, follow_symlinks=False)
                except OSError:
                    pass
            return
        entries = {}
        for agent, key in zip(agents, self._keys):
            fields, lines = routing._fields_of(agent)
            if tuple(fields) != FIELDS:
                return
            entries[key] = [[fields[name] for name in FIELDS], lines]
        data = json.dumps({"format": FORMAT, "code": code_hash(), "entries": entries}, separators=(",", ":"))
        if len(data) > MAX_CACHE_BYTES:
            return
        from ralphy import safefs
        from ralphy.errors import RalphyError

        try:
            self.path.parent.mkdir(mode=safefs.DIR_MODE, parents=True, exist_ok=True)
            _replace(self.path, data.encode("ascii"))
        except (OSError, RalphyError) as exc:
            logger.debug("could not write the terms cache %s: %s", self.path, exc)
            return
        self._stored = set(self._keys)
        prune(self.path.parent, keep=self.path)


def _replace(path: Path, data: bytes) -> None:
    """``safefs.write_atomic`` without its fsync: a cache need not survive a crash (a file left half-written
    is ignored as corrupt), and on a busy disk the fsync cost more than the file saves."""
    import secrets

    from ralphy import safefs

    safefs.check_file(path) if not os.path.islink(path) else None  # a folder or FIFO there: UnsafePathError
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = safefs.open_fd(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def prune(folder: Path, keep: Path, max_age_s: float = MAX_AGE_S) -> None:
    """Remove the cache files of projects no prompt was built for in ``max_age_s``, and temporary files a
    killed ralphy left (only this module's own names, regular files; links and anything else are left alone)."""
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
        if path == keep or not re.fullmatch(r"\.?[0-9a-f]{64}\.json(?:\.[0-9a-f]{8}\.tmp)?", name):
            continue
        try:
            status = os.lstat(path)
            if stat.S_ISREG(status.st_mode) and status.st_mtime < cutoff:
                os.unlink(path)
        except OSError:
            continue
