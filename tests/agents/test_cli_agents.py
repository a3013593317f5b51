"""``ralphy agents list`` / ``ralphy agents check`` through click and once as a real subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.cli import cli
from tests.conftest import CORPUS, REPO, user_project


@pytest.fixture
def shadowing_project(tmp_path: Path, monkeypatch) -> Path:
    home = tmp_path / "home"
    (home / ".claude" / "agents").mkdir(parents=True)
    (home / ".claude" / "agents" / "shared.md").write_text("---\nname: shared\ndescription: user copy\n---\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    return user_project(tmp_path / "repo", {
        "shared.md": "---\nname: shared\ndescription: project copy\ntools: Read, Grep\nmodel: haiku\n---\nbody\n",
        "broken.md": "---\nname: broken\n---\n",
    }, tasks=None)


@pytest.fixture
def hostile_corpus(tmp_path: Path) -> Path:
    """The whole real corpus plus files built to break a parser."""
    repo = tmp_path / "corpus-repo"
    agents = repo / ".claude" / "agents"
    shutil.copytree(CORPUS, agents)
    (repo / ".git").mkdir()
    (agents / "binary.md").write_bytes(bytes(range(256)) * 16)
    (agents / "bom.md").write_text("\ufeff---\nname: bom\ndescription: x\n---\n")
    (agents / "huge.md").write_text("---\nname: huge\ndescription: x\n---\n" + "y" * (1 << 21))
    (agents / "loop").symlink_to(agents)
    (agents / "dangling.md").symlink_to(agents / "nowhere.md")
    (agents / "dir.md").mkdir()
    (agents / "nul.md").write_bytes(b"---\nname: \x00\x01\ndescription: \xff\xfe\n---\n")
    (agents / "deep.md").write_text("---\nname: deep\nnested: " + "[" * 5000 + "]" * 5000 + "\n---\n")
    return repo


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_list_json_shows_winners_and_what_they_shadow(shadowing_project: Path) -> None:
    result = invoke("agents", "list", str(shadowing_project), "--json", "--scope", "all")
    assert result.exit_code == 0
    [item] = json.loads(result.stdout)
    assert {k: item[k] for k in ("name", "description", "tools", "model", "scope")} == {
        "name": "shared", "description": "project copy", "tools": ["Read", "Grep"], "model": "haiku",
        "scope": "project"}
    assert item["path"].endswith("repo/.claude/agents/shared.md")
    assert item["shadows"] == [str(Path(os.environ["HOME"]) / ".claude/agents/shared.md")]


def test_list_text_table(shadowing_project: Path) -> None:
    result = invoke("agents", "list", str(shadowing_project), "--scope", "all")
    header, row = result.stdout.splitlines()
    assert result.stderr == "ralphy: warning: 1 agent file skipped (`ralphy agents check` says why)\n"
    assert header.split() == ["NAME", "SCOPE", "TOOLS", "MODEL", "DESCRIPTION", "SHADOWS"]
    assert row.startswith("shared") and "Read, Grep" in row and "haiku" in row and "user:" in row


def test_list_default_scope_is_project(shadowing_project: Path) -> None:
    result = invoke("agents", "list", str(shadowing_project), "--json", "--scope", "user")
    assert [item["description"] for item in json.loads(result.stdout)] == ["user copy"]
    assert json.loads(invoke("agents", "list", str(shadowing_project), "--json").stdout)[0]["scope"] == "project"


def test_check_reports_skips_and_exits_1(shadowing_project: Path) -> None:
    result = invoke("agents", "check", str(shadowing_project))
    assert result.exit_code == 1
    assert "SKIPPED" in result.output and "broken.md: frontmatter has no 'description'" in result.output
    (shadowing_project / ".claude/agents/broken.md").unlink()
    assert invoke("agents", "check", str(shadowing_project)).exit_code == 0  # only warnings left


def test_check_over_the_whole_corpus_and_hostile_files(hostile_corpus: Path) -> None:
    result = invoke("agents", "check", str(hostile_corpus), "--json")
    assert result.exit_code == 1
    report = json.loads(result.output)
    skipped = [f for f in report["files"] if f["outcome"] == "skipped"]
    assert {Path(f["path"]).name for f in skipped} >= {"binary.md", "bom.md", "huge.md", "nul.md", "deep.md"}
    assert all(f["reason"] for f in skipped)
    assert sum(f["outcome"] == "loaded" for f in report["files"]) >= 500


def test_real_subprocess(hostile_corpus: Path) -> None:
    env = {**os.environ, "HOME": str(hostile_corpus.parent), "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "ralphy", "agents", "check", str(hostile_corpus)], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "loaded," in done.stdout.splitlines()[-1]
    listed = subprocess.run([sys.executable, "-m", "ralphy", "agents", "list", "--json", str(hostile_corpus)],
                            env=env, capture_output=True, text=True, timeout=120, check=True)
    assert len(json.loads(listed.stdout)) >= 500


@pytest.mark.parametrize("module", ["ralphy.cli.catalog", "ralphy.cli.factory"])
def test_agents_subcommand_modules_stand_alone(module):
    """No import circle: a subcommand module loads without the agents group, which loads it on demand."""
    code = f"import sys, {module}; print('ralphy.cli.agents' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_every_lazy_agents_subcommand_resolves_to_its_module():
    from ralphy.cli.agents import SUBCOMMANDS, agents

    for name, module in SUBCOMMANDS.items():
        command = agents.get_command(None, name)
        assert command is not None and command.name == name, name
        assert command.callback.__module__ == module


def test_check_on_real_agents_collapses_routing_hints_and_exits_0(tmp_path: Path) -> None:
    project = tmp_path / "p"
    shutil.copytree(CORPUS / "0xfurai--claude-code-subagents" / "agents", project / ".claude" / "agents")
    (project / ".claude" / "agents" / "sqs-expert.md").unlink()  # no frontmatter: a real skip, exit 1
    result = invoke("agents", "check", str(project))
    assert result.exit_code == 0, result.output
    hint_lines = [line for line in result.output.splitlines() if line.startswith("HINT")]
    assert len(hint_lines) == 1 and "exampleTasks/notForTasks" in hint_lines[0]
    assert "routing-hints" not in result.output
    assert json.loads(invoke("agents", "check", str(project), "--json").output)["findings"]
