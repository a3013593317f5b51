"""Replaying the CLI's edits of TASKS.md to see who marked each task completed."""

from __future__ import annotations

from pathlib import Path

from ralphy.claude.delegation import Delegation, attribute
from ralphy.claude.events import ToolResult, ToolUse
from ralphy.claude.task_edits import TasksFileEdits
from ralphy.tasks import mentioned_task_ids, parse_tasks

TEXT = "## Models\n- [ ] 1.1 User model\n- [ ] 1.2 Post model\n\n## Task 3: Docs\n- **Status**: pending\n"


def edits(tmp_path: Path) -> TasksFileEdits:
    return TasksFileEdits(tmp_path / "TASKS.md", tmp_path, TEXT)


def edit(path, old, new, parent=None, name="Edit", id=None, **extra):
    return ToolUse(id, name, {"file_path": str(path), "old_string": old, "new_string": new, **extra}, parent)


def result(call: ToolUse, error: str | None = None) -> ToolResult:
    """The CLI's answer to ``call``: success, or ``error`` (a rejected edit)."""
    return ToolResult(call.id, error or "The file has been updated.", error is not None, call.parent_tool_use_id,
                      None, None)


def test_edits_are_credited_to_the_call_they_belong_to(tmp_path):
    tracker = edits(tmp_path)
    tracker.feed(edit(tmp_path / "TASKS.md", "- [ ] 1.1", "- [x] 1.1", parent="toolu_agent"))  # no id: at once
    main = edit("TASKS.md", "**Status**: pending", "**Status**: completed", id="t2")  # relative path, main agent
    tracker.feed(main)
    assert tracker.marked_by == {"1.1": "toolu_agent"}  # t2 not replayed before its result
    tracker.feed(result(main))
    assert tracker.marked_by == {"1.1": "toolu_agent", "3": None}


def test_multiedit_and_write(tmp_path):
    tracker = edits(tmp_path)
    multi = ToolUse("t1", "MultiEdit", {"file_path": str(tmp_path / "TASKS.md"), "edits": [
        {"old_string": "- [ ] 1.1", "new_string": "- [x] 1.1"}, {"old_string": "- [ ] 1.2", "new_string": "- [x] 1.2"},
    ]}, "toolu_a")
    write = ToolUse("t2", "Write", {"file_path": str(tmp_path / "TASKS.md"),
                                    "content": TEXT.replace("[ ]", "[x]").replace("pending", "done")}, "toolu_b")
    for event in (multi, result(multi), write, result(write)):
        tracker.feed(event)
    assert tracker.marked_by == {"1.1": "toolu_a", "1.2": "toolu_a", "3": "toolu_b"}


def test_an_edit_the_cli_rejected_credits_nobody(tmp_path):
    """A subagent's edit rejected ("File has not been read yet"), then the main agent's accepted one."""
    tracker = edits(tmp_path)
    rejected = edit(tmp_path / "TASKS.md", "- [ ] 1.1", "- [x] 1.1", parent="toolu_agent", id="t1")
    accepted = edit(tmp_path / "TASKS.md", "- [ ] 1.1", "- [x] 1.1", id="t2")
    tracker.feed(rejected)
    tracker.feed(result(rejected, "<tool_use_error>File has not been read yet. Read it first before writing to it."
                                  "</tool_use_error>"))
    tracker.feed(accepted)
    tracker.feed(result(accepted))
    assert tracker.marked_by == {"1.1": None}


def test_other_files_and_other_tools_are_ignored(tmp_path):
    tracker = edits(tmp_path)
    tracker.feed(edit(tmp_path / "NOTES.md", "- [ ] 1.1", "- [x] 1.1", parent="toolu_a"))
    tracker.feed(ToolUse("t", "Bash", {"command": "sed -i s/x/y/ TASKS.md"}, "toolu_a"))
    assert tracker.marked_by == {}


def test_an_edit_that_no_longer_applies_stops_the_replay(tmp_path):
    tracker = edits(tmp_path)
    tracker.feed(edit(tmp_path / "TASKS.md", "text that is not there", "x", parent="toolu_a"))
    tracker.feed(edit(tmp_path / "TASKS.md", "- [ ] 1.1", "- [x] 1.1", parent="toolu_b"))
    assert tracker.marked_by == {}  # after losing track, nothing is concluded


def test_marks_rank_after_ids_in_the_description_and_before_ids_in_prompts():
    task_list = parse_tasks("## Models\n- [x] 1.1 User model\n- [x] 1.2 Post model\n- [x] 1.3 Tag model\n")
    a = Delegation("toolu_a", "agent-a", "Task 1.1", "also see 1.2", "completed")
    b = Delegation("toolu_b", "agent-b", "Implement model tasks", "", "completed")
    failed = Delegation("toolu_c", "agent-c", "Models work", "", "failed")
    outcomes = attribute(
        task_list.tasks, [a, b, failed], lambda text: mentioned_task_ids(text, task_list),
        {"1.1": "toolu_b", "1.2": "toolu_b", "1.3": "toolu_c"},
    )
    assert {o.id: o.handled_by for o in outcomes} == {
        "1.1": "agent-a",  # named in a description: strongest
        "1.2": "agent-b",  # marked inside agent-b's turns, though agent-a's prompt mentions it
        "1.3": "direct",  # marked inside a delegation that failed: no credit
    }


