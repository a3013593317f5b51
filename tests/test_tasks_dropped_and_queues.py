"""Shapes read since stop 13 (docs/tasks.md): dropped and deferred items, more box marks, status values with a box,
board cards, bracketed ids with a status suffix, numbered queues without boxes, ExecPlan progress, and a fence left
open to the end of the file."""

import time

from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, normalise_status, parse_tasks
from ralphy.tasks_lines import content_lines


def read(text):
    return [(t.id, t.status) for t in parse_tasks(text).tasks]


def test_dropped_items_are_left_out_and_deferred_or_blocked_ones_are_open():
    text = ("## Release\n"
            "- [ ] ~~Add a Flash fallback~~\n"  # struck, not ticked: dropped
            "- [x] ~~Bump the Node version~~\n"  # struck and ticked: crossed off as done
            "- [ ] Add SSO (cancelled)\n"
            "- [ ] Remove the importer — won't do, customers use it\n"
            "- [ ] Publish the changelog (deferred to 1.5)\n"  # deferred: still open work
            "- [ ] Fix the upload test - blocked on CI\n"
            "- [ ] Write the test (SKIPPED - TODO)\n"  # skipped for now, still to do
            "- [x] T092 Update ROADMAP.md (no ROADMAP.md - skipped)\n"  # ticked: the author's word wins
            "- [ ] Re-run the suite (skipped tests included)\n")  # fmt: skip
    tasks = parse_tasks(text).tasks
    assert [(t.title, t.status) for t in tasks] == [
        ("Bump the Node version", COMPLETED),
        ("Publish the changelog (deferred to 1.5)", PENDING),
        ("Fix the upload test - blocked on CI", PENDING),
        ("Write the test (SKIPPED - TODO)", PENDING),
        ("Update ROADMAP.md (no ROADMAP.md - skipped)", COMPLETED),
        ("Re-run the suite (skipped tests included)", PENDING),
    ]


def test_box_marks_beyond_x():
    text = "- [!] Blocked one\n- [>] Picked up\n- [+] In review\n- [?] A question\n- [✓] Ticked\n- [✗] Crossed\n- [-] Kiro's\n"
    assert [t.status for t in parse_tasks(text).tasks] == [PENDING, IN_PROGRESS, IN_PROGRESS, PENDING, COMPLETED,
                                                           IN_PROGRESS]  # fmt: skip


def test_status_values_with_a_box_and_dropped_heading_tasks():
    assert normalise_status("[x] completed (integrated in X)") == COMPLETED
    assert normalise_status("[ ] pending") == PENDING
    assert normalise_status("[x]") == COMPLETED
    assert normalise_status("Deferred") == PENDING
    assert normalise_status("Cancelled") is None  # not a status ralphy runs: the task is left out
    text = ("### T-001: Migrate init.ts\n**Status**: [x] completed\n- [ ] a criterion left unticked\n"
            "### T-002: Old billing\n**Status**: Cancelled\n"
            "### T-003: Pricing page\n**User Story**: US-1 | **Status**: [ ] pending\n")
    assert read(text) == [("T-001", COMPLETED), ("T-003", PENDING)]


def test_board_cards_take_their_column_and_their_status_field():
    text = ("# Kanban Board\n## 📝 To Do\n### TASK-007 | Add CSV export\n**Subtasks**:\n- [ ] Add a button\n"
            "## 🚀 In Progress\n### TASK-005 | Migrate to SQLite\n"
            "## ✅ Done\n### TASK-004 | Fix the crash\n**Priority**: Low\n"
            "### TASK-003 | Write the guide\n**Priority**: Low | **Category**: Docs | **Status**: done\n")
    tasks = parse_tasks(text).tasks
    assert [(t.id, t.title, t.status) for t in tasks] == [
        ("TASK-007", "Add CSV export", PENDING), ("TASK-005", "Migrate to SQLite", IN_PROGRESS),
        ("TASK-004", "Fix the crash", COMPLETED), ("TASK-003", "Write the guide", COMPLETED)]  # fmt: skip


def test_a_leading_priority_label_is_not_part_of_the_slug():
    ids = [t.id for t in parse_tasks("- [ ] HIGH: Create the conversation store\n- [ ] LOW: Add caching\n").tasks]
    assert ids == ["create-conversation", "add-caching"]  # raising a priority does not rename the task


def test_a_status_cell_in_a_heading():
    text = "## 任务\n### TASK-001 | done | 模块骨架\n### TASK-002 | pending | 登录接口\n### TASK-003 | Plain title\n"
    tasks = parse_tasks(text).tasks
    assert [(t.id, t.title, t.status) for t in tasks] == [
        ("TASK-001", "模块骨架", COMPLETED), ("TASK-002", "登录接口", PENDING), ("TASK-003", "Plain title", PENDING)]


