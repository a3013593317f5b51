"""run_claude with real subprocesses: small Python scripts stand in for the `claude` binary."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Callable

import pytest

from ralphy.claude.driver import KEPT_EVENTS
from ralphy.claude.events import ApiRetry, Event, InitEvent, ResultEvent, TaskNotification, TaskStarted, ToolUse
from ralphy.claude.limits import classify_failure
from ralphy.claude.process import RunResult, build_argv, child_env, resolve_claude_bin, run_claude
from ralphy.errors import ClaudeNotFoundError
from tests.conftest import TRANSCRIPTS

PRELUDE = f"""\
#!{sys.executable}
import json, os, signal, subprocess, sys, time
from pathlib import Path

HERE = Path(__file__).parent

def emit(line):
    sys.stdout.write(line if isinstance(line, str) else json.dumps(line))
    sys.stdout.write("\\n")
    sys.stdout.flush()

def note_pid(name, pid=None):
    (HERE / f"{{name}}.pid").write_text(str(pid or os.getpid()))

def spawn_grandchild(ignore_term=False):
    code = "import signal, time\\n"
    if ignore_term:
        code += "signal.signal(signal.SIGTERM, signal.SIG_IGN)\\n"
    code += "time.sleep(600)\\n"
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    note_pid("grandchild", child.pid)
    return child

RESULT = {{"type": "result", "subtype": "success", "is_error": False, "result": "done", "num_turns": 1}}
"""


@pytest.fixture
def fake_cli(tmp_path: Path) -> Callable[[str], str]:
    """Write a stand-in CLI whose body is ``body`` (Python, after PRELUDE); returns its path."""

    def write(body: str) -> str:
        script = tmp_path / "claude"
        script.write_text(PRELUDE + textwrap.dedent(body), encoding="utf-8")
        script.chmod(0o755)
        return str(script)

    return write


def run(argv0: str, tmp_path: Path, prompt: str = "do the work", **options) -> RunResult:
    options.setdefault("timeout", 20)
    options.setdefault("kill_grace", 1.0)
    return run_claude([argv0], prompt, cwd=tmp_path, env=child_env(os.environ), **options)


def pid_of(tmp_path: Path, name: str) -> int:
    return int((tmp_path / f"{name}.pid").read_text())


def is_dead(pid: int) -> bool:
    """No such process, or only its zombie (its parent, or an init that does not reap, has not reaped it)."""
    try:
        os.kill(pid, 0)
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (ProcessLookupError, FileNotFoundError):
        return True


def is_gone(pid: int) -> bool:
    """``pid`` is dead, or dies within a second: a SIGKILLed process runs no more code but may take a
    moment to be torn down on a busy machine. A process that was never signalled stays alive."""
    give_up = time.monotonic() + 1.0
    while not is_dead(pid):
        if time.monotonic() > give_up:
            return False
        time.sleep(0.02)
    return True


def test_replays_a_real_transcript_and_passes_the_prompt_on_stdin(fake_cli, tmp_path: Path) -> None:
    transcript = (TRANSCRIPTS / "delegation.jsonl").read_text(encoding="utf-8")
    bin = fake_cli(f"""
        turn = json.loads(sys.stdin.readline())  # the prompt as a stream-json user turn
        assert turn["type"] == "user" and turn["message"]["role"] == "user"
        (HERE / "prompt.txt").write_text(turn["message"]["content"])
        sys.stdout.write({transcript!r})
        sys.exit(0)
    """)
    prompt = "Implement TASKS.md\n" + "x" * 1_000_000  # far beyond a pipe buffer and argv limits
    seen: list[Event] = []
    result = run(bin, tmp_path, prompt, on_event=seen.append, transcript_path=tmp_path / "run.jsonl")
    assert (tmp_path / "prompt.txt").read_text() == prompt
    assert result.exit_code == 0 and not result.timed_out and not result.auth_failed
    assert len(seen) == 7 and result.events == [event for event in seen if isinstance(event, KEPT_EVENTS)]
    assert [type(event) for event in result.events] == [InitEvent, TaskStarted, TaskNotification, ResultEvent]
    assert isinstance(result.init, InitEvent) and result.init.version == "2.1.197"
    assert isinstance(result.result, ResultEvent) and result.result.num_turns == 2
    assert (tmp_path / "run.jsonl").read_text(encoding="utf-8") == transcript
    assert result.transcript_path == tmp_path / "run.jsonl"
    assert classify_failure(result) == "ok"


def test_events_arrive_while_the_cli_still_runs(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        emit({"type": "system", "subtype": "init", "session_id": "s1"})
        time.sleep(1.5)
        (HERE / "woke").write_text("")
        emit(RESULT)
    """)
    arrivals: list[tuple[Event, bool]] = []
    result = run(bin, tmp_path, on_event=lambda event: arrivals.append((event, (tmp_path / "woke").exists())))
    (init, woke_at_init), (final, woke_at_result) = arrivals
    assert isinstance(init, InitEvent) and not woke_at_init  # handled while the child slept
    assert isinstance(final, ResultEvent) and woke_at_result
    assert result.result == final


