"""Task lists kept as YAML (docs/tasks.md, "YAML task lists"): autospec's ``tasks.yaml`` (spec-kit's workflow
written as YAML: ``phases`` each holding ``tasks`` with ``id``, ``title``, ``status: "Pending"``, ``parallel``,
``story_id``), and the shapes the JSON reader knows written as YAML (a top-level list of task objects, ``tasks:`` /
``userStories:`` lists, Task Master's tags, ``subtasks``).

``read_yaml(text)`` returns the tasks in file order, or None when the text is not YAML or holds no list of task
objects (then the Markdown readers run). It is asked only where the text looks like YAML and not like Markdown
(``may_be_yaml``), so Markdown never pays for it. The YAML is composed, not constructed: nodes keep their lines
(a task's line is the line of its first key) and aliases are never expanded, so an alias bomb costs nothing; the
walk visits each node once (a phase, task or list reached again through an alias is not walked again,
else 20,000 aliases of a 20,000-task list were minutes of CPU). A task object is read as ``ralphy.tasks_json``
reads one (title, status, id, subtasks); autospec's ``InProgress`` is in progress, and a phase's ``number`` and
``title`` name its tasks' group (``Phase 3: User Story 1``).
"""

from __future__ import annotations

import re

from ralphy.tasks_json import _BOOLEAN_KEYS, _GROUP_KEYS, _LIST_KEYS, _TITLE_KEYS  # the keys a task object has in JSON too
from ralphy.tasks_shapes import DEFAULT_GROUP, RawTask
from ralphy.tasks_status import COMPLETED, DROPPED, PENDING, status_of

_PHASE_KEYS = ("phases", "stages", "milestones", "epics", "sprints")
_MAX_DEPTH = 16  # subtasks of subtasks...: deeper than any task list goes
# A YAML task list starts with a key or a list item, not with Markdown: "tasks:", "_meta:", "- id: T001" (after
# comments and a "---"), and somewhere holds a task's status or title key.
_YAML_START = re.compile(r"\A\ufeff?(?:[ \t]*(?:#[^\n]*)?\r?\n)*(?:---[ \t]*\r?\n)?(?:[A-Za-z_][\w\-]*:(?:[ \t]|\r?$)"
                         r"|- [A-Za-z_][\w\-]*:(?:[ \t]|\r?$))", re.MULTILINE)
_TASK_KEY = re.compile(r"^[ \t\-]*(?:status|passes|done|title|name|development_status|epics):", re.MULTILINE)
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
# libyaml composes nested nodes by recursion in C: a hostile file nesting 10^5 levels ("[[[[...", "- - - - ...")
# overflows its stack and kills the process, which no exception catches. Nothing deeper than these limits is
# composed (the text is read as Markdown instead); task lists nest a few levels.
MAX_FLOW_DEPTH = 64
_DEEP_BLOCK = re.compile(r"(?:[-?][ \t]+){32}")
MAX_INDENT = 2048
_INDENT = re.compile(r"^[ \t]{%d}" % MAX_INDENT, re.MULTILINE)
_BRACKETS = re.compile(r"[\[\]{}]")


def may_be_yaml(text: str) -> bool:
    """Whether ``text`` starts as a YAML task list does (a key or a ``- key:`` item first, a task key somewhere)."""
    return _YAML_START.match(text) is not None and _TASK_KEY.search(text) is not None


