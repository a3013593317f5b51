"""Multi-word terms of the trades: their words are read as the term, not one by one (issue 15, rank15).

"An AWS landing zone" is a cloud architect's, not the landing page copywriter's; "the Visual Basic 6 app" is
legacy code, not a visual asset; "the sales cube" an OLAP cube of a data team, not a sales engineer's;
"next quarter's demand" has nothing of Next.js; "the inner loop" of development is no growth loop. Each word of
such a term, scored alone, finds an agent whose name or description holds that one word in its own sense. So a
word of a term the task says is scored only in the agents whose text holds every word of the term
(``Router._scores``): an agent that knows "landing" and "zone" keeps both, the copywriter who knows only
"landing" gets neither. A word the task also says outside the term is scored as usual.

``PHRASES`` lists terms, written by hand from general knowledge of what software, data, infrastructure, finance,
game, product and business people call things (the words of their trades, in their own documentation): terms whose
words are each also the word of another job or an ordinary English word. Written after voltagent_train3's misses
were read and sorted by cause (docs/decisions.md, rank15): some of its terms are those misses' ("landing zone",
"sales cube", "Visual Basic", "order book", "inner loop", "next quarter"), so that set's figure after it is no first
read; the rest are the same kind from every trade, beyond the missed tasks'. Only terms that mean something other
than their words do: "sales data" or "test plan" are what their words say, and binding their words would take them
from the agents that hold one. Every multi-word entry of the technology table (``technologies.FIELDS``) is such a
term too, and is read the same way.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ralphy.agents.terms import WORD, stem, terms

# Comma-separated terms by trade; each matches only as its words in a row (their terms: stemmed, stopwords left out).
PHRASES: tuple[str, ...] = (
    # cloud, infrastructure, networks
    "landing zone, landing zones, availability zone, availability zones, hosted zone, dns zone, time zone, "
    "time zones, control plane, data plane, node pool, node drain, spot instance, spot instances, cold start, "
    "cold starts, warm pool, security group, security groups, route table, route tables, internet gateway, "
    "private link, service principal, managed identity, resource group, resource groups, storage account, "
    "health check, health checks, rolling update, rolling restart, hot standby, bare metal, edge location, "
    "service account, service accounts, cron job, cron jobs, dead letter, circuit breaker, connection pool, "
    "thread pool, worker pool, blue green",
    # development, delivery, version control
    "inner loop, outer loop, dev loop, feedback loop, hot reload, live reload, dev server, dev servers, "
    "feature flag, feature flags, feature toggle, happy path, golden path, code owners, merge request, "
    "merge requests, pull request, pull requests, release train, code freeze, tech debt, technical debt, "
    "code smell, code smells, god class, god object, pair programming, dry run, happy hour",
    # languages and old platforms
    "visual basic, classic asp, objective c, common lisp, assembly language, lotus notes, web forms, cold fusion, "
    "ms access, access database",
    # web and content
    "open graph, meta tag, meta tags, social card, social cards, landing page, landing pages, home page, "
    "style sheet, style sheets, dark mode, light mode, empty state, empty states, skeleton screen, "
    "infinite scroll, date picker, drop down, tool tip, call to action, above the fold, core web vitals, "
    "page speed, cookie banner, sign up, sign in, log in, log out",
    # data, analytics, machine learning
    "sales cube, olap cube, data cube, star schema, snowflake schema, fact table, fact tables, dimension table, "
    "dimension tables, data mart, data marts, data lake, data contract, data contracts, data lineage, "
    "point of sale, churn model, churn prediction, propensity model, feature store, model registry, "
    "model card, confusion matrix, weekly active, daily active, monthly active, conversion rate, bounce rate, "
    "click through, click-through rate, retrieved passages, retrieved chunks, grounded answers",
    # money, trading, business
    "order book, order books, price tick, price ticks, tick data, limit order, limit orders, market order, "
    "market maker, yield curve, balance sheet, cash flow, profit and loss, general ledger, chart of accounts, "
    "accounts payable, accounts receivable, sales tax, sales pipeline, sales funnel, unit economics, "
    "next quarter, next month, next week, next year, next sprint, next release, next step, next steps, "
    "next version, next time, last quarter, this quarter, per quarter, board meeting, board deck, "
    "press release, gift card, gift cards, loyalty program, shopping cart, return policy",
    # games and media
    "split screen, split-screen, co-op, local co-op, level select, boss fight, game pad, save game, save file, "
    "save slot, save slots, hit box, sprite sheet, tile map, character controller, skill tree, loot box, "
    "game jam, asset bundle, asset bundles, voice over, voice-over",
    # architecture and systems
    "service boundary, service boundaries, bounded context, bounded contexts, event contract, event contracts, "
    "domain event, domain events, event storming, source of truth, single point of failure, blast radius, "
    "back pressure, fan out, fan-out, eventual consistency, unit of work, value object, aggregate root, "
    "breaking change, breaking changes",
    # security and identity
    "access token, access tokens, refresh token, refresh tokens, deploy key, deploy keys, signing key, "
    "signing keys, root account, root user, admin panel, admin console, attack surface, trust boundary, "
    "least privilege, computer accounts, computer account, guest account, guest accounts",
    # people, process, support
    "on call, on-call, office hours, help desk, service desk, stand up, stand-up, sprint review, user story, "
    "user stories, team lead, tech lead, lead time, cycle time, follow up, follow-up, hand off, hand-off",
)


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]]:
    """First term of a term of several words -> (its terms in a row, the terms its written words are), for
    ``PHRASES`` and the technology table's multi-word entries."""
    from ralphy.agents.technologies import FIELDS, entry_terms

    written = [text for group in PHRASES for text in group.split(",")]
    written += [entry for _, entries in FIELDS for entry in entries.split(",")]
    table: dict[str, set[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    for text in written:
        sequence = entry_terms(text)
        own = _own_terms(text)
        # several words written, not one word a synonym turns into two terms ("csrf" -> csrf, security)
        if sequence is not None and len(own) > 1:
            table.setdefault(sequence[0], set()).add((sequence, own))
    return {first: tuple(sorted(found, key=lambda pair: (-len(pair[0]), pair))) for first, found in table.items()}


def _own_terms(text: str) -> tuple[str, ...]:
    """The terms of ``text``'s own words: a synonym's added meaning left out ("sql injection" is sql and injection,
    not security, which "injection" also stands for)."""
    own: list[str] = []
    for word in WORD.findall(text.lower()):
        found = terms(word)
        if len(found) > 1:
            found = [term for term in found if term == stem(word)] or found[:1]
        own.extend(term for term in found if term not in own)
    return tuple(own)


@functools.lru_cache(maxsize=4096)
def phrases_in(sequence: Sequence[str]) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """The terms of several words that ``sequence`` (a task's terms, in order, repeats kept) says: each as (its terms
    in a row, its own words' terms); sorted, so what follows from them is the same on every run."""
    table = _table()
    found: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for position, term in enumerate(sequence):
        for phrase, own in table.get(term, ()):
            if tuple(sequence[position:position + len(phrase)]) == phrase:
                found.add((phrase, own))
    return tuple(sorted(found))


def bound_terms(sequence: Sequence[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Term -> the terms of several words it is part of in ``sequence`` (each as its own words' terms), for the terms
    of their own words that ``sequence`` says only inside such terms ("land" in "an AWS landing zone", unless the task
    also says "landing" alone)."""
    phrases = phrases_in(tuple(sequence))
    if not phrases:
        return {}
    inside = [False] * len(sequence)
    for position in range(len(sequence)):
        for phrase, _ in phrases:
            if tuple(sequence[position:position + len(phrase)]) == phrase:
                for offset in range(len(phrase)):
                    inside[position + offset] = True
    alone = {term for term, bound in zip(sequence, inside) if not bound}
    bound: dict[str, tuple[tuple[str, ...], ...]] = {}
    for _, own in phrases:
        for term in own:
            if term not in alone:
                bound[term] = (*bound.get(term, ()), own)
    return bound
