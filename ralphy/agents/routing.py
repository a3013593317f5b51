"""Recommend the best agent for a task, with a confidence in [0, 1].

``Router(agents)`` builds a catalog once: every agent's text is split into fields (name, keywords,
example tasks, description, example context, body), tokenised into whole words with light stemming and
a few general abbreviations (k8s = kubernetes, db = database, pg = postgres...), and turned into BM25F
term weights. ``router.recommend(task)`` then only adds up precomputed weights for the task's words, so a
query over hundreds of agents takes well under a millisecond.

The confidence squashes the best score, discounted when the task's informative words go unmatched and
when a clearly different agent scores almost as well. Below the threshold nothing is recommended: the
task is a gap and Claude should work on it directly. ``notForTasks`` in an agent's frontmatter is a
strong negative; ``keywords`` and ``exampleTasks`` are strong positives, as are the user lines of the
``<example>`` blocks many descriptions carry.

``llm_rank`` asks a model (through the anthropic SDK) to re-rank the best candidates and falls back to
the deterministic ranking on any error.
"""

from __future__ import annotations

import functools
import json
import logging
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ralphy.agents.spec import AgentSpec

logger = logging.getLogger(__name__)

DEFAULT_THRESHOLD = 0.70
DEFAULT_LLM_MODEL = "claude-haiku-4-5"

# Field weights of the BM25F score, and how much each field's length is normalised.
FIELD_WEIGHTS: dict[str, float] = {
    "name": 3.0,
    "keywords": 2.5,
    "examples": 2.0,
    "description": 1.0,
    "context": 0.5,
    "body": 0.2,
}
FIELD_B: dict[str, float] = {"name": 0.3, "keywords": 0.3, "examples": 0.5, "description": 0.5, "context": 0.5, "body": 0.75}
FIELD_LABELS: dict[str, str] = {
    "name": "name",
    "keywords": "keywords",
    "examples": "example tasks",
    "description": "description",
    "context": "examples",
    "body": "instructions",
}
K1 = 1.2
NOT_FOR_COVERAGE = 0.6  # share of a notForTasks entry's words a task must contain to count as that entry
NOT_FOR_FACTOR = 0.15  # what is left of an agent's score for a task it says it is not for

# Confidence calibration, tuned on the train split of tests/data/routing/labelled_tasks.jsonl so that 0.70
# falls where recommending beats working directly: confidence = 1 - exp(-evidence / SCORE_SCALE).
SCORE_SCALE = 3.75
COVERAGE_FLOOR = 0.5  # evidence kept when none of the task's informative words is matched
MARGIN_WEIGHT = 0.2  # evidence lost when a rival of another kind scores as well
FULL_MARGIN = 0.25  # a lead of 25% of the score over that rival counts as a full margin
COPY_OVERLAP = 0.6  # description word overlap (Jaccard) from which two agents are copies of one another

STOPWORDS = frozenset(
    """a an the and or but if then else of to in on at by for with from into onto over under about as is are
    was were be been being it its this that these those there here we our us you your i me my they them their
    he she his her not no nor so too very can could should would will shall may might must do does did done
    doing have has had having just only also than when where which who whom whose what why how all any each
    every some such more most other same own both few via per etc e g ie eg s t ll ve re d m
    use used using uses need needs needed make makes making made get gets add adds added adding new now
    instead up out like want wants way ways work working works thing things one two three sure please
    expert experts specialist specialists pro master masters agent agents proactively user assistant
    example examples context commentary invoke invoked specializing specializes specialized focus focusing
    focused handles handle handling best practices modern task tasks""".split()
)

