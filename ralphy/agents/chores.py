"""Chores: small edits no specialist is needed for, a table written by hand (issue 15).

A chore is a small edit named by its object: rename something, bump or raise a version, fix a typo, change a
text, heading, label, colour or date, remove an unused import, replace a path or a value, update a year,
translate a text. Whoever works on the repository does it in a minute; recommending a specialist for it because
its object mentions the specialist's field ("the 404 page's heading" -> a copywriter, "the Node version in
.nvmrc" -> a Node specialist) is a false recommendation. ``is_chore`` tells such a task from real work that
starts with the same verbs: "Change the session store to Redis" and "Update the Django app to 5.0" change a
component, not a value, so they are not chores. Literal edits are chores too (decide15): a text in quotes replaced
("Correct 'recieve' in the onboarding email"), a setting given a literal value ("Set appVersion in the Helm chart to
3.8.0"), a file moved ("Move favicon.ico from public/ to static/"), an account, a seat or an invitation, housekeeping
on one's own machine, and office work for people (slides, sending something to the attendees, a pinned post). A
value edit that happens when something else does ("Update the Slack message in place when a manager clicks") is
behaviour to build, not a chore. Goods ordered, a video filmed and tax or customs paperwork are errands too (calib17),
told by what follows the verb from the bug titles and features that start with the same words ("Order 1234 was charged
twice", "Order the results by date"). calib18 read what the rules meant and missed: an object's word before a hyphen
("the on-call phone numbers"), an events calendar's entry, an invite sent to a group named first, a text changed to a
quoted text, a colour for another, a person named a code owner, a paragraph or sentence moved, a seat cancelled, a
folder moved under a path.

The first rules were written from what a chore is, before any list of routing misses was read; the errands and the
office work after reading the train misses, as general rules (docs/decisions.md). ``routing.Router`` lowers a
chore's confidence by ``routing_confidence.CHORE_DEMOTION``; the ranking is unchanged.
"""

from __future__ import annotations

import functools
import re

# Verbs that make a chore whatever their object: renaming, a version bump, rewording, translating a text.
_ALONE = r"rename|bump|reword|rephrase|capitali[sz]e|alphabeti[sz]e"
# Translating a text into a language (not "Translate the Figma designs into React components").
_LANGUAGES = (r"english|german|french|spanish|italian|portuguese|dutch|japanese|chinese|korean|russian|polish|"
              r"swedish|danish|norwegian|finnish|arabic|hebrew|hindi|turkish|greek|czech|ukrainian")
# Verbs that make a chore when their object is a value (``_VALUES``) or a leftover (``_LEFTOVER``).
_EDIT = (r"change|update|set|replace|remove|delete|drop|raise|lower|correct|fix|edit|swap|tweak|adjust|increase|"
         r"decrease|shorten|lengthen|sort|reorder|pin|unpin|clean|tidy|strip|trim")
# The small objects of a chore: a text shown somewhere, a value in a file, a leftover in the code.
_VALUES = (r"heading|headings|headline|title|titles|subtitle|text|texts|wording|label|labels|caption|captions|"
           r"tooltip|tooltips|placeholder|message|messages|string|strings|colou?r|colou?rs|date|dates|year|years|"
           r"version|path|paths|url|urls|link|links|href|value|values|import|imports|comment|comments|typo|typos|"
           r"misspelling|misspellings|spelling|grammar|whitespace|indentation|email|address|phone|icon|favicon|"
           r"port|timeout|constant|default|defaults|name|names|badge|badges|footer|copyright|emoji|wording|"
           r"order|variable|variables|todo|todos|number|numbers|image|images|photo|photos|picture|pictures|"
           r"illustration|illustrations|screenshot|screenshots|logo|logos|paragraph|paragraphs|sentence|sentences")
# Words that say the object is left over: "the unused PIL import", "the commented-out block", "a stray print".
_LEFTOVER = r"unused|dead code|stale|leftover|obsolete|stray|commented[- ]out|outdated|typo|typos|misspelt|misspelled"

