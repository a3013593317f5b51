"""Cross-cutting activities against building work: a small table written by hand (issue 15).

Some work is done by a role whatever the technology it touches: a review, an audit, documentation, a deployment,
putting an app in a container, tests, finding why something fails, profiling, security testing, bringing a legacy
version up to date, an accessibility or SEO check, incident response, a refactoring. "Review the Swift
concurrency changes" is a reviewer's job, "Deploy the Next.js site to Vercel" a deployment engineer's, even when
the team has a Swift or a Next.js specialist. Building work (design, implement, add, build, move, model, port) goes
to whoever knows the technology: "Design the DynamoDB layout", "Move the docs from Jekyll to Astro".

``ACTIVITY_ROLES`` says, for each activity, the words that ask for it at the head of a task and the words an
agent's name carries when that agent does it. The table was written by hand from what software teams do, before
any list of routing misses was read; it is knowledge of the job, not fitted to a data set. A symptom report ("Users
get a blank page in Safari since the last release", ``symptom_report``) asks for debugging, and the debug role's
words are then scored with the task's (``Asked.extra``), since such a report names none of them (decide13); so are
any activity's role words when the task names the activity only by an instance of it ("a test plan", "the man
page", "from the PHP 5.6 app"). Added by catalog14, from what QA, performance, product and documentation people
do: a test plan is QA's, a load test performance's, a roadmap product management's, a man page or a quickstart
documentation. Added by decide15, from what incident response and chaos engineering are: a failure happening now ("The
API is down right now", "502s since 14:02", ``live_incident``) asks for incident response rather than debugging, a
failure caused on purpose ("Take a zone down in staging", "Inject latency", ``_ON_PURPOSE``) for chaos engineering, and
"break it down" / "breaking up the monolith" is no failure.
``asked_activity`` finds the activity a task's head asks for (its first or last word, ``terms.head_clauses``,
generic verbs left out; not when the head starts with a building verb) and returns the role terms;
``routing.Router`` then lifts the agents whose name holds one of them (``routing.ACTIVITY_LIFT``) when the team
has such an agent.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ralphy.agents.effects import effects_in
from ralphy.agents.role_effects import roles_asked
from ralphy.agents.roles import default_lexicon
from ralphy.agents.terms import GENERIC_VERBS, WORD, head_clauses, name_text, terms

# activity: (words that ask for it at a task's head, words an agent's name carries for it). Surface words; their
# terms (stemmed, synonyms expanded) are what is compared.
ACTIVITY_ROLES: dict[str, tuple[str, str]] = {
    "review": ("review reviews reviewing", "review reviewer"),
    "audit": ("audit audits auditing", "audit auditor security"),
    "document": ("document documenting documentation docs readme docstrings changelog tutorial runbook quickstart",
                 "documentation docs documenter writer"),
    "deploy": ("deploy deploying deployment rollout", "deployment devops release"),
    "containerise": ("containerise containerize containerising containerizing dockerise dockerize",
                     "docker container containerization"),
    "test": ("test tests testing qa coverage e2e", "test tester qa"),
    "debug": ("debug debugging diagnose troubleshoot bisect", "debugger debug troubleshooter detective"),
    "profile": ("", "performance perf profiler"),  # asked for by a line's first word only: _FIRST_WORD
    "security": ("pentest pen penetration threat harden hardening security vulnerability",
                 "security penetration pentest threat owasp"),
    "modernise": ("modernise modernize modernising modernizing legacy", "legacy modernizer modernization"),
    "accessibility": ("accessibility a11y wcag", "accessibility a11y"),
    "seo": ("seo", "seo"),
    "incident": ("incident outage postmortem oncall", "incident responder sre"),
    "usability": ("usability ux", "usability ux"),
    "refactor": ("refactor refactoring restructure", "refactor refactoring"),
    "prioritise": ("prioritise prioritize prioritising prioritizing roadmap", "product"),
    "plan tests": ("", "qa"),  # asked for by a phrase naming a test plan: _TEST_PLAN
    "chaos": ("chaos", "chaos resilience"),  # and a failure caused on purpose: _ON_PURPOSE (decide15)
    "toil": ("", "sre reliability"),  # asked for by its effect only (ralphy.agents.effects), as the next
    "customer success": ("", "success"),
    "ci": ("", "ci circleci actions jenkins devops deployment"),  # asked for by what sets it off: _CI_TRIGGER (rank17)
}

# The role effects (ralphy.agents.role_effects) of dividing work among agents or workers: the activity the task names
# is then what is divided ("Split the audit of the billing code among our agents"), not the work asked for (sense17).
_DIVIDING = ("agent organisation", "task distribution")

# A head starting with one of these asks to build something, even if it names an activity's word after ("Move the
# docs from Jekyll to Astro", "Design the test harness"): the technology's specialist builds it.
BUILDING_VERBS = "design implement build move model port convert rewrite integrate migrate architect create"

# Finding why something happens is debugging whatever words the head holds ("Find why the build is slow").
_WHY = re.compile(r"\b(?:find|figure|work|track|explain|investigate|understand|see|check|determine|diagnose|learn|"
                  r"look)\b(?:\s+\w+)?\s+why\b|\broot[- ]cause")
# A symptom report: something fails, crashes, hangs, stops, is slow or returns an error, and the cause is not
# named ("Users get a blank page in Safari since the last release", "The workers stop picking up jobs after a few
# hours"). Its work is finding the cause: debugging, whatever the technology the line names.
_SYMPTOM = re.compile(
    r"\b(?:fail(?:s|ed|ing)?|crash(?:es|ed|ing)?|hang(?:s|ing)?|freez(?:e|es|ing)(?! (?:weather|temperatures?|cold|point|conditions|rain)\b)|froze|stop(?:s|ped)?|"
    r"times? out|timing out|throws|leaking|(?:break(?:s|ing)?|broke)(?!\s+(?:it\s+|them\s+|this\s+|that\s+)?(?:down|up|apart|out|into)\b)|"
    r"returns? (?:an? )?(?:5\d\d|4\d\d|errors?|blank|empty|wrong|null|nan|undefined)|"
    r"(?:is|are|was|were|gets?|got|sees?|saw|shows?) (?:very |really |too |an? |the )?(?:slow|slower|broken|blank|"
    r"stuck|corrupt(?:ed)?|garbled|5\d\d|error|errors|exception)\b|blank page|white screen|no longer|"
    r"(?:does|do|did|is|are|was|were)(?:n[o'’]?t| not) (?:work|load|start|render|show|save|open|respond|run|"
    r"compile|build|boot|connect|send|sync)|intermittent(?:ly)?|randomly|since (?:the |our |a )?(?:last|latest|"
    r"recent|new)|only (?:on|in))(?![a-z])")
# ... unless it names a condition to handle ("Retry the upload when it fails", "Show a banner if the API is slow") or a
# goal ("Fix the SPF records so invoices stop landing in spam").
_CONDITION = re.compile(r"\b(?:when|whenever|if|unless|until|whether|once|in case|so|instead of|what|whatever|"
                        r"anything|everything|without)\b")
# A line starting with one of these verbs asks to build or change something, and a symptom word in it is the
# behaviour to build ("Make the job fail fast ..."); a subject first reports a symptom, as do the verbs of finding
# or fixing (fix, find, investigate, debug...), which are not in the list.
_IMPERATIVE_FIRST = frozenset(
    """add implement create build write make ensure handle show display return set configure design update change
    allow let support prevent validate log retry raise send move migrate refactor test document review deploy
    containerise containerize rename remove delete replace bump translate use adopt introduce expose enable
    disable extend integrate port convert generate draft plan prepare publish release schedule optimise optimize
    reduce improve cache index alert notify warn monitor measure profile benchmark record capture emit count
    limit throttle block reject stop start run keep mark flag detect catch wrap split merge upgrade install check
    break take kill
    remember store save load fetch read parse format render sort filter give provide offer turn
    roll push ship sync rotate enforce encrypt stream wake land decide draw spread cover""".split())
_LINE_START = re.compile(r"^\s*(?:[-*+]\s+)?(?:\[.\]\s+)?(?:\d+[.)]\s+)?([a-z]+)")
# A symptom verb in its plain form first, with an object after it, is the line's imperative, not a failure seen:
# "Freeze a customer's wallet when the AML screening flags them", "Fail the build if coverage drops", "Hang up the
# call". A bug title in the noun's form is followed by when, on, after... instead: "Crash when opening settings",
# "Freeze on scroll since the last release" stay reports.
_ACTING = re.compile(r"(?:fail|crash|hang|freeze|time out|leak|throw)\s+(?!(?:when|whenever|on|in|at|after|before|"
                     r"during|while|if|for|with|since|every|each|under|from|randomly|intermittently|sometimes|"
                     r"again)\b)[a-z0-9'’]")


# A failure happening now, to users, is an incident to respond to before it is a bug to find: an outage, a service
# down, a time of day it started ("since 14:02"), "right now", restoring service.
_LIVE = re.compile(r"\b(?:is|are|went|goes) down\b|\boutages?\b|\bright now\b|\bsince \d{1,2}[:.]\d{2}\b|"
                   r"\b(?:happening|going on) (?:right )?now\b|\b(?:\d+|a few|few|ten|twenty) min(?:ute)?s? ago\b|\brestore (?:the )?service\b|\bsev ?[12]\b|\bp[01] incident\b|\bdegraded\b")


# A failure caused on purpose to see what holds is chaos engineering, not a symptom: taking a zone, a node or a broker
# down, killing pods or instances at random, injecting latency or faults, a game day, a failover drill.
_ON_PURPOSE = re.compile(
    r"\b(?:take|taking|took|bring|bringing|knock|knocking|shut|shutting)\s+(?:a|an|one|two|some|random)\s+(?:\w+\s+)?"
    r"(?:zone|region|node|nodes|server|servers|broker|brokers|replica|replicas|instance|instances|pod|pods|database|"
    r"datacenter|data center|az)\s+(?:down|offline|out)\b|"
    r"\bkill(?:s|ing)?\s+(?:a\s+|an\s+|one\s+|some\s+)?random\b|\brandom(?:ly)?\s+(?:kill|terminate|reboot)|"
    r"\binject(?:s|ing)?\s+(?:[\w.]+\s+){0,3}?(?:latency|faults?|failures?|errors|packet loss)\b|\bfault injection\b|"
    r"\bgame ?days?\b|\bfailover (?:drill|test|exercise)s?\b")


def symptom_report(task: str) -> bool:
    """Whether a line of ``task`` reports a symptom whose cause is to be found (see ``_SYMPTOM``): it names one,
    not as a condition to handle ("... and fix what fails"), and starts with a subject ("Users get...", "The Celery
    workers stop...") or a verb of finding or fixing ("Fix the I2C driver hanging..."), not another imperative."""
    return _reports(task, _SYMPTOM)


def live_incident(task: str) -> bool:
    """Whether a line of ``task`` reports a failure happening now (``_LIVE``: "The payments API is down right now",
    "Checkout is returning 502s since 14:02"), as ``symptom_report`` reads a report: an incident to respond to."""
    return _reports(task, _LIVE)


def _reports(task: str, pattern: re.Pattern[str]) -> bool:
    """Whether a line of ``task`` reports what ``pattern`` finds (see ``symptom_report``)."""
    for line in task.lower().splitlines():
        symptom = pattern.search(line)
        if symptom is None:
            continue
        first = _LINE_START.match(line)
        word = first.group(1) if first else ""
        if _CONDITION.search(line, 0, symptom.start()) or word in _IMPERATIVE_FIRST:
            continue
        if first and _ACTING.match(line, first.start(1)):
            continue
        return True
    return False


# Verbs that are nouns too ("a user profile page"): they ask for the activity only as a line's first word.
_FIRST_WORD = re.compile(r"^\s*(?:[-*]\s+)?(?:\[.\]\s+)?(profile|benchmark)\b")

_END_TO_END = re.compile(r"\bend[- ]to[- ]end\b", re.IGNORECASE)

# Words of a legacy version move: "Upgrade the app from PHP 5.6 to 8", "Migrate off the deprecated API": an old
# version after "from" or "off" on the same line (``_then_on_line``).
_FROM_OFF = re.compile(r"\b(?:from|off)\b")
_OLD = re.compile(r"\d|\blegacy\b|\bold\b|\bdeprecated\b|\boutdated\b")
_MOVE_VERBS = frozenset(terms("migrate migrating migration upgrade upgrading port"))


def _then_on_line(first: re.Pattern[str], then: re.Pattern[str], lowered: str) -> bool:
    """Whether a line of ``lowered`` holds ``first`` and, after it, ``then``: as ``first.*then`` matches, in linear
    time. Only a line's first ``first`` is looked after: whatever follows a later one follows it too. The one pattern
    read the rest of the line again from every ``first`` (r17a: "Migrate" and 100 kB of "off " ran past a minute, 100
    kB of "look over " 16 s)."""
    for line in lowered.split("\n"):
        found = first.search(line)
        if found and then.search(line, found.end()):
            return True
    return False


# Activities a task asks for wherever it names them (cross-cutting by nature: "Check the signup form for
# accessibility").
_ANYWHERE = ("accessibility", "seo")
# The names of kinds of vulnerability: whoever looks for them does security work, whatever the technology around.
_SECURITY_PHRASES = re.compile(
    r"\b(?<!dependency )(?<!constructor )(?<!property )(?:sql |command |code |ldap |template |nosql )?injections?\b|"
    r"\bxss\b|\bcross[- ]site (?:scripting|request)\b|\bcsrf\b|\bxsrf\b|\bssrf\b|\bidor\b|\brce\b|"
    r"\bremote code execution\b|\baccount takeover\b|\bprivilege escalation\b|"
    r"\bbroken (?:access control|authentication)\b|\bmass assignment\b|\bowasp\b|\bpath traversal\b|"
    r"\bclickjacking\b|\bopen redirects?\b|\bsession fixation\b|"
    # what security work guards against or cleans up after: an intruder's foothold, secrets out in the open, data
    # readable by whoever gets the disk (rank17)
    r"\bbackdoors?\b|\bmalware\b|\bweb ?shells?\b|\b(?:was|were|got|been|is|are) (?:hacked|compromised)\b|"
    r"\bleak(?:ed|s)? (?:\w+ )?(?:secrets?|credentials|api keys|tokens|passwords)\b|\bsecrets? scann(?:ing|ers?)\b|"
    r"\bencrypt(?:ed|ion|s)? (?:\w+ ){0,2}?(?:at rest|on (?:the )?(?:device|disk|phone))\b")
# A plan of testing (what to test, how much, when) is quality assurance's, not the test automation's; a load or stress
# test measures performance (catalog14: both written from what QA and performance teams do).
_TEST_PLAN = re.compile(r"\btest (?:plans?|strateg(?:y|ies)|cases|matrix|charters?)\b|"
                        r"\bqa (?:plans?|strateg(?:y|ies)|process)\b|\bexploratory testing\b")
# Reading someone's change before it is merged is a review, whatever it is called ("Look over the merge request"):
# the reading, then the change on the same line (``_then_on_line``).
_READ_OVER = re.compile(r"\b(?:look|go|read) (?:over|through)\b")
_CHANGE_READ = re.compile(r"\b(?:merge requests?|pull requests?|prs?|diffs?|changes|patch(?:es)?|commits?)\b")
# A review of someone's change before it merges is a review of code, whatever the stack ("Review the Django migration
# PR for table locks"): the code reviewer's, not the architecture reviewer's, who judges designs and technology choices
# (catalog17; a review that names a design or an architecture is left to the words).
_CODE_CHANGE = re.compile(r"\b(?:pull requests?|merge requests?|prs?|diffs?|patch(?:es)?|commits?|changes?|"
                          r"before (?:it )?(?:merges?|merging|ships?|lands?))\b")
_DESIGN = re.compile(r"\b(?:architecture|architectural|design|designs|adrs?|choice|choices)\b")
# Deciding what to test and how (by hand or automated) is planning the testing: quality assurance's.
_TEST_CHOICE = re.compile(r"\bwhat (?:we|to) (?:test|automate)\b|\btest(?:ed|ing)? by hand\b|\bmanual(?:ly)? test")
# Work that runs by itself when code is pushed, tagged or merged is a CI/CD pipeline's, whatever it builds or ships
# ("Build release binaries when a tag is pushed", "merges to main ship to staging by themselves", "Build and upload
# the TestFlight builds from CI"): the CI agents' and the deployment engineers' work (rank17).
_CI_TRIGGER = re.compile(
    r"\b(?:when(?:ever)?|each time|every time|once) (?:a |an |the |someone |we )?(?:new |release |version |git )?"
    r"(?:tags?|commits?|pull requests?|prs?|merge requests?|releases?) (?:is |are |gets? |was |were )?(?:pushed|merged|"
    r"opened|created|tagged|published)\b|"
    r"\b(?:when(?:ever)?|each time|every time) (?:we |someone |anyone )(?:push|merge|tag)\b|"
    r"\bon (?:every|each) (?:push|commit|merge|tag|pull request|pr|merge request)\b|"
    r"\bmerges? (?:in)?to (?:main|master|develop|trunk)\b(?:\s+\S+){0,4}?\s+(?:ships?|shipped|deploys?|deployed|goes|"
    r"go|releases?|released|lands?)\b|"
    r"\b(?:build|upload|publish|sign|release|ship|deploy)\w* (?:\S+ ){0,6}?(?:from|in|on|by) (?:the |our )?"
    r"(?:ci|cd|ci/cd|pipeline)\b")
_LOAD_TEST = re.compile(r"\b(?:load|stress|soak|spike)[- ]?test(?:s|ing|ed)?\b")
# Documentation named by a kind of page: "Write the man page for the CLI", "a getting-started guide".
_DOC_PHRASES = re.compile(r"\bman ?pages?\b|\bgetting[- ]started (?:guide|page|section)s?\b|\bhow-?to guides?\b|"
                          r"\buser (?:guide|manual)s?\b|"
    # a part of a document, a manual, a tour of a language (rank17; not an in-app product tour, a feature): "the
    # privacy section of the developer docs", "the service manual section on ...", "the language tour for the website"
    r"\b(?:sections?|chapters?|pages?|parts?) (?:\w+ ){0,2}?of (?:the |our )?(?:[\w-]+ )?(?:docs|documentation|"
    r"manual|handbook|guide|wiki)\b|\b(?:service|owner'?s|operator'?s|installation|admin|reference|field) manuals?\b|"
    r"\blanguage tours?\b|\btours? of the (?:docs|api|language|codebase)\b")
# Phrases that name accessibility work without the word: the tools and checks of an accessibility review.
_ACCESSIBILITY_PHRASES = re.compile(
    r"\bscreen ?readers?\b|\bvoiceover\b|\bnvda\b|\bjaws\b|\btalkback\b|"
    r"\bkeyboard(?:-only)? (?:navigation|users?|only)\b|\bcolou?r contrast\b|"
    r"\baria(?:-[a-z]+)? (?:labels?|roles?|attributes?)\b|\bfocus (?:order|trap|ring)s?\b")


def _terms_of(text: str) -> frozenset[str]:
    return frozenset(terms(text))


@functools.lru_cache(maxsize=1)
def _table() -> tuple[dict[str, frozenset[str]], frozenset[str], frozenset[str]]:
    """(head term -> role terms, building verb terms, terms asking for an activity anywhere)."""
    heads: dict[str, set[str]] = {}
    for asks, roles in ACTIVITY_ROLES.values():
        for term in _terms_of(asks) - {"end"}:  # e2e's synonym "end": "Build a WPF front end" asks for no test
            heads.setdefault(term, set()).update(_terms_of(roles))
    building = _terms_of(BUILDING_VERBS) - {term for term in heads}
    anywhere = frozenset().union(*(_terms_of(ACTIVITY_ROLES[name][0]) for name in _ANYWHERE))
    return {term: frozenset(roles) for term, roles in heads.items()}, building, anywhere


@dataclass(frozen=True)
class Asked:
    """What a task asks for: the role terms of its activity, and the words naming the activity's kind (those before
    it when a noun at the head's end names it: "playwright" in "Fix the flaky Playwright login test")."""

    roles: frozenset[str] = frozenset()
    kinds: frozenset[str] = frozenset()
    # terms the router adds to the task's when scoring: a symptom report names no debugging word, and the
    # debugger has to be among the agents scored for the lift to find it
    extra: frozenset[str] = frozenset()
    # roles asked for by their effect (ralphy.agents.role_effects): an agent whose name holds every term of one of
    # these groups does the work ("ab" -> ab-test-analysis), whatever the activities' role words
    groups: tuple[frozenset[str], ...] = ()
    # the debugging was asked for by a symptom report alone (no "why", no debugging word at the head): the report
    # names where the failure is, and an agent of a technology it names is right for it too (catalog17)
    reported: bool = False

    def __bool__(self) -> bool:
        return bool(self.roles or self.groups)


NOTHING = Asked()


@functools.lru_cache(maxsize=4096)
def asked_activity(task: str) -> Asked:
    """The cross-cutting activity ``task`` asks for (see the module's docstring); empty (false) for building work
    or a task that names no activity."""
    heads, building, anywhere = _table()
    roles: set[str] = set()
    kinds: set[str] = set()
    moving = False
    task = _END_TO_END.sub("e2e", task)  # not "end | to end": "to" would end the head
    for clause in head_clauses(task):
        head = [term for term in clause if term not in GENERIC_VERBS]
        if not head or head[0] in building and head[0] not in _MOVE_VERBS:
            continue
        if head[0] in heads:
            roles.update(heads[head[0]])
        elif head[-1] in heads:  # "Write Cypress end-to-end tests": a Cypress agent's kind of test
            roles.update(heads[head[-1]])
            kinds.update(default_lexicon().technologies.intersection(head[:-1]))
        if not _MOVE_VERBS.isdisjoint(head):
            moving = True
    lowered = task.lower()
    if any(_FIRST_WORD.match(line) for line in lowered.splitlines()):
        roles.update(_terms_of(ACTIVITY_ROLES["profile"][1]))
    extra: frozenset[str] = frozenset()
    reported = False
    symptom = symptom_report(task)
    why = _WHY.search(lowered)
    if not why and live_incident(task):  # an outage now: responding to it comes before finding its cause
        responding = heads[next(iter(_terms_of("incident")))]
        roles.update(responding)
        extra = responding - _terms_of(lowered)
    elif symptom or why:
        debugging = heads[next(iter(_terms_of("debug")))]
        reported = not why and not roles
        roles.update(debugging)
        if symptom:  # a failure is a bug to find; "why the figure dropped" may be the data's or speed's question
            extra = debugging - _terms_of(lowered)
    if moving and _then_on_line(_FROM_OFF, _OLD, lowered):
        roles.update(heads[next(iter(_terms_of("legacy")))])
    for term in anywhere.intersection(terms(lowered)):
        roles.update(heads[term])
    if _ACCESSIBILITY_PHRASES.search(lowered):
        roles.update(heads[next(iter(_terms_of("accessibility")))])
    if _SECURITY_PHRASES.search(lowered):  # finding or closing a hole in what exists: not a threat model (a design's)
        roles.update(heads[next(iter(_terms_of("security")))] - _terms_of("threat"))
    if _DOC_PHRASES.search(lowered):
        roles.update(heads[next(iter(_terms_of("documentation")))])
    if _then_on_line(_READ_OVER, _CHANGE_READ, lowered):
        roles.update(heads[next(iter(_terms_of("review")))])
    review = _terms_of(ACTIVITY_ROLES["review"][1])
    if not review.isdisjoint(roles) and _CODE_CHANGE.search(lowered) and not _DESIGN.search(lowered):
        extra = extra | (_terms_of("code") - _terms_of(lowered))
    for effect in effects_in(lowered):  # asked for by what it does (rank15)
        roles.update(_terms_of(ACTIVITY_ROLES[effect][1]))
    if _CI_TRIGGER.search(lowered):
        roles.update(_terms_of(ACTIVITY_ROLES["ci"][1]))
    if _ON_PURPOSE.search(lowered):  # chaos on purpose, not a symptom to debug nor an outage to respond to
        roles = set(_terms_of(ACTIVITY_ROLES["chaos"][1]))
        extra = frozenset()
        reported = False
    for phrase, activity in ((_TEST_PLAN, "plan tests"), (_TEST_CHOICE, "plan tests"), (_LOAD_TEST, "profile")):
        if phrase.search(lowered):  # the plan's or the measurement's role, not the test automation's
            roles.difference_update(_terms_of(ACTIVITY_ROLES["test"][1]))
            roles.update(_terms_of(ACTIVITY_ROLES[activity][1]))
    said = _terms_of(lowered) - GENERIC_VERBS
    if said.isdisjoint(roles) and (symptom or not why):
        # the task names the activity by an instance of it ("a test plan", "the man page", "from the PHP 5.6 app"),
        # not by its role's words: they are scored with the task's, so the role's agents are among those scored
        # (not for a bare "find why": see symptom_report)
        extra = extra | (frozenset(roles) - said)
    asked = roles_asked(lowered)
    if any(family in _DIVIDING for family, _ in asked):  # the work divided among agents is not the work asked for
        roles.clear()
    groups = tuple(dict.fromkeys(group for _, family in asked for group in family))
    for group in groups:  # a role asked for by its effect (effects16): its name's words scored when the task says
        if group.isdisjoint(said):  # none of them, a generic suffix ("engineer", "analyst") left out
            extra = extra | (group - default_lexicon().generic)
    if not roles and not groups:
        return NOTHING
    return Asked(frozenset(roles), frozenset(kinds) - roles, extra, groups, reported)


@functools.lru_cache(maxsize=16384)
def name_terms(name: str) -> frozenset[str]:
    """The terms of an agent's name, as routing's name field holds them."""
    return frozenset(terms(name_text(name)))


@functools.lru_cache(maxsize=1)
def _all_roles() -> frozenset[str]:
    return frozenset().union(*(_terms_of(roles) for _, roles in ACTIVITY_ROLES.values()))


@functools.lru_cache(maxsize=16384)
def _name_roles(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the activities' role terms an agent's name carries, those of them in a word before its last one); a
    collection's prefix ("api-testing-observability") left out."""
    words = WORD.findall(name.lower())
    prefixes = default_lexicon().prefixes
    cut = next((cut for cut in range(len(words) - 1, 0, -1) if (cut > 1 or len(words) - cut > 1)
                and " ".join(words[:cut]) in prefixes), 0)
    per_word = [terms(word) for word in words[cut:]]
    every = _all_roles()
    return (frozenset(term for word in per_word for term in word if term in every),
            frozenset(term for word in per_word[:-1] for term in word if term in every))


@functools.lru_cache(maxsize=16384)
def own_name_terms(name: str) -> frozenset[str]:
    """The terms of an agent's name without its collection's prefix ("dependency-management-legacy-modernizer" ->
    legacy, modern)."""
    words = WORD.findall(name.lower())
    prefixes = default_lexicon().prefixes
    cut = next((cut for cut in range(len(words) - 1, 0, -1) if (cut > 1 or len(words) - cut > 1)
                and " ".join(words[:cut]) in prefixes), 0)
    return frozenset(terms(" ".join(words[cut:])))


def holds_group(name: str, groups: tuple[frozenset[str], ...]) -> bool:
    """Whether an agent called ``name`` does a role asked for by its effect: its own name (``own_name_terms``) holds
    every term of one of ``groups``."""
    held = own_name_terms(name)
    return any(group <= held for group in groups)


def holds_activity(name: str, roles: frozenset[str]) -> bool:
    """Whether an agent called ``name`` does the activity whose role terms are ``roles``: its name carries one of
    them, and no word before its last one names another activity's role (an "accessibility-tester" or a
    "penetration-tester" is a specialist of accessibility or security, not the team's tester)."""
    held, qualifiers = _name_roles(name)
    return not roles.isdisjoint(held) and qualifiers <= roles
