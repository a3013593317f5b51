"""The report page built from real SQLite histories written through the Store: the facts a reader looks for.

Each history is written by hand below, with what the page must say worked out beforehand.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.cli import cli
from ralphy.errors import StoreError
from ralphy.report import load_report, render_report
from ralphy.store import Store, db_path
from tests.report.histories import T0, long_run
from tests.report.page import read, rows, section_text

HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def delegation_run(project: Path) -> None:
    """Two iterations: #1 delegates Core library (1.1, 1.2) to tdd-orchestrator and does 2.1 directly; #2 asks."""
    with Store.open(project) as store:
        run = store.start_run(started_at=T0, argv=["ralphy", "dev"])
        it = store.start_iteration(run, 1, started_at=T0, prompt_chars=3000)
        store.add_delegation(it, tool_use_id="t1", agent="tdd-orchestrator", description="Tasks 1.1, 1.2: Core library",
                             task_ids=["1.1", "1.2"], status="completed")
        store.add_task_outcome(it, task_id="1.1", title="Add a greet function", group="Core library",
                               handled_by="tdd-orchestrator")
        store.add_task_outcome(it, task_id="1.2", title="Reject an empty name", group="Core library",
                               handled_by="tdd-orchestrator")
        store.add_task_outcome(it, task_id="2.1", title="Write the usage section", group="Documentation",
                               handled_by="direct")
        store.finish_iteration(it, outcome="ok", finished_at=T0 + 90, session_id="s1", cost_usd=0.25, num_turns=9,
                               breaker_state="closed", result_text="All three tasks are done and tested.")
        it2 = store.start_iteration(run, 2, started_at=T0 + 100, prompt_chars=3100)
        store.add_question(it2, session_id="s2", text="Should greet() accept None?", confidence=0.9, asked_at=T0 + 130)
        store.finish_iteration(it2, outcome="question", finished_at=T0 + 130, session_id="s2", cost_usd=0.05,
                               num_turns=2, breaker_state="closed", result_text="Should greet() accept None?")
        store.finish_run(run, status="question", reason="Claude asked: Should greet() accept None?", exit_code=4,
                         finished_at=T0 + 131)


def page_of(project: Path, run_id: int | None = None) -> str:
    return render_report(load_report(project, run_id))


def test_delegation_run_says_who_did_which_group(tmp_path):
    delegation_run(tmp_path)
    html = page_of(tmp_path)
    groups = rows(html, "group")
    assert [g[:4] for g in groups] == [
        ["Core library", "delegated to tdd-orchestrator", "1.1 1.2", "not checked"],
        ["Documentation", "done directly", "2.1", "not checked"],
    ]
    assert groups[1][4] == "—"
    agents = rows(html, "agent-row")
    assert [a[:3] for a in agents] == [["tdd-orchestrator", "1", "2 (1.1, 1.2)"], ["direct", "—", "1 (2.1)"]]
    run = section_text(html, "run")
    assert "Run 1 question" in run and "Claude asked: Should greet() accept None?" in run
    for fact in ("Tasks done 3", "Delegated 2", "Iterations 2", "Duration 2m 11s", "Cost $0.30", "Turns 11",
                 "Exit code 4", "Started 2026-01-01 00:00:00 UTC"):
        assert fact in run, fact
    timeline = rows(html, "iteration")
    assert [r[:7] for r in timeline] == [
        ["1", "00:00:00", "ok", "1m 30s", "$0.25", "3 (3)", "closed"],
        ["2", "00:01:40", "question", "30s", "$0.05", "0 (3)", "closed"],
    ]
    assert "→ tdd-orchestrator [1.1, 1.2] completed “Tasks 1.1, 1.2: Core library”" in timeline[0][7]
    assert "✓ 2.1 Write the usage section (Documentation) by direct" in timeline[0][7]
    assert "Claude says (its own words, not checked) All three tasks are done and tested." in timeline[0][7]
    questions = section_text(html, "questions")
    assert "run 1, iteration 2" in questions and "Should greet() accept None?" in questions
    assert 'ralphy answer 1 "..."' in questions
    assert section_text(html, "breaker") == "Circuit breaker It stayed closed."


