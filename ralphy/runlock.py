"""One ``ralphy dev`` per project at a time, and no Claude CLI left behind by a ralphy that was killed.

``RunLock`` holds an exclusive ``flock`` on ``.ralphy/lock`` for the whole run (the kernel drops it when the
process dies, even by ``kill -9``). While an iteration runs, ``.ralphy/claude.pid`` names the CLI's process
group; a ralphy killed with SIGKILL cannot end that group itself (the CLI runs in a session of its own), so the
next run ends it before it starts any work (``end_orphaned_cli``), once it is sure the process is still that
CLI (same process group, and on Linux the same start time).
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import signal
import time
from pathlib import Path

from ralphy.errors import RalphyError

logger = logging.getLogger(__name__)

LOCK_FILE = Path(".ralphy") / "lock"
CLI_PID_FILE = Path(".ralphy") / "claude.pid"


class RunLockedError(RalphyError):
    """Another ``ralphy dev`` is running in this project."""


class RunLock:
    """``with RunLock(project):`` — an exclusive hold on the project's ``.ralphy/lock`` for one run."""

    def __init__(self, project_dir: Path):
        self.path = project_dir / LOCK_FILE
        self.fd: int | None = None

    def __enter__(self) -> "RunLock":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise RunLockedError(
                f"another `ralphy dev` is running in {self.path.parent.parent} (pid {holder}); "
                "wait for it, or stop it first"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self.fd = fd
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # releases the flock
            self.fd = None


def _start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (Linux), to tell a reused pid from the original."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[-1].split()[19]


def record_cli(project_dir: Path, pid: int) -> None:
    """Note the running CLI's process group (its pid: it leads its own session)."""
    path = project_dir / CLI_PID_FILE
    path.write_text(json.dumps({"pid": pid, "start": _start_time(pid)}))


def forget_cli(project_dir: Path) -> None:
    (project_dir / CLI_PID_FILE).unlink(missing_ok=True)


def end_orphaned_cli(project_dir: Path, grace: float = 5.0) -> int | None:
    """End the CLI a killed ralphy left running in this project; return its pid if there was one."""
    path = project_dir / CLI_PID_FILE
    try:
        data = json.loads(path.read_text())
        pid, start = int(data["pid"]), data.get("start")
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        path.unlink(missing_ok=True)
        return None
    path.unlink(missing_ok=True)
    try:
        alive = os.getpgid(pid) == pid and (start is None or _start_time(pid) == start)
    except ProcessLookupError:
        alive = False
    if not alive:
        return None
    logger.warning("ending the Claude CLI (pid %d) that a killed ralphy left running in %s", pid, project_dir)
    os.killpg(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and _running(pid):
        time.sleep(0.05)
    try:
        os.killpg(pid, signal.SIGKILL)  # whatever of the group ignored SIGTERM
    except ProcessLookupError:
        pass
    return pid


def _running(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return state != "Z"