# Words that are the same thing in another spelling; each maps to the words it stands for.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "k8s": ("kubernetes",),
    "kube": ("kubernetes",),
    "db": ("database",),
    "dbs": ("database",),
    "js": ("javascript",),
    "ts": ("typescript",),
    "pg": ("postgres",),
    "postgresql": ("postgres",),
    "psql": ("postgres",),
    "py": ("python",),
    "golang": ("go",),
    "mongo": ("mongodb",),
    "nodejs": ("node",),
    "vuejs": ("vue",),
    "reactjs": ("react",),
    "nextjs": ("next", "nextjs"),
    "ml": ("machine", "learning"),
    "ai": ("ai", "llm"),
    "llms": ("llm",),
    "auth": ("authentication",),
    "authn": ("authentication",),
    "authz": ("authorization",),
    "a11y": ("accessibility",),
    "i18n": ("internationalization",),
    "perf": ("performance",),
    "deps": ("dependency",),
    "repo": ("repository",),
    "repos": ("repository",),
    "config": ("configuration",),
    "configs": ("configuration",),
    "doc": ("documentation",),
    "docs": ("documentation",),
    "e2e": ("end", "e2e"),
    "cicd": ("ci", "cd"),
    "gh": ("github",),
    "tf": ("terraform",),
    "iac": ("infrastructure", "code"),
    "sqs": ("sqs", "aws"),
    "s3": ("s3", "aws"),
    "ec2": ("ec2", "aws"),
    "gke": ("gke", "kubernetes"),
    "eks": ("eks", "kubernetes"),
    "aks": ("aks", "kubernetes"),
    "rn": ("react", "native"),
    "oidc": ("openid", "oidc"),
    "sso": ("sso", "authentication"),
}

_SPELLINGS: tuple[tuple[str, re.Pattern[str], str], ...] = (  # (cheap substring check, pattern, replacement)
    ("c++", re.compile(r"c\+\+"), " cpp "),
    ("c#", re.compile(r"(?<![a-z0-9])c#"), " csharp "),
    ("f#", re.compile(r"(?<![a-z0-9])f#"), " fsharp "),
    (".net", re.compile(r"(?<![a-z0-9])\.net\b"), " dotnet "),
    (".js", re.compile(r"\b([a-z]+)\.js\b"), r" \1js "),
)
_WORD = re.compile(r"[a-z0-9]+")
_SUFFIXES: tuple[str, ...] = (
    "izations", "ization", "isations", "isation", "ations", "ation", "izers", "izer", "izing", "ized", "izes",
    "ize", "ises", "ised", "ising", "ise", "ities", "ity", "ments", "ment", "ances", "ance", "ives", "ive",
    "ings", "ing", "ers", "er", "ies", "ied", "ed", "es", "s",
)  # fmt: skip
_EXAMPLE_BLOCK = re.compile(r"<example>(.*?)(?:</example>|$)", re.DOTALL | re.IGNORECASE)
_EXAMPLE_USER = re.compile(
    r"user:\s*(?:\"([^\"]+)\"|'([^']+)'|(.+?))\s*(?=assistant:|<commentary>|\n|$)", re.IGNORECASE | re.DOTALL
)


def stem(word: str) -> str:
    """A light, deterministic stemmer: strip one common suffix (twice at most), undouble, drop a final e.

    "testing", "tests", "tester" -> "test"; "optimize", "optimization" -> "optim"; "latest" stays.
    """
    for _ in range(2):
        for suffix in _SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
                word = word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
                break
        else:
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz" and not word[-1].isdigit():
        word = word[:-1]
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def words(text: str) -> list[tuple[str, str]]:
    """(surface word, term) pairs of ``text``: whole words, stopwords and bare numbers dropped."""
    lowered = text.lower()
    for marker, pattern, replacement in _SPELLINGS:
        if marker in lowered:
            lowered = pattern.sub(replacement, lowered)
    return [pair for word in _WORD.findall(lowered) for pair in _word_terms(word)]


@functools.lru_cache(maxsize=65536)
def _word_terms(word: str) -> tuple[tuple[str, str], ...]:
    if word.isdigit():
        return ()
    return tuple((word, stem(expanded)) for expanded in SYNONYMS.get(word, (word,)) if expanded not in STOPWORDS)


def terms(text: str) -> list[str]:
    """The terms of ``text`` in order (see ``words``)."""
    return [term for _, term in words(text)]


