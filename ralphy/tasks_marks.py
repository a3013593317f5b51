"""Plans ticked by a mark in front of the item, or by a mark on their phase headings (docs/tasks.md, "Lists
without checkboxes"): a Cline / Roo memory-bank ``progress.md`` (``- ✅ Sign-in works``, ``- ⬜ Offline queue``,
``1. ✅ **Beta released**``) and an ``IMPLEMENTATION_PLAN.md`` whose phases say they are done
(``## Phase 1: Capability System ✅``).

Both are asked only when the file has no task of any other shape (no checkbox, no heading task, no numbered
done-list, no table), so they change no reading of a file that has one.

- ``read_marks``: a list item (bulleted or numbered) whose text starts with a status mark is a task: ✅ ✔ ☑ ☒ ✓ is
  completed, 🔄 🚧 in progress, ⬜ ☐ 🔲 ⏳ ❌ pending; so is a line of Claude Code's todo panel pasted as text
  (``  ⎿  ☒ Read the manager``, ``     ☐ Add the path``), ☒ done and ☐ open. An item nested under a list item that is not one (a "✅
  Mitigated: ..." note under a known issue) is a note. Its id is the id its text starts with, else a slug of its
  title (a list's own numbers are not ids: memory banks number each milestone list from 1). Two such items at least.
- ``read_phase_headings``: the phase headings (``## Phase 3: ...``) of one level are the tasks when at least two of
  them exist and one says its status by a mark or a closing word (✅, DONE, COMPLETE; 🚧, 🔄, IN PROGRESS); the id
  is the phase's number, the status its mark or a ``**Status**:`` line under it (none: pending). A numbered list naming the same phases ("Phase
  overview") is not read, as a GSD roadmap's phase list is not counted again.
"""

from __future__ import annotations

import re

from ralphy.tasks_ids import split_leading_id
from ralphy.tasks_lines import content_lines
from ralphy.tasks_plain import MIN_ITEMS, _Headings, _title
from ralphy.tasks_headings import HEADING
from ralphy.tasks_shapes import _STATUS_LINE, DEFAULT_GROUP, RawTask
from ralphy.tasks_status import COMPLETED, DROPPED, IN_PROGRESS, PENDING, status_of

_MARK_STATUS = {"✅": COMPLETED, "✔": COMPLETED, "☑": COMPLETED, "☒": COMPLETED, "✓": COMPLETED, "🔄": IN_PROGRESS,
                "🚧": IN_PROGRESS, "⬜": PENDING, "☐": PENDING, "🔲": PENDING, "⏳": PENDING, "❌": PENDING}
_LIST_ITEM = re.compile(r"^([ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+(\S.*)$")
_LEADING_MARK = re.compile(r"^(?:\*\*)?([✅✔☑☒✓🔄🚧⬜☐🔲⏳❌])\ufe0f?(?:\*\*)?[ \t]+(\S.*)$")
# Claude Code's todo panel pasted as text: "⏺ Update Todos" then "  ⎿  ☒ Read the session manager" and
# "     ☐ Add the restore path" lines, not list items; ☒ is done, ☐ is open.
_PANEL_LINE = re.compile(r"^([ \t]*)(?:⎿[ \t]+)?([☐☒][ \t]+\S.*)$")
_PHASE_HEADING = re.compile(r"^(?:\*\*)?phase[ \t]+(\d+(?:\.\d+)?[a-z]?)(?:\*\*)?[ \t]*[:.\-–—][ \t]*(.*)$", re.I)
_CLOSING_DONE = re.compile(r"(?:✅|✔|☑|\b(?:DONE|COMPLETE|COMPLETED)\b)\W*$")
_CLOSING_PROGRESS = re.compile(r"(?:🚧|🔄|\bIN[ \-]PROGRESS\b|\bWIP\b)\W*$", re.I)


def _item(line: str) -> re.Match | None:
    """A list item, or a line of Claude Code's pasted todo panel (group 2 is its text either way)."""
    return _LIST_ITEM.match(line) or (_PANEL_LINE.match(line) if "☐" in line[:16] or "☒" in line[:16] else None)


def on_todo_panel(line: str) -> bool:
    """Whether ``line`` is a line of Claude Code's todo panel pasted as text (``     ☐ Add the restore path``)."""
    item = _item(line)
    return item is not None and item.re is _PANEL_LINE


