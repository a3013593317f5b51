"""Run the Claude CLI headless for one turn, and what a run gives back.

``run_claude`` is one turn through ``ralphy.claude.driver.Session``, the one reader of the CLI's output: it
starts the CLI in a process group of its own, sends the prompt, and reads stdout line by line while the CLI
runs (each line parsed by ``ralphy.claude.events``, handed to ``on_event`` in the caller's thread, appended raw
to a bounded transcript). A thread per pipe (``ralphy.claude.pipes``) keeps the child from blocking on a full
pipe, so a timeout holds even when the child ignores its input.

Whatever happens -- normal exit, timeout, an authentication failure (not worth the CLI's minutes of
retries), ``on_event`` raising, KeyboardInterrupt -- the whole process group is ended (SIGTERM, then
SIGKILL after a grace period) before ``run_claude`` returns or re-raises. ``RunResult`` says how it went.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

from ralphy.claude.command import build_argv, child_env, resolve_claude_bin  # noqa: F401 (re-exported)
from ralphy.claude.events import Event, InitEvent, ResultEvent
from ralphy.claude.limits import AUTH_STATUSES  # noqa: F401 (re-exported)

TRANSCRIPT_MAX_BYTES = 20 * 1024 * 1024
STDERR_TAIL_BYTES = 8 * 1024
KILL_GRACE_S = 5.0
EXIT_DRAIN_S = 2.0  # how long to wait for stdout's end once the CLI has exited (a grandchild may hold it)


@dataclass(frozen=True)
class RunResult:
    """How one CLI run went.

    ``result`` is the ``result`` line (None when the CLI died or was stopped before writing it);
    ``exit_code`` is negative when a signal ended the CLI. ``auth_failed``: the API refused the
    credentials or there were none (the run was cut short on the first 401/403 retry, or the result says so in
    any CLI version's words: ``ralphy.claude.limits.is_auth_result``).

    ``events``: the CLI's own account of the run, in order (``driver.KEPT_EVENTS``: init, results, API retries,
    rate-limit events, subagents started and ended). The conversation (the model's text, tool calls, tool
    results) and subagents' progress ticks are not kept: they went to ``on_event`` as they came, and to the
    transcript; kept, they grew with what the model writes.
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
    """Run the CLI once with ``prompt``, for at most ``timeout`` seconds: one turn through
    ``ralphy.claude.driver.Session`` (the stream-json flags are added to ``argv`` when missing; the prompt goes
    as a user turn; permission requests are denied as plain ``-p`` does; a timeout interrupts the turn).

    ``process``: the CLI already started with ``argv`` by ``ralphy.claude.command.spawn`` (it boots while
    the caller prepares the prompt); otherwise ``run_claude`` starts it.

    ``on_event`` is called in this thread for every event, as the CLI writes it; if it raises, the
    turn is interrupted, the CLI stopped and the exception propagates. The raw stdout goes to
    ``transcript_path`` (at most ``transcript_max_bytes``; a transcript that cannot be written is logged and
    skipped, the run goes on). Raises ``ClaudeNotFoundError`` when ``argv[0]`` cannot be started.
    """
    from ralphy.claude.command import with_stream_flags
    from ralphy.claude.driver import Session

    if process is None:
        argv = with_stream_flags(argv)
    session = Session.start(argv, cwd=cwd, env=env, process=process, on_event=on_event,
                            transcript_path=transcript_path, transcript_max_bytes=transcript_max_bytes,
                            kill_grace=kill_grace)
    return session.run_turn(prompt, timeout=timeout, cancel_grace=min(kill_grace, 5.0))
