"""One structured model call for `agents recommend --llm` and `agents create`, by whichever way the user has.

Most Claude Code users are logged in to the Claude CLI with a subscription and have no API key. So:

- with ``ANTHROPIC_API_KEY`` (or ``ANTHROPIC_AUTH_TOKEN``) set: the anthropic SDK, ``anthropic.Anthropic()``;
- otherwise: the Claude CLI, ``claude -p --output-format json --json-schema <the tool's schema>`` with no
  built-in tools; the CLI gives the model a ``StructuredOutput`` tool and returns what it was called with as
  ``structured_output`` in its result line. CLIs without ``--json-schema`` (2.0.x) are asked for the JSON
  object in the prompt, and it is read from the answer's text.

``ClaudeCliClient`` looks like the small part of ``anthropic.Anthropic`` the callers use
(``client.messages.create(model=, max_tokens=, system=, messages=, tools=, tool_choice=)`` returning a message
whose ``content`` holds one ``tool_use`` block), so routing and the agent factory ask the same way through
either. A conversation (the factory's retry with the problems of the first answer) is written out as one
prompt: the CLI call is stateless.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import tempfile
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ralphy.errors import AgentCreationError, AuthenticationError, ClaudeNotFoundError, RalphyError

logger = logging.getLogger(__name__)

CLI_TIMEOUT = 180.0
_UNKNOWN = object()  # the CLI's version, not asked yet


def has_api_key(environ: Mapping[str, str] = os.environ) -> bool:
    return bool(environ.get("ANTHROPIC_API_KEY") or environ.get("ANTHROPIC_AUTH_TOKEN"))


def default_client(environ: Mapping[str, str] = os.environ, claude_bin: str | None = None) -> Any:
    """The anthropic SDK client when an API key is set, else a ``ClaudeCliClient`` (ClaudeNotFoundError when
    there is neither a key nor a Claude CLI). Both are context managers."""
    if has_api_key(environ):
        import anthropic

        return anthropic.Anthropic()
    from ralphy.claude.command import resolve_claude_bin

    try:
        binary = resolve_claude_bin(claude_bin, environ)
    except ClaudeNotFoundError as exc:
        raise ClaudeNotFoundError(f"no ANTHROPIC_API_KEY and no Claude CLI to ask the model through: {exc}") from None
    return ClaudeCliClient(binary, environ=dict(environ))


@dataclass
class _Block:
    type: str
    id: str = ""
    name: str = ""
    input: Any = None
    text: str = ""


@dataclass
class _Message:
    content: list[_Block] = field(default_factory=list)
    stop_reason: str = "tool_use"


class _Messages:
    def __init__(self, owner: ClaudeCliClient) -> None:
        self._owner = owner

    def create(self, *, model: str, messages: Sequence[Mapping[str, Any]], tools: Sequence[Mapping[str, Any]],
               tool_choice: Mapping[str, Any] | None = None, system: str | None = None, max_tokens: int = 0,
               **_: Any) -> _Message:
        return self._owner.call(model=model, messages=messages, tools=tools, tool_choice=tool_choice, system=system)


class ClaudeCliClient:
    """The Claude CLI as a one-tool Messages API client (see the module docstring)."""

    def __init__(self, claude_bin: str, *, environ: Mapping[str, str] | None = None,
                 timeout: float = CLI_TIMEOUT) -> None:
        self.claude_bin = claude_bin
        self.environ = dict(os.environ if environ is None else environ)
        self.timeout = timeout
        self.base_url = f"the Claude CLI ({claude_bin})"
        self.messages = _Messages(self)
        self._legacy = False
        self._version: Any = _UNKNOWN

    def __enter__(self) -> ClaudeCliClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Nothing to release: every call is its own process."""

    def call(self, *, model: str, messages: Sequence[Mapping[str, Any]], tools: Sequence[Mapping[str, Any]],
             tool_choice: Mapping[str, Any] | None, system: str | None) -> _Message:
        tool = _chosen_tool(tools, tool_choice)
        prompt = conversation_prompt(messages, tool)
        if not self._legacy:
            argv = [self.claude_bin, "-p", "--output-format", "stream-json", "--verbose", "--json-schema",
                    json.dumps(tool["input_schema"]),
                    "--tools", "", "--strict-mcp-config", "--max-turns", "4", "--model", model]
            result, proc = self._run(argv + (["--system-prompt", system] if system else []), prompt)
            if result is None and "unknown option" in (proc.stderr + proc.stdout):
                self._legacy = True  # CLIs before --json-schema (2.0.x): ask for the JSON in words
                logger.info("%s has no --json-schema; asking for JSON in the prompt", self.claude_bin)
            else:
                return _answer(result, proc, tool)
        schema = json.dumps(tool["input_schema"], ensure_ascii=False)
        legacy_prompt = "\n\n".join(part for part in (
            system, prompt, "Reply with one JSON object and nothing else (no prose, no code fence) that matches "
            f"this JSON Schema:\n{schema}") if part)
        result, proc = self._run([self.claude_bin, "-p", "--output-format", "json", "--strict-mcp-config",
                                  "--max-turns", "1", "--model", model], legacy_prompt)
        return _answer(result, proc, tool, from_text=True)

    def _env(self) -> Mapping[str, str]:
        """The CLI's environment; a CLI that retries silently (before 2.1.100) gets as few retries as under
        `ralphy dev`: a login the API refuses made 2.0.x retry until the time limit (10 requests in 90 s)."""
        from ralphy.claude.command import child_env
        from ralphy.claude.limits import retry_env

        env = child_env(self.environ)
        if self._version is _UNKNOWN:
            from ralphy.claude.version import claude_version

            try:
                self._version = claude_version(self.claude_bin, env)
            except (RalphyError, OSError, ValueError):
                self._version = None
        return retry_env(env, self._version)

    def _run(self, argv: list[str], prompt: str) -> tuple[dict[str, Any] | None, subprocess.CompletedProcess[str]]:
        """Run the CLI once, reading its output as it comes: the result line, or an early end (see ``_read``)."""
        from ralphy.claude.command import end_group, spawn

        env = self._env()
        with tempfile.TemporaryDirectory(prefix="ralphy-model-") as cwd:  # no project files, CLAUDE.md or agents
            process = spawn(argv, cwd=cwd, env=env)
            try:
                return _read(process, argv, prompt, self.timeout)
            finally:
                end_group(process, grace=1.0)  # 2.1.62 ignores SIGTERM in its StructuredOutput loop: SIGKILL then


