"""Task lists kept as YAML (ralphy/tasks_yaml.py; docs/tasks.md, "YAML task lists"): autospec's tasks.yaml, task
objects written as YAML, what is not one (Markdown with front matter), and hostile YAML that must not reach libyaml's
recursion (a crash no exception catches): those run in a real subprocess, so a crash fails the test, not the run."""

import subprocess
import sys
import time

import pytest

from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, mentioned_task_ids, parse_tasks, prompt_hints

AUTOSPEC = """\
_meta:
  version: "1.0.0"
  generator: "autospec"

tasks:
  branch: "011-yaml-config"

phases:
  - number: 1
    title: "Setup"
    tasks:
      - id: "T001"
        title: "Add the YAML parser dependency"
        status: "Completed"
        parallel: false
        story_id: null
        dependencies: []

  - number: 2
    title: "User Story 1 - Load the config"
    tasks:
      - id: "T002"
        title: "Write the loader test"
        status: "InProgress"
        parallel: true
        story_id: "US-001"
      - id: "T003"
        title: "Implement the loader"
        status: "Blocked"
        story_id: "US-001"
"""


def test_autospec_phases_hold_the_tasks():
    tasks = parse_tasks(AUTOSPEC).tasks
    assert [(t.line, t.id, t.status, t.group) for t in tasks] == [
        (12, "T001", COMPLETED, "Phase 1: Setup"),
        (22, "T002", IN_PROGRESS, "Phase 2: User Story 1 - Load the config"),
        (27, "T003", PENDING, "Phase 2: User Story 1 - Load the config")]
    assert (tasks[1].parallel, tasks[1].story, tasks[0].story) == (True, "US-001", None)
    assert prompt_hints(parse_tasks(AUTOSPEC))["tick_rule"].startswith('a task\'s `status:` becomes `"Completed"`')
    assert mentioned_task_ids("T002 and T003", parse_tasks(AUTOSPEC)) == ["T002", "T003"]


def test_task_objects_as_yaml_and_ticking_one():
    text = "- id: US-001\n  title: Add a priority column\n  passes: true\n- id: US-002\n  title: Show a badge\n" \
           "  passes: false\n"
    assert [(t.line, t.id, t.status) for t in parse_tasks(text).tasks] == [(1, "US-001", COMPLETED),
                                                                           (4, "US-002", PENDING)]
    assert "`passes: false` becomes `passes: true`" in prompt_hints(parse_tasks(text))["tick_rule"]
    ticked = text.replace("passes: false", "passes: true")
    assert parse_tasks(ticked).all_completed
    subtasks = "tasks:\n  - id: 1\n    title: Setup\n    status: done\n    subtasks:\n      - id: 1\n" \
               "        title: Init the repo\n        status: done\n      - id: 2\n        title: Add CI\n" \
               "        status: pending\n"
    assert [(t.id, t.status, t.group) for t in parse_tasks(subtasks).tasks] == [("1.1", COMPLETED, "Setup"),
                                                                                ("1.2", PENDING, "Setup")]


def test_markdown_that_starts_like_yaml_is_read_as_markdown():
    front_matter = "---\ntitle: Tasks\nstatus: draft\n---\n# Tasks\n\n- [ ] T001 Write the docs\n- [x] T002 Ship\n"
    assert [(t.id, t.status) for t in parse_tasks(front_matter).tasks] == [("T001", PENDING), ("T002", COMPLETED)]
    metadata = "Status: draft\nTitle: Launch\n\n## Tasks\n- [ ] Write the docs\n"
    assert [t.id for t in parse_tasks(metadata).tasks] == ["write-docs"]
    assert parse_tasks("title: only a setting\nname: x\n").tasks == ()  # YAML, no list of task objects


HOSTILE = {
    "flow brackets": "'tasks:\\n  - title: a\\n    status: done\\nx: ' + '[' * 200000",
    "compact sequences": "'- title: a\\n  status: done\\n- ' + '- ' * 200000 + 'x'",
    "complex keys": "'- title: a\\n  status: done\\n- ' + '? ' * 200000 + 'x'",
}


@pytest.mark.parametrize("payload", HOSTILE.values(), ids=HOSTILE.keys())
def test_yaml_nested_past_any_task_list_is_not_composed(payload):
    code = f"from ralphy.tasks import parse_tasks; print(len(parse_tasks({payload}).tasks))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-500:]  # a segfault is -11
    assert done.stdout.strip() == "0"


