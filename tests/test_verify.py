"""ralphy.verify: the check ralphy runs itself (real /bin/sh subprocesses, real files)."""

from __future__ import annotations

import time
from pathlib import Path

from ralphy.config import Config, load_config
from ralphy.trust import trust
from ralphy.verify import failure_instruction, resolve_command, run_check
from tests.processes import gone_within


def test_a_passing_check(tmp_path: Path) -> None:
    (tmp_path / "marker").write_text("here\n")
    log = tmp_path / "logs" / "check.log"
    result = run_check("cat marker && echo all good", tmp_path, timeout=30, output_path=log)
    assert (result.passed, result.exit_code, result.timed_out) == (True, 0, False)
    assert result.output_tail == "here\nall good"
    assert log.read_text() == "here\nall good\n"
    assert result.output_path == str(log)
    assert result.describe() == "cat marker && echo all good exit 0"


def test_a_failing_check_keeps_its_exit_code_and_both_streams(tmp_path: Path) -> None:
    result = run_check("echo out; echo err >&2; exit 3", tmp_path, timeout=30)
    assert (result.passed, result.exit_code) == (False, 3)
    assert result.output_tail == "out\nerr"
    assert result.output_path is None
    assert result.describe() == "echo out; echo err >&2; exit 3 exit 3"


def test_a_missing_command_fails_with_the_shells_127(tmp_path: Path) -> None:
    result = run_check("no-such-command-ralphy-xyz", tmp_path, timeout=30)
    assert (result.passed, result.exit_code) == (False, 127)
    assert "no-such-command-ralphy-xyz" in result.output_tail


def test_a_missing_directory_is_a_failed_check_not_an_exception(tmp_path: Path) -> None:
    result = run_check("true", tmp_path / "gone", timeout=30)
    assert (result.passed, result.exit_code) == (False, None)
    assert result.output_tail.startswith("could not start:")
    assert result.describe() == "true could not start"


def test_a_hanging_check_is_stopped_with_everything_it_started(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    started = time.monotonic()
    result = run_check(f"sleep 60 & echo $! > {pid_file}; echo waiting; wait", tmp_path, timeout=1)
    assert time.monotonic() - started < 10
    assert (result.passed, result.exit_code, result.timed_out) == (False, None, True)
    assert result.output_tail.splitlines() == ["waiting", "[ralphy: stopped after 1s (verify_timeout)]"]
    assert result.describe().endswith("timed out after 1s")
    child = int(pid_file.read_text())
    assert gone_within(child)


def test_a_child_left_running_after_the_command_exits_does_not_hold_ralphy(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    started = time.monotonic()
    result = run_check(f"sleep 60 & echo $! > {pid_file}; echo done", tmp_path, timeout=30)
    assert time.monotonic() - started < 10
    assert (result.passed, result.output_tail) == (True, "done")
    assert gone_within(int(pid_file.read_text()))


def test_output_is_bounded_in_the_log_and_the_tail(tmp_path: Path) -> None:
    log = tmp_path / "check.log"
    # 5 MB of output, then a last line
    result = run_check("head -c 5000000 /dev/zero | tr '\\0' 'a'; echo; echo LAST LINE; exit 1", tmp_path,
                       timeout=60, output_path=log, max_bytes=100_000, tail_chars=500)
    assert (result.passed, result.exit_code) == (False, 1)
    assert len(result.output_tail) <= 500 and result.output_tail.endswith("LAST LINE")
    size = log.stat().st_size
    assert 100_000 <= size < 100_200
    assert log.read_text().endswith("[ralphy: output cut at 100000 bytes]\n")


def test_the_log_is_not_written_through_a_symlink(tmp_path: Path) -> None:
    target = tmp_path / "precious"
    target.write_text("keep me\n")
    link = tmp_path / "check.log"
    link.symlink_to(target)
    result = run_check("echo overwritten", tmp_path, timeout=30, output_path=link)
    assert result.passed and result.output_path is None
    assert target.read_text() == "keep me\n"


def test_binary_and_control_characters_are_made_printable(tmp_path: Path) -> None:
    result = run_check("printf 'a\\033[31mred\\377\\r\\nnext'", tmp_path, timeout=30)
    assert result.output_tail == "a?[31mred\ufffd\nnext"


def test_the_failure_instruction_names_command_code_tasks_and_output(tmp_path: Path) -> None:
    result = run_check("echo 'FAILED tests/test_x.py::test_y'; exit 1", tmp_path, timeout=30)
    text = failure_instruction(result, ["1.1", "1.2"])
    assert "`echo 'FAILED tests/test_x.py::test_y'; exit 1`" in text
    assert "exited with code 1" in text
    assert "(1.1, 1.2) do not count as done" in text
    assert "Fix this before anything else" in text
    assert text.endswith("```\nFAILED tests/test_x.py::test_y\n```")


def test_which_command_runs(tmp_path: Path) -> None:
    assert resolve_command(Config()) is None  # nothing set: off
    assert resolve_command(Config(verify_command="  ")) is None
    assert resolve_command(Config(verify_command=" make check ")) == "make check"
    # the project's own test_command is its check; an explicit verify_command wins; empty turns it off
    (tmp_path / ".ralphy.toml").write_text('test_command = "pytest -q"\n')
    trust(tmp_path)  # a command ralphy runs, chosen by the repository: honoured once the user trusts it
    assert resolve_command(load_config(tmp_path, environ={})) == "pytest -q"
    assert resolve_command(load_config(tmp_path, environ={"RALPHY_VERIFY_COMMAND": "make check"})) == "make check"
    assert resolve_command(load_config(tmp_path, environ={"RALPHY_VERIFY_COMMAND": ""})) is None
    assert resolve_command(load_config(tmp_path, {"verify_command": "tox"}, environ={})) == "tox"
    (tmp_path / ".ralphy.toml").write_text('test_command = "pytest -q"\nverify_command = ""\n')
    trust(tmp_path)
    assert resolve_command(load_config(tmp_path, environ={})) is None


def test_an_interrupt_while_the_check_runs_ends_its_whole_group(tmp_path: Path) -> None:
    import signal

    import pytest

    class Stop(Exception):
        pass

    def interrupt(signum, frame):
        raise Stop

    pid_file = tmp_path / "child.pid"
    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.5)
    try:
        with pytest.raises(Stop):
            run_check(f"sleep 60 & echo $! > {pid_file}; wait", tmp_path, timeout=60)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert gone_within(int(pid_file.read_text()))
