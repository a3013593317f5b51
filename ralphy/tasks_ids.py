"""The id a task's line starts with (``1.2``, ``T001``, ``TASK-12``, ``P1-01``, ``2.2a``, ``**1.2**``, ``Task 3:``)
and how sure its shape makes that, for every reader of a task file (docs/tasks.md, "Ids")."""

from __future__ import annotations

import re
from dataclasses import dataclass

# The word "task" as task files in other languages write it before a number ("タスク 1.1:", "任务 2:", "Tarea 3:"):
# Latin and Cyrillic ones need a space before the number, Japanese, Chinese and Korean ones may go without.
TASK_WORDS_SPACED = "[Tt]area|[Tt]âche|[Aa]ufgabe|[Tt]arefa|[Зз]адача"
TASK_WORDS_CJK = "タスク|任务|任務|태스크|작업"
# A leading id: 1  1.2  2.2a  T3  T001  TASK-12  P1-01  P1.1  01-01 (GSD's 01-01-PLAN.md), in bold or not; a longer
# word with a hyphen (FEATURE-001, ralph fix plans beside FIX-001), and a phase's number and letter before a dotted
# rest (9C.0.3, 9C.2.B2: a ralph plan's "Phase 9C").
_LEADING_ID_FORM = (
    r"^(?P<bold>\*\*)?(?:(?P<word>(?:{words}|" + TASK_WORDS_SPACED + r")[ \t]+|(?:" + TASK_WORDS_CJK + r")[ \t]*)#?)?"
    r"(?P<open>\[)?"
    r"(?P<id>[A-Z]{{1,6}}-?\d+(?:[.\-]\d+)*[a-z]?|[A-Z]{{7,12}}-\d+(?:[.\-]\d+)*[a-z]?|\d+(?:[.\-]\d+)*[a-z]?"
    r"|\d+[A-Z](?:\.[A-Z]?\d+)+)(?(open)\])"
    r"(?P<plan>-PLAN\.md)?(?P<close>\*\*)?"
    r"(?P<sep>[:.)](?![\w])|[ \t]+[-–—:|](?=[ \t]|$)|(?=[ \t])|$)"
    r"(?P<close2>\*\*)?[ \t]*"
)
_LEADING_ID = re.compile(_LEADING_ID_FORM.format(words="[Tt]ask|TASK"))
# A checkbox may also name a phase by its number ("- [x] Phase 32: Docs", GSD's phase lists) or a subtask (BMAD's
# "- [ ] Subtask 1.1: ...", "SubTask 1.1"): the number is its id. Headings keep the narrower form: "## Phase 2: ..."
# is a section, whatever follows it.
_LEADING_ID_ITEM = re.compile(_LEADING_ID_FORM.format(words="[Pp]hase|PHASE|[Tt]ask|TASK|[Ss]ub-?[Tt]ask|SUBTASK"))
_BOLD_LEAD = re.compile(r"^\*\*(.+?)\*\*")
# An id in brackets ("- [TASK-010] Add the endpoint - Done") names the task when it has the shape of one: a hyphen
# (TASK-010, T-001) or the prefix T / TASK; "[US1]" and "[P1]" stay markers.
_BRACKETED_ID = re.compile(r"^(?:[A-Z]{1,6}-\d|T\d|TASK\d)")
# Short bracketed labels before a task's id ("[P1][M][done] R-011 — ...": priority, size, status), each at most 12
# characters: the id after them is the task's (tasks_shapes), and a slug leaves them out (tasks._slug).
LEADING_LABELS = re.compile(r"^(?:\[[\w .\-]{1,12}\][ \t]*){1,6}(?=\S)")


@dataclass(slots=True)
class _Leading:
    id: str | None = None
    strength: str = ""
    rest: str = ""



# A bracketed reference "[#todo-g354]" (a TODO.md compiled by todo.mdx from beads issues) names the task: its id is
# the token after the "#". Without the "#" a bracketed word is a label ("[frontend]") or a marker ("[US1]").
_BRACKETED_REF = re.compile(r"^\[#([A-Za-z0-9][\w.\-]{0,40})\][ \t]+(\S.*)$")


def split_leading_id(text: str, *, item: bool = False) -> _Leading:
    """The id a line starts with, how sure that is (by its shape), and the rest of the line. ``item``: the line is
    a checkbox's text, where "Phase 3: ..." gives the id 3 as "Task 3: ..." does."""
    if text[:2] == "[#" and (ref := _BRACKETED_REF.match(text)):
        return _Leading(ref.group(1), "strong", ref.group(2).strip())
    phase = item and (text[:1] in "PpSs" or text[2:3] in "PpSs")  # the wider form only where it can match
    match = (_LEADING_ID_ITEM if phase else _LEADING_ID).match(text)
    if not match or (match["bold"] and not (match["close"] or match["close2"])):
        if match and match["bold"]:  # "**1.2 Title**": bold around the whole line
            inner = _BOLD_LEAD.match(text)
            if inner:
                inner_lead = split_leading_id(inner.group(1) + " ", item=item)
                if inner_lead.id:
                    tail = text[inner.end():].strip(" \t-–—:")
                    return _Leading(inner_lead.id, "strong", (inner_lead.rest + " " + tail).strip())
        return _Leading(rest=text)
    task_id, sep = match["id"], match["sep"].strip()
    if match["open"] and not _BRACKETED_ID.match(task_id):
        return _Leading(rest=text)  # "[US1]", "[P1]": a story or priority marker, not the task's id
    if task_id[0].isdigit() and task_id[-1].isalpha() and "." not in task_id:
        return _Leading(rest=text)  # "2x faster": a number with a unit, not an id
    rest = text[match.end():].strip(" \t-–—:")
    if not rest and not match["word"]:
        return _Leading(rest=text)  # "- [ ] 42": a number alone is not an id with a title
    if sep or match["bold"] or match["word"] or match["plan"] or match["open"]:
        strength = "strong"
    elif "." in task_id:
        strength = "strong"
    elif task_id[0].isdigit():
        strength = "weak-num"
    else:
        strength = "weak-pre"
    return _Leading(task_id, strength, rest or text)


def _prefix(task_id: str) -> str:
    return task_id.rstrip("0123456789.-abcdefghijklmnopqrstuvwxyz").rstrip("-").upper() if task_id[0].isalpha() else ""
