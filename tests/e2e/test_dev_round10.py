"""`ralphy dev` end to end on the two most different shapes of the tenth round of real task files (tasks19): a Logseq
page, whose tasks are outline blocks led by a marker (`- NOW ...`, `- LATER ...`), ticked by their marker becoming
`DONE`; and an Obsidian Tasks note whose boxes carry the plugin's own ids (`🆔 ya44g5`) and dependencies, which
attribution must read as the tasks' ids. The real ralphy drives the real Claude CLI against the scripted model, which
ticks each task as the dev prompt's rule says; each run must end completed in one iteration, attributed by the file's
own ids (read from the file, never from the model's claims), with every byte outside the ticked marks as it was."""

from __future__ import annotations

import pytest

from tests.e2e.scripted import handled_by
from tests.e2e.test_dev_task_shapes import changed_byte_lines, run_real_file

pytestmark = pytest.mark.e2e


def test_a_logseq_page_is_completed_by_its_markers(tmp_path, claude_home, claude_bin):
    raw, data, first, after, prompt = run_real_file(tmp_path, claude_home, claude_bin, "logseq-docs-examples.md",
                                                   {"Project 1": "tdd-orchestrator"}, "pages/examples.md")
    assert handled_by(data) == {"fix-some-bugs-tag1-tag2": "tdd-orchestrator", "chat-friends": "tdd-orchestrator"}
    assert [(d["agent"], d["task_ids"], d["status"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", ["fix-some-bugs-tag1-tag2", "chat-friends"], "completed")]
    assert changed_byte_lines(raw, after) == [
        (b"        - NOW fix some bugs #tag1 #tag2", b"        - DONE fix some bugs #tag1 #tag2"),
        (b"        - LATER chat with friends", b"        - DONE chat with friends")]
    assert b"- CANCELED dance with a bear" in after  # dropped: not work, not ticked
    assert "marker (`TODO`, `LATER`, `NOW`, `DOING`, `WAIT`) becomes `DONE`" in prompt


def test_obsidian_tasks_ids_are_attributed_and_their_boxes_ticked(tmp_path, claude_home, claude_bin):
    raw, data, first, after, prompt = run_real_file(tmp_path, claude_home, claude_bin, "obsidian-dependencies.md",
                                                   {"Write the article": "tdd-orchestrator"})
    article = ["ya44g5", "g7317o", "rot7gb", "mvplec", "0wigip", "5ti6bf", "task-publish-article"]
    assert {k: v for k, v in handled_by(data).items() if v == "tdd-orchestrator"} == \
        {task_id: "tdd-orchestrator" for task_id in article}
    assert len(handled_by(data)) == 17
    assert [(d["agent"], d["task_ids"], d["status"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", article, "completed")]
    changed = changed_byte_lines(raw, after)
    assert len(changed) == 17 and all(old.replace(b"- [ ]", b"- [x]", 1) == new for old, new in changed)
    assert "Tasks ya44g5, g7317o: Write the article" in prompt


def test_a_todo_txt_is_completed_line_by_line(tmp_path, claude_home, claude_bin):
    raw, data, first, after, prompt = run_real_file(tmp_path, claude_home, claude_bin, "lookalike-todo.txt",
                                                   {"cli": "tdd-orchestrator"}, "todo.txt")
    cli = ["add-json-flag-export", "split-exporter-modules"]
    assert {k: v for k, v in handled_by(data).items() if v == "tdd-orchestrator"} == {t: "tdd-orchestrator" for t in cli}
    assert len(handled_by(data)) == 5  # the four open lines of other projects done directly, the done ones left
    assert [(d["agent"], d["task_ids"], d["status"]) for d in first["delegations"]] == [("tdd-orchestrator", cli, "completed")]
    changed = changed_byte_lines(raw, after)
    assert len(changed) == 5 and all(new == b"x " + old for old, new in changed)  # "x " first, the line as it was
    assert "gets `x ` at its start" in prompt


def test_todo_and_done_lines_become_done(tmp_path, claude_home, claude_bin):
    raw, data, first, after, prompt = run_real_file(tmp_path, claude_home, claude_bin, "kdesp73-webc-todo.txt",
                                                   {"Tasks": "tdd-orchestrator"}, "todo.txt")
    assert len(handled_by(data)) == 8 and set(handled_by(data).values()) == {"tdd-orchestrator"}
    changed = changed_byte_lines(raw, after)
    assert len(changed) == 8 and all(old.startswith(b"TODO:") and new == b"DONE:" + old[5:] for old, new in changed)
