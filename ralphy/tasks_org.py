"""Org-mode task files (docs/tasks.md, "Org-mode TODO files"): Emacs users keep their work as an outline of
headings, a task being a heading with a TODO keyword::

    * Documentation                        <- a group
    ** TODO Write the tutorial              <- a task, pending
    ** DONE Rename to Semagrams            <- completed
    ** TODO Add support for attributes      <- the group of the two below (a task is a leaf, as in Kiro)
    *** NEXT Real-valued attributes         <- pending
    *** STARTED Discrete-choice attributes  <- in progress
    - [ ] a checkbox under a heading        <- a task too, in that heading's group

The keywords are org's own (TODO, DONE), the ones people add (NEXT, STARTED, WAITING, CANCELLED, ...) and those
the file declares (``#+TODO: TODO REVIEW | DONE``: before the bar open, after it done). A priority cookie
(``[#A]``), a statistics cookie (``[2/5]``) and tags (``:ui:``) are not part of a title. An outline with no open keyword,
no checkbox and no ``#+TODO:`` line (a ``TODO.org`` of bare headings, some perhaps ``DONE`` since) has its leaf
headings below the top level as its tasks.
A file is read as org when it has a heading (``* ...``) and is named ``*.org``, or says so (a ``#+KEY:`` line, a
``* TODO`` heading, a headline's cookie or tags, a planning line) without a Markdown heading or a ``* [ ]`` item
(``is_org``); a bare ``** text`` line does not say so (Markdown files hold them).
"""

from __future__ import annotations

import re

from ralphy.tasks_shapes import DEFAULT_GROUP, RawTask
from ralphy.tasks_status import COMPLETED, DROPPED, IN_PROGRESS, PENDING

_HEADING = re.compile(r"^(\*+)[ \t]+(.*)$")  # (no lazy group before trailing blanks: quadratic on long runs)
_SETTING = re.compile(r"^#\+(?:SEQ_|TYP_)?TODO:(.*)$", re.IGNORECASE | re.MULTILINE)
_DECLARED = re.compile(r"^#\+[A-Za-z_]+:", re.MULTILINE)
_CHECKBOX = re.compile(r"^[ \t]*(?:[-+]|\d+[.)])[ \t]+\[([ xX\-])\][ \t]+(\S.*)$")
_PRIORITY = re.compile(r"^\[#[A-Za-z0-9]\][ \t]*")
_COOKIE = re.compile(r"(?<![ \t])[ \t]*\[\d*(?:%|/\d*)\]")  # a blank run is tried from its start only
_TAGS = re.compile(r"(?<![ \t])[ \t]+:[\w@#%:]+:$")
_OPEN = {"TODO": PENDING, "NEXT": PENDING, "WAITING": PENDING, "WAIT": PENDING, "HOLD": PENDING,
         "BLOCKED": PENDING, "SOMEDAY": PENDING, "STARTED": IN_PROGRESS, "DOING": IN_PROGRESS,
         "IN-PROGRESS": IN_PROGRESS, "INPROGRESS": IN_PROGRESS, "WIP": IN_PROGRESS, "REVIEW": IN_PROGRESS}
_CLOSED = {"DONE": COMPLETED, "FIXED": COMPLETED, "CANCELLED": DROPPED, "CANCELED": DROPPED, "WONTFIX": DROPPED}
_BOX = {" ": PENDING, "-": IN_PROGRESS, "x": COMPLETED, "X": COMPLETED}


# What org writes and Markdown never does: a heading with a TODO keyword (a single star only with TODO / DONE, since
# "* NEXT steps" is a Markdown bullet), a headline's priority cookie, statistics cookie or tags, a planning line or a
# property drawer. A "** text" line alone is not enough: Markdown files hold "** Note: ..." (bold with a blank) and
# footnotes "* ..." / "** ...", and read as org they lost their ids and their [/] marks.
_KEYWORD_HEADLINE = (r"\*+[ \t]+(?:TODO|DONE)(?:[ \t]|$)|\*{2,}[ \t]+(?:NEXT|WAITING|WAIT|HOLD|BLOCKED|SOMEDAY|STARTED|DOING|"
                     r"IN-PROGRESS|INPROGRESS|WIP|REVIEW|FIXED|CANCELL?ED|WONTFIX)(?:[ \t]|$)")
