"""Done-lists without checkboxes: a plan whose items are ``- **1.5.1** ✅ Created the main window`` or
``- 5.1 Type struct for the config ✅``, ticked by a mark instead of a box (docs/tasks.md, "Lists without
checkboxes").

``read_plain(text)`` is asked only when the file has no task of any other shape (no checkbox, no heading task):
a file with checkboxes keeps them as its tasks, so this rule can change no reading of such a file. In a file
without them, a list item or a bold paragraph that starts with a numbered id that has a dot (``5.1``, ``2.2a``,
``1.5.1``, in bold or not) or a letter-prefixed one (``T3``, ``TASK-12``) is a task; a bare number (``- 1.``, a
count, a date) is not. An item whose id is the start of another's (``1.1`` beside ``1.1.1``) is their group, as a
Kiro parent with sub-items is. Its status is its mark: ✅ ✔ ✓ ☑ or a closing DONE / Complete / (done) is
completed, 🚧 🔄 or a closing "in progress" / WIP is in progress, anything else (⏳, ❌, nothing) pending.
"""

from __future__ import annotations

import re

from ralphy.tasks_ids import split_leading_id
from ralphy.tasks_lines import content_lines
from ralphy.tasks_headings import HEADING
from ralphy.tasks_shapes import DEFAULT_GROUP, RawTask, clean_title
from ralphy.tasks_status import _DROPPED_WORD, _STATUS_WORDS, COMPLETED, DROPPED, IN_PROGRESS, PENDING, PROGRESS, status_of

MIN_ITEMS = 2  # one numbered line is a sentence; a list of them is a plan
_ITEM = re.compile(r"^[ \t]*[-*+][ \t]+(\S.*)$")
_BOLD_PARAGRAPH = re.compile(r"^ {0,3}(\*\*\S.*)$")
# "[TASK-011] - Skipped - 2025-05-27 - Implement the test": a line (not a list item) led by a bracketed id, its status
# right after the id, then an optional date, then the title.
_BRACKET_PARAGRAPH = re.compile(r"^ {0,3}(\[[A-Z]{1,6}-?\d[^\]\s]*\][ \t]*\S.*)$")
_LEADING_STATUS = re.compile(r"^([A-Za-z][A-Za-z' \-]{1,20}?)[ \t]+[-–—|:][ \t]+(\S.*)$")
_LEADING_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}[ \t]+[-–—|:][ \t]+")
# A record of fields: "ID: TASK-029" then "Description: ..." and "Status: Done" lines (until a rule, a heading or a
# line that is not a field).
_RECORD_ID = re.compile(r"^ID:[ \t]*(\S+)[ \t]*$", re.I)
_FIELD = re.compile(r"^([A-Za-z][A-Za-z ]{0,30}):[ \t]*(.*)$")
_DONE_MARKS = ("✅", "✔", "✓", "☑")
_PROGRESS_MARKS = ("🚧", "🔄")
_MARKS = re.compile(r"[✅✔✓☑🚧🔄⏳❌]\ufe0f?")
_TAIL = 40  # a closing status word is looked for in the line's last characters only (bounded time on any line)
_CLOSING_WORD = re.compile(
    r"[\s(\[*_—–\-:|](done|complete|completed|finished|in[ \-]progress|wip)[\s)\]*_.!]*$", re.I
)
_CLOSING_TAIL = re.compile(
    r"[ \t]*(?:[—–\-:|][ \t]*)?[(\[*_]*(?:done|complete|completed|finished|in[ \-]progress|wip)[\s)\]*_.!]*$", re.I
)


