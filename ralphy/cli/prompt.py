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
    click.echo(agent.build_prompt(resume_instruction=resume_instruction), nl=False)