def _as_texts(value: Any) -> list[str]:
    """A frontmatter value that should be a list of strings (a lone string is accepted)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [str(item) for item in value if isinstance(item, (str, int, float))]
    return []


def split_examples(description: str) -> tuple[str, list[str], str]:
    """(description without ``<example>`` blocks, the blocks' user lines, the rest of the blocks)."""
    users: list[str] = []
    rest: list[str] = []
    for block in _EXAMPLE_BLOCK.findall(description):
        for match in _EXAMPLE_USER.finditer(block):
            users.append(next(group for group in match.groups() if group).strip())
        rest.append(_EXAMPLE_USER.sub(" ", re.sub(r"assistant:.*?(?=<commentary>|user:|$)", " ", block, flags=re.S)))
    main = _EXAMPLE_BLOCK.sub(" ", description)
    main = re.sub(r"\bExamples?:\s*$", " ", main.strip())
    return main, users, " ".join(rest)


@dataclass(frozen=True)
class _Entry:
    """What the catalog keeps about one agent."""

    agent: AgentSpec
    fields: dict[str, frozenset[str]]  # field -> its terms
    example_lines: tuple[tuple[str, frozenset[str]], ...]  # user lines and exampleTasks with their terms
    not_for: tuple[tuple[str, frozenset[str]], ...]  # notForTasks entries with their terms
    fingerprint: frozenset[str]  # description terms, to tell near-duplicate agents apart


def _fields_of(agent: AgentSpec) -> tuple[dict[str, list[str]], list[str]]:
    """The tokenised fields of ``agent`` and its example lines (text)."""
    main, users, rest = split_examples(agent.description or "")
    example_lines = users + _as_texts(agent.metadata.get("exampleTasks"))
    fields = {
        "name": terms(agent.name.replace("-", " ").replace("_", " ").replace(":", " ")),
        "keywords": [t for keyword in _as_texts(agent.metadata.get("keywords")) for t in terms(keyword)],
        "examples": [t for line in example_lines for t in terms(line)],
        "description": terms(main),
        "context": terms(rest),
        "body": terms(agent.body or ""),
    }
    return fields, example_lines


@dataclass(frozen=True)
class Alternative:
    """One candidate agent with its confidence and why."""

    agent: str
    confidence: float
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"agent": self.agent, "confidence": self.confidence, "reason": self.reason}


@dataclass(frozen=True)
class Recommendation:
    """The best agent for a task (``None`` when none is confident enough: work directly) and the others."""

    recommended: str | None
    confidence: float
    reason: str
    alternatives: list[Alternative] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "recommended": self.recommended,
            "confidence": self.confidence,
            "reason": self.reason,
            "alternatives": [alternative.to_dict() for alternative in self.alternatives],
        }


def _copies(first: _Entry, second: _Entry) -> bool:
    union = first.fingerprint | second.fingerprint
    return len(first.fingerprint & second.fingerprint) / max(len(union), 1) >= COPY_OVERLAP


@dataclass(frozen=True)
class Background:
    """How many agents of a reference catalog contain each term (terms found in one agent are left out).

    Word rarity (idf) is counted over the reference and the routed agents together, so a project with four
    agents gets the same confidences as a catalog of hundreds: "test" stays a common word, "playwright" a
    telling one. The packaged background comes from the public corpus in tests/data/agent-corpus
    (``benchmarks/bench_routing.py --write-background`` regenerates it).
    """

    agents: int
    frequencies: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"agents": self.agents, "documentFrequency": dict(sorted(self.frequencies.items()))}


NO_BACKGROUND = Background(0, {})
BACKGROUND_FILE = Path(__file__).with_name("routing_background.json")


@functools.lru_cache(maxsize=1)
def default_background() -> Background:
    """The packaged background (see ``Background``)."""
    data = json.loads(BACKGROUND_FILE.read_text(encoding="utf-8"))
    return Background(int(data["agents"]), dict(data["documentFrequency"]))


