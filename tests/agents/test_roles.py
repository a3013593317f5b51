"""The role lexicon (ralphy/agents/roles.py): which name words are roles and which technologies, learned from the
corpus's names; which tasks ask for a role; and the issue's examples, where the role asked for now outranks a
technology the task mentions while a task asking for the technology keeps its agent (issue 15)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import load_corpus  # noqa: E402

from ralphy.agents import routing  # noqa: E402
from ralphy.agents.roles import (ROLES_FILE, Lexicon, asked_roles, build_lexicon, default_lexicon,  # noqa: E402
                                 name_roles)
from ralphy.agents.routing import Router, default_background  # noqa: E402
from ralphy.agents.spec import AgentSpec  # noqa: E402
from ralphy.agents.terms import terms  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def _agent(name: str, description: str) -> AgentSpec:
    return AgentSpec(name=name, description=description, path=Path(f"/agents/{name}.md"))


def test_the_packaged_lexicon_is_what_the_corpus_gives(corpus) -> None:
    """routing_roles.json is data computed from tests/data/agent-corpus (bench_routing.py --write-roles), not
    edited by hand: building it again gives the same file."""
    background = default_background()
    built = build_lexicon([agent.name for agent in corpus],
                          {term: count / background.agents for term, count in background.frequencies.items()})
    assert built.to_dict() == json.loads(ROLES_FILE.read_text(encoding="utf-8"))


def test_the_corpus_names_sort_roles_from_technologies() -> None:
    """Truth written by hand from the names: the suffixes that follow any word are generic, the words before them
    in few agents' texts are technologies, the words of role names are roles."""
    lexicon = default_lexicon()
    assert {"engin", "develop"} <= lexicon.generic
    for role in ("audit", "review", "test", "modern", "legacy", "debug", "secur", "perform", "deploy", "docu"):
        assert role in lexicon.roles and role not in lexicon.technologies, role
    for technology in ("django", "kotlin", "symfony", "rail", "redi", "jquery", "php", "terraform", "kafka",
                       "playwright"):
        assert technology in lexicon.technologies and technology not in lexicon.roles, technology
    assert "unit testing" in lexicon.prefixes and "framework migration" in lexicon.prefixes


def test_a_lexicon_is_learned_from_any_names() -> None:
    """Names written here: eleven words before "-wrangler" make it generic; "tinyfw" (in no other agent's text) is a
    technology, "linting" (in most) a role; "bug-hunter" and "style-hunter" make "hunt" a role."""
    techs = [f"tech{n}" for n in range(10)] + ["tinyfw"]
    names = [f"{tech}-wrangler" for tech in techs] + ["linting-wrangler", "bug-hunter", "style-hunter"]
    lexicon = build_lexicon(names, {"lint": 0.6})
    assert lexicon.generic == {"wrangl"}
    assert "tinyfw" in lexicon.technologies and {"lint", "hunt"} <= lexicon.roles
    assert Lexicon.from_dict(lexicon.to_dict()).to_dict() == lexicon.to_dict()


def test_an_agent_name_holds_its_roles() -> None:
    assert name_roles("security-auditor") == {"secur", "audit"}
    assert name_roles("legacy-modernizer") == {"legacy", "modern"}
    assert name_roles("kotlin-specialist") == frozenset() and name_roles("django-expert") == frozenset()
    assert name_roles("unit-testing-debugger") == {"debug"}  # the collection prefix is no role
    # a user's own agents, in no corpus: known words, and a role noun the corpus does not have
    assert name_roles("perf-auditor") == {"perform", "audit"}
    assert name_roles("acme-widget-inspector") == {"inspector", "inspect"}


def test_a_one_word_name_after_a_one_word_prefix_keeps_it() -> None:
    """catalog17: "ui" is learned as a prefix from ui-ux-designer (before ux-designer, another agent's name), as
    "unit testing" from unit-testing-debugger; a prefix is learned only when it or the rest is two words long, and is
    cut only then too: "ui-designer" is a UI designer, not a designer of a "ui" collection."""
    from ralphy.agents.activities import own_name_terms

    assert "ui" in default_lexicon().prefixes
    assert own_name_terms("ui-designer") == frozenset(terms("ui designer"))
    assert own_name_terms("react-specialist") == frozenset(terms("react specialist"))
    assert own_name_terms("unit-testing-debugger") == frozenset(terms("debugger"))
    assert own_name_terms("dependency-management-legacy-modernizer") == frozenset(terms("legacy modernizer"))


@pytest.mark.parametrize(("task", "roles"), [
    ("Write unit tests for the Kotlin ViewModel", {"test"}),
    ("Modernise the jQuery 1.x admin pages", {"modern"}),
    ("Audit the Django REST API for broken access control", {"audit"}),
    ("Review the Terraform changes in this pull request", {"review"}),
    ("Add a Redis cache to sessions", set()),
    ("Write a Rails migration that adds a status column to orders", set()),
    ("Fix flaky Playwright login test", set()),  # a technology before the role word: the Playwright test
    ("Migrate the test suite from Jest to Vitest", set()),  # the test suite is the object, not the work
    ("Testing", set()),
])
def test_what_a_task_asks_for(task: str, roles: set[str]) -> None:
    assert asked_roles(task) == roles


def test_the_issue_examples_on_the_catalog(corpus) -> None:
    """Before the role lexicon kotlin-specialist, jquery-expert and terraform-expert won these on the technology's
    name; the tasks that ask for the technology keep it."""
    router = Router(corpus)
    best = {task: router.recommend(task).recommended or "" for task in (
        "Write unit tests for the Kotlin ViewModel", "Modernise the jQuery 1.x admin pages",
        "Review the Terraform changes in this pull request", "Add a Redis cache to sessions",
        "Write a Rails migration that adds a status column to orders")}
    kotlin, jquery, terraform, redis, rails = best.values()
    assert "test-automator" in kotlin and "legacy-modernizer" in jquery and "code-reviewer" in terraform, best
    assert redis == "redis-expert" and "rails" in rails, best


def test_the_lift_is_what_moves_the_role_first(corpus, monkeypatch) -> None:
    router = Router(corpus)
    task = "Write unit tests for the Kotlin ViewModel"
    monkeypatch.setattr(routing, "ACTIVITY_LIFT", 0.0)  # the activity table moves it too (test_activities)
    monkeypatch.setattr(routing, "ACTIVITY_DEMOTE", 1.0)
    monkeypatch.setattr(routing, "ROLE_LIFT", 0.0)
    assert "kotlin" in router.rank(task, 1)[0].agent
    monkeypatch.setattr(routing, "ROLE_LIFT", 0.5)
    assert "test-automator" in router.rank(task, 1)[0].agent


def test_a_users_own_role_agent_outranks_the_technology_agent() -> None:
    """A project's own agents, written here: "perf-auditor" is in no corpus, and its role still counts (without the
    lift django-backend wins the audit on "Django" in its name). A lift, not a rule: "Audit the Django ORM queries
    of the shop", where django-backend matches three words to the auditor's one, stays django-backend's."""
    agents = [
        _agent("perf-auditor", "Audits the performance of web apps: profiles slow pages, database queries and "
                               "response times, and reports what to fix first."),
        _agent("django-backend", "Builds Django views, models and the ORM queries behind them for the shop."),
        _agent("copywriter", "Writes product copy and newsletters."),
    ]
    router = Router(agents)
    best = router.recommend("Audit the response times of the Django views")
    assert best.recommended == "perf-auditor", best
    assert router.recommend("Add a Django model for coupons with an admin page").recommended == "django-backend"
