"""One ``ralphy dev`` per project at a time, and no Claude CLI left behind by a ralphy that was killed.

``RunLock`` holds an exclusive ``flock`` on ``.ralphy/lock`` for the whole run (the kernel drops it when the
process dies, even by ``kill -9``). While an iteration runs, ``.ralphy/claude.pid`` names the CLI's process
group; a ralphy killed with SIGKILL cannot end that group itself (the CLI runs in a session of its own), so the
next run ends it before it starts any work (``end_orphaned_cli``).

The pid file comes from a directory a repository can fill, so it is a hint, not an order: a process is ended
only when it is provably the Claude CLI a ralphy of this project started — it leads its own process group, its
start time is the recorded one (never missing; read from /proc on Linux, ``ps -o lstart=`` elsewhere), its
command line is the recorded one and names the binary this ralphy runs, and its working directory is this
project. Anything less ends nothing. Both files are opened without following links (``ralphy.safefs``).
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import signal
import time
from pathlib import Path

from ralphy import jsontext
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
        from ralphy import safefs

        project = self.path.parent.parent
        try:
            safefs.ensure_dir(self.path.parent, project)
            fd = safefs.open_fd(self.path, os.O_RDWR | os.O_CREAT)
        except OSError as exc:
            raise RalphyError(f"{self.path}: cannot take the run lock: {exc.strerror or exc}") from None
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
    """When the process started, to tell a reused pid from the original: clock ticks since boot on Linux, the
    ``ps -o lstart=`` text elsewhere; None when it cannot be read."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[-1].split()[19]
    except (OSError, IndexError):
        pass
    if Path("/proc/self/stat").exists():
        return None  # Linux, and the process is gone
    return _ps(pid, "lstart=")


def _ps(pid: int, field: str) -> str | None:
    import subprocess

    from ralphy.claude.command import find_program  # PATH's absolute entries: never the project's ./ps

    ps = find_program("ps")
    if ps is None:
        return None
    try:
        out = subprocess.run([ps, "-o", field, "-p", str(pid)], capture_output=True, text=True, timeout=5,
                             env={"LC_ALL": "C"})
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def _cmdline(pid: int) -> list[str] | str | None:
    """The process's arguments (a list on Linux; the ``ps -o command=`` text elsewhere), or None."""
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
        return [part.decode("utf-8", "surrogateescape") for part in raw.split(b"\0")[:-1]]
    except OSError:
        pass
    if Path("/proc/self/cmdline").exists():
        return None
    return _ps(pid, "command=")