def test_an_alias_bomb_is_never_expanded():
    layers = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    layers += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 12)]
    text = "\n".join(layers) + "\ntasks:\n  - title: Real task\n    status: pending\n    refs: *a11\n"
    started = time.process_time()
    tasks = parse_tasks(text).tasks
    assert time.process_time() - started < 2.0  # 10^12 strings if expanded
    assert [(t.title, t.status) for t in tasks] == [("Real task", PENDING)]


@pytest.mark.parametrize("text, said", [
    ("tasks:\n  - title: a\n    status: pending\n   - title: b\n",
     "not valid YAML: line 4, column 4: while parsing a block collection, did not find expected '-' indicator"),
    ('tasks:\n  - title: "a\n', "not valid YAML: line 3, column 1: "),
    ("tasks:\n  - title: a\n---\ntasks: []\n", "expected a single document in the stream, but found another document"),
    ("[" * 100, "not read: its YAML is nested too deep"),
    ("name: demo\nversion: 1.0.0\n", "valid YAML, but it holds no list of task objects (a mapping with keys name"),
    ("- a\n- b\n", "valid YAML, but it holds no list of task objects (a list of no task objects"),
    ("phases:\n  - number: 1\n    tasks:\n      - id: T001\n", "valid YAML, but it holds no list of task objects"),
    ("&a\nphases:\n  - *a\n", "valid YAML, but it holds no list of task objects"),  # a cycle: no RecursionError
    ("a: &a {phases: []}\n" + "".join(f"{n}: &{n} {{phases: [{', '.join([f'*{p}'] * 10)}]}}\n"
                                        for p, n in zip("abcdefg", "bcdefgh")) + "phases: [*h, 1]\n",
     "valid YAML, but it holds no list of task objects"),  # 10^7 phases through aliases: each node looked at once
])
def test_load_tasks_says_what_is_wrong_with_a_yaml_task_file(tmp_path, text, said):
    """A tasks.yaml that is not YAML, or YAML holding no task, is one line naming the file and what is wrong, as a
    broken prd.json is (tests/test_tasks_json_errors.py); it used to be an empty task list, silently."""
    from ralphy.errors import TasksFileError
    from ralphy.tasks import load_tasks

    (tmp_path / "tasks.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(TasksFileError) as caught:
        load_tasks(tmp_path / "tasks.yaml")
    message = str(caught.value)
    assert message.startswith(f"{tmp_path / 'tasks.yaml'}: ") and said in message and "\n" not in message, message


@pytest.mark.parametrize("name, text", [
    ("tasks.yaml", ""), ("tasks.yaml", "tasks: []\n"), ("tasks.yml", "[]\n"), ("tasks.yaml", "phases: []\n"),
    ("tasks.yaml", "phases:\n  - number: 1\n    title: Setup\n    tasks: []\n"), ("tasks.yml", "master:\n  tasks: []\n"),
    ("notes.txt", "tasks:\n  - title: a\n   - title: b\n"),  # only a file named *.yaml / *.yml is held to YAML
])
def test_a_yaml_file_with_no_task_yet_is_no_error(tmp_path, name, text):
    from ralphy.tasks import load_tasks

    (tmp_path / name).write_text(text, encoding="utf-8")
    assert not load_tasks(tmp_path / name).tasks


SHARED = {  # a shared node is walked once: each of these was minutes of CPU for ~100 KB of aliases
    "phases sharing a phase": "p: &p {{title: ph, tasks: [{tasks}]}}\nphases: [{refs}]\n",
    "phases sharing a task list": "l: &l [{tasks}]\nphases: [{phases}]\n",
    "tasks sharing a subtask list": "l: &l [{tasks}]\ntasks: [{parents}]\n",
    "a list of one untitled map": "m: &m {{{keys}}}\ntasks: [{ms}, *t]\n",
}


@pytest.mark.parametrize("shape", SHARED.values(), ids=SHARED.keys())
def test_a_node_shared_through_aliases_is_walked_once(shape):
    n = 20000
    text = "t: &t\n  title: t\n  status: pending\n" + shape.format(
        tasks=", ".join(["*t"] * n), refs=", ".join(["*p"] * n),
        phases=", ".join([f"{{title: p{i}, tasks: *l}}" for i in range(n)]),
        parents=", ".join([f"{{title: p{i}, subtasks: *l}}" for i in range(n)]),
        keys=", ".join(f"k{i}: 0" for i in range(n)), ms=", ".join(["*m"] * n))
    started = time.process_time()
    tasks = parse_tasks(text).tasks
    assert time.process_time() - started < 2.0
    assert [t.title for t in tasks] == ["t"]
