"""The read side of the run history: ``ralphy log``, ``ralphy status``, ``ralphy questions``, ``ralphy answer``.

None of these creates ``.ralphy/ralphy.db``: with no database there are simply no runs yet. JSON shapes are
documented in docs/history.md.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ralphy.cli import cli
from ralphy.cli.options import echo_json, json_option, project_dir_argument
from ralphy.durations import duration_text
from ralphy.status_words import counted, with_reason, words

if TYPE_CHECKING:
    from ralphy.store import IterationRecord, Question, RunRecord, Store

STATUS_ITERATIONS = 10  # iterations of the last run shown by `ralphy status`


@cli.command()
@project_dir_argument
@json_option
@click.option("--run", "run_id", type=int, default=None, help="Show this run (by id).")
@click.option("-n", "count", type=click.IntRange(min=1), default=None, help="Show the last N runs.")
def log(project_dir: Path, as_json: bool, run_id: int | None, count: int | None) -> None:
    """The run history of PROJECT_DIR (default: here): the last run, or the last N, iteration by iteration."""
    if run_id is not None and count is not None:
        raise click.UsageError("give --run or -n, not both")
    store = _open_existing(project_dir)
    if store is None:
        if as_json:
            echo_json([])
        else:
            _no_runs(project_dir)
        return
    later: list[RunRecord] = []
    with store:
        if run_id is not None or count is not None:
            runs = [store.run(run_id)] if run_id is not None else store.runs(limit=count)
            history = [(run, store.iterations(run.id)) for run in runs]
        else:  # the last run that did something; runs after it that had nothing to do are only mentioned
            worked, later = _last_worked(store)
            history = [worked] if worked else []
        permissions = {run.id: store.permission_decisions(run.id) for run, _ in history}
    if as_json:
        echo_json([{**_run_dict(run, iterations), "permissions": permissions[run.id]} for run, iterations in history])
        return
    if not history:
        _no_runs(project_dir)
    for index, (run, iterations) in enumerate(history):
        if index:
            click.echo()
        for line in _run_lines(run, iterations):
            click.echo(line)
        for line in _permission_lines(permissions[run.id]):
            click.echo(line)
    for line in _later_lines(later):
        click.echo(line)


@cli.command()
@project_dir_argument
@json_option
def status(project_dir: Path, as_json: bool) -> None:
    """Where PROJECT_DIR stands: circuit breaker, tasks done per group, the last run, pending questions."""
    breaker, tasks = _breaker_status(project_dir), _tasks_status(project_dir)
    last: tuple[RunRecord, list[IterationRecord]] | None = None
    later: list[RunRecord] = []
    pending: list[Question] = []
    store = _open_existing(project_dir)
    if store is not None:
        with store:
            last, later = _last_worked(store)
            pending = store.pending_questions()
    if as_json:
        echo_json(
            {
                "project": str(project_dir.resolve()),
                "breaker": breaker,
                "tasks": tasks,
                "last_run": _run_dict(*last) if last else None,
                "later_idle_runs": [run.to_dict() for run in later],
                "pending_questions": [q.to_dict() for q in pending],
            }
        )
        return
    for line in _status_lines(breaker, tasks, last, pending, later, project_dir):
        click.echo(line)


@cli.command()
@project_dir_argument
@json_option
def questions(project_dir: Path, as_json: bool) -> None:
    """The questions Claude asked in PROJECT_DIR (default: here) that wait for an answer."""
    store = _open_existing(project_dir)
    pending: list[Question] = []
    if store is not None:
        with store:
            pending = store.pending_questions()
    if as_json:
        echo_json([q.to_dict() for q in pending])
    elif not pending:
        click.echo("No pending questions.")
    else:
        for line in _question_lines(pending, project_dir):
            click.echo(line)


@cli.command()
@click.argument("question_id", metavar="ID", type=int)
@click.argument("text")
@project_dir_argument
@click.option("--text", "as_written", is_flag=True,
              help="TEXT is the answer as written, even when it is a number (`--text 2` answers \"2\").")
def answer(question_id: int, text: str, project_dir: Path, as_written: bool) -> None:
    """Answer question ID with TEXT; the next `ralphy dev` resumes Claude's session with it.

    When the question has numbered options (`ralphy questions` lists them), a number picks that option, as at
    the terminal (`1,3` picks two when the question lets several be picked); any other TEXT is the answer."""
    from ralphy.answers import answer_question

    if not text.strip():
        raise click.UsageError("the answer is empty")
    question = answer_question(project_dir, question_id, text, pick=not as_written)
    picked = f": {question.answer}" if question.answer != text else ""
    from ralphy.termsafe import in_project

    click.echo(f"Answered question {question_id}{picked}. Run `{in_project('ralphy dev', project_dir)}` to resume "
               "Claude's session with the answer.")
    if not question.session_id:
        click.echo("ralphy: warning: no Claude session was recorded for it; the answer cannot be delivered by "
                   "resuming", err=True)


# ------------------------------------------------------------------------------------------------- gathering


def _open_existing(project_dir: Path) -> "Store | None":
    """The project's history, or None when there is no database (read commands never create one)."""
    from ralphy.store import Store, db_path

    return Store.open(project_dir) if db_path(project_dir).exists() else None


