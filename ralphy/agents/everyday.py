"""Technology names that are ordinary words: "go", "rust", "swift", "spring", "express"... (issue 15, words16).

"Refunds sometimes go out twice" names no Go, "the pump misses its 1 ms deadline at 8 °C" no C, "spring cleaning" no
Spring and "express delivery" no Express; scored as words, each recommended the language's agent with a high
confidence, because an agent's name weighs a word whatever its rarity. So a word of ``AMBIGUOUS`` counts as the
technology only with evidence that the task means it, as people write a product's name:

- written with a capital inside a sentence ("Port the CLI to Go", "Fix the Rust borrow error"; not at a sentence's
  start, where every word has one, and not in capitals, an acronym: "a GIN index"), or as a file's extension
  (``main.go``);
- followed by a version ("Spring 6", "rails 7.1") or by a noun of software (``COMPANIONS``: "go module", "the rust
  code", "Spring Boot", "the flutter app");
- or the task names the technology otherwise: another spelling ("golang"), or a technology of its ecosystem in the
  technology table (``ralphy.agents.technologies``: "goroutines", "tokio", "Riverpod", "ActiveRecord").

Without any, ``everyday_terms`` gives the word's term and ``routing.Router`` leaves it out of the task (``task_words``). A unit after a
degree sign ("8 °C") is never the language. Written from what these words mean in everyday English, before the
routing misses were sorted by cause; each word here is the name of a language or framework an agent of the corpus is
named for.
"""

from __future__ import annotations

import functools
import re

from ralphy.agents.senses import other_senses
from ralphy.agents.terms import terms, word_terms, words as _words

# Technology names that are also ordinary English words (or a letter), as written in lower case.
AMBIGUOUS = frozenset(
    "go rust swift spring express flutter dart ruby julia elixir rails gin fiber mocha chef puppet ember c r".split())
# Nouns of software that, right after such a word, say it is the technology ("the Go service", "a rust crate").
COMPANIONS = frozenset(
    """app apps application applications service services code codebase module modules package packages library
    libraries lib libs sdk api apis server servers backend backends binary binaries cli project projects program
    programs version versions upgrade toolchain compiler runtime developer developers dev devs test tests handler
    handlers struct structs source rewrite port build builds dependency dependencies stack microservice
    microservices worker workers boot crate crates gem gems gemfile middleware router routes controller controllers
    widget widgets plugin plugins framework client clients script scripts file files generics interface interfaces
    channels goroutine goroutines console cloud data security batch integration mvc webflux bloc provider riverpod
    pub linter lint format fmt vet mod modules""".split())
# Other words that name one of them without spelling it ("golang"), by the word's term.
_SPELLED: dict[str, re.Pattern[str]] = {"go": re.compile(r"\bgolang\b", re.IGNORECASE),
                                       "rail": re.compile(r"\bror\b", re.IGNORECASE)}
MAX_OCCURRENCES = 256  # ambiguous words looked at in one task (a task file's line is not a book)
_ANY = re.compile(r"\b(?:" + "|".join(sorted(AMBIGUOUS)) + r")\b", re.IGNORECASE)
_NEXT_WORD = re.compile(r"[^A-Za-z0-9]{1,8}?([A-Za-z0-9]+)")
_LOOK_BACK = 64
_UNIT_BEFORE = re.compile(r"\d\s?\Z")
_EXTENSION_BEFORE = re.compile(r"\w\.\Z")
_LEADING = " \t\r-*+>[]x0123456789.)"  # what may stand between a sentence's start and its first word: bullets, a box


def _sentence_start(before: str, start: int) -> bool:
    """Whether a word preceded by ``before`` (the text before it, at most ``_LOOK_BACK`` characters, the task's from
    ``start``) is the first of the task, a line or a sentence (a bullet, a number or a box before it aside)."""
    if len(before) == start and not before.strip(_LEADING):
        return True
    text = before.rstrip(" \t\r")
    if not text or text[-1] in "\n.!?:;":  # (nothing but blanks in the characters read: the start of a line)
        return True
    lines = text.rsplit("\n", 1)
    return len(lines) == 2 and not lines[1].strip(_LEADING)


def task_words(task: str) -> list[tuple[str, str]]:
    """(surface word, term) pairs of ``task`` as routing scores them (``terms.words``), less the terms of the
    technology names it uses as ordinary words (``everyday_terms``) and of the descriptions' words it uses in another
    sense (``senses.other_senses``)."""
    pairs = _words(task)
    everyday = everyday_terms(task) | {term for term, names in other_senses(task).items() if not names}
    return [pair for pair in pairs if pair[1] not in everyday] if everyday else pairs


def _term(word: str) -> str | None:
    found = word_terms(word)
    return found[0] if found else None


@functools.lru_cache(maxsize=4096)
def everyday_terms(task: str) -> frozenset[str]:
    """The terms of ``AMBIGUOUS`` words that ``task`` uses in their everyday sense (no evidence of the technology).
    The first ``MAX_OCCURRENCES`` such words are looked at; a word first met after them is left as it is."""
    everyday: set[str] = set()
    technology: set[str] = set()
    for count, match in enumerate(_ANY.finditer(task)):
        if count >= MAX_OCCURRENCES:
            break
        term = _term(match.group().lower())
        if term is None or task[match.end():match.end() + 1] in ("+", "#", "&"):  # C++, C#, R&D: another term
            continue
        (technology if _technology(task, match) else everyday).add(term)
    everyday -= technology
    if everyday:
        named = _ecosystems(tuple(terms(task)))
        everyday = {term for term in everyday if term not in named
                    and not (term in _SPELLED and _SPELLED[term].search(task))}
    return frozenset(everyday)


def _technology(task: str, match: re.Match[str]) -> bool:
    """Whether this occurrence of an ambiguous word is written as the technology's name (see the module's rules)."""
    start, end = match.span()
    written = match.group()
    before = task[max(0, start - _LOOK_BACK):start]  # what precedes, bounded: a long task costs no more per word
    if before.endswith("°") or before.endswith("° ") or _UNIT_BEFORE.search(before):  # 8 °C, 30C: a unit
        return False
    if _EXTENSION_BEFORE.search(before):  # main.go, app.rb: a file's extension
        return True
    if written[0].isupper() and not (len(written) > 1 and written.isupper()) and not _sentence_start(before, start):
        return True
    if task[end:end + 1] in (",", ";", ":", "."):
        return False
    following = _NEXT_WORD.match(task, end)
    return following is not None and (following.group(1)[0].isdigit() or following.group(1).lower() in COMPANIONS)


@functools.lru_cache(maxsize=1)
def _ecosystem_table() -> dict[str, tuple[tuple[tuple[str, ...], frozenset[str]], ...]]:
    from ralphy.agents.technologies import _table

    return _table()


def _ecosystems(sequence: tuple[str, ...]) -> frozenset[str]:
    """The terms of every field (``technologies.FIELDS``) a technology the task names belongs to, the ambiguous
    words' own entries left out (a word is no evidence for itself)."""
    table = _ecosystem_table()
    found: set[str] = set()
    for position, term in enumerate(sequence):
        for entry, field in table.get(term, ()):
            if tuple(sequence[position:position + len(entry)]) == entry and not (
                    len(entry) == 1 and entry[0] in _ambiguous_terms()):
                found |= field
    return frozenset(found)


@functools.lru_cache(maxsize=1)
def _ambiguous_terms() -> frozenset[str]:
    """The terms of ``AMBIGUOUS``' words."""
    return frozenset(term for word in AMBIGUOUS for term in word_terms(word))
