"""No crash, no hang on hostile input (issue 10, point 5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.claude.events import ResultEvent, parse_line
from ralphy.testing import init_git_project


@pytest.mark.parametrize("raw", ["NaN", "Infinity", "-Infinity", "1e999", "-0.5", "1" + "0" * 400])
def test_a_non_finite_or_negative_cost_from_the_cli_is_unknown_not_a_crash(raw):
    line = '{"type":"result","subtype":"success","is_error":false,"result":"x","num_turns":1,"total_cost_usd":%s}' % raw
    [event] = parse_line(line)
    assert isinstance(event, ResultEvent) and event.total_cost_usd is None


@pytest.mark.parametrize("cost", ["NaN", "1e999"])
def test_a_run_whose_cli_reports_a_nan_cost_goes_on(tmp_path, cost):
    project = init_git_project(tmp_path / "repo", commit=False)
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    cli = tmp_path / "claude"
    result = ('{"type":"result","subtype":"success","is_error":false,"result":"did nothing","num_turns":1,'
              '"session_id":"s1","total_cost_usd":%s}' % cost)
    cli.write_text("#!/bin/sh\n" + STREAM_JSON_OPENING +
                   "echo '{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s1\"}'\n"
                   f"echo '{result}'\n")
    cli.chmod(0o755)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(cli), "RALPHY_MAX_ITERATIONS": "2", "RALPHY_BACKOFF_SECONDS": "0"}
    proc = subprocess.run([sys.executable, "-m", "ralphy", "dev", str(project), "--json"], capture_output=True,
                          text=True, env=env, timeout=60)
    assert "Traceback" not in proc.stderr, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["status"] == "circuit_open" and len(summary["iterations"]) == 2
    assert all(i["cost_usd"] == 0 for i in summary["iterations"])
    status = subprocess.run([sys.executable, "-m", "ralphy", "status", str(project), "--json"], capture_output=True,
                            text=True, timeout=60)
    assert status.returncode == 0, status.stderr


DEEP = {
    "flow": "description: " + "[" * 50_000 + "\n",
    "braces": "description: " + "{a: " * 25_000 + "\n",
    "dashes": "description:\n" + "- " * 50_000 + "x\n",
    "mixed": "description: " + "[{a: " * 20_000 + "\n",
}


@pytest.mark.parametrize("kind", sorted(DEEP))
def test_deeply_nested_frontmatter_is_a_skipped_file_not_a_segfault(tmp_path, kind):
    project = init_git_project(tmp_path / "repo", commit=False)
    agents = project / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "evil.md").write_text("---\nname: evil\n" + DEEP[kind] + "---\nbody\n")
    (agents / "good.md").write_text("---\nname: good\ndescription: Does good work.\n---\nbody\n")
    assert (agents / "evil.md").stat().st_size > 50_000
    for argv in (["agents", "list", str(project), "--json"], ["prompt", str(project)]):
        proc = subprocess.run([sys.executable, "-m", "ralphy", *argv], capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, (proc.returncode, proc.stderr[-500:])
        assert "good" in proc.stdout and "evil" not in proc.stdout.replace("evil.md", "")
    check = subprocess.run([sys.executable, "-m", "ralphy", "agents", "check", str(project)], capture_output=True,
                           text=True, timeout=60)
    assert check.returncode == 1 and "nested too deeply" in check.stdout + check.stderr


# How a stand-in CLI opens the stream-json protocol ralphy drives: answer `initialize`, read the prompt's turn.
STREAM_JSON_OPENING = 'read -r request\nid=$(printf \'%s\' "$request" | sed -n \'s/.*"request_id": *"\\([^"]*\\)".*/\\1/p\')\nprintf \'{"type":"control_response","response":{"subtype":"success","request_id":"%s","response":{}}}\\n\' "$id"\nread -r turn\n'


def test_ordinary_nesting_still_parses():
    from ralphy.agents.cli_yaml import yaml_depth_problem
    from ralphy.agents.frontmatter import split_frontmatter

    data, _, error = split_frontmatter("---\nname: a\ndescription: x\ntools: [Read, [Grep]]\nmeta: {a: {b: [1]}}\n---\n")
    assert error is None and data["tools"] == ["Read", ["Grep"]] and data["meta"] == {"a": {"b": [1]}}
    assert yaml_depth_problem("x: " + "[" * 100 + "]" * 100) is None
    assert yaml_depth_problem("x: " + "[" * 101) is not None


@pytest.mark.parametrize("where", ["file", "pyproject", "env"])
def test_a_number_of_thousands_of_digits_is_one_short_line(tmp_path, where):
    """int() refuses more than 4,300 digits with a ValueError that tomllib does not wrap (a traceback), and the
    error line quoted the whole value (a 5,000-character line)."""
    digits = "9" * 5000
    env = {**os.environ}
    if where == "file":
        (tmp_path / ".ralphy.toml").write_text(f"max_iterations = {digits}\n")
    elif where == "pyproject":
        (tmp_path / "pyproject.toml").write_text(f"[tool.ralphy]\nmax_iterations = {digits}\n")
    else:
        env["RALPHY_MAX_ITERATIONS"] = digits
    proc = subprocess.run([sys.executable, "-m", "ralphy", "status", str(tmp_path)], capture_output=True, text=True,
                          timeout=60, env=env)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr[-600:]
    line = proc.stderr.strip()
    assert line.startswith("ralphy: error: ") and "\n" not in line and len(line) < 300, line[:600]
    assert ("RALPHY_MAX_ITERATIONS" if where == "env" else str(tmp_path)) in line
