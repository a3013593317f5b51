"""``ralphy log / status / questions / answer`` with CliRunner against real databases filled through the Store."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from datetime import timedelta
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner, Result

from ralphy.breaker import BREAKER_FILE, CircuitBreaker, IterationOutcome
from ralphy.cli import cli
from ralphy.store import Store, db_path
from tests.test_store import T0, _fill

TASKS = """# Shop
## Models
- [x] 1.1 User model
- [x] 1.2 Password hashing
- [ ] 1.3 Orders
## Docs
- [ ] 2.1 README
"""

RUN_KEYS = {"id", "started_at", "finished_at", "duration_seconds", "status", "reason", "exit_code", "config", "argv",
            "iterations", "verification", "ralphy_version", "claude_version", "tasks_done", "tasks_total"}  # fmt: skip
ITERATION_KEYS = {
    "id", "run_id", "n", "started_at", "finished_at", "duration_seconds", "prompt_chars", "resumed_session",
    "session_id", "outcome", "is_error", "error", "cost_usd", "num_turns", "breaker_state", "breaker_reason",
    "transcript_path", "result_text", "delegations", "tasks", "verification",
}  # fmt: skip
QUESTION_KEYS = {"id", "run_id", "iteration_id", "iteration_n", "session_id", "text", "confidence", "task_key",
                 "asked_at", "answer", "answered_at", "answered_by", "delivered_iteration_id", "header", "options",
                 "multi_select"}  # fmt: skip

RUN_1_TEXT = """\
Run 1 · 2025-03-01 09:30:00 · 2m 11s · paused: question pending (exit 0)
  #1  09:30:00   1m 35s  ok            $0.42  17 turns  breaker closed
      backend-dev → 1.1, 1.2 (completed)
      nope (failed: Agent type 'nope' not found)
      done directly: 2.1
  #2  09:31:40      30s  question      $0.05  3 turns  breaker closed
  total: 2 iterations, $0.47, 20 turns
"""


@pytest.fixture(autouse=True)
def utc() -> Iterator[None]:
    """Text output shows local time: make local time UTC so the expected text is exact."""
    old = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()


@pytest.fixture
def shop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The project, and the folder the commands run in: the hints they print (`ralphy reset`, `ralphy answer 1
    "..."`) then read as typed there (tests/test_hints_name_the_project.py runs them from another folder)."""
    root = tmp_path / "shop"
    root.mkdir()
    (root / "TASKS.md").write_text(TASKS)
    monkeypatch.chdir(root)
    return root


