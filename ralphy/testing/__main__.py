"""``python -m ralphy.testing serve``: serve a scenario on 127.0.0.1 for demos and manual runs.

It serves until killed (SIGINT, SIGTERM), whatever its stdin (``... &`` in a shell neither stops nor ends it),
and prints what to export so that the Claude CLI, ``ralphy dev``, ``ralphy agents create`` and ``ralphy agents
recommend --llm`` talk to it: comment lines, then ``export NAME=value`` lines (the output can be ``source``d).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Callable

from ralphy.testing.dev import DevScenario
from ralphy.testing.scenario import (
    Reply,
    Scenario,
    authentication_error,
    cut,
    overloaded,
    permission_error,
    rate_limited,
    server_error,
    slow,
    text,
    usage_limit,
    with_fault,
)
from ralphy.testing.offline import structured_answers
from ralphy.testing.server import FakeMessagesAPI

FAKE_API_KEY = "fake-key-for-ralphy-serve"
QUIET_CLI = {"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1", "DISABLE_AUTOUPDATER": "1",
             "DISABLE_ERROR_REPORTING": "1"}

FAULTS: dict[str, Callable[[], Reply]] = {
    "fault-401": authentication_error,
    "fault-403": permission_error,
    "fault-429": rate_limited,
    "fault-500": server_error,
    "fault-529": overloaded,
    "usage-limit": usage_limit,
    "slow": lambda: slow(text("Still thinking about TASKS.md."), before=2.0, between=0.5),
    "cut": lambda: cut(text("This answer is cut short before it ends."), after_events=3),
}
SCENARIOS = ["dev", "stuck", "question", *FAULTS]


def build_scenario(args: argparse.Namespace) -> Scenario:
    """The scenario named by the parsed arguments (faults fall back to DevScenario after --times)."""
    dev = DevScenario(dict(args.delegate), max_groups_per_run=args.max_groups,
                      stuck=args.scenario == "stuck",
                      question=args.question if args.scenario == "question" else None)
    if args.scenario in FAULTS:
        return with_fault(structured_answers(dev), FAULTS[args.scenario](), times=args.times)
    return structured_answers(dev)  # `agents create` and `recommend --llm` get scripted answers too


def _group_agent(value: str) -> tuple[str, str]:
    group, sep, agent = value.partition("=")
    if not sep or not group.strip() or not agent.strip():
        raise argparse.ArgumentTypeError(f"--delegate wants GROUP=AGENT, got {value!r}")
    return group.strip(), agent.strip()


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="python -m ralphy.testing",
        description="Serve ralphy's scripted Messages API on 127.0.0.1, for demos and trying ralphy offline.")
    commands = root.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve a scripted model until interrupted")
    serve.add_argument("--scenario", choices=SCENARIOS, default="dev")
    serve.add_argument("--delegate", action="append", type=_group_agent, default=[], metavar="GROUP=AGENT",
                       help="delegate the task group whose heading contains GROUP to AGENT (repeatable)")
    serve.add_argument("--max-groups", type=int, default=None, help="task groups done per run (default: all)")
    serve.add_argument("--question", default="Should I run the migration now?", help="for --scenario question")
    serve.add_argument("--times", type=int, default=None, help="faults hit only the first N requests")
    serve.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: a free one)")
    return root


def env_lines(url: str) -> list[str]:
    """The ``export`` lines that point the Claude CLI and ralphy at the server (a fake key included)."""
    quiet = " ".join(f"{name}={value}" for name, value in QUIET_CLI.items())
    return [f"export ANTHROPIC_BASE_URL={url}", f"export ANTHROPIC_API_KEY={FAKE_API_KEY}", f"export {quiet}"]


def serve(args: argparse.Namespace) -> int:
    """Serve until SIGINT or SIGTERM; stdin is never read."""
    done = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: done.set())
    with FakeMessagesAPI(build_scenario(args), port=args.port) as api:
        print(f"# ralphy's scripted model serves scenario {args.scenario!r} on {api.url} until killed "
              f"(Ctrl-C, or kill {os.getpid()}).", flush=True)
        print("# In the shell you run ralphy in, export these (or `source` this output); then `ralphy dev`,\n"
              "# `ralphy agents create \"...\"` and `ralphy agents recommend --llm \"...\"` answer offline:", flush=True)
        for line in env_lines(api.url):
            print(line, flush=True)
        done.wait()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return serve(args)


if __name__ == "__main__":
    sys.exit(main())
