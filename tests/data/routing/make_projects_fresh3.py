"""Writes projects_fresh3.json beside it: 15 more fresh small projects, all held out (see README.md, "Stop 15").

    .venv/bin/python tests/data/routing/make_projects_fresh3.py

Written in stop 15 (heldout15), with the label rules of README.md ("Fresh held-out sets"), other teams than every
project set before it, by someone who had not tuned the router. Each project's agents were read (the description
as the whole corpus loads it, one agent per name, and the body where it was unclear) and every task labelled with
every agent of that project a lead would hand it to, or None, before ralphy's router was run on any of it. Tasks
are TASKS.md lines written by hand for this repository (no outside source), phrased as issue 15's examples are.
Held out: nobody tunes on it; the lead reads it (``bench_routing.py --fresh``).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_projects  # noqa: E402

P = []


def project(name, agents, *tasks):
    P.append({"project": name, "agents": agents,
              "tasks": [{"task": task, "expected": expected} for task, expected in tasks], "split": "test"})


# a web shop: two Tailwind agents, a second payment gateway it does not use, broad reviewer and optimiser
project("svelte-bike-rental-shop",
        ["svelte-expert", "tailwind-expert", "tailwind-frontend-expert", "stripe-expert", "braintree-expert",
         "postgres-expert", "playwright-expert", "seo-meta-optimizer", "code-reviewer-pro", "performance-optimizer"],
        ("Grey out the sold-out days in the Svelte date picker on the booking page", ["svelte-expert"]),
        ("Hold a deposit with a Stripe PaymentIntent at pickup and release it when the bike comes back",
         ["stripe-expert"]),
        ("The availability query takes 3 s on Postgres once a shop lists 200 bikes",
         ["postgres-expert", "performance-optimizer"]),
        ("Stack the bike cards in one column on phones with Tailwind's breakpoints",
         ["tailwind-expert", "tailwind-frontend-expert"]),
        ("Write a Playwright test that rents a bike for a weekend and opens the receipt", ["playwright-expert"]),
        ("Our city pages all show the same title in Google results; give each its own", ["seo-meta-optimizer"]),
        ("Look over Jonas's loyalty discount PR before it merges", ["code-reviewer-pro"]),
        ("Change the e-bike day rate from 35 to 39 euros in the price table", None))

# a data team at a coffee subscription: two SQL agents, a French "DOIT ETRE UTILISE" data agent, a research
# agent whose "search" is not a search box
project("coffee-subscription-data-team",
        ["data-engineer", "data-analyst", "data-scientist", "pandas-expert", "sql-expert", "sql-pro",
         "cohort-analysis", "ab-test-analysis", "grafana-expert", "ml-data-expert", "search-specialist"],
        ("Build the dbt model that turns raw subscription events into monthly recurring revenue",
         ["data-engineer"]),
        ("Which roast subscribers cancel after their second delivery? Compare the signup months",
         ["cohort-analysis", "data-analyst"]),
        ("Did free shipping on the first box raise conversions, or is the difference noise?",
         ["ab-test-analysis", "data-scientist"]),
        ("Predict which subscribers will skip next month's box", ["data-scientist", "ml-data-expert"]),
        ("The weekly revenue SQL joins orders to itself and runs for 9 minutes", ["sql-expert", "sql-pro"]),
        ("Reshape the roastery's CSV exports with pandas so each row is one bag", ["pandas-expert", "ml-data-expert"]),
        ("The search box of the internal wiki finds nothing for names with accents", None),
        ("Forward the Huila farm's invoice to the accountant", None))

# a game studio: Unity and a general game developer, two C# agents, image agents, a support decoy
project("unity-puzzle-studio",
        ["unity-developer", "game-developer", "csharp-pro", "csharp-expert", "ui-ux-designer",
         "visual-asset-generator", "gallery-researcher", "image-generator", "prompt-crafter", "customer-support"],
        ("Let players undo their last move on the tile board in Unity", ["unity-developer", "game-developer"]),
        ("The puzzle scene drops to 20 fps on older Android phones when the combo particles play",
         ["unity-developer", "game-developer"]),
        ("Replace the string-keyed event bus in the C# gameplay code with typed events",
         ["csharp-pro", "csharp-expert", "unity-developer"]),
        ("The autumn update needs a new app icon with falling leaves", ["visual-asset-generator", "image-generator"]),
        ("Wireframe the new daily challenge screen", ["ui-ux-designer"]),
        ("Find reference art for the jungle world's mood board", ["gallery-researcher"]),
        ("Update the studio's address in the credits", None),
        ("Book our booth at Gamescom", None))

# a Windows shop: a school district's IT with an HR decoy for "onboarding" and an IT-ops router
project("school-district-windows-it",
        ["windows-infra-admin", "powershell-5.1-expert", "powershell-7-expert", "m365-admin",
         "ad-security-reviewer", "powershell-security-hardening", "azure-infra-engineer", "it-ops-orchestrator",
         "network-engineer", "mssql-expert", "hr-pro"],
        ("Create the AD accounts of 900 new pupils from the enrolment CSV every August",
         ["windows-infra-admin", "powershell-5.1-expert"]),
        ("Give each class a Teams team with its teacher as the owner", ["m365-admin"]),
        ("Which helpdesk staff can reset a domain admin's password? Check the delegation",
         ["ad-security-reviewer"]),
        ("Allow PowerShell remoting on the classroom PCs for the IT group only", ["powershell-security-hardening"]),
        ("The timetable database on SQL Server blocks for minutes during the nightly import", ["mssql-expert"]),
        ("Split the new-teacher onboarding ticket across the AD, mailbox and Azure automation agents",
         ["it-ops-orchestrator"]),
        ("Order replacement projector bulbs for rooms 12 and 14", None),
        ("Add the new teachers to the seating plan of the onboarding day", None))

# a mobile app: four iOS agents from three collections, a broad "MUST BE USED" team configurator
project("swiftui-running-coach",
        ["ios-developer", "ios-expert", "swiftui-expert", "swift-expert", "mobile-app-developer",
         "mobile-security-coder", "ui-visual-validator", "accessibility-expert", "sqlite-expert",
         "team-configurator"],
        ("Show the pace of a run as a Swift Charts line on the summary screen",
         ["ios-developer", "ios-expert", "swiftui-expert", "swift-expert", "mobile-app-developer"]),
        ("Read the heart rate from HealthKit during a run and pause when the watch disconnects",
         ["ios-developer", "ios-expert", "mobile-app-developer"]),
        ("The run history list stutters when scrolling past 500 runs",
         ["swiftui-expert", "swift-expert", "ios-developer", "ios-expert", "mobile-app-developer"]),
        ("Store the training plans in SQLite and move the old JSON files over on first launch", ["sqlite-expert"]),
        ("The share-a-run deep link opens any URL in the in-app web view; lock it down",
         ["mobile-security-coder", "ios-developer", "ios-expert", "mobile-app-developer"]),
        ("Can VoiceOver users start and stop a run? Fix what stops them", ["accessibility-expert"]),
        ("Check that the dark-mode screens still match the design system after the colour refactor",
         ["ui-visual-validator"]),
        ("Reply to the App Store review that asks for Apple Watch support", None))

# an energy trading back office: a startup analyst whose "market" is not power markets
project("power-trading-back-office",
        ["clojure-expert", "kafka-expert", "quant-analyst", "risk-manager", "fintech-engineer", "postgres-expert",
         "startup-analyst", "architect-reviewer", "sre-engineer"],
        ("Rewrite the position aggregator with transducers instead of nested maps", ["clojure-expert"]),
        ("Price the day-ahead power swaps and show how they move with the gas price", ["quant-analyst"]),
        ("Which counterparties could cost us more than 2 M if prices spike in January? Set their credit limits",
         ["risk-manager", "quant-analyst"]),
        ("Trades arrive twice on the settlement topic after a broker restart", ["kafka-expert"]),
        ("Match the exchange's settlement file against our trade ledger every morning", ["fintech-engineer"]),
        ("Review the plan to split trade capture into three services", ["architect-reviewer"]),
        ("Book the boardroom for the quarterly risk committee", None),
        ("Pay the market data vendor's overdue invoice", None))

# a desktop app on Tauri: three Rust agents, an Electron decoy
project("tauri-notes-desktop",
        ["tauri-expert", "rust-pro", "rust-expert", "rust-engineer", "electron-pro", "sqlite-expert",
         "typescript-pro", "solidjs-expert", "github-actions-expert"],
        ("Add a Tauri command that exports a notebook as Markdown files", ["tauri-expert"]),
        ("Replace the unwraps in the sync module with real error types", ["rust-pro", "rust-expert", "rust-engineer"]),
        ("Searching 20,000 notes takes seconds; index them with FTS5", ["sqlite-expert"]),
        ("Make the note list a SolidJS component that re-renders only the edited row", ["solidjs-expert"]),
        ("Sign and notarise the macOS build in CI and attach the installers to each GitHub release",
         ["github-actions-expert", "tauri-expert"]),
        ("Type the IPC messages between the web view and the Rust side end to end",
         ["typescript-pro", "tauri-expert"]),
        ("Make grey the default colour of new notes instead of yellow", None),
        ("Pick the font for the app's website", None))

# a clinic scheduling API: three FastAPI agents from two collections, Python testing and security agents,
# healthcare agents
project("physio-clinic-scheduling",
        ["fastapi-expert", "python-development-fastapi-pro", "api-scaffolding-fastapi-pro", "Python Testing Expert",
         "Python Security Expert", "hipaa-compliance", "healthcare-admin", "postgres-expert", "temporal-python-pro",
         "celery-expert", "python-expert"],
        ("Add an endpoint that offers a therapist's next three free slots",
         ["fastapi-expert", "python-development-fastapi-pro", "api-scaffolding-fastapi-pro"]),
        ("Retry the failed insurer eligibility checks in the background with Celery, backing off",
         ["celery-expert"]),
        ("Cover the double-booking rule with pytest cases, the midnight edge included",
         ["Python Testing Expert", "python-expert"]),
        ("Check the patient-notes endpoints for IDOR and weak session handling", ["Python Security Expert"]),
        ("May we email the visit summary to a patient's personal Gmail under HIPAA?",
         ["hipaa-compliance", "healthcare-admin"]),
        ("Run the referral approval as a durable workflow that survives restarts", ["temporal-python-pro"]),
        ("Bill the insurer for this month's physio visits with the right CPT modifiers", ["healthcare-admin"]),
        ("Put the clinic's new logo on the login page", None))

# a legacy migration: AngularJS to Angular, two legacy modernizers, a "MUST BE USED" code archaeologist
project("claims-portal-angularjs-migration",
        ["angularjs-expert", "angular-expert", "angular-architect", "legacy-modernizer",
         "code-refactoring-legacy-modernizer", "code-archaeologist", "jasmine-expert", "typescript-expert",
         "webpack-expert"],
        ("Plan moving the AngularJS 1.5 claim screens to Angular 18 one route at a time",
         ["legacy-modernizer", "code-refactoring-legacy-modernizer", "angularjs-expert", "angular-expert",
          "angular-architect"]),
        ("Nobody knows what the 2014 claims module does; map it before anyone touches it", ["code-archaeologist"]),
        ("Fix the infinite digest loop on the AngularJS policy search page", ["angularjs-expert"]),
        ("Raise the Jasmine coverage of the premium calculator to 90%", ["jasmine-expert"]),
        ("The portal's webpack build takes 6 minutes; cut it", ["webpack-expert"]),
        ("Lazy-load the new Angular claim routes so the first page opens faster",
         ["angular-architect", "angular-expert"]),
        ("Correct the insurer's hotline number on the contact page", None),
        ("Send the Angular training invoice to finance", None))

# IoT frost sensors in an orchard: two C agents, two embedded agents, a firmware analyst (security), monitoring
project("orchard-frost-sensors",
        ["mqtt-expert", "iot-engineer", "arm-cortex-expert", "embedded-systems", "c-pro", "c-expert",
         "grafana-expert", "prometheus-expert", "firmware-analyst", "loki-expert"],
        ("Read the soil temperature probe over SPI with DMA on the nRF52",
         ["arm-cortex-expert", "embedded-systems", "c-pro"]),
        ("Sensors reconnect to the broker every few minutes and drop readings; fix the keep-alive and QoS",
         ["mqtt-expert"]),
        ("Register 400 new sensors and push a config change to them in batches", ["iot-engineer"]),
        ("Alert the grower's phone when any block of the orchard drops below 1 °C",
         ["prometheus-expert", "grafana-expert"]),
        ("Fix the overrun in the C ring buffer that keeps readings while offline",
         ["c-pro", "c-expert", "embedded-systems", "arm-cortex-expert"]),
        ("Before we sell the gateway to other farms, look for backdoors and weak crypto in its firmware",
         ["firmware-analyst"]),
        ("Replace the batteries of the sensors in block C", None),
        ("Print the frost watch rota for the pickers", None))

# a non-profit's product team: product, research, agile and HR agents, a "MUST BE USED" tech lead
project("volunteer-shifts-product-team",
        ["product-manager", "ux-researcher", "business-analyst", "scrum-master", "backlog-grooming",
         "project-manager", "assumption-mapping", "hr-pro", "customer-support", "content-marketer",
         "tech-lead-orchestrator"],
        ("Which do we build first: shift swapping or the volunteer-hours certificate?", ["product-manager"]),
        ("Interview five shelter coordinators about how they fill last-minute gaps", ["ux-researcher"]),
        ("Write down how the food bank's intake works today and where it stalls", ["business-analyst"]),
        ("The recurring-shifts epic is too big for one sprint; slice it", ["backlog-grooming", "scrum-master"]),
        ("We assume volunteers will check in with a QR code; what has to be true for that?",
         ["assumption-mapping"]),
        ("Break the check-in feature into backend, app and admin work for the developers",
         ["tech-lead-orchestrator"]),
        ("Order T-shirts for the volunteers' day", None),
        ("Update the donation link in the Instagram bio", None))

# log analytics and search at a courier: three search-engine agents, a research agent whose "search" is the web
project("courier-log-search",
        ["opensearch-expert", "elasticsearch-expert", "elk-expert", "loki-expert",
         "observability-monitoring-observability-engineer", "search-specialist", "vector-database-engineer",
         "python-expert", "kafka-expert"],
        ("The OpenSearch cluster has 9,000 shards; consolidate the daily indices",
         ["opensearch-expert", "elasticsearch-expert"]),
        ("Parse the scanner logs in Logstash and keep only the fields we chart", ["elk-expert"]),
        ("Let agents search the parcel complaints by meaning, not only by keyword", ["vector-database-engineer"]),
        ("Trace one parcel's request across the four services and show where the time goes",
         ["observability-monitoring-observability-engineer"]),
        ("Consume the scan events from Kafka in order for each parcel", ["kafka-expert"]),
        ("Write a Python script that replays one day of logs into the staging cluster", ["python-expert"]),
        ("Find the partner carrier's public docs for its tracking webhooks", ["search-specialist"]),
        ("Buy the Search Summit tickets for Ana and Luis", None))

# an LLM contract assistant at a law firm: two vector agents, an OpenAI API agent, a plugin-eval decoy
project("law-firm-contract-assistant",
        ["llm-architect", "ai-engineer", "prompt-engineer", "langchain-expert", "vector-db-expert",
         "vector-database-engineer", "openai-api-expert", "legal-advisor", "nlp-engineer", "eval-judge",
         "agent-orchestration-context-manager"],
        ("Chunk the lease contracts by clause and index them for retrieval",
         ["vector-database-engineer", "vector-db-expert", "langchain-expert", "llm-architect"]),
        ("The assistant cites clauses that are not in the contract; make it answer from the retrieved text only",
         ["prompt-engineer", "llm-architect"]),
        ("Run the overnight summaries through the OpenAI Batch API to halve their cost", ["openai-api-expert"]),
        ("Pull the parties, dates and amounts out of each contract as fields", ["nlp-engineer"]),
        ("Is the non-compete in our standard NDA enforceable in California?", ["legal-advisor"]),
        ("Score every release of the assistant against 100 questions with known answers",
         ["prompt-engineer", "ai-engineer"]),
        ("Send the partners the invitation to Friday's demo", None),
        ("Update the lawyers' bar numbers on the website", None))

# a small web host's ops: Perl and shell, Ansible, MariaDB beside a MySQL decoy, operating-kit agents
project("web-hosting-ops",
        ["perl-expert", "bash-pro", "posix-shell-pro", "ansible-expert", "mariadb-expert", "mysql-expert",
         "incident-responder", "prod-logs-health-check", "deploy-with-verification", "network-engineer"],
        ("The Perl billing script charges twice for customers with an apostrophe in their name", ["perl-expert"]),
        ("Write a backup script in plain sh that runs on both the Alpine and the Debian hosts", ["posix-shell-pro"]),
        ("Roll the new PHP-FPM pool settings out to all 40 web servers", ["ansible-expert"]),
        ("Replication from the MariaDB primary falls an hour behind every night during the backup",
         ["mariadb-expert"]),
        ("A customer's site was defaced this morning; contain it and keep the logs", ["incident-responder"]),
        ("Customers say the control panel feels broken since lunch; what do the production logs show?",
         ["prod-logs-health-check"]),
        ("Release the control panel 3.4 to the production servers today",
         ["deploy-with-verification", "ansible-expert"]),
        ("Email the customers about Sunday's maintenance window", None),
        ("Add the rack numbers of the new cage to the inventory sheet", None))

# a Node recipe API: two Node agents, MongoDB and Mongoose, a second test runner it does not use, auth agents
project("meal-kit-recipe-api",
        ["express-expert", "nodejs-expert", "node-specialist", "mongodb-expert", "mongoose-expert", "jest-expert",
         "ava-expert", "bullmq-expert", "jwt-expert", "auth0-expert", "openapi-expert"],
        ("The recipe search aggregation takes 4 s on MongoDB; add the right index", ["mongodb-expert"]),
        ("Test in Jest that portion scaling rounds a third of a cup sensibly", ["jest-expert"]),
        ("Render the weekly shopping-list PDFs in a BullMQ worker with retries", ["bullmq-expert"]),
        ("Sign in with Auth0 and map its roles to our admin and editor permissions", ["auth0-expert"]),
        ("The API still accepts a deleted user's token for 24 hours", ["jwt-expert", "auth0-expert"]),
        ("The event loop stalls for 300 ms whenever a big recipe import runs", ["nodejs-expert", "node-specialist"]),
        ("Fix the spelling of 'brocolli' in the seed recipes", None),
        ("Make the rate-limit message friendlier", None))

if __name__ == "__main__":
    write_projects("projects_fresh3.json", P, "test")
