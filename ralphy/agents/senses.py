"""A word of an agent's name or description used in another sense (issue 15, sense17).

"Chart a year of sales by region" asks for a chart; "sales" is what is counted, not the sales engineer's work, yet
an agent's name weighs a word whatever its rarity, so the word recommended ``sales-engineer``. words16
(``ralphy.agents.everyday``) read technology names that are English words ("go", "spring"); this module reads the
other words of agents' names, and a few of their descriptions', the same way: by the sense the task gives them.

**The names' nouns** (``NAME_NOUNS``): counted from the names of the five collections' agents
(``tests/data/agent-corpus``), the words that name a trade by what a business deals in (sales-engineer,
market-researcher, content-marketer, customer-success-manager, product-manager, business-analyst, risk-manager,
trend-analyst, search-specialist, game-developer, ...). Such a word is the role's work when it is what the task asks
for or the head of it ("prepare the sales demo", "a sales proposal", "research the market"); it is only data, or the
name of something else, when the task says it

- as what a table or a file holds: before a noun of records ("the sales CSV", "sales figures", "market data",
  "the customer totals"; ``_RECORDS``);
- as what is counted over a span or an amount: after "a year of", "ten years of", "millions of" (``_SPANS``);
- as what is broken down: before "by" or "per" and a dimension ("sales by region", "searches per day");
- as the name of a directory object: before OU, group, mailbox, share, folder, drive ("the Sales OU").

Every occurrence of the word must be of these for the word to lose its sense; an agent whose *name* holds the word
then loses the word's weight (``routing.Router``), while an agent whose description uses it keeps it (a data
analyst's "sales data").

**A name's verb without its object** (``BROAD_VERBS``): a few names are an activity and what it is done to
(assumption-mapping, threat-modeling-expert, performance-monitor, backlog-grooming, seo-content-refresher,
social-publishing-publisher, eval-judge, first-principles-thinking, prompt-crafter), and the activity is a verb of
everyday breadth: people map a share to a drive, model tables, monitor prices, groom dogs, refresh a token, publish a
package, judge a contest. When the task says the verb and none of the name's other words, the
agent's name does not count it (``named_activity``); its description still does.

**The descriptions' words** (``_DESCRIPTION_SENSES``): a few words carry an agent's match from its description in
one sense and are common in tasks in another: a deadline of milliseconds is a real-time constraint, not the task
distributor's deadlines; a smart meter or thermostat is a device, not a smart contract; an ISO week or date is a
format, not an ISO standard to comply with. In those senses the word is scored for no agent.

Written from the corpus's names and from English, before the train misses were read for them; each rule is a kind of
use, not one task's words.
"""

from __future__ import annotations

import functools
import re

from ralphy.agents.terms import name_text, terms, word_terms

# Nouns of the corpus's agent names that name a trade by what a business deals in (as written, lower case).
NAME_NOUNS = frozenset(
    """sales sale market markets marketing content customer customers product products business growth trend trends risk
    risks search searches email emails game games payment payments pay support social legal knowledge quality health
    receipt receipts event events session sessions""".split())
_RECORDS = (r"csvs?|spreadsheets?|sheets?|xlsx|workbooks?|figures|numbers|totals|exports?|rows|columns?|records|"
            r"datasets?|data|dumps?|tables?|stats|statistics|history|volumes?|counts|ledgers?|logs?|feeds?|extracts?")
_SPANS = (r"years?|months?|weeks?|days?|quarters?|decades?|seasons?|hours?|rows|millions|thousands|hundreds|"
          r"[gtmk]b|gigabytes|terabytes|archives?|backlog|history")
_DIMENSIONS = (r"regions?|countr(?:y|ies)|months?|weeks?|days?|hours?|quarters?|years?|stores?|shops?|branch(?:es)?|"
               r"products?|channels?|categor(?:y|ies)|segments?|teams?|cit(?:y|ies)|states?|reps?|customers?|"
               r"platforms?|sources?|plans?|cohorts?|warehouses?|skus?|locations?|sites?|users?|accounts?")
_DIRECTORY = r"ous?|groups?|mailbox(?:es)?|shares?|folders?|drives?|sharepoint|distribution lists?"
_AFTER = re.compile(r" (?:[\w'-]+ )?(?:" + _RECORDS + r")\b|(?: [\w'-]+)? (?:by|per) (?:the |each |every )?(?:"
                    + _DIMENSIONS + r")\b| (?:" + _DIRECTORY + r")\b")
_BEFORE = re.compile(r"\b(?:" + _SPANS + r") of (?:[\w'-]+ ){0,2}\Z|"
                     r"\b(?:cach(?:e|es|ed|ing)|counts?|count(?:ed|ing)|sum(?:s|med)?|tally|aggregat(?:e|es|ed|ing)|"
                     r"charts?|chart(?:ed|ing)|plots?|plott(?:ed|ing)|dedupe|deduplicate|archive|backfill|"
                     r"(?:import|export)(?:s|ed|ing)?) (?:(?:the|all|our|each|every|their|its|[\w-]+'s) )?"
                     r"(?:[\w-]+ )?\Z")
# Nouns of people that the word before them names a group of: "the platform team", "the research agents".
_PEOPLE = re.compile(r"[ -](?:teams?|agents|subagents|departments?|staff|squads?|guilds?|crews?|folks)\b")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
# Work divided among agents or people: what is divided is not the work asked for ("Split the audit of the billing
# code among our agents": the agents' organiser's, not the auditor's).
_DIVIDED = re.compile(r"\b(?:split|divide|distribute|spread|share out|parcel out|hand out|allocate|assign)(?:s|ed|ing)? "
                      r"([^.;:!?\n]{1,60}?) (?:among|between|across|over|to|into (?:[\w-]+ ){0,2}for) (?:our |the |\d+ |"
                      r"several |all |these |those |my )?(?:[\w-]+ )?(?:agents|subagents|sub-agents|workers|bots|"
                      r"teammates)\b", re.IGNORECASE)
