"""``ralphy agents``: the group, plus ``list`` and ``check`` (what the Claude CLI would load, and what is wrong).

The group's other commands live in their own modules (``SUBCOMMANDS``) and are imported when one of them runs
or the group's help is shown; those modules import nothing from this one, so there is no import circle.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any

import click

from ralphy.cli import cli
from ralphy.cli.options import echo_json, json_option, project_dir_argument

scope_option = click.option(
    "--scope", type=click.Choice(["project", "user", "plugins", "all"]), default=None,
    help="Where to look: the project's .claude/agents folders, ~/.claude/agents, installed plugins, or all. "
         "Default: the agent_scopes setting (project), as `ralphy prompt` and `ralphy dev` use it.")
plugin_dir_option = click.option(
    "--plugin-dir", "plugin_dirs", multiple=True, type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Also load this plugin directory (like the CLI's --plugin-dir); implies plugins in the scope.")


# subcommand -> the module that defines it as a click command of the same name (``list`` and ``check`` are here)
SUBCOMMANDS: dict[str, str] = {
    "capabilities": "ralphy.cli.catalog",
    "create": "ralphy.cli.factory",
    "gaps": "ralphy.cli.catalog",
    "recommend": "ralphy.cli.catalog",
}


class LazyGroup(click.Group):
    """A click group whose commands in ``SUBCOMMANDS`` are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(SUBCOMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in SUBCOMMANDS:
            module = importlib.import_module(SUBCOMMANDS[name])
            self.add_command(getattr(module, name.replace("-", "_")), name)
        return self.commands.get(name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Every subcommand with its whole first sentence (click cuts a summary at 45 characters with "...")."""
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(300)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@cli.group(cls=LazyGroup)
def agents() -> None:
    """The project's Claude Code subagents."""


def _discover(project_dir: Path, scope: str | None, plugin_dirs: tuple[Path, ...]) -> Any:
    """The agents as every command sees them: the project's config read (and checked) the same way, its
    agent_scopes used unless --scope says otherwise."""
    from ralphy.agents.discovery import discover_agents
    from ralphy.config import load_config

    from ralphy.claude.version import DiscoveryRules, version_in_use

    config = load_config(project_dir, ignore_untrusted=True)  # reads; runs nothing a repository chose
    scopes = (scope,) if scope else tuple(config.agent_scopes)
    if plugin_dirs and not {"all", "plugins"} & set(scopes):
        scopes += ("plugins",)
    version = version_in_use(config.claude_bin)  # discovery and lint follow the CLI that will run (if one is found)
    discovery = discover_agents(project_dir, scopes=scopes, plugin_dirs=plugin_dirs,
                                rules=DiscoveryRules.for_version(version))
    discovery.cli_version = version
    return discovery


def _say_skipped(discovery: Any) -> None:
    from ralphy.agents.formatting import skipped_notice

    notice = skipped_notice(len(discovery.problems))
    if notice:
        click.echo(f"ralphy: warning: {notice}", err=True)


@agents.command("list")
@project_dir_argument
@json_option
@scope_option
@plugin_dir_option
def list_agents(project_dir: Path, as_json: bool, scope: str | None, plugin_dirs: tuple[Path, ...]) -> None:
    """List the subagents the Claude CLI would load in PROJECT_DIR (default: here)."""
    discovery = _discover(project_dir, scope, plugin_dirs)
    _say_skipped(discovery)
    if as_json:
        echo_json([_agent_dict(spec, discovery) for spec in discovery.agents])
        return
    if not discovery.agents:
        click.echo(f"No agents found (searched: {', '.join(map(str, discovery.searched)) or 'nothing'}).")
        return
    _echo_table(discovery, project_dir)


def _agent_dict(spec: Any, discovery: Any) -> dict[str, Any]:
    return {**spec.to_dict(), "shadows": [str(other.path) for other in discovery.shadowed.get(spec.name, [])]}


def _echo_table(discovery: Any, project_dir: Path) -> None:
    """One row per agent, as wide as the terminal: the description, then what it shadows, then its tools give
    way (`--json` has everything)."""
    import shutil

    from ralphy.agents.formatting import condense_description, fit_table

    rows = [(spec.name, spec.scope, _tools(spec.tools), spec.model or "-",
             condense_description(spec.description, 80), _shadows(discovery.shadowed.get(spec.name, []), project_dir))
            for spec in discovery.agents]
    headers = ("NAME", "SCOPE", "TOOLS", "MODEL", "DESCRIPTION", "SHADOWS")
    if all(row[5] == "-" for row in rows):  # nothing shadowed: no column of dashes
        headers, rows = headers[:5], [row[:5] for row in rows]
    width = shutil.get_terminal_size((100, 24)).columns
    shrink = [(2, 20), (5, 24), (4, 40), (2, 10), (5, 12), (4, 16)]  # tools, shadows, description; then harder
    for line in fit_table([headers, *rows], width, shrink):
        click.echo(line)


def _tools(tools: tuple[str, ...]) -> str:
    if tools == ("*",):
        return "all"
    text = ", ".join(tools) or "none"
    return text if len(text) <= 40 else text[:39] + "\u2026"


def _shadows(specs: list[Any], project_dir: Path) -> str:
    """Each shadowed file by its name first, then its scope and folder (relative to the project, or ``~``): a
    narrow column cuts the folder, not the name (``--json`` has the full paths)."""
    return ", ".join(f"{spec.path.name} ({spec.scope}: {_short_folder(spec.path.parent, project_dir)})"
                     for spec in specs) or "-"


def _short_folder(folder: Path, project_dir: Path) -> str:
    for base, shown in ((Path(os.path.abspath(project_dir)), ""), (Path.home(), "~/")):
        try:
            return shown + os.fspath(folder.relative_to(base))
        except ValueError:
            continue
    return os.fspath(folder)


@agents.command("check")
@project_dir_argument
@json_option
@scope_option
@plugin_dir_option
def check_agents(project_dir: Path, as_json: bool, scope: str | None, plugin_dirs: tuple[Path, ...]) -> None:
    """Every agent file in PROJECT_DIR, loaded or skipped and why, plus lint findings.

    Exit status: 1 when a file is skipped or a lint error is found (what breaks loading or delegation), 0
    otherwise (warnings and hints do not count).
    """
    from ralphy.agents.lint import lint

    discovery = _discover(project_dir, scope, plugin_dirs)
    from ralphy.claude.tools import known_tools

    version = discovery.cli_version
    findings = lint(discovery, known_tools=known_tools(version), cli_version=str(version) if version else None)
    if as_json:
        echo_json({"files": [f.to_dict() for f in discovery.files], "findings": [f.to_dict() for f in findings]})
    else:
        _echo_check(discovery, findings)
    failed = bool(discovery.problems) or any(f.severity == "error" for f in findings)
    if failed:
        raise SystemExit(1)


def _echo_check(discovery: Any, findings: list[Any]) -> None:
    from ralphy.termsafe import one_line  # a file or folder name holding a newline would split a line in two

    for file in sorted(discovery.files, key=lambda f: str(f.path)):
        if file.outcome == "ignored":
            continue
        detail = f" ({file.name})" if file.outcome == "loaded" else f": {file.reason}"
        click.echo(one_line(f"{file.outcome.upper():8} {file.path}{detail}"))
    hints = [f for f in findings if f.severity == "hint"]
    for finding in findings:
        if finding.severity != "hint":
            click.echo(one_line(f"{finding.severity.upper():8} {finding.path} [{finding.code}] {finding.message}"))
    if hints:
        click.echo(f"HINT     {len(hints)} agent(s) lack ralphy's optional exampleTasks/notForTasks keys, which "
                   "sharpen `ralphy agents recommend` (--json lists them)")
    errors = sum(f.severity == "error" for f in findings)
    counts = {outcome: sum(f.outcome == outcome for f in discovery.files) for outcome in ("loaded", "skipped",
                                                                                          "shadowed")}
    from ralphy.status_words import counted

    click.echo(f"{counts['loaded']} loaded, {counts['skipped']} skipped, {counts['shadowed']} shadowed; "
               f"{counted(errors, 'lint error')}, {counted(len(findings) - errors - len(hints), 'warning')}, "
               f"{counted(len(hints), 'hint')}")
