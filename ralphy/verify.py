"""Verification: ralphy runs the project's check itself, so "done" is a checked fact, not Claude's word.

``run_check(command, cwd, ...)`` runs ``verify_command`` through ``/bin/sh -c`` in the project, in a process
group of its own (everything it starts is ended with it), under a time limit, with stdin closed. Its output
(stdout and stderr, interleaved) goes to a log file beside the iteration's transcript, kept to ``max_bytes``;
the last ``tail_chars`` characters are kept in memory for the report and the next prompt. It never raises for
anything the command does: a command that cannot start, crashes, floods its output or hangs is a failed
``Verification`` with the reason in ``output_tail``.

``resolve_command(config)`` says which command, if any: ``verify_command`` (``ralphy.config`` fills it with
the project's ``test_command`` when only that is set); None or blank means off.

``failure_instruction(v)`` is the text the next iteration's prompt carries after a failed check.
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Mapping

from ralphy import interrupts

DEFAULT_TAIL_CHARS = 2000  # of output kept in the report, the history and the next prompt
DEFAULT_MAX_BYTES = 1024 * 1024  # of output kept in the log file
_GRACE_S = 2.0  # between SIGTERM and SIGKILL when the time is up
_DRAIN_S = 1.0  # reading what is left after the command exited (its children may hold the pipe open)


def off_notice(tasks_file: str, test_command: str | None) -> str:
    """What ``ralphy dev`` says once when no check is set: the task file it reads, and how to turn the check on,
    with the test command the project's marker files suggest (a hint to paste, never run by ralphy itself)."""
    from ralphy.termsafe import shell_word

    example = shell_word(test_command.strip()) if test_command and test_command.strip() else "'pytest -q'"
    return (f"verification off: no verify_command (nor test_command) is set, so tasks ticked in {tasks_file} are not "
            f"checked; to have ralphy run your tests after each iteration, pass --verify-command {example} or set "
            "verify_command in .ralphy.toml")


@dataclass(frozen=True)
class Verification:
    """One run of the check. ``exit_code`` is None when it timed out or could not start."""

    command: str
    exit_code: int | None
    passed: bool
    duration_s: float
    output_tail: str
    timed_out: bool = False
    output_path: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def describe(self) -> str:
        """``pytest exit 1`` / ``pytest timed out after 600s``: the command, shortened, and how it ended."""
        return f"{_short(self.command)} {self.ending()}"

    def ending(self) -> str:
        """``exit 1`` / ``timed out after 600s`` / ``could not start``."""
        if self.timed_out:
            return f"timed out after {self.duration_s:.0f}s"
        if self.exit_code is None:
            return "could not start"
        return f"exit {self.exit_code}"


def resolve_command(config: Any) -> str | None:
    """The check to run for ``config``, or None when verification is off."""
    command = getattr(config, "verify_command", None)
    return command.strip() if isinstance(command, str) and command.strip() else None


