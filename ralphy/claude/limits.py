"""Why a CLI run failed, and when a usage limit lifts.

``usage_limit_reset`` prefers the machine-readable ``rate_limit_event`` (``status: rejected`` with
``resetsAt``) and falls back to the text the CLI prints, e.g.

    You've hit your session limit · resets 3:45pm
    You've hit your weekly limit · resets Nov 25, 3pm (Europe/Paris)
    You've hit your 5-hour limit · resets Mar 17, 2030, 5:46pm (UTC)   (every CLI names the year when it is not this one)
    Claude usage limit reached. Your limit will reset at 5pm (America/New_York).
    5-hour limit reached ∙ resets 2am

A clock time is the next occurrence after ``now``, in the named time zone when there is one (and it is
known to zoneinfo), else in local time.

Authentication failures look different on every CLI version, so they are recognised three ways (the driver and
the loop call ``auth_failure`` / ``is_auth_retry``; ``login_hint`` is the one line the user sees):

- an ``api_retry`` event with ``error: authentication_failed`` or status 401/403 (2.1.100 and later retry a
  refused key for minutes; the runner stops the CLI at the first such event);
- a ``result`` with ``api_error_status`` 401/403;
- the final text of an error ``result`` with no status: CLIs up to 2.1.62 never say the status, and every
  version reports missing credentials only in words ("Invalid API key · Fix external API key", "Not logged in ·
  Please run /login", "OAuth token revoked · Please run /login", "Login expired · Please run /login", ...; the
  list below comes from the texts inside the CLI bundles of 2.0.0, 2.1.197 and 2.1.330).
"""

from __future__ import annotations

import logging
import re
from datetime import datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Iterable, Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ralphy.claude.events import ApiRetry, RateLimitEvent, ResultEvent

if TYPE_CHECKING:  # process imports this module (is_auth_retry), so the type is only named here
    from ralphy.claude.process import RunResult

logger = logging.getLogger(__name__)

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_RESET_AT = re.compile(
    r"\breset(?:s)?\s+(?:at\s+|on\s+)?"
    r"(?:(?P<month>[a-z]{3})[a-z]*\.?\s+(?P<day>\d{1,2}),?\s+(?:(?P<year>\d{4}),?\s+)?(?:at\s+)?)?"
    r"(?P<hour>\d{1,2})(?::(?P<minute>\d{2}))?\s*(?P<ampm>[ap])?\.?m?\.?"
    r"(?:\s*\((?P<tz>[A-Za-z_]+(?:/[A-Za-z0-9_+\-]+)*)\))?",
    re.IGNORECASE,
)
_USAGE_LIMIT = re.compile(
    r"you['’]ve (?:hit|reached) your .*limit|usage limit reached|\blimit reached\b.*\breset",
    re.IGNORECASE,
)


AUTH_STATUSES = frozenset({401, 403})
_AUTH_TEXT = re.compile(
    r"invalid api key|not logged in|\bplease run /login|\brun /login|/login to sign in|claude auth login"
    r"|oauth (?:access )?token (?:has )?(?:been )?(?:expired|revoked)|oauth token expired/revoked"
    r"|(?:refresh |auth |session )?token (?:has )?expired|refresh token is no longer valid"
    r"|login expired|login reached its time limit|session (?:has )?expired"
    r"|does not have access to claude|failed to authenticate|authentication_error|authentication_failed"
    r"|api error: 40[13]\b",
    re.IGNORECASE,
)


RETRIES_ENV = "CLAUDE_CODE_MAX_RETRIES"
SILENT_RETRIES_BEFORE = (2, 1, 100)  # CLIs older than this retry without api_retry events (seen up to 2.1.62)
SILENT_CLI_RETRIES = 3  # a refused key then ends in ~5 s on 2.0.0 instead of ~180 s; ralphy backs off itself


def retry_env(env: Mapping[str, str], version: object) -> Mapping[str, str]:
    """``env`` for running a CLI of ``version`` (a ``ralphy.claude.version.Version`` or None).

    A CLI that retries silently (before 2.1.100: no ``api_retry`` events, so ralphy cannot see a refused key
    until the CLI gives up ~3 minutes later, and each iteration would cost that) gets at most
    ``SILENT_CLI_RETRIES`` retries, unless the user set CLAUDE_CODE_MAX_RETRIES. ``env`` itself is returned when
    nothing changes, so callers can tell."""
    parts = (getattr(version, "major", None), getattr(version, "minor", None), getattr(version, "patch", None))
    if None in parts or parts >= SILENT_RETRIES_BEFORE or RETRIES_ENV in env:
        return env
    return {**env, RETRIES_ENV: str(SILENT_CLI_RETRIES)}


def is_auth_retry(event: ApiRetry) -> bool:
    """Is this ``api_retry`` the CLI retrying refused credentials (no use waiting for its retries)?"""
    return event.error == "authentication_failed" or event.error_status in AUTH_STATUSES


