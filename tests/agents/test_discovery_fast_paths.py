"""Discovery's shortcuts give exactly what the slow, general code gives, on random and hostile input.

The references are the general code paths: the YAML 1.2 parser with the CLI's quote-and-retry second chance
for frontmatter, the CLI's split-then-trim rule for tool lists, and reading a file until end of file.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ralphy.agents.agent_file import _read_all, parse_tools
from ralphy.agents.cli_yaml import load_yaml, yaml_errors
from ralphy.agents.frontmatter import (
    _certainly_invalid_yaml,
    _JS_TRIM_CHARS,
    _second_chance,
    find_frontmatter,
    simple_frontmatter,
    split_frontmatter,
)
from tests.conftest import CORPUS

KEYS = ["name", "description", "tools", "model", "tags", "color", "x2", "when-to_use", "true", "Null", "_k"]
WORDS = ["Read", "Edit", "a-b", "_x", "null", "True", "FALSE", "yes", "on", "x1", "NULL", "Bash"]
PIECES = ["Use", " when", ": ", ":", " #", "#", "x", " ", "  ", "'", '"', "\\", "[", "]", "{", "}", ",", "-", "?",
          "&", "*", "!", "|", ">", "%", "@", "`", "1", "0x1F", ".5", "~", "\t", "\u00a0", "é", "\u2028", "e3", "''"]


def yaml_reference(raw: str) -> tuple[Any, str | None]:
    """The general path: parse as YAML; when that fails, the CLI's second chance; (mapping or {}, error)."""
    try:
        data = load_yaml(raw)
    except yaml_errors():
        try:
            data = load_yaml(_second_chance(raw))
        except yaml_errors() as exc:
            return {}, " ".join(str(exc).split())
    return (data if isinstance(data, dict) else {}), None


def random_token(rnd: random.Random) -> str:
    return rnd.choice(PIECES) if rnd.random() < 0.15 else " " + rnd.choice(WORDS)


def random_value(rnd: random.Random) -> str:
    shape = rnd.random()
    if shape < 0.25:  # a flow list, sometimes broken
        items = [rnd.choice(WORDS) if rnd.random() < 0.9 else rnd.choice(PIECES) for _ in range(rnd.randint(0, 4))]
        sep = rnd.choice([", ", ",", " , ", " ", ",,"])
        return "[" + rnd.choice(["", " "]) + sep.join(items) + rnd.choice(["", " ", ","]) + "]" + rnd.choice(["", " ", " #c"])
    if shape < 0.35:
        quote = rnd.choice("'\"")
        return quote + "".join(random_token(rnd) for _ in range(rnd.randint(0, 6))) + quote
    return "".join(random_token(rnd) for _ in range(rnd.randint(1, 8))).lstrip(" ")


def random_frontmatter(rnd: random.Random) -> str:
    lines = []
    for _ in range(rnd.randint(1, 5)):
        roll = rnd.random()
        if roll < 0.03:
            lines.append(rnd.choice(["", "  - item", "\tdescription: tabbed", "- x", "key:", "... "]))
        else:
            lines.append(f"{rnd.choice(KEYS)}:{' ' if rnd.random() < 0.9 else rnd.choice(['  ', ''])}{random_value(rnd)}")
    return "\n".join(lines) + rnd.choice(["\n", ""])


def test_frontmatter_shortcuts_equal_the_yaml_parser_on_random_frontmatter() -> None:
    rnd = random.Random(2197)
    answered, second_chances = 0, 0
    for _ in range(6000):
        text = f"---\n{random_frontmatter(rnd)}---\nbody\n"
        raw = find_frontmatter(text)[0]  # type: ignore[index]
        data, _, error = split_frontmatter(text)
        assert (data, error) == yaml_reference(raw), raw
        answered += simple_frontmatter(raw) is not None
        second_chances += _certainly_invalid_yaml(raw)
    assert answered > 800 and second_chances > 100, (answered, second_chances)  # the shortcuts are exercised