def test_the_replay_reads_every_id_form_and_tick(tmp_path):
    text = ("## Phase 1: Setup\n- [ ] T001 [P] Layout\n- [ ] T002 [US1] Model\n\n"
            "- [ ] 2. Core\n  - [ ] 2.1 Accounts\n  - [ ]* 2.2a Property tests\n\n"
            "### TASK-12: Docs\n- [ ] **Step 1: write**\n- [ ] **Step 2: check**\n")  # fmt: skip
    tracker = TasksFileEdits(tmp_path / "TASKS.md", tmp_path, text)
    tracker.feed(edit("TASKS.md", "- [ ] T001 [P]", "- [X] T001 [P]", parent="toolu_a"))  # spec-kit's [X]
    tracker.feed(edit("TASKS.md", "- [ ]* 2.2a", "- [x]* 2.2a", parent="toolu_b"))  # Kiro's optional item
    tracker.feed(edit("TASKS.md", "- [ ] **Step 1: write**\n- [ ] **Step 2: check**",
                      "- [x] **Step 1: write**\n- [x] **Step 2: check**"))  # all steps: the heading task is done
    assert tracker.marked_by == {"T001": "toolu_a", "2.2a": "toolu_b", "TASK-12": None}


def test_a_rejected_tick_bars_that_delegation_even_when_its_description_names_the_task(tmp_path):
    tracker = edits(tmp_path)
    rejected = edit(tmp_path / "TASKS.md", "- [ ] 1.1", "- [x] 1.1", parent="toolu_agent", id="t1")
    accepted = edit(tmp_path / "TASKS.md", "- [ ] 1.1", "- [x] 1.1", id="t2")
    for event in (rejected, result(rejected, "File content has changed since it was last read"), accepted,
                  result(accepted)):
        tracker.feed(event)
    assert tracker.rejected_by == {"1.1": {"toolu_agent"}}
    task_list = parse_tasks("## Models\n- [x] 1.1 User model\n- [ ] 1.2 Post model\n")
    named = Delegation("toolu_agent", "builder", "Task 1.1: User model", "Do task 1.1", "completed")
    ids_in = lambda text: mentioned_task_ids(text, task_list)  # noqa: E731
    outcomes = attribute(task_list.tasks[:1], [named], ids_in, tracker.marked_by, tracker.rejected_by)
    assert [o.handled_by for o in outcomes] == ["direct"]
    # a subagent whose edit was rejected but whose later edit went through keeps the credit
    again = edit(tmp_path / "TASKS.md", "- [ ] 1.2", "- [x] 1.2", parent="toolu_agent", id="t3")
    redo = edit(tmp_path / "TASKS.md", "- [ ] 1.2", "- [x] 1.2", parent="toolu_agent", id="t4")
    for event in (again, result(again, "File has not been read yet."), redo, result(redo)):
        tracker.feed(event)
    assert tracker.marked_by["1.2"] == "toolu_agent"
    both = attribute(parse_tasks("## Models\n- [x] 1.1 User model\n- [x] 1.2 Post model\n").tasks, [named], ids_in,
                     tracker.marked_by, tracker.rejected_by)
    assert [o.handled_by for o in both] == ["direct", "builder"]


def test_a_rejected_tick_after_the_main_agent_ticked_first_still_bars_that_delegation(tmp_path):
    """A background subagent (CLI 2.1.330) tries to tick 1.1 after the main agent already did: rejected."""
    tracker = edits(tmp_path)
    accepted = edit(tmp_path / "TASKS.md", "- [ ] 1.1", "- [x] 1.1", id="t1")
    late = edit(tmp_path / "TASKS.md", "- [ ] 1.1", "- [x] 1.1", parent="toolu_agent", id="t2")
    for event in (accepted, result(accepted), late, result(late, "String to replace not found in file.")):
        tracker.feed(event)
    assert tracker.marked_by == {"1.1": None} and tracker.rejected_by == {"1.1": {"toolu_agent"}}


def test_a_todo_org_is_read_as_org_by_its_name(tmp_path):
    """An org comment (`# ...`) looks like a Markdown heading: only the name says org, as load_tasks reads it."""
    text = "# my list, an org comment\n* Core\n** TODO Add it\n** TODO Test it\n"
    assert [task.id for task in parse_tasks(text, "TODO.org").tasks] == ["add-it", "test-it"]
    tracker = TasksFileEdits(tmp_path / "TODO.org", tmp_path, text)
    tracker.feed(edit(tmp_path / "TODO.org", "** TODO Add it", "** DONE Add it", parent="toolu_agent"))
    assert tracker.marked_by == {"add-it": "toolu_agent"}


def test_a_kanban_card_moved_to_the_done_column_by_two_edits_is_credited(tmp_path):
    """A card in the In Progress column is completed by a status line (what the dev prompt says) or by moving it to
    the Done column: cut by one edit (it is gone), pasted by the next (it is back, completed); the paste credits."""
    card = "### TASK-5 | Migrate the store\n**Priority**: High\n\n"
    board = "# Board\n\n## In Progress\n\n" + card + "## Done\n\n### TASK-3 | Write the guide\n"
    tracker = TasksFileEdits(tmp_path / "kanban.md", tmp_path, board)
    assert [(t.id, t.status) for t in parse_tasks(board).tasks] == [("TASK-5", "in_progress"), ("TASK-3", "completed")]
    cut = edit(tmp_path / "kanban.md", card, "", parent="toolu_agent", id="t1")
    paste = edit(tmp_path / "kanban.md", "## Done\n\n", "## Done\n\n" + card, parent="toolu_agent", id="t2")
    for event in (cut, result(cut), paste, result(paste)):
        tracker.feed(event)
    assert tracker.marked_by == {"TASK-5": "toolu_agent"}
