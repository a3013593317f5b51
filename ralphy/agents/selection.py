"""Which agents the dev prompt lists (all, or the most relevant when there are many), and which pending task
groups have no fitting agent (gaps)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ralphy.agents.routing import Router
from ralphy.agents.spec import AgentSpec


@dataclass(frozen=True)
class Selection:
    """The agents to list in the dev prompt: all of them, or the most relevant when there are too many."""

    agents: list[AgentSpec]
    total: int
    selected_by_relevance: bool


def _group_query(group: str, titles: Sequence[str]) -> str:
    return "\n".join([group, *titles])


def select_for_prompt(
    agents: Iterable[AgentSpec], task_groups: Mapping[str, Sequence[str]], *, threshold: int = 20, limit: int = 10
) -> Selection:
    """All ``agents`` when there are at most ``threshold``; otherwise the ``limit`` most relevant to the
    pending ``task_groups`` (group -> task titles): each group's best agent first, in group order, then
    the best remaining candidates of all groups by confidence. Agents matching no word, and copies of an
    agent already chosen (the same description under another name), are left out."""
    agents = list(agents)
    if len(agents) <= threshold:
        return Selection(agents, len(agents), False)
    router = Router(agents)
    by_name = {agent.name: agent for agent in agents}
    rankings = [router.rank(_group_query(group, titles), limit=limit) for group, titles in task_groups.items()]
    chosen: list[str] = []

    def take(name: str) -> None:
        if len(chosen) < limit and not any(name == other or router.copies(name, other) for other in chosen):
            chosen.append(name)

    for ranking in rankings:
        if ranking:
            take(ranking[0].agent)
    for alternative in sorted((a for ranking in rankings for a in ranking), key=lambda a: (-a.confidence, a.agent)):
        take(alternative.agent)
    return Selection([by_name[name] for name in chosen], len(agents), True)


@dataclass(frozen=True)
class GroupMatch:
    """The best agent for one pending task group, or ``None`` (a gap: no agent fits, work directly)."""

    group: str
    tasks: list[str]
    recommended: str | None
    confidence: float
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "group": self.group,
            "tasks": list(self.tasks),
            "recommended": self.recommended,
            "confidence": self.confidence,
            "reason": self.reason,
        }


def find_gaps(router: Router, groups: Mapping[str, Sequence[str]]) -> list[GroupMatch]:
    """For each task group (group -> task titles), in order, its recommended agent or a gap."""
    matches = []
    for group, titles in groups.items():
        recommendation = router.recommend(_group_query(group, titles), top=1)
        matches.append(
            GroupMatch(group, list(titles), recommendation.recommended, recommendation.confidence, recommendation.reason)
        )
    return matches
