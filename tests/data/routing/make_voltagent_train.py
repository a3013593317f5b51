"""Writes voltagent_train.jsonl beside it: a TRAIN set over VoltAgent's 158 agents (see README.md).

    .venv/bin/python tests/data/routing/make_voltagent_train.py

Same kinds and the same label rules as voltagent_heldout.jsonl (README.md, "Fresh held-out sets"), written
after it and kept apart from it: for tuning roles against technologies and calibration on the 158-agent
catalog. Labelled by reading the VoltAgent agents before running ralphy on these tasks.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
from voltagent_groups import AUDIT, DEBUG, DEPLOY, DOCS  # noqa: E402

T = []


def t(task, expected):
    T.append({"task": task, "expected": expected})


# a role asked on a named technology
t("Audit the Flask login for session fixation and weak password hashing", AUDIT)
t("Pen-test the mobile app's API through an intercepting proxy before release", AUDIT)
t("Review the Terraform changes for public S3 buckets and open security groups",
  ["code-reviewer", "security-auditor"])
t("Threat-model the OAuth integration with the partner portal", ["security-engineer", "security-auditor"])
t("Audit the Windows file servers against the CIS baseline", ["security-auditor", "powershell-security-hardening"])
t("Write unit tests for the Kotlin date parser", ["test-automator", "kotlin-specialist"])
t("Add property-based tests for the Rust tokenizer", ["test-automator", "rust-engineer"])
t("Write a regression test plan for the Laravel billing upgrade", ["qa-expert"])
t("Set up Detox end-to-end tests for the React Native app", ["test-automator"])
t("Check the Angular admin with a screen reader and fix what fails WCAG", ["accessibility-tester"])
t("Add contract tests between the order and payment microservices", ["test-automator"])
t("Review the Django migration PR for table locks on the big tables", ["code-reviewer"])
t("Review the choice of DynamoDB over Postgres for the events store", ["architect-reviewer"])
t("Review the Swift concurrency changes in the sync PR", ["code-reviewer"])
t("Migrate the jQuery admin pages to React",
  ["legacy-modernizer", "react-specialist", "frontend-developer"])
t("Upgrade the Spring Boot 2.7 service to Spring Boot 3", ["spring-boot-engineer", "java-architect"])
t("Port the Python 2 billing scripts to Python 3", ["legacy-modernizer", "python-pro"])
t("Upgrade the Django 3.2 project to Django 5", ["django-developer"])
t("Move the on-prem VMs to Azure with minimal downtime", ["cloud-architect", "azure-infra-engineer"])
t("Migrate the Jenkins pipelines to GitHub Actions", DEPLOY)
t("Document the Kotlin SDK's public classes with examples", DOCS)
t("Write the API reference for the webhook events", ["api-documenter"] + DOCS)
t("Update the README after the switch from npm to pnpm",
  ["readme-generator", "docs-drift-editor", "documentation-engineer"])
t("Deploy the Next.js site to Vercel with a preview deployment per pull request", DEPLOY)
t("Add canary releases for the Go API on Kubernetes", ["kubernetes-specialist"] + DEPLOY)
t("Containerise the Rails app for production with a slim image", ["docker-expert", "devops-engineer"])
t("Profile the Django admin page that takes 8 s to load", ["performance-engineer", "django-developer"])
t("Speed up the Flutter list that janks while scrolling", ["flutter-expert", "performance-engineer"])
t("Add the missing indexes behind the slow MySQL dashboard queries",
  ["database-optimizer", "sql-pro", "database-administrator"])
t("Design the REST endpoints for the team-invitations feature", ["api-designer"])
t("Design the button and form styles of the component library", ["ui-designer"])
t("Design the state machine for the refund workflow with compensation steps", ["workflow-orchestrator"])
t("The Celery workers stop picking up tasks after a few hours: find out why", DEBUG)
t("Users get a blank page in Safari only since the last release", DEBUG)
# the technology itself
t("Add a Django REST Framework viewset for invoices with filtering", ["django-developer"])
t("Write a Livewire cart component in the Laravel app", ["laravel-specialist", "php-pro"])
t("Process uploads in a Go worker pool with a context timeout", ["golang-pro"])
t("Write a Vue 3 composable for infinite scrolling", ["vue-expert"])
t("Handle the contact form with Next.js server actions", ["nextjs-developer"])
t("Show live order counts on a Phoenix LiveView page", ["elixir-expert"])
t("Add a .NET background service that drains the outbox table", ["csharp-developer", "dotnet-core-expert"])
t("Build a signal-based store for the filters in the Angular app", ["angular-architect"])
t("Support Google Pay in the payment flow with tokenised cards", ["payment-integration", "fintech-engineer"])
t("Keep wallet balances in a double-entry ledger", ["fintech-engineer"])
t("Write a PowerShell module that wraps the ticketing API", ["powershell-module-architect", "powershell-7-expert"])
t("Add a Slack slash command that opens an incident ticket", ["slack-expert"])
t("Write the Solidity staking contract with a timelock", ["blockchain-developer"])
t("Classify the sentiment of support tickets", ["nlp-engineer"])
t("Design the reward function for the warehouse robot simulator", ["reinforcement-learning-engineer"])
t("Write the Terraform for the staging VPC and its subnets", ["terraform-engineer"])
t("Design the Kafka topics and consumer groups for order events between services", ["microservices-architect"])
t("Find why the Spark job spills to disk and get it under an hour", ["data-engineer"])
# no agent fits
t("Raise the Node version in .nvmrc to 20", None)
t("Fix the misspelt 'recieve' in the error messages", None)
t("Change the 404 page's heading to 'Page not found'", None)
t("Add Lisa to the CODEOWNERS file", None)
t("Rename the Compose service web to app", None)
t("Update the holiday calendar in the team wiki", None)
t("Remove the unused PIL import from thumbnails.py", None)
t("Reorder the links in the site footer", None)
t("Replace the placeholder logo path in the config", None)
t("Write the CHANGELOG dates as YYYY-MM-DD", None)

if __name__ == "__main__":
    write_tasks("voltagent_train.jsonl", T, "train", catalog="voltagent")
