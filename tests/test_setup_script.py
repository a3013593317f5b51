"""scripts/setup.sh (what ./scripts/test and ./scripts/demo run first) on a machine where a step fails: it says
why, in the tool's own words and one line of its own, and stops."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing.claude_cli import CLAUDE_CLI_VERSION
from tests.conftest import REPO


def test_an_npm_install_that_fails_says_why_and_exits_1(tmp_path: Path) -> None:
    # A new user's npm behind a proxy with its own certificate failed with `--silent`: exit 1, not a word said
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed")
    venv = tmp_path / "venv"  # a venv setup.sh made already: its python and its stamp, newer than pyproject.toml
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(sys.executable)
    (venv / ".ralphy-installed").touch()
    env = {name: value for name, value in os.environ.items()
           if name not in ("RALPHY_TEST_RANGE", "RALPHY_SETUP_CHROMIUM")}
    env.update(RALPHY_VENV=str(venv), RALPHY_CLAUDE_CACHE=str(tmp_path / "cache"),
               npm_config_cache=str(tmp_path / "npm"), npm_config_fetch_retries="0",
               npm_config_registry="http://127.0.0.1:9/")  # nothing listens on port 9
    done = subprocess.run(["bash", "-c", "source scripts/setup.sh"], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.splitlines()
    said = f"setup: npm could not install @anthropic-ai/claude-code@{CLAUDE_CLI_VERSION} (its output is above)"
    assert lines[-1] == said
    assert "ECONNREFUSED" in done.stderr  # npm's own words
    assert not (tmp_path / "cache" / f"claude-code-{CLAUDE_CLI_VERSION}" / "node_modules" / ".bin" / "claude").exists()