_SHAPED_HEADLINE = r"\*{2,}[ \t]+\S[^\n]*?(?:\[#[A-Za-z0-9]\]|\[\d*/\d*\]|\[\d+%\]|[ \t]:[\w@#%]+(?::[\w@#%]+)*:[ \t]*$)"
_PLANNING = r"[ \t]*(?:(?:SCHEDULED|DEADLINE|CLOSED):[ \t]*[<\[]\d{4}-\d\d-\d\d|:PROPERTIES:[ \t]*$)"
_ORG_ONLY = re.compile(f"^(?:{_KEYWORD_HEADLINE}|{_SHAPED_HEADLINE}|{_PLANNING})", re.MULTILINE)
_KEYWORD_ONLY = re.compile(f"^(?:{_KEYWORD_HEADLINE})", re.MULTILINE)
_MARKDOWN_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]", re.MULTILINE)
_MARKDOWN_STAR_BOX = re.compile(r"^\*[ \t]+\[[ xX~/\-]\][ \t]", re.MULTILINE)  # "* [ ] ...": org never bullets with a star


def is_org(text: str, path: str | None = None) -> bool:
    """Whether ``text`` is an org file: named ``*.org``, or saying so (a ``#+TITLE:`` line, a ``* TODO`` heading, a
    headline's cookie or tags, a ``SCHEDULED:`` line: what Markdown never writes) without a Markdown heading or a
    ``* [ ]`` item; and it has an org heading. Bare ``** text`` lines alone are Markdown's (bold, footnotes)."""
    if re.search(r"^\*+[ \t]+\S", text, re.MULTILINE) is None:
        return False
    if path is not None and str(path).lower().endswith(".org"):
        return True
    if not ((_DECLARED.search(text) is not None or _ORG_ONLY.search(text) is not None)
            and _MARKDOWN_HEADING.search(text) is None and _MARKDOWN_STAR_BOX.search(text) is None):
        return False
    from ralphy.tasks_logseq import is_logseq  # a Logseq page's "SCHEDULED: <...>" is no org planning line

    return _KEYWORD_ONLY.search(text) is not None or not is_logseq(text)


def _keywords(text: str) -> dict[str, str]:
    words = dict(_OPEN) | dict(_CLOSED)
    for setting in _SETTING.finditer(text):
        open_part, _, done_part = setting.group(1).strip().partition("|")
        for word in open_part.split():
            word = re.sub(r"\(.*\)$", "", word)  # "WAIT(w@/!)": the key and logging spec are not the word
            words.setdefault(word, PENDING)
        for word in done_part.split():
            word = re.sub(r"\(.*\)$", "", word)
            words.setdefault(word, DROPPED if word.upper().startswith("CANCEL") else COMPLETED)
    return words


def _title(text: str) -> str:
    text = _PRIORITY.sub("", text)
    text = _TAGS.sub("", text)
    return " ".join(_COOKIE.sub("", text).split())


