"""`DevScenario`: a scripted model that works through a ralphy project's TASKS.md like a competent one.

It is stateless: every answer is derived from the request (the dev prompt in the first user message,
the tool calls and results already in the conversation), so one instance serves many ``claude -p``
runs, processes and subagents. The conversation is replayed against the plan with a cursor: each
tool call already made is one step done; the next step is the answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ralphy.tasks import _YAML_START, _may_be_json, parse_tasks
from ralphy.tasks_org import is_org
from ralphy.tasks_lines import content_lines
from ralphy.testing.scenario import Reply, Request, text, tool_use

DELEGATION_HEADER = "Complete these tasks from TASKS.md"
CHECK_FAILED = "ralphy ran the project's check"  # how ralphy.verify.failure_instruction begins
_STATUS_RE = re.compile(r"^ {0,3}(?:[-*]\s+)?\*\*Status:?\*\*:?\s*(?P<status>\S+)", re.IGNORECASE)
_HEADING_RE = re.compile(r"^#{1,4}\s+(?P<title>.+?)\s*$")
_AGENT_LINE_RE = re.compile(r"^\s*[-*]\s+\*\*(?P<name>[^*]+)\*\*\s*:")
_DELEGATED_TASK_RE = re.compile(r"^- (?P<id>\S+): (?P<title>.+)$", re.MULTILINE)
_HEADING_BOX_RE = re.compile(r"^#{1,6}[ \t]+(?:\d+(?:\.\d+)*[.)][ \t]+)?\[(?P<mark>[ ~/\-!?<>+])\][ \t]")
_BOX_RE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\[(?P<mark>[ xX~/\-!?<>+])\]")  # the open marks ralphy reads too
_READ_LINE_RE = re.compile(r"^\s*\d+(?:\t|\u2192)(.*)$")
# how the CLI answers a Read of a file it says is unchanged since the conversation last read it (2.1.197 to 2.1.330
# have all three; 2.1.330's own check: `e.startsWith(h)||e.startsWith(c)||e.startsWith(p)`)
_UNCHANGED_NOTES = ("File unchanged since last read.", "Wasted call \u2014 file unchanged since your last Read.",
                    "<system-reminder>This file is already in your context")


@dataclass(frozen=True)
class PromptTask:
    """One task as the dev prompt shows it."""

    id: str
    title: str
    group: str
    done: bool


def tasks_block(prompt: str) -> str:
    """The task file's text as the dev prompt quotes it (between ``<tasks>`` and ``</tasks>``), else the prompt."""
    start, end = prompt.find("<tasks>\n"), prompt.rfind("\n</tasks>")
    return prompt[start + len("<tasks>\n"):end] if start != -1 and end > start else prompt


def parse_prompt_tasks(prompt: str, tasks_file: str | None = None) -> list[PromptTask]:
    """The tasks in a dev prompt, read the way ralphy reads task files (every shape of docs/tasks.md); ``tasks_file``
    is the file's name, which the prompt says (a ``TODO.org`` of bare headings is org by its name only)."""
    return [PromptTask(t.id, t.title, t.group, t.completed) for t in parse_tasks(tasks_block(prompt), tasks_file).tasks]


def listed_agents(prompt: str) -> list[str]:
    """The agent names in the prompt's "## Agent Orchestration" section (``- **name**: description``)."""
    names: list[str] = []
    inside = False
    for line in prompt.splitlines():
        if line.startswith("#"):
            inside = line.lstrip("#").strip().lower().startswith("agent orchestration")
        elif inside and (match := _AGENT_LINE_RE.match(line)):
            names.append(match["name"].strip())
    return names


def pending_groups(tasks: list[PromptTask]) -> list[tuple[str, list[PromptTask]]]:
    """(group, its pending tasks) for each group with pending tasks, in prompt order."""
    groups: dict[str, list[PromptTask]] = {}
    for task in tasks:
        if not task.done:
            groups.setdefault(task.group, []).append(task)
    return list(groups.items())


