"""Task lists kept as JSON (docs/tasks.md, "JSON task lists"): a ralph ``prd.json`` (``userStories`` with
``passes``), a Task Master ``tasks.json`` (``tasks``, or tags each holding ``tasks``, with ``subtasks``), and a plain
list of task objects (``feature_list.json``: ``description`` and ``passes``).

``read_json(text)`` returns the tasks in file order, or None when the text is not JSON or holds no list of task
objects (then the Markdown readers run, and find nothing). A task object is a JSON object with a title (``title``,
``name``, ``description``, or ``content`` as Claude Code's todo list writes it) and a status (``status``, or a boolean
``passes`` / ``done`` / ``completed``). Its id is its ``id`` (a subtask's is ``parent.sub``, as Task Master names them); a task with subtasks is their group, as a
Kiro parent is. Its line is the line of its object's first key (its ``"id"`` in the usual layout), found by a small
positional scan of the text (linear).
"""

from __future__ import annotations

import bisect
import json
import math
import re
from json.decoder import scanstring

from ralphy.tasks_shapes import DEFAULT_GROUP, RawTask
from ralphy.tasks_status import COMPLETED, DROPPED, PENDING, status_of

_LIST_KEYS = ("tasks", "userStories", "stories", "features", "items", "todos")
_TITLE_KEYS = ("title", "name", "description", "content")  # content: Claude Code's own todo list (TodoWrite)
_BOOLEAN_KEYS = ("passes", "done", "completed", "complete")
_GROUP_KEYS = ("category", "phase", "epic", "group")
_WS = " \t\n\r"


def read_json(text: str) -> list[RawTask] | None:
    """The tasks of a JSON task list, in file order; None when ``text`` is not one."""
    start = len(text) - len(text.lstrip(_WS + "\ufeff"))
    if start >= len(text) or text[start] not in "{[":
        return None
    starts: dict[int, int] = {}  # id(object) -> offset of its "{"
    try:
        data, end = _value(text, start, starts)
    except (ValueError, IndexError, RecursionError):
        return None
    if text[end:].strip(_WS):
        return None
    lists = _task_lists(data)
    if not lists:
        return None
    newlines = _newlines(text)
    tasks: list[RawTask] = []
    for name, items in lists:
        for item in items:
            _read_item(item, None, name, tasks, starts, newlines)
    return [task for task in tasks if task.status != DROPPED]


def json_problem(text: str) -> str | None:
    """What keeps ``text`` (a file named ``*.json`` in which no task was found) from being a JSON task list, in
    words: a parse error with its line and column, or valid JSON holding no list of task objects. None when there
    is nothing to say: an empty file, or an empty list of tasks (``{"userStories": []}``)."""
    if not text.strip(_WS + "\ufeff"):
        return None
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        return f"not valid JSON: line {exc.lineno}, column {exc.colno}: {exc.msg[:1].lower()}{exc.msg[1:]}"
    except RecursionError:
        return "not read: its JSON is nested too deep"
    if _task_lists(data) or _empty_list(data):
        return None
    if isinstance(data, dict):
        keys = [json.dumps(key)[:40] for key in list(data)[:5]]
        found = f"an object with keys {', '.join(keys)}{', ...' if len(data) > 5 else ''}" if data else "an empty object"
    else:
        found = "a list of no task objects" if isinstance(data, list) else f"a lone {type(data).__name__} value"
    return (f"valid JSON, but it holds no list of task objects ({found}; ralphy reads a list of objects with a "
            '"title" and a "status" or "passes", at the top or under "tasks" or "userStories")')


def _empty_list(data) -> bool:
    """Whether ``data`` is an empty task list: ``[]``, a known key's ``[]``, a tag's ``{"tasks": []}``."""
    if data == []:
        return True
    if not isinstance(data, dict):
        return False
    return any(data.get(key) == [] for key in _LIST_KEYS) or any(
        isinstance(value, dict) and value.get("tasks") == [] for value in data.values())


def tick_rule(text: str) -> str | None:
    """How the dev prompt says to mark a task of this JSON list done (its own field); None when it is no such list."""
    if read_json(text) is None:
        return None
    if '"passes"' in text:
        return "a task's `\"passes\": false` becomes `\"passes\": true` (the rest of the file unchanged, still valid JSON)"
    if '"status"' in text:  # the file's own done word: Task Master's "done"; "completed" where the file uses it
        # (Claude Code's todo list, whose TodoWrite tool knows no "done")
        completed = re.search(r'"status"\s*:\s*"completed"', text) is not None
        done = '"done"' if not completed and ('"done"' in text or '"pending"' in text) else '"completed"'
        return f"a task's `\"status\"` becomes `{done}` (the rest of the file unchanged, still valid JSON)"
    flag = re.search(r'"(done|completed)"\s*:\s*(?:false|true)\b', text)
    key = flag.group(1) if flag else "done"
    return f"a task's `\"{key}\": false` becomes `\"{key}\": true` (the rest of the file unchanged, still valid JSON)"