def ralphy(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _second_run(store: Store) -> int:
    """A run that is still going: its second iteration has not finished."""
    run = store.start_run(started_at=T0 + timedelta(hours=1), config_json="{}", argv=["ralphy", "dev"])
    first = store.start_iteration(run, 1, started_at=T0 + timedelta(hours=1), prompt_chars=10, resumed_session="sess-2")
    store.finish_iteration(
        first, finished_at=T0 + timedelta(hours=1, seconds=5), outcome="failed", is_error=True, error="API Error: 529",
        breaker_state="half_open", breaker_reason="no progress in 2 iterations",
    )  # fmt: skip
    store.start_iteration(run, 2, started_at=T0 + timedelta(hours=1, seconds=10))
    return run


# -------------------------------------------------------------------------------------------- no database


@pytest.mark.parametrize("command", ["log", "status", "questions"])
def test_read_commands_never_create_the_database(shop: Path, command: str) -> None:
    for args in ([command, shop], [command, shop, "--json"]):
        result = ralphy(*args)
        assert result.exit_code == 0, result.output
    assert not (shop / ".ralphy").exists()


def test_no_runs_yet(shop: Path) -> None:
    assert ralphy("log", shop).stdout == f"No runs yet in {shop}. Start one with `ralphy dev`.\n"
    assert json.loads(ralphy("log", shop, "--json").stdout) == []
    assert ralphy("questions", shop).stdout == "No pending questions.\n"
    assert json.loads(ralphy("questions", shop, "--json").stdout) == []
    assert "Last run: none yet" in ralphy("status", shop).stdout


def test_answer_with_no_database_is_an_error_and_creates_nothing(shop: Path) -> None:
    result = ralphy("answer", "1", "yes", shop)
    assert result.exit_code == 1
    assert result.stderr == f"ralphy: error: there is no question 1: {shop} has no runs yet\n"
    assert not (shop / ".ralphy").exists()


# ---------------------------------------------------------------------------------------------------- log


def test_log_shows_the_last_run_iteration_by_iteration(shop: Path) -> None:
    with Store.open(shop) as store:
        _fill(store)
    result = ralphy("log", shop)
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout == RUN_1_TEXT


def test_log_n_and_run_pick_runs(shop: Path) -> None:
    with Store.open(shop) as store:
        _fill(store)
        _second_run(store)
    last = ralphy("log", shop).stdout
    assert last == (
        "Run 2 · 2025-03-01 10:30:00 · not finished (still running, or ralphy was killed)\n"
        "  #1  10:30:00       5s  failed            -  turns unknown  breaker half-open (no progress in 2 iterations)\n"
        "      resumed session sess-2\n"
        "      error: API Error: 529\n"
        "  #2  10:30:10  not finished\n"
        "  total: 2 iterations, $0.00\n"
    )
    assert ralphy("log", shop, "-n", "2").stdout == RUN_1_TEXT + "\n" + last
    assert ralphy("log", shop, "-n", "5").stdout == RUN_1_TEXT + "\n" + last
    assert ralphy("log", shop, "--run", "1").stdout == RUN_1_TEXT


def test_log_json_is_a_list_of_runs_with_their_iterations(shop: Path) -> None:
    with Store.open(shop) as store:
        _fill(store)
        _second_run(store)
    runs = json.loads(ralphy("log", shop, "--json", "-n", "2").stdout)
    assert [run["id"] for run in runs] == [1, 2]
    assert all(set(run) == RUN_KEYS | {"permissions"} for run in runs)
    assert all(set(it) == ITERATION_KEYS for run in runs for it in run["iterations"])
    first = runs[0]["iterations"][0]
    assert first["delegations"][0] == {
        "tool_use_id": "toolu_1", "agent": "backend-dev", "description": "Task 1.1 and 1.2", "task_ids": ["1.1", "1.2"],
        "status": "completed", "error": None, "files_changed": [], "bash_commands": [], "usage": None,
        "duration_s": None, "cost_share": None,
    }  # fmt: skip
    assert first["tasks"][2] == {"task_id": "2.1", "title": "README", "group": "Docs", "handled_by": "direct",
                                 "verified": None, "claimed_without_changes": False}
    assert (first["outcome"], first["cost_usd"], first["duration_seconds"]) == ("ok", 0.42, 95.0)
    assert runs[1]["finished_at"] is None and runs[1]["iterations"][1]["outcome"] is None
    assert json.loads(ralphy("log", shop, "--json").stdout) == runs[1:]


def test_log_bad_choices_are_clear_errors(shop: Path) -> None:
    with Store.open(shop) as store:
        _fill(store)
    unknown = ralphy("log", shop, "--run", "9")
    assert unknown.exit_code == 1
    assert unknown.stderr == f"ralphy: error: {db_path(shop)}: there is no run 9\n"
    both = ralphy("log", shop, "--run", "1", "-n", "2")
    assert both.exit_code == 2 and "give --run or -n, not both" in both.stderr
    assert ralphy("log", shop, "-n", "0").exit_code == 2


def test_a_foreign_database_is_one_line_and_left_alone(shop: Path) -> None:
    path = db_path(shop)
    path.parent.mkdir()
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE photos (name TEXT)")
    raw.commit()
    raw.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    for command in ("log", "status", "questions"):
        result = ralphy(command, shop)
        assert result.exit_code == 1
        assert result.stderr == (
            f"ralphy: error: {path}: an SQLite database of another application, not ralphy's; not touching it\n"
        )
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


# ------------------------------------------------------------------------------------------------- status


def _open_breaker(project: Path) -> CircuitBreaker:
    breaker = CircuitBreaker()
    for _ in range(breaker.settings.failures_open):
        breaker.record(IterationOutcome(failed=True, error="API Error: 529 Overloaded"))
    assert breaker.state.value == "open"
    breaker.save(project / BREAKER_FILE)
    return breaker


def test_status_shows_breaker_tasks_last_run_and_questions(shop: Path) -> None:
    breaker = _open_breaker(shop)
    with Store.open(shop) as store:
        _fill(store)
    result = ralphy("status", shop)
    assert result.exit_code == 0 and result.stderr == ""
    indented_run = "".join("  " + line + "\n" for line in RUN_1_TEXT.splitlines())
    assert result.stdout == (
        f"Breaker: open ({breaker.reason})\n"
        "  fix the cause, then close it with `ralphy reset`\n"
        "Tasks (TASKS.md): 2/4 done\n"
        "  Models  2/3\n"
        "  Docs    0/1\n"
        "Last run:\n"
        f"{indented_run}"
        "Pending questions:\n"
        f"  #1 (run 1, iteration 2, {_asked_at(shop)}): Postgres or SQLite?\n"
        '    answer with: ralphy answer 1 "..."\n'
    )


def _asked_at(project: Path) -> str:
    with Store.open(project) as store:
        return store.question(1).asked_at.strftime("%Y-%m-%d %H:%M:%S")


def test_status_json(shop: Path) -> None:
    breaker = _open_breaker(shop)
    with Store.open(shop) as store:
        _fill(store)
        expected_questions = [q.to_dict() for q in store.pending_questions()]
    data = json.loads(ralphy("status", shop, "--json").stdout)
    assert set(data) == {"project", "breaker", "tasks", "last_run", "later_idle_runs", "pending_questions"}
    assert data["project"] == str(shop.resolve())
    assert data["breaker"] == {"state": "open", "reason": breaker.reason, "trip": "failures", "error": None}
    assert data["tasks"] == {
        "file": "TASKS.md", "done": 2, "total": 4, "error": None,
        "groups": [{"group": "Models", "done": 2, "total": 3}, {"group": "Docs", "done": 0, "total": 1}],
    }  # fmt: skip
    assert set(data["last_run"]) == RUN_KEYS and len(data["last_run"]["iterations"]) == 2
    assert data["pending_questions"] == expected_questions
    assert set(expected_questions[0]) == QUESTION_KEYS


def test_status_reports_a_broken_breaker_file_and_missing_tasks_instead_of_failing(shop: Path) -> None:
    (shop / ".ralphy").mkdir()
    (shop / BREAKER_FILE).write_text("{not json")
    (shop / "TASKS.md").unlink()
    result = ralphy("status", shop)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Breaker: unknown (") and "breaker.json" in lines[0]
    assert lines[1].startswith("Tasks: ") and "TASKS.md" in lines[1]
    data = json.loads(ralphy("status", shop, "--json").stdout)
    assert data["breaker"]["state"] is None and "breaker.json" in data["breaker"]["error"]
    assert data["tasks"]["total"] == 0 and "TASKS.md" in data["tasks"]["error"]


def test_status_fits_a_long_run_on_one_screen(shop: Path) -> None:
    with Store.open(shop) as store:
        run = store.start_run(started_at=T0, config_json="{}", argv=[])
        for n in range(1, 26):
            iteration = store.start_iteration(run, n, started_at=T0 + timedelta(minutes=n))
            store.finish_iteration(iteration, outcome="ok", finished_at=T0 + timedelta(minutes=n, seconds=30))
    lines = ralphy("status", shop).stdout.splitlines()
    assert "    ... 15 earlier iterations; see `ralphy log`" in lines
    shown = [line for line in lines if line.startswith("    #")]
    assert [line.split()[0] for line in shown] == [f"#{n}" for n in range(16, 26)]
    assert len(ralphy("log", shop).stdout.splitlines()) == 27  # header + 25 iterations + total


# ------------------------------------------------------------------------------------- questions / answer


def test_answer_a_pending_question(shop: Path) -> None:
    with Store.open(shop) as store:
        _, _, question_id = _fill(store)
    listed = ralphy("questions", shop).stdout
    assert listed == (
        f"#{question_id} (run 1, iteration 2, {_asked_at(shop)}): Postgres or SQLite?\n"
        f'  answer with: ralphy answer {question_id} "..."\n'
    )

    result = ralphy("answer", str(question_id), "Use SQLite.", shop)
    assert result.exit_code == 0
    assert result.stdout == (
        f"Answered question {question_id}. Run `ralphy dev` to resume Claude's session with the answer.\n"
    )
    with Store.open(shop) as store:
        [answered] = store.answered_unresumed()
    assert (answered.id, answered.answer, answered.answered_by) == (question_id, "Use SQLite.", "user")
    assert ralphy("questions", shop).stdout == "No pending questions.\n"

    again = ralphy("answer", str(question_id), "Postgres", shop)
    assert again.exit_code == 1
    assert again.stderr.startswith(f"ralphy: error: {db_path(shop)}: question {question_id} was already answered at ")
    assert again.stderr.count("\n") == 1


def _live_question(project: Path, *, multi_select: bool) -> int:
    with Store.open(project) as store:
        run = store.start_run(config_json="{}", argv=[])
        iteration = store.start_iteration(run, 1)
        return store.add_question(iteration, session_id="sess-1", text="Which formats?", confidence=1.0,
                                  header="Formats", options=[{"label": "JSON"}, {"label": "CSV"}, {"label": "YAML"}],
                                  multi_select=multi_select)


def _answer_of(project: Path, question_id: int) -> str | None:
    with Store.open(project) as store:
        return store.question(question_id).answer


@pytest.mark.parametrize(("typed", "extra", "multi_select", "stored", "said"), [
    ("2", [], False, "CSV", "Answered question 1: CSV."),  # as the terminal's prompt: a number picks an option
    (" 3 ", [], False, "YAML", "Answered question 1: YAML."),
    ("2", ["--text"], False, "2", "Answered question 1."),  # --text: the number itself is the answer
    ("4", [], False, "4", "Answered question 1."),  # no option 4: the text as written
    ("1,3", [], True, "JSON, YAML", "Answered question 1: JSON, YAML."),  # several, when several may be picked
    ("1,3", [], False, "1,3", "Answered question 1."),  # one option only: the text as written
    ("CSV, but gzipped", [], False, "CSV, but gzipped", "Answered question 1."),
])
def test_answer_with_a_number_picks_that_option_as_the_terminal_does(shop: Path, typed: str, extra: list[str],
                                                                      multi_select: bool, stored: str, said: str):
    question_id = _live_question(shop, multi_select=multi_select)
    result = ralphy("answer", str(question_id), typed, shop, *extra)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(said + " Run `ralphy dev`")
    assert _answer_of(shop, question_id) == stored


def test_a_question_without_options_takes_a_number_as_written(shop: Path) -> None:
    with Store.open(shop) as store:
        _, _, question_id = _fill(store)
    assert ralphy("answer", str(question_id), "2", shop).exit_code == 0
    assert _answer_of(shop, question_id) == "2"


def test_questions_says_how_to_pick_an_option(shop: Path) -> None:
    single = _live_question(shop, multi_select=False)
    several = _live_question(shop, multi_select=True)
    listed = ralphy("questions", shop).stdout.splitlines()
    assert f"  answer with: ralphy answer {single} N (option N) or ralphy answer {single} \"...\"" in listed
    assert (f"  answer with: ralphy answer {several} N (option N; 1,3 picks several) or ralphy answer {several} "
            f"\"...\"") in listed
    assert "  2. CSV" in listed


def test_answer_bad_input(shop: Path) -> None:
    with Store.open(shop) as store:
        _fill(store)
    unknown = ralphy("answer", "42", "yes", shop)
    assert unknown.exit_code == 1
    assert unknown.stderr == f"ralphy: error: {db_path(shop)}: there is no question 42\n"
    empty = ralphy("answer", "1", "   ", shop)
    assert empty.exit_code == 2 and "the answer is empty" in empty.stderr
    with Store.open(shop) as store:
        assert [q.id for q in store.pending_questions()] == [1]


def test_an_answer_without_a_session_warns(shop: Path) -> None:
    with Store.open(shop) as store:
        run = store.start_run(config_json="{}", argv=[])
        iteration = store.start_iteration(run, 1)
        question = store.add_question(iteration, session_id=None, text="Which port?", confidence=0.8)
    result = ralphy("answer", str(question), "8080", shop)
    assert result.exit_code == 0
    assert "no Claude session was recorded" in result.stderr


# ------------------------------------------------------------------------------------------- idle runs


def _idle_run(store: Store, hours: int) -> int:
    """A `ralphy dev` that found every task done: recorded, finished, no iteration."""
    run = store.start_run(started_at=T0 + timedelta(hours=hours), config_json="{}", argv=["ralphy", "dev"])
    store.finish_run(run, finished_at=T0 + timedelta(hours=hours, seconds=1), status="completed",
                     reason="all 4 tasks in TASKS.md are completed", exit_code=0)
    return run


def test_an_idle_run_does_not_hide_the_last_run_that_did_something(shop: Path) -> None:
    with Store.open(shop) as store:
        _fill(store)
        _idle_run(store, 2)
        _idle_run(store, 3)
    log = ralphy("log", shop).stdout
    assert log == RUN_1_TEXT + ("2 later runs did no iteration (the last, run 3 at 2025-03-01 12:30:00: "
                                "completed: all 4 tasks in TASKS.md are completed)\n")
    status = ralphy("status", shop).stdout
    assert "Last run that did something:\n  Run 1 · " in status
    assert "  2 later runs did no iteration (the last, run 3 at" in status
    data = json.loads(ralphy("status", shop, "--json").stdout)
    assert data["last_run"]["id"] == 1 and len(data["last_run"]["iterations"]) == 2
    assert [run["id"] for run in data["later_idle_runs"]] == [2, 3]
    assert [run["id"] for run in json.loads(ralphy("log", shop, "--json").stdout)] == [1]
    assert "Run 3 · " in ralphy("log", shop, "-n", "1").stdout  # asked for by number: shown as it is


def test_with_only_idle_runs_the_last_one_is_shown(shop: Path) -> None:
    with Store.open(shop) as store:
        _idle_run(store, 2)
    log = ralphy("log", shop).stdout
    assert log.startswith("Run 1 · 2025-03-01 11:30:00 · 1s · completed: all 4 tasks")
    assert "later run" not in log and "Last run:\n  Run 1" in ralphy("status", shop).stdout
