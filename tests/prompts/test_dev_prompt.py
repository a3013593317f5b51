"""The dev prompt: golden files for the four rows of the behaviour matrix, overrides, strictness, data safety.

Regenerate the golden files after an intended template change with ``RALPHY_UPDATE_GOLDEN=1 pytest tests/prompts``
and read the diff.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from ralphy.agents import DevAgent
from ralphy.config import Config
from ralphy.errors import TemplateError
from ralphy.prompts import render_dev_prompt

GOLDEN = Path(__file__).parent / "golden"

TASKS = """\
# Tasks

## Models
- [ ] 1.1 Create the User model
- [x] 1.2 Add password hashing

## Security review
- [ ] 2.1 Audit the login flow
"""

TDD_AGENT = """\
---
name: tdd-orchestrator
description: Implements features test-first.\\nUse for any task that adds or changes code.
tools: Read, Write, Edit, Bash
model: sonnet
---
You write the failing test first.
"""

SECURITY_AGENT = """\
---
name: security-auditor
description: |
  Reviews code for security problems.
  <example>
  user: audit the login flow
  assistant: I'll use the security-auditor agent.
  </example>
tools: [Read, Grep]
---
You audit code.
"""

BROKEN_AGENT = "---\nname: broken\ntools: Read\n---\nno description, so the CLI skips it\n"

CONFIG = Config(language="python", test_command="pytest -q")


def make_project(root: Path, agents: dict[str, str] | None, tasks: str = TASKS) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "TASKS.md").write_text(tasks)
    if agents is not None:
        agent_dir = root / ".claude" / "agents"
        agent_dir.mkdir(parents=True)
        for filename, text in agents.items():
            (agent_dir / filename).write_text(text)
    return root


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("RALPHY_UPDATE_GOLDEN"):
        path.write_text(text)
    assert path.exists(), f"golden file {path} missing: run with RALPHY_UPDATE_GOLDEN=1"
    assert text == path.read_text()


def build(project: Path, caplog) -> str:
    with caplog.at_level(logging.INFO, logger="ralphy"):
        return DevAgent(project, CONFIG).build_prompt()


def test_no_agents_directory_gives_direct_implementation(tmp_path, caplog):
    prompt = build(make_project(tmp_path / "p", None), caplog)
    check_golden("direct.md", prompt)
    assert "## Direct Implementation" in prompt and "## Agent Orchestration" not in prompt
    assert "Write a failing test" in prompt  # the TDD instructions
    assert "No agents found, using direct implementation" in caplog.messages


def test_empty_agents_directory_is_the_same_and_logged(tmp_path, caplog):
    prompt = build(make_project(tmp_path / "p", {}), caplog)
    check_golden("direct.md", prompt)
    assert caplog.messages.count("No agents found, using direct implementation") == 1


def test_agents_give_orchestration_without_tdd(tmp_path, caplog):
    project = make_project(
        tmp_path / "p", {"tdd.md": TDD_AGENT, "sec.md": SECURITY_AGENT, "broken.md": BROKEN_AGENT}
    )
    prompt = build(project, caplog)
    check_golden("orchestration.md", prompt)
    agent_lines = [line for line in prompt.splitlines() if line.startswith("- **")]
    assert agent_lines == [
        "- **security-auditor**: Reviews code for security problems.",
        "- **tdd-orchestrator**: Implements features test-first. Use for any task that adds or changes code.",
    ]
    assert "## Direct Implementation" not in prompt and "Write a failing test" not in prompt
    assert "subagent_type" in prompt and "description" in prompt
    assert "Discovered 2 agents: ['security-auditor', 'tdd-orchestrator']" in caplog.messages  # issue 2's exact line


def test_agents_that_match_no_task_still_orchestrate(tmp_path, caplog):
    tasks = "## Docs\n- [ ] 1 Write the changelog\n"
    prompt = build(make_project(tmp_path / "p", {"sec.md": SECURITY_AGENT}, tasks), caplog)
    check_golden("orchestration_no_match.md", prompt)
    assert "Implement the groups that no agent matches yourself" in prompt
    assert "Write a failing test" not in prompt


def test_missing_tasks_file_is_said_not_invented(tmp_path, caplog):
    project = tmp_path / "p"
    project.mkdir()
    prompt = build(project, caplog)
    assert "There is no `TASKS.md` yet" in prompt


def test_resume_instruction_is_rendered(tmp_path, caplog):
    project = make_project(tmp_path / "p", None)
    prompt = DevAgent(project, CONFIG).build_prompt(resume_instruction="The last iteration was interrupted.")
    assert "## Resume\n\nThe last iteration was interrupted." in prompt


def test_descriptions_and_tasks_are_data_not_templates(tmp_path, caplog):
    agent = "---\nname: tricky\ndescription: 'Uses {{ secret }} and {% raw %}x{% endraw %} literally'\n---\nbody\n"
    tasks = "## A\n- [ ] 1 Render {{ name }} in the page\n"
    prompt = build(make_project(tmp_path / "p", {"t.md": agent}, tasks), caplog)
    assert "- **tricky**: Uses {{ secret }} and {% raw %}x{% endraw %} literally" in prompt
    assert "Render {{ name }} in the page" in prompt


def test_project_override_template_is_preferred(tmp_path, caplog):
    project = make_project(tmp_path / "p", None)
    override = project / ".ralphy" / "prompts"
    override.mkdir(parents=True)
    (override / "dev_prompt.md").write_text("CUSTOM {{ language }} {{ discovered_agents or 'none' }}\n")
    assert build(project, caplog) == "CUSTOM python none\n"


def test_config_prompt_template_path(tmp_path, caplog):
    project = make_project(tmp_path / "p", None)
    (project / "my_prompt.md").write_text("mine: {{ test_command }}")
    config = CONFIG.replace(prompt_template="my_prompt.md")
    assert DevAgent(project, config).build_prompt() == "mine: pytest -q"


def test_missing_variable_is_a_template_error_naming_it(tmp_path):
    project = make_project(tmp_path / "p", None)
    override = project / ".ralphy" / "prompts"
    override.mkdir(parents=True)
    (override / "dev_prompt.md").write_text("Hello {{ project_name }}\n")
    with pytest.raises(TemplateError, match=r"dev_prompt\.md: 'project_name' is undefined"):
        DevAgent(project, CONFIG).build_prompt()


def test_template_syntax_error_names_file_and_line(tmp_path):
    path = tmp_path / "bad.md"
    path.write_text("line one\n{% if x %}\n")
    with pytest.raises(TemplateError, match=r"bad\.md:2: template syntax error"):
        render_dev_prompt(discovered_agents="", tdd_instructions="", tasks_content="", template_path=path)


def test_missing_template_file_is_a_template_error(tmp_path):
    with pytest.raises(TemplateError, match="prompt template not found"):
        render_dev_prompt(discovered_agents="", tdd_instructions="", tasks_content="", template_path=tmp_path / "x.md")


def test_render_dev_prompt_needs_no_project(tmp_path):
    prompt = render_dev_prompt(
        discovered_agents="- **a**: does a", tdd_instructions="TDD", tasks_content="- [ ] 1 x", language="go"
    )
    assert "## Agent Orchestration" in prompt and "- **a**: does a" in prompt and "TDD" not in prompt
    assert "the go project" in prompt


def test_many_agents_list_only_the_most_relevant(tmp_path, caplog):
    import shutil

    from tests.conftest import CORPUS

    project = make_project(tmp_path / "p", {}, "## Database\n- [ ] 1 Add a GIN index to speed up the PostgreSQL search query\n")
    agent_dir = project / ".claude" / "agents"
    for collection in CORPUS.iterdir():
        if collection.is_dir():
            shutil.copytree(collection, agent_dir / collection.name)
    config = CONFIG.replace(prompt_agent_threshold=20, prompt_agent_limit=10)
    with caplog.at_level(logging.INFO, logger="ralphy"):
        prompt = DevAgent(project, config).build_prompt()
    agent_lines = [line for line in prompt.splitlines() if line.startswith("- **")]
    total = int(caplog.messages[0].split()[1])  # "Discovered N agents: ['a', 'b', ...] (and M more)"
    assert caplog.messages[0].endswith(f"(and {total - 20} more)")
    assert caplog.messages[0].count("', '") == 19
    assert total > 400
    assert 1 <= len(agent_lines) <= 10  # agents matching no word of the pending tasks are left out
    assert f"{len(agent_lines)} most relevant of {total} shown" in prompt
    section = prompt.split("## Agent Orchestration", 1)[1].split("## Rules", 1)[0]
    assert len(section) / 4 < 2500  # about 4 characters a token
    assert any("postgres" in line.lower() or "database" in line.lower() for line in agent_lines[:3])


SPEC_KIT_TASKS = """\
# Tasks: Login

