"""Every text the MCP server answers with quotes a value the way ralphy's command-line errors do (Python's repr:
``'qa'``, as ``--claude-bin 'x' is not ...`` and click's ``'x' is not a valid integer``); other JSON values are shown
as JSON (``true``, ``null``, ``2.5``). The fallbacks wrote ``team 'qa'`` and ``team "nope"`` side by side."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import mcp_calls

TASK = "Optimize the slow PostgreSQL query"
CALLS = [  # (tool, arguments, the text answered: an error's, or the fallback's reason)
    ("agent_recommend", {"task": TASK, "team": "nope"},
     "no agent is in team 'nope' (the project's teams: qa); work directly"),
    ("agent_recommend", {"task": TASK, "team": "qa", "excludeAgents": ["playwright-expert", "code-reviewer"]},
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


def test_every_answer_quotes_values_as_the_command_line_does(team_project: Path) -> None:
    from ralphy.mcp_server import build_server

    _, results = mcp_calls(build_server(team_project), *((tool, arguments) for tool, arguments, _ in CALLS))
    said = []
    for result in results:
        if result.is_error:
            said.append(result.content[0].text.split(": ", 1)[-1] if "takes no argument" not in
                        result.content[0].text else result.content[0].text)
        else:
            said.append(result.structured_content["reason"])
    assert said == [expected for _, _, expected in CALLS]
    assert not any(re.search(r'"[^"]*"', text) for text in said)  # no value in double quotes anywhere