# "- [TASK-010] Add the endpoint - Done": a status word closing the line after a dash, a bar or a colon (any status
# word: "- Pending", "- Blocked", "- Skipped" too), or the whole rest of the line ("[TASK-013] - Skipped").
_STATUS_SUFFIX = re.compile(r"(?:^|[ \t]+[-–—|:][ \t]*)([A-Za-z][A-Za-z' \-]{1,20}?)[ \t.!]*$")
_STRUCK = re.compile(r"^~~(?!~)(.+?)~~")
# A status that marks a list as a work list: a closing word set off by a bracket, a dash or a bar ("(in progress)",
# "— DONE", "- Skipped"), not one that ends a sentence ("Run the tests before marking anything done.").
_MARKED_CLOSE = re.compile(r"(?:[(\[—–|]|[ \t]-)[ \t]*[*_]*([A-Za-z][A-Za-z' \-]{1,20}?)[)\]*_]*[ \t.!]*$")
_ORDERED = re.compile(r"^ {0,3}(\d{1,6})[.)][ \t]+(\S.*)$")
# A heading over a numbered list that names work: "## Queue", "# TODO", "## Next steps", "# Fix plan"
_WORK_HEADING = re.compile(r"\b(?:queue|tasks?|to-?dos?|backlog|plan|roadmap|next steps|work items?)\b", re.I)


def _suffix_status(rest: str) -> tuple[str, str] | None:
    """(status, the rest without it) when the line closes with a status word after a separator; None otherwise."""
    tail = rest[-_TAIL:]
    match = _STATUS_SUFFIX.search(tail)
    if match is None:
        return None
    status = status_of(match.group(1))
    if status is None:
        return None
    return status, rest[:len(rest) - len(tail) + match.start()].rstrip()


def closes_with_status(line: str) -> bool:
    """Whether a line closes with a status word after a separator (``- [TASK-10] Add it - Pending``): the prompt
    then asks for that word to become Done."""
    return _suffix_status(line.rstrip()) is not None


def with_done_suffix(line: str) -> str | None:
    """``line`` with its closing status word written as ``Done`` (separator and the rest kept); None when it has
    none."""
    body = line.rstrip()
    tail = body[-_TAIL:]
    match = _STATUS_SUFFIX.search(tail)
    if match is None or status_of(match.group(1)) is None:
        return None
    start = len(body) - len(tail) + match.start(1)
    return body[:start] + "Done" + body[start + len(match.group(1)):] + line[len(body):]


def _is_plan_id(task_id: str) -> bool:
    if task_id.count(".") > 8:
        return False  # deeper "ids" are not a person's (as in tasks_shapes)
    if task_id[0].isdigit():
        return "." in task_id  # 5.1, 2.2a, 1.5.1; not 1, 42 or 2026-10-02
    return any(ch.isdigit() for ch in task_id)  # T3, TASK-12, P1-01


def _status(text: str) -> str:
    if any(mark in text for mark in _DONE_MARKS):
        return COMPLETED
    word = _CLOSING_WORD.search(_tail(text.rstrip()))
    if word is not None:
        return IN_PROGRESS if word.group(1).lower() in ("in progress", "in-progress", "wip") else COMPLETED
    if any(mark in text for mark in _PROGRESS_MARKS):
        return IN_PROGRESS
    return PENDING


def _tail(text: str) -> str:
    """The line's last characters, after a space when that is the whole line (so a word there has a separator)."""
    return (" " + text)[-_TAIL - 1:]


def _title(rest: str) -> str:
    text = _MARKS.sub("", rest).rstrip()
    text = text[:-_TAIL] + _CLOSING_TAIL.sub("", text[-_TAIL:])
    text = text.strip()
    return clean_title(re.sub(r"[ \t]{2,}", " ", text)) or rest.strip()


def _group_name(title: str) -> str:
    return _title(title.replace("**", "")) or title


class _Headings:
    """The file's title heading (``top``) and the innermost heading below it (``section``), as lines are read."""

    def __init__(self) -> None:
        self.top: tuple[str, int] | None = None
        self.section: tuple[str, int] | None = None

    def read(self, number: int, line: str, stripped: str) -> bool:
        """Whether the line is a heading (then it is noted)."""
        heading = HEADING.match(line) if stripped[:1] == "#" else None
        if heading is None:
            return False
        name = _group_name((heading.group(2) or "").strip().rstrip("#").strip())
        if len(heading.group(1)) == 1 and self.top is None:
            self.top = (name, number)
        else:
            self.section = (name, number)
        return True

    @property
    def current(self) -> tuple[str, int] | None:
        return self.section or self.top


