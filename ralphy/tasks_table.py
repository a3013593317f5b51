"""Task files kept as tables: a row per task with a status column (docs/tasks.md, "Tables").

``read_tables(text)`` is asked only when the file has no task of any other shape (no checkbox, no heading task, no
done-list), as ``ralphy.tasks_plain`` is: a file with checkboxes keeps them as its tasks, and its summary tables
("| Phase | Status |") stay summaries. A table holds tasks when its header names a status column (Status, State,
Done, Progress) and a task column (Task, Title, Name, Criteria, Item, ...) or an id column (ID, #, No., Key); a
legend ("| Symbol | Status |") names neither, so it holds none. Each row whose status cell says a status is a
task: a box (``[ ]``, ``[x]``), a word (Todo, In Progress, Blocked, Done, Task Master's ``✓&nbsp;done``) or a
mark (✅ 🔄 ⬜). A row whose id is the start of another's (``1`` beside ``1.1``, Task Master's subtasks) is their
group, as a Kiro parent with sub-items is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ralphy.tasks_lines import content_lines
from ralphy.tasks_headings import HEADING
from ralphy.tasks_shapes import DEFAULT_GROUP, RawTask, clean_title
from ralphy.tasks_status import COMPLETED, IN_PROGRESS, PENDING, normalise_status

MAX_COLUMNS = 40  # a row wider than this is not a task row (and bounds the work on a hostile line)
_STATUS_HEADERS = {"status", "state", "done", "progress", "complete", "completed"}
_TITLE_HEADERS = {"task", "tasks", "title", "name", "criteria", "criterion", "item", "feature", "work", "goal",
                  "deliverable", "description", "summary", "todo", "to do"}
_ID_HEADERS = {"id", "#", "no", "no.", "nr", "key", "ref", "task id", "number"}
_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_DELIMITER_CELL = re.compile(r"^:?-+:?$")
_BOX = re.compile(r"^\[([ xX~/\-])\]$")
_BOX_STATUS = {" ": PENDING, "x": COMPLETED, "X": COMPLETED, "~": IN_PROGRESS, "/": IN_PROGRESS, "-": IN_PROGRESS}
_DONE_MARKS = ("✅", "✔", "✓", "☑", "🟢")
_PROGRESS_MARKS = ("🔄", "🚧", "►", "▶", "⏳", "🟡", "🟨")  # ⏳ in a status column: under way
_OPEN_MARKS = ("⬜", "○", "◯", "❌", "🔴", "☐")
_ID = re.compile(r"^(?:[A-Za-z]{1,8}-?)?\d+(?:[.\-]\d+)*[a-z]?$")
_EXTRA_WORDS = {"blocked": PENDING, "not started": PENDING, "failed": PENDING, "backlog": PENDING, "ready": PENDING,
                "in review": IN_PROGRESS, "review": IN_PROGRESS}


def _cells(line: str) -> list[str] | None:
    stripped = line.strip()
    if not stripped.startswith("|") or stripped.count("|") > MAX_COLUMNS + 1:
        return None
    cells = [cell.strip() for cell in _CELL_SPLIT.split(stripped.strip("|"))]
    return cells if len(cells) >= 2 else None


def _header_key(cell: str) -> str:
    return re.sub(r"[*_`]", "", cell).strip().lower()


@lru_cache(maxsize=512)  # a table repeats a few status cells; a hostile one gets no more than this
def cell_status(cell: str) -> str | None:
    """The status a table cell says (a box, a word or a mark); None when it says none."""
    text = cell.replace("&nbsp;", " ").replace("\u00a0", " ").strip()
    box = _BOX.match(text)
    if box:
        return _BOX_STATUS[box.group(1)]
    words = re.sub(r"[^\w\s\-]", " ", text).strip().lower()
    if words:
        status = normalise_status(words) or next((s for w, s in _EXTRA_WORDS.items() if words.startswith(w)), None)
        if status is not None:
            return status
    if any(mark in text for mark in _DONE_MARKS):
        return COMPLETED
    if any(mark in text for mark in _PROGRESS_MARKS):
        return IN_PROGRESS
    if any(mark in text for mark in _OPEN_MARKS):
        return PENDING
    return None


_ALL_MARKS = _DONE_MARKS + _PROGRESS_MARKS + _OPEN_MARKS
_LEGEND_ITEM = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?(?P<mark>[^\w\s|])\ufe0f?[ \t]*(?:[=:\-\u2014\u2013][ \t]*)?"
                          r"(?P<word>[A-Za-z][A-Za-z \-]{1,20}?)[ \t]*$")


def _bare_mark(cell: str) -> str | None:
    """The mark a cell holds and nothing else (``⏳``, ``**✅**``), else None."""
    text = re.sub(r"[*_`\s\ufe0f]", "", cell.replace("&nbsp;", ""))
    return text if text in _ALL_MARKS else None


def _word_status(cell: str) -> str | None:
    words = re.sub(r"[^\w\s\-]", " ", cell).strip().lower()
    if not words or len(words) > 24:
        return None
    return normalise_status(words) or _EXTRA_WORDS.get(words)


def legend(text: str) -> dict[str, str]:
    """What the file's own legend says its bare marks are: ``{"⏳": PENDING}`` for a file that writes ``| ⏳ | Not
    started |``, ``- ⏳ Not started`` or, transposed, a row of marks over a row of their words. A mark the tools
    disagree on (⏳ is "waiting to start" in one file, "under way" in another) means what its file says; without a
    legend the defaults stand."""
    said: dict[str, str] = {}
    rows: list[list[str] | None] = []
    for _, line, stripped in content_lines(text):
        cells = _cells(line) if stripped[:1] == "|" else None
        rows.append(cells)
        if cells is None:
            item = _LEGEND_ITEM.match(line) if len(line) < 64 else None
            if item and item.group("mark") in _ALL_MARKS and (status := _word_status(item.group("word"))):
                said.setdefault(item.group("mark"), status)
            continue
        for left, right in zip(cells, cells[1:]):  # "| ⏳ | Not started |"
            mark = _bare_mark(left)
            if mark and (status := _word_status(right)):
                said.setdefault(mark, status)
    for above, delimiter, below in zip(rows, rows[1:], rows[2:]):  # marks in the header, their words in the row
        if above and delimiter and below and all(_DELIMITER_CELL.match(cell) for cell in delimiter if cell):
            for head, cell in zip(above, below):
                mark = _bare_mark(head)
                if mark and (status := _word_status(cell)):
                    said.setdefault(mark, status)
    return said


def _columns(header: list[str]) -> tuple[int, int | None, int | None, int | None] | None:
    """(status, title, id, second title) column indexes of a task table's header; None when it is not one. The
    second title column is asked when the first one holds an id (``| Task | Status | Title |`` with `` `v2.1-1.3` ``
    in its Task cells, as generated status files write them)."""
    keys = [_header_key(cell) for cell in header]
    status = next((n for n, key in enumerate(keys) if key in _STATUS_HEADERS), None)
    if status is None:
        return None
    titles = [n for n, key in enumerate(keys) if key in _TITLE_HEADERS and n != status]
    task_id = next((n for n, key in enumerate(keys) if key in _ID_HEADERS and n != status), None)
    if not titles and task_id is None:
        return None
    title = titles[0] if titles else None
    second = titles[1] if task_id is None and len(titles) > 1 else None
    return status, title, task_id, second


def read_tables(text: str) -> list[RawTask]:
    """The rows of the file's task tables, in file order ([] when it has none)."""
    found: list[RawTask] = []
    section: tuple[str, int] | None = None
    previous: tuple[int, list[str]] | None = None  # the row before, a header if a delimiter row follows
    columns: tuple[int, int | None, int | None, int | None] | None = None
    last_line = 0
    said: dict[str, str] | None = None  # the file's legend, read when a status cell is a mark alone
    for number, line, stripped in content_lines(text):
        if stripped[:1] == "#" and (heading := HEADING.match(line)):
            section, previous, columns = ((heading.group(2) or "").strip().rstrip("#").strip(), number), None, None
            continue
        cells = _cells(line) if stripped[:1] == "|" else None
        if cells is None or number != last_line + 1:
            columns = None  # a table ends at its first line that is not a row
        last_line = number
        if cells is None:
            previous = None
            continue
        if columns is None:
            if previous is not None and all(_DELIMITER_CELL.match(cell) for cell in cells if cell):
                columns = _columns(previous[1])
            previous = (number, cells)
            continue
        task = _row_task(number, cells, columns, section)
        if task is not None:
            mark = _bare_mark(cells[columns[0]])
            if mark is not None:
                said = legend(text) if said is None else said
                task.status = said.get(mark, task.status)
            found.append(task)
    return _group_parents(found)


