"""The live status line of ``ralphy dev`` on a terminal, fitted to its width.

``⠿ iteration 2/20 · 1m05s · subagent tdd-orchestrator > Bash · delegations: 3 · $0.1234`` on one row whatever
the names in it: what is long (a subagent's name comes from the repository) is cut in the middle with "…", so
both its start (which subagent) and its end (which tool) stay. The delegation count, then the cost give way when
that lets the whole of it show (a retry's "retrying (HTTP 529, attempt 3/10)" on 80 columns); on a narrow
terminal they, then the word "iteration", then the clock give way before it is cut under 20 columns. The last column stays free (a row that fills it wraps on some
terminals).
"""

from __future__ import annotations

import os
from typing import IO

from ralphy.termsafe import display_width, safe_text

SEPARATOR = " · "
MIN_DOING = 20  # columns the current activity keeps before the counters give way ("subagent p…-specialist")


def terminal_columns(stream: IO[str] | None = None) -> int:
    """The width of the terminal ``stream`` shows on: ``$COLUMNS`` when set, else the terminal's own size (asked
    each time, so a resized window is followed), else ``shutil.get_terminal_size``'s answer (80 by default)."""
    import shutil

    if os.environ.get("COLUMNS", "").strip().isdigit() and int(os.environ["COLUMNS"]) > 0:
        return int(os.environ["COLUMNS"])
    try:
        return os.get_terminal_size(stream.fileno()).columns if stream is not None else shutil.get_terminal_size().columns
    except (AttributeError, OSError, ValueError):
        return shutil.get_terminal_size().columns


def middle_cut(text: str, columns: int) -> str:
    """``text`` in at most ``columns`` terminal columns, cut in the middle with "…" when it is longer."""
    if display_width(text) <= columns:
        return text
    if columns <= 1:
        return "…"[:columns]
    keep = columns - 1
    head_room, tail_room = keep - keep // 2, keep // 2
    head = _take(text, head_room)
    tail = _take(text[::-1], tail_room)[::-1]
    return f"{head}…{tail}"


def _take(text: str, columns: int) -> str:
    taken, used = [], 0
    for char in text:
        width = display_width(char)
        if used + width > columns:
            break
        taken.append(char)
        used += width
    return "".join(taken)


def status_line(n: int, max_iterations: int, elapsed_s: int, doing: str, delegations: int, cost_usd: float,
                columns: int) -> str:
    """The status row for a terminal ``columns`` wide (see the module's docstring)."""
    room = max(columns - 1, 1)
    doing = safe_text(" ".join(doing.split())) or "thinking"
    head = f"⠿ iteration {n}/{max_iterations}"
    clock = f"{elapsed_s // 60}m{elapsed_s % 60:02d}s"
    counts, cost = f"delegations: {delegations}", f"${cost_usd:.4f}"
    short = f"⠿ {n}/{max_iterations}"
    shapes = [([head, clock], [counts, cost]), ([head, clock], [cost]), ([head, clock], []), ([short, clock], []),
              ([short], [])]
    rooms = [room - sum(display_width(part) + len(SEPARATOR) for part in before + after) for before, after in shapes]
    width = display_width(doing)
    # the whole activity if dropping the counters (not the iteration and clock) shows it, else enough of it
    for need, tried in ((width, 3), (min(width, MIN_DOING), len(shapes))):
        for (before, after), left in zip(shapes[:tried], rooms[:tried]):
            if left >= need:
                return SEPARATOR.join([*before, middle_cut(doing, left), *after])
    return middle_cut(SEPARATOR.join([short, doing]), room)
