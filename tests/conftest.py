"""Shared fixtures. The one thing faked anywhere in these tests is the model (ralphy.testing)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
CORPUS = DATA / "agent-corpus"
TRANSCRIPTS = DATA / "transcripts"


@pytest.fixture(scope="session")
def claude_bin() -> str:
    """Path of the pinned real Claude CLI. scripts/setup.sh installs it and exports RALPHY_TEST_CLAUDE_BIN.

    Never skips: a missing CLI is a failed set-up, not a passing suite.
    """
    path = os.environ.get("RALPHY_TEST_CLAUDE_BIN") or shutil.which("claude")
    if not path or not os.access(path, os.X_OK):
        pytest.fail("the Claude CLI is not installed: run the tests with ./scripts/test (it installs it)")
    return path


@pytest.fixture
def claude_home(tmp_path: Path) -> Path:
    """A throwaway HOME / CLAUDE_CONFIG_DIR so the user's own ~/.claude never leaks into a test."""
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    return home
