"""`ralphy dev` end to end on the most different shapes of the ninth round of real task files (tasks18): ralph's
"Top 10" fix plan, whose tasks are headings with the box after the number (`### 1. [ ] ...`), kept with CRLF line
endings; a TODO.md kept as a table whose State cells are `⏳`, which the file's own legend calls "Not started"; and a
roadmap whose boxes carry bracketed labels before their ids (`- [ ] [P2][M][doing] R-022 — ...`); and a Cursor plan
(`.cursor/plans/*.plan.md`) whose tasks are the `todos` of its YAML front matter, ticked by their `status:`. The real
ralphy
drives the real Claude CLI against the scripted model, which ticks each task as the dev prompt's rule says; each run
must end completed in one iteration, attributed by the file's own ids (read from the file, never from the model's
claims), with every byte of the file outside the ticked marks as it was."""

from __future__ import annotations

import pytest

from tests.e2e.scripted import handled_by
from tests.e2e.test_dev_task_shapes import changed_byte_lines, run_real_file

pytestmark = pytest.mark.e2e


def test_a_fix_plan_of_heading_boxes_is_ticked_in_place_crlf_kept(tmp_path, claude_home, claude_bin):
    raw, data, first, after, prompt = run_real_file(tmp_path, claude_home, claude_bin, "ralph-brain-fix-plan.md",
                                                   {"Top 10 Tasks": "tdd-orchestrator"})
    top_ten = [str(n) for n in range(1, 11)]
    assert handled_by(data) == {**{n: "tdd-orchestrator" for n in top_ten}, "additional-tasks": "direct"}
    assert [(d["agent"], d["task_ids"], d["status"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", top_ten, "completed")]
    changed = changed_byte_lines(raw, after)
    assert len(changed) == 11
    for old, new in changed:  # only the box's mark changed, "\r" kept at each line's end
        assert old.replace(b"[ ]", b"[x]", 1) == new and new.endswith(b"\r")
    assert "a heading's own box (`### 1. [ ] ...`) becomes `[x]`" in prompt


def test_a_table_of_emoji_states_gets_the_legends_done_mark(tmp_path, claude_home, claude_bin):
    raw, data, first, after, prompt = run_real_file(tmp_path, claude_home, claude_bin, "todo-brepo-table.md",
                                                   {"List": "tdd-orchestrator"})
    assert set(handled_by(data).values()) == {"tdd-orchestrator"} and len(handled_by(data)) == 4
    changed = changed_byte_lines(raw, after)
    assert len(changed) == 4
    for old, new in changed:  # the State cell's ⏳ became ✅, its padding and every other cell as they were
        assert old.count("⏳".encode()) == 1 and old.replace("⏳".encode(), "✅".encode()) == new
    assert "a task's row gets `✅` in its status column" in prompt


def test_labelled_ids_are_attributed_and_the_doing_label_left(tmp_path, claude_home, claude_bin):
    raw, data, first, after, prompt = run_real_file(tmp_path, claude_home, claude_bin, "lookalike-roadmap-tags-fr.md",
                                                   {"SYNCHRONISATION": "tdd-orchestrator"})
    assert handled_by(data) == {"R-022": "tdd-orchestrator", "R-023": "tdd-orchestrator",
                                "traduire-l-interface-en": "tdd-orchestrator", "R-030": "direct", "R-031": "direct"}
    assert [(d["agent"], d["status"]) for d in first["delegations"]] == [("tdd-orchestrator", "completed")]
    changed = changed_byte_lines(raw, after)
    assert [old.replace(b"- [ ]", b"- [x]", 1) == new for old, new in changed] == [True] * 5
    assert b"- [x] [P2][M][doing] R-022" in after  # the label is the file's, the box is the tick


def test_a_cursor_plans_front_matter_todos_are_completed_by_status(tmp_path, claude_home, claude_bin):
    raw, data, first, after, prompt = run_real_file(tmp_path, claude_home, claude_bin, "lookalike-cursor-plan.md",
                                                   {"Tasks": "tdd-orchestrator"}, ".cursor/plans/offline-sync.plan.md")
    open_ids = ["8a2e4b17-0c3f-4d59-b6e8-91f0a7c3d402", "c5d7e9f1-2a4b-4c6d-8e0f-13579bdf2403",
                "e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e604"]
    assert handled_by(data) == {task_id: "tdd-orchestrator" for task_id in open_ids}
    assert [(d["agent"], d["task_ids"], d["status"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", open_ids, "completed")]
    # each open todo's status, nothing else: not the cancelled one, not the body
    changed = changed_byte_lines(raw, after)
    assert changed == [(b"    status: in-progress", b"    status: completed"),
                       (b"    status: pending", b"    status: completed"), (b"    status: pending", b"    status: completed")]
    assert "a task's `status:` becomes `completed`" in prompt
