"""Why ``routing.Router`` ranks an agent for a task, in words: the task's words each field of the agent matches,
its example task closest to the task, and a ``notForTasks`` entry the task matches."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ralphy.agents.terms import terms

if TYPE_CHECKING:
    from ralphy.agents.routing import Router

# The routing fields (in routing.FIELD_WEIGHTS' order) as a reason names them.
FIELD_LABELS: dict[str, str] = {
    "name": "name",
    "keywords": "keywords",
    "examples": "example tasks",
    "description": "description",
    "context": "examples",
    "body": "instructions",
    "siblings": "the words of its role's other agents",  # said as _siblings_part words it
}


def reason(router: Router, index: int, task_terms: Sequence[str], surface: Mapping[str, str]) -> str:
    """Why agent ``index`` of ``router`` matches the task of ``task_terms`` (``surface``: term -> the task's word)."""
    entry = router._entries[index]
    by_field: dict[str, list[str]] = {}
    for term in task_terms:
        for name in FIELD_LABELS:
            if term in entry.fields[name]:
                words = by_field.setdefault(name, [])
                word = f"'{surface[term]}'"
                if word not in words:  # one word read as two terms ('OIDC': openid and oidc) is said once
                    words.append(word)
                break
    if set(by_field) - {"body", "siblings"}:
        by_field.pop("body", None)  # words of the instructions only matter when nothing else matched,
        by_field.pop("siblings", None)  # and so do those of the role's other agents
    parts = [f"matches {', '.join(words)} in {FIELD_LABELS[name]}" if name != "siblings"
             else _siblings_part(router.agents[index].name, words)
             for name in FIELD_LABELS if (words := by_field.get(name))]
    example = best_example(examples_of(router, index), task_terms)
    if example:
        parts.append(f"example task '{example}'")
    excluded = router._excluded(entry, task_terms)
    if excluded:
        parts.append(f"but it is not for '{excluded}'")
    return "; ".join(parts) if parts else "no matching words"


def _siblings_part(name: str, words: list[str]) -> str:
    """A match in the siblings field, said so a person can follow it: the words are not in the agent's own file,
    other public collections' agents of its role use them ("'bake'" for docker-expert: another collection's
    docker-expert says "Bake multi-target builds", Docker's Bake), and that is a weak reason."""
    from ralphy.agents.siblings import role_key

    role = role_key(name) or name
    them = "it" if len(words) == 1 else "them"
    return (f"{', '.join(words)} not in its own file; other public collections' {role} agents use {them} "
            "(a weak match)")


def examples_of(router: Router, index: int) -> tuple[tuple[str, frozenset[str]], ...]:
    """Agent ``index``'s example lines with their terms (worked out for the agents a reason is given for, and
    kept by the router)."""
    examples = router._example_terms.get(index)
    if examples is None:
        lines = router._entries[index].example_lines
        examples = router._example_terms[index] = tuple((line, frozenset(terms(line))) for line in lines)
    return examples


def best_example(examples: tuple[tuple[str, frozenset[str]], ...], task_terms: Sequence[str]) -> str | None:
    """The example line sharing the most terms with the task (the first of equals; None when none shares one)."""
    present = set(task_terms)
    best, best_hits = None, 0
    for line, line_terms in examples:
        hits = len(line_terms & present)
        if hits > best_hits:
            best, best_hits = line, hits
    return best
