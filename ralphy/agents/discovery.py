"""Find Claude Code subagents exactly as the pinned Claude CLI (2.1.197) does.

What the CLI does (read from its bundle, checked by ``tests/e2e/test_discovery_parity.py``):

* **Project scope**: ``<dir>/.claude/agents`` for every directory from the working directory up to the git
  root (outside a git repository: up to the file-system root), never the home directory itself (that one is
  the user scope). The nearest directory wins a name clash.
* **User scope**: ``$CLAUDE_CONFIG_DIR/agents`` or ``~/.claude/agents``. Project beats user beats plugin.
* Each directory is walked recursively, following symlinks (a directory seen twice is skipped, so loops end),
  in directory-listing order; files whose name ends in ``.md`` (case-sensitive) are read. Inside one
  directory the *last* file walked wins a name clash. A file reached twice through a hard link is read once.
* A file must be a regular file of at most 1 MiB. The frontmatter is the text between a first line ``---``
  and the next ``---``; it is parsed as YAML 1.2 (Bun's parser), with the CLI's fallback that quotes values
  holding YAML special characters when the first parse fails.
* The agent's identity is the frontmatter ``name`` (a non-empty string not starting with ``-``); a
  non-empty string ``description`` is required; a literal ``\\n`` in it becomes a newline.
* **Plugins** (``<plugin>/agents/**/*.md``, no symlinks followed, ``.md`` case-insensitive) are lenient: the
  name defaults to the file name, the description to ``Agent from <plugin> plugin``; the agent is called
  ``plugin:name`` or ``plugin:sub:name``. The plugin's name comes from ``.claude-plugin/plugin.json`` when it
  has one, else from the directory (``--plugin-dir``) or the installed id (``name@marketplace``).

Nothing here raises for a bad agent file: every file looked at is in ``Discovery.files`` with its outcome,
and every skipped one in ``Discovery.problems`` with a reason a person understands.
"""

from __future__ import annotations

import json
import logging
import os
import re
import stat as stat_module
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ralphy.agents.spec import ALL_TOOLS, AgentSpec

log = logging.getLogger(__name__)

MAX_AGENT_FILE_BYTES = 1024 * 1024  # the CLI skips bigger files
SCOPES = ("project", "user", "plugins")
_PLUGIN_MAX_DEPTH = 32

# JavaScript's \s (what the CLI's regexes and String.trim() use); Python's \s differs (no U+FEFF).
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_TOOL_SEPARATORS = re.compile("[, ]")
_SPACE_RUN = re.compile(rf"[{_JS_SPACE}]*")
_FALLBACK_LINE = re.compile(rf"^([a-zA-Z_-]+):[{_JS_SPACE}]+([^\n\r\u2028\u2029]+)$")
_YAML_SPECIAL = re.compile(r"[{}\[\]*&#!|>%@`]|: ")
_LEADING_TABS = re.compile(r"^\t+", re.M)
_JS_TRIM_CHARS = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


@dataclass(frozen=True)
class AgentProblem:
    """A file the CLI would not load as an agent, and why."""

    path: Path
    reason: str


@dataclass(frozen=True)
class AgentClash:
    """Several files in one agent directory define the same name; ``winner`` is the one the CLI uses."""

    name: str
    winner: Path
    losers: tuple[Path, ...]


@dataclass(frozen=True)
class AgentFile:
    """One file looked at: ``outcome`` is loaded, skipped (not an agent: see ``reason``), shadowed (another
    file with the same name wins) or ignored (not an agent file at all, e.g. ``LICENSE``)."""

    path: Path
    scope: str
    outcome: str
    name: str | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"path": str(self.path), "scope": self.scope, "outcome": self.outcome, "name": self.name,
                "reason": self.reason}


@dataclass
class Discovery:
    """The result of ``discover_agents``: winners sorted by name plus everything needed to explain them."""

    agents: list[AgentSpec] = field(default_factory=list)
    problems: list[AgentProblem] = field(default_factory=list)
    clashes: list[AgentClash] = field(default_factory=list)
    searched: list[Path] = field(default_factory=list)
    files: list[AgentFile] = field(default_factory=list)
    shadowed: dict[str, list[AgentSpec]] = field(default_factory=dict)

    def by_name(self, name: str) -> AgentSpec | None:
        """The winning agent called ``name``, or None."""
        return next((spec for spec in self.agents if spec.name == name), None)


