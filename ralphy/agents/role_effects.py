"""Roles asked for by their effect, role by role from the agents' own texts (issue 15, effects16).

``effects.EFFECTS`` holds the cross-cutting activities (usability, incidents, security testing...) asked for by what
they do. Many roles are no activity of ``activities.ACTIVITY_ROLES``: a product manager decides what ships, a
dependency manager says which of 112 Dependabot alerts matter, an A/B test analyst says whether the green button
really brought more bookings. People who do not know those words ask for the role by its outcome, a symptom or a
question. ``ROLE_EFFECTS_SOURCE`` writes them down, one family per role of the public collections (VoltAgent's ten
categories first, then the roles the other four collections add), from what each role's description and body say
it handles ("dependency-manager: audit dependencies for vulnerabilities, resolve version conflicts, automated
dependency updates"; "dx-optimizer: build times, feedback loops ... developer onboarding < 1 day"), put in the words
a manager or a user would use. Each pattern is written over classes of words (the people, the artefacts, the
verbs), not one task's words, and is meant to be specific to its role: a pattern that fires on ordinary work of
another trade is left out (checked on the labelled sets' no-agent tasks and the real task files in tests/data/tasks).

Each family names its agents by the words of their names (``name groups``: an agent whose name, without its
collection's prefix, holds every word of one group does the work: "ab" -> ab-test-analysis, "database administrator"
-> database-administrator), not by an activity's role words, so a name word of one family ("test" in
"ab-test-analysis") does not make every tester a doer. ``activities.asked_activity`` lifts those agents like an
activity's, and scores the group's words with the task's when the task says none of them.

Nothing is compiled at import; a family's pattern is compiled the first time a task holds one of its anchors
(``role_effects_anchors``: strings one of which every match contains), and searched only then.
"""

from __future__ import annotations

import functools
import re

from ralphy.agents.terms import terms

_W = r"(?:[\w'-]+ )"  # any one word and its space
_PACKAGES = r"(?:packages?|librar(?:y|ies)|dependenc(?:y|ies)|deps|gems?|crates?|modules|plugins|npm packages)"
_AGENTS = r"(?:agents?|subagents?|sub-agents?|workers?|bots?)"
# a sentence's characters up to the next "agent": what lies between a word and a later one, at most one period apart,
# is read once per "agent" ([^.]*[.;:]?[^.]* read the rest of the text again from every one: cubic in "agents agents")
_NO_AGENT = r"(?:(?!\bagents?\b)[^.])*"

