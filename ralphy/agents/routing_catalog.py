"""The catalog a ``routing.Router`` ranks from: every agent's fields as term counts, and each term's BM25F weight.

``Catalog(agents)`` splits every agent's text into fields (``ralphy.agents.routing_fields``: name, keywords, example
tasks, description, example context, body, and the words of its role's siblings in the public corpus) and counts
their terms. Which agents hold a term, its rarity (over these agents and the reference corpus's ``background``) and
its postings (the term's weight in each agent holding it) are worked out the first time a task asks for that term.
``routing.Router`` is a catalog that scores, lifts and ranks (the constants here are still importable from there).
"""
from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Iterable, Sequence, Set
from itertools import compress, repeat

from ralphy.agents.activities import name_terms
from ralphy.agents.routing_background import Background, default_background
from ralphy.agents.routing_fields import Entry, entry_of, fields_of
from ralphy.agents.spec import AgentSpec
from ralphy.agents.terms import GENERIC_VERBS

# Field weights of the BM25F score, and how much each field's length is normalised. "siblings": the words the corpus's
# other agents of the agent's role use (ralphy.agents.siblings), light: a word only another collection's file says.
FIELD_WEIGHTS: dict[str, float] = {
    "name": 3.0,
    "keywords": 2.5,
    "examples": 2.0,
    "description": 1.0,
    "context": 0.5,
    "body": 0.2,
    "siblings": 0.2,
}
FIELD_B: dict[str, float] = {"name": 0.3, "keywords": 0.3, "examples": 0.5, "description": 0.5, "context": 0.5,
                             "body": 0.75, "siblings": 0.75}
K1 = 1.2
GENERIC_WEIGHT = 0.25  # what is left of the weight of a verb any task starts with (terms.GENERIC_VERBS)
# A word found in an agent's name weighs the same whatever its rarity (its idf is NAME_IDF): a name says the
# agent's role, and the words of roles ("security", "test", "review") are in most agents' descriptions, so by
# rarity any technology a task mentions ("SQL", "Rails", "Symfony") outweighed them in another agent's name.
NAME_IDF = 1.0


