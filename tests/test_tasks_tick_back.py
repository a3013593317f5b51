"""Ticking a task back into its file, for every real task file in tests/data/tasks/ (each shape ralphy reads).

The edit is the one the dev prompt's tick rule asks Claude for (``ralphy.testing.dev.completion_edit`` makes it,
as the scripted model does in the end-to-end tests), applied to the file's bytes as an exact-string Edit would
apply it. Then ralphy reads the file again: the task is completed, no other task changed, and every byte outside
the edited lines is as it was (CRLF endings, a BOM, tabs and trailing spaces kept).
"""

import re
import sys
from pathlib import Path

import pytest

from ralphy.tasks import COMPLETED, load_tasks, parse_tasks, prompt_hints
from ralphy.testing.dev import completion_edit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_tasks import task_files  # noqa: E402

REAL_FILES = task_files()  # Markdown, and the JSON and YAML task lists (their own field is the tick)


def _open_task(path: Path):
    tasks = load_tasks(path).tasks
    return next((t for t in tasks if t.status != COMPLETED and not t.optional), None) or next(
        (t for t in tasks if t.status != COMPLETED), None)


@pytest.mark.parametrize("path", REAL_FILES, ids=[f.name for f in REAL_FILES])
def test_ticking_a_task_changes_that_task_and_those_bytes_only(path, tmp_path):
    task = _open_task(path)
    if task is None:
        assert load_tasks(path).all_completed  # every task done already: nothing to tick
        return
    raw = path.read_bytes()
    text = raw.decode("utf-8")  # a BOM stays in the text, as an editor keeps it
    edit = completion_edit(text, task.id, path.name)
    assert edit is not None, f"{task.id} at line {task.line}: no edit"
    old, new = edit
    assert text.count(old) == 1, f"{task.id}: the edit's old text is not unique in the file"
    ticked = tmp_path / path.name
    ticked.write_bytes(text.replace(old, new, 1).encode("utf-8"))

    before = {t.id: t.status for t in load_tasks(path).tasks}
    after = {t.id: t.status for t in load_tasks(ticked).tasks}
    assert after[task.id] == COMPLETED
    assert {k: v for k, v in after.items() if k != task.id} == {k: v for k, v in before.items() if k != task.id}

    old_lines, new_lines = raw.split(b"\n"), ticked.read_bytes().split(b"\n")
    first = task.line - 1 if task.line - 1 < len(old_lines) and old.split("\n")[0] in old_lines[task.line - 1].decode() \
        else raw.decode("utf-8")[: raw.decode("utf-8").index(old)].count("\n")
    added = new.count("\n") - old.count("\n")
    assert len(new_lines) == len(old_lines) + added
    assert new_lines[:first] == old_lines[:first]  # everything before the edit, byte for byte
    last = first + old.count("\n") + 1
    assert new_lines[last + added:] == old_lines[last:]  # and everything after it
    assert raw.startswith(b"\xef\xbb\xbf") == ticked.read_bytes().startswith(b"\xef\xbb\xbf")
    crlf = raw.count(b"\r\n") > 0
    assert all(line.endswith(b"\r") for line in new_lines[first:last + added]) == crlf or not crlf


@pytest.mark.parametrize("path", REAL_FILES, ids=[f.name for f in REAL_FILES])
def test_the_prompt_tells_the_tick_the_file_uses(path):
    """The tick rule in the dev prompt names what the tick writes into this file (``[X]``, ``[x]\\*``,
    ``✓&nbsp;done``, a status line, a ✅)."""
    text = path.read_bytes().decode("utf-8")
    task = _open_task(path)
    if task is None:
        return
    rule = prompt_hints(parse_tasks(text, path.name))["tick_rule"]
    old, new = completion_edit(text, task.id, path.name)
    written = [line for line in new.split("\n") if line not in old.split("\n")]
    targets = [t.removeprefix("- ") for t in re.findall(r"(?:becomes|gets)(?: an?)? `([^`]+)`", rule)]
    if "✅" in rule:
        targets.append("✅")
    assert any(target in line for target in targets for line in written), (rule, written)


@pytest.mark.parametrize("path", REAL_FILES, ids=[f.name for f in REAL_FILES])
def test_ticking_every_task_in_turn_completes_the_file(path):
    """The scripted model works through a whole file: each open task's edit, from the text as the last edit left it,
    completes that task and no other, until every task is completed (a kanban card in the In Progress column gets a
    status line, a blocked `[!]` box is ticked: tasks17)."""
    text = path.read_bytes().decode("utf-8")
    for _ in range(len(parse_tasks(text, path.name).tasks)):
        tasks = parse_tasks(text, path.name).tasks
        task = next((t for t in tasks if t.status != COMPLETED), None)
        if task is None:
            break
        old, new = completion_edit(text, task.id, path.name)
        assert text.count(old) == 1, task.id
        text = text.replace(old, new, 1)
        after = {t.id: t.status for t in parse_tasks(text, path.name).tasks}
        assert after == {t.id: COMPLETED if t.id == task.id else t.status for t in tasks}, task.id
    assert parse_tasks(text, path.name).all_completed