def test_static_page_is_self_contained_and_has_no_script(tmp_path):
    delegation_run(tmp_path)
    html = page_of(tmp_path)
    page = read(html)
    assert page.scripts == 0
    csp = [a["content"] for tag, a in page.tags if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert csp and "default-src 'none'" in csp[0] and "script-src" not in csp[0]
    fetching = [(tag, a) for tag, a in page.tags if {"src", "href", "action"} & set(a)]
    assert fetching == []  # nothing loaded, nothing linked: it works from file://, a mail, a CI artifact
    assert "url(" not in html and "@import" not in html
    assert html.count("<svg") == 1  # the chart, drawn inline


def test_untrusted_text_is_escaped_everywhere(tmp_path):
    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=T0, argv=["ralphy", "dev", HOSTILE])
        it = store.start_iteration(run, 1, started_at=T0)
        store.add_delegation(it, tool_use_id="t", agent=HOSTILE, description=HOSTILE, task_ids=[HOSTILE],
                             status="failed", error=HOSTILE)
        store.add_task_outcome(it, task_id=HOSTILE, title=HOSTILE, group=HOSTILE, handled_by=HOSTILE)
        store.add_question(it, session_id=None, text=HOSTILE, confidence=1.0)
        store.finish_iteration(it, outcome="failed", finished_at=T0 + 1, error=HOSTILE, breaker_state="open",
                               breaker_reason=HOSTILE, result_text=HOSTILE + "</blockquote></details></td>")
        store.finish_run(run, status=HOSTILE, reason=HOSTILE, finished_at=T0 + 2)
    html = page_of(tmp_path)
    page = read(html)
    assert page.scripts == 0 and not [t for t, _ in page.tags if t == "img"]
    assert not any(k.startswith("on") for _, a in page.tags for k in a)
    assert html.count("&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;") >= 10
    assert section_text(html, "groups").count(HOSTILE) == 4  # group, who, task id (title attribute aside), agent
    assert [r[0] for r in rows(html, "iteration")] == ["1"]  # the claim's closing tags did not break the table


def test_text_that_draws_nothing_is_shown_as_an_escape(tmp_path):
    """An agent 'code\u200b-reviewer' read 'code-reviewer' on the page (hostile16 fixed the terminal only); an emoji's
    joiner, which draws the emoji, stays."""
    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=T0, argv=["ralphy", "dev"])
        it = store.start_iteration(run, 1, started_at=T0)
        store.add_delegation(it, tool_use_id="t", agent="code\u200b-reviewer", description="Tasks 1.1: Core\u2060",
                             task_ids=["1.1"], status="completed")
        store.add_task_outcome(it, task_id="1.1", title="Ship \U0001F469\u200d\U0001F4BB\u00ad", group="Core\u2060",
                               handled_by="code\u200b-reviewer")
        store.finish_iteration(it, outcome="ok", finished_at=T0 + 1, breaker_state="closed", result_text="ok\ufeff")
        store.finish_run(run, status="completed", reason="done", finished_at=T0 + 2)
    html = page_of(tmp_path)
    assert not any(ch in html for ch in "\u200b\u2060\u00ad\ufeff")
    assert "code\\u200b-reviewer" in html and "Core\\u2060" in html and "ok\\ufeff" in html
    assert "\U0001F469\u200d\U0001F4BB\\xad" in html


def test_one_iteration_run_with_no_agents(tmp_path):
    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=T0)
        it = store.start_iteration(run, 1, started_at=T0)
        store.add_task_outcome(it, task_id="1", title="Only task", group="Task 1: Only task", handled_by="direct")
        store.finish_iteration(it, outcome="ok", finished_at=T0 + 5, cost_usd=0.01, breaker_state="closed")
        store.finish_run(run, status="completed", reason="all 1 tasks in TASKS.md are completed", exit_code=0,
                         finished_at=T0 + 6)
    html = page_of(tmp_path)
    assert rows(html, "group") == [["Task 1: Only task", "done directly", "1", "not checked", "—", "—"]]
    assert rows(html, "agent-row") == [["direct", "—", "1 (1)", "—", "—", "—"]]
    assert len(rows(html, "iteration")) == 1
    assert "Run 1 completed" in section_text(html, "run")
    assert 'points="44.0,174.0 904.0,12.0" class="tasks"' in html  # 0 -> 1 of 1 task; plot 44..904 x 12..174