_BULLET = r"^\s*(?:[-*+]\s+)?(?:\[.\]\s+)?(?:\d+[.)]\s+)?"
# Errands: work for a person, outside the repository (paying a fee, buying or ordering things, hiring, a contract,
# photos, a name to pick, someone's sign-off, OK or go-ahead; not an approval's status or flow, which is code). No
# agent does them; a verb that is also code's ("Call the API", "Print the stack trace", "Invite users by email", "Sign
# the release artifacts") is left out or narrowed.
_ERRANDS = (r"pay(?!\s+out)|buy|purchase|hire|recruit|attend|negotiate|book\s+(?:a|the)\b|"
            r"renew\b(?!.*\b(?:cert|certs|certificates?|tokens?|keys?|secrets?|credentials?)\b)|"
            r"order\s+(?:more|new|some)\b|sign\s+(?:the\s+)?(?:contract|nda|agreement|lease|paperwork)|"
            r"take\s+(?:new\s+|some\s+|the\s+)?(?:\w+\s+)?(?:photos|pictures|headshots)\b|"
            r"(?:pick|choose|decide\s+on)\s+(?:a|the)\s+(?:new\s+)?(?:\w+\s+)?(?:name|logo|mascot)\b|"
            r"get\s+(?:[\w-]+\s+){0,3}?(?:sign-?off|approval|go-?ahead|blessing|"
            r"(?:ok|okay)(?=\s+(?:to|from|for|on|before)\b|\W*$))\b"
            r"(?!\s+(?:status|statuses|state|flow|flows|workflow|workflows|request|requests|step|steps|api|endpoint|"
            r"rules?)\b)")
# The object ends where the task's context starts: "Change the heading | to 'Page not found'", not at a word of a
# compound ("the on-call phone numbers", "the in-app banner's text", "the to-do list's title"). Blanks are looked at
# from the first of a run only (the lazy object stops there first anyway): from each, a run of 10^5 blanks was
# read again to its end, minutes of work.
_OBJECT_END = r"(?=(?<!\s)\s+(?:to|in|into|on|of|for|from|with|across|at|so|by|and)\b(?!-)|[:;,(]|\.(?:\s|$)|$)"
_ALONE_LINE = re.compile(_BULLET + rf"(?:{_ALONE})\b|{_BULLET}translate\b.*\b(?:into|to)\s+(?:{_LANGUAGES})\b")
_ERRAND_LINE = re.compile(_BULLET + rf"(?:{_ERRANDS})")
# More errands (calib17), each told from code by what follows its verb, since "Order", "Film" and "Fill" also start a
# bug title ("Order 1234 was charged twice", "Film list crashes") or name a feature to build ("Order the results by
# date", "Fill in the form from the saved address"): goods ordered (an article or a quantity word right after the
# verb, or from a supplier), a video filmed or shot, tax, customs, visa or expense paperwork filled in. None when the
# line says it is sorting or sequencing (by, alphabetically, before...) or behaviour (when, if, automatically...).
_ORDER_LINE = re.compile(
    _BULLET + r"order\b(?!.*\b(?:by|alphabetically|chronologically|numerically|ascending|descending|before|after|"
    r"when|whenever|if|once|automatic|automatically)\b)\s+(?:(?:a|an|extra|spare|replacement)\s|"
    r"(?:the\s+)?(?:[\w-]+\s+){1,4}?from\s+(?:the\s+|a\s+|an\s+|our\s+)?(?:[\w-]+\s+)?"
    r"(?:manufacturer|supplier|vendor|wholesaler|print\s+shop|printers?)\b)")
_FILM_LINE = re.compile(_BULLET + r"(?:film|shoot)\s+(?:a|an|the|our|some|two|three)\s+(?:[\w-]+\s+){0,3}?"
                        r"(?:video|videos|clip|clips|trailer|footage|commercial)\b")
