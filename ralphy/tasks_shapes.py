"""How ralphy reads a task file as people write it: spec-kit, Kiro / cc-sdd, OpenSpec, ralph ``@fix_plan.md``,
superpowers plans, GSD roadmaps, PRD checklists and plain TODO lists (docs/tasks.md has the rules and examples).

``read_shapes(text)`` returns the tasks in file order as ``RawTask`` records; ``ralphy.tasks`` turns them into
``Task`` objects with unique ids. It is two passes over the lines, both linear: the first classifies each line
(heading, checkbox, status line, anything else) and learns what each heading's section holds; the second
decides what is a task, its id, group, status and markers.
"""

from __future__ import annotations

import logging
import re
import string
from dataclasses import dataclass, field

from ralphy.tasks_ids import _prefix, split_leading_id
from ralphy.tasks_lines import content_lines

logger = logging.getLogger("ralphy.tasks")

PENDING, IN_PROGRESS, COMPLETED = "pending", "in_progress", "completed"
# A task the file says will not be done (cancelled, skipped, won't do, struck out): not work, so it is left out of
# the reading; it never reaches a Task (docs/tasks.md, "Dropped, deferred and blocked").
DROPPED = "dropped"
DEFAULT_GROUP = "Tasks"
_PROGRESS = {PENDING: 0, IN_PROGRESS: 1, COMPLETED: 2, DROPPED: 3}

HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*))?$")
# An item's box; its optional star may be escaped (``- [ ]\* 2.3``, as Prettier writes Kiro's optional items).
_CHECKBOX = re.compile(r"^([ \t]*)(?:[-*+]|(\d{1,9})[.)])[ \t]+\[([ xX~/\-!?<>+✓✔✗✘])\](\\?\*)?[ \t]+(\S.*)$")
_STATUS_LINE = re.compile(r"^ {0,3}(?:[-*+][ \t]+)?(?:\*\*|__)status:?(?:\*\*|__)[ \t]*(?::[ \t]*)?(\S.*)$", re.I)
_HEADING_MARK = re.compile(r"^\[([ xX~/\-!?<>+✓✔✗✘])\][ \t]+(.*)$")
_TASK_WORD = re.compile(r"^task(?:[ \t]*#[ \t]*|[ \t]+)([A-Za-z]{0,6}-?\d+(?:[.\-]\d+)*[a-z]?)(?![\w])[ \t]*[:.)\-–—]?[ \t]*(.*)$", re.I)
_MARKER = re.compile(r"^\[(P|US\d+|Story[ \t]*\d+)\][ \t]*", re.I)
_STEP = re.compile(r"^(?:\*\*)?step[ \t]*\d+", re.I)
_NOTES = re.compile(r"\b(?:check[ -]?list|check[ -]?points?|self[- ]review|criteria|definition of done|quality gates?|"
                    r"validation and acceptance)\b", re.I)
_IN_PROGRESS_SECTION = re.compile(r"^\W*(?:in[ \-]progress|doing|wip|in work|ongoing)\W*$", re.I)
_DONE_SECTION = re.compile(r"^\W*(?:done|completed?|finished)\W*$", re.I)  # a board's "## ✅ Done" column
_PHASE = re.compile(r"^(?:phase|stage|milestone|sprint|iteration|chunk|epic|wave)\b[ \t]*[\w.]*\d", re.I)
_HEADING_DONE_WORD = re.compile(r"\b(?:DONE|COMPLETE|COMPLETED)$")
_STATUS_FIELD = re.compile(r"\|[ \t]*(?:\*\*|__)status:?(?:\*\*|__)[ \t]*:?[ \t]*([^|]*\S)", re.I)
_STATUS_CELL = re.compile(r"^([A-Za-z][A-Za-z_ \-]{0,20}?)[ \t]*\|[ \t]*(\S.*)$")  # a heading's "done | Title"
_PARTLY_DONE = re.compile(r"\((?:done|completed)\b[^()]*\bremaining\b", re.I)  # an ExecPlan's "(done: X; remaining: Y)"
_TRAILING_NOISE = " \t" + string.punctuation + "\ufe0f⚠🎉"
_BOLD = re.compile(r"\*\*(.+?)\*\*")
# [-] is Kiro's "in progress" (Obsidian's "cancelled"; the Kiro reading is kept); [!] blocked, [?] a question, [<]
# scheduled are open; [>] picked up and [+] in review are under way; a tick of another glyph is done, a cross dropped.
_CHECKBOX_STATUS = {" ": PENDING, "x": COMPLETED, "X": COMPLETED, "~": IN_PROGRESS, "/": IN_PROGRESS, "-": IN_PROGRESS,
                    "!": PENDING, "?": PENDING, "<": PENDING, ">": IN_PROGRESS, "+": IN_PROGRESS, "✓": COMPLETED,
                    "✔": COMPLETED, "✗": DROPPED, "✘": DROPPED}


