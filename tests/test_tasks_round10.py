"""Shapes read since the tenth round of real task files (tasks19; docs/tasks.md): Logseq pages (``- TODO ...`` /
``- DONE ...`` blocks) and the Obsidian Tasks plugin's writing (``[-]`` cancelled, ``❌`` / ``🆔`` fields, its ``#task``
global filter); and ticking each of them without touching another byte."""

import time

from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, mentioned_task_ids, parse_tasks, prompt_hints
from ralphy.testing.dev import completion_edit


def _read(text, name="TASKS.md"):
    return [(t.line, t.id, t.status, t.group) for t in parse_tasks(text, name).tasks]


def _tick(text, task_id):
    old, new = completion_edit(text, task_id, "TASKS.md")
    assert text.count(old) == 1
    return text.replace(old, new, 1)


LOGSEQ = ("- ## Sprint\r\n\t- Backend:\r\n\t\t- TODO [#A] Add the login route\r\n\t\t  SCHEDULED: <2024-05-01 Wed>\r\n"
          "\t\t- DOING Fix the cache\r\n\t\t\t- WAIT review by Ann\r\n\t\t- DONE Write the schema\r\n"
          "\t\t- CANCELED Port to Go\r\n\t\t- ```\r\n\t\t  - TODO not a task, in a fence\r\n\t\t  ```\r\n"
          "- [[Home]]\r\n\t- LATER Update the docs #docs\r\n")


def test_a_logseq_page_is_read_by_its_markers():
    assert _read(LOGSEQ) == [(3, "add-login-route", PENDING, "Sprint"), (5, "fix-cache", IN_PROGRESS, "Sprint"),
                             (6, "review-ann", PENDING, "Sprint"), (7, "write-schema", COMPLETED, "Sprint"),
                             (13, "update-docs-docs", PENDING, "Home")]
    assert "marker (`TODO`, `LATER`, `NOW`, `DOING`, `WAIT`) becomes `DONE`" in prompt_hints(parse_tasks(LOGSEQ))["tick_rule"]


def test_ticking_a_logseq_block_changes_its_marker_only():
    text = LOGSEQ
    for task_id in ("add-login-route", "fix-cache", "review-ann", "update-docs-docs"):
        text = _tick(text, task_id)
    assert all(t.status == COMPLETED for t in parse_tasks(text).tasks)
    before, after = LOGSEQ.split("\n"), text.split("\n")
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(before) == len(after) and len(changed) == 4
    for old, new in changed:  # the marker only; CRLF, the priority and the tags kept
        assert new.endswith("\r") and any(old.replace(m, "DONE", 1) == new for m in ("TODO", "DOING", "WAIT", "LATER"))
    assert "\t\t  - TODO not a task, in a fence\r" in after


def test_markdown_with_marker_bullets_keeps_its_reading():
    # a Markdown heading or a checkbox says the file is Markdown: "- TODO ..." bullets there are not Logseq blocks
    text = "## Next\n\n- [ ] Ship it\n- TODO write the notes\n"
    assert _read(text) == [(3, "ship-it", PENDING, "Next")]
    assert _read("# Plan\n\n- TODO write the notes\n- DONE ship\n") == \
        [(t.line, t.id, t.status, t.group) for t in parse_tasks("# Plan\n\n- TODO write the notes\n- DONE ship\n").tasks]
    assert not any(t.line == 3 and t.status == IN_PROGRESS for t in parse_tasks(text).tasks)


def test_obsidian_tasks_cancelled_ids_and_global_filter():
    text = ("## Article\n\n- [ ] #task Choose a topic 🆔 ya44g5\n- [ ] #task Research it 🆔 g7317o ⛔ ya44g5\n"
            "- [x] #task Old outline ✅ 2024-01-02\n- [-] #task Drop the intro ❌ 2024-01-03\n- [-] #task Half done\n"
            "- [ ] A note to self, not a task\n")
    assert _read(text) == [(3, "ya44g5", PENDING, "Article"), (4, "g7317o", PENDING, "Article"),
                           (5, "task-old-outline", COMPLETED, "Article")]  # its ✅ date: no part of its id (loose20)
    tasks = parse_tasks(text)
    assert mentioned_task_ids("Tasks ya44g5, g7317o: Article", tasks) == ["ya44g5", "g7317o"]
    ticked = _tick(text, "g7317o")
    assert ticked == text.replace("- [ ] #task Research", "- [x] #task Research", 1)


