"""TASKS.md: the work list ralphy drives Claude through, read the way people write it.

The shapes (spec-kit, Kiro / cc-sdd, OpenSpec, ralph ``@fix_plan.md``, superpowers plans, GSD roadmaps, PRD
checklists, plain TODO lists) and the rules for the ambiguous cases are in docs/tasks.md; the reading itself is
``ralphy.tasks_shapes``. In short::

    ## Phase 1: Setup                       <- a group
    - [ ] T001 [P] [US1] Create the layout   <- task T001 (parallel, story US1), pending
    - [X] T002 Add the config loader         <- completed

    ### Task 3: Add the login form           <- a heading task...
    - **Status**: in progress                <- ...with its status (or its steps' ticks)

A task without an id gets a short slug of its title's first words; ids are made unique within the file. Lines inside fenced code
blocks and HTML comments are ignored; checklists that are notes (a "Validation checklist", "Success criteria",
a self-review list) are not tasks.
"""

from __future__ import annotations

import os
import re
import stat
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from ralphy.errors import TasksFileError
from ralphy.safefs import read_limited
from ralphy.tasks_ids import LEADING_LABELS  # the labels the reader reads ("[P2][M][doing]")
from ralphy.tasks_shapes import DEFAULT_GROUP, read_shapes
from ralphy.tasks_status import COMPLETED, IN_PROGRESS, PENDING, normalise_status

__all__ = ["COMPLETED", "DEFAULT_GROUP", "IN_PROGRESS", "PENDING", "STATUSES", "MAX_TASKS_FILE_BYTES", "Task",
           "TaskList", "load_tasks", "mentioned_task_ids", "newly_completed", "normalise_status", "parse_tasks"]

STATUSES = (PENDING, IN_PROGRESS, COMPLETED)
MAX_TASKS_FILE_BYTES = 8 * 1024 * 1024  # a task list is kilobytes; anything past this is not one


@dataclass(frozen=True)
class Task:
    id: str
    title: str
    group: str
    status: str
    line: int  # 1-based line number of the task in the file
    parallel: bool = False  # spec-kit [P], cc-sdd (P)
    story: str | None = None  # spec-kit [US1]
    optional: bool = False  # Kiro "- [ ]* 17."

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


SLUG_CHARS = 24  # an id made from a title: its first words, as many as fit (docs/decisions.md)...
SLUG_MAX_CHARS = 32  # ...and at least two of them, cut here when two long words do not fit
_PRIORITY_LABEL = re.compile(r"^(?:\*\*)?(?:HIGH|MEDIUM|MED|LOW|CRITICAL|URGENT)(?:\*\*)?:(?:\*\*)?[ \t]+")
_SLUG_SKIP = frozenset("a an the to of for and or in on with from by as at into via per is be".split())


def _slug(title: str) -> str:
    """A short, stable id for a task the file gives none: the first words of its title that say something
    ("Add a `--dry-run` flag to the sync command" is ``add-dry-run-flag-sync``), up to SLUG_CHARS characters
    and cut between words, but two words at least (cut at SLUG_MAX_CHARS). It depends on the title alone, so adding
    or moving other tasks never changes it, and not on a leading priority or bracketed labels, so ticking a task the
    file's way ("[todo]" to "[done]") never changes it either."""
    title = _PRIORITY_LABEL.sub("", title, count=1)  # "HIGH: Create the store": the priority is not the task's name
    if title[:1] == "[" and (labels := LEADING_LABELS.match(title)) and re.search(r"[^\W_]", title[labels.end():]):
        title = title[labels.end():]  # "[S][todo] Traduire": nor are its labels, which the tick changes to "[done]"
    words = re.findall(r"[^\W_]+", title.lower())
    kept = [word for word in words if word not in _SLUG_SKIP] or words
    slug, count = "", 0
    for word in kept:
        if count >= 2 and len(slug) + 1 + len(word) > SLUG_CHARS:
            break  # two words at least ("modify-authenticationservice", not a bare "modify")
        slug, count = (f"{slug}-{word}" if slug else word), count + 1
    return slug[:SLUG_MAX_CHARS].rstrip("-") or "task"


_JSON_START = re.compile(r"[\ufeff \t\r\n]*[{\[]")


