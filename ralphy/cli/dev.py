"""``ralphy dev`` (the loop) and ``ralphy reset`` (close the circuit breaker)."""

from __future__ import annotations

import os
import select
import sys
import time
from typing import Callable

import click

from ralphy.cli import cli
from ralphy.cli.options import config_value, project_dir_argument


def _ask_on_terminal(timeout: float, poll_seconds: float = 0.5):
    """Ask on the terminal; ``answered`` (when given) is looked at every ``poll_seconds`` for an answer given
    elsewhere meanwhile (the dashboard of ``ralphy serve``), which then ends the wait."""

    def ask(question: str, answered: Callable[[], str | None] | None = None) -> str | None:
        click.echo(f"\nClaude asks: {question}", err=True)
        click.echo(f"Your answer (empty or {timeout:.0f}s without one pauses the run): ", err=True, nl=False)
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([sys.stdin], [], [], min(left, poll_seconds))
            if ready:
                return sys.stdin.readline().strip() or None
            elsewhere = answered() if answered is not None else None
            if elsewhere:
                click.echo(f"\n(answered on the dashboard: {elsewhere})", err=True)
                return elsewhere
        click.echo("", err=True)
        return None

    return ask


@cli.command()
@project_dir_argument
@click.option("--claude-bin", help="The Claude CLI to run (default: $RALPHY_CLAUDE_BIN, then `claude` on PATH).")
@click.option("--model", help="Model for the Claude CLI (--model).")
@click.option("--max-iterations", type=int, callback=config_value("max_iterations"),
              help="Stop after this many iterations (default 20).")
@click.option("--max-cost", "max_cost_usd", type=float, callback=config_value("max_cost_usd"),
              help="Stop once the run has cost this many USD.")
@click.option("--max-time", "max_wall_seconds", type=float, callback=config_value("max_wall_seconds"),
              help="Stop after this many seconds.")
@click.option("--iteration-timeout", type=float, callback=config_value("iteration_timeout"),
              help="Seconds one CLI run may take (default 1800).")
@click.option("--permission-mode", type=click.Choice(["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"]),
              help="The Claude CLI's permission mode (default acceptEdits: edits allowed, other tools as configured).")
@click.option("--on-question", type=click.Choice(["ask", "pause", "auto"]),
              help="When Claude asks something: ask here (terminal), pause (exit 4), or reply automatically.")
@click.option("--verify-command", help="The check ralphy runs after iterations that complete tasks (default: the "
              "project's test_command if it sets one; \"\" turns it off).")
@click.option("--no-wait", is_flag=True, help="On a usage limit, exit 5 instead of waiting for the reset.")
@click.option("--stop-at-usage", type=float, metavar="PCT", callback=config_value("stop_at_usage"),
              help="Stop (exit 5) once the CLI reports a usage window (5-hour, weekly) this many percent used.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON summary on stdout at the end.")
@click.option("-q", "--quiet", is_flag=True, help="No progress output.")
@click.option("--create-missing", is_flag=True,
              help="Before the run, draft a subagent (via the Messages API) for each task group no agent fits.")
@click.option("-y", "--yes", is_flag=True, help="With --create-missing: write the drafted agents without asking.")
@click.pass_context
def dev(ctx, project_dir, claude_bin, model, max_iterations, max_cost_usd, max_wall_seconds, iteration_timeout,
        permission_mode, on_question, verify_command, no_wait, stop_at_usage, as_json, quiet, create_missing,
        yes) -> None:
    """Run Claude Code on PROJECT_DIR iteration after iteration until TASKS.md is done.

    \b
    Exit codes: 0 all tasks done, 1 error, 2 usage error (a bad option),
    3 circuit breaker open, 4 paused for a question,
    5 usage limit reached with --no-wait or --stop-at-usage, 130 interrupted.
    """
    from ralphy import prestart
    from ralphy.claude.command import argv_for, child_env, end_group, resolve_claude_bin, spawn
    from ralphy.config import load_config

    config = load_config(project_dir, {
        "claude_bin": claude_bin, "model": model, "max_iterations": max_iterations, "max_cost_usd": max_cost_usd,
        "max_wall_seconds": max_wall_seconds, "iteration_timeout": iteration_timeout,
        "permission_mode": permission_mode, "on_question": on_question, "verify_command": verify_command,
        "stop_at_usage": stop_at_usage,
    })
    _say_claude_settings_risks(project_dir)
    binary = resolve_claude_bin(config.claude_bin)
    env = child_env(os.environ)
    claude_version = _check_claude_version(binary, env, config.permission_mode, quiet)
    if config.stop_at_usage is not None and not quiet:
        _say_if_usage_unknown(claude_version, binary)
    prestarted = prestart.take()  # started by the `ralphy` program before click loaded, if the line was plain
    from ralphy.claude.limits import retry_env

    if (capped := retry_env(env, claude_version)) is not env:  # an old CLI: fewer silent retries of a bad key
        env = capped
        if prestarted is not None:  # started with the CLI's default retries: start again with these
            end_group(prestarted[1], 1.0)
            prestarted = None
    if prestarted is None and not create_missing and (project_dir / config.tasks_file).is_file():
        # Start the CLI now: it boots (~0.4 s) while the rest of ralphy loads and renders the prompt.
        argv = argv_for(binary, config)
        prestarted = (argv, spawn(argv, cwd=project_dir.resolve(), env=env))
    try:
        summary = _run(ctx, project_dir, config, binary, env, prestarted, create_missing, yes, no_wait, as_json, quiet,
                       claude_version)
    finally:
        if prestarted is not None and prestarted[1].returncode is None:
            end_group(prestarted[1], 1.0)  # not run (an error before the first iteration): end it
            for pipe in (prestarted[1].stdin, prestarted[1].stdout, prestarted[1].stderr):
                try:
                    pipe.close()  # and its pipes (a ResourceWarning each when left to the garbage collector)
                except OSError:
                    pass  # a pipe whose flush finds the CLI gone
    from ralphy.loop import summary_json

    if as_json:
        click.echo(summary_json(summary))
    if summary.exit_code == 1:
        click.echo(f"ralphy: error: {summary.reason}", err=True)
    ctx.exit(summary.exit_code)


