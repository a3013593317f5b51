"""``ralphy tasks``: how ralphy reads the task file (the first thing to run when its numbers look wrong)."""

from __future__ import annotations

from pathlib import Path

import click

from ralphy.cli import cli
from ralphy.cli.options import echo_json, json_option, project_dir_argument

_BOX = {"pending": "[ ]", "in_progress": "[~]", "completed": "[x]"}


@cli.command("tasks")
@project_dir_argument
@json_option
def tasks_command(project_dir: Path, as_json: bool) -> None:
    """How ralphy reads PROJECT_DIR's task file (default: here): each task's id, group, status and line.

    With --json: {"file": ..., "tasks": [...], "groups": [...]}, each task with id, title, group, status, line
    (1-based) and its markers (parallel, story, optional), each group with its counts.
    """
    from ralphy.config import load_config
    from ralphy.tasks import NO_TASKS, load_tasks

    tasks_file = load_config(project_dir, ignore_untrusted=True).tasks_file  # reads; runs nothing a repository chose
    task_list = load_tasks(project_dir / tasks_file, root=project_dir)
    groups = []
    for group, tasks in task_list.groups().items():
        counts = {status: sum(task.status == status for task in tasks) for status in _BOX}
        groups.append({"group": group, "total": len(tasks), **counts})
    if as_json:
        echo_json({
            "file": tasks_file,
            "tasks": [
                {"id": t.id, "title": t.title, "group": t.group, "status": t.status, "line": t.line,
                 "parallel": t.parallel, "story": t.story, "optional": t.optional}
                for t in task_list.tasks
            ],
            "groups": groups,
        })  # fmt: skip
        return
    if not task_list.tasks:
        click.echo(f"{tasks_file}: {NO_TASKS}")
        return
    from ralphy.termsafe import display_width, pad

    width = max(display_width(t.id) for t in task_list.tasks)  # as the terminal shows it
    by_group = task_list.groups()
    for row in groups:
        click.echo(f"{row['group']}  ({row['completed']}/{row['total']} done)")
        for t in by_group[row["group"]]:
            markers = [m for m, on in (("parallel", t.parallel), (t.story or "", bool(t.story)), ("optional", t.optional)) if on]
            extra = f"  [{', '.join(markers)}]" if markers else ""
            click.echo(f"  {_BOX[t.status]} {pad(t.id, width)}  {t.title}  (line {t.line}){extra}")
    counts = task_list.counts()
    tasks_n = "1 task" if counts["total"] == 1 else f"{counts['total']} tasks"
    groups_n = "1 group" if len(groups) == 1 else f"{len(groups)} groups"
    click.echo(f"{tasks_file}: {tasks_n} in {groups_n}: {counts['completed']} completed, "
               f"{counts['in_progress']} in progress, {counts['pending']} pending.")
