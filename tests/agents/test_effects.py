"""Work asked for by its effect (ralphy.agents.effects, issue 15, rank15).

The tasks here are in no labelled set; their right agents were written down before the router ran on them, over
VoltAgent's 158 real agents."""

from __future__ import annotations

import pytest

from tests.agents.effect_checks import ranked_first_only_with

from ralphy.agents import activities
from ralphy.agents.effects import effects_in


@pytest.mark.parametrize(("task", "effect"), [
    ("Sit with three nurses while they chart a visit and note where they get stuck", "usability"),
    ("Observe shoppers checking out on the new till and count the taps", "usability"),
    ("The booking site is down for all customers - run the war room", "incident"),
    ("Payments are failing since 9:40, lead the incident response", "incident"),
    ("See whether an ordinary user can read another customer's invoices through the export API", "security"),
    ("Try to bypass the paywall from a logged-out browser", "security"),
    ("Split the 2,000-line OrderService class into smaller classes without changing its behaviour", "refactor"),
    ("Write an upgrade guide for the v3 Python client", "document"),
    ("Automate the DNS record checks the on-call does by hand every morning", "toil"),
    ("List the accounts at risk to churn this quarter and plan outreach", "customer success"),
    ("Deaf visitors miss the spoken instructions in the onboarding video", "accessibility"),
    ("Editing the number in the URL opens another patient's record: check what else leaks", "security"),
    ("Two contractors have owner rights on the prod project. How exposed are we?", "security"),
    ("Walk new contributors through building the plugin from scratch", "document"),
    ("Sign-ups have been failing for 25 minutes and customers are tweeting about it", "incident"),
    ("Look at Priya's caching pull request before the release", "review"),
    ("We owe the bank 99.95% availability on the card API: how would we know we meet it?", "toil"),
])
def test_an_effect_names_its_activity(task, effect) -> None:
    assert effect in effects_in(task.lower())


@pytest.mark.parametrize("task", [
    "Watch the config file for changes and reload it",
    "Keep the current behaviour of the retry flag when the variable is unset",
    "Read the tenant id from the request header",
    "Restore the deleted rows from last night's backup",
    "Split the CSV export into files of 10,000 rows",
    "Assign the open tickets to another team",
    "Move the invoices to another account",
])
def test_ordinary_work_names_no_effect(task) -> None:
    assert effects_in(task.lower()) == ()


@pytest.mark.parametrize(("task", "right"), [
    ("See whether an ordinary user can read another customer's invoices through the export API",
     {"penetration-tester", "security-auditor"}),
    ("Untangle the 2,000-line OrderService class into smaller classes without changing its behaviour",
     {"refactoring-specialist"}),
    ("Automate the DNS record checks the on-call does by hand every morning", {"sre-engineer"}),
])
def test_the_role_of_the_effect_is_ranked_first(voltagent, monkeypatch, task, right) -> None:
    ranked_first_only_with(voltagent, monkeypatch, task, right, "effects_in")


@pytest.mark.parametrize(("task", "report"), [
    # "break up", "break down": splitting, not a failure (decide15's rule; rank15 wrote the same); "freezing weather"
    # is the weather (rank15)
    ("Plan the service boundaries for breaking up the booking monolith", False),
    ("Why did signups fall in May? Break it down by country", False),
    ("The build breaks on Windows since the last release", True),
    ("Login breaks when the token expires", True),
    ("Measure how fast the sensor batteries drain in freezing weather", False),
    ("The app freezes when the list has 5,000 rows", True),
])
def test_breaking_up_or_freezing_weather_is_no_symptom(task, report) -> None:
    assert activities.symptom_report(task) is report


# catalog17: watching people use the product is research (usability ux), not the UI's: "ui" as a usability role
# lifted ui-ux-tester, who tests the interface's functions along documented flows, over ux-researcher, who watches
# people. Tasks and truths written by hand.
@pytest.mark.parametrize("task", [
    "Sit with six pharmacists while they reorder stock in the app and note where they get stuck",
    "Run a think-aloud session with five teachers grading homework in the portal",
])
def test_watching_people_is_the_ux_researcher_s(voltagent, task) -> None:
    assert voltagent.rank(task, limit=1)[0].agent == "ux-researcher"
