"""`ralphy dev` knows which Claude CLI it drives: an old one is refused before anything runs, a permission mode
the CLI does not know is refused before the first iteration, an untested newer one is named once."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ralphy.cli.dev import _check_claude_version
from ralphy.testing import init_git_project


def stand_in_cli(directory: Path, version: str) -> Path:
    """A program that answers `--version` like the Claude CLI ``version`` and records any other start."""
    directory.mkdir(parents=True, exist_ok=True)
    script = directory / "claude"
    script.write_text(f"#!/bin/sh\nif [ \"$1\" = --version ]; then echo '{version} (Claude Code)'; exit 0; fi\n"
                      f"echo \"$@\" >> '{directory / 'runs'}'\nexit 1\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def project(root: Path) -> Path:
    init_git_project(root, commit=False)
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    return root


def ralphy_dev(project_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ralphy", "dev", str(project_dir), *args], capture_output=True,
                          text=True, timeout=60)


def test_a_cli_older_than_supported_is_refused_with_one_line_and_never_run(tmp_path):
    cli = stand_in_cli(tmp_path / "old", "1.0.128")
    started = time.monotonic()
    done = ralphy_dev(project(tmp_path / "p"), "--claude-bin", str(cli))
    elapsed = time.monotonic() - started
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "1.0.128" in lines[0] and "2.0.0 to 2.1.331" in lines[0] and str(cli) in lines[0]
    assert not (tmp_path / "p" / ".ralphy" / "ralphy.db").exists()  # no run was recorded
    assert elapsed < 10  # the bound; about 0.3 s here


@pytest.mark.parametrize("said", ["1.0.128-beta.2 (Claude Code)", "Update available: 2.1.331\\n1.0.128 (Claude Code)",
                                  "1.0.128 (Claude Code)\\nnpm notice: 2.1.331 is out"])
def test_an_old_cli_is_refused_whatever_its_version_line_carries(tmp_path, said):
    """A suffix on the version, or a notice line a wrapper prints around it, still names the version: refused."""
    cli = stand_in_cli(tmp_path / "old", "1.0.128")
    cli.write_text(cli.read_text().replace("echo '1.0.128 (Claude Code)'", f"printf '{said}\\n'"))
    done = ralphy_dev(project(tmp_path / "p"), "--claude-bin", str(cli))
    assert done.returncode == 1, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert "is version 1.0.128, older than ralphy supports" in line
    assert not (tmp_path / "p" / ".ralphy" / "ralphy.db").exists()  # no run was recorded


def test_a_permission_mode_the_cli_does_not_know_is_refused_before_the_first_iteration(tmp_path):
    cli = stand_in_cli(tmp_path / "old", "2.0.0")
    done = ralphy_dev(project(tmp_path / "p"), "--claude-bin", str(cli), "--permission-mode", "dontAsk")
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert "permission_mode 'dontAsk' is not known to the Claude CLI" in line and "version 2.0.0" in line
    assert not (tmp_path / "p" / ".ralphy" / "ralphy.db").exists()


@pytest.mark.parametrize("version, warned", [("2.1.332", True), ("2.1.331", False), ("2.0.0", False)])
def test_a_cli_newer_than_the_newest_tested_is_named_once(tmp_path, capsys, version, warned):
    cli = stand_in_cli(tmp_path / "new", version)
    found = _check_claude_version(str(cli), None, "acceptEdits", quiet=False)
    assert str(found) == version
    err = capsys.readouterr().err
    assert (f"is version {version}, newer than the newest ralphy was tested with (2.1.331)" in err) is warned
    assert err.count("\n") == (1 if warned else 0)
    _check_claude_version(str(cli), None, "acceptEdits", quiet=True)
    assert capsys.readouterr().err == ""


def test_agents_check_follows_the_version_of_the_cli_in_use(tmp_path):
    work = tmp_path / "p"
    agents = work / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "bom.md").write_text("\ufeff---\nname: bom-agent\ndescription: Starts with a BOM.\n---\nBody\n")
    (agents / "lead.md").write_text("---\nname: lead\ndescription: Leads.\ntools: Read, Agent\n---\nBody\n")

    def check(version: str) -> dict:
        cli = stand_in_cli(tmp_path / version, version)
        done = subprocess.run([sys.executable, "-m", "ralphy", "agents", "check", str(work), "--json"],
                              capture_output=True, text=True, timeout=60,
                              env={**os.environ, "RALPHY_CLAUDE_BIN": str(cli)})
        return json.loads(done.stdout)

    new, old = check("2.1.330"), check("2.1.62")
    outcomes = lambda report: {Path(f["path"]).name: f["outcome"] for f in report["files"]}  # noqa: E731
    assert outcomes(new) == {"bom.md": "loaded", "lead.md": "loaded"}
    assert outcomes(old) == {"bom.md": "skipped", "lead.md": "loaded"}
    unknown = lambda report: [f["message"] for f in report["findings"] if f["code"] == "unknown-tool"]  # noqa: E731
    assert unknown(new) == []
    assert unknown(old) == ["'Agent' is not a tool of Claude Code 2.1.62, nor mcp__…; the CLI ignores it"]


def test_ralphy_prompt_names_the_delegation_tool_of_the_cli_in_use(tmp_path):
    work = project(tmp_path / "p")
    agents = work / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "a.md").write_text("---\nname: builder\ndescription: Builds things.\n---\nBody\n")

    def prompt(version: str) -> str:
        cli = stand_in_cli(tmp_path / version, version)
        return subprocess.run([sys.executable, "-m", "ralphy", "prompt", str(work)], capture_output=True, text=True,
                              timeout=60, env={**os.environ, "RALPHY_CLAUDE_BIN": str(cli)}, check=True).stdout

    assert "with the Task tool" in prompt("2.1.62")
    assert "with the Agent tool" in prompt("2.1.63")
