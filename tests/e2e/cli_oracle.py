"""Ask the real Claude CLI which subagents it loaded, without a model call (test tooling, not library code).

From ~2.1.100 the CLI answers an ``initialize`` control request on stdin with ``response.response.agents``:
``[{name, description, model?}]``, built-ins included (see FACTS.md). Older CLIs answer without ``agents``;
their ``system/init`` line of a first turn names them (names only, descriptions None). That line comes before
any API request, and the API is a closed local port, so no model is called.

The API is a closed local port for the ``initialize`` question too: with the default API address, 2.1.330 spends
about 18 s (2.1.197 about 5 s) retrying a start-up fetch whose host does not resolve on an offline machine, before
it answers; pointed at 127.0.0.1 it skips that fetch and answers in about a second, with the same agents and the
same account (measured on the tricky tree of test_discovery_parity on 2.0.0, 2.1.62, 2.1.197 and 2.1.330).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
from pathlib import Path

BUILT_IN_AGENTS = frozenset({"general-purpose", "Explore", "Plan", "statusline-setup", "claude", "output-style-setup"})
_FIRST_TURN = '{"type":"user","message":{"role":"user","content":"hi"}}\n'
_INITIALIZE = '{"type":"control_request","request_id":"r1","request":{"subtype":"initialize"}}\n'


def cli_agents(claude_bin: str, cwd: Path, home: Path, *, plugin_dirs: tuple[Path, ...] = (),
               timeout: float = 90) -> list[dict]:
    """The agents the CLI started in ``cwd`` (with HOME=home, CLAUDE_CONFIG_DIR=home/.claude) reports."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("CLAUDE", "ANTHROPIC"))}
    env.update(HOME=str(home), CLAUDE_CONFIG_DIR=str(home / ".claude"), ANTHROPIC_API_KEY="dummy",
               ANTHROPIC_BASE_URL=closed_api_url(), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
               DISABLE_TELEMETRY="1", DISABLE_AUTOUPDATER="1")
    argv = [claude_bin, "-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"]
    for plugin_dir in plugin_dirs:
        argv += ["--plugin-dir", str(plugin_dir)]
    done = subprocess.run(argv, input=_INITIALIZE, capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=timeout, check=False)
    for line in done.stdout.split("\n"):  # not splitlines(): descriptions may hold U+2028
        message = json.loads(line) if line.startswith("{") else {}
        if message.get("type") == "control_response":
            if "agents" in message["response"]["response"]:
                return message["response"]["response"]["agents"]
            return _init_line_agents(argv, cwd, env, timeout)
    raise AssertionError(f"no control_response from the CLI (exit {done.returncode}): {done.stderr[-2000:]}")


def _init_line_agents(argv: list[str], cwd: Path, env: dict[str, str], timeout: float) -> list[dict]:
    """The names in the ``system/init`` line of a first turn sent to a CLI whose API is a closed port."""
    env = {**env, "ANTHROPIC_BASE_URL": closed_api_url(), "CLAUDE_CODE_MAX_RETRIES": "0"}
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                            env=env, text=True)
    try:
        proc.stdin.write(_FIRST_TURN)
        proc.stdin.flush()
        for line in proc.stdout:
            message = json.loads(line) if line.startswith("{") else {}
            if message.get("type") == "system" and message.get("subtype") == "init":
                return [{"name": name, "description": None} for name in message["agents"]]
    finally:
        proc.kill()
        proc.communicate(timeout=timeout)
    raise AssertionError(f"no init line from the CLI (exit {proc.returncode})")


def closed_api_url() -> str:
    """``http://127.0.0.1:PORT`` with nothing listening on PORT (bound, read, released): a Messages API address
    for a CLI that must call no model and reach no one."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{sock.getsockname()[1]}"


def custom_agents(agents: list[dict]) -> dict[str, str | None]:
    """name -> description (None when the CLI gave names only) for the non-built-in agents."""
    return {agent["name"]: agent["description"] for agent in agents if agent["name"] not in BUILT_IN_AGENTS}


def comparable(ralphy: dict[str, str], cli: dict[str, str | None]) -> dict[str, str | None]:
    """``ralphy``'s name -> description with descriptions dropped where the CLI gave names only."""
    if cli and all(description is None for description in cli.values()):
        return {name: None for name in ralphy}
    return ralphy
