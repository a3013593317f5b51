"""Cross-cutting activities against building work (issue 15, ralphy/agents/activities.py): what a task's head asks
for, which agents hold the role, and the router on a team of real agents (VoltAgent's, MIT) where a named
technology used to beat the role. The truths below were written by hand from the task texts."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import VOLTAGENT, load_corpus  # noqa: E402

from ralphy.agents import routing  # noqa: E402
from ralphy.agents.activities import asked_activity, holds_activity  # noqa: E402
from ralphy.agents.routing import Router  # noqa: E402
from ralphy.agents.terms import terms  # noqa: E402


def _roles(text: str) -> frozenset[str]:
    return frozenset(terms(text))


REVIEW, TEST, DOCS, DEPLOY = _roles("reviewer"), _roles("tester"), _roles("documentation"), _roles("deployment")
SECURITY, LEGACY, DEBUG = _roles("security"), _roles("legacy"), _roles("debugger")


@pytest.mark.parametrize(("task", "role"), [
    ("Review the Swift concurrency changes in the sync PR", REVIEW),
    ("Deploy the Next.js storefront to Vercel", DEPLOY),
    ("Document the Kotlin SDK's public classes", DOCS),
    ("Write API docs for the billing service", DOCS),
    ("Containerise the Rails app with a slim image", _roles("docker")),
    ("Write unit tests for the ISBN validator", TEST),
    ("Set up Detox end-to-end tests for the React Native app", TEST),
    ("Pen-test the partner API before launch", SECURITY),
    ("Threat-model the OAuth flow", SECURITY),
    ("Audit the login flow for SQL injection and XSS", _roles("auditor")),
    ("Find out why the nightly export is slow", DEBUG),
    ("Profile the checkout endpoint under load", _roles("performance")),
    ("Plan the migration from the PHP 5.6 app to Symfony 7", LEGACY),
    ("Check the signup form for accessibility", _roles("accessibility")),
    ("Refactor the billing module into smaller services", _roles("refactoring")),
])
def test_a_cross_cutting_activity_asks_for_its_role(task: str, role: frozenset[str]) -> None:
    asked = asked_activity(task)
    assert asked and role <= asked.roles, asked


@pytest.mark.parametrize("task", [
    "Design the DynamoDB single-table layout",
    "Design the GraphQL schema for orders",
    "Move the docs from Jekyll to Astro",
    "Implement the Stripe webhook handler",
    "Add a Redis cache to sessions",
    "Write a Rails migration that adds the archived_at column",
    "Migrate the test suite from Jest to Vitest",
    "Add a user profile page",
    "Model the invoice aggregate",
])
def test_building_work_asks_for_no_activity(task: str) -> None:
    assert not asked_activity(task), asked_activity(task)


def test_a_technology_before_the_activitys_noun_names_its_kind() -> None:
    asked = asked_activity("Fix the flaky Playwright login test")
    assert TEST <= asked.roles and "playwright" in asked.kinds
    # a verb first: the technology is its object, not its kind
    assert not asked_activity("Review the Swift concurrency changes").kinds


def test_who_holds_an_activity() -> None:
    assert holds_activity("test-automator", TEST) and holds_activity("qa-expert", asked_activity("Add QA checks").roles)
    assert holds_activity("code-reviewer", REVIEW)
    assert holds_activity("penetration-tester", asked_activity("Pen-test the API").roles)
    # a tester of another activity is that activity's specialist, not the team's tester
    assert not holds_activity("accessibility-tester", TEST) and not holds_activity("penetration-tester", TEST)
    assert not holds_activity("swift-expert", REVIEW) and not holds_activity("kotlin-specialist", TEST)
    # a collection's prefix is no qualifier: "api-testing-observability" is where the documenter comes from
    assert holds_activity("api-testing-observability-api-documenter", DOCS)


TEAM = ("code-reviewer", "swift-expert", "deployment-engineer", "nextjs-developer", "docker-expert", "rails-expert",
        "graphql-architect", "kotlin-specialist", "technical-writer", "penetration-tester", "php-pro")


@pytest.fixture(scope="module")
def team() -> Router:
    by_name = {agent.name: agent for agent in load_corpus(VOLTAGENT)}
    return Router([by_name[name] for name in TEAM])


CASES = [  # task, the right agent (by hand, from the agents' descriptions)
    ("Review the Swift concurrency changes in the sync PR", "code-reviewer"),
    ("Deploy the Next.js storefront to Vercel with preview builds", "deployment-engineer"),
    ("Containerise the Rails app for production", "docker-expert"),
    ("Design the GraphQL schema for the orders service", "graphql-architect"),
    ("Add Kotlin coroutines to the sync client", "kotlin-specialist"),
]


@pytest.mark.parametrize(("task", "expected"), CASES)
def test_the_role_does_the_activity_whatever_the_technology(team: Router, task: str, expected: str) -> None:
    assert team.rank(task, 1)[0].agent == expected


def test_the_activity_lift_is_what_moves_the_role_first(team: Router, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(routing, "ACTIVITY_LIFT", 0.0)
    monkeypatch.setattr(routing, "ACTIVITY_DEMOTE", 1.0)
    without = [team.rank(task, 1)[0].agent for task, _ in CASES]
    assert sum(got != expected for got, (_, expected) in zip(without, CASES)) >= 2, without


# catalog14: work named by an instance of the activity, not by its role's words (hand-written truths)
@pytest.mark.parametrize(("task", "role", "not_role"), [
    ("Draft the test strategy for the payments app's 2.0 launch", _roles("qa"), TEST - _roles("qa")),
    ("Write test cases for the new refund flow", _roles("qa"), TEST - _roles("qa")),
    ("Stress-test the checkout API at 5k requests per second", _roles("performance"), TEST - _roles("qa")),
    ("Prioritize the roadmap items for next quarter", _roles("product"), frozenset()),
    ("Write the man page for the sync command", DOCS, frozenset()),
    ("Go over the pull request for the payments refactor before lunch", REVIEW, frozenset()),
    ("Choose what to automate and what we test by hand for the beta", _roles("qa"), TEST - _roles("qa")),
])
def test_an_activity_named_by_its_instance(task: str, role: frozenset[str], not_role: frozenset[str]) -> None:
    asked = asked_activity(task)
    assert role <= asked.roles and asked.roles.isdisjoint(not_role), asked
    assert role - set(terms(task)) <= asked.extra, asked  # the role's words are scored: its agents are found


def test_a_front_end_asks_for_no_end_to_end_test() -> None:
    assert not asked_activity("Build a WPF front end for the provisioning script")


@pytest.mark.parametrize(("task", "right"), [
    ("Draft the test strategy for the payments app's 2.0 launch", {"qa-expert"}),
    ("Stress-test the checkout API at 5k requests per second", {"performance-engineer"}),
    ("Prioritize the roadmap items for next quarter", {"product-manager"}),
    ("Write the man page for the backup CLI", {"technical-writer", "documentation-engineer"}),
])
def test_the_role_of_an_activity_named_by_its_instance_ranks_first(voltagent: Router, task: str, right: set[str]
                                                                  ) -> None:
    assert voltagent.rank(task, limit=1)[0].agent in right


def test_a_head_ends_at_against_and_not_at_a_version_s_dot() -> None:
    from ralphy.agents.terms import head_clauses

    assert head_clauses("Check the React dashboard against WCAG 2.2 AA") == [terms("check the react dashboard")]
    assert head_clauses("Upgrade Django 4.2 to 5.0") == [terms("upgrade django 4.2")]
    assert head_clauses("Ship it. Then tell the team") == [terms("ship it")]
    assert terms("Handle 3-D Secure") == terms("Handle 3D Secure")


def test_going_through_logs_is_no_review() -> None:
    assert not REVIEW <= asked_activity("Go through the worker logs and list the slow jobs").roles


# rank17: activities asked for by what the work guards against, by the part of a document written, by what sets a
# pipeline off, and failures of minutes ago; every task written here by hand, none from a labelled set.
CI = _roles("ci actions jenkins devops deployment")


@pytest.mark.parametrize(("task", "role"), [
    ("Our staging server was compromised last night; find how they got in", SECURITY),
    ("Look for a web shell in the uploads folder of the old CMS", SECURITY),
    ("Keep the cached card tokens encrypted on the device", SECURITY),
    ("Make sure customer files are encrypted at rest in the blob store", SECURITY),
    ("Add secret scanning to the monorepo", SECURITY),
    ("Write the troubleshooting section of the admin guide", DOCS),
    ("Draft the installation manual for the ticket kiosk", DOCS),
    ("Publish the npm package whenever a release tag is pushed", CI),
    ("Run the schema migrations on every merge to main", CI),
    ("Sign and notarize the macOS build in CI", CI),
    ("The checkout page started returning 500s 15 minutes ago", _roles("incident responder")),
])
def test_an_activity_asked_for_by_what_it_does(task: str, role: frozenset[str]) -> None:
    asked = asked_activity(task)
    assert asked and role <= asked.roles, asked


@pytest.mark.parametrize("task", [
    "Encrypt the export with the customer's public key",
    "Add a product tour for first-time users",
    "Render page numbers in the PDF report",
    "Show the build number on the about screen",
    "Tag the release as v2.0 in the changelog",
    "Show 'updated 3 minutes ago' under each comment",
])
def test_the_same_words_in_other_work_ask_for_none_of_them(task: str) -> None:
    roles = asked_activity(task).roles
    assert not roles & (SECURITY | DOCS | CI | _roles("incident")), roles


@pytest.mark.parametrize("task", [
    "Roll the new pricing out to 10% of shops and stop if errors rise",
    "Push the config to every edge node and report which ones fail",
])
def test_a_line_that_starts_by_rolling_out_or_pushing_reports_no_symptom(task: str) -> None:
    assert not DEBUG & asked_activity(task).roles


def test_an_agent_named_for_owasp_does_security_work() -> None:
    assert holds_activity("owasp-top10-expert", asked_activity("Check the upload form for path traversal").roles)
    assert holds_activity("github-actions-expert", CI) and holds_activity("gitlab-ci-expert", CI)
    assert not holds_activity("devops-incident-responder", CI)  # an incident role, qualified by "devops"


@pytest.mark.parametrize(("team", "task", "right", "table"), [
    (["ios-developer", "ios-expert", "mobile-security-coder", "swift-expert"],
     "Check that the SwiftUI app keeps its HealthKit samples encrypted on the device", "mobile-security-coder",
     "_SECURITY_PHRASES"),
    (["wordpress-master", "security-auditor", "php-pro", "seo-specialist"],
     "Look through the WordPress plugins folder for a backdoor", "security-auditor", "_SECURITY_PHRASES"),
    (["iot-engineer", "embedded-systems", "technical-writer", "arm-cortex-expert"],
     "Write the field manual chapter on pairing a new sensor with the gateway", "technical-writer", "_DOC_PHRASES"),
    (["rust-pro", "rust-expert", "bash-pro", "github-actions-expert", "cli-developer"],
     "Attach the compiled Rust binaries to the release whenever a version tag is pushed", "github-actions-expert",
     "_CI_TRIGGER"),
])
def test_the_role_asked_by_what_it_does_ranks_first_and_not_without_the_rule(
        team: list[str], task: str, right: str, table: str, monkeypatch: pytest.MonkeyPatch, team_router) -> None:
    import re

    from ralphy.agents import activities

    router = team_router(team)
    activities.asked_activity.cache_clear()
    try:
        assert router.rank(task, limit=1)[0].agent == right
        monkeypatch.setattr(activities, table, re.compile(r"(?!)"))
        activities.asked_activity.cache_clear()
        assert router.rank(task, limit=1)[0].agent != right
    finally:
        activities.asked_activity.cache_clear()


def test_a_hole_looked_for_in_what_exists_is_no_threat_model() -> None:
    threat = _roles("threat")
    assert SECURITY <= asked_activity("Check the upload form for path traversal").roles
    assert not threat & asked_activity("Check the upload form for path traversal").roles
    assert threat <= asked_activity("Threat-model the payment flow before we build it").roles


@pytest.mark.parametrize("task", [
    "cargo audit lists three advisories for the tokio and serde crates; plan the upgrades",
    "Two crates we depend on are unmaintained; find replacements",
])
def test_an_agent_named_for_the_ecosystem_the_task_names_gives_way_to_the_role(task: str, team_router) -> None:
    # "crates" and "cargo" name Rust's ecosystem: when the task asks for a role the team has (dependency management),
    # the agent named for Rust is demoted as an agent named for a word the task says is (rank17)
    router = team_router(("rust-pro", "rust-expert", "dependency-manager", "cli-developer", "code-reviewer"))
    assert router.rank(task, limit=1)[0].agent == "dependency-manager"
    assert router.rank("Add a crate for parsing TOML to the CLI", limit=1)[0].agent == "rust-pro"  # building work


# catalog17: a review of a change before it merges (a PR, a merge request, a diff, commits) is the code reviewer's; a
# review of a design or a technology choice is the architecture reviewer's. Tasks and truths written by hand.
REVIEWERS = ("code-reviewer", "architect-reviewer", "django-developer", "rails-expert", "python-pro",
             "database-administrator", "microservices-architect", "documentation-engineer")


@pytest.fixture(scope="module")
def reviewers() -> Router:
    by_name = {agent.name: agent for agent in load_corpus(VOLTAGENT)}
    return Router([by_name[name] for name in REVIEWERS])


@pytest.mark.parametrize(("task", "expected"), [
    ("Review the Rails PR that adds soft deletes to the big invoices table", "code-reviewer"),
    ("Review the commits that move the sessions into Redis", "code-reviewer"),
    ("Review the PR that brings the repository pattern into the orders module at system level", "code-reviewer"),
    ("Review the design of the event bus between the billing and shipping services", "architect-reviewer"),
])
def test_a_change_under_review_is_code_and_a_design_is_architecture(reviewers: Router, task: str, expected: str) -> None:
    assert reviewers.rank(task, 1)[0].agent == expected


def test_the_change_rule_is_what_sends_a_pr_review_to_the_code_reviewer(reviewers: Router,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from ralphy.agents import activities

    task = "Review the PR that brings the repository pattern into the orders module at system level"
    assert frozenset(terms("code")) <= asked_activity(task).extra
    asked_activity.cache_clear()
    monkeypatch.setattr(activities, "_CODE_CHANGE", activities.re.compile(r"(?!)"))
    try:
        assert not frozenset(terms("code")) <= asked_activity(task).extra
        assert reviewers.rank(task, 1)[0].agent == "architect-reviewer"
    finally:
        asked_activity.cache_clear()


@pytest.mark.parametrize(("task", "role", "asked"), [
    ("Migrate " + "off " * 25_000, LEGACY, False),  # every "off" read the rest of the line again: past a minute
    ("Migrate " + "off " * 25_000 + "the deprecated API", LEGACY, True),
    ("Port the app " + "from-" * 20_000 + "\nv2", LEGACY, False),  # the old version on another line is not the move's
    ("look over " * 10_000, REVIEW, False),  # every "look over" read the rest of the line again: 16 s
    ("look over " * 10_000 + "the diff", REVIEW, True),
])
def test_a_hostile_task_is_read_in_linear_time(task: str, role: frozenset[str], asked: bool) -> None:
    started = time.process_time()
    found = asked_activity(task)
    assert time.process_time() - started < 1.0  # quadratic: seconds to minutes; linear: ~0.05 s
    assert role.issubset(found.roles) is asked