def _newlines(text: str) -> list[int]:
    found, at = [], text.find("\n")
    while at != -1:
        found.append(at)
        at = text.find("\n", at + 1)
    return found


def _task_lists(data) -> list[tuple[str, list]]:
    """The lists of task objects: the top-level list, a known key's list, or each tag's (Task Master's
    ``{"master": {"tasks": [...]}}``)."""
    if isinstance(data, list):
        return [(DEFAULT_GROUP, data)] if _holds_tasks(data) else []
    if not isinstance(data, dict):
        return []
    for key in _LIST_KEYS:
        if isinstance(data.get(key), list) and _holds_tasks(data[key]):
            return [(DEFAULT_GROUP, data[key])]
    tagged = []
    for tag, value in data.items():
        if isinstance(value, dict) and isinstance(value.get("tasks"), list) and _holds_tasks(value["tasks"]):
            tagged.append((tag, value["tasks"]))
    return tagged


def _holds_tasks(items: list) -> bool:
    return bool(items) and all(isinstance(item, dict) for item in items) and any(
        _title(item) is not None for item in items)


def _title(item: dict) -> str | None:
    for key in _TITLE_KEYS:
        value = item.get(key)
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())
    return None


def _status(item: dict) -> str:
    value = item.get("status")
    if isinstance(value, str):
        return status_of(value) or PENDING
    for key in _BOOLEAN_KEYS:
        if isinstance(item.get(key), bool):
            return COMPLETED if item[key] else PENDING
    return PENDING


def _read_item(item: dict, parent: tuple[str, str] | None, tag: str, tasks: list[RawTask], starts: dict[int, int],
               newlines: list[int]) -> None:
    title = _title(item)
    if title is None:
        return
    raw_id = item.get("id")
    if isinstance(raw_id, float) and math.isfinite(raw_id):
        raw_id = repr(raw_id)  # a subtask numbered 31.1 as a number (Task Master files edited by hand): its id is 31.1
    task_id = str(raw_id) if isinstance(raw_id, (str, int)) and not isinstance(raw_id, bool) and str(raw_id).strip() \
        else None
    if parent is not None and task_id is not None and task_id.isdigit() and parent[0]:
        task_id = f"{parent[0]}.{task_id}"  # Task Master names subtask 2 of task 1 "1.2"
    line = bisect.bisect_left(newlines, starts.get(id(item), 0)) + 1
    subtasks = [sub for sub in item.get("subtasks") or [] if isinstance(sub, dict) and _title(sub) is not None] \
        if isinstance(item.get("subtasks"), list) else []
    if subtasks:
        for sub in subtasks:
            _read_item(sub, (task_id or "", title), tag, tasks, starts, newlines)
        return
    if parent is not None:
        group = parent[1]
    else:
        named = next((item[key] for key in _GROUP_KEYS if isinstance(item.get(key), str) and item[key].strip()), None)
        group = named.strip() if named else tag
    tasks.append(RawTask(line, title, _status(item), task_id, group, source=title))


def _value(text: str, i: int, starts: dict[int, int], depth: int = 0):
    """(value, end) of the JSON value at ``i`` (whitespace before it skipped); where each object's first key is
    goes to ``starts``."""
    while text[i] in _WS:
        i += 1
    ch = text[i]
    if depth > 200:
        raise ValueError("nested too deep")
    if ch == "{":
        obj: dict = {}
        i += 1
        while text[i] in _WS:
            i += 1
        starts[id(obj)] = i  # its first key: the "id" line in the usual layout, the object's line when on one
        if text[i] == "}":
            return obj, i + 1
        while True:
            while text[i] in _WS:
                i += 1
            if text[i] != '"':
                raise ValueError("key expected")
            key, i = _string(text, i + 1)
            while text[i] in _WS:
                i += 1
            if text[i] != ":":
                raise ValueError("colon expected")
            obj[key], i = _value(text, i + 1, starts, depth + 1)
            while text[i] in _WS:
                i += 1
            if text[i] == "}":
                return obj, i + 1
            if text[i] != ",":
                raise ValueError("comma expected")
            i += 1
    if ch == "[":
        items: list = []
        i += 1
        while text[i] in _WS:
            i += 1
        if text[i] == "]":
            return items, i + 1
        while True:
            value, i = _value(text, i, starts, depth + 1)
            items.append(value)
            while text[i] in _WS:
                i += 1
            if text[i] == "]":
                return items, i + 1
            if text[i] != ",":
                raise ValueError("comma expected")
            i += 1
    if ch == '"':
        return _string(text, i + 1)
    return _DECODER.raw_decode(text, i)


def _string(text: str, i: int) -> tuple[str, int]:
    """The JSON string whose body starts at ``i``, and its end; a lone surrogate escape (``"\\ud800"``) becomes
    U+FFFD, as it cannot be printed or stored as UTF-8."""
    value, end = scanstring(text, i)
    if "\\u" in text[i:end]:
        value = value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return value, end


_DECODER = json.JSONDecoder()
