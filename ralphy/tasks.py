"""TASKS.md: the work list ralphy drives Claude through.

Two shapes are read, mixed freely in one file:

Heading tasks::

    ## Task 3: Add the login form
    - **Status**: pending            (also ``**Status:** completed``; pending | in_progress | completed)

    Their group is the nearest heading of a higher level above them (``# Phase 1``), else the task itself.

Checkbox tasks, grouped under the nearest ``##``/``###`` heading (``#`` when there is nothing deeper)::

    ## Models
    - [ ] 1.1 Create the User model          pending
    - [x] T2: Add password hashing           completed
    - [~] Wire the admin                     in progress  (also ``[-]``, ``[/]``)

A task's id is its leading ``1.2`` / ``T3`` style token (``## Task 3`` gives ``3``), else a slug of its title,
made unique within the file. Lines inside fenced code blocks are ignored.
"""

from __future__ import annotations

import logging
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from ralphy.errors import TasksFileError

logger = logging.getLogger(__name__)

PENDING, IN_PROGRESS, COMPLETED = "pending", "in_progress", "completed"
STATUSES = (PENDING, IN_PROGRESS, COMPLETED)
DEFAULT_GROUP = "Tasks"

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_TASK_HEADING = re.compile(r"^task\s+([A-Za-z]*\d+(?:\.\d+)*)\s*[:.\-–—)]?\s*(.*)$", re.IGNORECASE)
_STATUS_LINE = re.compile(r"^\s*[-*+]?\s*\*\*status:?\*\*\s*:?\s*(.+?)\s*$", re.IGNORECASE)
_CHECKBOX = re.compile(r"^\s*[-*+]\s+\[([ xX~/\-])\]\s+(.*?)\s*$")
_LEADING_ID = re.compile(
    r"^(?:\*\*)?(?:(\d+(?:\.\d+)*)(?:\*\*)?(?:[.:)\-–—]|\s|$)|([A-Z]{1,4}-?\d+(?:\.\d+)*)(?:\*\*)?(?:[.:)]|\s+[-–—:]|$))\s*"
)
_FENCE = re.compile(r"^\s*(```|~~~)")

_STATUS_WORDS = {
    "pending": PENDING, "todo": PENDING, "to do": PENDING, "not started": PENDING, "open": PENDING,
    "in_progress": IN_PROGRESS, "in progress": IN_PROGRESS, "in-progress": IN_PROGRESS, "wip": IN_PROGRESS,
    "started": IN_PROGRESS, "doing": IN_PROGRESS,
    "completed": COMPLETED, "complete": COMPLETED, "done": COMPLETED, "finished": COMPLETED,
}  # fmt: skip
_CHECKBOX_STATUS = {" ": PENDING, "x": COMPLETED, "X": COMPLETED, "~": IN_PROGRESS, "/": IN_PROGRESS, "-": IN_PROGRESS}


@dataclass(frozen=True)
class Task:
    id: str
    title: str
    group: str
    status: str
    line: int  # 1-based line number of the task in the file

    @property
    def completed(self) -> bool:
        return self.status == COMPLETED


@dataclass(frozen=True)
class TaskList:
    path: Path | None
    tasks: tuple[Task, ...] = field(default_factory=tuple)
    text: str = field(default="", repr=False)  # the file's content, as parsed

    def groups(self) -> "OrderedDict[str, list[Task]]":
        groups: OrderedDict[str, list[Task]] = OrderedDict()
        for task in self.tasks:
            groups.setdefault(task.group, []).append(task)
        return groups

    def pending_groups(self) -> "OrderedDict[str, list[Task]]":
        """Groups with at least one task not completed, each with its tasks not completed."""
        pending: OrderedDict[str, list[Task]] = OrderedDict()
        for task in self.tasks:
            if not task.completed:
                pending.setdefault(task.group, []).append(task)
        return pending

    def by_id(self, task_id: str) -> Task | None:
        return next((task for task in self.tasks if task.id == task_id), None)

    @property
    def all_completed(self) -> bool:
        return bool(self.tasks) and all(task.completed for task in self.tasks)

    def counts(self) -> dict[str, int]:
        counts = {status: 0 for status in STATUSES}
        for task in self.tasks:
            counts[task.status] += 1
        counts["total"] = len(self.tasks)
        return counts

    def statuses(self) -> dict[str, str]:
        return {task.id: task.status for task in self.tasks}


def normalise_status(raw: str) -> str | None:
    """``'Completed ✅'`` -> ``'completed'``; None when the text names no known status."""
    text = re.sub(r"[`*_✅✔️⏳🚧]", " ", raw).strip().lower()
    for words, status in sorted(_STATUS_WORDS.items(), key=lambda item: -len(item[0])):
        if re.match(rf"{re.escape(words)}\b", text):
            return status
    return None


def _slug(title: str) -> str:
    words = re.findall(r"[a-z0-9]+", title.lower())
    slug = "-".join(words)[:48].rstrip("-")
    return slug or "task"


def _split_id(text: str) -> tuple[str | None, str]:
    match = _LEADING_ID.match(text)
    if not match:
        return None, text
    title = text[match.end() :].strip(" -–—:")
    return match.group(1) or match.group(2), title or text