# A first line that is a YAML key or a "- key:" item (after blank or comment lines): tasks_yaml then looks closer.
# (The blank runs are atomic: a run of blanks before "- " was split between them every way, quadratic: 40,000 tabs
# at the head of a task file took 20 s.)
_YAML_START = re.compile(r"(?>[\ufeff \t\r\n]*)(?:#[^\n]*\n(?>[ \t\r\n]*))*(?:---[ \t]*\r?\n)?-?[ \t]*[A-Za-z_][\w\-]*:")


def _may_be_json(text: str) -> bool:
    """Whether ``text`` starts as JSON does (``ralphy.tasks_json`` says whether it is a JSON task list)."""
    return _JSON_START.match(text) is not None


def parse_tasks(text: str, path: str | Path | None = None) -> TaskList:
    """Parse task-file content. Never raises on odd content: what is not a task is ignored. A file whose lines end
    in a lone CR (classic Mac) is read as lines; CRLF and LF, mixed or not, need nothing."""
    if "\r" in text and "\n" not in text:
        text = text.replace("\r", "\n")  # the text kept is the one the lines (and task.line) are counted in
    raw = None
    from ralphy.tasks_org import is_org

    if is_org(text, str(path) if path is not None else None):
        from ralphy.tasks_org import read_org  # an org-mode TODO file: headings with TODO / DONE

        raw = read_org(text)
    elif _may_be_json(text):
        from ralphy.tasks_json import read_json  # a prd.json, a Task Master tasks.json, a list of task objects

        raw = read_json(text)
    elif _YAML_START.match(text):
        from ralphy.tasks_yaml import read_yaml  # autospec's tasks.yaml, task objects as YAML

        raw = read_yaml(text)
    if raw is None:
        from ralphy.tasks_todotxt import read_outline_or_lines  # a todo.txt, "TODO: ..." lines, a Logseq page

        raw = read_outline_or_lines(text, str(path) if path is not None else None)
    if raw is None:
        raw = read_shapes(text, where=str(path or "TASKS.md"))
    used: set[str] = set()
    next_suffix: dict[str, int] = {}
    tasks = []
    for item in raw:
        base = item.id or _slug(item.title)
        task_id = base
        if task_id in used:  # made unique in linear time: each base remembers its next free suffix
            n = next_suffix.get(base, 2)
            while f"{base}-{n}" in used:
                n += 1
            next_suffix[base] = n + 1
            task_id = f"{base}-{n}"
        used.add(task_id)
        tasks.append(Task(task_id, item.title, item.group, item.status, item.line, item.parallel, item.story,
                          item.optional))
    return TaskList(Path(path) if path is not None else None, tuple(tasks), text)


# What every command says of a task file it reads no task from (`ralphy dev`, `tasks`, `agents gaps`): the two shapes a
# user writes by hand, in the message itself; docs/tasks.md, which lists every shape, is not in an installed package.
NO_TASKS = "no tasks found (write them as `- [ ] ...` items or `## Task N: ...` headings)"


# Where other tools keep their task list, in the order ralphy names one when the project has no TASKS.md: BMAD v6's
# sprint status (v6's output folder, then the older docs/sprint-artifacts), a ralph prd.json, Task Master's tasks.
OTHER_TASK_FILES = ("_bmad-output/implementation-artifacts/sprint-status.yaml", "docs/sprint-artifacts/sprint-status.yaml",
                    "sprint-status.yaml", "prd.json", ".taskmaster/tasks/tasks.json",
                    # the other tools' and people's names docs/tasks.md reads (newuser20: a TODO.md was not named)
                    "@fix_plan.md", ".ralph/fix_plan.md", "fix_plan.md", "IMPLEMENTATION_PLAN.md", ".planning/ROADMAP.md",
                    "PLANS.md", "feature_list.json", "tasks.md", "TODO.md", "todo.md", "TODO.org", "todo.txt", "TODO.txt")


