"""JSON from a repository or a process ralphy does not control: parsed without a crash on deep nesting.

``json.loads`` raises ``RecursionError`` (not a ``ValueError``) on text nested deeper than the interpreter's
recursion limit (``[`` x 100,000 is a 200 KB file), which callers that catch ``json.JSONDecodeError`` or
``ValueError`` do not expect: a hostile ``.mcp.json``, breaker state or pid file became a traceback. ``loads``
turns it into a ``json.JSONDecodeError`` ("nested too deeply"), so the one ``except`` every caller already has
covers it.

JSON may hold a lone surrogate (``"\\ud800"``), which no UTF-8 text can: ``well_formed`` makes each one U+FFFD in
what a process ralphy does not control said (the Claude CLI's stream-json), before it reaches a terminal, a file, the
CLI's stdin or the history; ``loads`` does it to all it reads (a history, a transcript, a settings file written by
someone else); ``well_formed_text`` does it to one text.

``cli_text`` decodes a file the Claude CLI reads as it does (Node and Bun: an invalid byte is U+FFFD, not an error).

An object may give a key twice (JSON parses it; the last wins): ``duplicate_key`` finds one, for what ralphy writes
back (``ralphy mcp --install``), where the first would be lost.
"""

from __future__ import annotations

import json
import re
from typing import Any


def loads(text: str | bytes) -> Any:
    """``json.loads``, with nesting too deep for the parser a ``json.JSONDecodeError`` like any other bad JSON, and
    each lone surrogate of its strings as U+FFFD (``well_formed``). An integer past Python's 4,300 digits is a
    float (``inf`` past 1.8e308), as JavaScript reads it: ``json.loads`` raised a plain ``ValueError`` there, which
    no caller expects (a traceback from a breaker state, a settings file skipped that the CLI reads)."""
    try:
        value = json.loads(text, parse_int=_int)
    except RecursionError:
        doc = text if isinstance(text, str) else ""
        raise json.JSONDecodeError("nested too deeply", doc, 0) from None
    return well_formed(value, text if isinstance(text, str) else text.decode("latin-1"))


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def well_formed(value: Any, text: str) -> Any:
    """``value`` (parsed from the JSON ``text``) with every lone surrogate in its strings and keys as U+FFFD; itself
    when ``text`` escapes none (the usual case: a look at the text, no walk)."""
    if _SURROGATE_ESCAPE.search(text) is None:
        return value
    try:
        return _well_formed(value)
    except RecursionError:  # nested about as deep as the parser allows: left as it is (the history replaces them)
        return value


def cli_text(raw: bytes) -> str:
    """A JSON file's bytes as the Claude CLI reads them: UTF-8 with each invalid byte as U+FFFD (Node's and Bun's
    reading: 2.0.0 and 2.1.331 applied a settings ``env`` and started ``.mcp.json`` servers beside a ``\\xff``,
    measured), a UTF-8 BOM skipped; after a UTF-16 BOM, UTF-16 (2.1.331 reads it, 2.0.0 does not: for what ralphy
    checks before the CLI starts, reading what any CLI reads is the safe side)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16", errors="replace")
    return raw.decode("utf-8", errors="replace").removeprefix("\ufeff")


def well_formed_text(text: str) -> str:
    """``text`` with each lone surrogate as U+FFFD (a valid pair kept as its one character)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def _well_formed(value: Any) -> Any:
    if isinstance(value, str):
        return well_formed_text(value)
    if isinstance(value, list):
        return [_well_formed(item) for item in value]
    if isinstance(value, dict):
        return {_well_formed(key): _well_formed(item) for key, item in value.items()}
    return value


def _int(digits: str) -> int | float:
    return int(digits) if len(digits) <= 4000 else float(digits)


class _Pairs(dict):
    """An object as parsed, and the first key it gave more than once (or None)."""

    twice: str | None = None


def duplicate_key(text: str | bytes) -> list[str] | None:
    """Where ``text`` (JSON) first gives a key twice in one object: the keys leading to it as JSON writes them and
    list positions (``['"mcpServers"', '"db"']``, ``[..., '[0]', '"k"']``); None when no key is given twice, or
    ``text`` is not JSON. The outer object's keys are looked at before what is inside them."""
    found: list[_Pairs] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        value = _Pairs(items)
        if len(value) != len(items):
            seen: set[str] = set()
            value.twice = next(key for key, _ in items if key in seen or seen.add(key))  # type: ignore[func-returns-value]
            found.append(value)
        return value

    try:
        value = json.loads(text, object_pairs_hook=pairs, parse_int=_int)
    except (ValueError, RecursionError):
        return None
    if not found:  # the usual file: no walk
        return None
    stack: list[tuple[Any, Any]] = [(value, None)]  # (a value, (its key or position, its parent's entry))
    while stack:  # not recursive: the text may be nested as deep as the parser allows
        item, trail = stack.pop()
        if isinstance(item, _Pairs) and item.twice is not None:
            path = [json.dumps(item.twice, ensure_ascii=False)]
            while trail is not None:
                path.append(trail[0])
                trail = trail[1]
            return path[::-1]
        if isinstance(item, dict):
            stack.extend((child, (json.dumps(key, ensure_ascii=False), trail)) for key, child in reversed(item.items())
                         if isinstance(child, (dict, list)))
        elif isinstance(item, list):
            stack.extend((child, (f"[{i}]", trail)) for i, child in reversed(list(enumerate(item)))
                         if isinstance(child, (dict, list)))
    return None