IDLE_RUNS_SCANNED = 200  # how far back `log` and `status` look for a run that did something


def _last_worked(store: "Store") -> "tuple[tuple[RunRecord, list[IterationRecord]] | None, list[RunRecord]]":
    """(the last run that ran at least one iteration, with them; the idle runs after it, oldest first).

    A ``ralphy dev`` with nothing to do (every task done, or stopped before its first iteration) is recorded
    too, but must not hide the run before it. With no run that did something, the last run is shown as is."""
    runs = store.runs(limit=IDLE_RUNS_SCANNED)
    for index in range(len(runs) - 1, -1, -1):
        iterations = store.iterations(runs[index].id)
        if iterations:
            return (runs[index], iterations), runs[index + 1 :]
    return ((runs[-1], []), []) if runs else (None, [])


def _breaker_status(project_dir: Path) -> dict[str, Any]:
    """The saved breaker state; an unreadable breaker.json is reported here rather than failing the command."""
    from ralphy.breaker import BREAKER_FILE, CircuitBreaker
    from ralphy.errors import BreakerStateError

    try:
        breaker = CircuitBreaker.load(project_dir / BREAKER_FILE)
    except BreakerStateError as exc:
        return {"state": None, "reason": None, "trip": None, "error": str(exc)}
    return {"state": breaker.state.value, "reason": breaker.reason, "trip": breaker.trip, "error": None}


def _tasks_status(project_dir: Path) -> dict[str, Any]:
    """Tasks done/total per group of the tasks file; a missing or unreadable file is reported, not raised."""
    from ralphy.config import load_config
    from ralphy.errors import TasksFileError
    from ralphy.tasks import load_tasks

    tasks_file = load_config(project_dir, ignore_untrusted=True).tasks_file  # reads; runs nothing a repository chose
    try:
        groups = load_tasks(project_dir / tasks_file, root=project_dir).groups()
    except TasksFileError as exc:
        return {"file": tasks_file, "done": 0, "total": 0, "groups": [], "error": str(exc)}
    rows = [
        {"group": group, "done": sum(task.completed for task in tasks), "total": len(tasks)}
        for group, tasks in groups.items()
    ]
    done, total = sum(row["done"] for row in rows), sum(row["total"] for row in rows)
    return {"file": tasks_file, "done": done, "total": total, "groups": rows, "error": None}


def _run_dict(run: "RunRecord", iterations: "list[IterationRecord]") -> dict[str, Any]:
    return {**run.to_dict(), "iterations": [it.to_dict() for it in iterations]}


# -------------------------------------------------------------------------------------------------- text


