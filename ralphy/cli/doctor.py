"""``ralphy doctor``: is everything in place for ``ralphy dev``? One line per check, each with what to do."""

from __future__ import annotations

import click

from ralphy.cli import cli
from ralphy.cli.options import echo_json, finite, json_option, project_dir_argument

_MARKS = {"ok": "ok", "warning": "warning", "problem": "PROBLEM"}


@cli.command()
@project_dir_argument
@json_option
@click.option("--claude-bin", help="The Claude CLI to check (default: the one `ralphy dev` would run).")
@click.option("--timeout", type=click.FloatRange(min=1), default=30.0, show_default=True, callback=finite,
              help="Seconds to wait for the CLI's answer.")
@click.option("--start-cli", is_flag=True,
              help="Start the Claude CLI in the project even when its settings or .mcp.json name commands the CLI "
                   "runs (hooks, servers): review them first.")
@click.pass_context
def doctor(ctx, project_dir, as_json, claude_bin, timeout, start_cli) -> None:
    """Check the Claude CLI, login, agents, config and trust for PROJECT_DIR (default: here).

    \b
    Nothing calls a model. Exit status 1 when a check finds a problem, else 0.
    """
    from ralphy.doctor import diagnose

    diagnosis = diagnose(project_dir, claude_bin=claude_bin, timeout=timeout, start_cli=start_cli)
    if as_json:
        echo_json(diagnosis.to_dict())
    else:
        from ralphy.termsafe import one_line

        for check in diagnosis.checks:  # one line each, whatever a path or name it quotes holds
            fix = f" -> {check.fix}" if check.fix else ""
            click.echo(one_line(f"{_MARKS[check.status]:8} {check.name}: {check.message}{fix}"))
    ctx.exit(0 if diagnosis.ok else 1)
