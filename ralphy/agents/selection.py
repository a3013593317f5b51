"""Which agents the dev prompt lists (all, or the most relevant when there are many), and which pending task
groups have no fitting agent (gaps)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ralphy.agents.routing import Router
from ralphy.agents.spec import AgentSpec

if TYPE_CHECKING:
    from ralphy.agents.term_cache import TermCache


@dataclass(frozen=True)
class Selection:
    """The agents to list in the dev prompt: all of them, or the most relevant when there are too many."""

    agents: list[AgentSpec]
    total: int
    selected_by_relevance: bool


# How much of each agent's body (its system prompt) prompt selection reads: none. Selection ranks on what Claude
# Code itself shows the model to choose a subagent with, the name and description (and ralphy's own frontmatter
# keys, keywords and exampleTasks): an agent whose fit is said only in its body would not be picked by the
# model from the list either. The body is most of the words (2,000 corpus agents: 58,000 words of names and
# descriptions, 480,000 in the bodies' first 2,000 characters), and tokenising them was most of a cold
# `ralphy prompt` with many agents. Selection recall on the train catalog sets (benchmarks/bench_selection.py)
# and the times before and after: docs/decisions.md.
SELECTION_BODY_CHARS = 0
# How many pending groups (the next ones, in file order) selection ranks agents for. The prompt is built again
# every iteration, so later groups get their agents when they come up; ranking all 250 groups of a long
# TASKS.md took about a second for ten names.
SELECTION_GROUPS = 30


def _for_selection(agent: AgentSpec) -> AgentSpec:
    """``agent`` with its body cut to its opening ``SELECTION_BODY_CHARS`` characters (at a space)."""
    body = agent.body or ""
    if len(body) <= SELECTION_BODY_CHARS:
        return agent
    head = body[:SELECTION_BODY_CHARS]
    cut = max(head.rfind(" "), head.rfind("\n"))
    # positional, as dataclasses.replace costs ten times more (2,000 agents)
    return AgentSpec(agent.name, agent.description, agent.path, agent.scope, agent.tools, agent.disallowed_tools,
                     agent.model, head[:cut] if cut > 0 else head, agent.metadata)


def _group_query(group: str, titles: Sequence[str]) -> str:
    return "\n".join([group, *titles])


def select_for_prompt(
    agents: Iterable[AgentSpec], task_groups: Mapping[str, Sequence[str]], *, threshold: int = 20, limit: int = 10,
    cache: TermCache | None = None,
) -> Selection:
    """All ``agents`` when there are at most ``threshold``; otherwise the ``limit`` most relevant to the
    pending ``task_groups`` (group -> task titles): each group's best agent first, in group order, then
    the best remaining candidates of all groups by confidence. Agents matching no word, and copies of an
    agent already chosen (the same description under another name), are left out. ``cache``: where the
    agents' routing terms are kept between runs (``ralphy.agents.term_cache``; the selection is the same)."""
    agents = list(agents)
    if len(agents) <= threshold:
        return Selection(agents, len(agents), False)
    cut = [_for_selection(agent) for agent in agents]
    router = Router(cut) if cache is None else cache.router(cut)
    try:
        return _select(agents, task_groups, router, limit)
    finally:
        if cache is not None:
            cache.save(router)  # what the cache lacked (the terms these groups asked for first)


def _select(agents: list[AgentSpec], task_groups: Mapping[str, Sequence[str]], router: Router, limit: int) -> Selection:
    by_name = {agent.name: agent for agent in agents}
    chosen: list[str] = []

    def take(name: str) -> None:
        if len(chosen) < limit and not any(name == other or router.copies(name, other) for other in chosen):
            chosen.append(name)

    # Groups are ranked in order only until their best agents fill the list: the later groups' rankings could
    # change nothing then (250 pending groups took most of a second to rank, for ten names).
    rankings = []
    for position, (group, titles) in enumerate(task_groups.items()):
        if len(chosen) >= limit or position >= SELECTION_GROUPS:
            break
        ranking = router.rank(_group_query(group, titles), limit=limit)
        rankings.append(ranking)
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
