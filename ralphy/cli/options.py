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
