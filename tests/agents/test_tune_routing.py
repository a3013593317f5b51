"""benchmarks/tune_routing.py (issue 15, tune19): a candidate's numbers are set on the modules and every router's
per-term caches emptied, so a candidate is scored with its own numbers, as routers built afresh with them score it; the
picks it reads are the router's own (``bench_routing.best_picks``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import tune_routing  # noqa: E402
from bench_routing import (  # noqa: E402
    PROJECTS,
    TOP,
    best_picks,
    load_corpus,
    load_projects,
    rates,
)

from ralphy.agents import routing_confidence  # noqa: E402
from ralphy.agents.routing import Router  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def project_sets(corpus) -> dict:
    by_name = {agent.name: agent for agent in corpus}
    return {"projects": [(Router([by_name[name] for name in project["agents"]]), project["tasks"])
                         for project in load_projects(PROJECTS, split="train")]}


def figures(sets: dict, threshold: float = 0.5) -> tuple[int, int, int]:
    rows = tune_routing.rows_of(sets)
    picks = tune_routing.picks_of(rows, list(routing_confidence.CALIBRATION), routing_confidence.CALIBRATION_BIAS)
    return rates(picks["projects"], threshold)


def test_the_picks_read_from_the_rows_are_the_router_s_own(corpus) -> None:
    sets = project_sets(corpus)
    cases = sets["projects"]
    expected = best_picks(cases, list(routing_confidence.CALIBRATION), routing_confidence.CALIBRATION_BIAS,
                          TOP["projects"])
    rows = tune_routing.rows_of(sets)
    got = tune_routing.picks_of(rows, list(routing_confidence.CALIBRATION), routing_confidence.CALIBRATION_BIAS)
    assert got["projects"] == expected
    assert len(expected) == 136


@pytest.mark.parametrize(("knob", "value"), [("FIELD_WEIGHTS.name", 1.0), ("K1", 0.5), ("STACK_PRIOR", 3.0),
                                              ("MAX_TEAM", 4)])
def test_a_candidate_is_scored_with_its_own_numbers(corpus, knob, value, monkeypatch) -> None:
    sets = project_sets(corpus)
    today = figures(sets)
    kept = tune_routing.get(knob)
    try:
        tune_routing.put(knob, value)
        changed = figures(sets)  # the same routers, their caches emptied
        fresh = figures(project_sets(corpus))  # routers built with the candidate's numbers
    finally:
        tune_routing.put(knob, kept)
    assert changed == fresh
    assert changed != today  # each of these values moves the decisions: the candidate was really scored
    assert figures(sets) == today


def test_an_unknown_knob_is_one_line() -> None:
    with pytest.raises(SystemExit, match="unknown knob 'K2'"):
        tune_routing.parse("K1=1.5,K2=3")
    assert tune_routing.parse("K1=1.5, FIELD_WEIGHTS.body=0.3") == {"K1": 1.5, "FIELD_WEIGHTS.body": 0.3}


@pytest.mark.parametrize("text", ["K1=x", "K1", "K1=nan", "HEAD_BOOST=inf"])
def test_a_value_that_is_no_finite_number_is_one_line(text) -> None:
    with pytest.raises(SystemExit, match=r"needs a finite number, not '(x|nan|inf|)'"):
        tune_routing.parse(text)
