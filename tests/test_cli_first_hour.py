"""What a new user trips over in the first hour, command by command (issue 14): options after the subcommand,
text slips in help and output."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.cli import cli


def ralphy(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ralphy", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=60, stdin=subprocess.DEVNULL)


@pytest.fixture
def tasks_dir(tmp_path: Path) -> Path:
    (tmp_path / "TASKS.md").write_text("## Core\n- [ ] 1.1 a\n")
    return tmp_path


@pytest.mark.parametrize("args", [
    ["status", "-v"], ["status", "-vv"], ["log", "--verbose"], ["questions", "-v"], ["prompt", "-v"],
    ["agents", "list", "-v"], ["agents", "check", "-v"], ["agents", "capabilities", "-v"], ["reset", "-v"],
])
def test_v_works_after_the_subcommand(tasks_dir: Path, args: list[str]) -> None:
    proc = ralphy(*args, tasks_dir)
    assert proc.returncode in (0, 1), proc.stderr  # check exits 1 only on findings; never 2 (a usage error)
    assert "No such option" not in proc.stderr


@pytest.mark.parametrize(("args", "level"), [
    (["status"], logging.WARNING), (["status", "-v"], logging.INFO), (["status", "-vv"], logging.DEBUG),
    (["-v", "status"], logging.INFO), (["-v", "status", "-v"], logging.DEBUG), (["agents", "list", "-vv"], logging.DEBUG),
])
def test_v_after_the_subcommand_turns_the_logs_on(tasks_dir: Path, args: list[str], level: int) -> None:
    result = CliRunner().invoke(cli, [*args, str(tasks_dir)])
    assert result.exit_code == 0, result.output
    assert logging.getLogger("ralphy").level == level


def test_warnings_without_v_are_ralphy_lines_not_logger_lines(caplog) -> None:
    from ralphy.cli import _configure_logging
    import io

    stream = io.StringIO()
    _configure_logging(0)
    handler = logging.getLogger("ralphy").handlers[0]
    handler.setStream(stream)
    logging.getLogger("ralphy.claude.process").warning("cannot write the transcript %s", "x.jsonl")
    logging.getLogger("ralphy.claude.process").info("not shown")
    assert stream.getvalue() == "ralphy: warning: cannot write the transcript x.jsonl\n"


def test_top_level_help_cuts_no_summary_mid_word() -> None:
    from ralphy.cli import COMMANDS

    help_text = CliRunner().invoke(cli, ["--help"], terminal_width=80).output
    flat = " ".join(help_text.split())
    for name, (_, summary) in COMMANDS.items():
        assert " ".join(summary.split()) in flat, name


def test_dev_help_names_every_exit_code_and_every_option_has_help() -> None:
    result = CliRunner().invoke(cli, ["dev", "--help"], terminal_width=100)
    flat = " ".join(result.output.split())
    assert "2 usage error" in flat
    for code in ("0 all tasks done", "1 error", "3 circuit breaker open", "4 paused", "5 usage limit", "130"):
        assert code in flat
    from ralphy.cli.dev import dev

    assert [param.name for param in dev.params if isinstance(param, __import__("click").Option) and not param.help] == []


def test_testing_help_is_plain_text() -> None:
    proc = subprocess.run([sys.executable, "-m", "ralphy.testing", "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert "``" not in proc.stdout and "127.0.0.1" in proc.stdout


def test_no_runs_yet_names_the_folder_without_a_double_dot(tasks_dir: Path) -> None:
    out = ralphy("log", cwd=tasks_dir).stdout
    assert out == f"No runs yet in {tasks_dir.resolve()}. Start one with `ralphy dev`.\n"


def test_agents_check_counts_in_words(tmp_path: Path) -> None:
    agents = tmp_path / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "a.md").write_text("---\nname: a\ndescription: Does a.\ntools: Read, NoSuchTool\n---\nBody\n")
    out = ralphy("agents", "check", tmp_path).stdout.splitlines()[-1]
    assert " 1 lint errors" not in out and " 1 warnings" not in out
    assert out.startswith("1 loaded, 0 skipped, 0 shadowed; ")


def test_the_demos_closing_hint_works_as_printed(tmp_path: Path) -> None:
    import importlib.util
    import os
    import shlex

    from tests.conftest import REPO

    spec = importlib.util.spec_from_file_location("demo_script", REPO / "scripts" / "demo.py")
    demo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(demo)
    project = tmp_path / "my demo's"  # pasted, the hint still names it
    project.mkdir()
    bin_dir = Path(sys.executable).parent
    hint = demo.closing_hint(project, bin_dir)
    command = shlex.split(hint.split("try `", 1)[1].split("`", 1)[0])
    assert command[0] == str(bin_dir / "ralphy") or command[0] == "ralphy"
    if command[0] != "ralphy":
        assert "source " in hint and "activate" in hint
    env = {**os.environ, "PATH": "/usr/bin:/bin"}  # a fresh shell: the venv is not on PATH
    done = subprocess.run(command if command[0] != "ralphy" else [str(bin_dir / "ralphy"), *command[1:]], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Breaker: closed" in done.stdout, done.stderr


def test_readme_install_line_names_the_tested_cli_version() -> None:
    from ralphy.testing.claude_cli import CLAUDE_CLI_VERSION
    from tests.conftest import REPO

    readme = (REPO / "README.md").read_text()
    install = [line for line in readme.splitlines() if line.startswith("npm install -g @anthropic-ai/claude-code")]
    assert install and all(f"@anthropic-ai/claude-code@{CLAUDE_CLI_VERSION}" in line for line in install)
