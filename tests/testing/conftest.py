"""Helpers for running the real Claude CLI against the fake Messages API."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ralphy.testing import init_git_project

ALLOWED_TOOLS = "Read Write Edit Glob Grep Bash Agent Task"
TDD_AGENT = """---
name: tdd-orchestrator
description: Drives red-green-refactor TDD for one task group at a time.
tools: Read, Write, Edit, Glob, Grep, Bash
---
You are the TDD orchestrator. For each task, write a failing test first, then the smallest code that
makes it pass, then refactor.
"""
TASKS_MD = """# Tasks

## Models
- [ ] 1.1 Create the User model
- [ ] 1.2 Create the Post model

## API
- [ ] 2.1 Add the users endpoint
"""


def dev_prompt(tasks_md: str, agents: dict[str, str] | None = None) -> str:
    """A small realistic dev prompt: the TASKS.md content verbatim and the agent list."""
    agent_lines = "".join(f"- **{name}**: {description}\n" for name, description in (agents or {}).items())
    orchestration = f"\n## Agent Orchestration\n\nDelegate a task group to the best agent:\n{agent_lines}" \
        if agents else ""
    return (
        "You are the developer of this project. Work through TASKS.md in order.\n\n"
        f"## Current tasks (TASKS.md)\n\n{tasks_md}\n{orchestration}\n"
        "## Rules\n\nMark each task `- [x]` in TASKS.md when it is done. End with a short summary.\n"
    )


@dataclass
class CliRun:
    returncode: int
    events: list[dict[str, Any]]
    stderr: str

    @property
    def result(self) -> dict[str, Any]:
        return next(e for e in reversed(self.events) if e.get("type") == "result")

    def of_type(self, type_: str, subtype: str | None = None) -> list[dict[str, Any]]:
        return [e for e in self.events if e.get("type") == type_ and (subtype is None or e.get("subtype") == subtype)]

    def tool_uses(self, name: str) -> list[dict[str, Any]]:
        return [b for e in self.of_type("assistant") for b in e["message"]["content"]
                if b.get("type") == "tool_use" and b.get("name") == name]


def run_cli(claude_bin: str, project: Path, prompt: str, env: dict[str, str], timeout: float = 90,
            args: tuple[str, ...] = ()) -> CliRun:
    """Run ``claude -p`` headless in ``project`` with ``prompt`` on stdin; parse its stream-json."""
    argv = [claude_bin, "-p", "--output-format", "stream-json", "--verbose",
            "--permission-mode", "acceptEdits", "--allowedTools", ALLOWED_TOOLS, *args]
    done = subprocess.run(argv, input=prompt, capture_output=True, text=True, cwd=project, env=env,
                          timeout=timeout, check=False)
    events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return CliRun(done.returncode, events, done.stderr)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A git project with TASKS.md and the tdd-orchestrator agent."""
    root = tmp_path / "project"
    (root / ".claude" / "agents").mkdir(parents=True)
    (root / ".claude" / "agents" / "tdd-orchestrator.md").write_text(TDD_AGENT)
    (root / "TASKS.md").write_text(TASKS_MD)
    return init_git_project(root, commit=False)
