"""Will `claude -p` (so `ralphy dev`) start the project's .mcp.json servers? `ralphy doctor` asks the real CLI
(`mcp_status`, no model call) and says so plainly, with what to do; ralphy approves nothing itself.

What each CLI does was measured first (docs/decisions.md): 2.0.0 starts a project's server in -p only once it
is approved in the user's settings; 2.1.62 and later start it without asking."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.claude.version import Version
from ralphy.testing import init_git_project
from tests.e2e.test_doctor import doctor

pytestmark = pytest.mark.e2e


def installed_project(tmp_path: Path) -> Path:
    project = init_git_project(tmp_path / "project", commit=False)
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    done = subprocess.run([sys.executable, "-m", "ralphy", "mcp", "--install", str(project)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return project


def files(project: Path) -> list[str]:
    return sorted(os.path.relpath(os.path.join(top, name), project) for top, dirs, names in os.walk(project)
                  if ".git" not in Path(top).relative_to(project).parts for name in names)


def mcp_lines(report: dict) -> list[dict]:
    return [check for check in report["checks"] if check["name"] == "mcp"]


def test_doctor_says_whether_claude_p_starts_ralphys_server(tmp_path, claude_bin, claude_version, claude_home):
    project = installed_project(tmp_path)
    before = files(project)
    code, report = doctor(project, claude_home, claude_bin, ANTHROPIC_API_KEY="sk-test")
    [line] = mcp_lines(report)
    if claude_version >= Version(2, 1, 62):  # started unasked: its four tools listed by the CLI
        assert line["status"] == "ok", line
        assert "starts .mcp.json's server 'ralphy'" in line["message"] and "4 tools" in line["message"]
    else:  # 2.0.0: not started until approved, and the user is told how (ralphy does not do it)
        assert line["status"] == "warning", line
        assert "is not started by `claude -p`" in line["message"] and "not approved" in line["message"]
        assert '"enabledMcpjsonServers": ["ralphy"]' in line["fix"] and "~/.claude/settings.json" in line["fix"]
    assert code == 0, report["checks"]
    # nothing approved behind the user's back: no settings written in the project or the user's folder
    assert files(project) == before
    assert not (claude_home / ".claude" / "settings.json").exists()


def test_what_doctor_tells_a_user_of_2_0_0_works(tmp_path, claude_bin, claude_version, claude_home):
    """The approval doctor's fix names, in the user's own settings, makes every CLI start the server."""
    project = installed_project(tmp_path)
    (claude_home / ".claude" / "settings.json").write_text(json.dumps({"enabledMcpjsonServers": ["ralphy"]}))
    _, report = doctor(project, claude_home, claude_bin, ANTHROPIC_API_KEY="sk-test")
    [line] = mcp_lines(report)
    assert line["status"] == "ok" and "starts .mcp.json's server 'ralphy'" in line["message"], line
    assert ("4 tools" in line["message"]) == (claude_version >= Version(2, 1, 62))  # 2.0.0 does not list them


def test_a_repositorys_own_server_started_unasked_is_a_warning(tmp_path, claude_bin, claude_version, claude_home):
    project = installed_project(tmp_path)
    config = json.loads((project / ".mcp.json").read_text())
    config["mcpServers"]["repo-tool"] = dict(config["mcpServers"]["ralphy"])  # a program the repository chose
    (project / ".mcp.json").write_text(json.dumps(config))
    _, report = doctor(project, claude_home, claude_bin, ANTHROPIC_API_KEY="sk-test")
    lines = {re.search(r"server '([^']+)'", line["message"]).group(1): line for line in mcp_lines(report)}
    assert set(lines) == {"ralphy", "repo-tool"}
    if claude_version >= Version(2, 1, 62):
        assert lines["repo-tool"]["status"] == "warning", lines
        assert "without asking" in lines["repo-tool"]["message"] and "every `ralphy dev` here runs it" in \
            lines["repo-tool"]["message"]
    else:
        assert "not approved" in lines["repo-tool"]["message"]


def test_install_says_whether_claude_p_will_start_it(tmp_path, claude_bin, claude_version):
    project = init_git_project(tmp_path / "project", commit=False)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": claude_bin, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "ralphy", "mcp", "--install", str(project)], capture_output=True,
                          text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    said = done.stdout.splitlines()[-1]
    assert said.startswith(f"ralphy: the Claude CLI {claude_version} ") and said.endswith("`ralphy doctor` checks it")
    if claude_version >= Version(2, 1, 62):
        assert "starts it in `claude -p` (and so in `ralphy dev`) without asking" in said
    else:
        assert "does NOT start it in `claude -p` (so not in `ralphy dev`) until you approve it" in said
        assert '"enabledMcpjsonServers": ["ralphy"]' in said