def _leading_status(rest: str) -> tuple[str, str] | None:
    """(status, the title) when ``rest`` starts with a status word set off by a dash, a bar or a colon, a date
    after it left out ("Skipped - 2025-05-27 - Implement the test"); None otherwise."""
    match = _LEADING_STATUS.match(rest)
    if match is None:
        return None
    word = match.group(1).strip().lower()
    if word not in _STATUS_WORDS and not _DROPPED_WORD.fullmatch(word):
        return None
    status = status_of(word)
    if status is None:
        return None
    return status, _LEADING_DATE.sub("", match.group(2), count=1)


def leads_with_status(line: str) -> bool:
    """Whether a line is led by a bracketed id and its status (``[TASK-11] - ToDo - 2025-05-27 - ...``): the prompt
    then asks for that status to become Done."""
    body = _BRACKET_PARAGRAPH.match(line) or _ITEM.match(line)
    if body is None or not body.group(1).startswith("["):
        return False
    lead = split_leading_id(body.group(1).rstrip())
    return lead.id is not None and _leading_status(lead.rest) is not None


def with_done_lead(line: str) -> str | None:
    """``line`` with the status after its bracketed id written as ``Done`` (the rest kept); None when it has none."""
    if not leads_with_status(line):
        return None
    close = line.index("]")
    match = _LEADING_STATUS.match(line[close + 1:].lstrip(" \t-–—|:"))
    start = line.index(match.group(1), close)
    return line[:start] + "Done" + line[start + len(match.group(1)):]


def read_plain(text: str) -> list[RawTask]:
    """The numbered items of a done-list without checkboxes, in file order; [] when fewer than two."""
    found: list[RawTask] = []
    headings = _Headings()
    record: RawTask | None = None  # the "ID: ..." record being read
    for number, line, stripped in content_lines(text):
        if headings.read(number, line, stripped):
            record = None
            continue
        if record is not None:
            field = _FIELD.match(line)
            if field is not None and not _RECORD_ID.match(line):
                name, value = field.group(1).strip().lower(), field.group(2).strip()
                if name == "status" and (said := status_of(value)) is not None:
                    record.status = said
                elif name in ("description", "title", "name", "summary") and value and record.title == record.id:
                    record.title = _title(value)
                continue
            record = None
        identified = _RECORD_ID.match(line)
        if identified is not None and _is_plan_id(identified.group(1)):
            group, key = headings.current or (DEFAULT_GROUP, 0)
            record = RawTask(number, identified.group(1), PENDING, identified.group(1), group, group_key=key,
                             source=line.strip(), heading=True)  # heading: a record, for the merge below
            found.append(record)
            continue
        body = _ITEM.match(line) or _BOLD_PARAGRAPH.match(line) or _BRACKET_PARAGRAPH.match(line)
        if body is None:
            continue
        lead = split_leading_id(body.group(1).rstrip())
        if lead.id is None or lead.strength != "strong" or not _is_plan_id(lead.id):
            continue
        group, key = headings.current or (DEFAULT_GROUP, 0)
        status, rest = _status(lead.rest), lead.rest
        if status == PENDING and body.group(1).startswith("[") and (said := _leading_status(rest)) is not None:
            status, rest = said
        elif status == PENDING and (suffix := _suffix_status(rest)) is not None:
            status, rest = suffix[0], suffix[1] or rest
        found.append(RawTask(number, _title(rest), status, lead.id, group, group_key=key, source=body.group(1)))
    found = _merge_records(found)
    found = [task for task in found if task.status != DROPPED]
    if len(found) < MIN_ITEMS:
        return []
    ids = {task.id for task in found}
    parents = {p for task in found for p in _ancestors(task.id) if p in ids}
    titles = {task.id: task for task in found if task.id in parents}
    kept = []
    for task in found:
        if task.id in parents:
            continue
        parent = next((titles[p] for p in _ancestors(task.id) if p in titles), None)
        if parent is not None:  # its group is the parent item, as in Kiro
            task.group, task.group_key = parent.title, parent.line
        kept.append(task)
    return kept


