"""Every text the MCP server answers with quotes a value the way ralphy's command-line errors do (Python's repr:
``'qa'``, as ``--claude-bin 'x' is not ...`` and click's ``'x' is not a valid integer``); other JSON values are shown
as JSON (``true``, ``null``, ``2.5``). The fallbacks wrote ``team 'qa'`` and ``team "nope"`` side by side."""

from __future__ import annotations

import asyncio
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import CORPUS

FURAI = CORPUS / "0xfurai--claude-code-subagents" / "agents"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "config"))
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    (root / ".claude" / "agents" / "qa").mkdir(parents=True)
    shutil.copy(FURAI / "postgres-expert.md", root / ".claude" / "agents")
    shutil.copy(FURAI / "playwright-expert.md", root / ".claude" / "agents" / "qa")
    (root / "TASKS.md").write_text("## Database\n- [ ] 1.1 Optimize the slow PostgreSQL query\n", encoding="utf-8")
    return root


TASK = "Optimize the slow PostgreSQL query"
CALLS = [  # (tool, arguments, the text answered: an error's, or the fallback's reason)
    ("agent_recommend", {"task": TASK, "team": "nope"},
     "no agent is in team 'nope' (the project's teams: qa); work directly"),
    ("agent_recommend", {"task": TASK, "team": "qa", "excludeAgents": ["playwright-expert"]},
     "every agent of team 'qa' is in excludeAgents; work directly"),
    ("agent_recommend", {"task": TASK, "team": "qa", "requiredCapabilities": ["Teleport"]},
     "no agent of team 'qa' has every tool of requiredCapabilities (Teleport); work directly"),
    ("agent_recommend", {"task": TASK, "maxResults": "3"}, "maxResults must be a whole number from 1 to 10 (got '3')"),
    ("agent_recommend", {"task": TASK, "maxResults": True}, "maxResults must be a whole number from 1 to 10 (got true)"),
    ("agent_recommend", {"task": TASK, "excludeAgents": "postgres-expert"},
     "excludeAgents must be a list of strings (got 'postgres-expert')"),
    ("agent_recommend", {"task": TASK, "excludeAgents": ["a", 1]}, "excludeAgents must be a list of strings (got ['a', 1])"),
    ("agent_capabilities", {"category": 7}, "category must be a string (got 7)"),
    ("agent_recommend", {"task": TASK, "max_results": 1},
     "agent_recommend takes no argument 'max_results' (it takes task, team, requiredCapabilities, excludeAgents, "
     "maxResults)"),
]


def test_every_answer_quotes_values_as_the_command_line_does(project: Path) -> None:
    from mcp import Client

    from ralphy.mcp_server import build_server

    async def run():
        async with Client(build_server(project), read_timeout_seconds=60) as client:
            return [await client.call_tool(tool, arguments) for tool, arguments, _ in CALLS]

    said = []
    for result in asyncio.run(run()):
        if result.is_error:
            said.append(result.content[0].text.split(": ", 1)[-1] if "takes no argument" not in
                        result.content[0].text else result.content[0].text)
        else:
            said.append(result.structured_content["reason"])
    assert said == [expected for _, _, expected in CALLS]
    assert not any(re.search(r'"[^"]*"', text) for text in said)  # no value in double quotes anywhere