def _row_task(number: int, cells: list[str], columns: tuple[int, int | None, int | None, int | None],
              section: tuple[str, int] | None) -> RawTask | None:
    status_at, title_at, id_at, second_at = columns
    status = cell_status(cells[status_at]) if status_at < len(cells) else None
    if status is None:
        return None
    if second_at is not None and title_at is not None and title_at < len(cells) and second_at < len(cells) \
            and _ID.match(re.sub(r"[*`]", "", cells[title_at]).strip()) and cells[second_at].strip():
        id_at, title_at = title_at, second_at  # "| `v2.1-1.3.1` | ❌ error | ... | Implement blocking |"
    task_id = re.sub(r"[*`_]", "", cells[id_at]).strip() if id_at is not None and id_at < len(cells) else ""
    title = cells[title_at] if title_at is not None and title_at < len(cells) else ""
    title = clean_title(title.replace("`", "")) if title else ""
    if not _ID.match(task_id):
        task_id = ""
    if not title and not task_id:
        return None
    group, key = section or (DEFAULT_GROUP, 0)
    return RawTask(number, title or task_id, status, task_id or None, group, group_key=key,
                   source=(task_id + " " + title).strip())


def _group_parents(found: list[RawTask]) -> list[RawTask]:
    ids = {task.id for task in found if task.id}
    parents = {task.id.rsplit(".", 1)[0] for task in found if task.id and "." in task.id} & ids
    titles = {task.id: task for task in found if task.id in parents}
    kept = []
    for task in found:
        if task.id in parents:
            continue
        parent = titles.get(task.id.rsplit(".", 1)[0]) if task.id and "." in task.id else None
        if parent is not None:
            task.group, task.group_key = parent.title, parent.line
        kept.append(task)
    return kept


