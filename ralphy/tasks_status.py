"""The words and marks a task file says a task's status with: the four statuses, a checkbox's glyph, a status
line's or cell's word (``Completed ✅``, ``WIP``, ``on hold``), and the words and strike-through that drop a task
(docs/tasks.md, "Statuses" and "Dropped, deferred and blocked"). Every reader (``ralphy.tasks_shapes``,
``tasks_plain``, ``tasks_table``) reads statuses through these; a new way of saying a status is learnt here.
"""

from __future__ import annotations

import re

PENDING, IN_PROGRESS, COMPLETED = "pending", "in_progress", "completed"
# A task the file says will not be done (cancelled, skipped, won't do, struck out): not work, so it is left out of
# the reading; it never reaches a Task (docs/tasks.md, "Dropped, deferred and blocked").
DROPPED = "dropped"
PROGRESS = {PENDING: 0, IN_PROGRESS: 1, COMPLETED: 2, DROPPED: 3}

# [-] is Kiro's "in progress" (Obsidian's "cancelled"; the Kiro reading is kept); [!] blocked, [?] a question, [<]
# scheduled are open; [>] picked up and [+] in review are under way; a tick of another glyph is done, a cross dropped.
CHECKBOX_STATUS = {" ": PENDING, "x": COMPLETED, "X": COMPLETED, "~": IN_PROGRESS, "/": IN_PROGRESS, "-": IN_PROGRESS,
                   "!": PENDING, "?": PENDING, "<": PENDING, ">": IN_PROGRESS, "+": IN_PROGRESS, "✓": COMPLETED,
                   "✔": COMPLETED, "✗": DROPPED, "✘": DROPPED}

# A file may say what its [-] means, since the tools disagree (Kiro: in progress; Obsidian: cancelled; ralph-gold's
# PRD.md legend "Mark blocked: - [-]"): "[-] blocked", "[-] = cancelled", or the word then the box closing the line.
_LEGEND_BLOCKED = r"blocked|on hold"
_LEGEND_DROPPED = r"cancell?ed|dropped|won'?t do"
_LEGEND = re.compile(r"\[-\]`?[ \t]*(?:(?:[:=\-\u2014]|means|is)[ \t]*)?(?P<after>" + _LEGEND_BLOCKED + "|" + _LEGEND_DROPPED
                     + r")\b|\b(?P<before>" + _LEGEND_BLOCKED + "|" + _LEGEND_DROPPED
                     + r")[ \t]*(?:[:=][ \t]*)?(?:[-*+][ \t]+)?`?\[-\]`?[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)


_ITEM_BOX = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]+`?\[-\]")

# The Obsidian Tasks plugin's own writing: a ```tasks query, a cancelled date (❌ 2023-04-18), an id (🆔 dcf64c) or a
# dependency (⛔ dcf64c) on a box. In such a file [-] is the plugin's "cancelled" (its done date is ✅, its cancelled ❌).
_OBSIDIAN_TASKS = re.compile(r"^[ \t]*```+[ \t]*tasks[ \t]*$|^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[.\][^\n]*?"
                             r"(?:\u274c\ufe0f?[ \t]*\d{4}-\d\d-\d\d|[\U0001f194\u26d4]\ufe0f?[ \t]*[\w-])", re.MULTILINE)
CANCELLED_DATE = re.compile(r"\u274c\ufe0f?[ \t]*\d{4}-\d\d-\d\d")  # "❌ 2023-04-18" on a box: cancelled that day


def obsidian_tasks(text: str) -> bool:
    """Whether ``text`` is written with the Obsidian Tasks plugin (a ```tasks query, a box with its ❌ / 🆔 / ⛔
    field): then its ``[-]`` is cancelled, as the plugin says, not Kiro's in progress."""
    return ("```" in text or "\u274c" in text or "\U0001f194" in text or "\u26d4" in text) \
        and _OBSIDIAN_TASKS.search(text) is not None


def declared_marks(text: str) -> dict[str, str]:
    """The status the file's own legend gives its ``[-]`` box, when it gives one (``{"-": PENDING}`` for
    "Mark blocked: - [-]"); else nothing, and ``[-]`` is read as Kiro writes it (in progress)."""
    # where the last line found to be a list item's ends: each line is looked at once (a match on it looks back for
    # the line's start no more: on one long line of items, that was quadratic)
    item_end = -1
    for legend in _LEGEND.finditer(text):
        if legend.start() < item_end:
            continue
        start = text.rfind("\n", 0, legend.start()) + 1
        if _ITEM_BOX.match(text, start) is None:  # "- [-] Blocked on review" is a task in progress, not a legend
            break
        item_end = text.find("\n", legend.end())
        if item_end == -1:
            item_end = len(text)
    else:
        return {}
    word = (legend.group("after") or legend.group("before")).lower()
    return {"-": PENDING if re.fullmatch(_LEGEND_BLOCKED, word) else DROPPED}


