"""Shapes read since the ninth round of real task files (tasks18; docs/tasks.md): ids with a phase's letter
(``9C.0.3``) or a long word (``FEATURE-001``), a heading's box after its number (``### 1. [ ] ...``), a table's
marks as the file's own legend names them, ``failed`` in a status column, bracketed labels before an id
(``[P1][M][done] R-011 — ...``), a bold label written with a space before its colon; and ticking each of them."""

import time
from pathlib import Path

from ralphy.tasks import (COMPLETED, IN_PROGRESS, PENDING, mentioned_task_ids, newly_completed, parse_tasks,
                          prompt_hints)
from ralphy.tasks_table import done_cell, legend
from ralphy.testing.dev import completion_edit


def _read(text, name="TASKS.md"):
    return [(t.line, t.id, t.status) for t in parse_tasks(text, name).tasks]


def _tick(text, task_id):
    old, new = completion_edit(text, task_id, "TASKS.md")
    assert text.count(old) == 1
    return text.replace(old, new, 1)


def test_ids_with_a_phase_letter_or_a_long_word():
    text = ("### Phase 9C.0: Prerequisites\n\n- [ ] **9C.0.3** Document the limitation\n"
            "- [ ] **9C.2.B2** BATCH: Update skills documentation (combines 7.2.1, 7.2.2)\n"
            "- [x] **FIX-001: DateUtils.swift:104** - Remove force-unwrap ✅\n"
            "- [ ] **FEATURE-001: Export Manager UI integration**\n")
    assert _read(text) == [(3, "9C.0.3", PENDING), (4, "9C.2.B2", PENDING), (5, "FIX-001", COMPLETED),
                           (6, "FEATURE-001", PENDING)]
    tasks = parse_tasks(text, "TASKS.md")
    assert mentioned_task_ids("Tasks 9C.0.3 and FEATURE-001: docs and export", tasks) == ["9C.0.3", "FEATURE-001"]
    # still titles: a number with a letter and no dotted rest, a word past twelve letters, a long word without a hyphen
    plain = "- [ ] 5G rollout in the lab\n- [ ] INTERNATIONALISE-2 the menus\n- [ ] VERSIONING2 notes\n"
    assert [t.id for t in parse_tasks(plain, "TASKS.md").tasks] == ["5g-rollout-lab", "internationalise-2-menus",
                                                                     "versioning2-notes"]


def test_a_heading_box_after_its_number():
    text = ("## Top 10 Tasks\r\n\r\n### 1. [ ] Initial setup and structure\r\n\r\n**Why**: foundation\r\n\r\n"
            "### 2. [x] Add the parser\r\n\r\n### 3. [ ] Add the CLI ✅\r\n\r\n## Backlog\r\n\r\n- [ ] Later\r\n")
    assert _read(text) == [(3, "1", PENDING), (7, "2", COMPLETED), (9, "3", COMPLETED), (13, "later", PENDING)]
    rule = prompt_hints(parse_tasks(text, "TASKS.md"))["tick_rule"]
    assert "heading's own box" in rule and "**Status**: completed" not in rule
    ticked = _tick(text, "1")
    assert ticked == text.replace("### 1. [ ] Initial", "### 1. [x] Initial")  # in place, CRLF kept
    assert dict((t.id, t.status) for t in parse_tasks(ticked, "TASKS.md").tasks)["1"] == COMPLETED
    # an open box with a status line under it: the line says more (a model that wrote the file's other done)
    assert _read("### 4. [ ] Tag the release\n**Status**: completed\n") == [(1, "4", COMPLETED)]
    assert _read("## [ ] 5. Tag the release\n**Status**: in progress\n") == [(1, "5", IN_PROGRESS)]
    assert _read("## [x] 5. Tag the release\n**Status**: pending\n") == [(1, "5", COMPLETED)]  # a ticked box stays


