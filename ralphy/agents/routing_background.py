"""Word rarity from a reference catalog of agents, so routing a few agents scores words as routing hundreds."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Background:
    """How many agents of a reference catalog contain each term (terms found in one agent are left out).

    Word rarity (idf) is counted over the reference and the routed agents together, so a project with four
    agents gets the same confidences as a catalog of hundreds: "test" stays a common word, "playwright" a
    telling one. The packaged background comes from the public corpus in tests/data/agent-corpus
    (``benchmarks/bench_routing.py --write-background`` regenerates it).
    """

    agents: int
    frequencies: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"agents": self.agents, "documentFrequency": dict(sorted(self.frequencies.items()))}


NO_BACKGROUND = Background(0, {})
BACKGROUND_FILE = Path(__file__).with_name("routing_background.json")


@functools.lru_cache(maxsize=1)
def default_background() -> Background:
    """The packaged background (see ``Background``)."""
    data = json.loads(BACKGROUND_FILE.read_text(encoding="utf-8"))
    return Background(int(data["agents"]), dict(data["documentFrequency"]))
