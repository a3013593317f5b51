"""The test session never touches the real user's Claude Code state (a pytest plugin, loaded by tests/conftest.py).

The last CI run failed because the suite left the user's ``~/.claude.json`` corrupt (two real CLIs writing it at
once). So, before anything is collected, this plugin gives the whole session (and every process it starts) a
throwaway ``HOME`` with its own ``CLAUDE_CONFIG_DIR``; and when the session ends it checks that the real
``~/.claude.json`` (and its backup) are byte for byte what they were at the start: a test run that changed them
fails, naming the file.

The real Claude CLI under test is located before HOME moves (``RALPHY_TEST_CLAUDE_BIN``), and the real
``~/.gitconfig`` is copied into the throwaway home (git commits in tests keep their identity).

On a machine where other processes run the CLI meanwhile (other people's sessions, other checkouts' suites),
the file changes without this session's doing. So a change fails the session when it is this session's: the
CLI records the folder it ran in under ``projects``, and a new entry under this session's temporary folder or
checkout is ours; or when ``RALPHY_TEST_HOME_GUARD=strict`` (CI, where nothing else runs: .ci/run sets it),
any change fails. Any other change is a warning line naming the files.
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
    _state["projects"] = projects(real_home / GUARDED[0])
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


def projects(path: Path) -> set[str]:
    """The folders the CLI recorded in a ``.claude.json`` (its ``projects`` keys); empty when unreadable."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return set()
    found = data.get("projects") if isinstance(data, dict) else None
    return {str(key) for key in found} if isinstance(found, dict) else set()


def ours(new_projects: set[str], roots: list[Path]) -> list[str]:
    """The recorded folders that lie in one of ``roots`` (this session's temporary folder and checkout)."""
    return sorted(p for p in new_projects if any(Path(p) == root or root in Path(p).parents for root in roots))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    touched = changed(_state.get("before", {}))
    if touched:
        real_config = _state["real_home"] / GUARDED[0]
        roots = [Path(str(session.config.rootpath)).resolve()]  # the checkout, and below: this session's tmp_path
        try:
            roots.append(session.config._tmp_path_factory.getbasetemp().resolve())  # type: ignore[attr-defined]
        except (AttributeError, ValueError, OSError):
            pass
        mine = ours(projects(real_config) - _state.get("projects", set()), roots)
        strict = os.environ.get("RALPHY_TEST_HOME_GUARD") == "strict"
        message = (f"the test session changed the real user's Claude Code state: {', '.join(touched)} "
                   "(tests must run the CLI with a throwaway HOME / CLAUDE_CONFIG_DIR)"
                   + (f"; the CLI ran in {', '.join(mine)}" if mine else ""))
        if not mine and not strict:
            message = (f"{', '.join(touched)} changed during the session, not by a test of it as far as can be "
                       "told (no folder of this session recorded); another process ran the Claude CLI? "
                       "(RALPHY_TEST_HOME_GUARD=strict fails on any change)")
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        line = f"{'ERROR' if mine or strict else 'WARNING'}: {message}"
        if reporter is not None:
            reporter.write_line(line, red=bool(mine or strict), yellow=not (mine or strict))
        else:
            print(line)
        if mine or strict:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
    home = _state.get("home")
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)