@dataclass(slots=True)
class RawTask:
    line: int
    title: str
    status: str
    id: str | None
    group: str
    parallel: bool = False
    story: str | None = None
    optional: bool = False
    heading: bool = False  # a heading task (its checkboxes are its steps)
    group_key: int = 0  # the line of the heading (or parent item) that makes the group
    source: str = ""  # a checkbox task's text as written (id and bold included)


@dataclass
class _Heading:
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
    parent: _Heading | None = None
    task: RawTask | None = None
    steps_done: int = 0
    steps_total: int = 0
    holds_tasks: bool = False
    owner: _Heading | None = None  # this heading or the nearest one above that is a task (checkboxes are its steps)
    group: _Heading | None = None  # the heading that groups checkbox tasks here

    @property
    def is_phase(self) -> bool:
        return bool(_PHASE.match(self.title))


@dataclass(slots=True)
class _Item:
    line: int
    indent: int
    mark: str
    star: bool
    text: str  # after the checkbox
    id: str | None
    strength: str  # "strong" | "weak-num" | "weak-pre" | ""
    title: str
    step: bool
    heading: _Heading | None  # the innermost heading it sits under
    parent: _Item | None = None
    children: int = 0
    parallel: bool = False
    story: str | None = None
    ordinal: int | None = None  # "3. [ ] ...": the number of an ordered list's item


_STATUS_WORDS = {
    "pending": PENDING, "todo": PENDING, "to do": PENDING, "not started": PENDING, "open": PENDING,
    "planned": PENDING, "in_progress": IN_PROGRESS, "in progress": IN_PROGRESS, "in-progress": IN_PROGRESS,
    "wip": IN_PROGRESS, "started": IN_PROGRESS, "doing": IN_PROGRESS, "partial": IN_PROGRESS,
    "completed": COMPLETED, "complete": COMPLETED, "done": COMPLETED, "finished": COMPLETED,
    "blocked": PENDING, "deferred": PENDING, "postponed": PENDING, "on hold": PENDING, "on-hold": PENDING,
    "paused": PENDING, "backlog": PENDING, "in review": IN_PROGRESS, "review": IN_PROGRESS,
}  # fmt: skip
_STATUS_WORD = re.compile("(?:" + "|".join(re.escape(w) for w in sorted(_STATUS_WORDS, key=len, reverse=True)) + r")\b")
_STATUS_BOX = re.compile(r"^\[([ xX~/\-])\][ \t]*")  # SpecWeave's "**Status**: [x] completed"
# Words that say a task will not be done. They drop it where they are the status (a status line or cell) or close
# its title after a separator ("... (cancelled)", "... — won't do, ...", "... - Skipped").
# Deferred, postponed, blocked, on hold are open work (pending): ralph-beacon.md's "(DEFERRED - M2)" boxes are tasks.
_DROPPED_WORDS = (r"(?:cancell?ed|dropped|skipped|won'?t do|wont do|will not do|not doing|obsolete|abandoned|descoped|"
                  r"out of scope|rejected)")
