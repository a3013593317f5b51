"""Hostile repositories nobody had tried (issue 10's held-out set, played before the checker does).

One table of repositories, each built by hand to attack one input ralphy reads (a FIFO, a link to /dev/zero
or a folder where a file belongs; JSON, TOML and YAML nested or aliased past what a parser survives; forged
state; numbers that are not numbers), and every command that reads a project run on each. What must hold
for every pair: an answer within the time limit, exit 0 or 1, no traceback, and an error that is one
``ralphy: error:`` line. The cases that broke a command before their fix are marked ``# was: ...``; the
others held already and stay here so they keep holding. Findings that need more than that invariant
(templates that allocate gigabytes in one C call, terminal escapes, the real CLI on a hostile repository) have
their own tests below the table.
"""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from ralphy.agents import DevAgent
from ralphy.errors import TemplateError
from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, init_git_project
from tests.security.test_templates import template_project as _template_project

NESTED_JSON = "[" * 200_000 + "]" * 200_000  # past the json module's recursion limit (1,000 is enough)


def _fifo(path: Path) -> None:
    path.unlink(missing_ok=True)
    os.mkfifo(path)


def _link(path: Path, target: str) -> None:
    path.unlink(missing_ok=True)
    os.symlink(target, path)


def _folder(path: Path) -> None:
    path.unlink(missing_ok=True)
    path.mkdir()


def _write(rel: str, text: str | bytes) -> Callable[[Path], None]:
    def build(root: Path) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode() if isinstance(text, str) else text)

    return build


def _on(rel: str, how: Callable[[Path], None]) -> Callable[[Path], None]:
    def build(root: Path) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        how(path)

    return build


LAUGHS = "\n".join(['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'] + [
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]" for i in range(8)
])  # i: nine levels of nine aliases, 9**9 (387 million) strings once expanded

READ = ["prompt", "tasks", "agents list", "agents check", "doctor", "status"]  # what reads most of a project
STATE = ["status", "log", "report", "dev"]  # what reads .ralphy/


@dataclass(frozen=True)
class Case:
    id: str
    build: Callable[[Path], None]
    commands: list[str]