## Phase 1: Setup
- [X] T001 Create the layout
- [ ] T002 [P] Add the config loader
- [ ] T003 [US1] Add the User model

## Phase 2: Polish
- [ ] T004 Write the docs
"""


def test_the_prompt_speaks_the_files_own_ids_and_ticks(tmp_path, caplog):
    prompt = build(make_project(tmp_path / "p", {"tdd.md": TDD_AGENT}, SPEC_KIT_TASKS), caplog)
    assert '"Tasks T002, T003: Phase 1: Setup"' in prompt  # real ids of the file, not "1.1, 1.2"
    assert "never renumbered" in prompt
    assert "`- [ ]` becomes `- [X]`" in prompt  # the file ticks with [X]: that stays a valid tick
    kiro = "- [ ] 1. Set up\n  - [x] 1.1 Layout\n  - [ ]* 1.2 Property tests\n\n### Task 2: Docs\n- **Status**: pending\n"
    prompt = build(make_project(tmp_path / "k", {"tdd.md": TDD_AGENT}, kiro), caplog)
    assert '"Task 1.2: 1. Set up"' in prompt
    assert "`- [ ]` becomes `- [x]`, `- [ ]*` becomes `- [x]*` and a task's `**Status**` line becomes `completed`" in prompt


def test_issue2_private_helpers_as_the_issue_names_them(tmp_path, caplog):
    """Issue 2 names ``DevAgent(project_path, config=None)`` with ``_discover_agents()`` and ``_format_agents()``:
    both called as written there, without arguments, give the discovered agents and their ``- **name**: ...``
    lines."""
    project = make_project(tmp_path / "p", {"tdd.md": TDD_AGENT, "sec.md": SECURITY_AGENT})
    agent = DevAgent(project, config=None)
    with caplog.at_level(logging.INFO, logger="ralphy"):
        assert [spec.name for spec in agent._discover_agents()] == ["security-auditor", "tdd-orchestrator"]
        assert agent._format_agents().splitlines() == [
            "- **security-auditor**: Reviews code for security problems.",
            "- **tdd-orchestrator**: Implements features test-first. Use for any task that adds or changes code.",
        ]
        assert agent._format_agents(agent._discover_agents()) == agent._format_agents()