def read_org(text: str) -> list[RawTask]:
    """The tasks of an org file, in file order."""
    keywords = _keywords(text)
    lines = text.split("\n")
    # (line, level, keyword status or None, title, box status or None)
    entries: list[tuple[int, int, str | None, str, str | None]] = []
    in_block = False
    # a block that is never closed is no block (org's reading too): its #+BEGIN_ line hides nothing below it
    last_end = max((number for number, line in enumerate(lines, 1) if line.strip().upper().startswith("#+END_")),
                   default=0)
    for number, line in enumerate(lines, 1):
        upper = line.strip().upper()
        if upper.startswith("#+BEGIN_") and number < last_end:
            in_block = True
        elif upper.startswith("#+END_"):
            in_block = False
        if in_block:
            continue
        heading = _HEADING.match(line)
        if heading:
            level, rest = len(heading.group(1)), heading.group(2).strip()
            word, after = (rest.split(None, 1) + [""])[:2] if rest else ("", "")
            status = keywords.get(word) if word else None
            entries.append((number, level, status, _title(after if status is not None else rest), None))
            continue
        box = _CHECKBOX.match(line)
        if box:
            entries.append((number, 0, None, box.group(2).strip(), _BOX[box.group(1)]))
    # a file with an open keyword reads its keyword headings; one without (bare headings, some perhaps DONE) its leaves,
    # unless it declares its keywords (#+TODO:): then its bare headings are notes even once every TODO is DONE
    keyworded = _SETTING.search(text) is not None or \
        any(status in (PENDING, IN_PROGRESS) for _, _, status, _, box in entries if box is None)
    boxed = any(box is not None for *_, box in entries)
    # for each heading: whether anything, and whether a keyword heading or a box, lies below it (one pass, a stack)
    below_any, below_task = [False] * len(entries), [False] * len(entries)
    open_headings: list[int] = []  # indexes of the headings above the current entry
    for index, (_, level, status, _, box) in enumerate(entries):
        if box is None:
            while open_headings and entries[open_headings[-1]][1] >= level:
                open_headings.pop()
        if open_headings:
            parent = open_headings[-1]
            below_any[parent] = True
            if box is not None or status is not None:
                for above in reversed(open_headings):  # up to the first one marked already: linear overall
                    if below_task[above]:
                        break
                    below_task[above] = True
        if box is None:
            open_headings.append(index)
    tasks: list[RawTask] = []
    stack: list[tuple[int, str]] = []  # (level, title) of the headings above
    for index, (number, level, status, title, box) in enumerate(entries):
        if box is not None:
            group = stack[-1][1] if stack else DEFAULT_GROUP
            if box != DROPPED:
                tasks.append(RawTask(number, title, box, None, group, source=title))
            continue
        while stack and stack[-1][0] >= level:
            stack.pop()
        group = stack[-1][1] if stack else DEFAULT_GROUP
        stack.append((level, title))
        if keyworded or boxed:
            if status is None or status == DROPPED or below_task[index]:
                continue  # not a task, or the group of the tasks below it (a task is a leaf)
        elif level < 2 or below_any[index] or status == DROPPED:
            continue  # an outline of bare headings: its leaves below the top level are the tasks
        tasks.append(RawTask(number, title or "(untitled)", status or PENDING, None, group, source=title))
    return [task for task in tasks if task.status != DROPPED]


def tick_rule(text: str) -> str:
    """The dev prompt's tick rule for what ``read_org`` reads as tasks: keyword headings (any open keyword, the
    file's own too), checkboxes, or else the bare headings of an outline."""
    keywords = _keywords(text)
    words = (heading.group(1) for heading in re.finditer(r"^\*+[ \t]+(\S+)", text, re.MULTILINE))
    keyworded = _SETTING.search(text) is not None or any(keywords.get(word) in (PENDING, IN_PROGRESS) for word in words)
    boxed = re.search(r"^[ \t]*(?:[-+]|\d+[.)])[ \t]+\[[ xX\-]\][ \t]+\S", text, re.MULTILINE) is not None
    rules = ["a task heading's `TODO` (or `NEXT`, `STARTED`) becomes `DONE`, the rest of its line unchanged"] \
        if keyworded else []
    if boxed:
        rules.append("a checkbox task's `[ ]` becomes `[X]`, the rest of its line unchanged")
    return "; ".join(rules) or \
        "a task heading gets `DONE` after its stars (`** Write the tutorial` becomes `** DONE Write the tutorial`)"
