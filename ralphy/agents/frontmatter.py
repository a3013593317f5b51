"""Agent frontmatter as the Claude CLI reads it: the text between a first line ``---`` and the next ``---``.

2.1.63 and later (``style="yaml"``): YAML 1.2 (Bun's parser; PyYAML with the 1.2 core schema here), and when
that fails the CLI's second chance, which quotes ``key: value`` lines whose value holds YAML syntax (or
``": "``) and turns leading tabs into spaces. ``simple_frontmatter`` is a fast path for the common one-line
``key: value`` shapes that always gives what the parser gives (a test checks this).
2.1.0-2.1.62 (``"yaml-2.1.62"``): the same parser, a second chance without ``": "`` and without the tab fix,
and a key given twice is an error; 2.1.63-2.1.112 (``"yaml-node"``, cli.js on Node's ``yaml``) the same with
``": "``. 2.1.113-2.1.150 (``"yaml-bun-2.1.150"``): as ``"yaml"``, but an older Bun parser for which a line's
leading tabs are no indentation. 2.0.x (``"lines"``): no YAML at all: each ``key: value`` line, split at its
first colon, is a string with one leading and one trailing quote removed.
"""

from __future__ import annotations

import re
from typing import Any

from ralphy.agents.cli_yaml import load_yaml, yaml_errors

# JavaScript's \s (what the CLI's regexes and String.trim() use); Python's \s differs (no U+FEFF).
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_SPACE_RUN = re.compile(rf"[{_JS_SPACE}]*")
_FALLBACK_LINE = re.compile(rf"^([a-zA-Z_-]+):[{_JS_SPACE}]+([^\n\r\u2028\u2029]+)$")
_YAML_SPECIAL = re.compile(r"[{}\[\]*&#!|>%@`]|: ")
_LEADING_TABS = re.compile(r"^\t+", re.M)
_JS_TRIM_CHARS = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


# ---------------------------------------------------------------------------------------------------------
# One file


def find_frontmatter(text: str) -> tuple[str, str] | None:
    """(frontmatter text, content after it), or None: the CLI's ``/^---\\s*\\n([\\s\\S]*?)---\\s*\\n?/``."""
    bounds = _frontmatter_bounds(text)
    if bounds is None:
        return None
    start, end, content_start = bounds
    return text[start:end], text[content_start:]


def _frontmatter_bounds(text: str) -> tuple[int, int, int] | None:
    """Where the frontmatter starts and ends and the content starts (after the white space that follows the
    closing ``---``), or None."""
    if not text.startswith("---"):
        return None
    if text[3:4] == "\n" and text[4:5] not in _JS_TRIM_CHARS:  # the usual "---\n" then a key
        start = 4
    else:
        opening = text[3:_SPACE_RUN.match(text, 3).end()]  # type: ignore[union-attr]
        if "\n" not in opening:
            return None
        start = 3 + opening.rindex("\n") + 1
    end = text.find("---", start)
    if end < 0:
        return None
    return start, end, _SPACE_RUN.match(text, end + 3).end()  # type: ignore[union-attr]


def split_frontmatter(text: str) -> tuple[dict[str, Any], str, str | None]:
    """Split ``text`` like the CLI: (frontmatter dict, content after it, YAML error or None).

    No frontmatter gives ``({}, text, None)``. YAML that is not a mapping gives ``{}``.
    """
    frontmatter, content_start, error = _parse_frontmatter(text)
    return frontmatter, (text if content_start is None else text[content_start:]), error


def _parse_frontmatter(text: str, style: str = "yaml") -> tuple[dict[str, Any], int | None, str | None]:
    """(frontmatter dict, where the content starts or None without frontmatter, YAML error or None)."""
    bounds = _frontmatter_bounds(text)
    if bounds is None:
        return {}, None, None
    start, end, content_start = bounds
    raw = text[start:end]
    if style == "lines":
        return _line_frontmatter(raw), content_start, None
    if style in ("yaml-2.1.62", "yaml-node"):
        data, error = _yaml_2_1_62(raw, _YAML_SPECIAL_2_1_62 if style == "yaml-2.1.62" else _YAML_SPECIAL)
        return data, content_start, error
    if style == "yaml-bun-2.1.150":
        raw = _LEADING_TABS.sub("", raw)
    simple = simple_frontmatter(raw)
    if simple is not None:
        return simple, content_start, None
    if _certainly_invalid_yaml(raw):  # go straight to the CLI's second chance
        simple = simple_frontmatter(_second_chance(raw))
        if simple is not None:
            return simple, content_start, None
    try:
        data = load_yaml(raw)
    except yaml_errors():
        try:
            data = load_yaml(_second_chance(raw))
        except yaml_errors() as exc:
            return {}, content_start, _one_line(str(exc))
    return (data if isinstance(data, dict) else {}), content_start, None


_EDGE_QUOTES = re.compile(r"""^["']|["']$""")


def _line_frontmatter(raw: str) -> dict[str, str]:
    """2.0.x: every line with a colon after its first character is ``key: value``, both JS-trimmed, the value's
    one leading and one trailing quote removed; no YAML, so every value is a string; a later key wins."""
    data = {}
    for line in raw.split("\n"):
        colon = line.find(":")
        if colon > 0:
            key = line[:colon].strip(_JS_TRIM_CHARS)
            if key:
                data[key] = _EDGE_QUOTES.sub("", line[colon + 1:].strip(_JS_TRIM_CHARS))
    return data


_YAML_SPECIAL_2_1_62 = re.compile(r"[{}\[\]*&#!|>%@`]")


