"""A technology name used as an ordinary word decides nothing (ralphy.agents.everyday, issue 15, words16).

"Refunds sometimes go out twice" recommended golang-pro, "above 8 °C" c-pro and "a GIN index" gin-expert, each from
that one word. The tasks here are in no labelled set; what each should get was written down before the router ran
on them. The team is real agents of the corpus named for languages and frameworks whose names are English words,
beside agents of other trades; the other half of the tests holds the technology when the task means it."""

from __future__ import annotations

import pytest

from ralphy.agents.everyday import everyday_terms
from ralphy.agents.routing import Router
from ralphy.agents.terms import terms
from tests.agents.conftest import term

TEAM = ("golang-pro", "rust-engineer", "spring-boot-engineer", "express-expert", "c-pro", "gin-expert",
        "flutter-expert", "rails-expert", "swift-expert", "payment-integration", "postgres-pro", "embedded-systems",
        "sre-engineer")


@pytest.fixture(scope="module")
def router(team_router) -> Router:
    return team_router(TEAM)


@pytest.mark.parametrize("task, word", [
    ("Refund emails sometimes go out twice when a customer double-clicks Pay", "go"),
    ("Go through last week's support tickets and list the top complaints", "go"),
    ("Plan the spring cleaning of the shared drive", "spring"),
    ("Offer express delivery at checkout for orders over 50 euros", "express"),
    ("Raise an alarm when the fridge stays above 8 °C", "c"),
    ("Add a GIN index for the full-text search on posts", "gin"),
    ("The rust on the factory's conveyor sensors makes them misread", "rust"),
    ("- [ ] Go live with the spring sale banner on Monday", "go"),
])
def test_a_technology_name_in_its_everyday_sense_is_left_out(task: str, word: str) -> None:
    assert term(word) in everyday_terms(task)


@pytest.mark.parametrize("task", [
    "Port the CLI to Go",  # a capital inside the sentence
    "Upgrade Spring Boot to 3.3",
    "Fix the Rust borrow error in the parser",
    "Go service leaks memory after every deploy",  # a sentence's first word, a noun of software after it
    "the go module cache breaks the docker build",
    "Rewrite main.go so the handlers share one logger",  # a file's extension
    "Bump rails 7.1 to 7.2",  # a version after it
    "Stop the goroutines leaking when the go worker times out",  # a technology of its ecosystem
    "Move the golang go-routines off the shared channel",
    "Add a gin middleware that logs request ids",
    "Write a C extension that parses the sensor frames",
])
def test_a_technology_name_with_evidence_is_the_technology(task: str) -> None:
    assert everyday_terms(task) == frozenset()


def test_a_task_with_no_ambiguous_word_costs_nothing() -> None:
    assert everyday_terms("Add a Redis cache to the sessions") == frozenset()
    assert everyday_terms("Ask the R&D team for the C++ and C# style guides") == frozenset()


def test_a_hostile_task_is_read_in_bounded_work() -> None:
    # what precedes a word is read 64 characters back, and the first 256 ambiguous words are looked at
    assert everyday_terms("1" * 200_000 + " go") == {term("go")}
    assert everyday_terms(" " * 200_000 + "Go on") == {term("go")}
    assert everyday_terms("go " * 100_000) == {term("go")}
    assert everyday_terms("go " * 300 + " Go build") == frozenset({term("go")})  # met after the first 256: left as is


@pytest.mark.parametrize("task, named", [
    ("Go through last week's support tickets and list the top complaints", "golang-pro"),
    ("Raise an alarm when the fridge stays above 8 °C", "c-pro"),
    ("Plan the spring cleaning of the shared drive", "spring-boot-engineer"),
    ("Offer express delivery at checkout for orders over 50 euros", "express-expert"),
])
def test_the_language_agent_is_not_recommended_for_the_everyday_word(router: Router, task: str, named: str) -> None:
    assert router.recommend(task).recommended != named
    ranked = router.rank(task)
    assert not ranked or ranked[0].agent != named


def test_a_gin_index_is_the_database_s_not_the_go_framework_s(router: Router) -> None:
    ranked = router.rank("Add a GIN index to speed up the full-text search query on posts")
    assert ranked and ranked[0].agent == "postgres-pro"


@pytest.mark.parametrize("task, right", [
    ("Port the CLI to Go", {"golang-pro"}),
    ("Upgrade Spring Boot to 3.3", {"spring-boot-engineer"}),
    ("Fix the Rust borrow error in the parser", {"rust-engineer"}),
    ("Add a gin middleware that logs request ids", {"gin-expert"}),
    ("Stop the goroutines leaking when the go worker times out", {"golang-pro"}),
    ("An Express backend for the mobile app: sign-in, profiles, photo uploads", {"express-expert"}),
])
def test_the_technology_keeps_its_agent(router: Router, task: str, right: set[str]) -> None:
    assert router.recommend(task).recommended in right


@pytest.mark.parametrize("word", ["goes", "whenever", "sometimes", "someone", "nobody", "still", "already", "never"])
def test_the_words_of_telling_what_happens_are_no_terms(word: str) -> None:
    # rare in agents' text, so rare words by idf: "goes" alone recommended context-manager at 0.82
    assert terms(word) == []


@pytest.mark.parametrize("task, wrong", [
    ("Our landlord goes bust in March; sketch what that does to the office move", "context-manager"),
    ("Invoices still print twice whenever someone reopens them", "design-bridge"),
])
def test_a_narrative_word_recommends_no_agent(voltagent: Router, task: str, wrong: str) -> None:
    recommendation = voltagent.recommend(task)
    assert recommendation.recommended is None
    assert all(alternative.agent != wrong or alternative.confidence < 0.1 for alternative in voltagent.rank(task))


def test_a_failure_told_with_those_words_keeps_its_agent(voltagent: Router) -> None:
    assert voltagent.recommend("The pallet scanner sometimes freezes, and nobody knows why").recommended == "debugger"
