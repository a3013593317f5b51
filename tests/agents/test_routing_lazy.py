"""The Router's shortcuts give exactly what the plain computation gives: common terms scored for all agents at
once (dense lists, added in C) against term by term per agent; holders found when first asked against an index
of every term; on the 500 real corpus agents and the 162 labelled catalog tasks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ralphy.agents import routing, routing_fields
from ralphy.agents.discovery import discover_agents
from ralphy.agents.routing import Router
from tests.conftest import CORPUS, DATA

TASKS = [json.loads(line)["task"] for line in (DATA / "routing" / "labelled_tasks.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def corpus_agents(tmp_path_factory: pytest.TempPathFactory) -> list:
    root = tmp_path_factory.mktemp("corpus")
    (root / ".claude").mkdir()
    (root / ".claude" / "agents").symlink_to(CORPUS)
    agents = discover_agents(root).agents
    assert len(agents) == 500
    return agents


def rankings(agents: list) -> list[list[tuple[str, float, str]]]:
    router = Router(agents)
    return [[(a.agent, a.confidence, a.reason) for a in router.rank(task, limit=10)] for task in TASKS]


def test_dense_and_per_agent_scoring_rank_alike(corpus_agents: list, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(routing, "DENSE_SHARE", 0)  # every term added agent by agent
    per_agent = rankings(corpus_agents)
    monkeypatch.setattr(routing, "DENSE_SHARE", 10**9)  # every term added as one list for all agents
    dense = rankings(corpus_agents)
    assert dense == per_agent
    assert sum(1 for ranking in dense if ranking) > 150  # the tasks do match agents: the comparison compares
    # the scores themselves, not only the order: exact floats
    router = Router(corpus_agents)
    monkeypatch.setattr(routing, "DENSE_SHARE", 0)
    sparse_scores = [router._scores(routing.terms(task)) for task in TASKS[:40]]
    router = Router(corpus_agents)
    monkeypatch.setattr(routing, "DENSE_SHARE", 10**9)
    assert [router._scores(routing.terms(task)) for task in TASKS[:40]] == sparse_scores


@pytest.mark.parametrize("view", ["whole", "selection"])
def test_holders_found_on_demand_are_those_of_a_full_index(corpus_agents: list, view: str) -> None:
    # "selection": the agents as prompt selection ranks them (no body: a field no agent fills is not scanned)
    if view == "selection":
        from ralphy.agents.selection import _for_selection

        corpus_agents = [_for_selection(agent) for agent in corpus_agents]
        assert not any(agent.body for agent in corpus_agents)
    router = Router(corpus_agents)
    full: dict[str, list[int]] = {}
    for index, held in enumerate(router._all_terms()):
        for term in held:
            full.setdefault(term, []).append(index)
    asked = {term for task in TASKS for term in routing.terms(task)} | {"unheard-of-term"}
    fresh = Router(corpus_agents)
    for term in sorted(asked):
        assert fresh._holders(term) == full.get(term, []), term
    assert fresh.document_frequencies(minimum=1) == {term: len(holders) for term, holders in full.items()}


def test_the_dense_lists_a_router_keeps_are_bounded(corpus_agents: list, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(routing, "DENSE_SHARE", 10**9)
    monkeypatch.setattr(routing, "DENSE_KEPT", 8)
    router = Router(corpus_agents)
    for task in TASKS:
        router.rank(task)
    assert 0 < len(router._dense_postings) <= 8


def test_term_counts_are_the_counted_terms_of_every_field(corpus_agents: list) -> None:
    from collections import Counter

    from ralphy.agents.siblings import default_siblings
    from ralphy.agents.terms import as_texts, split_examples, term_counts, terms

    for agent in corpus_agents:
        main, users, rest = split_examples(agent.description)
        lines = users + as_texts(agent.metadata.get("exampleTasks"))
        expected = {
            "name": Counter(terms(agent.name.replace("-", " ").replace("_", " ").replace(":", " "))),
            "keywords": Counter(t for k in as_texts(agent.metadata.get("keywords")) for t in terms(k)),
            "examples": Counter(t for line in lines for t in terms(line)),
            "description": Counter(terms(main)),
            "context": Counter(terms(rest)),
            "body": Counter(terms(agent.body)),
            "siblings": default_siblings().counts(agent.name, agent.description),  # from the table, not the text
        }
        fields, example_lines = routing_fields.tokenise(agent)
        assert fields == expected and list(fields) == list(routing.FIELD_WEIGHTS), agent.name
        assert example_lines == lines
    # spellings are joined per text, never across two texts (a keyword ending in "c" and one starting "++")
    assert term_counts("c", "++ tools") == Counter(terms("c")) + Counter(terms("++ tools"))


def test_equal_scores_rank_by_name_and_the_ranking_is_sorted_as_score_then_name() -> None:
    from ralphy.agents.spec import AgentSpec

    text = "Tunes slow SQL queries: reads query plans, adds indexes, rewrites joins."
    agents = [AgentSpec(name, text, Path(f"{name}.md"), body="Look at the plan first.")
              for name in ("zeta-sql", "alpha-sql", "mid-sql")]
    agents.append(AgentSpec("aaa-helper", "Helps with anything; sometimes a query.", Path("aaa-helper.md")))
    agents.append(AgentSpec("sql-query-plan-tuner", text + " SQL query plans, SQL indexes.", Path("t.md")))
    router = Router(agents)
    ranked = router._ranked(routing.terms("Tune the slow SQL query plans"))
    names = [router.agents[index].name for index, _ in ranked]
    scores = [score for _, score in ranked]
    assert names[0] == "sql-query-plan-tuner" and names[-1] == "aaa-helper"
    assert names[1:4] == ["alpha-sql", "mid-sql", "zeta-sql"] and len(set(scores[1:4])) == 1  # a tie: by name
    assert ranked == sorted(ranked, key=lambda pair: (-pair[1], router.agents[pair[0]].name))


def test_descriptions_without_a_block_split_as_the_patterns_split_them(corpus_agents: list) -> None:
    from ralphy.agents.terms import split_example_blocks, split_examples

    # written by hand: no "<", so no block; a trailing "Examples:" still goes
    assert split_examples("  Reviews code.\n") == ("Reviews code.", [], "")
    assert split_examples("Reviews code. Examples:  ") == ("Reviews code.  ", [], "")
    assert split_examples("Example: reviews code") == ("Example: reviews code", [], "")
    assert split_examples("Reviews code <example>user: review it</example>")[1] == ["review it"]
    descriptions = [agent.description for agent in corpus_agents] + [
        "", " ", "Examples:", "Use it. Example:\n", "a < b, Examples:", "<EXAMPLE>user: x</EXAMPLE>", "x <example"]
    assert sum("<" not in text for text in descriptions) > 400  # the shortcut is taken, and not only
    assert sum("<" in text for text in descriptions) >= 4
    for text in descriptions:
        assert split_examples(text) == split_example_blocks(text), text