_PAPERWORK_LINE = re.compile(_BULLET + r"fill\s+(?:in|out)\s+(?:the\s+|a\s+|an\s+|our\s+|my\s+)?(?:[\w-]+\s+){0,2}?"
                             r"(?:(?:tax|customs|visa|expense|vat)\s+(?:forms?|paperwork|reports?|returns?)|paperwork)\b")
_EDIT_LINE = re.compile(_BULLET + rf"(?:{_EDIT})\b(?:\s+up)?(?P<object>.*?){_OBJECT_END}")
_VALUE_END = re.compile(rf"\b(?:{_VALUES})\W*$")
_LEFTOVER_WORD = re.compile(rf"\b(?:{_LEFTOVER})\b")

# Literal edits (decide15), what a person sees as "just type it": each rule below was written from what such work is
# (text in quotes replaced, a setting given a value, a file moved, a seat or an invitation, housekeeping on one's own
# machine), the way _VALUES was; a rule's object or literal, not its verb, tells it from real work.
_QUOTED = r"(?:'[^']{1,60}'|\"[^\"]{1,60}\"|‘[^’]{1,60}’|“[^”]{1,60}”|`[^`]{1,60}`)"
# The object is a text in quotes: "Correct 'recieve' in the onboarding email", "Replace 'Sign in' with 'Log in'"; with
# "add", a quoted text that is a link, label or note ("Add a 'Back to top' link"), not a button or a flow, which do
# something ("Add a 'Sign in with Google' button").
_QUOTED_LINE = re.compile(
    _BULLET + rf"(?:(?:{_EDIT})\s+(?:the\s+|a\s+|an\s+)?(?:word\s+|text\s+|string\s+|label\s+)?{_QUOTED}|"
    rf"(?:add|insert)\s+(?:the\s+|a\s+|an\s+)?{_QUOTED}\s+(?:link|label|note|notice|caption|heading|title|"
    r"tooltip|placeholder|badge|text|line|footnote|disclaimer|hint)s?\b)")
# A literal value: a number or version ("3.8.0", "30s", "85%"), a text in quotes, a boolean or a constant in capitals
# ("DEBUG"); matched on the task as written (capitals count).
_LITERAL = rf"(?:v?\d[\w.%:/-]*|{_QUOTED}|true|false|on|off|yes|no|[A-Z][A-Z0-9_]{{1,15}})"
# A setting given a literal value: "Set appVersion in the Helm chart to 3.8.0", "Set the log level to DEBUG" (not
# "Set up ...", and not "Update the Django app to 5.0", an upgrade: only "set" assigns).
_SET_LINE = re.compile(_BULLET + r"(?i:set)\s+(?!(?i:up)\b)(?:(?!\bto\b).)+?\bto\s+"
                       + _LITERAL + r"(?:\s+[a-z]+)?\s*\.?\s*$")
# A text changed to a text in quotes: "Change the payout email's subject line to 'Your weekly earnings'", "Update the
# tagline to \"Bikes for everyone\"" (only a quoted text: "Update the Django app to 5.0" is an upgrade).
_TO_QUOTED_LINE = re.compile(_BULLET + rf"(?:change|update|edit|switch|set)\s+(?:(?!\bto\b).)+?\bto\s+{_QUOTED}\W*$")
# A colour for another: "Make the README's build badge green instead of blue" (two colours: "Make the build green"
# alone is a fix).
_COLOURS = r"red|green|blue|yellow|orange|purple|pink|black|white|gr[ae]y|teal|navy|brown|gold|silver"
_COLOUR_SWAP = re.compile(rf"\b(?:{_COLOURS})\s+(?:instead\s+of|rather\s+than|not)\s+(?:{_COLOURS})\b")
# A person named as an owner or a reviewer of part of the repository: "Add Priya as a code owner of the docs folder",
# "Add Lisa to the CODEOWNERS file" (matched as written: a name has its capital; "Add Redis as a cache" names no role).
_OWNER_LINE = re.compile(
    _BULLET + r"(?i:add|remove|make)\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:(?i:as)\s+(?:(?i:a|an|the)\s+)?(?i:code\s+)?"
    r"(?i:owner|co-?owner|reviewer|maintainer|approver|collaborator)s?\b|(?i:to|from)\s+(?:(?i:the)\s+)?CODEOWNERS\b)")