def test_kiro_in_progress_box_is_kept_without_the_plugins_writing():
    # [-] is Kiro's "in progress" unless the file is written with the plugin (a cancelled date, an id, a query)
    kiro = "- [-] 1. Build the core\n- [ ] 2. Write the docs\n"
    assert [t.status for t in parse_tasks(kiro).tasks] == [IN_PROGRESS, PENDING]
    query = kiro + "\n```tasks\nnot done\n```\n"
    assert [t.status for t in parse_tasks(query).tasks] == [PENDING]
    # a few #task tags among many boxes are words, not the plugin's filter
    text = "- [ ] Fix #task parsing\n- [ ] Add #task list\n- [ ] Write docs\n- [ ] Ship\n- [ ] Tag\n"
    assert len(parse_tasks(text).tasks) == 5


def test_long_runs_of_blanks_and_marks_are_read_in_linear_time():
    # a task file opening with a run of blanks before "- " was quadratic in the YAML sniff (its two blank runs split the
    # run every way: 40,000 tabs took 20 s on main); the Logseq and Obsidian reads are linear in such runs too
    shapes = ["{0}- [ ] a\n", "{1}- TODO a\n", "- TODO a\n{1}-{0}DON\n", "- [-] a{2}\n```tasks\n```\n",
              "- [ ] #task a 🆔{0}b\n- [ ] #task b\n"]

    def cpu(blanks: int) -> float:
        started = time.process_time()
        for shape, count in zip(shapes, (1, 1, 1, 0, 2)):  # the [-] of a file with a ```tasks query: cancelled
            text = shape.format(" " * blanks, "\t" * blanks, " ❌" * (blanks // 2))
            assert len(parse_tasks(text, "TASKS.md").tasks) == count
        return time.process_time() - started

    small = min(cpu(4_000) for _ in range(3))
    assert cpu(40_000) < 40 * max(small, 1e-3)  # 10x the blanks: about 10x the time (quadratic: 100x, and 20 s)


TODO_TXT = ("(A) 2024-03-01 Add the --json flag +cli @laptop\r\nx 2024-03-04 2024-03-01 Fix the crash +cli\r\n"
            "#a comment\r\n\r\nReply to the issue @github\r\n")


def test_a_todo_txt_is_one_task_a_line():
    assert _read(TODO_TXT, "todo.txt") == [(1, "add-json-flag-cli-laptop", PENDING, "cli"),
                                           (2, "fix-crash-cli", COMPLETED, "cli"), (5, "reply-issue-github", PENDING, "Tasks")]
    assert _read(TODO_TXT, "work.todo.txt") == _read(TODO_TXT, "todo.txt")
    assert "gets `x ` at its start" in prompt_hints(parse_tasks(TODO_TXT, "todo.txt"))["tick_rule"]
    old, new = completion_edit(TODO_TXT, "add-json-flag-cli-laptop", "todo.txt")
    assert (old, new) == ("(A) 2024-03-01 Add the --json flag +cli @laptop\r", "x (A) 2024-03-01 Add the --json flag +cli @laptop\r")
    # the same lines in a file of another name are not a todo.txt; a TODO.txt written as a Markdown list is Markdown
    assert parse_tasks(TODO_TXT, "NOTES.txt").tasks == ()
    assert _read("## Next\n- [ ] Ship it\n- Reply to the issue\n", "TODO.txt") == [(2, "ship-it", PENDING, "Next")]


def test_todo_and_done_lines_whatever_the_files_name():
    text = "TODO: pipes\nTODO: redirects < >\n\nDONE: move cursor with arrows\nDOING: history search\n"
    assert _read(text, "TASKS.md") == [(1, "pipes", PENDING, "Tasks"), (2, "redirects", PENDING, "Tasks"),
                                       (4, "move-cursor-arrows", COMPLETED, "Tasks"), (5, "history-search", IN_PROGRESS, "Tasks")]
    assert "`TODO:` (or `DOING:`, `NEXT:`) becomes `DONE:`" in prompt_hints(parse_tasks(text))["tick_rule"]
    assert _tick(text, "history-search").split("\n")[4] == "DONE: history search"
    # one line that is not a status line and the file is read as before (here: no task)
    assert parse_tasks(text + "Notes about the shell\n").tasks == ()
