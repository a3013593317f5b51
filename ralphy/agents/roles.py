"""What a task asks for against what it mentions: a role lexicon learned from agents' names (issue 15).

Agent names are built alike across collections: a generic suffix after a technology ("django-expert",
"kotlin-specialist", "php-pro", "spring-boot-engineer") or a role ("security-auditor", "code-reviewer",
"test-automator", "legacy-modernizer", "debugger"). Which name words are which is learned from the names of a
corpus of agents (``build_lexicon``; the packaged lexicon, ``routing_roles.json``, comes from
tests/data/agent-corpus and is written by ``benchmarks/bench_routing.py --write-roles``), not listed by hand:

- a **collection prefix** is the words before another agent's whole name ("unit-testing" in
  "unit-testing-test-automator", as "test-automator" is an agent too); it says where the agent comes from, not
  its role, and is left out of the rest;
- a **generic suffix** is a last name word that follows many different words (``GENERIC_MIN``): engineer,
  developer, architect (expert, specialist and pro are stopwords already);
- a **role** is a word, found in at least ``ROLE_NAMES`` names, of a name that does not end in a generic suffix
  (audit, review, test, modern, legacy, debug, security...), or a word before a generic suffix that many agents'
  texts use (``ROLE_SHARE``: "performance-engineer", "deployment-engineer", "documentation-engineer");
- a **technology** is a word before a generic suffix that few agents' texts use ("django", "kotlin", "symfony").

A task asks for a role when the first or the last word of what it asks for (its head: ``terms.head_clauses``,
generic verbs left out) is a role and no technology comes before it there: "Review | the Terraform
changes", "Write unit tests | for the Kotlin ViewModel", "Audit the Django REST API | for ..." ask for roles;
"Add a Redis cache to sessions", "Write a Rails migration" and "Migrate the test suite from Jest to Vitest" do
not. ``routing.Router`` then lifts the agents whose name holds the role (``routing.ROLE_LIFT``). A user's own
agent whose name the lexicon does not know still has a role: its last name word, when that is not a generic
suffix ("perf-auditor" -> performance, audit).
"""

from __future__ import annotations

import functools
import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ralphy.agents.terms import GENERIC_VERBS, STOPWORDS, SYNONYMS, WORD, head_clauses, stem, terms, word_terms

ROLES_FILE = Path(__file__).with_name("routing_roles.json")
GENERIC_MIN = 10  # a last name word following at least this many different words is a generic suffix
ROLE_SHARE = 0.2  # a word before a generic suffix in at least this share of agents' texts is a role, else a technology
ROLE_NAMES = 2  # a role word is in at least this many names (the words of one odd name are not roles)


