"""Issue 10's held-out categories attacked afresh (session 12), with payloads not in the other files here.

Each test was written before its fix and failed on the code of that day (the failure is said beside it); the
outcome asked of every one: a one-line ``ralphy: error:`` naming the value or file and what is wrong (or the
run carries on where that is the right answer), no traceback, no hang (every subprocess has a timeout), nothing
outside the project touched and no command of the repository's run.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import init_git_project
from tests.security.test_hostile_input import STREAM_JSON_OPENING


def _project(root: Path) -> Path:
    project = init_git_project(root, commit=False)
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    return project


def _stand_in_cli(path: Path, *lines: str) -> Path:
    """A CLI that answers the stream-json opening, then prints ``lines`` (the turn's events) and exits."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + STREAM_JSON_OPENING
                    + "echo '{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s1\"}'\n"
                    + "".join(f"printf '%s\\n' {shlex.quote(line)}\n" for line in lines))
    path.chmod(0o755)
    return path


def _ralphy(args: list[str], *, env: dict[str, str], cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([sys.executable, "-m", "ralphy", *args], cwd=cwd, env=env, capture_output=True,
                              text=True, errors="replace", timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`ralphy {' '.join(args)}` hung")


def _one_error_line(proc: subprocess.CompletedProcess, *words: str) -> str:
    said = f"exit {proc.returncode}; stderr: {proc.stderr[-1500:]}"
    assert "Traceback" not in proc.stderr, said
    assert proc.returncode == 1, said
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("ralphy: error: "), said
    for word in words:
        assert word in last, said
    return last


# ------------------------------------------------------------------------- non-finite and absurd numbers

USAGE_LIMIT_RESULT = ('{"type":"result","subtype":"success","is_error":true,"result":"Claude AI usage limit reached",'
                      '"num_turns":1,"session_id":"s1","total_cost_usd":0}')


@pytest.mark.parametrize("resets_at", ["1e300", "-1e300", "99999999999999", "-5"])
def test_a_usage_limit_reset_time_past_the_clock_is_unknown_not_a_crash(tmp_path, resets_at):
    # was: OverflowError traceback (time.localtime(1e300): "timestamp out of range for platform time_t"), no JSON
    project = _project(tmp_path / "repo")
    cli = _stand_in_cli(tmp_path / "bin" / "claude",
                        '{"type":"rate_limit_event","rate_limit_info":{"status":"rejected","resetsAt":%s}}' % resets_at,
                        USAGE_LIMIT_RESULT)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(cli), "RALPHY_MAX_ITERATIONS": "2"}
    proc = _ralphy(["dev", str(project), "--json", "--no-wait"], env=env, cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr
    summary = json.loads(proc.stdout)
    assert proc.returncode == 5 and summary["status"] == "usage_limit", proc.stderr
    assert "resets at an unknown time" in summary["reason"]


def test_a_reset_time_in_range_is_still_shown():
    from ralphy.claude.events import RateLimitEvent, parse_line

    [event] = parse_line('{"type":"rate_limit_event","rate_limit_info":{"status":"rejected","resetsAt":1900000000}}')
    assert isinstance(event, RateLimitEvent) and event.resets_at == 1900000000


@pytest.mark.parametrize("key, value", [
    ("BACKOFF_SECONDS", "1e15"),  # was: OverflowError traceback once a failed iteration backed off
    ("BACKOFF_MAX_SECONDS", "1e300"),
    ("USAGE_LIMIT_MAX_WAIT_SECONDS", "1e20"),
    ("ITERATION_TIMEOUT", "1e308"),
    ("QUESTION_ANSWER_TIMEOUT", "1e10"),
])
def test_a_wait_of_centuries_is_refused_in_one_line(tmp_path, key, value):
    project = _project(tmp_path / "repo")
    cli = _stand_in_cli(tmp_path / "bin" / "claude", '{"type":"result","subtype":"error_during_execution",'
                        '"is_error":true,"result":"boom","num_turns":1,"session_id":"s1","total_cost_usd":0}')
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(cli), "RALPHY_MAX_ITERATIONS": "2", "RALPHY_BACKOFF_SECONDS": "0",
           "RALPHY_BACKOFF_MAX_SECONDS": "300", f"RALPHY_{key}": value}
    proc = _ralphy(["dev", str(project)], env=env, cwd=tmp_path)
    _one_error_line(proc, f"RALPHY_{key}", "at most")


def test_the_same_limit_holds_in_the_project_config(tmp_path):
    project = _project(tmp_path / "repo")
    (project / ".ralphy.toml").write_text("backoff_seconds = 1e15\n")
    proc = _ralphy(["prompt", str(project)], env=dict(os.environ), cwd=tmp_path)
    _one_error_line(proc, ".ralphy.toml", "backoff_seconds", "at most")


def test_ordinary_waits_are_still_taken():
    from ralphy.config_check import check_value

    assert check_value("usage_limit_max_wait_seconds", 7 * 86400, "flag") == 7 * 86400
    assert check_value("iteration_timeout", 3600, "flag") == 3600.0


def test_the_backoff_of_a_thousand_failures_in_a_row_is_a_number():
    # was: OverflowError (int too large to convert to float) at 2 ** 1024 * backoff_seconds
    from ralphy.config import Config
    from ralphy.loop import DevLoop

    slept: list[float] = []
    loop = DevLoop.__new__(DevLoop)
    loop.config = Config(backoff_seconds=0.0, backoff_max_seconds=300.0)
    loop.failures_in_a_row = 2000
    loop.o = type("O", (), {"sleep": slept.append,
                            "reporter": type("R", (), {"waiting": lambda *a: None})()})()
    loop._backoff()
    loop.config = Config(backoff_seconds=5.0, backoff_max_seconds=300.0)
    loop._backoff()
    assert slept == [300.0]


# ------------------------------------------------------------------------- repo-chosen binaries

def _planted(project: Path, rel: str, marker: Path) -> None:
    program = project / rel
    program.parent.mkdir(parents=True, exist_ok=True)
    program.write_text(f"#!/bin/sh\ntouch {shlex.quote(str(marker))}\necho 2.1.330 '(Claude Code)'\n")
    program.chmod(0o755)


@pytest.mark.parametrize("entry", ["node_modules/.bin", ".", ""])
@pytest.mark.parametrize("command", ["dev", "doctor", "agents list --scope all"])
def test_a_claude_in_the_repository_found_through_a_relative_path_entry_is_not_run(tmp_path, entry, command):
    # was: `ralphy dev` and `ralphy doctor` run in the project with PATH=node_modules/.bin:... ran the project's
    # own node_modules/.bin/claude (and ./claude for "." or an empty entry)
    project = _project(tmp_path / "repo")
    marker = tmp_path / "ran"
    _planted(project, "node_modules/.bin/claude" if entry == "node_modules/.bin" else "claude", marker)
    env = {key: value for key, value in os.environ.items() if not key.startswith("RALPHY_")}
    env["PATH"] = entry + os.pathsep + os.path.dirname(sys.executable) + os.pathsep + "/usr/bin" + os.pathsep + "/bin"
    proc = _ralphy([*command.split(), "."], env=env, cwd=project, timeout=90)
    assert not marker.exists(), f"the repository's claude ran: {proc.stderr[-800:]}"
    assert "Traceback" not in proc.stderr, proc.stderr
    if command == "dev":
        _one_error_line(proc, "not on PATH", "relative")


def test_git_and_ps_are_not_taken_from_the_repository_either(tmp_path, monkeypatch):
    from ralphy import runlock, worktree

    project = _project(tmp_path / "repo")
    marker = tmp_path / "ran"
    for name in ("git", "ps", "lsof"):
        _planted(project, name, marker)
    monkeypatch.chdir(project)
    monkeypatch.setenv("PATH", "." + os.pathsep + os.environ["PATH"])
    assert worktree._git_changes(project) is not None  # the real git answered
    runlock._ps(os.getpid(), "lstart=")
    assert not marker.exists()


def test_a_claude_bin_the_user_names_relatively_is_run_by_its_absolute_path(tmp_path, monkeypatch):
    from ralphy.claude.command import resolve_claude_bin

    cli = _stand_in_cli(tmp_path / "tools" / "claude")
    monkeypatch.chdir(tmp_path)
    assert resolve_claude_bin("./tools/claude", {"PATH": "/usr/bin"}) == str(cli)
    assert resolve_claude_bin(None, {"PATH": f"/usr/bin{os.pathsep}{cli.parent}"}) == str(cli)


def test_git_status_runs_no_fsmonitor_a_shipped_git_config_names(tmp_path):
    # was: `git status` (ralphy's record of what an iteration changed) ran .git/config's core.fsmonitor command
    from ralphy import worktree

    project = _project(tmp_path / "repo")
    marker = tmp_path / "ran"
    hook = project / "monitor.sh"
    hook.write_text(f"#!/bin/sh\ntouch {shlex.quote(str(marker))}\n")
    hook.chmod(0o755)
    subprocess.run(["git", "config", "core.fsmonitor", str(hook)], cwd=project, check=True)
    assert worktree._git_changes(project) is not None
    assert not marker.exists()


# ------------------------------------------------------------------------- template DoS

def _template_repo(root: Path, template: str) -> Path:
    project = _project(root)
    (project / ".ralphy" / "prompts").mkdir(parents=True)
    (project / ".ralphy" / "prompts" / "dev_prompt.md").write_text(template)
    return project


SLOW_SORT = "{% set s = 'x' * 999999 %}{{ ([s ~ 'b', s ~ 'a'] * 500000)|sort(case_sensitive=true)|length }}"


def test_one_c_call_the_time_limit_cannot_interrupt_is_ended_with_the_render(tmp_path):
    # was: `ralphy prompt` ran for minutes (over 120 s at load 3): the 10 s limit is a signal, and Python runs a
    # signal handler only between bytecodes, not inside list.sort comparing a million 1 MB strings
    import time

    project = _template_repo(tmp_path / "repo", SLOW_SORT)
    started = time.monotonic()
    proc = _ralphy(["prompt", str(project)], env=dict(os.environ), cwd=tmp_path, timeout=90)
    _one_error_line(proc, "dev_prompt.md", "to render")
    assert time.monotonic() - started < 60


def test_a_product_of_huge_numbers_is_refused_before_it_is_computed(tmp_path):
    from ralphy.agents import DevAgent
    from ralphy.errors import TemplateError

    squares = "".join("{%% set n%d = n%d * n%d %%}" % (i + 1, i, i) for i in range(14))
    project = _template_repo(tmp_path / "repo", "{% set n0 = 2 ** 49999 %}" + squares + "{{ n14 > 0 }}")
    with pytest.raises(TemplateError, match="dev_prompt.md.*product that large"):
        DevAgent(project).build_prompt()


MEMORY_CAP_PROBE = r'''
import resource, sys, threading, time
resource.setrlimit(resource.RLIMIT_AS, (8 * 1024 ** 3, resource.getrlimit(resource.RLIMIT_AS)[1]))  # the machine's guard
if sys.argv[2] == "thread":  # as in `ralphy dev`: the CLI's pipes are read by threads while the prompt renders
    threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
from ralphy.agents import DevAgent
from ralphy.errors import TemplateError
try:
    print("rendered", len(DevAgent(sys.argv[1]).build_prompt()))
except TemplateError as exc:
    print("refused", exc)
'''


@pytest.mark.parametrize("threads", ["thread", "alone"])
def test_a_template_cannot_take_gigabytes(tmp_path, threads):
    # was: 2.6 GB taken (the cap allows 2 GiB) both ways: with another thread running (`ralphy dev` renders while
    # the CLI's pipes are read) the memory cap was not set; alone, Jinja's code generator evaluated the constant
    # expression while compiling (even unoptimised), before the cap and the time limit were set
    project = _template_repo(tmp_path / "repo", "{{ [0]|batch(330000000, 0)|first|length }}")
    proc = subprocess.run([sys.executable, "-c", MEMORY_CAP_PROBE, str(project), threads], capture_output=True,
                          text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.stdout.startswith("refused") and "dev_prompt.md" in proc.stdout, proc.stdout + proc.stderr


def test_a_project_template_still_renders_with_threads_running(tmp_path):
    import threading

    project = _template_repo(tmp_path / "repo", "Tasks:\n{{ tasks_content }}{% include 'tdd_instructions.md' %}\n")
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    try:
        from ralphy.agents import DevAgent

        prompt = DevAgent(project).build_prompt()
    finally:
        stop.set()
    assert prompt.startswith("Tasks:\n## Core\n- [ ] 1.1 Do it") and "Work test-first" in prompt



# ------------------------------------------------------------------------- nesting: folders

@pytest.fixture
def deep_tmp():
    """A folder for trees nested past the recursion limit, outside pytest's tmp folders: pytest's clean-up of old
    ones (shutil.rmtree, recursive in Python 3.11) fails on them, in every later session on the machine."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="ralphy-deep-"))
    yield folder
    subprocess.run(["rm", "-rf", str(folder)], check=False, timeout=120)  # rm walks without recursion


def _deep_folders(base: Path, depth: int = 1500) -> Path:
    """``base/a/a/.../a`` ``depth`` levels deep (3,000 characters: under PATH_MAX), made one level at a time."""
    base.mkdir(parents=True, exist_ok=True)
    fd = os.open(base, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir("a", dir_fd=fd)
            inner = os.open("a", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
    finally:
        os.close(fd)
    return base.joinpath(*["a"] * depth)


@pytest.mark.parametrize("command", ["agents list", "agents check", "prompt", "agents gaps"])
def test_agent_folders_nested_past_the_recursion_limit_are_walked(deep_tmp, command):
    # was: RecursionError traceback in every command that discovers agents (the walk recursed once per level)
    tmp_path = deep_tmp
    project = _project(tmp_path / "repo")
    deepest = _deep_folders(project / ".claude" / "agents")
    (deepest / "deep.md").write_text("---\nname: deep\ndescription: Writes the deep tests.\n---\nbody\n")
    proc = _ralphy([*command.split(), str(project)], env={**os.environ, "COLUMNS": "200"}, cwd=tmp_path)
    assert "Traceback" not in proc.stderr and proc.returncode == 0, proc.stderr[-800:]
    if command != "agents gaps":  # gaps names an agent only where one fits the task
        assert "deep" in proc.stdout + proc.stderr  # found, as the CLI finds it


def test_a_project_nested_past_the_recursion_limit_is_walked_for_the_iteration_record(deep_tmp):
    # was: RecursionError from os.walk in ralphy.worktree (a project that is not a git work tree)
    from ralphy import worktree

    tmp_path = deep_tmp
    deepest = _deep_folders(tmp_path / "plain")
    (deepest / "f.txt").write_text("x")
    assert worktree._walk(tmp_path / "plain") == [os.path.join(*["a"] * 1500, "f.txt")]


def test_the_mcp_servers_watch_of_agent_files_walks_deep_folders(deep_tmp):
    from ralphy.mcp_server import ProjectTools

    project = _project(deep_tmp / "repo")
    deepest = _deep_folders(project / ".claude" / "agents")
    (deepest / "deep.md").write_text("---\nname: deep\ndescription: Writes the deep tests.\n---\nbody\n")
    signature = ProjectTools(project)._signature()
    assert any(path.endswith("deep.md") for path, *_ in signature)


# ------------------------------------------------------------------------- the CLI's numbers

def test_counts_from_the_cli_past_what_it_can_mean_are_unknown_not_a_crash(tmp_path):
    # was: OverflowError traceback (Python int too large to convert to SQLite INTEGER) on num_turns 1e23,
    # with nothing recorded and no --json object
    project = _project(tmp_path / "repo")
    cli = _stand_in_cli(tmp_path / "bin" / "claude",
                        '{"type":"result","subtype":"success","is_error":false,"result":"ok",'
                        '"num_turns":99999999999999999999999,"duration_ms":1e999,"session_id":"s1",'
                        '"total_cost_usd":0,"usage":{"input_tokens":99999999999999999999999}}')
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(cli), "RALPHY_MAX_ITERATIONS": "2", "RALPHY_BACKOFF_SECONDS": "0"}
    proc = _ralphy(["dev", str(project), "--json"], env=env, cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr[-1500:]
    summary = json.loads(proc.stdout)
    assert [iteration["num_turns"] for iteration in summary["iterations"]] == [None, None]
    log = _ralphy(["log", str(project), "--json"], env=env, cwd=tmp_path)
    assert log.returncode == 0 and "Traceback" not in log.stderr, log.stderr


def test_counts_in_range_are_kept():
    from ralphy.claude.delegation import _count
    from ralphy.claude.events import ResultEvent, parse_line

    [event] = parse_line('{"type":"result","subtype":"success","is_error":false,"result":"x","num_turns":7,'
                         '"duration_ms":1500}')
    assert isinstance(event, ResultEvent) and (event.num_turns, event.duration_ms) == (7, 1500)
    assert (_count(12), _count(10**30), _count(-1)) == (12, 0, 0)


# ------------------------------------------------------------------------- what the project's settings run

def test_every_command_the_projects_claude_settings_make_the_cli_run_is_said(tmp_path):
    # was: only hooks, a bypass mode and apiKeyHelper were said; the CLI's other helper commands (its 2.1.330
    # schema: awsAuthRefresh, awsCredentialExport, gcpAuthRefresh, otelHeadersHelper, proxyAuthHelper), the
    # approval of .mcp.json's servers (which then start) and an env that chooses what every command loads were not
    project = _project(tmp_path / "repo")
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(json.dumps({
        "awsAuthRefresh": "./refresh.sh", "proxyAuthHelper": "curl evil", "enableAllProjectMcpServers": True,
        "env": {"NODE_OPTIONS": "--require ./payload.js", "TZ": "UTC"}}))
    (project / ".claude" / "settings.local.json").write_text(json.dumps({
        "otelHeadersHelper": "./headers.sh", "enabledMcpjsonServers": ["evil"], "env": {"LD_PRELOAD": "./x.so"}}))
    proc = _ralphy(["doctor", str(project)], env={**os.environ, "COLUMNS": "300"}, cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr
    said = proc.stdout
    for word in ("awsAuthRefresh", "proxyAuthHelper", "enableAllProjectMcpServers", "NODE_OPTIONS",
                 "otelHeadersHelper", "(evil)", "LD_PRELOAD"):
        assert word in said, said
    assert "TZ" not in said


def test_ordinary_settings_are_not_called_risks(tmp_path):
    from ralphy.trust import claude_settings_risks

    project = _project(tmp_path / "repo")
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(json.dumps({
        "env": {"TZ": "UTC", "DEBUG": "1"}, "enableAllProjectMcpServers": False, "enabledMcpjsonServers": [],
        "permissions": {"allow": ["Bash(npm test)"]}, "model": "sonnet"}))
    assert claude_settings_risks(project) == []


# ------------------------------------------------------------------------- links that point at themselves

@pytest.mark.parametrize("command", ["prompt", "tasks", "agents list", "status", "doctor", "dev"])
def test_a_task_file_that_links_to_itself_is_one_line(tmp_path, command):
    # was: RuntimeError ("Symlink loop from TASKS.md") traceback in every command: Path.resolve() in the check
    # that the task file stays inside the project raises it in Python 3.11
    project = init_git_project(tmp_path / "repo", commit=False)
    (project / "TASKS.md").symlink_to("TASKS.md")
    proc = _ralphy([*command.split(), str(project)], env={**os.environ, "RALPHY_CLAUDE_BIN": "/bin/true"}, cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr[-800:]
    if command in ("tasks", "dev"):
        _one_error_line(proc, "TASKS.md", "symbolic links")


def test_a_configured_task_file_or_template_that_links_to_itself_is_one_line(tmp_path):
    project = _project(tmp_path / "repo")
    (project / ".ralphy.toml").write_text('tasks_file = "loop.md"\n')
    (project / "loop.md").symlink_to("loop.md")
    _one_error_line(_ralphy(["tasks", str(project)], env=dict(os.environ), cwd=tmp_path), "loop.md", "symbolic links")
    (project / ".ralphy.toml").unlink()
    (project / ".ralphy" / "prompts").mkdir(parents=True)
    (project / ".ralphy" / "prompts" / "dev_prompt.md").symlink_to("dev_prompt.md")
    # was: the child's RuntimeError came back as "needs too much memory"
    _one_error_line(_ralphy(["prompt", str(project)], env=dict(os.environ), cwd=tmp_path), "dev_prompt.md",
                    "symbolic links")
