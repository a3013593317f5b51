"""Writes voltagent_heldout2.jsonl beside it: a second HELD-OUT set over VoltAgent's 158 agents (see README.md).

    .venv/bin/python tests/data/routing/make_voltagent_heldout2.py

Written in stop 14 (label14), with the label rules of README.md ("Fresh held-out sets"), before ralphy's router
was run on any of it. Held out: nobody tunes on it; the lead reads it (``bench_routing.py --fresh``). Tasks are
TASKS.md lines written by hand for this repository (no outside source), the same kinds as
voltagent_train3.jsonl and other tasks: 35 of them are every fourth task of the pool voltagent_train3.jsonl was
taken from, the rest were written after. About 15% have no fitting agent (chores, several sharing a word with
an agent). Labelled by reading the agents' names and descriptions (and bodies where the description left the
job unclear), every right agent listed.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
from voltagent_groups import AUDIT, DEBUG, DEPLOY, DOCS, PAYMENTS, SLOW_SQL, WINDOWS  # noqa: E402

T = []


def t(task, expected):
    T.append({"task": task, "expected": expected})


# every fourth task of the pool voltagent_train3.jsonl was taken from
t("Integrate the Adyen drop-in for cards and iDEAL in the web shop", PAYMENTS)
t("Give the agency contractors Teams guest access that expires after 60 days", ["m365-admin"])
t("Quantise the 7B chat model to 4-bit and serve it with vLLM on one GPU",
  ["llm-architect", "machine-learning-engineer", "ml-engineer"])
t("Train a PPO policy that orders the picking robot's route through the aisles",
  ["reinforcement-learning-engineer"])
t("Add a CAN bus driver to the motor controller firmware on the ESP32", ["embedded-systems"])
t("Price the FX options book with Black-Scholes and report the Greeks", ["quant-analyst"])
t("The SMS reminder vendor will see appointment times: what does HIPAA require of them?",
  ["hipaa-compliance", "healthcare-admin", "compliance-auditor"])
t("Move the monorepo's bundling from Webpack to Vite and cache the builds", ["build-engineer"])
t("Inject 300 ms of latency between checkout and inventory and see what breaks", ["chaos-engineer"])
t("Peer the two VPCs and fix their overlapping CIDR ranges", ["network-engineer"])
t("Move the team to trunk-based development with short-lived branches and a merge queue",
  ["git-workflow-manager"])
t("Turn the Stripe DESIGN.md from awesome-design-md into UI instructions for the new billing pages",
  ["design-bridge"])
t("Write the freelancer contract template with an IP assignment clause", ["legal-advisor"])
t("Write the project plan with milestones and a budget for the office network refit", ["project-manager"])
t("Design a referral loop where each invited workspace brings in the next", ["growth-loops"])
t("Proofread the launch announcement and cut what reads as machine-written",
  ["ai-writing-auditor", "content-quality-editor"])
t("Spec the loan application's states and what happens on a timeout at each step", ["workflow-orchestrator"])
t("Replace the NgRx store of the Angular invoice list with signals", ["angular-architect", "frontend-developer"])
t("Debounce the Android search field with a Kotlin Flow", ["kotlin-specialist", "mobile-app-developer"])
t("Add a Sidekiq job that expires trial accounts in the Rails app", ["rails-expert"])
t("Parse the access log format in Rust with nom, without allocating per line", ["rust-engineer"])
t("Gzip uploads on the fly with a Node.js stream pipeline", ["node-specialist", "javascript-pro"])
t("Parse the 40 MB product feed in a Flutter isolate so the UI stays smooth",
  ["flutter-expert", "mobile-developer"])
t("Add docker compose profiles so developers start only the services they need", ["docker-expert"])
t("Build a command-line tool the support team runs to look up a customer by email", ["cli-developer"])
t("Block the merge in GitLab CI when the image scan finds a critical CVE", ["security-engineer", "devops-engineer"])
t("The Flutter app takes 6 s to show its first screen on older Android phones",
  ["performance-engineer", "flutter-expert", "mobile-developer"])
t("Blind customers cannot finish checkout on the Vue storefront; find the blockers", ["accessibility-tester"])
t("Was splitting the inventory service into CQRS read and write sides worth it? Review the design",
  ["architect-reviewer"])
t("The customer search on MySQL scans all 30 M rows; fix the indexes", SLOW_SQL)
t("Check the execution policy and constrained language mode on the Windows jump hosts",
  ["powershell-security-hardening"])
t("Rename the 'Payments' tab to 'Billing' in the settings menu", None)
t("Order a new hardware key for Tomasz", None)
t("Print the name badges for the Postgres meetup", None)
t("- [ ] OPS-19 Delete the empty tmp/ folder from the repo", None)
# written after the pool: a technology, product or domain word no agent's name spells, or the work of a field
t("Ingest the Debezium change stream into Iceberg tables partitioned by day", ["data-engineer"])
t("As a finance lead I want Klarna instalments offered at checkout", PAYMENTS)
t("Chargebacks from the card processor are not matched to orders; build the dispute flow", PAYMENTS)
t("Set a fine-grained password policy for the service accounts OU", WINDOWS)
t("Turn on retention labels in SharePoint so HR files are kept for seven years", ["m365-admin"])
t("Stop the dev VMs at 8 pm with a PowerShell 7 runbook in Azure Automation",
  ["powershell-7-expert", "azure-infra-engineer"])
t("Put Azure Front Door and private endpoints in front of the web app", ["azure-infra-engineer"])
t("Layer the Terragrunt configs so each region inherits the account settings", ["terragrunt-expert"])
t("The CronJob that compacts the index runs twice after a node restart", DEBUG + ["kubernetes-specialist"])
t("Add a reranker and hybrid keyword search to the contract Q&A bot", ["llm-architect", "ai-engineer"])
t("Build an assistant that books meetings by calling our calendar API as a tool", ["ai-engineer", "llm-architect"])
t("Train a classifier that finds which product aspect each review complains about", ["nlp-engineer"])
t("Does the new onboarding checklist change 30-day retention? Compare the monthly cohorts",
  ["cohort-analysis", "data-analyst"])
t("The pricing test ran 9 days with 1,100 users per arm - is the result real?",
  ["ab-test-analysis", "data-scientist"])
t("Segment our customers by purchase behaviour for the marketing team", ["data-scientist", "data-analyst"])
t("Which acquisition channel brings the users who activate? Build the Looker view", ["data-analyst"])
t("Write the Zephyr driver for the new humidity sensor on I2C", ["embedded-systems"])
t("Show which of the 800 cold-storage gateways have gone silent in the last hour", ["iot-engineer"])
t("Move transactional mail from SendGrid to Amazon SES without hurting our sender reputation",
  ["email-deliverability-engineer"])
t("Stress-test the loan book against a 300 basis point rise in rates", ["risk-manager", "quant-analyst"])
t("Fill in the CMS cost report for the two rural clinics", ["healthcare-admin"])
t("Patients can now download their records; which HIPAA safeguards do the exports need?",
  ["hipaa-compliance", "compliance-auditor"])
t("A Californian user asks what personal data we sold about her; answer the request",
  ["gdpr-ccpa-compliance"])
t("Map our controls to the NIS2 obligations before the regulator's deadline", ["compliance-auditor"])
t("Add presence dots and 'is typing' notices to the support chat", ["websocket-engineer"])
t("Write the Anchor program for the Solana raffle", ["blockchain-developer"])
t("Bazel remote execution keeps missing the cache for the protobuf targets", ["build-engineer"])
t("Three services pin different majors of the shared auth library; get them onto one",
  ["dependency-manager"])
t("Let teams request a database from the internal portal without filing a ticket", ["platform-engineer"])
t("The search team gets paged at night for alerts nobody acts on; cut them and write runbooks",
  ["sre-engineer"])
t("Fill the disk of one Elasticsearch data node on purpose and see whether the cluster recovers",
  ["chaos-engineer"])
t("Make our CLI an MCP client so it can call the docs server's search tool", ["mcp-developer"])
t("Add a day-night cycle and weather to the farming game", ["game-developer"])
t("Packets drop between the branch office and the VPN concentrator every afternoon", ["network-engineer"])
t("Multi-cloud or stay on GCP for the EU data residency deal? Recommend one", ["cloud-architect"])
t("Build a generator that turns our OpenAPI spec into typed client libraries", ["tooling-engineer"])
t("Write the branch protection rules and the release branching model for the mobile apps",
  ["git-workflow-manager"])
t("New hires need two days to get the repo running; cut it to an hour", ["dx-optimizer"])
t("Give the mailbox cleanup script a text-mode menu so the helpdesk can run it without parameters",
  ["powershell-ui-architect"])
t("Chart how many posts on X complained about the outage, hour by hour", ["x-api-integration"])
t("Generate the brand wordmark and the social banner set", ["visual-asset-generator"])
t("Write the landing page for the accounting add-on: headline, benefits and the sign-up button",
  ["landing-page-copywriter"])
t("Do the keyword research for the recipe section and plan the internal links", ["seo-specialist"])
t("Edit the AI-drafted onboarding emails so they sound like our team wrote them",
  ["content-quality-editor", "ai-writing-auditor"])
t("Which open-source licences may our dependencies use, and which of them break that today?",
  ["license-engineer", "legal-advisor"])
t("Review the reseller agreement's liability cap before we sign", ["legal-advisor"])
t("Answer the technical questions in the hospital's RFP and prepare the solution demo", ["sales-engineer"])
t("Set the sprint cadence and the ceremonies for the two new squads", ["scrum-master"])
t("Track the data-centre exit: dependencies, dates, budget and a weekly status to the steering group",
  ["project-manager"])
t("Write the requirements for the purchase approval workflow with the procurement team", ["business-analyst"])
t("Usage-based or per-seat pricing for the API product? Make the call", ["product-manager"])
t("Why do we think we need a mobile app at all? Rebuild the case from what customers actually do",
  ["first-principles-thinking"])
t("Is a marketplace for used lab equipment worth building? Give me a go or no-go",
  ["project-idea-validator", "market-researcher"])
t("Collect what Rivalry, Ledgerly and Bookwise charge and what they shipped this year",
  ["competitive-analyst"])
t("Pull the measured cycle lives from papers on sodium-ion cells into a table",
  ["scientific-literature-researcher"])
t("Find the exact article of the EU AI Act that covers emotion recognition at work", ["search-specialist", "legal-advisor"])
t("Write a sourced report on how hospitals adopt remote patient monitoring", ["research-analyst"])
t("Set up an account health score for our 50 largest customers", ["customer-success-manager"])
t("Map how a guest invited to a shared board turns into a paying account", ["growth-loops"])
t("Split the warehouse app PRD into tasks and pick the subagent for each", ["agent-organizer", "task-distributor"])
t("Work out the order and deadlines of 300 translation jobs across four worker agents", ["task-distributor"])
t("Plan how the planner, coder and tester subagents hand off and what they do when one fails",
  ["multi-agent-coordinator"])
t("Rename the Account class across the whole repository with my approval before each batch",
  ["codebase-orchestrator", "refactoring-specialist"])
t("This ticket needs a new AD group, an Azure VM and a shared mailbox; route each part", ["it-ops-orchestrator"])
t("What do users keep asking the support bot that the docs do not answer? Go through 200 sessions",
  ["knowledge-synthesizer"])
t("What will the market for hospital scheduling software look like in the Nordics?", ["market-researcher"])
# written after the pool: the technology itself, with an agent named for it
t("Track the courier's location in the background in the React Native app without draining the battery",
  ["mobile-developer", "mobile-app-developer"])
t("Add a tray icon and a global shortcut to the Electron note app", ["electron-pro"])
t("Write a Laravel policy so only a project's owner can delete it", ["laravel-specialist", "php-pro"])
t("Run the nightly digest as a recurring Solid Queue job in Rails 8", ["rails-expert"])
t("Write an audit row on every permission change with a Django signal", ["django-developer"])
t("Stream the export as NDJSON from a Spring WebFlux endpoint", ["spring-boot-engineer"])
t("The .NET Framework 4.8 warehouse app throws FileLoadException after the patch; fix the binding redirects",
  ["dotnet-framework-4.8-expert"])
t("Write a Vue 3 directive that traps focus inside modals", ["vue-expert", "frontend-developer"])
t("Add optimistic updates to the React Query mutations on the kanban board",
  ["react-specialist", "frontend-developer"])
t("Make the pricing rules package pass mypy --strict", ["python-pro"])
t("Share the form validation between Android and iOS with a Kotlin Multiplatform module",
  ["kotlin-specialist"])
t("Show the delivery ETA as a Live Activity in the iOS app", ["swift-expert", "mobile-app-developer"])
t("Write a Symfony voter that checks who owns a document", ["symfony-specialist", "php-pro"])
t("Deserialize the telemetry frames in Rust with serde without copying", ["rust-engineer"])
t("Use Go generics to replace the three copies of the cache type", ["golang-pro"])
t("Return the whole category tree in one query with a recursive CTE", ["sql-pro"])
t("Replicate two tables from the Postgres primary to the analytics replica with logical replication",
  ["postgres-pro", "database-administrator"])
t("Write the Ecto migration and changeset for subscription plans", ["elixir-expert"])
t("Open and close the Redis pool in a FastAPI lifespan handler", ["fastapi-developer"])
t("Type the analytics SDK's event names with template literal types", ["typescript-pro"])
t("Build the Flutter order history screen with infinite scroll", ["flutter-expert", "mobile-developer"])
t("Share one user table across the regional sites of the WordPress multisite", ["wordpress-master"])
t("Drain the Azure Service Bus queue from a .NET background service",
  ["csharp-developer", "dotnet-core-expert"])
t("Open the Expo app on the right product page from a deep link",
  ["expo-react-native-expert", "mobile-developer"])
t("Add comments on tasks across the stack: a migration, REST endpoints and the thread in the web UI",
  ["fullstack-developer"])
t("Add rate limiting and idempotency keys to the orders API", ["backend-developer"])
# written after the pool: a role asked on a named technology
t("Look for resource leaks in the Python data-loader pull request", ["code-reviewer"])
t("Which admins can log on to ordinary workstations? Audit our AD tiering",
  ["ad-security-reviewer", "security-auditor"])
t("The PowerShell payroll export scripts keep passwords in plain text; fix that and lock them down",
  ["powershell-security-hardening"])
t("Write contract tests between the Laravel API and the mobile client", ["test-automator", "laravel-specialist"])
t("Write end-to-end tests for the Electron app's first-run wizard", ["test-automator"])
t("The Symfony CSV import dies with 'Allowed memory size exhausted'; find out why",
  DEBUG + ["symfony-specialist", "php-pro"])
t("The nightly jobs fail with a different stack trace every night; correlate them across the services",
  ["error-detective", "debugger"])
t("Typing in the Angular grid's filter re-renders all 5,000 rows on each key",
  ["performance-engineer", "angular-architect"])
t("Release the .NET API blue-green from Azure DevOps with slot swaps", DEPLOY + ["azure-infra-engineer"])
t("Run the old Java app in Docker for local development", ["docker-expert", "devops-engineer"])
t("Publish an interactive portal for the partner REST API with try-it-out", ["api-documenter", "documentation-engineer"])
t("Write the admin guide for installing the on-prem edition on Windows Server", DOCS)
t("Generate a README for the internal Go monorepo from what is really in it", ["readme-generator"] + DOCS)
t("We renamed the config keys in 4.2; bring the docs pages in line with the diff", ["docs-drift-editor"] + DOCS)
t("Check the React Native app with VoiceOver and TalkBack", ["accessibility-tester"])
t("Was MongoDB the right store for the ledger? Review the choice before we scale", ["architect-reviewer"])
t("Set the quality gates and the test mix for the new Kotlin backend", ["qa-expert", "test-automator"])
t("Fold the 40 copied validation blocks of the Java order service into one", ["refactoring-specialist"])
t("Move the Perl CGI admin scripts to a Django app", ["legacy-modernizer", "django-developer"])
t("Someone pushed to prod with a leaked deploy key last night; contain it and keep the evidence",
  ["incident-responder"])
t("Put a WAF in front of the public API and block the credential-stuffing traffic", ["security-engineer"])
t("The pandas job takes three hours and 60 GB of memory; profile it", ["performance-engineer", "python-pro"])
# written after the pool: no agent fits
t("Show invoice dates as DD/MM instead of MM/DD", None)
t("Add the March release to CHANGELOG.md", None)
t("Move the offsite from Friday to Monday in the calendar invite", None)
t("Fix the spelling of 'Kubernetes' on the careers page", None)
t("Print the guest Wi-Fi password on the sign at reception", None)
t("Order pizza for Thursday's hack night", None)
t("Upload Acme's signed NDA to the shared drive", None)
t("Add the new hires to the #general Slack channel", None)
t("Swap the order of the Monthly and Yearly tabs on the pricing page", None)
t("Rename utils2.py to formatting.py and fix the imports", None)
t("Send the quarterly board deck to the investors", None)
t("Change the sender name on the password reset email to 'Tallyho Support'", None)
t("Find a date for the team dinner in December", None)
t("Pick the venue for the summer party", None)
t("Write the thank-you note to the conference organisers", None)
t("Set the out-of-office message for the Christmas week", None)
t("Add Lisbon to the office locations in the footer", None)
t("Remove the duplicate Pricing link from the top menu", None)
t("Reply to the recruiter about the booth at the careers fair", None)

if __name__ == "__main__":
    write_tasks("voltagent_heldout2.jsonl", T, "heldout", catalog="voltagent")
