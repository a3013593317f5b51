"""Every command finds the task file the same way (loose19). With no TASKS.md, `ralphy dev` named the project's
`prd.json` or BMAD sprint status as the `tasks_file` line to set, and `ralphy doctor` said only "no TASKS.md". Each
command here is run on the same projects: a real ralph `prd.json` (snarktank/ralph's example) and a real BMAD v6
sprint status (Alberto-Codes/docvet's, at the path BMAD writes it), alone, beside a TASKS.md, and named by
`tasks_file`. The truth is written here by hand: the file named, and the tasks read (the files' own .truth)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.cli import cli
from ralphy.mcp_server import ProjectTools, ToolInputError

FILES = Path(__file__).parent / "data" / "tasks" / "files"
PRD = ("prd.json", FILES / "ralph-snarktank-prd.json")
SPRINT = ("_bmad-output/implementation-artifacts/sprint-status.yaml", FILES / "bmad-sprint-docvet.yaml")


def project(root: Path, other: tuple[str, Path], *, tasks_md: str | None = None, config: str | None = None) -> Path:
    (root / ".git").mkdir(parents=True)
    target = root / other[0]
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(other[1], target)
    if tasks_md is not None:
        (root / "TASKS.md").write_text(tasks_md, encoding="utf-8")
    if config is not None:
        (root / ".ralphy.toml").write_text(config, encoding="utf-8")
    return root


def run(*args: str | Path):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def doctor_tasks(root: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    monkeypatch.setenv("PATH", str(root / "no-bin"))  # no Claude CLI: the tasks line is all this asks of doctor
    result = run("doctor", root, "--json")
    (check,) = [check for check in json.loads(result.stdout)["checks"] if check["name"] == "tasks"]
    return check


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home" / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "home" / "state"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "home" / ".claude"))
    monkeypatch.delenv("RALPHY_CLAUDE_BIN", raising=False)


@pytest.mark.parametrize("other", [PRD, SPRINT], ids=["prd.json", "sprint-status"])
def test_without_tasks_md_every_command_names_the_same_file(tmp_path: Path, monkeypatch, other) -> None:
    root = project(tmp_path / "app", other)
    said = f'set tasks_file in .ralphy.toml: tasks_file = "{other[0]}"'
    fake_claude = tmp_path / "claude"
    fake_claude.write_text("#!/bin/sh\nexit 0\n")
    fake_claude.chmod(0o755)
    dev = run("dev", root, "--claude-bin", fake_claude)
    assert dev.exit_code == 1 and said in dev.stderr and dev.stderr.count("\n") == 1, dev.stderr
    check = doctor_tasks(root, monkeypatch)
    assert check["status"] == "warning" and check["message"] == f"no TASKS.md in {root}", check
    assert said in check["fix"], check  # it said "write one (`- [ ] 1.1 ...` items)" of a project that has its list
    for command in (["tasks"], ["agents", "gaps"], ["status"]):
        result = run(*command, root)
        assert said in result.stderr + result.stdout, (command, result.output)
    prompt = run("prompt", root)
    assert prompt.exit_code == 0 and said in prompt.stderr, prompt.stderr
    with pytest.raises(ToolInputError, match=f'tasks_file = "{other[0]}"'):
        ProjectTools(root).task_list()


def test_a_tasks_md_beside_them_is_the_task_file_for_every_command(tmp_path: Path, monkeypatch) -> None:
    root = project(tmp_path / "app", PRD, tasks_md="## Core\n- [ ] 1.1 Add the store\n- [x] 1.2 Add the model\n")
    shutil.copy(SPRINT[1], root / "sprint-status.yaml")
    check = doctor_tasks(root, monkeypatch)
    assert (check["status"], check["message"]) == ("ok", "TASKS.md: 1 of 2 tasks to do")
    listing = json.loads(run("tasks", root, "--json").stdout)
    assert listing["file"] == "TASKS.md" and [task["id"] for task in listing["tasks"]] == ["1.1", "1.2"]
    assert ProjectTools(root).task_list()["file"] == "TASKS.md"
    prompt = run("prompt", root)
    assert "1.1 Add the store" in prompt.stdout and "US-001" not in prompt.stdout


@pytest.mark.parametrize("other, ids", [
    (PRD, ["US-001", "US-002", "US-003", "US-004"]),
    (SPRINT, None),  # its truth file: every story of docvet's sprint, by key
], ids=["prd.json", "sprint-status"])
def test_tasks_file_names_it_for_every_command(tmp_path: Path, monkeypatch, other, ids) -> None:
    root = project(tmp_path / "app", other, config=f'tasks_file = "{other[0]}"\n')
    if ids is None:
        truth = (FILES / "bmad-sprint-docvet.truth").read_text(encoding="utf-8").splitlines()
        ids = [line.split("\t")[1] for line in truth if line.strip() and not line.startswith("#")]
    listing = json.loads(run("tasks", root, "--json").stdout)
    assert listing["file"] == other[0] and [task["id"] for task in listing["tasks"]] == ids
    mcp = ProjectTools(root).task_list()
    assert mcp["file"] == other[0] and [task["id"] for task in mcp["tasks"]] == ids
    check = doctor_tasks(root, monkeypatch)
    assert check["status"] == "ok" and check["message"].startswith(f"{other[0]}: "), check
    assert check["message"].endswith(f" of {len(ids)} tasks to do"), check
    prompt = run("prompt", root)
    assert prompt.exit_code == 0 and ids[-1] in prompt.stdout and "There is no" not in prompt.stdout
