"""BMAD v6's sprint-status.yaml as a task file (ralphy/tasks_sprint.py; docs/tasks.md, "BMAD sprint status"): the
stories are the tasks, the epics their groups; a broken one is a one-line error naming the line and what is wrong."""

import pytest

from ralphy.errors import TasksFileError
from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, load_tasks, mentioned_task_ids, parse_tasks, prompt_hints
from ralphy.testing.dev import completion_edit

SPRINT = """\
# generated: 2026-11-20
# project: greeter

# STATUS DEFINITIONS:
# ==================
# Epic Status:
#   - backlog: Epic not yet started

generated: 2026-11-20
project: greeter
story_location: "docs/stories"

development_status:
  # Epic 1: Greeting people
  # NOTE: 1.4 was folded into 1.2
  epic-1: in-progress
  1-1-project-layout: done
  1-2-greet-function: ready-for-dev
  1-3-reject-empty-name: review  # back from code review
  1-4-trim-names: superseded  # [SUPERSEDED by 1.2]
  1-5a-split-story: in-progress
  epic-1-retrospective: optional

  epic-2: backlog
  2-1-usage-section: backlog
  2-2-changelog: drafted
  epic-2-retrospective: done

action_items:
  - epic: 1
    action: "Add error-handling review to the code review checklist"
    owner: "Charlie"
    status: open
"""


def test_the_stories_are_the_tasks_and_the_epics_their_groups():
    tasks = parse_tasks(SPRINT).tasks
    assert [(t.line, t.id, t.status, t.group) for t in tasks] == [
        (17, "1-1-project-layout", COMPLETED, "Epic 1: Greeting people"),
        (18, "1-2-greet-function", PENDING, "Epic 1: Greeting people"),
        (19, "1-3-reject-empty-name", IN_PROGRESS, "Epic 1: Greeting people"),  # review: done is after code review
        (21, "1-5a-split-story", IN_PROGRESS, "Epic 1: Greeting people"),  # superseded (line 20) is dropped
        (25, "2-1-usage-section", PENDING, "Epic 2"),  # no "# Epic 2: ..." comment: its number names it
        (26, "2-2-changelog", PENDING, "Epic 2")]  # retrospectives and action items are no tasks
    assert [t.title for t in tasks[:2]] == ["Project layout", "Greet function"]


def test_the_prompt_names_stories_by_key_and_ticks_them_the_bmad_way():
    task_list = parse_tasks(SPRINT)
    hints = prompt_hints(task_list)
    assert hints["task_ids_example"] == "Tasks 1-2-greet-function, 1-3-reject-empty-name: Epic 1: Greeting people"
    assert hints["tick_rule"].startswith("a story's status in `development_status` becomes `done`")
    assert mentioned_task_ids("Tasks 1-2-greet-function and 1-3-reject-empty-name: Epic 1", task_list) == [
        "1-2-greet-function", "1-3-reject-empty-name"]
    assert mentioned_task_ids("Story 1-2", task_list) == []  # a key's prefix is not the story


def test_ticking_a_story_keeps_every_other_byte():
    old, new = completion_edit(SPRINT, "1-3-reject-empty-name")
    assert (old, new) == ("  1-3-reject-empty-name: review  # back from code review",
                          "  1-3-reject-empty-name: done  # back from code review")
    after = SPRINT.replace(old, new, 1)
    assert parse_tasks(after).by_id("1-3-reject-empty-name").status == COMPLETED
    assert after.replace(new, old) == SPRINT


def test_a_quoted_key_and_status_and_a_crlf_file(tmp_path):
    text = 'development_status:\r\n  "epic-1": "in-progress"\r\n  "1-1-login": "done"\r\n  "1-2-logout": "backlog"\r\n'
    path = tmp_path / "sprint-status.yaml"
    path.write_bytes(text.encode())
    tasks = load_tasks(path).tasks
    assert [(t.line, t.id, t.status, t.group) for t in tasks] == [(3, "1-1-login", COMPLETED, "Epic 1"),
                                                                  (4, "1-2-logout", PENDING, "Epic 1")]