CASES = [
    # A FIFO, a link to /dev/zero, a folder: in place of every file ralphy reads.
    *[Case(f"{kind}-{slug}", _on(rel, how), cmds) for rel, slug, cmds in [
        ("TASKS.md", "tasks", ["prompt", "tasks", "status", "agents gaps"]),
        (".claude/agents/evil.md", "agent", ["agents list", "agents check", "prompt", "mcp --install"]),
        (".ralphy.toml", "ralphy-toml", ["prompt", "doctor", "trust"]),
        ("pyproject.toml", "pyproject", ["prompt", "doctor", "trust"]),
        (".claude/settings.json", "settings", ["doctor", "prompt"]),
        (".claude/settings.local.json", "settings-local", ["doctor"]),
        (".mcp.json", "mcp-json", ["mcp --install"]),
        (".ralphy/prompts/dev_prompt.md", "template", ["prompt"]),
    ] for kind, how in [("fifo", _fifo), ("dev-zero", lambda p: _link(p, "/dev/zero")), ("folder", _folder)]],
    # Nesting past what a parser survives.
    Case("nested-mcp-json", _write(".mcp.json", NESTED_JSON), ["mcp --install"]),  # was: RecursionError traceback
    Case("nested-mcp-servers", _write(".mcp.json", f'{{"mcpServers": {NESTED_JSON}}}'), ["mcp --install"]),  # was: same
    Case("nested-breaker", _write(".ralphy/breaker.json", NESTED_JSON), STATE),  # was: RecursionError traceback
    Case("nested-pid-file", _write(".ralphy/claude.pid", NESTED_JSON), ["dev"]),
    Case("nested-settings", _write(".claude/settings.json", NESTED_JSON), ["doctor"]),
    Case("nested-toml-arrays", _write(".ralphy.toml", "a = " + "[" * 100_000 + "]" * 100_000 + "\n"), READ),
    Case("nested-toml-tables", _write(".ralphy.toml", "a = " + "{b = " * 50_000 + "1" + "}" * 50_000 + "\n"), READ),
    Case("nested-pyproject", _write("pyproject.toml", "[tool.ralphy]\na = " + "[" * 100_000 + "]" * 100_000), READ),
    Case("yaml-laughs-description",
         _write(".claude/agents/evil.md", f"---\nname: evil\n{LAUGHS}\ndescription: *i\ntools: *i\n---\nbody\n"),
         READ + ["mcp --install"]),
    Case("yaml-laughs-unused-key",
         _write(".claude/agents/evil.md", f"---\nname: evil\n{LAUGHS}\ndescription: ok\n---\nbody\n"),
         READ + ["agents capabilities"]),
    # JSON values of the wrong type where ralphy looks for a string.
    Case("settings-mode-list", _write(".claude/settings.json",  # was: TypeError traceback (unhashable list)
                                      '{"permissions": {"defaultMode": ["bypassPermissions"]}, "hooks": [1]}'),
         ["doctor"]),
    Case("settings-mode-object", _write(".claude/settings.local.json",  # was: TypeError traceback (unhashable dict)
                                        '{"defaultMode": {"a": 1}, "apiKeyHelper": 5}'),
         ["doctor"]),
    Case("mcp-servers-list", _write(".mcp.json", '{"mcpServers": [1, 2]}'), ["mcp --install"]),
    # Forged state: pid files ralphy must not act on, a breaker that is not a breaker, a foreign database.
    Case("pid-init", _write(".ralphy/claude.pid", '{"pid": 1, "pgid": 1, "start": 1, "cmdline": ["/sbin/init"]}'),
         ["dev"]),
    Case("pid-negative", _write(".ralphy/claude.pid", '{"pid": -1, "pgid": -1, "start": 5}'), ["dev"]),
    Case("pid-huge", _write(".ralphy/claude.pid", '{"pid": 99999999999999999999, "start": 1e999}'), ["dev"]),
    Case("pid-not-utf8", _write(".ralphy/claude.pid", b'\xff\xfe{"pid": 1}'), ["dev"]),
    Case("pid-a-list", _write(".ralphy/claude.pid", "[1, 2]"), ["dev"]),
    Case("breaker-nan", _write(".ralphy/breaker.json", '{"state": "open", "no_progress": NaN, "opened_at": 1e999}'),
         STATE),
    Case("db-garbage", _write(".ralphy/ralphy.db", b"SQLite format 3\x00" + b"\xff" * 5000), STATE),
    # Numbers that are not numbers, in every numeric key.
    Case("toml-non-finite", _write(".ralphy.toml", "max_iterations = nan\niteration_timeout = inf\n"
                                                   "max_cost_usd = -inf\nbackoff_seconds = nan\n"), ["prompt", "dev"]),
    Case("toml-absurd", _write(".ralphy.toml", "max_iterations = 99999999999999999999999\n"
                                               "iteration_timeout = 1e308\n"), ["dev"]),
    # Text that is not text.
    Case("agent-not-utf8", _write(".claude/agents/evil.md", b"---\nname: evil\ndescription: \xff\xfe\n---\n"), READ),
    Case("tasks-not-utf8", _write("TASKS.md", b"## Core\n- [ ] 1.1 \xff\xfe\n"), ["prompt", "tasks", "status"]),
    Case("toml-not-utf8", _write(".ralphy.toml", b"max_iterations = 3 # \xff\n"), ["prompt"]),
]


def _argv(command: str, root: Path) -> list[str]:
    words = command.split()
    return [*words, root.name] if words[0] == "mcp" else [*words, str(root)]


