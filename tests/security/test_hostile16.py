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


# --- lint: names a person cannot tell apart ---------------------------------------------------------------

from ralphy.agents.discovery import discover_agents  # noqa: E402
from ralphy.agents.lint import lint  # noqa: E402
from ralphy.agents.names import cli_match_key, look_alike_key  # noqa: E402


@pytest.mark.parametrize("name, same", [
    ("Code_Reviewer", "code-reviewer"), ("\uff43\uff4f\uff44\uff45-reviewer", "code-reviewer"),
    ("code reviewer\u00a0", "code-reviewer"), ("code\u2013reviewer", "code-reviewer"), ("A.B", "a.b"),
    ("cafe\u0301", "caf\u00e9"), ("\ufb01le", "file"),
])
def test_the_cli_match_key_is_what_the_agent_tool_falls_back_to(name, same):
    """As measured on 2.1.197 and 2.1.330 (tests/e2e/test_unicode_names.py)."""
    assert cli_match_key(name) == cli_match_key(same)


@pytest.mark.parametrize("name, other", [
    ("code.reviewer", "code-reviewer"), ("cafe", "caf\u00e9"), ("code\u200b-reviewer", "code-reviewer"),
    ("code\u2212reviewer", "code-reviewer"), ("c\u043ede-reviewer", "code-reviewer"),
])
def test_what_the_cli_does_not_match(name, other):
    assert cli_match_key(name) != cli_match_key(other)


def test_look_alikes_are_what_the_cli_matches_plus_what_the_eye_cannot_tell():
    assert look_alike_key("c\u043ede\u200b-reviewer") == look_alike_key("Code-Reviewer") == "codereviewer"
    assert look_alike_key("\u0421\u041e\u0414\u0415") != look_alike_key("code")  # Д is no D
    assert look_alike_key("caf\u00e9") != look_alike_key("cafe")  # an accent shows


def _findings(tmp_path: Path, names: dict[str, str]) -> list:
    root = _agents_repo(tmp_path, names)
    return [f for f in lint(discover_agents(root)) if f.code in ("look-alike-name", "name-invisible")]


def test_lint_warns_once_for_each_look_alike_naming_the_other(tmp_path):
    findings = _findings(tmp_path, {"a.md": "code-reviewer", "b.md": "c\u043ede-reviewer", "c.md": "Code-Reviewer",
                                    "d.md": "test-writer", "e.md": "code\u200b-reviewer"})
    by_file = {(f.path.name, f.code): f for f in findings}
    assert sorted(by_file) == [("a.md", "look-alike-name"), ("b.md", "look-alike-name"),
                               ("e.md", "look-alike-name"), ("e.md", "name-invisible")]
    assert all(f.severity == "warning" for f in findings)
    case = by_file["a.md", "look-alike-name"].message
    assert "'Code-Reviewer'" in case and "c.md" in case and "letter case" in case and "ambiguous" in case
    cyrillic = by_file["b.md", "look-alike-name"].message
    assert "U+043E CYRILLIC SMALL LETTER O" in cyrillic and "never reaches the other" in cyrillic
    assert "U+200B ZERO WIDTH SPACE" in by_file["e.md", "name-invisible"].message


def test_lint_warns_about_a_look_alike_of_a_built_in_and_not_about_a_replaced_one(tmp_path):
    findings = _findings(tmp_path, {"a.md": "explore", "b.md": "\uff47eneral-purpose", "c.md": "Plan",
                                    "d.md": "general-purpose\u2060"})
    messages = {f.path.name: f.message for f in findings if f.code == "look-alike-name"}
    assert sorted(messages) == ["a.md", "b.md", "d.md"]  # "Plan" replaces the built-in, as the CLI does
    assert "built-in agent 'Explore'" in messages["a.md"] and "does not replace it" in messages["a.md"]
    assert "full width" in messages["b.md"]