def test_frontmatter_shortcuts_equal_the_yaml_parser_on_the_corpus() -> None:
    raws = [found[0] for p in sorted(CORPUS.rglob("*.md")) if (found := find_frontmatter(p.read_text("utf-8")))]
    second_chances = 0
    for raw in raws:
        data, _, error = split_frontmatter(f"---\n{raw}---\n")
        assert (data, error) == yaml_reference(raw), raw
        second_chances += _certainly_invalid_yaml(raw)
    assert second_chances >= 8  # descriptions like "Use when: ..." in the corpus


@pytest.mark.parametrize("raw", [
    "description: Use when: things break",
    "name: x\ndescription: a: b, with \"quotes\" and \\ back\\slash  ",
    "description: Examples: <example>Context: x</example>\ntools: [Read, Grep]",
    "description: a:b: c\ntools: Read # comment",
])
def test_a_value_holding_colon_space_is_invalid_yaml(raw: str) -> None:
    assert _certainly_invalid_yaml(raw)
    with pytest.raises(yaml_errors()):
        load_yaml(raw)


@pytest.mark.parametrize("raw", [
    "description: a #b: c",  # a comment before the ": "
    "tools: [Read,\ndescription: a: b]",  # inside a flow list a ": " is fine
    "description: >\n  folded: text",
    "description: plain\n  continued: here",
])
def test_colon_space_is_not_called_invalid_where_yaml_may_accept_it(raw: str) -> None:
    assert not _certainly_invalid_yaml(raw)


def test_flow_lists_of_words_are_read_without_the_parser() -> None:
    raw = "name: x\ntags: [python, data-extraction , _k,ci]\ntools: [ Read ]"
    assert simple_frontmatter(raw) == load_yaml(raw) == {
        "name": "x", "tags": ["python", "data-extraction", "_k", "ci"], "tools": ["Read"]}
    for declined in ("tags: [a, null]", "tags: [a,]", "tags: []", "tags: [a b]", "tags: [a] # c", "tags: [[a]]",
                     "tags: [a, 'b']", "tags: [1]", "tags: [a] "):
        assert simple_frontmatter(declined) is None, declined


def cli_tool_split(text: str) -> list[str]:
    """The CLI's rule for a tool string without parentheses: split on comma and space, JS-trim, drop empties."""
    return [tool for part in re.split("[, ]", text) if (tool := part.strip(_JS_TRIM_CHARS))]


def test_tool_strings_split_like_the_cli_on_random_text() -> None:
    rnd = random.Random(197)
    alphabet = ["Read", "Edit", "mcp__x__y", ",", " ", "  ", ", ", "\t", "\x1c", "\x1f", "\u00a0", "\u2003", "é",
                "\ufeff", "\n", "*", ":"]
    for _ in range(5000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 10)))
        expected = cli_tool_split(text)
        assert parse_tools(text) == (("*",) if "*" in expected else tuple(expected)), repr(text)


def read_pipe(data: bytes, claimed_size: int) -> bytes:
    reader, writer = os.pipe()
    try:
        os.write(writer, data)
        os.close(writer)
        writer = -1
        return _read_all(reader, claimed_size)
    finally:
        os.close(reader)
        if writer >= 0:
            os.close(writer)


@pytest.mark.parametrize("claimed", [0, 3, 10, 11, 50])
def test_reading_gets_everything_whatever_size_the_file_claimed(claimed: int) -> None:
    """A file that grew, shrank or (like /proc files) claims size 0 is still read to the end."""
    assert read_pipe(b"0123456789", claimed) == b"0123456789"


def test_reading_a_proc_file_that_claims_size_zero() -> None:
    path = Path("/proc/self/maps")
    if not path.exists():
        pytest.skip("no /proc")
    fd = os.open(path, os.O_RDONLY)
    try:
        assert os.fstat(fd).st_size == 0
        data = _read_all(fd, 0)
    finally:
        os.close(fd)
    assert data.count(b"\n") > 5 and data.endswith(b"\n")