def read_yaml(text: str) -> list[RawTask] | None:
    """The tasks of a YAML task list, in file order; None when ``text`` is not one (or does not look like one:
    ``may_be_yaml``)."""
    if not may_be_yaml(text):
        return None
    try:
        import yaml  # only for a file that looks like YAML: Markdown never imports it
    except ImportError:  # pragma: no cover - PyYAML is a dependency
        return None
    if _too_deep(text):
        return None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        root = yaml.compose(text.lstrip("\ufeff"), Loader=loader)
    except (yaml.YAMLError, RecursionError, ValueError):
        root = _front_matter(text, yaml, loader)  # Markdown with front matter: a task list there (a Cursor plan)?
        if root is None:
            return None  # not YAML, or front matter without a task list: read as Markdown
        seen: set[int] = set()
        tasks: list[RawTask] = []
        for group, items in _task_lists(root, seen, front_matter=True):
            for item in items:
                _read_item(item, None, group, tasks, seen, 0)
        tasks.sort(key=lambda task: task.line)
        return [task for task in tasks if task.status != DROPPED] or None
    if root is None:
        return None
    from ralphy.tasks_sprint import is_epic_map, is_sprint_status, read_epic_map, read_sprint

    if is_sprint_status(root):  # BMAD's sprint-status.yaml: its stories, however few
        return read_sprint(root, text)
    if is_epic_map(root):  # a sprint file kept by hand: epics holding stories
        return read_epic_map(root, text) or None
    seen: set[int] = set()  # ids of the nodes walked: each task and task list once
    tasks: list[RawTask] = []
    for group, items in _task_lists(root, seen):
        for item in items:
            _read_item(item, None, group, tasks, seen, 0)
    if not tasks:
        return None
    tasks.sort(key=lambda task: task.line)
    return [task for task in tasks if task.status != DROPPED]


_FRONT_MATTER_END = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)


def _front_matter(text: str, yaml, loader):
    """The composed front matter of a Markdown file that opens with one (``---`` lines around YAML, as Cursor's
    ``.cursor/plans/*.plan.md`` keep their ``todos``); None when there is none or it is not a map."""
    start = re.match(r"\ufeff?---[ \t]*\r?\n", text)
    end = _FRONT_MATTER_END.search(text, start.end()) if start else None
    if end is None:
        return None
    try:
        root = yaml.compose(text[:end.start()].lstrip("\ufeff"), Loader=loader)
    except (yaml.YAMLError, RecursionError, ValueError):
        return None
    return root if root is not None and _is_map(root) else None


