"""The report of one run, built from the SQLite history through a read-only connection.

``load_report(project_dir, run_id=None)`` reads ``.ralphy/ralphy.db`` without writing a byte (``mode=ro``; no
migration, no lock), and gives a ``RunReport``: the run, per task group who did it, per agent what it did and
cost, the iterations, the questions and the breaker trips. Columns added by later migrations (verification,
evidence per delegation, live questions, versions) are read when the database has them and left empty when it
has not, so a report of an old history works. Every text in it came from the model, TASKS.md or agent files:
it is data, escaped when the page is rendered. The records are in ``ralphy.report.views``; the read-only
connection in ``ralphy.history_file``.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ralphy import jsontext
from ralphy.errors import StoreError
from ralphy.history_file import connect_readonly
from ralphy.report.views import (  # the report's records, offered here too
    AgentView,
    Check,
    DelegationView,
    Evidence,
    GroupView,
    IterationView,
    QuestionView,
    RunBrief,
    RunReport,
    TaskDone,
    Trip,
)

class NoSuchRun(StoreError):
    """The history is fine but has no run yet (``run_id`` None), or not the run asked for."""

    def __init__(self, message: str, run_id: int | None = None) -> None:
        super().__init__(message)
        self.run_id = run_id


CLAIM_LIMIT = 4000  # characters of "Claude says" kept per iteration; the transcript has the rest
TEXT_LIMIT = 2000  # characters kept of other long texts (errors, questions, answers, a check's output)
# A long run's claims and check outputs share the page: each iteration gets PAGE_TEXT_BUDGET / iterations characters
# (at least TEXT_SHARE_FLOOR), so a 500-iteration run with checks stays under 2 MB (report20); a short run keeps them
# whole. A passed check shows the end of its output (the line that says how it went), a quarter of the share.
PAGE_TEXT_BUDGET = 500_000
TEXT_SHARE_FLOOR = 600
PASSED_OUTPUT = 300  # characters of a passed check's output always kept


# ------------------------------------------------------------------------------------------------- reading


def db_file(project_dir: str | Path) -> Path:
    from ralphy.store import db_path

    return db_path(project_dir)


def load_report(project_dir: str | Path, run_id: int | None = None) -> RunReport:
    """The report of run ``run_id`` (default: the last run) of the project's history."""
    path = db_file(project_dir)
    project = str(Path(project_dir).resolve())
    db = connect_readonly(path, snapshot=True)
    try:
        report = read_report(db, run_id, project=project, path=path)
    except StoreError:
        if Path(f"{path}-wal").exists():  # a writer started while the file was read as immutable: read again
            db.close()
            db = connect_readonly(path)
            report = read_report(db, run_id, project=project, path=path)
        else:
            raise
    finally:
        db.close()
    in_file_order(report, project_dir)
    return report


def in_file_order(report: RunReport, project_dir: str | Path) -> None:
    """Put the report's groups in the task file's order (people read it beside TASKS.md) and give each its
    tasks done/total in the file as it is now. Groups the file no longer has follow, in the order the run
    completed them; with no readable task file the run's order stays (the history alone cannot say more)."""
    from ralphy.config import load_config
    from ralphy.errors import RalphyError
    from ralphy.tasks import load_tasks

    project_dir = Path(project_dir)
    try:
        tasks_file = load_config(project_dir, ignore_untrusted=True).tasks_file  # reads; runs nothing
        file_groups = load_tasks(project_dir / tasks_file, root=project_dir).groups()
    except (RalphyError, OSError):
        return
    place = {name: i for i, name in enumerate(file_groups)}
    for group in report.groups:
        tasks = file_groups.get(group.name)
        if tasks is not None:
            group.file_done, group.file_total = sum(task.completed for task in tasks), len(tasks)
            line = {task.id: i for i, task in enumerate(tasks)}
            group.tasks.sort(key=lambda t: line.get(t.id, len(line)))  # stable: unknown ids keep their order
    order = {id(group): i for i, group in enumerate(report.groups)}
    report.groups.sort(key=lambda g: (g.name not in place, place.get(g.name, 0), order[id(g)]))


