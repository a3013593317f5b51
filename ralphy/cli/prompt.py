"""``ralphy prompt``: print the rendered dev prompt."""

from __future__ import annotations

import logging

import click

from ralphy.cli import cli
from ralphy.cli.options import project_dir_argument


@cli.command()
@project_dir_argument
@click.option("--resume", "resume_instruction", default="", help="Text for the prompt's resume section.")
def prompt(project_dir, resume_instruction: str) -> None:
    """Print the dev prompt ralphy would give Claude for PROJECT_DIR (default: here).

    Only the prompt goes to stdout; which agents were found goes to stderr. Agents and the delegation tool
    follow the version of the Claude CLI `ralphy dev` would run (the newest behaviour when there is none).
    """
    from ralphy.agents.dev_agent import DevAgent
    from ralphy.claude.version import version_in_use
    from ralphy.config import load_config

    discovery_log = logging.getLogger("ralphy.agents.dev_agent")
    if discovery_log.getEffectiveLevel() > logging.INFO:
        discovery_log.setLevel(logging.INFO)  # the discovery line is part of this command's output
    config = load_config(project_dir)  # what `ralphy dev` would give: refused as dev refuses it until trusted
    agent = DevAgent(project_dir, config, claude_version=version_in_use(config.claude_bin))
    agent.defer_term_cache = True  # the agents' terms are written to the user's cache once the prompt is out
    click.echo(agent.build_prompt(resume_instruction=resume_instruction), nl=False)
    _end_stdout()
    agent.write_term_cache()


def _end_stdout() -> None:
    """Flush the prompt and, in a process of its own, close what stdout is (``ralphy prompt | claude -p``: the
    reader has the whole prompt now, not once the terms cache is written)."""
    import os
    import sys

    sys.stdout.flush()
    try:
        if sys.stdout.fileno() != 1:
            return
        null = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, ValueError, OSError):  # not the process's stdout (a test's runner): nothing to close
        return
    try:
        os.dup2(null, 1)
    except OSError:
        pass
    finally:
        os.close(null)
