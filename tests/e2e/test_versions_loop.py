"""`ralphy dev` on each Claude CLI: the prompt lists exactly the agents that CLI loaded and names the delegation
tool the CLI really offers the model (the `tools` of its own Messages API request, not `init.tools`)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, init_git_project
from tests.agents.test_discovery_versions import FILES
from tests.e2e.cli_oracle import cli_agents, custom_agents

pytestmark = pytest.mark.e2e


def test_the_prompt_matches_the_cli_it_runs_on(tmp_path: Path, claude_bin: str, claude_home: Path) -> None:
    repo = tmp_path / "repo"
    work = repo / "app"
    for name, text in FILES.items():
        path = work / ".claude" / "agents" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (work / "TASKS.md").write_text("## Core\n- [ ] 1.1 Add a greet function\n")
    init_git_project(repo)
    loaded = sorted(custom_agents(cli_agents(claude_bin, work, claude_home)))
    with FakeMessagesAPI(DevScenario({}, stuck=True)) as api:
        env = claude_env(api.url, claude_home)
        env.update(RALPHY_CLAUDE_BIN=claude_bin, RALPHY_BACKOFF_SECONDS="0", RALPHY_ITERATION_TIMEOUT="90")
        done = subprocess.run([sys.executable, "-m", "ralphy", "dev", "--json", "--max-iterations", "1", str(work)],
                              env=env, capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
    first = next(r for r in api.requests if "Development iteration" in json.dumps(r))
    text = "\n".join(block["text"] for message in first["messages"] for block in (
        message["content"] if isinstance(message["content"], list) else [{"text": message["content"]}])
        if isinstance(block, dict) and "text" in block)
    listed = sorted(re.findall(r"^- \*\*(.+?)\*\*", text, re.M))
    assert listed == loaded, done.stderr
    offered = {tool["name"] for tool in first.get("tools", [])}
    [named] = re.findall(r"Delegate each matched group with the (\w+) tool", text)
    assert named in offered and ({"Task", "Agent"} - {named}).isdisjoint(offered)
