"""The ``project`` of the agents' tests: an empty git repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from ralphy.testing import init_git_project


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A git repository ``project`` with nothing in it (no commit), so agent discovery stops at its root."""
    return init_git_project(tmp_path / "project", commit=False)