def test_a_table_mark_means_what_the_files_legend_says():
    rows = ("## List\n\n| **Task** | **Category** | **State** |\n| :-- | :-: | :-: |\n"
            "| Add badges | 📝 | ⏳ |\n| Update the changelog | 📝 | 🔄 |\n")
    assert [t.status for t in parse_tasks(rows, "TASKS.md").tasks] == [IN_PROGRESS, IN_PROGRESS]  # no legend
    for said in ("### State\n\n| ⏳ | 🔄 | ✅ |\n| :-: | :-: | :-: |\n| Not started | In progress | Done |\n\n",
                 "| Emoji | Meaning |\n|---|---|\n| ⏳ | Not started |\n| 🔄 | In progress |\n| ✅ | Done |\n\n",
                 "Legend:\n\n- ⏳ Not started\n- 🔄 In progress\n- ✅ Done\n\n"):
        text = said + rows
        assert [t.status for t in parse_tasks(text, "TASKS.md").tasks] == [PENDING, IN_PROGRESS], said
        assert legend(text) == {"⏳": PENDING, "🔄": IN_PROGRESS, "✅": COMPLETED}
        assert done_cell(text) == "✅"  # no row done yet: the file's own done mark
        ticked = _tick(text, "add-badges")
        assert ticked == text.replace("| Add badges | 📝 | ⏳ |", "| Add badges | 📝 | ✅ |")
        assert [t.status for t in parse_tasks(ticked, "TASKS.md").tasks] == [COMPLETED, IN_PROGRESS]


def test_the_legend_is_read_in_linear_time():
    for text in ("| ⏳ " * 30 + "|\n|" + "-|" * 30 + "\n" + "| Not started " * 30 + "|\n") * 300, \
            "- ⏳" + " " * 200_000 + "x\n", ("| Task | State |\n|---|---|\n" + "| a | ⏳ |\n" * 20_000):
        started = time.process_time()
        parse_tasks(text, "TASKS.md")
        legend(text)
        assert time.process_time() - started < 3


def test_failed_in_a_status_column_is_work_left():
    text = ("| ID | Task | Status | Notes |\n|----|------|--------|-------|\n| 2.2 | Cards | in_progress | |\n"
            "| 2.3 | Labels | failed | retry after 2.2 |\n| 2.4 | Import | blocked | token |\n")
    assert _read(text) == [(3, "2.2", IN_PROGRESS), (4, "2.3", PENDING), (5, "2.4", PENDING)]
    assert _tick(text, "2.3").split("\n")[3] == "| 2.3 | Labels | Done | retry after 2.2 |"


def test_bracketed_labels_before_an_id():
    text = ("## PHASE 2\n\n- [x] [P2][M][done] R-020 — Journal des modifications (deps: R-003) ✅ VALIDÉ\n"
            "- [ ] [P2][M][doing] R-022 — Synchronisation des favoris (deps: R-020)\n"
            "- [ ] [P2][L][todo] R-023 — Résolution des conflits\n- [ ] [S][todo] Traduire l'interface\n"
            "- [ ] [P] [US1] T010 Contract test for login\n- [ ] [frontend] 3 files to tidy\n")
    tasks = parse_tasks(text, "TASKS.md").tasks
    assert [(t.id, t.status) for t in tasks] == [
        ("R-020", COMPLETED), ("R-022", IN_PROGRESS), ("R-023", PENDING), ("traduire-l-interface", PENDING),
        ("T010", PENDING), ("3-files-tidy", PENDING)]
    assert tasks[4].parallel and tasks[4].story == "US1" and tasks[4].title == "Contract test for login"
    assert tasks[1].title.startswith("[P2][M][doing] Synchronisation")  # the labels stay in the title
    ticked = _tick(text, "R-022")
    assert dict((t.id, t.status) for t in parse_tasks(ticked, "TASKS.md").tasks)["R-022"] == COMPLETED


def test_a_labelled_task_keeps_its_id_when_its_labels_change():
    # loose19: the slug of "[S][todo] Traduire l'interface" was "s-todo-traduire-l", and the file's own way to tick it
    # ("- [x] [S][done] ...", as its done tasks are written) renamed it "s-done-traduire-l": the delegation that named
    # the task named no task of the file after the tick, and a task the main agent ticked for it read as done directly
    path = Path(__file__).parent / "data" / "tasks" / "files" / "lookalike-roadmap-tags-fr.md"
    text = path.read_text(encoding="utf-8")
    ticked = text.replace("- [ ] [S][todo] Traduire", "- [x] [S][done] Traduire").replace(
        "- [ ] [P2][M][doing] R-022", "- [x] [P2][M][done] R-022")
    before, after = parse_tasks(text, "TASKS.md"), parse_tasks(ticked, "TASKS.md")
    assert [t.id for t in before.tasks] == [t.id for t in after.tasks]
    assert [t.id for t in newly_completed(before, after)] == ["R-022", "traduire-l-interface-en"]
    delegation = "Tasks R-022, traduire-l-interface-en: Synchronisation"  # the ids as the prompt showed them
    assert mentioned_task_ids(delegation, after) == ["R-022", "traduire-l-interface-en"]
    more = "- [ ] [WIP] Add the login form\n- [ ] [frontend][todo] 3 files to tidy\n- [ ] [todo]\n"
    done = "- [x] [done] Add the login form\n- [x] [frontend][done] 3 files to tidy\n- [x] [done]\n"
    ids = [t.id for t in parse_tasks(more, "TASKS.md").tasks]
    assert ids == ["add-login-form", "3-files-tidy", "todo"]  # labels alone: the slug of what there is
    assert [t.id for t in parse_tasks(done, "TASKS.md").tasks][:2] == ids[:2]