@dataclass(frozen=True, eq=False)
class Lexicon:
    """Which name terms are roles, technologies or generic suffixes, and the collections' name prefixes."""

    roles: frozenset[str]
    technologies: frozenset[str]
    generic: frozenset[str]
    prefixes: frozenset[str]  # name words joined by spaces ("unit testing")

    @functools.cached_property
    def prefix_starts(self) -> frozenset[str]:
        """The first words of the prefixes (a name starting with none of them has none)."""
        return frozenset(prefix.split()[0] for prefix in self.prefixes)

    def to_dict(self) -> dict[str, Any]:
        return {"generic": sorted(self.generic), "roles": sorted(self.roles),
                "technologies": sorted(self.technologies), "prefixes": sorted(self.prefixes)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Lexicon:
        return cls(frozenset(data["roles"]), frozenset(data["technologies"]), frozenset(data["generic"]),
                   frozenset(data["prefixes"]))


@functools.lru_cache(maxsize=1)
def default_lexicon() -> Lexicon:
    """The packaged lexicon (learned from the public corpus in tests/data/agent-corpus)."""
    return Lexicon.from_dict(json.loads(ROLES_FILE.read_text(encoding="utf-8")))


def _name_words(name: str, prefixes: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The words of an agent's name, without its longest collection prefix of ``prefixes``, cut as ``_prefixes`` learns
    one: the prefix or the rest at least two words long ("ui" of ui-ux-designer is no prefix of "ui-designer")."""
    words = WORD.findall(name.lower())
    for cut in range(len(words) - 1, 0, -1):
        if (cut > 1 or len(words) - cut > 1) and " ".join(words[:cut]) in prefixes:
            return words[cut:]
    return words


def _prefixes(names: Iterable[str]) -> set[str]:
    """Collection prefixes: the words before another agent's whole name, one of the two at least two words long
    ("unit testing" before "debugger"; not "api" before "architect": api-architect is no copy of architect)."""
    spelled = {" ".join(WORD.findall(name.lower())) for name in names}
    found = set()
    for name in spelled:
        words = name.split()
        for cut in range(1, len(words)):
            if (cut > 1 or len(words) - cut > 1) and " ".join(words[cut:]) in spelled:
                found.add(" ".join(words[:cut]))
                break
    return found


def build_lexicon(names: Iterable[str], share: Mapping[str, float]) -> Lexicon:
    """Learn the lexicon from a corpus's agent ``names``; ``share``: term -> the share of the corpus's agents
    whose text holds it (its document frequencies over its size)."""
    names = list(names)
    prefixes = _prefixes(names)
    spelled = [_name_words(name, prefixes) for name in names]
    followers: dict[str, set[str]] = defaultdict(set)
    for words in spelled:
        if len(words) >= 2:
            followers[words[-1]].add(words[-2])
    generic_words = {word for word, before in followers.items() if len(before) >= GENERIC_MIN or word in STOPWORDS}
    generic = {term for word in generic_words for term in terms(word)}
    named: Counter[str] = Counter(term for words in spelled for term in set(terms(" ".join(words))))
    roles: set[str] = set()
    technologies: set[str] = set()
    for words in spelled:
        if not words:
            continue
        if words[-1] in generic_words:
            for term in terms(" ".join(words[:-1])):
                (roles if share.get(term, 0.0) >= ROLE_SHARE else technologies).add(term)
        else:
            roles.update(term for term in terms(" ".join(words)) if named[term] >= ROLE_NAMES)
    technologies -= generic
    roles -= generic | technologies  # a word some name holds before a generic suffix is a technology
    return Lexicon(frozenset(roles), frozenset(technologies), frozenset(generic), frozenset(prefixes))


@functools.lru_cache(maxsize=8192)
def name_roles(name: str, lexicon: Lexicon | None = None) -> frozenset[str]:
    """The role terms of an agent's name: its words the lexicon knows as roles, and its last word when that is not
    a generic suffix ("perf-auditor" -> performance, audit; "django-expert" -> none). A collection prefix is left
    out ("unit-testing-debugger" -> debug)."""
    lexicon = default_lexicon() if lexicon is None else lexicon
    words = WORD.findall(name.lower())
    if len(words) > 1 and words[0] in lexicon.prefix_starts:
        words = _name_words(name, lexicon.prefixes)
    found = set()
    last = len(words) - 1
    roles, generic, technologies = lexicon.roles, lexicon.generic, lexicon.technologies
    for position, word in enumerate(words):
        for term in word_terms(word):
            if term in roles:
                found.add(term)
            elif position == last and last and term not in generic and term not in technologies:
                found.add(term)  # a role noun the corpus does not have: "inspector" names inspect as "tester" test
                if term.endswith("or") and not term.endswith("ator") and len(term) > 5:
                    found.add(term[:-2])
    return frozenset(found)


@functools.lru_cache(maxsize=256)
def role_needles(roles: frozenset[str]) -> tuple[str, ...]:
    """Strings one of which a lowercased name holding one of ``roles`` contains (a cheap test before ``name_roles``):
    a stem keeps its word's first three letters; a word standing for another ("perf", "docs") is itself."""
    needles = {role[:3] for role in roles}
    needles.update(word for word, meant in SYNONYMS.items() if not roles.isdisjoint(map(stem, meant)))
    return tuple(sorted(needles))


def asked_roles(task: str, lexicon: Lexicon | None = None) -> frozenset[str]:
    """The roles ``task`` asks for (see the module's docstring); empty when it asks for a technology or no role."""
    lexicon = default_lexicon() if lexicon is None else lexicon
    asked: set[str] = set()
    for clause in head_clauses(task):
        head = [term for term in clause if term not in GENERIC_VERBS]
        for position in dict.fromkeys((0, len(head) - 1)) if head else ():
            if head[position] in lexicon.roles and lexicon.technologies.isdisjoint(head[:position]):
                asked.add(head[position])
    return frozenset(asked)
