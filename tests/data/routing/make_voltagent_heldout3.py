"""Writes voltagent_heldout3.jsonl beside it: a third HELD-OUT set over VoltAgent's 158 agents (see README.md,
"Stop 15").

    .venv/bin/python tests/data/routing/make_voltagent_heldout3.py

Written in stop 15 (heldout15), with the label rules of README.md ("Fresh held-out sets"), by someone who had not
tuned the router, before ralphy's router was run on any of it. Held out: nobody tunes on it; the lead reads it
(``bench_routing.py --fresh``). Tasks are TASKS.md lines written by hand for this repository (no outside source),
phrased as the issue's examples are ("Audit the login flow for SQL injection and XSS", "Write unit tests for the
ISBN validator"): most name a technology, a product or a file, many ask for a role's work (review, tests, docs,
security, migration, performance, incidents), about a third say the effect wanted or report a bug or ask a
question, and about 15% have no fitting agent (chores, several sharing a word with an agent, and work no agent of
the catalog does). Other people, products and domains than every set before it (a ferry line, a tram operator, a
brewery, a museum, a ski resort, a vineyard, a city council, a bakery chain...). Labelled by reading the agents'
names and descriptions (bodies where the description left the job unclear), every right agent listed.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
from voltagent_groups import AUDIT, DEBUG, DEPLOY, DOCS, INCIDENT, PAYMENTS, SERVING, SLOW_SQL, WINDOWS  # noqa: E402

T = []


def t(task, expected):
    T.append({"task": task, "expected": expected})


# a role's work on a named technology or product: security and compliance
t("Audit the ferry booking site's Keycloak realm for open redirects and long-lived tokens", AUDIT)
t("Pen-test the Strapi admin of the museum ticket shop before the summer season", AUDIT)
t("Check the Go upload handler of the dental imaging portal for path traversal", AUDIT + ["code-reviewer"])
t("Threat-model the tram operator's new contactless fare gateway", ["security-engineer", "security-auditor"])
t("Add Semgrep and Trivy to the Buildkite pipeline and fail the build on high findings",
  ["security-engineer"] + DEPLOY)
t("After the LAPS rollout, who can still read the local admin passwords? Review the delegation in AD",
  ["ad-security-reviewer", "security-auditor"])
t("Sign the print-server automation scripts and enforce the AllSigned policy",
  ["powershell-security-hardening"])
t("Do we need a BAA with the transcription vendor that hears our therapists' session notes?",
  ["hipaa-compliance", "compliance-auditor"])
t("A customer in Hamburg wants every recording of her support calls deleted; what must we erase and by when?",
  ["gdpr-ccpa-compliance"])
t("Produce an SBOM of the e-bike firmware and flag the copyleft components before the distributor asks",
  ["license-engineer", "legal-advisor"])
# tests and quality
t("Write pytest tests for the tide-table parser of the harbour app", ["test-automator", "python-pro"])
t("The Playwright suite of the ski-pass shop passes locally but times out in CI one run in five",
  ["test-automator"] + DEBUG)
t("Write the test plan for switching the pharmacy chain's stock system to the new supplier API", ["qa-expert"])
t("Walk the documented returns flow of the furniture shop in a browser and log each defect with steps",
  ["ui-ux-tester", "qa-expert"])
t("Can a keyboard-only user book a table on the restaurant site? Check it against WCAG",
  ["accessibility-tester"])
t("Kill one Kafka broker at peak in staging and prove that no order gets lost", ["chaos-engineer"])
# reviews
t("Review the PR that adds retries to the Mollie webhook handler", ["code-reviewer"])
t("Is the event bus between the farm co-op's six services overkill for a team of four? Review the architecture",
  ["architect-reviewer"])
# migrations
t("Port the city council's ColdFusion permit portal to Laravel",
  ["legacy-modernizer", "laravel-specialist", "php-pro"])
t("Upgrade the crew rostering app from Angular 15 to Angular 19", ["angular-architect"])
t("Move the field-service app from Xamarin.Forms to .NET MAUI",
  ["legacy-modernizer", "dotnet-core-expert", "csharp-developer", "mobile-app-developer"])
t("Plan moving the fleet-tracking Oracle database to Aurora PostgreSQL",
  ["database-administrator", "postgres-pro", "cloud-architect"])
t("Replace the COBOL batch that computes pension payouts with a Java service, one program at a time",
  ["legacy-modernizer", "java-architect"])
t("Upgrade the venue back office from Symfony 5.4 to Symfony 7.2", ["symfony-specialist", "php-pro"])
t("Our Lambda functions run Python 3.8, which loses support in March; move them to 3.12", ["python-pro"])
# documentation
t("Write the operator handbook for the solar farm's inverter monitoring", DOCS)
t("Document the theatre booking GraphQL API with example queries for each type", ["api-documenter"] + DOCS)
t("The CLI flags changed in last week's merge; update the usage pages to match", ["docs-drift-editor"] + DOCS)
t("Our README still describes the Makefile we deleted; regenerate it from the repo as it is now",
  ["readme-generator"] + DOCS)
# deploy, infrastructure, operations
t("Deploy the SvelteKit storefront to Fly.io from GitHub Actions with a staging app per branch", DEPLOY)
t("Roll out the ski-lift telemetry service with Argo Rollouts canaries on EKS",
  ["kubernetes-specialist"] + DEPLOY)
t("The Node image is 1.8 GB and runs as root; slim it down and drop the privileges",
  ["docker-expert", "devops-engineer"])
t("Pods of the pricing service get OOMKilled right after the HPA scales them down",
  ["kubernetes-specialist"] + DEBUG)
t("Alert on burn rate for the ferry booking API instead of on CPU", ["sre-engineer"])
t("Show in Backstage which services lack an owner and a runbook", ["platform-engineer"])
t("The GCP bill doubled since we moved reporting to BigQuery; find where the money goes",
  ["cloud-architect", "data-engineer"])
t("Connect the Porto and Lyon offices to the Azure hub with site-to-site VPN",
  ["network-engineer", "azure-infra-engineer"])
t("Checkout has been down for 20 minutes since the certificate rotation; get it back up", INCIDENT)
t("Someone ran a crypto miner on a build agent overnight; isolate the machine and keep its disk image",
  ["incident-responder"])
t("Run the blameless review of the DNS outage and turn what we learn into tickets", INCIDENT + ["sre-engineer"])
# Windows and Microsoft 365
t("Clean up the stale DNS records the retired DHCP scopes left on the domain controllers", WINDOWS)
t("Give every starter an E3 licence and a OneDrive on their first day", ["m365-admin"])
t("Our helper functions are 40 loose .ps1 files; turn them into one module with a manifest",
  ["powershell-module-architect"])
t("Build a WPF window for the account-unlock script so the service desk can click through it",
  ["powershell-ui-architect"])
t("Keep a copy of the branch office's DFS namespace on an Azure VM in case the site burns down",
  ["azure-infra-engineer", "windows-infra-admin", "cloud-architect"])
t("Add an operation for courier labels to the WCF service on .NET Framework 4.8",
  ["dotnet-framework-4.8-expert"])
# data
t("Model the brewery's sales in dbt with tested staging and mart layers", ["data-engineer"])
t("Stream the turnstile events from Kafka into ClickHouse without duplicates", ["data-engineer"])
t("Which opening hours bring the museum the most first-time visitors? Build the dashboard", ["data-analyst"])
t("Forecast next month's bread orders for each bakery branch from two years of sales", ["data-scientist"])
t("Do members who joined in the spring promotion stay longer than the rest? Week-by-week retention please",
  ["cohort-analysis", "data-analyst"])
t("The green checkout button converted 3.1% against 2.9% for the old one; do we ship it?",
  ["ab-test-analysis", "data-scientist"])
t("Gather the public bike-share trip data of five cities and check it before we merge it", ["data-researcher"])
t("The ClickHouse chart query reads 2 billion rows to draw one day; make it use the partition key", SLOW_SQL)
# AI and ML
t("Build a LangGraph agent that answers questions about the vineyard's spray logs from SQL",
  ["ai-engineer", "llm-architect"])
t("Detect the language of each incoming ticket so the Portuguese ones go to the Lisbon desk", ["nlp-engineer"])
t("Put the crop-yield model behind Ray Serve so it scales with harvest-season traffic", SERVING)
t("The support bot answers in English when the customer writes in Dutch", ["prompt-engineer"])
t("Train a controller that heats the greenhouse at the lowest energy cost without freezing the tomatoes",
  ["reinforcement-learning-engineer"])
# a technology's own work
t("Throttle SMS sends per carrier with a GenStage pipeline in Elixir", ["elixir-expert"])
t("Turn the nested callbacks in the Express sign-up route into async/await",
  ["node-specialist", "javascript-pro"])
t("Filter the order book with C++20 ranges without copying the orders", ["cpp-pro"])
t("Add Pinia stores and route guards to the Nuxt 3 volunteer portal", ["vue-expert", "frontend-developer"])
t("Share one Compose Multiplatform screen between the Android and the desktop app", ["kotlin-specialist"])
t("Pair the bike lock over Bluetooth LE from the Flutter app",
  ["flutter-expert", "mobile-developer", "mobile-app-developer"])
t("Add Sign in with Apple to the Expo app", ["expo-react-native-expert", "mobile-developer", "mobile-app-developer"])
t("Write a Gutenberg block for the wine importer's tasting notes", ["wordpress-master"])
t("The ASP.NET Core rota endpoint fires one EF Core query per shift; load them in one",
  ["csharp-developer", "dotnet-core-expert"])
t("Build the fishing minigame in Godot with a line-tension meter", ["game-developer"])
t("Push live match scores to 30,000 browsers with Redis pub/sub behind the socket servers",
  ["websocket-engineer"])
t("Define the public REST contract of the parcel-locker API: resources, versioning and errors",
  ["api-designer"])
t("Split the pizza chain's order-taking monolith into services along its domains",
  ["microservices-architect", "legacy-modernizer"])
t("Gift vouchers end to end: the table, the redeem API and the admin screen", ["fullstack-developer"])
t("Add per-tenant rate limits and request tracing to the quotes backend", ["backend-developer"])
t("Build the tram app's design system: type scale, icons and button states", ["ui-designer"])
t("Make the booking pages follow the Airbnb DESIGN.md from VoltAgent's design collection", ["design-bridge"])
t("Our PWA shows a blank square on phones' home screens; generate the icon sizes it is missing",
  ["visual-asset-generator"])
t("Expose the vineyard's field maps to Claude as MCP resources", ["mcp-developer"])
t("Pull the posts on X that mention the festival hashtag into a sheet with their reach", ["x-api-integration"])
t("Bounces on our invoice emails jumped to 9% after we changed the sending domain",
  ["email-deliverability-engineer"])
t("Take SEPA direct debit mandates through GoCardless at membership signup", PAYMENTS)
t("Write a Solidity escrow contract for the print marketplace with a dispute window", ["blockchain-developer"])
t("Provision 2,000 smart meters with per-device certificates and roll firmware out in waves", ["iot-engineer"])
t("Cut the sleep current of the STM32L4 tag so it lasts two years on a coin cell", ["embedded-systems"])
# bugs and effects, cause unknown
t("The Android app crashes with IllegalStateException when the phone is rotated on the receipt screen",
  DEBUG + ["kotlin-specialist", "mobile-app-developer"])
t("The Python, Go and Node services all log the same timeout at 02:10; find the common cause",
  ["error-detective", "debugger"])
t("The Vue calendar freezes for two seconds when switching months", ["performance-engineer", "vue-expert"])
t("Why does the Go ingest service grow by 50 MB of memory every hour?", DEBUG + ["golang-pro"])
# business, product, research and workflow work
t("Which supplier failures would stop the bakery chain for more than a week? Build the risk register",
  ["risk-manager"])
t("Code this week's outpatient visits with ICD-10 and CPT for the billing run", ["healthcare-admin"])
t("Audit the ski resort site for Core Web Vitals and crawl errors before the relaunch", ["seo-specialist"])
t("Plan three months of blog posts for the coffee roaster that bring in wholesale leads", ["content-marketer"])
t("Write the headline and the sign-up copy of the ferry app's waitlist page", ["landing-page-copywriter"])
t("The help-centre articles were drafted by ChatGPT and it shows; make them read human",
  ["ai-writing-auditor", "content-quality-editor"])
t("Which of our 40 biggest accounts are about to leave, and what do we do about each one?",
  ["customer-success-manager"])
t("Talk to the grant office's three reviewers and write down what the new applications portal must do",
  ["business-analyst"])
t("Our retros keep producing the same action items; change how we run them", ["scrum-master"])
t("Clean up the 400-item backlog: close the dead tickets and size the rest", ["backlog-grooming", "scrum-master"])
t("Which features does the school timetabling app get next quarter? Rank them", ["product-manager"])
t("We assume teachers will enter their own availability; which assumptions do we test first?",
  ["assumption-mapping"])
t("Interview ten clinic receptionists about how they reschedule appointments", ["ux-researcher"])
t("How big is the market for bike-repair subscriptions in Germany?", ["market-researcher"])
t("Compare the feature lists of the three biggest staff-rota apps with ours", ["competitive-analyst"])
t("What will change in e-bike regulation and demand over the next five years?", ["trend-analyst"])
t("Summarise what published trials say about evening blue light and sleep onset, with effect sizes",
  ["scientific-literature-researcher"])
t("Find the original source of the quote on our About page", ["search-specialist"])
t("Write a sourced briefing on how European ports electrify their ferries", ["research-analyst"])
t("Have Renovate open one grouped dependency PR a week in every repository", ["dependency-manager"])
t("Turborepo rebuilds every package on each CI run; make the remote cache hit", ["build-engineer"])
t("Four minutes pass before the first local test runs; shorten the feedback loop", ["dx-optimizer"])
t("Build a command that imports the harvest CSVs with a progress bar and a dry-run flag", ["cli-developer"])
t("Set up release branches, version tags and a hotfix path for the firmware repository",
  ["git-workflow-manager"])
t("Our five agents overwrite each other's progress notes; lay out the shared files so each knows where to write",
  ["context-manager", "multi-agent-coordinator"])
t("Find subagents for our Flutter team in the awesome-claude-code-subagents list and add them to .claude/agents",
  ["agent-installer"])
t("Go through last month's agent failures and write how to stop the cascade when the tester times out",
  ["error-coordinator"])
t("The price calculation is copied into five controllers of the PHP shop; make it one", ["refactoring-specialist"])
t("Why must every invoice get a manager's approval? Rethink the rule from scratch",
  ["first-principles-thinking"])
t("Is a subscription box for rare teas worth building? Give me a yes or no", ["project-idea-validator",
                                                                           "market-researcher"])
t("How could the meal planner's free users bring in their friends? Design the loop", ["growth-loops"])
t("Draft the NDA for freelance translators with a non-solicitation clause", ["legal-advisor"])
t("Plan the warehouse move: milestones, owners, budget and the go-live weekend", ["project-manager"])
# no agent fits: chores, several sharing a word with an agent, and work outside every agent's field
t("Set the version to 5.2.0 in package.json", None)
t("Rename the docs/ folder to handbook/", None)
t("Book the flights to the Kubernetes conference in Amsterdam", None)
t("Archive the #launch-2024 Slack channel", None)
t("Order business cards for the new sales engineer", None)
t("Put the legal team's holidays in the shared calendar", None)
t("Move the Docker meetup from room 3 to room 5", None)
t("Make the Subscribe button teal instead of green", None)
t("- [ ] CHORE-12 Delete the merged feature branches older than a year", None)
t("Collect the signatures for Jonas's birthday card", None)
t("Send the signed lease of the new office to the accountant", None)
t("Add the Easter Monday closure to the homepage banner", None)
t("Correct 'accomodation' to 'accommodation' in the booking emails", None)
t("Update the board members' names on the Governance page", None)
t("Raise the petty cash limit in the expense policy to 200 euros", None)
t("Ask the landlord to fix the heating on the second floor", None)
t("Put the new bank account number on the invoice template", None)
t("Remove the Beta label from the Reports menu item", None)
t("Hire a voice actor for the narration of the onboarding video", None)
t("Get the cookie consent text into Polish for the Kraków launch", None)

if __name__ == "__main__":
    write_tasks("voltagent_heldout3.jsonl", T, "heldout", catalog="voltagent")
