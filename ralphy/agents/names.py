"""Agent names that look alike: how the Claude CLI's Agent tool matches a name, and what a person cannot tell
apart on a screen.

The CLI keeps every distinct string as an agent of its own (NFC and NFD "café-reviewer", "Code-Reviewer" and
"code-reviewer", a Cyrillic "о" for a Latin "o" all load side by side: no normalisation in discovery). Its
Agent tool runs the agent whose name is exactly the call's ``subagent_type``; failing that, from 2.1.197 at
least (2.1.62 and 2.0.0 match exactly only), the one agent whose ``cli_match_key`` is the same, and when
several are, none ("ambiguous"). Measured on each CLI by ``tests/e2e/test_unicode_names.py``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# JavaScript's \s, which the CLI's key drops, as it drops "_" and every dash (Unicode category Pd).
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_DROPPED = re.compile(f"[{_JS_SPACE}_\\-\u058a\u05be\u1400\u1806\u2010-\u2015\u2e17\u2e1a\u2e3a\u2e3b\u2e40"
                      "\u2e5d\u301c\u3030\u30a0\ufe31\ufe32\ufe58\ufe63\uff0d\U00010ead]")
# Characters that draw nothing or turn text around (what ralphy.termsafe shows as escapes, controls aside).
_INVISIBLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e"
                        "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001d173-\U0001d17a"
                        "\U000e0000-\U000e0fff]")
# Letters of other scripts drawn like a Latin one in common fonts (a small part of Unicode's confusables.txt:
# the Cyrillic and Greek letters a name would be forged with).
_LOOK_ALIKES = str.maketrans(
    "АВЕКМНОРСТХЅІЈаеорсухѕіјһԁԛԝӏ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαονριυχκ" "ıɡ",
    "ABEKMHOPCTXSIJaeopcyxsijhdqwl" "ABEZHIKMNOPTYXaovpiuxk" "ig",
)


def cli_match_key(name: str) -> str:
    """What the CLI's Agent tool compares when no agent has the exact name: NFKC, lower case, without white
    space, underscores and dashes ("Code_Reviewer", "ｃｏｄｅ-reviewer" and "code reviewer" all reach a lone
    "code-reviewer"; "code.reviewer" and "cafe-reviewer" for "café-reviewer" do not)."""
    return _DROPPED.sub("", unicodedata.normalize("NFKC", name).lower())


def look_alike_key(name: str) -> str:
    """``cli_match_key`` of ``name`` without its invisible characters and with look-alike letters of other
    scripts read as the Latin ones: two names with one key are hard to tell apart on a screen."""
    return cli_match_key(_INVISIBLE.sub("", unicodedata.normalize("NFKC", name)).translate(_LOOK_ALIKES))


def invisible_characters(name: str) -> list[str]:
    """The characters of ``name`` that draw nothing or turn text around, as ``U+200B ZERO WIDTH SPACE``."""
    return _described(dict.fromkeys(_INVISIBLE.findall(name)))


def look_alike_letters(name: str) -> list[str]:
    """The letters of ``name`` drawn like a Latin letter they are not, as ``'о' U+043E CYRILLIC SMALL LETTER O``."""
    found = list(dict.fromkeys(char for char in name if ord(char) in _LOOK_ALIKES))
    return [f"{char!r} {described}" for char, described in zip(found, _described(found))]


def _described(chars: Iterable[str]) -> list[str]:
    return [f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}" for char in chars]


def how_they_differ(name: str, other: str) -> str:
    """What tells two names of one ``look_alike_key`` apart, in a few words."""
    hidden = [*look_alike_letters(name), *invisible_characters(name)]
    hidden += [item for item in [*look_alike_letters(other), *invisible_characters(other)] if item not in hidden]
    if hidden:
        return "; ".join(hidden)
    if unicodedata.normalize("NFC", name) == unicodedata.normalize("NFC", other):
        return "the same letters, composed and decomposed (NFC and NFD)"
    if unicodedata.normalize("NFKC", name) == unicodedata.normalize("NFKC", other):
        return "the same letters in another Unicode form: full width, a ligature"
    if name.lower() == other.lower():
        return "letter case"
    return "letter case, Unicode form, spaces, dashes or underscores"