def test_timeout_ends_the_whole_group_even_processes_ignoring_sigterm(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        note_pid("child")
        spawn_grandchild(ignore_term=True)
        emit({"type": "system", "subtype": "init", "session_id": "s1"})
        time.sleep(600)
    """)
    started = time.monotonic()
    result = run(bin, tmp_path, timeout=1.5, kill_grace=0.5)
    assert time.monotonic() - started < 6
    assert result.timed_out and result.result is None and result.exit_code == -signal.SIGKILL
    assert isinstance(result.init, InitEvent)
    assert is_gone(pid_of(tmp_path, "child")) and is_gone(pid_of(tmp_path, "grandchild"))
    assert classify_failure(result) == "timeout"


def test_a_cli_that_ends_on_sigterm_is_not_waited_for(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        spawn_grandchild()
        time.sleep(600)
    """)
    started = time.monotonic()
    result = run(bin, tmp_path, timeout=1.0, kill_grace=30)
    assert time.monotonic() - started < 10
    assert result.timed_out and result.exit_code == -signal.SIGTERM
    assert is_gone(pid_of(tmp_path, "grandchild"))


def test_timeout_holds_when_the_cli_never_reads_its_prompt(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        time.sleep(600)
    """)
    started = time.monotonic()
    result = run(bin, tmp_path, "y" * 5_000_000, timeout=1.0, kill_grace=0.5)
    assert result.timed_out and time.monotonic() - started < 6


def test_authentication_failure_stops_the_cli_at_the_first_retry(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        note_pid("child")
        spawn_grandchild()
        emit({"type": "system", "subtype": "init", "session_id": "s1"})
        emit({"type": "system", "subtype": "api_retry", "attempt": 1, "max_retries": 10,
              "retry_delay_ms": 60000, "error_status": 401, "error": "authentication_failed"})
        time.sleep(600)  # the real CLI would go on retrying for minutes
    """)
    started = time.monotonic()
    result = run(bin, tmp_path, timeout=60)
    assert time.monotonic() - started < 10
    assert result.auth_failed and not result.timed_out and result.result is None
    assert isinstance(result.events[-1], ApiRetry)
    assert is_gone(pid_of(tmp_path, "child")) and is_gone(pid_of(tmp_path, "grandchild"))
    assert classify_failure(result) == "auth"


@pytest.mark.parametrize(
    "retry",
    [
        {"error_status": 403, "error": "unknown"},
        {"error_status": None, "error": "authentication_failed"},
    ],
)
def test_403_or_authentication_failed_alone_also_stop_it(fake_cli, tmp_path: Path, retry: dict) -> None:
    bin = fake_cli(f"""
        emit(dict(type="system", subtype="api_retry", attempt=1, **{retry!r}))
        time.sleep(600)
    """)
    result = run(bin, tmp_path, timeout=30)
    assert result.auth_failed and not result.timed_out and result.duration_s < 10