def _say_claude_settings_risks(project_dir) -> None:
    """Once per run: what the project's .claude/settings*.json lets the CLI do unasked (`claude -p` skips
    Claude Code's own trust dialog, so ralphy is the only one who can tell the user). What stops the run until
    trusted is said once, as the error, not first as a warning too."""
    from ralphy.trust import claude_settings_risks, require_cli_settings_trusted

    require_cli_settings_trusted(project_dir)
    risks = claude_settings_risks(project_dir)
    if risks:
        click.echo(f"ralphy: warning: {'; '.join(risks)}: the Claude CLI runs them without asking in headless mode "
                   "(review them before running ralphy on a repository you did not write)", err=True)


def _say_if_usage_unknown(version, binary) -> None:
    """--stop-at-usage needs the CLI's rate_limit_event lines; say once when this CLI writes none."""
    from ralphy.claude.version import FIRST_USAGE_EVENTS, reports_usage

    if not reports_usage(version):
        click.echo(f"ralphy: warning: the Claude CLI {binary} ({version}) does not report usage (that came with "
                   f"{FIRST_USAGE_EVENTS}), so --stop-at-usage cannot stop the run; a rejected usage window is "
                   "still waited for", err=True)


def _check_claude_version(binary, env, permission_mode, quiet):
    """The CLI's version (cached per binary): refuse one older than supported or lacking the permission mode
    asked for (UnsupportedClaudeError), and say once when it is newer than the newest tested."""
    from ralphy.claude.version import check, check_permission_mode, claude_version

    version = claude_version(binary, env)
    warning = check(version, binary)
    check_permission_mode(version, permission_mode, binary)
    if warning and not quiet:
        click.echo(f"ralphy: warning: {warning}", err=True)
    return version


def _run(ctx, project_dir, config, binary, env, prestarted, create_missing, yes, no_wait, as_json, quiet,
         claude_version=None):
    from ralphy.loop import LoopOptions, dev as run_dev
    from ralphy.loop_start import create_missing_agents

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if create_missing:
        if not (yes or interactive):
            raise click.UsageError("--create-missing needs --yes when not on a terminal")
        confirm = (lambda summary: True) if yes else (lambda summary: click.confirm(f"{summary}\nWrite this agent?"))
        for created in create_missing_agents(project_dir, config, confirm):
            click.echo(f"ralphy: created agent {created.spec.name} in {created.path}", err=True)
    policy = config.on_question or ("ask" if interactive else "pause")
    reporter = _reporter(quiet, as_json)
    options = LoopOptions(
        project_dir=project_dir.resolve(), config=config, claude_bin=binary, env=env,
        reporter=reporter, on_question=policy,
        ask=_ask_on_terminal(config.question_answer_timeout) if policy == "ask" and interactive else None,
        no_wait=no_wait, argv=tuple(sys.argv), prestarted=prestarted, claude_version=claude_version,
    )
    # SIGTERM and SIGHUP (terminal closed, ssh dropped) raise as Ctrl-C does (ralphy.interrupts, set up by the
    # `ralphy` program for every command): the CLI's group ended, the iteration recorded, state saved, exit 130
    return run_dev(options)


def _reporter(quiet: bool, as_json: bool):
    from ralphy.output import LiveReporter, PlainReporter, QuietReporter

    if quiet:
        return QuietReporter()
    stream = sys.stderr if as_json else sys.stdout
    if stream.isatty():
        return LiveReporter(stream)
    return PlainReporter(stream)


@cli.command()
@project_dir_argument
def reset(project_dir) -> None:
    """Close the circuit breaker of PROJECT_DIR (after you fixed what opened it)."""
    from ralphy.breaker import BREAKER_FILE, CircuitBreaker
    from ralphy.errors import BreakerStateError

    path = project_dir / BREAKER_FILE
    try:
        breaker = CircuitBreaker.load(path)
        was = breaker.state.value + (f": {breaker.reason}" if breaker.reason else "")
    except BreakerStateError as exc:  # reset is the way out of a broken state file, so it must not need one
        breaker, was = CircuitBreaker(), f"unreadable: {exc}"
    breaker.reset()
    breaker.save(path)
    click.echo(f"circuit breaker closed (was {was})")