def task_file(task: PromptTask | tuple[str, str]) -> str:
    """The file a task creates, relative to the project: ``src/t<id>_<title words>.py``."""
    task_id, title = (task.id, task.title) if isinstance(task, PromptTask) else task
    words = re.findall(r"[a-z0-9]+", title.lower())[:6]
    return "src/t" + "_".join([re.sub(r"\W", "_", task_id.lower())] + words) + ".py"


def task_ids_label(ids: list[str], group: str) -> str:
    """``Task 1.1: Models`` / ``Tasks 1.1, 1.2: Models``: the delegation description."""
    return f"{'Task' if len(ids) == 1 else 'Tasks'} {', '.join(ids)}: {group}"


def read_tool_content(result: str) -> str:
    """The file text inside a Read tool result (line-number prefixes removed)."""
    lines = [m.group(1) for line in result.splitlines() if (m := _READ_LINE_RE.match(line))]
    return "\n".join(lines)


def completion_edit(content: str, task_id: str, path: str | None = None) -> tuple[str, str] | None:
    """(old_string, new_string) marking ``task_id`` completed in the task file's ``content`` the file's own way
    (``[x]``, or ``[X]`` where the file ticks so; a heading task's status line, or its steps); None if not found.
    The old string is unique in the file, as the Edit tool requires: a line written twice (two org headings
    ``** Test simplify``) takes the lines after it along until it is (at the file's end, those before it). ``path``
    is the file's name, which makes a ``TODO.org`` org as ralphy reads it."""
    edit = _completion_edit(content, task_id, path)
    if edit is None or content.count(edit[0]) < 2:
        return edit
    old, new = edit
    line = parse_tasks(content, path).by_id(task_id).line  # the occurrence that holds the task's line, or the next one
    at = content.find(old, sum(len(text) + 1 for text in content.split("\n")[:line - 1]))
    while at != -1 and content.count(old) > 1:
        end = content.find("\n", at + len(old) + 1)
        more = content[at + len(old):end if end != -1 else len(content)]
        if not more:
            break
        old, new = old + more, new + more
    while at > 0 and content.count(old) > 1:  # at the file's end: the lines before it
        start = content.rfind("\n", 0, at - 1) + 1
        old, new, at = content[start:at] + old, content[start:at] + new, start
    return old, new