def test_other_retries_are_waited_through(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        emit({"type": "system", "subtype": "api_retry", "attempt": 1, "error_status": 529, "error": "overloaded"})
        time.sleep(0.5)
        emit(RESULT)
    """)
    result = run(bin, tmp_path)
    assert not result.auth_failed and result.result is not None and classify_failure(result) == "ok"


def test_on_event_raising_stops_the_cli_and_propagates(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        note_pid("child")
        spawn_grandchild()
        emit({"type": "assistant", "message": {"content": [{"type": "tool_use", "id": "t", "name": "Bash", "input": {}}]}})
        time.sleep(600)
    """)

    def refuse(event: Event) -> None:
        if isinstance(event, ToolUse):
            raise RuntimeError("the caller gives up")

    started = time.monotonic()
    with pytest.raises(RuntimeError, match="the caller gives up"):
        run(bin, tmp_path, on_event=refuse, timeout=60)
    assert time.monotonic() - started < 10
    assert is_gone(pid_of(tmp_path, "child")) and is_gone(pid_of(tmp_path, "grandchild"))


def test_keyboard_interrupt_stops_the_cli_and_propagates(fake_cli, tmp_path: Path) -> None:
    assert threading.current_thread() is threading.main_thread()
    bin = fake_cli("""
        note_pid("child")
        spawn_grandchild()
        emit({"type": "system", "subtype": "init", "session_id": "s1"})
        time.sleep(600)
    """)
    # Interrupt once the stand-in has started its grandchild (not after a fixed delay: under load the interpreter
    # may not have written the pid files yet, and an early ^C then stops a CLI that has nothing to clean up).
    stop = threading.Event()

    def interrupt_when_started() -> None:
        while not stop.is_set():
            if all((tmp_path / f"{name}.pid").is_file() and (tmp_path / f"{name}.pid").read_text().strip()
                   for name in ("child", "grandchild")):
                os.kill(os.getpid(), signal.SIGINT)
                return
            stop.wait(0.02)

    watcher = threading.Thread(target=interrupt_when_started, daemon=True)
    watcher.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run(bin, tmp_path, timeout=60)
    finally:
        stop.set()
    assert is_gone(pid_of(tmp_path, "child")) and is_gone(pid_of(tmp_path, "grandchild"))


