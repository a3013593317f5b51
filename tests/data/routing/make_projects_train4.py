"""Writes projects_train4.json beside it: 30 small projects for TRAIN use (see README.md, "Stop 16").

    .venv/bin/python tests/data/routing/make_projects_train4.py

Written in stop 16 (calib16) in the shape issue 15 describes for its check: 30 projects of 9-11 agents picked
from the public collections of the corpus, tasks phrased like the issue's examples ("Audit the login flow for SQL
injection and XSS", "Write unit tests for the ISBN validator", "Plan the migration from the PHP 5.6 app to
Symfony 7"): plain TASKS.md lines that name a technology, a file or a product and ask for a review, tests, docs,
a security check, a migration, speed, an incident or a feature, and about 20% with no fitting agent in their
project (chores and work for a role the team lacks). Each project mixes near-duplicates from different
collections, broad "use PROACTIVELY" / "MUST BE USED" agents and decoys that share a keyword but not the job
(`fiber-expert` in a Go service, `braintree-expert` in a Stripe shop, `pulumi-expert` beside Terraform,
`tensorflow-expert` in a PyTorch team, `fastify-expert` beside Express, `search-specialist` beside an
Elasticsearch index, `network-engineer` beside game netcode, `nextjs-developer` in a Nuxt site).

Labelled with the rules of README.md ("Fresh held-out sets") by reading each project's agents (names,
descriptions, bodies where the description left the job unclear: `rails-backend-expert` hands API endpoints and
query tuning away but does background jobs, `python-pro` names FastAPI) before ralphy's router ran on any of it;
the commit that adds it has no figures. Every right agent of the project is listed. Every project is `train`:
tune and calibrate on it freely.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_projects  # noqa: E402

P = []


def project(name, agents, *tasks):
    P.append({"project": name, "agents": agents,
              "tasks": [{"task": task, "expected": expected} for task, expected in tasks], "split": "train"})


DJANGO = ["django-developer", "django-expert", "python-development-django-pro"]
project("vet-clinic-records",
        DJANGO + ["django-orm-expert", "security-auditor", "penetration-tester", "test-automator",
                  "Python Testing Expert", "code-reviewer-pro", "sql-pro", "technical-writer"],
        ("Audit the appointment booking views for SQL injection and CSRF",
         ["security-auditor", "penetration-tester"]),
        ("Write unit tests for the vaccine reminder scheduler in reminders/tasks.py",
         ["test-automator", "Python Testing Expert"] + DJANGO),
        ("Opening a dog's medical history runs one query per visit: 300 visits, 300 queries",
         ["django-orm-expert", "django-expert", "python-development-django-pro"]),
        ("Review the pull request that lets owners pay for consultations online", ["code-reviewer-pro"]),
        ("Document for receptionists how to merge two owner records of the same family", ["technical-writer"]),
        ("Add an SMS opt-out checkbox to the owner profile form", DJANGO),
        ("Change the Saturday opening hours on the contact page", None),
        ("Send the vaccination day flyer to the printers", None))

LARAVEL = ["laravel-specialist", "laravel-expert", "php-pro"]
project("secondhand-bookshop-stock",
        LARAVEL + ["laravel-eloquent-expert", "mysql-expert", "owasp-top10-expert", "test-automator",
                   "api-documenter", "legacy-modernizer", "performance-engineer"],
        ("Migrate the stock module from the CodeIgniter 2 app into Laravel 11", ["legacy-modernizer"] + LARAVEL),
        ("Write feature tests for the restock webhook controller", ["test-automator"] + LARAVEL),
        ("Document the /api/v2/books endpoints in OpenAPI for the wholesaler", ["api-documenter"]),
        ("Check the supplier upload form against the OWASP Top 10", ["owasp-top10-expert"]),
        ("The bestsellers report scans the whole orders table in MySQL; add the right index",
         ["mysql-expert", "laravel-eloquent-expert"]),
        ("Load-test the checkout before the Black Friday sale", ["performance-engineer"]),
        ("Fix the typo 'recieve' in the order confirmation email", None),
        ("Photograph the first editions for the shop window", None))

NEXT = ["nextjs-developer", "nextjs-pro", "react-nextjs-expert"]
project("climbing-gym-memberships",
        NEXT + ["stripe-expert", "payment-integration", "braintree-expert", "playwright-expert",
                "accessibility-expert", "seo-specialist", "content-marketer"],
        ("Show each member's remaining climbs on the account page", NEXT),
        ("Switch the monthly plans to Stripe subscriptions with proration when members upgrade",
         ["stripe-expert", "payment-integration"]),
        ("Cover buying a day pass with a gift voucher in the Playwright suite", ["playwright-expert"]),
        ("Audit the booking pages for WCAG 2.2 AA before the council grant review", ["accessibility-expert"]),
        ("Write a keyword plan for the bouldering, yoga and kids' class pages", ["seo-specialist"]),
        ("Write the blog post announcing the new competition wall", ["content-marketer"]),
        ("Raise the price of chalk bags in the shop", None),
        ("Book the route setters' hotel for the regional competition", None))

GO = ["golang-pro", "go-expert"]
project("parking-garage-api",
        GO + ["gin-expert", "fiber-expert", "postgres-pro", "redis-expert", "security-auditor",
              "comprehensive-review-code-reviewer", "sre-engineer", "prometheus-expert"],
        ("Add an endpoint to the gin router that releases a reserved bay after 15 minutes", ["gin-expert"]),
        ("Write table-driven tests for the plate-number parser in plates/parse.go", GO),
        ("Review the change that moves barrier control to one goroutine per gate",
         ["comprehensive-review-code-reviewer"]),
        ("Check the barrier override API for broken authentication before launch", ["security-auditor"]),
        ("Occupancy lookups on Postgres take 900 ms at the morning peak", ["postgres-pro"]),
        ("Define SLOs for barrier opening latency and alert when the error budget burns",
         ["sre-engineer", "prometheus-expert"]),
        ("Keep the tariff table in Redis so each exit does not hit the database", ["redis-expert"]),
        ("Replace the garage's logo on the receipt printer template", None))

project("dairy-coop-collections",
        ["data-engineer", "pandas-expert", "python-pro", "sql-pro", "postgres-expert", "data-analyst",
         "data-scientist", "grafana-expert", "search-specialist", "technical-writer"],
        ("Load the milk-collection CSVs from the 40 farms into Postgres every night", ["data-engineer"]),
        ("Which farms' fat content dropped after the feed change in March?", ["data-analyst", "data-scientist"]),
        ("Forecast next month's milk volume per farm for the tanker schedule", ["data-scientist"]),
        ("The monthly payout query in payouts.sql takes 20 minutes; rewrite it", ["sql-pro", "postgres-expert"]),
        ("bonus.py pays the quality bonus; prove with tests that a farm at exactly 4.0% fat gets it", ["python-pro"]),
        ("Build a dashboard showing litres collected per route per day", ["grafana-expert", "data-analyst"]),
        ("Email the farmers the new collection calendar", None),
        ("Rename the column fat_pct to fat_percent in the export", None))

IOS = ["ios-developer", "ios-expert", "swift-expert", "mobile-app-developer"]
project("habit-tracker-ios",
        IOS + ["swiftui-expert", "mobile-security-coder", "ui-ux-designer", "ux-researcher", "code-reviewer"],
        ("Streak counts reset at midnight UTC instead of the user's own midnight", IOS),
        ("Build the weekly chart widget for the home screen with WidgetKit", IOS + ["swiftui-expert"]),
        ("Check how we store the HealthKit data we read and keep it encrypted on the device",
         ["mobile-security-coder"]),
        ("Interview eight users who stopped logging habits after a week", ["ux-researcher"]),
        ("Redesign the onboarding screens so people set their first habit in under a minute", ["ui-ux-designer"]),
        ("Review SyncEngine.swift after the switch from GCD queues to actors", ["code-reviewer", "swift-expert"]),
        ("Fill in the tax forms in App Store Connect", None),
        ("Film the 30-second preview video for the App Store listing", None))

FLUTTER = ["flutter-expert", "dart-expert", "mobile-developer", "mobile-app-developer"]
project("farmers-market-flutter",
        FLUTTER + ["ui-designer", "test-automator", "payment-integration", "stripe-expert", "accessibility-tester"],
        ("Vendors' photos upload twice on flaky 3G; make the uploads resumable", FLUTTER),
        ("Write widget tests for the basket screen", ["test-automator"] + FLUTTER),
        ("Take card payments at the stall with Stripe Terminal", ["stripe-expert", "payment-integration"]),
        ("Blind shoppers say the screen reader reads the price before the product name; find every such issue",
         ["accessibility-tester"]),
        ("Design the stall map screen so shoppers find the cheese stand", ["ui-designer"]),
        ("Upgrade the app from Flutter 3.10 to 3.24 and fix the deprecations", FLUTTER),
        ("Print the market's summer opening poster", None))

K8S = ["kubernetes-specialist", "kubernetes-expert"]
project("warehouse-robot-platform",
        K8S + ["cicd-automation-kubernetes-architect", "terraform-engineer", "terraform-expert", "pulumi-expert",
               "prometheus-expert", "grafana-expert", "incident-responder", "devops-incident-responder",
               "platform-engineer"],
        ("The robot telemetry pods restart every few minutes with CrashLoopBackOff since the node upgrade", K8S),
        ("Move the EKS node groups from hand-made console settings into Terraform modules",
         ["terraform-engineer", "terraform-expert"]),
        ("Alert on-call when a robot's heartbeat metric stops for two minutes",
         ["prometheus-expert", "grafana-expert"]),
        ("Warehouse 3's robots all stopped picking 10 minutes ago and orders are piling up",
         ["incident-responder", "devops-incident-responder"]),
        ("Give teams a self-service template that sets up a namespace, CI and a dashboard in one step",
         ["platform-engineer"]),
        ("Plan the move to GitOps with Argo CD for the 40 services", ["cicd-automation-kubernetes-architect"]),
        ("Order hoodies with the robot mascot for the platform team", None),
        ("Book a Terraform training course for the two juniors", None))

SPRING = ["spring-boot-engineer", "spring-boot-expert", "java-pro"]
project("credit-union-loans",
        SPRING + ["java-architect", "legacy-modernizer", "compliance-auditor", "security-auditor", "fintech-engineer",
                  "database-optimizer", "qa-expert", "tech-lead-orchestrator"],
        ("Plan the migration of the COBOL loan batch to Spring Boot services",
         ["legacy-modernizer", "java-architect"] + SPRING),
        ("Add an endpoint that lists a member's open loan applications with paging", SPRING),
        ("Prepare the SOC 2 evidence for access reviews on the loan system", ["compliance-auditor"]),
        ("Write a test plan for the new loan approval workflow before UAT", ["qa-expert"]),
        ("The arrears report query times out on Oracle since the data grew", ["database-optimizer"]),
        ("Break the open-banking feature into tasks for the three squads", ["tech-lead-orchestrator"]),
        ("Check the loan application API for IDOR and mass-assignment holes", ["security-auditor"]),
        ("Change the colour of the interest-rate banner on the homepage", None),
        ("Write the welcome speech for the new branch manager", None))

project("podcast-hosting-rails",
        ["rails-expert", "rails-backend-expert", "rails-api-developer", "rails-activerecord-expert", "ruby-pro",
         "ruby-expert", "sidekiq-expert", "code-review-preshipment", "technical-writer", "devops-engineer"],
        ("Episode uploads over 200 MB time out; move the transcoding into a background job",
         ["sidekiq-expert", "rails-backend-expert"]),
        ("The show page loads every episode's stats row by row; fix the N+1", ["rails-activerecord-expert"]),
        ("Add a JSON API endpoint for podcast apps to fetch chapter markers", ["rails-api-developer"]),
        ("Review everything we changed since Tuesday's deploy before we ship the RSS rewrite",
         ["code-review-preshipment"]),
        ("Get the podcast app off Rails 6.1, which no longer gets security fixes",
         ["rails-expert", "rails-backend-expert", "ruby-pro"]),
        ("Write a guide for podcasters on importing their feed from Anchor", ["technical-writer"]),
        ("Set up the pipeline so merges to main ship to staging by themselves", ["devops-engineer"]),
        ("Send the top 20 podcasters a thank-you gift card", None))

EXPO = ["expo-react-native-expert", "expo-expert", "react-native-expert", "mobile-developer",
        "frontend-mobile-development-mobile-developer"]
project("dog-walking-expo",
        EXPO + ["jest-expert", "ui-ux-designer", "backend-developer", "product-manager"],
        ("Walkers' GPS track stops when the phone locks; keep recording in the background", EXPO),
        ("Push an over-the-air update with the payment fix without a store release",
         ["expo-react-native-expert", "expo-expert"]),
        ("utils/price.ts has no tests; cover weekend surcharges and multi-dog discounts in Jest", ["jest-expert"]),
        ("Build the API that matches a dog owner's request to the nearest free walker", ["backend-developer"]),
        ("Decide which of dog sitting, grooming or vet rides we build next", ["product-manager"]),
        ("Design the walk report screen with photos, the route map and a poop log", ["ui-ux-designer"]),
        ("Buy leads and harnesses for the walker welcome kit", None),
        ("Print the walkers' ID badges", None))

project("hotel-housekeeping-dotnet",
        ["csharp-developer", "csharp-expert", "csharp-pro", "dotnet-core-expert", "dotnet-framework-4.8-expert",
         "aspnet-core-expert", "mssql-expert", "legacy-modernizer", "azure-infra-engineer", "code-reviewer"],
        ("Port the housekeeping module from .NET Framework 4.8 WebForms to ASP.NET Core 8",
         ["legacy-modernizer", "dotnet-framework-4.8-expert", "dotnet-core-expert", "aspnet-core-expert",
          "csharp-developer"]),
        ("Room status updates lock the Rooms table in SQL Server during the checkout rush", ["mssql-expert"]),
        ("Refactor the 900-line RoomAssigner class into smaller pieces using pattern matching",
         ["csharp-expert", "csharp-pro", "csharp-developer"]),
        ("Give the housekeeping API a staging slot on Azure that we swap into production after checks",
         ["azure-infra-engineer"]),
        ("Review the pull request for minibar billing", ["code-reviewer"]),
        ("Add an endpoint that lets housekeepers mark a room inspected from their phone",
         ["aspnet-core-expert", "dotnet-core-expert", "csharp-developer"]),
        ("Print the new towel-reuse cards for the bathrooms", None))

project("city-cycling-map",
        ["vue-expert", "vue-component-architect", "vue-nuxt-expert", "nextjs-developer", "typescript-pro",
         "vitest-expert", "css-expert", "tailwind-frontend-expert", "accessibility-expert", "performance-optimizer"],
        ("Migrate the site from Nuxt 2 to Nuxt 3", ["vue-nuxt-expert"]),
        ("useRouteDistance returns NaN for loops that start and end at the same dock; cover it with Vitest cases",
         ["vitest-expert", "vue-component-architect", "vue-expert"]),
        ("The map page takes 7 seconds to become interactive on mid-range phones",
         ["performance-optimizer", "vue-nuxt-expert", "vue-expert"]),
        ("Make the bike-lane legend readable for colour-blind riders and keyboard users", ["accessibility-expert"]),
        ("Turn the 40 one-off button styles into Tailwind components", ["tailwind-frontend-expert"]),
        ("Type the GeoJSON loader properly instead of using any", ["typescript-pro"]),
        ("Fix the spelling of Müllerstraße in the street list", None),
        ("Add the TypeScript meetup at the bike café to the events calendar", None))

project("insurance-claims-assistant",
        ["llm-architect", "ai-engineer", "prompt-engineer", "prompt-crafter", "vector-database-engineer",
         "vector-db-expert", "langchain-expert", "nlp-engineer", "python-pro", "gdpr-ccpa-compliance", "eval-judge"],
        ("The claims assistant cites policy clauses that don't exist; tighten the system prompt",
         ["prompt-engineer"]),
        ("Move the policy embeddings from FAISS files to Qdrant", ["vector-database-engineer", "vector-db-expert"]),
        ("Extract the policy number, incident date and damage type from claim emails", ["nlp-engineer"]),
        ("Plan serving the assistant on our own GPUs instead of the hosted API", ["llm-architect", "ai-engineer"]),
        ("Rewrite the LangChain retrieval chain that loads every PDF on each request", ["langchain-expert"]),
        ("May we send claimants' medical notes to a US model provider under GDPR?", ["gdpr-ccpa-compliance"]),
        ("Write five image prompts for the onboarding illustrations, one per claim type", ["prompt-crafter"]),
        ("Book a meeting room for the claims team's offsite", None),
        ("Rename the Slack channel for claim escalations", None))

project("kart-racer-unity",
        ["unity-developer", "game-developer", "csharp-expert", "csharp-pro", "network-engineer",
         "performance-engineer", "ui-designer", "qa-expert", "build-engineer"],
        ("Karts clip through the guard rail at high speed on the harbour track",
         ["unity-developer", "game-developer"]),
        ("Split-screen drops to 25 fps on the Switch",
         ["unity-developer", "game-developer", "performance-engineer"]),
        ("Rollback netcode for online races with four players", ["game-developer"]),
        ("Cut the Unity build time on CI from 50 to 15 minutes", ["build-engineer"]),
        ("List what QA must try in tournament mode before the beta: brackets, ties, disconnects", ["qa-expert"]),
        ("Design the garage menu where players paint their kart", ["ui-designer"]),
        ("Book the voice actor for the announcer lines", None),
        ("Set up the studio's Discord server for playtesters", None))

project("yoga-retreats-wordpress",
        ["wordpress-master", "php-pro", "php-expert", "seo-specialist", "seo-content-writer", "seo-meta-optimizer",
         "content-marketer", "landing-page-copywriter", "accessibility-tester", "security-auditor"],
        ("The WooCommerce booking plugin crashes on PHP 8.3", ["wordpress-master", "php-pro", "php-expert"]),
        ("Search results show one identical snippet for all 25 retreat pages; write distinct titles and "
         "meta descriptions", ["seo-meta-optimizer", "seo-specialist"]),
        ("Write the landing page for the Portugal autumn retreat", ["landing-page-copywriter"]),
        ("Check the WordPress install for a backdoor after a strange admin account appeared", ["security-auditor"]),
        ("The homepage takes 9 s on mobile; fix the caching and the images", ["wordpress-master"]),
        ("Plan six months of blog posts around beginner yoga travel", ["content-marketer"]),
        ("Show the new 4 pm check-in time on the Lisbon retreat page", None))

ELIXIR = ["elixir-expert", "elixir-pro", "phoenix-expert"]
project("live-auction-phoenix",
        ELIXIR + ["erlang-expert", "postgres-pro", "websocket-engineer", "redis-expert", "chaos-engineer",
                  "architect-reviewer"],
        ("Bids placed in the last second sometimes lose to earlier lower bids", ELIXIR),
        ("Move the bid ticker from polling to Phoenix LiveView", ["phoenix-expert", "elixir-pro"]),
        ("The GenServer per auction crashes and loses the bid history; restructure the supervision tree",
         ["elixir-expert", "elixir-pro", "erlang-expert"]),
        ("Kill a node during a live auction in staging and see what bidders notice", ["chaos-engineer"]),
        ("Review the design that shards auctions across three regions", ["architect-reviewer"]),
        ("Searching lots by title takes 3 s; the Postgres plan shows a seq scan", ["postgres-pro"]),
        ("Photograph the lots for Saturday's vintage watch sale", None))

project("hospital-pharmacy-fhir",
        ["hipaa-compliance", "healthcare-admin", "compliance-auditor", "security-engineer", "python-pro",
         "fastapi-developer", "api-documenter", "database-administrator", "data-analyst"],
        ("Add a FastAPI endpoint returning a patient's active prescriptions as FHIR MedicationRequest",
         ["fastapi-developer", "python-pro"]),
        ("Is it a HIPAA problem that pharmacists can see the patients of every ward?",
         ["hipaa-compliance", "compliance-auditor"]),
        ("Which HCPCS J-codes apply to the infusions we dispense, for the payer claims?", ["healthcare-admin"]),
        ("We could only restore last night's dump after the bad migration; make any minute restorable",
         ["database-administrator"]),
        ("Write the reference docs of the formulary API for the ward tablet team", ["api-documenter"]),
        ("Rotate the signing keys and encrypt backups at rest across the pharmacy systems", ["security-engineer"]),
        ("How many prescriptions per ward were cancelled last quarter, and why?", ["data-analyst"]),
        ("Order a new fridge thermometer for the pharmacy", None),
        ("Move the Discharge button to the right of Save", None))

RUST = ["rust-pro", "rust-expert", "rust-engineer"]
project("rust-log-shipper",
        RUST + ["actix-expert", "cli-developer", "kafka-expert", "opentelemetry-expert", "dependency-manager",
                "github-actions-expert", "readme-generator"],
        ("The shipper panics on log lines with invalid UTF-8", RUST),
        ("Batch the writes to Kafka with idempotent producers so restarts don't duplicate lines", ["kafka-expert"]),
        ("Export the shipper's own metrics and traces with OpenTelemetry", ["opentelemetry-expert"]),
        ("Make --help and the tail, ship and replay subcommands consistent", ["cli-developer"]),
        ("cargo audit flags two crates with advisories; sort out the upgrades", ["dependency-manager"]),
        ("Cache cargo's target directory in the GitHub Actions workflow; every run rebuilds from scratch",
         ["github-actions-expert"]),
        ("Rewrite the README: install, config file and a first run in five minutes", ["readme-generator"]),
        ("Write the talk abstract for RustConf", None),
        ("Bump the version to 0.9.1 in Cargo.toml", None))

project("football-club-analytics",
        ["data-scientist", "ml-engineer", "machine-learning-engineer", "mlops-engineer", "pytorch-expert",
         "scikit-learn-expert", "tensorflow-expert", "pandas-expert", "data-engineer", "ab-test-analysis"],
        ("Predict players' injury risk from training load with scikit-learn",
         ["scikit-learn-expert", "data-scientist"]),
        ("The live match app must get pass-completion predictions from the model within 50 ms",
         ["ml-engineer", "machine-learning-engineer"]),
        ("A new scouting model should go live only after it beats the current one on last month's matches",
         ["mlops-engineer"]),
        ("The PyTorch video model runs out of GPU memory at batch size 8", ["pytorch-expert"]),
        ("Did the new warm-up routine reduce hamstring injuries? We have two seasons of data", ["data-scientist"]),
        ("Join the GPS tracker exports to the match events and clean up the timestamps", ["pandas-expert"]),
        ("Book the team bus for the away game in Leeds", None))

ANGULAR = ["angular-architect", "angular-expert"]
project("bin-collection-portal",
        ANGULAR + ["typescript-expert", "jasmine-expert", "cypress-expert", "accessibility-tester",
                   "ui-visual-validator", "frontend-security-coder", "documentation-specialist"],
        ("Upgrade the portal from Angular 14 to Angular 18 with standalone components", ANGULAR),
        ("CollectionDayService gets bank holidays wrong; pin the rules down in Jasmine specs first",
         ["jasmine-expert"] + ANGULAR),
        ("Address search lags because every keystroke fires a request; debounce it with RxJS", ANGULAR),
        ("Catch visual regressions in the bin calendar before each release", ["ui-visual-validator"]),
        ("Residents paste HTML into the missed-collection form and it renders; fix it", ["frontend-security-coder"]),
        ("Cypress: a resident reports a missed bin and sees the reference number", ["cypress-expert"]),
        ("Change 'wheelie bin' to 'wheeled bin' in every label", None))

NODE = ["node-specialist", "nodejs-expert", "express-expert"]
project("concert-ticketing-node",
        NODE + ["fastify-expert", "typescript-pro", "mongodb-expert", "mongoose-expert", "graphql-architect",
                "websocket-engineer", "penetration-tester", "performance-engineer"],
        ("Move the seat-hold timers out of setTimeout in the Express process so a restart doesn't drop them", NODE),
        ("Add an index so the Mongoose query for upcoming shows by city stops scanning the collection",
         ["mongoose-expert", "mongodb-expert"]),
        ("Design the GraphQL schema of venues, shows and seat maps for the partner apps", ["graphql-architect"]),
        ("Stream live seat availability to the seat map instead of reloading it", ["websocket-engineer"]),
        ("Try to resell the same ticket twice through the transfer API, as an attacker would",
         ["penetration-tester"]),
        ("The on-sale at 10:00 must take 50,000 fans in the first minute; load-test the queue",
         ["performance-engineer"]),
        ("Choose the support band for the Lisbon date", None))

project("e-bike-motor-controller",
        ["embedded-systems", "arm-cortex-expert", "c-pro", "c-expert", "cpp-pro", "rust-engineer",
         "firmware-analyst", "iot-engineer", "technical-writer"],
        ("Motor assist cuts out for half a second when the battery drops below 30%",
         ["embedded-systems", "arm-cortex-expert", "c-pro"]),
        ("Write unit tests for the torque sensor filter in filter.c that run on the host", ["c-pro", "c-expert"]),
        ("Port the speed-limiter module from C to Rust without changing its behaviour",
         ["rust-engineer", "c-pro", "c-expert"]),
        ("Check whether the bootloader lets someone flash unsigned firmware over the diagnostic port",
         ["firmware-analyst"]),
        ("Push firmware updates to 8,000 bikes over the air and report which ones failed", ["iot-engineer"]),
        ("Write the service manual section on calibrating the torque sensor", ["technical-writer"]),
        ("Choose the frame colour for the 2027 model", None))

project("language-app-startup",
        ["product-manager", "ux-researcher", "business-analyst", "market-researcher", "competitive-analyst",
         "growth-loops", "cohort-analysis", "ab-test-analysis", "startup-analyst", "scrum-master"],
        ("The Spanish streak reminder variant got 4.8% day-7 retention against 4.1%; is that real?",
         ["ab-test-analysis"]),
        ("How do the users who signed up in January compare with February's after 90 days?", ["cohort-analysis"]),
        ("Size the market for adult learners of Portuguese in the US", ["market-researcher", "startup-analyst"]),
        ("What do Duolingo and Babbel charge for family plans, and how do they position them?",
         ["competitive-analyst"]),
        ("Design a referral loop where learners invite a practice partner", ["growth-loops"]),
        ("Run the retro for the sprint that slipped two weeks", ["scrum-master"]),
        ("Decide whether to build offline lessons or a tutor marketplace first", ["product-manager"]),
        ("Record the Brazilian Portuguese audio for lesson 12", None),
        ("Pay the translators' invoices for October", None))

project("agent-team-workbench",
        ["agent-organizer", "multi-agent-coordinator", "task-distributor", "context-manager", "workflow-orchestrator",
         "error-coordinator", "knowledge-synthesizer", "tech-lead-orchestrator", "team-lead", "mcp-developer"],
        ("Split the docs migration into subtasks and say which agent takes each",
         ["agent-organizer", "team-lead", "tech-lead-orchestrator"]),
        ("Write the state machine for the review step: retries, timeouts and rollback", ["workflow-orchestrator"]),
        ("Decide where agents keep their notes and handoff files under .work/", ["context-manager"]),
        ("Dig through last month's agent logs for failures that keep cascading",
         ["error-coordinator", "knowledge-synthesizer"]),
        ("Agents cannot read our Linear tickets; give them a tool server for it over the Model Context Protocol",
         ["mcp-developer"]),
        ("Four agents edit the same file and overwrite each other; define how they take turns",
         ["multi-agent-coordinator"]),
        ("Rename the repository from agent-lab to agent-works", None))

project("tutor-marketplace-payouts",
        ["payment-integration", "stripe-expert", "fintech-engineer", "backend-developer", "node-specialist",
         "postgres-pro", "compliance-auditor", "security-auditor", "legal-advisor", "customer-support"],
        ("Pay tutors weekly through Stripe Connect and hold 10% until the lesson is rated",
         ["stripe-expert", "payment-integration", "fintech-engineer"]),
        ("Are we a payment institution under PSD2 if we hold tutors' money for a week?",
         ["legal-advisor", "compliance-auditor"]),
        ("Audit the payout service for PCI DSS scope creep", ["compliance-auditor", "security-auditor"]),
        ("The payouts table is 80 GB and the weekly run takes 3 hours in Postgres", ["postgres-pro"]),
        ("Write canned replies for tutors asking why their payout is on hold", ["customer-support"]),
        ("Add a Node endpoint where tutors download their yearly earnings statement",
         ["node-specialist", "backend-developer"]),
        ("Organise the tutor meetup in Manchester", None),
        ("Change the payout email's subject line to 'Your weekly earnings'", None))

project("web-agency-servers",
        ["bash-pro", "posix-shell-pro", "ansible-expert", "terraform-expert", "docker-expert", "security-engineer",
         "network-engineer", "sre-engineer", "cloud-architect"],
        ("Make deploy.sh stop on the first error and quote every variable", ["bash-pro"]),
        ("The backup script must also run on the clients' Alpine and BusyBox boxes", ["posix-shell-pro"]),
        ("Turn the hand-written server setup notes into Ansible roles", ["ansible-expert"]),
        ("Shrink the PHP image from 1.2 GB and stop running it as root", ["docker-expert"]),
        ("Sites time out for clients in Singapore only; trace where the route goes wrong", ["network-engineer"]),
        ("Should we move the 60 client sites from our VPSs to one cloud provider? Compare cost and risk",
         ["cloud-architect"]),
        ("Send the Christmas cards to the agency's clients", None),
        ("Invoice the bakery client for October's hosting", None))

project("property-listings-search",
        ["elasticsearch-expert", "opensearch-expert", "search-specialist", "fastapi-expert", "python-pro",
         "redis-expert", "data-engineer", "seo-structure-architect", "ux-designer"],
        ("Searching 'two bed garden' misses listings that say 'two-bedroom with a garden'; fix the Elasticsearch "
         "analyzer", ["elasticsearch-expert"]),
        ("Sync listing changes from the estate agents' CRM into the index within a minute", ["data-engineer"]),
        ("The /search endpoint in FastAPI blocks while it calls the index; make it async",
         ["fastapi-expert", "python-pro"]),
        ("Add schema.org markup and internal links to the neighbourhood pages", ["seo-structure-architect"]),
        ("Cache the popular searches for five minutes", ["redis-expert"]),
        ("Rethink the filters panel; users give up after setting three filters", ["ux-designer"]),
        ("Fix the spelling of 'Semi-detached' in the property type list", None))

REACT = ["react-expert", "react-pro", "react-specialist"]
project("school-photos-app",
        REACT + ["gdpr-ccpa-compliance", "legal-advisor", "threat-modeling-expert", "security-auditor",
                 "node-specialist", "database-design-database-architect"],
        ("What must we do within a month when a parent asks us to erase their child's photos?",
         ["gdpr-ccpa-compliance", "legal-advisor"]),
        ("Threat-model the photo sharing link that teachers send to parents", ["threat-modeling-expert"]),
        ("The gallery re-renders all 600 thumbnails when one is liked", REACT),
        ("Review the terms of service before we sign the first school district", ["legal-advisor"]),
        ("Model the schools, classes, consent forms and photos tables for the new backend",
         ["database-design-database-architect"]),
        ("Check the upload API for path traversal and files over the size limit", ["security-auditor"]),
        ("Pick the font for the printed photo cards", None))

project("weather-api-docs",
        ["documentation-engineer", "technical-writer", "api-documenter", "openapi-expert", "docs-drift-editor",
         "mermaid-expert", "c4-context", "content-quality-editor", "code-reviewer-pro", "astro-expert"],
        ("Publish the weather API's OpenAPI 3.1 file with try-it-now examples",
         ["api-documenter", "openapi-expert", "documentation-engineer", "technical-writer"]),
        ("The rate-limit page still says 60 requests a minute after we raised it to 120", ["docs-drift-editor"]),
        ("Show as a Mermaid diagram how a station reading becomes a forecast tile", ["mermaid-expert"]),
        ("Draw a system context diagram of our users, the station network and the forecast providers",
         ["c4-context"]),
        ("Strip the AI-sounding phrases from the changelog before the release", ["content-quality-editor"]),
        ("The docs site build takes 4 minutes in Astro; content collections reload every page", ["astro-expert"]),
        ("Move the weather station photos into a media folder", None),
        ("Pay the docs site's hosting invoice", None))

if __name__ == "__main__":
    write_projects("projects_train4.json", P, "train")