def _completion_edit(content: str, task_id: str, path: str | None) -> tuple[str, str] | None:
    task_list = parse_tasks(content, path)
    task = task_list.by_id(task_id)
    if task is None:
        return None
    lines = content.split("\n")
    line = lines[task.line - 1]
    rule = _data_tick_rule(content)
    if rule is not None:  # a JSON or YAML task list: the task's own field
        return _field_edit(content, task_list, task, rule)
    org = re.match(r"^(\*+[ \t]+)(?:([A-Z][A-Z\-]*)[ \t]+)?", line)
    if org and is_org(content, path):  # an org heading: its keyword becomes DONE (or DONE is put after the stars)
        from ralphy.tasks_org import _keywords

        keyword = org.group(2) if org.group(2) in _keywords(content) else None
        start = org.start(2) if keyword else org.end(1)
        return line, line[:start] + "DONE" + (line[org.end(2):] if keyword else " " + line[start:])
    from ralphy.tasks_logseq import is_logseq, ticked as logseq_ticked
    from ralphy.tasks_todotxt import kind as todo_kind, ticked as todo_ticked

    plain = todo_kind(content, path)
    if plain is not None:  # a todo.txt line gets "x ", a "TODO:" line becomes "DONE:"
        done = todo_ticked(line, plain)
        return (line, done) if done is not None else None
    if is_logseq(content):  # a Logseq block: its marker becomes DONE
        done = logseq_ticked(line)
        return (line, done) if done is not None else None
    upper = len(re.findall(r"^\s*[-*+] \[X\]", content, re.MULTILINE))
    tick = "X" if upper > len(re.findall(r"^\s*[-*+] \[x\]", content, re.MULTILINE)) else "x"

    def ticked(text: str) -> str:
        box = _BOX_RE.match(text)
        return text[:box.start("mark")] + tick + text[box.end("mark"):] if box else text

    if line.lstrip("\ufeff \t").startswith("|"):  # a row of a task table: its status cell says done
        from ralphy.tasks_table import ticked_row

        row = ticked_row(content, task.line)
        return (line, row) if row is not None else None
    if _BOX_RE.match(line):
        return line, ticked(line)
    heading_box = _HEADING_BOX_RE.match(line)
    if heading_box:  # a heading's own box ("## [ ] 4. Tag", "### 1. [ ] Initial setup"): ticked in place
        return line, line[:heading_box.start("mark")] + tick + line[heading_box.end("mark"):]
    if not _HEADING_RE.match(line):  # an item of a done-list without checkboxes: ✅ ends its line
        from ralphy.tasks_plain import with_done_suffix

        from ralphy.tasks_marks import with_done_mark
        from ralphy.tasks_plain import with_done_lead

        # ...or its leading mark ("- ⬜ ...") becomes ✅, or its status after the id ("[T-1] - ToDo - ...") Done,
        # or its closing status ("- Pending") Done
        done = with_done_mark(line) or with_done_lead(line) or with_done_suffix(line)
        return line, done if done is not None else re.sub(r" ?[🚧⏳]\ufe0f?", "", line).rstrip() + " ✅"
    level = len(line) - len(line.lstrip("#"))
    end = len(lines)
    outside = {number - 1 for number, _, _ in content_lines(content)}  # not in a fence or a comment
    for number in range(task.line, len(lines)):
        heading = _HEADING_RE.match(lines[number]) if number in outside else None
        if heading and len(lines[number]) - len(lines[number].lstrip("#")) <= level:
            end = number
            break
    section = lines[task.line - 1:end]
    for offset, text in enumerate(section):
        status = _STATUS_RE.match(text) if task.line - 1 + offset in outside else None
        if status:
            new = text[:status.start("status")] + "completed" + text[status.end("status"):]
            return "\n".join(section[:offset + 1]), "\n".join(section[:offset] + [new])
    steps = [n for n, text in enumerate(section) if _BOX_RE.match(text) and task.line - 1 + n in outside]
    end = "\r" if line.endswith("\r") else ""  # the file's own line ending
    from ralphy.tasks_headings import in_progress_column

    status = ["**Status**: completed" + end] if in_progress_column(lines, task.line) else []  # a board's card
    if steps:  # no status line: the task is done when all its steps are ticked
        old = section[:steps[-1] + 1]
        return "\n".join(old), "\n".join([old[0]] + status + [ticked(text) if n in steps else text
                                                              for n, text in enumerate(old) if n])
    return line, line + "\n**Status**: completed" + end


_JSON_FIELD = re.compile(r'(?P<lead>"(?P<key>passes|done|completed|status)"\s*:\s*)(?P<value>false|"[^"]*")')
_YAML_FIELD = re.compile(r"^(?P<lead>[ \t\-]*(?P<key>passes|done|completed|status):[ \t]*)(?P<value>[^#\r\n]*?)(?=[ \t]*(?:#|\r|$))")


def _data_tick_rule(content: str) -> str | None:
    """The dev prompt's tick rule when ``content`` is read as a JSON or YAML task list, else None (Markdown)."""
    if _may_be_json(content):
        from ralphy.tasks_json import tick_rule

        return tick_rule(content)
    if _YAML_START.match(content):
        from ralphy.tasks_yaml import tick_rule as yaml_tick_rule

        return yaml_tick_rule(content)
    return None


