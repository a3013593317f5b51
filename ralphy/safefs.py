"""Files ralphy writes and reads in a repository it did not write.

Git stores symbolic links, so a cloned repository can ship ``.ralphy/lock`` -> ``~/.bashrc`` or
``.ralphy/transcripts`` -> ``/etc``. Everything ralphy writes goes through this module: folders are checked
component by component (a link or a non-folder is an UnsafePathError that says what to remove) and created
0700; files are opened with ``O_NOFOLLOW`` (a link is refused, not followed) and ``O_NONBLOCK`` (a FIFO never
hangs the open), must be regular files, and are made 0600 (readable by the user only).

Reading untrusted files (``read_text``) refuses what is not a regular file (a FIFO, a device, a folder) and
anything over a size limit, so a hostile repository cannot hang or exhaust ralphy.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ralphy.errors import UnsafePathError

FILE_MODE = 0o600
DIR_MODE = 0o700
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISREG(mode):
        return "a file"
    return "not a regular file"


def _remove_hint(path: Path, mode: int) -> str:
    """The command that clears ``path``, written so that pasted it names that path only: a project in "My Projects"
    unquoted was two words, and ``rm -r`` removed the folder "My" beside it (first18)."""
    from ralphy.termsafe import shell_word

    how = "rm -r" if stat.S_ISDIR(mode) else "rm"
    return f"remove it (`{how} {shell_word(str(path))}`) and run ralphy again"


def ensure_dir(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> Path:
    """Make sure ``path`` (inside ``root``) is a real folder: every component below ``root`` must be a folder,
    not a link; missing ones are created 0700. ``root`` itself (the project) is the user's choice."""
    root_p, target = Path(root), Path(path)
    try:
        parts = target.relative_to(root_p).parts
    except ValueError:
        raise ValueError(f"{target} is not inside {root_p}") from None
    current = root_p
    for part in parts:
        current = current / part
        try:
            st = os.lstat(current)
        except FileNotFoundError:
            try:
                os.mkdir(current, DIR_MODE)
            except FileExistsError:
                st = os.lstat(current)
            except OSError as exc:
                raise UnsafePathError(f"{current}: cannot create the folder: {exc.strerror or exc}") from None
            else:
                continue
        if not stat.S_ISDIR(st.st_mode):
            raise UnsafePathError(
                f"{current} is {_kind(st.st_mode)}, where ralphy keeps its state in a folder; "
                + _remove_hint(current, st.st_mode)
            )
    return target


def check_file(path: str | os.PathLike[str]) -> None:
    """Raise UnsafePathError if ``path`` exists and is not a regular file of its own (a link, a folder, a
    FIFO..., or a hard link: a file with another name too)."""
    try:
        st = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return  # not there (or its folder is not one: whoever creates it will say so)
    if not stat.S_ISREG(st.st_mode):
        p = Path(path)
        raise UnsafePathError(f"{p} is {_kind(st.st_mode)}, where ralphy keeps a file; {_remove_hint(p, st.st_mode)}")
    _check_links(Path(path), st)


def _check_links(p: Path, st: os.stat_result) -> None:
    """A regular file with more than one name is a hard link: writing it writes the other name's file too
    (O_NOFOLLOW does not see it; a `cp -al` copy of a project shares its history that way). Removing this name
    leaves the other one whole."""
    if st.st_nlink > 1:
        raise UnsafePathError(
            f"{p} is a hard link ({st.st_nlink} names share its content), where ralphy keeps a file of its own; "
            f"{_remove_hint(p, st.st_mode)} (the other names keep their content)"
        )