class Router:
    """A catalog of agents, built once, that recommends one for a task.

    ``threshold`` is the confidence under which ``recommend`` names no agent; ``background`` gives word
    rarity independent of how many agents there are (the packaged one when None).
    """

    def __init__(
        self, agents: Iterable[AgentSpec], threshold: float = DEFAULT_THRESHOLD, background: Background | None = None
    ) -> None:
        self.threshold = threshold
        self.background = default_background() if background is None else background
        self.agents: list[AgentSpec] = sorted(agents, key=lambda agent: agent.name)
        self._entries: list[_Entry] = []
        self._postings: dict[str, list[tuple[int, float]]] = {}
        self._idf: dict[str, float] = {}
        self._build()
        self._index = {entry.agent.name: index for index, entry in enumerate(self._entries)}

    # -- building the catalog -------------------------------------------------------------------------

    def _build(self) -> None:
        tokenised = []
        for agent in self.agents:
            fields, example_lines = _fields_of(agent)
            tokenised.append(fields)
            self._entries.append(
                _Entry(
                    agent=agent,
                    fields={name: frozenset(values) for name, values in fields.items()},
                    example_lines=tuple((line, frozenset(terms(line))) for line in example_lines),
                    not_for=tuple((text, frozenset(terms(text))) for text in _as_texts(agent.metadata.get("notForTasks"))),
                    fingerprint=frozenset(fields["description"]),
                )
            )
        count = max(len(tokenised), 1)
        average = {name: max(sum(len(f[name]) for f in tokenised) / count, 1.0) for name in FIELD_WEIGHTS}
        occurrences: dict[str, dict[int, dict[str, int]]] = {}  # term -> agent -> field -> count
        for index, fields in enumerate(tokenised):
            for name, values in fields.items():
                for term in values:
                    per_field = occurrences.setdefault(term, {}).setdefault(index, {})
                    per_field[name] = per_field.get(name, 0) + 1
        total = len(tokenised) + self.background.agents
        self._unknown_idf = math.log(1 + (total + 0.5) / 0.5)
        for term, per_agent in occurrences.items():
            frequency = len(per_agent) + self.background.frequencies.get(term, 0)
            idf = math.log(1 + (total - frequency + 0.5) / (frequency + 0.5))
            self._idf[term] = idf
            self._postings[term] = [
                (index, idf * sum(self._field_score(name, tf, len(tokenised[index][name]) / average[name])
                                  for name, tf in per_field.items()))
                for index, per_field in sorted(per_agent.items())
            ]

    @staticmethod
    def _field_score(name: str, tf: int, relative_length: float) -> float:
        """BM25 saturation of one field, weighted: a long body cannot outweigh a name."""
        norm = 1 - FIELD_B[name] + FIELD_B[name] * relative_length
        return FIELD_WEIGHTS[name] * tf * (K1 + 1) / (tf + K1 * norm)

    # -- querying -------------------------------------------------------------------------------------

    def _scores(self, task_terms: Sequence[str]) -> dict[int, float]:
        scores: dict[int, float] = {}
        for term in task_terms:
            for index, weight in self._postings.get(term, ()):
                scores[index] = scores.get(index, 0.0) + weight
        for index in list(scores):
            if self._excluded(self._entries[index], task_terms):
                scores[index] *= NOT_FOR_FACTOR
        return scores

    @staticmethod
    def _excluded(entry: _Entry, task_terms: Sequence[str]) -> str | None:
        """The notForTasks entry that ``task_terms`` matches, if any."""
        present = set(task_terms)
        for text, entry_terms in entry.not_for:
            if entry_terms and len(entry_terms & present) / len(entry_terms) >= NOT_FOR_COVERAGE:
                return text
        return None

    @staticmethod
    def _confidence(best: float, rival: float, coverage: float) -> float:
        """Squash the best score, discounted by unmatched task words and by a close rival of another kind."""
        margin = 1.0 if best <= 0 else min(1.0, max(0.0, (best - rival) / best / FULL_MARGIN))
        evidence = best * (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage) * (1 - MARGIN_WEIGHT * (1 - margin))
        return round(1 - math.exp(-evidence / SCORE_SCALE), 3)

    def _coverage(self, task_terms: Sequence[str], index: int) -> float:
        """The share of the task's informative weight (idf) that agent ``index`` matches."""
        entry = self._entries[index]
        matched = set().union(*entry.fields.values())
        total = sum(self._idf.get(term, self._unknown_idf) for term in task_terms)
        hit = sum(self._idf[term] for term in task_terms if term in matched and term in self._idf)
        return hit / total if total else 0.0

    def _ranked(self, task_terms: Sequence[str]) -> list[tuple[int, float]]:
        scores = self._scores(task_terms)
        return sorted(scores.items(), key=lambda item: (-item[1], self._entries[item[0]].agent.name))

    def rank(self, task: str, limit: int = 10) -> list[Alternative]:
        """The ``limit`` best agents for ``task``, best first, each with a confidence and a reason."""
        pairs = words(task)
        task_terms = list(dict.fromkeys(term for _, term in pairs))
        surface = {}
        for word, term in pairs:
            surface.setdefault(term, word)
        ranked = self._ranked(task_terms)
        results = []
        for position, (index, score) in enumerate(ranked[:limit]):
            rival = self._rival_score(ranked, position, task_terms)
            confidence = self._confidence(score, rival, self._coverage(task_terms, index))
            reason = self._reason(index, task_terms, surface)
            results.append(Alternative(self._entries[index].agent.name, confidence, reason))
        return sorted(results, key=lambda alternative: (-alternative.confidence, alternative.agent))

    def _rival_score(self, ranked: list[tuple[int, float]], position: int, task_terms: Sequence[str]) -> float:
        """The best score of an agent of another kind than the one at ``position``.

        Agents of the same kind are no rivals: copies of one agent (near-identical descriptions) and agents
        whose names share a word of the task ("fastapi-expert" and "fastapi-developer" for a FastAPI task).
        """
        entry = self._entries[ranked[position][0]]
        named = entry.fields["name"] & set(task_terms)
        for index, score in ranked:
            other = self._entries[index]
            if index == ranked[position][0] or named & other.fields["name"]:
                continue
            if not _copies(entry, other):
                return score
        return 0.0

    def document_frequencies(self, minimum: int = 2) -> dict[str, int]:
        """How many of this router's agents contain each term (terms in fewer than ``minimum`` left out)."""
        return {term: len(postings) for term, postings in self._postings.items() if len(postings) >= minimum}

    def copies(self, first: str, second: str) -> bool:
        """Whether agents ``first`` and ``second`` are copies of one agent (near-identical descriptions)."""
        return _copies(self._entries[self._index[first]], self._entries[self._index[second]])

    def recommend(self, task: str, top: int = 5) -> Recommendation:
        """The best agent for ``task`` if its confidence reaches the threshold, and ``top`` alternatives."""
        ranked = self.rank(task, limit=top + 1)
        if not ranked:
            return Recommendation(None, 0.0, "no agent's name, description or examples mention these words", [])
        best = ranked[0]
        if best.confidence >= self.threshold:
            return Recommendation(best.agent, best.confidence, best.reason, ranked[1 : top + 1])
        reason = f"no agent is a confident match (best: {best.agent} at {best.confidence:.2f}); work directly"
        return Recommendation(None, best.confidence, reason, ranked[:top])

    def recommend_llm(
        self, task: str, top: int = 5, *, client: Any = None, model: str = DEFAULT_LLM_MODEL, candidates: int = 10
    ) -> Recommendation:
        """Like ``recommend``, but a model re-ranks the ``candidates`` best agents (see ``llm_rank``)."""
        fallback = self.recommend(task, top)
        by_name = {entry.agent.name: entry.agent for entry in self._entries}
        specs = [by_name[alternative.agent] for alternative in self.rank(task, limit=candidates)]
        if not specs:
            return fallback
        return llm_rank(task, specs, fallback=fallback, client=client, model=model, threshold=self.threshold, top=top)

    # -- explaining -----------------------------------------------------------------------------------

    def _reason(self, index: int, task_terms: Sequence[str], surface: Mapping[str, str]) -> str:
        entry = self._entries[index]
        by_field: dict[str, list[str]] = {}
        for term in task_terms:
            for name in FIELD_WEIGHTS:
                if term in entry.fields[name]:
                    by_field.setdefault(name, []).append(f"'{surface[term]}'")
                    break
        if len(by_field) > 1:
            by_field.pop("body", None)  # words of the instructions only matter when nothing else matched
        parts = [f"matches {', '.join(by_field[name])} in {FIELD_LABELS[name]}" for name in FIELD_WEIGHTS if name in by_field]
        example = self._best_example(entry, task_terms)
        if example:
            parts.append(f"example task '{example}'")
        excluded = self._excluded(entry, task_terms)
        if excluded:
            parts.append(f"but it is not for '{excluded}'")
        return "; ".join(parts) if parts else "no matching words"

    @staticmethod
    def _best_example(entry: _Entry, task_terms: Sequence[str]) -> str | None:
        present = set(task_terms)
        best, best_hits = None, 0
        for line, line_terms in entry.example_lines:
            hits = len(line_terms & present)
            if hits > best_hits:
                best, best_hits = line, hits
        return best


