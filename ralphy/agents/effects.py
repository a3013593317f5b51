"""Work asked for by what it does, none of its role's words said (issue 15, rank15).

People who do not know the agents' words ask for a role by its effect: "Watch five people file an expense and note
where they hesitate" is usability research, "Checkout is down - lead the response" incident response, "Try to reach
another tenant's data from a normal account" security testing, "Untangle the handlers and keep behaviour" a
refactoring, "the checks the on-call does by hand every Monday" an SRE's toil, "customers unlikely to renew" customer
success. ``EFFECTS`` writes the phrases of each down, by activity (``activities.ACTIVITY_ROLES``' names), from what
those people do and say about their own work (a usability study watches people and notes where they struggle; an
incident lead restores service; a penetration test tries to reach what an account should not), not from a list of
routing misses: voltagent_train3's misses (docs/decisions.md, rank15) showed which activities are asked this way,
and each activity's phrases go beyond the missed task's words.

``activities.asked_activity`` asks ``effects_in`` which activities a task's text asks for this way and treats them as
if the task had named the activity: the role's agents are lifted, and its words scored with the task's.
"""

from __future__ import annotations

import re

_PEOPLE = r"(?:users?|customers?|people|participants|testers|staff|members|employees|visitors|shoppers|patients|" \
          r"students|clients|drivers|nurses|doctors|teachers|accountants|admins|[a-z]+(?:ers|ants|ists))"

