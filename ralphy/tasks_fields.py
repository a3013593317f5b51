"""Fields a task line carries for a tool, not for the person reading its title (docs/decisions.md, loose20).

- The Obsidian Tasks plugin's emoji fields, which it reads from the end of a box's line (its own serializer's
  rules): dates ``➕ ⏳ 🛫 📅 ✅ ❌`` with a ``YYYY-MM-DD``, priorities ``🔺 ⏫ 🔼 🔽 ⏬``, ``🔁 every week`` recurrence,
  ``🏁 keep`` / ``🏁 delete`` on completion, ``🆔 id`` and ``⛔ id,id`` dependencies; ``#tags`` among them stay in
  the title.
- todo.txt's ``key:value`` pairs (``due:2024-03-15``, ``t:2024-03-10``, ``pri:B``) at a line's end, among its
  ``+project`` and ``@context`` words: a key that starts with a letter, a value with no blank or colon that does not
  start with ``/`` or ``\\`` (``https://...`` is a link). One in the title's words is a word of the title.

The line in the file is never changed; only the title the prompt and the report show, and the slug made from it
(so a tick that adds ``✅ 2026-11-25`` does not rename the task).
"""

from __future__ import annotations

import re

_VS = "\ufe0f?"  # an emoji's variation selector, as some editors write it
_DATE = r"[ \t]*\d{4}-\d\d-\d\d"
_OBSIDIAN_FIELD = re.compile(
    "(?:"
    f"[\u2795\u23f3\u231b\U0001f6eb\U0001f4c5\U0001f4c6\U0001f5d3\u2705\u274c]{_VS}{_DATE}"  # ➕ ⏳ ⌛ 🛫 📅 📆 🗓 ✅ ❌
    f"|[\U0001f53a\u23eb\U0001f53c\U0001f53d\u23ec]{_VS}"  # 🔺 ⏫ 🔼 🔽 ⏬
    # the plugin writes a recurrence "every ..." and on-completion "keep" or "delete": "Fix the 🔁 retry loop" and
    # "Celebrate the launch 🏁 party" keep their words
    f"|\U0001f501{_VS}[ \t]?(?i:every)(?![a-zA-Z])[a-zA-Z0-9, !]*"  # 🔁 every week on Monday
    f"|\U0001f3c1{_VS}[ \t]*(?i:keep|delete)"  # 🏁 delete
    f"|\u26d4{_VS}[ \t]*[\\w-]+(?:[ \t]*,[ \t]*[\\w-]+)*"  # ⛔ dcf64c,0h17ye
    f"|\U0001f194{_VS}[ \t]*[\\w-]+"  # 🆔 dcf64c
    r")[ \t]*$")
_SIGNS = frozenset("\u2795\u23f3\u231b\U0001f6eb\U0001f4c5\U0001f4c6\U0001f5d3\u2705\u274c\U0001f53a\u23eb\U0001f53c"
                   "\U0001f53d\u23ec\U0001f501\U0001f3c1\u26d4\U0001f194")
_TRAILING_TAG = re.compile(r"(?:^|[ \t])(#[^ \t!@#$%^&*(),.?\":{}|<>]+)[ \t]*$")
_KEY_VALUE = re.compile(r"[A-Za-z][\w-]*:[^\s:/\\][^\s:]*")  # one word: due:2024-03-15, pri:B, t:2024-03-10
_TAG_WORD = re.compile(r"[+@]\S+")  # +project, @context
MAX_FIELDS = 32  # a line of more trailing fields than this keeps the rest in its title
_WINDOW = 400  # the longest field looked for at a title's end (a long recurrence or dependency list)


def without_obsidian_fields(title: str) -> str:
    """``title`` without the plugin's fields at its end (``Cook dinner ⏫ ⏳ 2021-11-23`` is ``Cook dinner``); the
    title itself when it is fields alone, or holds none of the plugin's signs."""
    if not _SIGNS.intersection(title):
        return title
    rest, tags = title.rstrip(), []
    for _ in range(MAX_FIELDS):
        field = _OBSIDIAN_FIELD.search(rest, max(0, len(rest) - _WINDOW))  # not the whole line each time
        if field is not None:
            rest = rest[:field.start()].rstrip()
            continue
        tag = _TRAILING_TAG.search(rest, max(0, len(rest) - _WINDOW))
        if tag is None or not _SIGNS.intersection(rest[:tag.start()]):
            break  # a tag is set aside only while fields may come before it
        tags.append(tag.group(1))
        rest = rest[:tag.start()].rstrip()
    if not rest:
        return title
    return " ".join([rest, *reversed(tags)])


def without_key_values(title: str) -> str:
    """A todo.txt title without the ``key:value`` pairs at its end, among its ``+project`` and ``@context`` words
    (``Write the guide +docs due:2024-03-15`` is ``Write the guide +docs``): where tools write them. A pair in the
    words stays, as a word of the title ("Set timeout:30 in the config", "Fix the localhost:8080 redirect"); the
    title itself when it is pairs alone."""
    if ":" not in title:
        return title
    words = title.split()
    end = len(words)
    while end and (_KEY_VALUE.fullmatch(words[end - 1]) or _TAG_WORD.fullmatch(words[end - 1])):
        end -= 1
    tail = [word for word in words[end:] if not _KEY_VALUE.fullmatch(word)]
    if len(tail) == len(words) - end:
        return title
    return " ".join(words[:end] + tail) or title
