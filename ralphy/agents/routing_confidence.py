"""How sure ``routing.Router`` is of an agent: a calibrated probability that it is the right one for a task.

The confidence is a logistic model of features of the agent's place in the ranking (its score, its lead over the
best agent of another kind and over the next one, the share of the task's informative words it matches, ...:
``CALIBRATION``), fitted by ``benchmarks/bench_routing.py --fit`` on the train sets, so that 0.6 is right about
60% of the time on 5 agents as on 500. ``Router`` recommends no agent under ``DEFAULT_THRESHOLD``.
"""
from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ralphy.agents.field_owner import sole_field_agent
from ralphy.agents.routing_fields import Entry

if TYPE_CHECKING:
    from ralphy.agents.routing import Router

DEFAULT_THRESHOLD = 0.50  # confidences are calibrated probabilities: recommend when more likely right than not

# Confidence calibration: P(the agent is the right one) = sigmoid(CALIBRATION . features + CALIBRATION_BIAS), with
# features (log(1 + score), lead over the best agent of another kind, lead over the next agent, coverage of the
# task's informative words, share of the agents matching any word of the task: a task outside what the team
# does touches few of them, log(1 + the other agents scoring at least NEAR_SHARE of it): a crowd of near equals
# is less telling than one clear match; and 1.0 when the agent is the team's one agent for the field of a technology
# the task names, else 0.0: ralphy.agents.field_owner). Fitted by `benchmarks/bench_routing.py --fit` on main
# 36e9dcc's ranking and eleven train sets (1,344 tasks), no held-out one; the refit on the thirteen sets of FIT_SETS
# now was measured and declined (bench_routing.DECLINED_FIT). The same command checks DEFAULT_THRESHOLD on the train
# projects.
CALIBRATION: tuple[float, ...] = (1.506, 0.212, 0.212, 0.774, 0.634, -0.398, 0.112)
CALIBRATION_BIAS = -2.952
NEAR_SHARE = 0.5
# A chore (ralphy.agents.chores: a small edit named by its object, "Change the 404 page's heading", "Raise the Node
# version in .nvmrc") needs no specialist: its log-odds are lowered by this much (0.98 -> 0.27, 0.995 -> 0.58), so an
# agent is recommended for one only when it is an all but certain match.
CHORE_DEMOTION = 5.0
COPY_OVERLAP = 0.6  # description word overlap (Jaccard) from which two agents are copies of one another


def copies(first: Entry, second: Entry) -> bool:
    """Whether two agents are copies of one agent (near-identical descriptions: ``COPY_OVERLAP``)."""
    common = len(first.fingerprint & second.fingerprint)  # the union's size is counted, not built
    return common / max(len(first.fingerprint) + len(second.fingerprint) - common, 1) >= COPY_OVERLAP


def confidence(features: Sequence[float], chore: bool = False) -> float:
    """The calibrated probability that an agent with these ``features`` is the right one (its log-odds lowered
    by ``CHORE_DEMOTION`` for a ``chore``)."""
    demotion = CHORE_DEMOTION if chore else 0.0
    logit = CALIBRATION_BIAS - demotion + sum(weight * value for weight, value in zip(CALIBRATION, features))
    return round(1 / (1 + math.exp(-max(-50.0, min(50.0, logit)))), 3)


def _negated_score(pair: tuple[int, float]) -> float:
    return -pair[1]


def features(router: Router, ranked: list[tuple[int, float]], position: int, task_terms: Sequence[str]
             ) -> tuple[float, ...]:
    """What the confidence of the agent at ``position`` of ``router``'s ``ranked`` is computed from (see
    ``CALIBRATION``)."""
    index, score = ranked[position]
    if score <= 0:
        return (0.0, -1.0, -1.0, 0.0, 0.0, 0.0, 0.0)
    rival = rival_score(router, ranked, position, task_terms)
    entries = router._entries
    entry = entries[index]
    other = next((s for i, s in ranked if i != index and not copies(entry, entries[i])), 0.0)
    # ranked is best first: the agents scoring at least NEAR_SHARE of this one are a prefix of it
    near = bisect.bisect_right(ranked, -NEAR_SHARE * score, key=_negated_score) - 1
    owner = sole_field_agent(task_terms, index, router._name_index(), (entry.fields["name"], entry.fields["keywords"]),
                             lambda other: copies(entry, entries[other]))
    return (math.log1p(score), (score - rival) / score, (score - other) / score, coverage(router, task_terms, index),
            len(ranked) / len(entries), math.log1p(near), owner)


def coverage(router: Router, task_terms: Sequence[str], index: int) -> float:
    """The share of the task's informative weight (idf) that agent ``index`` matches."""
    matched = router._terms_of_agent(index)
    idfs = [(term, router._term_idf(term)) for term in task_terms]
    total = sum(router._unknown_idf if idf is None else idf for _, idf in idfs)
    hit = sum(idf for term, idf in idfs if idf is not None and term in matched)
    return hit / total if total else 0.0


def rival_score(router: Router, ranked: list[tuple[int, float]], position: int, task_terms: Sequence[str]) -> float:
    """The best score of an agent of another kind than the one at ``position``.

    Agents of the same kind are no rivals: copies of one agent (near-identical descriptions) and agents
    whose names share a word of the task ("fastapi-expert" and "fastapi-developer" for a FastAPI task).
    """
    entries = router._entries
    entry = entries[ranked[position][0]]
    named = set(task_terms).intersection(entry.fields["name"])
    for index, score in ranked:
        other = entries[index]
        if index == ranked[position][0] or not named.isdisjoint(other.fields["name"]):
            continue
        if not copies(entry, other):
            return score
    return 0.0