def _no_runs(project_dir: Path) -> None:
    click.echo(f"No runs yet in {project_dir.resolve()}. Start one with `ralphy dev`.")


def _later_lines(later: "list[RunRecord]") -> list[str]:
    """One line for the runs after the one shown that did no iteration."""
    if not later:
        return []
    last = later[-1]
    what = with_reason(last.status, last.reason)
    runs = counted(len(later), "later run")
    return [f"{runs} did no iteration (the last, run {last.id} at {_when(last.started_at)}: {what})"]


def _run_lines(run: "RunRecord", iterations: "list[IterationRecord]", limit: int | None = None) -> list[str]:
    """A run header, one block per iteration (the last ``limit`` of them), and the totals."""
    lines = [_run_header(run)]
    shown = iterations if limit is None else iterations[-limit:]
    if len(shown) < len(iterations):
        lines.append(f"  ... {counted(len(iterations) - len(shown), 'earlier iteration')}; see `ralphy log`")
    for iteration in shown:
        lines.extend(_iteration_lines(iteration, run.started_at))
    cost = sum(it.cost_usd or 0.0 for it in iterations)
    known = [it.num_turns for it in iterations if it.num_turns is not None]
    turns = f", {counted(sum(known), 'turn')}" if known else ""
    lines.append(f"  total: {counted(len(iterations), 'iteration')}, {_cost(cost)}{turns}")
    return lines


def _permission_lines(decisions: list[dict[str, Any]]) -> list[str]:
    """What the permission policy decided, one line each (``permissions`` config; README.md#configuration)."""
    if not decisions:
        return []
    lines = [f"  permissions: {counted(len(decisions), 'decision')}"]
    for d in decisions:
        lines.append(f"    #{d['iteration']} {d['decision']:<5} {d['tool']}: {d['input'][:80]}  ({d['rule']})")
    return lines


def _run_header(run: "RunRecord") -> str:
    if run.finished_at is None:
        end = "not finished (still running, or ralphy was killed)"
    else:
        exit_code = "" if run.exit_code is None else f" (exit {run.exit_code})"
        end = f"{duration_text(run.duration_seconds)} · {with_reason(run.status, run.reason)}{exit_code}"
    return f"Run {run.id} · {_when(run.started_at)} · {end}"


def _iteration_lines(iteration: "IterationRecord", run_started: datetime) -> list[str]:
    when = _when(iteration.started_at, same_day_as=run_started)
    if iteration.outcome is None:
        return [f"  #{iteration.n}  {when}  not finished"]
    turns = "turns unknown" if iteration.num_turns is None else counted(iteration.num_turns, "turn")
    head = (
        f"  #{iteration.n}  {when}  {duration_text(iteration.duration_seconds):>7}  {words(iteration.outcome):<11} "
        f"{_cost(iteration.cost_usd):>7}  {turns}  breaker {words(iteration.breaker_state) or '-'}"
    )
    if iteration.breaker_state not in (None, "closed") and iteration.breaker_reason:
        head += f" ({iteration.breaker_reason})"
    lines = [head]
    if iteration.resumed_session:
        lines.append(f"      resumed session {iteration.resumed_session}")
    for d in iteration.delegations:
        ids = f" → {', '.join(d.task_ids)}" if d.task_ids else ""
        lines.append(f"      {d.agent}{ids} ({d.status}{': ' + d.error if d.error else ''}){_evidence(d)}")
    direct = [t.task_id for t in iteration.tasks if t.handled_by == "direct"]
    if direct:
        lines.append(f"      done directly: {', '.join(direct)}")
    claimed = [t.task_id for t in iteration.tasks if t.claimed_without_changes]
    if claimed:
        lines.append(f"      claimed without changes: {', '.join(claimed)}")
    check = iteration.verification
    if check is not None:
        how = "timed out" if check.timed_out else "could not start" if check.exit_code is None else f"exit {check.exit_code}"
        word = "passed" if check.passed else "FAILED"
        unverified = [t.task_id for t in iteration.tasks if t.verified is False]
        lines.append(f"      check {word}: `{check.command}` ({how}, {check.duration_s:.1f}s)"
                     + (f"; not verified: {', '.join(unverified)}" if unverified else ""))
    if iteration.error:
        lines.append(f"      error: {iteration.error}")
    return lines


