"""Does ``claude -p`` (and so ``ralphy dev``) start the project's ``.mcp.json`` servers? For ``ralphy mcp
--install`` (what the CLI version does, measured) and ``ralphy doctor`` (the CLI asked: ``mcp_status``, no model
call).

Measured with the real CLI in ralphy's own mode (stream-json both ways), a project whose ``.mcp.json`` holds the
server ``ralphy mcp --install`` writes, nothing approved (docs/decisions.md):
- 2.0.0 does not start it (``mcp_status`` lists no server) until it is approved: ``enableAllProjectMcpServers``
  or ``enabledMcpjsonServers`` in settings. The user's own ``~/.claude/settings.json`` works; so does the
  repository's ``.claude/settings.json``, which is why ralphy never writes an approval (docs/security.md).
- 2.1.62, 2.1.197 and 2.1.330 start it without asking. 2.1.62 waits for it before the first request; 2.1.197 and
  2.1.330 connect it in the background: the init line says "pending" while ``ralphy mcp`` starts (1 to 5 s), and
  its tools join the turn once it is up (2.1.197 gives the model WaitForMcpServers).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable, Mapping

from ralphy.claude.version import Version

MCP_JSON = ".mcp.json"
STARTS_UNASKED = Version(2, 1, 62)  # the oldest CLI measured that starts them unasked in -p (2.0.0 does not)
POLL_S = 0.5
WAIT_S = 20.0  # how long doctor waits for a starting server to connect (`ralphy mcp` takes 1 to 5 s)


def project_servers(project_dir: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The servers of the project's ``.mcp.json`` (name -> entry), read as the CLI reads its bytes
    (``jsontext.cli_text``); {} when there is none or it names none; None when there is one ralphy cannot read (a
    link it will not follow, a FIFO, past 1 MiB, not JSON to Python): the CLI may still start what it names."""
    from ralphy import jsontext, safefs

    path = Path(project_dir) / MCP_JSON
    if not os.path.lexists(path):
        return {}
    try:
        data = jsontext.loads(jsontext.cli_text(safefs.read_bytes(path, limit=1024 * 1024, what="MCP config")))
    except Exception:  # noqa: BLE001 - anything unreadable: no servers ralphy can speak of
        return None
    servers = data.get("mcpServers") if isinstance(data, dict) else None
    return {str(name): entry for name, entry in servers.items()} if isinstance(servers, dict) else {}


def approve_hint(name: str) -> str:
    return (f'add "enabledMcpjsonServers": ["{name}"] to your own ~/.claude/settings.json (ralphy does not approve '
            "a repository's servers for you), or use a Claude CLI from 2.1.62")


def install_note(version: Version | None, name: str = "ralphy") -> str:
    """What ``ralphy mcp --install`` says about ``claude -p`` after writing ``.mcp.json``."""
    if version is None:
        return ("whether `claude -p` (and so `ralphy dev`) starts it depends on the Claude CLI's version (2.0.0 only "
                "once approved, 2.1.62 and later without asking)")
    if version >= STARTS_UNASKED:
        return (f"the Claude CLI {version} starts it in `claude -p` (and so in `ralphy dev`) without asking; its "
                "tools join a turn once the server is up, a few seconds in")
    return (f"the Claude CLI {version} does NOT start it in `claude -p` (so not in `ralphy dev`) until you approve "
            f"it: {approve_hint(name)}")


def ask_cli(binary: str, project_dir: str | os.PathLike[str], environ: Mapping[str, str], timeout: float,
            wait: float = WAIT_S) -> list[dict[str, Any]] | None:
    """The CLI's ``mcp_status`` in ``project_dir`` after ``initialize`` (no model call; ``timeout`` for its
    answer), asked again while a server is "pending" (starting) for up to ``wait`` seconds; None when the CLI did
    not answer."""
    from ralphy.claude.command import child_env
    from ralphy.claude.command import with_stream_flags
    from ralphy.claude.driver import Session

    session = Session.start(with_stream_flags([binary, "-p"]), cwd=project_dir, env=child_env(environ),
                            kill_grace=1.0)
    try:
        if session.initialize(timeout) is None:
            return None
        deadline = time.monotonic() + wait
        while True:
            answer = session.control("mcp_status", max(0.1, deadline - time.monotonic()))
            if answer is None:
                return None
            servers = [s for s in answer.get("mcpServers") or () if isinstance(s, dict)]
            if time.monotonic() >= deadline or not any(s.get("status") == "pending" for s in servers):
                return servers
            time.sleep(POLL_S)
    finally:
        session.close()


def check(add: Callable[..., None], project_dir: str | os.PathLike[str], binary: str, version: Version | None,
          environ: Mapping[str, str], timeout: float, wait: float = WAIT_S) -> None:
    """``ralphy doctor``'s lines on the project's ``.mcp.json`` servers: ``add(name, status, message, fix)``."""
    servers = project_servers(project_dir)
    if not servers:
        return
    cli = f"the Claude CLI {version}" if version else "the Claude CLI"
    try:
        listed = ask_cli(binary, project_dir, environ, timeout, wait)
    except Exception as exc:  # noqa: BLE001 - a CLI that cannot start was reported by the checks before
        listed, why = None, f": {exc}"
    else:
        why = ""
    if listed is None:
        add("mcp", "warning", f"could not ask {cli} which of .mcp.json's servers `claude -p` starts{why}", None)
        return
    status = {str(s.get("name")): s for s in listed}
    for name in sorted(servers, key=lambda n: (n != "ralphy", n)):
        entry = servers[name] if isinstance(servers[name], dict) else {}
        command = " ".join(str(part) for part in [entry.get("command") or entry.get("url") or "?",
                                                   *(entry.get("args") or [])])
        found = status.get(name)
        state = found.get("status") if found else None
        if state is None:
            add("mcp", "warning", f".mcp.json's server {name!r} is not started by `claude -p` with {cli}, so "
                f"`ralphy dev` does not get its tools: it is not approved", approve_hint(name))
        elif state == "connected":
            tools = found.get("tools")
            count = f", {len(tools)} tools" if isinstance(tools, list) else ""
            if name == "ralphy":
                add("mcp", "ok", f"`claude -p` starts .mcp.json's server 'ralphy' (`{command}`{count}), so "
                    "`ralphy dev`'s runs can use its tools")
            else:  # a repository's own program, run in every ralphy dev without a question
                add("mcp", "warning", f".mcp.json's server {name!r} (`{command}`) is started by `claude -p` "
                    f"without asking{count}: every `ralphy dev` here runs it", "review the project's .mcp.json")
        elif state == "pending":
            add("mcp", "warning", f".mcp.json's server {name!r} did not connect within {wait:g}s; `ralphy dev`'s "
                "turns start without its tools until it does", f"check that `{command}` starts")
        else:
            error = found.get("error")
            add("mcp", "warning", f".mcp.json's server {name!r} is {state} in `claude -p`"
                + (f": {str(error)[:200]}" if error else ""),
                "run `ralphy mcp --install` again with the ralphy you use" if name == "ralphy"
                else f"check that `{command}` starts")
