"""Ask the Claude CLI what it loads, with no model call: ``initialize_info`` starts the CLI (``driver.Session``),
sends ``initialize``, and ends it. Its answer names the agents (from ~2.1.100), the pid, the version (2.1.330)
and the commands; for an older CLI, ``init_fallback`` reads the agents off the first turn's ``system/init`` line
with the Messages API pointed at a closed local port. ``ralphy doctor`` and the discovery parity tests use it.
"""

from __future__ import annotations

import os
import time
from dataclasses import replace
from typing import Mapping, Sequence

from ralphy.claude.control import InitializeInfo
from ralphy.claude.command import with_stream_flags
from ralphy.claude.driver import ClaudeUsageError, NodeTooOldError, Session
from ralphy.errors import ConfigError


def initialize_info(
    argv: Sequence[str],
    *,
    cwd: str | os.PathLike[str],
    env: Mapping[str, str],
    timeout: float = 30.0,
    init_fallback: bool = False,
) -> InitializeInfo:
    """Start the CLI, ask ``initialize``, end it: the agents (and pid, version, commands, account) the CLI
    loads in ``cwd``, with no model call. ``argv`` is a command line from ``command.build_argv`` (the
    stream-json flags are added when missing).

    ``init_fallback``: a CLI whose answer names no agents (before ~2.1.100) gets one user turn and the agents'
    names come from that turn's ``system/init`` line, which the CLI writes before any request to the Messages
    API; the CLI is pointed at a closed local port with no retries and ended at that line, so no model is
    called and no credentials leave the machine (pass ``--no-session-persistence`` in ``argv`` where the CLI
    knows it).

    Raises ``ClaudeUsageError`` when the CLI refuses its command line, ``ClaudeNotFoundError`` when it cannot
    start, ``ConfigError`` when it gives no answer within ``timeout``."""
    argv = with_stream_flags(argv)
    if init_fallback:
        env = {**env, "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{_closed_port()}", "CLAUDE_CODE_MAX_RETRIES": "0"}
    session = Session.start(argv, cwd=cwd, env=env, kill_grace=1.0)
    try:
        deadline = time.monotonic() + timeout
        info = session.initialize(timeout)
        if info is None:
            refused = session.usage_error()
            if refused:
                from ralphy.claude.node import node_problem

                if (old_node := node_problem(argv[0], env)) is not None:  # asked only once the CLI has failed
                    raise NodeTooOldError(old_node)
                raise ClaudeUsageError(
                    f"the Claude CLI {argv[0]} crashed as it started: {refused}" if session.crashed else
                    f"the Claude CLI {argv[0]} refused its command line: {refused}")
            raise ConfigError(f"the Claude CLI {argv[0]} gave no answer to `initialize` within {timeout:g}s"
                              + _stderr_hint(session))
        if info.agents is None and init_fallback:
            session.send_user_turn("ralphy: which agents are loaded? (this turn never reaches a model)")
            while session.init is None and not session.results and session._next_line(deadline):
                pass
            if session.init is not None:
                info = replace(info, agents=[{"name": name, "description": None, "model": None}
                                             for name in session.init.agents],
                               version=info.version or session.init.version, agents_source="init")
        return info
    finally:
        session.close()


def _closed_port() -> int:
    """A local port nothing listens on (bound, read, released)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _stderr_hint(session: Session) -> str:
    session._join_stderr()
    lines = [line.strip() for line in session._stderr.text().splitlines() if line.strip()]
    return f" ({lines[-1][:300]})" if lines else ""
