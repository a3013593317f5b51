"""Cross-cutting activities against building work: a small table written by hand (issue 15).

Some work is done by a role whatever the technology it touches: a review, an audit, documentation, a deployment,
putting an app in a container, tests, finding why something fails, profiling, security testing, bringing a legacy
version up to date, an accessibility or SEO check, incident response, a refactoring. "Review the Swift
concurrency changes" is a reviewer's job, "Deploy the Next.js site to Vercel" a deployment engineer's, even when
the team has a Swift or a Next.js specialist. Building work (design, implement, add, build, move, model, port) goes
to whoever knows the technology: "Design the DynamoDB layout", "Move the docs from Jekyll to Astro".

``ACTIVITY_ROLES`` says, for each activity, the words that ask for it at the head of a task and the words an
agent's name carries when that agent does it. The table was written by hand from what software teams do, before
any list of routing misses was read; it is knowledge of the job, not fitted to a data set. ``asked_activity``
finds the activity a task's head asks for (its first or last word, ``terms.head_clauses``, generic verbs left
out; not when the head starts with a building verb) and returns the role terms; ``routing.Router`` then lifts
the agents whose name holds one of them (``routing.ACTIVITY_LIFT``) when the team has such an agent.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ralphy.agents.roles import default_lexicon
from ralphy.agents.terms import GENERIC_VERBS, head_clauses, name_text, terms

# activity: (words that ask for it at a task's head, words an agent's name carries for it). Surface words; their
# terms (stemmed, synonyms expanded) are what is compared.
ACTIVITY_ROLES: dict[str, tuple[str, str]] = {
    "review": ("review reviews reviewing", "review reviewer"),
    "audit": ("audit audits auditing", "audit auditor security"),
    "document": ("document documenting documentation docs readme docstrings changelog tutorial runbook",
                 "documentation docs documenter writer"),
    "deploy": ("deploy deploying deployment rollout", "deployment devops release"),
    "containerise": ("containerise containerize containerising containerizing dockerise dockerize",
                     "docker container containerization"),
    "test": ("test tests testing qa coverage e2e", "test tester qa"),
    "debug": ("debug debugging diagnose troubleshoot bisect", "debugger debug troubleshooter detective"),
    "profile": ("", "performance perf profiler"),  # asked for by a line's first word only: _FIRST_WORD
    "security": ("pentest pen penetration threat harden hardening security vulnerability",
                 "security penetration pentest threat"),
    "modernise": ("modernise modernize modernising modernizing legacy", "legacy modernizer modernization"),
    "accessibility": ("accessibility a11y wcag", "accessibility a11y"),
    "seo": ("seo", "seo"),
    "incident": ("incident outage postmortem oncall", "incident responder sre"),
    "usability": ("usability ux", "usability ux ui"),
    "refactor": ("refactor refactoring restructure", "refactor refactoring"),
}

# A head starting with one of these asks to build something, even if it names an activity's word after ("Move the
# docs from Jekyll to Astro", "Design the test harness"): the technology's specialist builds it.
BUILDING_VERBS = "design implement build move model port convert rewrite integrate migrate architect create"

# Finding why something happens is debugging whatever words the head holds ("Find why the build is slow").
_WHY = re.compile(r"\b(?:find|figure|work|track|explain|investigate|understand|see)\b(?:\s+\w+)?\s+why\b|"
                  r"\broot[- ]cause")
# Verbs that are nouns too ("a user profile page"): they ask for the activity only as a line's first word.
_FIRST_WORD = re.compile(r"^\s*(?:[-*]\s+)?(?:\[.\]\s+)?(profile|benchmark)\b")

_END_TO_END = re.compile(r"\bend[- ]to[- ]end\b", re.IGNORECASE)

# Words of a legacy version move: "Upgrade the app from PHP 5.6 to 8", "Migrate off the deprecated API".
_FROM_OLD = re.compile(r"\b(?:from|off)\b.*?(?:\d|\blegacy\b|\bold\b|\bdeprecated\b|\boutdated\b)")
_MOVE_VERBS = frozenset(terms("migrate migrating migration upgrade upgrading port"))

# Activities a task asks for wherever it names them (cross-cutting by nature: "Check the signup form for
# accessibility").
_ANYWHERE = ("accessibility", "seo")


def _terms_of(text: str) -> frozenset[str]:
    return frozenset(terms(text))


@functools.lru_cache(maxsize=1)
def _table() -> tuple[dict[str, frozenset[str]], frozenset[str], frozenset[str]]:
    """(head term -> role terms, building verb terms, terms asking for an activity anywhere)."""
    heads: dict[str, set[str]] = {}
    for asks, roles in ACTIVITY_ROLES.values():
        for term in _terms_of(asks):
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

    def __bool__(self) -> bool:
        return bool(self.roles)


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
    if _WHY.search(lowered):
        roles.update(heads[next(iter(_terms_of("debug")))])
    if moving and _FROM_OLD.search(lowered):
        roles.update(heads[next(iter(_terms_of("legacy")))])
    for term in anywhere.intersection(terms(lowered)):
        roles.update(heads[term])
    return Asked(frozenset(roles), frozenset(kinds) - roles) if roles else NOTHING


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
    words = re.findall(r"[a-z0-9]+", name.lower())
    prefixes = default_lexicon().prefixes
    cut = next((cut for cut in range(len(words) - 1, 0, -1) if " ".join(words[:cut]) in prefixes), 0)
    per_word = [terms(word) for word in words[cut:]]
    every = _all_roles()
    return (frozenset(term for word in per_word for term in word if term in every),
            frozenset(term for word in per_word[:-1] for term in word if term in every))


def holds_activity(name: str, roles: frozenset[str]) -> bool:
    """Whether an agent called ``name`` does the activity whose role terms are ``roles``: its name carries one of
    them, and no word before its last one names another activity's role (an "accessibility-tester" or a
    "penetration-tester" is a specialist of accessibility or security, not the team's tester)."""
    held, qualifiers = _name_roles(name)
    return not roles.isdisjoint(held) and qualifiers <= roles
