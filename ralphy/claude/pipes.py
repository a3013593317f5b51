"""The Claude CLI's pipes and exit status: what keeps a child process from blocking and lets it be ended safely.

Each pipe has a thread of its own (``read_lines`` for stdout, ``drain`` for stderr, ``write_lines`` for stdin),
so a timeout holds even when the CLI ignores its input. What the CLI prints is bounded twice: the lines read and
not yet handled (``LineQueue``: past ``QUEUE_BYTES`` the reader waits, and a CLI writing faster than ralphy reads
waits on its own full pipe) and each line (``MAX_LINE_BYTES``: a longer one is skipped, said in one warning). ``Transcript`` keeps
the raw stdout lines (bounded); ``Tail`` the end of stderr; ``exit_status`` reads the exit code without reaping
the child, so its process-group id stays ours until ``ralphy.claude.command.end_group`` signals the group.
``ralphy.claude.driver`` is the one user; nothing here knows the stream-json protocol.
"""

from __future__ import annotations

import logging
import os
import queue
import subprocess
import threading
from collections import deque
from pathlib import Path
from typing import IO

logger = logging.getLogger("ralphy.claude.process")  # the name these warnings always had

EOF = None  # what ``read_lines`` queues after the last line, and ``write_lines`` takes as "close stdin"

# The longest stream-json line kept. Each line the CLI prints is a message of the conversation (or a summary of
# them), and the Messages API takes at most 32 MB a request; a longer line is no event of a run, and holding it
# whole is what a flood with no newline (a hook's or a server's output the CLI echoes) would ask for.
MAX_LINE_BYTES = 32 * 1024 * 1024
QUEUE_BYTES = 4 * 1024 * 1024  # lines read and not yet handled, at most (one line of any size when it is alone)
_SKIP_CHUNK = 1 << 16


class Tail:
    """The last ``limit`` bytes added (by the stderr thread; read once that thread has ended)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.chunks: deque[bytes] = deque()
        self.size = 0

    def add(self, chunk: bytes) -> None:
        self.chunks.append(chunk)
        self.size += len(chunk)
        while self.size - len(self.chunks[0]) >= self.limit:
            self.size -= len(self.chunks.popleft())

    def text(self) -> str:
        return b"".join(self.chunks)[-self.limit :].decode("utf-8", errors="replace")


class Transcript:
    """The raw stdout lines, written as they arrive, cut off (with a note) past ``max_bytes``."""

    def __init__(self, path: Path, file: IO[bytes], max_bytes: int) -> None:
        self.path = path
        self.file: IO[bytes] | None = file
        self.max_bytes = max_bytes
        self.written = 0

    @classmethod
    def open(cls, path: Path, max_bytes: int) -> Transcript | None:
        from ralphy import safefs
        from ralphy.errors import UnsafePathError

        try:  # .ralphy/transcripts and the file: never through a link a repository ships (ralphy.safefs)
            safefs.ensure_dir(path.parent, path.parent.parent.parent)
            return cls(path, safefs.open_write(path), max_bytes)
        except (OSError, UnsafePathError) as error:
            why = error.strerror if isinstance(error, OSError) else str(error)
            logger.warning("claude: cannot write the transcript %s (%s); running without it", path, why)
            return None

    def write(self, line: bytes) -> None:
        if self.file is None:
            return
        if not line.endswith(b"\n"):
            line += b"\n"
        try:
            if self.written + len(line) > self.max_bytes:
                self.file.write(b'{"type":"ralphy_transcript_truncated","max_bytes":%d}\n' % self.max_bytes)
                self.close()
                return
            self.file.write(line)
            self.file.flush()
            self.written += len(line)
        except OSError as error:
            logger.warning("claude: stopped writing the transcript %s (%s)", self.path, error.strerror)
            self.close()

    def close(self) -> None:
        if self.file is not None:
            file, self.file = self.file, None
            try:
                file.close()
            except OSError as error:
                logger.warning("claude: could not finish the transcript %s (%s)", self.path, error.strerror)


class LineQueue:
    """The lines read and not yet handled, at most ``max_bytes`` of them but always room for one: ``put`` waits for
    room (back-pressure: the reader stops reading, and the CLI waits on its full pipe, losing nothing), ``get`` is
    ``queue.Queue.get``'s. ``close`` (nobody will read any more) drops what is queued and lets every ``put`` return."""

    def __init__(self, max_bytes: int = QUEUE_BYTES) -> None:
        self.max_bytes = max_bytes
        self._items: deque[bytes | None] = deque()
        self._size = 0
        self._closed = False
        self._cond = threading.Condition()

    def put(self, item: bytes | None) -> bool:
        """Queue ``item`` once there is room; False when the queue was closed (the item is dropped)."""
        size = len(item) if item is not None else 0
        with self._cond:
            while not self._closed and self._items and self._size + size > self.max_bytes:
                self._cond.wait()
            if self._closed:
                return False
            self._items.append(item)
            self._size += size
            self._cond.notify_all()
            return True

    def get(self, block: bool = True, timeout: float | None = None) -> bytes | None:
        with self._cond:
            if not self._cond.wait_for(lambda: self._items, timeout if block else 0):
                raise queue.Empty
            item = self._items.popleft()
            self._size -= len(item) if item is not None else 0
            self._cond.notify_all()
            return item

    def empty(self) -> bool:
        with self._cond:
            return not self._items

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._items.clear()
            self._size = 0
            self._cond.notify_all()


