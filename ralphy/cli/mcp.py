"""``ralphy mcp [DIR]``: serve the project's agents, tasks and run status over MCP (stdio); ``--install`` adds the
server to the project's ``.mcp.json`` instead."""

from __future__ import annotations

from pathlib import Path

import click

from ralphy.cli import cli
from ralphy.cli.options import project_dir_argument


@cli.command("mcp")
@project_dir_argument
@click.option("--install", is_flag=True, help="Add the ralphy server to PROJECT_DIR/.mcp.json (other servers kept).")
@click.option("--scope", "scopes", multiple=True, type=click.Choice(["project", "user", "plugins", "all"]),
              help="Where to look for agents (repeatable). Default: the agent_scopes setting (project).")
def mcp(project_dir: Path, install: bool, scopes: tuple[str, ...]) -> None:
    """An MCP server over stdio: the agents of PROJECT_DIR (default: here) for Claude Code to route to."""
    if install:
        import shlex

        from ralphy.mcp_install import install as install_server, server_entry

        entry = server_entry()
        path, outcome = install_server(project_dir, entry)
        command = shlex.join([entry["command"], *entry["args"]])
        if outcome == "unchanged":
            click.echo(f"{path}: the ralphy server is already there, started as `{command}`")
        else:
            click.echo(f"{path}: ralphy server {outcome}, started as `{command}`; Claude Code in "
                       f"{project_dir.resolve()} offers its tools as mcp__ralphy__*")
        click.echo(f"ralphy: {_claude_p_note()}")
        return
    from ralphy.mcp_server import serve

    serve(project_dir, scopes=scopes or None)


def _claude_p_note() -> str:
    """Whether `claude -p` (so `ralphy dev`) starts the server, by the version of the CLI ralphy would run."""
    from ralphy.claude.version import version_in_use
    from ralphy.errors import RalphyError
    from ralphy.mcp_use import install_note

    try:
        version = version_in_use()
    except (RalphyError, OSError):
        version = None
    return install_note(version) + "; `ralphy doctor` checks it"
