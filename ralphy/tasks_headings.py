"""A task file's headings as ``ralphy.tasks_shapes`` reads them: what one heading line says (a box, ``Task 3:``, an
id, a ``| done |`` cell, a phase), what its section holds, whether it is a task (its checkboxes then its steps),
and that task's status and group (docs/tasks.md, "Headings"). The rules for headings change here; the pass over
the lines that feeds them stays in ``tasks_shapes``.
"""

from __future__ import annotations

import logging
import re
import string
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ralphy.tasks_ids import TASK_WORDS_CJK, TASK_WORDS_SPACED, split_leading_id
from ralphy.tasks_status import CHECKBOX_STATUS, COMPLETED, IN_PROGRESS, PENDING, status_of

if TYPE_CHECKING:
    from ralphy.tasks_shapes import RawTask

logger = logging.getLogger("ralphy.tasks")

HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*))?$")
_HEADING_MARK = re.compile(r"^\[([ xX~/\-!?<>+✓✔✗✘])\][ \t]+(.*)$")
# The box after the heading's number ("### 1. [ ] Initial setup", a ralph fix plan's top ten): the same heading task
# as "### [ ] 1. Initial setup".
_NUMBER_THEN_MARK = re.compile(r"^(\d{1,6}(?:\.\d{1,6})*[.)])[ \t]+\[([ xX~/\-!?<>+✓✔✗✘])\][ \t]+(\S.*)$")
_TASK_WORD = re.compile(r"^(?:(?:task|" + TASK_WORDS_SPACED + r")(?:[ \t]*#[ \t]*|[ \t]+)|(?:" + TASK_WORDS_CJK
                        + r")[ \t]*#?[ \t]*)([A-Za-z]{0,6}-?\d+(?:[.\-]\d+)*[a-z]?)(?![\w])[ \t]*[:.)\-–—：]?[ \t]*(.*)$",
                        re.I)  # "Task 3: ...", and as other languages write it ("### タスク 1.1: ...")
NOTES = re.compile(r"\b(?:check[ -]?list|check[ -]?points?|self[- ]review|criteria|definition of done|quality gates?|"
                    r"validation and acceptance|success metrics?|status markers?)\b", re.I)
_IN_PROGRESS_SECTION = re.compile(r"^\W*(?:in[ \-]progress|doing|wip|in work|ongoing)\W*$", re.I)
_DONE_SECTION = re.compile(r"^\W*(?:done|completed?|finished)\W*$", re.I)  # a board's "## ✅ Done" column
_PHASE = re.compile(r"^(?:phase|stage|milestone|sprint|iteration|chunk|epic|wave)\b[ \t]*[\w.]*\d", re.I)
_HEADING_DONE_WORD = re.compile(r"\b(?:DONE|COMPLETE|COMPLETED)$")
_STATUS_CELL = re.compile(r"^([A-Za-z][A-Za-z_ \-]{0,20}?)[ \t]*\|[ \t]*(\S.*)$")  # a heading's "done | Title"
_TRAILING_NOISE = " \t" + string.punctuation + "\ufe0f⚠🎉"
BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass
class Heading:
    line: int
    level: int
    title: str  # as displayed (bold markers removed)
    mark: str | None = None
    task_word: bool = False
    id: str | None = None
    id_strong: bool = False
    rest: str = ""  # the title after the id
    notes: bool = False
    in_progress: bool = False  # "## In Progress": its unticked boxes are in progress (a board kept in sections)
    done_section: bool = False  # "## ✅ Done": a heading task there with no status of its own is completed
    status_line: str | None = None
    status_line_number: int = 0
    id_items: list = field(default_factory=list)  # checkboxes with ids directly in the section (steps aside)
    sub_tasks: bool = False  # a sub-section holds checkboxes with ids or headings with ids
    sub_checkboxes: bool = False  # a sub-section holds checkboxes
    parent: Heading | None = None
    task: RawTask | None = None
    steps_done: int = 0
    steps_total: int = 0
    holds_tasks: bool = False
    owner: Heading | None = None  # this heading or the nearest one above that is a task (checkboxes are its steps)
    group: Heading | None = None  # the heading that groups checkbox tasks here

    @property
    def is_phase(self) -> bool:
        return bool(_PHASE.match(self.title))


def read_heading(number: int, level: int, raw: str) -> Heading:
    raw = raw.strip()
    if raw.endswith("#"):  # a closing sequence of #s, when a space precedes it
        bare = raw.rstrip("#")
        if not bare or bare[-1] in " \t":
            raw = bare.rstrip()
    mark = None
    marked = _HEADING_MARK.match(raw)
    if marked:
        mark, raw = marked.group(1), marked.group(2)
    elif raw[:1].isdigit() and (numbered := _NUMBER_THEN_MARK.match(raw)):
        mark, raw = numbered.group(2), numbered.group(1) + " " + numbered.group(3)
    title = BOLD.sub(r"\1", raw).strip()
    heading = Heading(number, level, title, mark)
    word = _TASK_WORD.match(title)
    if word:
        heading.task_word, heading.id, heading.id_strong, heading.rest = True, word.group(1), True, word.group(2).strip()
        return heading
    lead = split_leading_id(title)
    if lead.id:
        heading.id, heading.id_strong, heading.rest = lead.id, lead.strength == "strong", lead.rest
        cell = _STATUS_CELL.match(lead.rest) if "|" in lead.rest else None
        if cell is not None and status_of(cell.group(1)) is not None:  # "### TASK-001 | done | Title"
            heading.status_line, heading.status_line_number, heading.rest = cell.group(1), number, cell.group(2)
    return heading


