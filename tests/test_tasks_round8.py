"""Shapes read since the eighth round of real task files (tasks17; docs/tasks.md): a file's own legend for its
``[-]`` box, a checklist under a bold label, GitHub's ``[tasklist]`` blocks, Claude Code's todo list as JSON, a YAML
or JSON list whose done field is a ``completed`` boolean; and what a broken one of them says."""

import json
import time

import pytest

from ralphy.errors import TasksFileError
from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, load_tasks, parse_tasks, prompt_hints
from ralphy.tasks_status import declared_marks
from ralphy.testing.dev import completion_edit


def _read(text, name="TASKS.md"):
    return [(t.line, t.title, t.status) for t in parse_tasks(text, name).tasks]


def test_a_legend_says_what_the_dash_box_is():
    kiro = "- [-] 1. Build it\n- [ ] 2. Test it\n"
    assert _read(kiro)[0][2] == IN_PROGRESS  # no legend: Kiro's in progress
    ralph_gold = "## Tasks\n\n- [-] Add the override\n- [x] Add the mode\n\n# Notes\n\n# - Mark blocked: - [-]\n"
    assert _read(ralph_gold) == [(3, "Add the override", PENDING), (4, "Add the mode", COMPLETED)]  # blocked: open
    obsidian = "Legend: [x] done, [/] doing, [-] cancelled\n\n- [-] Support Flash\n- [/] Rewrite settings\n"
    assert _read(obsidian) == [(4, "Rewrite settings", IN_PROGRESS)]  # cancelled: no work
    own_words = "- [-] Blocked on the API review\n- [ ] Ship it\n"  # a task's title, not a legend
    assert _read(own_words)[0][2] == IN_PROGRESS


def test_the_legend_is_found_in_linear_time():
    # one line of 400,000 items took 12 s when each match looked back for its line's start
    for text in ("- [-] blocked " * 400_000, "blocked" + " " * 300_000 + "x", "[-] -" + " \t" * 200_000):
        started = time.process_time()
        assert declared_marks(text) == {}
        assert time.process_time() - started < 2


def test_boxes_under_a_bold_checklist_label_are_notes():
    text = ("## Integration\n\n- [x] 13.1 Update the schema\n- [ ] 13.2 Migrate the state\n\n## Notes\n\n"
            "**Code Review Checklist:**\n\n- [ ] All acceptance criteria met\n- [ ] Tests passing\n\n"
            "**Later:**\n- [ ] 14.1 Watch mode\n")
    assert [(t.id, t.status) for t in parse_tasks(text).tasks] == [("13.1", COMPLETED), ("13.2", PENDING),
                                                                   ("14.1", PENDING)]
    only = "**Release checklist**\n- [ ] Bump the version\n- [ ] Tag it\n"  # the only list there is: the work
    assert [t.title for t in parse_tasks(only).tasks] == ["Bump the version", "Tag it"]


def test_a_github_tasklist_block_holds_tasks_and_other_fences_do_not():
    text = ("# Offline mode\n\n```[tasklist]\n### Tasks\n- [x] Draft the protocol\n- [ ] Replay edits\n```\n\n"
            "```sh\n- [ ] not a task\n```\n\n- [ ] After the blocks\n")
    tasks = parse_tasks(text).tasks
    assert [(t.line, t.title, t.status) for t in tasks] == [
        (5, "Draft the protocol", COMPLETED), (6, "Replay edits", PENDING), (13, "After the blocks", PENDING)]
    assert [t.group for t in tasks] == ["Tasks", "Tasks", "Offline mode"]  # the block's title, in the block only
    old, new = completion_edit(text, tasks[1].id)
    assert (old, new) == ("- [ ] Replay edits", "- [x] Replay edits")
    unclosed = "```[tasklist]\n- [ ] One\n- [ ] Two\n"
    assert [t.title for t in parse_tasks(unclosed).tasks] == ["One", "Two"]
    # a fence line in the block opens nothing (the block ends at its first closing fence, as any fenced block does);
    # read as a fence of its own, the block's close closed the block and hid the item after it
    fenced = "```[tasklist]\n- [ ] One\n```sh\nmake\n```\n- [ ] Two\n"
    assert [(t.line, t.title) for t in parse_tasks(fenced).tasks] == [(2, "One"), (6, "Two")]
    longer = "````[tasklist]\n- [ ] One\n```\n- [ ] Two\n````\n- [ ] Three\n"
    assert [t.title for t in parse_tasks(longer).tasks] == ["One", "Two", "Three"]


