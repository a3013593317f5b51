"""The suite never touches the real user's ~/.claude.json (tests/home_guard.py).

The last CI run failed because the suite left the user's ``~/.claude.json`` corrupt. These tests run an inner
pytest session whose "real" HOME is a folder of this test, with and without the guard: the real CLI run as a
test would (the environment as it is, plus the fake API) writes the throwaway home under the guard and the
"real" one without it; a test that writes the real file anyway fails the session, naming the file.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

INNER_TESTS = '''
import os, subprocess
from pathlib import Path

def test_run_the_cli_as_a_test_would():
    if not os.environ.get("CLI_UNDER_TEST"):  # the guard's own checks need no CLI
        return
    from ralphy.testing import DevScenario, FakeMessagesAPI
    with FakeMessagesAPI(DevScenario({})) as api:
        env = {**os.environ, "ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "fake-key-for-ralphy-tests",
               "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1"}
        subprocess.run([os.environ["CLI_UNDER_TEST"], "-p", "say hi", "--output-format", "json"], env=env,
                       capture_output=True, timeout=120, stdin=subprocess.DEVNULL, cwd=os.environ["WORK_DIR"])

def test_write_the_real_file_if_asked(tmp_path):
    if os.environ.get("WRITE_REAL"):  # as the CLI would, run in a folder of this session
        Path(os.environ["WRITE_REAL"]).write_text('{"projects": {"%s": {}}}' % tmp_path)
    if os.environ.get("WRITE_REAL_ELSEWHERE"):  # as another process would
        Path(os.environ["WRITE_REAL_ELSEWHERE"]).write_text('{"projects": {"/work/someone-else": {}}}')
'''


def _inner(tmp_path: Path, claude_bin: str | None, *, guarded: bool, write_real: bool = False,
           elsewhere: bool = False, strict: bool = False):
    """An inner pytest session with HOME a folder of this test holding a "real" ~/.claude.json; it runs
    ``claude_bin`` as a test would (None: no CLI) and writes that file if asked."""
    real_home = tmp_path / "real-home"
    (real_home / ".claude").mkdir(parents=True)
    config = real_home / ".claude.json"
    config.write_text('{"numStartups": 7, "the user": "was here"}\n')
    before = hashlib.sha256(config.read_bytes()).hexdigest()
    (tmp_path / "inner").mkdir()
    (tmp_path / "inner" / "test_inner.py").write_text(INNER_TESTS)
    (tmp_path / "work").mkdir()
    env = {name: value for name, value in os.environ.items() if not name.startswith(("CLAUDE", "ANTHROPIC"))}
    env.update(HOME=str(real_home), PYTHONPATH=str(REPO), CLI_UNDER_TEST=claude_bin or "",
               WORK_DIR=str(tmp_path / "work"))
    env.pop("RALPHY_TEST_HOME_GUARD", None)
    if write_real:
        env["WRITE_REAL"] = str(config)
    if elsewhere:
        env["WRITE_REAL_ELSEWHERE"] = str(config)
    if strict:
        env["RALPHY_TEST_HOME_GUARD"] = "strict"
    plugin = ["-p", "tests.home_guard"] if guarded else []
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *plugin, "--rootdir",
                           str(tmp_path / "inner"), str(tmp_path / "inner")], env=env, capture_output=True, text=True,
                          timeout=300, cwd=tmp_path / "inner")
    return proc, config, before


def test_the_suite_runs_with_a_throwaway_home():
    home = Path(os.environ["HOME"])
    assert home.name.startswith("ralphy-test-home-") and Path.home() == home
    assert Path(os.environ["CLAUDE_CONFIG_DIR"]) == home / ".claude"


@pytest.mark.e2e
def test_the_real_cli_in_a_guarded_session_leaves_the_real_config_alone(tmp_path, claude_bin):
    proc, config, before = _inner(tmp_path, claude_bin, guarded=True)
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert hashlib.sha256(config.read_bytes()).hexdigest() == before
    assert not (config.parent / ".claude" / ".claude.json").exists()


@pytest.mark.e2e
def test_without_the_guard_the_same_session_writes_the_real_config(tmp_path, claude_bin):
    """The control: what the guard prevents does happen without it (so the test above can fail)."""
    proc, config, before = _inner(tmp_path, claude_bin, guarded=False)
    assert proc.returncode == 0, proc.stdout[-2000:]
    written = [config, config.parent / ".claude" / ".claude.json"]  # where the CLI keeps it depends on its version
    assert any(p.exists() and hashlib.sha256(p.read_bytes()).hexdigest() != before for p in written)


# The guard's verdict on a change it did not see a CLI make needs no CLI: once, not per CLI version (docs/testing.md)
def test_a_session_that_changes_the_real_config_fails_naming_it(tmp_path):
    proc, config, _ = _inner(tmp_path, None, guarded=True, write_real=True)
    assert proc.returncode == 1
    assert f"ERROR: the test session changed the real user's Claude Code state: {config}" in proc.stdout
    assert "; the CLI ran in " in proc.stdout


def test_a_change_by_another_process_is_a_warning_unless_strict(tmp_path):
    """On a shared machine other processes run the CLI meanwhile: their change (no folder of this session in it)
    is a warning; in strict mode (CI) any change fails."""
    proc, config, _ = _inner(tmp_path / "lenient", None, guarded=True, elsewhere=True)
    assert proc.returncode == 0 and f"WARNING: {config} changed during the session" in proc.stdout
    proc, config, _ = _inner(tmp_path / "strict", None, guarded=True, elsewhere=True, strict=True)
    assert proc.returncode == 1
    assert f"ERROR: the test session changed the real user's Claude Code state: {config}" in proc.stdout
