"""The words other people use for an agent's role: its siblings in the public corpus (issue 15).

Users ask for work in words their agent's own file never uses ("Refunds through Mollie sometimes go out twice" for
``payment-integration``, "Dependabot shows 112 alerts" for ``dependency-manager``). Most roles exist in several
public collections, each written with other words and other technology lists; a user's agent is usually one of
them or close to one. So routing reads, beside an agent's own text, a light field of the words its **siblings**
use: the corpus agents of the same role (the same name once a generic suffix, "-expert", "-specialist", "-pro",
"-developer", "-engineer", and a wshobson plugin prefix are left out: ``golang-pro`` and ``go-expert``,
``kotlin-specialist`` and ``kotlin-expert``), other than the agent itself (a member whose description is the
agent's, as in a byte-for-byte copy, is left out: the role as *other* people wrote it).

Only the words specific to a role are kept: a word held by more than ``MAX_SHARE`` of the corpus's agents
("ensure", "quality", "best practices") says nothing of one role. An agent whose name the corpus does not know
gets no siblings. The packaged table, ``routing_siblings.json``, is written from tests/data/agent-corpus by
``benchmarks/bench_routing.py --write-siblings`` and read the first time a router needs it; a name is only ever a
key into that table, never a path.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ralphy.agents.terms import SYNONYMS, WORD

SIBLINGS_FILE = Path(__file__).with_name("routing_siblings.json")
GENERIC_SUFFIXES = frozenset({"expert", "experts", "specialist", "pro", "developer", "dev", "engineer"})
MAX_SHARE = 0.05  # a term in more of the corpus's agents than this share is no role's own word
MAX_ROLES = 3  # ... nor one kept for more roles than this ("button", "bill", "happen" in some siblings' instructions)

SIBLINGS_ENABLED = True  # off: no agent gets a siblings field (how the tests show what it changes)

_NAME_WORD = WORD
# abbreviations a name word stands for (golang -> go, ml -> machine learning), not the synonyms that add a word to it
_SPELLED_OUT = {word: meant for word, meant in SYNONYMS.items() if word not in meant}


def role_key(name: str, prefixes: Iterable[str] = ()) -> str:
    """An agent name's role: its words lowercased, abbreviations spelled out (golang -> go, ml -> machine learning),
    a leading plugin prefix of ``prefixes`` and trailing generic suffixes left out ("" when nothing is left)."""
    words = _NAME_WORD.findall(name.lower())
    joined = " ".join(words)
    for prefix in prefixes:
        if joined.startswith(prefix + " "):
            words = words[len(prefix.split()):]
            break
    spelled = [meant for word in words for meant in _SPELLED_OUT.get(word, (word,))]
    while len(spelled) > 1 and spelled[-1] in GENERIC_SUFFIXES:
        spelled.pop()
    return " ".join(spelled)


def fingerprint(description: str) -> str:
    """A short hash of an agent's description: how the table tells an agent's own file from its siblings'."""
    return hashlib.blake2b(" ".join(description.split()).encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()


class Siblings:
    """The packaged table: per role, each distinct member's fingerprint and role-specific terms."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.aliases: dict[str, str] = dict(data.get("aliases", {}))
        self.roles: dict[str, list[tuple[str, tuple[str, ...]]]] = {
            role: [(member[0], tuple(member[1].split())) for member in members]
            for role, members in data.get("roles", {}).items()}

    def counts(self, name: str, description: str) -> dict[str, int]:
        """Term -> how many of the agent's siblings hold it (empty when the corpus does not know its role)."""
        spelled = " ".join(_NAME_WORD.findall(name.lower()))
        members = self.roles.get(self.aliases.get(spelled) or role_key(name))
        if not members:
            return {}
        own = fingerprint(description)
        counts: dict[str, int] = {}
        for member, member_terms in members:
            if member == own:
                continue
            for term in member_terms:
                counts[term] = counts.get(term, 0) + 1
        return counts


NO_SIBLINGS = Siblings({})


@functools.lru_cache(maxsize=1)
def default_siblings() -> Siblings:
    """The packaged table (see the module's docstring)."""
    return Siblings(json.loads(SIBLINGS_FILE.read_text(encoding="utf-8")))


def build_table(members: Iterable[tuple[str, str, str | None, Iterable[str]]]) -> dict[str, Any]:
    """The table from corpus agents given as (name, description, plugin or None, every term of their text): per
    role of at least two distinct members (by description), each member's terms held by at most ``MAX_SHARE`` of
    the distinct agents given (copies of one agent in several plugins counted once) and kept for at most
    ``MAX_ROLES`` roles."""
    aliases: dict[str, str] = {}
    roles: dict[str, dict[str, set[str]]] = {}
    distinct: dict[str, set[str]] = {}
    for name, description, plugin, held in members:
        spelled = " ".join(_NAME_WORD.findall(name.lower()))
        plugin_prefix = " ".join(_NAME_WORD.findall(plugin.lower())) if plugin else ""
        key = role_key(name, (plugin_prefix,) if plugin_prefix else ())
        if not key:
            continue
        if key != role_key(name):
            aliases[spelled] = key
        own = fingerprint(description)
        distinct.setdefault(own, set()).update(held)
        roles.setdefault(key, {}).setdefault(own, set()).update(held)
    frequencies: dict[str, int] = {}
    for held in distinct.values():
        for term in held:
            frequencies[term] = frequencies.get(term, 0) + 1
    limit = MAX_SHARE * len(distinct)
    kept_roles = {key: {own: {term for term in held if frequencies[term] <= limit} for own, held in by_member.items()}
                  for key, by_member in sorted(roles.items()) if len(by_member) >= 2}
    spread: dict[str, int] = {}  # term -> how many roles keep it
    for by_member in kept_roles.values():
        for term in set().union(*by_member.values()):
            spread[term] = spread.get(term, 0) + 1
    return {
        "maxShare": MAX_SHARE,
        "maxRoles": MAX_ROLES,
        "agents": len(distinct),
        "aliases": {spelled: key for spelled, key in sorted(aliases.items()) if key in kept_roles},
        "roles": {key: [[own, " ".join(sorted(term for term in held if spread[term] <= MAX_ROLES))]
                        for own, held in sorted(by_member.items())]
                  for key, by_member in kept_roles.items()},
    }


def sibling_counts(name: str, description: str) -> dict[str, int]:
    """The siblings field of an agent (``Siblings.counts`` with the packaged table; empty without the table)."""
    if not SIBLINGS_ENABLED:
        return {}
    return default_siblings().counts(name, description)