def test_bracketed_ids_with_a_status_suffix():
    text = ("## Backend\n- [TASK-010] Add the endpoint - Done\n- [TASK-011] Cache the rates - In Progress\n"
            "- [TASK-012] Move the cron jobs - Pending\n- [TASK-013] - Skipped\n- [TASK-014] Retry webhooks - Blocked\n"
            "- [TASK-022] Replace moment.js - Cancelled\n")
    tasks = parse_tasks(text).tasks
    assert [(t.id, t.title, t.status) for t in tasks] == [
        ("TASK-010", "Add the endpoint", COMPLETED), ("TASK-011", "Cache the rates", IN_PROGRESS),
        ("TASK-012", "Move the cron jobs", PENDING), ("TASK-014", "Retry webhooks", PENDING)]  # fmt: skip
    ids = [task_id for task_id, _ in read("- [ ] [US1] Story marker\n- [ ] [P1] Priority marker\n")]
    assert "US1" not in ids and "P1" not in ids  # a story or priority marker in brackets is not an id


def test_a_numbered_queue_without_boxes():
    text = ("# Plan\n## Queue\n1. Set up the schema ✅\n2. Sign-up (in progress)\n3. Password reset\n"
            "4. ~~Magic links~~ (dropped)\n5. Rate limits — DONE\n## Later\n6. Admin view\n"
            "## Notes\n1. Run make test before marking anything done.\n2. Ask in #auth.\n")
    assert read(text) == [("1", COMPLETED), ("2", IN_PROGRESS), ("3", PENDING), ("5", COMPLETED), ("6", PENDING)]


def test_a_numbered_list_of_prose_is_not_a_queue():
    text = ("# MagSafe Guard\n### How It Works\n1. **Arm the protection** when working in public\n"
            "2. **If someone grabs your laptop**, the cable disconnects\n3. Your data stays protected, all done.\n")
    assert parse_tasks(text).tasks == ()


def test_a_numbered_queue_under_a_heading_that_names_work_needs_no_marks():
    assert read("# TODO\n\n1. Write the parser\n2. Wire the CLI\n") == [("1", PENDING), ("2", PENDING)]


def test_execplan_progress_partly_done_item_is_in_progress():
    text = ("## Progress\n- [x] (2026-03-02 09:10Z) Read the handler.\n"
            "- [ ] Expose PATCH (done: handler; remaining: checksums).\n- [ ] Teach the client.\n"
            "## Validation and Acceptance\n- [ ] Killing the client resumes at chunk 41.\n")
    assert [t.status for t in parse_tasks(text).tasks] == [COMPLETED, IN_PROGRESS, PENDING]


def test_a_fence_left_open_to_the_end_hides_nothing_after_it():
    text = ("### T-013: Docs\n**Status**: [x] completed\n```markdown\n```typescript\ncode\n```\n### Not a heading\n"
            "```ts\nmore\n```\n```\n### T-014: Update CLAUDE.md\n**Status**: [ ] pending\n")
    assert read(text) == [("T-013", COMPLETED), ("T-014", PENDING)]
    closed = "- [ ] T1 real\n```\n- [ ] T2 an example\n```\n"
    assert read(closed) == [("T1", PENDING)]  # a closed fence still hides its lines


def test_unclosed_fences_are_read_again_once_so_the_reading_stays_linear():
    def cost(n):  # every line opens a fence no later line can close (an info string): the worst case
        text = "~~~~~~\n" + "~~~ a\n" * n
        start = time.process_time()
        lines = sum(1 for _ in content_lines(text))
        return time.process_time() - start, lines

    small, _ = cost(2_000)
    large, lines = cost(20_000)
    assert lines == 0  # the first re-read's fences stay fences
    assert large < max(small, 0.001) * 40  # linear is 10x; reading again at each fence would be 100x


def test_the_tick_rule_of_a_status_suffix_list_names_its_own_done_word():
    from ralphy.tasks import prompt_hints

    rule = prompt_hints(parse_tasks("- [TASK-1] Add it - Done\n- [TASK-2] Wire it - Pending\n"))["tick_rule"]
    assert "becomes `Done`" in rule and "✅" not in rule
    plain = prompt_hints(parse_tasks("- 1.1 Add it ✅\n- 1.2 Wire it\n"))["tick_rule"]
    assert "✅" in plain  # a done-list without a status word keeps its mark
