"""The Claude CLI's pipes and exit status: what keeps a child process from blocking and lets it be ended safely.

Each pipe has a thread of its own (``read_lines`` for stdout, ``drain`` for stderr, ``write_lines`` for stdin),
so the CLI never blocks on a full pipe and a timeout holds even when it ignores its input. ``Transcript`` keeps
the raw stdout lines (bounded); ``Tail`` the end of stderr; ``exit_status`` reads the exit code without reaping
the child, so its process-group id stays ours until ``ralphy.claude.command.end_group`` signals the group.
``ralphy.claude.driver`` is the one user; nothing here knows the stream-json protocol.
"""

from __future__ import annotations

import logging
import os
import queue
import subprocess
from collections import deque
from pathlib import Path
from typing import IO

logger = logging.getLogger("ralphy.claude.process")  # the name these warnings always had

EOF = None  # what ``read_lines`` queues after the last line, and ``write_lines`` takes as "close stdin"


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


def read_lines(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Queue each line of ``stream`` as it comes, then ``EOF``."""
    try:
        for line in iter(stream.readline, b""):
            lines.put(line)
    finally:
        lines.put(EOF)
        stream.close()


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
