"""How ralphy reads a task file as people write it: spec-kit, Kiro / cc-sdd, OpenSpec, ralph ``@fix_plan.md``,
superpowers plans, GSD roadmaps, PRD checklists and plain TODO lists (docs/tasks.md has the rules and examples).

``read_shapes(text)`` returns the tasks in file order as ``RawTask`` records; ``ralphy.tasks`` turns them into
``Task`` objects with unique ids. It is two passes over the lines, both linear: the first classifies each line
(heading, checkbox, status line, anything else) and learns what each heading's section holds; the second
decides what is a task, its id, group, status and markers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ralphy.tasks_headings import (
    BOLD,
    HEADING,
    NOTES,
    Heading,
    finish_heading_task,
    is_heading_task,
    mark_ancestors,
    place_heading,
    read_heading,
)
from ralphy.tasks_fields import without_obsidian_fields
from ralphy.tasks_ids import LEADING_LABELS, _prefix, split_leading_id
from ralphy.tasks_lines import content_lines
from ralphy.tasks_status import (
    CANCELLED_DATE,
    CHECKBOX_STATUS,
    COMPLETED,
    DROPPED,
    IN_PROGRESS,
    PENDING,
    PROGRESS,
    STRUCK,
    declared_marks,
    dropped_title,
    obsidian_tasks,
)

DEFAULT_GROUP = "Tasks"
# "**Code Review Checklist:**" alone on its line (or "**DoD** :", the colon spaced as French writes it)
_LABEL = re.compile(r"^(?:\*\*|__)([^*_\n]{1,80})(?:\*\*|__)[ \t]?:?[ \t]*$")
_CHECKBOX = re.compile(r"^([ \t]*)(?:[-*+]|(\d{1,9})[.)])[ \t]+\[([ xX~/\-!?<>+✓✔✗✘])\](\\?\*)?[ \t]+(\S.*)$")
_STATUS_LINE = re.compile(r"^ {0,3}(?:[-*+][ \t]+)?(?:\*\*|__)status:?(?:\*\*|__)[ \t]*(?::[ \t]*)?(\S.*)$", re.I)
_DOING_LABEL = re.compile(r"\[(?:doing|in[ \-_]progress|wip|started)\]", re.I)  # "[doing]": under way
_MARKER = re.compile(r"^\[(P|US\d+|Story[ \t]*\d+)\][ \t]*", re.I)
_STEP = re.compile(r"^(?:\*\*)?step[ \t]*\d+", re.I)
_STATUS_FIELD = re.compile(r"\|[ \t]*(?:\*\*|__)status:?(?:\*\*|__)[ \t]*:?[ \t]*([^|]*\S)", re.I)
# A box that only says its section's numbered heading is done ("### 12.1 — Fix X" ... "- [x] **12.1 COMPLETE**"):
# the heading's status, not a task of its own.
_HEADING_CLOSER = re.compile(r"^(?:\*\*|__)?([\w.\-]+)[ \t]+(?:COMPLETE|COMPLETED|DONE)(?:\*\*|__)?[ \t.!]*$", re.I)
_OBSIDIAN_ID = re.compile(r"\U0001f194\ufe0f?[ \t]*([\w-]{1,40})")  # the Obsidian Tasks plugin's "🆔 dcf64c"
_TASK_TAG = re.compile(r"(?<![^ \t])#task(?![\w/-])")  # its global filter as its docs write it: "- [ ] #task ..."
_PARTLY_DONE = re.compile(r"\((?:done|completed)\b[^()]*\bremaining\b", re.I)  # an ExecPlan's "(done: X; remaining: Y)"


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
    done_log: bool = False  # a checkbox under a "## Completed" heading (a ralph plan's record of finished work)


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
    heading: Heading | None  # the innermost heading it sits under
    parent: _Item | None = None
    children: int = 0
    parallel: bool = False
    story: str | None = None
    ordinal: int | None = None  # "3. [ ] ...": the number of an ordered list's item
    label_notes: bool = False  # under a bold label that names a checklist ("**Code Review Checklist:**")

    @property
    def notes(self) -> bool:
        return self.label_notes or (self.heading is not None and self.heading.notes)

def clean_title(text: str) -> str:
    if "**" in text:
        text = BOLD.sub(r"\1", text)
    return text.strip(" \t-–—:") or text.strip()


def _norm(text: str) -> str:
    return re.sub(r"[\W_]+", "", BOLD.sub(r"\1", text).lower())


def read_shapes(text: str, *, where: str = "TASKS.md", notes_are_tasks: bool = False) -> list[RawTask]:
    """The tasks in ``text`` in file order (ids not yet made unique). Never raises on odd content."""
    headings: list[Heading] = []
    items: list[_Item] = []
    events: list[tuple] = []  # ("h", heading) | ("c", item) | ("s", line, raw) | ("b",)
    stack: list[Heading] = []
    label_notes = False  # the list below a bold label naming a checklist is notes, as under such a heading
    outside: list[Heading] = []  # the headings in force as a [tasklist] block opened

    def tasklist(opens: bool) -> None:
        """A heading inside GitHub's ```[tasklist] block is the block's title (GitHub shows it above the block's
        list): it names the tasks in the block, and the section the block sits in goes on after it."""
        nonlocal label_notes
        if opens:
            outside[:] = stack
        else:
            stack[:] = outside
            label_notes = False
            events.append(("b",))  # nor does a list go on across the block's end

    # Pass 1: classify the lines; learn what each heading's section holds.
    for number, line, stripped in content_lines(text, tasklist):
        first = stripped[0]
        if first == "#":
            heading_match = HEADING.match(line)
            if heading_match:
                label_notes = False
                heading = read_heading(number, len(heading_match.group(1)), heading_match.group(2) or "")
                while stack and stack[-1].level >= heading.level:
                    stack.pop()
                place_heading(heading, stack[-1] if stack else None)
                stack.append(heading)
                headings.append(heading)
                events.append(("h", heading))
                continue
        checkbox = _CHECKBOX.match(line) if (first in "-*+" or first.isdigit()) and "[" in stripped[:14] else None
        if checkbox:
            indent = len(checkbox.group(1).expandtabs(4))
            body = checkbox.group(5).rstrip()
            if stack and stack[-1].id and stack[-1].mark is None and (closer := _HEADING_CLOSER.match(body)) \
                    and closer.group(1) == stack[-1].id:
                stack[-1].mark = checkbox.group(3)  # "- [x] **12.1 COMPLETE**" closes "### 12.1 — ..."
                continue
            lead = split_leading_id(body, item=True)
            if lead.id is None and body[:1] == "[" and (labels := LEADING_LABELS.match(body)):
                after = split_leading_id(body[labels.end():], item=True)  # "[P1][M][done] R-011 — Title"
                if after.id and after.strength != "weak-num":  # "[frontend] 3 files": a count, not an id
                    lead = after
                    lead.rest = labels.group(0) + lead.rest  # the labels stay in the title, markers are read there
            item = _Item(number, indent, checkbox.group(3), checkbox.group(4) is not None, body, lead.id,
                         lead.strength, lead.rest, bool(_STEP.match(body)), stack[-1] if stack else None)
            if checkbox.group(2) is not None:
                item.ordinal = int(checkbox.group(2))
            item.label_notes = label_notes
            items.append(item)
            events.append(("c", item))
            if stack:
                if lead.id and lead.strength != "weak-num" and not item.step:
                    stack[-1].id_items.append(item)
                    mark_ancestors(stack[-1].parent, "sub_tasks")
                mark_ancestors(stack[-1].parent, "sub_checkboxes")
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
            label = _LABEL.match(stripped) if first in "*_" else None
            label_notes = label is not None and NOTES.search(label.group(1)) is not None

    _number_by_ordinals(items)
    accepted = _accepted_weak_ids(items)
    task_prefixes = {_prefix(i.id) for i in items if i.id and i.id[0].isalpha() and not i.notes
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
            if is_heading_task(heading, notes_are_tasks, accepted):
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
        if not notes_are_tasks and item.notes and not (
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
    marks = declared_marks(text) if "[-]" in text else {}  # what the file's own legend says its [-] is
    if not marks and "[-]" in text and obsidian_tasks(text):
        marks = {"-": DROPPED}  # the Obsidian Tasks plugin's [-]: cancelled
    leaves = [item for item in list_items if not item.children]
    tagged = sum(1 for item in leaves if "#task" in item.text and _TASK_TAG.search(item.text))
    filtered = tagged >= 2 and 2 * tagged > len(leaves)  # the plugin's global filter: a box without #task is no task
    for item in leaves:
        if filtered and not ("#task" in item.text and _TASK_TAG.search(item.text)):
            continue
        if item.id is None and "\U0001f194" in item.text and (own := _OBSIDIAN_ID.search(item.text)):
            item.id = own.group(1)  # "Choose a topic 🆔 ya44g5": the id the plugin gave it
        group_heading = item.heading.group if item.heading is not None else None
        if item.parent is not None:
            group = clean_title(item.parent.text.removesuffix("(P)"))  # cc-sdd's parallel marker is not its name
        else:
            group = group_heading.title if group_heading else DEFAULT_GROUP
        if group_heading is not None:
            group_heading.holds_tasks = True
        key = item.parent.line if item.parent is not None else group_heading.line if group_heading else 0
        status = marks.get(item.mark) or CHECKBOX_STATUS[item.mark]
        if item.mark == "-" and "\u274c" in item.text and CANCELLED_DATE.search(item.text):
            status = DROPPED  # "- [-] ... ❌ 2023-04-18": cancelled that day
        title = without_obsidian_fields(item.title)  # "Cook dinner ⏫ ⏳ 2021-11-23": the plugin's fields are not its name
        if status != COMPLETED and dropped_title(title, False):
            status = DROPPED
        elif title.startswith("~~") and (struck := STRUCK.match(title)):
            title = struck.group(1) + title[struck.end():]  # ticked and crossed off: done
        if status == PENDING and item.heading is not None and item.heading.in_progress:
            status = IN_PROGRESS
        if status == PENDING and "remaining" in title and _PARTLY_DONE.search(title):
            status = IN_PROGRESS
        if status == PENDING and title[:1] == "[" and (labels := LEADING_LABELS.match(title)) \
                and _DOING_LABEL.search(labels.group(0)):
            status = IN_PROGRESS  # an open box labelled "[doing]"
        tasks.append(RawTask(item.line, clean_title(title), status, item.id, group,
                             item.parallel, item.story, item.star, group_key=key, source=item.text,
                             done_log=item.heading is not None and item.heading.done_section))

    for heading in headings:
        if heading.task is not None:
            finish_heading_task(heading, where)
    tasks.sort(key=lambda task: task.line)
    tasks = [task for task in _merge_listed_twice(tasks, headings) if task.status != DROPPED]
    _name_groups(tasks, headings)
    if not tasks and not notes_are_tasks and all(i.notes for i in items):
        from ralphy.tasks_marks import read_marks, read_phase_headings  # ...items or phases ticked by a mark?
        from ralphy.tasks_plain import read_plain, read_queue  # no checkbox task at all: a done-list without boxes?
        from ralphy.tasks_table import read_tables  # ...or a table with a status column?

        tasks = (read_plain(text) or read_tables(text) or read_marks(text) or read_phase_headings(text)
                 or read_queue(text))  # ...or a numbered queue?
        if not tasks and items:
            return read_shapes(text, where=where, notes_are_tasks=True)  # the only list there is the work
    return tasks


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


def _merge_listed_twice(tasks: list[RawTask], headings: list[Heading]) -> list[RawTask]:
    """One task listed twice (a tracker checkbox and a detail heading with the same id, or a box copied to a
    "## Completed" log with its id) is one task; a tracker
    checkbox naming a heading whose section holds tasks (GSD's phase list) is that group, not a task."""
    by_id: dict[str, RawTask] = {}
    groups = {_norm(h.title) for h in headings if h.holds_tasks}
    kept = []
    for task in tasks:
        if not task.heading and groups and (task.id is None or not task.source.startswith(task.id)):
            named = task.title if task.id is None else BOLD.sub(r"\1", task.source)  # "Phase 1: Setup" whole
            lead = re.match(r"^(.+?)(?:[ \t]+[-–—][ \t]|$)", named)
            if lead and _norm(lead.group(1)) in groups and _norm(lead.group(1)) != _norm(task.group):
                continue  # a tracker line naming a group
        if task.id is not None:
            first = by_id.get(task.id)
            if first is not None and (first.heading != task.heading or (task.done_log and not first.done_log)):
                if PROGRESS[task.status] > PROGRESS[first.status]:
                    first.status = task.status
                first.optional = first.optional or task.optional
                continue
            by_id.setdefault(task.id, task)
        kept.append(task)
    return kept


def _name_groups(tasks: list[RawTask], headings: list[Heading]) -> None:
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