_DROPPED_WORD = re.compile(_DROPPED_WORDS + r"\b", re.I)
_DROPPED_TAIL_WORDS = _DROPPED_WORDS.replace("skipped|", "")  # "(SKIPPED - TODO)" on a box: skipped for now
_DROPPED_TAIL = re.compile(r"(?:[(\[]|[—–]|[ \t]-[ \t])[ \t]*(?:\*\*|__)?" + _DROPPED_TAIL_WORDS
                           + r"(?:\*\*|__)?(?=[ \t]*(?:$|[):,.;!\]]|[—–]|-[ \t]))", re.I)  # the word closes the title or a clause
_STRUCK = re.compile(r"^~~(?!~)(.+?)~~")


def normalise_status(raw: str) -> str | None:
    """``'Completed ✅'`` -> ``'completed'``; None when the text names no known status (the longest word wins).
    A leading box counts when no word follows it (``'[x]'`` -> ``'completed'``)."""
    text = re.sub(r"[`*_✅✔️⏳🚧⚠]", " ", raw).strip()
    box = _STATUS_BOX.match(text)
    if box:
        text = text[box.end():]
    word = _STATUS_WORD.match(text.lower())
    if word:
        return _STATUS_WORDS[word.group(0)]
    return _CHECKBOX_STATUS[box.group(1)] if box else None


def status_of(raw: str) -> str | None:
    """A status value's status, ``DROPPED`` included (``'Cancelled'``, ``'[x] won't do'``); None when unknown."""
    text = re.sub(r"[`*_]", " ", raw).strip()
    text = _STATUS_BOX.sub("", text)
    if _DROPPED_WORD.match(text):
        return DROPPED
    return normalise_status(raw)


def dropped_title(title: str, ticked: bool) -> bool:
    """Whether an unticked task's title says it will not be done: struck out as a whole (``~~Add a Flash
    fallback~~``), or closed by a dropping word after a separator (``Add SSO (cancelled)``, ``Remove the importer —
    won't do, ...``). A ticked box is the author's own word that the task is done, whatever its title says
    (``[x] T092 Update ROADMAP.md (no ROADMAP.md - skipped)``)."""
    if ticked:
        return False
    if title.startswith("~~") and _STRUCK.match(title):
        return True
    return _DROPPED_TAIL.search(title) is not None


def clean_title(text: str) -> str:
    if "**" in text:
        text = _BOLD.sub(r"\1", text)
    return text.strip(" \t-–—:") or text.strip()


def _norm(text: str) -> str:
    return re.sub(r"[\W_]+", "", _BOLD.sub(r"\1", text).lower())


