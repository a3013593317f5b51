"""Is an agent the team's one agent for the field of a technology the task names? A confidence signal (issue 15).

A person routing "Flag transfers over 10,000 EUR for AML review" on a team with one fintech-engineer is sure at
once: AML is fintech work (``ralphy.agents.technologies``), and the fintech engineer is the only agent whose name says
so. The lexical score does not show it: the task's words ("transfers", "AML", "review") are in few of the agent's
fields, so the best-ranked agent was right but under the threshold (0.49). ``sole_field_agent`` gives the
calibration that signal as one feature (``routing_confidence.CALIBRATION``'s seventh, fitted like the rest by
``benchmarks/bench_routing.py --fit``): 1.0 when the agent's name or keywords hold a term of the field of a
technology the task names and no other agent's name does (copies of the agent aside; a generic name word such as
"engineer" is no term of a field), else 0.0. Where two agents
of another kind are named for the field ("graphql-expert" and "graphql-architect"), the existing leads say how far
ahead the best one is; this feature is about a team with one owner of the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set

from ralphy.agents.roles import default_lexicon
from ralphy.agents.technologies import field_terms


def sole_field_agent(task_terms: Sequence[str], index: int, names: Mapping[str, Sequence[int]],
                     own: Sequence[Set[str]], copy_of: Callable[[int], bool]) -> float:
    """1.0 when agent ``index`` is the one agent for the field of a technology in ``task_terms`` (see the module):
    ``names`` maps a name term to the agents whose name holds it, ``own`` are the agent's name and keyword terms,
    and ``copy_of(other)`` says whether agent ``other`` is a copy of it."""
    generic = default_lexicon().generic  # "engineering" in a field's words is every "-engineer"'s name word
    for _, words in field_terms(tuple(task_terms)):
        field = set(words) - generic
        if all(held.isdisjoint(field) for held in own):
            continue
        holders = {other for term in field for other in names.get(term, ())}
        if all(other == index or copy_of(other) for other in holders):
            return 1.0
    return 0.0
