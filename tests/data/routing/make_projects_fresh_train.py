"""Writes projects_fresh_train.json beside it: 8 small projects for TRAIN use (see README.md).

    .venv/bin/python tests/data/routing/make_projects_fresh_train.py

The same kinds and label rules as projects_fresh.json (README.md, "Fresh held-out sets"), other teams and
tasks, written after it; labelled by reading each project's agents before running ralphy on them. Every
project is `train`: tune and calibrate on it freely.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_projects  # noqa: E402

P = []


def project(name, agents, *tasks):
    P.append({"project": name, "agents": agents,
              "tasks": [{"task": task, "expected": expected} for task, expected in tasks], "split": "train"})


project("django-clinic-portal",
        ["django-expert", "django-developer", "django-orm-expert", "django-api-developer", "django-backend-expert",
         "hipaa-compliance", "celery-expert", "accessibility-tester", "code-reviewer", "hr-pro"],
        ("Add a DRF viewset for appointments with filtering by doctor",
         ["django-api-developer", "django-expert", "django-developer"]),
        ("Cut the queries behind the patient list from 300 to a handful", ["django-orm-expert", "django-expert"]),
        ("Send appointment reminders from a Celery task the evening before", ["celery-expert"]),
        ("Check which fields of the intake form count as PHI and how long we may keep them", ["hipaa-compliance"]),
        ("Make the booking form work with a screen reader", ["accessibility-tester"]),
        ("Add Dr. Moreau's photo to the team page", None),
        ("Update the clinic's phone number in the footer", None))

project("flutter-delivery-app",
        ["flutter-expert", "dart-expert", "mobile-developer", "frontend-mobile-development-mobile-developer",
         "ui-ux-designer", "mobile-security-coder", "unit-testing-test-automator"],
        ("Show the courier's live position on the order screen",
         ["flutter-expert", "mobile-developer", "frontend-mobile-development-mobile-developer"]),
        ("Write unit tests for the Dart delivery fee calculator", ["unit-testing-test-automator", "dart-expert"]),
        ("Make the order history work offline and sync when the phone is back online",
         ["mobile-developer", "frontend-mobile-development-mobile-developer", "flutter-expert"]),
        ("Pin the API's TLS certificate in the app", ["mobile-security-coder"]),
        ("Design the rating screen shown after a delivery", ["ui-ux-designer"]),
        ("Make the JSON parsing isolate idiomatic Dart with sound null safety", ["dart-expert"]),
        ("Change the app name under the icon to 'Dash'", None))

project("dotnet-erp",
        ["csharp-developer", "csharp-pro", "dotnet-core-expert", "dotnet-framework-4.8-expert", "dotnet-architect",
         "mssql-expert", "aspnet-core-expert", "legacy-modernizer", "windows-infra-admin"],
        ("Fix the WCF service of the .NET Framework 4.8 app that times out under load",
         ["dotnet-framework-4.8-expert"]),
        ("Plan moving the invoicing module from the 4.8 app to ASP.NET Core",
         ["legacy-modernizer", "dotnet-framework-4.8-expert", "dotnet-core-expert", "aspnet-core-expert"]),
        ("Rewrite the stock report's stored procedure so SQL Server stops scanning the whole table",
         ["mssql-expert"]),
        ("Replace the DTO classes with records and pattern matching", ["csharp-pro", "csharp-developer"]),
        ("Deploy the ERP client to the finance PCs with Group Policy", ["windows-infra-admin"]),
        ("Translate the menu labels into Polish", None),
        ("Order new barcode scanners for the warehouse", None))

project("observability-sre",
        ["sre-engineer", "prometheus-expert", "grafana-expert", "loki-expert", "opentelemetry-expert",
         "observability-monitoring-observability-engineer", "chaos-engineer", "devops-incident-responder",
         "performance-monitor", "error-coordinator"],
        ("Instrument the checkout service with OpenTelemetry traces",
         ["opentelemetry-expert", "observability-monitoring-observability-engineer"]),
        ("Build a Grafana dashboard for queue depth and consumer lag", ["grafana-expert"]),
        ("Set an error budget for the API and a burn-rate alert on it",
         ["sre-engineer", "observability-monitoring-observability-engineer"]),
        ("Make the LogQL queries over the nginx logs fast enough for the on-call dashboard", ["loki-expert"]),
        ("Take a zone down in staging and check that failover works", ["chaos-engineer"]),
        ("The API is down for EU users right now: restore service", ["devops-incident-responder"]),
        ("Update the on-call phone numbers in PagerDuty", None))

project("svelte-saas-frontend",
        ["svelte-expert", "typescript-expert", "typescript-pro", "tailwind-frontend-expert", "vitest-expert",
         "playwright-expert", "ui-designer", "css-expert", "seo-meta-optimizer"],
        ("Build the billing settings page as Svelte components with stores", ["svelte-expert"]),
        ("Give the API client generic response types instead of any", ["typescript-expert", "typescript-pro"]),
        ("Restyle the pricing cards with Tailwind utilities", ["tailwind-frontend-expert"]),
        ("Test the signup flow end to end in three browsers", ["playwright-expert"]),
        ("Design a new empty state for the projects list", ["ui-designer"]),
        ("Change the trial length on the pricing page from 14 to 30 days", None),
        ("Rename the 'Workspace' menu item to 'Team'", None))

project("data-warehouse",
        ["data-engineer", "sql-pro", "postgres-pro", "data-analyst", "pandas-expert", "kafka-expert",
         "elasticsearch-expert", "database-admin", "database-design-database-architect"],
        ("Model orders, refunds and customers as a star schema",
         ["database-design-database-architect", "sql-pro"]),
        ("Stream the clickstream from Kafka into the warehouse every minute", ["data-engineer", "kafka-expert"]),
        ("Build the weekly revenue dashboard for the finance team", ["data-analyst"]),
        ("Set up point-in-time recovery for the warehouse's Postgres", ["postgres-pro", "database-admin"]),
        ("Speed up the product search's aggregations in Elasticsearch", ["elasticsearch-expert"]),
        ("Rewrite the window-function query behind the retention report so it runs in seconds",
         ["sql-pro", "postgres-pro"]),
        ("Send the finance team the invite for the dashboard demo", None))

project("agent-workflow-repo",
        ["agent-organizer", "multi-agent-coordinator", "context-manager", "workflow-orchestrator", "prompt-engineer",
         "knowledge-synthesizer", "mcp-developer", "agent-installer"],
        ("Decide which of our agents handles each part of the data migration", ["agent-organizer"]),
        ("Write down where the agents keep shared state and how they name the files", ["context-manager"]),
        ("Install the security agents from the awesome-claude-code-subagents list", ["agent-installer"]),
        ("Find the recurring mistakes in last week's session transcripts", ["knowledge-synthesizer"]),
        ("Add a tool to our MCP server that lists open pull requests", ["mcp-developer"]),
        ("Specify the review workflow's states and the rollback when a step fails", ["workflow-orchestrator"]),
        ("Renew the team's GitHub Copilot seats", None))

project("marketing-site",
        ["wordpress-master", "seo-specialist", "seo-content-writer", "content-marketer", "landing-page-copywriter",
         "visual-asset-generator", "php-expert", "accessibility-expert", "ab-test-analysis"],
        ("Fix the WordPress theme that breaks on PHP 8.2 after the update", ["wordpress-master", "php-expert"]),
        ("Write a 1,500-word article for the keyword 'invoice templates'",
         ["seo-content-writer", "content-marketer"]),
        ("Find out why the blog lost half its organic traffic in March", ["seo-specialist"]),
        ("Rewrite the homepage headline and call to action for agencies", ["landing-page-copywriter"]),
        ("Tell us whether the new pricing page variant beat the old one", ["ab-test-analysis"]),
        ("Move the Careers link from the header to the footer", None),
        ("Replace the office photo on the contact page", None))

if __name__ == "__main__":
    write_projects("projects_fresh_train.json", P, "train")