def read_shapes(text: str, *, where: str = "TASKS.md", notes_are_tasks: bool = False) -> list[RawTask]:
    """The tasks in ``text`` in file order (ids not yet made unique). Never raises on odd content."""
    headings: list[_Heading] = []
    items: list[_Item] = []
    events: list[tuple] = []  # ("h", heading) | ("c", item) | ("s", line, raw) | ("b",)
    stack: list[_Heading] = []

    # Pass 1: classify the lines; learn what each heading's section holds.
    for number, line, stripped in content_lines(text):
        first = stripped[0]
        if first == "#":
            heading_match = HEADING.match(line)
            if heading_match:
                heading = _read_heading(number, len(heading_match.group(1)), heading_match.group(2) or "")
                while stack and stack[-1].level >= heading.level:
                    stack.pop()
                heading.parent = stack[-1] if stack else None
                heading.group = _group_heading(heading)
                heading.notes = bool(_NOTES.search(heading.title)) or bool(heading.parent and heading.parent.notes)
                heading.in_progress = bool(_IN_PROGRESS_SECTION.match(heading.title)) or bool(
                    heading.parent and heading.parent.in_progress)
                heading.done_section = bool(_DONE_SECTION.match(heading.title)) or bool(
                    heading.parent and heading.parent.done_section)
                if heading.task_word or heading.id_strong:
                    _mark_ancestors(heading.parent, "sub_tasks")
                stack.append(heading)
                headings.append(heading)
                events.append(("h", heading))
                continue
        checkbox = _CHECKBOX.match(line) if (first in "-*+" or first.isdigit()) and "[" in stripped[:14] else None
        if checkbox:
            indent = len(checkbox.group(1).expandtabs(4))
            body = checkbox.group(5).rstrip()
            lead = split_leading_id(body, item=True)
            item = _Item(number, indent, checkbox.group(3), checkbox.group(4) is not None, body, lead.id,
                         lead.strength, lead.rest, bool(_STEP.match(body)), stack[-1] if stack else None)
            if checkbox.group(2) is not None:
                item.ordinal = int(checkbox.group(2))
            items.append(item)
            events.append(("c", item))
            if stack:
                if lead.id and lead.strength != "weak-num" and not item.step:
                    stack[-1].id_items.append(item)
                    _mark_ancestors(stack[-1].parent, "sub_tasks")
                _mark_ancestors(stack[-1].parent, "sub_checkboxes")
            continue
        status = _STATUS_LINE.match(line) if "tatus" in line or "TATUS" in line else None
        if status is None and ("tatus" in line or "TATUS" in line) and stripped[:2] in ("**", "__"):
            status = _STATUS_FIELD.search(line)  # "**Priority**: Low | **Status**: done", a row of bold fields
        if status:
            if stack and stack[-1].status_line is None:
                stack[-1].status_line, stack[-1].status_line_number = status.group(1).strip(), number
            continue
        if line[0] not in " \t":  # a line at indent 0 that is not a checkbox ends a list's nesting
            events.append(("b",))

    _number_by_ordinals(items)
    accepted = _accepted_weak_ids(items)
    task_prefixes = {_prefix(i.id) for i in items if i.id and i.id[0].isalpha() and (i.heading is None or not i.heading.notes)
                     and (i.strength == "strong" or i.line in accepted)}

    # Pass 2: decide.
    tasks: list[RawTask] = []
    block: list[_Item] = []  # open checkbox items of the current list, outermost first
    block_ids: dict[str, _Item] = {}
    list_items: list[_Item] = []
    for event in events:
        kind = event[0]
        if kind == "h":
            heading = event[1]
            block, block_ids = [], {}
            if _is_heading_task(heading, notes_are_tasks, accepted):
                heading.task = RawTask(heading.line, heading.rest or heading.title, PENDING, heading.id, "", heading=True)
                tasks.append(heading.task)
            heading.owner = heading if heading.task is not None else heading.parent.owner if heading.parent else None
            continue
        if kind == "b":
            block = []
            continue
        item = event[1]
        owner = item.heading.owner if item.heading is not None else None
        if owner is not None:  # a step of a heading task
            owner.steps_total += 1
            owner.steps_done += item.mark in "xX"
            continue
        if not notes_are_tasks and item.heading is not None and item.heading.notes and not (
                item.id and item.id[0].isalpha() and _prefix(item.id) in task_prefixes
                and (item.strength == "strong" or item.line in accepted)):
            continue  # a notes list; a box there with the file's own task id ("T061" under "Quality Gates") is a task
        if item.id and item.strength != "strong" and (item.line not in accepted):
            item.id, item.title = None, item.text
        _read_markers(item)
        while block and block[-1].indent >= item.indent:
            block.pop()
        parent = block[-1] if block else None
        if parent is None and item.id and 0 < item.id.count(".") <= 8:  # deeper "ids" are not a person's
            parts = item.id.split(".")
            for k in range(len(parts) - 1, 0, -1):
                parent = block_ids.get(".".join(parts[:k]))
                if parent is not None:
                    break
        item.parent = parent
        if parent is not None and not item.step:
            parent.children += 1
        if parent is not None and item.step:
            continue  # a step of a checkbox task: its own box says whether the task is done
        block.append(item)
        if item.id:
            block_ids[item.id] = item
        list_items.append(item)

    # Checkbox tasks are the items without sub-items; a parent with sub-items is their group.
    for item in list_items:
        if item.children:
            continue
        group_heading = item.heading.group if item.heading is not None else None
        if item.parent is not None:
            group = clean_title(item.parent.text)
        else:
            group = group_heading.title if group_heading else DEFAULT_GROUP
        if group_heading is not None:
            group_heading.holds_tasks = True
        key = item.parent.line if item.parent is not None else group_heading.line if group_heading else 0
        status = _CHECKBOX_STATUS[item.mark]
        title = item.title
        if status != COMPLETED and dropped_title(title, False):
            status = DROPPED
        elif title.startswith("~~") and (struck := _STRUCK.match(title)):
            title = struck.group(1) + title[struck.end():]  # ticked and crossed off: done
        if status == PENDING and item.heading is not None and item.heading.in_progress:
            status = IN_PROGRESS
        if status == PENDING and "remaining" in title and _PARTLY_DONE.search(title):
            status = IN_PROGRESS
        tasks.append(RawTask(item.line, clean_title(title), status, item.id, group,
                             item.parallel, item.story, item.star, group_key=key, source=item.text))

    for heading in headings:
        if heading.task is not None:
            _finish_heading_task(heading, where)
    tasks.sort(key=lambda task: task.line)
    tasks = [task for task in _merge_listed_twice(tasks, headings) if task.status != DROPPED]
    _name_groups(tasks, headings)
    if not tasks and not notes_are_tasks and all(i.heading is not None and i.heading.notes for i in items):
        from ralphy.tasks_plain import read_plain, read_queue  # no checkbox task at all: a done-list without boxes?
        from ralphy.tasks_table import read_tables  # ...or a table with a status column?

        tasks = read_plain(text) or read_tables(text) or read_queue(text)  # ...or a numbered queue?
        if not tasks and items:
            return read_shapes(text, where=where, notes_are_tasks=True)  # the only list there is the work
    return tasks


