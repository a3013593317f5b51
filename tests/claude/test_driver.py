"""ralphy.claude.driver with real subprocesses: small Python scripts speak the CLI's stream-json protocol.

The shapes they send are those of the real CLI's transcripts (../shared/claude-code/transcripts/protocol/);
the real CLI itself drives the same code in tests/claude/test_driver_real_cli.py.
"""

from __future__ import annotations

import json
import sys
import textwrap
import time
from pathlib import Path
from typing import Callable

import pytest

from ralphy.claude.driver import (
    ClaudeUsageError,
    ControlRequest,
    InitializeInfo,
    Session,
    allow,
    deny,
    initialize_info,
)
from ralphy.claude.events import ResultEvent, TaskNotification
from ralphy.claude.command import build_argv, with_stream_flags
from ralphy.errors import ConfigError

PRELUDE = f"""\
#!{sys.executable}
import json, os, sys, time
from pathlib import Path

HERE = Path(__file__).parent
LOG = HERE / "received.jsonl"

def emit(obj):
    sys.stdout.write(json.dumps(obj) + "\\n")
    sys.stdout.flush()

def note(name, text=""):
    (HERE / name).write_text(text)

def read():
    line = sys.stdin.readline()
    if not line:
        return None
    with LOG.open("a") as log:
        log.write(line)
    return json.loads(line)

def answer_initialize(msg, **extra):
    emit({{"type": "control_response", "response": {{"subtype": "success", "request_id": msg["request_id"],
          "response": {{"commands": [], "pid": os.getpid(), **extra}}}}}})

INIT = {{"type": "system", "subtype": "init", "session_id": "s1", "tools": ["Task", "Bash"], "agents": ["a"]}}

def result(turns=1, cost=0.01, **extra):
    return {{"type": "result", "subtype": "success", "is_error": False, "result": "done", "num_turns": turns,
            "total_cost_usd": cost, "session_id": "s1", **extra}}

def agent_launched_in_background():  # 2.1.198+: the Agent call returns at once, and the turn ends
    emit({{"type": "user", "message": {{"content": [{{"type": "tool_result", "tool_use_id": "toolu_agent",
          "content": "Async agent launched successfully."}}]}},
          "tool_use_result": {{"isAsync": True, "status": "async_launched", "agentId": "a1"}}}})
    emit(result(turns=2, cost=0.01))

def background_agent_finished():  # then the CLI opens a turn of its own to report it
    emit({{"type": "system", "subtype": "task_notification", "task_id": "a1", "tool_use_id": "toolu_agent",
          "status": "completed", "summary": "done"}})
"""


@pytest.fixture
def fake_cli(tmp_path: Path) -> Callable[[str], str]:
    def write(body: str) -> str:
        script = tmp_path / "claude"
        script.write_text(PRELUDE + textwrap.dedent(body), encoding="utf-8")
        script.chmod(0o755)
        return str(script)

    return write


