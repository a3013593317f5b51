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


def test_a_usage_error_after_the_start_leaves_no_cli_running(tmp_path):
    (tmp_path / "TASKS.md").write_text("- [ ] 1 x\n")
    fake = _fake_cli(tmp_path, then="time.sleep(60)")  # outlives its closed stdin unless ralphy ends it
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(fake)}
    proc = subprocess.run([sys.executable, "-m", "ralphy", "dev", str(tmp_path), "--max-iterations", "0"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    pid = int((tmp_path / "pid").read_text())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
        if (Path(f"/proc/{pid}/stat").read_text().split()[2]) == "Z":
            break  # a zombie waiting for init: ended
        time.sleep(0.05)
    assert not Path(f"/proc/{pid}").exists() or Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
