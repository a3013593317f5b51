"""What ``routing.Router`` answers: the recommended agent and its alternatives, each with a confidence and why."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Alternative:
    """One candidate agent with its confidence and why."""

    agent: str
    confidence: float
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"agent": self.agent, "confidence": self.confidence, "reason": self.reason}


@dataclass(frozen=True)
class Recommendation:
    """The best agent for a task (``None`` when none is confident enough: work directly) and the others."""

    recommended: str | None
    confidence: float
    reason: str
    alternatives: list[Alternative] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "recommended": self.recommended,
            "confidence": self.confidence,
            "reason": self.reason,
            "alternatives": [alternative.to_dict() for alternative in self.alternatives],
        }
