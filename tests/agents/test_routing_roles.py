"""What the task asks for against what it mentions (issue 15): the calibration's crowd feature, role names in
-ator, the second held-out catalog set, and the issue's two examples that the router still gets wrong."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import HELDOUT, evaluate, load_corpus, load_labelled  # noqa: E402

from ralphy.agents.routing import Router  # noqa: E402
from ralphy.agents.routing_confidence import NEAR_SHARE  # noqa: E402
from ralphy.agents.spec import AgentSpec  # noqa: E402
from ralphy.agents.terms import stem  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def _agent(name: str, description: str) -> AgentSpec:
    return AgentSpec(name=name, description=description, path=Path(f"/agents/{name}.md"))


def test_a_role_name_in_ator_has_the_stem_of_its_activity() -> None:
    for role, activity in [("automator", "automation"), ("orchestrator", "orchestration"), ("migrator", "migration"),
                           ("validators", "validation"), ("coordinator", "coordination"), ("translator", "translations")]:
        assert stem(role) == stem(activity), (role, activity)
    assert stem("data") == "data" and stem("later") != stem("lation")


def test_a_task_naming_the_activity_reaches_the_agent_named_for_its_role(corpus) -> None:
    by_name = {agent.name: agent for agent in corpus}
    router = Router([by_name[name] for name in ("test-automator", "jest-expert", "code-reviewer", "debugger",
                                                "workflow-orchestrator")])
    best = router.rank("Set up test automation for the payments API", 1)[0]
    assert best.agent == "test-automator" and "'automation' in name" in best.reason, best


def test_the_crowd_feature_counts_the_other_agents_near_the_best() -> None:
    """Three agents matching the task alike: two others are within NEAR_SHARE of the best; one clear match: none."""
    crowd = Router([_agent(f"helper-{n}", "Formats invoices as PDF documents") for n in range(3)]
                   + [_agent("gardener", "Waters the plants")])
    features = crowd.top_features("Format the invoices as PDF")
    assert features is not None and features[1][5] == pytest.approx(math.log1p(2))
    alone = Router([_agent("invoicer", "Formats invoices as PDF documents"), _agent("gardener", "Waters the plants")])
    features = alone.top_features("Format the invoices as PDF")
    assert features is not None and features[1][5] == 0.0


def test_the_second_held_out_catalog_set_is_well_formed(corpus) -> None:
    names = {agent.name for agent in corpus}
    items = load_labelled(HELDOUT)
    assert len(items) >= 60 and {item["split"] for item in items} == {"heldout"}
    nulls = sum(item["expected"] is None for item in items)
    assert 0.1 <= nulls / len(items) <= 0.25
    assert all(set(item["expected"]) <= names for item in items if item["expected"])
    tasks = [item["task"] for item in items]
    assert len(set(tasks)) == len(tasks)
    others = {json.loads(line)["task"] for line in Path(HELDOUT).with_name("labelled_tasks.jsonl").read_text().splitlines()
              if line.strip()}
    assert not others & set(tasks)


def test_the_second_held_out_catalog_set_stays_where_it_was_measured(corpus) -> None:
    """docs/benchmarks.md: 0.800 top-1, recall@10 1.000 when first read; 0.787 and 0.968 after NAME_IDF (not
    clean). A floor against falling further, not the goal (0.90)."""
    result = evaluate(Router(corpus), load_labelled(HELDOUT))
    assert result["top1"] >= 0.78, result["misses"]
    assert result["recall10"] >= 0.95, result["misses"]


def test_an_audit_that_mentions_sql_goes_to_a_security_agent(corpus) -> None:
    """The issue's example: "SQL" in sql-pro's name outweighed "security" and "audit" in the auditor's while a
    name word was weighted by its rarity (routing.NAME_IDF)."""
    by_name = {agent.name: agent for agent in corpus}
    router = Router([by_name[name] for name in ("sql-pro", "security-auditor", "penetration-tester",
                                                 "owasp-top10-expert", "backend-developer", "code-reviewer")])
    best = router.recommend("Audit the login flow for SQL injection and XSS")
    assert best.recommended in ("security-auditor", "penetration-tester", "owasp-top10-expert"), best
    assert router.recommend("Rewrite the monthly revenue SQL report with window functions").recommended == "sql-pro"


def test_a_role_beats_a_technology_named_in_the_task_and_not_when_the_technology_is_asked_for(corpus) -> None:
    """catalog_roles_train.jsonl's kind of task on the whole catalog: before NAME_IDF, graphql-expert,
    stripe-expert and vue-component-architect won the first three on the technology's name."""
    router = Router(corpus)
    best = {task: router.rank(task, 1)[0].agent for task in (
        "Look for injection flaws in the GraphQL resolvers", "Threat-model the new Stripe webhook receiver",
        "Make the Vue date picker accessible to keyboard users", "Write a Django model and admin for coupons",
        "Write a Rails migration that adds a status column to orders")}
    graphql, stripe, vue, django, rails = best.values()
    assert "security" in graphql and stripe == "threat-modeling-expert" and vue == "accessibility-expert", best
    assert "django" in django and "rails" in rails, best


def test_a_migration_from_an_old_version_goes_to_the_legacy_modernizer(corpus) -> None:
    by_name = {agent.name: agent for agent in corpus}
    router = Router([by_name[name] for name in ("php-pro", "symfony-specialist", "legacy-modernizer", "mysql-expert",
                                                 "qa-expert", "documentation-engineer")])
    best = router.recommend("Plan the migration from the PHP 5.6 app to Symfony 7")
    assert best.recommended == "legacy-modernizer", best