def test_interrupted_run_and_an_unfinished_iteration(tmp_path):
    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=T0)
        it = store.start_iteration(run, 1, started_at=T0)
        store.finish_iteration(it, outcome="interrupted", finished_at=T0 + 3, is_error=True, error="interrupted",
                               breaker_state="closed")
        store.finish_run(run, status="interrupted", reason="interrupted by a signal; state saved", exit_code=130,
                         finished_at=T0 + 4)
        killed = store.start_run(started_at=T0 + 10)  # ralphy was killed -9 in its first iteration
        store.start_iteration(killed, 1, started_at=T0 + 10)
    first = page_of(tmp_path, 1)
    assert "Run 1 interrupted" in section_text(first, "run") and "Exit code 130" in section_text(first, "run")
    assert rows(first, "iteration")[0][2] == "interrupted"
    assert "No task was completed in this run." in section_text(first, "groups")
    last = page_of(tmp_path)
    assert "Run 2 running" in section_text(last, "run") and "Not finished" in section_text(last, "run")
    assert rows(last, "iteration")[0][2:4] == ["running", "—"]
    assert "Other runs in this history: run 1 (interrupted)" in re.sub(r"\s+", " ", last)


def test_errored_run_shows_the_error_and_breaker_trips(tmp_path):
    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=T0)
        for n, state, reason in [(1, "closed", None), (2, "half_open", "2 iterations in a row ended in error"),
                                 (3, "open", "3 iterations in a row ended in error (last: HTTP 529: Overloaded)")]:
            it = store.start_iteration(run, n, started_at=T0 + 10 * n)
            store.finish_iteration(it, outcome="failed", finished_at=T0 + 10 * n + 5, is_error=True,
                                   error="HTTP 529: Overloaded", breaker_state=state, breaker_reason=reason)
        store.finish_run(run, status="circuit_open", reason="circuit breaker open: 3 iterations in a row ended in "
                         "error; fix the cause, then run `ralphy reset`", exit_code=3, finished_at=T0 + 40)
    html = page_of(tmp_path)
    assert section_text(html, "breaker") == (
        "Circuit breaker after iteration 2: half-open — 2 iterations in a row ended in error "
        "after iteration 3: open — 3 iterations in a row ended in error (last: HTTP 529: Overloaded)"
    )
    assert all("error: HTTP 529: Overloaded" in r[7] for r in rows(html, "iteration"))
    assert html.count('class="fail"') == 3 and html.count('class="trip trip-') == 2


