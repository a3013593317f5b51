"""Writes voltagent_heldout.jsonl beside it: fresh held-out tasks routed over VoltAgent's 158 agents only.

    .venv/bin/python tests/data/routing/make_voltagent_heldout.py

Labelled by reading the VoltAgent agents' names and descriptions (bodies where unclear) before running ralphy
on these tasks, with the rules in README.md ("Fresh held-out sets"). The groups below are agents of one role
in that collection, so a task's right picks are written once per role.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
from voltagent_groups import AUDIT, DEBUG, DEPLOY, DOCS, INCIDENT, SERVING as SERVE_ML, SLOW_SQL as DBQ  # noqa: E402

MOBILE_RN = ["expo-react-native-expert", "mobile-developer", "mobile-app-developer"]

T = []


def t(task, expected):
    T.append({"task": task, "expected": expected})


# security: the role asked, whatever stack is named
t("Audit the Express API for SQL injection and broken authentication", AUDIT)
t("Pen-test the staging GraphQL endpoint before the launch", AUDIT)
t("Review the Rails controllers for mass-assignment and CSRF holes", ["code-reviewer", "security-auditor"])
t("Threat-model the new file upload service", ["security-engineer", "security-auditor"])
t("Add secret scanning and SAST to the GitHub Actions pipeline", ["security-engineer"] + DEPLOY)
t("Harden the PowerShell remoting configuration on the build servers", ["powershell-security-hardening"])
t("Audit Active Directory for kerberoastable service accounts and stale admin rights",
  ["ad-security-reviewer"])
t("Check the npm dependencies for known CVEs and upgrade the vulnerable ones", ["dependency-manager"])
t("Audit the Laravel app's avatar upload for remote code execution", AUDIT)
t("Audit the Kubernetes cluster's RBAC roles and network policies", ["security-auditor", "security-engineer"])
# compliance
t("Map where we store personal data for GDPR and add a right-to-erasure flow",
  ["gdpr-ccpa-compliance", "compliance-auditor"])
t("Prepare the evidence list for the SOC 2 Type II audit", ["compliance-auditor", "security-auditor"])
t("Make sure the clinician notes feature keeps PHI out of the application logs",
  ["hipaa-compliance", "compliance-auditor"])
t("Check the Go module dependencies for GPL licences we cannot ship", ["license-engineer", "legal-advisor"])
# testing
t("Write unit tests for the Go token-bucket rate limiter package", ["test-automator", "golang-pro"])
t("Fix the flaky login e2e test in Cypress", ["test-automator"] + DEBUG)
t("Set up Playwright end-to-end tests for the checkout flow", ["test-automator"])
t("Write a test plan for the 4.0 mobile release", ["qa-expert"])
t("Run a WCAG 2.2 AA audit of the signup pages", ["accessibility-tester"])
t("Click through every documented user flow of the admin panel and file the defects",
  ["ui-ux-tester", "qa-expert"])
t("Raise test coverage of the FastAPI routes to 90% with pytest fixtures",
  ["test-automator", "fastapi-developer", "python-pro"])
t("Run a game day where the Redis cache disappears for ten minutes", ["chaos-engineer"])
t("Write integration tests for the Spring Boot order API with Testcontainers",
  ["test-automator", "spring-boot-engineer"])
# reviews
t("Review the pull request that moves sessions to JWT", ["code-reviewer"])
t("Review the proposed event-sourcing design for the order service before we build it", ["architect-reviewer"])
t("Review the Go payment service PR's error handling", ["code-reviewer"])
# migrations
t("Migrate the Vue 2 options-API components to the Vue 3 Composition API", ["vue-expert"])
t("Plan the move of the WebForms app on .NET Framework 4.8 to .NET 8",
  ["legacy-modernizer", "dotnet-framework-4.8-expert", "dotnet-core-expert"])
t("Replace the old Perl cron scripts with Python jobs", ["legacy-modernizer", "python-pro"])
t("Upgrade the Next.js 13 pages router to the App Router", ["nextjs-developer"])
t("Move the Terraform state from local files to an S3 backend with locking", ["terraform-engineer"])
t("Move the MySQL database to PostgreSQL with minimal downtime", ["database-administrator", "postgres-pro"])
t("Carve the billing module out of the Django monolith into its own service",
  ["microservices-architect", "legacy-modernizer"])
t("Migrate the Angular 12 app to standalone components on Angular 17", ["angular-architect"])
# documentation
t("Document the public REST API as an OpenAPI 3.1 spec with examples",
  ["api-documenter", "api-designer"] + DOCS)
t("Write a getting-started guide for the Python SDK", DOCS)
t("Rewrite the README from what the repository actually contains", ["readme-generator"] + DOCS)
t("Update the docs pages that went stale after the config key rename in the last commit",
  ["docs-drift-editor", "documentation-engineer"])
t("Write the release notes for version 3.0", DOCS)
t("Document the Terraform modules' inputs and outputs for the other teams", DOCS)
# deploy and infrastructure
t("Deploy the Rails app to Kubernetes with a Helm chart", ["kubernetes-specialist"] + DEPLOY)
t("Set up blue-green deploys for the API in GitHub Actions", DEPLOY)
t("Deploy the FastAPI service to Cloud Run from the CI pipeline", DEPLOY)
t("Write a multi-stage Dockerfile for the Go service and shrink the image", ["docker-expert", "devops-engineer"])
t("Provision Azure Front Door and the VNet peering with Bicep", ["azure-infra-engineer", "network-engineer"])
t("Split the Terragrunt config into per-environment units that share inputs",
  ["terragrunt-expert", "terraform-engineer"])
t("Define SLOs and an error budget policy for the search service", ["sre-engineer"])
t("Build a self-service template so a team can start a new service with CI and monitoring wired in",
  ["platform-engineer"])
t("Cut the AWS bill: right-size the EC2 fleet and plan savings plans", ["cloud-architect"])
t("The API returns 502s since the last deploy: find out why and restore service", INCIDENT + DEBUG)
t("Write the postmortem for Tuesday's database outage", INCIDENT + ["sre-engineer"])
t("Configure the GPO that maps the shared drives for the finance OU", ["windows-infra-admin", "powershell-5.1-expert"])
t("Automate Exchange Online mailbox creation for new hires", ["m365-admin"])
t("Write a PowerShell 7 script that rotates the Azure storage account keys every night",
  ["powershell-7-expert", "azure-infra-engineer"])
# performance
t("Profile the React dashboard and stop the table re-rendering on every keystroke",
  ["react-specialist", "performance-engineer"])
t("The orders report query takes 40 s on PostgreSQL: find the slow part and fix it",
  DBQ + ["postgres-pro", "database-administrator", "performance-engineer"])
t("Load-test the booking API at 5k requests per second and report the bottlenecks", ["performance-engineer"])
t("Reduce the Gradle build time of the Android app", ["build-engineer", "dx-optimizer"])
t("Find the memory leak that makes the Node worker crash every night", ["node-specialist"] + DEBUG)
t("Profile the Rust image resizer and remove the allocations in the hot loop",
  ["rust-engineer", "performance-engineer"])
# design
t("Design the REST API for invoices: paths, pagination and the error format", ["api-designer"])
t("Add Apollo federation across the product and review subgraphs", ["graphql-architect"])
t("Design dark-mode colour tokens for the design system", ["ui-designer"])
t("Design the mobile onboarding screens for the Flutter app", ["ui-designer"])
t("Design the event-driven flow for order fulfilment across the warehouse services", ["microservices-architect"])
t("Design the tables for multi-tenant billing in Postgres", ["sql-pro", "postgres-pro"])
# the technology itself
t("Send the weekly digest email from a Celery task in the Django app", ["django-developer"])
t("Add Turbo Frames and a Stimulus controller to the Rails comments page", ["rails-expert"])
t("Write a GenServer that rate-limits outbound webhooks in the Phoenix app", ["elixir-expert"])
t("Generate invoice PDFs in a queued Laravel job", ["laravel-specialist", "php-pro"])
t("Write a Symfony Messenger handler for the CSV import queue", ["symfony-specialist", "php-pro"])
t("Add a SwiftUI home-screen widget that shows today's bookings", ["swift-expert", "mobile-app-developer"])
t("Add offline sync with a local SQLite cache to the Flutter app",
  ["flutter-expert", "mobile-developer", "mobile-app-developer"])
t("Set up push notifications and OTA updates in the Expo app", MOBILE_RN)
t("Poll the sync endpoint with a Kotlin coroutine Flow and back off on errors", ["kotlin-specialist"])
t("Replace the Box<dyn Error> returns in the Rust parser with thiserror types", ["rust-engineer"])
t("Add an EF Core migration and a minimal API endpoint for orders", ["dotnet-core-expert", "csharp-developer"])
t("Show who is online in the chat with a Socket.IO presence channel", ["websocket-engineer"])
t("Add auto-update with code signing to the Electron app for macOS and Windows", ["electron-pro"])
t("Take card payments with Stripe Checkout, webhooks and idempotent retries",
  ["payment-integration", "fintech-engineer"])
t("Write the ERC-721 mint contract and cut its gas cost", ["blockchain-developer"])
t("Set up SPF, DKIM and DMARC for the transactional mail domain", ["email-deliverability-engineer"])
t("Post failed deploys to #ops from a Slack bot", ["slack-expert"])
t("Write an MCP server that exposes the ticket database to Claude", ["mcp-developer"])
t("Add a --json flag and shell completion to the CLI", ["cli-developer", "tooling-engineer"])
t("Write firmware for the STM32 sensor board that samples every 10 ms under FreeRTOS", ["embedded-systems"])
t("Build a RAG pipeline over the support docs with pgvector", ["llm-architect", "ai-engineer"])
t("Tune the support bot's system prompt so it stops inventing refund rules", ["prompt-engineer"])
t("Serve the churn model behind an API with batching and a p99 under 50 ms", SERVE_ML)
t("Retrain the fraud model weekly from CI with versioned models", ["mlops-engineer", "ml-engineer"])
t("Load the nightly Stripe exports into the warehouse with an Airflow DAG", ["data-engineer"])
t("Break last quarter's churn down by signup cohort", ["cohort-analysis", "data-analyst"])
t("Tell us whether the onboarding A/B test can ship", ["ab-test-analysis", "data-scientist", "data-analyst"])
t("Tag drug names in the clinical notes pipeline with NER", ["nlp-engineer"])
t("Improve the category pages' search rankings: titles, structured data, internal links", ["seo-specialist"])
t("Write the hero section and CTA copy for the new pricing page", ["landing-page-copywriter"])
t("Groom the backlog: split the epics into stories with acceptance criteria", ["backlog-grooming", "scrum-master"])
t("Break the search rewrite into subtasks and give each to the right agent", ["agent-organizer", "task-distributor"])
t("Split the 900-line OrderService class into smaller units without changing behaviour",
  ["refactoring-specialist"])
t("Add a pre-commit hook and branch protection for the release branches", ["git-workflow-manager"])
t("Add a custom post type for events in a WordPress plugin", ["wordpress-master"])
t("Build the inventory and save/load system of the Unity game", ["game-developer"])
t("Find out how competitors price their team plans and summarise it", ["competitive-analyst", "market-researcher"])
# no agent fits: chores and work outside every agent's field (some share a word with an agent)
t("Bump the version to 2.4.1 in pyproject.toml", None)
t("Fix the typo 'Privcy' in the site footer", None)
t("Change the support email on the contact page to help@example.com", None)
t("Put 2027 in the copyright line of LICENSE", None)
t("Set the topic of the #releases Slack channel to the release calendar link", None)
t("Sort the entries of .gitignore alphabetically", None)
t("Book a room for Thursday's sprint review", None)
t("Choose the photos for the team page", None)
t("Change the search box placeholder to 'Find a recipe'", None)
t("Delete the commented-out code in utils/dates.py", None)
t("Rename the config flag verbose to debug", None)
t("Add the new office address to the About page", None)
t("Order the stickers for the conference booth", None)
t("Swap the order of the two buttons in the cookie banner", None)
t("Return the list of tags sorted by name in get_tags()", None)
t("Add a currency symbol to the prices in the order confirmation", None)
t("Write the thank-you card for the departing team lead", None)
t("Renumber the headings in CONTRIBUTING.md", None)

if __name__ == "__main__":
    write_tasks("voltagent_heldout.jsonl", T, "heldout", catalog="voltagent")
