"""The REAL Claude CLI as the MCP client of `ralphy mcp DIR`: a scripted model calls
mcp__ralphy__agent_recommend and mcp__ralphy__agent_capabilities, and what comes back is checked."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from ralphy.testing import FakeMessagesAPI, Request, claude_env, init_git_project, text, tool_use
from tests.conftest import CORPUS, REPO

FURAI = CORPUS / "0xfurai--claude-code-subagents" / "agents"
RECOMMEND = "mcp__ralphy__agent_recommend"
CAPABILITIES = "mcp__ralphy__agent_capabilities"


def reach_tools(request: Request, called: list[str]):
    """The reply that gets ralphy's MCP tools within the model's reach, or None once they are: 2.1.330 and later list
    MCP tools as deferred (their schemas come through ToolSearch first), and MCP servers connect in the background."""
    if "ToolSearch" in request.tools and RECOMMEND in json.dumps(request.messages) and "ToolSearch" not in called:
        return tool_use("ToolSearch", {"query": f"select:{RECOMMEND},{CAPABILITIES}", "max_results": 5})
    if RECOMMEND not in request.tools and "ToolSearch" not in called:
        if "WaitForMcpServers" in request.tools and called.count("WaitForMcpServers") < 3:
            return tool_use("WaitForMcpServers", {})
        return text(f"NO TOOL {RECOMMEND}; tools: {', '.join(request.tools)}")
    return None


def scripted_model(request: Request):
    """Call agent_recommend, then agent_capabilities, then stop: by what the conversation already holds."""
    if request.is_side or not request.is_main:
        return text("ok")
    called = [call["name"] for call in request.tool_calls]
    if RECOMMEND not in called:
        return reach_tools(request, called) or tool_use(RECOMMEND, {"task": "Fix the flaky Playwright login test", "maxResults": 2})
    if CAPABILITIES not in called:
        return tool_use(CAPABILITIES, {})
    return text("Routed.")


def project_with_agents(tmp_path: Path) -> Path:
    """A git project with three of 0xfurai's agents in .claude/agents."""
    project = init_git_project(tmp_path / "project", commit=False)
    agents = project / ".claude" / "agents"
    agents.mkdir(parents=True)
    for name in ("playwright-expert", "postgres-expert", "docker-expert"):
        shutil.copy(FURAI / f"{name}.md", agents)
    return project


def ask_over_mcp(claude_bin: str, claude_home: Path, project: Path, config: Path, path: str | None = None
                 ) -> tuple[subprocess.CompletedProcess[str], dict[str, tuple[str, bool] | None]]:
    """The CLI asked which agent should fix the flaky login test, in ``project`` with ``config``'s MCP servers and
    ``scripted_model`` (with ``path``: that PATH, outside any virtual environment); the finished process, and the
    result of each tool call of the last request by the tool's name."""
    with FakeMessagesAPI(scripted_model) as api:
        env = claude_env(api.url, home=claude_home)
        if path is not None:
            env = {**env, "PATH": path}
            env.pop("VIRTUAL_ENV", None)
        proc = subprocess.run(
            [claude_bin, "-p", "--output-format", "stream-json", "--verbose", "--strict-mcp-config",
             "--mcp-config", str(config), "--allowedTools", f"{RECOMMEND} {CAPABILITIES}"],
            input="Which of my agents should fix the flaky Playwright login test?", cwd=project, env=env,
            timeout=180, text=True, capture_output=True)
        requests = list(api.requests)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    last = Request(requests[-1])
    return proc, {call["name"]: last.tool_result(call["id"]) for call in last.tool_calls}


@pytest.mark.e2e
def test_the_real_cli_calls_ralphy_mcp_tools(tmp_path: Path, claude_bin: str, claude_home: Path) -> None:
    project = project_with_agents(tmp_path)
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"ralphy": {
        "command": sys.executable, "args": ["-m", "ralphy", "mcp", str(project)],
        "env": {"PYTHONPATH": str(REPO), "PATH": os.environ.get("PATH", "")}}}}))

    proc, results = ask_over_mcp(claude_bin, claude_home, project, config)
    recommend_text, recommend_error = results[RECOMMEND]
    assert not recommend_error, recommend_text
    recommendation = json.loads(recommend_text)
    assert recommendation["recommended"] == "playwright-expert"
    assert len(recommendation["alternatives"]) == 2
    capabilities_text, capabilities_error = results[CAPABILITIES]
    assert not capabilities_error, capabilities_text
    capabilities = json.loads(capabilities_text)
    assert set(capabilities["capabilitiesByAgent"]) == {"docker-expert", "playwright-expert", "postgres-expert"}
    assert "Bash" in capabilities["agentsByCapability"]
    final = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")][-1]
    assert final["type"] == "result" and final["result"] == "Routed."


@pytest.mark.e2e
def test_the_entry_mcp_install_writes_starts_without_ralphy_on_path(
        tmp_path: Path, claude_bin: str, claude_home: Path) -> None:
    """`ralphy mcp --install` run from an activated virtual environment; Claude Code then started with a PATH
    that does not hold it (an editor, another shell): the project's .mcp.json still starts ralphy's server and
    the model gets its tools (the file given as --mcp-config: a project's servers otherwise wait for the user's
    approval). A plain `"command": "ralphy"` failed here: the tools never came."""
    program = Path(sysconfig.get_path("scripts")) / "ralphy"
    assert program.is_file(), "ralphy is not installed in this Python's environment: run ./scripts/test"
    project = project_with_agents(tmp_path)
    base_path = os.pathsep.join(folder for folder in os.environ.get("PATH", "").split(os.pathsep)
                                if folder and not (Path(folder) / "ralphy").exists())
    activated = {**os.environ, "PATH": f"{program.parent}{os.pathsep}{base_path}", "VIRTUAL_ENV": sys.prefix}
    installed = subprocess.run([str(program), "mcp", "--install", str(project)], env=activated, text=True,
                               capture_output=True, timeout=60)
    assert installed.returncode == 0 and "ralphy server created" in installed.stdout, installed.stderr
    assert shutil.which("ralphy", path=base_path) is None  # what Claude Code sees holds no ralphy

    _, results = ask_over_mcp(claude_bin, claude_home, project, project / ".mcp.json", path=base_path)
    assert RECOMMEND in results, list(results)
    recommend_text, recommend_error = results[RECOMMEND]
    assert not recommend_error and json.loads(recommend_text)["recommended"] == "playwright-expert"
