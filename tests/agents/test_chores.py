"""Chores and symptom reports (issue 15, decide13): a small edit named by its object needs no specialist
(ralphy/agents/chores.py, routing_confidence.CHORE_DEMOTION), a report of a failure whose cause is unknown is a
debugger's (activities.symptom_report), a screen reader asks for an accessibility check and a kind of vulnerability
for security work; literal edits are chores, an outage happening now asks for incident response and a failure caused on purpose
for chaos engineering (decide15). Every task below was written by hand for this file, with its truth, before running ralphy on it; none is from
the labelled routing sets. The team is VoltAgent's real agents (MIT)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import VOLTAGENT, load_corpus  # noqa: E402

from ralphy.agents import activities, routing, routing_confidence  # noqa: E402
from ralphy.agents.activities import asked_activity, symptom_report  # noqa: E402
from ralphy.agents.chores import is_chore  # noqa: E402
from ralphy.agents.routing import Router  # noqa: E402
from ralphy.agents.terms import terms  # noqa: E402

CHORES = [
    "Fix the typo in the Dockerfile's comment",
    "Update the copyright year in the footer",
    "Rename the `usr` variable to `user`",
    "Bump lodash to 4.17.21",
    "Change the signup button's label to 'Join'",
    "Remove the stray console.log calls",
    "Set the default timeout to 30 seconds",
    "- [ ] Replace the old support email address in the FAQ",
    "Translate the onboarding emails into French",
    "Update the README badge links",
]
# Errands: work for a person, outside the repository.
ERRANDS = [
    "Pay the annual App Store developer fee",
    "Buy a second test phone for QA",
    "Renew the company domain name",
    "Order new laptops for the interns",
    "Take some product photos for the shop",
    "Pick a new name for the CLI",
    "Get legal approval for the data sharing",
    "Sign the NDA with the vendor",
    "Book a room for the sprint review",
]
# Code whose verb an errand shares.
CODE = [
    "Pay out merchants weekly through Stripe Connect",
    "Call the payments API from the worker",
    "Print the stack trace on panic",
    "Invite users by email",
    "Sign the release artifacts with cosign",
    "Renew the TLS certificates automatically with cert-manager",
    "Order the results by date",
    "Take a zone down in staging and check that failover works",
    "Pick a queue library for the jobs",
    "Get the user's locale from the Accept-Language header",
    "Book appointments through the calendar API",
]
# Real work that starts with the same verbs: a component, a framework version, a structure changes.
WORK = [
    "Change the session store to Redis",
    "Update the Django app to 5.0",
    "Set up RabbitMQ dead-letter queues for failed jobs",
    "Translate the Figma designs into React components",
    "Remove the N+1 queries from the orders page",
    "Replace the hand-rolled parser with a PEG grammar",
    "Update the deployment pipeline to use OIDC",
    "Fix the race in the upload worker",
    "Set up the CI pipeline",
    "Change how invoices are numbered",
]

# Literal edits (decide15): a quoted text, a setting given a literal value, a file moved, an account or a seat,
# housekeeping on one's own machine, office work for people. Written by hand for this file.
LITERAL_EDITS = [
    "Fix 'adress' in the checkout form",
    "Replace \"Submit\" with \"Send\" on the contact form",
    "- [ ] Add a 'Skip to content' link above the nav",
    "Set MAX_UPLOAD_MB in settings.py to 25",
    "Set the log level of the worker to WARNING",
    "Change the ticket prefix from OPS to SUP",
    "Move robots.txt from static/ to public/",
    "Copy the seed data into fixtures/",
    "Invite the new contractor to the GitHub org",
    "Remove the two interns from the Sentry team",
    "Give Priya a Figma seat",
    "Prune the dangling images on my MacBook",
    "Free up disk space on the build box",
    "Update the deck for Friday's all-hands",
    "Email the workshop recordings to the attendees",
    "Pin the deploy checklist in the releases channel",
]
# The same shapes doing real work: a button or a flow that acts, an upgrade, a schema change, a move of a system, a
# feature for users, something automatic or on a schedule.
LITERAL_WORK = [
    "Add a 'Sign in with GitHub' button to the login page",
    "Set up Renovate for the monorepo",
    "Set the Node.js service to use ES modules",
    "Change the primary key from INT to UUID",
    "Change the hosting from AWS to GCP",
    "Move the Next.js app to the app router",
    "Move the billing service to Kubernetes",
    "Invite users to a workspace by email",
    "Assign a licence automatically when someone joins the Finance group",
    "Send the order confirmation email to customers",
    "Send the weekly usage report to the team",
    "Build the presentation layer of the kiosk app",
    "Update the chat message in place when the job finishes",
]


SYMPTOMS = [
    "Users see a 502 page after the nightly deploy",
    "The iOS app crashes on launch on iPhone 12",
    "Checkout hangs when the cart has 50 items",
    "Fix the login form that no longer submits in Firefox",
    "The nightly backup job failed three nights in a row",
    "Search returns an empty list for accented names",
    "Our Kafka consumers randomly stop consuming",
    # a bug title in the noun's form: the symptom word first, then when / on / after (decide14)
    "Crash when opening the settings page",
    "Freeze on scroll in the feed since the last release",
    "Hang after login on Android",
    "The wallet freezes when the AML screening flags it",
]
# A failure named as behaviour to build or a condition to handle, or with another activity's check.
NOT_SYMPTOMS = [
    "Retry the upload when it fails",
    "Make the build fail on lint warnings",
    "Alert the on-call when the queue stops draining",
    "Check the signup form with a screen reader and fix what fails",
    "Show a banner only on the home page",
    "Add a circuit breaker so the API fails fast",
    "Stop the scheduler from running on weekends",
    "Return a 404 for unknown slugs",
    "Write tests that fail if the schema drifts",
    # a symptom verb first with an object is the imperative, and a when clause after it its condition (decide14)
    "Freeze a customer's wallet when the AML screening flags them",
    "Fail the build if coverage drops under 80%",
    "Time out requests to the pricing service after 3 seconds",
    "Throw a 404 for unknown slugs",
    # a goal, like "so that"
    "Tune the mail records so invoices stop landing in spam",
]
DEBUG = frozenset(terms("debugger"))


@pytest.mark.parametrize("task", SYMPTOMS)
def test_a_symptom_report_asks_for_debugging(task: str) -> None:
    assert symptom_report(task)
    asked = asked_activity(task)
    assert DEBUG <= asked.roles and DEBUG <= asked.extra, asked


@pytest.mark.parametrize("task", NOT_SYMPTOMS)
def test_a_failure_to_build_or_handle_is_no_symptom_report(task: str) -> None:
    assert not symptom_report(task)
    assert DEBUG.isdisjoint(asked_activity(task).extra)  # (a screen reader adds accessibility's words: catalog14)


def test_a_screen_reader_asks_for_accessibility() -> None:
    assert frozenset(terms("accessibility")) <= asked_activity("Check the checkout page with a screen reader").roles
    assert not asked_activity("Read the screen size from the window object")


@pytest.mark.parametrize("task", ["Look for SSRF in the webhook fetcher", "Check the report search for SQL injection",
                                  "Review the upload handler for path traversal", "Test the admin for IDOR and CSRF"])
def test_a_kind_of_vulnerability_asks_for_security_work(task: str) -> None:
    assert frozenset(terms("security")) <= asked_activity(task).roles


@pytest.fixture(scope="module")
def by_name() -> dict:
    """VoltAgent's agents by name, loaded once for the teams below."""
    return {agent.name: agent for agent in load_corpus(VOLTAGENT)}


