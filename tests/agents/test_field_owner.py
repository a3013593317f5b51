"""The confidence's seventh feature (ralphy.agents.field_owner, issue 15, decide14): an agent that is the team's one
agent for the field of a technology the task names. On teams of VoltAgent's real agents; the tasks are in no labelled
set, their right agents written down before the router ran on them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import VOLTAGENT, load_corpus  # noqa: E402

from ralphy.agents import routing, routing_confidence  # noqa: E402
from ralphy.agents.field_owner import sole_field_agent  # noqa: E402
from ralphy.agents.terms import terms  # noqa: E402


@pytest.fixture(scope="module")
def by_name() -> dict:
    return {agent.name: agent for agent in load_corpus(VOLTAGENT)}


def team(by_name: dict, *names: str) -> routing.Router:
    return routing.Router([by_name[name] for name in names])


def owner(router: routing.Router, task: str) -> tuple[str, float]:
    best, features = router.top_features(task)
    return best, features[len(routing_confidence.CALIBRATION) - 1]


def test_the_one_agent_of_the_field_is_its_owner(by_name) -> None:
    router = team(by_name, "fintech-engineer", "python-pro", "react-specialist", "devops-engineer", "postgres-pro")
    assert owner(router, "Validate IBANs on the beneficiary form") == ("fintech-engineer", 1.0)
    assert owner(router, "Backfill the orders table in Snowflake")[1] == 0.0  # no agent named for data work


def test_two_agents_named_for_the_field_own_it_neither(by_name) -> None:
    alone = team(by_name, "data-engineer", "python-pro", "react-specialist", "devops-engineer")
    assert owner(alone, "Backfill the orders table in Snowflake") == ("data-engineer", 1.0)
    shared = team(by_name, "data-engineer", "data-analyst", "python-pro", "react-specialist")
    assert owner(shared, "Backfill the orders table in Snowflake")[1] == 0.0


def test_a_task_naming_no_technology_has_no_owner(by_name) -> None:
    router = team(by_name, "fintech-engineer", "python-pro", "react-specialist")
    assert owner(router, "Speed up the slow unit tests")[1] == 0.0


def test_copies_of_the_agent_do_not_share_the_field() -> None:
    task = tuple(terms("Validate IBANs on the beneficiary form"))
    names = {"fintech": [0, 3]}
    own = (frozenset(terms("fintech engineer")), frozenset())
    assert sole_field_agent(task, 0, names, own, lambda other: other == 3) == 1.0
    assert sole_field_agent(task, 0, names, own, lambda other: False) == 0.0
    assert sole_field_agent(task, 0, names, (frozenset(terms("python")), frozenset()), lambda other: True) == 0.0


def test_owning_the_field_raises_the_confidence(by_name, monkeypatch) -> None:
    router = team(by_name, "fintech-engineer", "python-pro", "react-specialist", "devops-engineer", "postgres-pro")
    task = "Validate IBANs on the beneficiary form"
    with_owner = router.rank(task, limit=1)[0]
    monkeypatch.setattr(routing_confidence, "CALIBRATION", (*routing_confidence.CALIBRATION[:-1], 0.0))
    without = router.rank(task, limit=1)[0]
    assert with_owner.agent == without.agent == "fintech-engineer"
    assert with_owner.confidence > without.confidence
