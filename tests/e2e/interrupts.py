"""What an iteration's transcript shows about how its turn ended (the raw CLI stdout ralphy keeps)."""

from __future__ import annotations

import json
from pathlib import Path


def ended_through_interrupt(transcript: str | Path) -> bool:
    """The turn was ended by ralphy's ``interrupt`` control request, and the CLI then wrote the turn's ``result``
    itself (not killed): the CLI's answer to a control request after ``initialize`` (the first), then a
    ``result`` line after that answer."""
    answered_interrupt = False
    control_answers = 0
    for raw in Path(transcript).read_text(encoding="utf-8").splitlines():
        try:
            line = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(line, dict):
            continue
        if line.get("type") == "control_response":
            response = line.get("response") or {}
            if response.get("subtype") == "success":
                control_answers += 1
                answered_interrupt = answered_interrupt or control_answers >= 2
        elif line.get("type") == "result" and answered_interrupt:
            return True
    return False
