"""Terms of several words read as the term, not word by word (ralphy.agents.phrases, issue 15, rank15).

The tasks here are in no labelled set; what each should get was written down before the router ran on them. The
team is nine of VoltAgent's real agents, several named with a word that is also part of another trade's term
(landing, visual, loops, sales)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import VOLTAGENT, load_corpus  # noqa: E402

from ralphy.agents import routing, routing_fields, siblings  # noqa: E402
from ralphy.agents.phrases import bound_terms, phrases_in  # noqa: E402
from ralphy.agents.technologies import entry_terms  # noqa: E402
from ralphy.agents.terms import terms  # noqa: E402

TEAM = ("landing-page-copywriter", "devops-engineer", "terraform-engineer", "visual-asset-generator",
        "legacy-modernizer", "growth-loops", "dx-optimizer", "sales-engineer", "data-engineer")


@pytest.fixture(scope="module")
def team() -> list:
    by_name = {agent.name: agent for agent in load_corpus(VOLTAGENT)}
    return [by_name[name] for name in TEAM]


def test_a_word_said_only_inside_a_term_is_bound_to_it() -> None:
    bound = bound_terms(terms("Design an AWS landing zone with an account per team"))
    assert bound[terms("landing")[0]] == (tuple(terms("landing zone")),)
    assert set(bound) == set(terms("landing zone"))


def test_a_word_also_said_alone_is_not_bound() -> None:
    # "landing" alone in "the landing copy" is the copywriter's word as well
    assert terms("landing")[0] not in bound_terms(terms("Write the landing copy for the new landing zone"))


def test_a_synonym_is_no_term_of_several_words() -> None:
    # "csrf" stands for csrf and security: one word written, so nothing is bound
    assert bound_terms(terms("Check the checkout for CSRF holes")) == {}
    assert phrases_in(tuple(terms("Check the checkout for CSRF holes"))) == ()


def test_a_term_counts_only_as_its_words_in_a_row() -> None:
    assert phrases_in(tuple(terms("the zone where the landing gear sits"))) == ()


def test_an_entry_that_loses_its_number_is_left_out() -> None:
    assert entry_terms("route 53") is None  # not every "route"
    assert entry_terms("layer 2") is None
    assert entry_terms("n+1") == ("n",)  # "N+1 queries": the letter is all there is
    assert entry_terms("delta lake") == tuple(terms("delta lake"))


def test_a_version_line_is_a_number_not_the_word_x() -> None:
    assert terms("Move the AngularJS 1.x admin to React") == terms("Move the AngularJS admin to React")
    assert terms("v2.x and 1.2.x") == terms("v2 and")
    assert terms("the X API") == ["x", "api"]


@pytest.mark.parametrize(("task", "wrong"), [
    ("Add a second region to the landing zone", "landing-page-copywriter"),
    ("Rebuild the sales cube on the new warehouse", "sales-engineer"),
])
def test_a_name_matching_a_word_of_a_term_is_no_recommendation(team, monkeypatch, task, wrong) -> None:
    assert routing.Router(team).recommend(task).recommended != wrong
    monkeypatch.setattr(routing, "PHRASE_BOUND", False)
    assert routing.Router(team).recommend(task).recommended == wrong


@pytest.mark.parametrize(("task", "right", "wrong"), [
    ("Plan the retirement of the Visual Basic 6 client", "legacy-modernizer", "visual-asset-generator"),
    ("Fix the inner loop so a change shows in the browser in a second", "dx-optimizer", "growth-loops"),
])
def test_the_agent_of_the_term_is_ranked_first(team, monkeypatch, task, right, wrong) -> None:
    assert routing.Router(team).rank(task, limit=1)[0].agent == right
    monkeypatch.setattr(routing, "PHRASE_BOUND", False)
    # without the siblings field too: legacy-modernizer's siblings say "retire", which ranks it first on its own
    monkeypatch.setattr(siblings, "SIBLINGS_ENABLED", False)
    monkeypatch.setattr(routing_fields, "FIELDS_CACHE", {})
    assert routing.Router(team).rank(task, limit=1)[0].agent == wrong


def test_an_agent_holding_the_whole_term_keeps_it(team) -> None:
    assert routing.Router(team).recommend("Write the landing page copy for the spring sale").recommended == \
        "landing-page-copywriter"
