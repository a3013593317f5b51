"""Writes voltagent_train4.jsonl beside it: a fourth TRAIN set over VoltAgent's 158 agents (see README.md, "Stop 15").

    .venv/bin/python tests/data/routing/make_voltagent_train4.py

Written in stop 15 (trainset15), with the label rules of README.md ("Fresh held-out sets"), before ralphy's router
was run on any of it, by someone who had not tuned the router, in the style of voltagent_train3.jsonl: TASKS.md
lines phrased the way people write when they do not know the agents' words (the effect wanted, the user's
situation, a question, a bug report, "As a ..." lines, checkbox lines with ticket ids), mixed with plain lines
that name a technology while asking for a role. Other people, products and domains than every set here (M-Pesa,
Mollie, a dental chain, night-shift VPNs, Bicep, Terragrunt state blocks, FFmpeg's licence, therapists' notes,
Medicare denials for home care, dog groomers in Bristol, a seat map, discharge letters, a premium-calculating COBOL
batch...). About 15% have no fitting agent (chores, several sharing a word with an agent). Labelled by reading
the agents' names and descriptions (and bodies where the description left the job unclear), every right agent
listed.
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

# the effect wanted, the user's situation or a question, in a field one agent owns
t("Customers in Kenya want to pay at checkout with M-Pesa", PAYMENTS)
t("Refunds through Mollie sometimes go out twice when the support agent double-clicks", PAYMENTS)
t("As an office manager at the dental chain I want every new hire to have a mailbox, a Teams seat and the "
  "shared calendar on day one", ["m365-admin"])
t("The print queues still live on a 2012 server; move them to the new one without anyone noticing", WINDOWS)
t("Who in the domain can reset the CEO's password, and how did they get that right?", ["ad-security-reviewer"])
t("The conditional access rules lock the warehouse handheld scanners out of Entra ID", ["azure-infra-engineer"])
t("The night shift cannot open the VPN from the Lisbon office; the day shift can", ["network-engineer"])
t("Every Bicep deployment recreates the storage account instead of leaving it alone", ["azure-infra-engineer"])
t("The Terragrunt live repo repeats the same remote-state block in 60 folders", ["terragrunt-expert"])
t("Whenever a node pool is upgraded, the ingress drops connections for about a minute", ["kubernetes-specialist"])
t("Would the ledger survive losing its primary database in the middle of a transfer? Prove it in staging",
  ["chaos-engineer"])
t("We promised our biggest customer 99.9% for the API. How do we know whether we are keeping it?",
  ["sre-engineer"])
t("Developers wait two days for a test database; let them create one themselves from a portal",
  ["platform-engineer"])
t("Clean builds of the Android monorepo take 40 minutes on CI and the remote cache never seems to hit",
  ["build-engineer"])
t("New engineers need a whole day before the repository runs on their laptop", ["dx-optimizer"])
t("Support staff need a terminal command that finds an order by email and resends its receipt",
  ["cli-developer"])
t("One command should scaffold a new service with our folder layout, linting and CI already in place",
  ["tooling-engineer", "platform-engineer"])
t("Release branches live for months and every merge back hurts. What should we do instead?",
  ["git-workflow-manager"])
t("Dependabot shows 112 alerts: work out which ones matter and fix those", ["dependency-manager"])
t("If we bundle FFmpeg with our video editor, do we have to publish our own source?",
  ["license-engineer", "legal-advisor"])
t("Our app keeps therapists' session notes. What do we need before US clinics can use it?",
  ["hipaa-compliance", "compliance-auditor"])
t("A user in Munich asks for every piece of data we hold on them. How do we answer in time?",
  ["gdpr-ccpa-compliance"])
t("Medicare started denying a third of our home-care claims in the autumn; find which errors cause it",
  ["healthcare-admin"])
t("Did the green 'Book now' button really bring more bookings, or is it noise?", ["ab-test-analysis"])
t("Do the people who signed up in January stay longer than the ones from the summer?", ["cohort-analysis"])
t("How could each new customer bring in the next one, the way meeting invites spread a scheduling tool?",
  ["growth-loops"])
t("Stop copying competitors' pricing: reason out from our costs and our customers' jobs what it should be",
  ["first-principles-thinking"])
t("Before we spend a quarter on the marketplace idea, tell us honestly whether anyone would pay for it",
  ["project-idea-validator"])
t("What is the riskiest thing we believe about dentists onboarding themselves without a call?",
  ["assumption-mapping"])
t("How do Paddle and Lemon Squeezy position themselves for indie developers compared with us?",
  ["competitive-analyst"])
t("Would Dutch towns buy enough from refill shops for cleaning products to carry a chain of twenty?",
  ["market-researcher"])
t("Which of the twelve requested features make the May release and which wait?", ["product-manager"])
t("Sprint planning takes three hours every two weeks and everyone dreads it", ["scrum-master"])
t("Move 30 branch offices to the new phone system: milestones, owners, budget", ["project-manager"])
t("Interview the warehouse leads and write down what the new picking app must do", ["business-analyst"])
t("Gather every public data set of Norwegian ferry timetables and check which are still current",
  ["data-researcher"])
t("Find the studies that measured e-scooter battery wear in freezing weather and pull out their numbers",
  ["scientific-literature-researcher"])
t("How will small restaurants take orders in 2028? Give us three scenarios", ["trend-analyst"])
t("Three of our biggest school districts went quiet after onboarding; plan how to win them back",
  ["customer-success-manager"])
t("The airport's procurement team wants a live demo wired to their own flight data", ["sales-engineer"])
t("Plan a quarter of posts and newsletters around the new stock-count feature", ["content-marketer"])
t("We do not show up when people search for 'dog groomer Bristol'", ["seo-specialist"])
t("The release notes read as if a chatbot wrote them; make them sound like us",
  ["ai-writing-auditor", "content-quality-editor"])
t("Students give up on the quiz screen halfway; sit with a few of them and find out why", ["ux-researcher"])
t("Click through every path of the returns wizard and report what breaks", ["ui-ux-tester"])
t("Buttons, inputs and cards look different on every page; design one set everyone uses", ["ui-designer"])
t("Screen reader users say the seat map says nothing at all", ["accessibility-tester"])
t("The support bot answers refund questions with the shipping policy it retrieved", ["llm-architect", "ai-engineer"])
t("Serve our fine-tuned Mistral model to 200 concurrent chats on two GPUs", ["llm-architect"] + SERVING)
t("The invoice extraction prompt puts the VAT number into the IBAN field about one time in twenty",
  ["prompt-engineer"])
t("Pull drug names and doses out of hospital discharge letters", ["nlp-engineer"])
t("Predict which delivery slots will run late tomorrow from the weather and past rounds", ["data-scientist"])
t("Rebuild the fraud model every night from the fresh labels and keep the last five versions",
  ["mlops-engineer", "ml-engineer"])
t("Let a program learn when to reorder stock by playing through a simulated year of sales",
  ["reinforcement-learning-engineer"])
t("The marketing numbers still arrive as CSV exports someone loads by hand every Monday", ["data-engineer"])
t("Post a summary of the day's #incidents threads every evening", ["slack-expert"])
t("Let Claude read our Linear tickets so it can answer 'where is this feature?'", ["mcp-developer"])
t("Split the audit of the billing code among our agents and say who does which part", ["agent-organizer"])
t("Three agents write to the same notes file and keep overwriting each other",
  ["multi-agent-coordinator", "context-manager"])
t("Refund approvals: which states, what times out, and what happens when a step fails",
  ["workflow-orchestrator"])
t("Our coding agents keep breaking the same house rules; dig through a month of their transcripts for patterns",
  ["knowledge-synthesizer"])
t("400 translation jobs, six workers: the rush ones must finish first", ["task-distributor"])
t("Rename our API package across 50 files in batches, with a preview and an approval before each batch",
  ["codebase-orchestrator"])
t("What happens to our cash if our biggest supplier goes bankrupt next month?", ["risk-manager"])
t("Emails from the clinic land in Outlook's junk folder", ["email-deliverability-engineer"])
t("Holders should be able to stake for 30 days, with a penalty for leaving early", ["blockchain-developer"])
t("Give each of the 5,000 smart meters its own certificate when it leaves the factory", ["iot-engineer"])
t("The pump controller misses its 1 ms deadline whenever Bluetooth is on", ["embedded-systems"])
t("Enemies walk through walls since the physics update", ["game-developer"])
# the technology itself, with an agent named for it
t("Show a live count of waiting patients on the clinic's Rails dashboard with Hotwire", ["rails-expert"])
t("The Laravel queue worker eats memory until it is killed after a few thousand jobs",
  ["laravel-specialist", "php-pro"])
t("- [ ] BOOK-77 Port the booking widget's Vue 2 components to Vue 3 with script setup",
  ["vue-expert", "frontend-developer"])
t("Dark mode for the Flutter inspection app that follows the phone's setting", ["flutter-expert"] + MOBILE)
t("Background location in the Expo app stops as soon as iOS suspends it", ["expo-react-native-expert"] + MOBILE)
t("The Electron renderer can still require('fs'); close that off", ["electron-pro"])
t("The FastAPI service freezes whenever it calls the old SOAP endpoint", ["fastapi-developer", "python-pro"])
t("Regional managers should see only their own region's stores in the Django admin", ["django-developer"])
t("Our Next.js dashboard renders on every request though the data changes once an hour", ["nextjs-developer"])
t("A Go worker that drains the SQS queue with at most 20 goroutines at a time", ["golang-pro"])
t("Swap the hand-written SQL strings in the C# service for EF Core with migrations",
  ["csharp-developer", "dotnet-core-expert"])
t("The old .NET 4.8 shipping app must talk TLS 1.2 to the carrier's WCF endpoint",
  ["dotnet-framework-4.8-expert"])
t("Retry the credit bureau call with backoff and a circuit breaker in the Spring Boot service",
  ["spring-boot-engineer"])
t("Live auction sockets drop every 60 seconds behind the load balancer", ["websocket-engineer"])
t("The storefront asks for 40 nested fields and the GraphQL resolvers hit the database 900 times",
  ["graphql-architect"])
t("Autovacuum on PostgreSQL cannot keep up with the events table", ["postgres-pro", "database-administrator"])
t("The stock report joins six tables and takes 90 seconds on MySQL", SLOW_SQL)
t("The helpdesk wants a window with buttons instead of typing the password-reset script",
  ["powershell-ui-architect"])
t("Any admin can run anything over our PowerShell remoting endpoints; limit each team to its own commands",
  ["powershell-security-hardening"])
t("The quarterly access review: who is admin where across AD, Azure and Microsoft 365, sent to each owner",
  ["it-ops-orchestrator"])
t("The WooCommerce checkout is a blank page since the theme update", ["wordpress-master"])
t("Send the nightly export through Symfony Messenger so the request returns at once",
  ["symfony-specialist", "php-pro"])
# a role asked on a named technology
t("Someone should try to break into the Django patient portal before it launches", AUDIT)
t("Look at Tomasz's Go rate limiter pull request before Friday", ["code-reviewer"])
t("Fourteen services share one database in our event-driven design. Is that a mistake?",
  ["architect-reviewer", "microservices-architect"])
t("Publish the OpenAPI description of the Rust shipping API with examples", ["api-documenter"] + DOCS)
t("The README's install steps fail since we moved the project to uv", ["docs-drift-editor", "readme-generator"] + DOCS)
t("Put the Flutter app on TestFlight and Play internal testing from CI on every tag", DEPLOY)
t("Card payments have been failing for 20 minutes and customers are posting about it", INCIDENT)
t("Bug: the Elixir importer crashes with a badmatch on some CSV files and we cannot tell which",
  DEBUG + ["elixir-expert"])
t("Error rates in three services started climbing at the same minute yesterday; find what they share",
  ["error-detective", "debugger"])
t("The first tap in the Vue checkout takes 3 seconds on cheap Android phones",
  ["performance-engineer", "vue-expert", "frontend-developer"])
t("What do we check, and who signs off, before the payroll app's tax-year rollover?", ["qa-expert"])
t("The COBOL batch that computes premiums moves to Java without changing a single result",
  ["legacy-modernizer", "java-architect"])
t("Design the REST API partners will use to book appointments", ["api-designer"])
t("An Express backend for the mobile app: sign-in, profiles, photo uploads",
  ["backend-developer", "node-specialist"])
t("The Rust CLI needs shell completions and friendlier error messages", ["cli-developer", "rust-engineer"])
# no agent fits
t("Rename the 'Customers' tab to 'Clients'", None)
t("Fix 'adress' in the contact form label", None)
t("Write the new guest Wi-Fi password on the office whiteboard", None)
t("Move the Terraform meetup notes into the wiki", None)
t("Change the Slack workspace icon to the new logo", None)
t("Put Lena's Kubernetes exam voucher date in the team calendar", None)
t("Make the README's build badge green instead of blue", None)
t("Move Friday's sprint demo to 3 pm", None)
t("Remove the old product screenshots from the press kit folder", None)
t("Update the phone number in everyone's email signature", None)
t("Add Docker whale stickers to the swag order", None)
t("Cancel the Figma seat nobody uses", None)
t("Change the date on the cookie banner's 'last updated' line", None)
t("Book the big meeting room for Tuesday's security training", None)
t("Add the new hire's birthday to the team calendar", None)
t("Change the support email address in the app footer", None)
t("Add the parking instructions to the visitor email", None)
t("Put the new company name in the copyright line of the PDF footer", None)

if __name__ == "__main__":
    write_tasks("voltagent_train4.jsonl", T, "train", catalog="voltagent")