_STATUS_WORDS = {
    "pending": PENDING, "todo": PENDING, "to do": PENDING, "not started": PENDING, "open": PENDING,
    "planned": PENDING, "in_progress": IN_PROGRESS, "in progress": IN_PROGRESS, "in-progress": IN_PROGRESS,
    "wip": IN_PROGRESS, "started": IN_PROGRESS, "doing": IN_PROGRESS, "partial": IN_PROGRESS,
    "completed": COMPLETED, "complete": COMPLETED, "done": COMPLETED, "finished": COMPLETED,
    "blocked": PENDING, "deferred": PENDING, "postponed": PENDING, "on hold": PENDING, "on-hold": PENDING,
    "paused": PENDING, "backlog": PENDING, "in review": IN_PROGRESS, "review": IN_PROGRESS,
}  # fmt: skip
_STATUS_WORD = re.compile("(?:" + "|".join(re.escape(w) for w in sorted(_STATUS_WORDS, key=len, reverse=True)) + r")\b")
_STATUS_BOX = re.compile(r"^\[([ xX~/\-])\][ \t]*")  # SpecWeave's "**Status**: [x] completed"
# Words that say a task will not be done. They drop it where they are the status (a status line or cell) or close
# its title after a separator ("... (cancelled)", "... — won't do, ...", "... - Skipped").
# Deferred, postponed, blocked, on hold are open work (pending): ralph-beacon.md's "(DEFERRED - M2)" boxes are tasks.
_DROPPED_WORDS = (r"(?:cancell?ed|dropped|skipped|won'?t do|wont do|will not do|not doing|obsolete|abandoned|descoped|"
                  r"out of scope|rejected)")
_DROPPED_WORD = re.compile(_DROPPED_WORDS + r"\b", re.I)
_DROPPED_TAIL_WORDS = _DROPPED_WORDS.replace("skipped|", "")  # "(SKIPPED - TODO)" on a box: skipped for now
_DROPPED_TAIL = re.compile(r"(?:[(\[]|[—–]|[ \t]-[ \t])[ \t]*(?:\*\*|__)?" + _DROPPED_TAIL_WORDS
                           + r"(?:\*\*|__)?(?=[ \t]*(?:$|[):,.;!\]]|[—–]|-[ \t]))", re.I)  # the word closes the title or a clause
STRUCK = re.compile(r"^~~(?!~)(.+?)~~")


def normalise_status(raw: str) -> str | None:
    """``'Completed ✅'`` -> ``'completed'``; None when the text names no known status (the longest word wins).
    A leading box counts when no word follows it (``'[x]'`` -> ``'completed'``)."""
    text = re.sub(r"[`*_✅✔️⏳🚧⚠]", " ", raw).strip()
    box = _STATUS_BOX.match(text)
    if box:
        text = text[box.end():]
    word = _STATUS_WORD.match(text.lower())
    if word:
        return _STATUS_WORDS[word.group(0)]
    return CHECKBOX_STATUS[box.group(1)] if box else None


def status_of(raw: str) -> str | None:
    """A status value's status, ``DROPPED`` included (``'Cancelled'``, ``'[x] won't do'``); None when unknown."""
    text = re.sub(r"[`*_]", " ", raw).strip()
    text = _STATUS_BOX.sub("", text)
    if _DROPPED_WORD.match(text):
        return DROPPED
    return normalise_status(raw)


def dropped_title(title: str, ticked: bool) -> bool:
    """Whether an unticked task's title says it will not be done: struck out as a whole (``~~Add a Flash
    fallback~~``), or closed by a dropping word after a separator (``Add SSO (cancelled)``, ``Remove the importer —
    won't do, ...``). A ticked box is the author's own word that the task is done, whatever its title says
    (``[x] T092 Update ROADMAP.md (no ROADMAP.md - skipped)``)."""
    if ticked:
        return False
    if title.startswith("~~") and STRUCK.match(title):
        return True
    return _DROPPED_TAIL.search(title) is not None
