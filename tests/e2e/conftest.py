"""The ``project`` most end-to-end tests run ralphy on (tests/e2e/scripted.py), and ``one_task_project``; a module
with a project of its own names its fixture for what differs (``agentless_project``, ``project_with_check``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.scripted import scripted_project


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """TASKS.md (Core library 1.1, 1.2; Documentation 2.1) and the tdd-orchestrator agent, committed to git."""
    return scripted_project(tmp_path / "project")


@pytest.fixture
def one_task_project(tmp_path: Path) -> Path:
    """TASKS.md with one task (Core: 1.1 Add a greet function) and no agents, committed to git."""
    return scripted_project(tmp_path / "project", agents=False,
                            tasks="# Tasks\n\n## Core\n- [ ] 1.1 Add a greet function\n")
