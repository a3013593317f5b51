"""Agent names that look alike, against each real Claude CLI (hostile16): which agents the CLI loads, and which
one its Agent tool runs for a name that is not exact.

Measured on 2.0.0, 2.1.62, 2.1.197 and 2.1.330 before ralphy's rules were written: discovery normalises nothing
(NFC and NFD, full width, a ligature, case, a Cyrillic letter, a zero width space, a trailing space: each string
is an agent of its own, beside the built-in it looks like), and a double-quoted ``\\ud83d\\ude80`` pair is one
character. The Agent tool runs the exact name; failing that, from 2.1.197 (2.1.62 and 2.0.0: never), the one
agent of the same ``ralphy.agents.names.cli_match_key``, and none when several share it ("ambiguous"); the
stream then names the agent that ran (``task_started``, ``agentType``), which ralphy's report credits.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from ralphy.agents.discovery import DiscoveryRules, discover_agents
from ralphy.agents.names import cli_match_key
from ralphy.claude.delegation import DelegationTracker
from ralphy.claude.events import parse_line
from ralphy.claude.version import LAST_TASK_TOOL, Version
from ralphy.testing import FakeMessagesAPI, claude_env, init_git_project
from ralphy.testing.scenario import text, tool_use
from tests.e2e.cli_oracle import cli_agents, comparable, custom_agents
from tests.e2e.test_discovery_parity import ralphy_agents

pytestmark = pytest.mark.e2e

FIRST_MATCH_BY_KEY = Version(2, 1, 197)  # the first CLI measured to match a name by its key (2.1.62: exact only)

NAMES = {  # file -> name
    "cafe-nfc.md": "caf\u00e9-reviewer", "cafe-nfd.md": "cafe\u0301-reviewer",
    "code.md": "code-reviewer", "code-upper.md": "Code-Reviewer", "code-fullwidth.md": "\uff43\uff4f\uff44\uff45-reviewer",
    "code-cyrillic.md": "c\u043ede-reviewer", "code-zwsp.md": "code\u200b-reviewer", "rlo.md": "\u202ereweiver-edoc",
    "ligature.md": "\ufb01le-reviewer", "file.md": "file-reviewer", "gp-fullwidth.md": "\uff47eneral-purpose",
    "gp-zwsp.md": "general-purpose\u200b", "explore.md": "explore", "plan-fullwidth.md": "\uff30lan",
    "plan-space.md": "Plan ", "tag.md": "tag\U000e0041gent",
    # the same names, files differing only by normalisation on disk
    "caf\u00e9.md": "file-nfc", "cafe\u0301.md": "file-nfd",
}


def _agent(name: str, description: str, body: str = "You are a test agent.", ascii_only: bool = False) -> str:
    return (f"---\nname: {json.dumps(name, ensure_ascii=ascii_only)}\n"
            f"description: {json.dumps(description, ensure_ascii=ascii_only)}\n---\n{body}\n")


def test_look_alike_names_load_as_the_cli_loads_them(tmp_path: Path, claude_bin: str, claude_version,
                                                     claude_home: Path) -> None:
    repo = init_git_project(tmp_path / "repo", commit=False)
    folder = repo / ".claude" / "agents"
    folder.mkdir(parents=True)
    for file, name in NAMES.items():
        (folder / file).write_text(_agent(name, f"Reviews {file}."), encoding="utf-8")
    # escaped as Python's json.dumps writes them: a pair of UTF-16 halves for a character past U+FFFF
    (folder / "escaped.md").write_text(_agent("\U0001f680-launcher", "Launches \U0001f680.", ascii_only=True))
    expected = custom_agents(cli_agents(claude_bin, repo, claude_home))
    if claude_version >= Version(2, 1, 0):
        assert {"\U0001f680-launcher", "Plan ", "explore", "code\u200b-reviewer"} <= set(expected)
    listed = ralphy_agents(cwd=repo, home=claude_home, claude_bin=claude_bin)
    assert comparable(listed, expected) == expected
    discovery = discover_agents(repo, rules=DiscoveryRules.for_version(claude_version))
    assert comparable({a.name: a.description for a in discovery.agents}, expected) == expected


AGENTS = ["Code-Reviewer", "caf\u00e9-reviewer", "\uff43\uff4f\uff44\uff45-tester", "explore", "Plan ",
          "general-purpose\u200b", "twin-a", "Twin_A"]
CALLS = {  # the name Claude writes -> the agent an exact-only CLI runs, the one a CLI matching by key runs
    "Code-Reviewer": ("Code-Reviewer", "Code-Reviewer"),
    "code-reviewer": (None, "Code-Reviewer"),
    "code_reviewer ": (None, "Code-Reviewer"),
    "cafe\u0301-reviewer": (None, "caf\u00e9-reviewer"),
    "code-tester": (None, "\uff43\uff4f\uff44\uff45-tester"),
    "explore": ("explore", "explore"),
    "Explore": ("built-in", "built-in"),
    "Plan": ("built-in", "built-in"),
    "general-purpose": ("built-in", "built-in"),
    "general-purpose\u200b": ("general-purpose\u200b", "general-purpose\u200b"),
    "cafe-reviewer": (None, None),
    "twin-a": ("twin-a", "twin-a"),
    "TWIN-A": (None, None),  # twin-a and Twin_A share the key: ambiguous
}


def test_the_agent_tool_runs_the_exact_name_else_the_one_of_its_key(tmp_path: Path, claude_bin: str,
                                                                     claude_version, claude_home: Path) -> None:
    if Version(2, 1, 62) < claude_version < FIRST_MATCH_BY_KEY:
        pytest.skip(f"not measured on {claude_version}: exact names only up to 2.1.62, by key from 2.1.197")
    repo = init_git_project(tmp_path / "repo", commit=False)
    folder = repo / ".claude" / "agents"
    folder.mkdir(parents=True)
    for i, name in enumerate(AGENTS):
        (folder / f"a{i}.md").write_text(_agent(name, f"Agent {i}.", f"You are MARK-{i}."), encoding="utf-8")
    calls = list(CALLS)
    tool = "Task" if claude_version <= LAST_TASK_TOOL else "Agent"
    extra = {"run_in_background": False} if claude_version >= Version(2, 1, 300) else {}
    ran: dict[int, str | None] = {}

    def scenario(request):
        body = json.dumps(request.body)
        if request.is_subagent or tool not in request.tools:  # a subagent: which one, by its body
            mark = re.search(r"MARK-(\d+)", body)
            return text(f"RAN <{AGENTS[int(mark.group(1))] if mark else 'built-in'}>")
        turn = request.assistant_turns
        if turn:
            result = request.last_tool_results[-1][1]
            said = re.search(r"RAN <(.*?)>", result)
            ran[turn - 1] = said.group(1) if said else None
        if turn < len(calls):
            return tool_use(tool, {"subagent_type": calls[turn], "description": f"call {turn}", "prompt": "go",
                                   **extra})
        return text("done")

    with FakeMessagesAPI(scenario) as api:
        env = claude_env(api.url, claude_home, {"IS_SANDBOX": "1"})
        done = subprocess.run([claude_bin, "-p", "go", "--output-format", "stream-json", "--verbose",
                               "--dangerously-skip-permissions"], cwd=repo, env=env, capture_output=True, text=True,
                              timeout=300, check=False)
    assert not api.errors, api.errors
    by_key = claude_version >= FIRST_MATCH_BY_KEY
    expected = {i: CALLS[name][1 if by_key else 0] for i, name in enumerate(calls)}
    if claude_version < Version(2, 1, 0):  # 2.0.x has no built-in Explore or Plan: not found
        expected.update({i: None for i, name in enumerate(calls) if name in ("Explore", "Plan")})
    assert {i: ran.get(i) for i in expected} == expected, done.stdout[-3000:]
    if by_key:  # ralphy's key predicts each fallback, and the report credits the agent that ran
        for name, (exact, runs) in CALLS.items():
            if exact is None:
                matching = [agent for agent in AGENTS if cli_match_key(agent) == cli_match_key(name)]
                assert (matching[0] if len(matching) == 1 else None) == runs, name
        tracker = DelegationTracker()
        for line in done.stdout.splitlines():
            for event in parse_line(line) if line.startswith("{") else []:
                tracker.feed(event)
        credited = [d.agent for d in tracker.delegations if d.status == "completed"]
        assert "Code-Reviewer" in credited and "code-reviewer" not in credited
        assert "caf\u00e9-reviewer" in credited and "cafe\u0301-reviewer" not in credited