@dataclass(frozen=True)
class _Source:
    """One directory of agent files and where it ranks (higher rank wins)."""

    directory: Path
    scope: str
    rank: int
    plugin: str = ""


# ---------------------------------------------------------------------------------------------------------
# YAML 1.2 (the CLI uses Bun's YAML 1.2 parser; PyYAML speaks 1.1, where `yes`, `on`, `2024-01-01`, `017` and
# `1_000` are not strings). A SafeLoader with the YAML 1.2 core-schema resolvers closes that gap.

_LOADER: Any = None
_YAML_ERROR: type[Exception] = Exception


def _yaml_loader() -> Any:
    global _LOADER, _YAML_ERROR
    if _LOADER is None:
        import yaml

        base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        class Yaml12Loader(base):  # type: ignore[misc,valid-type]
            """SafeLoader with YAML 1.2 core-schema scalars."""

        Yaml12Loader.yaml_implicit_resolvers = {}
        for tag, pattern, first in _CORE_SCHEMA:
            starts = [*first, ""] if tag.endswith("null") else list(first)
            Yaml12Loader.add_implicit_resolver(tag, re.compile(pattern), starts)
        Yaml12Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
        Yaml12Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
        _LOADER, _YAML_ERROR = Yaml12Loader, yaml.YAMLError
    return _LOADER


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


def _load_yaml(text: str) -> Any:
    import yaml

    return yaml.load(text, Loader=_yaml_loader())  # noqa: S506 - a SafeLoader subclass


def _yaml_error() -> tuple[type[Exception], ...]:
    """What a bad frontmatter can raise: the YAMLError of the yaml module the loader was built from (a test may
    re-import yaml), a number out of range, nesting too deep."""
    _yaml_loader()
    return _YAML_ERROR, ValueError, RecursionError


# ---------------------------------------------------------------------------------------------------------
# Tools


def parse_tools(value: Any) -> tuple[str, ...]:
    """Normalise a ``tools`` / ``disallowedTools`` value as the CLI does.

    Absent (None) or containing ``*`` gives ``("*",)`` (all tools). A string or a list of strings is split on
    commas and spaces outside parentheses (``Bash(git *)`` stays whole); non-strings in a list are dropped.
    An empty value gives ``()``.
    """
    tools = _split_tool_values(value)
    if tools is None or "*" in tools:
        return ALL_TOOLS
    return tools