def _read_heading(number: int, level: int, raw: str) -> _Heading:
    raw = raw.strip()
    if raw.endswith("#"):  # a closing sequence of #s, when a space precedes it
        bare = raw.rstrip("#")
        if not bare or bare[-1] in " \t":
            raw = bare.rstrip()
    mark = None
    marked = _HEADING_MARK.match(raw)
    if marked:
        mark, raw = marked.group(1), marked.group(2)
    title = _BOLD.sub(r"\1", raw).strip()
    heading = _Heading(number, level, title, mark)
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


def _mark_ancestors(heading: _Heading | None, flag: str) -> None:
    while heading is not None and not getattr(heading, flag):
        setattr(heading, flag, True)
        heading = heading.parent


def _is_heading_task(heading: _Heading, notes_are_tasks: bool, accepted: set[int]) -> bool:
    if (heading.notes and not notes_are_tasks) or heading.sub_tasks:
        return False
    if any(item.strength == "strong" or item.line in accepted for item in heading.id_items):
        return False  # its checkboxes are tasks with ids: it is their group
    if heading.mark is not None or heading.task_word:
        return True
    if heading.id is None or not heading.id_strong or heading.sub_checkboxes:
        return False
    return heading.status_line is not None or not heading.id[0].isdigit()


def _finish_heading_task(heading: _Heading, where: str) -> None:
    task = heading.task
    assert task is not None
    if heading.mark is not None:
        task.status = _CHECKBOX_STATUS[heading.mark]
    elif heading.status_line is not None:
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


def _group_heading(heading: _Heading) -> _Heading:
    """The innermost phase-like heading (Phase/Stage/Milestone/Sprint/Chunk N) or numbered one (``### 2.4 — ...``)
    in the chain, else the innermost heading below the title, else the title."""
    if heading.is_phase or (heading.id_strong and heading.id[0].isdigit() and heading.level >= 2):
        return heading
    if heading.parent is not None and heading.parent.group is not None and heading.parent.group.is_phase:
        return heading.parent.group
    return heading if heading.level >= 2 or heading.parent is None else heading.parent.group