def test_a_bold_label_with_a_space_before_its_colon():
    text = ("## PHASE 1\n\n- [x] [P1][S][done] R-012 — Recherche ✅\n\n**DoD (Definition of Done)** :\n\n"
            "- [x] La carte s'affiche sans réseau ✅\n\n**Tâches** :\n\n- [ ] [S][todo] Traduire l'interface\n")
    assert [t.line for t in parse_tasks(text, "TASKS.md").tasks] == [3, 11]


CURSOR_PLAN = """---
name: Offline sync
overview: "Queue edits offline"
todos:
  - id: 3f1c2a9e-7b4d-4e0f-9a61-2c8d5e7b1a01
    content: Add an edit queue
    status: completed
  - id: 8a2e4b17-0c3f-4d59-b6e8-91f0a7c3d402
    content: Replay queued edits in order
    status: in-progress
  - id: c5d7e9f1-2a4b-4c6d-8e0f-13579bdf2403
    content: Conflict prompt
    status: error
  - id: 0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c05
    content: Background sync
    status: cancelled
isProject: false
---

# Offline sync

## Testing

- [ ] Unit: the queue keeps order
"""


def test_a_cursor_plans_todos_in_its_front_matter_are_the_tasks():
    tasks = parse_tasks(CURSOR_PLAN, ".cursor/plans/offline-sync.plan.md").tasks
    assert [(t.line, t.id, t.title, t.status) for t in tasks] == [
        (5, "3f1c2a9e-7b4d-4e0f-9a61-2c8d5e7b1a01", "Add an edit queue", COMPLETED),
        (8, "8a2e4b17-0c3f-4d59-b6e8-91f0a7c3d402", "Replay queued edits in order", IN_PROGRESS),
        (11, "c5d7e9f1-2a4b-4c6d-8e0f-13579bdf2403", "Conflict prompt", PENDING)]  # error: not done; cancelled: none
    task_list = parse_tasks(CURSOR_PLAN, "x.plan.md")
    assert prompt_hints(task_list)["tick_rule"].startswith("a task's `status:` becomes `completed`")
    ticked = _tick(CURSOR_PLAN, "8a2e4b17-0c3f-4d59-b6e8-91f0a7c3d402")
    assert ticked == CURSOR_PLAN.replace("status: in-progress", "status: completed")
    assert mentioned_task_ids("Task 8a2e4b17-0c3f-4d59-b6e8-91f0a7c3d402: replay", task_list) == [
        "8a2e4b17-0c3f-4d59-b6e8-91f0a7c3d402"]


def test_front_matter_without_a_todo_list_leaves_the_body_its_tasks():
    for front in ('---\ndescription: "Task list for the skill"\n---\n',  # spec-kit's tasks.md
                  "---\ntags: [plan]\ntodos:\n  - write it\n  - ship it\n---\n",  # a list of words, not objects
                  "---\ntodos:\n  - content: no status here\n---\n",  # objects without a status: the page's
                  "---\ntodos: [\n  - content: broken\n---\n",  # front matter that does not parse
                  "---\nname: never closed\ntodos:\n  - content: x\n    status: pending\n"):  # no closing line
        text = front + "\n# Tasks\n\n- [x] T001 Set up\n- [ ] T002 Build\n"
        assert [(t.id, t.status) for t in parse_tasks(text, "tasks.md").tasks] == [("T001", COMPLETED),
                                                                                     ("T002", PENDING)], front