def _status_cells(text: str):
    """``(line number, the row's cells, the status column)`` for each row of the file's task tables."""
    columns = None
    previous: list[str] | None = None
    last_line = 0
    for number, line, stripped in content_lines(text):
        cells = _cells(line) if stripped[:1] == "|" else None
        if cells is None or number != last_line + 1:
            columns = None
        last_line = number
        if cells is None:
            previous = None
        elif columns is None:
            if previous is not None and all(_DELIMITER_CELL.match(cell) for cell in cells if cell):
                columns = _columns(previous)
            previous = cells
        elif columns[0] < len(cells):
            yield number, cells, columns[0]


def done_cell(text: str) -> str:
    """How this file's tables write a completed status (``[x]``, ``Done``, ``✓&nbsp;done``): the text most of its
    completed status cells hold, else ``[x]`` where its cells are boxes, else ``Done``."""
    counts: dict[str, int] = {}
    boxes = False
    for _, cells, at in _status_cells(text):
        cell = cells[at]
        boxes = boxes or bool(_BOX.match(cell))
        if cell_status(cell) == COMPLETED:
            counts[cell] = counts.get(cell, 0) + 1
    if counts:
        return max(counts, key=lambda cell: counts[cell])
    if not boxes and any(_bare_mark(cells[at]) for _, cells, at in _status_cells(text)):
        done = [mark for mark, status in legend(text).items() if status == COMPLETED]
        if done:  # status cells of marks alone, none done yet: the done mark the file's legend names
            return done[0]
    return "[x]" if boxes else "Done"


def ticked_row(text: str, line_number: int) -> str | None:
    """The table row at ``line_number`` with its status cell written as completed (the file's own way, everything
    else in the row as it was); None when that line is not a task table's row."""
    for number, cells, at in _status_cells(text):
        if number == line_number:
            line = text.split("\n")[number - 1]
            bars = [m.start() for m in re.finditer(r"(?<!\\)\|", line)]
            first = 0 if line.lstrip().startswith("|") else -1
            start, end = bars[at + first], bars[at + first + 1] if at + first + 1 < len(bars) else len(line)
            old = line[start + 1:end]
            lead, trail = old[:len(old) - len(old.lstrip())], old[len(old.rstrip()):]
            return line[:start + 1] + lead + done_cell(text) + trail + line[end:]
    return None
