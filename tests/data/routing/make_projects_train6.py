"""Writes projects_train6.json beside it: 30 small projects for VALIDATION use (see README.md, "Stop 19").

    .venv/bin/python tests/data/routing/make_projects_train6.py

Written in stop 19 (data19) in the shape issue 15 gives for its check, as a second blind validation set beside
projects_train5.json: 30 projects of 5 to 14 agents (the sizes spread over the whole range) picked from all five
collections of the corpus, about 210 tasks, about 20% with no fitting agent in their project. Teams as users
assemble them (a SaaS web app, mobile apps, a data team, infra repositories, games, a library, a docs site...), each
mixing near-duplicates from different collections, broad "use PROACTIVELY" / "MUST BE USED" agents and decoys that
share a keyword but not the job (`fiber-expert`, on textile fibres, in a broadband provider and a Go service on
Fiber, `braintree-expert` beside Stripe, `kafka-expert` beside RabbitMQ and NATS, `network-engineer` beside game
netcode, `selenium-expert` beside Playwright, `nextjs-developer` in a Nuxt site, `tensorflow-expert` in a PyTorch
team, `eval-judge` beside an LLM evaluation, `actix-expert` in a Rust CLI, `pulumi-expert` beside Terraform).
Tasks are TASKS.md lines as in the issue: a technology, a file or a product named and review, tests, docs,
security, migration, performance, incident, feature, data, product or ops work asked for; some say the effect
wanted or ask a question.

Labelled with the rules of README.md ("Fresh held-out sets") by reading each project's agents (names,
descriptions, bodies where the description left the job unclear) before ralphy's router ran on any of it; the
commit that adds it has no figures. Every right agent of the project is listed. Every project is `train` (a
validation set: its misses are not listed by bench_routing.py --errors, and no rule is written from it).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_projects  # noqa: E402

P = []


def project(name, agents, *tasks):
    P.append({"project": name, "agents": agents,
              "tasks": [{"task": task, "expected": expected} for task, expected in tasks], "split": "train"})


RAILS = ["rails-expert", "ruby-pro"]
project("ferry-bookings-rails",
        RAILS + ["rails-activerecord-expert", "sidekiq-expert", "stripe-expert", "braintree-expert",
                 "owasp-top10-expert", "code-reviewer-pro", "playwright-expert"],
        ("Can someone change another passenger's booking by editing the reference in the URL? Check the whole site for "
         "holes like that", ["owasp-top10-expert"]),
        ("The sailings index fires 400 queries per page; fix the N+1 in the ActiveRecord scopes",
         ["rails-activerecord-expert"]),
        ("Send the boarding-pass emails from a Sidekiq job instead of inside the request", ["sidekiq-expert"]),
        ("Foot passengers paying through Stripe see a blank page after the 3-D Secure check", ["stripe-expert"]),
        ("Write Playwright tests for moving a booking to a later sailing", ["playwright-expert"]),
        ("Give the new timetable importer a thorough code review before we merge it", ["code-reviewer-pro"]),
        ("Replace the jQuery seat picker with a Stimulus controller and Turbo frames", RAILS),
        ("Put the summer sailing schedule PDF on the shared drive", None))

IOS = ["ios-expert", "swiftui-expert", "swift-expert", "ios-developer"]
project("tide-tables-ios",
        IOS + ["mobile-security-coder", "ux-designer"],
        ("The tide chart stutters when scrolling a month ahead on an iPhone 12", IOS),
        ("Add a home-screen widget that shows the next high tide", IOS),
        ("Make the tide download code in TideClient.swift use async/await instead of completion handlers",
         ["swift-expert", "ios-expert", "ios-developer"]),
        ("The harbour API key sits in UserDefaults; move it somewhere an attacker cannot read it",
         ["mobile-security-coder"]),
        ("Sailors miss the storm warning among the other alerts; rework the alert flow so it stands out",
         ["ux-designer"]),
        ("Invite the sailing club members to the TestFlight beta", None),
        ("Move the saved harbours from Core Data to SwiftData", IOS))

DJANGO = ["django-expert", "django-developer", "api-scaffolding-django-pro"]
project("hospital-rota-django",
        DJANGO + ["django-orm-expert", "celery-expert", "postgres-expert", "Python Security Expert",
                  "Python Testing Expert", "accessibility-expert", "hr-pro"],
        ("Set up pytest with factories for wards, nurses and shifts so the team can start testing the rota",
         ["Python Testing Expert"] + DJANGO),
        ("The weekly rota view runs one query per nurse; bring it down to a handful",
         ["django-orm-expert", "api-scaffolding-django-pro", "django-expert"]),
        ("Check the login and password reset for OWASP issues before the trust's security review",
         ["Python Security Expert"]),
        ("Nurses using a screen reader cannot pick a shift in the calendar", ["accessibility-expert"]),
        ("Send the rota reminders from Celery beat instead of the crontab on the old server",
         ["celery-expert", "api-scaffolding-django-pro"]),
        ("Draft the policy on how many night shifts in a row staff may work", ["hr-pro"]),
        ("Add a REST endpoint so the ward tablets can fetch open shifts", DJANGO),
        ("Order pizzas for the night shift's leaving do", None))

project("pottery-kiln-logger-c",
        ["c-pro", "c-expert", "arm-cortex-expert", "embedded-systems", "iot-engineer"],
        ("The STM32 kiln controller resets when the thermocouple read takes longer than the watchdog allows",
         ["arm-cortex-expert", "embedded-systems", "c-pro"]),
        ("Fix the buffer overrun in ring_buffer.c when the log wraps", ["c-pro", "c-expert"]),
        ("Send firing curves from 40 studio kilns to a cloud dashboard and update their firmware over the air",
         ["iot-engineer"]),
        ("Write the SPI driver for the new MAX31856 thermocouple board on the Cortex-M4",
         ["arm-cortex-expert", "embedded-systems"]),
        ("Glaze recipes for the spring workshop need printing", None),
        ("Order a replacement kiln shelf from the supplier", None))

project("broadband-signup-nextjs",
        ["nextjs-pro", "nextjs-expert", "react-nextjs-expert", "fiber-expert", "network-engineer",
         "seo-specialist", "landing-page-copywriter"],
        ("The address checker on the signup page takes 5 s to show which fibre packages a street can get",
         ["nextjs-pro", "nextjs-expert", "react-nextjs-expert"]),
        ("Prerender the 3,000 street pages at build time and refresh each when its coverage changes",
         ["nextjs-pro", "nextjs-expert", "react-nextjs-expert"]),
        ("The 900 Mbit launch page converts at 0.8%; rewrite its top so more visitors start a signup",
         ["landing-page-copywriter"]),
        ("Our pages fell off the first page of Google for 'fibre broadband Leeds' after the redesign",
         ["seo-specialist"]),
        ("Which splice loss is acceptable on the new fibre runs to the street cabinets?", None),
        ("Send the engineers' van rota to the regional managers", None),
        ("Send the street cabinet photos to the council planning officer", None))

project("grain-coop-data",
        ["data-engineer", "pandas-expert", "data-scientist", "data-analyst", "grafana-expert", "sql-expert",
         "database-admin", "Python Web Scraping Expert"],
        ("Load the weighbridge tickets from each silo into the warehouse every night", ["data-engineer"]),
        ("Forecast next harvest's wheat intake per silo from five years of tickets", ["data-scientist"]),
        ("Which farms delivered grain above the moisture limit most often last season?",
         ["data-analyst", "data-scientist"]),
        ("Collect the daily grain prices from the commodity exchange's public web pages",
         ["Python Web Scraping Expert"]),
        ("Merge the moisture readings with the ticket table and drop duplicate tickets in pandas",
         ["pandas-expert"]),
        ("Keep a streaming replica of the co-op's Postgres in the second office and rehearse failing over to it",
         ["database-admin"]),
        ("Put the silo fill levels on a wall dashboard in the office", ["grafana-expert", "data-analyst"]),
        ("Book the hall for the co-op's annual general meeting", None))

FLUTTER = ["flutter-expert", "dart-expert", "mobile-app-developer", "frontend-mobile-development-mobile-developer",
           "mobile-developer"]
project("hiking-trails-flutter",
        FLUTTER + ["ui-designer", "mobile-security-coder", "qa-expert"],
        ("Trails with 3,000 GPS points make the map screen drop frames on older Android phones", FLUTTER),
        ("Let hikers download a trail and follow it with no signal", FLUTTER),
        ("How should we test GPS recording across 30 phone models before summer? Decide what to automate and what to "
         "walk by hand", ["qa-expert"]),
        ("The app's WebView for trail reports runs any script it is given", ["mobile-security-coder"]),
        ("Design the trail detail screen so elevation, time and difficulty read at a glance", ["ui-designer"]),
        ("Refactor the elevation parser in lib/gpx.dart to null safety", ["dart-expert", "flutter-expert"]),
        ("Ask the national park for permission to use their trail photos", None))

project("tram-tickets-spring",
        ["spring-boot-expert", "spring-boot-engineer", "java-pro", "java-expert", "java-architect",
         "keycloak-expert", "oauth-oidc-expert", "rabbitmq-expert", "kafka-expert", "legacy-modernizer",
         "comprehensive-review-code-reviewer"],
        ("Plan moving the ticket machines' back office off the Struts 1 app onto Spring Boot 3",
         ["legacy-modernizer", "java-architect", "spring-boot-expert", "spring-boot-engineer", "java-pro"]),
        ("Validation messages from the fare-calculation RabbitMQ queue pile up in the dead-letter queue",
         ["rabbitmq-expert"]),
        ("Let inspectors log in to the handheld app with their city staff accounts in Keycloak",
         ["keycloak-expert", "oauth-oidc-expert"]),
        ("Rewrite the zone-fare lookup with records and pattern matching now that we are on Java 21",
         ["java-pro", "java-expert"]),
        ("The day-pass endpoint in Spring Boot holds a database connection for the whole request; shorten it",
         ["spring-boot-expert", "spring-boot-engineer", "java-pro"]),
        ("Look over the change to the season-ticket renewal code before it merges",
         ["comprehensive-review-code-reviewer"]),
        ("Print new timetables for the tram stops on line 4", None),
        ("Order new uniforms for the ticket inspectors", None))

project("synth-plugin-cpp",
        ["cpp-pro", "cpp-expert", "c-pro", "performance-engineer", "build-engineer", "readme-generator"],
        ("The reverb plugin's process() allocates memory on the audio thread and clicks at 64-sample buffers",
         ["cpp-pro", "cpp-expert", "performance-engineer"]),
        ("CMake builds of the plugin take 14 minutes on the CI runners", ["build-engineer"]),
        ("Write the README for the open-source wavetable oscillator library", ["readme-generator"]),
        ("Port the filter code from C++11 to C++20 concepts and ranges", ["cpp-pro", "cpp-expert"]),
        ("Record demo loops for the plugin's product page", None),
        ("Pick a name for the new delay pedal plugin", None))

project("quiz-night-svelte",
        ["svelte-expert", "frontend-developer", "websocket-expert", "websocket-engineer", "tailwind-expert",
         "vitest-expert", "playwright-expert", "selenium-expert", "ui-visual-validator", "seo-meta-optimizer"],
        ("Players' answers arrive late on the host screen when 200 phones are connected",
         ["websocket-expert", "websocket-engineer"]),
        ("Write Vitest cases for the scoring store in src/lib/score.ts, tie-breaks included",
         ["vitest-expert", "svelte-expert"]),
        ("Test joining a quiz by room code end to end with Playwright", ["playwright-expert"]),
        ("The leaderboard re-renders every row when one score changes", ["svelte-expert"]),
        ("Buttons look different on every page; bring the spacing and colours into one Tailwind theme",
         ["tailwind-expert"]),
        ("Catch it when the question cards' layout shifts between releases", ["ui-visual-validator"]),
        ("Every pub landing page has the same title tag; give each its own title and description",
         ["seo-meta-optimizer"]),
        ("Write the questions for next Thursday's music round", None))

project("wind-farm-infra",
        ["terraform-expert", "terraform-engineer", "cicd-automation-terraform-specialist", "ansible-expert",
         "kubernetes-specialist", "prometheus-expert", "sre-engineer", "devops-incident-responder",
         "incident-responder", "network-engineer", "pulumi-expert", "hybrid-cloud-architect"],
        ("Split the Terraform state for the turbine telemetry stack per environment",
         ["terraform-expert", "terraform-engineer", "cicd-automation-terraform-specialist"]),
        ("Patch the SCADA gateway VMs every month with an Ansible playbook", ["ansible-expert"]),
        ("The telemetry ingest pods restart every night at 02:00 with OOMKilled", ["kubernetes-specialist"]),
        ("Alert when a turbine stops reporting for more than ten minutes", ["prometheus-expert"]),
        ("We get paged for every blip; decide what reliability the turbine status API owes the control room and page "
         "only when that is at risk", ["sre-engineer"]),
        ("The control room lost its dashboards an hour ago and operators are flying blind",
         ["devops-incident-responder", "incident-responder"]),
        ("Connect the offshore substation's site network to the Azure VNet over a VPN that survives a link going down",
         ["network-engineer", "hybrid-cloud-architect"]),
        ("Renew the wildcard TLS certificate for the maintenance portal", None),
        ("Send the safety briefing slides to the new technicians", None))

project("tenant-portal-laravel",
        ["laravel-expert", "laravel-specialist", "laravel-backend-expert", "laravel-eloquent-expert", "php-pro",
         "mysql-expert", "legal-advisor", "payment-integration", "documentation-expert"],
        ("Tenants can see each other's repair requests by changing the id in the URL",
         ["laravel-expert", "laravel-specialist", "laravel-backend-expert", "php-pro"]),
        ("Collect rent by direct debit every month and retry failed payments", ["payment-integration"]),
        ("Model leases, tenants and guarantors with the right Eloquent relationships",
         ["laravel-eloquent-expert", "laravel-specialist"]),
        ("Is our clause that keeps the deposit for any wall marks enforceable?", ["legal-advisor"]),
        ("Write the guide for landlords on adding a property and inviting tenants", ["documentation-expert"]),
        ("Upgrade the portal from Laravel 9 to Laravel 11",
         ["laravel-expert", "laravel-specialist", "laravel-backend-expert", "php-pro"]),
        ("Replace the stock photo of keys on the login page", None))

project("beekeeping-forum-express",
        ["express-expert", "nodejs-expert", "node-specialist", "mongoose-expert", "sequelize-expert",
         "jest-expert", "mocha-expert", "redis-expert", "code-archaeologist"],
        ("Write Jest tests for the hive-inspection validator in lib/inspection.js", ["jest-expert"]),
        ("The thread list query in Mongoose loads every reply; paginate it and add an index",
         ["mongoose-expert"]),
        ("Cache the popular threads so the forum survives the swarm-season traffic", ["redis-expert"]),
        ("Nobody left knows how the old notification code works; map it out before we touch it",
         ["code-archaeologist"]),
        ("Move the Express app from callbacks to async/await and Node 22",
         ["express-expert", "nodejs-expert", "node-specialist"]),
        ("Add an endpoint that lets members mark a post as a swarm alert for their county",
         ["express-expert", "nodejs-expert", "node-specialist"]),
        ("Pin the honey-show results thread to the top of the forum", None))

project("vineyard-sensors-iot",
        ["iot-engineer", "mqtt-expert", "embedded-systems", "arm-cortex-expert", "firmware-analyst",
         "data-engineer"],
        ("Soil sensors drop off the MQTT broker whenever the LTE link flaps; they should resume with no lost readings",
         ["mqtt-expert", "iot-engineer"]),
        ("Roll out a new firmware to 600 sensor nodes in stages and roll back the ones that fail",
         ["iot-engineer"]),
        ("The nRF52 nodes drain their battery in three weeks instead of a season",
         ["embedded-systems", "arm-cortex-expert"]),
        ("We bought a second-hand weather station; check its firmware for backdoors before it joins the network",
         ["firmware-analyst"]),
        ("Build the pipeline that lands the sensor readings in the warehouse for the agronomists",
         ["data-engineer"]),
        ("Order 50 more soil moisture probes", None),
        ("Plan the harvest festival's tasting menu", None))

project("museum-guide-astro-docs",
        ["astro-expert", "technical-writer", "documentation-expert", "documentation-specialist", "mermaid-expert",
         "docs-drift-editor", "accessibility-tester", "seo-structure-architect", "content-quality-editor",
         "code-documentation-tutorial-engineer", "api-documenter", "reference-builder", "c4-context"],
        ("Write the getting-started page for museums adding their first audio tour to the platform",
         ["technical-writer", "documentation-expert", "documentation-specialist",
          "code-documentation-tutorial-engineer"]),
        ("Write the OpenAPI spec for the tour upload endpoints and publish it on the docs site",
         ["api-documenter", "reference-builder", "technical-writer"]),
        ("The exhibit-stop pages still describe the old QR flow after last week's change; bring them in line with "
         "the diff", ["docs-drift-editor"]),
        ("Draw the sequence of a visitor scanning a stop and the audio streaming back, as a diagram in the docs",
         ["mermaid-expert"]),
        ("Build the docs site's tour pages from a content collection so each tour is one Markdown file",
         ["astro-expert"]),
        ("Visitors with low vision say the code samples are unreadable; test the docs against WCAG contrast and zoom",
         ["accessibility-tester"]),
        ("The release notes were drafted by a chatbot; clean them up before we publish",
         ["content-quality-editor"]),
        ("Move the docs repository from the company's GitLab group to the new one", None))

UNITY = ["unity-developer", "game-developer"]
project("kayak-racer-unity",
        UNITY + ["csharp-expert", "csharp-pro", "network-engineer", "performance-engineer", "ui-designer",
                 "visual-asset-generator", "qa-expert", "build-engineer"],
        ("Boats clip through the rocks on the rapids level since the physics step changed", UNITY),
        ("Other players' kayaks jump around in online races with 150 ms of lag", UNITY),
        ("Loading the canyon level takes 40 s on the Steam Deck", UNITY + ["performance-engineer"]),
        ("Unity builds for four platforms take two hours on the build server", ["build-engineer"]),
        ("Make the app icon and the frames for the store screenshots before launch", ["visual-asset-generator"]),
        ("Plan how we test 60 tracks across four consoles before certification", ["qa-expert"]),
        ("Hire a composer for the soundtrack", None),
        ("Set the studio's office router to give the consoles fixed IPs", None))

project("plugin-shop-minecraft",
        ["minecraft-bukkit-pro", "java-expert", "java-pro", "mysql-expert", "stripe-expert"],
        ("Players can duplicate items by closing the shop menu while the server lags", ["minecraft-bukkit-pro"]),
        ("Add a /sell command that prices items from a YAML config", ["minecraft-bukkit-pro"]),
        ("Charge for the VIP rank through Stripe and grant it when the payment succeeds", ["stripe-expert"]),
        ("The player stats table in MySQL needs an index; the leaderboard query takes 3 s", ["mysql-expert"]),
        ("Replace the raw HashMaps in the economy core with records and sealed interfaces on Java 21",
         ["java-pro", "java-expert"]),
        ("Design a new logo for the server's Discord", None),
        ("Ban the griefer who burned spawn last night", None))

ELECTRON = ["electron-expert", "electron-pro"]
project("invoice-desktop-electron",
        ELECTRON + ["typescript-expert", "react-expert", "sqlite-expert", "frontend-security-coder",
                    "tauri-expert", "dependency-manager"],
        ("The invoice app's renderer can call Node APIs; lock it down with context isolation and a preload",
         ELECTRON + ["frontend-security-coder"]),
        ("Sign and notarise the macOS build and ship auto-updates for Windows", ELECTRON),
        ("Searching 40,000 invoices in the local SQLite file takes 2 s", ["sqlite-expert"]),
        ("npm audit lists 37 vulnerable packages; sort out which matter and update them", ["dependency-manager"]),
        ("Type the IPC messages between main and renderer so a wrong payload fails to compile",
         ["typescript-expert"]),
        ("Renew the code-signing certificate with the certificate authority", None),
        ("Reply to the customer asking for a Linux version", None))

project("climbing-walls-nuxt",
        ["vue-nuxt-expert", "vue-expert", "vue-component-architect", "nextjs-developer", "typescript-pro",
         "stripe-expert", "postgres-expert", "ux-researcher", "performance-optimizer", "code-review-preshipment",
         "cypress-expert"],
        ("The route finder page of the Nuxt site is 3 s slower since we switched on SSR for it",
         ["vue-nuxt-expert", "performance-optimizer"]),
        ("Members want to log which routes they climbed; add it to the profile page",
         ["vue-nuxt-expert", "vue-expert", "vue-component-architect"]),
        ("Sell ten-visit passes as a Stripe product with a member discount", ["stripe-expert"]),
        ("Why do half the new members never book a second session? Interview some and find out",
         ["ux-researcher"]),
        ("Last night's hotfix, the pass pricing and the waitlist all ship together; check the lot for races and "
         "missing error handling first", ["code-review-preshipment"]),
        ("Cover booking a belay induction end to end in Cypress", ["cypress-expert"]),
        ("Members' visit history grows by a million rows a month; partition it in Postgres", ["postgres-expert"]),
        ("Sweep the chalk dust out of the storage room", None))

project("pension-portal-angular",
        ["angular-expert", "angular-architect", "angularjs-expert", "legacy-modernizer", "typescript-expert",
         "jasmine-expert", "accessibility-tester", "security-auditor", "compliance-auditor", "rest-expert",
         "architect-reviewer", "project-manager", "business-analyst"],
        ("The AngularJS statements app is end-of-life; work out how to replace it screen by screen while it stays live",
         ["legacy-modernizer", "angularjs-expert", "angular-expert", "angular-architect"]),
        ("Write Jasmine specs for the contribution calculator service, including the tax-free lump sum",
         ["jasmine-expert", "angular-expert"]),
        ("Check the member portal against WCAG 2.2 AA before the regulator's review", ["accessibility-tester"]),
        ("Pen-test the beneficiary change flow before it goes live", ["security-auditor"]),
        ("Map the portal's controls to the pensions regulator's cyber resilience guidance and list the gaps",
         ["compliance-auditor"]),
        ("Review the proposal to split the portal into three micro-frontends", ["architect-reviewer"]),
        ("Find out how the payroll teams of employers send contribution files today and write up the requirements",
         ["business-analyst"]),
        ("The RxJS streams in the dashboard subscribe twice and fire every request twice",
         ["angular-expert", "angular-architect"]),
        ("Send the trustees the minutes of their last meeting", None),
        ("Draw up the milestones and risks for the portal relaunch in spring", ["project-manager"]))

project("bird-calls-ml",
        ["pytorch-expert", "tensorflow-expert", "ml-engineer", "machine-learning-engineer", "mlops-engineer",
         "data-scientist", "scikit-learn-expert", "ml-data-expert", "dgx-spark-ops-engineer", "numpy-expert",
         "Python Performance Expert", "scientific-literature-researcher"],
        ("Train the bird-call classifier in PyTorch on the new 40-species set", ["pytorch-expert", "ml-engineer"]),
        ("Serve the classifier behind an API that answers in under 200 ms for the phone app",
         ["machine-learning-engineer", "ml-engineer"]),
        ("Version the models and datasets and retrain automatically when new recordings land",
         ["mlops-engineer"]),
        ("Vectorise the spectrogram loop in features.py; it takes an hour for a day of audio",
         ["numpy-expert", "Python Performance Expert"]),
        ("Find published accuracy figures for bird-call classifiers on the same species",
         ["scientific-literature-researcher"]),
        ("The GB10 box throttles to half speed twenty minutes into every training run", ["dgx-spark-ops-engineer"]),
        ("Is the model worse for birds recorded at dawn? Break the errors down by time of day",
         ["data-scientist", "ml-data-expert"]),
        ("Record bird calls at the wetland reserve on Saturday", None),
        ("Buy new microphones for the field team", None))

EXPO = ["expo-expert", "expo-react-native-expert", "react-native-expert", "multi-platform-apps-mobile-developer"]
project("recipe-box-expo",
        EXPO + ["typescript-pro", "ux-designer", "image-generator"],
        ("Recipes with 40 photos make the list screen janky on Android", EXPO),
        ("Send a push notification when a friend shares a recipe", EXPO),
        ("Let cooks keep their saved recipes when the phone has no signal in the kitchen", EXPO),
        ("Type the recipe API responses with generics so screens stop casting to any", ["typescript-pro"]),
        ("Home cooks abandon the shopping-list screen; make adding ingredients less fiddly", ["ux-designer"]),
        ("Generate a hero image of a rustic bread loaf for the autumn campaign", ["image-generator"]),
        ("Answer the App Store reviewer's question about the subscription terms", None))

RUST = ["rust-engineer", "rust-pro", "rust-expert"]
project("subtitle-sync-rust-cli",
        RUST + ["cli-developer", "github-actions-expert", "actix-expert"],
        ("Shifting the timings of a two-hour SRT file takes 9 s; make it faster", RUST),
        ("Add a --dry-run flag and clearer errors for files in the wrong encoding", ["cli-developer"] + RUST),
        ("The parser panics on a subtitle block with no text line", RUST),
        ("Run clippy and the tests on pull requests and cache the cargo registry between runs",
         ["github-actions-expert"]),
        ("Reply to the fansub group that asked to use the tool commercially", None),
        ("Add the new contributor to the AUTHORS file", None))

project("choir-site-wordpress",
        ["wordpress-master", "php-expert", "seo-content-writer", "css-expert", "html-expert"],
        ("The concert calendar plugin stopped showing dates after the WordPress 6.6 update", ["wordpress-master"]),
        ("Write a 900-word article for people searching 'how to join a community choir'", ["seo-content-writer"]),
        ("The season brochure page overflows on phones; fix the CSS grid", ["css-expert"]),
        ("Add a custom post type for rehearsal notes that only members can see", ["wordpress-master"]),
        ("Choose the pieces for the Christmas concert", None),
        ("Print the programme for the spring concert", None))

project("court-filings-rag",
        ["llm-architect", "ai-engineer", "langchain-expert", "vector-database-engineer", "vector-db-expert",
         "prompt-engineer", "llm-finetuning-eval-engineer", "eval-judge", "legal-advisor", "python-pro",
         "openai-api-expert"],
        ("Answers cite the wrong page of the filing; the chunks split paragraphs in the middle",
         ["langchain-expert", "llm-architect", "ai-engineer"]),
        ("Searching for 'injunction' misses filings that say 'restraining order'; add hybrid keyword and vector search "
         "in Qdrant",
         ["vector-database-engineer", "vector-db-expert"]),
        ("The assistant invents case numbers; rewrite the system prompt so it only quotes what it retrieved",
         ["prompt-engineer"]),
        ("Build a golden set of 200 questions from past filings to score each new model version",
         ["llm-finetuning-eval-engineer"]),
        ("Our OpenAI bill tripled last month; batch the nightly summaries and cache repeated prompts",
         ["openai-api-expert"]),
        ("Can we keep clients' filings on a US-hosted model provider under our engagement letters?",
         ["legal-advisor"]),
        ("Design how retrieval, reranking and the model fit together for the firm's 2 million pages",
         ["llm-architect", "ai-engineer"]),
        ("File the court fee receipts in the finance folder", None),
        ("Order a larger monitor for the paralegal", None))

GO = ["golang-pro", "go-expert"]
project("parcel-lockers-go",
        GO + ["gin-expert", "grpc-expert", "nats-expert", "kafka-expert", "fiber-expert", "opentelemetry-expert",
              "observability-monitoring-observability-engineer", "distributed-debugging-error-detective",
              "microservices-architect"],
        ("Add a gin handler that opens a locker door from a one-time code", ["gin-expert"]),
        ("The locker-status stream over gRPC drops clients after 30 s behind the load balancer", ["grpc-expert"]),
        ("Publish a 'parcel delivered' event on NATS and have the notifier consume it once only", ["nats-expert"]),
        ("Trace a pickup from the app through the three services so we see where the 4 s go",
         ["opentelemetry-expert", "observability-monitoring-observability-engineer"]),
        ("Couriers get 'locker busy' errors at random across the fleet since Tuesday; find out why",
         ["distributed-debugging-error-detective"]),
        ("The reservation worker leaks goroutines when a locker is offline", GO),
        ("Lockers, couriers and payments all call each other synchronously; design how the services should talk "
         "instead", ["microservices-architect"]),
        ("Replace the sticker on locker bank 12 at the station", None))

project("bookkeeping-office-windows",
        ["windows-infra-admin", "powershell-5.1-expert", "powershell-7-expert", "m365-admin",
         "ad-security-reviewer", "powershell-security-hardening", "it-ops-orchestrator", "network-engineer"],
        ("Map the clients share as drive K: for the accounts team through Group Policy",
         ["windows-infra-admin", "powershell-5.1-expert"]),
        ("Create mailboxes and Teams access for the three new bookkeepers starting Monday", ["m365-admin"]),
        ("Which accounts can reset the partners' passwords, and through which groups?", ["ad-security-reviewer"]),
        ("The nightly backup script runs with a domain admin password in plain text; fix that",
         ["powershell-security-hardening"]),
        ("Automate the Azure file-share snapshots with a PowerShell 7 script that runs from a pipeline",
         ["powershell-7-expert"]),
        ("The office Wi-Fi drops every afternoon when everyone is on video calls", ["network-engineer"]),
        ("Collect the old laptops for the recycling firm on Thursday", None),
        ("Renew the office's accountancy software licence", None))

project("meal-kit-product-team",
        ["product-manager", "ux-researcher", "ab-test-analysis", "cohort-analysis", "competitive-analyst",
         "market-researcher", "growth-loops", "backlog-grooming", "customer-success-manager", "startup-analyst",
         "scrum-master", "content-marketer"],
        ("The new recipe-swap button: variant B got 4% more reorders on 9,000 users; is that real?",
         ["ab-test-analysis"]),
        ("Do customers who signed up in January churn faster than the autumn sign-ups?", ["cohort-analysis"]),
        ("Which three features go into the next quarter: gift boxes, family plans or a pause button?",
         ["product-manager"]),
        ("Compare our prices and delivery days with the two big meal-kit brands", ["competitive-analyst"]),
        ("Estimate how big the market for vegan meal kits in Scandinavia is", ["market-researcher",
                                                                              "startup-analyst"]),
        ("The backlog has 340 tickets, half of them stale; clean it up before planning",
         ["backlog-grooming"]),
        ("Turn each delivered box into new sign-ups through a referral loop", ["growth-loops"]),
        ("Big accounts from the office-lunch plan are going quiet; find who is at risk and how to keep them",
         ["customer-success-manager"]),
        ("Sprint retros run long and nothing changes afterwards; make them work", ["scrum-master"]),
        ("Book the photographer for the summer menu shoot", None))

project("geo-utils-python-library",
        ["python-pro", "python-expert", "Python Testing Expert", "numpy-expert", "readme-generator",
         "documentation-generation-api-documenter", "Python DevOps/CI-CD Expert"],
        ("Replace the dict of tuples in geo/grid.py with dataclasses and drop the module-level cache",
         ["python-pro", "python-expert"]),
        ("Write property-based tests for the polygon area function, with the antimeridian cases",
         ["Python Testing Expert"]),
        ("Vectorise the haversine loop so a million point pairs take under a second",
         ["numpy-expert", "python-pro", "python-expert"]),
        ("The README still documents functions we removed; rebuild it from the code", ["readme-generator"]),
        ("Run the tests on Python 3.10 to 3.13 in CI and cache the virtualenvs between runs",
         ["Python DevOps/CI-CD Expert"]),
        ("Answer the issue asking whether we will support Python 3.8 again", None),
        ("Change the licence year in LICENSE", None))

DOTNET = ["dotnet-core-expert", "dotnet-architect", "csharp-developer", "aspnet-core-expert"]
project("payroll-dotnet",
        DOTNET + ["dotnet-framework-4.8-expert", "csharp-pro", "legacy-modernizer",
                  "framework-migration-legacy-modernizer", "mssql-expert", "backend-development-security-auditor",
                  "backend-development-test-automator", "azure-infra-engineer", "deployment-engineer",
                  "tech-lead-orchestrator"],
        ("Plan retiring the VB.NET payroll engine on .NET Framework 4.8 and rebuilding it in C# module by module",
         ["legacy-modernizer", "framework-migration-legacy-modernizer", "dotnet-framework-4.8-expert"] + DOTNET),
        ("The year-end payslip run on SQL Server takes six hours; the tax query scans every row", ["mssql-expert"]),
        ("Review the payslip API for broken access control before the new clients go live",
         ["backend-development-security-auditor"]),
        ("The statutory sick pay rules have no automated tests at all; build a suite around them",
         ["backend-development-test-automator"] + DOTNET + ["csharp-pro"]),
        ("Release the payroll API to production only after the staging smoke tests pass, with a one-click rollback",
         ["deployment-engineer"]),
        ("Work out the order to build payslip e-delivery in, across API, database and front end, and who takes which "
         "part", ["tech-lead-orchestrator"]),
        ("Fix the rounding bug in the overtime calculation in the old WebForms app",
         ["dotnet-framework-4.8-expert"]),
        ("Send the payroll calendar for next year to the clients", None))

if __name__ == "__main__":
    write_projects("projects_train6.json", P, "train")