def other_task_file(path: str | Path, root: str | Path | None) -> str | None:
    """For a task file ``path`` that is not there: the first of OTHER_TASK_FILES the project ``root`` holds (a regular
    file), named as the ``tasks_file`` line to set. Every command asks this one function (dev's error and every
    command's that reads through load_tasks, doctor's fix), so they cannot disagree (loose19). None when ``path`` is
    not a TASKS.md (the config chose that name) or there is no root: ralphy never picks the file by itself
    (docs/decisions.md, "BMAD sprint status")."""
    if root is None or Path(path).name != "TASKS.md":
        return None
    for name in OTHER_TASK_FILES:
        try:
            if stat.S_ISREG(os.stat(Path(root) / name).st_mode):
                return name
        except (OSError, ValueError):
            continue
    return None


def missing_tasks_hint(found: str | None) -> str:
    """What to do about a missing task file, ``found`` the other tool's file ``other_task_file`` gave."""
    return f'create it, or set tasks_file in .ralphy.toml: tasks_file = "{found}"' if found else \
        "create it, or set tasks_file in .ralphy.toml"


def load_tasks(path: str | Path, *, root: str | Path | None = None) -> TaskList:
    """Read and parse a tasks file; anything that is not a readable UTF-8 text file is a TasksFileError.

    The read never blocks and is bounded: a FIFO, a device, a directory or a file over MAX_TASKS_FILE_BYTES is
    refused by what ``fstat`` says before anything is read. With ``root`` (the project), a path that leads out
    of it (through a symlink, say) is refused too.
    """
    path = Path(path)
    if root is not None:
        real_root = os.path.realpath(root)
        real = os.path.realpath(path)
        if real != real_root and not real.startswith(real_root.rstrip(os.sep) + os.sep):
            raise TasksFileError(f"{path}: leads out of the project (to {real}); ralphy reads task files inside it only")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise TasksFileError(f"{path}: no tasks file ({missing_tasks_hint(other_task_file(path, root))})") from None
    except IsADirectoryError:
        raise TasksFileError(f"{path}: is a directory, not a tasks file") from None
    except OSError as exc:
        raise TasksFileError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise TasksFileError(f"{path}: is a directory, not a tasks file")
        if not stat.S_ISREG(info.st_mode):
            kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "not a regular file"
            raise TasksFileError(f"{path}: is {kind}, not a tasks file")
        if info.st_size > MAX_TASKS_FILE_BYTES:
            raise TasksFileError(f"{path}: {info.st_size / 1e6:.1f} MB is too large for a tasks file (ralphy reads up to {MAX_TASKS_FILE_BYTES // (1024 * 1024)} MB)")
        raw = read_limited(fd, MAX_TASKS_FILE_BYTES)  # bounded even if the file grows while we read
        if raw is None:
            raise TasksFileError(f"{path}: grew past {MAX_TASKS_FILE_BYTES // (1024 * 1024)} MB while being read")
    except OSError as exc:
        raise TasksFileError(f"{path}: cannot read: {exc.strerror}") from None
    finally:
        os.close(fd)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TasksFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    if "\x00" in text:
        raise TasksFileError(f"{path}: holds NUL bytes: not a text file")
    task_list = parse_tasks(text, path)
    suffix = path.suffix.lower()
    if "development_status" in task_list.text and _YAML_START.match(task_list.text):
        from ralphy.tasks_yaml import sprint_file_problem  # BMAD's sprint status: a status it does not know...

        problem = sprint_file_problem(task_list.text)
        if problem is not None:
            raise TasksFileError(f"{path}: {problem}")  # ...is an error, not a guess
    if not task_list.tasks and suffix in (".json", ".yaml", ".yml"):  # a prd.json, a tasks.yaml: say why it holds none
        if suffix == ".json":
            from ralphy.tasks_json import json_problem as problem_of
        else:
            from ralphy.tasks_yaml import yaml_problem as problem_of

        problem = problem_of(task_list.text)
        if problem is not None:
            raise TasksFileError(f"{path}: {problem}")
    return task_list


def newly_completed(before: TaskList, after: TaskList) -> list[Task]:
    """Tasks completed in ``after`` that were not completed in ``before`` (new completed tasks count too)."""
    was_done = {task.id for task in before.tasks if task.completed}
    return [task for task in after.tasks if task.completed and task.id not in was_done]


