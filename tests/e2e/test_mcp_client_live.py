"""The REAL Claude CLI as the MCP client of `ralphy mcp --scope all DIR` on a project the way users have them
(mcp19): agents of the project's .claude/agents (one of them a team folder), of the user's ~/.claude/agents
(a throwaway HOME) and of a plugin installed from a local marketplace, a broken agent file among them, an agent file added and one removed between two calls of one
session, bad input answered as a tool error with the server still there for the next call."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import FakeMessagesAPI, Request, claude_env, init_git_project, text, tool_use
from tests.conftest import FURAI, REPO, VOLT
from tests.e2e.test_mcp_client import reach_tools

RECOMMEND = "mcp__ralphy__agent_recommend"
CAPABILITIES = "mcp__ralphy__agent_capabilities"

# the calls the scripted model makes, in order; before the third, the test adds and removes agent files
CALLS = [
    (RECOMMEND, {"task": "Optimize the slow PostgreSQL query", "maxResults": 2}),  # a user-scope agent
    (RECOMMEND, {"task": "Fix the flaky Playwright login test", "team": "qa"}),  # none in qa yet: the fallback
    (RECOMMEND, {"task": "Fix the flaky Playwright login test", "team": "QA"}),  # added while the server runs
    (CAPABILITIES, {"category": "qa"}),
    (RECOMMEND, {"task": "Deploy the Kubernetes manifests with a Helm chart"}),  # the plugin's agent
    (RECOMMEND, {"task": "Write a Dockerfile for the API", "maxResults": 11}),  # bad input: a tool error
    (RECOMMEND, {"task": "Write a Dockerfile for the API", "excludeAgents": ["nobody"]}),  # docker-expert is gone
]


def scripted_model(project: Path):
    def answer(request: Request):
        if request.is_side or not request.is_main:
            return text("ok")
        called = [call["name"] for call in request.tool_calls]
        made = [name for name in called if name in (RECOMMEND, CAPABILITIES)]
        if not made and (reply := reach_tools(request, called)):
            return reply
        if len(made) == 2:  # between two calls of the session: one agent added, one removed
            shutil.copy(FURAI / "playwright-expert.md", project / ".claude" / "agents" / "qa")
            (project / ".claude" / "agents" / "docker-expert.md").unlink()
        if len(made) < len(CALLS):
            return tool_use(*CALLS[len(made)])
        return text("Routed.")
    return answer


def _install_plugin(config: Path, market: Path) -> None:
    """The plugin ``kit`` (one of VoltAgent's agents) installed and enabled from a local directory marketplace, the
    way `claude plugin install` registers one (as tests/e2e/test_discovery_parity.py does)."""
    root = market / "plugins" / "kit"
    (root / ".claude-plugin").mkdir(parents=True)
    (root / ".claude-plugin" / "plugin.json").write_text(json.dumps({"name": "kit", "version": "1.0.0"}))
    (root / "agents").mkdir()
    shutil.copy(VOLT / "03-infrastructure" / "kubernetes-specialist.md", root / "agents")
    (market / ".claude-plugin").mkdir(parents=True)
    (market / ".claude-plugin" / "marketplace.json").write_text(json.dumps(
        {"name": "local", "owner": {"name": "test"}, "plugins": [{"name": "kit", "source": "./plugins/kit"}]}))
    (config / "plugins").mkdir(parents=True, exist_ok=True)
    (config / "plugins" / "known_marketplaces.json").write_text(json.dumps(
        {"local": {"source": {"source": "directory", "path": str(market)}, "installLocation": str(market),
                   "lastUpdated": "2026-01-01T00:00:00.000Z"}}))
    (config / "plugins" / "installed_plugins.json").write_text(json.dumps({"version": 2, "plugins": {"kit@local": [
        {"scope": "user", "installPath": str(root), "version": "1.0.0", "installedAt": "2026-01-01T00:00:00.000Z",
         "lastUpdated": "2026-01-01T00:00:00.000Z"}]}}))
    (config / "settings.json").write_text(json.dumps({"enabledPlugins": {"kit@local": True}}))


@pytest.mark.e2e
def test_the_real_cli_routes_to_project_and_user_agents_and_sees_them_change(
        tmp_path: Path, claude_bin: str, claude_home: Path) -> None:
    project = init_git_project(tmp_path / "project", commit=False)
    agents = project / ".claude" / "agents"
    (agents / "qa").mkdir(parents=True)
    shutil.copy(FURAI / "docker-expert.md", agents)
    shutil.copy(VOLT / "04-quality-security" / "code-reviewer.md", agents / "qa")
    (agents / "broken.md").write_text("---\nname: broken\ndescription: [unclosed\n---\nA broken file.\n")
    user_agents = claude_home / ".claude" / "agents"
    user_agents.mkdir(parents=True)
    shutil.copy(FURAI / "postgres-expert.md", user_agents)
    _install_plugin(claude_home / ".claude", tmp_path / "market")
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"ralphy": {
        "command": sys.executable, "args": ["-m", "ralphy", "mcp", "--scope", "all", str(project)],
        "env": {"PYTHONPATH": str(REPO), "PATH": os.environ.get("PATH", "")}}}}))

    with FakeMessagesAPI(scripted_model(project)) as api:
        env = claude_env(api.url, home=claude_home)
        proc = subprocess.run(
            [claude_bin, "-p", "--output-format", "stream-json", "--verbose", "--strict-mcp-config",
             "--mcp-config", str(config), "--allowedTools", f"{RECOMMEND} {CAPABILITIES}"],
            input="Which of my agents should do these?", cwd=project, env=env, timeout=240, text=True,
            capture_output=True)
        requests = list(api.requests)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    last = Request(requests[-1])
    results = [last.tool_result(call["id"]) for call in last.tool_calls if call["name"] in (RECOMMEND, CAPABILITIES)]
    assert len(results) == len(CALLS), [call["name"] for call in last.tool_calls]
    (user, before, after, capabilities, plugin, bad, gone) = results

    assert not user[1] and json.loads(user[0])["recommended"] == "postgres-expert"
    assert len(json.loads(user[0])["alternatives"]) == 2
    assert not before[1] and json.loads(before[0])["recommended"] is None
    assert not after[1] and json.loads(after[0])["recommended"] == "playwright-expert", after[0]
    assert not capabilities[1]
    assert set(json.loads(capabilities[0])["capabilitiesByAgent"]) == {"code-reviewer", "playwright-expert"}
    assert not plugin[1] and json.loads(plugin[0])["recommended"] == "kit:kubernetes-specialist", plugin[0]
    assert bad[1] and "maxResults must be a whole number from 1 to 10 (got 11)" in bad[0]
    assert len(bad[0].splitlines()) == 1
    assert not gone[1]
    named = [json.loads(gone[0])["recommended"], *(a["agentId"] for a in json.loads(gone[0])["alternatives"])]
    assert "docker-expert" not in named and "broken" not in named
    final = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")][-1]
    assert final["type"] == "result" and final["result"] == "Routed."
