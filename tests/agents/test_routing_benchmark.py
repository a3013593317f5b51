"""The routing figures on the labelled set stay above goal (see docs/benchmarks.md, "Routing")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import evaluate, load_corpus, load_labelled  # noqa: E402

from ralphy.agents.routing import Router  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_the_corpus_loads_one_agent_per_name(corpus) -> None:
    names = [agent.name for agent in corpus]
    assert len(names) == len(set(names)) >= 490


def test_labelled_set_is_big_enough_with_gaps_and_a_held_out_third() -> None:
    items = load_labelled()
    assert len(items) >= 100
    assert sum(item["expected"] is None for item in items) >= 10
    assert len(load_labelled(split="test")) == len(items) // 3


@pytest.mark.parametrize("split", ["all", "test"])
def test_accuracy_stays_above_goal(corpus, split: str) -> None:
    result = evaluate(Router(corpus), load_labelled(split=split))
    assert result["top1"] >= 0.75, result["misses"]
    assert result["recall10"] >= 0.95, result["misses"]


# Query speed (goal: under 5 ms over 600 agents) is a benchmark, not a test: benchmarks/bench_routing.py.
