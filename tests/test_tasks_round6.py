"""The shapes of the sixth held-out round (docs/tasks.md): the word "task" in other languages (``### タスク 1.1:``),
todo.mdx's ``[#todo-g354]`` references, a status table whose Task column holds ids beside a Title column, Claude
Code's todo panel pasted as text (``⎿  ☒ ...`` / ``☐ ...``), a Task Master subtask numbered as a JSON number
(``"id": 31.1``), and cc-sdd's ``(P)`` left out of a parent's group name."""

import json
import sys
from pathlib import Path

import pytest

from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, mentioned_task_ids, parse_tasks, prompt_hints
from ralphy.testing.dev import completion_edit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))  # as tests/test_tasks_real_files.py
from score_tasks import read_truth, task_files  # noqa: E402


def _read(text: str) -> list[tuple[int, str, str]]:
    return [(t.line, t.id, t.status) for t in parse_tasks(text).tasks]


KIRO_JA = """# タスク計画: ポモドーロ

## P0: tick 補正

### タスク 1.1: `lastTickTime` を追加する

- [x] 型に `lastTickTime` を追加する
- [x] 初期値を null にする

### タスク 1.2: start / pause で管理する

- [x] `start()` でセットする
- [ ] `pause()` でクリアする

## P1: 品質ゲート

### タスク2.1：品質ゲートを実行する

- [ ] `npm run build` が成功すること
"""


def test_task_headings_in_japanese_are_tasks_with_their_steps():
    tasks = parse_tasks(KIRO_JA).tasks
    assert [(t.line, t.id, t.status) for t in tasks] == [(5, "1.1", COMPLETED), (10, "1.2", IN_PROGRESS),
                                                         (17, "2.1", PENDING)]
    assert tasks[0].title == "`lastTickTime` を追加する"
    assert tasks[0].group == "P0: tick 補正"


def test_the_task_word_in_other_languages_heads_a_task_and_names_a_checkbox_id():
    text = "# Plan\n\n## 任务 3: 实现缓存\n**Status**: done\n\n## Tarea 4: Documentar la API\n**Status**: pending\n"
    assert _read(text) == [(3, "3", COMPLETED), (6, "4", PENDING)]
    boxes = "# Plan\n\n- [x] タスク 1: 型を定義する\n- [ ] Aufgabe 2: Tests schreiben\n"
    assert _read(boxes) == [(3, "1", COMPLETED), (4, "2", PENDING)]
    # the words alone, without a number, name nothing: a plain title keeps its slug
    assert _read("# Plan\n\n- [ ] Aufgaben verteilen\n- [ ] タスクを分ける\n")[0][1] == "aufgaben-verteilen"


TODO_MDX = """# TODO

## In Progress

- [ ] [#todo-ghw6] Add CLI commands for GitHub sync - *task, P3 #cli*

## Open

### Bugs

- [ ] [#todo-g354] Rewrite the template system - *bug, P1 #architecture*
- [ ] [frontend] Fix the header overlap

## Recently Completed

- [x] [#todo-8yk0] Implement template slot interpolation - *closed 2025-12-23*
"""


def test_a_todo_mdx_reference_is_the_id_and_a_label_is_not():
    tasks = parse_tasks(TODO_MDX).tasks
    assert [(t.id, t.status) for t in tasks] == [("todo-ghw6", IN_PROGRESS), ("todo-g354", PENDING),
                                                 ("fix-header-overlap", PENDING), ("todo-8yk0", COMPLETED)]
    assert tasks[1].title.startswith("Rewrite the template system")
    task_list = parse_tasks(TODO_MDX)
    assert mentioned_task_ids("Fix #todo-g354 first, then todo-ghw6", task_list) == ["todo-ghw6", "todo-g354"]


STATUS_TABLE = """# TASKS

| Task | Status | Phase | Iter | Title |
|------|--------|-------|------|-------|
| `v2.1-1.3.1` | ❌ error | EXEC | 1 | Implement graceful task blocking |
| `v2.1-1.3.2` | ✅ done | EXEC | 2 | Write the summary |
"""