_LIST_AFTER_TASK = re.compile(
    r"\btasks?\s*(?:#\s*)?(_ID(?:\s*(?:,|&|/|\band\b|\bto\b|-|–)\s*(?:#\s*)?_ID)*)".replace("_ID", r"(?:[A-Za-z]{1,6}-?)?\d+(?:\.\d+)*[a-z]?"),
    re.IGNORECASE,
)
_RANGE_BETWEEN = re.compile(r"\s*(?:-|–|—|\bto\b|\bthrough\b|\.\.)\s*", re.IGNORECASE)
_TRAILING_NUMBER = re.compile(r"^(.*?)(\d+)$")


def _id_pattern(ids: list[str], hyphenated: bool) -> re.Pattern | None:
    """One regex finding any of ``ids`` as a whole token ("1.2" is not in "11.2" or "1.23"; a slug is not in a
    longer slug; "T010-T017" names both ends)."""
    if not ids:
        return None
    alternation = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    if hyphenated:
        return re.compile(rf"(?<![\w.\-])(?:{alternation})(?![\w]|[.\-]\w)", re.IGNORECASE)
    return re.compile(rf"(?<![\w.])(?:{alternation})(?![\w]|\.\w|-\d)", re.IGNORECASE)


def _expand_range(first: str, last: str, task_list: TaskList) -> list[str]:
    """The ids strictly between ``first`` and ``last`` that share their prefix: T001..T004 gives T002, T003."""
    a, b = _TRAILING_NUMBER.match(first), _TRAILING_NUMBER.match(last)
    if not a or not b or a.group(1).lower() != b.group(1).lower():
        return []
    low, high, prefix = int(a.group(2)), int(b.group(2)), a.group(1).lower()
    if high - low > 10_000:
        return []
    between = []
    for task in task_list.tasks:
        match = _TRAILING_NUMBER.match(task.id)
        if match and match.group(1).lower() == prefix and low < int(match.group(2)) < high:
            between.append(task.id)
    return between


def mentioned_task_ids(text: str, task_list: TaskList) -> list[str]:
    """The ids of ``task_list`` named in free text (a delegation's description or prompt), in file order.

    Every id form the file uses (``1.2``, ``T001``, ``TASK-12``, ``P1-01``, ``2.2a``, slugs) matches as a whole
    token anywhere, case-insensitively ("1.2" does not match "11.2" or "1.23"). Plain numbers match only after
    "task"/"tasks" ("Tasks 3, 4 and 5", "task #3"), so "3 files" names no task. A range names what lies between
    its ends: "tasks 3-5", "T010-T017", "1.1 to 1.4".
    """
    if not text:
        return []
    named: set[str] = set()
    ids = {task.id.lower(): task.id for task in task_list.tasks}
    tokens = [task.id for task in task_list.tasks if not task.id.isdigit()]
    found: list[tuple[int, int, str]] = []
    for hyphenated in (True, False):
        pattern = _id_pattern([i for i in tokens if ("-" in i) == hyphenated], hyphenated)
        if pattern is not None:
            found.extend((m.start(), m.end(), ids[m.group(0).lower()]) for m in pattern.finditer(text))
    found.sort()
    for index, (_, end, task_id) in enumerate(found):
        named.add(task_id)
        if index + 1 < len(found):
            start, _, following = found[index + 1]
            if _RANGE_BETWEEN.fullmatch(text, end, start):
                named.update(_expand_range(task_id, following, task_list))
    for match in _LIST_AFTER_TASK.finditer(text):
        tokens_in_list = re.findall(r"(?:[A-Za-z]{1,6}-?)?\d+(?:\.\d+)*[a-z]?|-|–|\bto\b", match.group(1), re.IGNORECASE)
        previous: str | None = None
        pending_range = False
        for token in tokens_in_list:
            if token in ("-", "–") or token.lower() == "to":
                pending_range = previous is not None
                continue
            if pending_range and previous and previous.isdigit() and token.isdigit():
                for n in range(int(previous) + 1, min(int(token), int(previous) + 10_000)):
                    if str(n) in ids:
                        named.add(ids[str(n)])
            elif pending_range and previous:  # "Tasks 12.4-12.6", "tasks T3 to T5": what lies between
                named.update(_expand_range(previous, token, task_list))
            pending_range = False
            if token.lower() in ids:
                named.add(ids[token.lower()])
            previous = token
    return [task.id for task in task_list.tasks if task.id in named]


