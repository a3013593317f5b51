"""A project's templates are data, not code (issue 10, point 1): Jinja's sandbox, bounded, inside the project."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ralphy.agents import DevAgent
from ralphy.errors import TemplateError

ESCAPES = [
    "{{ cycler.__init__.__globals__.os.system('touch MARKER') }}",
    "{{ joiner.__init__.__globals__.os.popen('touch MARKER').read() }}",
    "{{ namespace.__init__.__globals__['os'].system('touch MARKER') }}",
    "{{ lipsum.__globals__['os'].system('touch MARKER') }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ self.__init__.__globals__.__builtins__.__import__('os').system('touch MARKER') }}",
    "{{ tasks_content.__class__.__base__.__subclasses__() }}",
    "{% set x = discovered_agents.__class__ %}{{ x.__mro__ }}",
    "{{ range.__self__.__import__('os').system('touch MARKER') }}",
    "{{ [].append.__self__.__class__ }}{% set l = [] %}{{ l.append(1) }}",
    "{{ 'a'.format.__self__ }}{{ '{0.__class__}'.format(tasks_content) }}",
    "{{ tasks_content.format_map }}{{ '{0.__class__.__mro__}'.format_map }}",
]


def template_project(tmp_path: Path, template: str) -> Path:
    """A repository whose .ralphy/prompts/dev_prompt.md is ``template`` (MARKER: a path that must never appear)."""
    root = tmp_path / "repo"
    (root / ".ralphy" / "prompts").mkdir(parents=True)
    (root / ".ralphy" / "prompts" / "dev_prompt.md").write_text(template.replace("MARKER", str(tmp_path / "pwned")))
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    return root


@pytest.mark.parametrize("template", ESCAPES)
def test_template_escapes_run_nothing_and_are_one_line_errors(tmp_path, template):
    root = template_project(tmp_path, template)
    try:
        DevAgent(root).build_prompt()
    except TemplateError as exc:
        assert "dev_prompt.md" in str(exc) and "\n" not in str(exc)
    assert not (tmp_path / "pwned").exists()


def test_the_named_payload_is_refused_by_ralphy_prompt(tmp_path):
    root = template_project(tmp_path, ESCAPES[0])
    proc = subprocess.run([sys.executable, "-m", "ralphy", "prompt", str(root)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines()[-1].startswith("ralphy: error: ")
    assert "dev_prompt.md" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "pwned").exists()


def test_the_payload_in_prompt_template_is_refused_too(tmp_path):
    root = template_project(tmp_path, "x")
    (root / "mine.md").write_text(ESCAPES[0].replace("MARKER", str(tmp_path / "pwned")))
    (root / ".ralphy.toml").write_text('prompt_template = "mine.md"\n')
    with pytest.raises(TemplateError, match="mine.md"):
        DevAgent(root).build_prompt()
    assert not (tmp_path / "pwned").exists()


def test_included_templates_are_sandboxed_too(tmp_path):
    root = template_project(tmp_path, "{% include 'part.md' %}")
    (root / ".ralphy" / "prompts" / "part.md").write_text(ESCAPES[0].replace("MARKER", str(tmp_path / "pwned")))
    with pytest.raises(TemplateError, match="part.md"):
        DevAgent(root).build_prompt()
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize("template, message", [
    ("{{ 'x' * 100000000000 }}", "over the limit"),
    ("{{ [1] * 10000000000 }}", "over the limit"),
    ("{{ 9 ** 99999999 }}", "over the limit"),
    ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", "recurses too deeply"),
    ("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}", "to render"),
    ("{% for i in range(99999) %}{{ tasks_content * 50 }}{% endfor %}", "characters"),
])  # fmt: skip
def test_templates_that_would_exhaust_memory_or_time_stop_with_one_line(tmp_path, template, message, monkeypatch):
    import ralphy.prompts.sandbox

    # the time limit is 1 s only where time is the point: under load, recursing to the depth limit alone took
    # over 1 s once and stopped on time, not on depth
    monkeypatch.setattr(ralphy.prompts.sandbox, "RENDER_SECONDS", 1.0 if message == "to render" else 8.0)
    monkeypatch.setattr(ralphy.prompts.sandbox, "MAX_OUTPUT_CHARS", 1_000_000)
    root = template_project(tmp_path, template)
    started = time.monotonic()
    with pytest.raises(TemplateError, match=message):
        DevAgent(root).build_prompt()
    assert time.monotonic() - started < 10


def test_a_template_linked_outside_the_project_is_not_read(tmp_path):
    root = template_project(tmp_path, "x")
    secret = tmp_path / "secret.md"
    secret.write_text("the user's secret")
    target = root / ".ralphy" / "prompts" / "dev_prompt.md"
    target.unlink()
    os.symlink(secret, target)
    with pytest.raises(TemplateError, match="leads outside"):
        DevAgent(root).build_prompt()


def test_a_fifo_template_is_an_error_not_a_hang(tmp_path):
    root = template_project(tmp_path, "x")
    target = root / ".ralphy" / "prompts" / "dev_prompt.md"
    target.unlink()
    os.mkfifo(target)
    with pytest.raises(TemplateError, match="FIFO"):
        DevAgent(root).build_prompt()


def test_an_include_cannot_climb_out(tmp_path):
    root = template_project(tmp_path, "{% include '../../TASKS.md' %}")
    with pytest.raises(TemplateError, match="not found"):
        DevAgent(root).build_prompt()


def test_ordinary_template_features_still_work(tmp_path):
    root = template_project(tmp_path, "{% set n = 3 %}{% for i in range(n) %}{{ i }}{% endfor %}|{{ tasks_content | upper }}|"
                             "{{ language ~ '!' }}|{{ '%s-%s' | format(1, 2) }}|{{ [3, 1, 2] | sort | join(',') }}\n")
    prompt = DevAgent(root).build_prompt()
    assert prompt == "012|## CORE\n- [ ] 1.1 DO IT|python!|1-2|1,2,3\n"
