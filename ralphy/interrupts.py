"""How ralphy is stopped: SIGTERM and SIGHUP raised as Ctrl-C is, and interruptions held while a process group starts.

Every child ralphy starts (the Claude CLI, a check, ``claude --version``, git) is ended by the code that started
it, in a ``finally`` or an ``except BaseException``: that needs an exception. Ctrl-C raises KeyboardInterrupt; left
to their default, SIGTERM and SIGHUP kill ralphy on the spot and the child (in a session of its own) goes on.
``stop_on_termination()``, called once by the ``ralphy`` program before anything starts, makes them raise
``Terminated``, a KeyboardInterrupt, in every command: one place, no handler per command.

Ctrl-C, SIGTERM and SIGHUP end ralphy by raising an exception wherever its main thread is. Raised while
``subprocess.Popen`` waits for the child's ``exec`` (the child already runs, in a session of its own), the
exception leaves the child without an owner: nobody ends its group, and a check or a Claude CLI goes on
working in the project after ralphy has gone. ``held()`` keeps such a signal until the block has ended, so the
caller holds the process before the exception is raised and its own clean-up ends the group.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

HELD = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
TERMINATION = (signal.SIGTERM, signal.SIGHUP)


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: raised as Ctrl-C's KeyboardInterrupt is, so the same clean-up runs (the CLI's
    group ended, a ``ralphy dev`` iteration recorded as interrupted) and the command exits 130."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated(signal.Signals(signum).name)


def stop_on_termination() -> None:
    """SIGTERM and SIGHUP raise ``Terminated`` from now on, in the main thread. A signal the process was started
    with ignored stays ignored: ``nohup ralphy dev`` goes on when its terminal closes (SIGHUP), as nohup asks."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in TERMINATION:
        if signal.getsignal(signum) is signal.SIG_DFL:
            signal.signal(signum, _terminated)


def ignore_from_now() -> None:
    """Ctrl-C, SIGTERM and SIGHUP do nothing from now on: the command has ended and ralphy is closing what it
    opened on its way out (bounded: a CLI started for nothing gets a second, then SIGKILL); an exception raised
    there would only cut that short. A handler that does nothing, not SIG_IGN, which a child would inherit."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in HELD:
        signal.signal(signum, _nothing)


def _nothing(signum: int, frame: object) -> None:
    pass


@contextmanager
def held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP for the block; as it ends, each that arrived is raised again, once, in the
    order they came, to the handlers that were there before (the first whose handler raises ends that: the rest are
    not needed; an outer ``held()`` holds them again). Off the main thread it holds nothing: Python runs signal
    handlers in the main thread only, so they cannot interrupt another one."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    previous = {signum: signal.signal(signum, lambda signum, frame: arrived.append(signum)) for signum in HELD}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            # None: a handler installed outside Python, which Python cannot put back; the default is the nearest
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
        for signum in dict.fromkeys(arrived):
            signal.raise_signal(signum)
