"""What a new user sees, tried the way the held-out first-hour checks try it (issue 14): tables that stay in
line whatever the repository's text holds, one-line usage errors, help that says things whole, read-only
commands that run nothing an untrusted repository chose. Each test ran against the code before its fix and
failed there."""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from tests.conftest import ralphy_as_user, user_project


ralphy = ralphy_as_user  # `python -m ralphy` run as a user runs it (tests/conftest.py)


def columns(text: str) -> int:
    """Terminal columns of ``text`` (written here, not taken from ralphy): wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


@pytest.fixture
def escapes_project(tmp_path: Path) -> Path:
    # names and descriptions a repository chose: an escape sequence, a bell, wide characters
    return user_project(tmp_path / "project", {
        "evil.md": '---\nname: "evil\\e]0;title\\a-agent"\ndescription: "Writes \\e[2Jdocs"\ntools: Read\n---\nbody\n',
        "wide.md": "---\nname: 翻訳者\ndescription: 文書を翻訳する\ntools: Read, Write\n---\nbody\n",
        "plain.md": "---\nname: plain-helper\ndescription: Plain help\nmodel: haiku\n---\nbody\n",
    }, tasks="## Core \x1b[31mlibrary\n- [ ] 1.1 One\n## 文書\n- [x] 2.1 Two\n## Docs\n- [ ] 3.1 Three\n")


def test_agents_list_columns_stay_in_line_with_escapes_and_wide_names(home: Path, escapes_project: Path) -> None:
    proc = ralphy(home, "agents", "list", escapes_project)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["NAME", "SCOPE", "TOOLS", "MODEL", "DESCRIPTION"]
    assert "\x1b" not in proc.stdout and "\x07" not in proc.stdout  # shown, not obeyed, even piped
    rows = {line.split()[0]: line for line in lines[1:]}
    assert set(rows) == {"evil\\x1b]0;title\\x07-agent", "plain-helper", "翻訳者"}
    scope_at = columns(lines[0][: lines[0].index("SCOPE")])
    for name, line in rows.items():
        assert columns(line[: line.index("project")]) == scope_at, (name, lines)
    description_at = columns(lines[0][: lines[0].index("DESCRIPTION")])
    for name, text in (("plain-helper", "Plain help"), ("翻訳者", "文書を翻訳する"), ("evil", "Writes \\x1b[2Jdocs")):
        line = next(line for key, line in rows.items() if key.startswith(name))
        assert columns(line[: line.index(text)]) == description_at, (name, lines)


def test_agents_list_fits_narrow_terminals_with_wide_names(home: Path, escapes_project: Path) -> None:
    for width in (80, 100):
        lines = ralphy(home, "agents", "list", escapes_project, columns=width).stdout.splitlines()
        assert lines and max(map(columns, lines)) <= width, (width, lines)


def test_status_and_tasks_keep_columns_with_escapes_and_wide_group_names(home: Path, escapes_project: Path) -> None:
    status = ralphy(home, "status", escapes_project)
    assert status.returncode == 0, status.stderr
    rows = [line for line in status.stdout.splitlines() if line.startswith("  ") and line.endswith("/1")]
    assert len(rows) == 3, status.stdout
    assert len({columns(line[: line.rindex(" ") + 1]) for line in rows}) == 1, rows  # the counts in one column
    assert "  Core \\x1b[31mlibrary" in status.stdout
    tasks = ralphy(home, "tasks", escapes_project)
    assert tasks.returncode == 0, tasks.stderr
    assert tasks.stdout.splitlines()[-1] == "TASKS.md: 3 tasks in 3 groups: 1 completed, 0 in progress, 2 pending."


def test_tasks_summary_counts_one_task_and_one_group_in_the_singular(home: Path, tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "TASKS.md").write_text("## Only\n- [ ] 1.1 The one task\n")
    proc = ralphy(home, "tasks", tmp_path / "one")
    assert proc.stdout.splitlines()[-1] == "TASKS.md: 1 task in 1 group: 0 completed, 0 in progress, 1 pending."


@pytest.fixture
def untrusted(tmp_path: Path) -> Path:
    """A stranger's repository whose .ralphy.toml names its own "Claude CLI": a script that leaves a mark."""
    root = user_project(tmp_path / "stranger", {"helper.md": "---\nname: helper\ndescription: Helps\n---\nbody\n"},
                        tasks="## Core\n- [ ] 1.1 One\n")
    script = root / "evil.sh"
    script.write_text(f"#!/bin/sh\ntouch {root / 'RAN'}\necho 2.1.100\n")
    script.chmod(0o755)
    (root / ".ralphy.toml").write_text('claude_bin = "./evil.sh"\ntest_command = "touch RAN"\n')
    return root


