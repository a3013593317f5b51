"""One line per agent for the dev prompt: ``- **name**: condensed description``."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ralphy.agents.spec import AgentSpec

# Blocks that are examples or notes for the model, not part of what the agent is for.
_BLOCKS = re.compile(r"<(example|examples|commentary|context)\b[^>]*>.*?(</\1\s*>|$)", re.I | re.S)
_TAG = re.compile(r"</?[A-Za-z][\w-]*(\s[^<>]*)?/?>")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?])(?=\s|$)")
_MARKDOWN = re.compile(r"(\*\*|__|`+|^#+\s*|^\s*[-*+>]\s+)", re.M)
ELLIPSIS = "\u2026"


def condense_description(text: str, max_chars: int = 200) -> str:
    """``text`` as one line of at most ``max_chars`` characters: example/commentary blocks and other tags
    dropped, markdown emphasis, links and list markers reduced, whitespace collapsed, and, when too long, cut
    at a word boundary with "…"."""
    text = _BLOCKS.sub(" ", text.replace("\\n", "\n"))
    text = _TAG.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = _MARKDOWN.sub("", text)
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", " ".join(text.split()))
    return _shorten(text, max_chars)


def _shorten(text: str, max_chars: int) -> str:
    if len(text) <= max_chars:
        return text
    cut = text[: max_chars - 1]
    if " " in cut and not text[max_chars - 1].isspace():
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:.-") + ELLIPSIS


def format_agent(spec: AgentSpec, max_chars: int = 200) -> str:
    """``- **name**: condensed description``."""
    return f"- **{spec.name}**: {condense_description(spec.description, max_chars)}"


def format_agents(specs: Iterable[AgentSpec], max_chars: int = 200) -> str:
    """One ``format_agent`` line per agent, sorted by name."""
    return "\n".join(format_agent(spec, max_chars) for spec in sorted(specs, key=lambda spec: spec.name))


def skipped_notice(skipped: int) -> str | None:
    """The one line that says agent files were skipped (``prompt``, ``agents list`` and ``dev`` print it), or
    None when none was."""
    if not skipped:
        return None
    files = "1 agent file" if skipped == 1 else f"{skipped} agent files"
    return f"{files} skipped (`ralphy agents check` says why)"


def fit_table(rows: list[tuple[str, ...]], width: int, shrink: list[tuple[int, int]]) -> list[str]:
    """``rows`` (the first is the header) as lines of aligned columns at most ``width`` wide where possible:
    the columns in ``shrink`` ((index, narrowest width) pairs, in order; a column may come back with a smaller
    width) give up characters, and their cells are cut at a word boundary with "…". Cells are text from a
    repository: they are shown as ``termsafe.safe_text`` shows them (controls as visible escapes) and measured
    in terminal columns as shown, so escapes and wide characters do not push the next column out of line."""
    from ralphy.termsafe import display_width, pad, safe_text

    rows = [tuple(safe_text(cell) for cell in row) for row in rows]
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    excess = sum(widths) + 2 * (len(widths) - 1) - width
    for column, narrowest in shrink:
        if excess <= 0:
            break
        if column >= len(widths):
            continue
        give = max(0, min(excess, widths[column] - max(narrowest, display_width(rows[0][column]))))
        widths[column] -= give
        excess -= give
    return ["  ".join(pad(_fit(cell, w), w) for cell, w in zip(row, widths)).rstrip() for row in rows]


def _fit(text: str, width: int) -> str:
    """``text`` cut (as ``_shorten`` cuts) to at most ``width`` terminal columns."""
    from ralphy.termsafe import display_width

    if display_width(text) <= width:
        return text
    limit = min(len(text), width)
    while limit > 1 and display_width(_shorten(text, limit)) > width:
        limit -= 1
    return _shorten(text, limit)
