"""Every command that starts a child ends it when ralphy is told to stop (SIGTERM, SIGHUP, Ctrl-C).

Before, only ``ralphy dev`` (and ``serve``) had a handler: SIGTERM or SIGHUP killed ``ralphy doctor`` at once, and
the Claude CLI it had started (in a session of its own) went on running. The ralphy program here is a real
process (``python -m ralphy``) and the CLI a stand-in script that notes its pid and a grandchild's, then waits.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.processes import alive, gone_within

# --version answers at once (or, with SLOW_VERSION set, notes its pid and waits: ralphy is asking it); any other
# command line is the CLI proper: a grandchild, both pids noted, then it waits for what never comes.
FAKE_CLI = """#!/bin/sh
if [ "$1" = --version ]; then
  if [ -n "$SLOW_VERSION" ]; then echo $$ > "$PIDS/version.pid"; exec sleep 60; fi
  echo "2.1.331 (Claude Code)"; exit 0
fi
sleep 60 &
echo $! > "$PIDS/grandchild.pid"
echo $$ > "$PIDS/cli.pid"
wait
"""

# The ralphy program with every child sending SIGTERM to ralphy before its exec (as tests/test_interrupts.py does
# in-process): the signal arrives while ``Popen`` waits for the exec, every time.
SIGNALLED_WHILE_STARTING = """\
import os, signal, subprocess, sys
started = subprocess.Popen
def before_exec():
    os.kill(os.getppid(), signal.SIGTERM)
def popen(args, *more, **options):  # the CLI proper (`-p`), not `claude --version` nor git
    if "-p" in list(args):
        options["preexec_fn"] = before_exec
    return started(args, *more, **options)
subprocess.Popen = popen
from ralphy.__main__ import main
sys.argv[0] = "ralphy"
main()
"""


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    project = tmp_path / "project"
    agents = project / ".claude" / "agents"
    agents.mkdir(parents=True)
    for name, does in (("parser-writer", "Writes parsers"), ("doc-writer", "Writes documentation")):
        (agents / f"{name}.md").write_text(f"---\nname: {name}\ndescription: {does}.\n---\n{does}.\n")
    pids = tmp_path / "pids"
    pids.mkdir()
    cli = tmp_path / "bin" / "claude"
    cli.parent.mkdir()
    cli.write_text(FAKE_CLI)
    cli.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "PIDS": str(pids), "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"),
           "RALPHY_CLAUDE_BIN": str(cli), "CLAUDE_CONFIG_DIR": str(home / ".claude")}
    yield project, pids, env
    for name in ("cli.pid", "grandchild.pid", "version.pid"):  # only when a test failed
        if (pids / name).exists() and (pid := _pid(pids / name)) and alive(pid):
            os.kill(pid, signal.SIGKILL)


def _pid(path: Path) -> int | None:
    text = path.read_text().strip() if path.exists() else ""
    return int(text) if text else None


def _wait_for(path: Path, proc: subprocess.Popen, timeout: float = 60) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if (pid := _pid(path)) is not None:
            return pid
        if proc.poll() is not None:
            raise AssertionError(f"ralphy ended before {path.name} appeared: {proc.communicate()}")
        time.sleep(0.05)
    raise AssertionError(f"{path} never appeared")


def _ralphy(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "ralphy", *args], env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=env["HOME"])


COMMANDS = {
    "doctor": ["doctor", "{project}", "--timeout", "50"],
    "agents recommend --llm": ["agents", "recommend", "Write the parser", "{project}", "--llm"],
}


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=lambda s: s.name)
@pytest.mark.parametrize("command", COMMANDS)
def test_a_signal_while_the_cli_runs_ends_it(setup, command, signum):
    project, pids, env = setup
    proc = _ralphy([arg.format(project=project) for arg in COMMANDS[command]], env)
    cli, grandchild = _wait_for(pids / "cli.pid", proc), _wait_for(pids / "grandchild.pid", proc)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (proc.returncode, out, err)
    assert err.strip().splitlines()[-1] == "ralphy: interrupted", err
    assert "Traceback" not in err
    assert gone_within(cli), "the CLI outlived ralphy"
    assert gone_within(grandchild), "the CLI's child outlived ralphy"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_while_claude_version_runs_ends_it(setup, signum):
    project, pids, env = setup
    proc = _ralphy(["doctor", str(project)], {**env, "SLOW_VERSION": "1"})
    version = _wait_for(pids / "version.pid", proc)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (proc.returncode, out, err)
    assert gone_within(version), "`claude --version` outlived ralphy"


@pytest.mark.parametrize("command", COMMANDS)
def test_sigterm_while_the_cli_starts_ends_it(setup, command):
    project, pids, env = setup
    proc = subprocess.Popen([sys.executable, "-c", SIGNALLED_WHILE_STARTING,
                             *[arg.format(project=project) for arg in COMMANDS[command]]],
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=env["HOME"])
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (proc.returncode, out, err)
    assert "Traceback" not in err
    # the CLI was signalled before its exec: ended then, it never writes its pid; left running, it does at once
    deadline = time.monotonic() + 3
    while _pid(pids / "grandchild.pid") is None and time.monotonic() < deadline:
        time.sleep(0.05)
    for name in ("cli.pid", "grandchild.pid"):
        if (pid := _pid(pids / name)) is not None:
            assert gone_within(pid), f"{name} outlived ralphy"
