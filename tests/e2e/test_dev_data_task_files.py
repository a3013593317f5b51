"""`ralphy dev` end to end on task files kept as data or outline: a ralph prd.json, a Task Master tasks.json, an
autospec tasks.yaml, BMAD v6's sprint-status.yaml and an org-mode TODO.org. The real ralphy drives the real Claude
CLI against the scripted model, which completes a task as a real model does: an Edit of the file setting the task's
own field the way the dev prompt says (``"passes": true``, ``status: "Completed"``, a story's ``done``, an org
heading's ``DONE``). Attribution must come back with the file's own ids, and every byte of the file the edits did
not touch must be as it was."""

from __future__ import annotations

import json

import pytest
import yaml

from ralphy.testing import DevScenario, FakeMessagesAPI, Request
from tests.e2e.scripted import handled_by, ralphy
from tests.e2e.test_dev_task_shapes import completed_in_one_iteration, make_project

pytestmark = pytest.mark.e2e

PRD = """\
{
  "project": "greeter",
  "branchName": "ralph/greeter",
  "userStories": [
    {
      "id": "US-001",
      "title": "Create the project layout",
      "acceptanceCriteria": ["src/ exists"],
      "priority": 1,
      "passes": true,
      "notes": ""
    },
    {
      "id": "US-002",
      "title": "Add a greet function",
      "acceptanceCriteria": ["greet('Ada') returns 'Hello, Ada!'"],
      "priority": 2,
      "passes": false,
      "notes": ""
    },
    {
      "id": "US-003",
      "title": "Reject an empty name",
      "acceptanceCriteria": ["greet('') raises ValueError"],
      "priority": 3,
      "passes": false,
      "notes": ""
    }
  ]
}
"""

TASK_MASTER = """\
{
  "master": {
    "tasks": [
      {
        "id": 1,
        "title": "Core library",
        "description": "The greet function",
        "status": "in-progress",
        "dependencies": [],
        "subtasks": [
          {"id": 1, "title": "Add a greet function", "status": "done", "dependencies": []},
          {"id": 2, "title": "Reject an empty name", "status": "pending", "dependencies": [1]},
          {"id": 3, "title": "Trim the name", "status": "pending", "dependencies": [1]}
        ]
      },
      {
        "id": 2,
        "title": "Write the usage section",
        "description": "README.md",
        "status": "pending",
        "dependencies": [1]
      }
    ],
    "metadata": {"created": "2026-11-24T10:00:00Z"}
  }
}
"""

AUTOSPEC = """\
_meta:
  version: "1.0.0"
  generator: "autospec"

phases:
  - number: 1
    title: "Setup"
    tasks:
      - id: "T001"
        title: "Create the project layout"
        status: "Completed"
        parallel: false
        story_id: null

  - number: 2
    title: "User Story 1 - Greet people"
    tasks:
      - id: "T002"
        title: "Add a greet function"
        status: "Pending"
        parallel: true
        story_id: "US1"
      - id: "T003"
        title: "Reject an empty name"
        status: "InProgress"  # started yesterday
        parallel: false
        story_id: "US1"

  - number: 3
    title: "Polish"
    tasks:
      - id: "T004"
        title: "Write the usage section"
        status: "Pending"
"""

SPRINT_STATUS = """\
# generated: 2026-11-20
# project: greeter
# project_key: NOKEY
# tracking_system: file-system
# story_location: _bmad-output/implementation-artifacts

# STATUS DEFINITIONS:
# ==================
# Story Status:
#   - backlog: Story only exists in epic file
#   - ready-for-dev: Story file created, ready for development
#   - in-progress: Developer actively working on implementation
#   - review: Implementation complete, ready for review
#   - done: Story completed

generated: 2026-11-20
project: greeter
project_key: NOKEY
tracking_system: file-system
story_location: _bmad-output/implementation-artifacts

development_status:
  # Epic 1: Greeting
  epic-1: in-progress
  1-1-project-layout: done
  1-2-greet-function: ready-for-dev
  1-3-reject-empty-name: review  # back from code review
  epic-1-retrospective: optional

  # Epic 2: Documentation
  epic-2: backlog
  2-1-usage-section: backlog
  epic-2-retrospective: optional
"""


