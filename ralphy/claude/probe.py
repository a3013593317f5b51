"""Ask a Claude CLI what it loaded, without a model call: its agents and whether it has credentials.

From ~2.1.100 the ``initialize`` control request of the stream-json input mode answers with the agents the CLI
loaded (``[{name, description, model?}]``) and, on every version, its ``account`` (``tokenSource``,
``apiKeySource``, ``apiProvider``). Before 2.1.100 it gives no agents; the ``system/init`` line of a first
turn names them (names only). That line comes before any request to the Messages API, and the probe points the
CLI at a closed local port (``ANTHROPIC_BASE_URL``) and ends it as soon as the line arrives, so no model is
called and no credentials leave the machine.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
from dataclasses import dataclass, field
from typing import Mapping

from ralphy.claude.version import Version, initialize_reports_agents

# Agents every CLI brings itself (not from files): left out when comparing with ralphy's discovery.
BUILT_IN_AGENTS = frozenset({"general-purpose", "Explore", "Plan", "statusline-setup", "claude", "output-style-setup"})
_INITIALIZE = {"type": "control_request", "request_id": "ralphy-probe", "request": {"subtype": "initialize"}}
_FIRST_TURN = {"type": "user", "message": {"role": "user", "content": "ralphy probe: reply with nothing"}}


@dataclass
class Probe:
    """What the CLI said about itself. ``agents`` is None when it could not say (see ``agents_source``)."""

    agents: list[dict] | None = None  # [{name, description (None when the CLI gives names only)}]
    agents_source: str = "none"  # initialize | init | none
    account: dict | None = None  # initialize's account: tokenSource, apiKeySource, apiProvider
    version: str | None = None  # initialize's or init's claude_code_version (2.1.62+ init, 2.1.330 initialize)
    error: str | None = None  # why the CLI could not be asked
    stderr: list[str] = field(default_factory=list)

    @property
    def custom_agents(self) -> list[dict] | None:
        if self.agents is None:
            return None
        return [agent for agent in self.agents if agent["name"] not in BUILT_IN_AGENTS]

    def logged_in(self) -> bool | None:
        """True with an API key or a login token, False with neither, None when the CLI did not say (or uses a
        cloud provider's credentials, which ralphy cannot see)."""
        if not isinstance(self.account, dict):
            return None
        provider = self.account.get("apiProvider")
        if provider not in (None, "firstParty"):
            return None
        token, key = self.account.get("tokenSource"), self.account.get("apiKeySource")
        return bool((token and token != "none") or (key and key != "none"))


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def probe(binary: str, version: Version | None, *, cwd: str | os.PathLike[str], env: Mapping[str, str],
          timeout: float = 30.0) -> Probe:
    """Start the CLI in ``cwd`` in stream-json mode, send ``initialize`` and, for a CLI that answers it without
    agents, one turn that stops at its ``init`` line. Never raises for a CLI that misbehaves."""
    result = Probe()
    argv = [binary, "-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"]
    child_env = dict(env)
    needs_init = not initialize_reports_agents(version)
    if needs_init:  # a turn is sent: make sure it cannot reach a model
        child_env.update(ANTHROPIC_BASE_URL=f"http://127.0.0.1:{_closed_port()}", CLAUDE_CODE_MAX_RETRIES="0")
        if version is not None and version >= Version(2, 1, 62):
            argv.append("--no-session-persistence")
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                cwd=cwd, env=child_env, start_new_session=True)
    except OSError as exc:
        result.error = f"cannot start {binary}: {exc.strerror or exc}"
        return result
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    errors = threading.Thread(target=_read_stderr, args=(proc, result.stderr), daemon=True)
    errors.start()
    try:
        _talk(proc, result, needs_init)
    finally:
        timer.cancel()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        errors.join(1.0)
    if result.error is None and result.account is None:
        why = f"exit {proc.returncode}" if proc.returncode not in (None, -9) else f"no answer in {timeout:.0f}s"
        tail = f": {result.stderr[-1]}" if result.stderr else ""
        result.error = f"the CLI did not answer the initialize request ({why}){tail}"
    return result


def _talk(proc: subprocess.Popen[bytes], result: Probe, needs_init: bool) -> None:
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write((json.dumps(_INITIALIZE) + "\n").encode())
        proc.stdin.flush()
    except OSError:
        return
    for raw in proc.stdout:
        try:
            message = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(message, dict):
            continue
        if message.get("type") == "control_response":
            response = (message.get("response") or {}).get("response") or {}
            result.account = response.get("account") if isinstance(response.get("account"), dict) else None
            result.version = response.get("claude_code_version") or result.version
            agents = response.get("agents")
            if isinstance(agents, list):
                result.agents = [_agent(item) for item in agents if isinstance(item, dict) and "name" in item]
                result.agents_source = "initialize"
                return _close(proc)
            if not needs_init:
                return _close(proc)
            try:
                proc.stdin.write((json.dumps(_FIRST_TURN) + "\n").encode())
                proc.stdin.flush()
            except OSError:
                return
        elif message.get("type") == "system" and message.get("subtype") == "init":
            names = message.get("agents")
            if isinstance(names, list):
                result.agents = [{"name": name, "description": None} for name in names if isinstance(name, str)]
                result.agents_source = "init"
            result.version = message.get("claude_code_version") or result.version
            return  # ended by the caller before it gets further
        elif message.get("type") == "result":
            return


def _agent(item: dict) -> dict:
    description = item.get("description")
    return {"name": str(item["name"]), "description": description if isinstance(description, str) else None}


def _close(proc: subprocess.Popen[bytes]) -> None:
    try:
        proc.stdin.close()  # type: ignore[union-attr]
    except OSError:
        pass


def _read_stderr(proc: subprocess.Popen[bytes], lines: list[str]) -> None:
    assert proc.stderr is not None
    for raw in proc.stderr:
        text = raw.decode("utf-8", "replace").strip()
        if text:
            lines.append(text)
            del lines[:-20]
