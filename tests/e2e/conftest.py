"""The ``project`` most end-to-end tests run ralphy on (tests/e2e/scripted.py); a module with a project of its
own defines its own ``project`` fixture."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.scripted import scripted_project


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """TASKS.md (Core library 1.1, 1.2; Documentation 2.1) and the tdd-orchestrator agent, committed to git."""
    return scripted_project(tmp_path / "project")
