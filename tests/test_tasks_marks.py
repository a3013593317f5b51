"""The shapes of the fifth held-out round (docs/tasks.md): items ticked by a leading mark (a memory bank's
``progress.md``), phase headings ticked by a mark, ``[TASK-N] - Status - ...`` lines and ``ID:`` records, a box that
closes its numbered heading (``- [x] **12.1 COMPLETE**``), a done item copied to a Completed log, and Success
Metrics lists."""

from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, parse_tasks, prompt_hints
from ralphy.testing.dev import completion_edit


def _read(text: str) -> list[tuple[int, str, str]]:
    return [(t.line, t.id, t.status) for t in parse_tasks(text).tasks]


PROGRESS = """# Progress

## What Works
- ✅ Sign-in with email
- ✔️ Password reset

## What's Left to Build
- ⬜ Offline queue
- 🔄 Conflict resolution

## Known Issues
1. **Slow start** on Android
   - ✅ Mitigated: charts load lazily

## Next Milestones
1. ⬜ **Public launch**
"""


def test_items_led_by_a_mark_are_tasks_and_a_note_under_an_issue_is_not():
    tasks = parse_tasks(PROGRESS).tasks
    assert [(t.line, t.status) for t in tasks] == [(4, COMPLETED), (5, COMPLETED), (8, PENDING), (9, IN_PROGRESS),
                                                   (16, PENDING)]
    assert [t.title for t in tasks][:3] == ["Sign-in with email", "Password reset", "Offline queue"]
    assert tasks[2].group == "What's Left to Build"
    assert tasks[4].id == "public-launch"  # a milestone list's own number is not an id


def test_one_marked_item_is_a_sentence_and_boxes_keep_their_reading():
    assert parse_tasks("# Notes\n\n- ✅ We shipped it\n").tasks == ()
    text = "# TODO\n\n- [ ] Write the docs\n- ✅ Old note\n- ⬜ Another note\n"
    assert _read(text) == [(3, "write-docs", PENDING)]  # a file with a checkbox: its boxes are its tasks


def test_ticking_a_marked_item_writes_the_tick_mark():
    old, new = completion_edit(PROGRESS, parse_tasks(PROGRESS).tasks[2].id)
    assert (old, new) == ("- ⬜ Offline queue", "- ✅ Offline queue")
    assert "leading mark" in prompt_hints(parse_tasks(PROGRESS))["tick_rule"]
    ticked = PROGRESS.replace(old, new)
    assert parse_tasks(ticked).tasks[2].status == COMPLETED


PHASES = """# Plugin API - Implementation Plan

## Phase Overview
1. **Phase 1: Capabilities** - 2 hours
2. **Phase 2: Build context** - 1 hour

## Phase 1: Capabilities ✅
Some text.

## Phase 2: Build context
**Status**: in progress

## Phase 3: Queries

## Success Criteria
✅ All plugins declare capabilities
"""


def test_phase_headings_are_the_tasks_when_one_says_its_status():
    assert _read(PHASES) == [(7, "1", COMPLETED), (10, "2", IN_PROGRESS), (13, "3", PENDING)]
    assert parse_tasks(PHASES).tasks[0].title == "Capabilities"
    assert parse_tasks(PHASES.replace(" ✅", "").replace("**Status**: in progress", "")).tasks == ()


def test_a_phase_heading_ticked_by_its_status_line():
    old, new = completion_edit(PHASES, "3")
    assert parse_tasks(PHASES.replace(old, new, 1)).by_id("3").status == COMPLETED


BRACKETED = """# Tasks

[TASK-011] - Skipped - 2025-05-27 - Implement the scenario test
[TASK-030] - Done - 2025-06-23 - Implement the lifecycle test
[TASK-031] - ToDo - 2025-05-29 - Fix the scenario headers
[TASK-032] - In Progress - 2025-06-14 - Validate resource ids

---
ID: TASK-029
Description: Implement a multistage scenario.
Status: Done
---

ID: TASK-032
Description: Validate and document resource ids.
Status: Done
---
"""


def test_bracketed_ids_with_the_status_after_them_and_id_records():
    tasks = parse_tasks(BRACKETED).tasks
    assert [(t.line, t.id, t.status) for t in tasks] == [
        (4, "TASK-030", COMPLETED), (5, "TASK-031", PENDING), (6, "TASK-032", COMPLETED), (9, "TASK-029", COMPLETED)]
    assert tasks[0].title == "Implement the lifecycle test"  # the date left out
    assert tasks[3].title == "Implement a multistage scenario."
    old, new = completion_edit(BRACKETED, "TASK-031")
    assert new == "[TASK-031] - Done - 2025-05-29 - Fix the scenario headers"
    assert parse_tasks(BRACKETED.replace(old, new)).by_id("TASK-031").status == COMPLETED


def test_a_box_that_closes_its_numbered_heading_is_that_heading_status():
    text = ("# Plan\n\n### 12.1 — Fix discover\n\nSteps...\n\n- [x] **12.1 COMPLETE**\n\n"
            "### 12.2 — Ship it\n\n- [ ] **12.2 COMPLETE**\n")
    assert _read(text) == [(3, "12.1", COMPLETED), (9, "12.2", PENDING)]
    old, new = completion_edit(text, "12.2")
    assert new.endswith("- [x] **12.2 COMPLETE**") and parse_tasks(text.replace(old, new)).by_id("12.2").status == COMPLETED


def test_a_done_box_copied_to_the_completed_log_is_the_same_task():
    text = ("# Fix plan\n\n## High\n- [ ] **R11** Create extract.ts\n- [ ] **R12** Mount routes\n\n"
            "## Completed\n- [x] **R11** extract.ts exports runExtract\n- [x] Project enabled\n")
    assert _read(text) == [(4, "R11", COMPLETED), (5, "R12", PENDING), (9, "project-enabled", COMPLETED)]
    twice = "# Plan\n\n- [ ] **R1** One\n- [x] **R1** Two\n"  # outside a Completed log: two tasks, told apart
    assert [t.id for t in parse_tasks(twice).tasks] == ["R1", "R1-2"]


def test_success_metrics_are_notes():
    text = ("# Progress\n\n## Work\n- [x] Build the CLI\n\n## Success Metrics\n### Development Metrics\n"
            "- [ ] **Code Quality**: 100% test coverage\n")
    assert _read(text) == [(4, "build-cli", COMPLETED)]


def test_a_range_of_dotted_ids_after_task_names_what_lies_between():
    from ralphy.tasks import mentioned_task_ids

    text = "# Plan\n" + "".join(f"### 12.{n} — Step {n}\n\n- [ ] **12.{n} COMPLETE**\n\n" for n in range(1, 12))
    task_list = parse_tasks(text)
    assert [t.id for t in task_list.tasks] == [f"12.{n}" for n in range(1, 12)]
    assert mentioned_task_ids("Tasks 12.4-12.6: primitives", task_list) == ["12.4", "12.5", "12.6"]
    assert mentioned_task_ids("tasks 12.9 to 12.11", task_list) == ["12.9", "12.10", "12.11"]