def open_fd(path: str | os.PathLike[str], flags: int, mode: int = FILE_MODE) -> int:
    """``os.open`` for ralphy's own files: no link followed, no FIFO waited on, a regular file or an
    UnsafePathError; the file is made ``mode`` (0600) and the descriptor is blocking again."""
    p = Path(path)
    truncate = flags & os.O_TRUNC  # after the checks: opening with O_TRUNC would empty a hard link's file first
    try:
        fd = os.open(p, (flags & ~os.O_TRUNC) | _NOFOLLOW | _CLOEXEC | _NONBLOCK, mode)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK, errno.ENXIO, errno.EISDIR, errno.ENOTDIR):
            check_file(p)  # says what it is
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UnsafePathError(f"{p} is {_kind(st.st_mode)}, where ralphy keeps a file; {_remove_hint(p, st.st_mode)}")
        writing = flags & (os.O_WRONLY | os.O_RDWR)
        if writing:
            _check_links(p, st)
        if truncate:
            os.ftruncate(fd, 0)
        if st.st_uid == os.getuid() and stat.S_IMODE(st.st_mode) != mode and writing:
            os.fchmod(fd, mode)
        if _NONBLOCK:
            import fcntl

            fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~_NONBLOCK)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_write(path: str | os.PathLike[str], *, append: bool = False, truncate: bool = True):
    """A binary file object for writing one of ralphy's files (created 0600, no link followed)."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else 0) | (os.O_TRUNC if truncate and not append else 0)
    return os.fdopen(open_fd(path, flags), "ab" if append else "wb")


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Replace ``path`` with ``data`` atomically: a new 0600 file beside it, fsync, rename. A link at ``path``
    is replaced, never followed; a folder or FIFO there is an UnsafePathError."""
    p = Path(path)
    check_file(p) if not os.path.islink(p) else None
    if isinstance(data, str):
        data = data.encode("utf-8")
    import secrets

    tmp = p.with_name(f".{p.name}.{secrets.token_hex(4)}.tmp")
    fd = open_fd(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_text(path: str | os.PathLike[str], *, limit: int, follow: bool = True, what: str = "file") -> str:
    """Read a UTF-8 text file of at most ``limit`` bytes that the repository provides. A FIFO, device or
    folder, an over-long file or (with ``follow=False``) a link is an UnsafePathError; never blocks.
    UnicodeDecodeError and OSError (missing, unreadable) are the caller's to word."""
    return read_bytes(path, limit=limit, follow=follow, what=what).decode("utf-8")


def read_bytes(path: str | os.PathLike[str], *, limit: int, follow: bool = True, what: str = "file") -> bytes:
    """``read_text`` without the decoding."""
    p = Path(path)
    flags = os.O_RDONLY | _CLOEXEC | _NONBLOCK | (0 if follow else _NOFOLLOW)
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow:
            raise UnsafePathError(f"{p} is a symbolic link, where ralphy expects a {what}; {_remove_hint(p, 0)}") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UnsafePathError(f"{p}: {_kind(st.st_mode)}, not a {what} ralphy can read")
        if st.st_size > limit:
            raise UnsafePathError(f"{p}: too large for a {what} ({st.st_size} bytes, at most {limit})")
        data = read_limited(fd, limit)
        if data is None:
            raise UnsafePathError(f"{p}: too large for a {what} (over {limit} bytes)")
        return data
    finally:
        os.close(fd)


def read_limited(fd: int, limit: int) -> bytes | None:
    """All ``fd`` holds, or None if that is more than ``limit`` bytes: the check on ``fstat``'s size comes first,
    but a file can grow while it is read (and a /proc file says size 0). Reads at most ``limit`` + 1 bytes, in
    chunks of at most 1 MiB. The one bounded read loop: ``read_bytes`` and the task file's ``load_tasks`` use it."""
    chunks, total = [], 0
    while total <= limit:
        chunk = os.read(fd, min(limit + 1 - total, 1 << 20))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
    return None


STATE_DIR = ".ralphy"
# What ralphy keeps in .ralphy/: none of it may be a link (or a FIFO, or a folder where a file belongs).
STATE_FILES = ("lock", "ralphy.db", "ralphy.db-wal", "ralphy.db-shm", "ralphy.db-journal", "breaker.json",
               "claude.pid", ".gitignore")
STATE_DIRS = ("transcripts",)


def prepare_state_dir(project_dir: str | os.PathLike[str]) -> Path:
    """Check the project's ``.ralphy/`` before a run writes anything: it and every state path in it must be
    what ralphy would have made (a folder, regular files, no links); create it 0700 with its ``.gitignore``.
    The first thing that is not is an UnsafePathError that says what to remove."""
    project = Path(project_dir)
    state = ensure_dir(project / STATE_DIR, project)
    for name in STATE_FILES:
        check_file(state / name)
    for name in STATE_DIRS:
        path = state / name
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue
        if not stat.S_ISDIR(st.st_mode):
            raise UnsafePathError(
                f"{path} is {_kind(st.st_mode)}, where ralphy keeps its state in a folder; {_remove_hint(path, st.st_mode)}"
            )
    ignore = state / ".gitignore"
    if not os.path.lexists(ignore):
        try:
            fd = open_fd(ignore, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write("# ralphy's run state (history, breaker, transcripts): not part of the project\n*\n")
    return state


def walk(top: str | os.PathLike[str]):
    """``os.walk(top)`` (top-down, links to folders listed but not entered, unreadable folders skipped) without
    recursion: Python 3.11's ``os.walk`` recurses once per level, and a repository can nest folders deeper than
    the recursion limit (``a/a/a/...`` 1,500 deep was a RecursionError traceback). The caller may prune
    ``dirs`` in place, as with ``os.walk``; the order is the same."""
    stack = [os.fspath(top)]
    while stack:
        root = stack.pop()
        try:
            with os.scandir(root) as listing:
                entries = list(listing)
        except OSError:
            continue
        dirs, files = [], []
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            (dirs if is_dir else files).append(entry.name)
        yield root, dirs, files
        for name in reversed(dirs):
            path = os.path.join(root, name)
            if not os.path.islink(path):
                stack.append(path)