def read_lines(stream: IO[bytes], lines: LineQueue, max_line: int = MAX_LINE_BYTES) -> None:
    """Queue each line of ``stream`` as it comes (waiting while ``lines`` is full), then ``EOF``. A line longer than
    ``max_line`` bytes (its newline aside) is read to its end without being kept, said in one warning, and queued
    as a ``ralphy_line_cut`` note (transcripts keep it; the events' parser skips its unknown type)."""
    number = 0
    try:
        while True:
            line = stream.readline(max_line + 1)
            if not line:
                break
            number += 1
            if len(line) > max_line and not line.endswith(b"\n"):
                size = len(line) + _skip_line(stream)
                logger.warning("claude: line %d of its output is %s bytes, past the %s a line may hold; skipped it "
                               "(an event on it is lost)", number, f"{size:,}", _mib(max_line))
                line = b'{"type":"ralphy_line_cut","line":%d,"bytes":%d,"max_bytes":%d}\n' % (number, size, max_line)
            if not lines.put(line):
                break  # nobody reads any more
    finally:
        lines.put(EOF)
        stream.close()


def _skip_line(stream: IO[bytes]) -> int:
    """Read the rest of a line without keeping it: how many bytes it had."""
    skipped = 0
    while True:
        chunk = stream.readline(_SKIP_CHUNK)
        skipped += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            return skipped - (1 if chunk.endswith(b"\n") else 0)


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):g} MiB" if size >= 1024 * 1024 else f"{size:,} bytes"


def drain(stream: IO[bytes], tail: Tail) -> None:
    """Read ``stream`` to its end, keeping its ``tail``."""
    try:
        for chunk in iter(lambda: stream.read1(65536), b""):  # type: ignore[attr-defined]
            tail.add(chunk)
    finally:
        stream.close()


def write_lines(stream, lines: queue.Queue[bytes | None]) -> None:
    """Write queued lines to the CLI's stdin until ``_EOF``, then close it. A CLI that exited is not our concern."""
    try:
        while True:
            line = lines.get()
            if line is EOF:
                break
            stream.write(line)
            stream.flush()
    except OSError:  # BrokenPipeError: it exited or was stopped
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass


def exit_status(proc: subprocess.Popen[bytes]) -> int | None:
    """The exit code without reaping the child (so its group id stays ours until ``end_group``)."""
    try:
        info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return proc.returncode
    if info is None:
        return None
    return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
