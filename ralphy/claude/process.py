"""Run the Claude CLI headless, stream its events as they arrive, and never leave a process behind.

``run_claude`` starts the CLI in a process group of its own, writes the prompt on stdin, and reads
stdout line by line while the CLI runs: each line is parsed (``ralphy.claude.events``), handed to
``on_event`` in the caller's thread, and appended raw to a bounded transcript. Three helper threads
write stdin, read stdout and drain stderr, so the child never blocks on a full pipe and a timeout
holds even when the child ignores its input.

Whatever happens -- normal exit, timeout, an authentication failure (not worth the CLI's minutes of
retries), ``on_event`` raising, KeyboardInterrupt -- the whole process group is ended (SIGTERM, then
SIGKILL after a grace period) before ``run_claude`` returns or re-raises.
"""

from __future__ import annotations

import logging
import os
import queue
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Callable, Mapping, Sequence

from ralphy.claude.events import ApiRetry, Event, InitEvent, ResultEvent, parse_line
from ralphy.claude.limits import AUTH_STATUSES, is_auth_result, is_auth_retry  # noqa: F401 (AUTH_STATUSES: re-exported)
from ralphy.claude.command import (  # noqa: F401  (build_argv, resolve_claude_bin, child_env: re-exported)
    CLAUDE_CODE_MARKERS,
    INSTALL_HINT,
    build_argv,
    child_env,
    end_group,
    has_exited,
    resolve_claude_bin,
    spawn,
    wait_for_exit,
)

logger = logging.getLogger(__name__)

TRANSCRIPT_MAX_BYTES = 20 * 1024 * 1024
STDERR_TAIL_BYTES = 8 * 1024
KILL_GRACE_S = 5.0
EXIT_DRAIN_S = 2.0  # how long to wait for stdout's end once the CLI has exited (a grandchild may hold it)

_EOF = None  # what the stdout reader queues after the last line


@dataclass(frozen=True)
class RunResult:
    """How one CLI run went.

    ``result`` is the ``result`` line (None when the CLI died or was stopped before writing it);
    ``exit_code`` is negative when a signal ended the CLI. ``auth_failed``: the API refused the
    credentials or there were none (the run was cut short on the first 401/403 retry, or the result says so in
    any CLI version's words: ``ralphy.claude.limits.is_auth_result``).
    """

    exit_code: int | None
    result: ResultEvent | None
    init: InitEvent | None
    events: list[Event] = field(repr=False)
    timed_out: bool
    auth_failed: bool
    stderr_tail: str
    transcript_path: Path | None
    duration_s: float


def run_claude(
    argv: Sequence[str],
    prompt: str,
    *,
    cwd: str | os.PathLike[str],
    env: Mapping[str, str],
    timeout: float,
    on_event: Callable[[Event], None] | None = None,
    transcript_path: str | os.PathLike[str] | None = None,
    transcript_max_bytes: int = TRANSCRIPT_MAX_BYTES,
    kill_grace: float = KILL_GRACE_S,
    process: subprocess.Popen[bytes] | None = None,
) -> RunResult:
    """Run the CLI once with ``prompt`` on stdin, for at most ``timeout`` seconds.

    With ``--input-format stream-json`` in ``argv`` (``build_argv`` puts it there) the run goes through
    ``ralphy.claude.driver.Session`` (the prompt as a user turn, permission requests denied as plain ``-p``
    does); otherwise the prompt is written as plain text and stdin closed.

    ``process``: the CLI already started with ``argv`` by ``ralphy.claude.command.spawn`` (it boots while
    the caller prepares the prompt); otherwise ``run_claude`` starts it.

    ``on_event`` is called in this thread for every event, as the CLI writes it; if it raises, the
    CLI is stopped and the exception propagates. The raw stdout goes to ``transcript_path`` (at most
    ``transcript_max_bytes``; a transcript that cannot be written is logged and skipped, the run goes
    on). Raises ``ClaudeNotFoundError`` when ``argv[0]`` cannot be started.
    """
    if "stream-json" in _option(argv, "--input-format"):
        from ralphy.claude.driver import Session

        session = Session.start(argv, cwd=cwd, env=env, process=process, on_event=on_event,
                                transcript_path=transcript_path, transcript_max_bytes=transcript_max_bytes,
                                kill_grace=kill_grace)
        return session.run_turn(prompt, timeout=timeout)
    started = time.monotonic()
    transcript = _Transcript.open(Path(transcript_path), transcript_max_bytes) if transcript_path else None
    try:
        proc = process if process is not None else spawn(argv, cwd=cwd, env=env)
    except BaseException:
        if transcript:
            transcript.close()
        raise
    run = _Run(proc, on_event, transcript)
    try:
        run.start(prompt.encode("utf-8"))
        run.pump(deadline=started + timeout)
    finally:
        end_group(proc, kill_grace)
        run.close()
    return RunResult(
        exit_code=proc.returncode,
        result=run.result,
        init=run.init,
        events=run.events,
        timed_out=run.timed_out,
        auth_failed=run.auth_failed or is_auth_result(run.result),
        stderr_tail=run.stderr_tail(),
        transcript_path=transcript.path if transcript else None,
        duration_s=time.monotonic() - started,
    )