def parse_tasks(text: str, path: str | Path | None = None) -> TaskList:
    """Parse TASKS.md content. Never raises on odd content: what is not a task is ignored."""
    headings: list[tuple[int, str]] = []  # the open heading stack: (level, text)
    tasks: list[dict] = []
    heading_task: dict | None = None
    in_fence = False

    for number, line in enumerate(text.splitlines(), start=1):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        heading = _HEADING.match(line)
        if heading:
            level, title = len(heading.group(1)), heading.group(2).strip()
            headings = [h for h in headings if h[0] < level]
            task_match = _TASK_HEADING.match(title)
            if task_match:
                parents = [text for _, text in headings if not _TASK_HEADING.match(text)]
                parent = parents[-1] if parents else None
                heading_task = {
                    "id": task_match.group(1),
                    "title": task_match.group(2).strip() or title,
                    "group": parent or title,
                    "status": PENDING,
                    "line": number,
                }
                tasks.append(heading_task)
            else:
                heading_task = None
            headings.append((level, title))
            continue
        if heading_task is not None:
            status_line = _STATUS_LINE.match(line)
            if status_line:
                status = normalise_status(status_line.group(1))
                if status is None:
                    logger.warning("%s:%d: unknown status %r, read as pending", path or "TASKS.md", number, status_line.group(1))
                heading_task["status"] = status or PENDING
                continue
        checkbox = _CHECKBOX.match(line)
        if checkbox:
            task_id, title = _split_id(checkbox.group(2))
            group = _checkbox_group(headings)
            tasks.append(
                {"id": task_id, "title": title, "group": group, "status": _CHECKBOX_STATUS[checkbox.group(1)], "line": number}
            )
    return TaskList(Path(path) if path is not None else None, tuple(_with_unique_ids(tasks)), text)


def _checkbox_group(headings: list[tuple[int, str]]) -> str:
    deeper = [title for level, title in headings if level >= 2 and not _TASK_HEADING.match(title)]
    if deeper:
        return deeper[-1]
    return headings[-1][1] if headings else DEFAULT_GROUP


def _with_unique_ids(raw: Iterable[dict]) -> list[Task]:
    seen: set[str] = set()
    tasks = []
    for item in raw:
        base = item["id"] or _slug(item["title"])
        task_id, n = base, 2
        while task_id in seen:
            task_id, n = f"{base}-{n}", n + 1
        seen.add(task_id)
        tasks.append(Task(id=task_id, title=item["title"], group=item["group"], status=item["status"], line=item["line"]))
    return tasks


def load_tasks(path: str | Path) -> TaskList:
    """Read and parse a tasks file. A missing, unreadable or non-UTF-8 file is a TasksFileError."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise TasksFileError(f"{path}: no tasks file (create it, or set tasks_file in the config)") from None
    except IsADirectoryError:
        raise TasksFileError(f"{path}: is a directory, not a tasks file") from None
    except OSError as exc:
        raise TasksFileError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TasksFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse_tasks(text, path)


def newly_completed(before: TaskList, after: TaskList) -> list[Task]:
    """Tasks completed in ``after`` that were not completed in ``before`` (new completed tasks count too)."""
    was_done = {task.id for task in before.tasks if task.completed}
    return [task for task in after.tasks if task.completed and task.id not in was_done]


_LIST_AFTER_TASK = re.compile(
    r"\btasks?\s*#?\s*(_ID(?:\s*(?:,|&|/|\band\b|\bto\b|-|–)\s*#?\s*_ID)*)".replace("_ID", r"(?:[A-Za-z]{1,4}-?)?\d+(?:\.\d+)*"),
    re.IGNORECASE,
)


def mentioned_task_ids(text: str, task_list: TaskList) -> list[str]:
    """The ids of ``task_list`` named in free text (a delegation's description or prompt), in file order.

    Dotted ids (``1.2``), lettered ids (``T3``) and slug ids match as whole tokens anywhere ("1.2" does not
    match "11.2" or "1.23"). Plain numbers match only after "task"/"tasks" ("Tasks 3, 4 and 5", "task #3"),
    so "3 files" names no task. A range "tasks 3-5" names 3, 4 and 5.
    """
    if not text:
        return []
    named: set[str] = set()
    for task in task_list.tasks:
        if task.id.isdigit():
            continue
        edge = r"\w.-" if "-" in task.id else r"\w."  # a slug is not a match inside a longer slug
        if re.search(rf"(?<![{edge}]){re.escape(task.id)}(?![\w]|[{edge[2:]}]\w)", text, re.IGNORECASE):
            named.add(task.id)
    ids = {task.id.lower(): task.id for task in task_list.tasks}
    for match in _LIST_AFTER_TASK.finditer(text):
        tokens = re.findall(r"(?:[A-Za-z]{1,4}-?)?\d+(?:\.\d+)*|-|–|\bto\b", match.group(1), re.IGNORECASE)
        previous: str | None = None
        pending_range = False
        for token in tokens:
            if token in ("-", "–") or token.lower() == "to":
                pending_range = previous is not None
                continue
            if pending_range and previous and previous.isdigit() and token.isdigit():
                for n in range(int(previous) + 1, int(token)):
                    if str(n) in ids:
                        named.add(ids[str(n)])
            pending_range = False
            if token.lower() in ids:
                named.add(ids[token.lower()])
            previous = token
    return [task.id for task in task_list.tasks if task.id in named]
