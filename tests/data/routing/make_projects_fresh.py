"""Writes projects_fresh.json beside it: 15 fresh small projects, all held out (see README.md).

    .venv/bin/python tests/data/routing/make_projects_fresh.py

Each project's agents were read (description, body where it was unclear) and every task labelled with every
agent of that project a lead would hand it to, or None, before ralphy's router was run on any of it, with the
rules in README.md ("Fresh held-out sets").
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_projects  # noqa: E402

P = []


def project(name, agents, *tasks):
    P.append({"project": name, "agents": agents,
              "tasks": [{"task": task, "expected": expected} for task, expected in tasks], "split": "test"})


project("go-payments-api",
        ["go-expert", "golang-pro", "gin-expert", "grpc-expert", "stripe-expert", "postgres-expert",
         "owasp-top10-expert", "comprehensive-review-code-reviewer", "prometheus-expert", "fiber-expert"],
        ("Add request-ID and timeout middleware to the Gin router", ["gin-expert"]),
        ("Handle Stripe's invoice.payment_failed webhook and retry the charge", ["stripe-expert"]),
        ("Check the refund endpoint for OWASP Top 10 issues before the audit", ["owasp-top10-expert"]),
        ("Stream ledger updates to the reconciliation service over gRPC", ["grpc-expert"]),
        ("Fix the data race in the worker pool that the race detector reports", ["go-expert", "golang-pro"]),
        ("Export a histogram of charge latency and alert when p95 passes 800 ms", ["prometheus-expert"]),
        ("Change the currency on the receipt email from USD to EUR", None))

project("vue-nuxt-shop",
        ["vue-expert", "vue-nuxt-expert", "vue-component-architect", "tailwind-expert", "nextjs-developer",
         "vitest-expert", "cypress-expert", "seo-specialist", "accessibility-expert"],
        ("Render the product pages with SSR in Nuxt and cache them for five minutes", ["vue-nuxt-expert"]),
        ("Turn the cart drawer into a composable and a component with slots",
         ["vue-component-architect", "vue-expert"]),
        ("Write Vitest unit tests for the price formatting composable", ["vitest-expert", "vue-expert"]),
        ("Fix the flaky Cypress test for the checkout coupon", ["cypress-expert"]),
        ("Make the mega-menu usable with a keyboard and a screen reader", ["accessibility-expert"]),
        ("Change the free-shipping banner to 'Free shipping over 50 EUR'", None),
        ("Add the Vue.js meetup in Lyon to the events page", None))

project("python-data-pipeline",
        ["pandas-expert", "numpy-expert", "data-engineer", "celery-expert", "python-pro", "Python Testing Expert",
         "Python Performance Expert", "postgres-pro", "data-scientist", "search-specialist"],
        ("Replace the row-by-row loop in clean_orders with vectorised pandas operations",
         ["pandas-expert", "Python Performance Expert"]),
        ("Move the nightly export to a Celery beat schedule with retries", ["celery-expert"]),
        ("Design the ingestion from the three vendors' SFTP drops into the warehouse", ["data-engineer"]),
        ("Write pytest tests for the deduplication step", ["Python Testing Expert", "python-pro"]),
        ("Find out which customer segments predict churn in last year's data", ["data-scientist"]),
        ("The load step's upsert into Postgres takes 20 minutes: speed it up", ["postgres-pro", "data-engineer"]),
        ("Rename the default branch from master to main", None))

project("ios-habit-tracker",
        ["ios-expert", "swift-expert", "swiftui-expert", "ios-developer", "mobile-security-coder", "ui-ux-designer",
         "unit-testing-test-automator"],
        ("Build the settings screen in SwiftUI with toggles bound to UserDefaults",
         ["swiftui-expert", "ios-expert", "ios-developer", "swift-expert"]),
        ("Keep the auth token in the Keychain instead of UserDefaults",
         ["mobile-security-coder", "ios-developer", "ios-expert"]),
        ("Write XCTest unit tests for the receipt parser", ["unit-testing-test-automator", "swift-expert"]),
        ("Wireframe the onboarding flow", ["ui-ux-designer"]),
        ("Prepare the App Store listing: screenshots, subtitle and keywords", ["ios-developer"]),
        ("Translate the privacy policy into Spanish", None),
        ("Change the support URL in Info.plist", None))

project("rails-saas",
        ["rails-expert", "rails-activerecord-expert", "rails-api-developer", "rails-backend-expert", "sidekiq-expert",
         "ruby-pro", "postgres-expert", "security-auditor", "code-reviewer-pro", "redis-expert"],
        ("Fix the N+1 queries on the projects index", ["rails-activerecord-expert", "rails-expert"]),
        ("Add a versioned JSON API for projects with serializers", ["rails-api-developer"]),
        ("Move the PDF export to a Sidekiq job with retries", ["sidekiq-expert"]),
        ("Audit the app for IDOR holes between tenants", ["security-auditor"]),
        ("Review the PR that adds team invitations", ["code-reviewer-pro"]),
        ("Write a small Ruby gem that wraps the billing provider's API", ["ruby-pro"]),
        ("Add the new support hours to the help page", None))

project("k8s-platform",
        ["kubernetes-specialist", "cloud-infrastructure-kubernetes-architect", "terraform-expert",
         "cicd-automation-terraform-specialist", "github-actions-expert", "service-mesh-expert",
         "observability-monitoring-observability-engineer", "incident-response-devops-troubleshooter",
         "network-engineer"],
        ("Set up Argo CD to sync the staging namespace from the gitops repo",
         ["cloud-infrastructure-kubernetes-architect", "kubernetes-specialist"]),
        ("Turn on mutual TLS between the services with Istio", ["service-mesh-expert"]),
        ("Write the Terraform module for the EKS node groups",
         ["terraform-expert", "cicd-automation-terraform-specialist"]),
        ("Post the terraform plan as a comment on every pull request from GitHub Actions",
         ["github-actions-expert", "cicd-automation-terraform-specialist"]),
        ("Pods in the payments namespace keep getting OOMKilled since Monday: find out why",
         ["incident-response-devops-troubleshooter", "kubernetes-specialist"]),
        ("Ship the cluster's logs and traces to one place with dashboards",
         ["observability-monitoring-observability-engineer"]),
        ("Update the on-call rota for December", None))

project("llm-support-bot",
        ["openai-api-expert", "langchain-expert", "vector-db-expert", "vector-database-engineer", "prompt-engineer",
         "llm-finetuning-eval-engineer", "fastapi-expert", "prompt-crafter", "image-generator"],
        ("Stream the assistant's answers from the OpenAI API with function calling", ["openai-api-expert"]),
        ("Index the help-centre articles in Qdrant with better chunking",
         ["vector-database-engineer", "vector-db-expert"]),
        ("Build a golden set of 200 questions and a grader for answer quality",
         ["llm-finetuning-eval-engineer", "prompt-engineer"]),
        ("Rewrite the system prompt so the bot declines to give legal advice", ["prompt-engineer"]),
        ("Add a /chat endpoint with server-sent events in FastAPI", ["fastapi-expert"]),
        ("Create three logo concepts for the bot's avatar", ["prompt-crafter", "image-generator"]),
        ("Make the chat widget's button green", None))

project("spring-bank-ledger",
        ["spring-boot-expert", "spring-boot-engineer", "java-pro", "java-architect", "kafka-expert",
         "fintech-engineer", "compliance-auditor", "liquibase-expert", "flyway-expert",
         "backend-development-test-automator"],
        ("Add a Liquibase changeset that adds an IBAN column to accounts", ["liquibase-expert"]),
        ("Publish a TransferCompleted event to Kafka exactly once", ["kafka-expert"]),
        ("Move the blocking transfer service to virtual threads on Java 21", ["java-pro"]),
        ("Write integration tests for the transfer endpoint with an in-memory ledger",
         ["backend-development-test-automator", "spring-boot-expert", "spring-boot-engineer"]),
        ("Prepare the PCI DSS control checklist for the card-data flows", ["compliance-auditor"]),
        ("Update the branch opening hours on the website", None),
        ("Rename the util package to common", None))

project("docs-site",
        ["documentation-expert", "documentation-generation-docs-architect", "technical-writer", "mermaid-expert",
         "astro-expert", "readme-generator", "content-quality-editor", "seo-content-writer",
         "visual-asset-generator"],
        ("Write a tutorial that builds a first plugin step by step", ["technical-writer", "documentation-expert"]),
        ("Draw the request lifecycle as a sequence diagram", ["mermaid-expert"]),
        ("Add a docs version switcher with Astro content collections", ["astro-expert"]),
        ("Write an architecture guide from the current codebase",
         ["documentation-generation-docs-architect", "documentation-expert"]),
        ("Strip the AI-sounding phrases from the new blog post before it goes out", ["content-quality-editor"]),
        ("Create the favicon and the social preview images", ["visual-asset-generator"]),
        ("Fix the broken Discord invite link in the footer", None))

project("iot-sensor-fleet",
        ["c-expert", "c-pro", "arm-cortex-expert", "embedded-systems", "mqtt-expert", "iot-engineer",
         "firmware-analyst", "rust-pro"],
        ("Write the DMA-driven UART driver for the nRF52 board", ["arm-cortex-expert", "embedded-systems"]),
        ("Publish sensor readings over MQTT with QoS 1 and a last-will message", ["mqtt-expert"]),
        ("Find the buffer overflow that corrupts the ring buffer in ring.c", ["c-pro", "c-expert"]),
        ("Plan over-the-air updates for 20,000 deployed devices", ["iot-engineer"]),
        ("Audit the gateway firmware image for hard-coded credentials", ["firmware-analyst"]),
        ("Order the next batch of sensor boards from the supplier", None),
        ("Update the wiring photo in the hardware README", None))

project("node-chat",
        ["nodejs-expert", "express-expert", "websocket-expert", "websocket-engineer", "redis-expert",
         "mongodb-expert", "mongoose-expert", "jest-expert", "jwt-expert", "team-reviewer"],
        ("Scale the chat's WebSocket server across three nodes with Redis pub/sub",
         ["websocket-engineer", "websocket-expert", "redis-expert"]),
        ("Add an index so loading a room's last 50 messages stops scanning the collection",
         ["mongodb-expert", "mongoose-expert"]),
        ("Refresh expired access tokens without logging the user out", ["jwt-expert"]),
        ("Cover the per-user message rate limiter with Jest tests", ["jest-expert", "nodejs-expert"]),
        ("Add an Express route for attachment uploads with a size limit", ["express-expert"]),
        ("Review the pull request for security and performance in parallel", ["team-reviewer"]),
        ("Add the emoji pack's licence to the credits page", None))

project("laravel-marketplace",
        ["laravel-expert", "laravel-backend-expert", "laravel-eloquent-expert", "laravel-specialist", "php-expert",
         "mysql-expert", "braintree-expert", "playwright-expert", "legacy-modernizer"],
        ("Model sellers, listings and reviews with Eloquent relationships",
         ["laravel-eloquent-expert", "laravel-specialist", "laravel-expert", "laravel-backend-expert"]),
        ("Charge buyers through Braintree with 3-D Secure", ["braintree-expert"]),
        ("Write Playwright tests for the listing-creation wizard", ["playwright-expert"]),
        ("Plan how to retire the old CodeIgniter admin without downtime", ["legacy-modernizer"]),
        ("Add a queued job that sends sellers their payout summary every Monday",
         ["laravel-specialist", "laravel-backend-expert", "laravel-expert"]),
        ("Change the marketplace fee from 8% to 9% in the FAQ", None),
        ("Upload the new seller terms PDF to the help page", None))

project("rust-cli",
        ["rust-expert", "rust-pro", "rust-engineer", "cli-developer", "bash-pro", "github-actions-expert",
         "dependency-manager", "tech-lead-orchestrator"],
        ("Add subcommands and coloured --help output with clap",
         ["cli-developer", "rust-pro", "rust-expert", "rust-engineer"]),
        ("Replace the blocking file walk with async Tokio tasks", ["rust-pro", "rust-engineer", "rust-expert"]),
        ("Build release binaries for Linux, macOS and Windows in GitHub Actions", ["github-actions-expert"]),
        ("Write the install.sh that downloads the right binary for the platform", ["bash-pro"]),
        ("Resolve the two conflicting serde versions pulled in by our crates", ["dependency-manager"]),
        ("Break the 2.0 rewrite into tasks and decide who does what", ["tech-lead-orchestrator"]),
        ("Add a GIF of the tool in action to the README", None))

project("ml-research-lab",
        ["pytorch-expert", "tensorflow-expert", "llm-finetuning-training-engineer", "mlops-engineer", "ml-engineer",
         "dgx-spark-ops-engineer", "data-scientist", "scikit-learn-expert", "reinforcement-learning-engineer",
         "gallery-researcher"],
        ("Add mixed precision and gradient checkpointing to the PyTorch training loop", ["pytorch-expert"]),
        ("Prepare the instruction dataset and run a LoRA fine-tune with Unsloth",
         ["llm-finetuning-training-engineer"]),
        ("Track experiments and register models with MLflow", ["mlops-engineer"]),
        ("CUDA runs out of unified memory on the DGX Spark at batch size 8", ["dgx-spark-ops-engineer"]),
        ("Tune the gradient boosting baseline's hyperparameters with cross-validation",
         ["scikit-learn-expert", "data-scientist"]),
        ("Book GPU time on the university cluster for next week", None),
        ("Renew the lab's domain name", None))

project("startup-product-team",
        ["product-manager", "startup-analyst", "ux-researcher", "ui-ux-designer", "fullstack-developer",
         "full-stack-developer", "hr-pro", "customer-support", "sales-automator", "growth-loops",
         "code-review-preshipment"],
        ("Size the market for invoicing software for freelancers in Germany", ["startup-analyst"]),
        ("Run five user interviews about onboarding and summarise the findings", ["ux-researcher"]),
        ("Write the job description for a senior backend engineer", ["hr-pro"]),
        ("Build team invites end to end: the table, the API and the settings page",
         ["fullstack-developer", "full-stack-developer"]),
        ("Review everything since the last deploy before Friday's release", ["code-review-preshipment"]),
        ("Draft the follow-up emails for trial users who did not convert", ["sales-automator"]),
        ("Pay the design contractor's invoice", None))

if __name__ == "__main__":
    write_projects("projects_fresh.json", P, "test")
