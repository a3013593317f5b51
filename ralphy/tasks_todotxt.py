"""Plain-text todo files (docs/tasks.md, "Plain-text todo files"): a ``todo.txt`` in the todo.txt format
(todotxt.org), one task a line::

    (A) 2024-03-01 Add the --json flag +cli @laptop     <- pending, group cli (its first +project)
    x 2024-03-04 2024-03-01 Fix the crash +cli           <- completed ("x " first)
    (B) Write the guide +docs due:2024-03-15             <- title "Write the guide +docs" (key:value pairs are not)
    Reply to the issue about Windows paths               <- pending, group Tasks

and a file of status lines, ``TODO: ...`` / ``DONE: ...``, whatever its name. The todo.txt reading applies to a file
named ``todo.txt`` (``TODO.txt``, ``work.todo.txt``) holding no Markdown: no list item, heading, table or checkbox
(a TODO.txt written as a Markdown list keeps that reading). A line starting with ``#`` (``#comment``) is no task.
"""

from __future__ import annotations

import re

from ralphy.tasks_fields import without_key_values
from ralphy.tasks_shapes import DEFAULT_GROUP, RawTask
from ralphy.tasks_status import COMPLETED, DROPPED, IN_PROGRESS, PENDING

KEYWORDS = {"TODO": PENDING, "NEXT": PENDING, "WAITING": PENDING, "DOING": IN_PROGRESS, "WIP": IN_PROGRESS,
            "DONE": COMPLETED, "CANCELLED": DROPPED, "CANCELED": DROPPED}
_KEYWORD_LINE = re.compile(r"^(" + "|".join(KEYWORDS) + r")[ \t]*:[ \t]*(\S.*)$")
_MARKDOWN = re.compile(r"^[ \t]*(?:[-*+][ \t]|\d+[.)][ \t]|#{1,6}[ \t]|\|)", re.MULTILINE)
_DONE = re.compile(r"^x[ \t]+")
_PRIORITY = re.compile(r"^\([A-Z]\)[ \t]+")
_DATE = re.compile(r"^\d{4}-\d\d-\d\d[ \t]+")
_PROJECT = re.compile(r"(?<![^ \t])\+(\S+)")


def _lines(text: str) -> list[tuple[int, str]]:
    return [(number, line.rstrip("\r").strip()) for number, line in enumerate(text.split("\n"), start=1)
            if line.strip()]


def kind(text: str, path: str | None) -> str | None:
    """``"keywords"`` for a file whose every line is a ``TODO: ...`` / ``DONE: ...`` status line, ``"todotxt"`` for a
    ``todo.txt`` without Markdown, else None. Asked of every task file: it stops at the first line that says no."""
    seen = False
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        if _KEYWORD_LINE.match(line) is None:
            break
        seen = True
    else:
        if seen:
            return "keywords"
    name = str(path or "").replace("\\", "/").rsplit("/", 1)[-1].lower()
    if name.endswith("todo.txt") and text.strip() and _MARKDOWN.search(text) is None:
        return "todotxt"
    return None


def read_todotxt(text: str, shape: str) -> list[RawTask]:
    tasks = []
    for number, line in _lines(text):
        if shape == "keywords":
            match = _KEYWORD_LINE.match(line)
            status, title, group = KEYWORDS[match.group(1)], match.group(2).strip(), DEFAULT_GROUP
        else:
            if line.startswith("#"):
                continue
            done = _DONE.match(line)
            rest = line[done.end():] if done else line
            dates, priority = 0, False
            while True:  # a completion date, a creation date and a priority, as tools write them: "x DATE (A) DATE"
                if not priority and (lead := _PRIORITY.match(rest)):
                    priority = True
                elif dates < 2 and (lead := _DATE.match(rest)):
                    dates += 1
                else:
                    break
                rest = rest[lead.end():]
            project = _PROJECT.search(rest)
            status, title = (COMPLETED if done else PENDING), without_key_values(rest.strip()) or line
            group = project.group(1) if project else DEFAULT_GROUP
        if status != DROPPED:
            tasks.append(RawTask(number, title, status, None, group, source=line))
    return tasks


def tick_rule(shape: str) -> str:
    if shape == "keywords":
        return "a line's `TODO:` (or `DOING:`, `NEXT:`) becomes `DONE:`, the rest of the line unchanged"
    return "a task's line gets `x ` at its start (todo.txt's done mark), the rest of the line unchanged"


def ticked(line: str, shape: str) -> str | None:
    """``line`` marked done the way ``tick_rule`` says (the scripted model's Edit), or None if it is done already."""
    if shape == "keywords":
        match = _KEYWORD_LINE.match(line.rstrip("\r"))
        if match is None or KEYWORDS[match.group(1)] in (COMPLETED, DROPPED):
            return None
        return "DONE" + line[len(match.group(1)):]
    return None if _DONE.match(line) else "x " + line


def read_outline_or_lines(text: str, path: str | None) -> list[RawTask] | None:
    """The tasks of a todo.txt, a file of ``TODO: ...`` lines or a Logseq page (``ralphy.tasks_logseq``); None for
    any other file, which the Markdown reader reads."""
    shape = kind(text, path)
    if shape is not None:
        return read_todotxt(text, shape)
    from ralphy.tasks_logseq import is_logseq, read_logseq

    return read_logseq(text) if is_logseq(text) else None


def line_tick_rule(text: str, path: str | None) -> str | None:
    """The dev prompt's tick rule for the files ``read_outline_or_lines`` reads, else None."""
    shape = kind(text, path)
    if shape is not None:
        return tick_rule(shape)
    from ralphy.tasks_logseq import is_logseq, tick_rule as logseq_tick_rule

    return logseq_tick_rule() if is_logseq(text) else None
