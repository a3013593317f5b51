"""Recommend the best agent for a task, with a confidence in [0, 1].

``Router(agents)`` builds a catalog once (``ralphy.agents.routing_catalog``): every agent's text is split into
fields (name, keywords, example tasks, description, example context, body; and the words of its role's siblings in
the public corpus, ``ralphy.agents.siblings``), tokenised into whole words (``ralphy.agents.terms``), and turned into
BM25F term weights. ``router.recommend(task)`` then only adds up precomputed weights for the task's words, so a
query over hundreds of agents takes well under a millisecond.

The confidence is calibrated on data (``ralphy.agents.routing_confidence``): a logistic model of the agent's score,
its lead over the best agent of another kind and over the next one, and the share of the task's informative words
it matches, fitted on the train splits of tests/data/routing (small projects of 4-7 agents and the 500-agent
catalog), so that a confidence of 0.6 is right about 60% of the time on 5 agents as on 500. Below the threshold
nothing is recommended: the task is a gap and Claude should work on it directly. ``notForTasks`` in an agent's
frontmatter is a strong negative; ``keywords`` and ``exampleTasks`` are strong positives, as are the user lines
of the ``<example>`` blocks many descriptions carry.

``recommend_llm`` lets a model rank the best candidates (``ralphy.agents.routing_llm``); prompt selection and
gaps are in ``ralphy.agents.selection``; what a router answers in ``routing_results``, the word rarity of the
reference corpus in ``routing_background``, the reasons in words in ``routing_reasons`` (all still importable
from here).
"""
from __future__ import annotations

import logging
import operator
from collections.abc import Iterable, Sequence, Set
from itertools import compress
from typing import Any

from ralphy.agents import routing_confidence
from ralphy.agents.activities import (NOTHING, Asked, asked_activity, holds_activity, holds_group,
                                      name_terms)
from ralphy.agents.chores import is_chore
from ralphy.agents.everyday import task_words as _task_words
from ralphy.agents.phrases import bound_terms
from ralphy.agents.roles import asked_roles, default_lexicon, name_roles, role_needles
from ralphy.agents.routing_background import BACKGROUND_FILE, NO_BACKGROUND, Background, default_background  # noqa: F401
from ralphy.agents.routing_confidence import DEFAULT_THRESHOLD
from ralphy.agents.routing_catalog import FIELD_B, FIELD_WEIGHTS, GENERIC_WEIGHT, K1, NAME_IDF, Catalog  # noqa: F401
from ralphy.agents.routing_fields import Entry
from ralphy.agents.routing_reasons import FIELD_LABELS, reason  # noqa: F401
from ralphy.agents.routing_results import Alternative, Recommendation
from ralphy.agents.senses import broad_terms, named_activity, other_senses
from ralphy.agents.spec import AgentSpec
from ralphy.agents.team_stack import TeamStack, building_sides
from ralphy.agents.technologies import field_terms, table_terms
from ralphy.agents.terms import GENERIC_VERBS, as_texts as _as_texts, head_terms, terms, words  # noqa: F401
from ralphy.lazy import lazy_names

logger = logging.getLogger(__name__)

DEFAULT_LLM_MODEL = "claude-haiku-4-5"

NOT_FOR_COVERAGE = 0.6  # share of a notForTasks entry's words a task must contain to count as that entry
NOT_FOR_FACTOR = 0.15  # what is left of an agent's score for a task it says it is not for

