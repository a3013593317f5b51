"""The ``ralphy`` command line: parse, call the library, echo. No library logic lives here.

Each command group has its own module (``ralphy.cli.<group>``); this module holds the top-level group, the
error boundary (a RalphyError is one line on stderr and its exit code; anything else is a bug and keeps its
traceback) and ``main``. Command modules import only click at import time, so ``ralphy --help`` stays fast.
"""

from __future__ import annotations

import logging
import sys

import click

from ralphy import __version__
from ralphy.errors import RalphyError


class RalphyGroup(click.Group):
    """A click group whose commands turn RalphyError into one line on stderr."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except RalphyError as exc:
            click.echo(f"ralphy: error: {exc}", err=True)
            ctx.exit(exc.exit_code)


def _configure_logging(verbose: int) -> None:
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
    cli(prog_name="ralphy")


# Command modules register themselves on `cli` when imported; keep this list in one place.
from ralphy.cli import agents, prompt, dev, history, catalog, factory  # noqa: E402,F401
