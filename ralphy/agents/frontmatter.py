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

# JavaScript's \s (what the CLI's regexes and String.trim() use); Python's \s differs (no U+FEFF).
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_SPACE_RUN = re.compile(rf"[{_JS_SPACE}]*")
_FALLBACK_LINE = re.compile(rf"^([a-zA-Z_-]+):[{_JS_SPACE}]+([^\n\r\u2028\u2029]+)$")
_YAML_SPECIAL = re.compile(r"[{}\[\]*&#!|>%@`]|: ")
_LEADING_TABS = re.compile(r"^\t+", re.M)
_JS_TRIM_CHARS = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


# ---------------------------------------------------------------------------------------------------------
# YAML 1.2 (the CLI uses Bun's YAML 1.2 parser; PyYAML speaks 1.1, where `yes`, `on`, `2024-01-01`, `017` and
# `1_000` are not strings). A SafeLoader with the YAML 1.2 core-schema resolvers closes that gap.

_LOADER: Any = None
_YAML_ERROR: type[Exception] = Exception


def _yaml_loader() -> Any:
    global _LOADER, _YAML_ERROR
    if _LOADER is None:
        import yaml

        _LOADER, _YAML_ERROR = _yaml12(getattr(yaml, "CSafeLoader", yaml.SafeLoader)), yaml.YAMLError
    return _LOADER


def _yaml12(base: Any) -> Any:
    """``base`` (a SafeLoader) with YAML 1.2 core-schema scalars."""

    class Yaml12Loader(base):  # type: ignore[misc,valid-type]
        """SafeLoader with YAML 1.2 core-schema scalars."""

    Yaml12Loader.yaml_implicit_resolvers = {}
    for tag, pattern, first in _CORE_SCHEMA:
        starts = [*first, ""] if tag.endswith("null") else list(first)
        Yaml12Loader.add_implicit_resolver(tag, re.compile(pattern), starts)
    Yaml12Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
    Yaml12Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
    return Yaml12Loader


_CORE_SCHEMA = [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN\0"),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
     "-+0123456789."),
    ("tag:yaml.org,2002:merge", r"^<<$", "<"),
]


def _construct_int(loader: Any, node: Any) -> int:
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


def _construct_float(loader: Any, node: Any) -> float:
    text = loader.construct_scalar(node).lower()
    if text.lstrip("+-") == ".inf":
        return float("-inf") if text.startswith("-") else float("inf")
    if text == ".nan":
        return float("nan")
    return float(text)


_UNIQUE_LOADER: Any = None


def _unique_keys_loader() -> Any:
    """The YAML 1.2 loader that rejects a mapping giving one key twice (the parser of 2.1.62 does)."""
    global _UNIQUE_LOADER
    if _UNIQUE_LOADER is None:
        _UNIQUE_LOADER = _unique_keys(_yaml_loader())
    return _UNIQUE_LOADER


def _unique_keys(base: Any) -> Any:
    import yaml

    class UniqueKeysLoader(base):  # type: ignore[misc,valid-type]
        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            keys = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    if key in keys:
                        raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}",
                                                                key_node.start_mark)
                    keys.add(key)
                except TypeError:  # an unhashable key: the base class says so
                    break
            return super().construct_mapping(node, deep)

    return UniqueKeysLoader


MAX_YAML_DEPTH = 100  # nesting levels a frontmatter may have; agent files use two or three
_FLOW_BRACKETS = re.compile(r"[\[\]{}]")
_BLOCK_INDICATORS = re.compile(r"^[ \t]*(?:[-?][ \t]+)+", re.MULTILINE)


def yaml_depth_problem(text: str, limit: int = MAX_YAML_DEPTH) -> str | None:
    """Why ``text`` nests too deeply to hand to libyaml, or None. libyaml recurses once per level in C: 50,000
    ``[`` (or ``{``, or ``- `` on one line) crash the whole process (SIGSEGV), so this is checked first. The
    counts are upper bounds (brackets inside quotes count too), cheap when there are few brackets."""
    if text.count("[") + text.count("{") > limit:
        depth = worst = 0
        for match in _FLOW_BRACKETS.finditer(text):
            depth = depth + 1 if match.group() in "[{" else max(depth - 1, 0)
            worst = max(worst, depth)
        if worst > limit:
            return f"nested too deeply ({worst} levels of [ or {{, at most {limit})"
    if text.count("- ") + text.count("? ") + text.count("-\t") > limit:
        for match in _BLOCK_INDICATORS.finditer(text):
            levels = match.group().count("-") + match.group().count("?")
            if levels > limit:
                return f"nested too deeply ({levels} levels of '- ' on one line, at most {limit})"
    return None


# Characters YAML calls non-printable, which PyYAML refuses a whole file for, while the CLI's parser keeps them as
# they are (measured on 2.1.62, 2.1.197 and 2.1.330: an ESC or BEL in a description loads): C0 controls but tab,
# line breaks and NUL, DEL, C1 controls but NEL, lone surrogates, U+FFFE and U+FFFF. They are parsed as stand-ins
# from plane 15 (private use, which YAML accepts) and put back after. NUL is not among them: the CLIs differ on
# it (2.1.62 and 2.1.197 load such a file, 2.1.330 does not), and ralphy skips it.
_NON_PRINTABLE = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
_STAND_IN = 0xF0000
_STAND_INS = re.compile("[\U000f0000-\U000fffff]")


