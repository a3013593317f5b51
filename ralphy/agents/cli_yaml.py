"""YAML as the Claude CLI's parser reads an agent's frontmatter: YAML 1.2 (the CLI uses Bun's YAML 1.2 parser;
PyYAML speaks 1.1, where `yes`, `on`, `2024-01-01`, `017` and `1_000` are not strings: a SafeLoader with the YAML
1.2 core-schema resolvers closes that gap), 2.1.62's refusal of a key given twice, the characters YAML calls
non-printable and the CLI keeps, surrogate pair escapes; and the bounds a hostile file meets before and after
libyaml reads it (nesting, aliases). ``ralphy.agents.frontmatter`` finds the frontmatter and picks the CLI
version's way of reading it.
"""

from __future__ import annotations

import re
from typing import Any

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


def load_yaml(text: str, unique_keys: bool = False) -> Any:
    import yaml

    problem = yaml_depth_problem(text)
    if problem is not None:
        raise ValueError(problem)  # one of yaml_errors(): the file is skipped with this reason
    loader = _unique_keys_loader() if unique_keys else _yaml_loader()
    stand_ins = _NON_PRINTABLE.search(text) is not None and _STAND_INS.search(text) is None
    if stand_ins:
        text = _NON_PRINTABLE.sub(lambda m: chr(_STAND_IN + ord(m.group())), text)
    try:
        data = yaml.load(text, Loader=loader)  # noqa: S506 - a SafeLoader subclass
    except (_YAML_ERROR, yaml.YAMLError):  # the loader's yaml module's error, and the one imported now
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
    """``data`` with the stand-ins of ``load_yaml`` turned back into the characters they stand for."""
    if isinstance(data, str):
        return _STAND_INS.sub(lambda m: chr(ord(m.group()) - _STAND_IN), data)
    if isinstance(data, list):
        return [_put_back(item) for item in data]
    if isinstance(data, dict):
        return {_put_back(key): _put_back(value) for key, value in data.items()}
    return data


def yaml_errors() -> tuple[type[Exception], ...]:
    """What a bad frontmatter can raise: the YAMLError of the yaml module the loader was built from (a test may
    re-import yaml), a number out of range, nesting too deep. The yaml module as it is now too: a reload (pyfakefs
    reloads modules) makes new error classes, which the loader built before raises from then on."""
    import yaml

    _yaml_loader()
    return _YAML_ERROR, yaml.YAMLError, ValueError, RecursionError
