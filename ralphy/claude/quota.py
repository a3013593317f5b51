"""``--stop-at-usage PCT``: stop before a usage window is used up.

A subscriber's Claude CLI reports how much of each usage window is used in ``rate_limit_event`` lines
(``ralphy.claude.events.RateLimitEvent.windows``): 2.1.330 reports every window (``unifiedWindows``) on every
change; 2.1.x before it reports the representative window's ``utilization`` only when the API says a warning
threshold was crossed (``allowed_warning``); 2.0.x reports nothing. ``QuotaGuard`` watches those events and
says, once, when a window reaches the limit; the loop then ends the turn through ``interrupt`` and stops the
run (exit 5). A *rejected* window is another matter: ``ralphy.claude.limits`` and the loop wait for its reset.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ralphy.claude.events import Event, RateLimitEvent, UsageWindow

# The CLI's window names, as its own messages call them.
WINDOW_NAMES = {
    "five_hour": "5-hour session",
    "seven_day": "weekly",
    "seven_day_opus": "weekly Opus",
    "seven_day_sonnet": "weekly Sonnet",
    "seven_day_overage_included": "weekly included",
    "overage": "usage credit",
}


@dataclass(frozen=True)
class QuotaReached:
    """A window whose use reached the limit (``stop_at``, percent)."""

    window: UsageWindow
    stop_at: float

    @property
    def percent(self) -> float:
        return self.window.utilization * 100

    def describe(self) -> str:
        """One line naming the window, its use and when it resets (local time)."""
        name = WINDOW_NAMES.get(self.window.name, self.window.name.replace("_", " "))
        when = (time.strftime("%Y-%m-%d %H:%M", time.localtime(self.window.resets_at))
                if self.window.resets_at else "an unknown time")
        return (f"the {name} usage window ({self.window.name}) is {self.percent:.0f}% used "
                f"(stop_at_usage {self.stop_at:g}%); it resets at {when}")


class QuotaGuard:
    """Feed it every event of a run; ``feed`` returns a ``QuotaReached`` the first time a window's use is at or
    above ``stop_at`` percent (None when ``stop_at`` is None: no limit), and ``reached`` keeps it."""

    def __init__(self, stop_at: float | None) -> None:
        self.stop_at = stop_at
        self.reached: QuotaReached | None = None

    def feed(self, event: Event) -> QuotaReached | None:
        if self.stop_at is None or self.reached is not None or not isinstance(event, RateLimitEvent):
            return None
        over = [window for window in event.windows if round(window.utilization * 100, 6) >= self.stop_at]  # 0.29 is 29 %
        if not over:
            return None
        self.reached = QuotaReached(max(over, key=lambda window: window.utilization), self.stop_at)
        return self.reached