class Catalog:
    """Agents' field term counts, built once, and each term's BM25F postings over them, computed when asked for.

    ``background`` gives word rarity independent of how many agents there are (the packaged one when None).
    """

    def __init__(self, agents: Iterable[AgentSpec], background: Background | None = None) -> None:
        self.background = default_background() if background is None else background
        self.agents: list[AgentSpec] = sorted(agents, key=lambda agent: agent.name)
        self._entries: list[Entry] = []
        self._postings: dict[str, list[tuple[int, float]]] = {}
        self._idf: dict[str, float] = {}
        self._build()
        self._index = {agent.name: index for index, agent in enumerate(self.agents)}

    def _build(self) -> None:
        # Per agent, per field: term -> count, and the field's length. Which agents hold a term, and a term's
        # postings (its BM25F weight in each of them), are worked out the first time a task asks for that term,
        # so a catalog of 2,000 agents is not indexed for the hundreds of thousands of terms no task uses.
        self._counts: list[list[tuple[str, dict[str, int], int]]] = []
        for agent in self.agents:
            fields, example_lines = fields_of(agent)
            self._counts.append([(name, counts, sum(counts.values())) for name, counts in fields.items()])
            self._entries.append(entry_of(agent, fields, example_lines))
        self._finish_build()

    def _finish_build(self) -> None:
        """What ``_build`` sets up once ``_counts`` holds every agent's field lengths (``ralphy.agents.term_cache``
        builds a router whose term counts are read from the user's cache when a task asks for a term)."""
        totals = dict.fromkeys(FIELD_WEIGHTS, 0)
        for per_field in self._counts:
            for name, _, length in per_field:
                totals[name] += length
        count = max(len(self._counts), 1)
        self._average = {name: max(totals[name] / count, 1.0) for name in FIELD_WEIGHTS}
        self._agents_of: dict[str, list[int]] = {}
        self._terms_of: list[Set[str]] | None = None  # per agent, every term of its fields (document_frequencies)
        self._agent_terms: dict[int, Set[str]] = {}  # the same for the agents a confidence was computed for
        self._columns: list[tuple[Sequence[int], list[dict[str, int]]]] | None = None
        self._names: dict[str, list[int]] | None = None  # _name_index
        self._total = len(self._counts) + self.background.agents
        self._unknown_idf = math.log(1 + (self._total + 0.5) / 0.5)

    def _all_terms(self) -> list[Set[str]]:
        """Per agent, every term of its fields."""
        if self._terms_of is None:
            self._terms_of = [set().union(*(counts for _, counts, _ in per_field)) for per_field in self._counts]
        return self._terms_of

    def _holders(self, term: str) -> list[int]:
        """The indexes of the agents whose fields contain ``term``, ascending."""
        holders = self._agents_of.get(term)
        if holders is None:
            if self._columns is None:
                self._columns = self._field_columns()
            # tested field by field in C (map/compress), not agent by agent in Python: 2,000 agents
            found: set[int] = set()
            for indexes, column in self._columns:
                found.update(compress(indexes, map(operator.contains, column, repeat(term))))
            holders = self._agents_of[term] = sorted(found)
        return holders

    def _field_columns(self) -> list[tuple[Sequence[int], list[dict[str, int]]]]:
        """Per field, the agents whose field holds any term and their term counts, agent by agent (a field most
        agents leave empty, e.g. keywords, or the body prompt selection does not read, is not scanned per term)."""
        columns: list[tuple[Sequence[int], list[dict[str, int]]]] = []
        for column in range(len(FIELD_WEIGHTS)):
            counts = [per_field[column][1] for per_field in self._counts]
            indexes = list(compress(range(len(counts)), counts))
            if len(indexes) == len(counts):
                columns.append((range(len(counts)), counts))
            elif indexes:
                columns.append((indexes, [counts[index] for index in indexes]))
        return columns

    def _terms_of_agent(self, index: int) -> Set[str]:
        if self._terms_of is not None:
            return self._terms_of[index]
        held = self._agent_terms.get(index)
        if held is None:
            held = self._agent_terms[index] = set().union(*(counts for _, counts, _ in self._counts[index]))
        return held

    def _term_idf(self, term: str) -> float | None:
        """The term's rarity (BM25 idf over these agents and the background); None if no agent has it."""
        idf = self._idf.get(term)
        if idf is None:
            holders = self._holders(term)
            if not holders:
                return None
            frequency = len(holders) + self.background.frequencies.get(term, 0)
            idf = self._idf[term] = math.log(1 + (self._total - frequency + 0.5) / (frequency + 0.5))
        return idf

    def _posting(self, term: str) -> list[tuple[int, float]]:
        """(agent index, BM25F weight of ``term`` in it) for every agent holding it, by index; computed once."""
        posting = self._postings.get(term)
        if posting is None:
            idf = self._term_idf(term)
            if idf is None:
                return []
            name_idf = self._name_idf(term)
            if term in GENERIC_VERBS:
                idf *= GENERIC_WEIGHT
            average = self._average
            posting = self._postings[term] = [
                (index, sum((name_idf if name == "name" else idf)
                            * self._field_score(name, counter[term], length / average[name])
                            for name, counter, length in self._counts[index] if term in counter))
                for index in self._holders(term)
            ]
        return posting

    @staticmethod
    def _name_idf(term: str) -> float:
        """The weight of ``term`` in an agent's name before saturation (a generic verb counts for less)."""
        return NAME_IDF * GENERIC_WEIGHT if term in GENERIC_VERBS else NAME_IDF

    @staticmethod
    def _field_score(name: str, tf: int, relative_length: float) -> float:
        """BM25 saturation of one field, weighted: a long body cannot outweigh a name."""
        norm = 1 - FIELD_B[name] + FIELD_B[name] * relative_length
        return FIELD_WEIGHTS[name] * tf * (K1 + 1) / (tf + K1 * norm)

    def _name_holds(self, index: int, term: str) -> bool:
        """Whether agent ``index``'s name holds ``term`` (as ``_posting`` counts it)."""
        return any(name == "name" and counter.get(term, 0) > 0 for name, counter, _ in self._counts[index])

    def _name_index(self) -> dict[str, list[int]]:
        """Name term -> the agents whose name holds it (built the first time a task asks for an activity)."""
        if self._names is None:
            self._names = {}
            for index, agent in enumerate(self.agents):
                for term in name_terms(agent.name):
                    self._names.setdefault(term, []).append(index)
        return self._names

    def document_frequencies(self, minimum: int = 2) -> dict[str, int]:
        """How many of this router's agents contain each term (terms in fewer than ``minimum`` left out)."""
        frequencies: Counter[str] = Counter()
        for held in self._all_terms():
            frequencies.update(held)
        return {term: count for term, count in frequencies.items() if count >= minimum}
