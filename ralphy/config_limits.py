"""What a project's own config may do to the limits on what a run spends.

A repository's ``.ralphy.toml`` / ``[tool.ralphy]`` comes with the files, and a run spends the user's money and
time: ``max_iterations = 100000`` or ``max_cost_usd = 5000`` in a stranger's repository would spend them.
From an untrusted project config a limit may be lowered, never raised above the user's own (their config
file, else the default); once the user trusts that config (``ralphy trust``) its limits are honoured as they
are. Flags and ``RALPHY_*`` variables are the user's and always win. A raised limit is kept at the user's own
value and said once, in one line (``hold``).

The keys: every limit past which a run stops or pauses (money, iterations, turns, time, the circuit breaker's
patience, the usage-window stop and the wait for a usage reset) and the disk its transcripts may fill. For
each, a larger number is looser and ``None`` is no limit at all. A new limit is one entry here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Mapping

LIMIT_KEYS: tuple[str, ...] = (
    # what one run may spend
    "max_iterations", "max_cost_usd", "max_wall_seconds", "max_turns", "iteration_timeout", "verify_timeout",
    # where the run stops for a usage window, and how long it waits for one to reset (then spends the next)
    "stop_at_usage", "usage_limit_max_wait_seconds",
    # the circuit breaker's patience: how many bad iterations in a row before it stops the run
    "no_progress_half_open", "no_progress_open", "same_error_open", "failures_open", "permission_denials_open",
    "max_questions", "verify_failures_open",
    # the disk the run's transcripts may fill
    "transcript_max_bytes", "transcript_keep_runs",
)  # fmt: skip


def looser(value: Any, limit: Any) -> bool:
    """``value`` lets a run go further than ``limit`` (None: no limit)."""
    if value is None:
        return limit is not None
    return limit is not None and value > limit


def hold(values: dict[str, Any], ceilings: Mapping[str, Any], from_project: dict[str, Path],
         trusted: Callable[[], bool]) -> list[tuple[Path, str, Any, Any]]:
    """Keep at its ceiling every limit the project's config raises above it, unless the config is trusted.

    ``values``: the merged config (changed in place); ``ceilings``: each key's value before the project's tables
    (the user's config file, else the default); ``from_project``: key -> the project file that set it and that
    no flag or variable overrode. Returns (file, key, the project's value, the value kept) per limit kept."""
    raised = [key for key in LIMIT_KEYS if key in from_project and looser(values[key], ceilings[key])]
    if not raised or trusted():
        return []
    kept = []
    for key in raised:
        kept.append((from_project[key], key, values[key], ceilings[key]))
        values[key] = ceilings[key]
        del from_project[key]
    return kept


def notice(project: Path, kept: list[tuple[Path, str, Any, Any]]) -> str:
    """One line for the limits ``hold`` kept (a newline in the project's path is shown as ``\\n``, as errors are)."""
    from ralphy.termsafe import one_line, shell_word

    files = sorted({str(path) for path, _, _, _ in kept})
    each = ", ".join(f"{key} = {_shown(value)} (kept {_shown(limit)})" for _, key, value, limit in kept)
    them = "them" if len(kept) > 1 else "it"
    return one_line(f"{', '.join(files)} {'raise' if len(files) > 1 else 'raises'} {each} above your "
            f"{'limits' if len(kept) > 1 else 'limit'}; an untrusted repository may only lower limits: review it and "
            f"run `ralphy trust {shell_word(os.fspath(project))}` to honour {them} "
            f"(or set {them} with a flag, a RALPHY_* variable or your own config file)")


def _shown(value: Any) -> str:
    if value is None:
        return "no limit"
    return f"{value:g}" if isinstance(value, float) else str(value)


_said: set[str] = set()


def say_once(line: str) -> None:
    """The notice as a ``ralphy: warning:`` line, once per process (the config is loaded more than once)."""
    if line in _said:
        return
    _said.add(line)
    import logging

    logging.getLogger("ralphy.config").warning("%s", line)