@pytest.mark.parametrize("command", [["agents", "list"], ["agents", "check"], ["agents", "gaps"],
                                     ["agents", "capabilities"], ["tasks"], ["status"], ["log"], ["doctor"]])
def test_reading_an_untrusted_repository_runs_nothing_it_chose(home: Path, untrusted: Path,
                                                               command: list[str]) -> None:
    proc = ralphy(home, *command, cwd=untrusted)  # where ./evil.sh resolves
    assert not (untrusted / "RAN").exists(), (command, proc.stdout, proc.stderr)
    if command != ["doctor"]:
        assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, proc.stderr
        assert "trust" not in proc.stderr, proc.stderr  # a read-only command needs no trust and says nothing of it


def test_doctor_says_an_untrusted_config_once_and_runs_none_of_it(home: Path, untrusted: Path) -> None:
    proc = ralphy(home, "doctor", env={"PATH": "/usr/bin:/bin"}, cwd=untrusted)
    assert proc.returncode == 1
    assert not (untrusted / "RAN").exists()
    lines = proc.stdout.splitlines()
    config = [line for line in lines if line.split()[1:2] == ["config:"]]
    assert len(config) == 1 and config[0].startswith("PROBLEM") and "sets claude_bin" in config[0], lines
    assert config[0].count("ralphy trust") == 1 and "->" not in config[0], config
    claude = [line for line in lines if line.split()[1:2] == ["claude:"]]
    assert len(claude) == 1 and "evil.sh" not in claude[0], lines  # the CLI checked is not the repository's
    assert claude[0].count("npm install") == 1, claude  # no CLI on PATH: how to install it, said once


def test_gaps_work_before_trust_and_dev_still_asks_for_it(home: Path, untrusted: Path) -> None:
    gaps = ralphy(home, "agents", "gaps", untrusted, env={"PATH": "/usr/bin:/bin"})
    assert gaps.returncode == 0 and gaps.stdout.startswith("Core (1 pending): "), gaps.stderr
    dev = ralphy(home, "dev", untrusted, env={"PATH": "/usr/bin:/bin"})
    assert dev.returncode == 1
    (line,) = dev.stderr.splitlines()
    assert line.startswith("ralphy: error: ") and "ralphy trust" in line and "claude_bin" in line
    assert not (untrusted / "RAN").exists()