def received(tmp_path: Path) -> list[dict]:
    path = tmp_path / "received.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def start(bin: str, tmp_path: Path, **kwargs) -> Session:
    return Session.start([bin, "-p"], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"}, **kwargs)


def test_initialize_then_the_prompt_as_a_user_turn_then_stdin_closed(fake_cli, tmp_path):
    bin = fake_cli("""
        msg = read()
        answer_initialize(msg, agents=[{"name": "alpha", "description": "Does alpha", "model": "haiku"},
                                       {"name": "Explore", "description": "built in"}], claude_code_version="2.1.330")
        turn = read()
        emit(INIT)
        emit(result())
        if read() is None:
            note("stdin-closed")
    """)
    session = start(bin, tmp_path, transcript_path=tmp_path / "t.jsonl")
    try:
        info = session.initialize(10)
        result = session.run_turn("Do TASKS.md", timeout=30)
    finally:
        session.close()
    assert info.agents == [{"name": "alpha", "description": "Does alpha", "model": "haiku"},
                           {"name": "Explore", "description": "built in", "model": None}]
    assert info.version == "2.1.330" and isinstance(info.pid, int)
    first, turn = received(tmp_path)
    assert first["type"] == "control_request" and first["request"] == {"subtype": "initialize"}
    assert turn["type"] == "user" and turn["message"] == {"role": "user", "content": "Do TASKS.md"}
    assert (tmp_path / "stdin-closed").exists()
    assert result.exit_code == 0 and result.result.result == "done" and not result.timed_out
    # the transcript holds the CLI's lines, control responses included
    assert '"control_response"' in (tmp_path / "t.jsonl").read_text()


def test_a_permission_request_is_answered_while_the_turn_waits(fake_cli, tmp_path):
    bin = fake_cli("""
        answer_initialize(read())
        read()
        emit(INIT)
        for i, (tool, inp) in enumerate([("Bash", {"command": "rm -rf /"}), ("Bash", {"command": "git status"})]):
            emit({"type": "control_request", "request_id": f"q{i}", "request": {"subtype": "can_use_tool",
                  "tool_name": tool, "input": inp, "tool_use_id": f"toolu_{i}", "permission_suggestions": []}})
            reply = read()
            note(f"reply{i}", json.dumps(reply))
        emit(result(turns=3))
        read()
    """)
    asked: list[ControlRequest] = []

    def policy(request: ControlRequest):
        asked.append(request)
        return allow(request) if request.input["command"].startswith("git ") else deny("not that")

    session = start(bin, tmp_path, on_request=policy)
    session.initialize(10)
    result = session.run_turn("go", timeout=30)
    assert [(r.tool_name, r.tool_use_id, r.input["command"]) for r in asked] == [
        ("Bash", "toolu_0", "rm -rf /"), ("Bash", "toolu_1", "git status")]
    reply0 = json.loads((tmp_path / "reply0").read_text())
    reply1 = json.loads((tmp_path / "reply1").read_text())
    assert reply0["response"] == {"subtype": "success", "request_id": "q0",
                                  "response": {"behavior": "deny", "message": "not that"}}
    assert reply1["response"]["response"] == {"behavior": "allow", "updatedInput": {"command": "git status"}}
    assert result.result.num_turns == 3


def test_a_policy_that_raises_answers_with_an_error_instead_of_hanging_the_turn(fake_cli, tmp_path):
    bin = fake_cli("""
        answer_initialize(read())
        read()
        emit({"type": "control_request", "request_id": "q", "request": {"subtype": "can_use_tool",
              "tool_name": "Bash", "input": {}}})
        note("reply", json.dumps(read()))
        emit(result())
        read()
    """)

    def broken(request):
        raise RuntimeError("bug")

    session = start(bin, tmp_path, on_request=broken)
    session.initialize(10)
    result = session.run_turn("go", timeout=30)
    assert json.loads((tmp_path / "reply").read_text())["response"]["subtype"] == "error"
    assert result.result is not None


def test_stdin_stays_open_until_a_background_agent_has_reported(fake_cli, tmp_path):
    # 2.1.198+: the Agent result is async_launched, a first result comes at once, the agent's later
    # permission request still needs an answer, then task_notification, a new init and a second result.
    bin = fake_cli("""
        answer_initialize(read())
        read()
        emit(INIT)
        agent_launched_in_background()
        time.sleep(1.0)
        emit({"type": "control_request", "request_id": "sub", "request": {"subtype": "can_use_tool",
              "tool_name": "Bash", "input": {"command": "pytest"}, "agent_id": "a1"}})
        reply = read()
        note("sub-reply", json.dumps(reply))
        background_agent_finished()
        time.sleep(0.3)
        emit(INIT)
        emit(result(turns=3, cost=0.04))
        if read() is None:
            note("closed-after-second-result")
    """)
    session = start(bin, tmp_path, on_request=lambda request: allow(request))
    session.initialize(10)
    result = session.run_turn("go", timeout=30)
    reply = json.loads((tmp_path / "sub-reply").read_text())
    assert reply is not None and reply["response"]["response"]["behavior"] == "allow"
    assert (tmp_path / "closed-after-second-result").exists()
    assert result.result.num_turns == 5  # summed over both results
    assert result.result.total_cost_usd == 0.04  # already cumulative in the last one
    assert any(isinstance(e, TaskNotification) for e in result.events)


def test_once_the_reporting_turn_has_opened_its_result_ends_the_run(fake_cli, tmp_path, monkeypatch):
    # After a background agent's task_notification the driver waits SETTLE_S for the turn that reports it; once
    # that turn's init is in, its result ends the run (2.1.330 spent the rest of the wait idle every iteration).
    # With the wait made longer than the timeout, only that rule lets this run end in time.
    import ralphy.claude.driver as driver

    monkeypatch.setattr(driver, "SETTLE_S", 60.0)
    bin = fake_cli("""
        answer_initialize(read())
        read()
        emit(INIT)
        agent_launched_in_background()
        background_agent_finished()
        emit(INIT)
        emit(result(turns=3, cost=0.04))
        if read() is None:
            note("closed-after-second-result")
    """)
    session = start(bin, tmp_path)
    session.initialize(10)
    result = session.run_turn("go", timeout=20)
    assert not result.timed_out and (tmp_path / "closed-after-second-result").exists()
    assert result.result.num_turns == 5 and result.result.is_error is False


def test_the_timeout_interrupts_the_turn_and_the_cli_exits_by_itself(fake_cli, tmp_path):
    bin = fake_cli("""
        answer_initialize(read())
        read()
        emit(INIT)
        msg = read()  # blocks until ralphy interrupts
        note("got", json.dumps(msg))
        emit({"type": "control_response", "response": {"subtype": "success", "request_id": msg["request_id"],
              "response": {}}})
        emit(result(subtype="error_during_execution", is_error=True, terminal_reason="aborted_streaming"))
        if read() is None:
            note("clean-exit")
    """)
    session = start(bin, tmp_path)
    session.initialize(10)
    began = time.monotonic()
    result = session.run_turn("go", timeout=2)
    assert time.monotonic() - began < 5
    assert json.loads((tmp_path / "got").read_text())["request"] == {"subtype": "interrupt"}
    assert (tmp_path / "clean-exit").exists() and result.exit_code == 0  # ended by the protocol, not SIGTERM
    assert result.timed_out and result.result.terminal_reason == "aborted_streaming"


def test_a_cli_that_ignores_the_interrupt_is_ended_after_the_grace(fake_cli, tmp_path):
    bin = fake_cli("""
        import signal
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        answer_initialize(read())
        read()
        time.sleep(600)
    """)
    session = start(bin, tmp_path, kill_grace=0.5)
    session.initialize(10)
    began = time.monotonic()
    result = session.run_turn("go", timeout=1, cancel_grace=0.5)
    assert time.monotonic() - began < 6
    assert result.timed_out and result.result is None and result.exit_code is not None and result.exit_code < 0


def test_keyboard_interrupt_in_a_callback_interrupts_the_turn_and_propagates(fake_cli, tmp_path):
    bin = fake_cli("""
        answer_initialize(read())
        read()
        emit(INIT)
        msg = read()
        note("got", json.dumps(msg))
        emit(result(subtype="error_during_execution"))
        read()
    """)

    def on_event(event):
        raise KeyboardInterrupt

    session = start(bin, tmp_path, on_event=on_event)
    session.initialize(10)
    with pytest.raises(KeyboardInterrupt):
        session.run_turn("go", timeout=30)
    assert json.loads((tmp_path / "got").read_text())["request"]["subtype"] == "interrupt"
    assert session.proc.returncode is not None


def test_a_refused_command_line_is_a_usage_error_in_the_clis_own_words(fake_cli, tmp_path):
    bin = fake_cli("""
        sys.stderr.write("error: option '--permission-mode <mode>' argument 'auto' is invalid. Allowed choices are acceptEdits, bypassPermissions, default, plan.\\n")
        sys.exit(1)
    """)
    with pytest.raises(ClaudeUsageError, match="argument 'auto' is invalid") as caught:
        initialize_info([bin, "-p", "--permission-mode", "auto"], cwd=tmp_path, env={}, timeout=10)
    assert "\n" not in str(caught.value) and isinstance(caught.value, ConfigError)


def test_a_cli_that_never_answers_initialize_is_a_clear_error(fake_cli, tmp_path):
    bin = fake_cli("""
        time.sleep(600)
    """)
    with pytest.raises(ConfigError, match="no answer to `initialize` within 1s"):
        initialize_info([bin], cwd=tmp_path, env={}, timeout=1)


def test_initialize_info_makes_no_turn_and_ends_the_cli(fake_cli, tmp_path):
    bin = fake_cli("""
        msg = read()
        answer_initialize(msg)
        while read() is not None:
            pass
        note("stdin-closed")
    """)
    info = initialize_info([bin, "-p"], cwd=tmp_path, env={}, timeout=10)
    assert info.agents is None and info.version is None  # a CLI that does not say
    assert [m["type"] for m in received(tmp_path)] == ["control_request"]
    assert (tmp_path / "stdin-closed").exists()


def test_initialize_info_from_odd_responses():
    info = InitializeInfo.from_response({"agents": [{"name": "x"}, {"description": "no name"}, "junk"],
                                         "pid": True, "claude_code_version": 3, "commands": "nope"})
    assert info.agents == [{"name": "x", "description": "", "model": None}]
    assert (info.pid, info.version, info.commands) == (None, None, [])


def test_stream_flags():
    argv = build_argv("claude", model=None, permission_mode=None, allowed_tools=[], max_turns=None, extra_args=[])
    assert argv == ["claude", "-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose",
                    "--permission-prompt-tool", "stdio"]
    assert with_stream_flags(argv) == argv
    assert with_stream_flags(["claude", "--model", "x"]) == [
        "claude", "-p", "--input-format", "stream-json", "--permission-prompt-tool", "stdio", "--output-format",
        "stream-json", "--verbose", "--model", "x"]


def test_lines_that_are_not_json_only_warn(fake_cli, tmp_path, caplog):
    bin = fake_cli("""
        answer_initialize(read())
        read()
        sys.stdout.write('{"type":"control_request" broken\\n'); sys.stdout.flush()
        emit(result())
        read()
    """)
    session = start(bin, tmp_path)
    session.initialize(10)
    result = session.run_turn("go", timeout=30)
    assert isinstance(result.result, ResultEvent)
    assert "malformed" in caplog.text


def test_by_default_a_live_question_is_denied_with_a_way_to_ask_it_in_the_final_message(fake_cli, tmp_path):
    bin = fake_cli("""
        answer_initialize(read())
        read()
        for i, tool in enumerate(["AskUserQuestion", "WebFetch"]):
            emit({"type": "control_request", "request_id": f"q{i}", "request": {"subtype": "can_use_tool",
                  "tool_name": tool, "input": {"questions": [{"question": "Which DB?", "header": "DB",
                  "options": [{"label": "Postgres"}, {"label": "SQLite"}], "multiSelect": False}]}}})
            note(f"reply{i}", json.dumps(read()))
        emit(result())
        read()
    """)
    session = start(bin, tmp_path)
    session.initialize(10)
    session.run_turn("go", timeout=30)
    question = json.loads((tmp_path / "reply0").read_text())["response"]["response"]
    other = json.loads((tmp_path / "reply1").read_text())["response"]["response"]
    assert question["behavior"] == "deny" and "final message" in question["message"]
    assert other == {"behavior": "deny", "message": "Not allowed by ralphy's permission policy for this run."}


def test_the_question_denial_says_what_the_dev_prompt_says():
    # The dev prompt offers two ways to ask: the AskUserQuestion tool or, without it, the question as the final
    # message. A run that answers no tool questions (run_claude's single turn) must send the model to the second
    # way in the prompt's own words, not tell it that nobody can answer.
    from ralphy.claude.driver import QUESTION_DENIAL
    from ralphy.prompts import render_dev_prompt

    prompt = " ".join(render_dev_prompt(discovered_agents="", tdd_instructions="",
                                        tasks_content="- [ ] 1.1 Add a greet function").split())
    other_way = prompt.split("if you do not have that tool, ", 1)[1].split(".", 1)[0]
    assert other_way == "end your turn with the question as your final message; the answer comes in this session"
    assert other_way in " ".join(QUESTION_DENIAL.split())
    assert "truly blocked on a decision that only the user can make" in prompt
    assert "truly blocked on a decision that only the user can make" in QUESTION_DENIAL
    assert "AskUserQuestion" in QUESTION_DENIAL and "nobody" not in QUESTION_DENIAL.lower()
