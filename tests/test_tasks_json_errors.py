"""A broken JSON task file (a prd.json or tasks.json that is not JSON, or JSON holding no list of task objects) is
one line naming the file and what is wrong, in every command that reads it; it used to say "no tasks found"."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.cli import cli
from ralphy.errors import TasksFileError
from ralphy.tasks import load_tasks

# A ralph prd.json with the comma after the first story missing: line 3, column 3 is where the second one starts.
BROKEN_PRD = """{"userStories": [
  {"id": "US-001", "title": "Add a priority column", "passes": true}
  {"id": "US-002", "title": "Show a badge", "passes": false}
]}
"""
PACKAGE = '{\n  "name": "demo",\n  "version": "1.0.0",\n  "scripts": {"test": "jest"}\n}\n'


def _project(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".ralphy.toml").write_text(f'tasks_file = "{name}"\n', encoding="utf-8")
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.mark.parametrize("text, said", [
    (BROKEN_PRD, "prd.json: not valid JSON: line 3, column 3: expecting ',' delimiter"),
    ('{"userStories": [\n  {"id": "US-001", "title": "A",}\n]}\n',
     "prd.json: not valid JSON: line 2, column 33: expecting property name enclosed in double quotes"),
    ('{"userStories": []}\n{"more": 1}\n', "prd.json: not valid JSON: line 2, column 1: extra data"),
    ("{'userStories': []}", "prd.json: not valid JSON: line 1, column 2: expecting property name"),
    (PACKAGE, "prd.json: valid JSON, but it holds no list of task objects"),
    ('{"userStories": [1, 2, 3]}', "prd.json: valid JSON, but it holds no list of task objects"),
    ('[{"id": 1}, {"id": 2}]', "prd.json: valid JSON, but it holds no list of task objects"),
    ('"just a string"', "prd.json: valid JSON, but it holds no list of task objects"),
])
def test_load_tasks_says_what_is_wrong_with_a_json_task_file(tmp_path: Path, text: str, said: str) -> None:
    (tmp_path / "prd.json").write_text(text, encoding="utf-8")
    with pytest.raises(TasksFileError) as caught:
        load_tasks(tmp_path / "prd.json")
    message = str(caught.value)
    assert message.startswith(str(tmp_path / said.split(":")[0])) and said.split(": ", 1)[1] in message, message
    assert "\n" not in message


@pytest.mark.parametrize("name, text", [
    ("prd.json", '{"userStories": []}\n'),  # an empty list: a file with no tasks yet, not a wrong one
    ("tasks.json", '{"master": {"tasks": []}}'),
    ("tasks.json", "[]"),
    ("prd.json", ""),
    ("prd.json", "  \n"),
])
def test_an_empty_json_task_list_is_no_tasks_not_an_error(tmp_path: Path, name: str, text: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert load_tasks(tmp_path / name).tasks == ()


@pytest.mark.parametrize("name, text, ids", [
    ("TASKS.md", "[TASK-1] - ToDo\n[TASK-2] - Done\n", None),  # looks like JSON, is Markdown
    ("TASKS.md", "[x] 1 Done thing\n- [ ] 2 Open thing\n", None),
    ("tasks.json", "# Tasks\n- [ ] 1.1 A Markdown list in a .json file\n", ["1.1"]),
    ("TASKS.md", "[not json at all\n", []),  # no tasks, but a Markdown file: "no tasks found" as before
    ("TASKS.md", '{"name": "x"}\n', []),
])
def test_markdown_that_looks_like_json_still_reads_as_markdown(tmp_path: Path, name: str, text: str,
                                                               ids: list[str] | None) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    task_list = load_tasks(tmp_path / name)
    if ids is None:
        assert task_list.tasks  # what the Markdown readers make of it; the point is that it is no error
    else:
        assert [task.id for task in task_list.tasks] == ids


def test_ralphy_tasks_prompt_status_and_dev_say_it_in_one_line(tmp_path: Path) -> None:
    project = _project(tmp_path, "prd.json", BROKEN_PRD)
    said = "prd.json: not valid JSON: line 3, column 3: expecting ',' delimiter"
    for args in (("tasks", project), ("tasks", project, "--json"), ("prompt", project)):
        result = run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert said in result.output and "no tasks found" not in result.output, (args, result.output)
        assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output
    status = run("status", project, "--json")
    assert status.exit_code == 0, status.output
    assert said in json.loads(status.output)["tasks"]["error"]
    text = run("status", project)
    assert said in text.output and "Traceback" not in text.output
    claude = tmp_path / "claude"  # never asked anything: the task file is read before the first turn
    claude.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    claude.chmod(0o755)
    dev = run("dev", project, "--claude-bin", claude)
    assert dev.exit_code == 1 and said in dev.output and "Traceback" not in dev.output, dev.output


def test_the_mcp_task_tools_say_it(tmp_path: Path) -> None:
    from mcp import Client

    from ralphy.mcp_server import build_server

    project = _project(tmp_path, "tasks.json", PACKAGE)

    async def calls():
        async with Client(build_server(project), read_timeout_seconds=60) as client:
            return await client.call_tool("task_list", {}), await client.call_tool("run_status", {})

    task_list, status = asyncio.run(calls())
    said = "tasks.json: valid JSON, but it holds no list of task objects"
    assert task_list.is_error and said in task_list.content[0].text
    assert len(task_list.content[0].text.splitlines()) == 1
    assert not status.is_error and said in status.structured_content["tasks"]["error"]