def _llm_tool(names: Sequence[str]) -> dict[str, Any]:
    return {
        "name": "rank_agents",
        "description": "Rank the candidate agents by how well each fits the task, with a confidence in [0, 1].",
        "input_schema": {
            "type": "object",
            "properties": {
                "rankings": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "agent": {"type": "string", "enum": list(names)},
                            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                            "reason": {"type": "string"},
                        },
                        "required": ["agent", "confidence", "reason"],
                    },
                }
            },
            "required": ["rankings"],
        },
    }


def _llm_prompt(task: str, candidates: Sequence[AgentSpec]) -> str:
    lines = [f"- {agent.name}: {' '.join((agent.description or '').split())[:600]}" for agent in candidates]
    return (
        "A developer's task must go to the one subagent best suited for it, or to none (the main agent works "
        "directly) when no candidate clearly fits.\n\n"
        f"Task: {task}\n\nCandidates:\n" + "\n".join(lines) + "\n\n"
        "Call rank_agents with every candidate that could fit, best first. Confidence is the probability that "
        "the agent is the right one to delegate to; give low confidences when none fits."
    )


def _parse_rankings(message: Any, names: Sequence[str]) -> list[Alternative]:
    """The rankings in the model's tool call; ValueError when there is none or it is malformed."""
    for block in getattr(message, "content", None) or ():
        if getattr(block, "type", None) == "tool_use" and getattr(block, "name", None) == "rank_agents":
            rankings = block.input["rankings"]
            break
    else:
        raise ValueError("the model did not call rank_agents")
    results: dict[str, Alternative] = {}
    for item in rankings:
        agent, confidence = item["agent"], float(item["confidence"])
        if agent not in names:
            raise ValueError(f"the model ranked an unknown agent {agent!r}")
        if agent not in results:
            reason = str(item.get("reason") or "ranked by the model")
            results[agent] = Alternative(agent, round(min(max(confidence, 0.0), 1.0), 3), reason)
    if not results:
        raise ValueError("the model ranked no agent")
    return sorted(results.values(), key=lambda alternative: (-alternative.confidence, alternative.agent))


