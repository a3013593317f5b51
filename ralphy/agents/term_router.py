"""The ``Router`` selection ranks with when the user's terms cache (``ralphy.agents.term_cache``) holds this
project's catalog: built from the stored field lengths alone; a term's holders come from its stored posting
(a term no prompt asked for yet makes it read every agent's entry once); whole entries are read one by one,
for the few agents a ranking looks at closely (confidence, reason, copies). It ranks exactly as
``routing.Router`` over the same agents (tests/agents/test_term_cache.py)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from typing import Any

from ralphy.agents import routing, routing_fields
from ralphy.agents.spec import AgentSpec
from ralphy.agents.term_cache import FIELDS, TermCache, parse_entry, parse_json


def posting_of(router: routing.Router, term: str) -> list[tuple[int, ...]]:
    """(agent index, count of ``term`` in each field) for every agent of ``router`` holding it."""
    holders = router._holders(term)
    held = [router._counts[index] for index in holders]
    columns = ([per_field[column][1] for per_field in held] for column in range(len(FIELDS)))
    return list(zip(holders, *(map(dict.get, counts, repeat(term), repeat(0)) for counts in columns)))


class CachedEntries(Sequence[Any]):
    """``Router._entries`` read from the cache agent by agent, when a ranking looks at one."""

    def __init__(self, router: CachedRouter) -> None:
        self._router = router
        self._built: dict[int, routing_fields.Entry] = {}

    def __len__(self) -> int:
        return len(self._router.agents)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        if index < 0:
            index += len(self)
        entry = self._built.get(index)
        if entry is None:
            fields, lines = self._router.tokens(index)
            entry = self._built[index] = routing_fields.entry_of(self._router.agents[index], fields, lines)
        return entry


class CachedRouter(routing.Router):
    """A ``Router`` whose term counts come from the cache: a term's holders from ``postings`` when stored,
    else from every agent's entry (read once, then the plain router's way); whole entries one by one."""

    def __init__(self, agents: list[AgentSpec], cache: TermCache, lengths: list[list[int]]) -> None:
        self._cache = cache
        self._lengths = lengths
        self._full = False
        self.damaged = False  # an entry or a posting was not well-formed: the file is written anew
        self._tokens: dict[int, routing_fields.Tokens] = {}
        self._entry_data: dict[int, Any] = {}  # stored entries read at once by _prefetch, not yet parsed
        self.new_terms: list[str] = []  # asked for and not stored: saved after ranking
        super().__init__(agents)

    def _build(self) -> None:
        self._counts = [[(name, {}, length) for name, length in zip(FIELDS, row)] for row in self._lengths]
        self._entries = CachedEntries(self)  # type: ignore[assignment]
        self._finish_build()

    def tokens(self, index: int) -> routing_fields.Tokens:
        """Agent ``index``'s whole term counts and example lines (from its entry, else tokenised)."""
        tokens = self._tokens.get(index)
        if tokens is None:
            agent = self.agents[index]
            data = self._entry_data.pop(index, None)
            tokens = self._cache.entry(self._cache.keys[index]) if data is None else parse_entry(parse_json(data))
            if tokens is None:
                self.damaged = True  # every agent of the catalog has an entry in a file this module wrote
                tokens = routing_fields.fields_of(agent)
            else:
                self._cache.hits += 1
            self._tokens[index] = tokens
        return tokens

    def _prefetch(self) -> None:
        """Every entry's stored text at once (one query, not one per agent), for ``tokens``."""
        stored = self._cache.stored_entries()
        for index, key in enumerate(self._cache.keys):
            if index not in self._tokens and key in stored:
                self._entry_data[index] = stored[key]

    def _load_all(self) -> None:
        """Every agent's whole term counts in ``_counts`` (a term the cache has no posting for)."""
        if not self._full:
            self._full = True
            self._prefetch()
            self._counts = [[(name, self.tokens(index)[0][name], length) for name, _, length in per_field]
                            for index, per_field in enumerate(self._counts)]

    def _holders(self, term: str) -> list[int]:
        holders = self._agents_of.get(term)
        if holders is not None:
            return holders
        if not self._full:
            posting = self._cache.posting(term, len(self.agents))
            if posting is False:
                self.damaged = True
            elif posting is not None:
                holders = self._agents_of[term] = []
                for index, *counts in posting:
                    holders.append(index)
                    for (_, field_counts, _), count in zip(self._counts[index], counts):
                        if count:
                            field_counts[term] = count
                return holders
            self._load_all()
        self.new_terms.append(term)
        return super()._holders(term)

    def _terms_of_agent(self, index: int) -> Any:
        held = self._agent_terms.get(index)
        if held is None:
            held = self._agent_terms[index] = set().union(*self.tokens(index)[0].values())
        return held

    def _all_terms(self) -> list[Any]:
        self._load_all()
        return super()._all_terms()