# An identifier changed from one literal to another: "Change the Jira project key from ABC to PAY", "Change the log
# level from INFO to DEBUG"; a key of a table (primary, partition...) is a schema change, not a value.
_FROM_TO_LINE = re.compile(
    _BULLET + r"(?i:change|set)\s+(?:(?!\bfrom\b).)*?(?<!(?i:primary) )(?<!(?i:foreign) )"
    r"(?<!(?i:partition) )(?<!(?i:sort) )(?<!(?i:shard) )"
    r"(?i:key|code|prefix|suffix|slug|id|handle|alias|tag|status|level|mode|flag|setting|option)s?\s+"
    rf"(?i:from)\s+{_LITERAL}\s+(?i:to)\s+{_LITERAL}\W*$")
# A file or folder moved or copied: the object is a file name ("favicon.ico", ".env") or a path, or it goes to a
# folder ("... to static/"); "Move the on-prem VMs to Azure" moves no file.
_FILE = r"(?:[\w.-]*\.[a-z][a-z0-9]{0,4}|[\w.-]*/[\w./-]*)"
_MOVE_LINE = re.compile(
    _BULLET + rf"(?:move|copy|relocate)\s+(?!\s)(?:the\s+(?!\s))?(?:{_FILE}(?=\s+(?:from|to|into|in|under|out\s+of)\b|\s*$)|"
    r".*\b(?:(?:in)?to\s+(?:[\w.-]*/|\.{0,2}/[\w./-]*|~/[\w./-]*)|under\s+[\w.-]+/[\w./-]*)(?=[\s,;]|\.?$))")
# An account, a seat or an invitation: "Invite the two new designers to the Figma team", "Remove the contractor from
# the GitHub org", "Give Dana a Figma seat"; not a feature built for users ("Invite users by email"), nor an
# automatic rule ("... assigned automatically when someone joins").
_PEOPLE = (r"designers?|developers?|engineers?|teammates?|colleagues?|contractors?|freelancers?|interns?|"
           r"new hires?|new joiners?|new starters?|marketers?|writers?|testers?|analysts?|managers?|admins?|"
           r"everyone|the team|the agency|the client")
_ACCOUNT_LINE = re.compile(
    _BULLET + rf"(?:(?:invite|add|remove|offboard|onboard)\s+(?:[\w-]+\s+){{0,3}}?(?:{_PEOPLE})\s+(?:to|from|as)\s+(?:the\s+|our\s+)?"
    r"(?:[\w.-]+\s+){0,2}(?:team|org|organi[sz]ation|workspace|channel|group|repo|repository|account|board|space|"
    r"server|admins?|owners?|members?|editors?|viewers?)\b|"
    r"(?:give|assign|grant|transfer|reassign|free\s+up|remove|revoke|cancel)\s+(?!\s)(?:.*\s)?(?:seats?|licen[cs]es?)\b)")
# Office work for people, not the repository: slides, sending or sharing something with a group of people, pinning a
# post in a chat channel ("Update the slides for the review", "Send the meetup slides to the attendees", "Send the
# finance team the invite for the demo"); a feature that sends to users or customers, an alert, or on a schedule, is
# code ("Send the order confirmation email to customers", "Send the team a Slack alert").
_OFFICE_LINE = re.compile(
    _BULLET + r"(?:\w+\s+(?:the\s+|a\s+|an\s+|some\s+|our\s+|my\s+)?(?:[\w'’-]+\s+){0,3}?"
    r"(?:slides|slide\s+deck|deck|presentation|keynote)\b(?!\s+(?:layer|logic|component|mode|model|view))|"
    r"(?:send|forward|share|email|mail)\b.*\bto\s+(?:the\s+|all\s+|our\s+|every\s+)?(?:\w+\s+)?(?:attendees|"
    r"participants|speakers|team|everyone|stakeholders|board|investors|organi[sz]ers)\b|"
    r"(?:send|forward|email|mail)\s+(?:the\s+|all\s+|our\s+|every\s+)?(?:[\w-]+\s+)?(?:attendees|participants|"
    r"speakers|team|everyone|stakeholders|board|investors|organi[sz]ers)\s+(?:the|a|an|our|my|this|that|these|those)\s+"
    r"(?!(?:[\w-]+\s+)?(?:alerts?|notifications?|pings?|webhooks?)\b)|"
    r"(?:pin|unpin)\b.*\b(?:in|to)\s+(?:the\s+)?(?:[\w#-]+\s+){0,2}channel\b)")