def _field_edit(content: str, task_list, task, rule: str) -> tuple[str, str] | None:
    """(old_string, new_string) setting a JSON or YAML task's own done field the way the dev prompt's tick rule says:
    ``"passes": false`` becomes ``true``, a ``status`` its file's done word, a BMAD story's status ``done``. The old
    string runs from the task's first line to that field, so it names the task and is unique in the file; every
    other byte of the file is kept."""
    lines = content.split("\n")
    word = re.search(r"becomes `([^`]*)`", rule)
    done = word.group(1) if word else "done"
    if rule.startswith("a story's status"):  # a sprint status: the story key's own line, when it holds the status
        line = lines[task.line - 1]
        match = re.match(r"^(?P<lead>\s*[^:#]+:[ \t]*)(?P<value>[\"']?[\w\-]+[\"']?)", line)
        if match:
            return line, line[:match.start("value")] + done + line[match.end("value"):]
        done = "done"  # a story written as a mapping: its status line below
    key, value = (done.split(":")[0].strip('"'), "true") if ": " in done else ("status", done)  # "passes": true
    after = [t.line for t in task_list.tasks if t.line > task.line]
    end = min(after) - 1 if after else len(lines)
    field = _JSON_FIELD if _may_be_json(content) else _YAML_FIELD
    for number in range(task.line - 1, end):
        match = next((m for m in field.finditer(lines[number]) if m["key"] == key), None)  # {"id": 2, ...} too
        if match is None:
            continue
        new = lines[number][:match.start("value")] + value + lines[number][match.end("value"):]
        return "\n".join(lines[task.line - 1:number + 1]), "\n".join(lines[task.line - 1:number] + [new])
    return None


ASK_TOOL = "AskUserQuestion"
READ_ATTEMPTS = 3  # Reads of the task file before the plan goes on without it (each refused: nothing marked)
QUESTION_TOOL_ID = "toolu_ralphy_question"


class _Plan:
    """Replays the tool calls already in a conversation against the plan; yields the next step. A question
    (AskUserQuestion) is no step of the work."""

    def __init__(self, request: Request, tasks_file: str, *, builds: bool = True) -> None:
        self.request = request
        self.builds = builds
        self.calls = [call for call in request.tool_calls if call.get("name") != ASK_TOOL]
        self.cursor = 0
        cwd = request.cwd
        self.root = cwd.rstrip("/") + "/" if cwd else ""
        self.tasks_path = self.root + tasks_file

    def take(self) -> dict | None:
        """The next tool call already made (consumed), or None when the conversation ends here."""
        if self.cursor >= len(self.calls):
            return None
        call = self.calls[self.cursor]
        self.cursor += 1
        return call

    def result(self, call: dict) -> tuple[str, bool]:
        return self.request.tool_result(call.get("id", "")) or ("", True)

    def content_read(self, read: dict) -> str:
        """The task file's text as this conversation knows it after ``read``. When the CLI answered the Read with
        its "file unchanged since your last Read" note instead of the text (every CLI from 2.1.197 does when the
        file's time says so, also when a background subagent changed it meanwhile), the text of the last Read of
        the file before it that has one, with this conversation's own edits since applied: what the note tells the
        model to use."""
        result = self.result(read)[0]
        if not result.startswith(_UNCHANGED_NOTES):
            return read_tool_content(result)
        path = read.get("input", {}).get("file_path")
        calls = self.calls[:self.cursor - 1]  # the calls before ``read``, the one just taken
        for start in range(len(calls) - 1, -1, -1):
            call = calls[start]
            earlier = self.result(call)[0] if call.get("name") == "Read" and call.get("input", {}).get(
                "file_path") == path else ""
            if not earlier or earlier.startswith(_UNCHANGED_NOTES):
                continue
            content = read_tool_content(earlier)
            for edit in calls[start + 1:]:
                given = edit.get("input", {})
                if edit.get("name") == "Edit" and given.get("file_path") == path and not self.result(edit)[1]:
                    content = content.replace(given.get("old_string", ""), given.get("new_string", ""), 1)
            return content
        return ""

    def work(self, tasks: list[tuple[str, str]]) -> tuple[Reply | None, list[str]]:
        """Write one file per task, Read TASKS.md, Edit each task's line: (next step, ids marked).
        Without ``builds`` the files are not written: the tasks are only ticked."""
        if not self.builds:
            pass
        elif len(self.calls) - self.cursor < len(tasks):
            reply = text(f"Creating {len(tasks)} file(s).")
            for task_id, title in tasks:
                reply += tool_use("Write", {"file_path": self.root + task_file((task_id, title)),
                                            "content": f"# Task {task_id}: {title}\n"})
            return reply, []
        else:
            self.cursor += len(tasks)
        for _ in range(READ_ATTEMPTS):
            read = self.take()
            if read is None:
                return tool_use("Read", {"file_path": self.tasks_path}), []
            if not self.result(read)[1]:
                break
            # refused: 2.1.197, 2.1.330 and 2.1.331 refuse a Read when the file was replaced between its permission
            # check and the open ("its symlink resolution changed after permission was checked ... retry"), which the
            # other agent's Edit (a rename) does while a background subagent works: read again, as it says
        content = self.content_read(read)
        marked = []
        for task_id, _ in tasks:
            edit = completion_edit(content, task_id, self.tasks_path)
            if edit is None:
                continue
            if self.take() is None:
                return tool_use("Edit", {"file_path": self.tasks_path, "old_string": edit[0],
                                         "new_string": edit[1]}), marked
            marked.append(task_id)
        return None, marked


