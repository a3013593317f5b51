"""``terms._split_words`` (bytes translated, then split) finds exactly the words ``_WORD.findall`` finds."""

from __future__ import annotations

import random

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
    assert terms._split_words(lowered) == terms._WORD.findall(lowered)


def test_split_words_is_the_pattern_on_random_text_and_the_real_corpus() -> None:
    rng = random.Random(10)
    alphabet = "abcxyz0189 -_.,:;\t\n\u00e9\u00df\u212a\u0130\u00a0🚀\udc80ＡＺ+#"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40))).lower()
        assert terms._split_words(text) == terms._WORD.findall(text), repr(text)
    files = sorted(CORPUS.rglob("*.md"))
    assert len(files) > 500
    for path in files:
        text = terms._lowered(path.read_text(encoding="utf-8", errors="surrogateescape"))
        assert terms._split_words(text) == terms._WORD.findall(text), path
