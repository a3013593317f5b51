"""The scripted project most end-to-end tests run ralphy on, and how they run ralphy and read what it did.

The project: ``TASKS`` (two groups, three tasks) and the ``tdd-orchestrator`` agent, in a git repository
(``ralphy.testing.init_git_project``). ``DevScenario({"Core library": "tdd-orchestrator"})`` delegates the first
group to that agent and does the second itself. ``tests/e2e/conftest.py`` gives it as the ``project`` fixture.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from ralphy.testing import FakeMessagesAPI, claude_env, init_git_project

TASKS = """\
# Tasks

## Core library
- [ ] 1.1 Add a greet function
- [ ] 1.2 Reject an empty name

## Documentation
- [ ] 2.1 Write the usage section
"""

TDD_AGENT = """\
---
name: tdd-orchestrator
description: Implements library code test-first. Use for tasks that add or change functions or modules.
tools: Read, Write, Edit, Glob, Grep, Bash
---
You are a test-driven developer.
"""


def scripted_project(root: Path, *, tasks: str = TASKS, agents: bool = True,
                     files: dict[str, str] | None = None) -> Path:
    """``root`` made a git project holding ``tasks`` as TASKS.md, the tdd-orchestrator agent (unless ``agents`` is
    False) and ``files`` (relative path -> text), all committed."""
    root.mkdir(parents=True)
    if agents:
        (root / ".claude" / "agents").mkdir(parents=True)
        (root / ".claude" / "agents" / "tdd-orchestrator.md").write_text(TDD_AGENT)
    (root / "TASKS.md").write_text(tasks)
    for name, text in (files or {}).items():
        (root / name).write_text(text)
    return init_git_project(root)


def ralphy(project: Path, api: FakeMessagesAPI, home: Path, claude_bin: str, *args: str, timeout: float = 120,
           extra_env: dict[str, str | None] | None = None, oauth: bool = False) -> subprocess.CompletedProcess:
    """``python -m ralphy ARGS PROJECT`` against the scripted API, as a user would run it (no terminal, no waits
    between failed iterations, 90 s an iteration). ``extra_env`` values of None are not set at all."""
    env = claude_env(api.url, home, oauth=oauth)
    env.update({"RALPHY_CLAUDE_BIN": claude_bin, "RALPHY_BACKOFF_SECONDS": "0", "RALPHY_ITERATION_TIMEOUT": "90"})
    env.update(extra_env or {})
    env = {name: value for name, value in env.items() if value is not None}
    return subprocess.run(
        [sys.executable, "-m", "ralphy", *args, str(project)],
        env=env, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL,
    )


def summary(proc: subprocess.CompletedProcess) -> dict:
    """The JSON summary ``ralphy dev --json`` printed."""
    assert proc.stdout.strip(), f"no JSON on stdout; stderr: {proc.stderr[-2000:]}"
    return json.loads(proc.stdout)


def handled_by(data: dict) -> dict[str, str]:
    """Task id -> the agent (or "direct") the summary credits with it."""
    return {task["id"]: task["handled_by"] for it in data["iterations"] for task in it["tasks_completed"]}


def claude_processes_in(project: Path) -> list[int]:
    """Live processes (other than this one) whose working directory is ``project``: a CLI left running."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.readlink(entry / "cwd") == str(project) and int(entry.name) != os.getpid():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def claude_processes_left_in(project: Path) -> list[int]:
    """The processes of ``claude_processes_in`` still running once each had its moment to end
    (``tests.processes.gone_within``): right after ``ralphy dev`` exits, a process of the group it ended may still
    be on its way out on a loaded machine (seen once in CI on 2.1.62, under three suites at once)."""
    from tests.processes import gone_within

    return [pid for pid in claude_processes_in(project) if not gone_within(pid)]


def skip_without_ask_user_question(claude_version) -> None:
    """Skip the calling test on a CLI that has no AskUserQuestion tool (before 2.1.62, VERSIONS.md)."""
    import pytest

    from ralphy.claude.version import Version

    if claude_version is not None and claude_version < Version(2, 1, 62):
        pytest.skip("CLIs before 2.1.62 have no AskUserQuestion tool (VERSIONS.md)")


def cli_version(claude_bin: str) -> tuple[int, ...]:
    """``claude --version`` as numbers, e.g. (2, 1, 62)."""
    out = subprocess.run([claude_bin, "--version"], capture_output=True, text=True, timeout=60).stdout
    return tuple(int(part) for part in out.split()[0].split("."))


_TOKEN_REMINDER = re.compile(r"\s*<total_tokens>[^<]*</total_tokens>\s*")


def without_token_reminders(messages: list[dict]) -> list[dict]:
    """A request's messages up to the turn: without the trailing mid-conversation ``system`` messages (2.1.237 and
    2.1.250 add ``<total_tokens>N tokens left</total_tokens>`` after a user's turn, an option their bundles call
    internal, "after each regular user prompt"; 2.1.197 and 2.1.330 send none there) nor user messages saying only
    that, so the last message is the user's turn on every CLI."""
    kept = list(messages)
    while kept and (kept[-1].get("role") == "system"
                    or kept[-1].get("role") == "user" and _TOKEN_REMINDER.fullmatch(_text_of(kept[-1].get("content")))):
        kept.pop()
    return kept


def _text_of(content: object) -> str:
    """The text of a message made only of text ("" when it holds anything else: tool results, images)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(b, dict) and b.get("type") == "text" for b in content):
        return "".join(b.get("text", "") for b in content)
    return ""
