"""Render a ``RunReport`` as one self-contained HTML page (Jinja, autoescape on).

The page holds everything it needs: CSS inline, the chart as inline SVG drawn here, no script at all in a
static report (its Content-Security-Policy forbids scripts and every network fetch), so it works from
``file://``, as an e-mail attachment or a CI artifact. The live dashboard (``ralphy serve``) renders the same
template with ``live`` set: a small inline script (allowed by a per-page nonce) swaps in fresh sections when
the history changes, and pending questions get an answer form.
"""

from __future__ import annotations

import functools
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ralphy.durations import duration_text
from ralphy.errors import RalphyError, TemplateError
from ralphy.report.model import RunReport

TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"
PAGE = "report.html.j2"

CHART_WIDTH, CHART_HEIGHT = 960, 200
_PAD_LEFT, _PAD_RIGHT, _PAD_TOP, _PAD_BOTTOM = 44, 56, 12, 26


@dataclass(frozen=True)
class Chart:
    """An inline SVG chart of tasks completed and cost over the iterations (numbers only: nothing to escape)."""

    width: int
    height: int
    tasks_points: str
    cost_points: str
    x_ticks: list[tuple[float, int]]
    tasks_max: int
    cost_max: float
    trips: list[tuple[float, str]]
    failures: list[float]
    plot: tuple[int, int, int, int]  # left, top, right, bottom


def chart(report: RunReport) -> Chart | None:
    """The chart's geometry, or None when the run has no iteration."""
    its = report.iterations
    if not its:
        return None
    left, top = _PAD_LEFT, _PAD_TOP
    right, bottom = CHART_WIDTH - _PAD_RIGHT, CHART_HEIGHT - _PAD_BOTTOM
    count = len(its)
    tasks_max = max(1, report.tasks_total or 0, max(it.tasks_done for it in its))
    cost_max = max(it.cost_so_far for it in its) or 1.0

    def x(i: int) -> float:  # i: 0..count (0 = the start, before iteration 1)
        return round(left + (right - left) * i / count, 1)

    def y(value: float, top_value: float) -> float:
        return round(bottom - (bottom - top) * value / top_value, 1)

    tasks = [f"{x(0)},{y(0, tasks_max)}"] + [f"{x(i + 1)},{y(it.tasks_done, tasks_max)}" for i, it in enumerate(its)]
    cost = [f"{x(0)},{y(0, cost_max)}"] + [f"{x(i + 1)},{y(it.cost_so_far, cost_max)}" for i, it in enumerate(its)]
    step = max(1, _nice_step(count / 8))
    ticks = [(x(n), n) for n in range(step, count + 1, step)]
    if count < step:
        ticks = [(x(count), count)]
    by_n = {it.n: i for i, it in enumerate(its)}
    trips = [(x(by_n[t.iteration] + 1), t.state) for t in report.trips if t.iteration in by_n]
    failures = [x(i + 1) for i, it in enumerate(its) if it.outcome not in (None, "ok", "question")]
    return Chart(CHART_WIDTH, CHART_HEIGHT, " ".join(tasks), " ".join(cost), ticks, tasks_max, cost_max, trips,
                 failures, (left, top, right, bottom))


def _nice_step(raw: float) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if step >= raw:
            return step
    return int(raw)


# --------------------------------------------------------------------------------------------------- filters


def duration(seconds: float | None) -> str:
    return duration_text(seconds, missing="—", tenths_below=10)


def money(value: float | None) -> str:
    if value is None:
        return "—"
    return f"${value:.4f}" if 0 < abs(value) < 0.01 else f"${value:.2f}"


def when(moment: datetime | None) -> str:
    return "—" if moment is None else moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def clock(moment: datetime | None) -> str:
    return "—" if moment is None else moment.astimezone(timezone.utc).strftime("%H:%M:%S")


def tokens(value: int | None) -> str:
    if value is None:
        return "—"
    return f"{value / 1000:.1f}k" if value >= 1000 else str(value)


def percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.0f}%"


# ---------------------------------------------------------------------------------------------------- render


def _shown(value: Any) -> Any:
    """Every value the page shows: text (not the template's own markup) with what ``termsafe.safe_text`` shows as
    an escape on a terminal shown so here too: a task title or description holding U+202E would otherwise turn the
    text after it around, outside its own cell's words (an agent's "completed" read backwards), and an agent
    'code\u200b-reviewer' would read 'code-reviewer' (hostile16)."""
    import markupsafe

    from ralphy.termsafe import safe_text

    if isinstance(value, str) and not isinstance(value, markupsafe.Markup):
        return safe_text(value)
    return value


@functools.lru_cache(maxsize=1)
def _environment():
    """One environment per process: the template compiles once (the live server renders it again and again)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR), encoding="utf-8"),
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_shown,
    )
    from ralphy.status_words import words

    env.filters.update(duration=duration, money=money, when=when, clock=clock, tokens=tokens, percent=percent,
                       words=words)
    return env


def render_report(report: RunReport, *, live: dict[str, Any] | None = None, sections_only: bool = False) -> str:
    """The page for ``report``. ``live``: {"token", "nonce", "message"} for the dashboard; ``sections_only``:
    just the live sections (what the dashboard swaps in)."""
    from ralphy import __version__

    return _render({
        "r": report,
        "chart": chart(report),
        "live": live,
        "sections_only": sections_only,
        "generator": f"ralphy {__version__}",
        "waiting": "",
        "problem": False,
        "heading": "",
        "project": report.project,
    })


def render_waiting(project: str, why: str, *, live: dict[str, Any] | None = None, sections_only: bool = False,
                   heading: str | None = None, problem: bool = False) -> str:
    """The page while there is no run to show: ``why`` says why. ``problem``: the history cannot be read (damaged,
    locked, not ralphy's), which no ``ralphy dev`` will mend; else there is no run yet (or not the one asked for,
    ``heading`` "No run 7")."""
    from ralphy import __version__

    return _render({"r": None, "chart": None, "live": live, "sections_only": sections_only, "problem": problem,
                    "heading": heading or ("The history cannot be read" if problem else "No run yet"),
                    "generator": f"ralphy {__version__}", "waiting": why, "project": project})


def _render(context: dict[str, Any]) -> str:
    try:
        return _environment().get_template(PAGE).render(**context)
    except Exception as exc:  # a broken packaged template is a bug, but say which file
        import jinja2

        if isinstance(exc, jinja2.TemplateError):
            raise TemplateError(f"{TEMPLATES_DIR / PAGE}: {exc}") from exc
        raise


def default_report_path(project_dir: str | Path, run_id: int) -> Path:
    return Path(project_dir) / ".ralphy" / "reports" / f"run{run_id}.html"


def write_report(html: str, path: Path, *, inside: Path | None = None) -> None:
    """Write ``html`` to ``path`` atomically (a temporary file beside it, then a rename).

    ``inside``: the project, when ``path`` is ralphy's own place in it (``.ralphy/reports/``): then no folder on
    the way may be a symbolic link (a cloned repository can ship ``.ralphy/reports`` -> anywhere) and the file
    is made like ralphy's other state files (``ralphy.safefs``). A path the user gave is written as asked.
    """
    if inside is not None:
        from ralphy import safefs

        try:
            safefs.ensure_dir(path.parent, inside)
            safefs.write_atomic(path, html)
        except OSError as exc:
            raise RalphyError(f"{path}: cannot write the report: {exc.strerror or exc}") from None
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise RalphyError(f"{path}: cannot write the report: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(html)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise RalphyError(f"{path}: cannot write the report: {exc.strerror or exc}") from None
