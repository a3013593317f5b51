"""Every install hint names the Claude CLI version ralphy is tested with, read from the one place it is declared
(``ralphy.claude.version.NEWEST_TESTED``), and the set-up script and the README pin the same one."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.claude.version import INSTALL_COMMAND, NEWEST_TESTED, Version, check
from ralphy.cli import cli
from ralphy.errors import ClaudeNotFoundError, UnsupportedClaudeError

REPO = Path(__file__).resolve().parents[2]


def test_the_pinned_version_is_one_version() -> None:
    from ralphy.testing.claude_cli import CLAUDE_CLI_VERSION

    setup = (REPO / "scripts" / "setup.sh").read_text()
    pinned = re.search(r'^CLAUDE_VERSION="([^"]+)"', setup, re.M)
    assert pinned is not None
    assert pinned.group(1) == str(NEWEST_TESTED) == CLAUDE_CLI_VERSION
    assert INSTALL_COMMAND == f"npm install -g @anthropic-ai/claude-code@{NEWEST_TESTED}"
    readme = [line for line in (REPO / "README.md").read_text().splitlines() if line.startswith("npm install -g ")]
    assert readme and all(line.startswith(INSTALL_COMMAND + " ") for line in readme)


def test_no_claude_on_path_names_the_tested_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "TASKS.md").write_text("- [ ] 1 x\n")
    monkeypatch.setenv("PATH", str(tmp_path))  # no `claude` anywhere
    monkeypatch.delenv("RALPHY_CLAUDE_BIN", raising=False)
    result = CliRunner().invoke(cli, ["dev", str(tmp_path)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert f"`{INSTALL_COMMAND}`" in result.stderr


def test_a_claude_bin_that_is_not_one_names_the_tested_version(tmp_path: Path) -> None:
    from ralphy.claude.command import resolve_claude_bin

    with pytest.raises(ClaudeNotFoundError) as caught:
        resolve_claude_bin(str(tmp_path / "nothing"), environ={"PATH": os.defpath})
    assert str(caught.value).endswith(f"`{INSTALL_COMMAND}`")


def test_an_old_cli_is_told_the_same_command() -> None:
    with pytest.raises(UnsupportedClaudeError) as caught:
        check(Version(1, 0, 128), "/x/claude")
    assert f"`{INSTALL_COMMAND}`" in str(caught.value)


def test_every_install_hint_in_the_source_is_the_one_command() -> None:
    # a hint written out by hand somewhere (an `npm install -g` without the version) would drift from the pin
    written = []
    for path in sorted((REPO / "ralphy").rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if "npm install -g" in line and "INSTALL_COMMAND" not in line:
                written.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert written == []  # the one place is `INSTALL_COMMAND = f"npm install -g ...@{NEWEST_TESTED}"`
