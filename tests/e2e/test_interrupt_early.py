"""Ctrl-C while ralphy is still loading (before its command runs): one line and exit 130, never a
KeyboardInterrupt traceback, and a Claude CLI already started for `ralphy dev` (prestart.py) is ended.

The moment is made certain, not timed: a `click` package put first on PYTHONPATH says it was reached, then
sleeps, so the SIGINT lands inside ralphy's own imports (click is the first thing `ralphy.cli` imports)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.scripted import claude_processes_in

pytestmark = pytest.mark.e2e


def interrupted_while_loading(tmp_path: Path, project: Path, *args: str, env: dict[str, str] | None = None,
                              seen: list[int] | None = None) -> subprocess.CompletedProcess:
    slow = tmp_path / "slow-imports" / "click"
    slow.mkdir(parents=True)
    reached = tmp_path / "reached"
    slow.joinpath("__init__.py").write_text(
        f"import pathlib, time\npathlib.Path({str(reached)!r}).write_text('x')\ntime.sleep(60)\n")
    environ = {**os.environ, **(env or {}), "PYTHONPATH": os.pathsep.join([str(slow.parent), *sys.path])}
    proc = subprocess.Popen([sys.executable, "-m", "ralphy", *args, str(project)], env=environ, cwd=project,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while not reached.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert reached.exists(), proc.communicate(timeout=10)
    if seen is not None:  # the CLIs running in the project at the moment of the Ctrl-C
        seen += claude_processes_in(project)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def test_ctrl_c_while_loading_is_one_line_and_exit_130(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "TASKS.md").write_text("- [ ] 1 Do it\n")
    done = interrupted_while_loading(tmp_path, project, "tasks")
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and done.stderr == "ralphy: interrupted\n" and done.stdout == ""


def test_ctrl_c_while_loading_dev_ends_the_cli_started_for_it(tmp_path: Path, claude_bin: str,
                                                               claude_home: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "TASKS.md").write_text("- [ ] 1 Do it\n")
    started: list[int] = []
    done = interrupted_while_loading(tmp_path, project, "dev", env={
        "RALPHY_CLAUDE_BIN": claude_bin, "HOME": str(claude_home), "CLAUDE_CONFIG_DIR": str(claude_home / ".claude")},
        seen=started)
    assert started, "no Claude CLI was started for `ralphy dev` before the Ctrl-C (prestart.py)"
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and done.stderr == "ralphy: interrupted\n"
    deadline = time.monotonic() + 10
    while claude_processes_in(project) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert claude_processes_in(project) == []