# family: (name groups, comma-separated, each the words an agent's name holds; the pattern over the lowered task)
ROLE_EFFECTS_SOURCE: dict[str, tuple[str, str]] = {
    # -- 06 developer experience -------------------------------------------------------------------------------
    # dependency-manager: audit dependencies for vulnerabilities, resolve version conflicts, automated updates,
    # unused and duplicate dependencies, update lag
    "dependencies": ("dependency", (
        r"\bdependabot\b|\brenovate(?:bot| bot| prs?| opens| pull requests| updates)\b|\b(?:patch|"
        r"minor) (?:version )?updates\b|\b(?:npm|yarn|pnpm|cargo|bundler?) audit\b|\bpip-audit\b|"
        r"\b(?:outdated|out[- ]of[- ]date|unmaintained|abandoned|deprecated|years[- ]old|ancient|vulnerable) "
        + _W + r"{0,2}" + _PACKAGES + r"\b|"
        r"\b" + _PACKAGES + r" " + _W + r"{0,3}(?:(?:are|is|went|got) (?:years |badly |hopelessly )?(?:out of date|"
        r"outdated|behind|unmaintained|abandoned|old)|(?:has|have)n'?t been (?:updated|touched|upgraded)|(?:has|"
        r"have) not been (?:updated|"
        r"upgraded)|clash(?:es)?|conflict with each other)\b|"
        r"\bversion (?:conflicts?|clash(?:es)?|hell)\b|\bpeer[- ]dependenc(?:y|ies)\b|\bunused " + _PACKAGES + r"\b|"
        r"\bkeep " + _W + r"{0,2}" + _PACKAGES + r" (?:up to date|current|patched|updated)\b|"
        r"\b\d+ (?:open |security |vulnerability )?(?:alerts|advisories|cves)\b")),
    # dx-optimizer: build times, feedback loops, test runs, developer satisfaction; onboarding under a day
    "developer experience": ("dx", (
        r"\bnew (?:engineers?|developers?|devs|hires|joiners|starters|contributors|team members|colleagues) "
        + _W + r"{0,8}(?:before|until|to get|just to) " + _W + r"{0,5}(?:runs?|running|builds?|set ?up|working|"
        r"productive|compiles?|starts?)\b|"
        r"\b(?:local|dev|development) (?:environment|setup|set-up) " + _W + r"{0,4}(?:takes|took|needs|a whole|"
        r"hours|days|half a day)\b|"
        r"\bdeveloper (?:experience|productivity|satisfaction|happiness|friction|onboarding)\b|\bdevex\b|"
        r"\bwait(?:s|ed|ing)? " + _W + r"{0,3}(?:minutes|ages|forever|all day) (?:for|on|until) (?:the |a |every |"
        r"each |their )?(?:builds?|tests?|test suite|ci|reload|compiler?|rebuilds?|feedback)\b|"
        r"\bevery (?:save|change|edit|small change) " + _W + r"{0,3}(?:takes|needs|means|costs) " + _W + r"{0,3}"
        r"(?:seconds|minutes|rebuild|restart|full build)\b|"
        r"\b(?:local |dev |development )?(?:setup|set-up|environment) (?:\w+ )?(?:a |into a |to a |in a |with a |"
        r"with one |in one )?(?:single|one) (?:\w+ )?command\b")),
    # build-engineer: build performance, compilation times, caching, reproducible builds
    "build": ("build engineer", (
        r"\b(?:clean|full|incremental|ci|cold) (?:build|compile|compilation) times?\b|\b(?:build|compile|compilation) "
        r"times\b|\b(?:cut|halve|reduce|shorten|speed up|lower) (?:the |our )?(?:\w+ )?(?:build|compile|compilation) "
        r"times?\b|"
        r"\b(?:builds?|compil(?:e|es|ing|ation)) (?:is |are |got |gets |became |has become )?(?:\w+ )?"
        r"(?:slow|slower)\b|\bslow (?:builds?|compil\w+)\b|\b(?:reproducible|hermetic) builds?\b|"
        r"\b(?:builds?|compil(?:e|es|"
        r"ation)) " + _W + r"{0,6}(?:takes?|took|lasts?) " + _W + r"{0,2}\d+ ?(?:minutes|mins|"
        r"hours)\b")),
    # git-workflow-manager: branching strategies, merge management, protected branches, clean history
    "git workflow": ("git workflow", (
        r"\bbranch(?:ing)? (?:strategy|model|policy|rules)\b|\blong[- ]lived (?:feature )?branches\b|"
        r"\bhow (?:should|do) we branch\b|\bbranch protection\b|\bprotected branch(?:es)?\b|"
        r"\bmerge conflicts? " + _W + r"{0,3}(?:every|each|all the time|keep|always|constantly)\b|"
        r"\b(?:messy|unreadable|tangled) (?:git |commit )?history\b|\btrunk[- ]based\b")),
    # docs-drift-editor: documentation pages that drifted out of sync with a code change
    "docs drift": ("drift, documentation, readme", (
        r"\b(?:docs|documentation|pages?|guides?|readme|wiki|tutorials?) " + _W + r"{0,3}(?:still (?:describes?|"
        r"shows?|mentions?|says?|refers? to|uses?|lists?) (?:the )?(?:old|previous|removed|renamed|former|v\d|"
        r"version \d)|"
        r"(?:are|is|went|got|have gone|has gone) (?:out of date|stale|outdated|out of sync)|no longer match)\b")),
    # -- 03 infrastructure -----------------------------------------------------------------------------------------
    # platform-engineer: internal developer platforms, self-service infrastructure, golden paths
    "platform": ("platform", (
        r"\bself[- ]service (?:infrastructure|environments?|provisioning|platform|deploys?|databases?|clusters?)\b|"
        r"\bgolden paths?\b|\bpaved roads?\b|\binternal developer (?:platform|portal)\b|"
        r"\b(?:wait|waits|waiting|waited) " + _W + r"{0,3}(?:days|weeks) (?:for|to get) (?:a |an |new |their )?" + _W
        + r"?(?:database|environment|cluster|namespace|bucket|server|vm|staging)\b|"
        r"\b(?:create|provision|spin up|set up|get) (?:one|them|it|their own|a \w+|an \w+) (?:\w+ )?(?:themselves|"
        r"on their own|without (?:a ticket|asking|waiting))\b|"
        r"\b(?:file|open|raise) a ticket " + _W + r"{0,4}(?:for|to get) (?:a |an |new |every )?(?:database|"
        r"environment|cluster|namespace|bucket|server|vm)\b|"
        r"\bscaffold\w* (?:a |an |every |each |the )?new (?:\w+ )?(?:service|microservice|repo|repository|project)\b")),
    # sre-engineer: SLOs, error budgets, toil, alerting that wakes people (and effects.EFFECTS' "toil")
    "reliability": ("sre", (
        r"\b(?:paged|woken(?: up)?|pager (?:goes|went) off) " + _W + r"{0,4}(?:at night|every night|at \d|"
        r"\d ?am|weekends?|for nothing|for noise)\b|\balert fatigue\b|\btoo many (?:\w+ )?alerts\b|"
        r"\bnoisy (?:alerts|alarms|paging)\b")),
    # database-administrator: backups, high availability, disaster recovery, replication
    "database operations": ("database administrator", (
        r"\b(?:restore|recover) " + _W + r"{0,3}(?:from|to) (?:a |the |last \w+'s |yesterday's )?backups?\b|"
        r"\bbackups? " + _W + r"{0,3}(?:never been tested|untested|actually work|restorable)\b|"
        r"\bpoint[- ]in[- ]time recovery\b|"
        r"\btest (?:a |the )?restores?\b|\brestore drills?\b|\bif the (?:primary|database|db)(?: database| db|"
        r" server)? (?:dies|goes down|"
        r"fails|crashes)\b|\b(?:database|db|postgres|mysql|mariadb|primary) failover\b|"
        r"\bfailover (?:to|of) the (?:replica|standby|secondary)\b|\breplica(?:tion)? lag\b")),
    # -- 04 quality and security ----------------------------------------------------------------------------------
    # qa-expert: quality strategy, test planning, quality metrics (bugs that reach customers)
    "quality": ("qa", (
        r"\bwhat (?:should|must|do) we (?:test|check|verify)\b[^.?]{0,40}\b(?:before|ahead of)\b|"
        r"\bbugs? (?:keep |still )?(?:reach(?:es|ing)?|slip(?:s|ping)? (?:through|into|past)|escap(?:e|es|ing))\b|"
        r"\b(?:escaped|production) defects?\b")),
    # chaos-engineer: controlled failure experiments, resilience before incidents, game days
    "chaos": ("chaos", (
        r"\b(?:would|will|could|does|do|can) " + _W + r"{1,4}survive (?:losing|the loss of|a zone|an? \w+ "
        r"(?:outage|failure)|one)\b|\bgame ?days?\b|"
        r"\bwhat happens (?:to " + _W + r"{1,3})?(?:if|when) (?:a|an|one|the) " + _W + r"{0,2}(?:zone|node|region|"
        r"broker|replica|pod|server|datacenter|data centre|data center|az|instance|dependency) (?:dies|goes down|"
        r"fails|disappears|is lost|crashes|goes away)\b")),
    # -- 05 data and AI -----------------------------------------------------------------------------------------
    # prompt-engineer: design, test and evaluate prompts (a model that ignores or overdoes its instructions)
    "prompts": ("prompt", (
        r"\b(?:bot|assistant|model|llm|chatbot|gpt|claude|copilot)(?:'s)? " + _W + r"{0,3}(?:keeps? |still |always |"
        r"often |sometimes )?(?:ignor(?:e|es|ing) (?:the |our |my |its )?(?:instructions?|rules?|system prompt|"
        r"tone)|answers? (?:are |is )?(?:too|far too|way too) (?:long|short|verbose|wordy|rude|formal|vague)|"
        r"(?:goes?|went|wanders?) off[- ](?:topic|script)|(?:is|are|sounds?) (?:too )?(?:rude|preachy|verbose|"
        r"robotic))\b")),
    # data-analyst: insights from business data, which part of the business does best or worst
    "data analysis": ("data analyst, data scientist", (
        r"\bwhich (?:of (?:our|the) )?" + _W + r"{0,2}(?:stores|regions|products|branches|shops|channels|"
        r"campaigns|sites|routes|menu items|plans|salespeople) " + _W + r"{0,2}(?:sell|sold|earn|earned|made|make|"
        r"brought|bring|perform|performed|grew|lose|lost|spend|spent) " + _W + r"{0,2}(?:the )?(?:most|least|best|"
        r"worst)\b|"
        # a question of counts or changes in the business's records (rank17): "How many prescriptions per ward were
        # cancelled last quarter?", "Which farms' yield dropped after the feed change?"
        r"\bhow many " + _W + r"{1,4}(?:per|by|in each|for each) " + _W + r"{1,3}(?:were|was|got|did|have|had) "
        r"(?:\w+ )?(?:last|this|each|per|in|over|during) " + _W + r"{0,1}(?:day|week|month|quarter|year|season)\b|"
        r"\bwhich " + _W + r"{1,3}(?:dropped|fell|rose|grew|increased|decreased|went up|went down|declined|"
        r"improved|worsened) (?:the )?(?:most )?(?:after|since|during|between|over|last)\b|"
        # the data is there, the question is what it says
        r"\bwe have (?:\w+ ){0,3}(?:years?|months?|seasons?|weeks?) of (?:\w+ )?(?:data|records|results)\b|"
        r"\bwhich " + _W + r"{0,2}(?:features|variables|factors|attributes|markers) " + _W + r"{0,2}(?:separate|"
        r"predict|explain|distinguish|drive)\b")),
    # data-engineer: data moved from where it arrives into a store, on a schedule or within a time bound (rank17)
    "data pipelines": ("data engineer", (
        r"\b(?:load|import|ingest|copy|sync|land|pull)(?:s|ed|ing)? (?:[\w'’.-]+ ){0,6}?(?:csvs?|files|exports|records|"
        r"rows|changes|data|feeds|dumps|events|tables)\b[^.;?!]{0,80}?\b(?:every (?:night|day|hour|morning|\d+ "
        r"minutes)|nightly|each night|within (?:a|an|one|two|five|ten|fifteen|thirty|\d+) (?:minutes?|seconds?|"
        r"hours?))\b")),
    # data-scientist: predictive models from the data at hand; which case will turn out how (catalog17: trend-analyst
    # predicts where an industry is heading, not which delivery or customer will do what)
    "predictive model": ("data scientist", (
        r"\b(?:predict|forecast)(?:s|ed|ing)? (?:which|whether|who|how many|how much|how long|when) (?:\w+ ){0,8}?"
        r"(?:will|would|is going to|are going to)\b")),
    # -- 07 specialised domains ---------------------------------------------------------------------------------
    # email-deliverability-engineer: mail that lands in spam, bounces, authentication
    "deliverability": ("deliverabl", (
        r"\b(?:lands?|landing|landed|ends? up|ended up|go(?:es)?|going|went) " + _W + r"{0,2}(?:in|to|into) "
        r"(?:the |their |people's |customers' )?(?:spam|junk|promotions?)(?: folders?| tab)?\b|"
        r"\b(?:emails?|mails?|newsletters?|invoices|receipts|messages) " + _W + r"{0,3}(?:bounc(?:e|es|ing|ed)|"
        r"never arrive|don'?t arrive|do not arrive|are not delivered|aren'?t delivered)\b")),
    # -- 08 business and product ----------------------------------------------------------------------------------
    # product-manager: prioritise features, roadmap, what to build for users and the business
    "product": ("product", (
        r"\bwhich (?:of (?:the|these|those|our) )?" + _W + r"{0,3}(?:features?|requests?|ideas?|items?|stories|epics|"
        r"bets|projects) " + _W + r"{0,3}(?:make|go into|get into|ship in|belong in|should we build|do we build|to "
        r"build|come first|go first|to cut|to drop|to ship|ship first|get built)\b|"
        r"\bwhat (?:should|do) we build (?:next|first)\b|\bwhat to build (?:next|first)\b|"
        r"\bmake (?:it into )?the (?:\w+ )?(?:release|launch|cut)\b|"
        r"\b(?:rank|sort|triage|weigh|order) " + _W + r"{0,3}(?:feature requests|requested features|ideas|bets)\b|"
        # deciding between things to build, which first (rank17)
        r"\bdecide (?:which|whether|what)\b(?:\s+\S+){0,10}?\s+(?:we\s+)?(?:build|ship|launch|make|offer)\b"
        r"(?:\s+\S+){0,6}?\s+(?:next|first)\b")),
    # project-manager: plans, schedule, budget, risks, stakeholders
    "project": ("project manager", (
        r"\b(?:project|plan|schedule)'?s? critical path\b|\braci\b|\bwork breakdown\b|\bmilestones?, (?:owners|budget|"
        r"dates|deadlines)\b|"
        r"\b(?:launch|go-live|deadline|delivery date|release date|project|schedule|timeline) " + _W + r"{0,3}"
        r"(?:is |are |keeps? )?slipping\b|\bover budget\b|\bbehind schedule\b|\bwho does what(?:,| and| by)? "
        r"(?:by )?when\b|\bstatus reports? (?:for|to) (?:the )?(?:stakeholders|board|sponsors?|steering)\b")),
    # scrum-master: ceremonies, velocity, sprint planning, retrospectives, impediments
    "scrum": ("scrum", (
        r"\bstand-?ups? " + _W + r"{0,3}(?:run|runs|ran|take|takes|drag|drags|last|lasts) (?:over|too long|long|"
        r"\d+)\b|\b(?:sprint|team|our|next|last|weekly|monthly) retro(?:spective)?s?\b|"
        r"\bretro(?:spective)?s? (?:format|meeting|board|actions?)\b|\b(?:team|sprint|our) velocity\b|"
        r"\bvelocity (?:dropped|fell|is down|has dropped|went down|keeps dropping)\b|\bburn-?down\b|"
        r"\b(?:never|rarely|don'?t|do not) finish " + _W + r"{0,3}(?:we |they )?(?:commit|plan|promis)\w*\b|"
        r"\bsprint (?:planning|goals?|commitments?)\b|\bagile ceremon\w+\b")),
    # business-analyst: business processes, requirements from stakeholders, process improvement
    "business process": ("business", (
        r"\b(?:map|document|write down|understand|describe) (?:out )?how " + _W + r"{1,4}(?:is|are|gets?) "
        r"(?:handled|done|processed|approved|run|"
        r"dealt with) " + _W + r"{0,4}(?:today|now|at the moment|currently|by hand)\b|"
        r"\bwhat (?:the |"
        r"our )?(?:new )?" + _W + r"{0,2}(?:app|system|tool|software|portal|screens?) (?:must|should|needs? "
        r"to|has to) do\b|"
        r"\b(?:as-is|to-be|current[- ]state|future[- ]state) process\w*\b|\bprocess (?:maps?|mapping)\b|"
        r"\bgather (?:the )?requirements\b|\brequirements (?:from|with) (?:the )?(?:stakeholders|business|"
        r"departments?|teams?)\b|\bstakeholder interviews?\b")),
    # customer-success-manager: customer health, retention, adoption, renewals, upsell
    "customer success": ("success", (
        r"\b(?:customers?|clients?|accounts?|districts?|schools?|tenants?|hospitals?|stores?|firms|practices|"
        r"agencies|partners) " + _W + r"{0,4}(?:went|have gone|has gone|had gone|are going|gone) (?:quiet|silent|"
        r"dark)\b|"
        r"\b(?:customers?|clients?|accounts?) " + _W + r"{0,3}(?:stopped|stop) using\b|\bupsell\w*\b|"
        r"\bexpansion revenue\b|\b(?:customer|account|contract) renewals?\b|\bup for renewal\b|"
        r"\b(?:win back|retain|save) (?:the |our |these |those )?" + _W + r"?(?:customers|accounts|clients)\b|"
        r"\bcustomer onboarding\b|\b(?:product|feature) adoption\b")),
    # assumption-mapping: risky assumptions of an idea, feature or strategy
    "assumptions": ("assumption", (
        r"\bwhat (?:has|have|needs|need|must) to be true (?:for|about|if)\b|\bwhat must be true (?:for|about|if)\b|"
        r"\briskiest\b|"
        r"\b(?:beliefs?|bets?) " + _W + r"{0,3}(?:could|would|might) (?:sink|kill|break)\b|"
        r"\b(?:could|would|might) (?:sink|kill) (?:it|the (?:idea|plan|launch|product|business|feature))\b|"
        r"\bleaps? of faith\b")),
    # project-idea-validator: an idea pressure-tested, go/no-go before building
    "idea validation": ("idea validator", (
        r"\b(?:would|will) (?:anyone|people|customers|businesses|companies|teams|shops|\w+s) (?:actually |really )?"
        r"pay for (?:it|this|that)\b|\bworth building\b|\bgo/no-go\b|\bgo or no-go\b|"
        r"\bis (?:the|this|my|our) (?:\w+ )?idea (?:any good|worth|viable|a good one)\b")),
    # growth-loops: growth loops, virality, product-led growth, word of mouth
    "growth": ("growth", (
        r"\bword of mouth\b|\breferral (?:program|programme|scheme|loop|links?|codes?|rewards?)\b|"
        r"\binvit(?:e|es|ing) (?:\w+ ){0,2}(?:friends|teammates|colleagues|coworkers|co-workers)\b|"
        r"\bviral(?:ity| loop| growth)?\b|\bflywheel\b|\bgrow without (?:paid )?(?:ads|advertising|marketing)\b|"
        r"\beach (?:new )?(?:user|customer|member) (?:brings?|bring in|pulls? in) (?:in )?(?:another|more|new|a "
        r"friend|the next)\b")),
    # content-marketer: content strategy, editorial calendar, content that brings traffic and leads
    "content marketing": ("content marketer", (
        r"\b(?:content|editorial) (?:calendar|strategy|plan)\b|\b(?:blog posts?|articles|newsletters?|"
        r"case studies) " + _W + r"{0,4}(?:bring|brings|drive|drives|get|gets|attract|attracts) " + _W + r"{0,3}"
        r"(?:traffic|leads|sign-?ups|readers|subscribers|visitors)\b|"
        r"\b(?:a|the|one|next) (?:month|quarter|year|season) of (?:blog )?(?:posts|articles|newsletters|content|"
        r"emails)\b")),
    # landing-page-copywriter: landing page copy, hero sections, calls to action
    "copywriting": ("copywriter", (
        r"\bhero (?:section|copy|text|headline|banner)\b|\bcalls? to action\b|"
        r"\b(?:landing|sales|sign-?up|pricing|home) page(?:'s)? (?:copy|wording|headline|tagline)\b|"
        r"\b(?:punchier|sharper|snappier|clearer) (?:headline|tagline|copy)\b")),
    # legal-advisor: contracts, terms, IP, legal risk
    "legal": ("legal", (
        r"\b(?:can|could|would|will) (?:we|they|i|the company) (?:be|get) sued\b|"
        r"\b(?:draft|review|check|update|rewrite) (?:the |our |a )?(?:new )?terms of (?:service|use)\b|"
        r"\bterms of (?:service|use) (?:allow|say|permit|forbid|cover)\b|"
        r"\btrademark (?:registration|infringement|dispute|search|clash|conflict)\b|\b(?:register|infringes?|"
        r"infringing) (?:a |the |our |their )?trademark\b|\bliabilit(?:y|ies)\b|\bindemnif\w+|\bnda\b|"
        r"\bcontract (?:clauses?|terms|draft)\b")),
    # compliance-auditor and legal-advisor: whether what the company does meets a regulation, or makes it a
    # regulated kind of firm (rank17)
    "compliance": ("legal, compliance auditor", (
        r"\b(?:satisfy|satisfies|comply with|complies with|breach|breaches|violate|violates|in breach of) (?:the )?"
        r"(?:(?!(?:es)?lint|style|firewall|validation|routing|css|type)[\w'’-]+ ){0,3}(?:rules|regulations?|"
        r"obligations)\b|"
        r"\bare we (?:a|an|still a|still an) (?:[\w-]+ ){1,3}under\b")),
    # license-engineer: open-source licences, dependency licence compliance, proprietary distribution
    "licensing": ("license", (
        r"\b(?:a|l)?gpl(?:v?\d)?\b|\bcopyleft\b|\bclosed[- ]source\b|\bsbom\b|\bnotice files?\b|"
        r"\bopen[- ]source (?:it|the \w+|our \w+|this)\b|\b(?:publish|release|disclose|share) (?:our|the|its|"
        r"their) (?:own )?"
        r"source(?: code)?\b")),
    # risk-manager: enterprise risks across financial, operational, regulatory and strategic domains
    "risk": ("risk", (
        r"\brisk (?:register|matrix|appetite)\b|\blikelihood(?:,| and) impact\b|\bvalue at risk\b|"
        r"\bconcentration risk\b|\bcounterpart(?:y|ies)\b|\b(?:goes|go|went|going) bankrupt\b|"
        r"\bwhat happens to (?:our )?(?:cash|revenue|margins?|business|balance sheet|cash flow)\b|"
        r"\bif (?:our|a|the) (?:biggest|largest|main|key|only|sole) (?:supplier|customer|client|vendor|bank)\b|"
        r"\bcredit (?:risk|loss(?:es)?)\b|\b(?:loss|risk) exposure\b|\bexposure to (?:\w+ )?(?:risk|losses|defaults?)\b")),
    # first-principles-thinking: challenge assumptions, reason from the ground up
    "first principles": ("first principles", (
        r"\breason(?:ing)? (?:it |this |that )?out from\b|\breason(?:ing)? (?:up )?from (?:first principles|scratch|"
        r"the "
        r"ground up)\b|"
        r"\b(?:stop|instead of) copying\b|\bfrom the ground up\b|\bchallenge (?:our|the|every) assumptions\b")),
    # -- 10 research and analysis ---------------------------------------------------------------------------------
    # ab-test-analysis: A/B results, significance, ship or no ship, "did it work"
    "a/b test": ("ab", (
        r"\bor (?:is it|was it|is that|was that|just) (?:just |only )?(?:noise|chance|luck|random|a fluke)\b|"
        r"\bdid (?:the|our|this|that) " + _W + r"{1,4}really (?:\w+ )?(?:bring|increase|raise|improve|lift|boost|"
        r"cause|help|work|reduce|move|get)\b|"
        r"\b\d+(?:\.\d+)? ?% (?:[\w-]+ ){0,3}(?:against|vs\.?|versus|compared (?:to|with)) \d+(?:\.\d+)? ?%|"
        r"\b(?:variant|version) (?:really )?(?:beat|beats|won|wins|lost to|outperform(?:ed|s)?|did better than)\b|"
        r"\b(?:variant|version|arm) [ab]\b|\bcontrol (?:group|arm)\b|\bholdout group\b|"
        r"\bstatistically significant\b|\benough (?:users|visitors|data|traffic|sessions|orders) to (?:tell|know|"
        r"decide|conclude|be sure|call it)\b|\bhow long (?:should|must) (?:we run )?(?:the )?(?:test|experiment)\b|"
        r"\bship (?:it|the \w+(?: \w+)?) or (?:not|keep|roll|revert|kill)\b")),
    # cohort-analysis: retention and behaviour of groups of users over time
    "cohort": ("cohort", (
        r"\b(?:users|customers|people|members|players|subscribers|learners) (?:who|that) (?:signed up|joined|"
        r"started|installed|subscribed) (?:in|during|after|before|last|this)\b|"
        r"\b(?:come|came|coming) back (?:after|the next|a week|next week|the week after)\b|"
        r"\bstill (?:using|active|around|subscribed) (?:it |us )?after (?:a|one|two|three|six|\d+) (?:days?|weeks?|"
        r"months?)\b|\bdrop(?:s|ped)? off after (?:the )?(?:first|\d+|one|two)\b|\bstick around\b")),
    # competitive-analyst: competitors, benchmarking against market leaders, positioning
    "competition": ("competitive", (
        r"\brivals?(?:'s?)?\b|\bhow (?:do|does) (?:we|our \w+) (?:compare|stack up|measure up) (?:to|with|"
        r"against)\b|\bfeature comparison\b|\b(?:compared (?:with|to)|versus|vs\.?|against) us\b|"
        r"\bposition(?:s|ing)? (?:themselves|itself)\b|\bwhat (?:do|does) (?:\w+ ){0,2}(?:competitors?|"
        r"rivals?) (?:charge|"
        r"offer|do)\b")),
    # market-researcher: market size, consumer behaviour, opportunity
    "market research": ("market researcher, startup analyst", (
        r"\bhow big (?:is|would be) (?:the )?market\b|\bmarket (?:size|sizing)\b|\btam\b|\bsam and som\b|"
        r"\bhow many (?:\w+ ){0,3}(?:would|might|could) (?:buy|pay|sign up|use)\b|\b(?:would|will|do|does) " + _W
        + r"{1,3}buy enough\b|\benough (?:demand|buyers|customers) (?:for|to)\b")),
    # trend-analyst: emerging patterns, industry shifts, future scenarios
    "trends": ("trend", (
        r"\bwhere (?:\w+ ){1,3}(?:is|are) heading\b|\bwhere (?:is|are) (?:[\w-]+ ){1,3}heading(?= over| in | by |"
        r"\s*[?.,;:]|\s*$)|\bemerging (?:trends?|patterns?|technolog\w+)\b|"
        r"\bwhat(?:'s| is) next for\b|\bindustry shifts?\b|\bfuture scenarios?\b|"
        r"\b(?:two|three|four|five|\d) (?:future |possible )?scenarios\b")),
    # scientific-literature-researcher: published studies, evidence-grounded answers
    "literature": ("literature", (
        r"\bwhat (?:do|does) (?:the )?(?:studies|research|papers|literature|science|evidence) (?:say|show)\b|"
        r"\bpublished (?:studies|papers|trials|research|results)\b|\bpeer[- ]reviewed\b|\bmeta-analys[ie]s\b|"
        r"\bsystematic reviews?\b|\b(?:find|collect|gather|read|pull|search) (?:the |all )?(?:\w+ )?(?:studies|papers|"
        r"publications|trials) (?:that|which|on|about)\b")),
    # backlog-grooming: refine, clean up a product backlog; stale stories
    "backlog": ("backlog", (
        r"\b(?:clean up|tidy|prune|triage|groom|refine) " + _W + r"{0,2}(?:backlog|tickets|stories|jira)\b|"
        r"\b\d+ (?:open |old |stale )?(?:tickets|stories|issues) " + _W + r"{0,4}(?:nobody|no one|never)\b|"
        r"\b(?:stale|zombie|duplicate) (?:tickets|stories)\b")),
    # -- 09 meta-orchestration ---------------------------------------------------------------------------------
    # task-distributor: how to split work across agents or workers, queues, priorities, deadlines
    "task distribution": ("distributor", (
        r"\b(?:rush|urgent|priority|express) (?:ones|jobs|tasks|orders|requests) " + _W + r"{0,3}first\b|"
        r"\b(?:split|spread|share|balance|divide|distribute) (?:the )?(?:work|jobs|tasks|load|queue) " + _W
        + r"{0,2}(?:between|among|across|over) (?:the |our |\d+ )?" + _W + r"?" + _AGENTS + r"\b")),
    # multi-agent-coordinator, agent-organizer, error-coordinator, knowledge-synthesizer: agents working together
    "agent coordination": ("multi coordinator", (
        r"\b" + _AGENTS + r" " + _W + r"{0,4}(?:each other|one another)(?:'s)?\b|"
        r"\bwhich (?:agent|subagent) (?:should )?(?:does|do|handles?|takes?|gets?) (?:which|what)\b")),
    "agent organisation": ("organizer", (
        r"\b(?:split|spread|divide|share|hand out|break) [^.]{0,60}\b(?:among|between|across) (?:our |the |\d+ )?"
        r"(?:\w+ )?(?:agents|subagents)\b|\bwho does which (?:part|piece|step|bit)\b")),
    "agent failures": ("error coordinator", (
        r"\b" + _AGENTS + r"\b[^.]{0,60}\bcascad\w+|\bcascad\w+[^.]{0,60}\b" + _AGENTS + r"\b")),
    "agent logs": ("knowledge synthesizer", (
        r"\b(?:agent|session) (?:logs?|transcripts?|histor(?:y|ies))\b[^.]{0,60}\b(?:keeps?|recurring|again|"
        r"patterns?|repeat\w*)\b|\bagents?\b" + _NO_AGENT + r"(?:\." + _NO_AGENT + r")?\btranscripts\b[^.]{0,40}"
        r"\bpatterns?\b")),
    # mcp-developer: MCP servers and clients connecting AI systems to tools and data
    "mcp": ("mcp", (
        r"\blet (?:claude|the model|the assistant|the agent|copilot|cursor|the llm|our agents?) (?:read|see|use|query|"
        r"call|search|access|open|look (?:at|up))\b|\b(?:give|connect) (?:claude|the model|the assistant|the agent|"
        r"our agents?) (?:access )?to (?:our|the)\b")),
    # slack-expert: Slack apps, bots, API integrations
    "slack": ("slack", r"(?:^|[\s(])#[a-z][a-z0-9_-]{2,} (?:channel|threads?|messages?|posts?)\b|"
                       r"\b(?:in|to|into|from|on) (?:the )?#[a-z][a-z0-9_-]{2,}(?: channel)?(?![\w/#-])"),
    # embedded-systems: firmware on microcontrollers, real-time deadlines, hardware constraints
    "embedded": ("embedded", (
        r"\b\d+(?:\.\d+)? ?(?:ms|µs|us|microseconds?|milliseconds?) deadlines?\b|\binterrupt latency\b|"
        r"\b(?:misses|missed|missing) (?:its|their|the) (?:real-?time )?deadlines? (?:whenever|when|if|under)\b")),
    # codebase-orchestrator: repository-wide changes with approval loops and diff previews
    "codebase orchestration": ("codebase orchestrator", (
        r"\bin batches\b[^.]{0,60}\b(?:preview|approval|approve|sign-off)\b|\bapproval before each\b")),
    # architect-reviewer: evaluate design decisions, architectural patterns, technology choices
    "architecture review": ("architect reviewer", (
        r"\b(?:is|was) (?:that|this|it) (?:a )?(?:mistake|bad idea|smell|an anti-?pattern|over-?engineered)\b|"
        r"\bwill (?:this|that|the|our) (?:\w+ )?(?:design|architecture) (?:hold up|scale|survive)\b|"
        r"\bsecond opinion on (?:the|our) (?:\w+ )?(?:design|architecture)\b")),
    # -- 01 core development ------------------------------------------------------------------------------------
    # ui-designer: visual design, design systems, aesthetics
    "visual design": ("ui designer, ux designer", (
        r"\blooks? " + _W + r"{0,2}(?:dated|old[- ]fashioned|cluttered|amateur\w*|ugly|cheap|like it'?s from "
        r"(?:19|20)\d\d)\b|\bmake (?:it|the \w+(?: \w+)?) look (?:\w+ )?(?:modern|professional|cleaner|polished|"
        r"premium|nicer|fresh)\b|\bwireframes?\b|\bmock-?ups?\b|"
        r"\b(?:nobody|no one|people|users|customers) (?:can'?t |cannot |doesn'?t |don'?t |never )?(?:finds?|sees?|"
        r"notices?) "
        r"the (?:\w+ )?(?:button|link|menu|setting|option|field|toggle)\b|\b(?:look|looks|are styled) (?:different|"
        r"differently|inconsistent) (?:on|across|from) "
        r"(?:every|each|one) (?:page|screen)\b")),
    # ai-writing-auditor and content-quality-editor: AI writing patterns stripped before publishing
    "ai writing": ("writing auditor, quality editor", (
        r"\bsounds? " + _W + r"{0,2}(?:like (?:a bot|a robot|ai|chatgpt|an ai|gpt|a machine|an llm)|robotic|"
        r"machine[- ]written|ai[- ]generated|ai[- ]written)\b|\b(?:ai|gpt|chatgpt|llm)[- ](?:written|generated|"
        r"sounding) (?:text|copy|content|posts?|drafts?|prose|articles?|release notes|emails?)\b")),
    # gdpr-ccpa-compliance: data subject rights, privacy practices
    "privacy": ("gdpr", (
        r"\b(?:delete|erase|export|send|give) " + _W + r"{0,3}(?:all|every(?:thing)?) " + _W + r"{0,3}(?:data|"
        r"information) (?:we (?:hold|have|keep|store)|about (?:them|him|her|me))\b|\bright to be forgotten\b|"
        r"\bcookie consent\b|\bdata subject\b|\b(?:data|information|everything) we (?:hold|have|keep|store|collect) "
        r"(?:on|about) (?:them|him|her|me|you|\w+s)\b|\b(?:may we|are we allowed to|is it legal to|can we legally) "
        r"(?:send|store|keep|track|share|record|collect|sell|use|process)\b")),
    # -- roles the other collections add (wshobson, lst97, 0xfurai, vijaythecoder) ----------------------------------
    # hr-pro: hiring, onboarding and offboarding, leave, policies, employee relations
    "people operations": ("hr", (
        r"\bjob (?:ads?|adverts?|advertisements?|postings?|descriptions?)\b|\binterview (?:questions|loop|scorecards?|"
        r"rubric)\b|\boffboarding\b|\b(?:parental|sick|annual|maternity|paternity) leave\b|\bpto\b|"
        r"\b(?:hire|hiring) (?:a|an|our first|two|three|\d+) " + _W + r"{0,2}(?:engineers?|developers?|designers?|"
        r"people|staff|nurses|drivers|managers?)\b")),
    # customer-support: tickets, replies, support experience
    "customer support": ("customer support", (
        r"\bcanned (?:responses|replies)\b|\b(?:support|help ?desk) (?:macros|backlog|queue)\b|\bcsat\b|"
        r"\b(?:reply|respond|answer) to (?:angry|upset|frustrated|unhappy) (?:customers|clients|users)\b")),
    # sales-automator: cold emails, follow-ups, proposals, outreach
    "sales outreach": ("sales automator", (
        r"\bcold (?:emails?|outreach|calls?)\b|\bfollow-?up (?:sequence|emails?|cadence)\b|"
        r"\boutreach (?:to|for) (?:\w+ )?(?:prospects|leads|buyers)\b|\blead nurtur\w+")),
    # code-archaeologist: explore and document unfamiliar, legacy or complex codebases before work on them
    "code archaeology": ("code archaeologist", (
        r"\bi (?:just|have just|'ve just) joined\b|\bnew to (?:the|this|our) (?:codebase|code|repo|repository|"
        r"project|service)\b|\bnobody (?:here )?(?:knows|understands|remembers) (?:how|what|why) " + _W
        + r"{0,4}(?:works|does|is for)\b|\bwhere are the risky parts\b|\bfind (?:my|our|their) way around\b")),
    # startup-analyst: unit economics, financial projections, runway
    "startup finances": ("startup analyst", (
        r"\bunit economics\b|\bburn rate\b|\bbreak[- ]even\b|\bfinancial (?:model|projections)\b|"
        r"\bhow (?:long|many months) (?:will|would|does) (?:our|the) (?:cash|money|runway|funding) last\b")),
    # mermaid-expert: diagrams of flows, sequences, entities, architectures
    "diagrams": ("mermaid", (
        r"\b(?:draw|sketch) (?:a |the |an )?" + _W + r"{0,3}(?:diagram|flowchart|flow chart|chart of how)\b|"
        r"\b(?:draw|sketch|make|create) (?:a |the |an )?(?:sequence|entity|er|state) diagram\b")),
}