def run_check(
    command: str,
    cwd: str | os.PathLike[str],
    *,
    timeout: float,
    env: Mapping[str, str] | None = None,
    output_path: Path | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    tail_chars: int = DEFAULT_TAIL_CHARS,
) -> Verification:
    """Run ``command`` in ``cwd`` and say whether it passed (exit 0 within ``timeout`` seconds)."""
    started = time.monotonic()
    log = _open_log(output_path)
    process = None
    try:
        try:
            with interrupts.held():  # Ctrl-C while it starts: raised once it is ours to end (below)
                process = subprocess.Popen(
                    ["/bin/sh", "-c", command], cwd=cwd, env=None if env is None else dict(env),
                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
        except OSError as exc:
            return Verification(command, None, False, round(time.monotonic() - started, 3),
                                f"could not start: {exc.strerror or exc}", False, _logged(output_path, log))
        except BaseException:
            if process is not None:
                _end_group(process)
            raise
        tail = _Tail(tail_chars * 4)
        written = 0

        def take(chunk: bytes) -> None:
            nonlocal written
            tail.add(chunk)
            if log is not None and written < max_bytes:
                part = chunk[: max_bytes - written]
                os.write(log, part)
                written += len(part)

        try:
            timed_out = _pump(process, take, started + timeout)
        finally:  # also on Ctrl-C / SIGTERM while it runs: nothing it started is left behind
            _end_group(process)
        exit_code = None if timed_out else process.returncode
        if written >= max_bytes and log is not None:
            os.write(log, f"\n[ralphy: output cut at {max_bytes} bytes]\n".encode())
        text = tail.text(tail_chars)
        if timed_out:
            text = (text + "\n" if text else "") + f"[ralphy: stopped after {timeout:g}s (verify_timeout)]"
        return Verification(command, exit_code, exit_code == 0, round(time.monotonic() - started, 3), text,
                            timed_out, _logged(output_path, log))
    finally:
        if log is not None:
            os.close(log)


def failure_instruction(verification: Verification, task_ids: list[str] | None = None) -> str:
    """What the next iteration is told after a failed check: the command, how it ended, its output's tail."""
    what = (f"timed out after {verification.duration_s:.0f}s" if verification.timed_out
            else "could not start" if verification.exit_code is None else f"exited with code {verification.exit_code}")
    covers = f" The tasks ticked last time ({', '.join(task_ids)}) do not count as done until it passes." if task_ids else ""
    tail = verification.output_tail.strip() or "(no output)"
    fence = "~~~~" if "```" in tail else "```"
    return (
        f"ralphy ran the project's check `{verification.command}` after the previous iteration and it FAILED: it "
        f"{what}.{covers} Fix this before anything else: find the cause, make `{verification.command}` pass, and "
        f"only then go on with the tasks that are not completed. The end of its output:\n\n{fence}\n{tail}\n{fence}"
    )


# ------------------------------------------------------------------------------------------------ plumbing


class _Tail:
    """The last ``limit`` bytes seen."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.data = bytearray()

    def add(self, chunk: bytes) -> None:
        self.data += chunk
        if len(self.data) > 2 * self.limit:
            del self.data[: len(self.data) - self.limit]

    def text(self, chars: int) -> str:
        decoded = bytes(self.data[-self.limit:]).decode("utf-8", "replace")
        cleaned = "".join(c if c in "\n\t" or c >= " " else "?" for c in decoded.replace("\r\n", "\n"))
        return cleaned[-chars:].strip("\n")


def _pump(process: subprocess.Popen[bytes], take, deadline: float) -> bool:
    """Read the command's output until it exits (then what is left, briefly) or ``deadline``; True if timed out."""
    assert process.stdout is not None
    fd = process.stdout.fileno()
    os.set_blocking(fd, False)
    exited_at: float | None = None
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        while True:
            now = time.monotonic()
            if exited_at is None and process.poll() is not None:
                exited_at = now
            if exited_at is not None and now - exited_at > _DRAIN_S:
                return False  # exited; whatever it left behind keeps the pipe open: stop reading
            if exited_at is None and now >= deadline:
                return True
            limit = min(0.1, max(0.0, deadline - now)) if exited_at is None else 0.05
            if not selector.select(limit):
                continue
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:  # EOF: every writer closed the pipe
                if exited_at is None:
                    try:
                        process.wait(timeout=max(0.0, deadline - time.monotonic()))
                    except subprocess.TimeoutExpired:
                        return True
                return False
            take(chunk)


def _end_group(process: subprocess.Popen[bytes]) -> None:
    """End the command and everything it started: SIGTERM to the group, SIGKILL after a grace period."""
    for signum, wait in ((signal.SIGTERM, _GRACE_S), (signal.SIGKILL, None)):
        try:
            os.killpg(process.pid, signum)
        except (ProcessLookupError, PermissionError):
            pass
        if process.returncode is None:
            try:
                process.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
    if process.stdout is not None:
        process.stdout.close()


def _open_log(path: Path | None) -> int | None:
    """The log file, opened for writing without following a symlink; None when it cannot be (no log then)."""
    if path is None:
        return None
    from ralphy import safefs
    from ralphy.errors import UnsafePathError

    try:
        safefs.ensure_dir(path.parent, path.parent.parent.parent)  # .ralphy/transcripts: real folders, 0700
        return safefs.open_fd(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)  # no link followed, 0600
    except (OSError, UnsafePathError, ValueError):
        return None


def _logged(path: Path | None, log: int | None) -> str | None:
    return str(path) if path is not None and log is not None else None


def _short(command: str, limit: int = 40) -> str:
    line = " ".join(command.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"