def _split_tool_values(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return tuple(_split_tool_string(value))
    if isinstance(value, list):
        return tuple(tool for item in value if isinstance(item, str) for tool in _split_tool_string(item))
    return ()


def _split_tool_string(text: str) -> list[str]:
    if "(" not in text and ")" not in text:
        if text.isascii() and text.isprintable():  # the only white space (Python's or JavaScript's) is " "
            return text.replace(",", " ").split()
        return [tool for part in _TOOL_SEPARATORS.split(text) if (tool := part.strip(_JS_TRIM_CHARS))]
    tools, current, in_parens = [], "", False
    for char in text:
        if char in "()":
            in_parens = char == "("
            current += char
        elif char in ", " and not in_parens:
            if current.strip():
                tools.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        tools.append(current.strip())
    return tools


def _frontmatter_tools(frontmatter: dict[str, Any], key: str, absent: tuple[str, ...]) -> tuple[str, ...]:
    """The CLI's rule: a missing key gives ``absent``; a present null or empty value gives no tools."""
    if key not in frontmatter:
        return absent
    value = frontmatter[key]
    if value is None or value == "" or value is False or value == 0:
        return ()
    return parse_tools(value)


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


def _parse_frontmatter(text: str) -> tuple[dict[str, Any], int | None, str | None]:
    """(frontmatter dict, where the content starts or None without frontmatter, YAML error or None)."""
    bounds = _frontmatter_bounds(text)
    if bounds is None:
        return {}, None, None
    start, end, content_start = bounds
    raw = text[start:end]
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


def _read_text(os_path: str, path: Path) -> tuple[str | AgentProblem, os.stat_result | None]:
    """The file's text, or why it cannot be an agent (not a regular file, too big, unreadable), with the open
    file's status (None when it could not be opened). ``os_path`` is ``path`` as a string."""
    try:
        fd = os.open(os_path, os.O_RDONLY | os.O_NONBLOCK)  # non-blocking: a FIFO named x.md must not hang us
    except OSError as exc:
        return AgentProblem(path, f"cannot read the file: {exc.strerror or exc}"), None
    stat = None
    try:
        stat = os.fstat(fd)
        if not stat_module.S_ISREG(stat.st_mode):
            return AgentProblem(path, "not a regular file"), stat
        if stat.st_size > MAX_AGENT_FILE_BYTES:
            return AgentProblem(path, f"file is {stat.st_size:,} bytes, over the CLI's 1 MiB limit"), stat
        data = _read_all(fd, stat.st_size)
    except OSError as exc:
        return AgentProblem(path, f"cannot read the file: {exc.strerror or exc}"), stat
    finally:
        os.close(fd)
    return data.decode("utf-8", errors="replace"), stat  # what the CLI's readFile(..., "utf8") does


def _read_all(fd: int, size: int) -> bytes:
    """Everything in the open file of ``size`` bytes (by ``fstat``). One ``read`` returning exactly ``size``
    bytes is the whole file, as a second ``read`` at that moment would give nothing; a file that grew, shrank
    or claims size 0 (``/proc``) is read on until end of file."""
    first = os.read(fd, size + 1 if size else 65536)
    if len(first) == size or not first:
        return first
    chunks = [first]
    while chunk := os.read(fd, size + 1 if size else 65536):
        chunks.append(chunk)
    return b"".join(chunks)


def load_agent_file(path: str | os.PathLike[str], scope: str = "project", prefix: str = "") -> AgentSpec | AgentProblem:
    """Load one agent file as the CLI would, or say why the CLI would skip it. Never raises for bad input.

    ``scope`` is project, user or plugin. ``prefix`` (plugins only) is ``plugin:`` or ``plugin:sub:``; plugin
    files follow the CLI's lenient plugin rules (name defaults to the file name, description optional).
    """
    path = path if isinstance(path, Path) else Path(path)
    text, _ = _read_text(os.fspath(path), path)
    if isinstance(text, AgentProblem):
        return text
    return _agent_from_text(path, text, scope, prefix)


def _agent_from_text(path: Path, text: str, scope: str, prefix: str) -> AgentSpec | AgentProblem:
    frontmatter, content_start, yaml_error = _parse_frontmatter(text)
    if scope == "plugin":
        return _plugin_spec(path, prefix, frontmatter, _body(text, content_start))
    problem = _check_frontmatter(path, text, frontmatter, yaml_error, has_frontmatter=content_start is not None)
    if problem:
        return problem
    # positional (name, description, path, scope, tools, disallowed_tools, model, body, metadata): a third faster
    return AgentSpec(frontmatter["name"], frontmatter["description"].replace("\\n", "\n"), path, scope,
                     _frontmatter_tools(frontmatter, "tools", ALL_TOOLS),
                     _frontmatter_tools(frontmatter, "disallowedTools", ()), _model(frontmatter.get("model")),
                     _body(text, content_start), frontmatter)


def _body(text: str, content_start: int | None) -> str:
    """The content after the frontmatter (the whole text without one), JS-trimmed, copied once. The content
    already starts after white space, so only its end needs trimming."""
    if content_start is None:
        return text.strip(_JS_TRIM_CHARS)
    end = len(text)
    while end > content_start and text[end - 1] in _JS_TRIM_CHARS:
        end -= 1
    return text[content_start:end]


def _check_frontmatter(path: Path, text: str, frontmatter: dict[str, Any], yaml_error: str | None, *,
                       has_frontmatter: bool) -> AgentProblem | None:
    name, description = frontmatter.get("name"), frontmatter.get("description")
    if yaml_error is not None:
        return AgentProblem(path, f"frontmatter is not valid YAML: {yaml_error}")
    if not has_frontmatter:
        if text.startswith("\ufeff---"):
            return AgentProblem(path, "starts with a byte-order mark, so the CLI sees no frontmatter")
        return AgentProblem(path, "no frontmatter (the file must start with a line '---')")
    if not name:
        return AgentProblem(path, "frontmatter has no 'name'")
    if not isinstance(name, str):
        return AgentProblem(path, f"'name' must be a string, not {_yaml_type(name)} ({name!r})")
    if name.startswith("-"):
        return AgentProblem(path, f"invalid name {name!r}: names must not start with '-'")
    if not description:
        return AgentProblem(path, "frontmatter has no 'description' (it is required and must not be empty)")
    if not isinstance(description, str):
        return AgentProblem(path, f"'description' must be a string, not {_yaml_type(description)}")
    return None


def _yaml_type(value: Any) -> str:
    return {bool: "a boolean", int: "a number", float: "a number", list: "a list", dict: "a mapping"}.get(
        type(value), type(value).__name__)


def _model(value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return None
    model = value.strip()
    return "inherit" if model.lower() == "inherit" else model


def _plugin_spec(path: Path, prefix: str, frontmatter: dict[str, Any], body: str) -> AgentSpec:
    raw_name = frontmatter.get("name")
    name = (_js_string(raw_name) if raw_name is not None else "") or path.name[:-3]
    full_name = prefix + name
    plugin = prefix.split(":", 1)[0]
    description = next(
        (text for key in ("description", "when_to_use", "when-to-use") if (text := _plugin_text(frontmatter.get(key)))),
        f"Agent from {plugin} plugin",
    )
    return AgentSpec(
        name=full_name, description=description, path=path, scope="plugin",
        tools=_frontmatter_tools(frontmatter, "tools", ALL_TOOLS),
        disallowed_tools=_frontmatter_tools(frontmatter, "disallowedTools", ()),
        model=_model(frontmatter.get("model")), body=body, metadata=frontmatter,
    )


def _plugin_text(value: Any) -> str | None:
    if isinstance(value, str):
        return value.strip(_JS_TRIM_CHARS) or None
    if isinstance(value, (bool, int, float)):
        return _js_string(value)
    return None


def _js_string(value: Any) -> str:
    """JavaScript's String(value) for what YAML can produce."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ",".join("" if item is None else _js_string(item) for item in value)
    if isinstance(value, dict):
        return "[object Object]"
    return str(value)


# ---------------------------------------------------------------------------------------------------------
# Walking directories


# A child path from a listed name, as ``Path.iterdir`` builds it (a quarter of ``directory / name``'s cost).
_child_path: Any = getattr(Path, "_make_child_relpath", Path.__truediv__)

# A file to read: (path, the path as a string, agent name prefix, whether a project/user file is a symlink).
_FileItem = tuple[Path, str, str, bool]


def _walk_agent_dir(root: Path, scope: str) -> list[_FileItem | AgentFile]:
    """``*.md`` files under ``root`` in the CLI's order: depth first, directory-listing order, symlinks
    followed, each directory (by device and inode) visited once. Anything else the CLI passes over comes as
    an "ignored" ``AgentFile`` of ``scope``."""
    found: list[_FileItem | AgentFile] = []
    seen: set[tuple[int, int]] = set()

    def visit(directory: Path) -> None:
        try:
            stat = directory.stat()
        except OSError as exc:
            log.debug("cannot stat %s: %s", directory, exc)
            return
        key = (stat.st_dev, stat.st_ino)
        if key in seen:
            log.debug("skipping already visited directory (symlink loop): %s", directory)
            return
        seen.add(key)
        try:
            entries = list(os.scandir(directory))
        except OSError as exc:
            log.debug("cannot list %s: %s", directory, exc)
            return
        for entry in entries:
            name = entry.name
            path = _child_path(directory, name)
            try:
                symlink = entry.is_symlink()
                if symlink:
                    mode = os.stat(entry.path).st_mode
                    is_file, is_dir = stat_module.S_ISREG(mode), stat_module.S_ISDIR(mode)
                else:
                    is_file = entry.is_file(follow_symlinks=False)
                    is_dir = not is_file and entry.is_dir(follow_symlinks=False)
            except OSError as exc:
                found.append(AgentFile(path, scope, "ignored",
                                       reason=f"cannot follow the symlink: {exc.strerror or exc}"))
                continue
            if is_file and name.endswith(".md"):
                found.append((path, entry.path, "", symlink))
            elif is_dir:
                visit(path)
            else:
                found.append(AgentFile(path, scope, "ignored",
                                       reason="not a '.md' file (the CLI reads only *.md, case-sensitive)"))

    visit(root)
    return found


def _walk_plugin_dir(root: Path) -> list[tuple[Path, str, tuple[str, ...]]]:
    """Plugin agent files (path, the path as a string, sub-folder names): no symlinks, ``.md`` in any case,
    depth < 32."""
    found: list[tuple[Path, str, tuple[str, ...]]] = []

    def visit(directory: Path, parts: tuple[str, ...]) -> None:
        if len(parts) >= _PLUGIN_MAX_DEPTH:
            return
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError as exc:
            log.debug("cannot list %s: %s", directory, exc)
            return
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                visit(directory / entry.name, (*parts, entry.name))
            elif entry.is_file(follow_symlinks=False) and entry.name.lower().endswith(".md"):
                found.append((directory / entry.name, entry.path, parts))

    visit(root, ())
    return found


# ---------------------------------------------------------------------------------------------------------
# Where to look


def find_git_root(start: Path) -> Path | None:
    """The nearest directory at or above ``start`` holding ``.git`` (a directory or a worktree file)."""
    for directory in (start, *start.parents):
        if (directory / ".git").exists():
            return directory
    return None


def project_agent_dirs(project_dir: Path) -> list[Path]:
    """Every existing ``.claude/agents`` from ``project_dir`` up to the git root (or /), nearest first,
    stopping before the home directory."""
    start = Path(os.path.abspath(project_dir))
    home = Path(os.path.abspath(Path.home()))
    git_root = find_git_root(start)
    found = []
    for directory in (start, *start.parents):
        if directory == home:
            break
        candidate = directory / ".claude" / "agents"
        if os.path.lexists(candidate) and _exists(candidate):
            found.append(candidate)
        if directory == git_root:
            break
    return found


def _exists(path: Path) -> bool:
    try:
        path.stat()
    except OSError:
        return False
    return True


def default_config_dir() -> Path:
    """``$CLAUDE_CONFIG_DIR`` or ``~/.claude``, as the CLI resolves its config directory."""
    env = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(env) if env else Path.home() / ".claude"


# ---------------------------------------------------------------------------------------------------------
# Plugins


@dataclass(frozen=True)
class Plugin:
    """An enabled plugin: its name (used as the agent prefix) and root directory."""

    name: str
    root: Path


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.debug("cannot read %s: %s", path, exc)
        return None


def _plugin_manifest(root: Path) -> dict[str, Any]:
    manifest = _read_json(root / ".claude-plugin" / "plugin.json")
    return manifest if isinstance(manifest, dict) else {}


def _plugin_from_dir(root: Path, default_name: str) -> Plugin:
    name = _plugin_manifest(root).get("name")
    return Plugin(name if isinstance(name, str) and name else default_name, root)


def _enabled_plugin_ids(config_dir: Path, project_dir: Path) -> dict[str, Any]:
    """``enabledPlugins`` merged over the settings files the CLI reads (later files win)."""
    merged: dict[str, Any] = {}
    for settings_file in (config_dir / "settings.json", project_dir / ".claude" / "settings.json",
                          project_dir / ".claude" / "settings.local.json"):
        settings = _read_json(settings_file) if settings_file.is_file() else None
        if isinstance(settings, dict) and isinstance(settings.get("enabledPlugins"), dict):
            merged.update(settings["enabledPlugins"])
    return merged


def installed_plugins(config_dir: Path, project_dir: Path) -> list[Plugin]:
    """Installed plugins that are enabled (``enabledPlugins["name@marketplace"] is true``), whose marketplace
    is registered in ``known_marketplaces.json`` and whose ``installPath`` exists."""
    plugins_dir = config_dir / "plugins"
    installed = _read_json(plugins_dir / "installed_plugins.json")
    known = _read_json(plugins_dir / "known_marketplaces.json")
    if not isinstance(installed, dict) or not isinstance(installed.get("plugins"), dict):
        return []
    known = known if isinstance(known, dict) else {}
    found = []
    for plugin_id, enabled in sorted(_enabled_plugin_ids(config_dir, project_dir).items()):
        name, _, marketplace = plugin_id.partition("@")
        if enabled is not True or not name or marketplace not in known:
            continue
        install_path = _install_path(installed["plugins"].get(plugin_id), project_dir)
        if install_path is not None and install_path.is_dir():
            found.append(_plugin_from_dir(install_path, name))
    return found


def _install_path(entries: Any, project_dir: Path) -> Path | None:
    if isinstance(entries, dict):  # version 1: one entry per plugin
        entries = [entries]
    if not isinstance(entries, list):
        return None
    usable = [entry for entry in entries if isinstance(entry, dict) and isinstance(entry.get("installPath"), str)
              and (entry.get("scope", "user") in ("user", "managed")
                   or entry.get("projectPath") == str(project_dir))]
    return Path(usable[0]["installPath"]) if usable else None


def _plugin_agent_roots(plugin: Plugin) -> list[Path]:
    """The plugin's ``agents/`` folder, or the paths its manifest lists under ``agents`` instead."""
    declared = _plugin_manifest(plugin.root).get("agents")
    if declared is None:
        return [plugin.root / "agents"]
    paths = [declared] if isinstance(declared, str) else declared if isinstance(declared, list) else []
    return [plugin.root / item for item in paths if isinstance(item, str)]


# ---------------------------------------------------------------------------------------------------------
# Discovery


@dataclass(slots=True)
class _Candidate:
    spec: AgentSpec
    source: _Source


def discover_agents(
    project_dir: str | os.PathLike[str],
    *,
    scopes: Sequence[str] = ("project",),
    config_dir: str | os.PathLike[str] | None = None,
    plugin_dirs: Iterable[str | os.PathLike[str]] = (),
) -> Discovery:
    """Find the subagents the Claude CLI would load when started in ``project_dir``.

    ``scopes`` is any of ``project``, ``user``, ``plugins`` (``all`` means every one). ``config_dir``
    overrides ``$CLAUDE_CONFIG_DIR`` / ``~/.claude``; ``plugin_dirs`` are loaded like ``--plugin-dir``.
    Never raises for bad agent files.
    """
    project_dir = Path(os.path.abspath(project_dir))
    wanted = set(SCOPES) if "all" in scopes else set(scopes)
    unknown = wanted - set(SCOPES)
    if unknown:
        raise ValueError(f"unknown scope(s): {', '.join(sorted(unknown))}")
    config = Path(config_dir) if config_dir is not None else default_config_dir()
    discovery = Discovery()
    candidates = _collect(discovery, _sources(project_dir, wanted, config, plugin_dirs))
    _resolve(discovery, candidates)
    return discovery


def _sources(project_dir: Path, wanted: set[str], config: Path, plugin_dirs: Iterable[Any]) -> list[_Source]:
    """Every agent directory in the order the CLI reads them (user, then project nearest first, then plugins)."""
    sources = []
    if "user" in wanted:
        sources.append(_Source(config / "agents", "user", rank=1))
    if "project" in wanted:
        dirs = project_agent_dirs(project_dir)
        sources += [_Source(d, "project", rank=2 + len(dirs) - i) for i, d in enumerate(dirs)]
    if "plugins" in wanted:
        plugins = _plugins(project_dir, config, plugin_dirs)
        sources += [_Source(root, "plugin", rank=0, plugin=p.name) for p in plugins for root in _plugin_agent_roots(p)]
    return sources


def _plugins(project_dir: Path, config: Path, plugin_dirs: Iterable[Any]) -> list[Plugin]:
    session = [_plugin_from_dir(Path(os.path.abspath(d)), Path(os.path.abspath(d)).name) for d in plugin_dirs]
    overridden = {p.name for p in session}  # --plugin-dir replaces an installed plugin of the same name
    return session + [p for p in installed_plugins(config, project_dir) if p.name not in overridden]


def _collect(discovery: Discovery, sources: list[_Source]) -> list[_Candidate]:
    candidates: list[_Candidate] = []
    seen_files = _SeenFiles()
    for source in sources:
        discovery.searched.append(source.directory)
        for item in _source_files(source):
            if isinstance(item, AgentFile):
                discovery.files.append(item)
                continue
            path, os_path, prefix, through_symlink = item
            text, status = _read_text(os_path, path)
            if seen_files.seen_before(os_path, source.scope, None if through_symlink else status):
                continue
            result = text if isinstance(text, AgentProblem) else _agent_from_text(path, text, source.scope, prefix)
            if isinstance(result, AgentProblem):
                discovery.problems.append(result)
                discovery.files.append(AgentFile(path, source.scope, "skipped", reason=result.reason))
            else:
                candidates.append(_Candidate(result, source))
    return candidates


def _source_files(source: _Source) -> Iterator[_FileItem | AgentFile]:
    """The files to read in ``source`` and the entries passed over (``AgentFile``)."""
    if source.scope != "plugin":
        yield from _walk_agent_dir(source.directory, source.scope)
        return
    if source.directory.suffix == ".md" and source.directory.is_file():
        yield source.directory, os.fspath(source.directory), f"{source.plugin}:", False
        return
    for path, os_path, parts in _walk_plugin_dir(source.directory):
        yield path, os_path, ":".join((source.plugin, *parts)) + ":", False


class _SeenFiles:
    """The CLI reads a file once even when hard-linked (or reached via a symlinked folder) twice.

    Its key is (device, inode) from ``lstat`` for project and user files and from ``stat`` for plugin files.
    The open file's ``fstat`` gives that same key, saving a system call, except for a project or user file
    reached through a symlink (``lstat`` describes the link itself): callers pass ``opened=None`` then.
    """

    def __init__(self) -> None:
        self._keys: set[tuple[int, int]] = set()

    def seen_before(self, os_path: str, scope: str, opened: os.stat_result | None) -> bool:
        """Whether the file was already read; records it otherwise. A file that cannot be stat'ed is new."""
        stat = opened
        if stat is None:
            try:
                stat = os.stat(os_path) if scope == "plugin" else os.lstat(os_path)
            except OSError:
                return False
        key = (stat.st_dev, stat.st_ino)
        if key in self._keys:
            log.debug("skipping %s: the same file was already read", os_path)
            return True
        self._keys.add(key)
        return False


def _resolve(discovery: Discovery, candidates: list[_Candidate]) -> None:
    """Pick one winner per name (highest rank; inside one directory the last file walked) and record the rest."""
    by_name: dict[str, list[_Candidate]] = {}
    for candidate in sorted(candidates, key=lambda c: c.source.rank):  # stable: walk order within a rank
        by_name.setdefault(candidate.spec.name, []).append(candidate)
    for name, group in by_name.items():
        winner = group[-1]
        discovery.agents.append(winner.spec)
        discovery.files.append(AgentFile(winner.spec.path, winner.source.scope, "loaded", name))
        if len(group) > 1:
            _record_losers(discovery, name, group[:-1], winner)
    discovery.agents.sort(key=lambda spec: spec.name)
    discovery.clashes.sort(key=lambda clash: clash.name)


def _record_losers(discovery: Discovery, name: str, losers: list[_Candidate], winner: _Candidate) -> None:
    same_dir = [c for c in losers if c.source == winner.source]
    if same_dir:
        discovery.clashes.append(AgentClash(name, winner.spec.path, tuple(c.spec.path for c in same_dir)))
    for loser in losers:
        how = "in the same folder" if loser.source == winner.source else f"({winner.source.scope} scope)"
        discovery.files.append(AgentFile(loser.spec.path, loser.source.scope, "shadowed", name,
                                         f"{name!r} is defined again by {winner.spec.path} {how}"))
    discovery.shadowed[name] = [c.spec for c in reversed(losers)]
    _collect_same_dir_clashes(discovery, name, losers, winner)


def _collect_same_dir_clashes(discovery: Discovery, name: str, losers: list[_Candidate], winner: _Candidate) -> None:
    """Clashes inside a directory whose winner is itself shadowed by a nearer directory."""
    by_source: dict[_Source, list[_Candidate]] = {}
    for loser in losers:
        if loser.source != winner.source:
            by_source.setdefault(loser.source, []).append(loser)
    for group in by_source.values():
        if len(group) > 1:
            discovery.clashes.append(AgentClash(name, group[-1].spec.path, tuple(c.spec.path for c in group[:-1])))
