"""The package and the top-level CLI: public API, start-up weight, `ralphy prompt`, error lines and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import ralphy
from ralphy.cli import cli

AGENT = "---\nname: {name}\ndescription: {description}\n---\nBody.\n"


def project_with_agents(root: Path, *, broken: bool = True) -> Path:
    agents = root / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "a.md").write_text(AGENT.format(name="tdd-orchestrator", description="Implements features test-first."))
    (agents / "b.md").write_text(AGENT.format(name="security-auditor", description="Audits code for security."))
    if broken:
        (agents / "broken.md").write_text("---\nname: broken\n---\nno description\n")
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    return root


def test_public_api_is_curated_and_importable():
    assert sorted(ralphy.__all__) == sorted(set(ralphy.__all__))
    for name in ralphy.__all__:
        assert getattr(ralphy, name) is not None
    with pytest.raises(AttributeError):
        ralphy.not_a_thing  # noqa: B018


def test_importing_ralphy_and_the_cli_loads_nothing_heavy():
    code = (
        "import sys, ralphy, ralphy.cli; "
        "print([m for m in ('anthropic', 'rich', 'jinja2', 'yaml', 'frontmatter', 'sqlite3') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_help_does_not_import_anthropic():
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "ralphy", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "Commands:" in proc.stdout
    imported = {line.split("|")[-1].strip() for line in proc.stderr.splitlines() if "|" in line}
    assert "click" in imported
    assert not imported & {"anthropic", "rich", "jinja2", "yaml", "sqlite3"}


@pytest.mark.parametrize("argv, code", [(["--version"], 0), (["dev", "--on-question", "never"], 2), (["nope"], 2)])
def test_exit_codes_of_the_real_program(argv, code, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "ralphy", *argv], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == code, proc.stderr


def test_version_via_python_m():
    out = subprocess.run([sys.executable, "-m", "ralphy", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"ralphy, version {ralphy.__version__}"


def test_prompt_with_two_agents_and_a_broken_file(tmp_path):
    project = project_with_agents(tmp_path)
    result = CliRunner().invoke(cli, ["prompt", str(project)], catch_exceptions=False)
    assert result.exit_code == 0
    lines = [line for line in result.stdout.splitlines() if line.startswith("- **")]
    assert lines == ["- **security-auditor**: Audits code for security.", "- **tdd-orchestrator**: Implements features test-first."]
    assert "## Agent Orchestration" in result.stdout and "## Direct Implementation" not in result.stdout
    assert "Discovered 2 agents: ['security-auditor', 'tdd-orchestrator']\n" in result.stderr
    assert "Discovered" not in result.stdout


def test_prompt_with_one_agent_says_agent(tmp_path):
    project = project_with_agents(tmp_path, broken=False)
    (project / ".claude" / "agents" / "b.md").unlink()
    result = CliRunner().invoke(cli, ["prompt", str(project)], catch_exceptions=False)
    assert result.exit_code == 0
    assert "Discovered 1 agent: ['tdd-orchestrator']\n" in result.stderr


@pytest.mark.parametrize("make_dir", [False, True])
def test_prompt_without_agents(tmp_path, make_dir):
    if make_dir:
        (tmp_path / ".claude" / "agents").mkdir(parents=True)
    (tmp_path / "TASKS.md").write_text("## Core\n- [ ] 1 Do it\n")
    result = CliRunner().invoke(cli, ["prompt", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0
    assert "## Direct Implementation" in result.stdout and "## Agent Orchestration" not in result.stdout
    assert "No agents found, using direct implementation" in result.stderr


def test_prompt_stdout_is_only_the_prompt_in_a_real_process(tmp_path):
    project = project_with_agents(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "ralphy", "prompt", str(project)], capture_output=True, text=True)
    assert proc.returncode == 0
    assert proc.stdout.startswith("# Development iteration\n")
    assert "Discovered 2 agents" in proc.stderr and "Traceback" not in proc.stderr


def test_bad_config_is_one_line_exit_1(tmp_path):
    (tmp_path / ".ralphy.toml").write_text("max_iterations = 'many'\n")
    result = CliRunner().invoke(cli, ["dev", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert "max_iterations must be an integer" in result.stderr


def test_missing_claude_cli_says_how_to_install(tmp_path, monkeypatch):
    (tmp_path / "TASKS.md").write_text("- [ ] 1 x\n")
    monkeypatch.setenv("PATH", str(tmp_path))  # no `claude` anywhere
    monkeypatch.delenv("RALPHY_CLAUDE_BIN", raising=False)
    result = CliRunner().invoke(cli, ["dev", str(tmp_path)])
    assert result.exit_code == 1
    assert "npm install -g @anthropic-ai/claude-code" in result.stderr
    assert result.stderr.count("\n") == 1


def test_missing_tasks_file_is_one_line(tmp_path):
    fake_claude = tmp_path / "claude"
    fake_claude.write_text("#!/bin/sh\nexit 0\n")
    fake_claude.chmod(0o755)
    result = CliRunner().invoke(cli, ["dev", str(tmp_path), "--claude-bin", str(fake_claude)])
    assert result.exit_code == 1
    assert "TASKS.md: no tasks file" in result.stderr and result.stderr.count("\n") == 1


def test_usage_error_exits_2(tmp_path):
    result = CliRunner().invoke(cli, ["dev", str(tmp_path), "--on-question", "never"])
    assert result.exit_code == 2
    result = CliRunner().invoke(cli, ["prompt", str(tmp_path / "missing")])
    assert result.exit_code == 2


def test_template_error_is_one_line(tmp_path):
    (tmp_path / ".ralphy" / "prompts").mkdir(parents=True)
    (tmp_path / ".ralphy" / "prompts" / "dev_prompt.md").write_text("{{ nope }}")
    result = CliRunner().invoke(cli, ["prompt", str(tmp_path)])
    assert result.exit_code == 1
    (error,) = [line for line in result.stderr.splitlines() if line.startswith("ralphy: error:")]
    assert "dev_prompt.md: 'nope' is undefined" in error and "Traceback" not in result.stderr


def test_reset_closes_an_open_breaker(tmp_path):
    from ralphy.breaker import BREAKER_FILE, CircuitBreaker, IterationOutcome

    breaker = CircuitBreaker()
    for _ in range(3):
        breaker.record(IterationOutcome(failed=True, error="boom"))
    breaker.save(tmp_path / BREAKER_FILE)
    result = CliRunner().invoke(cli, ["reset", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0 and "was open" in result.stdout
    data = json.loads((tmp_path / BREAKER_FILE).read_text())
    assert data["state"] == "closed"


def test_lazy_command_table_matches_the_commands():
    from ralphy.cli import COMMANDS

    for name, (module, short_help) in COMMANDS.items():
        command = cli.get_command(None, name)
        assert command is not None, name
        assert command.callback.__module__ == module
        assert command.get_short_help_str(limit=300) == short_help, name
    assert set(cli.commands) == set(COMMANDS)  # every command is in the table


def test_help_lists_every_command_and_agents_subcommands():
    top = CliRunner().invoke(cli, ["--help"])
    assert all(name in top.stdout for name in ("agents", "dev", "log", "prompt", "status", "answer", "reset"))
    sub = CliRunner().invoke(cli, ["agents", "--help"])
    assert all(name in sub.stdout for name in ("list", "check", "recommend", "gaps", "capabilities", "create"))


def test_importing_the_library_has_no_side_effects(tmp_path):
    code = (
        "import logging, os, ralphy, ralphy.agents, ralphy.loop, ralphy.store, ralphy.testing\n"
        "from ralphy.agents import DevAgent\n"
        "print(len(logging.getLogger().handlers), len(logging.getLogger('ralphy').handlers), os.listdir('.'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert out.stdout.strip() == "0 0 []"
    assert out.stderr == ""


def test_reset_replaces_an_unreadable_breaker_state(tmp_path):
    from ralphy.breaker import BREAKER_FILE

    (tmp_path / BREAKER_FILE).parent.mkdir(parents=True)
    (tmp_path / BREAKER_FILE).write_text("garbage")
    result = CliRunner().invoke(cli, ["reset", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0 and "was unreadable" in result.stdout
    assert json.loads((tmp_path / BREAKER_FILE).read_text())["state"] == "closed"