def _option(argv: Sequence[str], name: str) -> str:
    """The value of ``name`` in ``argv`` ("" when absent)."""
    for i, arg in enumerate(argv):
        if arg == name and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(name + "="):
            return arg.partition("=")[2]
    return ""


class _Run:
    """The state of one run; helper threads feed it stdin, stdout lines and the stderr tail."""

    def __init__(
        self,
        proc: subprocess.Popen[bytes],
        on_event: Callable[[Event], None] | None,
        transcript: _Transcript | None,
    ) -> None:
        self.proc = proc
        self.on_event = on_event
        self.transcript = transcript
        self.events: list[Event] = []
        self.result: ResultEvent | None = None
        self.init: InitEvent | None = None
        self.timed_out = False
        self.auth_failed = False
        self.line_number = 0
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr = _Tail(STDERR_TAIL_BYTES)
        self.threads: list[threading.Thread] = []

    def start(self, prompt: bytes) -> None:
        """Start the threads that write the prompt, read stdout and drain stderr."""
        for pipe, target, stream, arg in (
            ("stdin", _write_all, self.proc.stdin, prompt),
            ("stdout", _read_lines, self.proc.stdout, self.lines),
            ("stderr", _drain, self.proc.stderr, self.stderr),
        ):
            thread = threading.Thread(target=target, args=(stream, arg), name=f"ralphy-claude-{pipe}", daemon=True)
            thread.start()
            self.threads.append(thread)

    def pump(self, deadline: float) -> None:
        """Handle stdout lines until the CLI is done, the deadline passes or authentication fails."""
        exited_at: float | None = None
        while not self.auth_failed:
            now = time.monotonic()
            if now >= deadline:
                self.timed_out = True
                logger.warning("claude: no result within the timeout; stopping it")
                return
            try:
                line = self.lines.get(timeout=min(deadline - now, 0.25))
            except queue.Empty:
                if exited_at is None and has_exited(self.proc):
                    exited_at = now
                if exited_at is not None and now - exited_at > EXIT_DRAIN_S:
                    return  # the CLI exited, but something it started still holds stdout open
                continue
            if line is _EOF:
                self._wait_exit(deadline)
                return
            self._handle(line)

    def _wait_exit(self, deadline: float) -> None:
        if not wait_for_exit(self.proc, deadline):
            self.timed_out = True
            logger.warning("claude: closed its output but did not exit within the timeout; stopping it")

    def _handle(self, raw: bytes) -> None:
        self.line_number += 1
        if self.transcript:
            self.transcript.write(raw)
        line = raw.decode("utf-8", errors="replace").strip()
        if not line:
            return
        try:
            events = parse_line(line)
        except ValueError as error:
            logger.warning("claude: skipping malformed stream-json line %d (%s): %.200s", self.line_number, error, line)
            return
        for event in events:
            self._record(event)
            if self.on_event:
                self.on_event(event)

    def _record(self, event: Event) -> None:
        self.events.append(event)
        if isinstance(event, InitEvent) and self.init is None:
            self.init = event
        elif isinstance(event, ResultEvent):
            self.result = event
        elif isinstance(event, ApiRetry) and is_auth_retry(event):
            self.auth_failed = True  # the loop says so to the user, once; this is for -v
            logger.info("claude: the API refused the credentials (%s); stopping it", event.error_status)

    def stderr_tail(self) -> str:
        return self.stderr.text()

    def close(self) -> None:
        """Wait for the helper threads (the process group is gone, so every pipe ends)."""
        for thread in self.threads:
            thread.join(timeout=KILL_GRACE_S)
            if thread.is_alive():
                logger.warning("claude: a process that left the CLI's group still holds its %s", thread.name.removeprefix("ralphy-claude-"))
        if self.transcript:
            self.transcript.close()


class _Tail:
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


class _Transcript:
    """The raw stdout lines, written as they arrive, cut off (with a note) past ``max_bytes``."""

    def __init__(self, path: Path, file: IO[bytes], max_bytes: int) -> None:
        self.path = path
        self.file: IO[bytes] | None = file
        self.max_bytes = max_bytes
        self.written = 0

    @classmethod
    def open(cls, path: Path, max_bytes: int) -> _Transcript | None:
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


def _write_all(stream: IO[bytes], data: bytes) -> None:
    """Give the CLI its prompt and close stdin; a CLI that exits without reading it is not our concern."""
    try:
        stream.write(data)
    except OSError:  # BrokenPipeError: it exited or was stopped
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass


def _read_lines(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    try:
        for line in iter(stream.readline, b""):
            lines.put(line)
    finally:
        lines.put(_EOF)
        stream.close()


def _drain(stream: IO[bytes], tail: _Tail) -> None:
    try:
        for chunk in iter(lambda: stream.read1(65536), b""):  # type: ignore[attr-defined]
            tail.add(chunk)
    finally:
        stream.close()