def _yaml_2_1_62(raw: str, special: re.Pattern[str] = _YAML_SPECIAL_2_1_62) -> tuple[dict[str, Any], str | None]:
    """2.1.0-2.1.62: YAML (a key given twice is an error), then a second chance that quotes values holding
    ``{}[]*&#!|>%@`` but not ``": "``, and leaves tabs alone. 2.1.63-2.1.112 (``special=_YAML_SPECIAL``, Node's
    ``yaml`` too): the same with ``": "`` among the special characters."""
    try:
        data = load_yaml(raw, unique_keys=True)
    except yaml_errors():
        lines = []
        for line in raw.split("\n"):
            match = _FALLBACK_LINE.match(line)
            if match:
                value = match.group(2)
                quoted = any(value.startswith(q) and value.endswith(q) for q in "\"'")
                if not quoted and special.search(value):
                    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
                    line = f'{match.group(1)}: "{escaped}"'
            lines.append(line)
        try:
            data = load_yaml("\n".join(lines), unique_keys=True)
        except yaml_errors() as exc:
            return {}, _one_line(str(exc))
    return (data if isinstance(data, dict) else {}), None


# One frontmatter line per match: key, then a double-quoted, single-quoted or plain value, or (last group) any
# other non-empty line. Control characters (tab, CR, ...) never match a value, so a line holding one is "other".
_SIMPLE_LINES = re.compile(
    r"""^(?:([A-Za-z_][A-Za-z0-9_-]*): +(?:("[^"\\\x00-\x1f\x7f]*(?:\\["\\/nt][^"\\\x00-\x1f\x7f]*)*")"""
    r"""|('[^'\x00-\x1f\x7f]*(?:''[^'\x00-\x1f\x7f]*)*')"""
    r"""|(\[ *[A-Za-z_][A-Za-z0-9_-]*(?: *, *[A-Za-z_][A-Za-z0-9_-]*)* *\])"""
    r"""|([^ \-?:,\[\]{}#&*!|>'"%@`\x00-\x1f\x7f][^\[\]{}\x00-\x1f\x7f]*))|(.+))$""", re.M)
_CORE_SCALAR = re.compile(
    r"~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+"
    r"|[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)")
_CORE_SCALAR_STARTS = frozenset("~nNtTfF+-.0123456789")
_CORE_SCALAR_KEYS = frozenset(("null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"))
_DOUBLE_QUOTED_ESCAPE = re.compile(r"\\(.)")
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "n": "\n", "t": "\t"}


def simple_frontmatter(raw: str) -> dict[str, str | list[str]] | None:
    """A fast path for the common frontmatter: one-line ``key: value`` pairs whose value YAML 1.2 reads as a
    string (plain text, or a quoted string with simple escapes) or as a list of words (``[Read, Grep]``).

    Returns None (use the YAML parser) for anything else, so the result always equals the parser's (a test
    checks this on the whole corpus and on random lines). PyYAML dominates discovery time; this keeps
    discovery near a raw read.
    """
    if not raw.isascii() and not raw.replace("\n", "").isprintable():  # e.g. a no-break space
        return None
    data: dict[str, str | list[str]] = {}
    for key, double, single, words, plain, other in _SIMPLE_LINES.findall(raw):
        if other or key in _CORE_SCALAR_KEYS:  # a key made of [A-Za-z_-] can only be these core scalars
            return None
        if double:
            inner = double[1:-1]
            data[key] = _DOUBLE_QUOTED_ESCAPE.sub(lambda m: _ESCAPES[m.group(1)], inner) if "\\" in inner else inner
        elif single:
            data[key] = single[1:-1].replace("''", "'")
        elif words:
            items = words[1:-1].replace(",", " ").split()
            if not _CORE_SCALAR_KEYS.isdisjoint(items):  # words like `null` or `true` are not strings
                return None
            data[key] = items
        else:
            value = plain.rstrip(" ")
            if ": " in value or " #" in value or value.endswith(":") or (
                    value[0] in _CORE_SCALAR_STARTS and _CORE_SCALAR.fullmatch(value)):
                return None
            data[key] = value
    return data


def _certainly_invalid_yaml(raw: str) -> bool:
    """Whether the YAML parser must fail on ``raw``: its first line that ``simple_frontmatter`` cannot read
    is a plain ``key: value`` whose value holds ``": "`` (before any comment), after only lines it can read.
    Such a value ends at the ``: `` in the middle of a block mapping entry, where no new key may start
    ("mapping values are not allowed here")."""
    if not raw.isascii() and not raw.replace("\n", "").isprintable():
        return False
    for _, _, _, _, plain, other in _SIMPLE_LINES.findall(raw):
        if other:
            return False
        if ": " in plain:
            comment = plain.find(" #")
            return comment < 0 or plain.index(": ") < comment
    return False


def _second_chance(raw: str) -> str:
    """What the CLI parses when ``raw`` is not valid YAML: special values quoted, leading tabs made spaces."""
    return _LEADING_TABS.sub(lambda m: "  " * len(m.group()), _quote_special_values(raw))


def _quote_special_values(raw: str) -> str:
    """The CLI's second chance: ``key: value`` lines whose value holds YAML syntax become quoted strings."""
    lines = []
    for line in raw.split("\n"):
        match = _FALLBACK_LINE.match(line)
        if match and not _is_quoted_or_list(match.group(2)) and _YAML_SPECIAL.search(match.group(2)):
            value = match.group(2).replace("\\", "\\\\").replace('"', '\\"')
            line = f'{match.group(1)}: "{value}"'
        lines.append(line)
    return "\n".join(lines)


def _is_quoted_or_list(value: str) -> bool:
    if value[0] == value[-1] and value[0] in "\"'":
        return True
    if value.startswith("[") and value.endswith("]"):
        try:
            return isinstance(load_yaml(value), list)
        except yaml_errors():
            return False
    return False


def _one_line(text: str) -> str:
    return " ".join(text.split())