def test_transcript_is_bounded_but_every_event_is_still_seen(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        for i in range(1000):
            emit({"type": "assistant", "message": {"id": str(i), "content": [{"type": "text", "text": "x" * 80}]}})
        emit(RESULT)
    """)
    path = tmp_path / "logs" / "run.jsonl"  # the directory is created
    seen: list[Event] = []
    result = run(bin, tmp_path, transcript_path=path, transcript_max_bytes=10_000, on_event=seen.append)
    assert len(seen) == 1001 and result.result is not None
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1]) == {"type": "ralphy_transcript_truncated", "max_bytes": 10_000}
    kept = "\n".join(lines[:-1]) + "\n"
    assert 9_000 < len(kept.encode()) <= 10_000
    assert [json.loads(line)["message"]["id"] for line in lines[:-1]] == [str(i) for i in range(len(lines) - 1)]


def test_what_the_model_writes_is_seen_and_not_kept(fake_cli, tmp_path: Path) -> None:
    """The run keeps its outline (init, result, limits, retries, subagents), not the conversation: 20 MB of the
    model's text, tool calls and results go to ``on_event`` (and the transcript); they were held to the run's end."""
    bin = fake_cli("""
        emit({"type": "system", "subtype": "init", "session_id": "s1"})
        for i in range(20_000):
            emit({"type": "assistant", "message": {"id": str(i), "content": [
                {"type": "text", "text": "x" * 500},
                {"type": "tool_use", "id": f"t{i}", "name": "Read", "input": {"file_path": "y" * 100}}]}})
            emit({"type": "user", "message": {"content": [
                {"type": "tool_result", "tool_use_id": f"t{i}", "content": "z" * 400}]}})
            if i % 5000 == 0:
                emit({"type": "rate_limit_event", "rate_limit_info": {"status": "allowed", "resetsAt": 1700000000}})
        emit(RESULT)
    """)
    seen: list[Event] = []
    result = run(bin, tmp_path, on_event=seen.append)
    assert len(seen) == 2 + 3 * 20_000 + 4
    assert [type(event).__name__ for event in result.events] == ["InitEvent"] + ["RateLimitEvent"] * 4 + ["ResultEvent"]


def test_malformed_lines_only_warn(fake_cli, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bin = fake_cli("""
        emit("this is not json")
        emit({"type": "system", "subtype": "init", "session_id": "s1"})
        emit("[1, 2, 3]")
        emit("")
        emit('{"type": "result", "subtype": "success"')
        sys.stdout.buffer.write(b"\\xff\\xfe not utf-8\\n")
        emit(RESULT)
    """)
    with caplog.at_level(logging.WARNING, logger="ralphy.claude.process"):
        result = run(bin, tmp_path, transcript_path=tmp_path / "t.jsonl")
    warnings = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    assert len(warnings) == 4 and all("malformed" in warning for warning in warnings)
    assert "line 1 " in warnings[0] and "this is not json" in warnings[0]
    assert [type(event) for event in result.events] == [InitEvent, ResultEvent]
    assert (tmp_path / "t.jsonl").read_bytes().count(b"\n") == 7  # the transcript keeps the raw lines


def test_a_crash_keeps_the_stderr_tail(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        sys.stderr.write("noise\\n" * 200_000)  # 1.4 MB: must be drained while it runs
        sys.stderr.write("Error: something broke")
        sys.exit(3)
    """)
    result = run(bin, tmp_path)
    assert result.exit_code == 3 and result.result is None and not result.timed_out
    assert result.stderr_tail.endswith("noise\nError: something broke")
    assert len(result.stderr_tail.encode()) <= 8 * 1024
    assert classify_failure(result) == "crashed"


def test_a_grandchild_holding_stdout_does_not_keep_the_run_alive(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])  # inherits stdout
        note_pid("grandchild", child.pid)
        emit(RESULT)
        os._exit(0)
    """)
    result = run(bin, tmp_path, timeout=30)
    assert result.exit_code == 0 and result.result is not None and not result.timed_out
    assert result.duration_s < 8
    assert is_gone(pid_of(tmp_path, "grandchild"))


def test_background_processes_do_not_outlive_a_normal_run(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        spawn_grandchild()
        emit(RESULT)
    """)
    result = run(bin, tmp_path)
    assert result.exit_code == 0 and classify_failure(result) == "ok"
    assert is_gone(pid_of(tmp_path, "grandchild"))


def test_a_transcript_that_cannot_be_written_does_not_stop_the_run(fake_cli, tmp_path: Path, caplog) -> None:
    bin = fake_cli("""
        emit(RESULT)
    """)
    (tmp_path / "file").write_text("")
    with caplog.at_level(logging.WARNING, logger="ralphy.claude.process"):
        result = run(bin, tmp_path, transcript_path=tmp_path / "file" / "run.jsonl")
    assert result.result is not None and result.transcript_path is None
    assert "cannot write the transcript" in caplog.text


@pytest.mark.parametrize("make", ["missing", "not-executable"])
def test_a_cli_that_cannot_start_is_claude_not_found(tmp_path: Path, make: str) -> None:
    path = tmp_path / "claude"
    if make == "not-executable":
        path.write_text("#!/bin/sh\n")
    with pytest.raises(ClaudeNotFoundError, match="npm install -g @anthropic-ai/claude-code") as raised:
        run(str(path), tmp_path)
    assert str(path) in str(raised.value) and "\n" not in str(raised.value)


def test_a_missing_working_directory_is_not_reported_as_a_missing_cli(fake_cli, tmp_path: Path) -> None:
    bin = fake_cli("""
        emit(RESULT)
    """)
    with pytest.raises(FileNotFoundError) as raised:
        run_claude([bin], "x", cwd=tmp_path / "gone", env=dict(os.environ), timeout=10)
    assert not isinstance(raised.value, ClaudeNotFoundError) and os.fspath(raised.value.filename) == str(tmp_path / "gone")


