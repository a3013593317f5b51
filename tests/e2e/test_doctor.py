"""`ralphy doctor` against each real Claude CLI: version, login (no model call), and the CLI's own agent list
compared with ralphy's discovery on the tree of tricky files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.claude.version import LAST_NODE_CLI, Version
from tests.e2e.cli_oracle import cli_agents, closed_api_url, custom_agents
from tests.e2e.test_discovery_parity import build_tricky_tree

pytestmark = pytest.mark.e2e


def doctor(work: Path, home: Path, claude_bin: str, **env: str) -> tuple[int, dict]:
    base = {key: value for key, value in os.environ.items() if not key.startswith(("CLAUDE", "ANTHROPIC"))}
    # the API at a closed local port: doctor calls no model, and the CLI then skips a start-up fetch it would retry
    # for ~18 s on a machine without network (tests/e2e/cli_oracle.py); its agents and account are the same
    base.update(HOME=str(home), CLAUDE_CONFIG_DIR=str(home / ".claude"), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
                DISABLE_TELEMETRY="1", DISABLE_AUTOUPDATER="1", ANTHROPIC_BASE_URL=closed_api_url(), **env)
    done = subprocess.run([sys.executable, "-m", "ralphy", "doctor", str(work), "--json", "--claude-bin", claude_bin],
                          capture_output=True, text=True, timeout=180, env=base, check=False)
    return done.returncode, json.loads(done.stdout)


def test_doctor_reports_the_version_and_the_agents_the_cli_loads(tmp_path, claude_bin, claude_version, claude_home):
    work = build_tricky_tree(tmp_path)
    (work / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    code, report = doctor(work, claude_home, claude_bin, ANTHROPIC_API_KEY="sk-test")
    assert report["claude"]["version"] == str(claude_version) and report["claude"]["supported"] is True
    assert report["claude"]["delegation_tool"] == ("Task" if str(claude_version) in ("2.0.0", "2.1.62") else "Agent")
    assert report["logged_in"] is True
    expected = custom_agents(cli_agents(claude_bin, work, claude_home))
    agents = report["agents"]
    assert {agent["name"]: agent["description"] for agent in agents["cli"]} == expected
    assert sorted(agent["name"] for agent in agents["ralphy"]) == sorted(expected)
    # up to 2.1.112 which of the tree's two same-folder twins the CLI keeps is ripgrep's order, not ralphy's to know
    rg_listed = Version(2, 1, 0) <= claude_version <= LAST_NODE_CLI
    differs = [name for name in agents["description_differs"] if not (rg_listed and name == "twin")]
    assert agents["only_cli"] == agents["only_ralphy"] == differs == []
    assert code == 0, report["checks"]


def test_doctor_says_when_the_cli_has_no_credentials(tmp_path, claude_bin, claude_home):
    (tmp_path / "TASKS.md").write_text("- [ ] 1 Do it\n")
    code, report = doctor(tmp_path, claude_home, claude_bin)
    assert code == 1 and report["logged_in"] is False
    [login] = [check for check in report["checks"] if check["name"] == "login"]
    assert login["status"] == "problem" and "ANTHROPIC_API_KEY" in login["fix"]
