"""The lines a task file's readers read: each non-blank line outside code fences and HTML comments.

Shared by ``ralphy.tasks_shapes`` (checkboxes and headings), ``ralphy.tasks_plain`` (done-lists without boxes)
and ``ralphy.tasks_table`` (tables with a status column), so a fence or a comment hides a line from all of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# A fence may be indented: inside a list item (a Kiro sub-item's example, a plan step's snippet) it is indented
# with the item, and the checkboxes in it are an example, not tasks.
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})(.*)$")
_FENCE_STARTS = ("```", "~~~")


def content_lines(text: str) -> Iterator[tuple[int, str, str]]:
    """``(line number, line, the line left-stripped)`` for each non-blank line of ``text`` outside its code fences
    and HTML comments (a leading BOM and each line's CR dropped): the lines every reading of a task file reads."""
    if text.startswith("\ufeff"):
        text = text[1:]
    fence: tuple[str, int, str] | None = None
    in_comment = False
    for number, line in enumerate(text.split("\n"), start=1):
        if line.endswith("\r"):
            line = line[:-1]
        stripped = line.lstrip()
        if fence is not None:
            if stripped[:3] == fence[2]:
                close = _FENCE.match(line)
                if close and close.group(1)[0] == fence[0] and len(close.group(1)) >= fence[1] and not close.group(2).strip():
                    fence = None
            continue
        if stripped[:3] in _FENCE_STARTS:
            opened = _FENCE.match(line)
            if opened and not (opened.group(1)[0] == "`" and "`" in opened.group(2)):
                fence = (opened.group(1)[0], len(opened.group(1)), opened.group(1)[:3])
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