# --- argv, binary, environment -------------------------------------------------------------------


def test_build_argv() -> None:
    assert build_argv("claude", model=None, permission_mode=None, allowed_tools=[], max_turns=None,
                      extra_args=[]) == ["claude", "-p", "--input-format", "stream-json", "--output-format",
                                         "stream-json", "--verbose", "--permission-prompt-tool", "stdio"]
    assert build_argv(
        "/bin/claude",
        model="sonnet",
        permission_mode="acceptEdits",
        allowed_tools=["Read", "Bash(git *)", "Agent"],
        max_turns=7,
        extra_args=["--add-dir", "/data"],
        resume_session="0320c83d-631c-44a2-bc36-089194e0784d",
    ) == [
        "/bin/claude", "-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose",
        "--permission-prompt-tool", "stdio",
        "--allowedTools", "Read,Bash(git *),Agent",
        "--model", "sonnet",
        "--permission-mode", "acceptEdits",
        "--max-turns", "7",
        "--resume", "0320c83d-631c-44a2-bc36-089194e0784d",
        "--add-dir", "/data",
    ]


@pytest.fixture
def bin_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    for name in ("claude", "claude-nightly"):
        (folder / name).write_text("#!/bin/sh\n")
        (folder / name).chmod(0o755)
    (folder / "not-exec").write_text("")
    return folder


def test_resolve_claude_bin_order(bin_dir: Path) -> None:
    path = {"PATH": str(bin_dir)}
    assert resolve_claude_bin(None, path) == str(bin_dir / "claude")
    assert resolve_claude_bin(None, {**path, "RALPHY_CLAUDE_BIN": "claude-nightly"}) == str(bin_dir / "claude-nightly")
    explicit = str(bin_dir / "claude-nightly")
    assert resolve_claude_bin(explicit, {"PATH": "", "RALPHY_CLAUDE_BIN": "nope"}) == explicit


@pytest.mark.parametrize(
    ("explicit", "environ", "named"),
    [
        (None, {"PATH": ""}, "(`claude`) is not on PATH"),
        ("/nowhere/claude", {}, "--claude-bin '/nowhere/claude'"),
        (None, {"RALPHY_CLAUDE_BIN": "not-exec"}, "RALPHY_CLAUDE_BIN 'not-exec'"),
        ("not-exec", {"RALPHY_CLAUDE_BIN": "not-exec"}, "RALPHY_CLAUDE_BIN 'not-exec'"),  # config read it from env
    ],
)
def test_resolve_claude_bin_missing(bin_dir: Path, explicit: str | None, environ: dict, named: str) -> None:
    environ = {"PATH": str(bin_dir), **environ}
    with pytest.raises(ClaudeNotFoundError) as raised:
        resolve_claude_bin(explicit, environ)
    message = str(raised.value)
    assert named in message and "npm install -g @anthropic-ai/claude-code" in message and "\n" not in message


def test_child_env_drops_claude_code_markers() -> None:
    environ = {"PATH": "/bin", "CLAUDECODE": "1", "CLAUDE_CODE_ENTRYPOINT": "cli", "CLAUDE_CODE_SESSION_ID": "x",
               "CLAUDE_CODE_CHILD_SESSION": "1", "CLAUDE_CONFIG_DIR": "/cfg", "ANTHROPIC_API_KEY": "k"}
    assert child_env(environ) == {"PATH": "/bin", "CLAUDE_CONFIG_DIR": "/cfg", "ANTHROPIC_API_KEY": "k"}
    assert environ["CLAUDECODE"] == "1"  # the input is left alone


def test_exit_is_seen_without_os_waitid(monkeypatch) -> None:
    """macOS before Python 3.13 has no os.waitid: the CLI's exit must still be seen (the Popen is polled)."""
    from ralphy.claude import command

    monkeypatch.delattr(command.os, "waitid")
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    assert command.wait_for_exit(proc, time.monotonic() + 10)
    assert proc.returncode == 0