def test_agents_check_exits_0_on_look_alikes_alone(tmp_path):
    import subprocess
    import sys

    root = _agents_repo(tmp_path, {"a.md": "caf\u00e9-reviewer", "b.md": "cafe\u0301-reviewer"})
    done = subprocess.run([sys.executable, "-m", "ralphy", "agents", "check", str(root)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "[look-alike-name]" in done.stdout and "composed and decomposed (NFC and NFD)" in done.stdout



def test_agents_check_is_one_line_a_file_or_finding_whatever_the_folders_are_called(tmp_path):
    """A folder 'we\\nird' split a LOADED line and the look-alike warning that names its file in two."""
    import subprocess
    import sys

    root = _agents_repo(tmp_path, {"a.md": "Code-Reviewer"})
    odd = root / ".claude" / "agents" / "we\nird"
    odd.mkdir()
    (odd / "b.md").write_text("---\nname: code-reviewer\ndescription: Reviews code.\n---\nbody\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "ralphy", "agents", "check", str(root)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert sum(line.startswith("LOADED ") for line in lines) == 2
    assert all(line.startswith(("LOADED ", "WARNING ", "HINT ", "2 loaded")) for line in lines), lines
    assert any("we\\nird/b.md [look-alike-name]" in line for line in lines), lines

# --- frontmatter: a character past U+FFFF escaped as two UTF-16 halves ------------------------------------

from ralphy.agents.frontmatter import _parse_frontmatter  # noqa: E402


@pytest.mark.parametrize("style", ["yaml", "yaml-bun-2.1.150", "yaml-node", "yaml-2.1.62"])
def test_a_surrogate_pair_escape_is_one_character_as_the_cli_reads_it(style):
    data, _, error = _parse_frontmatter('---\nname: "\\ud83d\\ude80-launcher"\ndescription: "x \\uD83D\\uDE80"\n'
                                        'tools: a\\ud83d\\ude80\n---\nbody\n', style)
    assert error is None
    assert data == {"name": "\U0001f680-launcher", "description": "x \U0001f680", "tools": "a\\ud83d\\ude80"}


def test_a_lone_surrogate_escape_is_a_skipped_file_as_cli_2_1_330_skips_it():
    data, _, error = _parse_frontmatter('---\nname: "lone\\ud800x"\ndescription: d\n---\n', "yaml")
    assert data == {} and "half of a UTF-16 surrogate pair" in error


def test_a_duplicate_key_is_still_refused_by_the_2_1_62_rules_with_a_pair_escape():
    _, _, error = _parse_frontmatter('---\nname: "\\ud83d\\ude80"\nname: b\ndescription: d\n---\n', "yaml-2.1.62")
    assert error is not None and "duplicate key" in error


def test_a_pair_escape_is_read_again_after_yaml_was_imported_anew():
    """The loader is built once, from the yaml module of that moment; a module imported anew (pyfakefs's ``fs`` does
    it) raises its own YAMLError class, and the second reading of a pair escape still runs. It did not when the
    loader was first built under ``fs``: test_discovery's CRLF test, then the three above, failed in that order."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from ralphy.agents import cli_yaml\n"
            "cli_yaml.load_yaml('a: 1')\n"
            "for name in [name for name in sys.modules if name.split('.')[0] in ('yaml', '_yaml')]:\n"
            "    del sys.modules[name]\n"
            "print(ascii(cli_yaml.load_yaml('name: \"\\\\ud83d\\\\ude80\"')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == ascii({"name": "\U0001f680"}), done.stderr


@pytest.mark.parametrize("name", ["tag\U000e0041gent", "zw\u200bsp", "dev \U0001f468\u200d\U0001f4bb", "vs\ufe0f"])
def test_a_path_with_a_character_that_draws_nothing_pastes_back_into_bash_as_itself(name):
    """termsafe.shell_word escapes what safe_text escapes: past U+FFFF that is bash's \\U (its \\u takes four
    digits, and read U+E004 then a '1')."""
    import subprocess

    from ralphy.termsafe import shell_word

    word = shell_word(f"/tmp/{name}")
    assert one_line(word) == word
    echoed = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True, timeout=10)
    assert echoed.stdout.decode() == f"/tmp/{name}", word