def _read_markers(item: _Item) -> None:
    title = item.title
    if not title.startswith("[") and not title.endswith(")"):
        return
    while True:
        marker = _MARKER.match(title)
        if not marker:
            break
        name = marker.group(1)
        if name.upper() == "P":
            item.parallel = True
        else:
            item.story = re.sub(r"[ \t]+", "", name)
        title = title[marker.end():]
    if title.rstrip().endswith("(P)"):
        item.parallel, title = True, title.rstrip()[:-3].rstrip()
    item.title = title


def _number_by_ordinals(items: list[_Item]) -> None:
    """An ordered list's numbers are its items' ids ("5. [ ] Implement the scorer" is task 5) when the items have no
    id of their own and the numbers name one item each in the file; lists numbered again from 1 in each section
    number nothing."""
    numbered = [i for i in items if i.ordinal is not None and i.id is None]
    if len(numbered) < 2 or len({i.ordinal for i in numbered}) != len(numbered):
        return
    for item in numbered:
        item.id, item.strength = str(item.ordinal), "strong"


def _accepted_weak_ids(items: list[_Item]) -> set[int]:
    """Lines whose id is only a guess by shape ("5 verbs", "MP3 export") that the rest of the file confirms."""
    weak_num = [i for i in items if i.strength == "weak-num"]
    numeric = sum(1 for i in items if i.id and i.id[0].isdigit() and i.strength in ("strong", "weak-num"))
    accepted: set[int] = set()
    if len(weak_num) >= 2 and numeric * 2 > len(items):
        accepted.update(i.line for i in weak_num)
    weak_pre = [i for i in items if i.strength == "weak-pre"]
    unsure = []
    for i in weak_pre:
        if _prefix(i.id) in ("T", "TASK"):
            accepted.add(i.line)
        else:
            unsure.append(i)
    if unsure:
        prefixes: dict[str, set[str]] = {}
        for i in items:
            if i.id and not i.id[0].isdigit():
                prefixes.setdefault(_prefix(i.id), set()).add(i.id)
        accepted.update(i.line for i in unsure if len(prefixes[_prefix(i.id)]) >= 2)
    return accepted


def _merge_listed_twice(tasks: list[RawTask], headings: list[_Heading]) -> list[RawTask]:
    """One task listed twice (a tracker checkbox and a detail heading with the same id) is one task; a tracker
    checkbox naming a heading whose section holds tasks (GSD's phase list) is that group, not a task."""
    by_id: dict[str, RawTask] = {}
    groups = {_norm(h.title) for h in headings if h.holds_tasks}
    kept = []
    for task in tasks:
        if not task.heading and groups and (task.id is None or not task.source.startswith(task.id)):
            named = task.title if task.id is None else _BOLD.sub(r"\1", task.source)  # "Phase 1: Setup" whole
            lead = re.match(r"^(.+?)(?:[ \t]+[-–—][ \t]|$)", named)
            if lead and _norm(lead.group(1)) in groups and _norm(lead.group(1)) != _norm(task.group):
                continue  # a tracker line naming a group
        if task.id is not None:
            first = by_id.get(task.id)
            if first is not None and first.heading != task.heading:
                if _PROGRESS[task.status] > _PROGRESS[first.status]:
                    first.status = task.status
                first.optional = first.optional or task.optional
                continue
            by_id.setdefault(task.id, task)
        kept.append(task)
    return kept


def _name_groups(tasks: list[RawTask], headings: list[_Heading]) -> None:
    """Same-named sections under different parents are different groups: name those "Parent › Section"."""
    keys_by_name: dict[str, set] = {}
    for task in tasks:
        keys_by_name.setdefault(task.group, set()).add(task.group_key)
    clashing = {name for name, keys in keys_by_name.items() if len(keys) > 1}
    if not clashing:
        return
    by_line = {h.line: h for h in headings}
    for task in tasks:
        if task.group in clashing:
            heading = by_line.get(task.group_key)
            if heading is not None and heading.parent is not None and task.group == heading.title:
                task.group = f"{heading.parent.title} › {heading.title}"
