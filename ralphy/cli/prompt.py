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

    Only the prompt goes to stdout; which agents were found goes to stderr.
    """
    from ralphy.agents.dev_agent import DevAgent

    discovery_log = logging.getLogger("ralphy.agents.dev_agent")
    if discovery_log.getEffectiveLevel() > logging.INFO:
        discovery_log.setLevel(logging.INFO)  # the discovery line is part of this command's output
    click.echo(DevAgent(project_dir).build_prompt(resume_instruction=resume_instruction), nl=False)
