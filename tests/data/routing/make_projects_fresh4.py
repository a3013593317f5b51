"""Writes projects_fresh4.json beside it: 30 small projects, all held out (see README.md, "Stop 20 (data20)").

    .venv/bin/python tests/data/routing/make_projects_fresh4.py

Written in stop 20 (data20) in the shape issue 15 gives for its check (30 projects of 5 to 14 agents picked from
public collections, about 210 hand-labelled tasks, about 20% with no fitting agent), as a third blind pair beside
voltagent_heldout4.jsonl. Unlike stop 17's and stop 19's pairs it is HELD OUT: nobody tunes on it or reads its
figures; the lead reads it once (``bench_routing.py --fresh``) as a clean check of a routing change.

Agents from all five collections of the corpus (one agent per name, as ``bench_routing.load_corpus`` loads it, so
``swift-expert`` or ``flutter-expert`` are the 0xfurai files), teams as users assemble them, each mixing
near-duplicates from different collections, broad "use PROACTIVELY" / "MUST BE USED" agents and decoys that share a
keyword but not the job (``fiber-expert`` beside a fibre broadband order, ``remix-expert`` in a Next.js site,
``tensorflow-expert`` in a PyTorch lab, ``sequelize-expert`` beside Mongoose, ``mocha-expert`` beside Jest,
``braintree-expert`` beside Stripe, ``vue-nuxt-expert`` in a plain Vue app, ``network-engineer`` beside game lag,
``webpack-expert`` beside Rollup, ``actix-expert`` in a library, ``jest-expert`` beside Vitest).

Labelled with the rules of README.md ("Fresh held-out sets", and "Stop 20 (data20)" for when two agents fit) by
reading each project's agents (names, descriptions, bodies where the description left the job unclear:
``node-specialist`` and ``nodejs-expert`` name Express; ``iot-engineer`` and ``embedded-systems`` name OTA updates;
``rails-backend-expert`` hands API endpoints and query tuning to ``rails-api-developer`` and
``rails-activerecord-expert``; ``django-backend-expert`` names Celery; ``kotlin-specialist`` names Android and
Compose) before ralphy's router was run on any of it; the commit that adds it has no figures. Every right agent of
the project is listed. Tasks are TASKS.md lines written by hand for this repository (no outside source). Every
project is ``test``.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_projects  # noqa: E402

P = []


def project(name, agents, *tasks):
    P.append({"project": name, "agents": agents,
              "tasks": [{"task": task, "expected": expected} for task, expected in tasks], "split": "test"})


# a small front end: one framework agent, a language agent, accessibility, UX and an e2e tester
project("sign-language-dictionary-svelte",
        ["svelte-expert", "typescript-expert", "accessibility-expert", "ux-designer", "playwright-expert"],
        ("Write Playwright tests for looking up a sign by handshape and playing its clip in slow motion",
         ["playwright-expert"]),
        ("Deaf users on iPad cannot reach the slow-motion toggle with Switch Control", ["accessibility-expert"]),
        ("Replace the any types in src/lib/videoIndex.ts with proper generics", ["typescript-expert"]),
        ("Convert the writable stores in the lesson player to Svelte 5 runes", ["svelte-expert"]),
        ("Learners can't tell whether to copy the sign first or watch it first on the practice screen; rework that "
         "flow", ["ux-designer"]),
        ("Film the 40 new signs of the farming vocabulary", None),
        ("Move the glossary spreadsheet to the shared drive", None))

# a research data team: pandas/NumPy, data roles, a database pair, a literature researcher and a research decoy
project("peatland-carbon-data",
        ["pandas-expert", "numpy-expert", "data-engineer", "data-scientist", "data-analyst", "ml-data-expert",
         "scikit-learn-expert", "sql-pro", "postgres-expert", "scientific-literature-researcher",
         "search-specialist", "Python Testing Expert"],
        ("Load the flux towers' hourly CSV drops into Postgres every night and flag a tower that went silent",
         ["data-engineer"]),
        ("fill_gaps.py loops over 8 million rows one at a time; vectorise the gap filling",
         ["pandas-expert", "numpy-expert"]),
        ("Does rewetting a drained bog raise methane in the first five years? Find the published field "
         "measurements", ["scientific-literature-researcher"]),
        ("Predict water-table depth from rainfall and air temperature with a model we can explain to the funders",
         ["data-scientist", "scikit-learn-expert", "ml-data-expert"]),
        ("Build the board's monthly dashboard of carbon uptake per site", ["data-analyst"]),
        ("The per-site summary query on the readings table takes 40 s in Postgres; find the missing index",
         ["sql-pro", "postgres-expert"]),
        ("Order replacement batteries for tower 7", None),
        ("Rename 'Site B' to 'Moss Flats' on the map legend", None))

# a Laravel SaaS: four Laravel agents, an Eloquent agent, Tailwind, a security auditor and a broad reviewer
LARAVEL = ["laravel-specialist", "php-pro", "laravel-backend-expert", "laravel-expert"]
project("allergen-menu-saas-laravel",
        LARAVEL + ["laravel-eloquent-expert", "tailwind-frontend-expert", "backend-development-security-auditor",
                   "code-reviewer-pro", "mysql-expert", "stripe-expert"],
        ("Audit the restaurant dashboard for IDOR: can one restaurant open another's recipes by changing the id?",
         ["backend-development-security-auditor"]),
        ("The dish list runs a query per ingredient; eager-load the allergen relations",
         ["laravel-eloquent-expert", "laravel-specialist", "laravel-expert", "laravel-backend-expert"]),
        ("Bill restaurants monthly per location with Stripe Billing", ["stripe-expert"]),
        ("Generate the printable allergen matrix from a queued job instead of inside the request", LARAVEL),
        ("Make the ingredient chips in the menu editor wrap properly on phones with Tailwind",
         ["tailwind-frontend-expert"]),
        ("Review PR #212, which changes how allergens are inherited from sub-recipes", ["code-reviewer-pro"]),
        ("The nightly MySQL dump locks the orders table for four minutes", ["mysql-expert"]),
        ("Translate the allergen names into Portuguese for the Lisbon client", None))

# a Next.js booking site: three Next.js agents, a Remix decoy, front-end security, SEO metadata, design
NEXT = ["nextjs-pro", "react-nextjs-expert", "nextjs-expert"]
project("mountain-hut-bookings-nextjs",
        NEXT + ["remix-expert", "frontend-security-coder", "seo-meta-optimizer", "ui-ux-designer"],
        ("Hut pages still live under pages/; port them to app/ with server components", NEXT),
        ("Hut names typed into the guestbook render as HTML; close that XSS hole", ["frontend-security-coder"]),
        ("Design the booking calendar for huts that have both dormitory beds and private rooms",
         ["ui-ux-designer"]),
        ("The availability page renders on every request; cache it with ISR and revalidate when a booking lands",
         NEXT),
        ("Ask the hut wardens for their winter opening dates", None),
        ("Put the alpine club's new logo in the header", None))

# a Go dispatch service: two Go agents, a gin agent, gRPC, Redis, NATS, observability, a debugger, a fibre decoy
GO = ["golang-pro", "go-expert"]
project("wheelchair-taxi-dispatch-go",
        GO + ["gin-expert", "grpc-expert", "redis-expert", "nats-expert", "fiber-expert",
              "observability-monitoring-observability-engineer", "incident-response-debugger"],
        ("Add a gin middleware that rejects requests without a valid dispatcher token", ["gin-expert"]),
        ("Switch the driver app's location updates to a gRPC server stream", ["grpc-expert"]),
        ("Cache the accessible-vehicle lookup in Redis for 30 seconds", ["redis-expert"]),
        ("Publish a ride.assigned event on NATS when a driver accepts a job", ["nats-expert"]),
        ("Add tracing so we can see where a booking spends its 9 seconds between the app and the driver",
         ["observability-monitoring-observability-engineer"]),
        ("Since Tuesday some rides get assigned to two drivers at once and nobody knows why",
         ["incident-response-debugger"]),
        ("Two goroutines write the pending-rides map at once and it panicked in production; guard it", GO),
        ("Order fibre broadband for the new depot office", None))

# a WordPress site for a brass band: the WordPress agent, CSS, SEO structure, accessibility, content, assets
project("brass-band-wordpress",
        ["wordpress-master", "css-expert", "seo-structure-architect", "accessibility-tester", "content-marketer",
         "visual-asset-generator"],
        ("Add a custom post type for concerts with date, venue and a ticket link", ["wordpress-master"]),
        ("The sticky header covers the section titles when you follow an anchor link", ["css-expert"]),
        ("Can a blind visitor buy a concert ticket on our site with a screen reader? Test it",
         ["accessibility-tester"]),
        ("Plan a season of posts that gets teenagers to join the junior band", ["content-marketer"]),
        ("Make a favicon and a social share image from the band's crest", ["visual-asset-generator"]),
        ("Concerts don't show up with their dates in Google; add structured data for them", ["seo-structure-architect"]),
        ("Book the church hall for the Christmas concert", None))

# an iOS health app: four iOS agents, mobile security, HIPAA, healthcare admin, a visual validator
IOS = ["ios-expert", "swiftui-expert", "swift-expert", "ios-developer"]
project("insulin-dose-logger-ios",
        IOS + ["mobile-security-coder", "hipaa-compliance", "healthcare-admin", "ui-visual-validator"],
        ("Read glucose values from HealthKit and chart the last 24 hours", IOS),
        ("Keep the dose history out of unencrypted device backups", ["mobile-security-coder"]),
        ("We want to send dose logs to the clinic's portal; what does HIPAA require of us as a business associate?",
         ["hipaa-compliance"]),
        ("The dose list drops frames on an iPhone SE once a year of entries is loaded", IOS),
        ("Catch layout regressions on the dose entry screen in dark mode and the largest text size",
         ["ui-visual-validator"]),
        ("Which CPT code does the clinic bill for reviewing a patient's uploaded dose log remotely?",
         ["healthcare-admin"]),
        ("Change the app icon's badge colour to teal", None),
        ("Get the endocrinologist to sign off the carb-ratio wording", None))

# a docs site: Astro, a MUST-BE-USED documentation agent, tutorials, diagrams, README, an SEO content auditor
project("lighthouse-museum-docs-astro",
        ["astro-expert", "documentation-specialist", "code-documentation-tutorial-engineer", "mermaid-expert",
         "readme-generator", "seo-content-auditor"],
        ("Move the changelog into an Astro content collection with typed frontmatter", ["astro-expert"]),
        ("Write a step-by-step tutorial for volunteers who add a new exhibit page",
         ["code-documentation-tutorial-engineer", "documentation-specialist"]),
        ("Draw the path from ticket scan to audio-guide unlock as a sequence diagram", ["mermaid-expert"]),
        ("The repository's README still describes the old Jekyll setup; rewrite it from what the repo holds now",
         ["readme-generator", "documentation-specialist"]),
        ("Score the 'Visiting with children' page for thin content and missing trust signals",
         ["seo-content-auditor"]),
        ("The ferry timetable link 404s since the operator moved its site", None),
        ("Put the winter opening hours on the visit page", None))

# embedded telemetry: two C agents, ARM Cortex and embedded firmware, IoT, MQTT, a firmware security analyst
C = ["c-pro", "c-expert"]
project("tractor-telemetry-firmware",
        C + ["arm-cortex-expert", "embedded-systems", "iot-engineer", "mqtt-expert", "firmware-analyst", "cpp-pro",
             "rust-expert", "bash-pro", "grafana-expert"],
        ("The CAN reader on the STM32 misses frames at high revs; move it to DMA",
         ["arm-cortex-expert", "embedded-systems", "c-pro"]),
        ("Pick QoS levels for the tractor MQTT topics so no fuel reading is lost on patchy 4G",
         ["mqtt-expert", "iot-engineer"]),
        ("3,000 tractors need new firmware without a mechanic visiting; plan how updates reach them",
         ["iot-engineer", "embedded-systems"]),
        ("A tractor sold on eBay still had our firmware on it; what secrets could someone pull from that image?",
         ["firmware-analyst"]),
        ("Fix the off-by-one in ring_buffer.c that overwrites the oldest sample too early", C),
        ("Build a Grafana dashboard of engine hours and fuel burned per farm", ["grafana-expert"]),
        ("tools/flash.sh breaks on paths with spaces and carries on after a failed write; harden it", ["bash-pro"]),
        ("Ship the spare gateways to the dealer in Lviv", None))

# a Flutter app: six mobile agents, websockets, Android, iOS, research, NLP, a FastAPI backend, a Selenium decoy
FLUTTER = ["flutter-expert", "dart-expert", "mobile-developer", "mobile-app-developer",
           "multi-platform-apps-mobile-developer", "frontend-mobile-development-mobile-developer"]
project("language-exchange-flutter",
        FLUTTER + ["websocket-engineer", "android-expert", "ios-developer", "ux-researcher", "selenium-expert",
                   "nlp-engineer", "python-development-fastapi-pro"],
        ("Add a hold-to-record voice message button to the chat screen", FLUTTER),
        ("Chat messages arrive twice after the phone switches from wifi to 4G", ["websocket-engineer"]),
        ("Interview ten learners who stopped after their first week and find out why", ["ux-researcher"]),
        ("Detect which language a message is written in so we can offer a translation", ["nlp-engineer"]),
        ("The FastAPI matching endpoint pairs people with the same native language; fix the filter",
         ["python-development-fastapi-pro"]),
        ("Flashcards added offline vanish instead of syncing when the connection comes back", FLUTTER),
        ("Add the Welsh flag to the language picker", None),
        ("Find a native Korean speaker to check the beginner phrases", None))

# an infrastructure repository: three Kubernetes and three Terraform agents, a Pulumi decoy, mesh, CI, SRE
K8S = ["kubernetes-specialist", "cicd-automation-kubernetes-architect", "kubernetes-expert"]
TF = ["terraform-engineer", "terraform-expert", "cloud-infrastructure-terraform-specialist"]
project("warehouse-platform-infra",
        K8S + TF + ["pulumi-expert", "ansible-expert", "prometheus-expert", "sre-engineer", "service-mesh-expert",
                    "cicd-automation-deployment-engineer", "github-actions-expert", "network-engineer"],
        ("Split the Terraform state per warehouse so a plan for one cannot touch another", TF),
        ("Pick-list pods get evicted every night at 02:00 on node pool b", K8S),
        ("Scanner services must only accept calls from each other; enforce that in the Istio mesh",
         ["service-mesh-expert"]),
        ("Alert when a conveyor controller stops sending metrics for five minutes", ["prometheus-expert"]),
        ("Agree an availability target for the pick-list API and what we stop doing when we burn through it",
         ["sre-engineer"]),
        ("Build and push images from GitHub Actions only when the Dockerfile or src/ changed",
         ["github-actions-expert", "cicd-automation-deployment-engineer"]),
        ("The site-to-site VPN between the Leeds warehouse and the cloud VPC drops every few hours",
         ["network-engineer"]),
        ("Order two more label printers for Leeds", None))

# a Unity game: Unity, game developer, two C# agents, an RL engineer, a network decoy, a UI designer
project("bee-colony-sim-unity",
        ["unity-developer", "game-developer", "csharp-pro", "csharp-expert", "reinforcement-learning-engineer",
         "network-engineer", "ui-designer"],
        ("Bees clip through the hive walls since the move to Unity 6 physics", ["unity-developer", "game-developer"]),
        ("Train the hornets to learn raiding routes instead of following waypoints",
         ["reinforcement-learning-engineer"]),
        ("HiveTick.cs allocates a LINQ list every frame; rewrite it without garbage",
         ["csharp-pro", "csharp-expert", "unity-developer"]),
        ("Add a two-player co-op mode where the second player controls the queen",
         ["game-developer", "unity-developer"]),
        ("Design the honey-store HUD so players see at a glance what is running low", ["ui-designer"]),
        ("Online co-op stutters when 2,000 bees are on screen", ["game-developer", "unity-developer"]),
        ("Record the buzzing for the drone bees", None),
        ("Send the Steam page text to the publisher", None))

# a Django SaaS: four Django agents, a DRF agent, Celery, Python security, GDPR, Postgres, a pre-ship reviewer, HR
DJANGO = ["django-expert", "django-developer", "django-backend-expert", "python-development-django-pro"]
project("tenant-referencing-django",
        DJANGO + ["django-api-developer", "celery-expert", "Python Security Expert", "gdpr-ccpa-compliance",
                  "postgresql-pglite-pro", "code-review-preshipment", "hr-pro"],
        ("Add a DRF endpoint that lets letting agents fetch a tenant's reference status",
         ["django-api-developer", "django-expert", "django-developer", "python-development-django-pro"]),
        ("Landlords upload payslips as PDFs; make sure a renamed .exe cannot get through",
         ["Python Security Expert"]),
        ("A tenant asked us to delete everything we hold on them: what must we erase and what may we keep?",
         ["gdpr-ccpa-compliance"]),
        ("Move the credit-check calls into Celery tasks with retries",
         ["celery-expert", "python-development-django-pro", "django-backend-expert"]),
        ("Add a Guarantor model linked to a tenancy, with its admin page", DJANGO),
        ("Reference search uses LIKE on Postgres and takes seconds; add a trigram index", ["postgresql-pglite-pro"]),
        ("Write the job ad for a second support person", ["hr-pro"]),
        ("Change 'Referee' to 'Previous landlord' on the form", None),
        ("Pay the October invoice from the credit agency", None))

# a tiny serverless alerts service: SNS, DynamoDB, Python, Python tests, a technical writer
project("river-level-sms-alerts",
        ["sns-expert", "dynamodb-expert", "python-pro", "Python Testing Expert", "technical-writer"],
        ("Text everyone subscribed to a gauge when the river passes the amber line", ["sns-expert"]),
        ("Design the DynamoDB keys so one query returns a gauge's last seven days", ["dynamodb-expert"]),
        ("Add type hints and a dataclass to the gauge parser in gauges/parse.py", ["python-pro"]),
        ("Write pytest cases for the amber and red thresholds, including readings that jump back down",
         ["Python Testing Expert", "python-pro"]),
        ("Write a guide for parish councils on signing their residents up", ["technical-writer"]),
        ("Ask the Environment Agency for access to the new gauge feed", None))

# a .NET ERP: Framework 4.8 and four ASP.NET Core agents, two legacy modernizers, SQL Server, Azure, QA, docs
CORE = ["dotnet-core-expert", "aspnet-core-expert", "csharp-developer", "dotnet-architect"]
project("scrap-yard-erp-dotnet",
        CORE + ["dotnet-framework-4.8-expert", "legacy-modernizer", "code-refactoring-legacy-modernizer",
                "mssql-expert", "powershell-7-expert", "azure-infra-engineer", "qa-expert", "api-documenter"],
        ("Plan how to get the weighbridge screens off WebForms and onto ASP.NET Core while the yard keeps trading",
         ["legacy-modernizer", "code-refactoring-legacy-modernizer", "dotnet-framework-4.8-expert"] + CORE),
        ("The daily metal price report's stored procedure takes three minutes on SQL Server", ["mssql-expert"]),
        ("Describe the ERP's App Service and SQL database in Bicep", ["azure-infra-engineer"]),
        ("Write the test plan for paying suppliers before user acceptance testing starts", ["qa-expert"]),
        ("The terminal vendor needs a reference of every endpoint we expose, with example requests",
         ["api-documenter"]),
        ("NullReferenceException in the invoice PDF generator of the old WebForms site",
         ["dotnet-framework-4.8-expert"]),
        ("Renew the weighbridge calibration certificate", None),
        ("Add the copper grade 'Millberry' to the price list", None))

# a Vue learning app: three Vue agents, a Nuxt decoy, TypeScript, Vitest and a Jest decoy, accessibility, backend
VUE = ["vue-expert", "vue-component-architect", "frontend-developer"]
project("kids-coding-club-vue",
        VUE + ["vue-nuxt-expert", "typescript-pro", "vitest-expert", "jest-expert", "accessibility-tester",
               "backend-developer"],
        ("Write Vitest tests for the badge rules in src/badges.ts", ["vitest-expert", "typescript-pro"]),
        ("Split the 900-line LessonEditor.vue into smaller components", VUE),
        ("Children using a screen magnifier lose the Run button off the edge of the screen",
         ["accessibility-tester"]),
        ("Add a server endpoint that saves a pupil's project and returns a share link", ["backend-developer"]),
        ("Turn on strict mode in tsconfig and fix what breaks in the store", ["typescript-pro"]),
        ("LessonList still uses mixins and the options API; rewrite it with composables", VUE),
        ("Print the certificates for the summer term", None),
        ("Email parents the new term dates", None))

# a Scala ledger: two Scala agents, Kafka, Cassandra, event sourcing, risk, compliance, ELK
project("fishing-quota-ledger-scala",
        ["scala-pro", "scala-expert", "kafka-expert", "cassandra-expert", "event-sourcing-architect", "java-pro",
         "risk-manager", "compliance-auditor", "elk-expert", "quant-analyst"],
        ("A projection of quota balances got corrupted; rebuild it from the event log",
         ["event-sourcing-architect"]),
        ("Consumers of the landings topic fall an hour behind when the fish market opens", ["kafka-expert"]),
        ("Replace the Futures in LandingService.scala with ZIO effects", ["scala-pro", "scala-expert"]),
        ("If a landing is recorded twice a vessel can go over quota unnoticed; size that risk and how to reduce it",
         ["risk-manager"]),
        ("Get ready for the fisheries authority's audit of how quota transfers are recorded",
         ["compliance-auditor"]),
        ("Find every rejected transfer from last month in Kibana", ["elk-expert"]),
        ("Book a meeting with the harbourmaster", None),
        ("Update the vessel photo on the dashboard", None))

# an old PHP register: Symfony, two PHP agents, a legacy modernizer, MariaDB, an archaeologist
project("cemetery-plot-register-php",
        ["symfony-specialist", "php-pro", "php-expert", "legacy-modernizer", "mariadb-expert",
         "code-archaeologist"],
        ("Nobody knows how the 2009 register code decides when a plot can be reused; map it before we touch it",
         ["code-archaeologist"]),
        ("Plan moving the register from flat PHP 5.3 scripts onto Symfony 7",
         ["legacy-modernizer", "symfony-specialist", "php-pro", "php-expert"]),
        ("Add a Doctrine entity for memorial benches and their plaque text", ["symfony-specialist", "php-pro"]),
        ("Surname searches crawl on MariaDB now that the burials table has 400,000 rows", ["mariadb-expert"]),
        ("The host drops PHP 7.4 in March; get the register running on 8.3", ["php-pro", "php-expert"]),
        ("Reprint the map of section C", None),
        ("Phone the stonemason about the fallen headstone", None))

# a product team with no developers: product, backlog, assumptions, cohorts, A/B tests, competitors, copy, CS
project("contractor-payroll-product",
        ["product-manager", "backlog-grooming", "assumption-mapping", "cohort-analysis", "ab-test-analysis",
         "competitive-analyst", "landing-page-copywriter", "customer-success-manager"],
        ("Which three features go into Q3, given what churned customers told us?", ["product-manager"]),
        ("Half our tickets date from 2023 and nobody knows if they still matter; tidy the backlog",
         ["backlog-grooming"]),
        ("Before we build contractor payouts in Brazil, list what we are assuming and what would sink it",
         ["assumption-mapping"]),
        ("Do companies that sign up in January stay longer than the ones that sign up in June?",
         ["cohort-analysis"]),
        ("Signup variant B got 212 trials against 190 for A; is that a real difference?", ["ab-test-analysis"]),
        ("Rewrite the landing page hero for finance leads at 50-person companies", ["landing-page-copywriter"]),
        ("Three big accounts haven't logged in for a month; what do we do before they renew?",
         ["customer-success-manager"]),
        ("Book the team offsite in Porto", None))

# a Node shop: Express, two Node agents, Mongoose and MongoDB, a Sequelize decoy, Jest, a Mocha decoy, OWASP
NODE = ["node-specialist", "nodejs-expert"]
project("zine-shop-express",
        ["express-expert"] + NODE + ["mongoose-expert", "mongodb-expert", "sequelize-expert", "jest-expert",
                                     "mocha-expert", "owasp-top10-expert"],
        ("Add an Express route where artists upload a zine PDF of up to 50 MB", ["express-expert"] + NODE),
        ("Looking up an order by the buyer's email takes 3 s in MongoDB",
         ["mongodb-expert", "mongoose-expert"]),
        ("lib/postage.js has no tests; cover parcels over 2 kg and overseas orders in Jest", ["jest-expert"] + NODE),
        ("Check the checkout for injection and broken access control before the zine fair",
         ["owasp-top10-expert"]),
        ("Add a Mongoose schema for pre-orders with a virtual for the days until release", ["mongoose-expert"]),
        ("The Node process grows until it is restarted every two days", NODE),
        ("Post the zine fair poster on Instagram", None))

# an LLM/RAG team: architect, AI engineer, prompts, two vector agents, LangChain, an eval engineer, an eval decoy
VECTOR = ["vector-database-engineer", "vector-db-expert"]
project("planning-applications-rag",
        ["llm-architect", "ai-engineer", "prompt-engineer"] + VECTOR + ["langchain-expert",
                                                                        "llm-finetuning-eval-engineer",
                                                                        "eval-judge", "openai-api-expert",
                                                                        "nlp-engineer"],
        ("Index the chunked planning documents in pgvector with an HNSW index", VECTOR),
        ("Build a golden set of 200 residents' questions with correct answers and score every prompt change "
         "against it", ["llm-finetuning-eval-engineer", "prompt-engineer"]),
        ("The bot quotes the wrong application number half the time; rewrite the system prompt so it cites its "
         "source", ["prompt-engineer"]),
        ("Stream answers from OpenAI token by token instead of waiting for the whole reply", ["openai-api-expert"]),
        ("Design the whole pipeline: retrieval, reranking, the answering model, fallbacks and cost per question",
         ["llm-architect", "ai-engineer"]),
        ("Pull the site address and decision date out of every planning letter", ["nlp-engineer"]),
        ("Present the prototype at the council's digital services meeting", None),
        ("Top up the team's GPU credits", None))

# an open-source library: three Rust agents, an Actix decoy, a reference builder, dependencies, git, a reviewer
RUST = ["rust-pro", "rust-engineer", "rust-expert"]
project("iso-week-date-crate",
        RUST + ["actix-expert", "reference-builder", "dependency-manager", "git-workflow-manager",
                "tdd-workflows-code-reviewer"],
        ("parse_iso_week panics on years before 1583; make it return an error instead", RUST),
        ("Generate a reference of every formatting specifier, with an example for each", ["reference-builder"]),
        ("Check the crate's dependencies for RustSec advisories and duplicated versions", ["dependency-manager"]),
        ("Set up branches so 2.x fixes keep shipping while 3.0 is built", ["git-workflow-manager"]),
        ("Review the PR that replaces the hand-written timezone table with a build script",
         ["tdd-workflows-code-reviewer"]),
        ("Make Duration generic over its unit with const generics without breaking the public API", RUST),
        ("Answer the email asking whether we will give a talk at RustConf", None),
        ("Change the crate logo's colour", None))

# a school's Windows IT: two Windows agents, AD security, M365, PowerShell hardening and UI, Azure, an IT-ops lead
WINDOWS = ["windows-infra-admin", "powershell-5.1-expert"]
project("secondary-school-windows-it",
        WINDOWS + ["ad-security-reviewer", "m365-admin", "powershell-security-hardening", "it-ops-orchestrator",
                   "azure-infra-engineer", "powershell-ui-architect"],
        ("Staff should get the S: drive at logon and pupils should not; set that up with Group Policy", WINDOWS),
        ("Three teachers who left in July still have accounts; check what they can still reach and through which "
         "groups", ["ad-security-reviewer", "windows-infra-admin"]),
        ("Give every new pupil a Teams account in their form group's team", ["m365-admin"]),
        ("Our logon scripts run with -ExecutionPolicy Bypass; require signed scripts instead",
         ["powershell-security-hardening"]),
        ("Build a small WPF tool the office can use to reset pupils' passwords", ["powershell-ui-architect"]),
        ("Plan the summer's IT work across AD clean-up, M365 licences and the Azure move, and who does which part",
         ["it-ops-orchestrator"]),
        ("The wifi in the sports hall drops every lesson", None),
        ("Buy 30 Chromebooks for year 7", None))

# a health portal: three React and three FastAPI agents, OIDC, a security auditor and coder, a reviewer, HIPAA
REACT = ["react-pro", "react-expert", "react-specialist"]
FASTAPI = ["python-development-fastapi-pro", "fastapi-expert", "fastapi-developer"]
project("clinical-trial-site-portal",
        REACT + FASTAPI + ["oauth-oidc-expert", "security-compliance-security-auditor",
                           "backend-api-security-backend-security-coder", "comprehensive-review-code-reviewer",
                           "hipaa-compliance", "ui-ux-designer"],
        ("Add a FastAPI endpoint that returns a site's enrolments per week", FASTAPI),
        ("The visit form re-renders on every keystroke and lags on the hospital's old PCs", REACT),
        ("Sign in through the hospital's Azure AD with OpenID Connect instead of local passwords",
         ["oauth-oidc-expert"]),
        ("Run a security audit of the portal before the sponsor's inspection",
         ["security-compliance-security-auditor"]),
        ("Make the adverse-event upload endpoint validate file type, size and the patient id",
         ["backend-api-security-backend-security-coder"]),
        ("Review the consent-withdrawal PR", ["comprehensive-review-code-reviewer"]),
        ("Which access log entries for PHI do we have to keep, and for how long?", ["hipaa-compliance"]),
        ("Collect the signed delegation logs from site 14", None),
        ("Swap the sponsor's logo on the login page", None))

# a Kotlin Android app: Android, two Kotlin agents, a mobile generalist, a UI designer, GraphQL, a broad optimizer
project("boat-charging-map-android",
        ["android-expert", "kotlin-specialist", "kotlin-expert", "mobile-app-developer", "ui-designer",
         "graphql-expert", "performance-optimizer"],
        ("Cluster the charging points on the Compose map when zoomed out",
         ["android-expert", "kotlin-specialist", "mobile-app-developer"]),
        ("Rewrite ChargerRepository.kt with suspend functions and a StateFlow of chargers",
         ["kotlin-specialist", "kotlin-expert"]),
        ("Design markers that show free, busy and broken chargers to colour-blind boaters", ["ui-designer"]),
        ("Add a GraphQL query for chargers within a radius, with cursor pagination", ["graphql-expert"]),
        ("The app takes five seconds to open from cold",
         ["android-expert", "mobile-app-developer", "performance-optimizer"]),
        ("Add the Norfolk Broads marinas to the list", None),
        ("Ask the canal trust for their outage feed", None))

# a front-end monorepo: monorepo, design system, two Tailwind, React, TS, Rollup and a Webpack decoy, build, docs
project("design-system-monorepo",
        ["monorepo-architect", "design-system-architect", "tailwind-expert", "tailwind-frontend-expert",
         "react-component-architect", "typescript-expert", "rollup-expert", "webpack-expert", "build-engineer",
         "ui-visual-validator", "css-expert", "docs-drift-editor", "team-collaboration-dx-optimizer"],
        ("CI rebuilds all 40 packages when one icon changes; build only what is affected",
         ["monorepo-architect", "build-engineer"]),
        ("Define colour and spacing tokens that each brand's theme can override", ["design-system-architect"]),
        ("Importing one icon pulls in all 900; fix the Rollup build so the rest are shaken out", ["rollup-expert"]),
        ("Catch visual changes in the 120 components on every pull request", ["ui-visual-validator"]),
        ("The Tabs docs still show the onSelect prop we renamed on Tuesday", ["docs-drift-editor"]),
        ("Convert the Card styles from CSS modules to Tailwind utilities",
         ["tailwind-expert", "tailwind-frontend-expert"]),
        ("Put the design conference tickets into the budget sheet", None),
        ("Rename the package scope from @acme to @pebble in the README", None))

# an ML lab: PyTorch with a TensorFlow decoy, two serving agents, MLOps, data science, DGX Spark, Python speed
SERVING = ["machine-learning-engineer", "ml-engineer"]
project("moth-trap-classifier",
        ["pytorch-expert", "tensorflow-expert"] + SERVING + ["mlops-engineer", "data-scientist",
                                                             "dgx-spark-ops-engineer", "scikit-learn-expert",
                                                             "Python Performance Expert", "ai-engineer"],
        ("Fine-tune the ResNet in train.py on the new moth photos with mixed precision",
         ["pytorch-expert", "ml-engineer"]),
        ("Field stations need the moth model answering over HTTP, scaled on the GPU box as traps report in", SERVING),
        ("We can't tell which photos trained the model now in use; version the datasets and the runs",
         ["mlops-engineer"]),
        ("nvidia-smi on the DGX Spark says no devices found since Friday's update", ["dgx-spark-ops-engineer"]),
        ("Are moth counts falling faster under street lights than in dark lanes? Test it properly",
         ["data-scientist"]),
        ("The image loader in dataset.py is slower than the GPU step; speed it up",
         ["Python Performance Expert", "pytorch-expert"]),
        ("Hand-label 500 photos of ghost moths", None))

# an Elixir marketplace: three Elixir/Phoenix agents, plain websockets, Postgres, threat modelling
ELIXIR = ["phoenix-expert", "elixir-pro", "elixir-expert"]
project("ticket-resale-phoenix",
        ELIXIR + ["websocket-expert", "postgres-expert", "threat-modeling-expert"],
        ("Show live seat availability with LiveView while tickets sell", ELIXIR),
        ("Scalper bots grab 200 tickets a second; threat-model the resale flow", ["threat-modeling-expert"]),
        ("The GenServer that holds the queue crashes and everyone loses their place", ["elixir-pro", "elixir-expert"]),
        ("Listing pages slow down as sold-out events pile up in Postgres; move old rows out of the hot table",
         ["postgres-expert"]),
        ("Push price drops over a plain WebSocket to the partner sites' widget", ["websocket-expert"]),
        ("Reply to the festival about their commission rate", None))

# an open-data API with broad designers: API architects, REST, OpenAPI, GraphQL, a tech lead, docs, research
project("council-open-data-api",
        ["backend-architect", "api-architect", "api-designer", "openapi-expert", "rest-expert", "graphql-architect",
         "tech-lead-orchestrator", "code-reviewer", "documentation-expert",
         "api-testing-observability-api-documenter", "search-specialist"],
        ("Design the API for bus stops, bin days and planning data before anyone writes code",
         ["api-architect", "api-designer", "backend-architect", "rest-expert"]),
        ("The bin-day endpoint has no machine-readable contract; describe it in OpenAPI 3.1",
         ["openapi-expert", "api-testing-observability-api-documenter", "api-designer", "api-architect"]),
        ("Should the events feed be GraphQL so the apps fetch only the fields they show?",
         ["graphql-architect", "api-architect", "api-designer"]),
        ("Break the open-data launch into tasks for the four developers and put them in order",
         ["tech-lead-orchestrator"]),
        ("Review the rate-limiting middleware before it is merged", ["code-reviewer"]),
        ("Write a page for hackathon teams on fetching their first bin-day result with curl",
         ["documentation-expert", "api-testing-observability-api-documenter"]),
        ("Find which other councils publish bin days as open data, and in what format", ["search-specialist"]),
        ("Choose a photo of the town hall for the portal's banner", None))

# a Rails SaaS: three Rails agents, API, ActiveRecord, Sidekiq, Stripe and a Braintree decoy, ops agents
RAILS = ["rails-expert", "ruby-pro", "rails-backend-expert"]
project("print-on-demand-rails",
        RAILS + ["rails-api-developer", "rails-activerecord-expert", "sidekiq-expert", "ruby-expert",
                 "stripe-expert", "braintree-expert", "postgres-pro", "code-archaeologist", "performance-optimizer",
                 "deploy-with-verification", "prod-logs-health-check"],
        ("Add an API endpoint where resellers submit print jobs as JSON", ["rails-api-developer"]),
        ("Run the PDF preflight checks in Sidekiq and retry them on timeouts", ["sidekiq-expert"]),
        ("The orders index fires 300 queries; fix it with includes", ["rails-activerecord-expert"]),
        ("Charge resellers with Stripe Connect and pay out the print partners", ["stripe-expert"]),
        ("Since the 16:00 release, is production logging warnings it wasn't logging this morning?",
         ["prod-logs-health-check"]),
        ("Nobody has touched the imposition code since 2016; explain how it lays pages out before we change it",
         ["code-archaeologist"]),
        ("Get us off Rails 6.1 before it stops receiving security fixes", RAILS),
        ("Replace the paper stock photos in the catalogue", None),
        ("Call the courier about the lost pallet", None))

if __name__ == "__main__":
    write_projects("projects_fresh4.json", P, "test")
