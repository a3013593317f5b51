"""A tool's fields are no part of a task's title (loose20): the Obsidian Tasks plugin's emoji fields at a box's end,
todo.txt's ``key:value`` pairs and its ``x DATE (A) DATE`` head. The titles below were written by hand from the
plugin's own sample vault (tests/data/tasks/SOURCES.md: obsidian-tasks-format.md, obsidian-acme.md, MIT) and a
GTD vault's daily note, before ralphy read them; the files themselves are never changed."""

from __future__ import annotations

import time
from pathlib import Path

from ralphy.tasks import COMPLETED, PENDING, parse_tasks
from ralphy.tasks_fields import without_key_values, without_obsidian_fields

FILES = Path(__file__).parent / "data" / "tasks" / "files"


def _titles(name: str) -> list[tuple[int, str]]:
    path = FILES / name
    return [(task.line, task.title) for task in parse_tasks(path.read_text(encoding="utf-8"), path).tasks]


def test_every_field_of_the_plugins_format_is_left_out_of_the_title() -> None:
    # was: each title ended with its field ("#task Has a due date 📅 2023-04-16", "... 🔁 every day 🏁 delete")
    assert _titles("obsidian-tasks-format.md") == [
        (7, "#task Has a created date"), (8, "#task Has a scheduled date"), (9, "#task Has a start date"),
        (10, "#task Has a due date"), (11, "#task Has a done date"),
        (20, "#task Lowest priority"), (21, "#task Low priority"), (22, "#task Normal priority"),
        (23, "#task Medium priority"), (24, "#task High priority"), (25, "#task Highest priority"),
        (31, "#task Is a recurring task"),
        (37, "#task Keep this task when done"), (38, "#task Keep this task when done too"),
        (39, "#task Remove this task when done"),
        (40, "#task Remove completed instance of this recurring task when done"),
        (48, "#task do this first"), (49, "#task do this after first and some other task")]


def test_several_fields_in_a_row_and_a_real_daily_note() -> None:
    assert _titles("obsidian-acme.md")[:2] == [(5, "#task Take out the trash"), (6, "#task Take out the trash")]
    assert (9, "#task Cook dinner") in _titles("obsidian-acme.md")  # "⏫ ⏳ 2021-11-23"
    daily = _titles("obsidian-gtd-daily-note.md")
    assert (15, '#waitingFor arrival of book "Waiting for Godot"') in daily  # "🛫 2022-03-11"
    assert (16, 'Book report on "Waiting for Godot" is due') in daily  # "📅 2024-09-04"


def test_the_id_the_plugin_gives_is_still_read() -> None:
    tasks = parse_tasks((FILES / "obsidian-tasks-format.md").read_text(encoding="utf-8"), "Tasks Format.md").tasks
    assert [(t.id, t.title) for t in tasks if t.line == 48] == [("dcf64c", "#task do this first")]


NOTE = "## Today\n- [ ] #task Fix 📅 2026-11-30 ⏫\n- [ ] #task Call Ann #home 🔼 ⏳ 2026-12-01\n"


def test_rescheduling_or_ticking_a_task_the_plugins_way_keeps_its_id() -> None:
    # was: a short title's id held its date ("task-fix-2026-11-30"): a task moved to another day, or ticked by
    # the plugin (which adds "✅ date"), became another task for the history and the report
    before = [(t.id, t.title, t.status) for t in parse_tasks(NOTE).tasks]
    assert before == [("task-fix", "#task Fix", PENDING), ("task-call-ann-home", "#task Call Ann #home", PENDING)]
    moved = NOTE.replace("📅 2026-11-30", "📅 2026-12-07").replace("⏳ 2026-12-01", "⏳ 2026-12-08")
    assert [(t.id, t.title) for t in parse_tasks(moved).tasks] == [b[:2] for b in before]
    ticked = moved.replace("- [ ] #task Fix 📅 2026-12-07 ⏫", "- [x] #task Fix 📅 2026-12-07 ⏫ ✅ 2026-11-25")
    after = parse_tasks(ticked).tasks
    assert (after[0].id, after[0].title, after[0].status) == ("task-fix", "#task Fix", COMPLETED)


def test_a_title_of_fields_alone_or_an_emoji_in_its_words_is_kept() -> None:
    assert without_obsidian_fields("📅 2026-01-01") == "📅 2026-01-01"
    assert without_obsidian_fields("Build the thing ✅") == "Build the thing ✅"  # ✅ without a date: no field
    assert without_obsidian_fields("Ship 🔼 the release notes") == "Ship 🔼 the release notes"  # not at the end
    assert without_obsidian_fields("Ship it 📅 2026-01-01 #work #home ⏫") == "Ship it #work #home"
    # the plugin's recurrence starts "every", its on-completion is "keep" or "delete": other words stay (were cut)
    assert without_obsidian_fields("Fix the 🔁 retry loop") == "Fix the 🔁 retry loop"
    assert without_obsidian_fields("Celebrate the launch 🏁 party") == "Celebrate the launch 🏁 party"
    assert without_obsidian_fields("Water 🔁 every 2 weeks 🏁 keep") == "Water"


def test_a_long_or_hostile_line_is_quick() -> None:
    for line in ("x" + " 📅 2024-01-01" * 100_000, "x" + "🔁 a" * 200_000, "a " + "#t " * 200_000 + "⏫"):
        started = time.monotonic()
        without_obsidian_fields(line)
        assert time.monotonic() - started < 0.5


TODO_TXT = ("x 2026-11-25 (A) 2026-11-20 Pin the CI runner image +ci @work due:2026-11-30\n"
            "(B) 2026-11-21 Write the guide +docs see https://todotxt.org t:2026-11-28\n"
            "Call the bank at 10:30 about C:\\statements pri:C\n"
            "Set timeout:30 for the localhost:8080 proxy +cli due:2026-12-01 @work rec:1w\n")


def test_todo_txt_head_and_key_values_are_not_the_title() -> None:
    # was: "(A) 2026-11-20 Pin the CI runner image +ci @work due:2026-11-30" for the done line
    tasks = parse_tasks(TODO_TXT, "todo.txt").tasks
    assert [(t.title, t.group, t.status) for t in tasks] == [
        ("Pin the CI runner image +ci @work", "ci", COMPLETED),
        ("Write the guide +docs see https://todotxt.org", "docs", PENDING),
        ("Call the bank at 10:30 about C:\\statements", "Tasks", PENDING),
        # a pair in the words is a word of the title: only those at the end, among +project and @context, go
        ("Set timeout:30 for the localhost:8080 proxy +cli @work", "cli", PENDING)]
    assert [t.id for t in tasks] == ["pin-ci-runner-image-ci", "write-guide-docs-see", "call-bank-10-30-about-c",
                                     "set-timeout-30-localhost"]
    assert without_key_values("due:2026-11-30") == "due:2026-11-30"  # pairs alone: the line is the title
    assert without_key_values("Call re:invoice today") == "Call re:invoice today"


def test_the_lookalike_todo_txt() -> None:
    assert [title for _, title in _titles("lookalike-todo.txt")] == [
        "Add the --json flag to the export command +cli @laptop", "Write the migration guide +docs",
        "Fix the crash on empty input +cli", "Pin the CI runner image +ci", "Reply to the issue about Windows paths @github",
        "Benchmark the cold start +perf", "Rename the config key +cli", "Split the exporter into modules +cli +refactor"]