def _evidence(d) -> str:
    """`` · 2 files, 41k tokens, 38s`` when the history has the delegation's evidence."""
    parts = []
    if d.files_changed:
        parts.append(counted(len(d.files_changed), "file"))
    tokens = (d.usage or {}).get("total_tokens")
    if isinstance(tokens, int):
        parts.append(f"{tokens / 1000:.0f}k tokens" if tokens >= 1000 else f"{tokens} tokens")
    if d.duration_s is not None:
        parts.append(duration_text(d.duration_s))
    return f" · {', '.join(parts)}" if parts else ""


def _status_lines(
    breaker: dict[str, Any],
    tasks: dict[str, Any],
    last: "tuple[RunRecord, list[IterationRecord]] | None",
    pending: "list[Question]",
    later: "list[RunRecord] | None" = None,
    project_dir: Path | None = None,
) -> list[str]:
    if breaker["error"]:
        lines = [f"Breaker: unknown ({breaker['error']})"]
    else:
        lines = [f"Breaker: {words(breaker['state'])}" + (f" ({breaker['reason']})" if breaker["reason"] else "")]
        if breaker["state"] == "open":
            from ralphy.breaker import BUDGET_TRIPS
            from ralphy.termsafe import in_project

            budget = breaker["trip"] in BUDGET_TRIPS
            lines.append(f"  the next `{in_project('ralphy dev', project_dir)}` starts with a new budget" if budget
                         else f"  fix the cause, then close it with `{in_project('ralphy reset', project_dir)}`")
    if tasks["error"]:
        lines.append(f"Tasks: {tasks['error']}")
    else:
        lines.append(f"Tasks ({tasks['file']}): {tasks['done']}/{tasks['total']} done")
        from ralphy.termsafe import display_width, pad

        width = max((display_width(row["group"]) for row in tasks["groups"]), default=0)  # as the terminal shows it
        lines.extend(f"  {pad(row['group'], width)}  {row['done']}/{row['total']}" for row in tasks["groups"])
    if last is None:
        lines.append("Last run: none yet")
    else:
        lines.append("Last run that did something:" if later else "Last run:")
        lines.extend("  " + line for line in _run_lines(*last, limit=STATUS_ITERATIONS))
        lines.extend("  " + line for line in _later_lines(later or []))
    if pending:
        lines.append("Pending questions:")
        lines.extend("  " + line for line in _question_lines(pending, project_dir))
    return lines


def _question_lines(pending: "list[Question]", project_dir: Path | None = None) -> list[str]:
    from ralphy.live_questions import how_to_answer

    lines = []
    for q in pending:
        header = f"[{q.header}] " if q.header else ""
        lines.append(f"#{q.id} (run {q.run_id}, iteration {q.iteration_n}, {_when(q.asked_at)}): {header}{q.text.strip()}")
        for number, option in enumerate(q.options, start=1):  # a live question's options (AskUserQuestion)
            description = f" - {option['description']}" if option.get("description") else ""
            lines.append(f"  {number}. {option.get('label', '')}{description}")
        lines.append("  answer with: " + how_to_answer(q.id, bool(q.options), q.multi_select, project=project_dir))
    return lines


def _when(moment: datetime, same_day_as: datetime | None = None) -> str:
    """Local time; only the time of day when it is the same local day as ``same_day_as``."""
    local = moment.astimezone()
    if same_day_as is not None and local.date() == same_day_as.astimezone().date():
        return local.strftime("%H:%M:%S")
    return local.strftime("%Y-%m-%d %H:%M:%S")


def _cost(cost_usd: float | None) -> str:
    return "-" if cost_usd is None else f"${cost_usd:.2f}"
