"""`ralphy doctor`'s tasks line reads the task file as `ralphy dev` will: a FIFO or a folder named TASKS.md is the
error dev stops on (it said "no TASKS.md ... write one"), a file with no task says how to write one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ralphy.doctor import PROBLEM, WARNING, OK, Diagnosis, _check_tasks


def tasks_line(project: Path) -> tuple[str, str, str | None]:
    diagnosis = Diagnosis(str(project))
    _check_tasks(diagnosis, project, "TASKS.md")
    (check,) = [check for check in diagnosis.checks if check.name == "tasks"]
    return check.status, check.message, check.fix


@pytest.mark.parametrize("make, said", [
    (lambda path: os.mkfifo(path), "is a FIFO, not a tasks file"),
    (lambda path: path.mkdir(), "is a directory, not a tasks file"),
])
def test_a_task_file_dev_cannot_read_is_the_problem_dev_would_stop_on(tmp_path: Path, make, said) -> None:
    make(tmp_path / "TASKS.md")
    status, message, fix = tasks_line(tmp_path)
    assert (status, fix) == (PROBLEM, "fix the file named")
    assert message.endswith(f"TASKS.md: {said}") and "no TASKS.md" not in message


def test_a_symlink_out_of_the_project_is_not_followed(tmp_path: Path) -> None:
    project, outside = tmp_path / "app", tmp_path / "secret.md"
    project.mkdir()
    outside.write_text("- [ ] read me\n")
    (project / "TASKS.md").symlink_to(outside)
    status, message, _ = tasks_line(project)
    assert status == PROBLEM and "read me" not in message


def test_the_tasks_line_counts_what_is_left_or_says_how_to_write_one(tmp_path: Path) -> None:
    assert tasks_line(tmp_path)[:2] == (WARNING, f"no TASKS.md in {tmp_path}")
    (tmp_path / "TASKS.md").write_text("Just notes.\n")
    assert tasks_line(tmp_path) == (WARNING, "TASKS.md: no tasks found (write them as `- [ ] ...` items or "
                                             "`## Task N: ...` headings)", None)
    (tmp_path / "TASKS.md").write_text("## Core\n- [x] 1.1 a\n- [ ] 1.2 b\n- [ ] 1.3 c\n")
    assert tasks_line(tmp_path) == (OK, "TASKS.md: 2 of 3 tasks to do", None)
