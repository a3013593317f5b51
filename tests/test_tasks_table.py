"""Task files kept as tables (ralphy/tasks_table.py; docs/tasks.md, "Tables with a status column")."""

from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, parse_tasks
from ralphy.tasks_table import cell_status, done_cell, ticked_row

BOARD = """\
# Tasks

## Status Legend

| Symbol | Status |
|--------|--------|
| `Todo` | Not started |
| `Done` | Completed |

## Backend

| ID | Task | Status | Notes |
|----|------|--------|-------|
| TASK-001 | Add the orders endpoint | Done | |
| TASK-002 | Validate payloads | In Progress | a \\| pipe in a note |
| TASK-003 | Idempotency keys | Blocked | |
| TASK-004 | Drop the old API | Deferred | not this release |

| Phase | Status |
|-------|--------|
| Backend | 1/4 |
"""


def read(text):
    return [(t.id, t.title, t.status, t.group) for t in parse_tasks(text).tasks]


def test_rows_with_a_status_are_tasks_and_legends_are_not():
    assert read(BOARD) == [
        ("TASK-001", "Add the orders endpoint", COMPLETED, "Backend"),
        ("TASK-002", "Validate payloads", IN_PROGRESS, "Backend"),
        ("TASK-003", "Idempotency keys", PENDING, "Backend"),  # blocked: not done, not under way
        ("TASK-004", "Drop the old API", PENDING, "Backend"),  # deferred: open work (ralph-beacon's DEFERRED boxes)
    ]  # the legend and the phase summary name no task column


def test_a_file_with_checkboxes_keeps_its_tables_as_summaries():
    text = "# Plan\n\n- [ ] 1.1 Write it\n\n| ID | Task | Status |\n|---|---|---|\n| 9 | Other | Done |\n"
    assert read(text) == [("1.1", "Write it", PENDING, "Plan")]


def test_task_master_rows_and_subtasks():
    text = """\
| ID | Title | Status | Priority | Dependencies | Complexity |
| :- | :-    | :-     | :-       | :-           | :-         |
| 1 | Setup | ✓&nbsp;done | high | None | ● 4 |
| 1.1 | Init the repo | ✓&nbsp;done | - | None | N/A |
| 1.2 | Add CI | ►&nbsp;in-progress | - | 1.1 | N/A |
| 2 | Power monitor | ○&nbsp;pending | high | 1 | ● 7 |
"""
    assert read(text) == [("1.1", "Init the repo", COMPLETED, "Setup"), ("1.2", "Add CI", IN_PROGRESS, "Setup"),
                          ("2", "Power monitor", PENDING, "Tasks")]


def test_box_cells_and_marks():
    assert [cell_status(c) for c in ("[ ]", "[x]", "[X]", "[~]", "✅", "🔄 WIP", "⬜", "N/A", "")] == [
        PENDING, COMPLETED, COMPLETED, IN_PROGRESS, COMPLETED, IN_PROGRESS, PENDING, None, None]


def test_ticking_a_row_writes_the_files_own_done_cell_and_nothing_else():
    text = "| # | Criteria | Status |\n|---|---|---|\n| 1 | Speed |  [ ]  |\n| 2 | Memory | [x] |\n"
    assert done_cell(text) == "[x]"
    assert ticked_row(text, 3) == "| 1 | Speed |  [x]  |"
    assert ticked_row(text, 1) is None  # the header is not a task's row
    assert done_cell("| ID | Task | Status |\n|---|---|---|\n| 1 | A | Todo |\n") == "Done"


def test_a_hostile_row_is_bounded():
    wide = "| ID | Task | Status |\n|---|---|---|\n" + "| 1 | A |" + " x |" * 100_000 + "\n" + "|" * 200_000 + "\n"
    assert read(wide) == []  # a row wider than MAX_COLUMNS is not a task row
