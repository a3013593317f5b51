"""Ask the real Claude CLI which subagents it loaded, without a model call (test tooling, not library code).

The CLI answers an ``initialize`` control request on stdin with ``response.response.agents``:
``[{name, description, model?}]``, built-ins included (see FACTS.md).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

BUILT_IN_AGENTS = frozenset({"general-purpose", "Explore", "Plan", "statusline-setup", "claude"})
_INITIALIZE = '{"type":"control_request","request_id":"r1","request":{"subtype":"initialize"}}\n'


def cli_agents(claude_bin: str, cwd: Path, home: Path, *, plugin_dirs: tuple[Path, ...] = (),
               timeout: float = 90) -> list[dict]:
    """The agents the CLI started in ``cwd`` (with HOME=home, CLAUDE_CONFIG_DIR=home/.claude) reports."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("CLAUDE", "ANTHROPIC"))}
    env.update(HOME=str(home), CLAUDE_CONFIG_DIR=str(home / ".claude"), ANTHROPIC_API_KEY="dummy",
               CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1", DISABLE_AUTOUPDATER="1")
    argv = [claude_bin, "-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"]
    for plugin_dir in plugin_dirs:
        argv += ["--plugin-dir", str(plugin_dir)]
    done = subprocess.run(argv, input=_INITIALIZE, capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=timeout, check=False)
    for line in done.stdout.split("\n"):  # not splitlines(): descriptions may hold U+2028
        message = json.loads(line) if line.startswith("{") else {}
        if message.get("type") == "control_response":
            return message["response"]["response"]["agents"]
    raise AssertionError(f"no control_response from the CLI (exit {done.returncode}): {done.stderr[-2000:]}")


def custom_agents(agents: list[dict]) -> dict[str, str]:
    """name -> description for the non-built-in agents."""
    return {agent["name"]: agent["description"] for agent in agents if agent["name"] not in BUILT_IN_AGENTS}