def test_a_vulnerability_word_sends_the_check_to_the_security_auditor(by_name: dict) -> None:
    router = Router([by_name[name] for name in ("security-auditor", "sql-pro", "python-pro", "django-developer",
                                                "react-specialist", "postgres-pro", "devops-engineer")])
    assert router.recommend("Check the report search for SQL injection").recommended == "security-auditor"
    assert router.recommend("Look for XSS in the comment rendering of the Django templates").recommended == (
        "security-auditor")
    assert router.recommend("Tune the slow SQL report query").recommended == "sql-pro"  # no vulnerability named


TEAM = ("debugger", "nextjs-developer", "python-pro", "docker-expert", "content-marketer", "postgres-pro",
        "ui-designer", "accessibility-tester", "react-specialist")


@pytest.fixture(scope="module")
def team(by_name: dict) -> Router:
    return Router([by_name[name] for name in TEAM])


@pytest.mark.parametrize("task", ["Users see a 502 page after the nightly deploy",
                                  "Checkout hangs when the cart has 50 items",
                                  "Search returns an empty list for accented names"])
def test_a_symptom_report_goes_to_the_debugger(team: Router, task: str) -> None:
    assert team.recommend(task).recommended == "debugger"


def test_the_symptom_rule_is_what_brings_the_debugger(team: Router, monkeypatch: pytest.MonkeyPatch) -> None:
    asked_activity.cache_clear()
    monkeypatch.setattr(activities, "symptom_report", lambda task: False)
    try:
        assert team.recommend("Checkout hangs when the cart has 50 items").recommended != "debugger"
    finally:
        asked_activity.cache_clear()


