"""A run's status, an iteration's outcome or the breaker's state as a person reads it.

The codes (``circuit_open``, ``usage_limit``, ``half_open``) stay what ``--json``, the history and the CSS
classes hold; what ``ralphy dev``'s closing line, ``ralphy log`` / ``status`` and the report show is these words.
"""

from __future__ import annotations

WORDS = {
    "circuit_open": "circuit breaker open",
    "usage_limit": "usage limit",
    "half_open": "half-open",
}


def counted(count: int, word: str) -> str:
    """``1 task``, ``3 tasks``: a count as people write it (``word`` takes an s for any count but 1)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def words(code: object) -> str:
    """``circuit_open`` -> ``circuit breaker open``; an unknown code with its underscores as spaces; anything else
    (a forged history's blob, read leniently by the report) as ``str`` shows it."""
    if code is None or code == "":
        return ""
    if not isinstance(code, str):
        return str(code)
    return WORDS.get(code, code.replace("_", " "))


def with_reason(status: str, reason: str | None) -> str:
    """``status: reason`` in words, the status left out when the reason already starts with it ("circuit breaker
    open: ...", "interrupted by a signal ...")."""
    said = words(status)
    if not reason:
        return said
    if said and reason.lower().startswith((said, said.split()[0])):
        return reason
    return f"{said}: {reason}" if said else reason
