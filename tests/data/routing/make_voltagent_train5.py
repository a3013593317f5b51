"""Writes voltagent_train5.jsonl beside it: a fifth TRAIN set over VoltAgent's 158 agents (see README.md, "Stop 17").

    .venv/bin/python tests/data/routing/make_voltagent_train5.py

Written in stop 17 (data17) with the label rules of README.md ("Fresh held-out sets") and the shared groups of
voltagent_groups.py, before ralphy's router was run on any of it, in the shape of issue 15's examples: plain
TASKS.md lines that name a technology, a product or a file and ask for a role's work on it (audits, reviews,
tests, docs, migrations, performance, deploys), lines that ask for a technology's own work, and lines that say the
effect wanted or ask a question in a field one agent owns. Other people, products and domains than the sets before
it (a cinema chain, opticians, a surf school, a hostel, an e-scooter fleet, a glass factory, a planetarium, a seed
bank, a lifeboat charity, an orchestra, a chess club, a laundry service, a van rental, a florist...). About 15% have
no fitting agent: chores, several sharing a word with an agent (a Docker meetup's slides, the PostgreSQL
conference's flights, the glass factory's office windows, a GDPR training day). Labelled by reading the agents'
names and descriptions (bodies where the description left the job unclear), every right agent listed.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
from voltagent_groups import AUDIT, DEBUG, DEPLOY, DOCS, INCIDENT, PAYMENTS, SLOW_SQL, WINDOWS  # noqa: E402

T = []


def t(task, expected):
    T.append({"task": task, "expected": expected})


MOBILE = ["mobile-developer", "mobile-app-developer"]

# a role asked for, on a named technology
t("Audit the cinema chain's Django admin for privilege escalation and CSRF", AUDIT)
t("Write pytest tests for the seat-pricing module of the FastAPI booking service",
  ["test-automator", "fastapi-developer", "python-pro"])
t("Plan moving the surf school's bookings from a PHP 5.4 app to Laravel 11",
  ["legacy-modernizer", "laravel-specialist", "php-pro"])
t("Profile the Spring Boot quote endpoint of the van rental site; it takes 3 s",
  ["performance-engineer", "spring-boot-engineer"])
t("Pen-test the laundry service's Next.js customer portal before launch", AUDIT)
t("Set up a pipeline that builds the Rust firmware updater and publishes a release on every tag", DEPLOY)
t("Write the README of our open-source Kotlin library that parses tide tables", ["readme-generator"])
t("Check the riding school's Flutter app against WCAG before the council grant review", ["accessibility-tester"])
t("The recycling plant's React dashboard freezes when 5,000 rows load",
  ["performance-engineer", "react-specialist", "frontend-developer"])
t("Review the proposal to split the hostel booking monolith into eight services", ["architect-reviewer"])
t("Write the user guide for the florist's Electron order-taking app", DOCS)
t("Containerise the Node ticket scanner and deploy it to the Kubernetes cluster from CI",
  DEPLOY + ["docker-expert", "kubernetes-specialist"])
t("Load-test the planetarium's ticket checkout before the eclipse weekend", ["performance-engineer"])
t("Pen-test the lifeboat charity's WordPress donation form", AUDIT)
t("Write integration tests for the glass factory's Laravel invoicing jobs",
  ["test-automator", "laravel-specialist", "php-pro"])
t("Document how the e-scooter platform's Terraform modules fit together, for new hires", DOCS)
t("Review the Swift code that stores riders' payment cards", ["code-reviewer"])
t("Speed up the C++ stitcher that merges the architecture firm's 3D scans", ["performance-engineer", "cpp-pro"])
t("Plan moving the orchestra's subscriber database from Access 2003 to PostgreSQL",
  ["legacy-modernizer", "postgres-pro"])
t("Write the test plan for the opticians' online eye-test booking before go-live", ["qa-expert"])
t("Check the FastAPI prescription service for HIPAA gaps", ["hipaa-compliance", "compliance-auditor"])
t("Deploy the .NET 8 API to Azure App Service through staging slots from the pipeline",
  DEPLOY + ["azure-infra-engineer"])
t("Write unit tests for the seed bank shop's Vue basket composable", ["test-automator", "vue-expert"])
t("Migrate the hostel's reservation screens from AngularJS 1.5 to Angular 17",
  ["legacy-modernizer", "angular-architect", "frontend-developer"])
t("Audit the scooter app's React Native code for ride tokens stored in plain AsyncStorage", AUDIT)
t("Profile the wedding planner's Rails checkout; it times out every December", ["performance-engineer", "rails-expert"])
t("Write the API reference of the chess club's Elixir pairing service", ["api-documenter"])
t("Run lint and tests on every push for the seed bank's Python ETL repository", DEPLOY)
t("Review the Terraform for the glass factory's new VPC before anyone applies it", ["code-reviewer"])
t("Load-test the chess club's live board feed at 20,000 viewers", ["performance-engineer"])
t("Upgrade the florist's site from Next.js 12 to Next.js 15", ["nextjs-developer"])
t("Automate booking a surf lesson in the browser as part of the release tests", ["test-automator"])
t("Check the laundry app's data flows and privacy notice against the CCPA", ["gdpr-ccpa-compliance"])
t("Draw up the disaster recovery plan for the opticians' MySQL database", ["database-administrator"])
t("Write the runbook for restarting the scooter fleet's MQTT bridge", DOCS)
t("Review the van rental's Symfony controllers before Friday's release", ["code-reviewer"])

# a technology's own work
t("Add a Doctrine relation between vans and their service history", ["symfony-specialist", "php-pro"])
t("The riding lesson calendar in Flutter stutters when scrolled on old Android phones",
  ["flutter-expert"] + MOBILE)
t("Send a push notification from the Expo app when a scooter reservation is about to lapse",
  ["expo-react-native-expert"] + MOBILE)
t("Write a Rust crate that reads the furnace's Modbus registers asynchronously", ["rust-engineer"])
t("Add Hotwire live updates to the wedding planner's guest list", ["rails-expert"])
t("Build a GenServer that queues chess pairings and restarts cleanly under its supervisor", ["elixir-expert"])
t("Type the pairing API client with generics so each endpoint's response type is inferred", ["typescript-pro"])
t("Resize the florist's product photos in a Laravel queue job", ["laravel-specialist", "php-pro"])
t("Show the next surf lesson on an Apple Watch complication", ["swift-expert", "mobile-app-developer"])
t("The Go service that prices scooter rides leaks goroutines under load", ["golang-pro"])
t("Rewrite the orchestra's ticket checkout in Vue 3 with the Composition API", ["vue-expert", "frontend-developer"])
t("Stream spectators each chess move as it is played", ["websocket-engineer"])
t("Federate the cinema's film, showtime and loyalty GraphQL services behind one gateway", ["graphql-architect"])
t("Build the Electron kiosk for the opticians' reception, with auto-update", ["electron-pro"])
t("Post the laundry machines' status to the staff channel from a Slack app", ["slack-expert"])
t("Write a command-line tool that exports a month of seed bank accessions to CSV", ["cli-developer"])
t("The van availability query scans the whole bookings table in Postgres", SLOW_SQL + ["postgres-pro"])
t("Let Claude look up hostel bookings through an MCP server", ["mcp-developer"])
t("Write the Solidity contract for the orchestra's season tickets on-chain", ["blockchain-developer"])
t("Build the minimal API in C# that serves the opticians' frames catalogue",
  ["csharp-developer", "dotnet-core-expert"])
t("Keep the glass factory's .NET Framework 4.8 WinForms stock tool running on Windows Server 2022",
  ["dotnet-framework-4.8-expert"])
t("Cut the Django cinema app's Docker image to under 200 MB with a multi-stage build", ["docker-expert"])
t("Share the surf forecast parser between the Android app and the Ktor server", ["kotlin-specialist"])
t("Untangle the 2,000-line PHP file that prices van rentals without changing a single result",
  ["refactoring-specialist", "php-pro"])

# the effect wanted, a situation or a question
t("The cinema's Saturday seat map takes 9 seconds to open and people give up", ["performance-engineer"])
t("Guests in Poland want to pay for the hostel with BLIK", PAYMENTS)
t("Since 14:05 nobody can unlock a scooter in any city and the support lines are flooded", INCIDENT)
t("Some laundry invoices carry yesterday's date and we can't see why", DEBUG)
t("How many customers who booked an eye test online came back within two years, by month of first visit?",
  ["cohort-analysis"])
t("The 'Book two lessons' offer moved sign-ups from 3.2% to 3.6%; do we keep it?", ["ab-test-analysis"])
t("Would surfers pay a monthly fee to have their wetsuits cleaned and repaired?",
  ["market-researcher", "project-idea-validator"])
t("What do other planetariums charge for private dome hire, and how do they sell it?", ["competitive-analyst"])
t("Which seed varieties lost germination rate over five seasons, and is storage the cause?",
  ["data-scientist", "data-analyst"])
t("Every week someone copies the staff rota from email into three spreadsheets; find where the process breaks",
  ["business-analyst"])
t("Riders should invite friends for free minutes in a way that keeps bringing more riders", ["growth-loops"])
t("The furnace sensor data should reach the warehouse every five minutes, not once a night", ["data-engineer"])
t("Forecast next August's lifeboat callouts so the crews can plan their leave", ["data-scientist"])
t("The hostel chatbot offers discounts it can't give; tighten its instructions", ["prompt-engineer"])
t("Sort the wetsuit reviews into complaints about fit, zips and delivery automatically", ["nlp-engineer"])
t("The ride-demand model is right offline but drifts every week in production; retrain it automatically",
  ["mlops-engineer", "ml-engineer"])
t("Let people ask about films in plain words and answer from our own film notes", ["llm-architect", "ai-engineer"])
t("Which of the booking app's 900 npm packages have licences our enterprise customers refuse?",
  ["license-engineer"])
t("Draft the partner contract that lets Portuguese surf schools resell our lessons", ["legal-advisor"])
t("Who in Active Directory still holds rights granted to the old IT contractor?", ["ad-security-reviewer"])
t("Reception PCs must install Windows updates only at night; set that for the whole domain", WINDOWS)
t("Each cinema needs a shared mailbox with its managers as owners", ["m365-admin"])
t("What happens to us if our only furnace supplier goes bust?", ["risk-manager"])
t("Plan the rollout to 14 new optician stores with one IT team over six months", ["project-manager"])
t("Our sprints keep overflowing; run the planning so this one doesn't", ["scrum-master"])
t("Which laundry subscribers are about to cancel, and what would keep them?", ["customer-success-manager"])
t("Prepare the proof of concept that shows the council's IT team our kiosks work offline", ["sales-engineer"])
t("Where is public data on e-scooter injuries by city, and how reliable is it?", ["data-researcher"])
t("How will cargo bikes change last-mile delivery in European cities over the next five years?", ["trend-analyst"])
t("Find every mention of the hostel on travel forums in the last month", ["search-specialist"])
t("Collect the posts on X that mention the planetarium's eclipse show", ["x-api-integration"])
t("The wetsuit repair launch email lands in spam for half the list", ["email-deliverability-engineer"])
t("Make the glass factory's shift screens readable from three metres, in the company's colours", ["ui-designer"])
t("Watch people book a lesson in the surf school app and tell us where they get stuck", ["ux-researcher"])
t("Write a blog series on caring for antique glassware that brings in search traffic", ["content-marketer"])
t("Rank the planetarium's show pages higher for 'stargazing near me'", ["seo-specialist"])
t("Write the headline and the sign-up button text for the wetsuit repair offer", ["landing-page-copywriter"])
t("Remove the phrases that read as machine-written from the hostel's room descriptions",
  ["ai-writing-auditor", "content-quality-editor"])
t("The docs still show the old booking steps after Tuesday's checkout change; bring them in line",
  ["docs-drift-editor"])
t("All our agents write to one notes.md; decide where each keeps its own state", ["context-manager"])
t("Decide how the nightly render jobs are shared among four render machines, big scenes first",
  ["task-distributor"])
t("The planetarium's kids' space game stutters with 200 asteroids on screen", ["game-developer"])
t("A robot arm should learn in simulation to place bottles faster by trial and error",
  ["reinforcement-learning-engineer"])
t("Backtest the orchestra endowment's rebalancing rule over the last 20 years", ["quant-analyst"])
t("Code the lifeboat crews' injury reports in ICD-10 for the insurer", ["healthcare-admin"])
t("Scooter developers should get a staging environment of their own in minutes, without a ticket",
  ["platform-engineer"])
t("Install the VoltAgent agents for Laravel work into this repository", ["agent-installer"])
t("The ticket service's pods are evicted every night at 2 am", ["kubernetes-specialist"])
t("Our three Terragrunt environments have drifted apart; make them share one configuration",
  ["terragrunt-expert"])
t("Design the loyalty API partners call to redeem cinema points", ["api-designer"])
t("Collect fridge temperatures from the seed bank's 300 sensors through one gateway", ["iot-engineer"])
t("Write the STM32 firmware that sleeps the lifeboat beacon between GPS fixes", ["embedded-systems"])
t("Write the postmortem of last night's outage of the orchestra's box office", INCIDENT)
t("Before the eclipse weekend, break the booking system on purpose and see what fails", ["chaos-engineer"])

# chores and work no agent does
t("Order a new heating element for the cinema's popcorn machine", None)
t("Send the Kotlin meetup's recording to the speakers", None)
t("Reorder the surfboards on the rack by size", None)
t("Archive the old Slack channels from the 2023 festival", None)
t("Return the hostel's spare keys to the letting agent", None)
t("Print the planetarium's gift vouchers", None)
t("Pick the colour of the orchestra's new concert programme", None)
t("Book flights for the PostgreSQL conference in Riga", None)
t("Move the wetsuit photos from Downloads into the shared drive", None)
t("Set the scooter app's version to 5.1 in the build settings", None)
t("Correct the spelling of 'rhododendron' on the florist's price list", None)
t("Ask the landlord to fix the hostel's boiler", None)
t("Buy a case for the Raspberry Pi behind the lobby display", None)
t("Translate the surf school's safety leaflet into Portuguese", None)
t("Schedule the GDPR training day for the new staff", None)
t("Get three quotes for replacing the office windows at the glass factory", None)
t("Choose the wine for the orchestra patrons' dinner", None)
t("Buy a birthday cake for the chess club's 50th", None)
t("Replace the batteries in the planetarium's wall clocks", None)
t("Collect the cinema's lost-property box from the Leeds site", None)

if __name__ == "__main__":
    write_tasks("voltagent_train5.jsonl", T, "train", catalog="voltagent")
