"""Locate, install and configure the pinned Claude CLI for runs against the fake Messages API."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

from ralphy.claude.version import NEWEST_TESTED
from ralphy.errors import ClaudeNotFoundError

CLAUDE_CLI_VERSION = str(NEWEST_TESTED)  # the pinned CLI is the newest tested one (scripts/setup.sh says the same)
CLAUDE_CLI_PACKAGE = f"@anthropic-ai/claude-code@{CLAUDE_CLI_VERSION}"


def cli_cache_dir() -> Path:
    """Where the pinned CLI is installed: ``~/.cache/ralphy/claude-code-<version>``."""
    return Path.home() / ".cache" / "ralphy" / f"claude-code-{CLAUDE_CLI_VERSION}"


def find_claude_cli() -> str | None:
    """The Claude CLI to test with: $RALPHY_TEST_CLAUDE_BIN, $RALPHY_CLAUDE_BIN, the pinned cache, PATH."""
    for name in ("RALPHY_TEST_CLAUDE_BIN", "RALPHY_CLAUDE_BIN"):
        value = os.environ.get(name)
        if value and os.access(value, os.X_OK):
            return value
    cached = cli_cache_dir() / "node_modules" / ".bin" / "claude"
    if os.access(cached, os.X_OK):
        return str(cached)
    return shutil.which("claude")


def install_claude_cli(timeout: float = 600) -> str:
    """Install the pinned CLI with npm under ``cli_cache_dir()`` (a no-op when present); its path."""
    target = cli_cache_dir()
    binary = target / "node_modules" / ".bin" / "claude"
    if os.access(binary, os.X_OK):
        return str(binary)
    npm = shutil.which("npm")
    if npm is None:
        raise ClaudeNotFoundError(f"cannot install {CLAUDE_CLI_PACKAGE}: npm is not on PATH")
    done = subprocess.run([npm, "install", "--prefix", str(target), CLAUDE_CLI_PACKAGE],
                          capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0 or not os.access(binary, os.X_OK):
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise ClaudeNotFoundError(f"npm install {CLAUDE_CLI_PACKAGE} into {target} failed: {last}")
    return str(binary)


def claude_env(base_url: str, home: str | os.PathLike[str], extra: Mapping[str, str] | None = None, *,
               oauth: bool = False) -> dict[str, str]:
    """The environment for running the real CLI against a fake Messages API at ``base_url``.

    ``home`` is a throwaway directory used as HOME, with ``<home>/.claude`` as CLAUDE_CONFIG_DIR.
    Credentials are an API key, or with ``oauth=True`` a subscriber token (needed for the CLI to
    act on usage-limit headers). ``extra`` is applied last.
    """
    home = Path(home)
    (home / ".claude").mkdir(parents=True, exist_ok=True)
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("ANTHROPIC_", "CLAUDE")) and name not in ("HOME", "IS_SANDBOX")}
    env.update({
        "HOME": str(home),
        "CLAUDE_CONFIG_DIR": str(home / ".claude"),
        "ANTHROPIC_BASE_URL": base_url,
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "CLAUDE_CODE_MAX_RETRIES": "1",
        "API_TIMEOUT_MS": "30000",
    })
    env["CLAUDE_CODE_OAUTH_TOKEN" if oauth else "ANTHROPIC_API_KEY"] = "fake-key-for-ralphy-tests"
    env.update(extra or {})
    return env