@pytest.mark.parametrize("body, said", [
    ("  1-1-login: dnoe\n", "line 3: 1-1-login: 'dnoe' is not a sprint status (one of backlog, ready-for-dev, "
                            "in-progress, review, done)"),
    ("  1-1-login: [done]\n", "line 3: 1-1-login's status is not a word"),
    ("  1-1-login: done\n  1-1-login: backlog\n", "line 4: 1-1-login is given twice in development_status (first on "
                                                  "line 3)"),
    ("  1-1-login: done\n   1-2-x: y\n", "not valid YAML: line 4, column"),
    ("  1-1-login: done\n\t1-2-x: backlog\n", "not valid YAML: line 4, column 1"),
])
def test_a_broken_sprint_status_is_one_line_naming_the_line(tmp_path, body, said):
    path = tmp_path / "sprint-status.yaml"
    path.write_text("development_status:\n  epic-1: backlog\n" + body, encoding="utf-8")
    with pytest.raises(TasksFileError) as caught:
        load_tasks(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and said in message and "\n" not in message


def test_development_status_that_is_no_map_is_said(tmp_path):
    path = tmp_path / "sprint-status.yaml"
    path.write_text("project: x\ndevelopment_status:\n  - 1-1-login\n", encoding="utf-8")
    with pytest.raises(TasksFileError, match=r"line 3: development_status is not a map of story keys to statuses"):
        load_tasks(path)


def test_an_empty_sprint_is_no_error_and_no_task(tmp_path):
    path = tmp_path / "sprint-status.yaml"
    path.write_text("# generated\nproject: x\ndevelopment_status:\n  epic-1: backlog\n  epic-1-retrospective: optional\n",
                    encoding="utf-8")
    assert load_tasks(path).tasks == ()
    path.write_text("project: x\ndevelopment_status:\n", encoding="utf-8")
    assert load_tasks(path).tasks == ()


def test_markdown_that_mentions_development_status_is_read_as_markdown(tmp_path):
    path = tmp_path / "TASKS.md"
    path.write_text("Note: see development_status: in sprint-status.yaml\n\n## Core\n- [ ] 1.1 Add [it]: now\n",
                    encoding="utf-8")
    assert [(t.id, t.status) for t in load_tasks(path).tasks] == [("1.1", PENDING)]


def test_a_missing_tasks_md_names_the_sprint_status_the_project_has(tmp_path):
    sprint = tmp_path / "_bmad-output" / "implementation-artifacts" / "sprint-status.yaml"
    sprint.parent.mkdir(parents=True)
    sprint.write_text(SPRINT, encoding="utf-8")
    with pytest.raises(TasksFileError) as caught:
        load_tasks(tmp_path / "TASKS.md", root=tmp_path)
    assert str(caught.value).endswith('no tasks file (create it, or set tasks_file in .ralphy.toml: tasks_file = '
                                      '"_bmad-output/implementation-artifacts/sprint-status.yaml")')
    sprint.unlink()
    sprint.parent.mkdir(exist_ok=True)
    (tmp_path / "sprint-status.yaml").mkdir()  # a directory of that name is no task file
    with pytest.raises(TasksFileError) as caught:
        load_tasks(tmp_path / "TASKS.md", root=tmp_path)
    assert str(caught.value).endswith("no tasks file (create it, or set tasks_file in .ralphy.toml)")


EPIC_MAP = """\
project: agentbus
epics:
  E1:
    status: complete
    stories:
      S1.1: complete  # Config Loader
      S1.2: pending  # SQLite Client
      S1.3: skipped  # not needed
  E2:
    title: "Telegram"
    status: backlog
    stories:
      S2.1:
        title: "Long-poll loop"
        status: "ready-for-dev"
"""


def test_a_sprint_kept_by_hand_as_epics_holding_stories():
    task_list = parse_tasks(EPIC_MAP)
    assert [(t.line, t.id, t.title, t.status, t.group) for t in task_list.tasks] == [
        (6, "S1.1", "Config Loader", COMPLETED, "E1"), (7, "S1.2", "SQLite Client", PENDING, "E1"),
        (13, "S2.1", "Long-poll loop", PENDING, "Telegram")]  # skipped is dropped; a title names the epic
    assert "becomes `complete`" in prompt_hints(task_list)["tick_rule"]
    assert completion_edit(EPIC_MAP, "S1.2") == ("      S1.2: pending  # SQLite Client",
                                                 "      S1.2: complete  # SQLite Client")
    old, new = completion_edit(EPIC_MAP, "S2.1")
    assert parse_tasks(EPIC_MAP.replace(old, new, 1)).by_id("S2.1").status == COMPLETED


def test_a_yaml_list_of_stories_is_grouped_by_their_epic():
    text = "stories:\n  - id: story-001\n    title: Scaffold\n    epic: foundation\n    status: done\n" \
           "  - id: story-002\n    title: Lint\n    status: review\n"
    assert [(t.id, t.status, t.group) for t in parse_tasks(text).tasks] == [
        ("story-001", COMPLETED, "foundation"), ("story-002", IN_PROGRESS, "Tasks")]


def test_stories_reached_again_through_aliases_are_read_once():
    stories = "".join(f"      S1.{i}: pending\n" for i in range(2_000))
    aliases = "".join(f"  E{i}: *epic\n" for i in range(2, 2_002))
    text = f"epics:\n  E1: &epic\n    status: backlog\n    stories:\n{stories}{aliases}"
    assert len(parse_tasks(text).tasks) == 2_000  # not 4,002,000


def test_an_epic_number_of_thousands_of_digits_is_read_not_a_traceback(tmp_path):
    digits = "9" * 5_000  # int() refuses more than 4,300 digits with a ValueError
    for text in (f"# Epic {digits}: Huge\ndevelopment_status:\n  1-1-a: backlog\n",
                 f"development_status:\n  ? epic-{digits}\n  : backlog\n  1-1-a: backlog\n",
                 f"development_status:\n  ? {digits}-1-a\n  : backlog\n"):
        path = tmp_path / "sprint-status.yaml"
        path.write_text(text, encoding="utf-8")
        (task,) = load_tasks(path).tasks
        assert task.title == "A" and task.group == ("Epic 1" if task.id == "1-1-a" else f"Epic {digits}")
    assert parse_tasks("development_status:\n  # Epic 01: One\n  epic-1: backlog\n  1-1-a: backlog\n",
                       "sprint-status.yaml").tasks[0].group == "Epic 1: One"  # '01' is still epic 1


def test_a_huge_key_is_cut_in_the_error(tmp_path):
    path = tmp_path / "sprint-status.yaml"
    key = "1-1-" + "a" * 100_000  # an explicit '? key' has no length limit in YAML
    for body in (f"  ? {key}\n  : [x]\n", f"  ? {key}\n  : backlog\n  ? {key}\n  : done\n", f"  ? {key}\n  : nope\n"):
        path.write_text("development_status:\n" + body, encoding="utf-8")
        with pytest.raises(TasksFileError) as caught:
            load_tasks(path)
        assert len(str(caught.value)) < len(str(path)) + 200 and "1-1-aaa" in str(caught.value)