def _read(process: subprocess.Popen[bytes], argv: list[str], prompt: str,
          timeout: float) -> tuple[dict[str, Any] | None, subprocess.CompletedProcess[str]]:
    """The prompt to the CLI's stdin, its stdout line by line until the end or the result line, its stderr's tail.
    Stops at once, raising ``AuthenticationError``, when the CLI says it has no valid credentials in a message
    of its own making (``limits.synthetic_auth_failure``): 2.1.62 with no login answers
    a ``--json-schema`` call with "Not logged in" turns and never ends it (its StructuredOutput stop hook asks
    again, thousands of times a minute). ``AgentCreationError`` after ``timeout`` seconds."""
    import queue
    import threading
    import time

    from ralphy.claude.command import wait_for_exit
    from ralphy.claude.limits import synthetic_auth_failure
    from ralphy.claude.pipes import EOF, LineQueue, Tail, drain, exit_status, read_lines, write_lines

    lines = LineQueue()
    stdin: queue.Queue[bytes | None] = queue.Queue()
    stdin.put(prompt.encode("utf-8", errors="replace"))
    stdin.put(EOF)
    stderr, stdout = Tail(8192), Tail(8192)
    threads = [threading.Thread(target=write_lines, args=(process.stdin, stdin), daemon=True),
               threading.Thread(target=read_lines, args=(process.stdout, lines), daemon=True),
               threading.Thread(target=drain, args=(process.stderr, stderr), daemon=True)]
    for thread in threads:
        thread.start()
    try:
        deadline = time.monotonic() + timeout
        result: dict[str, Any] | None = None
        while True:
            try:
                left = deadline - time.monotonic()
                if left <= 0:  # a CLI that keeps writing never lets get() wait, so the time limit is checked here
                    raise queue.Empty
                raw = lines.get(timeout=left)
            except queue.Empty:
                # a logged-out 2.0.x CLI retries the missing credentials silently until then
                raise AgentCreationError(f"the Claude CLI gave no answer in {timeout:.0f} s (if it is not logged "
                                         "in: `claude`, then /login; or set ANTHROPIC_API_KEY)") from None
            if raw is EOF:
                break
            stdout.add(raw)
            data = _json_object(raw)
            if data is None:
                continue
            said = synthetic_auth_failure(data)
            if said is not None:
                raise AuthenticationError(login_line(said))
            if data.get("type") == "result":
                result = data
                break
    finally:
        lines.close()  # a reader waiting for room (the CLI still writing) drops the rest and ends
    if result is None:  # its output ended: it is exiting (a CLI that refused a flag, or crashed)
        wait_for_exit(process, min(deadline, time.monotonic() + 2.0))
        threads[2].join(timeout=1.0)
    return result, subprocess.CompletedProcess(argv, exit_status(process), stdout.text(), stderr.text())


