"""Writes catalog_heldout.jsonl beside it: a second held-out set for the catalog (see README.md).

    .venv/bin/python tests/data/routing/make_catalog_heldout.py

Labelled by reading the corpus agents' names and descriptions before running ralphy on these tasks; the
groups below are agents of one role (copies across collections included), so a task's right picks are
written once per role.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
SEC = ["security-auditor", "backend-development-security-auditor", "comprehensive-review-security-auditor",
       "full-stack-orchestration-security-auditor", "security-compliance-security-auditor",
       "security-scanning-security-auditor", "security-engineer", "penetration-tester", "owasp-top10-expert",
       "backend-api-security-backend-security-coder", "data-validation-suite-backend-security-coder",
       "frontend-security-coder", "Python Security Expert", "threat-modeling-expert"]
LEGACY = ["legacy-modernizer", "code-refactoring-legacy-modernizer", "framework-migration-legacy-modernizer",
          "dependency-management-legacy-modernizer"]
TEST = ["test-automator", "backend-development-test-automator", "codebase-cleanup-test-automator",
        "full-stack-orchestration-test-automator", "incident-response-test-automator",
        "performance-testing-review-test-automator", "unit-testing-test-automator", "qa-expert", "qa",
        "Python Testing Expert", "backend-development-tdd-orchestrator", "tdd-workflows-tdd-orchestrator"]
DEBUG = ["debugger", "debugging-toolkit-debugger", "error-debugging-debugger", "error-diagnostics-debugger",
         "incident-response-debugger", "unit-testing-debugger", "error-detective", "error-debugging-error-detective",
         "error-diagnostics-error-detective", "distributed-debugging-error-detective",
         "incident-response-error-detective", "team-debugger"]
DBA = ["postgres-expert", "postgres-pro", "postgresql-pglite-pro", "database-administrator", "database-admin",
       "database-optimizer", "database-cloud-optimization-database-optimizer",
       "observability-monitoring-database-optimizer", "database-migrations-database-optimizer"]
DBARCH = ["database-design-database-architect", "database-cloud-optimization-database-architect"]
TF = ["terraform-engineer", "terraform-expert", "cicd-automation-terraform-specialist",
      "cloud-infrastructure-terraform-specialist", "deployment-strategies-terraform-specialist"]
K8S = ["kubernetes-expert", "kubernetes-specialist", "cicd-automation-kubernetes-architect",
       "cloud-infrastructure-kubernetes-architect", "kubernetes-operations-kubernetes-architect"]
DEPLOY = ["deployment-engineer", "cicd-automation-deployment-engineer", "cloud-infrastructure-deployment-engineer",
          "deployment-strategies-deployment-engineer", "full-stack-orchestration-deployment-engineer",
          "devops-engineer"]
APIDOC = ["api-documenter", "api-testing-observability-api-documenter", "documentation-generation-api-documenter",
          "openapi-expert", "reference-builder", "technical-writer"]
DOCS = ["technical-writer", "documentation-engineer", "documentation-expert", "documentation-specialist"]
TUTORIAL = ["code-documentation-tutorial-engineer", "documentation-generation-tutorial-engineer"]
PERF = ["performance-engineer", "application-performance-performance-engineer",
        "backend-development-performance-engineer", "full-stack-orchestration-performance-engineer",
        "observability-monitoring-performance-engineer", "performance-testing-review-performance-engineer",
        "performance-optimizer", "Python Performance Expert"]
OBS = ["application-performance-observability-engineer", "observability-monitoring-observability-engineer",
       "opentelemetry-expert", "performance-monitor"]
INCIDENT = ["incident-responder", "devops-incident-responder", "sre-engineer",
            "cicd-automation-devops-troubleshooter", "incident-response-devops-troubleshooter",
            "distributed-debugging-devops-troubleshooter"]
REACT = ["react-expert", "react-pro", "react-specialist", "react-component-architect"]
FRONT = ["frontend-developer", "application-performance-frontend-developer",
         "frontend-mobile-development-frontend-developer", "frontend-mobile-security-frontend-developer",
         "multi-platform-apps-frontend-developer"]
MOBILE = ["mobile-developer", "mobile-app-developer", "frontend-mobile-development-mobile-developer",
          "multi-platform-apps-mobile-developer"]
REVIEW = ["code-reviewer", "code-reviewer-pro", "code-documentation-code-reviewer", "code-refactoring-code-reviewer",
          "codebase-cleanup-code-reviewer", "comprehensive-review-code-reviewer", "git-pr-workflows-code-reviewer",
          "tdd-workflows-code-reviewer", "incident-response-code-reviewer", "review", "team-reviewer",
          "code-review-preshipment"]
ARCH = ["architect-reviewer", "comprehensive-review-architect-review", "framework-migration-architect-review",
        "microservices-architect", "backend-architect", "api-scaffolding-backend-architect",
        "backend-api-security-backend-architect", "backend-development-backend-architect",
        "data-engineering-backend-architect", "database-cloud-optimization-backend-architect",
        "multi-platform-apps-backend-architect"]
GQL = ["graphql-architect", "api-scaffolding-graphql-architect", "backend-development-graphql-architect",
       "graphql-expert", "api-designer", "api-architect"]
ML = ["machine-learning-engineer", "ml-engineer", "data-scientist", "scikit-learn-expert"]
LLMFT = ["llm-finetuning-training-engineer", "llm-finetuning-architect", "ml-engineer", "machine-learning-engineer",
         "nlp-engineer", "ai-engineer"]

T = []
def t(task, expected):
    T.append({"task": task, "expected": None if expected is None else list(dict.fromkeys(expected))})

t("Audit the Django REST API for broken access control and IDOR bugs", SEC)
t("Penetration test the public endpoints of the staging environment", SEC)
t("Review the password reset flow for account takeover risks", SEC)
t("Scan the Express app for OWASP Top 10 issues before the launch", SEC)
t("Modernise the jQuery 1.x admin pages to a component framework step by step", LEGACY + ["framework-migration-architect-review"])
t("Migrate the Python 2.7 billing scripts to Python 3.12", LEGACY + ["python-pro", "python-expert"])
t("Plan the incremental rewrite of the COBOL batch jobs in Java", LEGACY)
t("Write Playwright end-to-end tests for the checkout flow", ["playwright-expert", "playwright"] + TEST)
t("Increase unit test coverage of the invoice calculation module", TEST)
t("Write Vitest unit tests for the date formatting helpers", ["vitest-expert"] + TEST)
t("Find out why the nightly ETL job silently drops rows from the orders table", DEBUG + ["data-engineer"])
t("Design the star schema for the sales data warehouse", ["data-engineer"] + DBARCH)
t("Tune the Postgres autovacuum settings for the events table", DBA)
t("Write a Terraform module for the VPC and its subnets", TF)
t("Create a Helm chart for the API service and deploy it to the EKS cluster", K8S + DEPLOY)
t("Set up a GitHub Actions workflow that runs lint and tests on every pull request", ["github-actions-expert"] + DEPLOY)
t("Document the public REST endpoints in an OpenAPI 3.1 reference", APIDOC)
t("Write a getting-started tutorial for new contributors", TUTORIAL + DOCS)
t("Rewrite the README so a new user can install and run the project", ["readme-generator"] + DOCS)
t("Profile the Node.js API and cut the p95 latency of the search endpoint", PERF + ["nodejs-expert", "node-specialist"])
t("Add OpenTelemetry tracing across the three backend services", OBS)
t("Create Grafana dashboards and alert rules for the payment service SLOs", ["grafana-expert", "prometheus-expert", "sre-engineer"] + OBS)
t("Write the postmortem for yesterday's outage with follow-up actions", INCIDENT)
t("Build the React settings page with client-side form validation", REACT + FRONT)
t("Make the signup form usable with a screen reader", ["accessibility-expert", "accessibility-tester"])
t("Style the pricing cards with Tailwind and make them responsive", ["tailwind-expert", "tailwind-frontend-expert", "css-expert"])
t("Design the wireframes for the onboarding screens", ["ui-ux-designer", "ui-designer", "ux-designer"])
t("Interview five customers about the export feature and summarise their needs", ["ux-researcher"])
t("Build an iOS home screen widget in SwiftUI that shows today's bookings", ["swiftui-expert", "ios-developer", "ios-expert", "swift-expert"] + MOBILE)
t("Fix the crash on Android 14 when the camera permission is denied", ["android-expert", "kotlin-expert", "kotlin-specialist"] + MOBILE)
t("Implement Stripe subscriptions with proration and a customer portal", ["stripe-expert", "payment-integration"])
t("Add Sign in with Google through OAuth 2.0 with PKCE", ["oauth-oidc-expert", "security-engineer", "backend-api-security-backend-security-coder"])
t("Write a Kafka consumer that sends failed messages to a dead-letter topic", ["kafka-expert"])
t("Move the background email jobs from cron to Celery with retries", ["celery-expert"])
t("Put a Redis cache in front of the product catalogue queries", ["redis-expert"])
t("Fine-tune a small language model on our support tickets", LLMFT)
t("Build a retrieval-augmented answer bot over the internal wiki with a vector store", ["ai-engineer", "llm-architect", "vector-database-engineer", "vector-db-expert", "langchain-expert"])
t("Improve the system prompt of the triage assistant so it stops inventing ticket IDs", ["prompt-engineer", "prompt-crafter"])
t("Train a churn prediction model from the subscription data", ML)
t("Analyse last quarter's A/B test of the new checkout button", ["ab-test-analysis", "data-analyst", "data-scientist"])
t("Write the product requirements document for team workspaces", ["product-manager", "business-analyst"])
t("Groom and prioritise the backlog for the next two sprints", ["backlog-grooming", "product-manager", "scrum-master", "project-manager"])
t("Refactor the 900-line OrderService class into smaller units without changing behaviour", ["refactoring-specialist"] + LEGACY[:2])
t("Review the pull request that changes the HTTP client's retry logic", REVIEW)
t("Document the billing system's architecture as C4 container diagrams", ["c4-container", "c4-context", "c4-component", "code-documentation-docs-architect", "documentation-generation-docs-architect"])
t("Evaluate whether to split the monolith into microservices", ARCH)
t("Speed up the webpack build of the frontend", ["webpack-expert", "build-engineer"])
t("Upgrade all npm dependencies and fix the breaking changes", ["dependency-manager"] + LEGACY)
t("Write a Bash script that rotates and compresses the application logs", ["bash-pro", "posix-shell-pro"])
t("Port the image resizing hot loop from Python to Rust", ["rust-engineer", "rust-expert", "rust-pro"])
t("Fix the memory leak in the C++ plugin loader", ["cpp-expert", "cpp-pro"] + DEBUG)
t("Write a Go gRPC service for inventory lookups", ["go-expert", "golang-pro", "grpc-expert"])
t("Build the Laravel admin panel for managing coupons", ["laravel-backend-expert", "laravel-eloquent-expert", "laravel-expert", "laravel-specialist", "php-expert", "php-pro"])
t("Set up state management in the Flutter app with Riverpod", ["flutter-expert", "dart-expert"] + MOBILE)
t("Draft a GDPR-compliant retention policy for user account data", ["gdpr-ccpa-compliance", "compliance-auditor", "legal-advisor"])
t("Write the launch announcement emails for the new analytics feature", ["content-marketer", "sales-automator"])
t("Research competitors' pricing for project management tools", ["competitive-analyst", "market-researcher", "research-analyst"])
t("Push order status updates to the browser over WebSockets", ["websocket-engineer", "websocket-expert"])
t("Design the GraphQL schema for the catalogue with cursor pagination", GQL)
t("Run a chaos experiment that kills one database replica in staging", ["chaos-engineer"])
t("Harden the Group Policy settings of the Windows servers", ["windows-infra-admin", "powershell-security-hardening"])
t("Write unit tests for the Kotlin shopping cart ViewModel", TEST)
t("Investigate the intermittent 502 errors behind the load balancer", DEBUG + INCIDENT + ["network-engineer", "cloud-infrastructure-network-engineer", "observability-monitoring-network-engineer"])
# no agent fits: small self-contained code changes
t("Implement the Levenshtein distance function for the fuzzy finder", None)
t("Rename the config key max_retries to retry_limit everywhere", None)
t("Update the year in the page footer", None)
t("Convert the temperature readings from Fahrenheit to Celsius", None)
t("Write a function that checks whether a string is a palindrome", None)
t("Bump the version to 2.4.0 in setup.cfg", None)
t("Sort the leaderboard by score, then by name", None)
t("Replace the hard-coded VAT rate with a named constant", None)
t("Compute the business days between two dates", None)
t("Add a __str__ method to the Money class", None)
t("Turn the list of opening hours into a dictionary keyed by weekday", None)
t("Count the words in each paragraph of the essay", None)

if __name__ == "__main__":
    write_tasks("catalog_heldout.jsonl", T, "heldout")