@pytest.fixture
def stand_in_cli(tmp_path: Path) -> Path:
    """A CLI that answers the stream-json opening and ends its turn without doing anything (``dev`` runs to the
    breaker in two iterations); it never touches the network."""
    from tests.security.test_hostile_input import STREAM_JSON_OPENING

    cli = tmp_path / "bin" / "claude"
    cli.parent.mkdir()
    cli.write_text("#!/bin/sh\n" + STREAM_JSON_OPENING +
                   "echo '{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s1\"}'\n"
                   "echo '{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"result\":\"ok\","
                   "\"num_turns\":1,\"session_id\":\"s1\",\"total_cost_usd\":0}'\n")
    cli.chmod(0o755)
    return cli


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_every_command_answers_a_hostile_repository_in_one_line(tmp_path, case, stand_in_cli):
    root = init_git_project(tmp_path / "repo", commit=False)
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    (root / ".claude" / "agents").mkdir(parents=True)
    (root / ".claude" / "agents" / "good.md").write_text("---\nname: good\ndescription: Writes tests.\n---\nbody\n")
    case.build(root)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(stand_in_cli), "RALPHY_MAX_ITERATIONS": "2",
           "RALPHY_BACKOFF_SECONDS": "0", "COLUMNS": "200"}
    for command in case.commands:
        started = time.monotonic()
        try:
            proc = subprocess.run([sys.executable, "-m", "ralphy", *_argv(command, root)], cwd=root.parent, env=env,
                                  capture_output=True, text=True, errors="replace", timeout=60,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            pytest.fail(f"`ralphy {command}` hung on {case.id}")
        said = f"`ralphy {command}` on {case.id}: exit {proc.returncode}; stderr: {proc.stderr[-600:]}"
        assert "Traceback" not in proc.stderr and "Error:" not in proc.stderr.replace("ralphy: error:", ""), said
        assert proc.returncode in (0, 1, 2, 3), said  # 2: the breaker opened; 3: it was open
        if proc.returncode == 1 and proc.stderr.strip():
            assert proc.stderr.strip().splitlines()[-1].startswith("ralphy: error: "), said
        elif proc.returncode == 1:  # doctor and agents check report on stdout and exit 1
            assert proc.stdout.strip(), said
        assert time.monotonic() - started < 60


def test_a_nested_mcp_json_is_named_and_left_as_it_was(tmp_path):
    root = init_git_project(tmp_path / "repo", commit=False)
    (root / ".mcp.json").write_text(NESTED_JSON)
    proc = subprocess.run([sys.executable, "-m", "ralphy", "mcp", "--install", str(root)], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == (f"ralphy: error: {root / '.mcp.json'} is not valid JSON (nested too deeply: line 1 "
                                   "column 1 (char 0)); fix it or move it away, nothing was written")
    assert (root / ".mcp.json").read_text() == NESTED_JSON


def test_a_nested_breaker_state_says_what_to_do(tmp_path, stand_in_cli):
    root = init_git_project(tmp_path / "repo", commit=False)
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    (root / ".ralphy").mkdir()
    (root / ".ralphy" / "breaker.json").write_text(NESTED_JSON)
    said = (f"{root / '.ralphy' / 'breaker.json'}: not a valid breaker state (not JSON); "
            "delete it or run `ralphy reset`")
    status = subprocess.run([sys.executable, "-m", "ralphy", "status", str(root)], capture_output=True, text=True,
                            timeout=60)
    assert status.returncode == 0 and f"({said})" in status.stdout and not status.stderr
    dev = subprocess.run([sys.executable, "-m", "ralphy", "dev", str(root)], capture_output=True, text=True,
                         timeout=60, env={**os.environ, "RALPHY_CLAUDE_BIN": str(stand_in_cli)})
    assert dev.returncode == 1 and dev.stderr.strip().splitlines()[-1] == f"ralphy: error: {said}"


def test_a_bypass_mode_given_as_a_list_is_no_crash_and_a_string_one_is_still_said(tmp_path):
    from ralphy.trust import claude_settings_risks

    root = tmp_path / "repo"
    (root / ".claude").mkdir(parents=True)
    (root / ".claude" / "settings.json").write_text('{"permissions": {"defaultMode": ["bypassPermissions"]}}')
    assert claude_settings_risks(root) == []  # not a mode the CLI takes (it wants a string)
    (root / ".claude" / "settings.local.json").write_text('{"defaultMode": "bypassPermissions"}')
    assert claude_settings_risks(root) == [".claude/settings.local.json sets the permission mode bypassPermissions"]


# ------------------------------------------------------------------ templates that allocate in one C call
# The sandbox bounds `*` and `**`; these reach the same gigabytes through a width, a format, a replacement or a
# separator, each one C call that no time limit interrupts (before: 10 GB allocated, `ralphy prompt` hung).

WIDTH_BOMBS = [
    "{{ 'x'|center(10**10) }}",
    "{{ 'x'|indent(10**10, true) }}",
    "{{ '%9999999999d'|format(1) }}",
    "{{ '%9999999999d' % 1 }}",
    "{{ '%.9999999999f' % 1.5 }}",
    "{{ '%*d' % (10**10, 1) }}",
    "{{ '{:>9999999999}'.format(1) }}",
    "{{ '{:>{w}}'.format(1, w=10**10) }}",
    "{{ '{a:>{w}}'.format_map({'a': 'x', 'w': 10**10}) }}",
    "{{ 'x'.center(10**10) }}{{ 'x'.ljust(10**10) }}",
    "{{ 'x'.zfill(10**10) }}",
    "{{ ('\t' * 1000).expandtabs(10**8) }}",
    "{% set s = 'x' * 1000000 %}{{ s.replace('x', s) }}",
    "{% set s = 'x' * 1000000 %}{{ s|replace('x', s) }}",
    "{{ range(90000)|join('x' * 1000000) }}",
    "{{ ('x' * 1000000).join(range(90000)|map('string')|list) }}",
]




@pytest.mark.parametrize("template", WIDTH_BOMBS)
def test_a_width_or_replacement_of_gigabytes_is_refused_before_it_allocates(tmp_path, template):
    root = _template_project(tmp_path, template)
    started = time.monotonic()
    with pytest.raises(TemplateError, match=r"dev_prompt.md:1: .* is over the limit of 1048576 characters"):
        DevAgent(root).build_prompt()
    assert time.monotonic() - started < 5


DOUBLINGS = [
    "{% set ns = namespace(s='x' * 1000000) %}{% for i in range(14) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "{% set ns = namespace(s='x' * 1000000) %}{% for i in range(14) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
    "{% set ns = namespace(s='x' * 1000000) %}{% for i in range(14) %}{% set ns.s %}{{ ns.s }}{{ ns.s }}{% endset %}"
    "{% endfor %}",
]


@pytest.mark.parametrize("template", DOUBLINGS)
def test_a_string_doubled_in_a_loop_stops_at_the_prompt_limit(tmp_path, template):
    """`~`, `+` and a `{% set %}` block each build a string outside the sandbox's `*` check: 1 MB doubled 14
    times is 16 GB. Each is stopped at MAX_OUTPUT_CHARS (16 M), whatever thread renders."""
    root = _template_project(tmp_path, template + "{{ ns.s|length }}")
    started = time.monotonic()
    with pytest.raises(TemplateError, match="dev_prompt.md:1: a (string|sequence) of over 16777216"):
        DevAgent(root).build_prompt()
    assert time.monotonic() - started < 10


def test_concatenation_still_works(tmp_path):
    root = _template_project(tmp_path, "{% macro m() %}ab{% endmacro %}{% set x %}c{{ m() }}{% endset %}"
                                       "{{ 'a' ~ 1 ~ none }}|{{ 'a' + 'b' }}|{{ [1] + [2] }}|{{ 1 + 2 }}|{{ x }}")
    assert DevAgent(root).build_prompt() == "a1None|ab|[1, 2]|3|cab"


def test_growth_no_check_knows_is_a_memory_error_not_the_machines_memory(tmp_path, monkeypatch):
    import threading

    import ralphy.prompts.sandbox

    assert threading.active_count() == 1  # else the cap is not set (a process started meanwhile would inherit it)
    monkeypatch.setattr(ralphy.prompts.sandbox, "MEMORY_HEADROOM", 256 * 1024**2)
    root = _template_project(tmp_path, "{{ ('x' * 1000000).translate({120: 'y' * 3000})|length }}")  # 3 GB
    with pytest.raises(TemplateError, match="dev_prompt.md:1: the template needs too much memory"):
        DevAgent(root).build_prompt()
    assert DevAgent(_template_project(tmp_path / "again", "{{ 'x' * 1000 }}")).build_prompt() == "x" * 1000


def test_ordinary_widths_formats_and_joins_still_render(tmp_path):
    root = _template_project(tmp_path, "{{ '%5d|%-4s|%.2f' % (42, 'ab', 3.14159) }}|{{ '{:>6}'.format('x') }}|"
                                       "{{ '{:>{w}}'.format(7, w=3) }}|{{ '{:,}'.format(1234567890) }}|"
                                       "{{ 'ab'|center(6) }}|{{ 'a\nb'|indent(2) }}|{{ [1, 2]|join(', ') }}|"
                                       "{{ 'abc'|replace('b', 'BB') }}|{{ 'x'.rjust(3, '.') }}|{{ '%s!'|format(1) }}")
    assert DevAgent(root).build_prompt() == "   42|ab  |3.14|     x|  7|1,234,567,890|  ab  |a\n  b|1, 2|aBBc|..x|1!"


def test_nothing_is_computed_while_compiling(tmp_path):
    """Jinja folds constant expressions while it compiles, outside the sandbox's time limit; ralphy's templates
    compile unoptimised, so a constant that takes long is stopped like any other loop."""
    import ralphy.prompts.sandbox

    root = _template_project(tmp_path, "{{ range(99999)|map('string')|map('string')|join|length }}")
    env = ralphy.prompts.sandbox._environment([root / ".ralphy" / "prompts"])
    assert env.optimized is False
    assert DevAgent(root).build_prompt() == "488885"  # 10 * 1 + 90 * 2 + 900 * 3 + 9000 * 4 + 89999 * 5


def test_task_text_with_jinja_syntax_is_not_evaluated(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    task = "1.1 Render {{ cycler.__init__.__globals__.os.system('touch PWNED') }} and {% include '/etc/passwd' %}"
    (root / "TASKS.md").write_text(f"## Core {{{{ 7 * 7 }}}}\n- [ ] {task}\n")
    prompt = DevAgent(root).build_prompt()
    assert task in prompt and "## Core {{ 7 * 7 }}" in prompt and "root:" not in prompt
    assert not (root / "PWNED").exists()


# ------------------------------------------------------------------------ the user's terminal

ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x1b]52;c;aGk=\x07\r\x9b31m\u202e"


def test_safe_text_shows_controls_and_keeps_text():
    from ralphy.termsafe import safe_text

    assert safe_text("plain — ünïcode\ttab\nline") == "plain — ünïcode\ttab\nline"
    assert safe_text("a\r\nb") == "a\nb"
    assert safe_text(ESCAPES) == "\\x1b]0;pwned\\x07\\x1b[2J\\x1b]52;c;aGk=\\x07\\x0d\\x9b31m\\u202e"
    assert safe_text("\x00\x7f\u2066x\u2069") == "\\x00\\x7f\\u2066x\\u2069"


def _on_a_terminal(argv: list[str], cwd: Path, env: dict | None = None) -> tuple[int, bytes]:
    """Run ralphy with stdout and stderr on a pseudo-terminal (as a person would); what the terminal got."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "ralphy", *argv], cwd=cwd, stdout=slave, stderr=slave,
                            stdin=subprocess.DEVNULL, env=env)
    os.close(slave)
    seen = b""
    while select.select([master], [], [], 60)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    return proc.wait(timeout=60), seen


@pytest.fixture
def escaping_repo(tmp_path: Path) -> Path:
    root = init_git_project(tmp_path / "repo", commit=False)
    (root / ".claude" / "agents").mkdir(parents=True)
    (root / ".claude" / "agents" / "evil.md").write_text(
        '---\nname: evil\ndescription: "Hi \\e]0;pwned\\a\\e[2J\\e]52;c;aGk=\\a\\r\\u009b31m\\u202eevil"\n---\nbody\n')
    (root / "TASKS.md").write_text(f"## Core {ESCAPES}\n- [ ] 1.1 Do {ESCAPES} it\n")
    (root / ".claude" / "settings.json").write_text(json.dumps({"hooks": {f"Stop{ESCAPES}": []}}))
    return root


@pytest.mark.parametrize("command, shown_as", [
    ("agents list", b"Hi \\x1b]0;pwned\\x07\\x1b[2J"),
    ("tasks", b"Core \\x1b]0;pwned\\x07\\x1b[2J"),
    ("doctor", b"hooks (Stop\\x1b]0;pwned\\x07"),
    ("agents check", b"(evil)"),
])
def test_untrusted_text_never_reaches_the_terminal_as_control_characters(escaping_repo, command, shown_as):
    code, seen = _on_a_terminal([*command.split(), str(escaping_repo)], escaping_repo)
    assert code in (0, 1), seen[-500:]
    shown = seen.replace(b"\r\n", b"\n")  # the terminal's own line ends
    for raw in (b"\x1b", b"\x07", b"\r", "\u202e".encode(), "\x9b".encode()):
        assert raw not in shown, (command, shown[-800:])
    assert shown_as in shown  # shown, visibly, not dropped


def test_piped_output_stays_what_ralphy_produced(escaping_repo):
    """Only a terminal gets the escapes shown: a prompt piped to a file is the prompt."""
    proc = subprocess.run([sys.executable, "-m", "ralphy", "prompt", str(escaping_repo)], capture_output=True,
                          timeout=60)
    assert proc.returncode == 0 and b"1.1 Do \x1b]0;pwned\x07\x1b]52;c;aGk=\x07" in proc.stdout  # (click drops CSI)


@pytest.mark.e2e
def test_dev_with_the_real_cli_on_a_hostile_repository(tmp_path, claude_home, claude_bin):
    """The real CLI, a scripted model, and a repository with a nested pid file, a bypass mode as a list, escapes
    in an agent and a group, and Jinja in a task: the run completes, the model gets the task verbatim."""
    root = tmp_path / "repo"
    (root / ".claude" / "agents").mkdir(parents=True)
    (root / ".claude" / "agents" / "evil.md").write_text(
        '---\nname: evil\ndescription: "Hi \\e]0;pwned\\a writes \\u202e code"\n---\nYou write code.\n')
    (root / ".claude" / "settings.json").write_text('{"permissions": {"defaultMode": ["bypassPermissions"]}}')
    task = "1.1 Print {{ cycler.__init__.__globals__.os.system('touch PWNED') }} verbatim"
    (root / "TASKS.md").write_text(f"## Core\x1b]0;x\x07\n- [ ] {task}\n")
    init_git_project(root)
    (root / ".ralphy").mkdir()
    (root / ".ralphy" / "claude.pid").write_text(NESTED_JSON)
    with FakeMessagesAPI(DevScenario({})) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "RALPHY_BACKOFF_SECONDS": "0", "RALPHY_ITERATION_TIMEOUT": "90"})
        code, seen = _on_a_terminal(["dev", str(root)], root, env)
        prompts = [json.dumps(r) for r in api.requests if "Development iteration" in json.dumps(r)]
    assert code == 0, seen[-1500:]
    assert b"Traceback" not in seen and b"\x1b]0;" not in seen and "\u202e".encode() not in seen
    assert prompts and json.dumps(task)[1:-1] in prompts[0]
    assert "- [x] 1.1" in (root / "TASKS.md").read_text() and not (root / "PWNED").exists()
    assert not (root / ".ralphy" / "claude.pid").exists()  # the forged record was dropped, nothing ended


# ------------------------------------------------------------------------ a history ralphy did not write
# A repository can ship .ralphy/ralphy.db with any rows: SQLite keeps text where a number belongs, and a JSON column
# can nest past the parser. Before: log, status and report crashed with a traceback on each of these.

FORGED_ROWS = {
    "nested-config-json": "UPDATE runs SET config_json = '" + "[" * 5000 + "]" * 5000 + "'",
    "nested-argv-json": "UPDATE runs SET argv_json = '" + "[" * 5000 + "]" * 5000 + "'",
    "text-for-a-cost": "UPDATE iterations SET cost_usd = 'abc', num_turns = 'x'",
    "a-date-that-is-not": "UPDATE iterations SET started_at = 'garbage'",
    "month-99": "UPDATE runs SET started_at = '9999-99-99'",
    "blob-for-a-status": "UPDATE runs SET status = x'00ff', exit_code = 'x'",
    "nested-delegation": "INSERT INTO delegations (iteration_id, tool_use_id, agent, description, task_ids_json, "
                         "status, files_changed_json, bash_commands_json, usage_json) SELECT id, 't1', 'a', 'd', '"
                         + "[" * 5000 + "]" * 5000 + "', 'completed', '{\"a\": 1}', '5', '[[[[' FROM iterations",
}


@pytest.fixture(scope="module")
def real_history(tmp_path_factory) -> Path:
    """A project with the history one real `ralphy dev` wrote (the stand-in CLI, two iterations)."""
    from tests.security.test_hostile_input import STREAM_JSON_OPENING

    base = tmp_path_factory.mktemp("history")
    root = init_git_project(base / "repo", commit=False)
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    cli = base / "claude"
    cli.write_text("#!/bin/sh\n" + STREAM_JSON_OPENING + "echo '{\"type\":\"result\",\"subtype\":\"success\","
                   "\"is_error\":false,\"result\":\"ok\",\"num_turns\":1,\"session_id\":\"s1\",\"total_cost_usd\":0}'\n")
    cli.chmod(0o755)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(cli), "RALPHY_MAX_ITERATIONS": "2", "RALPHY_BACKOFF_SECONDS": "0"}
    subprocess.run([sys.executable, "-m", "ralphy", "dev", str(root)], env=env, capture_output=True, timeout=60)
    assert (root / ".ralphy" / "ralphy.db").is_file()
    return root


@pytest.mark.parametrize("forgery", sorted(FORGED_ROWS))
def test_a_forged_history_is_one_line_for_every_reader(tmp_path, real_history, forgery):
    import shutil
    import sqlite3

    root = tmp_path / "repo"
    shutil.copytree(real_history, root)
    db_file = root / ".ralphy" / "ralphy.db"
    with sqlite3.connect(db_file) as db:
        db.execute(FORGED_ROWS[forgery])
    db.close()
    for command in ("log", "log --json", "status", "status --json", "report"):
        proc = subprocess.run([sys.executable, "-m", "ralphy", *command.split(), str(root)], capture_output=True,
                              text=True, timeout=60)
        said = f"`ralphy {command}` on {forgery}: {proc.stderr[-800:]}"
        if command == "report" and proc.returncode == 0:  # the report reads leniently: a page, with what it could
            assert proc.stdout.strip().endswith(".html") and not proc.stderr, said
            continue
        assert proc.returncode == 1 and "Traceback" not in proc.stderr, said
        assert proc.stderr.strip().splitlines() == [proc.stderr.strip()], said
        assert proc.stderr.startswith(f"ralphy: error: {db_file}: a record in the history is not what ralphy writes")
        assert f"`mv {db_file} {db_file}.bad`" in proc.stderr, said


@pytest.mark.parametrize("schema", [
    "CREATE TRIGGER wipe AFTER INSERT ON iterations BEGIN DELETE FROM runs; END",
    "CREATE TRIGGER forge BEFORE UPDATE ON runs BEGIN INSERT INTO runs (started_at, status) VALUES ('x', 'ok'); END",
    "CREATE VIEW spy AS SELECT * FROM runs",
])
def test_a_history_with_triggers_or_views_is_refused_before_any_write(tmp_path, real_history, schema):
    """ralphy creates no trigger and no view; one shipped in .ralphy/ralphy.db would run its own SQL on ralphy's
    writes (deleting or forging the history), so every command refuses the file in one line and writes nothing."""
    import shutil
    import sqlite3

    root = tmp_path / "repo"
    shutil.copytree(real_history, root)
    db_file = root / ".ralphy" / "ralphy.db"
    with sqlite3.connect(db_file) as db:
        db.execute(schema)
    db.close()
    before = db_file.read_bytes()
    for command in ("log", "status", "dev"):
        proc = subprocess.run([sys.executable, "-m", "ralphy", *command.split(), str(root)], capture_output=True,
                              text=True, timeout=60, env={**os.environ, "RALPHY_CLAUDE_BIN": "/bin/false"})
        said = f"`ralphy {command}`: {proc.stderr[-800:]}"
        assert proc.returncode != 0 and "Traceback" not in proc.stderr, said
        assert f"ralphy: error: {db_file}: holds " in proc.stderr and "which ralphy never creates" in proc.stderr, said
        assert len(proc.stderr.strip().splitlines()) == 1, said
    assert db_file.read_bytes() == before


def test_the_history_ralphy_wrote_reads_as_before(real_history):
    for command in ("log --json", "status --json"):
        proc = subprocess.run([sys.executable, "-m", "ralphy", *command.split(), str(real_history)],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)
