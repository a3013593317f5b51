"""JSON task lists (docs/tasks.md): a ralph prd.json, a Task Master tasks.json, a list of task objects."""

import json

from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, mentioned_task_ids, parse_tasks, prompt_hints

PRD = """{
  "project": "Demo",
  "userStories": [
    {
      "id": "US-001",
      "title": "Add a priority column",
      "acceptanceCriteria": ["Migration runs", "Typecheck passes"],
      "passes": true
    },
    {"id": "US-002", "title": "Show a badge", "passes": false}
  ]
}
"""

TASK_MASTER = """{
  "master": {
    "tasks": [
      {"id": 1, "title": "Set up the repo", "status": "done", "subtasks": []},
      {
        "id": 2,
        "title": "Power monitoring",
        "status": "in-progress",
        "subtasks": [
          {"id": 1, "title": "Read the sensor", "status": "done"},
          {"id": 2, "title": "Alert on a drop", "status": "review"},
          {"id": 3, "title": "An old idea", "status": "cancelled"}
        ]
      },
      {"id": 3, "title": "Docs", "status": "deferred", "details": "a \\"title\\": in a string is text"}
    ],
    "metadata": {"created": "2025-01-01"}
  }
}
"""


def _read(text: str) -> list[tuple[int, str, str, str]]:
    return [(t.line, t.id, t.status, t.group) for t in parse_tasks(text).tasks]


def test_a_ralph_prd_json():
    assert _read(PRD) == [(5, "US-001", COMPLETED, "Tasks"), (10, "US-002", PENDING, "Tasks")]
    task_list = parse_tasks(PRD)
    assert task_list.tasks[1].title == "Show a badge"
    assert "`\"passes\": true`" in prompt_hints(task_list)["tick_rule"]
    assert mentioned_task_ids("Stories US-001 and US-002", task_list) == ["US-001", "US-002"]
    ticked = PRD.replace('"passes": false', '"passes": true')
    assert parse_tasks(ticked).all_completed


def test_a_task_master_tasks_json_subtasks_are_the_tasks():
    assert _read(TASK_MASTER) == [
        (4, "1", COMPLETED, "master"),
        (10, "2.1", COMPLETED, "Power monitoring"),
        (11, "2.2", IN_PROGRESS, "Power monitoring"),  # "review": under way; "cancelled" (2.3) is left out
        (15, "3", PENDING, "master"),  # deferred: open work
    ]
    assert "`\"status\"` becomes `\"done\"`" in prompt_hints(parse_tasks(TASK_MASTER))["tick_rule"]


def test_a_plain_list_of_task_objects_and_one_line_objects():
    features = json.dumps([{"category": "functional", "description": "New chat button", "passes": False},
                           {"category": "ui", "description": "Dark mode", "passes": True}])
    assert [(t.line, t.id, t.status, t.group) for t in parse_tasks(features).tasks] == [
        (1, "new-chat-button", PENDING, "functional"), (1, "dark-mode", COMPLETED, "ui")]


def test_what_is_not_a_json_task_list_is_read_as_markdown():
    assert _read('{"name": "pkg", "version": "1.0.0"}') == []  # valid JSON, no list of task objects
    assert _read('{"tasks": [1, 2]}') == []
    broken = '{"userStories": [{"id": "US-1", "title": "x", "passes": false}\n- [ ] 1. A box after broken JSON\n'
    assert [t.id for t in parse_tasks(broken).tasks] == ["1"]  # not JSON: the Markdown readers read it
    assert [t.id for t in parse_tasks("[TASK-1] - ToDo - Write it\n[TASK-2] - Done - Ship it\n").tasks] == [
        "TASK-1", "TASK-2"]  # a Markdown file that starts with "[" stays Markdown
    assert "status after its id" in prompt_hints(parse_tasks(
        "[TASK-1] - ToDo - Write it\n[TASK-2] - Done - Ship it\n"))["tick_rule"]  # and its rule


def test_a_lone_surrogate_escape_is_read_as_a_replacement_character():
    text = '{"userStories": [{"id": "US-1\\udc00", "title": "Greet \\ud800 \\ud83d\\ude00", "passes": false}]}'
    task = parse_tasks(text).tasks[0]
    assert (task.id, task.title) == ("US-1\ufffd", "Greet \ufffd \U0001f600")
    task.title.encode("utf-8")  # printable and storable: a lone surrogate would raise here
