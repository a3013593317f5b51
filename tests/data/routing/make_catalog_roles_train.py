"""Writes catalog_roles_train.jsonl beside it: catalog tasks where the role asked for and a technology named
disagree, and tasks where the technology is what is asked for (a train set; see README.md)."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
from make_catalog_heldout import (APIDOC, DBA, DEBUG, DEPLOY, DOCS, K8S, LEGACY, PERF, REACT, REVIEW, SEC,  # noqa: E402
                                  TEST)

DJANGO = ["django-developer", "django-backend-expert", "django-expert", "django-api-developer", "django-orm-expert",
          "api-scaffolding-django-pro", "python-development-django-pro"]
RAILS = ["rails-expert", "rails-backend-expert", "rails-api-developer", "rails-activerecord-expert", "ruby-pro"]
T = []


def t(task, expected):
    T.append({"task": task, "expected": list(dict.fromkeys(expected))})


# the role asked for, a technology named
t("Check the Rails controllers for mass assignment and CSRF holes", SEC)
t("Audit the Kubernetes cluster for privilege escalation paths", SEC + ["kubernetes-specialist"])
t("Look for injection flaws in the GraphQL resolvers", SEC)
t("Threat-model the new Stripe webhook receiver", SEC)
t("Review the Terraform changes in this pull request", REVIEW)
t("Review the Swift code of the new onboarding screens before merge", REVIEW)
t("Write integration tests for the Django order API", TEST)
t("Add regression tests for the Redis rate limiter", TEST)
t("Write a test plan for the React checkout wizard", TEST)
t("Upgrade the Rails 4.2 app to Rails 7 step by step", LEGACY + RAILS)
t("Migrate the AngularJS 1.5 screens to a supported framework", LEGACY + ["framework-migration-architect-review"])
t("Replace the deprecated Java 8 APIs before moving to Java 21", LEGACY + ["java-pro", "java-expert", "java-architect"])
t("Modernise the VB6 inventory tool", LEGACY)
t("Document the Kafka topics and their message schemas for other teams", DOCS + APIDOC)
t("Write a tutorial on deploying the app with Docker Compose", DOCS + ["code-documentation-tutorial-engineer",
                                                                         "documentation-generation-tutorial-engineer"])
t("Find why the Celery workers stop picking up jobs after a few hours", DEBUG + ["celery-expert"])
t("Debug the intermittent deadlock in the MySQL transfer transaction", DEBUG + ["mysql-expert"] + DBA)
t("Profile the Django admin pages that take 8 seconds to load", PERF + DJANGO)
t("Load test the Go payments service before Black Friday", PERF + ["performance-testing-review-test-automator"])
t("Set up the deployment pipeline for the Flask service", DEPLOY + ["github-actions-expert"])
t("Design the REST API of the Spring Boot inventory service", ["api-designer", "api-architect", "rest-expert",
                                                                  "backend-architect"])
t("Plan the rollout of the Postgres 16 upgrade with no downtime", DBA + ["database-administrator"])
t("Respond to the outage of the Redis cluster in production", ["incident-responder", "devops-incident-responder",
                                                                "sre-engineer"])
t("Make the Vue date picker accessible to keyboard users", ["accessibility-expert", "accessibility-tester"])
# the technology is what is asked for
t("Write a Django model and admin for coupons", DJANGO)
t("Add a Redis sorted set for the leaderboard", ["redis-expert"])
t("Build the React hook that debounces the search input", REACT)
t("Write the Terraform for an S3 bucket with versioning", ["terraform-engineer", "terraform-expert",
                                                            "cicd-automation-terraform-specialist",
                                                            "cloud-infrastructure-terraform-specialist",
                                                            "deployment-strategies-terraform-specialist"])
t("Add a Kotlin coroutine flow for the live prices", ["kotlin-expert", "kotlin-specialist", "android-expert"])
t("Write the SQL window function for the running balance", ["sql-pro", "sql-expert"] + DBA)
t("Add a Kubernetes CronJob for the nightly export", K8S)
t("Write a Rails migration that adds a status column to orders", RAILS)
t("Create the Symfony form type for the address entity", ["symfony-specialist", "php-pro", "php-expert"])
t("Write a jQuery plugin for the collapsible FAQ", ["jquery-expert", "javascript-pro", "javascript-expert"])
t("Tune the PHP-FPM pool settings for the shop", ["php-pro", "php-expert"])
t("Write a Python script that archives old S3 objects", ["python-pro", "python-expert"])

write_tasks("catalog_roles_train.jsonl", T, "train")
