"""The words of a task or an agent, as routing compares them.

Whole words, lowercased, with light stemming ("testing", "tests" -> "test"), a few general abbreviations
(k8s = kubernetes, db = database, pg = postgres...), spellings like C++ / C# / .NET kept whole, and stopwords
(including the filler of agent descriptions: "expert", "proactively"...) dropped. ``split_examples`` takes the
``<example>`` blocks many descriptions carry apart.
"""

from __future__ import annotations

import functools
import re
from itertools import chain
from typing import Any

try:  # the C counting loop Counter itself uses
    from _collections import _count_elements
except ImportError:  # pragma: no cover - CPython has it; the same loop in Python
    def _count_elements(mapping: dict[str, int], iterable: Any) -> None:
        get = mapping.get
        for element in iterable:
            mapping[element] = get(element, 0) + 1

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
    focused handles handle handling best practices modern task tasks
    goes going went gone whenever sometimes someone somebody something anyone anybody anything everyone everybody
    everything nobody still already always never often again ever yet though although
    really actually maybe perhaps""".split()
)

# Verbs every kind of task starts with ("Write unit tests...", "Build the image...", "Fix the layout..."): they
# say how, not what, so they weigh little (``routing.GENERIC_WEIGHT``), like "add" and "make", which are
# stopwords. Kept at all because "write the docs" or "build pipeline" still say a little. Stemmed terms.
GENERIC_VERBS = frozenset({"writ", "build", "impl", "creat", "fix", "set", "run"})

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
    # the build files named after their tool
    "dockerfile": ("dockerfile", "docker"),
    "dockerfiles": ("dockerfile", "docker"),
    "containerfile": ("containerfile", "container"),
    "jenkinsfile": ("jenkinsfile", "jenkins"),
    "vagrantfile": ("vagrantfile", "vagrant"),
    "gemfile": ("gemfile", "gem", "ruby"),
    "podfile": ("podfile", "cocoapods"),
    # what a task asks for, said through one of its instances: an attack names security work
    "auditor": ("audit",),
    "auditors": ("audit",),
    "injection": ("injection", "security"),
    "xss": ("xss", "security"),
    "csrf": ("csrf", "security"),
    "reentrancy": ("reentrancy", "security"),
    "vulnerability": ("vulnerability", "security"),
    "vulnerabilities": ("vulnerability", "security"),
}

_SPELLINGS: tuple[tuple[str, re.Pattern[str], str], ...] = (  # (cheap substring check, pattern, replacement)
    ("c++", re.compile(r"c\+\+"), " cpp "),
    ("c#", re.compile(r"(?<![a-z0-9])c#"), " csharp "),
    ("f#", re.compile(r"(?<![a-z0-9])f#"), " fsharp "),
    (".net", re.compile(r"(?<![a-z0-9])\.net\b"), " dotnet "),
    (".js", re.compile(r"\b([a-z]+)\.js\b"), r" \1js "),
    ("-d", re.compile(r"\b([23])-d\b"), r" \1d "),  # 3-D, 2-D: as 3D, 2D
)
# A version line, "AngularJS 1.x": a number, not the word "x". Read from the end (`\b(v?\d+(?:\.\d+)*)\.x\b`,
# reversed): from the start, each digit of a long "7.7.7.7..." run began a match that read the rest of the run
# (a 20 kB task took 14 s). Reversed, a match can only begin at an "x.", which ends its run; the longest run with a
# word boundary is taken, as the leftmost start of the forward pattern was, and " \1 " reads the same both ways.
_VERSION_LINE_REVERSED = re.compile(r"\bx\.((?:\d+\.)*\d+v?)\b")
WORD = re.compile(r"[a-z0-9]+")  # a word of lowered text: a run of ASCII letters and digits
_SUFFIXES: tuple[str, ...] = (
    "izations", "ization", "isations", "isation", "ations", "ation", "ators", "ator", "izers", "izer", "izing", "ized", "izes",
    "ize", "ises", "ised", "ising", "ise", "ities", "ity", "ments", "ment", "ances", "ance", "ives", "ive",
    "ings", "ing", "ers", "er", "ies", "ied", "ed", "es", "s",
)  # fmt: skip
# British spellings read as the American ones the agents' files use ("colour", "behaviour", "centre", "catalogue",
# "licence", "analyse", "modelling", "programme"); and a doubled l, which American English doubles too in a few
# words ("controller", "controlling").
_BRITISH = re.compile(
    r"^(?:(colo|behavio|favo|hono|labo|neighbo|flavo|humo|rumo|harbo|armo|endeavo|vapo|odo|savo)u(r.*)"
    r"|(cent|met|lit|theat|fib|calib)r(e|es|ed)|(catalo|dialo|analo)gue(s)?|(licen|defen|offen)c(e[sd]?|ing)"
    r"|(analy|paraly|cataly)s(e|ed|es|ing|er|ers)|(programm)e(s|d)?"
    r"|(model|label|cancel|travel|signal|level|fuel|channel|tunnel|funnel|dial|marshal|panel|control|patrol"
    r"|compel|propel|excel|rebel|expel|counsel|quarrel)l(ing|ings|ed|er|ers))$"
)
_AMERICAN = ("{}{}", "{}er{}", "{}g{}", "{}s{}", "{}z{}", "{}{}", "{}{}")  # per pair of _BRITISH's groups
_TRE = {"e": "", "es": "s", "ed": "ed"}  # "centre", "centres", "centred" -> "center", "centers", "centered"
# what every word _BRITISH matches holds or ends with: the others (most words) skip the pattern
_BRITISH_ENDINGS = ("re", "res", "red", "gue", "gues", "ce", "ces", "ced", "cing", "yse", "ysed", "yses", "ysing", "yser",
                    "ysers", "mme", "mmes", "mmed")


def american(word: str) -> str:
    """``word`` in the American spelling ``stem`` reads ("colours" -> "colors", "modelling" -> "modeling")."""
    if len(word) < 5 or not ("our" in word or "ll" in word or word.endswith(_BRITISH_ENDINGS)):
        return word
    found = _BRITISH.match(word)
    if found is None:
        return word
    pair = next(index for index in range(len(_AMERICAN)) if found.group(2 * index + 1))
    ending = found.group(2 * pair + 2) or ""
    return _AMERICAN[pair].format(found.group(2 * pair + 1), _TRE[ending] if pair == 1 else ending)


# _SUFFIXES by their last letter, in _SUFFIXES' order: a word is tested only against those it can end with
# (a fresh process stems every distinct word of 2,000 agents, about 10,000, once).
_SUFFIXES_BY_LAST: dict[str, tuple[str, ...]] = {}
for _suffix in _SUFFIXES:
    _SUFFIXES_BY_LAST[_suffix[-1]] = (*_SUFFIXES_BY_LAST.get(_suffix[-1], ()), _suffix)
del _suffix
_EXAMPLE_BLOCK = re.compile(r"<example>(.*?)(?:</example>|$)", re.DOTALL | re.IGNORECASE)
_EXAMPLE_USER = re.compile(
    r"user:\s*(?:\"([^\"]+)\"|'([^']+)'|(.+?))\s*(?=assistant:|<commentary>|\n|$)", re.IGNORECASE | re.DOTALL
)


def stem(word: str) -> str:
    """A light, deterministic stemmer: strip one common suffix (twice at most, a plural's "s" once), undouble, drop
    a final e.

    "testing", "tests", "tester" -> "test"; "optimize", "optimization" -> "optim"; "accessible",
    "accessibility" -> "accessibl"; "releases", "release" -> "releas"; "colour" -> "color" (``american``);
    "latest" stays.
    """
    word = american(word)
    for round_ in range(2):
        if word.endswith("ss"):  # "class", "access": no suffix is taken off
            break
        for suffix in _SUFFIXES_BY_LAST.get(word[-1:], ()):  # the first of _SUFFIXES the word ends with
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                if round_ and suffix in ("s", "es"):  # a plural's s once: "releases" -> "releas", "parser" -> "pars"
                    break
                word = word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
                break
        else:
            break
    if word.endswith(("abil", "ibil")):  # "accessibility" -> "accessibl", as "accessible" (scalable, observable...)
        word = word[:-2] + "l"
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz" and not word[-1].isdigit():
        word = word[:-1]
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def _lowered(text: str) -> str:
    lowered = text.lower()
    for marker, pattern, replacement in _SPELLINGS:
        if marker in lowered:
            lowered = pattern.sub(replacement, lowered)
    if ".x" in lowered:
        lowered = _VERSION_LINE_REVERSED.sub(r" \1 ", lowered[::-1])[::-1]
    return lowered


# Every byte that is not [a-z0-9] -> a space: ``_split_words`` is ``WORD.findall`` at about twice the speed
# (a non-ASCII character is bytes >= 0x80 in UTF-8, so it separates words as it does for the pattern).
_NOT_WORD_BYTES = bytes(c if 48 <= c <= 57 or 97 <= c <= 122 else 32 for c in range(256))


def _split_words(lowered: str) -> list[str]:
    """``WORD.findall(lowered)``: the runs of [a-z0-9] in ``lowered``."""
    return lowered.encode("utf-8", "surrogatepass").translate(_NOT_WORD_BYTES).decode("ascii").split()


def words(text: str) -> list[tuple[str, str]]:
    """(surface word, term) pairs of ``text``: whole words, stopwords and bare numbers dropped."""
    return [pair for word in WORD.findall(_lowered(text)) for pair in _word_terms(word)]


def term_counts(*texts: str) -> dict[str, int]:
    """How often each term occurs in ``texts``: ``Counter(terms(text))`` over them, counted in C (routing
    tokenises thousands of agents), as a plain dict (a Counter's own set-up checks cost 12,000 calls a few
    hundredths of a second, and a plain dict goes through marshal: ``ralphy.agents.term_workers``)."""
    counts: dict[str, int] = {}
    if any(texts):  # most agents leave most fields empty (keywords, examples...)
        _count_elements(counts, chain.from_iterable(map(_TERMS_OF_WORD.__getitem__, chain.from_iterable(
            _split_words(_lowered(text)) for text in texts))))
    return counts


class _TermTable(dict):
    """word -> its terms, filled on first sight (a dict lookup from C costs half an lru_cache call)."""

    def __missing__(self, word: str) -> tuple[str, ...]:
        if len(self) >= 262144:
            self.clear()
        # ``_word_terms``'s terms, worked out here without its (word, term) pairs and its cache: a fresh process
        # meets each distinct word of its agents here once (about 10,000 for bench_prompt's 2,000 agents)
        terms_of_word = self[word] = () if word.isdigit() else tuple(
            [stem(expanded) for expanded in SYNONYMS.get(word, (word,)) if expanded not in STOPWORDS])
        return terms_of_word


_TERMS_OF_WORD = _TermTable()


def name_text(name: str) -> str:
    """An agent's name as words: "python-pro", "test_automator" and "plugin:reviewer" split where they join."""
    return name.replace("-", " ").replace("_", " ").replace(":", " ")


def word_terms(word: str) -> tuple[str, ...]:
    """The terms of one lowercased run of [a-z0-9] (a word of a name, say): ``terms(word)``, from the table
    ``term_counts`` fills (so asking again costs a dict lookup)."""
    return _TERMS_OF_WORD[word]


@functools.lru_cache(maxsize=65536)
def _word_terms(word: str) -> tuple[tuple[str, str], ...]:
    if word.isdigit():
        return ()
    return tuple((word, stem(expanded)) for expanded in SYNONYMS.get(word, (word,)) if expanded not in STOPWORDS)


def terms(text: str) -> list[str]:
    """The terms of ``text`` in order (see ``words``)."""
    return [term for _, term in words(text)]


def as_texts(value: Any) -> list[str]:
    """A frontmatter value that should be a list of strings (a lone string is accepted)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [str(item) for item in value if isinstance(item, (str, int, float))]
    return []


def split_examples(description: str) -> tuple[str, list[str], str]:
    """(description without ``<example>`` blocks, the blocks' user lines, the rest of the blocks)."""
    if "<" not in description:  # no block: what split_example_blocks would leave, without running its patterns
        main = description.strip()
        return (re.sub(r"\bExamples?:\s*$", " ", main) if "Example" in main else main), [], ""
    return split_example_blocks(description)


def split_example_blocks(description: str) -> tuple[str, list[str], str]:
    """``split_examples`` by its regular expressions alone, whatever the description holds."""
    users: list[str] = []
    rest: list[str] = []
    for block in _EXAMPLE_BLOCK.findall(description):
        for match in _EXAMPLE_USER.finditer(block):
            users.append(next(group for group in match.groups() if group).strip())
        rest.append(_EXAMPLE_USER.sub(" ", re.sub(r"assistant:.*?(?=<commentary>|user:|$)", " ", block, flags=re.S)))
    main = _EXAMPLE_BLOCK.sub(" ", description)
    main = re.sub(r"\bExamples?:\s*$", " ", main.strip())
    return main, users, " ".join(rest)


# Where what a task asks for ends and its context begins: "Write unit tests | for the ISBN validator",
# "Plan the migration | from the PHP 5.6 app to Symfony 7".
_HEAD_END = re.compile(
    r"\b(?:for|in|on|with|from|to|of|into|behind|using|via|by|at|across|between|under|that|so|when|where|which|"
    r"after|before|during|per|without|against)\b|[:;,(]|\.(?!\w)"
)


def head_clauses(task: str) -> list[list[str]]:
    """The terms of what each line of ``task`` asks for, in order: the line up to its first preposition or
    punctuation mark. A line of one word (a group's heading above its task titles) asks for nothing."""
    clauses = []
    for line in task.lower().splitlines():
        line = line.strip()
        if len(terms(line)) > 1:
            match = _HEAD_END.search(line, 1)
            clauses.append(terms(line[: match.start()] if match else line))
    return clauses


def head_terms(task: str) -> frozenset[str]:
    """The terms of what ``task`` asks for (``head_clauses``, every line's together)."""
    return frozenset(term for clause in head_clauses(task) for term in clause)
