import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ralphy.runlock import CLI_PID_FILE, RunLock, RunLockedError, _cmdline, end_orphaned_cli, forget_cli, record_cli


def test_the_lock_is_exclusive_across_processes_and_released_on_exit(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; from ralphy.runlock import RunLock\n"
         f"with RunLock(Path({str(tmp_path)!r})):\n    print('held', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(RunLockedError, match=rf"another `ralphy dev` is running in .* \(pid {holder.pid}\)"):
            with RunLock(tmp_path):
                pass
    finally:
        holder.kill()  # like kill -9: the kernel drops the flock
        holder.wait()
        holder.stdout.close()
    with RunLock(tmp_path):
        pass


SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


def group_leader(cwd: Path, argv: list[str] = SLEEPER) -> subprocess.Popen:
    """``argv`` in a session of its own in ``cwd``, returned once its command line shows. Popen returns when the
    child's close-on-exec pipe closes, which is during exec, before the kernel sets up the new command line: read
    at once, /proc/<pid>/cmdline is empty (281 times in 300 on a loaded machine), and an empty command line is
    rightly not "provably our CLI", so a check made right away failed whenever the child was slow to finish."""
    proc = subprocess.Popen(argv, start_new_session=True, cwd=cwd)
    deadline = time.monotonic() + 30
    while not _cmdline(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _cmdline(proc.pid), f"pid {proc.pid} never showed its command line"
    return proc


def test_an_orphaned_cli_group_is_ended(tmp_path):
    (tmp_path / ".ralphy").mkdir()
    orphan = group_leader(tmp_path)
    try:
        record_cli(tmp_path, orphan.pid, SLEEPER)
        assert end_orphaned_cli(tmp_path, claude_bin=sys.executable) == orphan.pid
        assert orphan.wait(timeout=10) != 0
        assert not (tmp_path / CLI_PID_FILE).exists()
    finally:
        orphan.kill()
        orphan.wait()


def _renaming_node_script(tmp_path: Path) -> Path:
    """npm's cli.js (2.0.0, 2.1.62) sets process.title = "claude": its command line then reads "claude" and NULs."""
    script = tmp_path / "cli.js"
    script.write_text('#!/usr/bin/env node\nprocess.title = "claude";\nsetInterval(() => {}, 1000);\n')
    script.chmod(0o755)
    (tmp_path / ".ralphy").mkdir()
    return script


def _wait_until_renamed(pid: int) -> None:
    deadline = time.monotonic() + 10
    while Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0] != b"claude":
        assert time.monotonic() < deadline, "node never renamed itself"
        time.sleep(0.05)


def test_an_orphaned_node_script_cli_that_renamed_itself_is_ended(tmp_path):
    script = _renaming_node_script(tmp_path)
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "claude").symlink_to(script)
    argv = [str(tmp_path / "bin" / "claude"), "-p", "--verbose"]
    orphan = group_leader(tmp_path, argv)
    try:
        _wait_until_renamed(orphan.pid)
        record_cli(tmp_path, orphan.pid, argv)
        assert end_orphaned_cli(tmp_path, claude_bin=argv[0]) == orphan.pid
        assert orphan.wait(timeout=10) != 0
    finally:
        orphan.kill()
        orphan.wait()


def test_a_renamed_process_whose_recorded_command_is_no_script_is_left_alone(tmp_path):
    script = _renaming_node_script(tmp_path)
    orphan = group_leader(tmp_path, [str(script)])
    try:
        _wait_until_renamed(orphan.pid)
        record_cli(tmp_path, orphan.pid, [sys.executable, "-p"])  # recorded: a binary, not a script
        assert end_orphaned_cli(tmp_path) is None
        assert orphan.poll() is None
    finally:
        orphan.kill()
        orphan.wait()


def test_a_reused_pid_is_left_alone(tmp_path):
    (tmp_path / ".ralphy").mkdir()
    other = group_leader(tmp_path)
    try:
        (tmp_path / CLI_PID_FILE).write_text(json.dumps({"pid": other.pid, "start": "1"}))  # another start time
        assert end_orphaned_cli(tmp_path) is None
        time.sleep(0.2)
        assert other.poll() is None  # still running
    finally:
        other.kill()
        other.wait()


def test_nothing_recorded_or_garbage_is_fine(tmp_path):
    (tmp_path / ".ralphy").mkdir()
    assert end_orphaned_cli(tmp_path) is None
    (tmp_path / CLI_PID_FILE).write_text("not json")
    assert end_orphaned_cli(tmp_path) is None
    record_cli(tmp_path, 999_999_999)
    forget_cli(tmp_path)
    assert not (tmp_path / CLI_PID_FILE).exists()
