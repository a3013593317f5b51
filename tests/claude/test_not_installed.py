"""An npm install of the Claude CLI whose postinstall did not run (``npm install --ignore-scripts``, or pnpm, which
runs no dependency's build until it is approved) leaves ``bin/claude.exe`` as the package ships it: a shell script
with no ``#!`` line that only prints "claude native binary not installed". Exec says "Exec format error"; ralphy said
"install it with `npm install -g ...`" (it is installed) and `ralphy doctor` called the CLI fine and exited 0."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ralphy.claude.command import spawn
from ralphy.claude.version import INSTALL_COMMAND
from ralphy.errors import ClaudeNotFoundError
from tests.conftest import ralphy_as_user

# bin/claude.exe as @anthropic-ai/claude-code 2.1.331 ships it (what `npm install --ignore-scripts` leaves), verbatim.
PLACEHOLDER = '''echo "Error: claude native binary not installed." >&2
echo "" >&2
echo "Either postinstall did not run (--ignore-scripts, some pnpm configs)" >&2
echo "or the platform-native optional dependency was not downloaded" >&2
echo "(--omit=optional)." >&2
echo "" >&2
echo "Run the postinstall manually (adjust path for local vs global install):" >&2
echo "  node node_modules/@anthropic-ai/claude-code/install.cjs" >&2
echo "" >&2
echo "Or reinstall without --ignore-scripts / --omit=optional." >&2
exit 1
'''


@pytest.fixture
def not_installed(tmp_path: Path, claude_bin: str) -> Path:
    """A `node_modules` of the real package (its package.json and install.cjs) with the placeholder binary."""
    from ralphy.claude.version import cli_package

    real = Path(os.path.realpath(claude_bin)).parent.parent
    if cli_package(claude_bin) is None or not (real / "install.cjs").is_file():
        pytest.skip(f"{claude_bin} has no install.cjs (CLIs before the native binary ran cli.js)")
    package = tmp_path / "app" / "node_modules" / "@anthropic-ai" / "claude-code"
    (package / "bin").mkdir(parents=True)
    for name in ("package.json", "install.cjs"):
        shutil.copy(real / name, package / name)
    (package / "bin" / "claude.exe").write_text(PLACEHOLDER)
    (package / "bin" / "claude.exe").chmod(0o755)
    link = tmp_path / "app" / "node_modules" / ".bin" / "claude"
    link.parent.mkdir()
    link.symlink_to("../@anthropic-ai/claude-code/bin/claude.exe")
    return link


def test_the_error_says_to_run_the_packages_own_install_script(not_installed: Path, tmp_path: Path) -> None:
    with pytest.raises(ClaudeNotFoundError) as caught:
        spawn([str(not_installed), "--version"], cwd=tmp_path, env=dict(os.environ))
    message = str(caught.value)
    install = tmp_path / "app" / "node_modules" / "@anthropic-ai" / "claude-code" / "install.cjs"
    assert message.startswith(f"cannot start the Claude CLI {str(not_installed)!r} (Exec format error); its native "
                              "binary is not installed"), message
    assert f"run `node {install}` once" in message and "npm install -g" not in message
    assert "\n" not in message


def test_another_binary_that_cannot_start_keeps_the_install_hint(tmp_path: Path) -> None:
    stray = tmp_path / "claude"
    stray.write_text("echo hi\n")  # no #!, but no npm package around it
    stray.chmod(0o755)
    with pytest.raises(ClaudeNotFoundError) as caught:
        spawn([str(stray)], cwd=tmp_path, env=dict(os.environ))
    assert str(caught.value).endswith(f"install it with `{INSTALL_COMMAND}`")


def test_doctor_calls_it_the_problem_it_is(not_installed: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "TASKS.md").write_text("- [ ] 1 Do it\n")
    (tmp_path / "home").mkdir()
    proc = ralphy_as_user(tmp_path / "home", "doctor", project, "--claude-bin", not_installed)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    problems = [line for line in proc.stdout.splitlines() if line.startswith("PROBLEM")]
    assert len(problems) == 1 and "its native binary is not installed" in problems[0], proc.stdout
    assert "login" not in proc.stdout and "agents" not in proc.stdout  # nothing asked of a CLI that never started
