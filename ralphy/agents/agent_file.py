"""One agent file as the Claude CLI loads it: read (regular file, size limit), frontmatter checked, tools and
model normalised; plugin files by the CLI's lenient plugin rules. Never raises for a bad file."""

from __future__ import annotations

import os
import re
import stat as stat_module
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ralphy.agents.frontmatter import _JS_TRIM_CHARS, _parse_frontmatter
from ralphy.agents.spec import ALL_TOOLS, AgentSpec
from ralphy.claude.version import DiscoveryRules
from ralphy.safefs import read_limited

NEWEST_RULES = DiscoveryRules()  # the rules of the newest CLI, when no CLI version is known

MAX_AGENT_FILE_BYTES = 1024 * 1024  # the CLI skips bigger files
_TOOL_SEPARATORS = re.compile("[, ]")


@dataclass(frozen=True)
class AgentProblem:
    """A file the CLI would not load as an agent, and why."""

    path: Path
    reason: str



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
# Reading one file


def _read_text(os_path: str, path: Path, max_bytes: int | None = MAX_AGENT_FILE_BYTES,
               ) -> tuple[str | AgentProblem, os.stat_result | None]:
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
        if max_bytes is not None and stat.st_size > max_bytes:
            return AgentProblem(path, f"file is {stat.st_size:,} bytes, over the CLI's 1 MiB limit"), stat
        data = _read_all(fd, stat.st_size)
        if data is None:
            return AgentProblem(path, f"file grew past {_read_bound(stat.st_size):,} bytes while being read "
                                      "(a file that never ends, such as one under /proc)"), stat
    except OSError as exc:
        return AgentProblem(path, f"cannot read the file: {exc.strerror or exc}"), stat
    finally:
        os.close(fd)
    return data.decode("utf-8", errors="replace"), stat  # what the CLI's readFile(..., "utf8") does


def _read_bound(size: int) -> int:
    """How much of a file whose ``fstat`` size is ``size`` is read at most: that size, and at least the CLI's 1 MiB
    (what a /proc file claiming size 0 may hold and still be an agent the CLI loads)."""
    return max(size, MAX_AGENT_FILE_BYTES)


def _read_all(fd: int, size: int) -> bytes | None:
    """Everything in the open file of ``size`` bytes (by ``fstat``), or None past ``_read_bound(size)`` bytes. One
    ``read`` returning exactly ``size`` bytes is the whole file, as a second ``read`` at that moment would give
    nothing; a file that grew, shrank or claims size 0 (``/proc``) is read on until end of file, within the bound: a
    link to ``/proc/self/pagemap`` (size 0, hundreds of gigabytes) was read until memory ran out (loose19)."""
    first = os.read(fd, size + 1 if size else 65536)
    if len(first) == size or not first:
        return first
    bound = _read_bound(size)
    if len(first) > bound:
        return None
    rest = read_limited(fd, bound - len(first))
    return None if rest is None else first + rest


def load_agent_file(path: str | os.PathLike[str], scope: str = "project", prefix: str = "",
                    rules: DiscoveryRules = NEWEST_RULES) -> AgentSpec | AgentProblem:
    """Load one agent file as the CLI would, or say why the CLI would skip it. Never raises for bad input.

    ``scope`` is project, user or plugin. ``prefix`` (plugins only) is ``plugin:`` or ``plugin:sub:``; plugin
    files follow the CLI's lenient plugin rules (name defaults to the file name, description optional).
    ``rules`` are those of the CLI version to match (``DiscoveryRules.for_version``; default the newest).
    """
    path = path if isinstance(path, Path) else Path(path)
    text, _ = _read_text(os.fspath(path), path, rules.max_file_bytes)
    if isinstance(text, AgentProblem):
        return text
    return _agent_from_text(path, text, scope, prefix, rules)


def _agent_from_text(path: Path, text: str, scope: str, prefix: str,
                     rules: DiscoveryRules = NEWEST_RULES) -> AgentSpec | AgentProblem:
    if rules.bom_is_frontmatter and text.startswith("\ufeff"):
        text = text[1:]
    frontmatter, content_start, yaml_error = _parse_frontmatter(text, rules.frontmatter)
    if scope == "plugin":
        return _plugin_spec(path, prefix, frontmatter, _body(text, content_start))
    problem = _check_frontmatter(path, text, frontmatter, yaml_error, has_frontmatter=content_start is not None,
                                 rules=rules)
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
                       has_frontmatter: bool, rules: DiscoveryRules = NEWEST_RULES) -> AgentProblem | None:
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
    if name.startswith("-") and not rules.dash_names:
        return AgentProblem(path, f"invalid name {name!r}: names must not start with '-'")
    if rules.max_name_length is not None and (length := _js_length(name)) > rules.max_name_length:
        return AgentProblem(path, f"invalid name {_shortened(name)!r}: names must be at most "
                                  f"{rules.max_name_length} characters (this one has {length})")
    if not rules.colon_names and ":" in (name if name.isascii() else unicodedata.normalize("NFKC", name)):
        return AgentProblem(path, f"invalid name {_shortened(name)!r}: names must not contain ':' (the CLI keeps it "
                                  "for plugins' namespaces)")
    if not description:
        return AgentProblem(path, "frontmatter has no 'description' (it is required and must not be empty)")
    if not isinstance(description, str):
        return AgentProblem(path, f"'description' must be a string, not {_yaml_type(description)}")
    return None


def _js_length(text: str) -> int:
    """JavaScript's ``text.length``: UTF-16 code units (a character past U+FFFF counts 2)."""
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF) if not text.isascii() else len(text)


def _shortened(name: str, keep: int = 60) -> str:
    return name if len(name) <= keep else f"{name[:keep // 2]}…{name[-keep // 2:]}"


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

