"""Interruptions held while a process group starts.

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
