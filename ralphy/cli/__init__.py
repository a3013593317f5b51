"""The ``ralphy`` command line: parse, call the library, echo. No library logic lives here.

Each command group has its own module (``ralphy.cli.<module>``), imported only when one of its commands runs:
``COMMANDS`` names each command's module and the one-line help ``ralphy --help`` shows, so ``ralphy --help``
imports nothing but click (a test checks these lines against the commands' own). This module also holds the
error boundary: a RalphyError is one line on stderr and its exit code; anything else is a bug and keeps its
traceback.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from ralphy import __version__
from ralphy.errors import RalphyError

# command -> (module that defines it, its short help as `ralphy --help` lists it)
COMMANDS: dict[str, tuple[str, str]] = {
    "agents": ("ralphy.cli.agents", "The project's Claude Code subagents."),
    "answer": ("ralphy.cli.history", "Answer question ID with TEXT; the next `ralphy dev` resumes Claude's session with it."),
    "dev": ("ralphy.cli.dev", "Run Claude Code on PROJECT_DIR iteration after iteration until TASKS.md is done."),
    "log": ("ralphy.cli.history", "The run history of PROJECT_DIR (default: here): the last run, or the last N, iteration by iteration."),
    "prompt": ("ralphy.cli.prompt", "Print the dev prompt ralphy would give Claude for PROJECT_DIR (default: here)."),
    "questions": ("ralphy.cli.history", "The questions Claude asked in PROJECT_DIR (default: here) that wait for an answer."),
    "reset": ("ralphy.cli.dev", "Close the circuit breaker of PROJECT_DIR (after you fixed what opened it)."),
    "status": ("ralphy.cli.history", "Where PROJECT_DIR stands: circuit breaker, tasks done per group, the last run, pending questions."),
    "tasks": ("ralphy.cli.tasks", "How ralphy reads PROJECT_DIR's task file (default: here): each task's id, group, status and line."),
    "trust": ("ralphy.cli.trust", "Trust PROJECT_DIR's ralphy config to choose what runs (claude_bin, extra_args, ...)."),
}  # fmt: skip


class RalphyGroup(click.Group):
    """The top-level group: commands load on first use, and a RalphyError becomes one line on stderr."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            importlib.import_module(COMMANDS[name][0])  # its decorators register it on `cli`
        return self.commands.get(name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = []
        for name in names:
            if name in COMMANDS:
                text = COMMANDS[name][1]
                rows.append((name, text if len(text) <= limit else text[: limit - 3].rstrip() + "..."))
            else:
                rows.append((name, self.commands[name].get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except RalphyError as exc:
            click.echo(f"ralphy: error: {exc}", err=True)
            ctx.exit(exc.exit_code)


def _configure_logging(verbose: int) -> None:
    import logging

    level = logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("ralphy")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False


@click.group(cls=RalphyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="ralphy")
@click.option("-v", "--verbose", count=True, help="Log to stderr (-v info, -vv debug).")
def cli(verbose: int) -> None:
    """A dev loop for Claude Code: discover subagents, render the dev prompt, run the Claude CLI until TASKS.md
    is done."""
    _configure_logging(verbose)


def main() -> None:
    """The ``ralphy`` program. Once the command is done, the process ends without the interpreter's teardown of
    every imported module (about 25 ms, a tenth of a ``ralphy dev`` iteration against a fast model): by then
    everything ralphy writes is closed or committed, and stdout, stderr and the log handlers are flushed here."""
    try:
        cli.main(prog_name="ralphy")
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    from ralphy import prestart

    prestart.end_unused()  # a CLI started for a `dev` that never ran (e.g. a usage error)
    if "logging" in sys.modules:
        sys.modules["logging"].shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