def leads_with_mark(line: str) -> bool:
    """Whether a list item starts with a status mark (``- ⬜ Offline queue``): the prompt then asks for the mark to
    become ✅ (☒ on a line of Claude Code's todo panel)."""
    item = _item(line)
    return item is not None and _LEADING_MARK.match(item.group(2)) is not None


def with_done_mark(line: str) -> str | None:
    """``line`` with its leading status mark written as done (✅; ☒ on a todo panel line), the rest kept; None when
    it has none."""
    item = _item(line)
    mark = _LEADING_MARK.match(item.group(2)) if item is not None else None
    if mark is None:
        return None
    start = item.start(2) + mark.start(1)
    end = item.start(2) + mark.end(1)
    if line[end:end + 1] == "\ufe0f":
        end += 1
    return line[:start] + ("☒" if item.re is _PANEL_LINE else "✅") + line[end:]


def read_marks(text: str) -> list[RawTask]:
    """The items of the file that start with a status mark, in file order; [] when fewer than two."""
    found: list[RawTask] = []
    headings = _Headings()
    open_items: list[tuple[int, bool]] = []  # (indent, whether a mark item) of the list items above, outermost first
    for number, line, stripped in content_lines(text):
        if headings.read(number, line, stripped):
            open_items = []
            continue
        item = _item(line)
        if item is None:
            if line[:1] not in " \t":
                open_items = []  # a paragraph ends the list
            continue
        indent = len(item.group(1).expandtabs(4)) if item.re is _LIST_ITEM else 0  # the panel's lines are one list
        while open_items and open_items[-1][0] >= indent:
            open_items.pop()
        mark = _LEADING_MARK.match(item.group(2).rstrip())
        under_note = bool(open_items) and not open_items[-1][1]
        open_items.append((indent, mark is not None and not under_note))
        if mark is None or under_note:
            continue
        rest = mark.group(2)
        lead = split_leading_id(rest)
        task_id = lead.id if lead.id and lead.strength == "strong" else None
        group, key = headings.current or (DEFAULT_GROUP, 0)
        title = _title(lead.rest if task_id else rest)
        found.append(RawTask(number, title, _MARK_STATUS[mark.group(1)], task_id, group, group_key=key, source=rest))
    return found if len(found) >= MIN_ITEMS else []


def read_phase_headings(text: str) -> list[RawTask]:
    """The phase headings of one level as tasks, when one of them is marked done or under way; [] otherwise."""
    by_level: dict[int, list[list]] = {}  # level -> [line, id, title, status] per phase heading
    top: tuple[str, int] | None = None
    last: list | None = None  # the phase heading whose section this is
    for number, line, stripped in content_lines(text):
        heading = HEADING.match(line) if stripped[:1] == "#" else None
        if heading is None:
            status_line = _STATUS_LINE.match(line) if last is not None and "tatus" in line else None
            if status_line is not None and (said := status_of(status_line.group(1))) is not None:
                last[3], last = said, None  # "**Status**: done" under the heading says it (the first one only)
            continue
        last = None
        level, raw = len(heading.group(1)), (heading.group(2) or "").strip().rstrip("#").strip()
        phase = _PHASE_HEADING.match(raw)
        if phase is None:
            if level == 1 and top is None:
                top = (_title(raw.replace("**", "")) or raw, number)
            continue
        rest = phase.group(2)
        status = COMPLETED if _CLOSING_DONE.search(rest) else IN_PROGRESS if _CLOSING_PROGRESS.search(rest) else None
        last = [number, phase.group(1), _title(rest.replace("**", "")) or raw, status]
        by_level.setdefault(level, []).append(last)
    for level in sorted(by_level):
        phases = by_level[level]
        if len(phases) < MIN_ITEMS or not any(status for *_, status in phases):
            continue
        if len({phase_id for _, phase_id, _, _ in phases}) != len(phases):
            continue  # two sections for one phase number: not a list of phases
        group, key = top or (DEFAULT_GROUP, 0)
        return [RawTask(line, title, status or PENDING, phase_id, group, heading=True, group_key=key,
                        source=title) for line, phase_id, title, status in phases if status != DROPPED]
    return []