# Office life (words16): the things of a team's life outside the code, whatever technology they name: swag ("Add Docker
# whale stickers to the swag order"), a meetup's or a talk's notes, slides or recording, an exam or its voucher, an
# entry in the team's calendar, a meeting moved to another time ("Move Friday's sprint demo to 3 pm"), what visitors
# are told (parking, directions). No agent is for them; the technology they name decides nothing.
_OFFICE_THINGS = re.compile(
    r"\b(?:swag|merch(?:andise)?|goodie bags?|raffle|"
    r"(?:exam|certification|conference|ticket) vouchers?|vouchers? (?:code|date)s?|(?:exam|certification) dates?|"
    r"meetup (?:notes|slides|talk|talks|recording|recordings|photos|venue|pizza|sign-?up sheet)|"
    r"(?:parking|travel) (?:instructions|directions|details|info)|visitor (?:email|badge|badges|list|wifi))\b")
# ... and things given away when an event is named after them (the event is searched after the first thing only: a
# lookahead after every one read the rest of the line again for each, quadratic in a line of repeated "stickers")
_GIVEAWAY = re.compile(r"\b(?:stickers?|t-?shirts?|hoodies?|mugs?|lanyards?)\b")
_GIVEAWAY_EVENT = re.compile(r"\b(?:booth|event|meetup|conference|offsite|giveaway|printer|print shop)\b")
# (an events, meetup, community or release calendar too: an entry put in one is content, the calendar's feature is
# built elsewhere: "Add a calendar view to the bookings page")
# (one run of blanks between two words: "\s+ ... \s*" read a run of blanks after "to" two ways, quadratic in its length)
_CALENDAR = re.compile(r"\b(?:in|into|to|on|from)\s+(?:(?:the|our|my)\s+)?(?:(?:team|shared|office|company|holiday|"
                       r"on-?call|events?|meetups?|community|club|release)\s+)?calendar\b")
_MEETING_MOVED = re.compile(
    r"(?:move|reschedule|postpone|push|shift|cancel)\s+(?:\w+\s+){0,3}?(?:demo|meeting|stand-?up|retro|retrospective|"
    r"planning|sync|1:1|one-on-one|workshop|all-hands|offsite|lunch)\b(?:\s+\w+){0,3}?\s+(?:to|until|till)\s+"
    r"(?:\d|noon|tomorrow|next\b|monday|tuesday|wednesday|thursday|friday|saturday|sunday)")
_SCHEDULED = re.compile(r"\b(?:every|daily|weekly|nightly|monthly|hourly|each)\b")
# Access given to or taken from a person, named ("Give Julia read access to the raw-data bucket") or by role; matched
# on the task as written, where a name has its capital (not "Give the Lambda role access to the bucket", a policy).
_ACCESS_LINE = re.compile(
    _BULLET + r"(?i:give|grant|revoke|remove|take\s+away)\s+(?:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?"
    rf"|(?i:the\s+|our\s+|a\s+|an\s+)?(?i:new\s+)?(?i:{_PEOPLE}))(?:['’]s)?\s+(?i:(?:read|write|edit|admin|view|"
    r"owner|full|read-only|ssh|vpn|console)\s+)?(?i:access)\b")
