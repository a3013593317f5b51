"""Options and helpers shared by several commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

project_dir_argument = click.argument(
    "project_dir",
    required=False,
    default=".",
    type=click.Path(exists=True, file_okay=False, dir_okay=True, path_type=Path),
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def finite(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """A click callback refusing nan and infinity (click's FloatRange lets nan through: no comparison holds)."""
    import math

    if isinstance(value, float) and not math.isfinite(value):
        raise click.BadParameter(f"must be a finite number, got {value}", ctx=ctx, param=param)
    return value


def not_blank(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """A click callback refusing an empty or blank text argument."""
    if isinstance(value, str) and not value.strip():
        raise click.BadParameter("is empty", ctx=ctx, param=param)
    return value


def config_value(key: str):
    """A click callback that checks an option with the config's own validation (``ralphy.config.check_value``),
    so a flag, a RALPHY_* variable and a config file accept and refuse the same values; a bad flag stays a
    usage error (exit 2)."""

    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value is None:
            return None
        from ralphy.config import check_value
        from ralphy.errors import ConfigError

        try:
            return check_value(key, value, "-")
        except ConfigError as exc:
            raise click.BadParameter(str(exc).removeprefix("-: "), ctx=ctx, param=param) from None

    return callback
