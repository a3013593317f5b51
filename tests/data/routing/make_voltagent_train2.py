"""Writes voltagent_train2.jsonl beside it: a second TRAIN set over VoltAgent's 158 agents (see README.md).

    .venv/bin/python tests/data/routing/make_voltagent_train2.py

Written in stop 13 (tech13), with the label rules of README.md ("Fresh held-out sets"), before ralphy's router
was run on any of it, so that tuning on the 158-agent catalog rests on more than voltagent_train.jsonl's 62
tasks. Tasks are TASKS.md lines written by hand for this repository (no outside source): many name a
technology, a product or a domain word that no agent's name spells (the agent describes the field), many ask a
role on a named technology, some ask a technology whose own agent exists, and about 15% have no fitting agent
(chores, several sharing a word with an agent). Labelled by reading the agents' names and descriptions.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from labelled_sets import write_tasks  # noqa: E402
from voltagent_groups import AUDIT, DEBUG, DEPLOY, DOCS, INCIDENT, PAYMENTS, SERVING, WINDOWS  # noqa: E402

T = []


def t(task, expected):
    T.append({"task": task, "expected": expected})


# a technology, product or domain word no agent's name spells: the agent of its field
t("Schedule the nightly Airflow DAG that loads orders into the warehouse", ["data-engineer"])
t("Write dbt models for the revenue marts", ["data-engineer"])
t("Stream clickstream events through Flink into hourly aggregates", ["data-engineer"])
t("Backfill two years of Parquet files in the lake after the schema change", ["data-engineer"])
t("Reconcile the Stripe payouts against the bank statement every night", PAYMENTS)
t("Add KYC identity checks before a user can withdraw funds", ["fintech-engineer"])
t("Tokenise card numbers so raw PANs never touch our servers", PAYMENTS)
t("Handle 3-D Secure challenges in the checkout", ["payment-integration"])
t("Map the finance share as drive F: for everyone in the Sales OU", WINDOWS)
t("Create DHCP reservations for the new label printers", WINDOWS)
t("Add a HorizontalPodAutoscaler for the checkout pods", ["kubernetes-specialist"])
t("Write a Helm chart for the notification service", ["kubernetes-specialist"])
t("Fine-tune a LoRA adapter on our support transcripts", ["llm-architect"])
t("Chunk and embed the handbook into pgvector for retrieval-augmented answers", ["llm-architect"])
t("Serve the fraud model behind a low-latency endpoint with request batching", SERVING)
t("Track experiments and register model versions in MLflow", ["mlops-engineer"])
t("Add a watchdog and a bootloader update path to the STM32 firmware", ["embedded-systems"])
t("Write the FreeRTOS task that samples the ADC every 10 ms", ["embedded-systems"])
t("Provision 5,000 sensors over MQTT with a certificate per device", ["iot-engineer"])
t("Fix the SPF and DKIM records so invoices stop landing in spam", ["email-deliverability-engineer"])
t("Provision Exchange Online mailboxes for the new hires from the HR sheet", ["m365-admin"])
t("Create a SharePoint site per department with the right permissions", ["m365-admin"])
t("Backtest the momentum strategy on ten years of daily prices", ["quant-analyst"])
t("Compute the value-at-risk of the bond portfolio", ["quant-analyst", "risk-manager"])
t("Map our billing codes to ICD-10 and CPT for the claims export", ["healthcare-admin"])
t("Check what we need before storing PHI with the new cloud vendor",
  ["hipaa-compliance", "compliance-auditor", "healthcare-admin"])
t("Honour deletion requests from EU users within 30 days", ["gdpr-ccpa-compliance", "compliance-auditor"])
t("Collect the access-review evidence our SOC 2 auditor asked for", ["compliance-auditor"])
t("Add Socket.IO rooms for live cursors on each board", ["websocket-engineer"])
t("Write an ERC-721 mint contract with an allowlist", ["blockchain-developer"])
t("Cut the Gradle build time with a remote build cache", ["build-engineer"])
t("Set up Renovate to group the minor dependency bumps", ["dependency-manager"])
t("Write a Bicep template for the App Service and its Key Vault", ["azure-infra-engineer"])
t("Define SLOs and burn-rate alerts for the login service", ["sre-engineer"])
t("Run a game day that takes down one zone of the Redis cluster", ["chaos-engineer"])
t("Create a Backstage software template for new services", ["platform-engineer"])
t("Expose our ticket search to Claude as a Model Context Protocol server", ["mcp-developer"])
t("Design the loot tables and enemy spawns for the dungeon levels", ["game-developer"])
t("Extract party names and dates from the contract PDFs", ["nlp-engineer"])
t("Set up a site-to-site VPN between the office and the VPC", ["network-engineer"])
t("Tune autovacuum and shared_buffers on the Postgres primary", ["postgres-pro", "database-administrator"])
t("Set up streaming replication to a hot standby for the orders database",
  ["postgres-pro", "database-administrator"])
t("Chart the 8-week retention of each weekly signup cohort", ["cohort-analysis", "data-analyst"])
t("Is the new checkout variant's lift significant? Decide ship or no ship", ["ab-test-analysis"])
t("Write the hero section and call to action of the pricing page", ["landing-page-copywriter"])
# the technology itself, with an agent named for it
t("Add a Pinia store for the cart in the Vue app", ["vue-expert", "frontend-developer"])
t("Build the SwiftUI settings screen with a toggle per notification type", ["swift-expert", "mobile-app-developer"])
t("Write a Symfony Messenger handler that resizes uploaded images", ["symfony-specialist", "php-pro"])
t("Add an Eloquent scope for active subscriptions", ["laravel-specialist", "php-pro"])
t("Write a FastAPI dependency that checks the API key header", ["fastapi-developer"])
t("Add a GenServer that batches metrics and flushes them every second", ["elixir-expert"])
t("Update the comments list live with a Turbo Stream in the Rails app", ["rails-expert"])
t("Write an async TCP proxy in Rust with tokio", ["rust-engineer"])
t("Replace the raw pointers in the C++ mesh loader with unique_ptr", ["cpp-pro"])
t("Send an Expo push notification when the order ships", ["expo-react-native-expert", "mobile-developer"])
t("Add auto-updates with signed releases to the Electron app", ["electron-pro"])
t("Fix the WCF endpoint config in the .NET Framework 4.8 billing app", ["dotnet-framework-4.8-expert"])
t("Add a Riverpod provider for the user session in the Flutter app", ["flutter-expert", "mobile-developer"])
t("Write a type-safe event emitter with TypeScript mapped types", ["typescript-pro"])
t("Add a WooCommerce shipping method for local pickup", ["wordpress-master"])
t("Write a GraphQL federation subgraph for the reviews domain", ["graphql-architect"])
t("Redirect by locale in a Next.js middleware", ["nextjs-developer"])
t("Write a PowerShell 7 script that rotates the Azure storage account keys",
  ["powershell-7-expert", "azure-infra-engineer"])
t("Build a WPF front end for the user-provisioning PowerShell script", ["powershell-ui-architect"])
t("Write the Terragrunt layout for dev, staging and prod", ["terragrunt-expert"])
t("Post the deploy summary to a Slack channel from a bot", ["slack-expert"])
# a role asked on a named technology
t("Review the Go handler changes for error handling before merge", ["code-reviewer"])
t("Audit the Kubernetes RBAC roles for over-broad permissions", AUDIT)
t("Audit Active Directory for accounts with unconstrained delegation", ["ad-security-reviewer", "security-auditor"])
t("Write integration tests for the Spring Boot order service", ["test-automator", "spring-boot-engineer"])
t("Write Playwright tests for the checkout flow", ["test-automator"])
t("Document the GraphQL mutations with request and response examples", ["api-documenter"] + DOCS)
t("Write a quickstart page for the Ruby client library", DOCS)
t("Build and deploy the FastAPI service from GitHub Actions on every merge", DEPLOY)
t("Shrink the Node service's Docker image from 1.2 GB", ["docker-expert", "devops-engineer"])
t("The Laravel queue workers leak memory overnight; find the cause", DEBUG + ["laravel-specialist"])
t("Profile the Rails checkout endpoint that takes 4 s", ["performance-engineer", "rails-expert"])
t("Refactor the 2,000-line Django views module into small services",
  ["refactoring-specialist", "django-developer"])
t("Check the React dashboard against WCAG 2.2 AA", ["accessibility-tester"])
t("Write the postmortem for Tuesday's payment outage", INCIDENT)
t("Plan the move from the Struts monolith to Spring Boot services",
  ["legacy-modernizer", "java-architect", "spring-boot-engineer"])
t("Review the architecture of the event-sourced order service", ["architect-reviewer"])
t("Write the test plan for the iOS release", ["qa-expert"])
t("Harden the PowerShell remoting setup on the jump hosts", ["powershell-security-hardening"])
# business, product and research work
t("Size the market for B2B invoicing tools in Germany", ["market-researcher"])
t("Compare our pricing with three competitors' plans", ["competitive-analyst"])
t("Find published studies on spaced repetition and the effect sizes they report",
  ["scientific-literature-researcher"])
t("Interview five churned customers and sum up why they left", ["ux-researcher", "customer-success-manager"])
t("Split the data platform epic into work for the agents and write the team plan", ["agent-organizer"])
t("Generate the app icon and favicon set", ["visual-asset-generator"])
t("Prioritise the Q3 roadmap between enterprise SSO and the mobile app", ["product-manager"])
# no agent fits
t("Set the package version to 0.9.3 in setup.cfg", None)
t("Fix the typo 'adress' on the signup page", None)
t("Add Maria to the on-call rota spreadsheet", None)
t("Move the screenshots folder under docs/img", None)
t("Change the footer's copyright year to 2027", None)
t("Rename the staging alerts Slack channel", None)
t("Book a room for the quarterly planning day", None)
t("Order laptops for the two new interns", None)
t("Update the team photo on the About page", None)
t("Sort the imports in utils.py", None)
t("Replace the Kafka logo on the architecture slide", None)
t("Renew the company domain name for another year", None)
t("Reply to the customer who asked for a copy of last month's invoice", None)
t("Pin the coffee machine instructions in the office channel", None)
t("Swap the two paragraphs of the intro in CONTRIBUTING.md", None)
t("Send the Kubernetes meetup slides to the attendees", None)

if __name__ == "__main__":
    write_tasks("voltagent_train2.jsonl", T, "train", catalog="voltagent")