def place_heading(heading: Heading, parent: Heading | None) -> None:
    """Learn what ``heading``'s section is from the heading it sits under: its group, and whether it is notes, a
    board's In Progress or Done column; a heading task below a heading means that heading holds tasks."""
    heading.parent = parent
    heading.group = _group_heading(heading)
    heading.notes = bool(NOTES.search(heading.title)) or bool(parent and parent.notes)
    heading.in_progress = bool(_IN_PROGRESS_SECTION.match(heading.title)) or bool(parent and parent.in_progress)
    heading.done_section = bool(_DONE_SECTION.match(heading.title)) or bool(parent and parent.done_section)
    if heading.task_word or heading.id_strong:
        mark_ancestors(parent, "sub_tasks")


def mark_ancestors(heading: Heading | None, flag: str) -> None:
    while heading is not None and not getattr(heading, flag):
        setattr(heading, flag, True)
        heading = heading.parent


def is_heading_task(heading: Heading, notes_are_tasks: bool, accepted: set[int]) -> bool:
    if (heading.notes and not notes_are_tasks) or heading.sub_tasks:
        return False
    if any(item.strength == "strong" or item.line in accepted for item in heading.id_items):
        return False  # its checkboxes are tasks with ids: it is their group
    if heading.mark is not None or heading.task_word:
        return True
    if heading.id is None or not heading.id_strong or heading.sub_checkboxes:
        return False
    return heading.status_line is not None or not heading.id[0].isdigit()


def finish_heading_task(heading: Heading, where: str) -> None:
    task = heading.task
    assert task is not None
    if heading.mark is not None and (heading.mark != " " or heading.status_line is None and not _heading_says_done(
            heading.title)):
        task.status = CHECKBOX_STATUS[heading.mark]
    elif heading.status_line is not None:  # an open box in the heading, a status line under it: the line says more
        status = status_of(heading.status_line)
        if status is None:
            logger.warning("%s:%d: unknown status %r, read as pending", where, heading.status_line_number,
                           heading.status_line[:60])
        task.status = status or PENDING
    elif _heading_says_done(heading.title):
        task.status = COMPLETED
    elif heading.done_section or heading.in_progress:  # a card in a board's Done / In Progress column
        task.status = COMPLETED if heading.done_section else IN_PROGRESS
    elif heading.steps_total:
        done = heading.steps_done
        task.status = COMPLETED if done == heading.steps_total else IN_PROGRESS if done else PENDING
    parent = heading.parent
    while parent is not None and parent.task is not None:
        parent = parent.parent
    task.group = parent.title if parent is not None else heading.title
    task.group_key = parent.line if parent is not None else heading.line
    if parent is not None:
        parent.holds_tasks = True


def _heading_says_done(title: str) -> bool:
    """A heading ending in ✅, DONE, COMPLETE or COMPLETED (punctuation after it aside)."""
    tail = title.rstrip(_TRAILING_NOISE)
    return tail.endswith(("✅", "✔")) or bool(_HEADING_DONE_WORD.search(tail[-16:]))


def _group_heading(heading: Heading) -> Heading:
    """The innermost phase-like heading (Phase/Stage/Milestone/Sprint/Chunk N) or numbered one (``### 2.4 — ...``)
    in the chain, else the innermost heading below the title, else the title."""
    if heading.is_phase or (heading.id_strong and heading.id[0].isdigit() and heading.level >= 2):
        return heading
    if heading.parent is not None and heading.parent.group is not None and heading.parent.group.is_phase:
        return heading.parent.group
    return heading if heading.level >= 2 or heading.parent is None else heading.parent.group


def in_progress_column(lines: list[str], line: int) -> str | None:
    """The heading of the board column ("## 🚀 In Progress") that the heading at ``line`` (1-based) sits under, if
    any: a card there takes the column's status unless it says its own, so ticking its steps leaves it in progress
    (``**Status**: completed`` under its heading, or moving it to the Done column, completes it)."""
    return in_progress_columns(lines[:line]).get(line)


def in_progress_columns(lines: list[str]) -> dict[int, str]:
    """``in_progress_column`` of every line that starts with ``#`` (its 1-based number -> the column), in one pass:
    asked line by line of every card, a file of 20,000 headings took two minutes."""
    found: dict[int, str] = {}
    # the headings a later one may sit under, levels rising: (level, the In Progress column it is or sits under)
    above: list[tuple[int, str | None]] = []
    for number, text in enumerate(lines, 1):
        if text.startswith("#"):
            level = len(text) - len(text.lstrip("#"))
            column = next((column for above_level, column in reversed(above) if above_level < level), None)
            if column is not None:
                found[number] = column
        heading = HEADING.match(text)
        if heading is None:
            continue
        level = len(heading.group(1))
        while above and above[-1][0] >= level:
            above.pop()
        title = BOLD.sub(r"\1", (heading.group(2) or "").strip().rstrip("#").strip())
        above.append((level, title if _IN_PROGRESS_SECTION.match(title) else above[-1][1] if above else None))
    return found