def yaml_problem(text: str) -> str | None:
    """What keeps ``text`` (a file named ``*.yaml`` or ``*.yml`` in which no task was found) from being a YAML task
    list, in words, as ``ralphy.tasks_json.json_problem`` says it of JSON: a parse error with its line and column, or
    YAML holding no list of task objects. None when there is nothing to say: an empty file, or an empty list of
    tasks (``tasks: []``)."""
    if not text.strip(" \t\r\n\ufeff"):
        return None
    if _too_deep(text):
        return "not read: its YAML is nested too deep"
    import yaml

    try:
        root = yaml.compose(text.lstrip("\ufeff"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        return f"not valid YAML: {where}{', '.join(filter(None, (exc.context, exc.problem))) or 'unreadable'}"
    except (yaml.YAMLError, RecursionError, ValueError):
        return "not valid YAML"
    from ralphy.tasks_sprint import is_sprint_status, sprint_problem

    if _is_map(root) and is_sprint_status(root):
        return sprint_problem(root)
    if root is None or _task_lists(root, set()) or _empty_list(root):
        return None
    if _is_map(root):
        keys = [(_scalar(key) or "?")[:40] for key, _ in root.value[:5]]
        found = f"a mapping with keys {', '.join(keys)}{', ...' if len(root.value) > 5 else ''}"
    else:
        found = "a list of no task objects" if _is_seq(root) else "a lone value"
    return (f"valid YAML, but it holds no list of task objects ({found}; ralphy reads a list of mappings with a "
            '"title" and a "status" or "passes", at the top, under "tasks" or under "phases")')


def sprint_file_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a BMAD sprint status (``ralphy.tasks_sprint.sprint_problem``); None when it
    is none (not YAML, or YAML without ``development_status``) or nothing is wrong."""
    if not may_be_yaml(text) or _too_deep(text):
        return None
    import yaml

    from ralphy.tasks_sprint import is_sprint_status, sprint_problem

    try:
        root = yaml.compose(text.lstrip("\ufeff"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, RecursionError, ValueError):
        return None
    return sprint_problem(root) if _is_map(root) and is_sprint_status(root) else None


def _empty_list(root) -> bool:
    """Whether ``root`` is an empty task list: ``[]``, a known key's ``[]``, phases each with ``tasks: []``, a tag's
    ``tasks: []``."""
    if _is_seq(root):
        return not root.value
    return _is_map(root) and any(
        (_scalar(key) in _LIST_KEYS and _is_seq(value) and not value.value)
        or (_scalar(key) in _PHASE_KEYS and _is_seq(value) and all(_no_tasks(phase) for phase in value.value))
        or _no_tasks(value)
        for key, value in root.value)


def _no_tasks(node) -> bool:
    """Whether ``node`` is a mapping whose ``tasks`` is ``[]`` (no recursion: aliases may make the nodes a cycle)."""
    tasks = _get(node, "tasks") if _is_map(node) else None
    return _is_seq(tasks) and not tasks.value


def _too_deep(text: str) -> bool:
    """Whether ``text`` nests deeper than a task list would (flow brackets, compact ``- - -`` or ``? ?`` items, or
    an indentation of thousands of columns): one linear pass, brackets in quoted strings counted too (so a
    borderline file is read as Markdown, never composed too deep)."""
    if _DEEP_BLOCK.search(text) or _INDENT.search(text):
        return True
    depth = 0
    for bracket in _BRACKETS.finditer(text):
        if bracket.group() in "[{":
            depth += 1
            if depth > MAX_FLOW_DEPTH:
                return True
        elif depth:
            depth -= 1
    return False


def tick_rule(text: str) -> str | None:
    """How the dev prompt says to mark a task of this YAML list done (its own field); None when it is no such list."""
    tasks = read_yaml(text)
    if tasks is None:
        return None
    if re.search(r"^development_status:", text, re.MULTILINE):
        from ralphy.tasks_sprint import tick_rule as sprint_tick_rule

        return sprint_tick_rule()
    if re.search(r"^epics:", text, re.MULTILINE):
        import yaml

        from ralphy.tasks_sprint import epic_map_tick_rule, is_epic_map

        root = yaml.compose(text.lstrip("\ufeff"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        if is_epic_map(root):
            return epic_map_tick_rule(text)
    flag = re.search(r"^[ \t\-]*(passes|done|completed):[ \t]*(?:false|true)\b", text, re.MULTILINE)
    if flag is not None:  # a boolean says done: ralph's passes, ralph-gold's completed
        key = flag.group(1)
        return f"a task's `{key}: false` becomes `{key}: true` (the rest of the file unchanged, still valid YAML)"
    done = re.search(r"^[ \t\-]*status:[ \t]*([\"']?)(completed|done|complete)\1[ \t]*\r?$", text,
                     re.MULTILINE | re.IGNORECASE)
    if done is not None:
        word = done.group(1) + done.group(2) + done.group(1)
    else:
        word = '"Completed"' if re.search(r"^[ \t\-]*status:[ \t]*[\"']?[A-Z]", text, re.MULTILINE) else "done"
    return f"a task's `status:` becomes `{word}` (the rest of the file unchanged, still valid YAML)"


def _scalar(node) -> str | None:
    from yaml.nodes import ScalarNode

    return node.value if isinstance(node, ScalarNode) else None


def _get(node, key: str):
    for key_node, value in node.value:
        if _scalar(key_node) == key:
            return value
    return None


def _is_map(node) -> bool:
    from yaml.nodes import MappingNode

    return isinstance(node, MappingNode)


def _is_seq(node) -> bool:
    from yaml.nodes import SequenceNode

    return isinstance(node, SequenceNode)


def _task_items(node, seen: set[int]) -> list | None:
    """The mappings of a sequence node when it is a list of task objects (each one once), else None; [] when that
    list was walked already (reached again through an alias)."""
    if id(node) in seen:
        return []
    if not _is_seq(node) or not node.value or not all(_is_map(item) for item in node.value):
        return None
    items = list({id(item): item for item in node.value}.values())
    if not any(_title(item) is not None for item in items):
        return None
    seen.add(id(node))
    return items


def _task_lists(root, seen: set[int], front_matter: bool = False) -> list[tuple[str, list]]:
    """(group, task mappings) for each list of task objects: a top-level list, a known key's list, each phase's
    ``tasks`` (autospec), or each tag's ``tasks`` (Task Master). In a Markdown file's front matter, only a
    ``todos`` or ``tasks`` list of objects with a status (a Cursor plan's): its other keys are the page's."""
    if front_matter:
        for key in ("todos", "tasks"):
            items = _task_items(_get(root, key), seen)
            if items and all(_get(item, "status") is not None for item in items):
                return [(DEFAULT_GROUP, items)]
        return []
    if _is_seq(root):
        items = _task_items(root, seen)
        return [(DEFAULT_GROUP, items)] if items else []
    if not _is_map(root):
        return []
    for key in _PHASE_KEYS:
        phases = _get(root, key)
        if _is_seq(phases):
            found = []
            for phase in {id(phase): phase for phase in phases.value}.values():  # a phase aliased again: once
                items = _task_items(_get(phase, "tasks"), seen) if _is_map(phase) else None
                if items:
                    found.append((_phase_name(phase), items))
            if found:
                return found
    for key in _LIST_KEYS:
        items = _task_items(_get(root, key), seen)
        if items:
            return [(DEFAULT_GROUP, items)]
    tagged = []
    for key_node, value in root.value:
        items = _task_items(_get(value, "tasks"), seen) if _is_map(value) else None
        if items:
            tagged.append((_scalar(key_node) or DEFAULT_GROUP, items))
    return tagged


def _phase_name(phase) -> str:
    title = _title(phase)
    number = _scalar(_get(phase, "number"))
    if number and title:
        return f"Phase {number}: {title}"
    return title or (f"Phase {number}" if number else DEFAULT_GROUP)


def _title(item) -> str | None:
    for key in _TITLE_KEYS:
        value = _scalar(_get(item, key))
        if value and value.strip():
            return " ".join(value.split())
    return None


def _status(item) -> str:
    text = _scalar(_get(item, "status"))
    if text:
        return status_of(_CAMEL.sub(" ", text.strip())) or PENDING  # autospec's "InProgress" is "In Progress"
    for key in _BOOLEAN_KEYS:
        flag = _get(item, key)
        if flag is not None and flag.tag == "tag:yaml.org,2002:bool":
            return COMPLETED if _scalar(flag).lower() in ("true", "yes", "on") else PENDING
    return PENDING


def _read_item(item, parent: tuple[str, str] | None, group: str, tasks: list[RawTask], seen: set[int],
               depth: int) -> None:
    if id(item) in seen or depth > _MAX_DEPTH:
        return  # an alias of a task read already, or a nesting no task list has
    seen.add(id(item))
    title = _title(item)
    if title is None:
        return
    raw_id = _scalar(_get(item, "id"))
    task_id = raw_id.strip() if raw_id and raw_id.strip() and raw_id.strip() not in ("null", "~") else None
    if parent is not None and task_id is not None and task_id.isdigit() and parent[0]:
        task_id = f"{parent[0]}.{task_id}"  # Task Master names subtask 2 of task 1 "1.2"
    subtasks = _task_items(_get(item, "subtasks"), seen)
    if subtasks is not None:
        for sub in subtasks:
            _read_item(sub, (task_id or "", title), title, tasks, seen, depth + 1)
        return
    line = (item.value[0][0].start_mark.line if item.value else item.start_mark.line) + 1
    parallel = _get(item, "parallel")
    story = _get(item, "story_id") or _get(item, "story")
    story_text = _scalar(story) if story is not None and story.tag != "tag:yaml.org,2002:null" else None
    if group == DEFAULT_GROUP and parent is None:  # a list of its own: the item's category names its group
        named = next((value for key in _GROUP_KEYS if (value := _scalar(_get(item, key))) and value.strip()), None)
        group = " ".join(named.split()) if named else group
    tasks.append(RawTask(line, title, _status(item), task_id, group,
                         parallel is not None and (_scalar(parallel) or "").lower() == "true",
                         story_text or None, source=title))
