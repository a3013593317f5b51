"""Writes projects_train3.json beside it: 12 small projects for TRAIN use (see README.md, "Stop 15").

    .venv/bin/python tests/data/routing/make_projects_train3.py

Written in stop 15 (trainset15) with the label rules of README.md ("Fresh held-out sets"), before ralphy's router
was run on any of it, by someone who had not tuned the router. Other teams, people, products and domains than
every set here: a school timetable on FastAPI and Vue, a restaurant chain's Next.js ordering site, a Kotlin/Spring
freight broker, a price-tracking browser extension, a genomics lab, a council's Symfony permit portal, a Tauri
notes app, a charity's Microsoft 365 / Windows office, a quant desk, an open-source charting library's
maintainers, a vaccine cold-chain IoT fleet and a Go ride-hailing dispatch. Tasks are TASKS.md lines phrased as
people write them when they do not know the agents' words: the effect wanted, the user's situation, a question,
a bug report, mixed with plain lines that name a technology while asking for a role. About 20% have no fitting
agent in their project (chores, and work for a role the team lacks), several sharing a word with one of the
project's agents. Each project mixes near-duplicates from different collections, broad "MUST BE USED" /
"use PROACTIVELY" agents and keyword decoys (`task-distributor` where lessons are distributed over rooms,
`performance-monitor` where prices are monitored, `risk-manager` where risky permits are flagged, `julia-pro`
where Julia is a person, `electron-pro` in a Tauri app, `customer-support` beside a donor inbox,
`healthcare-admin` beside vaccine fridges, `search-specialist` where drivers are searched for, `rabbitmq-expert`
beside Kafka, `vitest-expert` beside Jest). Every right agent of the project is listed. Every project is `train`:
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


FASTAPI = ["fastapi-developer", "fastapi-expert", "python-development-fastapi-pro", "python-pro"]
project("school-timetable",
        ["fastapi-developer", "fastapi-expert", "python-development-fastapi-pro", "python-pro", "vue-expert",
         "vue-component-architect", "postgres-expert", "redis-expert", "Python Testing Expert", "api-documenter",
         "tech-lead-orchestrator", "task-distributor"],
        ("Two admins saved the timetable at the same moment and Mr Haddad ended up teaching in room 12 twice "
         "on Tuesday; make that impossible", FASTAPI + ["postgres-expert"]),
        ("Parents want to see their child's week at a glance on a phone", ["vue-expert", "vue-component-architect"]),
        ("GET /timetable for the whole school takes 2 seconds; teachers open it every morning at 8:00", FASTAPI),
        ("Spread the lessons over the rooms so no lab sits empty while the gym is double-booked", ["python-pro"]),
        ("The two partner schools want to pull our timetables into their own apps: what do they need to read "
         "before they call us?", ["api-documenter"]),
        ("Break the summer rewrite of the cover-teacher feature into steps we can hand out",
         ["tech-lead-orchestrator"]),
        ("Write tests proving a teacher can never be in two rooms in the same period", ["Python Testing Expert"]),
        ("Rename the 'Period' column to 'Lesson' on the printed sheet", None),
        ("Put the new school crest on the PDF export header", None))

NEXT = ["nextjs-developer", "react-nextjs-expert", "nextjs-expert"]
project("restaurant-ordering",
        ["nextjs-developer", "react-nextjs-expert", "nextjs-expert", "prisma-expert", "stripe-expert",
         "payment-integration", "tailwind-expert", "cypress-expert", "performance-optimizer", "ui-ux-designer",
         "code-reviewer-pro"],
        ("Customers who pay and close the tab straight away never reach the kitchen screen",
         ["stripe-expert", "payment-integration"]),
        ("Let people order now and pick up later today, in 15-minute slots", NEXT),
        ("The menu shows the wrong branch's prices for a second before switching to the right ones", NEXT),
        ("Add allergen flags to dishes in the schema and backfill the 400 dishes we already have",
         ["prisma-expert"]),
        ("On small phones nobody finds the checkout button; rethink the cart", ["ui-ux-designer"]),
        ("- [ ] ORD-212 Cover order-then-pay with browser tests that run on every pull request", ["cypress-expert"]),
        ("Lighthouse gives the menu page 38 on mobile", ["performance-optimizer"] + NEXT),
        ("Raise the price of the vegan burger at every branch", None),
        ("Write the job ad for a weekend kitchen porter", None))

SPRING = ["spring-boot-engineer", "spring-boot-expert"]
project("freight-broker",
        ["kotlin-specialist", "kotlin-expert", "spring-boot-engineer", "spring-boot-expert", "java-architect",
         "kafka-expert", "rabbitmq-expert", "mysql-expert", "gitlab-ci-expert", "legal-advisor"],
        ("Carriers get the same load offer twice whenever the offer consumer restarts",
         ["kafka-expert", "spring-boot-engineer"]),
        ("Replace the nested callbacks in the rate lookup with coroutines", ["kotlin-specialist", "kotlin-expert"]),
        ("Carriers need an endpoint to accept a load, with validation of the truck type and dates", SPRING),
        ("Where should we cut the monolith if quoting, dispatch and billing become separate services?",
         ["java-architect"]),
        ("Our GitLab pipeline takes 25 minutes; get it under 10", ["gitlab-ci-expert"]),
        ("Shippers wait 8 s when they filter quotes by lane; the MySQL slow log is attached", ["mysql-expert"]),
        ("Turn the nightly invoice run into a batch job that restarts where it failed", SPRING),
        ("Draft the liability clause of the carrier agreement for lost pallets", ["legal-advisor"]),
        ("Swap the truck icon on the dispatch board for the new one", None))

TS = ["typescript-pro", "typescript-expert"]
project("price-tracker-extension",
        ["typescript-pro", "typescript-expert", "javascript-pro", "frontend-security-coder", "webpack-expert",
         "jest-expert", "vitest-expert", "gdpr-ccpa-compliance", "performance-monitor", "project-analyst"],
        ("Bug: the popup shows last week's price because Chrome kills the background worker after 30 seconds",
         TS + ["javascript-pro"]),
        ("A reviewer says we put the shop's price into the page with innerHTML and that this is unsafe",
         ["frontend-security-coder"]),
        ("The Chrome Web Store rejects the 4 MB package; shrink it", ["webpack-expert"]),
        ("Add cases to the Jest suite for the price parser: euro commas, 'from £9.99', struck-through prices",
         ["jest-expert"]),
        ("Our users are in the EU: may we send the pages they visit to our server without asking first?",
         ["gdpr-ccpa-compliance"]),
        ("Convert the last plain .js files to TypeScript with strict mode on", TS),
        ("Monitor the watched products' prices every six hours and notify when one drops", TS + ["javascript-pro"]),
        ("Reply to the one-star review on the Chrome Web Store", None),
        ("Make the toolbar badge orange instead of red", None))

project("genomics-lab",
        ["numpy-expert", "pandas-expert", "python-pro", "Python Performance Expert", "scientific-literature-researcher",
         "research-analyst", "data-scientist", "ml-data-expert", "data-engineer", "docker-expert", "julia-pro"],
        ("Variant calling runs the samples one after another; use all 16 cores of the lab server",
         ["Python Performance Expert", "python-pro"]),
        ("What read-depth thresholds do published studies use to call a copy-number loss?",
         ["scientific-literature-researcher", "research-analyst"]),
        ("The per-base quality loop takes 40 minutes per genome; it is plain Python over arrays",
         ["numpy-expert", "Python Performance Expert"]),
        ("Turn the wide sample sheet into one row per sample and lane, and join it to the QC metrics",
         ["pandas-expert"]),
        ("Which expression features separate the patients who responded from those who did not?",
         ["data-scientist", "ml-data-expert"]),
        ("Make the cluster run exactly the tool versions we run on our laptops", ["docker-expert"]),
        ("Start the pipeline by itself whenever a sequencing run lands in the bucket", ["data-engineer"]),
        ("Give Julia read access to the raw-data bucket", None),
        ("Order more library prep kits before the sequencer is booked again", None))

PHP = ["symfony-specialist", "php-pro"]
project("council-permits",
        ["symfony-specialist", "php-pro", "php-expert", "legacy-modernizer", "mysql-expert", "jquery-expert",
         "accessibility-tester", "owasp-top10-expert", "documentation-specialist", "risk-manager"],
        ("A blind resident cannot get past the date picker on the permit form", ["accessibility-tester"]),
        ("Move the fee calculation out of the old jQuery page into a controller with a proper form type", PHP),
        ("Anyone can download someone else's permit PDF by changing the number in the link",
         ["owasp-top10-expert"]),
        ("Plan how we leave the 2012 PHP 5.4 scripts that still issue parking permits",
         ["legacy-modernizer", "symfony-specialist", "php-pro", "php-expert"]),
        ("Listing permits loads every attachment from Doctrine, 600 queries per page", ["symfony-specialist"]),
        ("Flag risky applications (scaffolding over a road, skips on a bus lane) for a second review", PHP),
        ("Clerks need a short guide on approving or refusing a permit in the new screens",
         ["documentation-specialist"]),
        ("Update the council's postal address in the email footer", None),
        ("Translate the permit form into Welsh", None))

RUST = ["rust-pro", "rust-expert"]
project("tauri-notes",
        ["tauri-expert", "rust-pro", "rust-expert", "svelte-expert", "sqlite-expert", "electron-pro", "ui-designer",
         "code-archaeologist", "team-configurator"],
        ("Typing in the editor lags in notes longer than 10,000 lines", ["svelte-expert"]),
        ("Search across all notes should answer in under 50 ms, even with 20,000 notes", ["sqlite-expert"]),
        ("The app asks for access to the whole disk; it only needs the notes folder", ["tauri-expert"]),
        ("Edits made offline on two laptops must both survive when the Rust sync core merges them", RUST),
        ("Double-clicking a .md file in Finder or Explorer should open it in the app", ["tauri-expert"]),
        ("Idle it uses 400 MB of memory; people say it is as heavy as an Electron app", ["tauri-expert"] + RUST),
        ("I just joined: how do the Rust side and the UI talk to each other, and where are the risky parts?",
         ["code-archaeologist"]),
        ("A dark theme that does not look like every other notes app", ["ui-designer"]),
        ("Decide what the paid plan should cost", None))

project("charity-office-it",
        ["m365-admin", "windows-infra-admin", "powershell-5.1-expert", "powershell-7-expert", "azure-infra-engineer",
         "it-ops-orchestrator", "ad-security-reviewer", "customer-support"],
        ("Volunteers who left a year ago still have a mailbox and a licence; clean them up automatically when "
         "someone leaves", ["m365-admin", "powershell-7-expert"]),
        ("The food bank printer disappears from people's laptops after every restart",
         ["windows-infra-admin", "powershell-5.1-expert"]),
        ("Three volunteers are Domain Admins. How exposed are we?", ["ad-security-reviewer"]),
        ("Move the file server to Azure and keep everyone's S: drive working",
         ["azure-infra-engineer", "it-ops-orchestrator", "windows-infra-admin"]),
        ("Donors write to info@ and nobody answers for days: make it a shared inbox with an automatic reply",
         ["m365-admin"]),
        ("One script to report free disk space that runs on both the Macs and the Windows laptops",
         ["powershell-7-expert"]),
        ("Plan the quiz night fundraiser", None),
        ("Add the two new trustees to the office's emergency contact sheet", None))

project("quant-desk",
        ["quant-analyst", "python-pro", "pandas-expert", "risk-manager", "data-engineer", "cpp-pro",
         "rust-engineer", "compliance-auditor", "debugger"],
        ("The backtest makes 40% a year; check that it never uses tomorrow's close", ["quant-analyst"]),
        ("What is our worst week if rates jump 200 basis points? Stress the bond book",
         ["risk-manager", "quant-analyst"]),
        ("The C++ feed handler falls behind above 2 million messages a second", ["cpp-pro"]),
        ("Resample the tick files to one-minute bars per symbol without breaking on the clock change",
         ["pandas-expert"]),
        ("Land the exchange's end-of-day files every night and warn us when one is missing", ["data-engineer"]),
        ("The strategy server dies about once a week without a single log line", ["debugger"]),
        ("Do our kill switch and order limits satisfy MiFID II's rules for algorithmic trading?",
         ["compliance-auditor"]),
        ("Move the desk's Christmas lunch to Friday", None))

DOCS = ["documentation-engineer"]
project("charting-library-maintainers",
        ["documentation-engineer", "api-documenter", "readme-generator", "code-documentation-tutorial-engineer",
         "git-workflow-manager", "dependency-manager", "license-engineer", "typescript-pro", "rollup-expert",
         "content-marketer"],
        ("Newcomers give up before their first chart renders; walk them through one from npm install to a "
         "bar chart", ["code-documentation-tutorial-engineer", "documentation-engineer"]),
        ("Every option of the axis config needs its own reference entry, generated from the types",
         ["api-documenter", "documentation-engineer"]),
        ("The README still shows the v1 import and an install command for the old package name",
         ["readme-generator"]),
        ("Ship ESM and CommonJS builds from one source without the dual-package hazard", ["rollup-expert"]),
        ("A contributor's pull request pulls in a GPL-3.0 package. Can we merge it into our MIT library?",
         ["license-engineer"]),
        ("Renovate opens 30 pull requests a week; group them and merge patch updates by themselves",
         ["dependency-manager"]),
        ("Half-finished features keep landing on main; propose how we branch and tag releases",
         ["git-workflow-manager"]),
        ("Write the 3.0 launch post for data journalists", ["content-marketer"]),
        ("Make the tooltip's formatter generic over the series' value type", ["typescript-pro"]),
        ("Close issues with no activity for two years, with a polite note", None),
        ("Update the sponsor list in the website footer", None))

project("vaccine-cold-chain",
        ["embedded-systems", "arm-cortex-expert", "c-pro", "mqtt-expert", "iot-engineer", "firmware-analyst",
         "grafana-expert", "healthcare-admin"],
        ("The fridge sensor's battery lasts three weeks instead of a year; find out what keeps waking it",
         ["embedded-systems", "arm-cortex-expert"]),
        ("Readings arrive twice after the gateway reconnects", ["mqtt-expert"]),
        ("Roll the new firmware out to 2,000 fridges in waves and stop if the first wave misbehaves",
         ["iot-engineer"]),
        ("The board resets itself whenever it writes a log page to flash; the watchdog seems to fire",
         ["arm-cortex-expert", "embedded-systems", "c-pro"]),
        ("Someone bought one of our old gateways on eBay: what secrets can be read out of its flash?",
         ["firmware-analyst"]),
        ("Wake the pharmacist on duty when a fridge stays above 8 °C for ten minutes", ["grafana-expert"]),
        ("Clinic managers want to see which fridges were out of range last week", ["grafana-expert"]),
        ("Ship the replacement sensors to the Kisumu clinics", None),
        ("Print new QR labels for the fridges", None))

GO = ["golang-pro", "go-expert"]
project("ride-dispatch",
        ["golang-pro", "go-expert", "grpc-expert", "redis-expert", "kubernetes-specialist", "microservices-architect",
         "incident-responder", "devops-incident-responder", "search-specialist", "hr-pro"],
        ("Find the five nearest free drivers within 2 km in under 20 ms", ["redis-expert"]),
        ("Riders in Lagos see 'driver assigned' but no driver ever comes. It's happening now",
         ["incident-responder", "devops-incident-responder"]),
        ("Push driver positions to dispatch as a stream instead of polling every second",
         ["grpc-expert", "golang-pro"]),
        ("Memory grows all day because the matcher goroutines never exit when a rider cancels", GO),
        ("Should pricing be its own service or stay inside dispatch?", ["microservices-architect"]),
        ("Pods get OOM-killed at rush hour; size them and scale on the queue length", ["kubernetes-specialist"]),
        ("Plan the interview loop for two backend hires", ["hr-pro"]),
        ("Rename the 'surge' label to 'busy pricing' in the rider app", None),
        ("Put the drivers' survey answers into a slide for Monday", None))

if __name__ == "__main__":
    write_projects("projects_train3.json", P, "train")
