"""The Node.js that runs a Claude CLI installed as a Node script, against the version its package asks for.

npm's CLI is ``cli.js`` run by Node up to 2.1.112 (``#!/usr/bin/env node``; ralphy runs it with the ``node`` of
``PATH``'s absolute entries, ``command.exec_argv``), a native binary after. On a Node older than its package's
``engines.node`` the script crashes as it loads: 2.0.0 and 2.1.62 on Node 16.20.2 print a line of their minified
bundle and ``ReferenceError: ReadableStream is not defined`` (measured). ``node_problem`` says it in one line;
a native CLI (2.1.331 asks for Node 22 but runs no Node) has none. Asked only once a CLI has exited before its
first answer (``ralphy dev``, ``ralphy doctor``'s ``initialize``), never of a CLI that runs: ``engines`` is the
package's claim, and a Node below it may run the CLI well (2.1.331's own Node launcher, ``cli-wrapper.cjs``, on
Node 20). It costs one ``node --version``.
"""

from __future__ import annotations

import os
import re
import subprocess
from typing import Mapping

NODE_VERSION_TIMEOUT_S = 10.0
_MINIMUM = re.compile(r">=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?")
_VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)")
NODE_CRASH = re.compile(r"^(?:[A-Z][A-Za-z]*)?Error(?: \[\w+\])?: ")  # "ReferenceError: ...", "Error [ERR_X]: ..."


def wanted_node(binary: str) -> str | None:
    """``engines.node`` of the CLI's npm package (``">=18.0.0"``), or None."""
    from ralphy.claude.version import cli_package

    package = cli_package(binary)
    engines = package.get("engines") if package is not None else None
    node = engines.get("node") if isinstance(engines, dict) else None
    return node if isinstance(node, str) else None


def node_problem(binary: str, environ: Mapping[str, str]) -> str | None:
    """One line when ``binary`` is a Node script whose ``node`` is older than its package asks for, else None (a
    native CLI, no ``engines``, a Node that gives no version: nothing to say)."""
    from ralphy.claude.command import exec_argv
    from ralphy.errors import RalphyError

    try:
        argv = exec_argv([binary], environ)
    except RalphyError:  # no node at all: exec_argv's own error says it where the CLI starts
        return None
    if len(argv) < 2 or os.path.basename(argv[0]) not in ("node", "nodejs"):
        return None
    wanted = wanted_node(binary)
    minimum = _MINIMUM.search(wanted or "")
    if minimum is None:
        return None
    try:
        done = subprocess.run([argv[0], "--version"], capture_output=True, text=True, timeout=NODE_VERSION_TIMEOUT_S,
                              stdin=subprocess.DEVNULL, env=dict(environ), check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    have = _VERSION.match(done.stdout.strip())
    if have is None:
        return None
    if tuple(int(part) for part in have.groups()) >= tuple(int(part or 0) for part in minimum.groups()):
        return None
    return (f"the Claude CLI {binary} needs Node.js {wanted.strip()} (its package.json), and the node that runs it, "
            f"{argv[0]}, is {done.stdout.strip()}; install a newer Node.js (https://nodejs.org, or "
            "`nvm install --lts`) and put it first on PATH")
