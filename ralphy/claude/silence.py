"""A turn gone quiet on a CLI that retries without saying so.

CLIs before 2.1.100 (``limits.SILENT_RETRIES_BEFORE``) write no ``api_retry`` event: a 429 with a long
``Retry-After`` (which 2.0.x and 2.1.62 honour without a cap), an overloaded API or a 5xx is waited out in
silence, and ``ralphy dev`` looks hung. ``SilenceWatch`` sees the turn's events go by and, when such a CLI has
been waiting for the API (no tool of its own running) for ``after_s`` seconds, says once what is likely going
on. A CLI that reports its retries, or one of unknown version, gets no such line: its silence is not a retry.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterator

from ralphy.claude.events import Event, ResultEvent, ToolResult, ToolUse
from ralphy.claude.limits import SILENT_RETRIES_BEFORE

logger = logging.getLogger(__name__)

QUIET_AFTER_S = 60.0  # a model's answer rarely takes this long without a word; a Retry-After often does
DELEGATION_TOOLS = ("Agent", "Task")  # a subagent's own API calls can be the silent ones: not "a tool running"


def retries_silently(version: object) -> bool:
    """Is ``version`` (a ``ralphy.claude.version.Version``) a CLI known to retry the API without an event?"""
    parts = tuple(getattr(version, name, None) for name in ("major", "minor", "patch"))
    return None not in parts and parts < SILENT_RETRIES_BEFORE


class SilenceWatch:
    """Feed it the turn's events (``feed``) and call ``tick`` now and then; it calls ``say`` at most once."""

    def __init__(self, version: object, say: Callable[[str], None], *, after_s: float = QUIET_AFTER_S,
                 timeout_s: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.active = retries_silently(version)
        self.version = version
        self.say = say
        self.after_s = after_s
        self.timeout_s = timeout_s
        self.clock = clock
        self.last = clock()
        self.running: set[str] = set()  # ids of the CLI's own tools (not subagents) not yet answered
        self.done = False

    def feed(self, event: Event) -> None:
        self.last = self.clock()
        if isinstance(event, ToolUse) and event.id and event.name not in DELEGATION_TOOLS:
            self.running.add(event.id)
        elif isinstance(event, ToolResult) and event.tool_use_id:
            self.running.discard(event.tool_use_id)
        elif isinstance(event, ResultEvent):
            self.running.clear()

    def tick(self) -> None:
        if not self.active or self.done or self.running:
            return
        quiet = self.clock() - self.last
        if quiet < self.after_s:
            return
        self.done = True
        until = f", at most until the iteration timeout ({self.timeout_s:g}s)" if self.timeout_s else ""
        self.say(f"the Claude CLI ({self.version}) has said nothing for {quiet:.0f}s while waiting for the API: "
                 f"probably a rate limit's Retry-After or a retry, which CLIs before "
                 f"{'.'.join(map(str, SILENT_RETRIES_BEFORE))} wait out without a word (or a long answer); "
                 f"ralphy keeps waiting{until}")

    @contextlib.contextmanager
    def watching(self, every_s: float = 0.5) -> Iterator[SilenceWatch]:
        """``tick`` every ``every_s`` seconds on a thread of its own while the block runs (the turn)."""
        if not self.active:
            yield self
            return
        stop = threading.Event()

        def run() -> None:
            while not stop.wait(every_s) and not self.done:
                try:
                    self.tick()
                except Exception:  # noqa: BLE001 - a line not said must not end the turn
                    logger.debug("silence watch: could not say it", exc_info=True)
                    return

        thread = threading.Thread(target=run, name="ralphy-silence-watch", daemon=True)
        self.last = self.clock()
        thread.start()
        try:
            yield self
        finally:
            stop.set()
            thread.join(timeout=every_s * 4)
