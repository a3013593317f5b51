"""The team's stack: which agents of a small team build on its own platform, and which tasks are theirs (issue 15).

A person reading a team of django-developer, test-automator and payment-integration sees at once that "Add a wishlist
model and page to the storefront" is the Django agent's: building or bug work on the application goes to the agents
of the project's own platform, and a specialist (payments, tests, builds, security) is asked for by its work. The
lexical score alone saw a word of the task in the test automator's text and nothing of Django in the task.

``PLATFORMS`` writes down, by hand and from general knowledge (not from any labelled task), the languages people
build applications in and the frameworks and platforms built on each. An agent is a **stack agent** when its own
name (``activities.own_name_terms``: a collection's prefix left out) says nothing but platforms, the side a
generalist builds ("backend-developer", "mobile-app-developer", "game-developer") and the generic words of builders
("developer", "engineer"; "expert", "pro" are stopwords): ``django-developer``, ``react-nextjs-expert``,
``unity-developer``, ``python-pro``. A name with any other word is a specialist within or beside the stack
(``django-orm-expert``, ``rails-api-developer``, ``mobile-security-coder``, ``angular-architect``). A team **has a
stack** when its stack agents build on at most ``MAX_PLATFORMS`` platforms (a language and its frameworks count as
one) and the team has at most ``MAX_TEAM`` agents: a catalog of hundreds of agents has none, and gets no prior, even
when only one of its agents builds (r18a: 391 specialists and ruby-pro).

``building_sides`` says whether a task is building or bug work on a part of an application, and on which side: a
page, a screen, a form, a button (the front), an endpoint, a model, a webhook (the back), or a feature asked for by
what people can do, or a line starting "Bug"/"Fix" (either side). A task naming none of these ("Configure mTLS
between the services", "Write the launch post") is no evidence for the stack, and neither is the design of a part
("Redesign the onboarding screens", "Mock up the settings page"): that is a designer's work. When a team has agents of a platform
built on one side only (``FRONT_ONLY``: React, Vue...; ``BACK_ONLY``: FastAPI, Express, Spring...), a page goes to
the front's agents and an endpoint to the back's (a React front end and a FastAPI back end); the other platforms
(Django, Rails, Next.js, iOS, Unity, a language) build both.

``routing.Router`` adds ``routing.STACK_PRIOR`` to those agents' scores for such a task when it asks for no role and
no activity (a bare symptom report aside) and says no word of another agent's name (``TeamStack.owners``): a prior
about the size of one weak word, so a specialist the task's words clearly ask for still comes first.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence, Set

from ralphy.agents.activities import own_name_terms
from ralphy.agents.roles import default_lexicon
from ralphy.agents.terms import terms

MAX_PLATFORMS = 3
# The most agents a team may have for its stack to count (tune19): the labelled teams have 4 to 15 agents (at 10 the
# train sets lose 4 right decisions, from 15 up none moves); the smallest whole collection in the corpus has 32, and a
# collection installed whole is a catalog, not a team.
MAX_TEAM = 30

# A language, then the frameworks and platforms built on it (surface words, as agents' names spell them).
PLATFORMS: tuple[tuple[str, str], ...] = (
    ("python", "django flask fastapi"),
    ("ruby", "rails"),
    ("php", "laravel symfony wordpress"),
    ("javascript", "typescript node react vue angular svelte solidjs nextjs nuxt remix astro jquery electron expo "
                   "express nestjs fastify"),
    ("java", "spring"),
    ("kotlin", "android"),
    ("swift", "ios swiftui"),
    ("dart", "flutter"),
    ("go", "gin"),
    ("rust", "tauri actix axum"),
    ("elixir", "phoenix"),
    ("erlang", ""),
    ("csharp", "dotnet aspnet blazor unity"),
    ("c", ""),
    ("cpp", "unreal"),
    ("haskell", ""),
    ("ocaml", ""),
    ("scala", ""),
    ("clojure", ""),
    ("lua", ""),
    ("julia", ""),
)
# The side a generalist builds: an agent named by one of these and generic words only is a stack agent.
SIDES = "backend frontend fullstack full stack mobile app game embedded web"
# Words that qualify a platform without naming another one ("react native", "spring boot", ".NET core", "embedded
# systems", "multi-platform apps") and the generic words of builders' names.
QUALIFIERS = "native boot core systems multi platform apps developer development engineer dev coder programmer"
# Platforms on one side of an application only: their agents build the pages, or the endpoints, not both.
FRONT_ONLY = "react vue angular svelte solidjs jquery frontend"
BACK_ONLY = "fastapi flask express nestjs fastify node spring gin actix axum aspnet backend"

# Building or bug work on a part of an application (see the module): a front part, a back part, a feature.
_FRONT = re.compile(r"\b(?:pages?|homepage|screens?|forms?|buttons?|menus?|panels?|pop-?ups?|modals?|dialogs?|tabs?|"
                    r"widgets?|sidebars?|layouts?|dropdowns?|checkbox(?:es)?|tooltips?|carousels?|banners?)\b")
_BACK = re.compile(r"\b(?:endpoints?|models?|webhooks?|(?:get|post|put|patch|delete) /\w)")
_PEOPLE = r"(?:people|users|customers|members|visitors|guests|players|admins|staff)"
_FEATURE = re.compile(rf"\b(?:let|lets|allow|allows)\s+{_PEOPLE}\b|\b{_PEOPLE}\s+(?:can|could|should|must|want|"
                      r"wants|need|needs|cannot)\b|\bfeatures?\b|^\W*(?:bug|fix)\b")
FRONT, BACK = "front", "back"
# ... but designing a part (its look, a redesign, a wireframe or mock-up) is the designer's work, not building.
_DESIGNING = re.compile(r"\b(?:re)?design(?:s|ed|ing)?\b|\bwire-?frames?\b|\bmock[- ]?ups?\b|\brestyle\b|"
                        r"\blook and feel\b")


def building_sides(task: str) -> frozenset[str]:
    """The sides of an application ``task`` asks for building or bug work on (see the module): {"front"}, {"back"},
    both, or none (not such work, or the design of a part)."""
    lowered = task.lower()
    if _DESIGNING.search(lowered):
        return frozenset()
    sides = set()
    if _FRONT.search(lowered):
        sides.add(FRONT)
    if _BACK.search(lowered):
        sides.add(BACK)
    if not sides and _FEATURE.search(lowered):
        sides.update((FRONT, BACK))
    return frozenset(sides)


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, str], frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """(platform term -> its language's term; side terms; qualifier terms; front-only terms; back-only terms)."""
    language_of: dict[str, str] = {}
    for language, frameworks in PLATFORMS:
        (term,) = terms(language)
        language_of.setdefault(term, term)
        for framework in frameworks.split():
            for each in terms(framework):
                language_of.setdefault(each, term)
    return (language_of, frozenset(terms(SIDES)), frozenset(terms(QUALIFIERS)), frozenset(terms(FRONT_ONLY)),
            frozenset(terms(BACK_ONLY)))


@functools.lru_cache(maxsize=4096)
def stack_of(name: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """(the languages an agent called ``name`` builds on, empty for a generalist of a side; the sides it builds), or
    None when it is no stack agent (see the module)."""
    language_of, sides, qualifiers, front, back = _tables()
    own = own_name_terms(name) - qualifiers
    named = own.intersection(language_of)
    rest = own - named
    if not own or rest - sides or not named and not rest:
        return None
    builds = frozenset((FRONT,)) if own <= front else frozenset((BACK,)) if own <= back else frozenset((FRONT, BACK))
    return frozenset(language_of[term] for term in named), builds


class TeamStack:
    """The stack agents of a team whose agents are called ``names`` (indexes into it), or none (see the module)."""

    def __init__(self, names: Sequence[str]) -> None:
        found = {index: stack for index, name in enumerate(names) if (stack := stack_of(name)) is not None}
        languages = {language for stack, _ in found.values() for language in stack}
        if len(names) > MAX_TEAM or len(languages) > MAX_PLATFORMS or len(found) == len(names):
            found = {}  # a catalog of many stacks, or a team of builders only: no prior
        self.agents: dict[int, frozenset[str]] = {index: builds for index, (_, builds) in found.items()}
        # the team's platforms' own specialists (django-orm-expert, rails-activerecord-expert): of the stack too
        language_of = _tables()[0]
        platforms = {term for index in self.agents for term in own_name_terms(names[index]) if term in language_of}
        self.kin = frozenset(index for index, name in enumerate(names)
                             if index in self.agents or not platforms.isdisjoint(own_name_terms(name)))

    def owners(self, sides: frozenset[str], task_terms: Sequence[str], names: Mapping[str, Sequence[int]]
               ) -> tuple[int, ...]:
        """The stack agents on ``sides`` for a task of ``task_terms``; none when the task says a word of the name of
        an agent that is not one of them (``names``: name term -> the agents whose name holds it), or when the team
        has no agent on those sides."""
        if not self.agents:
            return ()
        generic = default_lexicon().generic
        for term in task_terms:
            if term not in generic and any(index not in self.agents for index in names.get(term, ())):
                return ()
        return tuple(index for index, builds in self.agents.items() if not sides.isdisjoint(builds))

    def lift(self, scores: dict[int, float], sides: frozenset[str], task_terms: Sequence[str],
             names: Mapping[str, Sequence[int]], excluded: Set[int], says_job: Callable[[int, Set[str]], bool],
             prior: float, weak: float) -> dict[int, float]:
        """``scores`` with the prior of the stack agents ``owners`` gives for the task (``routing.STACK_PRIOR``: agents
        whose notForTasks the task matches, ``excluded``, are left out), and the agents outside the stack whose job
        fields hold no word of the task (``says_job(index, terms)`` false) down to ``weak`` of their score; in agent
        order, as ``Router._ranked`` expects for its ties. ``scores`` itself when the task gets no prior."""
        owners = [index for index in self.owners(sides, task_terms, names) if index not in excluded]
        if not owners:
            return scores
        said = set(task_terms)
        lifted = {index: score if index in self.kin or says_job(index, said) else score * weak
                  for index, score in scores.items()}
        for index in owners:
            lifted[index] = lifted.get(index, 0.0) + prior
        return dict(sorted(lifted.items()))