_AUTOMATIC = re.compile(r"\b(?:automatic(?:ally)?|when|whenever|every time|each time|on signup)\b")
# Housekeeping on one's own machine: "Clear the old Docker images off my laptop", "Update Node on my Mac", freeing up
# disk space (not "a script that reports free disk space").
_OWN_MACHINE = re.compile(r"\bmy\s+(?:own\s+|work\s+|dev\s+|local\s+)?(?:laptop|machine|mac|macbook|pc|computer|"
                          r"desktop|workstation)\b|\bfree\s+up\s+(?:some\s+)?disk\b|(?:^|\bto\s+)free\s+(?:some\s+)?disk\b")


@functools.lru_cache(maxsize=4096)
def is_chore(task: str) -> bool:
    """Whether ``task`` (its first line that says something) is a chore: a verb of ``_ALONE`` first, an errand
    (``_ERRANDS``: "Pay the developer fee", "Take new team photos"), or an edit
    verb whose object ends in a small value ("Change the 404 page's heading", "Raise the Node version") or holds
    a leftover ("Remove the unused PIL import")."""
    line = next((line for line in task.lower().splitlines() if line.strip()), "")
    line = line.replace("'s ", " ").replace("’s ", " ")
    if _ALONE_LINE.match(line) or _ERRAND_LINE.match(line):
        return True
    if _ORDER_LINE.match(line) or _FILM_LINE.match(line):
        return True
    if _PAPERWORK_LINE.match(line) and not _AUTOMATIC.search(line):
        return True
    if _literal_edit(task, line):
        return True
    edit = _EDIT_LINE.match(line)
    if edit is None:
        return False
    thing = edit.group("object").strip()
    if _AUTOMATIC.search(line, edit.end()):  # behaviour to build: "Update the Slack message in place when ... clicks"
        return False
    return bool(thing) and bool(_VALUE_END.search(thing) or _LEFTOVER_WORD.search(thing))


def _literal_edit(task: str, line: str) -> bool:
    """Whether ``line`` (lowered, of ``task``) is a literal edit: a quoted text replaced or added as a link, a setting
    given a literal value, a file moved, an account or a seat, housekeeping on one's own machine (see the rules
    above)."""
    if _QUOTED_LINE.match(line) or _TO_QUOTED_LINE.match(line) or _MOVE_LINE.match(line) or _OWN_MACHINE.search(line):
        return True
    if _ACCOUNT_LINE.match(line) and not _AUTOMATIC.search(line):
        return True
    if _OFFICE_LINE.match(line) and not _AUTOMATIC.search(line) and not _SCHEDULED.search(line):
        return True
    if _office_life(line):
        return True
    written = next((text for text in task.splitlines() if text.strip()), "").replace("'s ", " ").replace("’s ", " ")
    if _ACCESS_LINE.match(written) and not _AUTOMATIC.search(line):
        return True
    if _COLOUR_SWAP.search(line) and not _AUTOMATIC.search(line):
        return True
    return bool(_SET_LINE.match(written) or _FROM_TO_LINE.match(written) or _OWNER_LINE.match(written))


def _office_life(line: str) -> bool:
    """Whether ``line`` (lowered) is an errand of office life (``_OFFICE_THINGS``, the team calendar, a meeting moved),
    not behaviour to build ("Email the parking instructions to every visitor automatically" is a feature)."""
    if _AUTOMATIC.search(line) or _SCHEDULED.search(line):
        return False
    if _MEETING_MOVED.match(re.sub(_BULLET, "", line, count=1)):
        return True
    giveaway = _GIVEAWAY.search(line)
    if giveaway and (_GIVEAWAY_EVENT.search(line, giveaway.end()) or re.match(_BULLET + r"order\b", line)):
        return True
    return bool(_OFFICE_THINGS.search(line) or (_CALENDAR.search(line) and re.match(
        _BULLET + r"(?:put|add|move|enter|note|block|mark|book)\b", line)))
