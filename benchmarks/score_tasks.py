"""Score ralphy's reading of real task files against the hand-written truth in tests/data/tasks/files/.

    .venv/bin/python benchmarks/score_tasks.py [-v] [NAME ...]

For each ``NAME.md`` there is a ``NAME.truth``: one line per task, ``line<TAB>id<TAB>status`` (plus
``<TAB>optional`` for Kiro's ``- [ ]*`` items), where ``id`` ``~`` means "the file gives this task no id" (ralphy
then makes one from the title). A fifth cell, where given, is the task's group as a person names it (the fourth
cell is then ``optional`` or empty). Tasks are matched by line. Reported:

- exact files: every task found, nothing else, each with the right id, status, optional flag and group (where the
  truth names one), and a title that is text, not the line's id, box or markers;
- id accuracy: of the truth's tasks that were found, the share with the right id;
- recall: the share of the truth's tasks that were found; precision: the share of found tasks that are tasks.

``-v`` lists every difference; NAMEs score only those files (a held-out round, say).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ralphy.errors import TasksFileError  # noqa: E402
from ralphy.tasks import _slug, load_tasks  # noqa: E402

FILES = ROOT / "tests" / "data" / "tasks" / "files"


@dataclass
class FileScore:
    name: str
    truth: int = 0
    found: int = 0
    matched: int = 0
    ids_right: int = 0
    statuses_right: int = 0
    differences: list[str] = field(default_factory=list)

    @property
    def exact(self) -> bool:
        return not self.differences


def read_truth(path: Path) -> dict[int, tuple[str, str, bool, str | None]]:
    truth = {}
    for row in path.read_text(encoding="utf-8").splitlines():
        if not row.strip():
            continue
        cells = row.split("\t")
        group = cells[4] if len(cells) > 4 and cells[4] else None
        truth[int(cells[0])] = (cells[1], cells[2], len(cells) > 3 and cells[3] == "optional", group)
    return truth


def _title_wrong(task) -> str | None:
    """What is wrong with a found task's title, if anything: empty, or still holding the line's box, id or markers."""
    title = task.title.strip()
    if not title:
        return "is empty"
    if re.match(r"\[[ xX]\]", title):
        return f"starts with a box ({title[:30]!r})"
    if re.match(r"\[(P|US\d+)\]", title):
        return f"starts with a marker ({title[:30]!r})"
    if not task.id.startswith("~") and re.match(rf"\**{re.escape(task.id)}\**(?:[:.)]|\s+-)?\s", title + " "):
        if task.id != _slug(task.title):
            return f"starts with its id ({title[:30]!r})"
    return None


def _id_right(expected: str, task, line_text: str) -> bool:
    if expected == "~":  # no id in the file: right when ralphy made one up rather than took a token of the line
        if task.id == _slug(task.title):  # the slug of the whole title ("Diagnostics" -> "diagnostics")
            return True
        return re.search(rf"(?<![\w.-]){re.escape(task.id)}(?![\w.-])", line_text, re.IGNORECASE) is None
    return task.id == expected


def score_file(md: Path) -> FileScore:
    score = FileScore(md.name)
    truth = read_truth(md.with_suffix(".truth"))
    lines = md.read_bytes().decode("utf-8-sig").replace("\r\n", "\n").split("\n")
    try:
        tasks = load_tasks(md).tasks
    except TasksFileError as exc:  # a file ralphy refuses: every task of the truth is missed, and it says why
        score.differences.append(f"error: {exc}")
        tasks = ()
    found = {task.line: task for task in tasks}
    score.truth, score.found = len(truth), len(found)
    for line, (task_id, status, optional, group) in sorted(truth.items()):
        task = found.get(line)
        if task is None:
            score.differences.append(f"line {line}: task {task_id} not found")
            continue
        score.matched += 1
        if _id_right(task_id, task, lines[line - 1]):
            score.ids_right += 1
        else:
            score.differences.append(f"line {line}: id {task.id!r}, expected {task_id!r}")
        if task.status == status:
            score.statuses_right += 1
        else:
            score.differences.append(f"line {line}: status {task.status}, expected {status}")
        if bool(getattr(task, "optional", False)) != optional:
            score.differences.append(f"line {line}: optional {not optional}, expected {optional}")
        if group is not None and task.group != group:
            score.differences.append(f"line {line}: group {task.group!r}, expected {group!r}")
        wrong = _title_wrong(task)
        if wrong:
            score.differences.append(f"line {line}: title {wrong}")
    for line, task in sorted(found.items()):
        if line not in truth:
            score.differences.append(f"line {line}: {task.id!r} ({task.title[:50]!r}) is not a task")
    return score


def task_files() -> list[Path]:
    """Every task file of the set: Markdown, the JSON task lists (a Task Master tasks.json, a ralph prd.json), the
    YAML ones (autospec's tasks.yaml, BMAD's sprint-status.yaml) and org-mode TODO files."""
    return sorted([*FILES.glob("*.md"), *FILES.glob("*.json"), *FILES.glob("*.yaml"), *FILES.glob("*.org"),
                   *FILES.glob("*.txt")])


def score_all(files: list[Path] | None = None) -> list[FileScore]:
    return [score_file(md) for md in (files or task_files())]


def summary(scores: list[FileScore]) -> str:
    truth = sum(s.truth for s in scores)
    found = sum(s.found for s in scores)
    matched = sum(s.matched for s in scores)
    ids = sum(s.ids_right for s in scores)
    statuses = sum(s.statuses_right for s in scores)
    return (
        f"files read exactly: {sum(s.exact for s in scores)} of {len(scores)}\n"
        f"tasks: {truth} in the truth, {found} found, {matched} matched\n"
        f"id accuracy: {ids / max(matched, 1):.3f}   status accuracy: {statuses / max(matched, 1):.3f}\n"
        f"recall: {matched / max(truth, 1):.3f}   precision: {matched / max(found, 1):.3f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("names", nargs="*", help="score only these files (NAME or NAME.md in the set)")
    args = parser.parse_args()
    files = [FILES / (name if name.endswith((".md", ".json", ".yaml", ".org", ".txt")) else name + ".md") for name in args.names]
    missing = [f.name for f in files if not f.exists()]
    if missing:
        parser.error(f"not in {FILES}: {', '.join(missing)}")
    scores = score_all(files or None)
    for s in scores:
        mark = "exact" if s.exact else f"{len(s.differences)} differences"
        print(f"{s.name:55} truth {s.truth:4}  found {s.found:4}  {mark}")
        if args.verbose:
            for difference in s.differences:
                print(f"    {difference}")
    print(summary(scores))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