def test_500_iterations_stay_small(tmp_path):
    long_run(tmp_path, 500)
    html = page_of(tmp_path)
    assert len(html.encode()) < 2_000_000
    assert len(rows(html, "iteration")) == 500
    done = "Tasks done " + str(2 * 500 - 2 * (500 // 9))  # a failed delegation every 9th iteration completes nothing
    assert done in section_text(html, "run")
    agents = {r[0]: r for r in rows(html, "agent-row")}
    assert agents["backend-dev"][1] == "166 (55 failed)"  # n % 3 == 0: 166 n in 1..500; all 55 with n % 9 == 0
    assert len(rows(html, "group")) == 25


def test_500_iterations_with_checks_and_evidence_stay_under_2_mb(tmp_path):
    """Most runs check their work: each iteration then has ralphy's check with its output, each delegation its
    files, commands and usage, and Claude's summary is a real one's length (1.5 KB). Such a page was 2.8 MB
    (report20). The long texts share the page: the newest iteration's claim and output are there, and each cut
    says how much is left out and where it is."""
    long_run(tmp_path, 500, checks=True)
    html = page_of(tmp_path)
    assert len(html.encode()) < 2_000_000, f"{len(html.encode()):,} bytes"
    assert len(rows(html, "iteration")) == 500
    last = rows(html, "iteration")[-1][7]
    assert "26 passed in 4.21s" in last  # a check's output keeps its end: the line that says how it went
    assert "more characters in the transcript" in last  # the claim is cut, and says so
    assert "3 files, 45.0k tokens, 1m 01s" in last


def test_a_short_run_keeps_its_long_texts_whole(tmp_path):
    long_run(tmp_path, 20, checks=True)
    html = page_of(tmp_path)
    assert "more characters in the transcript" not in html  # 1.5 KB claims: nothing cut in a short run
    assert html.count("tests/test_config.py::test_parse_25 PASSED") == 18  # every check's output whole (9, 18 failed)


def test_a_long_claim_is_cut_and_says_so(tmp_path):
    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=T0)
        it = store.start_iteration(run, 1, started_at=T0)
        store.finish_iteration(it, outcome="ok", finished_at=T0 + 1, result_text="x" * 10_000)
    html = page_of(tmp_path)
    assert "(6000 more characters in the transcript)" in html and "x" * 4001 not in html


def test_verification_and_evidence_are_shown(tmp_path):
    """A check after iteration 1 passed; iteration 2 ticked 3.1 without changing a file and its check failed."""
    with Store.open(tmp_path) as store:
        run = store.start_run(started_at=T0)
        it = store.start_iteration(run, 1, started_at=T0)
        store.add_delegation(it, tool_use_id="t1", agent="tdd-orchestrator", description="Tasks 1.1, 1.2: Core",
                             task_ids=["1.1", "1.2"], status="completed",
                             files_changed=["src/greet.py", "tests/test_greet.py"], bash_commands=["pytest -q"],
                             usage={"total_tokens": 41200, "tool_uses": 7, "duration_ms": 38000}, duration_s=38.0,
                             cost_share=0.75)
        for task_id in ("1.1", "1.2"):
            store.add_task_outcome(it, task_id=task_id, title=f"Task {task_id}", group="Core",
                                   handled_by="tdd-orchestrator", verified=True)
        store.add_verification(run, it, command="pytest -q", exit_code=0, passed=True, duration_s=2.5,
                               output_tail="12 passed in 2.1s")
        store.finish_iteration(it, outcome="ok", finished_at=T0 + 60, cost_usd=0.40)
        it2 = store.start_iteration(run, 2, started_at=T0 + 70)
        store.add_task_outcome(it2, task_id="3.1", title="Docs", group="Docs", handled_by="direct", verified=False,
                               claimed_without_changes=True)
        store.add_verification(run, it2, command="pytest -q", exit_code=1, passed=False, duration_s=1.5,
                               output_tail="1 failed, 12 passed")
        store.finish_iteration(it2, outcome="ok", finished_at=T0 + 80, cost_usd=0.10)
        store.finish_run(run, status="circuit_open", reason="checks failed", exit_code=3, finished_at=T0 + 81)
    html = page_of(tmp_path)
    assert rows(html, "group") == [
        ["Core", "delegated to tdd-orchestrator", "1.1 1.2", "verified",
         "tdd-orchestrator: 2 files, 41.2k tokens, 38s, $0.30, 7 tool uses, 1 command src/greet.py "
         "tests/test_greet.py $ pytest -q", "—"],
        ["Docs", "done directly", "3.1", "not verified ticked without changing any file: 3.1", "—", "—"],
    ]
    # tdd-orchestrator: 0.75 of iteration 1's $0.40 = $0.30, of the run's $0.50 = 60%
    assert rows(html, "agent-row")[0] == ["tdd-orchestrator", "1", "2 (1.1, 1.2)", "41.2k", "60% $0.30", "38s"]
    timeline = rows(html, "iteration")
    assert "ralphy's check passed: pytest -q exit 0, 2.5s output 12 passed in 2.1s" in timeline[0][7]
    assert "ticked without changing any file: 3.1" in timeline[1][7]
    assert "ralphy's check failed: pytest -q exit 1, 1.5s" in timeline[1][7]
    assert "ralphy's check failed" in section_text(html, "run")


def test_a_history_from_before_verification_still_reads(tmp_path):
    delegation_run(tmp_path)
    db = sqlite3.connect(db_path(tmp_path))  # as ralphy wrote it before migration 2: no checks, no evidence
    db.execute("DROP TABLE verifications")
    for table, column in [("task_outcomes", "verified"), ("task_outcomes", "claimed_without_changes"),
                          ("delegations", "files_changed_json"), ("delegations", "bash_commands_json"),
                          ("delegations", "usage_json"), ("delegations", "duration_s"), ("delegations", "cost_share")]:
        db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    html = page_of(tmp_path)
    assert [g[:5] for g in rows(html, "group")] == [
        ["Core library", "delegated to tdd-orchestrator", "1.1 1.2", "not checked", "tdd-orchestrator: —"],
        ["Documentation", "done directly", "2.1", "not checked", "—"],
    ]
    assert "ralphy's check —" in section_text(html, "run")


def test_the_history_is_read_not_written(tmp_path):
    delegation_run(tmp_path)
    path = db_path(tmp_path)
    before = hashlib.sha256(path.read_bytes()).hexdigest(), sorted(p.name for p in path.parent.iterdir())
    render_report(load_report(tmp_path))
    after = hashlib.sha256(path.read_bytes()).hexdigest(), sorted(p.name for p in path.parent.iterdir())
    assert after == before


@pytest.mark.parametrize("content, message", [
    (b"", "not a ralphy history"),
    (b"this is not a database at all" * 10, "not a usable SQLite database"),
])  # fmt: skip
def test_a_file_that_is_not_a_history_is_one_clear_error(tmp_path, content, message):
    path = db_path(tmp_path)
    path.parent.mkdir()
    path.write_bytes(content)
    with pytest.raises(StoreError, match=message):
        load_report(tmp_path)
    assert path.read_bytes() == content


def test_another_applications_database_is_refused(tmp_path):
    path = db_path(tmp_path)
    path.parent.mkdir()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE runs (id INTEGER)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="not a ralphy history"):
        load_report(tmp_path)