PROMPT_TASKS_CHARS = 100_000  # about 25,000 tokens: a task file past this is shown in part in the dev prompt


def prompt_tasks_text(task_list: TaskList, limit: int = PROMPT_TASKS_CHARS) -> str:
    """The task file as the dev prompt shows it: whole when it is at most ``limit`` characters; else the part that
    starts at the first open task's group (a heading, or the line itself), as many whole lines as fit, and a line
    saying what was left out, so a file of 10^5 tasks (up to MAX_TASKS_FILE_BYTES) never makes a prompt the model
    cannot take. Claude reads the rest with its Read tool when these are done."""
    text = task_list.text.strip("\n")
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    open_tasks = [task for task in task_list.tasks if not task.completed]
    first = open_tasks[0] if open_tasks else None
    start = 0
    if first is not None:
        start = first.line - 1
        for number in range(first.line - 2, max(first.line - 200, 0) - 1, -1):  # its group's heading, if near
            if lines[number].startswith("#"):
                start = number
                break
    shown, size, end = [], 0, start
    while end < len(lines) and size + len(lines[end]) + 1 <= limit:
        shown.append(lines[end])
        size += len(lines[end]) + 1
        end += 1
    counts = task_list.counts()
    note = (f"[ralphy: the file is {len(text):,} characters, {counts['total']:,} tasks, "
            f"{counts['total'] - counts['completed']:,} not completed; only lines {start + 1}-{end} are shown. "
            "Work on these; read the rest of the file with the Read tool when they are done.]")
    return "\n".join(shown) + "\n" + note


