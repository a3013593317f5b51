"""An interruption while a process group starts ends that group (``ralphy.interrupts``).

The signal is sent by the child itself before its ``exec`` (``preexec_fn``), so it reaches ralphy exactly while
``Popen`` waits for the exec: the window in which, before, the exception left the child running with nobody to
end it (a CI run at load 20 saw a check's ``sleep 60`` outlive ``ralphy dev`` after SIGTERM).
"""

from __future__ import annotations

import functools
import os
import signal
import subprocess

import pytest

from ralphy import interrupts
from tests.processes import alive, gone_within


class Stopped(Exception):
    """What the test's SIGTERM handler raises, as ``ralphy dev``'s raises its own."""


@pytest.fixture
def raising_sigterm():
    def stop(signum, frame):
        raise Stopped(signum)

    previous = signal.signal(signal.SIGTERM, stop)
    yield
    signal.signal(signal.SIGTERM, previous)


@pytest.fixture
def signalled_while_starting(monkeypatch, tmp_path):
    """``subprocess.Popen`` whose child signals its parent and writes its pid before it execs; the pid file."""
    pid_file = tmp_path / "child.pid"

    def before_exec():
        pid_file.write_text(str(os.getpid()))
        os.kill(os.getppid(), signal.SIGTERM)

    monkeypatch.setattr(subprocess, "Popen", functools.partial(subprocess.Popen, preexec_fn=before_exec))
    yield pid_file
    if pid_file.exists() and alive(pid := int(pid_file.read_text())):
        os.kill(pid, signal.SIGKILL)  # only when the test failed


def test_a_signal_in_the_block_is_raised_once_as_it_ends(raising_sigterm):
    reached = []
    with pytest.raises(Stopped):
        with interrupts.held():
            os.kill(os.getpid(), signal.SIGTERM)
            os.kill(os.getpid(), signal.SIGTERM)
            reached.append("after the signals")
    assert reached == ["after the signals"]
    with pytest.raises(Stopped):  # the test's own handler is back
        os.kill(os.getpid(), signal.SIGTERM)


def test_a_signal_in_a_nested_block_waits_for_the_outer_block(raising_sigterm):
    reached, sigint = [], signal.getsignal(signal.SIGINT)
    with pytest.raises(Stopped):
        with interrupts.held():
            with interrupts.held():
                os.kill(os.getpid(), signal.SIGTERM)
            reached.append("after the inner block")  # the outer block still holds it
    assert reached == ["after the inner block"]
    assert signal.getsignal(signal.SIGINT) is sigint  # both blocks put back what they found


def test_a_block_without_a_signal_leaves_the_handlers_as_they_were(raising_sigterm):
    before = {signum: signal.getsignal(signum) for signum in interrupts.HELD}
    with interrupts.held():
        assert signal.getsignal(signal.SIGTERM) is not before[signal.SIGTERM]
    assert {signum: signal.getsignal(signum) for signum in interrupts.HELD} == before


def test_sigterm_while_the_claude_cli_starts_ends_its_group(raising_sigterm, signalled_while_starting, tmp_path):
    from ralphy.claude.command import spawn

    with pytest.raises(Stopped):
        spawn(["/bin/sleep", "60"], cwd=tmp_path, env={"PATH": os.environ["PATH"]})
    assert gone_within(int(signalled_while_starting.read_text())), "the CLI outlived the interruption"


def test_sigterm_while_the_check_starts_ends_its_group(raising_sigterm, signalled_while_starting, tmp_path):
    from ralphy.verify import run_check

    with pytest.raises(Stopped):
        run_check("sleep 60", tmp_path, timeout=120)
    assert gone_within(int(signalled_while_starting.read_text())), "the check outlived the interruption"