# ------------------------------------------------------------------------------ usage errors: one line, said once
@pytest.mark.parametrize(("argv", "names"), [
    (["log", "-n", "0"], ["'-n'", "0", "ralphy log --help"]),
    (["status", "-v", "--bogus"], ["--bogus", "ralphy status --help"]),  # an option after the subcommand
    (["dev", "--max-iterations", "x"], ["--max-iterations", "'x'", "ralphy dev --help"]),
    (["dev", "--max-cost", "nan"], ["--max-cost", "nan"]),
    (["serve", "--port", "-1"], ["--port", "-1"]),
    (["report", "-o", "{tmp}"], ["--output", "is a directory"]),  # a directory for a file
    (["tasks", "{tmp}/missing"], ["missing", "does not exist"]),
    (["stauts"], ["stauts", "ralphy --help"]),
    (["agents", "lst"], ["lst", "list", "ralphy agents --help"]),
    (["--bogus", "status"], ["--bogus"]),
    (["answer", "x", "hi"], ["'x'", "ralphy answer --help"]),
])
def test_a_usage_error_is_one_line_naming_the_value(home: Path, tmp_path: Path, argv: list[str],
                                                    names: list[str]) -> None:
    proc = ralphy(home, *(arg.replace("{tmp}", str(tmp_path)) for arg in argv), cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    (line,) = proc.stderr.splitlines()
    assert line.startswith("ralphy: error: "), line
    for name in names:
        assert name in line, (name, line)


def test_an_empty_host_is_refused_and_an_unknown_one_names_the_host(home: Path, tmp_path: Path) -> None:
    empty = ralphy(home, "serve", tmp_path, "--host", "")
    assert empty.returncode == 2 and empty.stdout == ""  # it used to serve on every interface as "http://:8765/"
    (line,) = empty.stderr.splitlines()
    assert line.startswith("ralphy: error: ") and "--host" in line
    unknown = ralphy(home, "serve", tmp_path, "--host", "no-such-host.invalid", "--port", "0")
    assert unknown.returncode == 1
    (line,) = unknown.stderr.splitlines()
    assert "no-such-host.invalid" in line and "--host" in line and "--port" not in line, line


# ------------------------------------------------------------------------------------------ help said whole
def test_agents_help_gives_each_subcommand_its_whole_summary(home: Path) -> None:
    text = ralphy(home, "agents", "--help", columns=100).stdout
    assert "..." not in text.split("Commands:")[1], text  # click cut each summary at 45 characters with "..."
    flat = " ".join(text.split())
    assert "create Create a subagent for DESCRIPTION in PROJECT_DIR/.claude/agents/generated/ (default: here)." in flat
    assert "capabilities Which agent of PROJECT_DIR can use which tool (an agent without `tools` has them all)." in flat


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_help_is_not_wrapped_inside_a_hyphenated_word(home: Path, columns: int) -> None:
    for argv in (["agents", "create", "--help"], ["agents", "recommend", "--help"], ["dev", "--help"]):
        lines = ralphy(home, *argv, columns=columns).stdout.splitlines()
        assert lines, argv
        broken = [(a, b) for a, b in zip(lines, lines[1:]) if a.endswith("-") and b.strip()[:1].isalnum()]
        assert not broken, (argv, columns, broken)
    flat = " ".join(ralphy(home, "agents", "create", "--help", columns=columns).stdout.split())
    assert "claude-sonnet-4-6" in flat


# --------------------------------------------------------------------------------------- text without slips
def test_the_closing_line_does_not_say_its_status_twice() -> None:
    from ralphy.loop import RunSummary
    from ralphy.output import run_text

    def first(status: str, reason: str) -> str:
        return run_text(RunSummary(status, reason, 3, []), None)[0]

    assert first("circuit_open", "circuit breaker open: 3 iterations in a row ended in error; fix the cause") == (
        "ralphy: circuit breaker open: 3 iterations in a row ended in error; fix the cause")
    assert first("interrupted", "interrupted by a signal; state saved") == "ralphy: interrupted by a signal; state saved"
    assert first("usage_limit", "the weekly window is 95% used") == "ralphy: usage limit: the weekly window is 95% used"
    assert first("completed", "all 3 tasks in TASKS.md are completed") == (
        "ralphy: completed: all 3 tasks in TASKS.md are completed")


def test_report_of_a_missing_run_counts_the_runs_right(home: Path, tmp_path: Path) -> None:
    from ralphy.store import Store

    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=1_767_225_600.0, config_json={}, argv=["ralphy", "dev"])
        store.finish_run(run, status="completed", reason="done", exit_code=0, finished_at=1_767_225_660.0)
    proc = ralphy(home, "report", tmp_path, "--run", "5")
    assert proc.returncode == 1
    assert proc.stderr.startswith("ralphy: error: ") and proc.stderr.count("\n") == 1
    assert proc.stderr.endswith(f".ralphy/ralphy.db: there is no run 5 (the only run is {run})\n"), proc.stderr


@pytest.mark.e2e
def test_verification_turned_off_on_purpose_is_not_announced(home: Path, tmp_path: Path, claude_bin: str) -> None:
    project = tmp_path / "done"
    project.mkdir()
    (project / "TASKS.md").write_text("## Core\n- [x] 1.1 Done already\n")
    (project / "pyproject.toml").write_text('[tool.ralphy]\ntest_command = "pytest -q"\n')
    proc = ralphy(home, "dev", project, "--verify-command", "", "--claude-bin", claude_bin)
    assert proc.returncode == 0, proc.stderr
    assert "verification off" not in proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[0] == "ralphy: completed: the 1 task in TASKS.md is completed"  # not "all 1 tasks"