def prompt_hints(task_list: TaskList | None) -> dict[str, str]:
    """What the dev prompt says about ids and ticks, in the task file's own language.

    ``task_ids_example``: a delegation description naming real ids of the file ("Tasks T003, T004: Setup");
    ``tick_rule``: how this file marks a task completed (``[X]`` where it writes ``[X]``, a status line where
    it has them), so Claude ticks the way the file (and the tool that wrote it) expects.
    """
    hints = {"task_ids_example": "Tasks 1.1, 1.2: User model",
             "tick_rule": "`- [ ]` becomes `- [x]`, or a task's status line becomes `completed`"}  # fmt: skip
    if task_list is None or not task_list.tasks:
        return hints
    groups = task_list.pending_groups() or task_list.groups()
    group, tasks = next(iter(groups.items()))
    ids = [task.id for task in tasks[:2]]
    hints["task_ids_example"] = f"{'Task' if len(ids) == 1 else 'Tasks'} {', '.join(ids)}: {group}"
    text = task_list.text
    from ralphy.tasks_org import is_org

    if is_org(text, str(task_list.path) if task_list.path is not None else None):
        from ralphy.tasks_org import tick_rule as org_tick_rule

        hints["tick_rule"] = org_tick_rule(text)
        return hints
    if task_list.tasks and _may_be_json(text):
        from ralphy.tasks_json import tick_rule  # a JSON task list: its own field says done

        rule = tick_rule(text)
        if rule is not None:
            hints["tick_rule"] = rule
            return hints
    elif task_list.tasks and _YAML_START.match(text):
        from ralphy.tasks_yaml import tick_rule as yaml_tick_rule  # a YAML task list, likewise

        rule = yaml_tick_rule(text)
        if rule is not None:
            hints["tick_rule"] = rule
            return hints
    from ralphy.tasks_todotxt import line_tick_rule

    rule = line_tick_rule(text, str(task_list.path) if task_list.path is not None else None)
    if rule is not None:  # a todo.txt, "TODO: ..." lines, a Logseq page: the line's own mark
        hints["tick_rule"] = rule
        return hints
    upper = len(re.findall(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[X\]", text, re.MULTILINE))
    lower = len(re.findall(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[x\]", text, re.MULTILINE))
    box = "[X]" if upper > lower else "[x]"
    rules = [f"`- [ ]` becomes `- {box}`"]
    marks = sorted(set(re.findall(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[([!?<>+/~])\]", text, re.MULTILINE)))
    if marks:  # a box of another open mark (blocked, picked up, ...) is ticked the same way
        rules[0] += " (so does a box's other mark: " + ", ".join(f"`[{mark}]`" for mark in marks) + ")"
    lines = text.split("\n")
    if any(lines[task.line - 1].lstrip("\ufeff \t").startswith("|") for task in task_list.tasks):
        from ralphy.tasks_table import done_cell  # a table with a status column (ralphy.tasks_table)

        rules = [f"a task's row gets `{done_cell(text)}` in its status column (the rest of the row unchanged)"]
    elif not upper and not lower and not re.search(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[[ ~/\-]\]", text, re.MULTILINE) \
            and any(not lines[task.line - 1].lstrip().startswith("#") for task in task_list.tasks):
        from ralphy.tasks_plain import closes_with_status, leads_with_status

        from ralphy.tasks_marks import leads_with_mark, on_todo_panel

        if any(on_todo_panel(lines[task.line - 1]) for task in task_list.tasks):
            rules = ["a todo line's `☐` becomes `☒`, the rest of its line unchanged"]  # Claude Code's panel, pasted
        elif any(leads_with_mark(lines[task.line - 1]) for task in task_list.tasks):
            rules = ["an item's leading mark (`⬜`, `🔄`) becomes `✅`, the rest of its line unchanged"]  # a memory bank
        elif any(leads_with_status(lines[task.line - 1]) for task in task_list.tasks):
            rules = ["an item's status after its id (`[TASK-12] - In Progress - ...`) becomes `Done`, the rest of its "
                     "line unchanged"]  # bracketed ids with the status after them (ralphy.tasks_plain)
        elif any(not task.completed and closes_with_status(lines[task.line - 1]) for task in task_list.tasks):
            rules = ["an item's closing status (`- [TASK-12] Title - In Progress`) becomes `Done`, the rest of its line "
                     "unchanged"]  # bracketed ids with a status suffix (ralphy.tasks_plain)
        else:
            rules = ["an item without a checkbox (`- 5.1 ...`, `**5.1** ...`) gets ` ✅` at the end of its line, in "
                     "place of a 🚧 or ⏳ mark"]  # a done-list without checkboxes (ralphy.tasks_plain)
    optional = re.search(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[ \](\\?)\*", text, re.MULTILINE)
    if optional:  # Kiro's optional item, its star escaped where Prettier wrote the file
        rules.append(f"`- [ ]{optional.group(1)}*` becomes `- {box}{optional.group(1)}*`")
    from ralphy.tasks_headings import in_progress_columns

    columns = in_progress_columns(lines)  # each heading's, at once: asked card by card, it was quadratic
    column = next((columns[task.line] for task in task_list.tasks if not task.completed and task.line in columns), None)
    if column is not None:  # a board: the card's column is its status, its own line says otherwise
        rules.append(f"a card under `{column}` with no `**Status**` line gets `**Status**: completed` below its heading")
    if any(_HEADING_BOX.match(lines[task.line - 1]) and "[x]" not in lines[task.line - 1][:16].lower()
           for task in task_list.tasks if not task.completed):
        rules.append("a heading's own box (`### 1. [ ] ...`) becomes `[x]`")
    if re.search(r"(?:\*\*|__)status:?(?:\*\*|__)", text, re.IGNORECASE):
        rules.append("a task's `**Status**` line becomes `completed`")
    elif any(lines[task.line - 1].startswith("#") and not _HEADING_BOX.match(lines[task.line - 1])
             and not _has_boxes_below(lines, task.line) for task in task_list.tasks):
        rules.append("a `### Task` heading without boxes under it gets a `**Status**: completed` line below it")
    hints["tick_rule"] = ", ".join(rules[:-1]) + (" and " if len(rules) > 1 else "") + rules[-1]
    return hints


_HEADING_BOX = re.compile(r"^ {0,3}#{1,6}[ \t]+(?:\d+(?:\.\d+)*[.)][ \t]+)?\[[ xX~/\-!?<>+]\][ \t]")


def _has_boxes_below(lines: list[str], line: int) -> bool:
    """Whether the section under the heading at ``line`` (1-based) holds checkboxes (a heading task's steps)."""
    for text in lines[line:]:
        if text.startswith("#"):
            return False
        if re.match(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[[ xX~/\-]\]", text):
            return True
    return False