def _json_object(raw: bytes) -> dict[str, Any] | None:
    line = raw.decode("utf-8", errors="replace").strip()
    if not line.startswith("{"):
        return None
    try:
        data = json.loads(line)
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


def _answer(result: dict[str, Any] | None, proc: subprocess.CompletedProcess[str], tool: Mapping[str, Any],
            from_text: bool = False) -> _Message:
    """The CLI's result as a message: a tool_use block with the structured answer, or a text block."""
    if result is None:
        detail = " ".join((proc.stderr or proc.stdout or f"exit {proc.returncode}").split())[:300]
        raise AgentCreationError(f"the Claude CLI gave no result: {detail}")
    structured_answer = isinstance(result.get("structured_output"), dict)
    if result.get("is_error") or (str(result.get("subtype") or "").startswith("error") and not structured_answer):
        _raise_for(result)  # 2.1.62 ends a run of answers that never fit in error_max_turns with is_error false
    structured = _json_in(str(result.get("result") or "")) if from_text else result.get("structured_output")
    if not isinstance(structured, dict):
        text = " ".join(str(result.get("result") or "").split())[:200]
        return _Message([_Block("text", text=text)], stop_reason="end_turn")
    return _Message([_Block("tool_use", id=f"toolu_cli_{uuid.uuid4().hex[:16]}", name=tool["name"],
                            input=structured)])


def _json_in(text: str) -> Any:
    """The JSON object in a model's text answer (a code fence or words around it tolerated), or None."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        return json.loads(text[start : end + 1])
    except json.JSONDecodeError:
        return None


def _chosen_tool(tools: Sequence[Mapping[str, Any]], tool_choice: Mapping[str, Any] | None) -> Mapping[str, Any]:
    wanted = (tool_choice or {}).get("name")
    for tool in tools:
        if wanted is None or tool.get("name") == wanted:
            return tool
    raise ValueError(f"no tool named {wanted!r}")


def conversation_prompt(messages: Sequence[Mapping[str, Any]], tool: Mapping[str, Any]) -> str:
    """A Messages API conversation as one prompt: the user's turns, earlier answers (the tool inputs, as JSON)
    and the feedback on them, in order."""
    parts = []
    for message in messages:
        content = message.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])
        for block in blocks:
            kind = block.get("type")
            if kind == "text" and message.get("role") == "user":
                parts.append(str(block.get("text", "")))
            elif kind == "tool_use":
                parts.append("Your previous answer was:\n" + json.dumps(block.get("input"), ensure_ascii=False))
            elif kind == "tool_result":
                result = block.get("content")
                parts.append(result if isinstance(result, str) else json.dumps(result, ensure_ascii=False))
    parts.append(f"Answer with the structured output ({tool.get('description', '').strip()})")
    return "\n\n".join(part for part in parts if part)


def _raise_for(result: Mapping[str, Any]) -> None:
    from ralphy.claude.events import ResultEvent, parse_line
    from ralphy.claude.limits import auth_failure, is_auth_result

    final = next((event for event in parse_line(json.dumps(result)) if isinstance(event, ResultEvent)), None)
    detail = " ".join(_error_detail(result).split())[:300]
    if final is not None and is_auth_result(final):
        raise AuthenticationError(login_line(auth_failure([], final) or detail))
    raise AgentCreationError(f"the Claude CLI failed: {detail}")


def login_line(said: str) -> str:
    """The one line for credentials the CLI lacks or the API refused, the CLI's words after a dash. Without an
    API key (the only way here) every version's "/login" means its login is missing or no longer valid: 2.0.x
    says "Invalid API key · Please run /login" when simply not logged in."""
    low = said.lower()
    what = ("the Claude CLI is not logged in" if any(word in low for word in ("login", "logged in", "oauth"))
            else "the Messages API refused the Claude CLI's credentials")
    return f"{what}; run `claude /login` or set ANTHROPIC_API_KEY — it said: {' '.join(said.split()).rstrip('.')}"


def _error_detail(result: Mapping[str, Any]) -> str:
    """What an error result says: its text, else its ``errors`` and ``subtype`` (a model whose answers never fit
    the schema ends in ``error_max_turns`` with ``errors: ["Reached maximum number of turns (4)"]`` and no text)."""
    text = result.get("result")
    if isinstance(text, str) and text.strip():
        return text
    errors = result.get("errors")
    said = "; ".join(str(error) for error in errors if error) if isinstance(errors, list) else ""
    subtype = str(result.get("subtype") or "")
    if subtype in ("error_max_turns", "error_max_structured_output_retries"):
        return f"the model gave no answer that fits the schema ({said or subtype})"
    return " ".join(part for part in (subtype, said) if part) or "an error result with no message"
