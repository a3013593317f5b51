"""Start the Claude CLI for ``ralphy dev`` before click and the rest of ralphy are imported.

The CLI needs ~0.4 s to boot before it reads its prompt; started first, it boots while ralphy loads and
renders the prompt, so ralphy adds almost nothing to an iteration. Only a plain command line is recognised
here (``ralphy dev [DIR]`` with the flags below); anything else — ``--help``, ``--create-missing``, an
unknown flag, a bad config — starts nothing, and the normal path decides. ``ralphy.cli.dev`` takes the
process with ``take()``; the loop uses it only if its own argv for the first iteration is the same, and ends
it otherwise.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:  # `ralphy prompt` and the other commands do without subprocess
    import subprocess

# flags that change the CLI's command line -> their config key
_ARGV_OPTIONS = {"--model": "model", "--permission-mode": "permission_mode", "--claude-bin": "claude_bin"}
_OTHER_OPTIONS = {"--on-question", "--max-iterations", "--max-cost", "--max-time", "--iteration-timeout",
                  "--stop-at-usage"}
_SWITCHES = {"--json", "-q", "--quiet", "--no-wait"}

_started: tuple[list[str], subprocess.Popen[bytes]] | None = None


def _parse(args: Sequence[str]) -> tuple[str, dict[str, str]] | None:
    """(project dir, argv-changing options) of a plain ``dev`` command line, or None."""
    if not args or args[0] != "dev":
        return None
    project, overrides, rest = ".", {}, list(args[1:])
    positional = 0
    while rest:
        arg = rest.pop(0)
        name, eq, value = arg.partition("=")
        if name in _ARGV_OPTIONS or name in _OTHER_OPTIONS:
            if not eq:
                if not rest:
                    return None
                value = rest.pop(0)
            if name in _ARGV_OPTIONS:
                overrides[_ARGV_OPTIONS[name]] = value
        elif arg in _SWITCHES:
            continue
        elif not arg.startswith("-") and positional == 0:
            project, positional = arg, 1
        else:
            return None
    return project, overrides


def start_for(args: Sequence[str]) -> None:
    """If ``args`` is a plain ``dev`` command line for a project with a tasks file, start its CLI now."""
    global _started
    parsed = _parse(args)
    if parsed is None:
        return
    project, overrides = parsed
    try:
        from ralphy import config as settings
        from ralphy.claude.command import argv_for, child_env, resolve_claude_bin, spawn

        # an unknown RALPHY_* variable is left to the command's own read, which says it once as a ralphy line
        # (said here, before logging is set up, it came out bare: "unknown environment variable ...")
        known = {settings.ENV_PREFIX + key.upper() for key in settings._fields()} | settings.KNOWN_ENV
        environ = {name: value for name, value in os.environ.items()
                   if not name.startswith(settings.ENV_PREFIX) or name in known}
        config = settings.load_config(project, overrides, environ, say_limits=False)  # dev's own read says it
        if not (Path(project) / config.tasks_file).is_file():
            return
        argv = argv_for(resolve_claude_bin(config.claude_bin), config)
        _started = (argv, spawn(argv, cwd=Path(project).resolve(), env=child_env(os.environ)))
    except Exception:  # noqa: BLE001 - the normal path reports every problem properly
        return


def take() -> tuple[list[str], subprocess.Popen[bytes]] | None:
    """The CLI started by ``start_for`` (once), or None."""
    global _started
    started, _started = _started, None
    return started


def end_unused() -> None:
    """End a CLI that was started but never taken."""
    started = take()
    if started is not None:
        from ralphy.claude.command import end_group

        end_group(started[1], 1.0)