def _cwd(pid: int) -> str | None:
    """The process's working directory, or None when it cannot be read."""
    try:
        return os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        pass
    if Path("/proc/self/cwd").exists():
        return None
    import subprocess

    from ralphy.claude.command import find_program  # PATH's absolute entries: never the project's ./lsof

    lsof = find_program("lsof")
    if lsof is None:
        return None
    try:  # macOS and the BSDs: lsof names the cwd in a line starting with "n"
        out = subprocess.run([lsof, "-a", "-p", str(pid), "-d", "cwd", "-Fn"], capture_output=True, text=True,
                             timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    names = [line[1:] for line in out.stdout.splitlines() if line.startswith("n")]
    return names[0] if out.returncode == 0 and names else None


def record_cli(project_dir: Path, pid: int, argv: list[str] | None = None) -> None:
    """Note the running CLI: its process group (its pid: it leads its own session), start time, command line
    (``argv`` as ralphy started it) and working directory, so a later run can be sure it is the same one."""
    from ralphy import safefs

    data = {"pid": pid, "start": _start_time(pid), "argv": list(argv) if argv else None,
            "cwd": os.path.realpath(project_dir)}
    safefs.write_atomic(project_dir / CLI_PID_FILE, json.dumps(data))


def forget_cli(project_dir: Path) -> None:
    (project_dir / CLI_PID_FILE).unlink(missing_ok=True)  # unlinking a link removes the link, not its target


def _is_our_cli(data: object, project_dir: Path, claude_bin: str | None) -> tuple[int, str] | None:
    """(pid, why) when the recorded process is provably the CLI a ralphy of this project started, else None."""
    if not isinstance(data, dict):
        return None
    pid, start, argv, cwd = data.get("pid"), data.get("start"), data.get("argv"), data.get("cwd")
    if not (isinstance(pid, int) and not isinstance(pid, bool) and pid > 1 and pid != os.getpid()):
        return None
    if not (isinstance(start, str) and start):
        return None  # no start time recorded: a reused pid cannot be told apart
    if not (isinstance(argv, list) and argv and all(isinstance(a, str) for a in argv)):
        return None
    if claude_bin is not None and os.path.realpath(argv[0]) != os.path.realpath(claude_bin):
        return None  # not the binary this ralphy runs
    real_project = os.path.realpath(project_dir)
    if cwd != real_project:
        return None
    try:
        if os.getpgid(pid) != pid:
            return None
    except (ProcessLookupError, PermissionError, OSError):
        return None
    if _start_time(pid) != start:
        return None
    live = _cmdline(pid)
    if isinstance(live, list):
        # exec'd directly: the same argv; through a "#!" interpreter: [interpreter..., script, args...]
        k = len(live) - len(argv)
        same = live == argv or (
            k > 0 and live[k + 1 :] == argv[1:] and os.path.realpath(live[k]) == os.path.realpath(argv[0])
        ) or _renamed_script(live, argv)
        if not same:
            return None
    elif isinstance(live, str):
        if not live.endswith(" ".join(argv[1:])) or os.path.basename(argv[0]) not in live:
            return None
    else:
        return None
    live_cwd = _cwd(pid)
    if live_cwd is None or os.path.realpath(live_cwd) != real_project:
        return None
    return pid, "same start time, command line and working directory"


def _renamed_script(live: list[str], argv: list[str]) -> bool:
    """The CLI as a node script (npm's ``cli.js``, up to 2.1.62 at least) renames itself: ``process.title =
    "claude"`` overwrites its command line, which then reads ``claude`` and NULs. Taken as the recorded
    command when that was a ``#!`` script; the start time and working directory must still match."""
    if [part for part in live if part] != ["claude"]:
        return False
    try:
        with open(os.path.realpath(argv[0]), "rb") as script:
            return script.read(2) == b"#!"
    except OSError:
        return False


def end_orphaned_cli(project_dir: Path, grace: float = 5.0, claude_bin: str | None = None) -> int | None:
    """End the CLI a killed ralphy left running in this project; return its pid if there was one.

    ``claude_bin``: the CLI this ralphy runs; a recorded process running another binary is left alone."""
    from ralphy import safefs
    from ralphy.errors import UnsafePathError

    path = project_dir / CLI_PID_FILE
    try:
        data = jsontext.loads(safefs.read_text(path, limit=64 * 1024, follow=False, what="pid file"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, UnsafePathError):
        _remove(path)
        return None
    _remove(path)
    found = _is_our_cli(data, project_dir, claude_bin)
    if found is None:
        if isinstance(data, dict) and data.get("pid"):
            logger.info("%s names a process that is not provably our Claude CLI; left alone", path)
        return None
    pid = found[0]
    logger.warning("ending the Claude CLI (pid %d) that a killed ralphy left running in %s", pid, project_dir)
    try:
        os.killpg(pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        return None
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and _running(pid):
        time.sleep(0.05)
    try:
        os.killpg(pid, signal.SIGKILL)  # whatever of the group ignored SIGTERM
    except (ProcessLookupError, PermissionError):
        pass
    return pid


def _remove(path: Path) -> None:
    try:
        if os.path.islink(path) or os.path.isfile(path):
            path.unlink()
    except OSError:
        pass


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