# catalog17: a report that names the stack where it fails is a bug in that stack: its agent is lifted with the
# debuggers (the labelled sets give the stack's agent for such reports, the debuggers when the cause is to be found).
# Tasks and truths written by hand for this file.
STACK_TEAM = ("debugger", "error-detective", "fastapi-developer", "python-pro", "expo-react-native-expert",
              "postgres-pro", "content-marketer", "docker-expert", "ui-designer")


@pytest.fixture(scope="module")
def stack_team(by_name: dict) -> Router:
    return Router([by_name[name] for name in STACK_TEAM])


@pytest.mark.parametrize(("task", "right"), [
    ("The FastAPI app returns 500 whenever an upload is over 10 MB", {"fastapi-developer", "python-pro"}),
    ("Push notifications in the Expo app stop after the phone restarts", {"expo-react-native-expert"}),
])
def test_a_symptom_in_a_named_stack_goes_to_the_stack_s_agent(stack_team: Router, task: str, right: set[str]) -> None:
    assert stack_team.rank(task, 1)[0].agent in right


def test_the_named_stack_rule_is_what_brings_its_agent(stack_team: Router, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(routing, "_stack_terms", lambda task_terms: frozenset())
    task = "The FastAPI app returns 500 whenever an upload is over 10 MB"
    assert stack_team.rank(task, 1)[0].agent in {"debugger", "error-detective"}  # what the symptom rule alone chose


@pytest.mark.parametrize("task", ["Users see a blank page after the nightly deploy",  # no agent's stack named
                                  "The FastAPI app returns 500 on big uploads: find out why"])  # the cause asked for
def test_a_symptom_without_its_stack_or_with_its_cause_asked_goes_to_the_debuggers(stack_team: Router, task: str) -> None:
    assert stack_team.rank(task, 1)[0].agent in {"debugger", "error-detective"}


@pytest.mark.parametrize(("chore", "work", "agent"), [
    ("Fix the typo in the Dockerfile's comment", "Shrink the Docker image of the API", "docker-expert"),
    ("Update the Next.js app's page title to 'Shop'", "Update the Next.js app to version 15", "nextjs-developer"),
    # literal edits (decide15): each was recommended at 0.91-0.95 without the chore rule
    ("Prune the dangling Docker images on my MacBook", "Shrink the Docker image of the API", "docker-expert"),
    ("Set the Postgres max_connections in postgresql.conf to 200", "Tune the Postgres connection pool for the API",
     "postgres-pro"),
    ("Invite the two new designers to the UI design team", "Design the settings screens", "ui-designer"),
    ("Move docker-compose.yml from deploy/ to the repository root", "Shrink the Docker image of the API",
     "docker-expert"),
    ("Correct 'databse' in the Postgres backup script", "Tune the Postgres connection pool for the API",
     "postgres-pro"),
    # goods ordered, a video filmed (calib17): each was recommended at 0.83-0.88 without the chore rule
    ("Order Docker hoodies for the team", "Shrink the Docker image of the API", "docker-expert"),
    ("Film a short video of the Next.js shop for the launch", "Update the Next.js app to version 15",
     "nextjs-developer"),
    ("Order a new drawing tablet for the UI designer", "Design the settings screens", "ui-designer"),
    # an events calendar's entry, a text changed to a quoted text (calib18)
    ("Add the Docker meetup at the library to the events calendar", "Shrink the Docker image of the API",
     "docker-expert"),
    ("Change the Next.js app's welcome banner to 'Hello again'", "Update the Next.js app to version 15",
     "nextjs-developer"),
])
def test_a_chore_gets_no_agent_and_real_work_on_the_same_thing_does(team: Router, chore: str, work: str,
                                                                     agent: str) -> None:
    assert team.rank(chore, 1)[0].agent == agent  # the ranking still knows whose field it touches
    assert team.recommend(chore).recommended is None
    assert team.recommend(work).recommended == agent


def test_the_chore_demotion_is_what_says_no_agent(team: Router, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(routing_confidence, "CHORE_DEMOTION", 0.0)
    assert team.recommend("Fix the typo in the Dockerfile's comment").recommended == "docker-expert"


# A failure happening now is an incident to respond to; a failure caused on purpose is chaos engineering; breaking
# work down or a monolith up is no failure (decide15). Written by hand for this file.
LIVE = [
    "The login service is down for every user right now",
    "Search has been returning 500s since 09:40; get it back up",
    "Checkout is degraded in eu-west: restore service",
]
NOT_LIVE = [
    "Show a maintenance banner when the API is down",
    "Add a degraded mode to the search page",
    "Find why the API went down last night",  # finding the cause of a past outage: debugging
]
ON_PURPOSE = [
    "Take a node down in the staging cluster and watch the pods reschedule",
    "Inject 2 s of latency into calls to the ledger service",
    "Kill a random broker in staging during the load test",
    "Run a game day for the checkout service",
]
NOT_ON_PURPOSE = [
    "Take the old server down after the migration",
    "Kill the stuck import process",
    "Inject the logger into the service",
]
INCIDENT = frozenset(terms("incident"))
CHAOS = frozenset(terms("chaos"))


@pytest.mark.parametrize("task", LIVE)
def test_a_failure_happening_now_asks_for_incident_response(task: str) -> None:
    assert activities.live_incident(task)
    assert INCIDENT <= asked_activity(task).roles


@pytest.mark.parametrize("task", NOT_LIVE)
def test_a_condition_a_feature_or_a_past_outage_is_no_live_incident(task: str) -> None:
    assert not INCIDENT <= asked_activity(task).roles


@pytest.mark.parametrize("task", ON_PURPOSE)
def test_a_failure_caused_on_purpose_asks_for_chaos_engineering(task: str) -> None:
    assert CHAOS <= asked_activity(task).roles


@pytest.mark.parametrize("task", NOT_ON_PURPOSE)
def test_a_shutdown_or_a_kill_that_is_no_experiment_asks_for_no_chaos(task: str) -> None:
    assert not CHAOS <= asked_activity(task).roles


@pytest.mark.parametrize("task", ["Why did signups fall in May? Break them down by country",
                                  "Agree on the seams for breaking up the order monolith"])
def test_breaking_work_down_or_a_monolith_up_is_no_symptom(task: str) -> None:
    assert not symptom_report(task)


OPS_TEAM = ("debugger", "incident-responder", "chaos-engineer", "kubernetes-specialist", "data-analyst",
            "backend-developer", "microservices-architect", "postgres-pro")


@pytest.fixture(scope="module")
def ops_team(by_name: dict) -> Router:
    return Router([by_name[name] for name in OPS_TEAM])


@pytest.mark.parametrize(("task", "agent"), [
    ("The login service is down for every user right now", "incident-responder"),
    ("Search has been returning 500s since 09:40; get it back up", "incident-responder"),
    ("The nightly export crashes on large accounts", "debugger"),
    ("Take a node down in the staging cluster and watch the pods reschedule", "chaos-engineer"),
    ("Inject 2 s of latency into calls to the ledger service", "chaos-engineer"),
    ("Kill a random broker in staging during the load test", "chaos-engineer"),
    ("Scale the Kubernetes deployment to five replicas", "kubernetes-specialist"),
])
def test_an_outage_goes_to_the_responder_and_an_experiment_to_the_chaos_engineer(ops_team: Router, task: str,
                                                                                    agent: str) -> None:
    assert ops_team.recommend(task).recommended == agent


# Access for a person is a chore; a symptom word after "without" is a requirement; "happening now" is live
# (decide15, after reading projects_train3's misses; these tasks were written by hand for this file).
ACCESS = ["Give Sam write access to the staging bucket", "Revoke the intern's VPN access"]
NOT_ACCESS = ["Give the Lambda role access to the uploads bucket", "Give users access to their own invoices",
              "One script that reports free disk space on every build agent"]


def test_a_symptom_word_after_without_is_a_requirement() -> None:
    assert not symptom_report("Rebase the feature branches without breaking the release tags")


def test_happening_now_is_a_live_incident() -> None:
    assert INCIDENT <= asked_activity("Payments fail for every card in Spain; it's happening now").roles


# Office life (words16): the things of a team's life outside the code, whatever technology they name, need no agent;
# the same words in work to build do. Written by hand for this file, with the truth, before the rule.
OFFICE_LIFE = [
    "Order 200 Kubernetes t-shirts for the booth",
    "Add Rust crab stickers to the swag box",
    "Send the Postgres meetup slides and recording link to the wiki",
    "Book the Terraform certification voucher dates for the two new SREs",
    "Put the AWS exam date in the team calendar",
    "Reschedule Thursday's planning meeting to 2 pm",
    "- [ ] Postpone the retro to Monday",
    "Add the travel directions to the visitor email",
]
NOT_OFFICE_LIFE = [
    "Add stickers support to the chat",
    "Add a calendar view to the bookings page",
    "Show the team calendar on the dashboard",
    "Sync the bookings to the Google calendar",
    "Move the retry logic to the worker",
    "Build the meetup RSVP page",
    "Email the parking instructions to every visitor automatically",
    "Move the standup bot to the new Slack workspace",
]


@pytest.mark.parametrize(("chore", "work", "agent"), [
    ("Add Docker whale stickers to the conference swag", "Shrink the Docker image of the API", "docker-expert"),
    ("Put the Postgres meetup notes in the wiki", "Tune the Postgres connection pool for the API", "postgres-pro"),
])
def test_an_office_errand_naming_a_technology_gets_no_agent(team: Router, chore: str, work: str, agent: str) -> None:
    assert team.recommend(chore).recommended is None
    assert team.recommend(work).recommended == agent


HOSTILE = [
    "Fix" + " " * 100_000 + "the heading",  # the edit's object ends at blanks: each of them was read to the run's end
    "Add " + "stickers " * 11_000,  # a giveaway's event was looked for after each of them
    "Put it in" + " " * 100_000 + "the calendar",  # the run of blanks after "in" was read two ways (12 s)
    "Order" + " " * 100_000 + "a laptop",  # goods ordered: the blanks after the verb, once
]


def test_a_giveaway_is_a_chore_when_an_event_follows_it() -> None:
    assert is_chore("Order mugs and t-shirts for the booth")
    assert is_chore("Add " + "stickers " * 1000 + "to the meetup order")
    assert not is_chore("Add the event stickers to the chat")  # the event before the stickers, a feature


# More errands (calib17): goods ordered, a video filmed or shot, paperwork filled in; and the bug titles and features
# that start with the same words. Written by hand for this file, with the truth, before the rule.
MORE_ERRANDS = [
    "Order a new drawing tablet for the UI designer",
    "Order spare Docker build servers from the vendor",
    "- [ ] Order an extra monitor for the support desk",
    "Order the lanyards from the print shop",
    "Order Docker hoodies for the team",
    "Film a short video of the Next.js shop for the launch",
    "Shoot the product video for the Postgres admin tool",
    "Fill in the VAT return for the Python consultancy",
    "Fill out the customs paperwork for the prototype boards",
]
NOT_MORE_ERRANDS = [
    "Order the search results by relevance",
    "Order a list of invoices by due date",
    "Order 1234 was charged twice",
    "Order history shows the wrong currency for admins",
    "Order confirmation emails go out twice",
    "Order totals are wrong after a coupon is applied",
    "Order export for the accountants",
    "Order the middleware so auth runs before logging",
    "Order an extra sensor reading automatically when the value jumps",
    "Film list page crashes on Android",
    "Shoot an event to the analytics endpoint on checkout",
    "Fill in the signup form from the saved address",
    "Fill in the tax forms from last year's return automatically",
]


# calib18: the value named by a hyphenated object ("on-call", "in-app"), an entry in an events calendar, an invite or a
# document sent to a group of people named first, a text changed to a text in quotes. Written by hand for this file,
# with the truth, before the rules; none is from a labelled set.
CALIB18_CHORES = [
    "Update the on-call engineer's phone number in the wiki",
    "Change the in-app banner's text",
    "Add the Rust meetup at the library to the events calendar",
    "- [ ] Put the PyCon talk in the community calendar",
    "Send the design team the invite for Friday's review",
    "Email the stakeholders the draft of the release notes",
    "Change the welcome email's subject to 'Welcome aboard'",
    'Update the shop\'s tagline to "Bikes for everyone"',
]
CALIB18_WORK = [
    "Update the in-app purchase flow for iOS 18",
    "Change the on-call schedule to rotate weekly",
    "Add an events calendar to the club's website",
    "Sync the meetups to the events calendar",
    "Send the team a Slack alert when the nightly build fails",
    "Send the on-call team an alert on failed payments",
    "Send customers the receipt as a PDF",
    "Change the greeting to use the customer's first name",
    "Update the Django app to 5.0",
    "Change the checkout button to 'Pay now' when the cart holds a subscription",
]


HOSTILE += [
    "Change the a to '" + "x" * 50 + "' " + "to 'y' " * 20_000,  # the text changed: one object read once
    "Send the" + " " * 100_000 + "team the invite",
    # a run of blanks after the verb was read again from each of its blanks (r18a: 100 kB past a minute each)
    "move " + " " * 100_000 + "move ",
    "Move the" + " " * 100_000 + "the x",
    "cancel " + " " * 100_000 + "cancel ",
]


# calib18, read from the catalog train sets' no-fit tasks: a colour for another, a person named as a code owner or a
# reviewer, a paragraph or a sentence moved, a seat cancelled, a folder moved under a path. Written by hand for this
# file, with the truth, before the rules.
CALIB18_MORE_CHORES = [
    "Make the sign-up button blue instead of grey",
    "Add Tomasz as a code owner of the billing module",
    "Remove Aisha Khan from CODEOWNERS",
    "Swap the first two sentences of the pricing page's intro",
    "Cancel the two unused Jira licences",
    "Move the diagrams folder under docs/assets",
]
CALIB18_MORE_WORK = [
    "Make the CI green again",
    "Add Redis as a cache for the sessions",
    "Add Stripe as a payment provider",
    "Move the auth code under the new module",
    "Move networking to async/await with structured concurrency",
    "Cancel the subscription when a payment fails three times",
    "Make the chart's lines red when the value drops instead of blue automatically",
]


# Someone's OK or go-ahead is an errand; an OK button is not.
SOMEONE_S_OK = ["Get the legal team's OK to index customer emails", "Get the go-ahead from security to open port 8443",
                "Get the DPO's okay before we ship the export"]
NOT_SOMEONE_S_OK = ["Get the OK button to work on Safari", "Get approval status from the API"]

# is_chore's one table: each rule, the tasks it makes chores, and the tasks of the same shapes (real work) it leaves.
IS_CHORE = [
    ("a small edit named by its object", CHORES, WORK),
    ("an errand outside the repository", ERRANDS, CODE),
    ("a literal edit", LITERAL_EDITS, LITERAL_WORK),
    ("access for a person", ACCESS, NOT_ACCESS),
    ("office life", OFFICE_LIFE, NOT_OFFICE_LIFE),
    ("goods ordered, a video filmed, paperwork", MORE_ERRANDS, NOT_MORE_ERRANDS),
    ("a compound object, a calendar entry, an invite, a quoted text", CALIB18_CHORES, CALIB18_WORK),
    ("a colour, an owner, a sentence, a seat, a folder", CALIB18_MORE_CHORES, CALIB18_MORE_WORK),
    ("someone's OK or go-ahead", SOMEONE_S_OK, NOT_SOMEONE_S_OK),
]


@pytest.mark.parametrize(("task", "chore"), [
    pytest.param(task, chore, id=f"{rule}: {'chore' if chore else 'work'}: {task}")
    for rule, chores, work in IS_CHORE for chore, tasks in ((True, chores), (False, work)) for task in tasks])
def test_is_chore(task: str, chore: bool) -> None:
    assert is_chore(task) is chore


@pytest.mark.parametrize("task", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_task_is_read_in_linear_time(task: str) -> None:
    started = time.process_time()
    is_chore(task)
    assert time.process_time() - started < 1.0  # quadratic: minutes; linear: ~0.01 s