def is_auth_result(result: ResultEvent | None) -> bool:
    """Does this ``result`` line say the API refused (or the CLI never had) the credentials, on any version?"""
    if result is None or not result.is_error:
        return False
    if result.api_error_status in AUTH_STATUSES:
        return True
    return bool(result.result and _AUTH_TEXT.search(result.result))


def synthetic_auth_failure(line: Mapping[str, object]) -> str | None:
    """What the CLI said, when ``line`` (one stream-json object) is an ``assistant`` message of its own making
    about missing or refused credentials (2.1.62 and later: ``"error": "authentication_failed"``, model
    ``<synthetic>``, "Not logged in · Please run /login"); None otherwise. A run that got one has no credentials
    to go on with: 2.1.62 keeps answering a ``--json-schema`` call's StructuredOutput stop hook with it."""
    if line.get("type") != "assistant":
        return None
    message = line.get("message")
    message = message if isinstance(message, Mapping) else {}
    content = message.get("content")
    said = " ".join(str(block.get("text") or "") for block in content if isinstance(block, Mapping)
                    and block.get("type") == "text") if isinstance(content, list) else ""
    said = " ".join(said.split())
    if line.get("error") == "authentication_failed":
        return said[:300] or "authentication failed"
    if message.get("model") == "<synthetic>" and said and _AUTH_TEXT.search(said):
        return said[:300]
    return None


def auth_failure(events: Iterable[object], result: ResultEvent | None) -> str | None:
    """What the CLI said about refused or missing credentials in one run (its own words, one line), or None
    when nothing in ``events`` and ``result`` is an authentication failure."""
    if is_auth_result(result):
        assert result is not None
        status = f"HTTP {result.api_error_status}: " if result.api_error_status else ""
        return f"{status}{' '.join((result.result or 'authentication failed').split())}"[:300]
    for event in events:
        if isinstance(event, ApiRetry) and is_auth_retry(event):
            status = f"HTTP {event.error_status}: " if event.error_status else ""
            return f"{status}{' '.join((event.error or 'authentication failed').split())}"[:300]
    return None


def login_hint(detail: str, has_key: bool | None = None) -> str:
    """The one line for an authentication failure: what the CLI said, and how to log in or set the key.
    ``has_key``: whether the CLI was given an API key or token in its environment (None: unknown); without one,
    old CLIs say "Invalid API key · Please run /login" when they are simply not logged in."""
    low = detail.lower()
    if "not logged in" in low or (has_key is False and "/login" in low):
        what = "the Claude CLI is not logged in and has no API key"
    elif "invalid api key" in low or "401" in low:
        what = "the Messages API refused the API key"
    elif "403" in low or "does not have access" in low:
        what = "the Messages API refused access for these credentials"
    else:
        what = "the Claude CLI's login is no longer valid"
    # The CLI's words after a dash, never inside parentheses of ralphy's: they may hold their own "(...)".
    said = " ".join(detail.split()).rstrip(".")
    return (f"authentication failed: {what} — {said}. Set ANTHROPIC_API_KEY to a valid key, or run `claude` "
            "once and log in with /login, then run `ralphy dev` again")


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


def classify_failure(result: "RunResult") -> str:
    """Name how a run ended: ``ok``, ``auth``, ``usage_limit``, ``timeout``, ``crashed`` (no result line),
    ``max_turns``, ``rate_limited`` (429), ``overloaded`` (529), ``server_error`` (other 5xx) or
    ``error`` (any other error result). A clean result line is ``ok`` even if the CLI then lingered."""
    final = result.result
    status = final.api_error_status if final else None
    if result.auth_failed or is_auth_result(final):
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
        year = int(match["year"]) if match["year"] else None
        return _on_date(current, match["month"].lower(), int(match["day"]), hour, minute, year)
    candidate = current.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if current - timedelta(minutes=1) < candidate <= current:
        # The CLI shows the reset time cut to the minute (2.0.x: "resets 3:03pm" for 15:03:40): a time of this
        # very minute is a reset within it, not tomorrow's. Its end is when the window has surely reset.
        return (candidate + timedelta(minutes=1)).timestamp()
    if candidate <= current:
        candidate += timedelta(days=1)
    return candidate.timestamp()


def _on_date(current: datetime, month: str, day: int, hour: int, minute: int, year: int | None = None) -> float | None:
    """``Nov 25, 3pm``: this year, or next year when that is well in the past (a reset across New Year);
    ``Mar 17, 2030, 5:46pm``: that year."""
    if month not in _MONTHS:
        return None
    try:
        candidate = current.replace(year=year or current.year, month=_MONTHS.index(month) + 1, day=day, hour=hour,
                                    minute=minute, second=0, microsecond=0)
        if year is None and candidate < current - timedelta(days=1):
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
