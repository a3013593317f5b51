"""The Claude CLI's version: parsed, read once per binary (cached by path, size and mtime), checked against the
supported range, and what each version does differently."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

from ralphy.claude import version as v
from ralphy.claude.version import DiscoveryRules, Version
from ralphy.errors import UnsupportedClaudeError


def fake_cli(directory: Path, printed: str, *, exit_code: int = 0) -> Path:
    """A program that prints ``printed`` for ``--version`` and counts how often it was asked."""
    directory.mkdir(parents=True, exist_ok=True)
    script = directory / "claude"
    calls = directory / "calls"
    script.write_text(f"#!/bin/sh\necho x >> '{calls}'\necho '{printed}'\nexit {exit_code}\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def calls(script: Path) -> int:
    path = script.parent / "calls"
    return len(path.read_text().splitlines()) if path.exists() else 0


@pytest.fixture
def environ(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}


@pytest.mark.parametrize("text, expected", [
    ("2.1.197 (Claude Code)", Version(2, 1, 197)),
    ("2.0.0 (Claude Code)\n", Version(2, 0, 0)),
    ("  1.0.128", Version(1, 0, 128)),
    ("v2.1.62", Version(2, 1, 62)),
    ("2.1", None),
    ("Claude Code 2.1.3", None),
    ("2.1.3.4", None),
    ("", None),
    (None, None),
    (2.1, None),
])
def test_parse(text, expected):
    assert Version.parse(text) == expected


def test_versions_order_by_number_not_text():
    assert Version(2, 1, 62) < Version(2, 1, 100) < Version(2, 1, 330) < Version(10, 0, 0)
    assert str(Version(2, 1, 62)) == "2.1.62"


@pytest.mark.parametrize("found, tool", [("2.0.0", "Task"), ("2.1.62", "Task"), ("2.1.63", "Agent"),
                                         ("2.1.197", "Agent"), ("2.1.330", "Agent"), (None, "Agent")])
def test_delegation_tool_is_task_before_2_1_63(found, tool):
    assert v.delegation_tool(Version.parse(found)) == tool


def test_below_the_range_is_refused_naming_the_version_and_the_range():
    with pytest.raises(UnsupportedClaudeError) as refused:
        v.check(Version(1, 0, 128), "/opt/claude")
    message = str(refused.value)
    assert "1.0.128" in message and "2.0.0 to 2.1.331" in message and "/opt/claude" in message
    assert "\n" not in message


def test_inside_the_range_is_silent_and_newer_warns():
    assert v.check(Version(2, 0, 0), "claude") is None
    assert v.check(Version(2, 1, 331), "claude") is None
    warning = v.check(Version(2, 1, 332), "claude")
    assert warning is not None and "2.1.332" in warning and "2.1.331" in warning
    assert v.check(None, "claude") is None  # a wrapper that does not answer --version: newest behaviour assumed


@pytest.mark.parametrize("found, mode, ok", [
    ("2.0.0", "dontAsk", False), ("2.0.0", "auto", False), ("2.0.0", "acceptEdits", True),
    ("2.1.62", "dontAsk", True), ("2.1.62", "auto", False), ("2.1.330", "auto", True), (None, "auto", True),
])
def test_permission_modes_the_cli_does_not_know_are_refused_before_running(found, mode, ok):
    if ok:
        v.check_permission_mode(Version.parse(found), mode, "claude")
    else:
        with pytest.raises(UnsupportedClaudeError, match=f"'{mode}' is not known to the Claude CLI claude"):
            v.check_permission_mode(Version.parse(found), mode, "claude")


def test_the_version_is_asked_once_and_cached_by_path_size_and_mtime(tmp_path, environ):
    script = fake_cli(tmp_path / "bin", "2.1.62 (Claude Code)")
    assert v.claude_version(str(script), environ=environ) == Version(2, 1, 62)
    assert v.claude_version(str(script), environ=environ) == Version(2, 1, 62)
    assert calls(script) == 1
    cache = json.loads((tmp_path / "cache" / "ralphy" / v.CACHE_FILE).read_text())
    assert cache[os.path.realpath(script)]["version"] == "2.1.62"
    # an upgrade in place (a new file: other size, other mtime) is asked again
    fake_cli(tmp_path / "bin", "2.1.330 (Claude Code) ")
    os.utime(script, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert v.claude_version(str(script), environ=environ) == Version(2, 1, 330)
    assert calls(script) == 2


def test_a_symlinked_binary_shares_the_entry_of_its_target(tmp_path, environ):
    script = fake_cli(tmp_path / "bin", "2.0.0 (Claude Code)")
    link = tmp_path / "link-claude"
    link.symlink_to(script)
    assert v.claude_version(str(script), environ=environ) == Version(2, 0, 0)
    assert v.claude_version(str(link), environ=environ) == Version(2, 0, 0)
    assert calls(script) == 1


def test_no_version_is_not_cached_and_a_broken_cache_is_ignored(tmp_path, environ):
    script = fake_cli(tmp_path / "bin", "something went wrong", exit_code=0)
    assert v.claude_version(str(script), environ=environ) is None
    assert v.claude_version(str(script), environ=environ) is None
    assert calls(script) == 2
    failing = fake_cli(tmp_path / "bin2", "2.1.197", exit_code=3)
    assert v.claude_version(str(failing), environ=environ) is None
    (tmp_path / "cache" / "ralphy").mkdir(parents=True, exist_ok=True)
    (tmp_path / "cache" / "ralphy" / v.CACHE_FILE).write_text("[not json")
    good = fake_cli(tmp_path / "bin3", "2.1.197 (Claude Code)")
    assert v.claude_version(str(good), environ=environ) == Version(2, 1, 197)
    assert v.cached_version(str(good), environ) == Version(2, 1, 197)


def test_the_init_lines_version_corrects_the_cache(tmp_path, environ):
    script = fake_cli(tmp_path / "bin", "2.1.100 (Claude Code)")
    known = v.claude_version(str(script), environ=environ)
    assert v.confirm(str(script), known, "2.1.100", environ) == Version(2, 1, 100)
    assert v.confirm(str(script), known, None, environ) == Version(2, 1, 100)  # 2.0.0 sends none
    assert v.confirm(str(script), known, "2.1.101", environ) == Version(2, 1, 101)
    assert v.cached_version(str(script), environ) == Version(2, 1, 101)


@pytest.mark.e2e
def test_the_real_cli_reports_its_version(claude_bin, environ):
    found = v.claude_version(claude_bin, environ=environ)
    assert found is not None and v.MIN_SUPPORTED <= found
    assert v.cached_version(claude_bin, environ) == found


def test_discovery_rules_per_version():
    old, v62, v197, v250 = (DiscoveryRules.for_version(Version.parse(x)) for x in ("2.0.0", "2.1.62", "2.1.197", "2.1.250"))
    assert DiscoveryRules.for_version(None) == v197 == DiscoveryRules()
    assert old.frontmatter == "lines" and not old.walk_to_git_root and old.dash_names and old.max_file_bytes is None
    assert v62.frontmatter == "yaml-2.1.62" and v62.walk_to_git_root and v62.dash_names and v62.max_file_bytes is None
    assert v197.frontmatter == "yaml" and not v197.dash_names and v197.max_file_bytes == 1024 * 1024
    assert not v197.bom_is_frontmatter and v250.bom_is_frontmatter
    v100, v113, v150 = (DiscoveryRules.for_version(Version.parse(x)) for x in ("2.1.100", "2.1.113", "2.1.150"))
    assert v100.frontmatter == "yaml-node" and v113.frontmatter == v150.frontmatter == "yaml-bun-2.1.150"
    assert all(r.dash_names and r.max_file_bytes is None and not r.nearest_dir_wins for r in (v62, v100, v150))
    assert v197.nearest_dir_wins and DiscoveryRules().nearest_dir_wins


def test_an_npm_installed_cli_is_read_from_its_package_without_running_it(tmp_path, environ):
    package = tmp_path / "node_modules" / "@anthropic-ai" / "claude-code"
    script = fake_cli(package, "9.9.9 (Claude Code)")  # never run: the package says 2.1.62
    (package / "package.json").write_text(json.dumps({"name": "@anthropic-ai/claude-code", "version": "2.1.62"}))
    link = tmp_path / "node_modules" / ".bin" / "claude"
    link.parent.mkdir()
    link.symlink_to(script)
    assert v.claude_version(str(link), environ=environ) == Version(2, 1, 62)
    assert calls(script) == 0
    other = fake_cli(tmp_path / "other", "2.1.100 (Claude Code)")
    (other.parent / "package.json").write_text(json.dumps({"name": "something-else", "version": "1.0.0"}))
    assert v.claude_version(str(other), environ=environ) == Version(2, 1, 100)
    assert calls(other) == 1


@pytest.mark.e2e
def test_the_package_of_the_real_cli_agrees_with_its_version_flag(claude_bin):
    # 60 s, not the 15 s a user's start allows: 2.0.0's --version took longer at load 20 in CI
    assert v.npm_package_version(claude_bin) == v.ask_version(claude_bin, timeout=60)


@pytest.mark.e2e
def test_the_version_is_read_without_the_users_claude_config(claude_bin, tmp_path):
    """A corrupt ~/.claude.json (two CLIs writing it at once; it happened in CI) makes 2.0.0's ``--version``
    start its interactive repair screen and print no version; ralphy reads the version with a throwaway config
    directory, and leaves the user's file as it was."""
    home = tmp_path / "home"
    home.mkdir()
    (home / ".claude.json").write_text("{bad")
    env = {**os.environ, "HOME": str(home)}
    env.pop("CLAUDE_CONFIG_DIR", None)
    assert v.ask_version(claude_bin, env) == v.npm_package_version(claude_bin)
    assert (home / ".claude.json").read_text() == "{bad"
    assert [path.name for path in home.glob(".claude*")] == [".claude.json"]  # no backup, no "repair"
