"""Why a CLI run failed, and when a usage limit lifts.

``usage_limit_reset`` prefers the machine-readable ``rate_limit_event`` (``status: rejected`` with
``resetsAt``) and falls back to the text the CLI prints, e.g.

    You've hit your session limit · resets 3:45pm
    You've hit your weekly limit · resets Nov 25, 3pm (Europe/Paris)
    Claude usage limit reached. Your limit will reset at 5pm (America/New_York).
    5-hour limit reached ∙ resets 2am

A clock time is the next occurrence after ``now``, in the named time zone when there is one (and it is
known to zoneinfo), else in local time.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime, timedelta, tzinfo
from typing import Iterable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ralphy.claude.events import RateLimitEvent
from ralphy.claude.process import RunResult

logger = logging.getLogger(__name__)

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_RESET_AT = re.compile(
    r"\breset(?:s)?\s+(?:at\s+|on\s+)?"
    r"(?:(?P<month>[a-z]{3})[a-z]*\.?\s+(?P<day>\d{1,2}),?\s+(?:at\s+)?)?"
    r"(?P<hour>\d{1,2})(?::(?P<minute>\d{2}))?\s*(?P<ampm>[ap])?\.?m?\.?"
    r"(?:\s*\((?P<tz>[A-Za-z_]+(?:/[A-Za-z0-9_+\-]+)*)\))?",
    re.IGNORECASE,
)
_USAGE_LIMIT = re.compile(
    r"you['’]ve (?:hit|reached) your .*limit|usage limit reached|\blimit reached\b.*\breset",
    re.IGNORECASE,
)


def usage_limit_reset(
    result_text: str | None, rate_limit_events: Iterable[RateLimitEvent], now: float
) -> float | None:
    """When (epoch seconds) the usage limit a run hit lifts; None if it hit none or the time is unknown."""
    rejected = [event.resets_at for event in rate_limit_events if event.status == "rejected" and event.resets_at]
    if rejected:
        return rejected[-1]
    if not result_text or not _USAGE_LIMIT.search(result_text):
        return None
    match = _RESET_AT.search(result_text)
    return _next_occurrence(match, now) if match else None


def is_usage_limit(result_text: str | None, rate_limit_events: Iterable[RateLimitEvent]) -> bool:
    """Did the run stop on a usage limit (with or without a known reset time)?"""
    if any(event.status == "rejected" for event in rate_limit_events):
        return True
    return bool(result_text and _USAGE_LIMIT.search(result_text))


def classify_failure(result: RunResult) -> str:
    """Name how a run ended: ``ok``, ``auth``, ``usage_limit``, ``timeout``, ``crashed`` (no result line),
    ``max_turns``, ``rate_limited`` (429), ``overloaded`` (529), ``server_error`` (other 5xx) or
    ``error`` (any other error result). A clean result line is ``ok`` even if the CLI then lingered."""
    final = result.result
    status = final.api_error_status if final else None
    if result.auth_failed or status in (401, 403):
        return "auth"
    if final and not final.is_error and final.subtype != "error_max_turns":
        return "ok"
    rate_limits = [event for event in result.events if isinstance(event, RateLimitEvent)]
    if is_usage_limit(final.result if final else None, rate_limits):
        return "usage_limit"
    if result.timed_out:
        return "timeout"
    if final is None:
        return "crashed"
    if final.subtype == "error_max_turns":
        return "max_turns"
    if status == 429:
        return "rate_limited"
    if status == 529:
        return "overloaded"
    if status and 500 <= status < 600:
        return "server_error"
    return "error"


def _next_occurrence(match: re.Match[str], now: float) -> float | None:
    zone = _zone(match["tz"])
    hour, minute = int(match["hour"]), int(match["minute"] or 0)
    if match["ampm"]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if match["ampm"].lower() == "p" else 0)
    if hour > 23 or minute > 59:
        return None
    current = datetime.fromtimestamp(now, zone)
    if match["month"]:
        return _on_date(current, match["month"].lower(), int(match["day"]), hour, minute)
    candidate = current.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if candidate <= current:
        candidate += timedelta(days=1)
    return candidate.timestamp()


def _on_date(current: datetime, month: str, day: int, hour: int, minute: int) -> float | None:
    """``Nov 25, 3pm``: this year, or next year when that is well in the past (a reset across New Year)."""
    if month not in _MONTHS:
        return None
    try:
        candidate = current.replace(month=_MONTHS.index(month) + 1, day=day, hour=hour, minute=minute, second=0, microsecond=0)
        if candidate < current - timedelta(days=1):
            candidate = candidate.replace(year=current.year + 1)
    except ValueError:  # Feb 30 and the like
        return None
    return candidate.timestamp()


def _zone(name: str | None) -> tzinfo | None:
    """The named zone; None (local time) when there is no name or zoneinfo does not know it."""
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        logger.debug("unknown time zone %r in a usage-limit message; using local time", name)
        return None