def test_a_task_column_holding_ids_beside_a_title_column():
    tasks = parse_tasks(STATUS_TABLE).tasks
    assert [(t.line, t.id, t.status, t.title) for t in tasks] == [
        (5, "v2.1-1.3.1", PENDING, "Implement graceful task blocking"),
        (6, "v2.1-1.3.2", COMPLETED, "Write the summary")]
    assert mentioned_task_ids("retry v2.1-1.3.1", parse_tasks(STATUS_TABLE)) == ["v2.1-1.3.1"]
    # a Task column of titles stays the title, the other title column unread
    text = "| Task | Status | Title |\n|---|---|---|\n| Write the docs | Done | Docs |\n"
    assert [(t.id, t.title) for t in parse_tasks(text).tasks] == [("write-docs", "Write the docs")]


PANEL = """⏺ Update Todos

  ⎿  ☒ Return 404 when a playlist id is unknown
     ☐ Stream waveform previews
     ☐ Add an M3U export

# Player Improvement Plan

### 1. Unknown Playlist Ids

*   **Priority:** High
"""


def test_claude_codes_todo_panel_pasted_as_text_is_the_task_list():
    tasks = parse_tasks(PANEL).tasks
    assert [(t.line, t.status, t.title) for t in tasks] == [
        (3, COMPLETED, "Return 404 when a playlist id is unknown"), (4, PENDING, "Stream waveform previews"),
        (5, PENDING, "Add an M3U export")]
    old, new = completion_edit(PANEL, tasks[1].id)
    assert (old, new) == ("     ☐ Stream waveform previews", "     ☒ Stream waveform previews")
    assert parse_tasks(PANEL.replace(old, new)).tasks[1].status == COMPLETED
    assert "`☐` becomes `☒`" in prompt_hints(parse_tasks(PANEL))["tick_rule"]
    # ☒ leading a list item is done too, as Claude Code's panel writes it
    assert _read("# Done\n\n- ☒ Ship it\n- ☐ Tell people\n") == [(3, "ship-it", COMPLETED), (4, "tell-people", PENDING)]


def test_a_task_master_subtask_numbered_as_a_json_number():
    data = {"master": {"tasks": [
        {"id": "30", "title": "Testing suite", "status": "pending", "subtasks": []},
        {"id": "31", "title": "Provider UI", "status": "pending", "subtasks": [
            {"id": 31.1, "title": "Track the last check", "status": "done"},
            {"id": 31.2, "title": "Add the column", "status": "pending"}]}]}}
    tasks = parse_tasks(json.dumps(data, indent=2)).tasks
    assert [(t.id, t.status, t.group) for t in tasks] == [("30", PENDING, "master"), ("31.1", COMPLETED, "Provider UI"),
                                                          ("31.2", PENDING, "Provider UI")]


def test_cc_sdd_parallel_marker_is_not_part_of_the_group_name():
    text = "# Plan\n\n- [x] 2. Knowledge Store (P)\n- [x] 2.1 Create the store\n- [ ] 2.2 Record on completion\n"
    tasks = parse_tasks(text).tasks
    assert [(t.id, t.group) for t in tasks] == [("2.1", "2. Knowledge Store"), ("2.2", "2. Knowledge Store")]


_REAL_FILES = task_files()


@pytest.mark.parametrize("path", _REAL_FILES, ids=[f.name for f in _REAL_FILES])
def test_the_loop_knows_when_a_real_file_is_done_and_names_its_first_open_task(path):
    """What ``ralphy dev`` sees in each real file: done exactly when the truth's every task is completed, and the
    first open task of the truth is the first one the prompt's example names (the work goes on from there)."""
    from ralphy.tasks import load_tasks

    task_list = load_tasks(path)
    truth = read_truth(path.with_suffix(".truth"))
    open_lines = [line for line, (_, status, *_) in sorted(truth.items()) if status != COMPLETED]
    assert task_list.all_completed == (not open_lines)
    if open_lines:
        first_open = next(task for task in task_list.tasks if not task.completed)
        assert first_open.line == open_lines[0]
        example = prompt_hints(task_list)["task_ids_example"]
        assert example.split(": ")[0].removeprefix("Tasks ").removeprefix("Task ").split(", ")[0] == first_open.id
