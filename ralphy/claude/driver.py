"""The one driver of the Claude CLI process: its bidirectional stream-json protocol.

ralphy runs ``claude -p --input-format stream-json --output-format stream-json --verbose
--permission-prompt-tool stdio`` (``command.STREAM_FLAGS``; ``command.build_argv`` adds them) and talks to it line by
line, the way the official Agent SDKs do (``../shared/claude-code/VERSIONS.md`` has every shape, verified on
2.0.0, 2.1.62, 2.1.197 and 2.1.330):

- ``initialize`` (a control request): the CLI answers with the agents it loaded (from ~2.1.100), its pid,
  its version (2.1.330) and its commands -- no model call. ``initialize_info`` (``ralphy.claude.cli_info``, also
  offered here) does only this.
- the prompt goes as a user turn; the CLI's events are read as they arrive (``ralphy.claude.events``);
- ``can_use_tool`` control requests (permissions, and AskUserQuestion) are answered by ``on_request``
  while the turn waits;
- a timeout or Ctrl-C ends the turn with an ``interrupt`` request; the process group gets SIGTERM only
  when the CLI does not stop in time;
- stdin is closed only when the run is really over: not while a background subagent (``async_launched``)
  is still running, since its later permission requests would fail with "Stream closed".

In this mode the CLI waits for its first turn as long as it takes (plain ``-p`` gives up after 3 s without
stdin), so a slow prompt can never cost an iteration.

One ``Session`` is one CLI process: ``Session.start(...)``, ``initialize()``, ``run_turn(prompt, ...)``
(which ends the process), ``close()`` in a ``finally``. The control messages it reads and answers
(``InitializeInfo``, ``ControlRequest``, ``allow``/``deny``) are ``ralphy.claude.control``'s.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import re
import subprocess
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ralphy.claude.command import STREAM_FLAGS, end_group, has_exited, spawn, wait_for_exit  # noqa: F401
from ralphy.claude.control import ControlRequest, InitializeInfo, OnRequest, deny, deny_all
from ralphy.claude.control import DEFAULT_DENIAL, QUESTION_DENIAL, allow  # noqa: F401 (also asked for here)
from ralphy.claude.events import ApiRetry, Event, InitEvent, RateLimitEvent, ResultEvent, TaskNotification, TaskStarted
from ralphy.claude.events import ToolResult, parse_line
from ralphy.claude.limits import is_auth_result, is_auth_retry
from ralphy.claude.node import NODE_CRASH
from ralphy.claude.pipes import EOF as _EOF
from ralphy.claude.pipes import LineQueue, Tail, Transcript, drain, exit_status, read_lines, write_lines
from ralphy.claude.process import EXIT_DRAIN_S, KILL_GRACE_S, STDERR_TAIL_BYTES, TRANSCRIPT_MAX_BYTES, RunResult
from ralphy.errors import ConfigError
from ralphy.jsontext import well_formed

logger = logging.getLogger(__name__)

INITIALIZE_TIMEOUT_S = 60.0  # a cold CLI answers in 0.4-1.5 s
INTERRUPT_GRACE_S = 5.0  # after an interrupt, how long the CLI gets to write its result (it needs ~30 ms)
SETTLE_S = 1.0  # after the last background agent ends: time for the CLI to open the turn that reports it
_NODE_CRASH_AT = re.compile(r"^(?:file://)?/\S*:\d+$")  # the first line of Node's report of an uncaught error
# What a run keeps of its events for after it (``RunResult.events``): the CLI's own account of the run, an event per
# session, turn, API response, retry and delegation, which is what is read once the run is over (its usage limits,
# an authentication failure). The conversation -- the model's text, tool calls and their results -- and a running
# subagent's progress ticks go to ``on_event`` as they come (the report, the questions and the task edits are built
# from it there) and to the transcript, not into memory: they grow with what the model writes.
KEPT_EVENTS = (InitEvent, ResultEvent, ApiRetry, RateLimitEvent, TaskStarted, TaskNotification)


class ClaudeUsageError(ConfigError):
    """The CLI refused its own command line (unknown option or value): exit 1 before any ``init`` line."""


class NodeTooOldError(ClaudeUsageError):
    """The CLI, a Node script, ended before its first answer, run by a Node older than its package asks for
    (``ralphy.claude.node.node_problem``'s line)."""


class Session:
    """One Claude CLI process spoken to over stream-json (see the module docstring)."""

    def __init__(
        self,
        proc: subprocess.Popen[bytes],
        *,
        on_event: Callable[[Event], None] | None = None,
        on_request: OnRequest | None = None,
        transcript: Transcript | None = None,
        kill_grace: float = KILL_GRACE_S,
    ) -> None:
        self.proc = proc
        self.on_event = on_event
        self.on_request = on_request or deny_all
        self.transcript = transcript
        self.kill_grace = kill_grace
        self.started = time.monotonic()
        self.events: list[Event] = []
        self.results: list[ResultEvent] = []
        self.init: InitEvent | None = None
        self.info: InitializeInfo | None = None
        self.timed_out = False
        self.interrupted = False  # ralphy interrupted the turn (timeout, Ctrl-C, stop_turn)
        self.stop_requested = False  # stop_turn() was called: the turn ends through interrupt
        self.auth_failed = False
        self.crashed = False  # usage_error() found a Node.js crash, not a refused command line
        self.eof = False
        self.turn_open = False
        self.background: set[str] = set()  # tool_use_ids of background (async) agents still running
        self.settle_until = 0.0
        self.responses: dict[str, dict[str, Any]] = {}
        self.line_number = 0
        self._next_id = 0
        self._lines = LineQueue()  # bounded: a CLI that floods its stdout waits for ralphy (ralphy.claude.pipes)
        self._stdin: queue.Queue[bytes | None] = queue.Queue()
        self._stdin_closed = False
        self._stderr = Tail(STDERR_TAIL_BYTES)
        self._threads: list[threading.Thread] = []
        self._closed = False

    # ------------------------------------------------------------------------------------------ start

    @classmethod
    def start(
        cls,
        argv: Sequence[str],
        *,
        cwd: str | os.PathLike[str],
        env: Mapping[str, str],
        process: subprocess.Popen[bytes] | None = None,
        on_event: Callable[[Event], None] | None = None,
        on_request: OnRequest | None = None,
        transcript_path: str | os.PathLike[str] | None = None,
        transcript_max_bytes: int = TRANSCRIPT_MAX_BYTES,
        kill_grace: float = KILL_GRACE_S,
    ) -> "Session":
        """Start the CLI (or take ``process``, already started with ``argv``) and the pipe threads.

        Raises ``ClaudeNotFoundError`` when ``argv[0]`` cannot be started."""
        transcript = Transcript.open(Path(transcript_path), transcript_max_bytes) if transcript_path else None
        try:
            proc = process if process is not None else spawn(argv, cwd=cwd, env=env)
        except BaseException:
            if transcript:
                transcript.close()
            raise
        session = cls(proc, on_event=on_event, on_request=on_request, transcript=transcript, kill_grace=kill_grace)
        try:
            session._start_threads()
        except BaseException:  # Ctrl-C / SIGTERM before the caller holds the session: the CLI is ended here
            session.close()
            raise
        return session

    def _start_threads(self) -> None:
        for name, target, args in (
            ("stdin", write_lines, (self.proc.stdin, self._stdin)),
            ("stdout", read_lines, (self.proc.stdout, self._lines)),
            ("stderr", drain, (self.proc.stderr, self._stderr)),
        ):
            thread = threading.Thread(target=target, args=args, name=f"ralphy-claude-{name}", daemon=True)
            thread.start()
            self._threads.append(thread)

    # ------------------------------------------------------------------------------------ sending

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one JSON line to the CLI's stdin (queued; a writer thread does the blocking)."""
        if not self._stdin_closed:
            self._stdin.put(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")

    def close_stdin(self) -> None:
        """Tell the CLI there is nothing more: it finishes what it is doing and exits."""
        if not self._stdin_closed:
            self._stdin_closed = True
            self._stdin.put(_EOF)

    def _request(self, request: Mapping[str, Any]) -> str:
        self._next_id += 1
        request_id = f"ralphy-{self._next_id}"
        self.send({"type": "control_request", "request_id": request_id, "request": dict(request)})
        return request_id

    def send_user_turn(self, text: str) -> None:
        self.send({"type": "user", "message": {"role": "user", "content": text}, "parent_tool_use_id": None,
                   "session_id": ""})
        self.turn_open = True

    def interrupt(self) -> str:
        """Ask the CLI to end the running turn (its result follows within ~30 ms)."""
        return self._request({"subtype": "interrupt"})

    def stop_turn(self) -> None:
        """End the run early and cleanly (e.g. from ``on_event``: a usage window nearly used up): the running
        turn is interrupted, its result still read, then the CLI ends as after any turn."""
        self.stop_requested = True

    def control(self, subtype: str, timeout: float) -> dict[str, Any] | None:
        """Send a control request with no fields but its ``subtype`` (``mcp_status``) and wait for the answer:
        its ``response`` object, or None on an error answer, when the CLI ended or did not answer in time."""
        request_id = self._request({"subtype": subtype})
        deadline = time.monotonic() + timeout
        while request_id not in self.responses:
            if not self._next_line(deadline):
                return None
        response = self.responses.pop(request_id)
        answer = response.get("response")
        return answer if response.get("subtype") == "success" and isinstance(answer, dict) else None

    # --------------------------------------------------------------------------------- initialize

    def initialize(self, timeout: float = INITIALIZE_TIMEOUT_S) -> InitializeInfo | None:
        """Send ``initialize`` and wait for the answer. None when the CLI ended first or gave none in time
        (then ``usage_error()`` says whether it refused its command line)."""
        request_id = self._request({"subtype": "initialize"})
        deadline = time.monotonic() + timeout
        while request_id not in self.responses:
            if not self._next_line(deadline):
                return None
        response = self.responses.pop(request_id)
        if response.get("subtype") != "success":
            logger.warning("claude: initialize failed: %.300s", response.get("error"))
            return None
        self.info = InitializeInfo.from_response(response.get("response") if isinstance(response.get("response"), dict) else {})
        return self.info

    def usage_error(self) -> str | None:
        """The CLI's own words when it refused its command line: it exited non-zero before any ``init`` line
        or control response, saying why on stderr. When that is Node's crash (``file:///.../cli.js:259``, a
        line of the bundle, ``ReferenceError: ...``), the error's line, and ``crashed`` is set."""
        if self.init is not None or self.info is not None or self.results:
            return None
        if not self.eof and not has_exited(self.proc):
            return None
        wait_for_exit(self.proc, time.monotonic() + 1.0)
        code = self.proc.poll() if not hasattr(os, "waitid") else exit_status(self.proc)
        if code in (None, 0):
            return None
        self._join_stderr()
        lines = [line.strip() for line in self._stderr.text().splitlines() if line.strip()]
        if not lines:
            return None
        if _NODE_CRASH_AT.match(lines[0]):  # Node's crash: where, a line of the bundle, the error, its stack
            said = next((line for line in lines if NODE_CRASH.match(line)), None)
            if said is not None:
                self.crashed = True
                return said[:500]
        return lines[0][:500]

    # ---------------------------------------------------------------------------------- the turn

    def run_turn(self, prompt: str, *, timeout: float, cancel_grace: float = INTERRUPT_GRACE_S) -> RunResult:
        """Send ``prompt`` as a user turn and handle everything until the run is over (results in, no
        background agent left), then end the CLI. On the timeout, or on KeyboardInterrupt / an exception
        from a callback, the turn is interrupted first (the exception then propagates)."""
        deadline = self.started + timeout
        try:
            self.send_user_turn(prompt)
            self._pump(deadline, cancel_grace)
        except BaseException:
            self.cancel(cancel_grace)
            raise
        finally:
            self.close()
        return self.result()

    def _pump(self, deadline: float, cancel_grace: float) -> None:
        interrupted_at: float | None = None
        exited_at: float | None = None
        while not self.auth_failed:
            now = time.monotonic()
            if self._turn_done(now):
                self.close_stdin()
            if now >= deadline and interrupted_at is None and not self._stdin_closed:
                self.timed_out = True
                logger.warning("claude: no result within the timeout; interrupting it")
                self.interrupt()
                interrupted_at = now
                self.interrupted = True
            elif self.stop_requested and interrupted_at is None and not self._stdin_closed:
                logger.info("claude: stopping the run early; interrupting the turn")
                self.interrupt()
                interrupted_at = now
                self.interrupted = True
            if interrupted_at is not None:
                if not self.turn_open:
                    self.close_stdin()  # the interrupted turn's result is in
                if now >= interrupted_at + cancel_grace:
                    return
            elif now >= deadline:
                self.timed_out = True
                logger.warning("claude: did not end within the timeout; stopping it")
                return
            wait_until = deadline if interrupted_at is None else interrupted_at + cancel_grace
            try:
                line = self._lines.get(timeout=max(0.01, min(wait_until - now, 0.25)))
            except queue.Empty:
                if exited_at is None and has_exited(self.proc):
                    exited_at = now
                if exited_at is not None and now - exited_at > EXIT_DRAIN_S:
                    return  # the CLI exited, but something it started still holds stdout open
                continue
            if line is _EOF:
                self.eof = True
                if not wait_for_exit(self.proc, max(deadline, time.monotonic() + 0.5)):
                    self.timed_out = True
                    logger.warning("claude: closed its output but did not exit within the timeout; stopping it")
                return
            self._handle(line)

    def _turn_done(self, now: float) -> bool:
        return bool(self.results) and not self.turn_open and not self.background and now >= self.settle_until

    def cancel(self, grace: float = INTERRUPT_GRACE_S) -> None:
        """Interrupt the running turn and give the CLI ``grace`` seconds to write its result (events still go
        to ``on_event``, whose exceptions are ignored now)."""
        if self._closed or self._stdin_closed or self.eof:
            return
        self.on_event = _quietly(self.on_event)
        self.on_request = lambda request: deny("The run is being stopped.", interrupt=True)
        try:
            self.interrupt()
            self.interrupted = True
            deadline = time.monotonic() + grace
            while self.turn_open and self._next_line(deadline):
                pass
        except BaseException:  # a second Ctrl-C: stop waiting
            pass

    def _next_line(self, deadline: float) -> bool:
        """Handle the next stdout line; False at EOF or ``deadline``."""
        while True:
            now = time.monotonic()
            if now >= deadline:
                return False
            try:
                line = self._lines.get(timeout=min(deadline - now, 0.25))
            except queue.Empty:
                if has_exited(self.proc) and self._lines.empty():
                    # stdout may stay open a moment longer; give the reader a last chance
                    try:
                        line = self._lines.get(timeout=0.2)
                    except queue.Empty:
                        return False
                else:
                    continue
            if line is _EOF:
                self.eof = True
                return False
            self._handle(line)
            return True

    # -------------------------------------------------------------------------------- lines in

    def _handle(self, raw: bytes) -> None:
        self.line_number += 1
        if self.transcript:
            self.transcript.write(raw)
        line = raw.decode("utf-8", errors="replace").strip()
        if not line:
            return
        if '"control_' in line:
            try:
                data = well_formed(json.loads(line), line)  # a tool input's lone surrogate as U+FFFD
            except (ValueError, RecursionError):
                data = None
            if isinstance(data, dict) and str(data.get("type", "")).startswith("control_"):
                self._control(data)
                return
        try:
            events = parse_line(line)
        except ValueError as error:
            logger.warning("claude: skipping malformed stream-json line %d (%s): %.200s", self.line_number, error, line)
            return
        for event in events:
            self._record(event)
            if self.on_event:
                self.on_event(event)

    def _control(self, data: dict[str, Any]) -> None:
        kind = data.get("type")
        if kind == "control_response":
            response = data.get("response") if isinstance(data.get("response"), dict) else {}
            self.responses[str(response.get("request_id", ""))] = response
        elif kind == "control_request":
            request = ControlRequest.parse(data)
            try:
                answer = self.on_request(request)
            except Exception as error:  # noqa: BLE001 - a policy bug must not hang the CLI's turn
                logger.warning("claude: answering %s failed: %s", request.subtype, error)
                answer = None
            if answer is None:
                self.send({"type": "control_response", "response": {
                    "subtype": "error", "request_id": request.request_id,
                    "error": f"ralphy cannot answer {request.subtype!r} requests"}})
            else:
                self.send({"type": "control_response", "response": {
                    "subtype": "success", "request_id": request.request_id, "response": answer}})
        else:  # control_cancel_request: the CLI no longer needs an answer
            logger.debug("claude: %s %.200s", kind, data)

    def _record(self, event: Event) -> None:
        if isinstance(event, KEPT_EVENTS):
            self.events.append(event)
        if isinstance(event, InitEvent):
            self.init = self.init or event
            self.turn_open = True  # a turn began (the CLI opens one itself to report a background agent)
            self.settle_until = 0.0  # the turn reporting a finished background agent is open: no need to wait
        elif isinstance(event, ResultEvent):
            self.results.append(event)
            self.turn_open = False
        elif isinstance(event, ToolResult) and event.status == "async_launched" and event.tool_use_id:
            self.background.add(event.tool_use_id)
        elif isinstance(event, TaskNotification) and event.tool_use_id in self.background:
            self.background.discard(event.tool_use_id)
            self.settle_until = time.monotonic() + SETTLE_S
        elif isinstance(event, ApiRetry) and is_auth_retry(event):
            self.auth_failed = True
            logger.info("claude: the API refused the credentials (%s); stopping it", event.error_status)

    # ---------------------------------------------------------------------------------- the end

    def result(self) -> RunResult:
        """How the run went: the last ``result`` line with ``num_turns`` summed over every result of the run
        (a background agent's report comes in a second turn; ``total_cost_usd`` is already cumulative), and
        ``is_error`` set when ralphy interrupted the turn."""
        final = self.results[-1] if self.results else None
        if final is not None and len(self.results) > 1:
            turns = [r.num_turns for r in self.results if r.num_turns is not None]
            final = replace(final, num_turns=sum(turns) if turns else None)
        if final is not None and self.interrupted and not final.is_error:
            final = replace(final, is_error=True)  # 2.0.x and 2.1.62 call an interrupted turn no error
        return RunResult(
            exit_code=self.proc.returncode,
            result=final,
            init=self.init,
            events=self.events,
            timed_out=self.timed_out,
            auth_failed=self.auth_failed or is_auth_result(final),
            stderr_tail=self._stderr.text(),
            transcript_path=self.transcript.path if self.transcript else None,
            duration_s=time.monotonic() - self.started,
        )

    def close(self) -> None:
        """End the CLI and its whole process group (SIGTERM, SIGKILL after the grace) and the pipe threads.
        Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self.close_stdin()
        if not has_exited(self.proc):  # with stdin closed and no turn running, the CLI exits in ~35 ms
            wait_for_exit(self.proc, time.monotonic() + min(self.kill_grace, 1.0))
        end_group(self.proc, self.kill_grace)
        self._lines.close()  # no line is read any more: a reader waiting for room drops the rest and ends
        for thread in self._threads:
            thread.join(timeout=KILL_GRACE_S)
            if thread.is_alive():
                logger.warning("claude: a process that left the CLI's group still holds its %s",
                               thread.name.removeprefix("ralphy-claude-"))
        if self.transcript:
            self.transcript.close()

    def _join_stderr(self) -> None:
        for thread in self._threads:
            if thread.name.endswith("stderr"):
                thread.join(timeout=1.0)


def _quietly(callback: Callable[[Event], None] | None) -> Callable[[Event], None] | None:
    if callback is None:
        return None

    def call(event: Event) -> None:
        try:
            callback(event)
        except Exception:  # noqa: BLE001 - already stopping
            pass

    return call


def __getattr__(name: str) -> Any:
    """``initialize_info`` is offered here too (doctor and the tests import it from the driver); it lives in
    ``ralphy.claude.cli_info``, which imports this module, so it is looked up when first asked for."""
    if name == "initialize_info":
        from ralphy.claude.cli_info import initialize_info

        return initialize_info
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