RANK_WINDOW = 11  # how many of the best by score are ranked by confidence, however few alternatives are asked for
HEAD_BOOST = 0.25  # extra weight of the words of what the task asks for (its head clause, see terms.head_terms)
# When what a task asks for is a role (ralphy.agents.roles: "Review the Terraform changes", "Write unit tests | for
# the Kotlin ViewModel"), the score of each agent whose name holds that role is multiplied by 1 + ROLE_LIFT, so the
# role can outrank a technology the task mentions ("terraform" in another agent's name); a task asking for a
# technology ("Add a Redis cache to sessions", "Write a Rails migration") is scored as before.
ROLE_LIFT = 0.5
# When the task's head asks for a cross-cutting activity (ralphy.agents.activities: a review, docs, a deployment,
# tests...), the score of each agent whose name carries that activity's role (or the kind the task names: the
# Playwright agent for "Fix the flaky Playwright test") is multiplied by 1 + ACTIVITY_LIFT: the activity is done
# by the role whatever technology the task names; building work ("Design the GraphQL schema") is scored as before.
ACTIVITY_LIFT = 1.5
ACTIVITY_DEMOTE = 0.5  # ... and an agent without the role whose name matches the task (a technology) is demoted
# The words of the field a task's technology belongs to (ralphy.agents.technologies: "spark" -> data engineering,
# "ledger" -> fintech), added to the task with this weight, well under a word it says: an agent describing the field
# is found, an agent named for the technology itself still wins building work on it.
FIELD_WEIGHT = 0.5
# ... once per technology of that field the task names, up to this many ("Design the loot tables and enemy spawns for
# the dungeon levels" names three of games: more named, surer field; a word the task says still counts for more)
FIELD_NAMED_MAX = 3
# A word the task says only inside a term of several words (ralphy.agents.phrases: "an AWS landing zone", "the
# Visual Basic 6 app", "next quarter") is read as part of that term: an agent whose text lacks the term's other words
# and whose name holds the word loses the word's whole weight (the landing page copywriter for "landing"); False turns
# it off.
PHRASE_BOUND = True
# The team's stack (ralphy.agents.team_stack): for building or bug work on a part of the application that asks for no
# role or activity (a bare symptom report aside) and says no word of another agent's name, each of the team's stack
# agents on that side gets STACK_PRIOR added to its score (a weak match: one word of a description scores about 1 to
# 2), and an agent outside the stack whose name, keywords, examples and description hold no word of the task (a word
# of its body or of its role's other agents only) keeps STACK_WEAK of its score.
STACK_PRIOR = 0.75
STACK_WEAK = 0.5
JOB_FIELDS = frozenset(("name", "keywords", "examples", "description"))
DENSE_SHARE = 4  # a term held by at least 1/DENSE_SHARE of the agents is scored as one list for all of them
DENSE_KEPT = 256  # such lists a router keeps (a long-lived MCP server asks for many terms)


def _distinct(named: Sequence[tuple[str, ...]]) -> int:
    """How many of a field's ``named`` technologies are not part of another one named ("loot" in "loot tables")."""
    joined = [" " + " ".join(sequence) + " " for sequence in named]
    return sum(not any(text != other and text in other for other in joined) for text in joined)


def _stack_terms(task_terms: Sequence[str]) -> frozenset[str]:
    """The terms of ``task_terms`` that name a technology: those of the technology table's entries the task names, and
    those the table and the role lexicon (learned from agents' names) both hold as a technology ("fastapi", "mcp")."""
    named = {term for entries, _ in field_terms(tuple(task_terms)) for entry in entries for term in entry}
    return frozenset(named | table_terms().intersection(default_lexicon().technologies, task_terms))


