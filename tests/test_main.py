"""``ralphy.__main__``: `ralphy prompt` runs without the cycle collector (it builds one prompt and ends)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.__main__ import _command

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("args", "command"), [
    (["prompt"], "prompt"), (["-v", "prompt", "."], "prompt"), (["-vv", "prompt"], "prompt"),
    (["dev", "prompt"], "dev"), (["agents", "recommend", "prompt"], "agents"), (["--help"], None), ([], None),
])
def test_the_command_is_the_first_argument_that_is_not_an_option(args: list[str], command: str | None) -> None:
    assert _command(args) == command


# The command line is the real one, run by the real main(); only click's part is replaced, by a stand-in that
# says whether the collector is on when the command would run.
SAYS_WHETHER_COLLECTING = """
import gc, sys
import ralphy.cli
ralphy.cli.main = lambda: print(gc.isenabled())
from ralphy.__main__ import main
sys.argv = ["ralphy", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize(("args", "collecting"), [
    (["prompt"], "False"), (["-v", "prompt", "."], "False"), (["dev", "prompt"], "True"), (["status"], "True"),
    (["agents", "list"], "True"),
])
def test_only_ralphy_prompt_runs_without_the_cycle_collector(tmp_path: Path, args: list[str], collecting: str) -> None:
    proc = subprocess.run([sys.executable, "-c", SAYS_WHETHER_COLLECTING, *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                                      "HOME": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == collecting


def test_no_option_of_the_group_takes_a_value_so_the_first_word_is_the_command() -> None:
    """``_command`` skips options without looking at values: a group option that takes one (``ralphy --project X
    prompt``) would make it read X as the command. If one is added, ``_command`` must learn to skip its value."""
    from ralphy.cli import cli

    takes_value = [param.opts for param in cli.params
                   if getattr(param, "opts", None) and not (param.is_flag or param.count)]  # type: ignore[attr-defined]
    assert takes_value == []
    assert {opt for param in cli.params for opt in param.opts} >= {"--version", "-v", "--verbose"}
