"""``ralphy tasks [DIR] [--json]``: how ralphy reads the task file, on real files and hostile ones."""

import json
import os
import shutil
from pathlib import Path

from click.testing import CliRunner

from ralphy.cli import cli

REAL = Path(__file__).resolve().parent / "data" / "tasks" / "files"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_json_lists_every_task_with_markers_and_each_group(tmp_path):
    shutil.copy(REAL / "speckit-beacon-002.md", tmp_path / "TASKS.md")
    result = run("tasks", tmp_path, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["file"] == "TASKS.md" and len(data["tasks"]) == 107
    first = data["tasks"][0]
    assert set(first) == {"id", "title", "group", "status", "line", "parallel", "story", "optional"}
    assert (first["id"], first["line"], first["status"]) == ("T001", 31, "completed")
    parallel = next(t for t in data["tasks"] if t["parallel"])
    assert "[P]" not in parallel["title"]
    assert sum(g["total"] for g in data["groups"]) == 107
    assert data["groups"][0]["group"].startswith("Phase 1")


def test_text_shows_groups_ids_lines_and_the_totals(tmp_path):
    shutil.copy(REAL / "kiro-imaprest-move.md", tmp_path / "TASKS.md")
    result = run("tasks", tmp_path)
    assert result.exit_code == 0, result.output
    assert "1. Extend search library with new fields and validation  (2/6 done)" in result.output
    assert "[ ] 1.3" in result.output and "optional" in result.output
    assert result.output.rstrip().endswith("19 tasks in 5 groups: 10 completed, 0 in progress, 9 pending.")


def test_the_configured_tasks_file_is_read(tmp_path):
    (tmp_path / ".ralphy.toml").write_text('tasks_file = "specs/001/tasks.md"\n')
    (tmp_path / "specs" / "001").mkdir(parents=True)
    (tmp_path / "specs" / "001" / "tasks.md").write_text("## Phase 1: Setup\n- [ ] T001 Create it\n")
    data = json.loads(run("tasks", tmp_path, "--json").output)
    assert data["file"] == "specs/001/tasks.md" and [t["id"] for t in data["tasks"]] == ["T001"]


def test_a_bad_task_file_is_one_line_and_an_error_exit(tmp_path):
    os.mkfifo(tmp_path / "TASKS.md")
    result = run("tasks", tmp_path)
    assert result.exit_code != 0
    assert result.output.strip().count("\n") == 0 and "is a FIFO" in result.output
    (tmp_path / "TASKS.md").unlink()
    result = run("tasks", tmp_path)
    assert result.exit_code != 0 and "no tasks file" in result.output
