"""The step the FIFO tests of hostile14 and first19 share: ralphy's fingerprints of a project where git would wait,
around a new file, taken without waiting; what ralphy said about it."""

from __future__ import annotations

import time
from pathlib import Path
from types import ModuleType

import pytest


def fingerprints_said(worktree: ModuleType, project: Path, caplog: pytest.LogCaptureFixture, within: float) -> list[str]:
    """Two fingerprints of ``project`` around a new file, both within ``within`` seconds and told apart (ralphy saw
    the progress by comparing the files itself); its warnings that it does so."""
    started = time.monotonic()
    with caplog.at_level("WARNING"):
        before = worktree.fingerprints(project)
        (project / "new.txt").write_text("x")
        after = worktree.fingerprints(project)
    assert time.monotonic() - started < within
    assert before != after  # progress still seen: ralphy compared the files itself
    return [r.getMessage() for r in caplog.records if "compares the project's files itself" in r.getMessage()]
