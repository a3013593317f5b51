"""``terms._split_words`` (bytes translated, then split) finds exactly the words ``WORD.findall`` finds."""

from __future__ import annotations

import random
import re
import time

import pytest

from ralphy.agents import terms
from tests.conftest import CORPUS

TRICKY = [
    "", "   ", "a", "abc123 def", "café au lait", "naïve—résumé", "\u212a8s deploy".lower(), "İstanbul".lower(),
    "x\x00y\x7fz", "tab\tseparated\nlines\r\n", "emoji 🚀rocket🚀", "lone \udcff surrogate", "ａｂｃ full width",
    "snake_case and kebab-case and dot.case", "c++ c# f# .net next.js", "\u00a0no-break\u00a0space", "ß straße",
]


@pytest.mark.parametrize("text", TRICKY)
def test_split_words_is_the_pattern_on_tricky_text(text: str) -> None:
    lowered = terms._lowered(text)
    assert terms._split_words(lowered) == terms.WORD.findall(lowered)


def test_split_words_is_the_pattern_on_random_text_and_the_real_corpus() -> None:
    rng = random.Random(10)
    alphabet = "abcxyz0189 -_.,:;\t\n\u00e9\u00df\u212a\u0130\u00a0🚀\udc80ＡＺ+#"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40))).lower()
        assert terms._split_words(text) == terms.WORD.findall(text), repr(text)
    files = sorted(CORPUS.rglob("*.md"))
    assert len(files) > 500
    for path in files:
        text = terms._lowered(path.read_text(encoding="utf-8", errors="surrogateescape"))
        assert terms._split_words(text) == terms.WORD.findall(text), path


def _stem_before(word: str) -> str:
    """``terms.stem`` as it was written before its suffixes were grouped by last letter (the oracle), with the
    British spellings and a plural's "s" taken once (catalog18)."""
    word = terms.american(word)
    for round_ in range(2):
        for suffix in terms._SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
                if round_ and suffix in ("s", "es"):
                    return _stem_end(word)
                word = word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
                break
        else:
            break
    return _stem_end(word)


def _stem_end(word: str) -> str:
    if word.endswith(("abil", "ibil")):
        word = word[:-2] + "l"
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz" and not word[-1].isdigit():
        word = word[:-1]
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def test_stem_is_the_same_as_before_on_every_corpus_word_and_random_words() -> None:
    words = set()
    for path in CORPUS.rglob("*.md"):
        words.update(terms._split_words(terms._lowered(path.read_text(encoding="utf-8", errors="surrogateescape"))))
    assert len(words) > 10_000
    rng = random.Random(7)
    for _ in range(20_000):
        words.add("".join(rng.choice("aeiostnrgdzyl") for _ in range(rng.randrange(0, 12))))
    words.update(["", "s", "ss", "class", "classes", "access", "accessibility", "stresses", "running", "ties"])
    for word in words:
        assert terms.stem(word) == _stem_before(word), word


def test_word_terms_are_the_terms_of_the_word_for_every_word_of_a_corpus_agent_name() -> None:
    names = {path.stem.lower() for path in CORPUS.rglob("*.md")}
    words = {word for name in names for word in terms.WORD.findall(name)}
    assert len(words) > 400
    for word in sorted(words | {"k8s", "docs", "auditor", "2024", "the", "a11y"}):
        assert terms.word_terms(word) == tuple(terms.terms(word)), word
    assert terms.word_terms("auditors") == ("audit",) and terms.word_terms("2024") == ()


VERSION_LINE = re.compile(r"\b(v?\d+(?:\.\d+)*)\.x\b")  # the pattern as it was written, read from the start


@pytest.mark.parametrize(("text", "words"), [
    ("Upgrade AngularJS 1.x", ["upgrade", "angularjs", "1"]),
    ("v2.x and 3.10.x lines", ["v2", "and", "3", "10", "lines"]),
    ("a1.2.x", ["a1", "2"]),  # no word boundary before "1": the run starts at "2", as it did
    ("1.x2 stays", ["1", "x2", "stays"]),
])
def test_a_version_line_is_its_number(text: str, words: list[str]) -> None:
    assert terms._split_words(terms._lowered(text)) == words


def test_the_version_line_read_from_the_end_finds_what_the_pattern_found_from_the_start() -> None:
    rng = random.Random(17)
    for _ in range(20_000):
        text = "".join(rng.choice("12.xv a-_") for _ in range(rng.randrange(0, 40)))
        assert terms._lowered(text) == VERSION_LINE.sub(r" \1 ", text), repr(text)


def test_a_long_run_of_numbers_and_dots_is_read_in_linear_time() -> None:
    text = "7.7." * 25_000 + " 1.x"  # from the start: each digit read the rest of the run, 20 kB took 14 s
    started = time.process_time()
    lowered = terms._lowered(text)
    assert time.process_time() - started < 1.0
    assert lowered.endswith(" 1 ")