@pytest.mark.parametrize(("argv", "names"), [
    (["doctor", "--timeout", "nan"], ["--timeout", "nan"]),  # FloatRange(min=1) let nan through
    (["doctor", "--timeout", "inf"], ["--timeout", "inf"]),
    (["agents", "recommend", "  "], ["TASK", "empty"]),
])
def test_non_finite_numbers_and_blank_tasks_are_usage_errors(home: Path, tmp_path: Path, argv: list[str],
                                                            names: list[str]) -> None:
    proc = ralphy(home, *argv, tmp_path, env={"PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2 and proc.stdout == "", proc.stdout
    (line,) = proc.stderr.splitlines()
    assert line.startswith("ralphy: error: ") and all(name in line for name in names), line


def test_a_budget_the_finishing_iteration_used_up_is_no_alarm() -> None:
    """`ralphy dev --max-iterations 1` that finishes every task printed "circuit breaker open: iteration budget
    used" above "ralphy: completed": an alarm for a run that went well. A budget that stops work still shows."""
    from ralphy.claude.delegation import TaskOutcome
    from ralphy.loop import IterationReport
    from ralphy.output import iteration_text
    from ralphy.tasks import parse_tasks

    used = "iteration budget used: 1 of max_iterations=1 in this run"
    report = IterationReport(n=1, outcome="ok", cost_usd=0.2, duration_s=7.3, breaker_state="open",
                             breaker_reason=used, tasks_completed=[TaskOutcome("1.1", "a", "Core", "direct")])
    done = parse_tasks("## Core\n- [x] 1.1 a\n")
    assert not [line for line in iteration_text(report, done) if "circuit breaker" in line]
    left = parse_tasks("## Core\n- [x] 1.1 a\n- [ ] 1.2 b\n")
    assert f"  circuit breaker open: {used}" in iteration_text(report, left)
    stuck = IterationReport(n=3, outcome="ok", breaker_state="open", breaker_reason="no progress in 3 iterations")
    assert "  circuit breaker open: no progress in 3 iterations" in iteration_text(stuck, done)


# ------------------------------------------------------------------------------ Ctrl-C and the other stderr lines
def test_ctrl_c_outside_dev_is_one_line_and_exit_130(home: Path, tmp_path: Path) -> None:
    """Ctrl-C while `ralphy doctor` waits for the CLI said click's "Aborted!" and exited 1."""
    import signal
    import time

    fake = tmp_path / "claude"
    fake.write_text('#!/bin/sh\nif [ "$1" = "--version" ]; then echo "2.1.330 (Claude Code)"; exit 0; fi\n'
                    f"touch {tmp_path / 'started'}\nexec sleep 5\n")
    fake.chmod(0o755)
    environ = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
               "XDG_STATE_HOME": str(home / "state")}
    proc = subprocess.Popen([sys.executable, "-m", "ralphy", "doctor", str(tmp_path), "--claude-bin", str(fake)],
                            env=environ, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not (tmp_path / "started").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (out, err)
    assert err.splitlines() == ["ralphy: interrupted"], err


def test_trust_and_answer_say_their_notes_as_ralphy_lines(home: Path, tmp_path: Path) -> None:
    nothing = ralphy(home, "trust", cwd=tmp_path)
    assert nothing.returncode == 0
    assert nothing.stderr == f"ralphy: {tmp_path.resolve()} has no ralphy config (.ralphy.toml or [tool.ralphy]) to trust\n"
    (tmp_path / ".ralphy.toml").write_text('claude_bin = "claude"\n')
    trusted = ralphy(home, "trust", cwd=tmp_path)
    assert trusted.stdout.startswith("trusted ") and trusted.stderr == "ralphy: a change to it needs `ralphy trust` again\n"
    revoked = ralphy(home, "trust", "--revoke", cwd=tmp_path)
    assert revoked.stdout == f"{tmp_path.resolve()}: trust revoked\n"  # not ".: trust revoked"


def test_an_answer_that_cannot_be_delivered_is_a_ralphy_warning(home: Path, tmp_path: Path) -> None:
    from ralphy.store import Store

    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=1_767_225_600.0, config_json={}, argv=["ralphy", "dev"])
        it = store.start_iteration(run, 1, started_at=1_767_225_601.0, prompt_chars=10)
        question = store.add_question(it, session_id=None, text="Which one?", confidence=0.9, asked_at=1_767_225_602.0)
    proc = ralphy(home, "answer", str(question), "this one", tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ("ralphy: warning: no Claude session was recorded for it; the answer cannot be delivered "
                           "by resuming\n")


def test_a_task_file_without_tasks_is_one_error_and_no_verification_notice(home: Path, tmp_path: Path) -> None:
    """`ralphy dev` on a TASKS.md with no tasks printed "verification off: ..." (about work that never ran)
    before its error."""
    (tmp_path / "TASKS.md").write_text("Just notes, no tasks.\n")
    fake = tmp_path / "claude"
    fake.write_text('#!/bin/sh\nif [ "$1" = "--version" ]; then echo "2.1.330 (Claude Code)"; exit 0; fi\nexit 1\n')
    fake.chmod(0o755)
    proc = ralphy(home, "dev", tmp_path, "--claude-bin", fake)
    assert proc.returncode == 1
    assert proc.stdout == ""
    (line,) = proc.stderr.splitlines()
    assert line == (f"ralphy: error: {(tmp_path / 'TASKS.md').resolve()}: no tasks found (write them as `- [ ] ...` "
                    "items or `## Task N: ...` headings)")  # the hint `ralphy tasks` and `agents gaps` give too


def test_a_misspelt_variable_is_one_ralphy_warning_in_dev_too(home: Path, tmp_path: Path) -> None:
    """`ralphy dev` read the config before logging was set up (to start the CLI early), and the warning came out
    bare: "unknown environment variable RALPHY_MAX_ITERATONS ignored ..."."""
    (tmp_path / "TASKS.md").write_text("## Core\n- [x] 1.1 Done already\n")
    fake = tmp_path / "claude"
    fake.write_text('#!/bin/sh\nif [ "$1" = "--version" ]; then echo "2.1.330 (Claude Code)"; exit 0; fi\nexit 1\n')
    fake.chmod(0o755)
    for argv in (["dev", tmp_path], ["dev", tmp_path, "-v"], ["status", tmp_path]):
        proc = ralphy(home, *argv, env={"RALPHY_MAX_ITERATONS": "3", "RALPHY_CLAUDE_BIN": str(fake),
                                        "RALPHY_VERIFY_COMMAND": ""})
        assert proc.returncode == 0, proc.stderr
        warnings = [line for line in proc.stderr.splitlines() if "RALPHY_MAX_ITERATONS" in line]
        assert len(warnings) == 1, (argv, proc.stderr)
        assert warnings[0].endswith("unknown environment variable RALPHY_MAX_ITERATONS ignored "
                                    "(did you mean RALPHY_MAX_ITERATIONS?)"), warnings
        assert warnings[0].startswith(("ralphy: warning: ", "WARNING ralphy.config: ")), warnings  # -v: logger style


def test_answer_errors_show_times_and_folders_as_the_other_commands_do(home: Path, tmp_path: Path) -> None:
    from ralphy.store import Store

    none = ralphy(home, "answer", "1", "hi", cwd=tmp_path)
    assert none.returncode == 1
    assert none.stderr == f"ralphy: error: there is no question 1: {tmp_path.resolve()} has no runs yet\n"  # not "."
    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=1_767_225_600.0, config_json={}, argv=["ralphy", "dev"])
        it = store.start_iteration(run, 1, started_at=1_767_225_601.0, prompt_chars=10)
        question = store.add_question(it, session_id="s1", text="Which one?", confidence=0.9, asked_at=1_767_225_602.0)
    assert ralphy(home, "answer", str(question), "this one", tmp_path).returncode == 0
    again = ralphy(home, "answer", str(question), "that one", tmp_path)
    assert again.returncode == 1
    (line,) = again.stderr.splitlines()
    import re

    assert re.search(rf"question {question} was already answered at \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d$", line), line


def test_gaps_on_a_task_file_without_tasks_says_so(home: Path, tmp_path: Path) -> None:
    (tmp_path / "TASKS.md").write_text("Just notes, no tasks.\n")
    proc = ralphy(home, "agents", "gaps", tmp_path)
    assert proc.returncode == 0, proc.stderr
    said = "TASKS.md: no tasks found (write them as `- [ ] ...` items or `## Task N: ...` headings)\n"
    assert proc.stdout == said  # not docs/tasks.md, which a pip install does not have
    assert ralphy(home, "tasks", tmp_path).stdout == said
    (tmp_path / "TASKS.md").write_text("## Core\n- [x] 1.1 Done\n")
    assert ralphy(home, "agents", "gaps", tmp_path).stdout == "No pending task groups.\n"


def test_agents_list_names_the_shadowed_file_even_when_the_column_is_cut(tmp_path: Path, home: Path) -> None:
    """Two files of one folder with the same name (as in vijaythecoder's corpus, vue/): the SHADOWS cell used to
    be `project:/tmp/.../.claude/agents/specialized/…`, cut before the only part that says which file."""
    project = tmp_path / "a-long-project-folder-name" / "and-deeper-still"
    folder = project / ".claude" / "agents" / "specialized" / "vue"
    folder.mkdir(parents=True)
    (folder / "vue-component-architect.md").write_text("---\nname: vue-component-architect\ndescription: Vue.\n---\nb\n")
    (folder / "vue-state-manager.md").write_text("---\nname: vue-component-architect\ndescription: Pinia.\n---\nb\n")
    done = ralphy(home, "agents", "list", project, columns=100)
    assert done.returncode == 0, done.stderr
    [row] = [line for line in done.stdout.splitlines() if line.startswith("vue-component-architect")]
    shadowed_file = "vue-state-manager.md" if "Vue." in row else "vue-component-architect.md"
    assert shadowed_file in row and columns(row) <= 100
