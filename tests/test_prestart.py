"""`ralphy dev` starts the Claude CLI before click loads, but only for a command line it fully understands."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ralphy import prestart


@pytest.mark.parametrize(
    "args, parsed",
    [
        (["dev"], (".", {})),
        (["dev", "proj", "--json", "-q"], ("proj", {})),
        (["dev", "--model", "opus", "proj"], ("proj", {"model": "opus"})),
        (["dev", "--permission-mode=plan", "--max-iterations", "3"], (".", {"permission_mode": "plan"})),
        (["dev", "--claude-bin", "/x/claude", "--no-wait"], (".", {"claude_bin": "/x/claude"})),
        (["dev", "--help"], None),
        (["dev", "--create-missing", "--yes"], None),
        (["dev", "a", "b"], None),
        (["dev", "--model"], None),
        (["-v", "dev"], None),
        (["prompt"], None),
        ([], None),
    ],
)
def test_only_plain_dev_command_lines_are_understood(args, parsed):
    assert prestart._parse(args) == parsed


def _fake_cli(tmp_path: Path, then: str = "") -> Path:
    """A stand-in CLI that records its pid, waits for its prompt, then runs ``then``."""
    script = tmp_path / "claude"
    pid_file = str(tmp_path / "pid")
    script.write_text(f"#!{sys.executable}\nimport os, sys, time\nopen({pid_file!r}, 'w').write(str(os.getpid()))\n"
                      f"sys.stdin.read()\n{then}\n")
    script.chmod(0o755)
    return script


def test_start_for_starts_the_cli_and_take_hands_it_over_once(tmp_path):
    (tmp_path / "TASKS.md").write_text("- [ ] 1 x\n")
    fake = _fake_cli(tmp_path)
    prestart.start_for(["dev", str(tmp_path), "--claude-bin", str(fake)])
    started = prestart.take()
    assert started is not None and prestart.take() is None
    argv, process = started
    assert argv[0] == str(fake) and "-p" in argv
    process.communicate(b"", timeout=30)
    assert process.returncode == 0


def test_no_tasks_file_or_bad_config_starts_nothing(tmp_path):
    fake = _fake_cli(tmp_path)
    prestart.start_for(["dev", str(tmp_path), "--claude-bin", str(fake)])
    assert prestart.take() is None
    (tmp_path / "TASKS.md").write_text("- [ ] 1 x\n")
    (tmp_path / ".ralphy.toml").write_text("max_iterations = 'x'\n")
    prestart.start_for(["dev", str(tmp_path), "--claude-bin", str(fake)])
    assert prestart.take() is None


def _live_processes() -> dict[int, tuple[int, bytes]]:
    """pid -> (session id, command line) of every process that is not a zombie."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue  # it ended meanwhile
        fields = stat.rsplit(")", 1)[1].split()  # after "pid (comm)": state, ppid, pgrp, session, ...
        if fields[0] != "Z":
            found[int(entry.name)] = (int(fields[3]), cmdline)
    return found


def test_a_usage_error_after_the_start_leaves_no_cli_running(tmp_path):
    """The stand-in CLI records its pid first thing, then outlives its closed stdin unless ralphy ends it.

    Under load ralphy can reach the usage error and end the CLI before the stand-in ran its first line (it did:
    the pid file was missing). So nothing of the stand-in may be left whether or not it wrote its pid, and the
    run is repeated (at most 5 times) until once it did, which shows the CLI really was started first."""
    (tmp_path / "TASKS.md").write_text("- [ ] 1 x\n")
    fake = tmp_path / "claude"
    fake.write_text(f"#!/bin/sh\necho $$ > {tmp_path / 'pid'}\ncat > /dev/null\nsleep 60\n")
    fake.chmod(0o755)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(fake)}
    for _ in range(5):
        (tmp_path / "pid").unlink(missing_ok=True)
        proc = subprocess.run([sys.executable, "-m", "ralphy", "dev", str(tmp_path), "--max-iterations", "0"],
                              env=env, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2
        left = {pid: cmdline for pid, (_, cmdline) in _live_processes().items() if str(fake).encode() in cmdline}
        assert not left, f"the stand-in CLI is still running: {left}"
        if (tmp_path / "pid").exists():
            session = int((tmp_path / "pid").read_text())  # the CLI leads a session of its own
            assert not [pid for pid, (sid, _) in _live_processes().items() if sid == session]
            break
    else:
        pytest.fail("the stand-in CLI never ran its first line: did ralphy start it before the usage error?")
