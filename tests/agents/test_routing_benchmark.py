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


def test_project_set_is_hand_labelled_small_projects_with_gaps_and_held_out_projects(corpus) -> None:
    from bench_routing import load_projects

    projects = load_projects()
    names = {agent.name for agent in corpus}
    tasks = [item for project in projects for item in project["tasks"]]
    assert len(projects) >= 30 and len(tasks) >= 200
    assert all(4 <= len(project["agents"]) <= 15 and set(project["agents"]) <= names for project in projects)
    assert all(set(item["expected"] or []) <= set(project["agents"]) for project in projects
               for item in project["tasks"])
    assert 0.15 <= sum(item["expected"] is None for item in tasks) / len(tasks) <= 0.25
    assert len(load_projects(split="test")) == len(projects) // 3


@pytest.mark.parametrize("split", ["train", "test"])
def test_small_projects_decide_right_and_rarely_recommend_wrongly(corpus, split: str) -> None:
    from bench_routing import evaluate_projects, load_projects

    result = evaluate_projects(load_projects(split=split), corpus)
    assert result["decision"] >= 0.75, result["errors"]  # was 0.669 / 0.691 before calibration
    assert result["false_recommendation"] <= 0.10, result["errors"]


def test_confidence_is_calibrated_on_the_held_out_tasks(corpus) -> None:
    """Among held-out tasks whose best agent gets confidence >= 0.5, most are right; under 0.5, most are not."""
    from bench_routing import calibration_samples

    from ralphy.agents.routing_confidence import confidence

    high = low = high_right = low_right = 0
    for features, right in calibration_samples(corpus, "test"):
        if confidence(features) >= 0.5:
            high, high_right = high + 1, high_right + right
        else:
            low, low_right = low + 1, low_right + right
    assert high_right / high >= 0.8 and low_right / low <= 0.5, (high_right, high, low_right, low)


def test_the_issues_examples_on_a_small_security_project(corpus) -> None:
    by_name = {agent.name: agent for agent in corpus}
    router = Router([by_name[name] for name in ("sql-pro", "security-auditor", "penetration-tester",
                                                 "owasp-top10-expert", "backend-developer", "code-reviewer")])
    # sql-pro won this one on the word "SQL" in its name until a name word's weight stopped depending on its
    # rarity (routing.NAME_IDF, docs/decisions.md)
    audit = [a.agent for a in router.rank("Audit the login flow for SQL injection and XSS", 2)]
    assert audit[0] == "security-auditor", audit
    assert router.recommend("Rewrite the monthly revenue SQL report with window functions").recommended == "sql-pro"
    assert router.recommend("Rename the misc folder to utils").recommended is None


def test_a_verb_every_task_starts_with_does_not_pick_the_agent_named_after_it(corpus) -> None:
    """"Write", "build", "fix"... say how, not what: the writers do not win a test-writing task on "write"
    (before GENERIC_VERBS, selenium-expert came first on it and the ai-writing-auditor on the load test)."""
    by_name = {agent.name: agent for agent in corpus}
    testing = Router([by_name[name] for name in ("selenium-expert", "test-automator", "accessibility-tester",
                                                  "jest-expert", "playwright-expert", "debugger")])
    assert testing.rank("Write unit tests for the ISBN validator", 1)[0].agent == "test-automator"
    writers = Router([by_name[name] for name in ("ai-writing-auditor", "technical-writer", "seo-content-writer",
                                                  "performance-engineer", "docker-expert")])
    best = writers.recommend("Write a load test for the checkout API and find the throughput bottleneck")
    assert best.recommended == "performance-engineer", best
    assert writers.rank("Write the installation guide for the CLI", 1)[0].agent == "technical-writer"


def test_a_task_few_agents_touch_is_a_gap(corpus) -> None:
    """The share of agents matching any word of the task is a calibration feature: a task outside what the team
    does touches few of them, and one matching word no longer makes a recommendation (before: unity-developer
    at 0.58 for the music, perl-expert at 0.56 on the catalog for the footer)."""
    by_name = {agent.name: agent for agent in corpus}
    game = Router([by_name[name] for name in ("unity-developer", "game-developer", "performance-engineer",
                                               "code-reviewer", "technical-writer")])
    music = game.recommend("Compose the background music for level 3")
    assert music.recommended is None, music
    assert game.recommend("Build a Unity character controller with jump physics").recommended == "unity-developer"
    catalog = Router(corpus)
    footer = catalog.recommend("Add the new office address to the footer text")
    assert footer.recommended is None, footer
    assert catalog.recommend("Retry failed Sidekiq jobs with exponential backoff").recommended == "sidekiq-expert"