@functools.lru_cache(maxsize=1)
def role_effects() -> tuple[tuple[str, tuple[frozenset[str], ...], tuple[str, ...]], ...]:
    """(family, its name groups as terms, its anchors), for every family of ``ROLE_EFFECTS_SOURCE``."""
    from ralphy.agents.role_effects_anchors import ANCHORS

    return tuple((family, tuple(frozenset(terms(group)) for group in groups.split(",")), ANCHORS.get(family, ()))
                 for family, (groups, _) in ROLE_EFFECTS_SOURCE.items())


@functools.lru_cache(maxsize=None)
def _pattern(family: str) -> re.Pattern[str]:
    return re.compile(ROLE_EFFECTS_SOURCE[family][1])


def roles_asked(lowered: str) -> tuple[tuple[str, tuple[frozenset[str], ...]], ...]:
    """The families ``lowered`` (a task in lower case) asks for by their effect, each with its name groups. A family's
    pattern is compiled and searched only when the task holds one of its anchors (none: always)."""
    return tuple((family, groups) for family, groups, anchors in role_effects()
                 if (not anchors or any(anchor in lowered for anchor in anchors)) and _pattern(family).search(lowered))


if __name__ == "__main__":
    from ralphy.agents.pattern_anchors import anchors_of

    print('"""The anchors of ``role_effects.ROLE_EFFECTS_SOURCE``\'s patterns (``pattern_anchors.anchors_of``), '
          "written by")
    print("``python -m ralphy.agents.role_effects > ralphy/agents/role_effects_anchors.py``; tests check they are")
    print('current."""')
    print()
    print("ANCHORS: dict[str, tuple[str, ...]] = {")
    for name, (_, source) in ROLE_EFFECTS_SOURCE.items():
        print(f"    {name!r}: (")
        line = ""
        for item in (f"{anchor!r}," for anchor in anchors_of(source)):
            if line and len(line) + 1 + len(item) > 108:
                print(" " * 8 + line)
                line = ""
            line = f"{line} {item}" if line else item
        print(" " * 8 + line)
        print("    ),")
    print("}")
