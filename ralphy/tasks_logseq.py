"""Logseq pages (docs/tasks.md, "Logseq pages"): Logseq keeps notes as an outline of ``- `` blocks, a task being a
block that starts with a workflow marker::

    - ## Usage                          <- a heading block: the group of the tasks under it
        - Some examples:
            - LATER do grocery          <- a task, pending
            - NOW play with Logseq      <- in progress
            - DONE watch Doctor Who     <- completed
            - CANCELLED the old thing   <- dropped (not work)
    - [[Project 1]]                     <- with no heading block above, the parent block names the group
        - TODO [#A] fix the bug         <- pending; the priority is not part of the title
          created-at:: 1609233363167    <- a property of the block above, not a task

The markers are Logseq's own: ``TODO`` / ``LATER`` and ``WAIT`` / ``WAITING`` open, ``DOING`` / ``NOW`` /
``IN-PROGRESS`` under way, ``DONE`` completed, ``CANCELED`` / ``CANCELLED`` dropped. A file is read as a Logseq page
when a block starts with one of them and the file has no checkbox and no Markdown heading at the start of a line
(Logseq writes its headings as blocks, ``- ## Usage``): a Markdown TODO list keeps its own reading.
"""

from __future__ import annotations

import re

from ralphy.tasks_shapes import DEFAULT_GROUP, RawTask
from ralphy.tasks_status import COMPLETED, DROPPED, IN_PROGRESS, PENDING

MARKERS = {"TODO": PENDING, "LATER": PENDING, "WAIT": PENDING, "WAITING": PENDING, "DOING": IN_PROGRESS,
           "NOW": IN_PROGRESS, "IN-PROGRESS": IN_PROGRESS, "DONE": COMPLETED, "CANCELED": DROPPED, "CANCELLED": DROPPED}
_WORDS = "|".join(sorted(MARKERS, key=len, reverse=True))
_MARKER_BLOCK = re.compile(rf"^[ \t]*-[ \t]+(?:{_WORDS})(?:[ \t]|$)", re.MULTILINE)
_BOX = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[[ xX~/\-]\]", re.MULTILINE)
_MARKDOWN_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]", re.MULTILINE)
_BLOCK = re.compile(r"^([ \t]*)-(?:[ \t]+(.*))?$")
_TASK = re.compile(rf"^({_WORDS})(?:[ \t]+(.*))?$")
_PRIORITY = re.compile(r"^\[#[A-Za-z]\][ \t]*")
_HEADING_BLOCK = re.compile(r"^#{1,6}[ \t]+(.*)$")
_PROPERTY = re.compile(r"^[ \t]*[\w\-]+::")  # "heading:: true", "created-at:: 1609233363167"
_FENCE = re.compile(r"^[ \t]*(?:-[ \t]+)?```")


def is_logseq(text: str) -> bool:
    """Whether ``text`` is a Logseq page with tasks: a block starting with a marker (``- TODO ...``), no checkbox and
    no Markdown heading at a line's start."""
    return _MARKER_BLOCK.search(text) is not None and _BOX.search(text) is None \
        and _MARKDOWN_HEADING.search(text) is None


def _name(text: str) -> str:
    """A block's text as a group's name: ``[[Project 1]]`` is ``Project 1``, ``Some examples:`` ``Some examples``."""
    text = re.sub(r"\[\[([^\]]*)\]\]", r"\1", text)
    return text.strip().rstrip(":").strip() or text.strip()


def read_logseq(text: str) -> list[RawTask]:
    """The marker blocks of a Logseq page, in file order. Each block's group is the nearest heading block above it
    in the outline, else its parent block (when that is not a task itself), else the file's default group."""
    tasks: list[RawTask] = []
    stack: list[tuple[int, str, bool, int]] = []  # (indent, name, is a heading block, line) of the open ancestors
    fenced = False
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        block = _BLOCK.match(line)
        if block is None:
            if stack and _PROPERTY.match(line) and line.strip().lower() == "heading:: true":
                stack[-1] = stack[-1][:2] + (True, stack[-1][3])  # a block made a heading by its property
            continue
        indent = len(block.group(1).expandtabs(4))
        body = (block.group(2) or "").strip()
        while stack and stack[-1][0] >= indent:
            stack.pop()
        task = _TASK.match(body)
        if task is None:
            heading = _HEADING_BLOCK.match(body)
            stack.append((indent, _name(heading.group(1) if heading else body), heading is not None, number))
            continue
        heading = next((entry for entry in reversed(stack) if entry[2]), None)
        parent = next((entry for entry in reversed(stack) if entry[1]), None)
        owner = heading or parent
        group, key = (owner[1], owner[3]) if owner else (DEFAULT_GROUP, 0)
        title = _PRIORITY.sub("", (task.group(2) or "").strip()) or task.group(1)
        stack.append((indent, "", False, number))  # a task is no group for the blocks under it
        status = MARKERS[task.group(1)]
        if status != DROPPED:
            tasks.append(RawTask(number, title, status, None, group, group_key=key, source=body))
    return tasks


def tick_rule() -> str:
    """The dev prompt's rule for a Logseq page."""
    return "a task block's marker (`TODO`, `LATER`, `NOW`, `DOING`, `WAIT`) becomes `DONE`, the rest of its line unchanged"


def ticked(line: str) -> str | None:
    """``line`` with its open marker made ``DONE`` (the scripted model's Edit), or None if it holds no open marker."""
    block = _BLOCK.match(line.rstrip("\r"))
    task = _TASK.match((block.group(2) or "").strip()) if block else None
    if task is None or MARKERS[task.group(1)] in (COMPLETED, DROPPED):
        return None
    start = line.index(task.group(1), len(block.group(1)))
    return line[:start] + "DONE" + line[start + len(task.group(1)):]
