"""The test session never touches the real user's Claude Code state (a pytest plugin, loaded by tests/conftest.py).

The last CI run failed because the suite left the user's ``~/.claude.json`` corrupt (two real CLIs writing it at
once). So, before anything is collected, this plugin gives the whole session (and every process it starts) a
throwaway ``HOME`` with its own ``CLAUDE_CONFIG_DIR``; and when the session ends it checks that the real
``~/.claude.json`` (and its backup) are byte for byte what they were at the start: a test run that changed them
fails, naming the file.

The real Claude CLI under test is located before HOME moves (``RALPHY_TEST_CLAUDE_BIN``), and the real
``~/.gitconfig`` is copied into the throwaway home (git commits in tests keep their identity).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# What the session must leave alone in the real HOME (the CLI writes the first; 2.0.0 writes a backup beside it).
GUARDED = (".claude.json", ".claude.json.backup")
_state: dict = {}


def snapshot(paths: list[Path]) -> dict[str, str | None]:
    """Each path's sha-256 (None when it does not exist; "<unreadable>" when it cannot be read)."""
    seen: dict[str, str | None] = {}
    for path in paths:
        try:
            seen[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
        except FileNotFoundError:
            seen[str(path)] = None
        except OSError as exc:
            seen[str(path)] = f"<unreadable: {exc.strerror or exc}>"
    return seen


def changed(before: dict[str, str | None]) -> list[str]:
    """The paths of ``before`` whose content (or existence) is not what it was."""
    after = snapshot([Path(p) for p in before])
    return [p for p in before if after[p] != before[p]]


def pytest_configure(config: pytest.Config) -> None:
    if "real_home" in _state:  # configured twice in one process (pytester): keep the first
        return
    real_home = Path(os.environ.get("HOME") or Path.home())
    _state["real_home"] = real_home
    _state["before"] = snapshot([real_home / name for name in GUARDED])
    if not os.environ.get("RALPHY_TEST_CLAUDE_BIN"):
        from ralphy.testing.claude_cli import find_claude_cli

        found = find_claude_cli()  # the pinned cache under the real HOME, or PATH
        if found:
            os.environ["RALPHY_TEST_CLAUDE_BIN"] = found
    home = Path(tempfile.mkdtemp(prefix="ralphy-test-home-"))
    (home / ".claude").mkdir()
    gitconfig = real_home / ".gitconfig"
    if gitconfig.is_file():
        shutil.copyfile(gitconfig, home / ".gitconfig")
    else:
        (home / ".gitconfig").write_text("[user]\n\tname = ralphy tests\n\temail = tests@ralphy.invalid\n")
    _state["home"] = home
    os.environ["HOME"] = str(home)
    os.environ["CLAUDE_CONFIG_DIR"] = str(home / ".claude")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    touched = changed(_state.get("before", {}))
    if touched:
        message = (f"the test session changed the real user's Claude Code state: {', '.join(touched)} "
                   "(tests must run the CLI with a throwaway HOME / CLAUDE_CONFIG_DIR)")
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"ERROR: {message}", red=True)
        else:
            print(f"ERROR: {message}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    home = _state.get("home")
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)