def _load_yaml(text: str, unique_keys: bool = False) -> Any:
    import yaml

    problem = yaml_depth_problem(text)
    if problem is not None:
        raise ValueError(problem)  # one of _yaml_error(): the file is skipped with this reason
    loader = _unique_keys_loader() if unique_keys else _yaml_loader()
    stand_ins = _NON_PRINTABLE.search(text) is not None and _STAND_INS.search(text) is None
    if stand_ins:
        text = _NON_PRINTABLE.sub(lambda m: chr(_STAND_IN + ord(m.group())), text)
    try:
        data = yaml.load(text, Loader=loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError:
        if not _SURROGATE_ESCAPE.search(text):
            raise
        data = _with_surrogate_pairs(text, loader)
    problem = alias_problem(data)
    if problem is not None:
        raise ValueError(problem)
    return _put_back(data) if stand_ins else data


# A double-quoted "\\ud83d\\ude80" (how JSON writers such as Python's json.dumps spell a character past U+FFFF) is
# one character to the CLI's parsers, an error to libyaml. The pure-Python parser reads each half as a character
# of its own; a pair is then joined, and a half without its other half is refused, as Bun's parser refuses it.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _with_surrogate_pairs(text: str, loader: Any) -> Any:
    import yaml

    python_loader = _yaml12(yaml.SafeLoader)
    if loader is not _yaml_loader():
        python_loader = _unique_keys(python_loader)
    return _joined_pairs(yaml.load(text, Loader=python_loader))  # noqa: S506 - a SafeLoader subclass


def _joined_pairs(data: Any) -> Any:
    if isinstance(data, str):
        if not _SURROGATE.search(data):
            return data
        joined = data.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        if "\ufffd" in joined and "\ufffd" not in data:
            raise ValueError("a \\u escape names half of a UTF-16 surrogate pair without the other half")
        return joined
    if isinstance(data, list):
        return [_joined_pairs(item) for item in data]
    if isinstance(data, dict):
        return {_joined_pairs(key): _joined_pairs(value) for key, value in data.items()}
    return data


MAX_YAML_VALUES = 100_000  # values a frontmatter may hold once its aliases are expanded; agent files hold dozens


def alias_problem(data: Any, max_values: int = MAX_YAML_VALUES, max_depth: int = MAX_YAML_DEPTH) -> str | None:
    """Why ``data`` (as parsed: an alias is the same object again) is too much once its aliases are expanded,
    or None. ``yaml_depth_problem`` counts the nesting on the page, and aliases multiply it: nine lines of nine
    ``*a`` ("billion laughs") are 9**9 values to whatever walks the list (the routing's ``repr``, ``str``, a
    copy), which held ``ralphy agents gaps`` for good; ``[*a0]``, ``[*a1]``, ... nest 3,000 deep on one ``[`` a
    line (a RecursionError); ``&a [*a]`` holds itself. Counted once per distinct list or mapping, no
    recursion."""
    done: dict[int, tuple[int, int]] = {}  # id -> (values once expanded, depth)
    open_: set[int] = set()  # the lists and mappings being counted, outermost first
    stack: list[tuple[Any, bool]] = [(data, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        items = list(node.values()) if isinstance(node, dict) else node
        if children_done:
            open_.discard(key)
            values, depth = 1 + len(items), 1
            for item in items:
                if isinstance(item, (list, dict)):
                    more, deep = done[id(item)]
                    values, depth = values + more - 1, max(depth, deep + 1)
            if values > max_values:
                return f"expands to more than {max_values:,} values through YAML aliases"
            if depth > max_depth:
                return f"nested too deeply through YAML aliases (over {max_depth} levels)"
            done[key] = (values, depth)
            continue
        if not isinstance(node, (list, dict)) or key in done:
            continue
        if key in open_:
            return "holds itself through a YAML alias"
        open_.add(key)
        stack.append((node, True))
        stack.extend((item, False) for item in items if isinstance(item, (list, dict)) and id(item) not in done)
    return None


def _put_back(data: Any) -> Any:
    """``data`` with the stand-ins of ``_load_yaml`` turned back into the characters they stand for."""
    if isinstance(data, str):
        return _STAND_INS.sub(lambda m: chr(ord(m.group()) - _STAND_IN), data)
    if isinstance(data, list):
        return [_put_back(item) for item in data]
    if isinstance(data, dict):
        return {_put_back(key): _put_back(value) for key, value in data.items()}
    return data


def _yaml_error() -> tuple[type[Exception], ...]:
    """What a bad frontmatter can raise: the YAMLError of the yaml module the loader was built from (a test may
    re-import yaml), a number out of range, nesting too deep. The yaml module as it is now too: a reload (pyfakefs
    reloads modules) makes new error classes, which the loader built before raises from then on."""
    import yaml

    _yaml_loader()
    return _YAML_ERROR, yaml.YAMLError, ValueError, RecursionError



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
        data = _load_yaml(raw)
    except _yaml_error():
        try:
            data = _load_yaml(_second_chance(raw))
        except _yaml_error() as exc:
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
        data = _load_yaml(raw, unique_keys=True)
    except _yaml_error():
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
            data = _load_yaml("\n".join(lines), unique_keys=True)
        except _yaml_error() as exc:
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
            return isinstance(_load_yaml(value), list)
        except _yaml_error():
            return False
    return False


def _one_line(text: str) -> str:
    return " ".join(text.split())

