"""BMAD v6's ``sprint-status.yaml`` (docs/tasks.md, "BMAD sprint status"): a ``development_status`` map of keys to
statuses, written by BMAD's sprint-planning workflow and kept up to date by its agents::

    development_status:
      # Epic 1: User Accounts                 <- names the group of epic 1's stories
      epic-1: in-progress                     <- an epic: its stories' group, not a task
      1-1-user-authentication: done           <- story 1-1-user-authentication, completed
      1-2-account-management: ready-for-dev   <- pending (backlog, drafted, ready-for-dev)
      1-3-plant-data-model: review            <- in progress (in-progress, review: done is after code review)
      epic-1-retrospective: optional          <- not a task

A story is a task: its key is its id (BMAD's ``story_key``), its title the key's words, its line the key's line. An
epic's stories are its group, named by the ``# Epic N: ...`` comment over it where the file has one (BMAD writes
them), else ``Epic N``. Retrospectives and the ``action_items`` a retrospective commits are not tasks; a
``superseded`` story is dropped, as a cancelled one is. A status BMAD does not know is the file's error, said in
one line (``sprint_problem``), not a guess.

Sprint files kept by hand in BMAD's spirit nest the stories under their epics instead (``epics:`` / ``E1:`` /
``stories:`` / ``S1.1: complete  # Config Loader``, or each story a mapping with its ``title`` and ``status``):
``read_epic_map`` reads those, the story's title being its ``title`` or the comment on its line.
"""

from __future__ import annotations

import re

from ralphy.tasks_shapes import DEFAULT_GROUP, RawTask
from ralphy.tasks_status import COMPLETED, DROPPED, IN_PROGRESS, PENDING, status_of

KEY = "development_status"
_EPIC = re.compile(r"epic-(\d+)\Z", re.IGNORECASE)
_RETROSPECTIVE = re.compile(r"epic-\d+-retro(?:spective)?\Z", re.IGNORECASE)
_STORY = re.compile(r"(\d+)-\d+[a-z]?-(.+)\Z", re.IGNORECASE)  # BMAD's own STORY_KEY_RE: 1-1-..., 2-6a-...
_EPIC_COMMENT = re.compile(r"^[ \t]*#[ \t]*Epic[ \t]+(\d+)[ \t]*[:\-–—][ \t]*(\S.*)$", re.MULTILINE | re.IGNORECASE)
# BMAD's story statuses (and the older drafted / contexted), then what people write besides
_STATUSES = {"backlog": PENDING, "drafted": PENDING, "ready-for-dev": PENDING, "ready": PENDING,
             "contexted": PENDING, "in-progress": IN_PROGRESS, "review": IN_PROGRESS, "in-review": IN_PROGRESS,
             "done": COMPLETED, "superseded": DROPPED, "optional": None}
LEGAL = "backlog, ready-for-dev, in-progress, review, done"


def is_sprint_status(root) -> bool:
    """Whether the composed YAML ``root`` is a sprint status: a mapping with a ``development_status`` key."""
    from yaml.nodes import MappingNode

    return isinstance(root, MappingNode) and _entry(root) is not None


def read_sprint(root, text: str) -> list[RawTask]:
    """The stories of a sprint status, in file order (``root`` is the composed file, ``text`` its text)."""
    tasks: list[RawTask] = []
    titles = {_number(m.group(1)): f"Epic {_number(m.group(1))}: {' '.join(m.group(2).split())}"
              for m in reversed(list(_EPIC_COMMENT.finditer(text)))}  # the first comment of an epic wins
    group = DEFAULT_GROUP
    for key, value, line, status in _entries(root):
        epic = _EPIC.match(key)
        if epic:
            group = titles.get(_number(epic.group(1)), f"Epic {_number(epic.group(1))}")
            continue
        if status in (None, DROPPED) or _RETROSPECTIVE.match(key):
            continue
        story = _STORY.match(key)
        words = (story.group(2) if story else key).replace("-", " ").replace("_", " ").split()
        title = " ".join(words)
        title = title[:1].upper() + title[1:] if title else key
        story_group = titles.get(_number(story.group(1)), f"Epic {_number(story.group(1))}") if story else group
        tasks.append(RawTask(line, title, status, key, story_group, source=key))
    return tasks


def _number(digits: str) -> str:
    """An epic's number, '01' being epic 1; a hostile file's 5,000 digits are kept as written (int() refuses more
    than 4,300 with a ValueError)."""
    return str(int(digits)) if len(digits) < 100 else digits


def sprint_problem(root) -> str | None:
    """What is wrong with a sprint status, in words (None when nothing is): ``development_status`` that is not a
    map of keys to statuses, a status BMAD does not know, a key given twice."""
    from yaml.nodes import MappingNode, ScalarNode

    entry = _entry(root)
    if entry is None or entry.tag == "tag:yaml.org,2002:null":
        return None
    if not isinstance(entry, MappingNode):
        return (f"line {entry.start_mark.line + 1}: {KEY} is not a map of story keys to statuses "
                "(`1-1-user-authentication: backlog`)")
    seen: dict[str, int] = {}
    for key_node, value in entry.value:
        line = key_node.start_mark.line + 1
        if not isinstance(key_node, ScalarNode):
            return f"line {line}: {KEY} holds a key that is not text"
        key = key_node.value
        shown = key if len(key) <= 60 else key[:59] + "…"  # a '? ...' key has no length limit
        if key in seen:
            return f"line {line}: {shown} is given twice in {KEY} (first on line {seen[key]})"
        seen[key] = line
        if not isinstance(value, ScalarNode):
            return f"line {line}: {shown}'s status is not a word (one of {LEGAL})"
        if _status(value.value) is _UNKNOWN:
            return f"line {line}: {shown}: {value.value[:40]!r} is not a sprint status (one of {LEGAL})"
    return None