def _run(tmp_path, claude_home, claude_bin, tasks_file, text, delegate):
    project = make_project(tmp_path, tasks_file, text)
    with FakeMessagesAPI(DevScenario(delegate, tasks_file=tasks_file)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data, first = completed_in_one_iteration(proc)
    prompts = [Request(body).first_user_text for body in api.requests]
    return data, first, (project / tasks_file).read_text(), next(p for p in prompts if "<tasks>" in p)


def _changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    """The lines an edit changed, (before, after) each; the file's line count must not change."""
    old, new = before.split("\n"), after.split("\n")
    assert len(old) == len(new), "lines were added or removed"
    return [(a, b) for a, b in zip(old, new) if a != b]


def test_a_ralph_prd_json_is_completed_by_setting_passes(tmp_path, claude_home, claude_bin):
    data, first, after, prompt = _run(tmp_path, claude_home, claude_bin, "prd.json", PRD, {"Tasks": "tdd-orchestrator"})
    assert handled_by(data) == {"US-002": "tdd-orchestrator", "US-003": "tdd-orchestrator"}
    assert [(d["agent"], d["task_ids"], d["status"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", ["US-002", "US-003"], "completed")]
    assert _changed_lines(PRD, after) == [('      "passes": false,', '      "passes": true,')] * 2
    assert all(story["passes"] for story in json.loads(after)["userStories"])
    assert '`"passes": false` becomes `"passes": true`' in prompt


def test_a_task_master_tasks_json_is_completed_by_status_and_attributed_by_subtask_ids(
        tmp_path, claude_home, claude_bin):
    tasks_file = ".taskmaster/tasks/tasks.json"
    data, first, after, prompt = _run(tmp_path, claude_home, claude_bin, tasks_file, TASK_MASTER,
                                      {"Core library": "tdd-orchestrator"})
    assert handled_by(data) == {"1.2": "tdd-orchestrator", "1.3": "tdd-orchestrator", "2": "direct"}
    assert [(d["agent"], d["task_ids"]) for d in first["delegations"]] == [("tdd-orchestrator", ["1.2", "1.3"])]
    assert _changed_lines(TASK_MASTER, after) == [
        ('          {"id": 2, "title": "Reject an empty name", "status": "pending", "dependencies": [1]},',
         '          {"id": 2, "title": "Reject an empty name", "status": "done", "dependencies": [1]},'),
        ('          {"id": 3, "title": "Trim the name", "status": "pending", "dependencies": [1]}',
         '          {"id": 3, "title": "Trim the name", "status": "done", "dependencies": [1]}'),
        ('        "status": "pending",', '        "status": "done",')]
    assert json.loads(after)["master"]["metadata"] == {"created": "2026-11-24T10:00:00Z"}
    assert "\"Tasks 1.2, 1.3: Core library" in prompt


def test_an_autospec_tasks_yaml_is_completed_by_status_and_attributed_by_phase(tmp_path, claude_home, claude_bin):
    tasks_file = "specs/001-greet/tasks.yaml"
    data, first, after, prompt = _run(tmp_path, claude_home, claude_bin, tasks_file, AUTOSPEC,
                                      {"User Story 1": "tdd-orchestrator"})
    assert handled_by(data) == {"T002": "tdd-orchestrator", "T003": "tdd-orchestrator", "T004": "direct"}
    assert [(d["agent"], d["task_ids"]) for d in first["delegations"]] == [("tdd-orchestrator", ["T002", "T003"])]
    assert _changed_lines(AUTOSPEC, after) == [
        ('        status: "Pending"', '        status: "Completed"'),
        ('        status: "InProgress"  # started yesterday', '        status: "Completed"  # started yesterday'),
        ('        status: "Pending"', '        status: "Completed"')]
    assert [task["status"] for phase in yaml.safe_load(after)["phases"] for task in phase["tasks"]] == ["Completed"] * 4
    assert 'a task\'s `status:` becomes `"Completed"`' in prompt


def test_a_bmad_sprint_status_is_completed_story_by_story_keeping_its_comments(tmp_path, claude_home, claude_bin):
    tasks_file = "_bmad-output/implementation-artifacts/sprint-status.yaml"
    data, first, after, prompt = _run(tmp_path, claude_home, claude_bin, tasks_file, SPRINT_STATUS,
                                      {"Epic 1": "tdd-orchestrator"})
    assert handled_by(data) == {"1-2-greet-function": "tdd-orchestrator", "1-3-reject-empty-name": "tdd-orchestrator",
                                "2-1-usage-section": "direct"}
    assert [(d["agent"], d["task_ids"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", ["1-2-greet-function", "1-3-reject-empty-name"])]
    # BMAD's way: the story's status becomes done; every other byte (the comments, the epics, the retrospectives) kept
    assert _changed_lines(SPRINT_STATUS, after) == [
        ("  1-2-greet-function: ready-for-dev", "  1-2-greet-function: done"),
        ("  1-3-reject-empty-name: review  # back from code review", "  1-3-reject-empty-name: done  # back from code review"),
        ("  2-1-usage-section: backlog", "  2-1-usage-section: done")]
    assert "a story's status in `development_status` becomes `done`" in prompt
    assert '"Tasks 1-2-greet-function, 1-3-reject-empty-name: Epic 1: Greeting' in prompt


ORG = """\
#+TITLE: Greeter
* Core
** DONE Create the project layout
** TODO [#A] Add a greet function :api:
** TODO Reject an empty name
* Docs
** TODO Write the usage section
"""


def test_an_org_mode_todo_file_is_completed_by_its_keywords(tmp_path, claude_home, claude_bin):
    data, first, after, prompt = _run(tmp_path, claude_home, claude_bin, "TODO.org", ORG, {"Core": "tdd-orchestrator"})
    assert handled_by(data) == {"add-greet-function": "tdd-orchestrator", "reject-empty-name": "tdd-orchestrator",
                                "write-usage-section": "direct"}
    assert [(d["agent"], d["task_ids"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", ["add-greet-function", "reject-empty-name"])]
    assert _changed_lines(ORG, after) == [
        ("** TODO [#A] Add a greet function :api:", "** DONE [#A] Add a greet function :api:"),
        ("** TODO Reject an empty name", "** DONE Reject an empty name"),
        ("** TODO Write the usage section", "** DONE Write the usage section")]
    assert "a task heading's `TODO` (or `NEXT`, `STARTED`) becomes `DONE`" in prompt
