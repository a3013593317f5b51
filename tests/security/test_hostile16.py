"""Round six of hostile repositories (hostile16): names that look alike.

Agent names come from the repository. The Claude CLI keeps every distinct string as its own agent (no
normalisation: NFC and NFD "café-reviewer", "Code-Reviewer" and "code-reviewer", a Cyrillic "о" all load side
by side; tests/e2e/test_unicode_names.py measures it), so ralphy lists them all as the CLI does; what must not
happen is that a terminal shows two of them, or a built-in's name, the same way without a word.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ralphy.testing import init_git_project
from ralphy.termsafe import display_width, one_line, safe_text
from tests.security.test_hostile_repos import _on_a_terminal

INVISIBLE = {
    "\u200b": "ZERO WIDTH SPACE", "\u200c": "ZERO WIDTH NON-JOINER", "\u200d": "ZERO WIDTH JOINER",
    "\u2060": "WORD JOINER", "\u2063": "INVISIBLE SEPARATOR", "\ufeff": "ZERO WIDTH NO-BREAK SPACE",
    "\u00ad": "SOFT HYPHEN", "\u034f": "COMBINING GRAPHEME JOINER", "\u180e": "MONGOLIAN VOWEL SEPARATOR",
    "\u3164": "HANGUL FILLER", "\u115f": "HANGUL CHOSEONG FILLER", "\uffa0": "HALFWIDTH HANGUL FILLER",
    "\u2028": "LINE SEPARATOR", "\u2029": "PARAGRAPH SEPARATOR", "\ufff9": "INTERLINEAR ANNOTATION ANCHOR",
    "\U000e0041": "TAG LATIN CAPITAL LETTER A", "\U000e0001": "LANGUAGE TAG", "\U000e0100": "VARIATION SELECTOR-17",
    "\ufe0f": "VARIATION SELECTOR-16 after a letter",
}


@pytest.mark.parametrize("char", INVISIBLE, ids=INVISIBLE.values())
def test_an_invisible_character_is_shown_as_an_escape(char):
    shown = safe_text(f"code{char}-reviewer")
    assert char not in shown
    code = ord(char)
    escape = f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
    assert shown == f"code{escape}-reviewer"
    assert display_width(f"code{char}-reviewer") == len(shown)


@pytest.mark.parametrize("emoji", [
    "\U0001f468\u200d\U0001f4bb",  # man technologist: a zero width joiner between two emoji
    "\U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag: VS16 then ZWJ
    "\U0001f469\U0001f3fd\u200d\u2695\ufe0f",  # health worker, skin tone, VS16 at the end
    "\u2764\ufe0f\u200d\U0001f525",  # heart on fire
    "1\ufe0f\u20e3",  # keycap one
    "\u263a\ufe0f and \u2709\ufe0e",  # emoji and text presentation selectors
])
def test_emoji_sequences_stay_as_they_are(emoji):
    """A joiner or a presentation selector inside an emoji sequence draws the emoji, it hides nothing."""
    assert safe_text(f"Reviewer {emoji} at work") == f"Reviewer {emoji} at work"


def test_a_joiner_between_letters_or_at_an_end_is_shown():
    assert safe_text("a\u200db") == "a\\u200db"
    assert safe_text("\U0001f468\u200d") == "\U0001f468\\u200d"
    assert safe_text("\u200d\U0001f4bb") == "\\u200d\U0001f4bb"
    assert safe_text("\ufe0f\ufe0f") == "\\ufe0f\\ufe0f"


def test_visible_unicode_is_kept():
    text = "café — ｃｏｄｅ ﬁle соde Ωmega 日本語 naïve"
    assert safe_text(text) == text and one_line(text) == text


def _agents_repo(tmp_path: Path, names: dict[str, str]) -> Path:
    root = init_git_project(tmp_path / "repo", commit=False)
    folder = root / ".claude" / "agents"
    folder.mkdir(parents=True)
    for file, name in names.items():
        (folder / file).write_text(f"---\nname: {json.dumps(name, ensure_ascii=False)}\ndescription: Reviews {name} "
                                   "code.\n---\nbody\n", encoding="utf-8")
    return root


def test_agents_list_on_a_terminal_shows_an_invisible_character_in_a_name(tmp_path):
    root = _agents_repo(tmp_path, {"a.md": "code-reviewer", "b.md": "code\u200b-reviewer",
                                   "c.md": "general-purpose\u2060", "d.md": "tag\U000e0041gent"})
    code, seen = _on_a_terminal(["agents", "list", str(root)], root)
    assert code == 0, seen[-500:]
    for raw in ("\u200b", "\u2060", "\U000e0041"):
        assert raw.encode() not in seen, seen
    for shown in (b"code\\u200b-reviewer", b"general-purpose\\u2060", b"tag\\U000e0041gent"):
        assert shown in seen
