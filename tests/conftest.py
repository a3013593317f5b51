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


@pytest.fixture(autouse=True)
def _own_user_state(tmp_path_factory, monkeypatch):
    """Tests never read or write the real user's ralphy config or state (trusted configs): both live in a
    throwaway folder, also for the ralphy processes a test starts."""
    home = tmp_path_factory.mktemp("xdg")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.delenv("RALPHY_CONFIG", raising=False)
    monkeypatch.delenv("RALPHY_STATE_DIR", raising=False)


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory, monkeypatch):
    """The Claude CLI versions ralphy caches go to a folder of this test session, never the user's cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "xdg-cache"))
