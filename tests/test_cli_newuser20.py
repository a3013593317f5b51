"""The first hour, round ten (newuser20): a misspelt command is named back, and a command's option placed before
the command's name works as it does after it. Tried as a new user: `ralphy agent list` said only "No such command
'agent'" (the top group loads its commands on first use, so click's suggestion saw none), `ralphy agents recomend`
the same, and `ralphy --json dev` said "Did you mean '--version'?"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli_first_hour import ralphy  # `python -m ralphy ARGS` in a subprocess, as a user runs it


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "TASKS.md").write_text("## Core\n- [ ] 1.1 Add the parser\n- [x] 1.2 Write the README\n")
    return tmp_path


@pytest.mark.parametrize(("args", "suggestion"), [
    (["agent", "list"], "'agents'"), (["stauts"], "'status'"), (["devv"], "'dev'"), (["questoins"], "'questions'"),
    (["agents", "recomend", "x"], "'recommend'"), (["agents", "capabilites"], "'capabilities'"),
])  # fmt: skip
def test_a_misspelt_command_names_the_one_meant(project: Path, args: list[str], suggestion: str) -> None:
    proc = ralphy(*args, cwd=project)
    assert proc.returncode == 2 and proc.stdout == ""
    [line] = proc.stderr.splitlines()
    assert line.startswith("ralphy: error: No such command") and f"Did you mean {suggestion}" in line, line


def test_a_word_like_no_command_names_none(project: Path) -> None:
    proc = ralphy("frobnicate", cwd=project)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == ["ralphy: error: No such command 'frobnicate' (see `ralphy --help`)"]


@pytest.mark.parametrize(("before", "after"), [
    (["--json", "status"], ["status", "--json"]),
    (["--json", "tasks"], ["tasks", "--json"]),
    (["-n", "2", "log"], ["log", "-n", "2"]),
    (["-v", "--json", "status"], ["status", "-v", "--json"]),
    (["--json", "agents", "list"], ["agents", "list", "--json"]),
    (["agents", "--json", "list"], ["agents", "list", "--json"]),
    (["--top", "2", "--json", "agents", "recommend", "Add the parser"], ["agents", "recommend", "Add the parser", "--top", "2", "--json"]),
    (["--scope=project", "agents", "list"], ["agents", "list", "--scope=project"]),
])  # fmt: skip
def test_a_commands_option_before_its_name_works_as_after_it(project: Path, before, after) -> None:
    first, second = ralphy(*before, cwd=project), ralphy(*after, cwd=project)
    assert (first.returncode, first.stdout) == (second.returncode, second.stdout), first.stderr
    assert first.returncode != 2, first.stderr
    if "--json" in before:
        json.loads(first.stdout)


@pytest.mark.parametrize(("args", "error"), [
    (["--jsn", "status"], "No such option '--jsn'"),  # an option of no command: click's own words
    (["--json"], "No such option '--json'"),  # no command to give it to
    (["--top", "status"], "No such option '--top'"),  # an option status does not take
])  # fmt: skip
def test_what_no_command_takes_is_still_a_usage_error(project: Path, args: list[str], error: str) -> None:
    proc = ralphy(*args, cwd=project)
    assert proc.returncode == 2 and error in proc.stderr, proc.stderr
    assert len(proc.stderr.splitlines()) == 1


@pytest.mark.e2e
def test_the_verification_notice_names_the_task_file_and_a_check_to_paste(tmp_path, claude_home, claude_bin):
    # was: "... tasks ticked in TASKS.md are not checked; set verify_command (or --verify-command) ..." on a project
    # whose tasks are in TODO.md, with no word of what to set it to (its pnpm lock file says `pnpm test`)
    from ralphy.testing import DevScenario, FakeMessagesAPI, init_git_project
    from tests.e2e.scripted import ralphy as ralphy_dev

    project = init_git_project(tmp_path / "app", commit=False)
    (project / "TODO.md").write_text("## CLI\n- [ ] 1.1 Add a --since flag\n")
    (project / "package.json").write_text('{"name": "app", "scripts": {"test": "vitest"}}\n')
    (project / "pnpm-lock.yaml").write_text("lockfileVersion: '9.0'\n")
    with FakeMessagesAPI(DevScenario({}, tasks_file="TODO.md")) as api:
        proc = ralphy_dev(project, api, claude_home, claude_bin, "dev", "--json", extra_env={"RALPHY_TASKS_FILE": "TODO.md"})
    assert proc.returncode == 0, proc.stderr
    [notice] = [line for line in proc.stderr.splitlines() if line.startswith("verification off")]
    assert "tasks ticked in TODO.md are not checked" in notice
    assert notice.endswith("pass --verify-command 'pnpm test' or set verify_command in .ralphy.toml"), notice


def test_the_notice_quotes_the_command_as_the_shell_reads_it() -> None:
    from ralphy.verify import off_notice

    assert off_notice("TASKS.md", "cargo test").endswith("--verify-command 'cargo test' or set verify_command in .ralphy.toml")
    assert "--verify-command pytest or" in off_notice("TASKS.md", "pytest")
    assert "--verify-command 'pytest -q' or" in off_notice("plan.md", None)


FILES = Path(__file__).parent / "data" / "tasks" / "files"


@pytest.mark.parametrize(("name", "real"), [
    ("TODO.md", "todo-beacon.md"),  # joshuafuller/beacon's TODO list (tests/data/tasks/SOURCES.md)
    ("fix_plan.md", "ralph-brain-fix-plan.md"),  # jonathanavis96/brain's ralph fix plan
    (".planning/ROADMAP.md", "gsd-nixl.md"),  # ai-dynamo/nixl's GSD roadmap
    ("todo.txt", "kdesp73-ksh-todo.txt"),  # KDesp73/ksh's todo.txt
])  # fmt: skip
def test_with_no_tasks_md_the_error_names_the_projects_own_list_and_the_line_works(tmp_path, name, real) -> None:
    # was: "TASKS.md: no tasks file (create it, or set tasks_file in the config)" beside a TODO.md, a fix plan, a
    # GSD roadmap: neither the file ralphy reads nor which config
    target = tmp_path / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes((FILES / real).read_bytes())
    proc = ralphy("tasks", tmp_path)
    assert proc.returncode == 1
    [line] = proc.stderr.splitlines()
    assert line.endswith(f'no tasks file (create it, or set tasks_file in .ralphy.toml: tasks_file = "{name}")'), line
    (tmp_path / ".ralphy.toml").write_text(line.rsplit(": ", 1)[1].rstrip(")") + "\n")  # pasted as the user would
    read = ralphy("tasks", "--json", tmp_path)
    assert read.returncode == 0, read.stderr
    truth = [row for row in (FILES / real).with_suffix(".truth").read_text().splitlines() if row.strip()]
    assert json.loads(read.stdout)["file"] == name and len(json.loads(read.stdout)["tasks"]) == len(truth)


OSC = "\x1b]0;pwned\x07"  # retitles the terminal (and `ESC ] 52` writes the clipboard) when cat or tee shows it


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    (tmp_path / "TASKS.md").write_text(f"## Core {OSC}\n- [ ] 1.1 Review the parser\n")
    (tmp_path / ".claude" / "agents").mkdir(parents=True)
    (tmp_path / ".claude" / "agents" / "r.md").write_text(
        f"---\nname: rev{OSC}iewer\ndescription: Reviews the parser code\n---\nReview.\n")
    return tmp_path


@pytest.mark.parametrize("args", [
    ["tasks"], ["agents", "recommend", "Review the parser"], ["agents", "capabilities"],
    ["agents", "capabilities", "--by-tool"], ["agents", "gaps"], ["agents", "list"], ["status"],
])  # fmt: skip
def test_text_for_people_carries_no_escape_sequence_when_piped(hostile: Path, args: list[str]) -> None:
    # was: `ralphy tasks | tee out` (or `> out`, then `cat out`) wrote the group's ESC ] 0 raw: tasks, recommend and
    # capabilities printed it when stdout was not a terminal, while status and agents list showed it as \x1b
    proc = ralphy(*args, hostile)
    assert proc.returncode == 0, proc.stderr
    assert "\x1b" not in proc.stdout and "\x07" not in proc.stdout
    assert "\\x1b]0;pwned\\x07" in proc.stdout  # shown, not hidden: the repository tried something


@pytest.mark.parametrize("args", [["tasks", "--json"], ["agents", "list", "--json"], ["prompt"]])
def test_data_for_a_program_is_left_as_ralphy_made_it(hostile: Path, args: list[str]) -> None:
    proc = ralphy(*args, hostile)
    assert proc.returncode == 0, proc.stderr
    if args == ["prompt"]:
        assert OSC in proc.stdout  # what Claude gets, as the files hold it
    else:
        assert "\\u001b]0;pwned\\u0007" in proc.stdout and json.loads(proc.stdout)  # JSON's own escapes


def test_no_line_a_user_sees_points_to_a_docs_file_the_installed_package_lacks() -> None:
    # was: `ralphy dev`'s settings warning said "see docs/security.md" and a JSON or YAML task file without tasks
    # "see docs/tasks.md": `pip install ralphy` ships no docs/ (first18 fixed the same for the empty task file)
    import ast

    import ralphy

    root = Path(ralphy.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if "docs/" in node.value and ".md" in node.value:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {node.value[:80]}")
    assert found == []
