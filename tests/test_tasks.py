import pytest

from ralphy.errors import TasksFileError
from ralphy.tasks import load_tasks, mentioned_task_ids, newly_completed, normalise_status, parse_tasks

CHECKBOXES = """\
# Implementation plan

## Models
- [ ] 1.1 Create the User model
- [x] 1.2 Add password hashing
  - a detail bullet, not a task

### API
* [~] T3: Login endpoint
+ [X] **2.1** Logout endpoint

```markdown
- [ ] 9.9 inside a code block is not a task
```
"""

HEADINGS = """\
# Phase 1

## Task 1: Set up the project
- **Status**: completed

## Task 2: Add the login form
**Status:** in progress

## Task 3. Write docs
- **Status**: Completed ✅

## Task 4 - Polish
"""


def test_checkbox_tasks_ids_groups_and_statuses():
    tasks = parse_tasks(CHECKBOXES).tasks
    assert [(t.id, t.title, t.group, t.status) for t in tasks] == [
        ("1.1", "Create the User model", "Models", "pending"),
        ("1.2", "Add password hashing", "Models", "completed"),
        ("T3", "Login endpoint", "API", "in_progress"),
        ("2.1", "Logout endpoint", "API", "completed"),
    ]
    assert tasks[0].line == 4


def test_heading_tasks_with_status_lines():
    tasks = parse_tasks(HEADINGS).tasks
    assert [(t.id, t.title, t.group, t.status) for t in tasks] == [
        ("1", "Set up the project", "Phase 1", "completed"),
        ("2", "Add the login form", "Phase 1", "in_progress"),
        ("3", "Write docs", "Phase 1", "completed"),
        ("4", "Polish", "Phase 1", "pending"),  # no status line: pending
    ]


def test_heading_task_without_parent_is_its_own_group():
    (task,) = parse_tasks("## Task 5: Ship it\n- **Status**: pending\n").tasks
    assert task.group == "Task 5: Ship it"


def test_ids_without_token_are_stable_unique_slugs():
    text = "## Misc\n- [ ] Add a CHANGELOG\n- [ ] Add a changelog\n- [x] MP3 export\n"
    first = [t.id for t in parse_tasks(text).tasks]
    assert first == ["add-changelog", "add-changelog-2", "mp3-export"]
    # status changes do not change ids
    assert [t.id for t in parse_tasks(text.replace("[ ]", "[x]")).tasks] == first


def test_slug_ids_are_short_and_do_not_move_when_other_tasks_do():
    text = ("## Sync\n- [ ] Add a `--dry-run` flag to the sync command so users can preview every change\n"
            "- [x] Implement global options (`--format`, `--quiet`, `--timeout`)\n- [ ] Créer le schéma\n"
            "- [ ] Supercalifragilisticexpialidocious-and-more words\n- [ ] The\n")
    ids = [t.id for t in parse_tasks(text).tasks]
    assert ids == ["add-dry-run-flag-sync", "implement-global-options", "créer-le-schéma",
                   "supercalifragilisticexpialidocio", "the"]
    assert all(len(i) <= 32 for i in ids)
    assert parse_tasks("- [ ] Modify `AuthenticationService.getSession()` to call it\n").tasks[0].id == \
        "modify-authenticationservice"  # two words at least: "modify" alone says little
    moved = text.replace("## Sync\n", "## Sync\n- [ ] Write the release notes\n")
    assert [t.id for t in parse_tasks(moved).tasks] == ["write-release-notes"] + ids


def test_checkboxes_without_headings_go_to_default_group():
    assert {t.group for t in parse_tasks("- [ ] 1 one\n- [ ] 2 two\n").tasks} == {"Tasks"}


def test_crlf_and_unknown_status(caplog):
    tasks = parse_tasks("## Task 1: A\r\n- **Status**: someday\r\n").tasks
    assert tasks[0].status == "pending"
    assert "unknown status 'someday'" in caplog.text


@pytest.mark.parametrize(
    "raw, status",
    [("done", "completed"), ("In Progress", "in_progress"), ("`pending`", "pending"), ("completed ✅", "completed"),
     ("whatever", None)],
)  # fmt: skip
def test_normalise_status(raw, status):
    assert normalise_status(raw) == status


def test_task_list_views():
    task_list = parse_tasks(CHECKBOXES)
    assert list(task_list.groups()) == ["Models", "API"]
    assert {g: [t.id for t in ts] for g, ts in task_list.pending_groups().items()} == {"Models": ["1.1"], "API": ["T3"]}
    assert task_list.counts() == {"pending": 1, "in_progress": 1, "completed": 2, "total": 4}
    assert not task_list.all_completed
    assert parse_tasks(CHECKBOXES.replace("[ ]", "[x]").replace("[~]", "[x]")).all_completed
    assert not parse_tasks("nothing here").all_completed  # no tasks is not "all done"
    assert task_list.by_id("T3").title == "Login endpoint"


def test_newly_completed():
    before = parse_tasks(CHECKBOXES)
    after = parse_tasks(CHECKBOXES.replace("- [ ] 1.1", "- [x] 1.1") + "- [x] 3.1 New and done\n")
    assert [t.id for t in newly_completed(before, after)] == ["1.1", "3.1"]


@pytest.mark.parametrize(
    "text, ids",
    [
        ("Tasks 1.1, 1.2: models", ["1.1", "1.2"]),
        ("Implement task T3", ["T3"]),
        ("task 11.2 and 1.23", []),
        ("Work on 1.1 and t3", ["1.1", "T3"]),
        ("Write 3 files", []),
        ("tasks 2-4", ["2", "3", "4"]),
        ("Task #2 and task 4", ["2", "4"]),
        ("tasks 2 to 3", ["2", "3"]),
        ("", []),
    ],
)
def test_mentioned_task_ids(text, ids):
    task_list = parse_tasks("## A\n- [ ] 1.1 a\n- [ ] 1.2 b\n- [ ] T3: c\n- [ ] 2 d\n- [ ] 3 e\n- [ ] 4 f\n")
    assert mentioned_task_ids(text, task_list) == ids


def test_mentioned_slug_ids_are_whole_tokens():
    task_list = parse_tasks("## A\n- [ ] Add docs\n")
    assert mentioned_task_ids("handle add-docs now", task_list) == ["add-docs"]
    assert mentioned_task_ids("handle add-docs-later", task_list) == []


def test_load_tasks_errors(tmp_path):
    with pytest.raises(TasksFileError, match="no tasks file"):
        load_tasks(tmp_path / "TASKS.md")
    with pytest.raises(TasksFileError, match="is a directory"):
        load_tasks(tmp_path)
    bad = tmp_path / "BAD.md"
    bad.write_bytes(b"- [ ] caf\xe9\n")
    with pytest.raises(TasksFileError, match="not UTF-8"):
        load_tasks(bad)


def test_load_tasks_strips_bom(tmp_path):
    path = tmp_path / "TASKS.md"
    path.write_bytes("\ufeff## Task 1: A\n".encode())
    task_list = load_tasks(path)
    assert task_list.tasks[0].id == "1"
    assert task_list.path == path