class Router(Catalog):
    """A catalog of agents (``ralphy.agents.routing_catalog``), built once, that recommends one for a task.

    ``threshold`` is the confidence under which ``recommend`` names no agent; ``background`` gives word
    rarity independent of how many agents there are (the packaged one when None).
    """

    def __init__(
        self, agents: Iterable[AgentSpec], threshold: float = DEFAULT_THRESHOLD, background: Background | None = None
    ) -> None:
        self.threshold = threshold
        super().__init__(agents, background)

    def _finish_build(self) -> None:
        """The catalog's, then what scoring keeps per router (the agents with a notForTasks, caches)."""
        super()._finish_build()
        self._example_terms: dict[int, tuple[tuple[str, frozenset[str]], ...]] = {}  # routing_reasons.examples_of
        self._dense_postings: dict[tuple[str, float], list[float]] = {}
        self._stack: TeamStack | None = None  # _team_stack
        self._not_for = [index for index, agent in enumerate(self.agents) if _as_texts(agent.metadata.get("notForTasks"))]

    # -- querying -------------------------------------------------------------------------------------

    def _scores(self, task_terms: Sequence[str], head: frozenset[str] = frozenset(),
                roles: frozenset[str] = frozenset(), activity: Asked = NOTHING,
                sequence: Sequence[str] | None = None, senses: dict[str, bool] | None = None,
                sides: frozenset[str] = frozenset()) -> dict[int, float]:
        """Agent index -> its score for the task, for every agent holding one of ``task_terms`` (``sequence``: the
        task's terms in order with their repeats, for the terms of several words it says; ``task_terms`` when None;
        ``senses``: the terms the task says in another sense than an agent's, ``ralphy.agents.senses``)."""
        total: list[float] | None = None
        agents = len(self._entries)
        sequence = tuple(task_terms if sequence is None else sequence)
        bound = bound_terms(sequence) if PHRASE_BOUND else {}
        senses = senses or {}
        broad, said = broad_terms(), frozenset(sequence)
        for term in (*task_terms, *activity.extra) if activity.extra else task_terms:
            boost = 1.0 + HEAD_BOOST if term in head else 1.0
            posting = self._posting(term)
            if not posting:
                continue
            if total is None:
                total = [0.0] * agents
            if term in bound:
                posting = self._bound_posting(term, bound[term], posting)
            if term in senses:  # a name's noun as data: not the agents named for it
                posting = [pair for pair in posting if not self._name_holds(pair[0], term)]
            elif term in broad:  # a name's verb without what it is done to: not that agent's name
                posting = [pair for pair in posting if not self._verb_only(pair[0], term, said)]
            if term not in bound and term not in senses and term not in broad and len(posting) * DENSE_SHARE >= agents:  # a common term: every agent at once, in C
                total = list(map(operator.add, total, self._dense(term, boost, posting)))
            else:
                for index, weight in posting:
                    total[index] += weight * boost
        if FIELD_WEIGHT:  # a word in another sense names no field either
            total = self._add_fields(total, [term for term in sequence if term not in senses] if senses else sequence)
        if total is None:
            return {}
        # the same additions in the same order as term by term per agent (x + 0.0 is x); weights are > 0
        scores = dict(zip(compress(range(agents), total), compress(total, total)))
        if roles and ROLE_LIFT:
            self._lift_roles(scores, roles.difference(senses) if senses else roles)
        excluded: set[int] = set()
        if self._not_for:
            entries = self._entries
            for index in self._not_for:
                if index in scores and self._excluded(entries[index], task_terms):
                    scores[index] *= NOT_FOR_FACTOR
                    excluded.add(index)
        if activity:
            self._lift_activity(scores, activity, task_terms, excluded)
        if STACK_PRIOR and scores and sides and not roles and (not activity or activity.reported):
            scores = self._team_stack().lift(scores, sides, task_terms, self._name_index(), excluded,
                                             self._says_job, STACK_PRIOR, STACK_WEAK)
        return scores

    def _says_job(self, index: int, task_terms: Set[str]) -> bool:
        """Whether agent ``index``'s name, keywords, examples or description hold one of ``task_terms``."""
        return any(name in JOB_FIELDS and not task_terms.isdisjoint(counts) for name, counts, _ in self._counts[index])

    def _team_stack(self) -> TeamStack:
        """The team's stack agents (``ralphy.agents.team_stack``), found from the names once."""
        if self._stack is None:
            self._stack = TeamStack([agent.name for agent in self.agents])
        return self._stack

    def _add_fields(self, total: list[float] | None, task_terms: Sequence[str]) -> list[float] | None:
        """Add the fields of the technologies the task names (``FIELD_WEIGHT``): each field as a light word per
        technology of it named (at most ``FIELD_NAMED_MAX``), an agent getting its best weight for any of the field's
        terms; not when an agent is named for the technology."""
        for named, field in field_terms(tuple(task_terms)):
            if any(self._named_for(sequence) for sequence in named):
                continue
            best: dict[int, float] = {}
            for term in field:
                for index, weight in self._posting(term):
                    if weight > best.get(index, 0.0):
                        best[index] = weight
            if best and total is None:
                total = [0.0] * len(self._entries)
            share = FIELD_WEIGHT * min(_distinct(named), FIELD_NAMED_MAX)
            for index, weight in best.items():
                total[index] += share * weight
        return total

    def _bound_posting(self, term: str, phrases: Sequence[tuple[str, ...]], posting: list[tuple[int, float]]
                       ) -> list[tuple[int, float]]:
        """``term``'s posting when the task says it only inside ``phrases`` (terms of several words,
        ``ralphy.agents.phrases``): an agent whose text holds every word of one of them keeps its weight, another
        keeps it unless its name holds ``term`` (``PHRASE_BOUND``: "landing" of "an AWS landing zone" does not name
        the landing page copywriter)."""
        allowed: set[int] = set()
        for phrase in phrases:
            allowed.update(set.intersection(*(set(self._holders(word)) for word in phrase)))
        kept = []
        for index, weight in posting:
            if index in allowed or not self._name_holds(index, term):
                kept.append((index, weight))
        return kept

    def _verb_only(self, index: int, term: str, said: Set[str]) -> bool:
        """Whether agent ``index``'s name ends with the broad verb ``term`` and the task says none of the name's
        other words (``senses.named_activity``: "Map the share as drive F:" names no assumption-mapping)."""
        named = named_activity(self.agents[index].name)
        return named is not None and named[0] == term and named[1].isdisjoint(said)

    def _named_for(self, sequence: tuple[str, ...]) -> bool:
        """Whether an agent's name holds every term of ``sequence`` (a technology: "playwright", "delta lake")."""
        names = self._name_index()
        holders = [set(names.get(term, ())) for term in sequence]
        return bool(holders) and bool(set.intersection(*holders))

    def _lift_roles(self, scores: dict[int, float], roles: frozenset[str]) -> None:
        """Lift the agents whose name holds one of ``roles`` (see ``ROLE_LIFT``)."""
        agents = self.agents
        needles = role_needles(roles)
        for index in scores:
            name = agents[index].name
            lowered = name.lower()
            if any(needle in lowered for needle in needles) and not roles.isdisjoint(name_roles(name)):
                scores[index] *= 1 + ROLE_LIFT

    def _lift_activity(self, scores: dict[int, float], activity: Asked, task_terms: Sequence[str],
                       excluded: Set[int]) -> None:
        """Lift the agents doing the ``activity`` the task asks for and demote those whose name only matches the
        task (see ``ACTIVITY_LIFT``); nothing changes when no agent the task matches does the activity. An agent
        whose notForTasks the task matches (``excluded``) is not lifted. Names only: the term cache's router
        reads an agent's fields when a ranking looks at it closely, not for every agent scored."""
        agents, kinds, names = self.agents, activity.kinds, self._name_index()
        groups = activity.groups
        asked = activity.roles | kinds | {term for group in groups for term in group}
        candidates = {index for term in asked for index in names.get(term, ())}
        doers = {index for index in candidates if index in scores and index not in excluded and (
            holds_activity(agents[index].name, activity.roles) or not kinds.isdisjoint(name_terms(agents[index].name))
            or groups and holds_group(agents[index].name, groups))}
        if not doers:
            return
        if activity.reported:  # the stack a symptom report names is where the bug is: its agents are lifted too
            doers |= {index for term in set(task_terms).intersection(_stack_terms(task_terms))
                      for index in names.get(term, ()) if index in scores and index not in excluded}
        # named for a word of the task, or for the ecosystem of a technology it names ("cargo", "crates" -> rust-pro;
        # the field's technology words only, not "data" or "cloud") (rank17)
        fields = set().union(*(field for _, field in field_terms(tuple(task_terms))))
        ecosystems = default_lexicon().technologies.intersection(fields)
        demoted = {index for term in set(task_terms) | ecosystems for index in names.get(term, ())}
        for index in demoted.intersection(scores) - doers:
            scores[index] *= ACTIVITY_DEMOTE
        for index in doers:
            scores[index] *= 1 + ACTIVITY_LIFT

    def _dense(self, term: str, boost: float, posting: list[tuple[int, float]]) -> list[float]:
        """``term``'s weight times ``boost`` for every agent (0.0 where it is absent), kept for the next task."""
        dense = self._dense_postings.get((term, boost))
        if dense is None:
            if len(self._dense_postings) >= DENSE_KEPT:
                self._dense_postings.clear()
            dense = [0.0] * len(self._entries)
            for index, weight in posting:
                dense[index] = weight * boost
            self._dense_postings[(term, boost)] = dense
        return dense

    @staticmethod
    def _excluded(entry: Entry, task_terms: Sequence[str]) -> str | None:
        """The notForTasks entry that ``task_terms`` matches, if any."""
        present = set(task_terms)
        for text, entry_terms in entry.not_for:
            if entry_terms and len(entry_terms & present) / len(entry_terms) >= NOT_FOR_COVERAGE:
                return text
        return None

    def top_features(self, task: str) -> tuple[str, tuple[float, ...]] | None:
        """The best-ranked agent for ``task`` and its confidence features (for calibrating; None: no match)."""
        sequence = [term for _, term in _task_words(task)]
        task_terms = list(dict.fromkeys(sequence))
        ranked = self._ranked(task_terms, head_terms(task), asked_roles(task), asked_activity(task), sequence,
                              other_senses(task), building_sides(task))
        if not ranked:
            return None
        return self._entries[ranked[0][0]].agent.name, routing_confidence.features(self, ranked, 0, task_terms)

    def _ranked(self, task_terms: Sequence[str], head: frozenset[str] = frozenset(),
                roles: frozenset[str] = frozenset(), activity: Asked = NOTHING,
                sequence: Sequence[str] | None = None, senses: dict[str, bool] | None = None,
                sides: frozenset[str] = frozenset()) -> list[tuple[int, float]]:
        scores = self._scores(task_terms, head, roles, activity, sequence, senses, sides)
        # best first, ties by name: agents are indexed in name order and ``scores`` is in index order, so a stable
        # sort by score alone, descending, sorts as (-score, index) does, in C
        return sorted(scores.items(), key=operator.itemgetter(1), reverse=True)

    def rank(self, task: str, limit: int = 10) -> list[Alternative]:
        """The ``limit`` best agents for ``task``, best first, each with a confidence and a reason."""
        pairs = _task_words(task)
        task_terms = list(dict.fromkeys(term for _, term in pairs))
        surface = {}
        for word, term in pairs:
            surface.setdefault(term, word)
        ranked = self._ranked(task_terms, head_terms(task), asked_roles(task), asked_activity(task),
                              [term for _, term in pairs], other_senses(task), building_sides(task))
        results = []
        chore = is_chore(task)
        # The best RANK_WINDOW by score get a confidence whatever ``limit`` is and are ordered by it; any more asked
        # for (``agents recommend --top 20``) follow them in the order of their scores. So a shorter ranking
        # is always the start of a longer one: with a window of ``limit``, asking for more alternatives could name
        # another best agent (docs/decisions.md, "One best agent ...").
        for position, (index, score) in enumerate(ranked[:max(limit, RANK_WINDOW)]):
            features = routing_confidence.features(self, ranked, position, task_terms)
            confidence = routing_confidence.confidence(features, chore)
            results.append((confidence, self._entries[index].agent.name, index))
        results = sorted(results[:RANK_WINDOW], key=lambda result: (-result[0], result[1])) + results[RANK_WINDOW:]
        return [Alternative(name, confidence, reason(self, index, task_terms, surface))
                for confidence, name, index in results[:limit]]

    def copies(self, first: str, second: str) -> bool:
        """Whether agents ``first`` and ``second`` are copies of one agent (near-identical descriptions)."""
        return routing_confidence.copies(self._entries[self._index[first]], self._entries[self._index[second]])

    def recommend(self, task: str, top: int = 5) -> Recommendation:
        """The best agent for ``task`` if its confidence reaches the threshold, and ``top`` alternatives."""
        ranked = self.rank(task, limit=top + 1)
        if not ranked:
            return Recommendation(None, 0.0, "no agent's name, description or examples mention these words", [])
        best = ranked[0]
        if best.confidence >= self.threshold:
            return Recommendation(best.agent, best.confidence, best.reason, ranked[1 : top + 1])
        if is_chore(task):
            reason = (f"a small edit (a chore): no specialist needed (best: {best.agent} at {best.confidence:.2f}); "
                      "work directly")
        else:
            reason = f"no agent is a confident match (best: {best.agent} at {best.confidence:.2f}); work directly"
        return Recommendation(None, best.confidence, reason, ranked[:top])

    def recommend_llm(
        self, task: str, top: int = 5, *, client: Any = None, model: str = DEFAULT_LLM_MODEL
    ) -> Recommendation:
        """Like ``recommend``, but a model ranks the candidates: every agent, or the keyword router's best 10
        when there are more than 50 (see ``ralphy.agents.routing_llm``)."""
        from ralphy.agents.routing_llm import recommend_llm

        return recommend_llm(self, task, top, client=client, model=model)


# Names that moved to their own modules, still importable from here.
_MOVED = {
    "llm_rank": "ralphy.agents.routing_llm",
    "Selection": "ralphy.agents.selection",
    "select_for_prompt": "ralphy.agents.selection",
    "GroupMatch": "ralphy.agents.selection",
    "find_gaps": "ralphy.agents.selection",
    "stem": "ralphy.agents.terms",
    "STOPWORDS": "ralphy.agents.terms",
    "SYNONYMS": "ralphy.agents.terms",
    # the confidence's calibration: set them there (routing_confidence reads its own), read them from either
    "CALIBRATION": "ralphy.agents.routing_confidence",
    "CALIBRATION_BIAS": "ralphy.agents.routing_confidence",
    "NEAR_SHARE": "ralphy.agents.routing_confidence",
    "COPY_OVERLAP": "ralphy.agents.routing_confidence",
    "CHORE_DEMOTION": "ralphy.agents.routing_confidence",
}


__getattr__ = lazy_names(__name__, _MOVED)
