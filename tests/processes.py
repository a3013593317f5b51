"""Whether a process the test started (or ralphy did) is still running, as the tests check it."""

from __future__ import annotations

import os
import time
from pathlib import Path


def alive(pid: int) -> bool:
    """The process exists and is not a zombie (a dead process its parent has not reaped yet counts as gone)."""
    try:
        os.kill(pid, 0)
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (ProcessLookupError, FileNotFoundError):
        return False
    except (OSError, IndexError):
        return True


def gone_within(pid: int, seconds: float = 10.0) -> bool:
    """Whether the process is gone within ``seconds``: a signal sent to a group is delivered, not awaited, and a
    killed process needs the CPU once more to end, which takes a moment on a loaded machine."""
    deadline = time.monotonic() + seconds
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