def llm_rank(
    task: str,
    candidates: Sequence[AgentSpec],
    *,
    fallback: Recommendation,
    client: Any = None,
    model: str = DEFAULT_LLM_MODEL,
    threshold: float = DEFAULT_THRESHOLD,
    top: int = 5,
) -> Recommendation:
    """Ask a model to rank ``candidates`` for ``task`` through a tool schema.

    ``client`` is an ``anthropic.Anthropic`` (built from ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL when None).
    On any error (no key, network, refusal, malformed answer) the deterministic ``fallback`` is returned,
    with the failure named in its reason.
    """
    names = [agent.name for agent in candidates]
    owned = None
    try:
        if client is None:
            import anthropic

            client = owned = anthropic.Anthropic(timeout=60.0, max_retries=1)
        message = client.messages.create(
            model=model,
            max_tokens=1024,
            tools=[_llm_tool(names)],
            tool_choice={"type": "tool", "name": "rank_agents"},
            messages=[{"role": "user", "content": _llm_prompt(task, candidates)}],
        )
        ranked = _parse_rankings(message, names)
    except Exception as exc:  # noqa: BLE001 - any failure of the optional model path falls back
        logger.warning("LLM ranking failed, using the deterministic ranking: %s", exc)
        first_line = (str(exc).splitlines() or [type(exc).__name__])[0][:200]
        return Recommendation(
            fallback.recommended,
            fallback.confidence,
            f"{fallback.reason} (LLM ranking failed: {first_line}; deterministic ranking used)",
            fallback.alternatives,
        )
    finally:
        if owned is not None:
            owned.close()
    best = ranked[0]
    if best.confidence >= threshold:
        return Recommendation(best.agent, best.confidence, f"LLM: {best.reason}", ranked[1 : top + 1])
    reason = f"LLM: no candidate is a confident match (best: {best.agent} at {best.confidence:.2f}); work directly"
    return Recommendation(None, best.confidence, reason, ranked[:top])


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