def test_a_heading_in_a_tasklist_block_titles_the_block_only():
    """GitHub shows a ``###`` heading at the top of a ```[tasklist] block as the block's title; the section the
    block sits in goes on after it (loose18). Two headings in one block (slaclab/k2eg's README) name two groups."""
    text = ("## Work\n\n```[tasklist]\n### Tasks\n- [x] Define the log\n- [ ] Queue changes\n```\n\n"
            "- [ ] Write the note\n- [ ] Draw its diagram\n\n## Clean-up\n- [ ] Remove polling\n\n"
            "```[tasklist]\n### Get\n- [x] Get command\n\n### Put\n- [ ] Put command\n```\n- [ ] After both\n")
    tasks = parse_tasks(text).tasks
    assert [(t.line, t.title, t.group) for t in tasks] == [
        (5, "Define the log", "Tasks"), (6, "Queue changes", "Tasks"), (9, "Write the note", "Work"),
        (10, "Draw its diagram", "Work"), (13, "Remove polling", "Clean-up"), (17, "Get command", "Get"),
        (20, "Put command", "Put"), (22, "After both", "Clean-up")]
    fenced_list = "```[tasklist]\n- [ ] One\n```\n  - [ ] Two\n"  # a list does not go on across the block's end
    assert [(t.title, t.group) for t in parse_tasks(fenced_list).tasks] == [("One", "Tasks"), ("Two", "Tasks")]
    nested = "# Plan\n#### Deep\n```[tasklist]\n## Top\n- [ ] In\n```\n- [ ] Out\n"  # the block's heading outranks
    assert [(t.title, t.group) for t in parse_tasks(nested).tasks] == [("In", "Top"), ("Out", "Deep")]


def test_claude_codes_todo_list_is_read_and_ticked_with_its_own_word(tmp_path):
    todos = [{"content": "Add the parser", "status": "completed", "activeForm": "Adding the parser"},
             {"content": "Write tests", "status": "in_progress", "activeForm": "Writing tests"},
             {"content": "Update docs", "status": "pending", "activeForm": "Updating docs"}]
    text = json.dumps(todos, indent=2)
    tasks = parse_tasks(text, "todos.json").tasks
    assert [(t.line, t.title, t.status) for t in tasks] == [
        (3, "Add the parser", COMPLETED), (8, "Write tests", IN_PROGRESS), (13, "Update docs", PENDING)]
    rule = prompt_hints(parse_tasks(text, "todos.json"))["tick_rule"]
    assert '`"status"` becomes `"completed"`' in rule  # TodoWrite knows no "done"
    old, new = completion_edit(text, tasks[2].id, "todos.json")
    assert json.loads(text.replace(old, new, 1))[2]["status"] == "completed"
    task_master = '{"tasks": [{"id": 1, "title": "A", "status": "pending"}]}'
    assert '`"status"` becomes `"done"`' in prompt_hints(parse_tasks(task_master, "tasks.json"))["tick_rule"]


def test_a_completed_boolean_is_the_tick_in_yaml_and_json():
    yaml_text = "tasks:\n  - id: 1\n    title: Add it\n    completed: false\n  - id: 2\n    title: Test it\n    completed: true\n"
    assert _read(yaml_text, "tasks.yaml") == [(2, "Add it", PENDING), (5, "Test it", COMPLETED)]
    rule = prompt_hints(parse_tasks(yaml_text, "tasks.yaml"))["tick_rule"]
    assert rule.startswith("a task's `completed: false` becomes `completed: true`")
    old, new = completion_edit(yaml_text, "1", "tasks.yaml")
    assert _read(yaml_text.replace(old, new, 1), "tasks.yaml")[0][2] == COMPLETED
    json_text = '[{"title": "Add it", "completed": false}]'
    assert '`"completed": false` becomes `"completed": true`' in prompt_hints(parse_tasks(json_text, "x.json"))["tick_rule"]


@pytest.mark.parametrize("name, text, words", [
    ("todos.json", '[\n  {"content": "Add it", "status": "pending"},\n  {"content": "Test', "not valid JSON: line 3"),
    ("todos.json", '[{"activeForm": "Adding it", "status": "pending"}]', "holds no list of task objects"),
    ("tasks.yaml", "version: 1\ntasks:\n  - id: 1\n    title: [unclosed\n", "not valid YAML: line"),
])
def test_a_broken_file_of_these_shapes_is_one_line_naming_it(tmp_path, name, text, words):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TasksFileError) as raised:
        load_tasks(path)
    message = str(raised.value)
    assert "\n" not in message and str(path) in message and words in message, message


def test_a_boards_hint_names_its_in_progress_column_in_linear_time():
    board = ("# Kanban Board\n\n## 📝 To Do\n\n### TASK-7 | Add CSV export\n**Priority**: High\n\n## 🚀 In Progress\n\n"
             "### TASK-5 | Migrate the settings store\n**Priority**: Medium\n\n**Subtasks**:\n- [x] Write the schema\n"
             "- [ ] Drop the JSON reader\n\n## ✅ Done\n\n### TASK-3 | Write the guide\n**Priority**: Low\n")
    rule = prompt_hints(parse_tasks(board))["tick_rule"]
    assert "a card under `🚀 In Progress` with no `**Status**` line gets `**Status**: completed`" in rule, rule
    assert "a card under" not in prompt_hints(parse_tasks(board.replace("🚀 In Progress", "Next")))["tick_rule"]
    cards = "# Plan\n\n" + "".join(f"## Task {i}: step {i}\n\n" for i in range(4000))
    task_list = parse_tasks(cards)
    started = time.process_time()
    prompt_hints(task_list)
    assert time.process_time() - started < 3  # asked card by card from the card up: 8,000 cards took 94 s
