"""Done-lists without checkboxes (ralphy.tasks_plain) and numbered headings over checkboxes: how ralphy reads
them, how a tick the file's own way (a trailing ✅) is read back, and what the prompt tells Claude to write."""

from __future__ import annotations

import time

import pytest

from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, newly_completed, parse_tasks, prompt_hints
from ralphy.testing.dev import completion_edit

PLAN = """\
# Config loader

## 5. Types

- 5.1 Type struct for the config file ✅
- 5.2 Defaults for optional keys ✔
- 5.3 Reject unknown keys 🚧
- 5.4 Environment overrides
  - note: env wins over the file

## 6. Loader

**6.1** Read with a 1 MB limit — DONE

**6.2** Watch and reload (in progress)

**6.3** Search order: flag, env, home ⏳
"""


def read(text):
    return [(t.id, t.status, t.title, t.group) for t in parse_tasks(text).tasks]


def test_numbered_items_without_checkboxes_are_tasks_with_their_marks_as_status():
    assert read(PLAN) == [
        ("5.1", COMPLETED, "Type struct for the config file", "5. Types"),
        ("5.2", COMPLETED, "Defaults for optional keys", "5. Types"),
        ("5.3", IN_PROGRESS, "Reject unknown keys", "5. Types"),
        ("5.4", PENDING, "Environment overrides", "5. Types"),
        ("6.1", COMPLETED, "Read with a 1 MB limit", "6. Loader"),
        ("6.2", IN_PROGRESS, "Watch and reload", "6. Loader"),
        ("6.3", PENDING, "Search order: flag, env, home", "6. Loader"),
    ]
    assert [t.line for t in parse_tasks(PLAN).tasks] == [5, 6, 7, 8, 13, 15, 17]


def test_a_file_with_checkboxes_keeps_them_as_its_tasks():
    text = PLAN + "\n## 7. Later\n- [ ] 7.1 Write the docs\n"
    assert [t.id for t in parse_tasks(text).tasks] == ["7.1"]


def test_counts_dates_bare_numbers_and_prose_are_not_tasks():
    text = """\
# Notes

- 1. First we read the spec
- 2026-10-02: 5.1 landed
- 2x faster with the new parser
- **Note**: 3 open questions
- 14 tables after normalisation
Version 1.2 is out.
"""
    assert parse_tasks(text).tasks == ()


def test_one_numbered_line_is_a_sentence_not_a_plan():
    assert parse_tasks("# Release\n\n- 1.2 is the version we ship ✅\n").tasks == ()


def test_an_item_whose_id_starts_others_is_their_group():
    text = """\
# Plan
- **1.1** Repository setup
  - **1.1.1** ✅ Package layout
  - **1.1.2** Pre-commit hooks
- **1.2** ✅ Main window
"""
    assert read(text) == [
        ("1.1.1", COMPLETED, "Package layout", "Repository setup"),
        ("1.1.2", PENDING, "Pre-commit hooks", "Repository setup"),
        ("1.2", COMPLETED, "Main window", "Plan"),
    ]


def test_lines_in_fences_and_comments_are_not_read():
    text = """\
# Plan
- 1.1 Real one
- 1.2 Real two ✅
```text
- 1.3 An example in a fence
```
<!--
- 1.4 A comment
-->
"""
    assert [t.id for t in parse_tasks(text).tasks] == ["1.1", "1.2"]


def test_claude_ticking_with_a_trailing_check_mark_completes_the_task():
    before = parse_tasks(PLAN)
    old, new = completion_edit(PLAN, "5.3")
    assert (old, new) == ("- 5.3 Reject unknown keys 🚧", "- 5.3 Reject unknown keys ✅")
    after = parse_tasks(PLAN.replace(old, new, 1))
    assert [t.id for t in newly_completed(before, after)] == ["5.3"]
    assert after.by_id("5.3").status == COMPLETED and after.by_id("5.4").status == PENDING


def test_the_prompt_tells_claude_to_tick_a_done_list_with_a_check_mark_not_a_box():
    rule = prompt_hints(parse_tasks(PLAN))["tick_rule"]
    assert "✅" in rule and "[x]" not in rule
    boxes = prompt_hints(parse_tasks("# T\n- [ ] 1.1 Do it\n- [x] 1.2 Done\n"))["tick_rule"]
    assert boxes.startswith("`- [ ]` becomes `- [x]`") and "✅" not in boxes


def test_a_numbered_heading_over_checkboxes_is_their_group_and_its_checkboxes_the_tasks():
    text = """\
# Remaining

## PHASE 2: Gaps

### 2.4 — Persist registrations
**Fix:**
- [ ] Use the store in the Next.js adapter
- [x] Use the store in the Hono adapter

### 2.5 — Dashboard charts
- [ ] Add a chart library
"""
    assert read(text) == [
        ("use-store-next-js", PENDING, "Use the store in the Next.js adapter",
         "2.4 — Persist registrations"),
        ("use-store-hono-adapter", COMPLETED, "Use the store in the Hono adapter",
         "2.4 — Persist registrations"),
        ("add-chart-library", PENDING, "Add a chart library", "2.5 — Dashboard charts"),
    ]


def test_a_numbered_heading_with_a_status_line_is_a_task_and_its_checkboxes_its_steps():
    text = """\
# Remaining

### 2.4 — Persist registrations
**Status**: in progress
- [x] Use the store in the Next.js adapter
- [ ] Use the store in the Hono adapter
"""
    assert read(text) == [("2.4", IN_PROGRESS, "Persist registrations", "Remaining")]


@pytest.mark.parametrize(
    "text",
    [
        "- 1.1 x" + " " * 200_000 + "y\n- 1.2 b\n",
        "**1.1** a" + " —" * 100_000 + " DONE\n- 1.2 b\n",
        "- 1.1 " + " ((" * 50_000 + "\n- 1.2 b\n",
        "- " + ".".join(["1"] * 50_000) + " x\n- 1.2 b\n",
    ],
    ids=["spaces", "dashes-then-done", "open-parens", "id-chain"],
)
def test_hostile_done_lists_are_read_in_bounded_time(text):
    started = time.perf_counter()
    parse_tasks(text)
    assert time.perf_counter() - started < 5  # a hang guard (each took 40 s or more in a first draft)