# Verbs of everyday breadth that some agents' names end with, after what they are done to (as written).
BROAD_VERBS = frozenset("map mapping model modeling modelling monitor groom grooming think thinking judge refresh "
                        "refresher publish publisher craft crafter".split())
_LOOK_BACK = 48
MAX_WORDS = 4096  # words looked at in one task (a task file's line is not a book)
MAX_DIVIDED = 16  # pieces of work divided among agents looked at in one task

_UNITS = r"(?:ns|µs|us|ms|nanoseconds?|microseconds?|milliseconds?)"
_DESCRIPTION_SENSES: dict[str, re.Pattern[str]] = {
    # a real-time constraint, not the deadlines of work handed out (task-distributor)
    # (a word between the unit and "deadline" is at most 32 characters: with no bound "deadline " + "2ms-" x 2,500
    # took five minutes, each "2ms" reading the rest of the run once for each split of it; r17a)
    "deadline": re.compile(r"\b\d+(?:[.,]\d+)?[ -]?" + _UNITS + r"(?:[ -][\w-]{1,32}){0,2}?[ -]deadlines?\b|"
                           r"\bdeadlines? of (?:under |below |about |at most |less than )?\d+(?:[.,]\d+)?[ -]?"
                           + _UNITS + r"\b|\breal[- ]time deadlines?\b"),
    # a device, not a smart contract (blockchain-developer)
    "smart": re.compile(r"\bsmart[ -](?:meters?|plugs?|homes?|thermostats?|lights?|bulbs?|locks?|watch(?:es)?|"
                        r"speakers?|cards?|devices?|sensors?|tvs?|fridges?|grids?|buildings?|cit(?:y|ies)|doorbells?|"
                        r"cameras?|rings?|glasses)\b"),
    # a format, not an ISO standard to comply with (compliance-auditor)
    "iso": re.compile(r"\biso[ -]?(?:8601|3166|4217|639|weeks?|dates?|datetimes?|timestamps?|formats?|years?|"
                      r"calendar|country|currency|language)\b"),
}
_DESCRIPTION_ALL = {word: re.compile(r"\b" + word + r"\w*") for word in _DESCRIPTION_SENSES}


@functools.lru_cache(maxsize=4096)
def other_senses(task: str) -> dict[str, bool]:
    """The terms ``task`` uses only in another sense than an agent's: term -> True when only the agents whose name
    holds the term lose it (a name's noun used as data), False when every agent does (a description's word in
    another sense). Empty for most tasks."""
    found: dict[str, bool] = {}
    role: set[str] = set()
    other: set[str] = set()
    nouns = _noun_terms()
    divided = [match.span(1) for _, match in zip(range(MAX_DIVIDED), _DIVIDED.finditer(task))]
    for count, match in enumerate(_WORD.finditer(task)):
        if count >= MAX_WORDS:
            break
        word = match.group().lower()
        term = _term(word)
        if term is None:
            continue
        if (_PEOPLE.match(task, match.end()) or term in nouns and _as_data(task, match) or word == "window"
                or any(start <= match.start() < end for start, end in divided)):
            other.add(term)
        else:
            role.add(term)
    found.update(dict.fromkeys(other - role, True))
    lowered = task.lower()
    for word, pattern in _DESCRIPTION_SENSES.items():
        if word in lowered and pattern.search(lowered):
            said = len(_DESCRIPTION_ALL[word].findall(lowered))
            if said == len(pattern.findall(lowered)):  # every time it is said, in the other sense
                found.update(dict.fromkeys(terms(word), False))
    return found


def _as_data(task: str, match: re.Match[str]) -> bool:
    """Whether this occurrence of a name's noun is data or a name in the task (see the module's rules)."""
    start, end = match.span()
    if _in_compound(task, start, end):
        return True
    after = task[end:end + 64].lower()
    if _AFTER.match(after):
        return True
    before = task[max(0, start - _LOOK_BACK):start].lower()
    return bool(_BEFORE.search(before))


def _in_compound(task: str, start: int, end: int) -> bool:
    """Whether the word at ``start:end`` is one of a compound of three words or more joined by hyphens
    ("buy-now-pay-later", "order-then-pay"): the compound is one word, the modifier of what follows it."""
    left = task[max(0, start - 40):start].split()[-1:] or [""]
    right = task[end:end + 40].split()[:1] or [""]
    joined = left[0] if left[0].endswith("-") and task[start - 1:start] == "-" else ""
    joined += task[start:end] + (right[0] if right[0].startswith("-") else "")
    return joined.count("-") >= 2


def _term(word: str) -> str | None:
    found = word_terms(word)
    return found[0] if found else None


@functools.lru_cache(maxsize=1)
def _noun_terms() -> frozenset[str]:
    return frozenset(term for word in NAME_NOUNS for term in terms(word))


@functools.lru_cache(maxsize=1)
def _broad_terms() -> frozenset[str]:
    return frozenset(term for word in BROAD_VERBS for term in terms(word))


@functools.lru_cache(maxsize=16384)
def named_activity(name: str) -> tuple[str, frozenset[str]] | None:
    """(the broad verb an agent's name ends with, the name's other terms: what it is done to), or None."""
    found = terms(name_text(name))
    if len(found) < 2 or found[-1] not in _broad_terms():
        return None
    return found[-1], frozenset(found[:-1]) - {found[-1]}


def broad_terms() -> frozenset[str]:
    """The terms of ``BROAD_VERBS``."""
    return _broad_terms()
