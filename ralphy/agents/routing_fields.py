"""What routing reads of one agent: its fields' term counts (name, keywords, example tasks, description, example
context, body) and its example lines, remembered by the text they come from.

This is the part of routing that the user's term cache (``ralphy.agents.term_cache``) stores and hashes: it changes
with the tokenising, not with the scoring (``ralphy.agents.routing``)."""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass

from ralphy.agents.siblings import sibling_counts
from ralphy.agents.spec import AgentSpec
from ralphy.agents.terms import as_texts, name_text, split_examples, term_counts, terms


@dataclass(frozen=True)
class Entry:
    """What the catalog keeps about one agent."""

    agent: AgentSpec
    fields: dict[str, Set[str]]  # field -> its terms (the keys of its term counts)
    example_lines: tuple[str, ...]  # user lines and exampleTasks (their terms: Router._example_terms)
    not_for: tuple[tuple[str, frozenset[str]], ...]  # notForTasks entries with their terms
    fingerprint: Set[str]  # description terms, to tell near-duplicate agents apart


# The routing fields of one agent: each field's term counts (in FIELD_WEIGHTS order), and its example lines.
Tokens = tuple[dict[str, dict[str, int]], list[str]]
FIELDS_CACHE: dict[tuple[str, ...], Tokens] = {}
FIELDS_CACHE_SIZE = 4096


def fields_key(agent: AgentSpec) -> tuple[str, ...]:
    """What an agent's routing fields are computed from (``tokenise`` reads nothing else)."""
    return (agent.name, agent.description or "", agent.body or "", repr(agent.metadata.get("keywords")),
            repr(agent.metadata.get("exampleTasks")))


def fields_of(agent: AgentSpec) -> Tokens:
    """The tokenised fields of ``agent`` and its example lines (text), remembered by the text they come from,
    so routers built again over the same agent files (a long-lived MCP server, a benchmark, ``ralphy dev``'s
    next prompt) skip the work. ``ralphy.agents.term_cache`` fills this from the user's cache."""
    key = fields_key(agent)
    cached = FIELDS_CACHE.get(key)
    if cached is None:
        if len(FIELDS_CACHE) >= FIELDS_CACHE_SIZE:
            FIELDS_CACHE.clear()
        cached = FIELDS_CACHE[key] = tokenise(agent)
    return cached


def tokenise(agent: AgentSpec, siblings: bool = True) -> Tokens:
    """Each field's term counts (``term_counts``: the same as counting ``terms`` of the field's texts); the siblings
    field is empty when ``siblings`` is false (how the siblings table itself is built)."""
    main, users, rest = split_examples(agent.description or "")
    example_lines = users + as_texts(agent.metadata.get("exampleTasks"))
    fields = {
        "name": term_counts(name_text(agent.name)),
        "keywords": term_counts(*as_texts(agent.metadata.get("keywords"))),
        "examples": term_counts(*example_lines),
        "description": term_counts(main),
        "context": term_counts(rest),
        "body": term_counts(agent.body or ""),
        "siblings": sibling_counts(agent.name, agent.description or "") if siblings else {},
    }
    return fields, example_lines


def entry_of(agent: AgentSpec, fields: dict[str, dict[str, int]], example_lines: Sequence[str]) -> Entry:
    return Entry(
        agent=agent,
        fields={name: counts.keys() for name, counts in fields.items()},
        example_lines=tuple(example_lines),
        not_for=tuple((text, frozenset(terms(text))) for text in as_texts(agent.metadata.get("notForTasks"))),
        fingerprint=fields["description"].keys(),
    )
