"""``ralphy trust``: let a project's own ralphy config choose what runs (see ralphy/trust.py)."""

from __future__ import annotations

import click

from ralphy.cli import cli
from ralphy.cli.options import project_dir_argument


@cli.command()
@project_dir_argument
@click.option("--revoke", is_flag=True, help="Forget the trust given to PROJECT_DIR's config.")
def trust(project_dir, revoke: bool) -> None:
    """Trust PROJECT_DIR's ralphy config to choose what runs (claude_bin, extra_args, ...).

    A repository's .ralphy.toml or [tool.ralphy] may set keys that decide what ralphy runs or how much power
    Claude gets; ralphy honours them only after this command. It records a hash of the config in your own
    state ($XDG_STATE_HOME/ralphy); a changed config needs trusting again.
    """
    from ralphy.config import POWER_KEYS, load_config, project_tables
    from ralphy.trust import trust as record, untrust

    if revoke:
        done = untrust(project_dir)
        where = project_dir.resolve()
        _say(f"{where}: trust revoked" if done else f"{where}: was not trusted")
        return
    load_config(project_dir, environ={}, require_trust=False)  # a config that does not load is not trusted
    tables = project_tables(project_dir)
    from ralphy.trust import UNCHECKED, claude_settings_redirects, shown_setting, unchecked

    from ralphy.memory_links import outside_reads

    redirects = claude_settings_redirects(project_dir)
    outside = outside_reads(project_dir)
    if not tables and not redirects and not outside:
        _say(f"ralphy: {project_dir.resolve()} has no ralphy config (.ralphy.toml or [tool.ralphy]) to trust", err=True)
    _, files = record(project_dir)
    power = sorted({key for _, _, table in tables for key in table if key in POWER_KEYS})
    sets = f"; it sets {', '.join(power)}" if power else ""
    for path in files:
        _say(f"trusted {path}{sets}")
    for rel, name, value in redirects:
        if name == UNCHECKED:
            _say(f"trusted {project_dir.resolve() / rel} as it is now: it is {unchecked(value)} for ralphy to check")
            continue
        _say(f"trusted {project_dir.resolve() / rel}: it sets {shown_setting(name, value)} in the Claude CLI's environment")
    for file, real, importer in outside:
        by = f" (imported by {importer})" if importer else ""
        _say(f"trusted {project_dir.resolve() / file}{by}: the Claude CLI reads {real} through it, outside the project")
    if files or redirects or outside:
        click.echo("ralphy: a change to it needs `ralphy trust` again", err=True)


def _say(line: str, err: bool = False) -> None:
    """One line, whatever the project's path holds (a newline is shown as ``\\n``, not obeyed)."""
    from ralphy.termsafe import one_line

    click.echo(one_line(line), err=err)
