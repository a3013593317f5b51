"""Chores: small edits no specialist is needed for, a table written by hand (issue 15).

A chore is a small edit named by its object: rename something, bump or raise a version, fix a typo, change a
text, heading, label, colour or date, remove an unused import, replace a path or a value, update a year,
translate a text. Whoever works on the repository does it in a minute; recommending a specialist for it because
its object mentions the specialist's field ("the 404 page's heading" -> a copywriter, "the Node version in
.nvmrc" -> a Node specialist) is a false recommendation. ``is_chore`` tells such a task from real work that
starts with the same verbs: "Change the session store to Redis" and "Update the Django app to 5.0" change a
component, not a value, so they are not chores.

The rules were written from what a chore is, before any list of routing misses was read; ``routing.Router``
gives the answer to the calibration as one feature (``routing.CALIBRATION``), so how much a chore lowers the
confidence is fitted on the train sets, not set by hand.
"""

from __future__ import annotations

import functools
import re

# Verbs that make a chore whatever their object: renaming, a version bump, rewording, translating a text.
_ALONE = r"rename|bump|reword|rephrase|capitali[sz]e|alphabeti[sz]e"
# Translating a text into a language (not "Translate the Figma designs into React components").
_LANGUAGES = (r"english|german|french|spanish|italian|portuguese|dutch|japanese|chinese|korean|russian|polish|"
              r"swedish|danish|norwegian|finnish|arabic|hebrew|hindi|turkish|greek|czech|ukrainian")
# Verbs that make a chore when their object is a value (``_VALUES``) or a leftover (``_LEFTOVER``).
_EDIT = (r"change|update|set|replace|remove|delete|drop|raise|lower|correct|fix|edit|swap|tweak|adjust|increase|"
         r"decrease|shorten|lengthen|sort|reorder|pin|unpin|clean|tidy|strip|trim")
# The small objects of a chore: a text shown somewhere, a value in a file, a leftover in the code.
_VALUES = (r"heading|headings|headline|title|titles|subtitle|text|texts|wording|label|labels|caption|captions|"
           r"tooltip|tooltips|placeholder|message|messages|string|strings|colou?r|colou?rs|date|dates|year|years|"
           r"version|path|paths|url|urls|link|links|href|value|values|import|imports|comment|comments|typo|typos|"
           r"misspelling|misspellings|spelling|grammar|whitespace|indentation|email|address|phone|icon|favicon|"
           r"port|timeout|constant|default|defaults|name|names|badge|badges|footer|copyright|emoji|wording|"
           r"order|variable|variables|todo|todos|number|numbers|image|images|photo|photos|picture|pictures|"
           r"illustration|illustrations|screenshot|screenshots|logo|logos")
# Words that say the object is left over: "the unused PIL import", "the commented-out block", "a stray print".
_LEFTOVER = r"unused|dead code|stale|leftover|obsolete|stray|commented[- ]out|outdated|typo|typos|misspelt|misspelled"

_BULLET = r"^\s*(?:[-*+]\s+)?(?:\[.\]\s+)?(?:\d+[.)]\s+)?"
# Errands: work for a person, outside the repository (paying a fee, buying or ordering things, hiring, a contract,
# photos, a name to pick, someone's sign-off). No agent does them; a verb that is also code's ("Call the API",
# "Print the stack trace", "Invite users by email", "Sign the release artifacts") is left out or narrowed.
_ERRANDS = (r"pay(?!\s+out)|buy|purchase|hire|recruit|attend|negotiate|book\s+(?:a|the)\b|"
            r"renew\b(?!.*\b(?:cert|certs|certificates?|tokens?|keys?|secrets?|credentials?)\b)|"
            r"order\s+(?:more|new|some)\b|sign\s+(?:the\s+)?(?:contract|nda|agreement|lease|paperwork)|"
            r"take\s+(?:new\s+|some\s+|the\s+)?(?:\w+\s+)?(?:photos|pictures|headshots)\b|"
            r"(?:pick|choose|decide\s+on)\s+(?:a|the)\s+(?:new\s+)?(?:\w+\s+)?(?:name|logo|mascot)\b|"
            r"get\s+(?:\w+\s+)?(?:sign-?off|approval)\b")
# The object ends where the task's context starts: "Change the heading | to 'Page not found'".
_OBJECT_END = r"(?=\s+(?:to|in|into|on|of|for|from|with|across|at|so|by|and)\b|[:;,(]|\.(?:\s|$)|$)"
_ALONE_LINE = re.compile(_BULLET + rf"(?:{_ALONE})\b|{_BULLET}translate\b.*\b(?:into|to)\s+(?:{_LANGUAGES})\b")
_ERRAND_LINE = re.compile(_BULLET + rf"(?:{_ERRANDS})")
_EDIT_LINE = re.compile(_BULLET + rf"(?:{_EDIT})\b(?:\s+up)?(?P<object>.*?){_OBJECT_END}")
_VALUE_END = re.compile(rf"\b(?:{_VALUES})\W*$")
_LEFTOVER_WORD = re.compile(rf"\b(?:{_LEFTOVER})\b")


@functools.lru_cache(maxsize=4096)
def is_chore(task: str) -> bool:
    """Whether ``task`` (its first line that says something) is a chore: a verb of ``_ALONE`` first, an errand
    (``_ERRANDS``: "Pay the developer fee", "Take new team photos"), or an edit
    verb whose object ends in a small value ("Change the 404 page's heading", "Raise the Node version") or holds
    a leftover ("Remove the unused PIL import")."""
    line = next((line for line in task.lower().splitlines() if line.strip()), "")
    line = line.replace("'s ", " ").replace("’s ", " ")
    if _ALONE_LINE.match(line) or _ERRAND_LINE.match(line):
        return True
    edit = _EDIT_LINE.match(line)
    if edit is None:
        return False
    thing = edit.group("object").strip()
    return bool(thing) and bool(_VALUE_END.search(thing) or _LEFTOVER_WORD.search(thing))
