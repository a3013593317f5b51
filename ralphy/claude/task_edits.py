"""Who marked each task completed: the TASKS.md edits seen in the event stream, replayed.

A subagent's tool calls carry ``parent_tool_use_id`` (the Agent call that started it). Replaying the CLI's
``Edit`` / ``MultiEdit`` / ``Write`` calls on the tasks file, in order, on the text the iteration started with
shows which call turned each task completed, and so which delegation (or the main agent) did it. A call is
replayed when its ``tool_result`` comes back without ``is_error``, in the order the results arrive: an edit the
CLI rejected ("File has not been read yet", "File content has changed since it was last read") changed
nothing and credits nobody. A call with no id (no result can name it) is replayed at once. An edit
that no longer applies (the file was changed some other way, e.g. by a shell command) stops the replay:
from then on nothing is concluded, rather than something wrong.
"""

from __future__ import annotations

import os
from pathlib import Path

from ralphy.claude.events import Event, ToolResult, ToolUse
from ralphy.tasks import parse_tasks

EDIT_TOOLS = frozenset({"Edit", "MultiEdit", "Write"})
MAIN = None  # ``marked_by`` value for the main agent


class TasksFileEdits:
    """Feed it every event of a run; ``marked_by`` maps a task id to the ``parent_tool_use_id`` of the tool
    call that completed it (the delegation's Agent call id, or None for the main agent)."""

    def __init__(self, tasks_path: Path, project_dir: Path, text: str):
        self.tasks_path = os.path.realpath(tasks_path)
        self._name = str(tasks_path)  # parsed as load_tasks parses it: a TODO.org is org by its name
        self.project_dir = project_dir
        self.text: str | None = text
        self.initial = text
        self.marked_by: dict[str, str | None] = {}
        # task id -> the delegations (Agent call ids) whose edit ticking it the CLI rejected
        self.rejected_by: dict[str, set[str]] = {}
        self._waiting: dict[str, ToolUse] = {}  # calls on the tasks file, by id, until their result

    def feed(self, event: Event) -> None:
        if isinstance(event, ToolResult):
            call = self._waiting.pop(event.tool_use_id or "", None)
            if call is not None and not event.is_error:
                self._replay(call)
            elif call is not None and call.parent_tool_use_id:
                # what it would have ticked, on the file as it is (or, when the edit no longer fits it, as it
                # was when the iteration began: the main agent may have ticked the task first)
                now = self._ticked(self.text, self._apply(call)) if self.text is not None else []
                for task_id in now or self._ticked(self.initial, self._apply(call, self.initial)):
                    self.rejected_by.setdefault(task_id, set()).add(call.parent_tool_use_id)
            return
        if self.text is None or not isinstance(event, ToolUse) or event.name not in EDIT_TOOLS:
            return
        if not self._is_tasks_file(event.input.get("file_path")):
            return
        if event.id:
            self._waiting[event.id] = event
        else:
            self._replay(event)

    def _replay(self, event: ToolUse) -> None:
        if self.text is None:
            return
        new_text = self._apply(event)
        if new_text is None:
            self.text = None  # lost track of the file: conclude nothing more
            return
        for task_id in self._ticked(self.text, new_text):
            self.marked_by[task_id] = event.parent_tool_use_id
        self.text = new_text

    def _ticked(self, old: str, new: str | None) -> list[str]:
        """The task ids completed in ``new`` and not in ``old``."""
        if new is None:
            return []
        before = {task.id: task.completed for task in parse_tasks(old, self._name).tasks}
        return [task.id for task in parse_tasks(new, self._name).tasks
                if task.completed and not before.get(task.id, False)]

    def _is_tasks_file(self, file_path: object) -> bool:
        if not isinstance(file_path, str) or not file_path:
            return False
        path = file_path if os.path.isabs(file_path) else os.path.join(self.project_dir, file_path)
        return os.path.realpath(path) == self.tasks_path

    def _apply(self, event: ToolUse, text: str | None = None) -> str | None:
        """The tasks file's text after this call, or None when the call does not apply to what we know."""
        data = event.input
        if event.name == "Write":
            content = data.get("content")
            return content if isinstance(content, str) else None
        edits = data.get("edits") if event.name == "MultiEdit" else [data]
        if not isinstance(edits, list):
            return None
        text = self.text if text is None else text
        for edit in edits:
            old, new = (edit.get("old_string"), edit.get("new_string")) if isinstance(edit, dict) else (None, None)
            if not isinstance(old, str) or not isinstance(new, str) or not old or old not in text:
                return None
            text = text.replace(old, new) if edit.get("replace_all") else text.replace(old, new, 1)
        return text
