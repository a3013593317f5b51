"""JSON from a repository or a process ralphy does not control: parsed without a crash on deep nesting.

``json.loads`` raises ``RecursionError`` (not a ``ValueError``) on text nested deeper than the interpreter's
recursion limit (``[`` x 100,000 is a 200 KB file), which callers that catch ``json.JSONDecodeError`` or
``ValueError`` do not expect: a hostile ``.mcp.json``, breaker state or pid file became a traceback. ``loads``
turns it into a ``json.JSONDecodeError`` ("nested too deeply"), so the one ``except`` every caller already has
covers it.
"""

from __future__ import annotations

import json
from typing import Any


def loads(text: str | bytes) -> Any:
    """``json.loads``, with nesting too deep for the parser a ``json.JSONDecodeError`` like any other bad JSON."""
    try:
        return json.loads(text)
    except RecursionError:
        doc = text if isinstance(text, str) else ""
        raise json.JSONDecodeError("nested too deeply", doc, 0) from None
