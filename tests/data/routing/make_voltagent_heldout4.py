"""Writes voltagent_heldout4.jsonl beside it: a fourth HELD-OUT set over VoltAgent's 158 agents (see README.md,
"Stop 20 (data20)").

    .venv/bin/python tests/data/routing/make_voltagent_heldout4.py

Written in stop 20 (data20) as the catalog half of a third blind pair beside projects_fresh4.json, with the label
rules of README.md ("Fresh held-out sets", and "Stop 20 (data20)" for when two agents fit) and the shared groups of
voltagent_groups.py, before ralphy's router was run on any of it, in the shape of issue 15's examples: TASKS.md lines
that name a technology, a product or a file and ask for a role's work on it (audits, reviews, tests, docs,
migrations, performance, deploys), lines that ask for a technology's own work, and lines that say the effect wanted
or ask a question in a field one agent owns. Other people, products and domains than the sets before it (a roller
derby league, a funicular railway, a veg box scheme, a canal boat hire, a chocolatier, a balloon operator, a
mobile library, a tyre chain, a sauna club, a kite festival, a cider press, an alpaca farm, a circus school, a
blood donor service, a recycling depot, a cricket club, a stained-glass studio, a typewriter repair shop, a dog
groomer). About 15% have no fitting agent: chores, several sharing a word with an agent (Kubernetes stickers, a
Slack invite, a Terraform cheat sheet, a hygiene certificate). Held out: nobody tunes on it; the lead reads it
(``bench_routing.py --fresh``).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
from voltagent_groups import AUDIT, DEBUG, DEPLOY, DOCS, INCIDENT, PAYMENTS, SERVING, SLOW_SQL, WINDOWS  # noqa: E402

T = []


def t(task, expected):
    T.append({"task": task, "expected": expected})


MOBILE = ["mobile-developer", "mobile-app-developer"]

# a role asked for, on a named technology
t("Pen-test the roller derby league's Laravel membership site before renewals open", AUDIT)
t("Review the Go service the funicular's ticket gates call before it goes live", ["code-reviewer"])
t("Write unit tests for the Django view that splits a veg box order across delivery rounds",
  ["test-automator", "django-developer"])
t("Profile the canal boat hire's Rails search; one date search takes 6 seconds",
  ["performance-engineer", "rails-expert"])
t("Document the offline mode of the circus school's Flutter app for the teachers", DOCS)
t("Deploy the chocolatier's Next.js shop to Vercel from GitHub Actions on every merge to main", DEPLOY)
t("Design the OpenAPI contract for the blood donor appointment service before the apps are built",
  ["api-designer", "api-documenter"])
t("Plan replacing the tyre chain's Visual FoxPro stock system with a Spring Boot service",
  ["legacy-modernizer", "spring-boot-engineer"])
t("Check the sauna club's Symfony booking forms for CSRF and injection holes", AUDIT)
t("Is the recycling depot's Kubernetes cluster locked down enough for the council's security questionnaire?", AUDIT)
t("The blood donor service's Angular dashboard takes 9 seconds to become usable; find out why",
  ["performance-engineer", "angular-architect", "frontend-developer"])
t("Review the proposal to split the cider press's order system into five services", ["architect-reviewer"])
t("Write a test strategy for the balloon operator's booking app, weather cancellations included", ["qa-expert"])
t("Check the alpaca farm's WordPress shop against WCAG before the relaunch", ["accessibility-tester"])
t("Ship the typewriter shop's Electron parts catalogue as signed builds that update themselves",
  DEPLOY + ["electron-pro"])
t("Which npm packages in the chocolatier's Node API have known vulnerabilities, and which can we bump safely?",
  ["dependency-manager"])
t("Load-test the cricket club's FastAPI scoring service before the county final", ["performance-engineer"])
t("Refactor the 3,000-line OrderController of the veg box Laravel app without changing what it does",
  ["refactoring-specialist", "laravel-specialist", "php-pro"])
t("Get the kite festival's Nuxt site above 90 in Lighthouse on a phone",
  ["performance-engineer", "vue-expert", "frontend-developer"])
t("Kill the recycling depot's weighbridge pods during the morning peak on purpose and see what breaks",
  ["chaos-engineer"])
t("Move the roller derby league's Java 8 Spring app to Spring Boot 3 on Java 21",
  ["spring-boot-engineer", "java-architect"])

# a technology's own work
t("Add Turbo Streams so the canal boat availability grid updates without a reload", ["rails-expert"])
t("Let skaters filter the bout calendar without a page reload using Livewire", ["laravel-specialist", "php-pro"])
t("Write a Symfony Messenger handler that emails sauna booking receipts in the background",
  ["symfony-specialist", "php-pro"])
t("Move the chocolatier's Next.js product pages to server components with streaming", ["nextjs-developer"])
t("Build a SwiftUI widget that shows the next funicular departure", ["swift-expert", "mobile-app-developer"])
t("Write a GenServer that rate-limits the blood donor SMS reminders", ["elixir-expert"])
t("Turn the cricket scorer's loose Python scripts into a typed async package with pydantic models",
  ["python-pro"])
t("The funicular gate service starts a goroutine per request; use a bounded worker pool instead", ["golang-pro"])
t("Make the Rust parser for the tyre supplier's EDI files zero-copy", ["rust-engineer"])
t("Add an EF Core migration for the circus school's new class levels", ["csharp-developer", "dotnet-core-expert"])
t("Redraw the mobile library's Flutter route map with a CustomPainter that keeps 60 fps",
  ["flutter-expert"] + MOBILE)
t("Write a Vue 3 composable for the live wind readings on the kite festival site",
  ["vue-expert", "frontend-developer"])
t("Add a Gutenberg block for the alpaca farm's shearing calendar", ["wordpress-master"])
t("The cider press's .NET Framework 4.8 WinForms label printer crashes when a barcode is empty",
  ["dotnet-framework-4.8-expert"])
t("Use C++20 concepts and ranges in the kiln simulator's firing-curve library", ["cpp-pro"])
t("Add a slash command that tells the groomers today's bookings in their Slack", ["slack-expert"])
t("Write an MCP server that lets Claude search the mobile library's catalogue", ["mcp-developer"])
t("Give every cricket match a Socket.IO room so fans see each ball as it is bowled", ["websocket-engineer"])
t("Build a PowerShell module with Pester tests that loads in both 5.1 and 7", ["powershell-module-architect"])
t("Slim the circus school's Docker image and stop it running as root", ["docker-expert"])

# the effect wanted or a question, in a field one agent owns
t("Since we moved mail provider half our flight reminders never arrive; check SPF, DKIM and DMARC",
  ["email-deliverability-engineer"])
t("Would dog owners in a town of 40,000 pay for a monthly grooming subscription?",
  ["market-researcher", "project-idea-validator"])
t("Veg box customers who skip two weeks in a row mostly cancel; how do we keep them?",
  ["customer-success-manager"])
t("How many skaters stop using the league app after a month, broken down by the month they joined?",
  ["cohort-analysis"])
t("Two versions of the festival ticket page ran for a week: 310 and 342 sales from similar traffic. Real "
  "difference?", ["ab-test-analysis"])
t("Can we put the GPL charting library inside the funicular's closed-source ticket kiosk?",
  ["license-engineer", "legal-advisor"])
t("We store donors' blood type and health answers; what does the GDPR ask of us?",
  ["gdpr-ccpa-compliance", "compliance-auditor"])
t("Find the accounts in the depot's Active Directory whose passwords never expire and that hold too many rights",
  ["ad-security-reviewer"])
t("New depot staff need a mailbox, a Teams seat and the right licence on their first day", ["m365-admin"])
t("Register the new depot's Windows servers in DNS and give them reserved DHCP leases", WINDOWS)
t("The circus school wants attendance by class and age group every month, as a report", ["data-analyst"])
t("Gather every council's published recycling rates into one clean table we can trust", ["data-researcher"])
t("Forecast how much chocolate to make for Easter from three years of sales", ["data-scientist"])
t("Price a quarterly hedge on cocoa futures for the chocolatier", ["quant-analyst"])
t("What could go wrong if the funicular takes only contactless payments? Rate each risk",
  ["risk-manager", "assumption-mapping"])
t("Map how a cider order moves today from the phone call to the delivery, and where it stalls",
  ["business-analyst"])
t("Plan the six-month rollout of the new booking system with milestones and a budget", ["project-manager"])
t("The roller derby app team over-commits every sprint; run their planning differently", ["scrum-master"])
t("Decide what the grooming app builds next: a waitlist, loyalty points or reminders", ["product-manager"])
t("Everyone who invites a friend gets a free veg box; make that bring in more customers than it costs",
  ["growth-loops"])
t("Get the mobile library's stop pages to rank for 'library van near me'", ["seo-specialist"])
t("This blog post reads as if a chatbot wrote it; fix that before it goes out",
  ["ai-writing-auditor", "content-quality-editor"])
t("Design the screens of the balloon operator's passenger check-in kiosk", ["ui-designer"])
t("Watch five regulars book a canal boat and tell us where they hesitate", ["ux-researcher"])
t("A prospect's demo is on Friday: show our API pulling stock from their tills in a proof of concept",
  ["sales-engineer"])
t("The veg box support bot should answer delivery questions from our FAQ; design the retrieval and the model "
  "setup", ["llm-architect", "ai-engineer"])
t("The fleece grading model has to run on the shearing shed's laptop, offline, in under a second", SERVING)
t("Sort incoming customer emails into complaints, order changes and questions", ["nlp-engineer"])
t("Retrain the donor no-show model automatically when its accuracy drops", ["mlops-engineer", "ml-engineer"])
t("Write the system prompt for the circus school's enrolment assistant and test it on 50 questions",
  ["prompt-engineer"])
t("Teach the depot's robot arm to sort recyclables from rewards rather than hand-written rules",
  ["reinforcement-learning-engineer"])
t("The nightly load from the tills into BigQuery misses sales made after 23:00", ["data-engineer"])
t("Donors giving on our site should be able to use Apple Pay and Google Pay", PAYMENTS)
t("Issue the kite festival's VIP tent passes as ERC-721 tokens", ["blockchain-developer"])
t("The tyre chain's order service went down at 09:00 and is still down; lead the response", INCIDENT)
t("Random 502s from the veg box API since Monday, and nothing was deployed", DEBUG)
t("The chocolatier's monorepo build went from 4 to 19 minutes", ["build-engineer", "dx-optimizer"])
t("Let each depot team spin up a preview environment themselves without filing a ticket", ["platform-engineer"])
t("How much downtime can the funicular's gate API have in a month before we stop shipping features?",
  ["sre-engineer"])
t("The donor search in MySQL scans 4 million rows for every lookup", SLOW_SQL)
t("Connect the three depots to the cloud with a backup link when the main line fails", ["network-engineer"])
t("Move the balloon operator's servers to AWS and keep the bill under 800 pounds a month", ["cloud-architect"])
t("Split the veg box refactor across five agents so that no two of them edit the same files",
  ["agent-organizer", "task-distributor", "multi-agent-coordinator"])
t("Write the state machine for a grooming booking: requested, confirmed, no-show, refunded",
  ["workflow-orchestrator"])
t("Why do we print a paper manifest for every balloon flight? Start from first principles and see if we need it",
  ["first-principles-thinking"])
t("Our history is a tangle of merge commits; pick a branching model for four developers",
  ["git-workflow-manager"])
t("Write a command-line tool that lets van drivers mark stops done from a laptop", ["cli-developer"])
t("Build a VS Code extension that checks the depot's route files as they are typed", ["tooling-engineer"])
t("Federate one GraphQL schema over the cider press's order and stock services", ["graphql-architect"])
t("What do published studies say about microplastics in recycled paper?", ["scientific-literature-researcher"])
t("Find every mention of the kite festival in local news since 2019", ["search-specialist"])
t("A US hospital partner wants our donor data; what does HIPAA require before we share it?",
  ["hipaa-compliance", "compliance-auditor"])
t("Where should our agents keep shared notes so that they don't overwrite each other?", ["context-manager"])
t("Allow only signed scripts over PowerShell remoting on the depot's servers", ["powershell-security-hardening"])
t("Rename the customer module across all 14 packages of the tyre chain's repo, with a diff to approve before each "
  "step", ["codebase-orchestrator"])
t("Collect mentions of the kite festival on X for the press team", ["x-api-integration"])
t("Put 200 soil sensors on the alpaca pastures over LoRaWAN with a dashboard in the cloud", ["iot-engineer"])
t("Let two players race hot-air balloons online in our Unity game", ["game-developer"])
t("Check last month's ICD-10 codes on the physiotherapy clinic's insurance claims", ["healthcare-admin"])

# chores and work no agent does (several share a word with an agent)
t("Order Kubernetes stickers for the depot's open day", None)
t("Reply to the Slack invite from the kite festival's sponsor", None)
t("Renew the chocolatier's food hygiene certificate", None)
t("Move the balloon pilots' licences into the HR folder", None)
t("Change the last boat return time on the poster to 17:30", None)
t("Buy a new kettle for the cider press office", None)
t("Send flowers to the circus school's retiring ringmaster", None)
t("Print the Terraform cheat sheet for the depot's meetup", None)
t("Collect the alpacas' vaccination records from the vet", None)
t("Fix the spelling of 'fleece' on the farm shop chalkboard", None)
t("Pay the road tax on the mobile library van", None)
t("Find a plumber for the sauna club's showers", None)
t("Ask the funicular's insurer for next year's quote", None)
t("Hang the stained-glass panels for the exhibition", None)
t("Write thank-you cards to the donors who have given blood 50 times", None)
t("Wax the typewriter shop's wooden counter", None)

if __name__ == "__main__":
    write_tasks("voltagent_heldout4.jsonl", T, "heldout", catalog="voltagent")
