"""The lines a task file's readers read: each non-blank line outside code fences and HTML comments. A GitHub
```` ```[tasklist] ```` block is no code: its lines are read (its fence lines are not).

Shared by ``ralphy.tasks_shapes`` (checkboxes and headings), ``ralphy.tasks_plain`` (done-lists without boxes)
and ``ralphy.tasks_table`` (tables with a status column), so a fence or a comment hides a line from all of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

# A fence may be indented: inside a list item (a Kiro sub-item's example, a plan step's snippet) it is indented
# with the item, and the checkboxes in it are an example, not tasks.
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})(.*)$")
_FENCE_STARTS = ("```", "~~~")


def content_lines(text: str, on_tasklist: Callable[[bool], None] | None = None) -> Iterator[tuple[int, str, str]]:
    """``(line number, line, the line left-stripped)`` for each non-blank line of ``text`` outside its code fences
    and HTML comments (a leading BOM and each line's CR dropped): the lines every reading of a task file reads.

    A fence still open at the end of the file is read as a slip, not as code: its opening line is passed over and
    the lines after it are read again (a ```` ```markdown ```` example holding its own fences leaves the last
    closing ```` ``` ```` opening a fence to the end, which would hide every task after it). Only the first such
    fence is read again, so the reading stays linear.

    ``on_tasklist(True)`` is called as a ```` ```[tasklist] ```` block opens (before its first line is yielded),
    ``on_tasklist(False)`` as it closes (before the line after it): a heading in the block titles the block only."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    reopened = False
    start = 0
    while True:
        unclosed = yield from _read(lines, start, allow_unclosed=reopened, on_tasklist=on_tasklist)
        if unclosed is None:
            return
        reopened, start = True, unclosed + 1  # the slip's line (0-based), read past once


def _read(lines: list[str], start: int, *, allow_unclosed: bool,
          on_tasklist: Callable[[bool], None] | None = None) -> Iterator[tuple[int, str, str]]:
    """Yield the content lines from ``lines[start:]``; return the index of a fence left open at the end (None when
    there is none, or when ``allow_unclosed`` says to keep it as a fence). Lines inside a fence are never yielded,
    so reading again from the line after an unclosed fence's opening yields no line twice."""
    fence: tuple[str, int, str] | None = None
    fence_at = 0
    tasklist: tuple[str, int] | None = None  # an open ```[tasklist] block: GitHub's task list, read as the file's lines
    in_comment = False
    for index in range(start, len(lines)):
        number, line = index + 1, lines[index]
        if line.endswith("\r"):
            line = line[:-1]
        stripped = line.lstrip()
        if tasklist is not None and stripped[:3] in _FENCE_STARTS:
            close = _FENCE.match(line)
            if close and close.group(1)[0] == tasklist[0] and len(close.group(1)) >= tasklist[1] \
                    and not close.group(2).strip():
                tasklist = None  # its closing fence is no line of the file's either
                if on_tasklist is not None:
                    on_tasklist(False)
            continue  # nor is a fence in it, which opens nothing: the block ends at its first closing fence
        if fence is not None:
            if stripped[:3] == fence[2]:
                close = _FENCE.match(line)
                if close and close.group(1)[0] == fence[0] and len(close.group(1)) >= fence[1] and not close.group(2).strip():
                    fence = None
            continue
        if stripped[:3] in _FENCE_STARTS:
            opened = _FENCE.match(line)
            if opened and tasklist is None and opened.group(2).strip().lower() == "[tasklist]":
                tasklist = (opened.group(1)[0], len(opened.group(1)))  # not code: its boxes are tasks
                if on_tasklist is not None:
                    on_tasklist(True)
                continue
            if opened and not (opened.group(1)[0] == "`" and "`" in opened.group(2)):
                fence = (opened.group(1)[0], len(opened.group(1)), opened.group(1)[:3])
                fence_at = index
                continue
        if in_comment:
            in_comment = "-->" not in line
            continue
        if not stripped:
            continue
        if stripped[0] == "<" and stripped.startswith("<!--") and "-->" not in stripped:
            in_comment = True
            continue
        yield number, line, stripped
    if fence is not None and not allow_unclosed:
        return fence_at
    return None
