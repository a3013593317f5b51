"""Writes projects_fresh2.json beside it: 15 more fresh small projects, all held out (see README.md, "Stop 14").

    .venv/bin/python tests/data/routing/make_projects_fresh2.py

Written in stop 14 (label14), with the label rules of README.md ("Fresh held-out sets"), other teams than every
project set before it. Each project's agents were read (description, body where it was unclear) and every task
labelled with every agent of that project a lead would hand it to, or None, before ralphy's router was run on
any of it. Held out: nobody tunes on it; the lead reads it (``bench_routing.py --fresh``).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_projects  # noqa: E402

P = []


def project(name, agents, *tasks):
    P.append({"project": name, "agents": agents,
              "tasks": [{"task": task, "expected": expected} for task, expected in tasks], "split": "test"})


project("remix-insurance-quotes",
        ["remix-expert", "react-expert", "react-pro", "typescript-expert", "prisma-expert", "playwright-expert",
         "frontend-security-coder", "code-review-preshipment", "nextjs-pro", "ui-visual-validator"],
        ("Load the quote form's saved draft in the Remix loader and save it from the action", ["remix-expert"]),
        ("The premium breakdown component re-renders on every keystroke", ["react-expert", "react-pro"]),
        ("Split the policyholder's address into its own Prisma model without losing data", ["prisma-expert"]),
        ("Someone pasted a script tag into the vehicle notes and it ran on the broker's screen",
         ["frontend-security-coder"]),
        ("- [ ] QT-77 Compare the new quote wizard screens with the approved mockups, screenshot by screenshot",
         ["ui-visual-validator"]),
        ("Write a Playwright test that buys a policy with a test card", ["playwright-expert"]),
        ("Fix the typo 'premuim' on the quote summary page", None))

project("nestjs-hotel-booking-api",
        ["nestjs-expert", "typeorm-expert", "node-specialist", "nodejs-expert", "rabbitmq-expert", "openapi-expert",
         "oauth-oidc-expert", "jest-expert", "mocha-expert", "backend-architect"],
        ("Add a NestJS guard so only hotel staff can cancel a booking", ["nestjs-expert"]),
        ("The availability query loads every room through TypeORM and filters them in memory", ["typeorm-expert"]),
        ("Publish booking.confirmed and retry failed consumers through a dead-letter queue", ["rabbitmq-expert"]),
        ("Write Jest specs for the nightly-rate calculator, weekends and long stays included",
         ["jest-expert", "nestjs-expert"]),
        ("The event loop stalls for 2 s while the invoice PDF renders; move it off the main thread",
         ["node-specialist", "nodejs-expert"]),
        ("Describe the booking endpoints in an OpenAPI 3.1 file for the partner team", ["openapi-expert"]),
        ("Set .nvmrc to Node 20.11", None),
        ("Put the partner hotel's logo at the top of the README", None))

project("kotlin-android-bank",
        ["android-expert", "kotlin-expert", "kotlin-specialist", "mobile-app-developer", "mobile-security-coder",
         "frontend-mobile-development-mobile-developer", "compliance-auditor", "selenium-expert", "ui-ux-designer"],
        ("Move the transfers screen to Jetpack Compose and keep its state across rotation",
         ["android-expert", "kotlin-specialist", "mobile-app-developer",
          "frontend-mobile-development-mobile-developer"]),
        ("Replace the callback chain in the statement downloader with coroutines and Flow",
         ["kotlin-expert", "kotlin-specialist"]),
        ("The help screen's WebView opens any URL it is given", ["mobile-security-coder"]),
        ("Stop the app from trusting user-installed CA certificates", ["mobile-security-coder"]),
        ("What does PSD2 strong customer authentication require of our login?", ["compliance-auditor"]),
        ("Sketch a simpler add-a-payee flow as wireframes", ["ui-ux-designer"]),
        ("Put the new logo on the splash screen", None))

project("flask-charity-donations",
        ["flask-expert", "python-expert", "python-pro", "sqlite-expert", "stripe-expert", "html-expert", "css-expert",
         "email-deliverability-engineer", "seo-meta-optimizer", "ux-designer"],
        ("Add a Flask blueprint for the volunteer sign-up pages", ["flask-expert"]),
        ("Let donors give monthly with Stripe subscriptions", ["stripe-expert"]),
        ("Donor thank-you emails land in Gmail's spam folder", ["email-deliverability-engineer"]),
        ("The donations database locks up when two CSV exports run at once (SQLite)", ["sqlite-expert"]),
        ("Suggest short URL slugs with the campaign name for the new campaign pages", ["seo-meta-optimizer"]),
        ("On small phones the Donate button wraps under the amount field", ["css-expert"]),
        ("Change the charity registration number on the About page", None),
        ("Post the gala photos in the members' newsletter", None))

project("materials-science-lab",
        ["julia-pro", "numpy-expert", "python-expert", "scientific-literature-researcher", "data-scientist",
         "scikit-learn-expert", "research-analyst", "Python Performance Expert",
         "code-documentation-tutorial-engineer", "mermaid-expert"],
        ("Port the reactor model's ODE solver from Python to Julia", ["julia-pro"]),
        ("Vectorise the pairwise-distance loop over 50,000 particles with broadcasting",
         ["numpy-expert", "Python Performance Expert"]),
        ("Collect the reported diffusion coefficients of lithium in graphite from published papers",
         ["scientific-literature-researcher"]),
        ("Predict yield from the 12 process parameters with a random forest, tuned by cross-validation",
         ["scikit-learn-expert", "data-scientist"]),
        ("Write a hands-on tutorial that takes a new student through their first simulation run",
         ["code-documentation-tutorial-engineer"]),
        ("Diagram how data flows from the diffractometer to the results database", ["mermaid-expert"]),
        ("Order more liquid nitrogen for the lab", None))

project("minecraft-server-network",
        ["minecraft-bukkit-pro", "java-expert", "java-pro", "redis-expert", "docker-expert", "game-developer",
         "network-engineer", "prod-logs-health-check", "lua-expert"],
        ("Add a /party command that teleports the party to its leader", ["minecraft-bukkit-pro"]),
        ("Share player coin balances across the three Paper servers through Redis",
         ["redis-expert", "minecraft-bukkit-pro"]),
        ("Build the plugin on Java 21 and turn the config classes into records", ["java-pro", "java-expert"]),
        ("When 200 players join the event world the server lags; find what blocks the main tick",
         ["minecraft-bukkit-pro"]),
        ("Run each game-mode server in its own container with its world on a volume", ["docker-expert"]),
        ("Last night's update broke something - go through the production logs and tell me what",
         ["prod-logs-health-check"]),
        ("Change the server's message of the day for the summer event", None))

project("serverless-podcast-platform",
        ["pulumi-expert", "dynamodb-expert", "sns-expert", "cloud-architect", "cloud-infrastructure-cloud-architect",
         "deployment-engineer", "cicd-automation-deployment-engineer", "hybrid-cloud-architect", "devops-engineer",
         "security-engineer", "terraform-expert"],
        ("Define the transcoding Lambda, its bucket and its queue in Pulumi TypeScript", ["pulumi-expert"]),
        ("Model the episodes table so a show's episodes list by air date without a scan", ["dynamodb-expert"]),
        ("Fan out 'episode published' to email, mobile push and the search indexer", ["sns-expert"]),
        ("The transcoding bill tripled in two months; find where the money goes",
         ["cloud-architect", "cloud-infrastructure-cloud-architect"]),
        ("Keep the studio's on-prem archive in sync with the cloud and decide what runs where",
         ["hybrid-cloud-architect"]),
        ("Release the API with canary traffic shifting from GitHub Actions",
         ["deployment-engineer", "cicd-automation-deployment-engineer", "devops-engineer"]),
        ("Rename the AWS account alias from media-prod to studio-prod", None),
        ("Add the new video editor to the studio's shared calendar", None))

project("security-operations",
        ["malware-analyst", "reverse-engineer", "incident-responder", "threat-modeling-expert", "firmware-analyst",
         "security-scanning-security-auditor", "penetration-tester", "policy-enforcer", "receipt-verifier",
         "compliance-auditor"],
        ("A finance laptop ran the invoice.exe attachment; find out what it does and pull the indicators",
         ["malware-analyst", "reverse-engineer"]),
        ("Work out the wire protocol of the old badge reader from its Windows client", ["reverse-engineer"]),
        ("A ransom note appeared on the file server at 6 am: contain it and keep the evidence",
         ["incident-responder"]),
        ("Build the STRIDE threat model for the new patient upload service", ["threat-modeling-expert"]),
        ("Dump the IP cameras' firmware and look for hard-coded passwords", ["firmware-analyst"]),
        ("Write rules so the coding agent can never run curl or edit .env files", ["policy-enforcer"]),
        ("Send the pen-test vendor the signed purchase order", None))

project("claims-architecture-docs",
        ["c4-code", "c4-component", "c4-container", "c4-context", "mermaid-expert", "code-archaeologist",
         "documentation-generation-docs-architect", "reference-builder", "architect-reviewer",
         "framework-migration-architect-review"],
        ("Show who uses the claims platform and which outside systems it talks to, at the top level",
         ["c4-context"]),
        ("Document the deployable units of the claims platform and the APIs between them", ["c4-container"]),
        ("Document the functions and dependencies of the pricing/ package, code level",
         ["c4-code"]),
        ("Nobody understands the 2011 batch module; dig through it and write up what it does and what is risky",
         ["code-archaeologist", "documentation-generation-docs-architect"]),
        ("List every configuration key the platform reads, with type, default and effect", ["reference-builder"]),
        ("Is moving the rating service to event-driven messaging wise? Review the proposal",
         ["architect-reviewer", "framework-migration-architect-review"]),
        ("Make Ines the owner of the architecture wiki space", None))

project("deno-edge-analytics",
        ["deno-expert", "bun-expert", "typescript-pro", "trpc-expert", "sqlite-expert", "postgresql-pglite-pro",
         "rest-expert", "rollup-expert", "api-architect"],
        ("Give the Deno edge function access to the KV store and its env vars and nothing else", ["deno-expert"]),
        ("Share the input types between the dashboard and the server as tRPC procedures",
         ["trpc-expert", "typescript-pro"]),
        ("Run the dashboard's offline mode on PGlite in the browser and sync on reconnect",
         ["postgresql-pglite-pro"]),
        ("Add a branded ID type so order IDs and user IDs cannot be swapped by mistake", ["typescript-pro"]),
        ("Decide the URL scheme, filtering and errors of the public usage-report API",
         ["rest-expert", "api-architect"]),
        ("Ship the SDK as ESM and CommonJS bundles from the Rollup config, with type declarations",
         ["rollup-expert"]),
        ("Post the project's Slack notifications to #edge-api instead of #general", None),
        ("Replace 'Sign up' with 'Create account' on the landing page", None))

project("go-parcel-tracking",
        ["golang-pro", "go-expert", "grpc-expert", "nats-expert", "cockroachdb-expert", "opentelemetry-expert",
         "distributed-debugging-devops-troubleshooter", "event-sourcing-architect", "rabbitmq-expert",
         "team-reviewer"],
        ("Replay the shipment events to rebuild the delivery projections after the schema change",
         ["event-sourcing-architect"]),
        ("A handheld that reconnects should get the scans it missed from a JetStream consumer", ["nats-expert"]),
        ("Propagate deadlines on the gRPC calls between routing and dispatch", ["grpc-expert"]),
        ("Transactions retry all the time at peak on the multi-region CockroachDB cluster",
         ["cockroachdb-expert"]),
        ("Since 03:00 the dispatch pods restart in a loop in production; find out why",
         ["distributed-debugging-devops-troubleshooter"]),
        ("Make the route planner's distance cache safe for concurrent use without one global lock",
         ["golang-pro", "go-expert"]),
        ("Update the depot addresses in the seed data file", None))

project("garden-shop-growth",
        ["seo-keyword-strategist", "seo-content-writer", "seo-snippet-hunter", "sales-automator",
         "social-publishing-publisher", "content-marketer", "landing-page-copywriter", "ab-test-analysis",
         "growth-loops", "customer-success-manager", "image-generator"],
        ("Check the ceramic pots guide for keyword stuffing and suggest related terms", ["seo-keyword-strategist"]),
        ("Write a 1,200-word buying guide for terracotta planters around the keywords we chose",
         ["seo-content-writer", "content-marketer"]),
        ("Format the watering FAQ so it can show as a featured snippet", ["seo-snippet-hunter"]),
        ("Draft the cold email sequence to garden centres about the wholesale catalogue", ["sales-automator"]),
        ("Schedule next week's posts on Instagram, Pinterest and TikTok", ["social-publishing-publisher"]),
        ("Free-shipping banner: 4.1% vs 4.4% conversion on 9,000 visitors each. Ship it?", ["ab-test-analysis"]),
        ("Add a holiday closing notice to the shop's header bar", None),
        ("Send the customer whose pot arrived broken a replacement", None))

project("ruby-api-client-gem",
        ["ruby-expert", "ruby-pro", "rails-expert", "readme-generator", "documentation-specialist", "circleci-expert",
         "dependency-manager", "git-pr-workflows-code-reviewer", "license-engineer"],
        ("Give Client.new keyword arguments with defaults and deprecate the options hash",
         ["ruby-expert", "ruby-pro"]),
        ("Run the gem's specs on Ruby 3.1, 3.2 and 3.3 in CircleCI", ["circleci-expert"]),
        ("The gem pins faraday below 2 so nobody can install it beside newer gems; loosen it safely",
         ["dependency-manager"]),
        ("Look over the streaming-responses PR before we cut 2.0", ["git-pr-workflows-code-reviewer"]),
        ("Write the README from what the gem really does: install, configuration, a first call",
         ["readme-generator", "documentation-specialist"]),
        ("We vendored one MIT and one LGPL library; what must ship with the gem?", ["license-engineer"]),
        ("Set the gem version to 2.0.0 in version.rb", None))

project("claims-summariser-finetune",
        ["llm-finetuning-architect", "llm-finetuning-eval-engineer", "llm-finetuning-training-engineer", "eval-judge",
         "eval-orchestrator", "prompt-engineer", "pytorch-expert", "dgx-spark-ops-engineer", "mlops-engineer",
         "openai-api-expert"],
        ("Fine-tune or just prompt better for the claims summariser? Pick the method and the base model",
         ["llm-finetuning-architect"]),
        ("Is checkpoint 3 good enough to promote? Compare it with the base model on the held-out claims",
         ["llm-finetuning-eval-engineer"]),
        ("Turn the 8,000 reviewed summaries into a chat-format dataset and launch the LoRA run",
         ["llm-finetuning-training-engineer"]),
        ("The DGX Spark slows down after 20 minutes of training; is it cooling or power?", ["dgx-spark-ops-engineer"]),
        ("Register each checkpoint with its scores and promote the best one to staging automatically",
         ["mlops-engineer"]),
        ("Call the OpenAI API with structured outputs and back off when it is rate limited",
         ["openai-api-expert"]),
        ("Book next week's call with the GPU vendor's sales rep", None),
        ("Rename the checkpoints folder exp-07 to claims-v2", None))

project("solo-founder-saas",
        ["session-start", "session-end", "deploy-with-verification", "prod-logs-health-check", "full-stack-developer",
         "fullstack-developer", "postgres-pro", "github-actions-expert", "team-configurator", "project-analyst"],
        ("Ship what is on main to production and confirm the new build is serving", ["deploy-with-verification"]),
        ("Let a user belong to several workspaces and switch between them",
         ["full-stack-developer", "fullstack-developer"]),
        ("Support has five tickets about blank dashboards since 9 am; what do the production logs say?",
         ["prod-logs-health-check"]),
        ("The invoices query does a sequential scan over 8 M rows", ["postgres-pro"]),
        ("Cache the pnpm store between GitHub Actions runs; CI takes 9 minutes", ["github-actions-expert"]),
        ("We moved to SvelteKit: pick the subagents this repository should use now",
         ["team-configurator", "project-analyst"]),
        ("Show prices in euros instead of dollars on the pricing page", None))

if __name__ == "__main__":
    write_projects("projects_fresh2.json", P, "test")
