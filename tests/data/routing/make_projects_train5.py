"""Writes projects_train5.json beside it: 30 small projects for TRAIN use (see README.md, "Stop 17").

    .venv/bin/python tests/data/routing/make_projects_train5.py

Written in stop 17 (data17) in the shape issue 15 gives for its check: 30 projects of 5 to 14 agents (the sizes
spread over the whole range, where projects_train4.json has 9-11) picked from all five collections of the corpus,
about 210 tasks, about 20% with no fitting agent in their project. Tasks are phrased as TASKS.md lines and as the
issue's examples are: a technology, a file or a product named, and review, tests, docs, security, migration,
performance, incident, feature, data, product or ops work asked for; some say the effect wanted or ask a question.
Each project mixes near-duplicates from different collections, broad "use PROACTIVELY" / "MUST BE USED" agents
and decoys that share a keyword but not the job (`remix-expert` in a Next.js site, `kafka-expert` beside NATS,
`playwright-expert` beside Cypress, `selenium-expert` in an Android app, `flyway-expert` beside Liquibase,
`kotlin-expert` in a Java service, `prisma-expert` beside TypeORM, `mocha-expert` beside Jest, `braintree-expert`
beside direct debits, `eval-judge` in an LLM lab, `loki-expert` beside a log-free data team, `license-engineer`
beside contract lawyers, `sequelize-expert` beside Mongoose).

Labelled with the rules of README.md ("Fresh held-out sets") by reading each project's agents (names,
descriptions, bodies where the description left the job unclear) before ralphy's router ran on any of it; the
commit that adds it has no figures. Every right agent of the project is listed. Every project is `train`.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_projects  # noqa: E402

P = []


def project(name, agents, *tasks):
    P.append({"project": name, "agents": agents,
              "tasks": [{"task": task, "expected": expected} for task, expected in tasks], "split": "train"})


project("library-lending-symfony",
        ["symfony-specialist", "php-pro", "php-expert", "legacy-modernizer", "mysql-expert", "security-auditor",
         "test-automator", "technical-writer"],
        ("Plan moving the loans desk from the Zend Framework 1 app onto Symfony 7",
         ["legacy-modernizer", "symfony-specialist", "php-pro"]),
        ("Write PHPUnit tests for the overdue-fine calculator in src/Fines/Calculator.php",
         ["test-automator", "php-pro", "php-expert", "symfony-specialist"]),
        ("Pen-test the self-service kiosk's borrower card lookup before it goes into the branches",
         ["security-auditor"]),
        ("The catalogue search on MySQL takes 4 s since we imported the county's stock", ["mysql-expert"]),
        ("Write a how-to for branch staff on renewing a loan over the phone", ["technical-writer"]),
        ("Add a Doctrine entity for inter-library loan requests and a Messenger handler that emails the lending "
         "branch", ["symfony-specialist", "php-pro"]),
        ("Update the opening hours in the footer for Christmas week", None))

project("marina-berths-flask",
        ["flask-expert", "python-pro", "python-expert", "postgres-expert", "stripe-expert", "ui-designer"],
        ("Berth holders get charged twice when they tap Pay again on a slow connection",
         ["stripe-expert", "flask-expert"]),
        ("Add a Flask blueprint for the harbour master to log arrivals and departures", ["flask-expert"]),
        ("Type-annotate tide.py and make mypy pass in strict mode", ["python-pro", "python-expert"]),
        ("The waiting-list query in Postgres sorts two million rows on every page load", ["postgres-expert"]),
        ("Design the berth map so sailors see the free spots at a glance", ["ui-designer"]),
        ("Order new mooring ropes for pontoon C", None),
        ("Translate the marina rules into German for the summer visitors", None))

VUE = ["vue-expert", "vue-component-architect"]
project("zoo-tickets-vue",
        VUE + ["frontend-developer", "typescript-expert", "vitest-expert", "cypress-expert", "playwright-expert",
               "accessibility-tester", "seo-specialist", "performance-optimizer"],
        ("Write Vitest cases for the family-ticket price composable, free under-3s included",
         ["vitest-expert"] + VUE),
        ("Cover buying an annual pass end to end in Cypress", ["cypress-expert"]),
        ("The ticket page ships 2 MB of JavaScript and crawls on the entrance Wi-Fi",
         ["performance-optimizer", "frontend-developer"] + VUE),
        ("Check the checkout with a screen reader against WCAG 2.2", ["accessibility-tester"]),
        ("Get the penguin feeding and keeper talk pages ranking for 'things to do with kids in Bristol'",
         ["seo-specialist"]),
        ("Remove the any types from the booking store and type the API responses", ["typescript-expert"]),
        ("Replace the giraffe photo on the homepage", None))

KOTLIN_ANDROID = ["android-expert", "kotlin-specialist"]
project("mortgage-calculator-android",
        KOTLIN_ANDROID + ["kotlin-expert", "mobile-developer", "mobile-security-coder", "qa-expert",
                          "selenium-expert"],
        ("The affordability screen loses its inputs when the phone is rotated", KOTLIN_ANDROID),
        ("Share the repayment maths with the iOS team through Kotlin Multiplatform", ["kotlin-specialist"]),
        ("Keep applicants' salary slips encrypted on the device instead of in plain files",
         ["mobile-security-coder"]),
        ("What must QA cover in the joint-application flow before the bank's sign-off?", ["qa-expert"]),
        ("Is the rounding in the amortisation schedule right? Prove it with unit tests",
         ["kotlin-expert", "kotlin-specialist"]),
        ("Change the app icon's background to the bank's new green", None),
        ("Draft the Instagram post announcing the app", None))

NEXT = ["nextjs-expert", "nextjs-developer", "react-nextjs-expert"]
project("festival-lineup-nextjs",
        NEXT + ["remix-expert", "tailwind-expert", "content-marketer", "seo-meta-optimizer", "playwright-expert",
                "visual-asset-generator"],
        ("Move the lineup pages from the pages router to the app router with server components", NEXT),
        ("Generate the festival favicon and a social share image for each stage", ["visual-asset-generator"]),
        ("Artist page URLs look like /p?id=812; suggest readable slugs within the length limits", ["seo-meta-optimizer"]),
        ("Playwright: a fan filters the timetable by stage and saves a set to favourites", ["playwright-expert"]),
        ("The timetable grid overflows on small phones; fix it with Tailwind breakpoints", ["tailwind-expert"]),
        ("Write the email campaign for the early-bird ticket launch", ["content-marketer"]),
        ("Pick the headliner for Sunday night", None))

project("freight-customs-go",
        ["golang-pro", "go-expert", "grpc-expert", "nats-expert", "kafka-expert", "cockroachdb-expert",
         "microservices-architect", "event-sourcing-architect", "distributed-debugging-error-detective",
         "observability-monitoring-observability-engineer", "code-reviewer-pro", "owasp-top10-expert"],
        ("Split the customs declaration monolith into services for filing, duties and tracking",
         ["microservices-architect"]),
        ("Add a streaming gRPC method that pushes declaration status changes to brokers",
         ["grpc-expert", "golang-pro"]),
        ("Duties are sometimes charged twice; the errors show up in three services with no pattern we can see",
         ["distributed-debugging-error-detective"]),
        ("Rebuild each shipment's state from its declaration events instead of overwriting rows",
         ["event-sourcing-architect"]),
        ("Trace one declaration across the NATS hops and show where the six seconds go",
         ["observability-monitoring-observability-engineer"]),
        ("Review the pull request that retries NATS publishes with backoff", ["code-reviewer-pro"]),
        ("The declarations table in CockroachDB has hot ranges on the insert timestamp", ["cockroachdb-expert"]),
        ("Swap the broker's logo on the PDF cover sheet", None),
        ("Bump the Go toolchain in go.mod from 1.22 to 1.23", None))

project("knitting-patterns-woocommerce",
        ["wordpress-master", "php-expert", "seo-content-writer", "seo-keyword-strategist", "landing-page-copywriter",
         "email-deliverability-engineer", "customer-support"],
        ("Since the move to the new host, Outlook users never get their order confirmation",
         ["email-deliverability-engineer"]),
        ("A custom WooCommerce field for yarn weight doesn't save on variable products",
         ["wordpress-master", "php-expert"]),
        ("Write the blog post 'Choosing yarn for your first cardigan' around the keywords we rank for",
         ["seo-content-writer"]),
        ("Are we stuffing keywords on the sock pattern pages?", ["seo-keyword-strategist"]),
        ("Few visitors join the winter knit-along from its page; rewrite the copy so more sign up",
         ["landing-page-copywriter"]),
        ("Write reply templates for customers whose PDF download link expired", ["customer-support"]),
        ("Photograph the new alpaca yarn colours", None))

project("allotment-society",
        ["django-developer", "django-api-developer", "python-pro", "ux-designer", "technical-writer"],
        ("Add a DRF endpoint listing vacant plots with their size and rent",
         ["django-api-developer", "django-developer"]),
        ("The waiting-list page lets two members claim the same plot at once", ["django-developer"]),
        ("Write the handbook page on reporting a broken water tap online", ["technical-writer"]),
        ("Members over 70 struggle with the plot booking form; make it easier to use", ["ux-designer"]),
        ("Write a script that imports the old Excel membership list into the database",
         ["python-pro", "django-developer"]),
        ("Buy the seed potatoes for the open day", None),
        ("Put the AGM date in the newsletter", None))

PY = ["python-pro", "python-expert"]
project("observatory-scheduler",
        PY + ["numpy-expert", "julia-pro", "data-scientist", "scientific-literature-researcher",
              "Python Performance Expert", "cpp-pro", "c-expert", "sqlite-expert", "documentation-expert"],
        ("The nightly scheduler takes 40 minutes in pure Python loops; profile it and speed it up",
         ["Python Performance Expert"] + PY),
        ("Vectorise the airmass calculation over all targets with NumPy broadcasting", ["numpy-expert"]),
        ("Find published sky brightness measurements for La Palma over the last ten years",
         ["scientific-literature-researcher"]),
        ("Nobody else reads Julia; rewrite the slew-time model in Python with identical results", ["julia-pro"] + PY),
        ("The filter wheel driver in C leaks memory on every filter change", ["c-expert"]),
        ("Document the scheduler's config file for visiting astronomers", ["documentation-expert"]),
        ("Does the new dome-flat routine shift the photometric zero point? We have 300 nights of data",
         ["data-scientist"]),
        ("Order the pizza for the public star party", None))

project("food-bank-volunteers",
        ["fullstack-developer", "full-stack-developer", "product-manager", "ux-researcher", "hr-pro",
         "gdpr-ccpa-compliance"],
        ("Volunteers should get a text the day before their shift; build it end to end",
         ["fullstack-developer", "full-stack-developer"]),
        ("Talk to shift leads about why sign-ups drop after the first month", ["ux-researcher"]),
        ("Decide whether the van-driver rota or the donation tracker comes first", ["product-manager"]),
        ("May we keep volunteers' DBS check results in the app under UK GDPR, and for how long?",
         ["gdpr-ccpa-compliance"]),
        ("Write the volunteer onboarding checklist and the leaving process", ["hr-pro"]),
        ("Collect the tins from the supermarket drop-off point", None),
        ("Rename the Helpers tab to Volunteers", None))

SCALA = ["scala-pro", "scala-expert"]
project("fx-risk-scala",
        SCALA + ["quant-analyst", "risk-manager", "kafka-expert", "cassandra-expert", "performance-engineer",
                 "java-pro", "architect-reviewer"],
        ("Backtest the mean-reversion strategy on five years of FX ticks", ["quant-analyst"]),
        ("Which desk carries the most counterparty risk if a clearing bank fails?", ["risk-manager", "quant-analyst"]),
        ("Akka's licence changed; move the pricing engine to the open-source fork", SCALA),
        ("Position reads from Cassandra time out when a partition holds a whole day of trades",
         ["cassandra-expert"]),
        ("The risk report job's GC pauses reach 3 seconds at month end", ["performance-engineer"] + SCALA),
        ("Review the proposal to run all pricing on one Kafka Streams topology", ["architect-reviewer"]),
        ("Send the quarterly desk photo to the newsletter", None))

project("rowing-club-results",
        ["sqlite-expert", "javascript-expert", "html-expert", "css-expert", "jquery-expert"],
        ("The results table built with jQuery freezes when a regatta has 900 entries",
         ["jquery-expert", "javascript-expert"]),
        ("Make the race results page work on phones without sideways scrolling", ["css-expert"]),
        ("Add a SQLite index so looking up a rower's history is instant", ["sqlite-expert"]),
        ("Mark up the results table so screen readers announce each crew with its time", ["html-expert"]),
        ("Rewrite the timing import script from callbacks to async/await", ["javascript-expert"]),
        ("Book the boathouse for the end-of-season dinner", None),
        ("Correct a misspelled crew name in the 2019 results", None))

project("hydro-plant-scada",
        ["embedded-systems", "arm-cortex-expert", "c-pro", "cpp-expert", "iot-engineer", "mqtt-expert",
         "firmware-analyst", "security-engineer", "incident-responder", "grafana-expert"],
        ("Turbine temperature readings arrive out of order on the MQTT broker after a reconnect",
         ["mqtt-expert", "iot-engineer"]),
        ("The STM32 gate controller misses interrupts while the radio transmits",
         ["arm-cortex-expert", "embedded-systems", "c-pro"]),
        ("Could the PLC vendor's firmware update be tampered with on its way to the turbines? Analyse the image",
         ["firmware-analyst"]),
        ("Plot water level against output per turbine on the control room wall", ["grafana-expert"]),
        ("The control room lost contact with all three turbines ten minutes ago", ["incident-responder"]),
        ("Separate the plant network from the office network and log every connection between them",
         ["security-engineer"]),
        ("Stop the C++ historian's ring buffer from copying every sample", ["cpp-expert"]),
        ("Order hard hats for the visiting school group", None))

project("contract-redlining-assistant",
        ["legal-advisor", "nlp-engineer", "llm-architect", "prompt-engineer", "python-pro",
         "vector-database-engineer", "compliance-auditor", "license-engineer"],
        ("Pull the parties, governing law and notice period out of 10,000 scanned contracts", ["nlp-engineer"]),
        ("The model invents clause numbers when it summarises long leases; rework the prompt", ["prompt-engineer"]),
        ("Design retrieval over 40 years of precedents so the assistant cites the right clause",
         ["llm-architect", "vector-database-engineer"]),
        ("Review our standard NDA for clauses that won't hold up in Germany", ["legal-advisor"]),
        ("Which licences among our dependencies stop us selling the tool for on-premises installs?",
         ["license-engineer", "legal-advisor"]),
        ("Get the document system ready for the ISO 27001 audit", ["compliance-auditor"]),
        ("Renew the firm's subscription to the law reports", None))

project("pet-insurance-quotes-nestjs",
        ["nestjs-expert", "node-specialist", "typescript-pro", "typeorm-expert", "prisma-expert", "jest-expert",
         "mocha-expert", "api-designer", "backend-api-security-backend-security-coder"],
        ("Add a NestJS guard so brokers only see quotes from their own agency",
         ["nestjs-expert", "backend-api-security-backend-security-coder"]),
        ("Write Jest tests for the premium calculator's breed loadings", ["jest-expert", "nestjs-expert"]),
        ("The TypeORM query for renewal quotes loads every pet's claims history", ["typeorm-expert"]),
        ("Design the v2 quote API so price comparison sites can call it", ["api-designer"]),
        ("Make the DTO types generic so one validator covers cats, dogs and rabbits", ["typescript-pro"]),
        ("Update the pet photo in the footer", None),
        ("Write the Christmas newsletter for policyholders", None))

project("removals-quotes-rails",
        ["rails-expert", "ruby-pro", "ruby-expert", "rails-api-developer", "rails-activerecord-expert",
         "sidekiq-expert", "test-automator", "code-reviewer", "deployment-engineer", "devops-engineer"],
        ("House-move quotes should include stair carries; add them to the quote model and form",
         ["rails-expert", "ruby-pro"]),
        ("Reminder texts the night before a move go out hours late because the job queue backs up",
         ["sidekiq-expert"]),
        ("Write request specs for the quote API the partner estate agents call",
         ["test-automator", "rails-api-developer"]),
        ("The crews calendar runs 200 queries for one week's view", ["rails-activerecord-expert"]),
        ("Review the change that lets crews close a job from the van", ["code-reviewer"]),
        ("Deploy to the new servers with zero downtime and roll back when health checks fail",
         ["deployment-engineer", "devops-engineer"]),
        ("Buy more flat-pack boxes for the depot", None))

FLUTTER = ["flutter-expert", "dart-expert", "mobile-app-developer", "multi-platform-apps-mobile-developer"]
project("bird-survey-flutter",
        FLUTTER + ["sqlite-expert", "data-analyst", "ui-ux-designer", "accessibility-expert"],
        ("Surveyors lose their counts when the app is killed in a field with no signal; save every tap offline "
         "first", FLUTTER),
        ("The species picker lags with 600 entries", FLUTTER),
        ("Migrate the local SQLite schema to add the observer's confidence without losing old surveys",
         ["sqlite-expert"]),
        ("Which species declined at more than half of the sites since 2020?", ["data-analyst"]),
        ("Sketch the screens for logging a sighting with one thumb while holding binoculars", ["ui-ux-designer"]),
        ("Make the app usable with large text and TalkBack", ["accessibility-expert"]),
        ("Print the laminated field guide for the volunteers", None))

LARAVEL = ["laravel-specialist", "laravel-backend-expert", "laravel-expert"]
project("charity-donations-laravel",
        LARAVEL + ["laravel-eloquent-expert", "php-pro", "payment-integration", "braintree-expert",
                   "security-auditor", "backend-development-security-auditor", "code-reviewer-pro",
                   "database-admin", "mysql-expert"],
        ("Gift Aid claims must leave out donors who withdrew consent; add that to the monthly export job",
         LARAVEL + ["php-pro"]),
        ("Take monthly donations by SEPA direct debit", ["payment-integration"]),
        ("Audit the donor portal for broken access control before the trustees' review",
         ["security-auditor", "backend-development-security-auditor"]),
        ("The Eloquent query behind the donor leaderboard loads every donation into memory",
         ["laravel-eloquent-expert"] + LARAVEL),
        ("Review the PR that changes how refunds are recorded", ["code-reviewer-pro"]),
        ("Set up a MySQL replica in a second data centre that takes over if the primary dies",
         ["database-admin", "mysql-expert"]),
        ("Thank the fun-run volunteers on the website", None),
        ("Change the donate button to the new brand orange", None))

project("esports-brackets-svelte",
        ["svelte-expert", "typescript-pro", "websocket-engineer", "websocket-expert", "redis-expert", "postgres-pro",
         "backend-developer", "sre-engineer", "chaos-engineer", "team-reviewer", "tech-lead-orchestrator",
         "code-archaeologist", "ui-designer"],
        ("Push score updates to every viewer's bracket the moment a match ends",
         ["websocket-engineer", "websocket-expert"]),
        ("Split the world finals feature into tasks for the four developers", ["tech-lead-orchestrator"]),
        ("Nobody who wrote the seeding code is still here; explain how it works before we change it",
         ["code-archaeologist"]),
        ("What happens to live brackets if Redis fails over in the middle of a match? Try it in staging",
         ["chaos-engineer"]),
        ("Set an SLO for bracket page latency during finals weekend", ["sre-engineer"]),
        ("Leaderboard queries in Postgres get slower as the season's matches pile up", ["postgres-pro"]),
        ("The bracket component re-renders every round on each score change", ["svelte-expert"]),
        ("Ship the trophy to last season's winners", None),
        ("Order jerseys for the casters", None))

project("ngo-windows-office",
        ["windows-infra-admin", "powershell-5.1-expert", "powershell-7-expert", "m365-admin", "ad-security-reviewer",
         "it-ops-orchestrator", "powershell-security-hardening"],
        ("New starters need a mailbox, Teams and the right SharePoint sites on day one; automate it",
         ["m365-admin", "powershell-7-expert"]),
        ("Who can add themselves to Domain Admins, and through which groups?", ["ad-security-reviewer"]),
        ("Push a Group Policy that locks the laptops' screens after 10 minutes",
         ["windows-infra-admin", "powershell-5.1-expert"]),
        ("Sign our PowerShell scripts and stop the helpdesk from running unsigned ones",
         ["powershell-security-hardening"]),
        ("The file server move touches AD, Azure and the backup scripts; plan who does what",
         ["it-ops-orchestrator"]),
        ("Order toner for the second-floor printer", None),
        ("Organise snacks for the office move-in day", None))

project("car-sharing-spring",
        ["java-architect", "spring-boot-engineer", "java-expert", "java-pro", "kotlin-expert", "liquibase-expert",
         "flyway-expert", "keycloak-expert", "oauth-oidc-expert", "performance-testing-review-performance-engineer"],
        ("Let members log in with their employer's Azure AD through Keycloak",
         ["keycloak-expert", "oauth-oidc-expert"]),
        ("Trips need an odometer_km column; add it with Liquibase, rollback included", ["liquibase-expert"]),
        ("Unlocking a car through the API takes 4 s at 8 am; find out why under load",
         ["performance-testing-review-performance-engineer", "spring-boot-engineer", "java-pro"]),
        ("The trip service still runs Spring Boot 2.7; get it onto a supported version",
         ["spring-boot-engineer", "java-pro", "java-architect"]),
        ("Use virtual threads in the trip importer instead of the fixed thread pool", ["java-pro", "java-expert"]),
        ("One booking service for every city or one per city? Decide before the expansion", ["java-architect"]),
        ("Wash and photograph the three new cars for the app", None))

IOS = ["ios-developer", "swift-expert", "mobile-app-developer"]
project("sleep-tracker-ios",
        IOS + ["swiftui-expert", "data-scientist", "hipaa-compliance"],
        ("HealthKit sleep samples are counted twice when both the Watch and the phone record", IOS),
        ("Build the nightly summary screen with a SwiftUI chart", IOS + ["swiftui-expert"]),
        ("Can we predict a bad night from the day's steps and caffeine log?", ["data-scientist"]),
        ("We want to share sleep reports with users' doctors; what does HIPAA require of us?",
         ["hipaa-compliance"]),
        ("Move the Swift networking layer from completion handlers to async/await", ["swift-expert", "ios-developer"]),
        ("Xcode 16 shows 140 strict concurrency warnings; clear them", ["swift-expert", "ios-developer"]),
        ("Choose names for the three new watch faces", None))

SERVING = ["machine-learning-engineer", "ml-engineer"]
project("support-llm-lab",
        ["pytorch-expert", "llm-finetuning-architect", "llm-finetuning-eval-engineer",
         "llm-finetuning-training-engineer", "mlops-engineer", "ai-engineer", "data-engineer",
         "dgx-spark-ops-engineer", "eval-judge", "reinforcement-learning-engineer", "scientific-literature-researcher",
         "prompt-engineer"] + SERVING,
        ("Turn the ticket transcripts into chat-format training data and launch the first training run",
         ["llm-finetuning-training-engineer"]),
        ("Build a golden set and a grader so we know if the fine-tuned checkpoint beats the base model",
         ["llm-finetuning-eval-engineer"]),
        ("CUDA 13 wheels won't install on the DGX Spark's aarch64 image", ["dgx-spark-ops-engineer"]),
        ("The ticket router needs the distilled classifier's answer within 200 ms at 300 requests a second", SERVING),
        ("Train a policy that learns when to escalate a ticket, rewarded by resolved cases",
         ["reinforcement-learning-engineer"]),
        ("Record every training run's data version, metrics and checkpoint so last month's model can be rebuilt",
         ["mlops-engineer"]),
        ("Training loss goes NaN after 2,000 steps with mixed precision",
         ["pytorch-expert", "llm-finetuning-training-engineer"]),
        ("Order a new whiteboard for the lab", None))

DJANGO = ["django-backend-expert", "django-expert", "api-scaffolding-django-pro"]
project("newsroom-cms-django",
        DJANGO + ["celery-expert", "elasticsearch-expert", "seo-structure-architect", "seo-content-refresher",
                  "content-quality-editor", "ai-writing-auditor", "technical-writer", "social-publishing-publisher",
                  "frontend-developer", "redis-expert"],
        ("Post each article to X, LinkedIn and Mastodon when the editor presses Publish",
         ["social-publishing-publisher"]),
        ("Strip the tell-tale AI phrasing from the wire-service summaries before they go live",
         ["ai-writing-auditor", "content-quality-editor"]),
        ("Old explainers still quote 2021 inflation figures; flag what needs updating", ["seo-content-refresher"]),
        ("The nightly Celery job that rebuilds the archive index overlaps with itself", ["celery-expert"]),
        ("Searching 'council tax' ranks a 2014 story above this week's; boost recent articles in Elasticsearch",
         ["elasticsearch-expert"]),
        ("Add a corrections model and show the corrections under each article", DJANGO),
        ("Link the election explainers to each other and give each a clean H2/H3 outline", ["seo-structure-architect"]),
        ("Send flowers to the sports editor", None),
        ("Renew the press passes for the election count", None))

project("board-game-online-lua",
        ["lua-expert", "game-developer", "websocket-engineer", "ui-designer", "qa-expert"],
        ("Players can move twice if they click fast during the opponent's turn", ["game-developer", "lua-expert"]),
        ("Rewrite the card effect scripts as idiomatic Lua with metatables instead of copy-paste", ["lua-expert"]),
        ("Keep the board in sync for both players when one of them reconnects",
         ["websocket-engineer", "game-developer"]),
        ("Design the card layout so the icons read at phone size", ["ui-designer"]),
        ("What should testers try before the Kickstarter demo goes out?", ["qa-expert"]),
        ("Ship the prototype decks to the reviewers", None),
        ("Write the flavour text for the dragon cards", None))

project("scheduling-saas-startup",
        ["product-manager", "business-analyst", "customer-success-manager", "sales-engineer", "stripe-expert",
         "payment-integration", "backlog-grooming", "assumption-mapping", "project-idea-validator",
         "first-principles-thinking", "trend-analyst", "data-researcher"],
        ("Half the Jira tickets are duplicates or years old; refine the backlog", ["backlog-grooming"]),
        ("Which accounts are likely to churn at renewal, and what do we offer them?", ["customer-success-manager"]),
        ("Build the demo environment and answer the security questionnaire for the hospital prospect",
         ["sales-engineer"]),
        ("List the riskiest assumptions behind usage-based pricing before we build it", ["assumption-mapping"]),
        ("Move existing customers from Stripe Invoicing to Stripe Billing subscriptions without charging anyone "
         "twice", ["stripe-expert", "payment-integration"]),
        ("Map how a refund request travels between support, finance and engineering today", ["business-analyst"]),
        ("File the quarter's receipts for the accountant", None),
        ("Buy a leaving present for the support lead", None))

project("frontend-monorepo-platform",
        ["monorepo-architect", "webpack-expert", "rollup-expert", "build-engineer", "dx-optimizer",
         "team-collaboration-dx-optimizer", "dependency-manager", "github-actions-expert", "typescript-expert",
         "design-system-architect", "git-workflow-manager"],
        ("The Rollup build of the shared component library takes 12 minutes",
         ["rollup-expert", "build-engineer", "monorepo-architect"]),
        ("Bring the three apps and two libraries into one Nx workspace", ["monorepo-architect"]),
        ("Define design tokens for colour and spacing, themed per brand", ["design-system-architect"]),
        ("Renovate opens 80 PRs a week; group them and auto-merge the safe ones", ["dependency-manager"]),
        ("Nobody knows which branch gets released each month; pick a branching model and protect it",
         ["git-workflow-manager"]),
        ("The pre-commit hook runs the whole lint and type-check on every commit; make the inner loop fast",
         ["dx-optimizer", "team-collaboration-dx-optimizer"]),
        ("Each pull request runs all 2,400 tests of every package; run only what the change affects in the GitHub "
         "Actions workflow",
         ["github-actions-expert", "monorepo-architect"]),
        ("Tidy the shared drive's folder of old invoices", None))

project("garage-bookings-express",
        ["express-expert", "nodejs-expert", "javascript-pro", "mongoose-expert", "mongodb-expert", "sequelize-expert",
         "sns-expert", "owasp-top10-expert"],
        ("Text customers through Amazon SNS when their car is ready", ["sns-expert"]),
        ("Use a MongoDB transaction so two mechanics can't book the same ramp slot",
         ["mongodb-expert", "mongoose-expert"]),
        ("Add an Express route where customers approve extra repair costs from a link",
         ["express-expert", "nodejs-expert"]),
        ("Check the repair approval link against the OWASP Top 10 before launch", ["owasp-top10-expert"]),
        ("Convert the invoice generator from callbacks to async/await and ES modules",
         ["javascript-pro", "nodejs-expert"]),
        ("Update the MOT prices on the garage's website", None),
        ("Order new tyres for the courtesy car", None))

project("council-air-quality",
        ["data-engineer", "pandas-expert", "data-analyst", "data-scientist", "sql-expert", "postgresql-pglite-pro",
         "database-design-database-architect", "data-researcher", "technical-writer"],
        ("Ingest readings from 120 roadside sensors every 15 minutes and keep the raw files", ["data-engineer"]),
        ("Resample the sensor readings to hourly means and drop the stuck-at-zero values", ["pandas-expert"]),
        ("Did the low-emission zone lower NO2 on the ring road? Compare with the control streets",
         ["data-scientist", "data-analyst"]),
        ("Find the national monitoring network's open data for the same years", ["data-researcher"]),
        ("Design the tables for sensors, sites, calibrations and readings", ["database-design-database-architect"]),
        ("The monthly exceedance report's SQL counts one hour twice around the clock change", ["sql-expert"]),
        ("Write the methods note for councillors on how readings are cleaned", ["technical-writer"]),
        ("Reply to the councillor's email about the meeting date", None))

REACT = ["react-specialist", "react-component-architect", "react-pro"]
project("crowdfunding-react",
        REACT + ["application-performance-frontend-developer", "frontend-security-coder", "auth0-expert",
                 "jwt-expert", "ui-visual-validator", "seo-snippet-hunter", "code-review-preshipment"],
        ("Backers' pledge totals flicker while the campaign page re-renders; find the state bug",
         REACT + ["application-performance-frontend-developer"]),
        ("Move login to Auth0 with social sign-in for backers", ["auth0-expert"]),
        ("Refresh tokens never expire; rotate them and revoke them on logout", ["jwt-expert"]),
        ("The campaign page builder lets creators embed script tags", ["frontend-security-coder"]),
        ("Everything since last Thursday's release goes out tonight; review it all first",
         ["code-review-preshipment"]),
        ("Screenshot-compare the reward cards on every release so layout breaks are caught",
         ["ui-visual-validator"]),
        ("Send T-shirts to the top 50 backers", None))

if __name__ == "__main__":
    write_projects("projects_train5.json", P, "train")
