"""ralphy on a real terminal: a pseudo-terminal for its stdin, stdout and stderr, read while it runs, typed into
when what it shows (or anything else the test watches) calls for it."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from typing import Callable, Mapping, Sequence


def _take_terminal() -> None:
    """In the child, after setsid: make the pty on stdin the controlling terminal, so ^C there is a SIGINT."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``python -m ralphy ARGS`` with a pty as its terminal. ``controlling``: in a session of its own with the pty
    as its controlling terminal (what Ctrl-C needs to become a SIGINT); ``columns`` x ``rows``: its window. Use as a context manager: on leaving, a
    process still running is killed (a hang fails the test; it does not leave a ralphy behind)."""

    def __init__(self, args: Sequence[str], env: Mapping[str, str], *, controlling: bool = False,
                 columns: int = 80, rows: int = 24) -> None:
        self.leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))  # a window this size
        extra = {"start_new_session": True, "preexec_fn": _take_terminal} if controlling else {}
        self.proc = subprocess.Popen([sys.executable, "-m", "ralphy", *args], env=dict(env), stdin=follower,
                                     stdout=follower, stderr=follower, **extra)
        os.close(follower)
        self.seen = b""

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.leader)

    @property
    def shown(self) -> str:
        """All the process wrote to the terminal so far."""
        return self.seen.decode(errors="replace")

    def type(self, keys: bytes) -> None:
        os.write(self.leader, keys)

    def run(self, step: Callable[[Terminal], None], *, timeout: float, poll: float = 0.2) -> int | None:
        """Read what the process shows until it exits or ``timeout`` passes, calling ``step(self)`` before each
        read (it may ``type``); then wait up to 30 s more for the exit. Its exit code (None: still running)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            step(self)
            ready, _, _ = select.select([self.leader], [], [], poll)
            if ready:
                try:
                    self.seen += os.read(self.leader, 65536)
                except OSError:  # the process closed the terminal
                    break
        try:
            code = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            return None
        self._drain()
        return code

    def _drain(self) -> None:
        """What the process wrote just before it exited (no wait: a process it left may hold the terminal)."""
        while select.select([self.leader], [], [], 0)[0]:
            try:
                chunk = os.read(self.leader, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.seen += chunk


def answer_when_asked(args: Sequence[str], env: Mapping[str, str], reply: bytes, *, prompt: bytes = b"Your answer",
                      timeout: float = 90) -> tuple[int | None, str, bool]:
    """Run ralphy on a terminal and type ``reply`` once ``prompt`` is shown: (exit code, all it showed, whether
    the reply was typed)."""
    answered = False

    def step(terminal: Terminal) -> None:
        nonlocal answered
        if not answered and prompt in terminal.seen:
            terminal.type(reply)
            answered = True

    with Terminal(args, env) as terminal:
        code = terminal.run(step, timeout=timeout)
    return code, terminal.shown, answered


def interrupt_dev_when(project: object, env: Mapping[str, str], ready: Callable[[], bool],
                       timeout: float = 120) -> tuple[int, str, float]:
    """Run ``ralphy dev PROJECT`` on a controlling terminal and type Ctrl-C once ``ready()`` holds: (its exit code,
    what it showed, the seconds from the key to its end). Fails when ``ready()`` never held."""
    pressed: list[float] = []

    def press_once_ready(terminal: Terminal) -> None:
        if not pressed and ready():
            terminal.type(b"\x03")  # what Ctrl-C types
            pressed.append(time.monotonic())

    with Terminal(["dev", str(project)], env, controlling=True) as terminal:
        code = terminal.run(press_once_ready, timeout=timeout, poll=0.1)
    assert pressed, terminal.shown[-2000:]
    return code, terminal.shown, time.monotonic() - pressed[0]
