"""`ralphy dev` end to end on two Markdown shapes the scripted model did not complete (tasks17): a kanban board
whose card in the In Progress column takes that column's status (ticking its subtasks leaves it in progress; a
`**Status**: completed` line under its heading completes it, as the dev prompt now says), and a TODO list of more
box marks than `[ ]` / `[x]` (`[!]` blocked, `[>]` picked up, `[?]`, struck and cancelled items that are no work),
whose open marks are ticked as `[ ]` is. The real ralphy drives the real Claude CLI against the scripted model;
each run must end completed in one iteration, attributed by the file's own ids, with the file's other lines kept."""

from __future__ import annotations

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, Request
from tests.e2e.scripted import handled_by, ralphy
from tests.e2e.test_dev_task_shapes import completed_in_one_iteration, make_project

pytestmark = pytest.mark.e2e

KANBAN = """\
# Kanban Board

## 📝 To Do

### TASK-007 | Add CSV export to the report page
**Priority**: High | **Category**: Frontend

**Subtasks**:
- [ ] Add an Export button
- [ ] Stream the rows as CSV

### TASK-006 | Rate-limit the login endpoint
**Priority**: Critical | **Category**: Backend

## 🚀 In Progress

### TASK-005 | Migrate the settings store to SQLite
**Priority**: Medium | **Category**: Backend

**Subtasks**:
- [x] Write the schema
- [ ] Drop the JSON reader

## ✅ Done

### TASK-003 | Write the deployment guide
**Priority**: Low | **Category**: Docs | **Status**: done
"""

MARKS = """\
# TODO

Legend: [x] done, [/] doing, [!] blocked, [>] picked up in a worktree, ~~struck~~ = dropped.

## Release 1.4

- [x] Ship the new onboarding flow
- [!] Fix the flaky upload test
- [/] Rewrite the settings page
- [ ] ~~Add a Flash fallback for the video player~~
- [>] Move the docs site to Astro

## Release 1.5

- [?] Offline mode for the mobile app
- [ ] Add SSO for enterprise accounts (cancelled)

### Task 9: Invoice PDFs in the customer's language

**Status**: Blocked (waiting for translations)
"""


def _run(tmp_path, claude_home, claude_bin, text, delegate):
    project = make_project(tmp_path, "TASKS.md", text)
    with FakeMessagesAPI(DevScenario(delegate)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data, first = completed_in_one_iteration(proc)
    prompts = [Request(body).first_user_text for body in api.requests]
    return data, first, (project / "TASKS.md").read_text(), next(p for p in prompts if "<tasks>" in p)


def test_a_kanban_card_in_progress_is_completed_by_a_status_line(tmp_path, claude_home, claude_bin):
    data, first, after, prompt = _run(tmp_path, claude_home, claude_bin, KANBAN, {"In Progress": "tdd-orchestrator"})
    assert handled_by(data) == {"TASK-007": "direct", "TASK-006": "direct", "TASK-005": "tdd-orchestrator"}
    assert [(d["agent"], d["task_ids"], d["status"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", ["TASK-005"], "completed")]
    assert after == KANBAN.replace(
        "- [ ] Add an Export button\n- [ ] Stream", "- [x] Add an Export button\n- [x] Stream").replace(
        "### TASK-006 | Rate-limit the login endpoint\n", "### TASK-006 | Rate-limit the login endpoint\n"
        "**Status**: completed\n").replace(
        "### TASK-005 | Migrate the settings store to SQLite\n", "### TASK-005 | Migrate the settings store to SQLite\n"
        "**Status**: completed\n").replace("- [ ] Drop the JSON reader", "- [x] Drop the JSON reader")
    assert "a card under `🚀 In Progress` with no `**Status**` line gets `**Status**: completed`" in prompt


def test_blocked_and_picked_up_boxes_are_ticked_and_dropped_items_left(tmp_path, claude_home, claude_bin):
    data, first, after, prompt = _run(tmp_path, claude_home, claude_bin, MARKS, {"Release 1.4": "tdd-orchestrator"})
    assert handled_by(data) == {"fix-flaky-upload-test": "tdd-orchestrator", "rewrite-settings-page": "tdd-orchestrator",
                                "move-docs-site-astro": "tdd-orchestrator", "offline-mode-mobile-app": "direct",
                                "9": "direct"}
    assert [(d["agent"], d["status"]) for d in first["delegations"]] == [("tdd-orchestrator", "completed")]
    old, new = MARKS.split("\n"), after.split("\n")
    assert len(old) == len(new)
    assert [(a, b) for a, b in zip(old, new) if a != b] == [
        ("- [!] Fix the flaky upload test", "- [x] Fix the flaky upload test"),
        ("- [/] Rewrite the settings page", "- [x] Rewrite the settings page"),
        ("- [>] Move the docs site to Astro", "- [x] Move the docs site to Astro"),
        ("- [?] Offline mode for the mobile app", "- [x] Offline mode for the mobile app"),
        ("**Status**: Blocked (waiting for translations)", "**Status**: completed (waiting for translations)")]
    assert "(so does a box's other mark: `[!]`, `[/]`, `[>]`, `[?]`)" in prompt