def read_report(db: sqlite3.Connection, run_id: int | None, *, project: str, path: Path | str = "ralphy.db") -> RunReport:
    """Build the report from an open (read-only) connection, in one read transaction."""
    from ralphy import history_file
    from ralphy.history_file import FORGED_ROW_ERRORS, forged_row_error

    try:
        db.execute("BEGIN")
        try:
            return _read(db, run_id, project, path)
        finally:
            db.execute("COMMIT")
    except sqlite3.OperationalError as exc:
        if history_file.is_busy(exc):
            raise StoreError(history_file.busy_message(path, history_file.READ_TIMEOUT)) from None
        raise StoreError(f"{path}: cannot read the history: {exc}") from None
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: the database is damaged: {exc}") from None
    except FORGED_ROW_ERRORS as exc:  # a row ralphy did not write (a repository can ship .ralphy/ralphy.db)
        raise forged_row_error(path, exc) from None


def history_version(db: sqlite3.Connection) -> tuple[int, ...]:
    """Changes whenever the history does (a cheap poll for the live dashboard)."""
    row = db.execute(
        """SELECT (SELECT count(*) FROM runs), (SELECT max(id) FROM runs),
                  (SELECT count(*) FROM runs WHERE finished_at IS NOT NULL),
                  (SELECT count(*) FROM iterations), (SELECT count(*) FROM iterations WHERE finished_at IS NOT NULL),
                  (SELECT count(*) FROM questions), (SELECT count(*) FROM questions WHERE answered_at IS NOT NULL),
                  (SELECT count(*) FROM questions WHERE delivered_iteration_id IS NOT NULL),
                  (SELECT count(*) FROM delegations), (SELECT count(*) FROM task_outcomes)"""
    ).fetchone()
    return tuple(-1 if v is None else v for v in row)