# ------------------------------------------------------------------------------------------------- the command


def test_report_command_writes_the_default_file(tmp_path):
    delegation_run(tmp_path)
    result = CliRunner().invoke(cli, ["report", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    path = tmp_path / ".ralphy" / "reports" / "run1.html"
    assert result.output.strip() == str(path)
    assert rows(path.read_text(), "group")[0][:2] == ["Core library", "delegated to tdd-orchestrator"]


def test_report_command_run_and_output_options(tmp_path):
    delegation_run(tmp_path)
    long_run(tmp_path, 3)
    out = tmp_path / "out" / "first.html"
    result = CliRunner().invoke(cli, ["report", str(tmp_path), "--run", "1", "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0 and out.is_file()
    assert "Run 1 question" in section_text(out.read_text(), "run")
    stdout = CliRunner().invoke(cli, ["report", str(tmp_path), "-o", "-"], catch_exceptions=False)
    assert "Run 2 completed" in section_text(stdout.output, "run")


@pytest.mark.parametrize("args, message", [
    (["--run", "9"], "there is no run 9 (the only run is 1)"),  # not "the last runs are 1"
    ([], None),
])  # fmt: skip
def test_report_command_errors_are_one_line(tmp_path, args, message):
    if message:
        delegation_run(tmp_path)
    result = CliRunner().invoke(cli, ["report", str(tmp_path), *args])
    assert result.exit_code == 1
    expected = message or "no history here yet (run `ralphy dev` first)"
    assert result.output.count("\n") == 1 and result.output.startswith("ralphy: error: ") and expected in result.output
    assert not (tmp_path / ".ralphy" / "reports").exists()


def test_open_hands_the_file_to_the_users_browser(tmp_path):
    delegation_run(tmp_path)
    seen = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\nprintf "%s" "$1" > {seen}\n')
    browser.chmod(0o755)
    env = {**os.environ, "BROWSER": str(browser)}
    proc = subprocess.run([sys.executable, "-m", "ralphy", "report", str(tmp_path), "--open"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    path = tmp_path / ".ralphy" / "reports" / "run1.html"
    assert seen.read_text() == path.resolve().as_uri()


def test_a_reports_folder_that_is_a_link_is_refused(tmp_path):
    delegation_run(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / ".ralphy" / "reports").symlink_to(elsewhere)  # as a cloned repository could ship it
    result = CliRunner().invoke(cli, ["report", str(tmp_path)])
    assert result.exit_code == 1 and result.output.startswith("ralphy: error: ") and "link" in result.output
    assert list(elsewhere.iterdir()) == []


def test_the_cli_version_comes_from_a_transcript_only_inside_the_project(tmp_path):
    transcript = tmp_path / ".ralphy" / "transcripts" / "run1-iteration1.jsonl"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with Store.open(tmp_path) as store:
        for path in (fifo, "/etc/passwd", transcript):
            run = store.start_run(started_at=T0)
            it = store.start_iteration(run, 1, started_at=T0)
            store.finish_iteration(it, outcome="ok", finished_at=T0 + 1, transcript_path=path)
    transcript.parent.mkdir(parents=True)
    transcript.write_text('{"type":"system","subtype":"hook_started"}\n'
                          '{"type":"system","subtype":"init","claude_code_version":"2.1.62","session_id":"s"}\n')
    assert [load_report(tmp_path, n).cli_version for n in (1, 2, 3)] == [None, None, "2.1.62"]  # the FIFO: no hang


TASKS_MD = """# Tasks

## Core library
- [x] 1.1 Add a greet function
- [x] 1.2 Reject an empty name

## Documentation
- [x] 2.1 Write the usage section

## Packaging
- [ ] 3.1 Build a wheel
- [x] 3.2 Add a licence
"""


def completed_in_another_order(project: Path) -> None:
    """The run completed its groups in another order than TASKS.md lists them (a background subagent's tick can
    land after the main agent's): Packaging's 3.2 in iteration 1, Documentation in 2, Core library's 1.2 then 1.1
    in 3, and a group the file no longer has in 3."""
    (project / "TASKS.md").write_text(TASKS_MD)
    with Store.open(project) as store:
        run = store.start_run(started_at=T0)
        done = [[("3.2", "Add a licence", "Packaging")], [("2.1", "Write the usage section", "Documentation")],
                [("1.2", "Reject an empty name", "Core library"), ("1.1", "Add a greet function", "Core library"),
                 ("9.1", "Old task", "Removed since")]]
        for n, tasks in enumerate(done, 1):
            it = store.start_iteration(run, n, started_at=T0 + 10 * n)
            for task_id, title, group in tasks:
                store.add_task_outcome(it, task_id=task_id, title=title, group=group, handled_by="direct")
            store.finish_iteration(it, outcome="ok", finished_at=T0 + 10 * n + 5, cost_usd=0.01)
        store.finish_run(run, status="max_iterations", reason="3 iterations", exit_code=3, finished_at=T0 + 50)


def test_groups_are_in_the_task_files_order_with_what_is_done(tmp_path):
    completed_in_another_order(tmp_path)
    groups = rows(page_of(tmp_path), "group")
    # worked out by hand from TASKS_MD: file order, then what the file no longer has; ids in file order
    assert [(g[0], g[2], g[-1]) for g in groups] == [
        ("Core library", "1.1 1.2", "✓ all 2 done"),
        ("Documentation", "2.1", "✓ all 1 done"),
        ("Packaging", "3.2", "1/2 done"),
        ("Removed since", "9.1", "—"),
    ]


def test_without_a_task_file_the_groups_keep_the_runs_order(tmp_path):
    completed_in_another_order(tmp_path)
    (tmp_path / "TASKS.md").unlink()
    assert [g[0] for g in rows(page_of(tmp_path), "group")] == [
        "Packaging", "Documentation", "Core library", "Removed since"]