EFFECTS: dict[str, re.Pattern[str]] = {
    # watching people use the product and noting where it fails them
    "usability": re.compile(
        r"\bwhere (?:they|users|people|customers|participants|\w+s) (?:hesitate|get stuck|struggle|give up|get lost|"
        r"drop off|stumble|get confused|slow down)\b|\bthink[- ]aloud\b|\bcard sort(?:ing)?\b|\btree test(?:ing)?\b|"
        r"\bsit(?:ting)? (?:down )?with (?:\w+ ){0,2}(?:of them|" + _PEOPLE[3:-1] + r")\b|"
        r"\b(?:watch|observe|shadow)(?:es|ed|ing)? (?:\w+ ){0,2}" + _PEOPLE + r" (?:\w+ ){0,1}(?:use|using|try|trying|"
        r"file|filing|complete|completing|book|booking|sign|signing|navigate|navigating|do|doing|find|finding|"
        r"check out|checking out|pay|paying|order|ordering|set up|setting up|fill|filling)\b|\binterview (?:\w+ ){0,2}" + _PEOPLE + r" about\b"),
    # running the response to an outage now
    "incident": re.compile(
        r"\blead (?:the )?(?:incident )?response\b|\b(?:run|coordinate|own) the (?:incident|war room|bridge)\b|"
        r"\bwar room\b|\bget (?:it|them|the \w+|\w+) back (?:up|online)\b|\bis down (?:right now|for (?:all|every|"
        r"our|eu|us))\b|\brestore (?:the )?service\b|\bsev[- ]?[012]\b|\bp[01] incident\b|\bpage the on[- ]?call\b|"
        r"\b(?:have|has) been (?:failing|down|erroring|timing out|returning errors) for (?:\d+|an?|the last) "
        r"(?:\w+ )?(?:minutes?|hours?)\b|\bcustomers are (?:posting|tweeting|complaining|calling)\b"),
    # reading someone's change before it merges (activities' review phrases, with "look at")
    "review": re.compile(r"\b(?:look|go|read) at (?:\w+'s |\w+ ){0,5}(?:merge requests?|pull requests?|prs?|diffs?|"
                         r"patch(?:es)?)\b"),
    # trying what an attacker would
    "security": re.compile(
        r"\b(?:reach|read|access|see|view|chang|modif|delet|download|open|edit|cancel)\w* "
        r"(?:(?!to |for |with |from |into )\w+ ){0,2}(?:another|other|someone else'?s?|somebody else'?s?|a different) "
        r"(?:tenant|user|customer|account|organi[sz]ation|patient|person|people|\w+ (?:pdf|file|record|invoice|"
        r"order)s?)'?s?\b|"
        r"\b(?:chang|edit|alter|increment)\w* the (?:number|id|identifier) in the (?:link|url|address)\b|"
        r"\bhow exposed (?:are|is|were)\b|"
        r"\bas (?:an?|the) (?:unprivileged|normal|regular|ordinary|low[- ]privilege|logged[- ]out|anonymous) "
        r"(?:user|account|tenant|visitor)\b|\bbypass(?:es|ed|ing)? (?:the )?(?:auth\w*|login|paywall|2fa|mfa|"
        r"permissions?|rate limit|access checks?)\b|\bescalate (?:to|their|our) (?:admin|root)\b|\bbreak in(?:to)?\b|"
        r"\bred team(?:ing)?\b|\btenant isolation\b|\battack surface\b"),
    # changing the code's shape, not what it does
    "refactor": re.compile(
        r"\buntangl\w*|\bspaghetti\b|\b(?:split|break) (?:up )?(?:the|this|that|a|our) (?:\w+ ){0,2}(?:class|file|"
        r"module|function|component|controller|method)s? into\b|\bpull (?:them|it|these|those|the \w+) (?:out )?into "
        r"(?:separate |their own |smaller )?(?:controllers|modules|classes|functions|files|services|components|"
        r"methods)\b|\bwithout changing (?:what it "
        r"does|its behaviou?r|the behaviou?r|behaviou?r)\b|\bextract (?:a|the) (?:class|method|function|module)\b|"
        r"\bdeduplicate the (?:code|logic)\b|\bgod (?:class|object)\b"),
    # writing for readers
    "document": re.compile(
        r"\bwalk (?:them|users|newcomers|readers|new \w+|people) through\b|\bapi reference\b|\breference (?:docs|documentation|pages?)\b|\b(?:migration|upgrade|porting) guide\b|"
        r"\b(?:explain|describe|show|write up) (?:\w+ ){0,6}in the (?:docs|documentation|readme|wiki|handbook)\b"),
    # people with a disability meeting the product
    "accessibility": re.compile(
        r"\b(?:blind|deaf|low[- ]vision|partially sighted|colou?r[- ]?blind|dyslexic|motor[- ]impaired)\b"
        r"(?: \w+)? (?:users?|residents?|customers?|visitors?|people|persons?|students?|employees?|staff|readers?|"
        r"patients?|members?|applicants?|voters?)\b|\b(?:cannot|can't|can not) use a mouse\b"),
    # the toil of operations: manual, repeated operational work (SRE)
    "toil": re.compile(
        r"\btoil\b|\bby hand every (?:day|morning|week|monday|tuesday|wednesday|thursday|friday|night|month|release)\b|"
        r"\bthe on[- ]?call (?:does|do|runs?|checks?) (?:\w+ ){0,3}by hand\b|\berror budgets?\b|"
        r"\b(?:promised?|promising|guarantee[ds]?|committed to|owe) (?:\w+ ){0,4}9\d(?:\.\d+)? ?%|"
        r"\b9\d(?:\.\d+)? ?% (?:uptime|availability|available)\b"),
    # customers' health: renewals, churn risk, adoption
    "customer success": re.compile(
        r"\b(?:unlikely|not likely|at risk|about) to (?:renew|churn|cancel)\b|\bchurn risk\b|\brenewal risk\b|"
        r"\bcustomer health\b|\bhealth scores?\b|\bqbrs?\b|\bquarterly business reviews?\b"),
    # search engines: not found by people searching (the seo row of activities.ACTIVITY_ROLES; effects16)
    "seo": re.compile(
        r"\b(?:do not|don't|doesn't|does not|never|no longer|barely|hardly) (?:\w+ )?(?:show up|appear|rank|come up|"
        r"get found)\b[^.]{0,40}\b(?:search|google|bing|results)\b|\bwhen (?:people|customers|users|someone|anyone|"
        r"locals|parents|buyers) (?:search|google|look up)\b|\b(?:first|top|second) page of (?:google|bing|the search "
        r"results|search results)\b|\borganic (?:traffic|search|visitors)\b|\bsearch (?:traffic|rankings?)\b|"
        r"\b(?:not|isn't|aren't|never) (?:being )?indexed\b|\brich (?:results|snippets)\b|"
        r"\bcompete for the same (?:keywords?|search(?:es)?|queries|terms)\b|\b(?:old|older|outdated) (?:blog )?(?:posts|"
        r"articles|pages) (?:\w+ ){0,3}(?:losing|lost|lose|dropping) (?:traffic|rankings?|visitors)\b"),
    # speed as the user meets it (the profile row: performance agents; effects16)
    "profile": re.compile(
        r"\b(?:takes?|took|needs?) (?:about |around |over |almost |nearly |up to |a full )?\d+(?:\.\d+)? ?(?:s|ms|secs?|"
        r"seconds) (?:to (?:load|open|render|respond|appear|show|paint|come back|react)|before (?:\w+ ){0,3}"
        r"(?:loads?|opens?|appears?|shows?|responds?))\b|\bsluggish\b|\b(?:janky|jank)\b|\bfeels? slow\b|"
        r"\b(?:first|each|every) (?:tap|click|scroll|keystroke) (?:\w+ ){0,5}takes?\b"),
}


_OPERATIONS_TOIL = re.compile(r"\btoil\b|\bon[- ]?call\b|\berror budgets?\b|\b9\d(?:\.\d+)? ?%")
# Files of data: done by hand every week, they are a data pipeline to build, not the toil of operations (sense17:
# "the CSV exports someone loads by hand every Monday" is a data engineer's).
_DATA_FILES = re.compile(r"\b(?:csvs?|spreadsheets?|excel|xlsx|exports?|extracts?|dumps?|workbooks?|sheets)\b")


def effects_in(lowered: str) -> tuple[str, ...]:
    """The activities (names of ``activities.ACTIVITY_ROLES``) that ``lowered`` (a task in lower case) asks for by
    their effect (``EFFECTS``); toil done by hand on files of data is no operations' toil (``_DATA_FILES``)."""
    return tuple(activity for activity, pattern in EFFECTS.items() if pattern.search(lowered)
                 and not (activity == "toil" and _DATA_FILES.search(lowered) and not _OPERATIONS_TOIL.search(lowered)))
