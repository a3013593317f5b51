"""The pid file is a hint, not an order (issue 10, point 3): only the CLI a ralphy of this project started is
ended — same start time (never missing), same command line naming the binary ralphy runs, cwd this project."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ralphy.runlock import CLI_PID_FILE, _start_time, end_orphaned_cli, record_cli
from tests.test_runlock import SLEEPER, group_leader  # group_leader: returns once the child's command line shows


@pytest.fixture
def victim(tmp_path):
    """An unrelated process group (the user's editor, say) that a forged pid file would like killed."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    proc = group_leader(elsewhere)
    yield proc
    proc.kill()
    proc.wait()


@pytest.fixture
def state_dir_project(tmp_path):
    root = tmp_path / "repo"
    (root / ".ralphy").mkdir(parents=True)
    return root


def forge(project: Path, **data) -> None:
    (project / CLI_PID_FILE).write_text(json.dumps(data))


def still_running(proc: subprocess.Popen) -> bool:
    time.sleep(0.2)
    return proc.poll() is None


def test_start_null_is_never_an_order(state_dir_project, victim):
    forge(state_dir_project, pid=victim.pid, start=None)
    assert end_orphaned_cli(state_dir_project, claude_bin=sys.executable) is None
    assert still_running(victim)


def test_a_pid_file_with_only_a_pid_ends_nothing(state_dir_project, victim):
    forge(state_dir_project, pid=victim.pid)
    assert end_orphaned_cli(state_dir_project) is None
    assert still_running(victim)


def test_the_right_start_time_and_command_but_another_cwd_ends_nothing(state_dir_project, victim):
    forge(state_dir_project, pid=victim.pid, start=_start_time(victim.pid), argv=SLEEPER,
          cwd=os.path.realpath(state_dir_project))
    assert end_orphaned_cli(state_dir_project, claude_bin=sys.executable) is None
    assert still_running(victim)


def test_another_binary_than_the_one_ralphy_runs_ends_nothing(state_dir_project):
    proc = group_leader(state_dir_project)
    try:
        record_cli(state_dir_project, proc.pid, SLEEPER)
        assert end_orphaned_cli(state_dir_project, claude_bin="/bin/sh") is None
        assert still_running(proc)
    finally:
        proc.kill()
        proc.wait()


def test_a_forged_command_line_ends_nothing(state_dir_project):
    proc = group_leader(state_dir_project)
    try:
        forge(state_dir_project, pid=proc.pid, start=_start_time(proc.pid), argv=[sys.executable, "-p", "--verbose"],
              cwd=os.path.realpath(state_dir_project))
        assert end_orphaned_cli(state_dir_project, claude_bin=sys.executable) is None
        assert still_running(proc)
    finally:
        proc.kill()
        proc.wait()


def test_a_process_that_is_not_a_group_leader_ends_nothing(state_dir_project):
    proc = subprocess.Popen(SLEEPER, cwd=state_dir_project)  # in ralphy's (here pytest's) own group
    try:
        record_cli(state_dir_project, proc.pid, SLEEPER)
        assert end_orphaned_cli(state_dir_project, claude_bin=sys.executable) is None
        assert still_running(proc)
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize("garbage", ['{"pid": 1, "start": "x", "argv": ["init"], "cwd": "/"}', '{"pid": true}',
                                     '{"pid": -1}', "[1, 2]", '{"pid": "1"}', "\x00\xff"])
def test_garbage_pid_files_end_nothing(state_dir_project, garbage):
    (state_dir_project / CLI_PID_FILE).write_text(garbage, errors="surrogateescape")
    assert end_orphaned_cli(state_dir_project, claude_bin=sys.executable) is None


def test_the_real_orphan_is_ended(state_dir_project):
    proc = group_leader(state_dir_project)
    try:
        record_cli(state_dir_project, proc.pid, SLEEPER)
        assert stat.S_IMODE((state_dir_project / CLI_PID_FILE).stat().st_mode) == 0o600
        assert end_orphaned_cli(state_dir_project, claude_bin=sys.executable) == proc.pid
        assert proc.wait(timeout=10) != 0
    finally:
        proc.kill()
        proc.wait()


def test_a_cli_started_through_a_script_interpreter_is_recognised(state_dir_project, tmp_path):
    script = tmp_path / "claude"
    script.write_text(f"#!{sys.executable}\nimport time\ntime.sleep(60)\n")
    script.chmod(0o755)
    argv = [str(script), "-p", "--output-format", "stream-json"]
    proc = group_leader(state_dir_project, argv)
    try:
        record_cli(state_dir_project, proc.pid, argv)
        assert end_orphaned_cli(state_dir_project, claude_bin=str(script)) == proc.pid
    finally:
        proc.kill()
        proc.wait()


def test_a_pid_file_that_is_a_link_is_not_followed(state_dir_project, tmp_path, victim):
    target = tmp_path / "target.json"
    target.write_text(json.dumps({"pid": victim.pid, "start": _start_time(victim.pid)}))
    os.symlink(target, state_dir_project / CLI_PID_FILE)
    assert end_orphaned_cli(state_dir_project, claude_bin=sys.executable) is None
    assert target.exists() and still_running(victim)
    # recording the CLI replaces a link instead of writing through it
    os.symlink(target, state_dir_project / CLI_PID_FILE)
    record_cli(state_dir_project, victim.pid, SLEEPER)
    assert json.loads(target.read_text())["pid"] == victim.pid and "argv" not in json.loads(target.read_text())
    assert not (state_dir_project / CLI_PID_FILE).is_symlink()


def test_on_a_system_without_proc_the_start_time_comes_from_ps(monkeypatch):
    import ralphy.runlock as runlock

    real_path = runlock.Path

    class NoProc(type(real_path())):
        def read_text(self, *a, **k):
            if str(self).startswith("/proc/"):
                raise FileNotFoundError(str(self))
            return super().read_text(*a, **k)

        def exists(self, *a, **k):
            return False if str(self).startswith("/proc/") else super().exists(*a, **k)

    monkeypatch.setattr(runlock, "Path", NoProc)
    start = runlock._start_time(os.getpid())
    assert start is not None and len(start.split()) == 5  # "Mon Nov 23 10:49:00 2026"
    assert runlock._start_time(os.getpid()) == start