class DevScenario:
    """A competent, deterministic model for ralphy projects (see the module docstring).

    ``delegate`` maps a task-group heading (or part of it, case-insensitive) to an agent; a group is
    delegated only when that agent is listed in the prompt's "## Agent Orchestration" section.
    ``max_groups_per_run`` caps the groups done per run; ``stuck`` never changes anything;
    ``question`` is asked (ending the run) before any work, until the conversation holds an answer; with
    ``question_options`` it is asked with the AskUserQuestion tool instead (those labels as its options) and the
    final summary quotes the tool's answer;
    ``intercept`` sees every request first and may return a Reply (a fault, say) to use instead;
    ``ticks_only`` ticks the tasks in TASKS.md without writing any file (the dishonest model), until
    ``fixes_when_told``: an iteration whose prompt says ralphy's check failed does the work (writes the missing
    files of the completed tasks), like an honest model told what failed.
    """

    def __init__(self, delegate: Mapping[str, str] | None = None, *, max_groups_per_run: int | None = None,
                 stuck: bool = False, question: str | None = None,
                 intercept: Callable[[Request], Reply | None] | None = None, tasks_file: str = "TASKS.md",
                 ticks_only: bool = False, fixes_when_told: bool = False,
                 question_options: Sequence[str] | None = None) -> None:
        self.delegate = dict(delegate or {})
        self.max_groups_per_run = max_groups_per_run
        self.stuck = stuck
        self.question = question
        self.intercept = intercept
        self.tasks_file = tasks_file
        self.ticks_only = ticks_only
        self.fixes_when_told = fixes_when_told
        self.question_options = list(question_options) if question_options is not None else None

    def __call__(self, request: Request) -> Reply:
        if self.intercept is not None and (reply := self.intercept(request)) is not None:
            return reply
        if request.first_user_text.startswith(DELEGATION_HEADER):
            return self._subagent(request)
        return self._main(request)

    def agent_for(self, group: str, listed: list[str]) -> str | None:
        """The agent configured for ``group``, if it is one of the ``listed`` agents."""
        for key, agent in self.delegate.items():
            if key.lower() in group.lower() and agent in listed:
                return agent
        return None

    def _asked(self, request: Request) -> bool:
        """Has the question been asked already (in this conversation or a previous one quoted in the prompt)?"""
        assert self.question is not None
        assistant_texts = [str(m.get("content")) for m in request.messages if m.get("role") == "assistant"]
        return any(self.question in t for t in assistant_texts) or self.question in request.first_user_text

    def _main(self, request: Request) -> Reply:
        prompt = request.first_user_text
        plan = _Plan(request, self.tasks_file, builds=not self.ticks_only)
        if self.fixes_when_told and CHECK_FAILED in prompt:
            return self._fix(request, plan)
        if self.stuck:
            if plan.take() is None:
                return tool_use("Read", {"file_path": plan.tasks_path})
            return text("I went through TASKS.md and the code. I am still working out the right approach "
                        "for the next task group, so I have not changed anything yet.")
        if self.question and not self._asked(request):
            if self.question_options is not None:
                return tool_use(ASK_TOOL, {"questions": [{
                    "question": self.question, "header": "Decision", "multiSelect": False,
                    "options": [{"label": label, "description": f"go with {label}"} for label in self.question_options],
                }]}, id=QUESTION_TOOL_ID)
            return text(f"Before I go on with TASKS.md I need a decision from you. {self.question}")
        tasks = parse_prompt_tasks(prompt, self.tasks_file)
        if not tasks:
            return text("I found no tasks in the prompt, so there is nothing for me to do.")
        groups = pending_groups(tasks)
        if not groups:
            return text("All tasks in TASKS.md are already completed. Nothing left to do.")
        groups = groups[: self.max_groups_per_run] if self.max_groups_per_run else groups
        listed = listed_agents(prompt)
        lines = []
        for group, group_tasks in groups:
            ids = [t.id for t in group_tasks]
            agent = self.agent_for(group, listed)
            if agent is not None:
                call = plan.take()
                if call is None:
                    # the delegation tool this CLI offers: Agent from 2.1.63, Task before (docs/claude-cli.md)
                    tool = "Task" if "Task" in request.tools and "Agent" not in request.tools else "Agent"
                    return tool_use(tool, {"subagent_type": agent, "description": task_ids_label(ids, group),
                                           "prompt": delegation_prompt(group, group_tasks, self.tasks_file)})
                if not plan.result(call)[1]:
                    lines.append(f"- {group} ({', '.join(ids)}): delegated to {agent}")
                    continue
                lines.append(f"- {group}: {agent} failed, so I did it directly")
            step, marked = plan.work([(t.id, t.title) for t in group_tasks])
            if step is not None:
                return step
            lines.append(f"- {group} ({', '.join(marked) or 'nothing marked'}): done directly")
        remaining = len(pending_groups(tasks)) - len(groups)
        tail = f"\n{remaining} task group(s) remain for the next iteration." if remaining else \
            "\nAll task groups in TASKS.md are now completed."
        answered = request.tool_result(QUESTION_TOOL_ID) if self.question_options is not None else None
        if answered is not None:
            tail += f"\nThe answer to my question: {answered[0]}"
        return text("Summary of this iteration:\n" + "\n".join(lines) + tail)

    def _fix(self, request: Request, plan: _Plan) -> Reply:
        """Told that ralphy's check failed: write the file of every completed task, then say so."""
        done = [t for t in parse_prompt_tasks(request.first_user_text, self.tasks_file) if t.done]
        if plan.take() is None and done:
            reply = text(f"The check failed; writing the {len(done)} missing file(s).")
            for task in done:
                reply += tool_use("Write", {"file_path": plan.root + task_file(task),
                                            "content": f"# Task {task.id}: {task.title}\n"})
            return reply
        return text("Fixed what the check reported: every completed task now has its file.")

    def _subagent(self, request: Request) -> Reply:
        tasks = [(m["id"], m["title"]) for m in _DELEGATED_TASK_RE.finditer(request.first_user_text)]
        step, marked = _Plan(request, self.tasks_file, builds=not self.ticks_only).work(tasks)
        if step is not None:
            return step
        return text(f"Completed tasks {', '.join(marked)}: created one file per task and marked them "
                    f"completed in {self.tasks_file}.")


def delegation_prompt(group: str, tasks: list[PromptTask], tasks_file: str = "TASKS.md") -> str:
    """The prompt the main agent gives a subagent: one ``- id: title`` line per task."""
    lines = "\n".join(f"- {t.id}: {t.title}" for t in tasks)
    return (f"{DELEGATION_HEADER} (group \"{group}\"):\n{lines}\n\n"
            f"Create one source file per task, then mark each task completed in {tasks_file}.")