def _merge_records(found: list[RawTask]) -> list[RawTask]:
    """An "ID: ..." record of a task listed above (or below) is that task: one task, at its first line, with the
    furthest status of the two."""
    if not any(task.heading for task in found):
        return found
    first: dict[str, RawTask] = {}
    kept = []
    for task in found:
        earlier = first.get(task.id)
        if earlier is not None and (task.heading or earlier.heading):
            if PROGRESS[task.status] > PROGRESS[earlier.status]:
                earlier.status = task.status
            continue
        first.setdefault(task.id, task)
        kept.append(task)
    for task in kept:
        task.heading = False
    return kept


def _ancestors(task_id: str) -> list[str]:
    parts = task_id.split(".")
    return [".".join(parts[:k]) for k in range(len(parts) - 1, 0, -1)]


def read_queue(text: str) -> list[RawTask]:
    """A numbered queue without boxes (``1. Set up the schema ✅``, ``2. Sign-up (in progress)``): the items of the
    file's ordered lists that are a work list, in file order; [] when there are fewer than two.

    An ordered list is a work list when one of its items carries a status (a mark, a closing word, or struck out),
    when the heading above it names work (Queue, Tasks, TODO, Backlog, Plan, Roadmap, Next steps), or when it goes on
    with the numbers of a work list above it (``## Later`` / ``9.`` after ``8.``); a list numbered from 1 again under
    "## Notes" is not one. Items are numbered by the list when no number names two items, else they get slugs. A
    struck-out item (``~~Magic-link login~~``) is dropped unless it is also marked done."""
    lists: list[list[tuple[int, int, str, str, bool]]] = []  # (line, number, status, title, marked) per list
    list_headings: dict[int, tuple[str, int] | None] = {}
    headings = _Headings()
    current: list[tuple[int, int, str, str, bool]] | None = None
    for number, line, stripped in content_lines(text):
        if headings.read(number, line, stripped):
            current = None
            continue
        item = _ORDERED.match(line)
        if item is None:
            if line[:1] not in " \t":
                current = None  # a paragraph ends the list
            continue
        rest = item.group(2).rstrip()
        struck = _STRUCK.match(rest)
        status = _status(rest)
        if status == PENDING and (suffix := _suffix_status(rest)) is not None:
            status, rest = suffix[0], suffix[1] or rest
        if struck is not None:
            rest = struck.group(1) + rest[struck.end():]
            if status != COMPLETED:
                status = DROPPED
        if current is None:
            current = []
            lists.append(current)
            list_headings[len(lists) - 1] = headings.current
        close = _MARKED_CLOSE.search(rest[-_TAIL:])
        marked = struck is not None or _MARKS.search(rest) is not None or (
            close is not None and status_of(close.group(1)) is not None)
        current.append((number, int(item.group(1)), status, _title(rest), marked))
    top = headings.top
    kept: list[tuple[list, tuple[str, int] | None]] = []
    last_number = None
    for index, entries in enumerate(lists):
        where = list_headings[index]
        marked = any(entry[4] for entry in entries)
        named = where is not None and bool(_WORK_HEADING.search(where[0])) or (top is not None and where == top
                                                                             and bool(_WORK_HEADING.search(top[0])))
        goes_on = last_number is not None and entries[0][1] == last_number + 1
        if marked or named or goes_on:
            kept.append((entries, where))
            last_number = entries[-1][1]
    items = [(entry, where) for entries, where in kept for entry in entries]
    if len(items) < MIN_ITEMS:
        return []
    numbers = [entry[1] for entry, _ in items]
    numbered = len(set(numbers)) == len(numbers)
    tasks = []
    for (line, ordinal, status, title, _), where in items:
        if status == DROPPED:
            continue
        group, key = where or (DEFAULT_GROUP, 0)
        tasks.append(RawTask(line, title, status, str(ordinal) if numbered else None, group, group_key=key,
                             source=title))
    return tasks