def is_epic_map(root) -> bool:
    """Whether ``root`` holds ``epics:``, a mapping of epics each with a ``stories`` mapping."""
    from yaml.nodes import MappingNode

    epics = _get(root, "epics") if isinstance(root, MappingNode) else None
    return isinstance(epics, MappingNode) and any(
        isinstance(epic, MappingNode) and isinstance(_get(epic, "stories"), MappingNode) for _, epic in epics.value)


def read_epic_map(root, text: str) -> list[RawTask]:
    """The stories of an ``epics:`` mapping, in file order: a story's key is its id, its group its epic's ``title``
    (else the epic's key)."""
    from yaml.nodes import MappingNode, ScalarNode

    lines = text.split("\n")
    tasks: list[RawTask] = []
    seen: set[int] = set()  # an epic's stories reached again through an alias are read once (no alias bomb)
    for epic_key, epic in _get(root, "epics").value:
        stories = _get(epic, "stories") if isinstance(epic, MappingNode) else None
        if not isinstance(stories, MappingNode) or not isinstance(epic_key, ScalarNode) or id(stories) in seen:
            continue
        seen.add(id(stories))
        title_node = _get(epic, "title")
        group = " ".join(title_node.value.split()) if isinstance(title_node, ScalarNode) and title_node.value.strip() \
            else epic_key.value
        for key_node, story in stories.value:
            if not isinstance(key_node, ScalarNode):
                continue
            line = key_node.start_mark.line + 1
            if isinstance(story, ScalarNode):
                word, title = story.value, _comment(lines[line - 1]) or key_node.value
            elif isinstance(story, MappingNode):
                word_node, named = _get(story, "status"), _get(story, "title") or _get(story, "name")
                word = word_node.value if isinstance(word_node, ScalarNode) else ""
                title = " ".join(named.value.split()) if isinstance(named, ScalarNode) and named.value.strip() \
                    else key_node.value
            else:
                continue
            status = _status(word)
            if status is DROPPED or status is None:
                continue
            tasks.append(RawTask(line, title, PENDING if status is _UNKNOWN else status, key_node.value, group,
                                 source=key_node.value))
    return tasks


def _comment(line: str) -> str | None:
    """The comment that ends a YAML line (``S1.1: complete  # Config Loader`` -> ``Config Loader``)."""
    at = line.find(" #")
    at = at if at != -1 else line.find("\t#")
    comment = line[at + 2:].strip() if at != -1 else ""
    return comment or None


def _get(node, key: str):
    from yaml.nodes import ScalarNode

    for key_node, value in node.value:
        if isinstance(key_node, ScalarNode) and key_node.value == key:
            return value
    return None


def epic_map_tick_rule(text: str) -> str:
    """The tick rule of an ``epics:`` map: the done word its stories already use (``complete``, ``done``)."""
    used = re.findall(r"^[ \t]+[^\s:#][^:#]*:[ \t]*[\"']?(complete|completed|done)[\"']?[ \t]*(?:#|\r?$)", text,
                      re.MULTILINE | re.IGNORECASE)
    word = max(set(used), key=used.count) if used else "done"
    return (f"a story's status under its epic's `stories` becomes `{word}` (`S1.2: pending` becomes `S1.2: {word}`), "
            "every other line (the comments too) unchanged")


def tick_rule() -> str:
    return ("a story's status in `development_status` becomes `done` (`1-2-account-management: review` becomes "
            "`1-2-account-management: done`), every other line (the comments too) unchanged")


_UNKNOWN = object()


def _status(word: str):
    """A story's status: PENDING, IN_PROGRESS, COMPLETED, DROPPED, None (not a task: ``optional``) or _UNKNOWN."""
    text = word.strip().lower()
    if text in _STATUSES:
        return _STATUSES[text]
    known = status_of(text.replace("-", " ").replace("_", " "))
    return known if known is not None else _UNKNOWN


def _entry(root):
    from yaml.nodes import ScalarNode

    for key_node, value in root.value:
        if isinstance(key_node, ScalarNode) and key_node.value == KEY:
            return value
    return None


def _entries(root):
    """(key, value node, line, status) for each well-formed entry of ``development_status``."""
    from yaml.nodes import MappingNode, ScalarNode

    entry = _entry(root)
    if not isinstance(entry, MappingNode):
        return
    for key_node, value in entry.value:
        if not isinstance(key_node, ScalarNode) or not isinstance(value, ScalarNode):
            continue
        status = _status(value.value)
        yield key_node.value, value, key_node.start_mark.line + 1, (PENDING if status is _UNKNOWN else status)