def _read(db: sqlite3.Connection, run_id: int | None, project: str, path: Path | str) -> RunReport:
    runs = db.execute("SELECT * FROM runs ORDER BY id").fetchall()
    if not runs:
        raise NoSuchRun(f"{path}: no runs yet (run `ralphy dev` first)")
    if run_id is None:
        run = runs[-1]
    else:
        found = [r for r in runs if r["id"] == run_id]
        if not found:
            ids = ", ".join(str(r["id"]) for r in runs[-5:])
            known = f"the only run is {ids}" if len(runs) == 1 else f"the last runs are {ids}"
            raise NoSuchRun(f"{path}: there is no run {run_id} ({known})", run_id)
        run = found[0]
    rid = run["id"]
    iteration_rows = db.execute("SELECT * FROM iterations WHERE run_id = ? ORDER BY n", (rid,)).fetchall()
    share = max(TEXT_SHARE_FLOOR, PAGE_TEXT_BUDGET // max(1, len(iteration_rows)))
    delegation_rows = _by_iteration(db, "delegations", rid)
    task_rows = _by_iteration(db, "task_outcomes", rid)
    checks: dict[int | None, list[Check]] = {}
    last_check: Check | None = None  # the run's last check, by the order they ran
    if "verifications" in _tables(db):
        for v in db.execute("SELECT * FROM verifications WHERE run_id = ? ORDER BY id", (rid,)):
            last_check = _check(v, share, project)
            checks.setdefault(v["iteration_id"], []).append(last_check)
    # the run's own questions, any still pending, and those whose answer this run took to Claude (a resumed session)
    question_rows = db.execute(
        """SELECT q.*, i.n AS iteration_n, i.run_id AS run_id, d.run_id AS delivered_run, d.n AS delivered_n
           FROM questions q JOIN iterations i ON i.id = q.iteration_id
           LEFT JOIN iterations d ON d.id = q.delivered_iteration_id
           WHERE i.run_id = ? OR q.answered_at IS NULL OR d.run_id = ? ORDER BY q.id""",
        (rid, rid),
    ).fetchall()
    answers: dict[int, tuple[int, ...]] = {}  # iteration n -> the questions whose answers it took to Claude
    for q in question_rows:
        if q["delivered_run"] == rid and isinstance(q["delivered_n"], int):
            answers[q["delivered_n"]] = answers.get(q["delivered_n"], ()) + (q["id"],)

    iterations: list[IterationView] = []
    run_done = _get(run, "tasks_done")
    # tasks done before the run (ticked by an earlier run or by hand): TASKS.md at its end minus what it completed
    done = max(0, _int(run_done) - sum(map(len, task_rows.values()))) if run_done is not None else 0
    cost = 0.0
    for row in iteration_rows:
        n = row["n"]
        tasks = tuple(
            TaskDone(t["task_id"], t["title"], t["group_name"], t["handled_by"], n, _bool(_get(t, "verified")),
                     bool(_get(t, "claimed_without_changes")))
            for t in task_rows.get(row["id"], [])
        )
        delegations = tuple(_delegation(d, n, row["cost_usd"]) for d in delegation_rows.get(row["id"], []))
        done += len(tasks)
        cost += _num(row["cost_usd"]) or 0.0  # a forged row may hold text there
        claim, cut = _clip(row["result_text"], min(CLAIM_LIMIT, share))
        started, finished = _time(row["started_at"]), _time(row["finished_at"])
        iterations.append(
            IterationView(
                n=n, started_at=started, finished_at=finished, duration_seconds=_span(started, finished),
                outcome=row["outcome"], is_error=None if row["is_error"] is None else bool(row["is_error"]),
                error=_clip(row["error"], TEXT_LIMIT)[0], cost_usd=row["cost_usd"], num_turns=row["num_turns"],
                breaker_state=row["breaker_state"], breaker_reason=row["breaker_reason"],
                resumed_session=row["resumed_session"], session_id=row["session_id"], claim=claim, claim_cut=cut,
                tasks=tasks, delegations=delegations, tasks_done=done, cost_so_far=cost,
                check=(checks.get(row["id"]) or [None])[-1], cli_version=_get(row, "claude_version"),
                answers=answers.get(n, ()),
            )  # fmt: skip
        )

    started, finished = _time(run["started_at"]), _time(run["finished_at"])
    tasks_total = _get(run, "tasks_total")
    tasks_done = run_done
    cli_version = _get(run, "claude_version") or next(
        (it.cli_version for it in reversed(iterations) if it.cli_version), None
    ) or _cli_version_from_transcripts(iteration_rows, project)
    return RunReport(
        project=project, run_id=rid, started_at=started, finished_at=finished, status=run["status"],
        reason=run["reason"], exit_code=run["exit_code"], duration_seconds=_span(started, finished),
        cost_usd=cost, turns=sum(it.num_turns or 0 for it in iterations),
        tasks_done=_int(tasks_done) if tasks_done is not None else done,
        tasks_total=None if tasks_total is None else _int(tasks_total),
        cli_version=cli_version, ralphy_version=_get(run, "ralphy_version"), argv=_json_list(run["argv_json"]),
        iterations=iterations, groups=_groups(iterations, last_check), agents=_agents(iterations, cost),
        questions=[_question(q) for q in question_rows], trips=_trips(iterations),
        runs=[RunBrief(r["id"], _time(r["started_at"]), r["status"]) for r in runs],
        generated_at=datetime.now(timezone.utc),
        check=last_check,
    )  # fmt: skip


def _tables(db: sqlite3.Connection) -> set[str]:
    return {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}


def _check(row: sqlite3.Row, share: int = TEXT_LIMIT, project: str = "") -> Check:
    """A check as the page shows it: the end of its output (where pytest and most tools say how it went), up to the
    iteration's ``share`` of the page when it failed, a quarter of it (at least ``PASSED_OUTPUT``) when it passed."""
    limit = min(TEXT_LIMIT, share if not row["passed"] else max(PASSED_OUTPUT, share // 4))
    tail, cut = _clip(row["output_tail"], limit, keep="end")
    where = _get(row, "output_path")
    if isinstance(where, str) and project and Path(where).is_relative_to(project):
        where = str(Path(where).relative_to(project))  # the page travels (mail, CI): the project's own path
    return Check(str(row["command"]), bool(row["passed"]), row["exit_code"], bool(row["timed_out"]),
                 _num(row["duration_s"]), tail, cut, where if isinstance(where, str) else None)


def _by_iteration(db: sqlite3.Connection, table: str, run_id: int) -> dict[int, list[sqlite3.Row]]:
    rows: dict[int, list[sqlite3.Row]] = {}
    for row in db.execute(
        f"""SELECT t.* FROM {table} t JOIN iterations i ON i.id = t.iteration_id
            WHERE i.run_id = ? ORDER BY t.id""",
        (run_id,),
    ):
        rows.setdefault(row["iteration_id"], []).append(row)
    return rows


# ----------------------------------------------------------------------------------------------- assembling


def _delegation(row: sqlite3.Row, n: int, iteration_cost: float | None) -> DelegationView:
    files = _json_list(_get(row, "files_changed_json"))
    commands = _json_list(_get(row, "bash_commands_json"))
    usage_text = _get(row, "usage_json")
    usage: Mapping[str, Any] = {}
    if isinstance(usage_text, str):
        try:
            loaded = jsontext.loads(usage_text)
        except ValueError:
            loaded = None
        usage = loaded if isinstance(loaded, dict) else {}
    seconds = _num(_get(row, "duration_s"))
    if seconds is None and _num(usage.get("duration_ms")) is not None:
        seconds = _num(usage["duration_ms"]) / 1000  # type: ignore[operator]
    share = _num(_get(row, "cost_share"))
    cost = None if share is None or iteration_cost is None else share * iteration_cost
    has_evidence = "files_changed_json" in row.keys()
    evidence = Evidence(
        files=tuple(str(f) for f in files) if has_evidence else None, tokens=_int_or_none(usage.get("total_tokens")),
        seconds=seconds, cost_usd=cost, tool_uses=_int_or_none(usage.get("tool_uses")),
        commands=tuple(str(c) for c in commands),
    )  # fmt: skip
    return DelegationView(
        iteration=n, agent=row["agent"], description=row["description"], task_ids=tuple(_json_list(row["task_ids_json"])),
        status=row["status"], error=_clip(row["error"], TEXT_LIMIT)[0], evidence=evidence,
    )  # fmt: skip


def _groups(iterations: Sequence[IterationView], last_check: Check | None = None) -> list[GroupView]:
    groups: dict[str, GroupView] = {}
    seen: dict[str, set[int]] = {}
    for i, it in enumerate(iterations):
        # a check that failed after this iteration, then passed later in the run (the tasks' code came later)
        passed = next((later.n for later in iterations[i + 1:] if later.check is not None and later.check.passed), None)
        last = last_check is not None and last_check.passed and not any(x.check is last_check for x in iterations[:i + 1])
        for task in it.tasks:
            if task.verified is False and (passed is not None or last):
                task = replace(task, verified_later=f"after iteration {passed}" if passed is not None else "by the last check")
            group = groups.setdefault(task.group, GroupView(task.group))
            group.tasks.append(task)
            for d in _delegations_for(task, it.delegations):
                if id(d) not in seen.setdefault(task.group, set()):
                    seen[task.group].add(id(d))
                    group.delegations.append(d)
    for group in groups.values():
        known = [t.verified or t.verified_later is not None for t in group.tasks if t.verified is not None]
        group.verified = None if not known else all(known)  # one failed check after any of its tasks: not verified
        fixed = [t for t in group.tasks if t.verified_later is not None]
        if group.verified and fixed:
            group.verified_later = (fixed[-1].verified_later, sorted({t.iteration for t in fixed}))
    return list(groups.values())


def _delegations_for(task: TaskDone, delegations: Iterable[DelegationView]) -> list[DelegationView]:
    """The delegation(s) of the task's iteration that did it: to its agent and naming its id, else to its agent."""
    if task.handled_by == "direct":
        return []
    mine = [d for d in delegations if d.agent == task.handled_by]
    naming = [d for d in mine if task.id in d.task_ids]
    return naming or [d for d in mine if d.status == "completed"][:1] or mine[:1]


def _agents(iterations: Sequence[IterationView], run_cost: float) -> list[AgentView]:
    agents: dict[str, AgentView] = {}
    for it in iterations:
        for d in it.delegations:
            a = agents.setdefault(d.agent, AgentView(d.agent))
            a.delegations += 1
            a.failed += d.status == "failed"
            e = d.evidence
            if e.tokens is not None:
                a.tokens = (a.tokens or 0) + e.tokens
            if e.seconds is not None:
                a.seconds = (a.seconds or 0.0) + e.seconds
            if e.cost_usd is not None:
                a.cost_usd = (a.cost_usd or 0.0) + e.cost_usd
        for t in it.tasks:
            a = agents.setdefault(t.handled_by, AgentView(t.handled_by))
            a.tasks += 1
            a.task_ids.append(t.id)
    for a in agents.values():
        if a.cost_usd is not None and run_cost > 0:
            a.cost_share = min(1.0, a.cost_usd / run_cost)
    direct = agents.pop("direct", None)
    ordered = sorted(agents.values(), key=lambda a: (-a.tasks, -a.delegations, a.name))
    return ordered + ([direct] if direct else [])


def _trips(iterations: Sequence[IterationView]) -> list[Trip]:
    """Each time the breaker moved to half_open or open after an iteration, with its reason."""
    trips = []
    previous = "closed"
    for it in iterations:
        state = it.breaker_state
        if state and state != previous and state != "closed":
            trips.append(Trip(it.n, state, it.breaker_reason))
        previous = state or previous
    return trips


def _question(row: sqlite3.Row) -> QuestionView:
    options = _get(row, "options_json")
    opts: list[Any] = _json_list(options) if isinstance(options, str) else []
    labels = tuple(str(o.get("label", o)) if isinstance(o, dict) else str(o) for o in opts)
    return QuestionView(
        id=row["id"], run_id=row["run_id"], iteration=row["iteration_n"], text=_clip(row["text"], TEXT_LIMIT * 4)[0] or "",
        asked_at=_time(row["asked_at"]), answer=_clip(row["answer"], TEXT_LIMIT)[0],
        answered_at=_time(row["answered_at"]), answered_by=row["answered_by"],
        delivered=row["delivered_iteration_id"] is not None, header=_get(row, "header"), options=labels,
        delivered_run=_get(row, "delivered_run"), delivered_iteration=_get(row, "delivered_n"),
    )  # fmt: skip


def _cli_version_from_transcripts(rows: Sequence[sqlite3.Row], project: str) -> str | None:
    """The CLI version from the ``system/init`` line of the run's first transcript still on disk.

    Only a regular file inside the project is read (the history may come with a cloned repository), and only
    its first 256 KiB: no link outside, FIFO or device is opened for good.
    """
    import os
    import stat

    root = Path(project)
    for row in rows:
        path = row["transcript_path"]
        if not path:
            continue
        try:
            if not Path(os.path.realpath(path)).is_relative_to(root):  # resolve() raises on a link loop
                continue
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        except (OSError, ValueError):
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            head = os.read(fd, 256 * 1024)
        except OSError:
            continue
        finally:
            os.close(fd)
        for line in head.splitlines()[:20]:
            try:
                event = jsontext.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict) and event.get("type") == "system" and event.get("subtype") == "init":
                version = event.get("claude_code_version")
                return version if isinstance(version, str) else None
    return None


# ------------------------------------------------------------------------------------------------- helpers


def _get(row: sqlite3.Row, *names: str) -> Any:
    keys = row.keys()
    for name in names:
        if name in keys and row[name] is not None:
            return row[name]
    return None


def _time(text: str | None) -> datetime | None:  # type: ignore[return]
    if text is None:
        return None
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _span(start: datetime | None, end: datetime | None) -> float | None:
    return None if start is None or end is None else max(0.0, (end - start).total_seconds())


def _clip(text: str | None, limit: int, *, keep: str = "start") -> tuple[str | None, int]:
    """``text`` cut to ``limit`` characters (its start, or its end with ``keep="end"``), and how many were left out."""
    if text is None:
        return None, 0
    text = str(text)
    if len(text) <= limit:
        return text, 0
    return (text[len(text) - limit:] if keep == "end" else text[:limit]), len(text) - limit


def _json_list(text: Any) -> list[Any]:
    try:
        value = jsontext.loads(text) if isinstance(text, str) else text
    except ValueError:
        return []
    return value if isinstance(value, list) else []


def _num(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if value == value and abs(value) != float("inf") else None


def _int(value: Any) -> int:
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _int_or_none(value: Any) -> int | None:
    number = _num(value)
    return None if number is None else int(number)


def _bool(value: Any) -> bool | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value.lower() in ("1", "true", "yes", "passed", "ok")
    return bool(value)
