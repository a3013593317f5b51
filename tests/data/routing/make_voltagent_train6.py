"""Writes voltagent_train6.jsonl beside it: a sixth set over VoltAgent's 158 agents, for VALIDATION use (see
README.md, "Stop 19").

    .venv/bin/python tests/data/routing/make_voltagent_train6.py

Written in stop 19 (data19) as a second blind validation set beside voltagent_train5.jsonl, with the label rules
of README.md ("Fresh held-out sets") and the shared groups of voltagent_groups.py, before ralphy's router was run on
any of it, in the shape of issue 15's examples: plain TASKS.md lines that name a technology, a product or a file
and ask for a role's work on it (audits, reviews, tests, docs, migrations, performance, deploys), lines that ask
for a technology's own work, and lines that say the effect wanted or ask a question in a field one agent owns.
Other people, products and domains than the sets before it (a ski resort, a craft brewery, a bakery chain, a
mountain rescue team, an animal shelter, a tattoo studio, bicycle couriers, an ice rink, a community radio, an
aquarium, a tea importer, a marathon, a fire brigade, a student union, a driving school, a cheese dairy, escape
rooms, a piano school, airport parking). About 15% have no fitting agent: chores, several sharing a word with an
agent (a Kubernetes course certificate, a Slack emoji, the Terraform user group's pizza, a Docker hoodie, an SEO
conference badge). Labelled by reading the agents' names and descriptions (bodies where the description left the
job unclear), every right agent listed.
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
t("Audit the ski resort's lift-pass Django API for broken object-level authorisation", AUDIT)
t("The brewery's FastAPI batch endpoints have no tests; cover each fermentation stage change",
  ["test-automator", "fastapi-developer", "python-pro"])
t("Plan replacing the bakery chain's Delphi 7 till software with a web app on Laravel",
  ["legacy-modernizer", "laravel-specialist", "php-pro"])
t("Profile the animal shelter's Spring Boot adoption search; each query takes 4 seconds",
  ["performance-engineer", "spring-boot-engineer"])
t("Pen-test the tattoo studio's Next.js booking site before the deposit feature goes live", AUDIT)
t("Review the bicycle couriers' Go dispatch service before it replaces the old one", ["code-reviewer"])
t("Write the user manual for the ice rink's Electron skate-hire till", DOCS)
t("Document the community radio's Kotlin playout API for the volunteers who build plugins", ["api-documenter"])
t("Check the aquarium's Vue ticket shop against WCAG 2.2 before the council audit", ["accessibility-tester"])
t("Roll out the tea importer's order sync to Kubernetes with canary releases from the pipeline",
  DEPLOY + ["kubernetes-specialist"])
t("Load-test the marathon's results page for 50,000 runners refreshing at the finish", ["performance-engineer"])
t("Review the plan to move the fire brigade's dispatch system onto five services", ["architect-reviewer"])
t("Write the test strategy for the student union's election app before voting week", ["qa-expert"])
t("Set up GitHub Actions to lint, test and publish the driving school's Python scheduling package", DEPLOY)
t("Plan moving the cheese dairy's stock records from a FoxPro app to PostgreSQL",
  ["legacy-modernizer", "postgres-pro"])
t("Speed up the Rust service that renders the escape rooms' live camera mosaics",
  ["performance-engineer", "rust-engineer"])
t("Check the piano school's WordPress parent portal for ways to read other children's lesson notes", AUDIT)
t("Check the airport parking app's data sharing with its ANPR vendor against the GDPR",
  ["gdpr-ccpa-compliance", "compliance-auditor"])
t("Write integration tests for the ski school's Symfony booking flow",
  ["test-automator", "symfony-specialist", "php-pro"])
t("Run chaos experiments on the couriers' dispatch cluster before the Christmas peak", ["chaos-engineer"])
t("Review the React Native code that stores rescuers' GPS traces on the phone", ["code-reviewer"])
t("Explain in the docs how the radio's Rails archive stores and transcodes recordings", DOCS)
t("The mountain rescue callout app's Angular dashboard freezes when 300 incidents load",
  ["performance-engineer", "angular-architect", "frontend-developer"])
t("Review the brewery's Terraform modules for the new AWS account before they are applied", ["code-reviewer"])
t("Document the aquarium's GraphQL schema with examples for the partner app teams", ["api-documenter"])
t("Plan the move of the student union's Java 8 Struts site onto Spring Boot 3",
  ["legacy-modernizer", "java-architect", "spring-boot-engineer"])
t("Test the tea importer's checkout on real phones and browsers following the documented user flows",
  ["ui-ux-tester"])
t("Harden the remoting setup of the fire brigade's PowerShell scripts that restart station PCs",
  ["powershell-security-hardening"])

# a technology's own work
t("Add a Livewire page where shelter volunteers log dog walks", ["laravel-specialist", "php-pro"])
t("The Flutter trail map of the ski resort drops frames on older iPads", ["flutter-expert"] + MOBILE)
t("Add offline caching to the Expo app the couriers use in underground car parks",
  ["expo-react-native-expert"] + MOBILE)
t("Add a Phoenix LiveView board that shows the marathon's split times as they come in", ["elixir-expert"])
t("Write the Doctrine entities for the dairy's cheese wheels and their ripening rooms",
  ["symfony-specialist", "php-pro"])
t("Add Turbo streams so the radio's Rails schedule page updates when a show changes", ["rails-expert"])
t("Turn the tattoo studio's booking calendar into a React 18 component with Suspense for the data",
  ["react-specialist", "frontend-developer"])
t("Replace the ice rink's callback-based Node API handlers with async/await and streams",
  ["node-specialist", "javascript-pro"])
t("Write a lock-screen widget in Swift that shows when the next shuttle bus reaches the ski lift",
  ["swift-expert", "mobile-app-developer"])
t("Build the Django admin for the driving school's instructors and lessons", ["django-developer"])
t("Move the rink app's networking from callbacks to Kotlin coroutines and Flow", ["kotlin-specialist"])
t("Write a lock-free ring buffer in C++20 for the radio's audio capture thread", ["cpp-pro"])
t("Add a gRPC service in Go that hands courier jobs to the nearest rider", ["golang-pro"])
t("Write a Next.js 15 server action that books a piano lesson and revalidates the calendar",
  ["nextjs-developer"])
t("Build a minimal API in ASP.NET Core 8 for the parking barriers to check permits",
  ["csharp-developer", "dotnet-core-expert"])
t("Type the aquarium's event-bus payloads with discriminated unions so handlers cannot mix them up",
  ["typescript-pro"])
t("The brewery's label printer container runs as root with the whole build toolchain inside; fix the image",
  ["docker-expert"])
t("Move the dairy's temperature probes' firmware to FreeRTOS on the STM32", ["embedded-systems"])
t("Write the Terragrunt layout for the radio's three environments without copying the same inputs",
  ["terragrunt-expert"])
t("Split the ski resort's single Terraform root into modules per lift system, shared by both valleys",
  ["terraform-engineer"])
t("Let the shelter's Slack workspace announce each new dog with a button to book a visit", ["slack-expert"])
t("Build an MCP server so Claude can read the escape rooms' bookings", ["mcp-developer"])
t("Add a 'renew membership' subcommand with tab completion to the union's admin CLI", ["cli-developer"])
t("The rescue team's WinForms roster tool on .NET Framework 4.8 crashes when printing",
  DEBUG + ["dotnet-framework-4.8-expert"])

# the effect wanted, a situation or a question
t("Skiers with a season pass should pay for a friend's day ticket with Apple Pay in the app", PAYMENTS)
t("Since 07:30 the couriers' app shows no jobs and every rider is idle", INCIDENT)
t("Some shelter adoption records lose the microchip number after saving, and we can't tell when", DEBUG)
t("Of the runners who entered in 2021, how many came back each year after?", ["cohort-analysis"])
t("The new 'add a tasting' button raised brewery tour bookings from 4.1% to 4.5% on 2,000 visits; real or "
  "noise?", ["ab-test-analysis"])
t("Would climbers pay for a subscription that includes lift passes at three resorts?",
  ["market-researcher", "project-idea-validator"])
t("What do other escape-room chains charge for corporate team days?", ["competitive-analyst"])
t("Which cheeses lose the most weight while ripening, and does the room's humidity explain it?",
  ["data-scientist", "data-analyst"])
t("Order approvals at the tea importer pass through four inboxes and nobody knows who is waiting on whom",
  ["business-analyst"])
t("Dog walkers who bring a friend should be rewarded in a way that keeps bringing more volunteers",
  ["growth-loops"])
t("Load the parking operator's payment exports into BigQuery each night and retry when a file is late",
  ["data-engineer"])
t("Predict next winter's daily lift queues from five seasons of gate scans", ["data-scientist"])
t("The bakery's ordering chatbot promises gluten-free loaves we do not make; tighten what it may say",
  ["prompt-engineer"])
t("Pull allergen mentions out of 20,000 customer emails to the bakery", ["nlp-engineer"])
t("The couriers' delivery-time model is fine on last year's data but wrong every Monday in production",
  ["mlops-engineer", "ml-engineer"])
t("Serve the ski resort's snow-depth model so the app gets an answer in under 100 ms", SERVING)
t("Let listeners ask questions about 30 years of radio archives in plain words",
  ["llm-architect", "ai-engineer"])
t("Can we ship the GPL-licensed audio codec inside the radio's paid mobile app?",
  ["license-engineer", "legal-advisor"])
t("Draft the waiver every escape-room player signs before a game", ["legal-advisor"])
t("Which service accounts in the fire brigade's domain could add themselves to Domain Admins?",
  ["ad-security-reviewer"])
t("Every station PC should lock after five minutes idle; set it for the whole domain", WINDOWS)
t("Each bakery shop needs its own Teams channel and a shared mailbox for orders", ["m365-admin"])
t("What happens to the dairy if the only rennet supplier stops delivering?", ["risk-manager"])
t("Bakery order confirmations land in spam at Outlook and Gmail", ["email-deliverability-engineer"])
t("The union's backlog has 400 tickets and nobody trusts the order; sort it out before the next sprint",
  ["backlog-grooming"])
t("Which of our assumptions about students paying for the events app are we least sure of?",
  ["assumption-mapping"])
t("The marathon's live tracker goes down every race day; what should it promise and how do we keep it",
  ["sre-engineer"])
t("Developers at the radio wait 25 minutes for every CI run on the archive", ["build-engineer", "dx-optimizer"])
t("Write the landing page that turns ski-school searches into bookings", ["landing-page-copywriter"])
t("Plan the six-month launch of the driving school's app with milestones, budget and risks",
  ["project-manager"])
t("Split 12,000 parcel-labelling jobs across eight workers so the same-day ones finish first",
  ["task-distributor"])
t("Find published studies on how water temperature affects cheese ripening",
  ["scientific-literature-researcher"])
t("The aquarium site stopped appearing for 'things to do in Plymouth in the rain'", ["seo-specialist"])
t("Make app icons, a favicon and social cards for the piano school's new brand", ["visual-asset-generator"])
t("The tea importer's ERP, PowerShell jobs, Windows servers and Azure tenant all need changing for the new "
  "warehouse; coordinate the work", ["it-ops-orchestrator"])
t("Send the telemetry of 900 courier e-bikes to the cloud and push firmware updates to their trackers",
  ["iot-engineer"])
t("The skiers' app is bound to one cloud; design how it runs across two regions and survives one going dark",
  ["cloud-architect"])

# chores, some sharing a word with an agent
t("Hang the Kubernetes course certificate in the office", None)
t("Add a party-parrot emoji to the brewery's Slack", None)
t("Order pizza for the Terraform user group meetup", None)
t("Buy the team a Docker hoodie each for the hackathon", None)
t("Pick up our badges for the SEO conference in Manchester", None)
t("Water the plants in the radio studio over the holidays", None)
t("Renew the tattoo studio's hygiene certificate at the council", None)
t("Move the marathon's 2019 photos into the archive folder", None)
t("Change the price of a rink session from 8 to 9 pounds on the poster", None)
t("Phone the piano tuner to come on Tuesday", None)
t("Collect the cheese order forms from the farm shop", None)
t("Book the minibus for the student union's ski trip", None)
t("Fix the typo 'receive' on the shelter's donation thank-you card", None)
t("Set the escape-room timer screens to show the new logo", None)
t("Return the borrowed avalanche transceivers to the mountain rescue base", None)

if __name__ == "__main__":
    write_tasks("voltagent_train6.jsonl", T, "train", catalog="voltagent")
