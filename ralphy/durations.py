"""A length of time as people read it: ``38s``, ``1m 35s``, ``2h 05m`` (``ralphy log`` and ``ralphy status``, and
the report page, which shows short checks to the tenth: ``2.5s``)."""

from __future__ import annotations


def duration_text(seconds: float | None, *, missing: str = "-", tenths_below: float = 0.0) -> str:
    """``seconds`` in whole seconds, with minutes from one minute and hours from one hour on; below
    ``tenths_below`` seconds to the tenth; ``missing`` when there is no time."""
    if seconds is None:
        return missing
    if seconds < tenths_below:
        return f"{seconds:.1f}s"
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h {minutes:02d}m"
    return f"{minutes}m {secs:02d}s" if minutes else f"{secs}s"
