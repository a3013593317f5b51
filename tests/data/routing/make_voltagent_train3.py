"""Writes voltagent_train3.jsonl beside it: a third TRAIN set over VoltAgent's 158 agents (see README.md).

    .venv/bin/python tests/data/routing/make_voltagent_train3.py

Written in stop 14 (label14), with the label rules of README.md ("Fresh held-out sets"), before ralphy's router
was run on any of it, so that tuning on the 158-agent catalog rests on more tasks and on other people, products
and domains than voltagent_train.jsonl and voltagent_train2.jsonl. Tasks are TASKS.md lines written by hand for
this repository (no outside source), phrased as people write them: imperatives, bug reports, questions,
"As a ..." lines and checkbox lines with ticket ids. Many name a technology while asking for a role, many ask
for a technology's own work, some name a domain word no agent's name spells, and about 15% have no fitting
agent (chores, several sharing a word with an agent). Labelled by reading the agents' names and descriptions
(and bodies where the description left the job unclear), every right agent listed.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
from voltagent_groups import AUDIT, DEBUG, DEPLOY, DOCS, INCIDENT, PAYMENTS, SERVING, SLOW_SQL, WINDOWS  # noqa: E402

T = []


def t(task, expected):
    T.append({"task": task, "expected": expected})


# a technology, product or domain word no agent's name spells: the agent of its field
t("Port the Luigi jobs that build the sales cube to Dagster assets", ["data-engineer"])
t("The Snowflake COPY from S3 loads a file twice when the vendor re-delivers it; make the load idempotent",
  ["data-engineer"])
t("- [ ] DATA-88 Add Great Expectations checks on the customers table before it reaches the marts",
  ["data-engineer"])
t("Post balanced double-entry journal lines for every partial refund in the ledger service",
  ["fintech-engineer"])
t("Join the new laptops to the corp.local domain and push BitLocker through a GPO", WINDOWS)
t("Find computer accounts in AD that have not logged on for 90 days and disable them", WINDOWS)
t("As an IT admin I want an E3 licence assigned automatically when someone joins the Finance group",
  ["m365-admin"])
t("Spread the API pods across zones with topology spread constraints", ["kubernetes-specialist"])
t("Build a Kustomize overlay per environment for the billing manifests", ["kubernetes-specialist"])
t("Measure how often the RAG assistant's answers are grounded in the retrieved passages",
  ["llm-architect", "ai-engineer"])
t("Make the meeting-notes summariser keep action items and owners; rework its prompt and test it on 30 transcripts",
  ["prompt-engineer"])
t("Retrain the churn model every week and roll back automatically if AUC drops",
  ["mlops-engineer", "ml-engineer"])
t("Tag incoming helpdesk tickets by language and sentiment", ["nlp-engineer"])
t("Forecast next quarter's demand per store from three years of till data", ["data-scientist"])
t("Why did weekly active users drop in March? Break it down by platform and country", ["data-analyst"])
t("Sign the firmware images and make the greenhouse sensors refuse unsigned ones",
  ["embedded-systems", "iot-engineer"])
t("Set up DMARC aggregate reports and warm up the new dedicated IP for the newsletter",
  ["email-deliverability-engineer"])
t("Handle Postmark bounce webhooks and stop sending to dead addresses", ["email-deliverability-engineer"])
t("Build a risk register for the data-centre move with likelihood, impact and owners", ["risk-manager", "project-manager"])
t("Work out the prior-authorization steps for the cardiology claims before billing", ["healthcare-admin"])
t("Does the cookie banner's opt-in flow meet GDPR before the EU launch?",
  ["gdpr-ccpa-compliance", "compliance-auditor"])
t("Gather the evidence for our PCI DSS self-assessment questionnaire", ["compliance-auditor", "security-auditor"])
t("Stream price ticks to 20,000 traders' order book views over a socket", ["websocket-engineer"])
t("Write Foundry fuzz tests for the vesting contract's release schedule", ["blockchain-developer", "test-automator"])
t("npm audit flags a transitive lodash; bump it and pin the lockfile", ["dependency-manager"])
t("Import the hand-made Cloud SQL instances into Terraform state", ["terraform-engineer"])
t("Automate the certificate-expiry checks the on-call does by hand every Monday", ["sre-engineer"])
t("Give every team a golden-path service template with CI, docs and a catalogue entry", ["platform-engineer"])
t("Our MCP server times out when Claude lists the Grafana dashboards", ["mcp-developer"])
t("Add split-screen co-op and gamepad support to the platformer", ["game-developer"])
t("Plan multi-region disaster recovery for the AWS workloads with a one-hour RTO", ["cloud-architect"])
t("Design an AWS landing zone with separate accounts for prod, staging and security", ["cloud-architect"])
t("Write a VS Code extension that highlights our rules DSL", ["tooling-engineer"])
t("Saving a file takes four minutes to show up in the local dev server; make the inner loop fast",
  ["dx-optimizer", "build-engineer"])
t("Package the shared PowerShell helpers as one module with a manifest that loads on 5.1 and 7",
  ["powershell-module-architect"])
t("Collect public X posts that mention the brand for the weekly social report", ["x-api-integration"])
t("Make an Open Graph image for each blog post", ["visual-asset-generator"])
t("We rank on page three for 'invoice template'; fix the canonical tags and the slow pages",
  ["seo-specialist"])
t("Turn the customer case study into a LinkedIn post, a newsletter piece and a short blog", ["content-marketer"])
t("Can we ship the AGPL PDF library inside our closed-source desktop app?", ["license-engineer", "legal-advisor"])
t("Build the proof of concept and the demo script for the bank's procurement team", ["sales-engineer"])
t("Run the retro on why the last three sprints missed their goal", ["scrum-master"])
t("Map how returns are handled in the warehouse today and find where parcels wait", ["business-analyst"])
t("The backlog has 400 items: merge duplicates, close stale ones, size the top two sprints",
  ["backlog-grooming"])
t("Before we build offline mode, which of our beliefs about field technicians could sink it?", ["assumption-mapping"])
t("Which enterprise accounts look unlikely to renew this year?", ["customer-success-manager"])
t("Find open data sets of EV charger locations in Europe and check how complete they are",
  ["data-researcher"])
t("Where is the no-code tools market heading over the next three years?", ["trend-analyst", "market-researcher"])
t("Install the Kubernetes and Terraform subagents from the awesome collection into this repo",
  ["agent-installer"])
t("Set the folder layout and naming rules the research agents use to hand notes to each other",
  ["context-manager", "multi-agent-coordinator"])
t("Go through the nightly runs' agent error logs and write how to stop one failure cascading into the next",
  ["error-coordinator"])
t("Watch five accountants file an expense in the app and note where they hesitate", ["ux-researcher"])
t("Walk the signup-to-first-invoice journey in the desktop app by hand and log every UX defect", ["ui-ux-tester"])
t("Pick the colour palette and icon set for the settings pages", ["ui-designer"])
# the technology itself, with an agent named for it
t("Convert the admin React app's class components to hooks", ["react-specialist", "frontend-developer"])
t("Stream the product page with Suspense boundaries and partial prerendering in Next.js", ["nextjs-developer"])
t("Write a composable for paginated lists in the Nuxt 3 storefront", ["vue-expert", "frontend-developer"])
t("Write a Swift actor that serialises writes to the photo cache", ["swift-expert"])
t("- [ ] SHOP-412 Add a Doctrine migration and a repository query for archived orders (Symfony)",
  ["symfony-specialist", "php-pro"])
t("Put the PDF exports on their own Horizon queue in the Laravel app", ["laravel-specialist", "php-pro"])
t("Write a Django management command that purges expired sessions", ["django-developer"])
t("Supervise the webhook consumers so one crash does not take the others down (Elixir)", ["elixir-expert"])
t("Give the Go SDK wrapped errors and sentinel values callers can check", ["golang-pro"])
t("Replace the hand-rolled thread pool in the C++ renderer with std::jthread and stop tokens", ["cpp-pro"])
t("Move the ASP.NET Core service from controllers to endpoint filters and route groups",
  ["dotnet-core-expert", "csharp-developer"])
t("Add a Spring Boot actuator health group for the payments datasource", ["spring-boot-engineer"])
t("Validate the FastAPI signup body with a Pydantic v2 model and custom validators", ["fastapi-developer"])
t("Write a PowerShell 5.1 script that exports every DNS zone from the domain controllers", WINDOWS)
t("Add an Expo config plugin that asks for the Bluetooth permission",
  ["expo-react-native-expert", "mobile-developer"])
t("Derive the API client's return types from the route table with conditional types", ["typescript-pro"])
t("The WordPress admin takes 10 s per page since the membership plugin went in",
  ["wordpress-master", "performance-engineer"])
t("Update the Slack message in place when a manager clicks the Approve button", ["slack-expert"])
t("Model the GraphQL types for bookings, guests and rooms, with a subscription for availability",
  ["graphql-architect", "api-designer"])
t("Decide the service boundaries and event contracts for breaking up the hotel booking monolith",
  ["microservices-architect", "legacy-modernizer"])
t("Design the webhook payloads and retry rules partners receive for order events", ["api-designer"])
# a role asked on a named technology
t("Look over Dana's merge request for the Kotlin invoice exporter before it ships", ["code-reviewer"])
t("Try to reach another tenant's data from a normal tenant account on the staging API", AUDIT)
t("Audit the Terraform-managed IAM policies for wildcard permissions", AUDIT)
t("Cover the booking form's date-range validator with Jasmine specs (Angular)", ["test-automator", "angular-architect"])
t("Bug: the Rust ingest service panics with 'index out of bounds' about once a day",
  DEBUG + ["rust-engineer"])
t("Heap dumps show the Spring Boot report endpoint holding 2 GB per request; bring it down",
  ["performance-engineer", "spring-boot-engineer"])
t("Add request and response samples to the billing endpoints' API reference", ["api-documenter"] + DOCS)
t("Explain in the docs how customers move from v1 to v2 of the Kotlin SDK", DOCS)
t("Deploy the Helm charts with Argo CD on every merge to main", DEPLOY + ["kubernetes-specialist"])
t("Checkout is returning 502s since 14:02 - lead the response and get it back", INCIDENT)
t("Plan replacing the Visual Basic 6 dispatch app without stopping dispatch for a day", ["legacy-modernizer"])
t("Move the AngularJS 1.x admin to React, screen by screen",
  ["legacy-modernizer", "react-specialist", "frontend-developer"])
t("Decide what we test by hand and what we automate for the loyalty-points launch", ["qa-expert"])
t("Untangle the Express app: 60 handlers in one file, pull them into controllers and keep behaviour",
  ["refactoring-specialist", "node-specialist", "javascript-pro"])
t("The README still shows the CLI flags we renamed in the last commit",
  ["docs-drift-editor", "readme-generator"] + DOCS)
t("Schedule nightly backups of the MariaDB server and test a restore every month", ["database-administrator"])
t("Harden the container images: non-root user, read-only root filesystem, no shell",
  ["docker-expert", "security-engineer"])
t("Check the Slack bot's code for leaked tokens and unsafe request handling",
  ["slack-expert", "code-reviewer", "security-auditor"])
t("Read last week's latency CSVs and logs and write an observability plan with thresholds",
  ["performance-monitor"])
# no agent fits
t("Replace 'Sign in' with 'Log in' on every button", None)
t("Set appVersion in the Helm chart to 3.8.0", None)
t("Add Priya as a code owner of the docs folder", None)
t("Correct 'recieve' in the onboarding email", None)
t("Invite the two new designers to the Figma team", None)
t("Collect T-shirt sizes for the company hoodies", None)
t("Move favicon.ico from public/ to static/", None)
t("Reword the export button's tooltip to 'Download CSV'", None)
t("Change the Grafana dashboard title from 'Prod' to 'Production'", None)
t("Swap the old logo on the invoice PDF for the new one", None)
t("Book the train tickets for the Lisbon offsite", None)
t("Change the Jira project key from ABC to PAY", None)
t("Water the plants in the meeting room on Fridays", None)
t("Fix the broken table formatting in the March meeting minutes", None)
t("Add a 'Back to top' link at the bottom of the FAQ page", None)
t("Clear the old Docker images off my laptop to free some disk", None)

if __name__ == "__main__":
    write_tasks("voltagent_train3.jsonl", T, "train", catalog="voltagent")
