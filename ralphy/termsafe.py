"""Untrusted text on the user's terminal: control characters shown, never obeyed.

Agent names and descriptions, task titles, file names, hook names and Claude's own text come from a repository
(or a model) ralphy does not control. Echoed raw, ``\\x1b]0;...\\x07`` retitles the terminal, ``\\x1b]52;c;...``
writes the clipboard, ``\\x1b[2J`` clears the screen, ``\\r`` overwrites a line, U+202E turns text around.
``safe_text`` replaces every such character with a visible escape (``\\x1b``, ``\\u202e``): C0 controls but
tab and newline, DEL, C1 controls, the bidirectional overrides and isolates, and the characters that draw
nothing (zero-width spaces and joiners, fillers, tags, line separators), so that ``code\u200b-reviewer`` is
not shown as ``code-reviewer``. A joiner or a presentation selector inside an emoji sequence draws the emoji
and is kept. ``guard_streams`` puts it in
front of what ralphy prints: stderr always (it is for people), stdout when it is a terminal (piped, a prompt
or ``--json`` stays byte for byte what ralphy produced). ralphy's own colours (rich's live view) write to the
stream underneath (``raw_stream``) and sanitise what they show themselves.
"""

from __future__ import annotations

import io
import re
import sys
from typing import IO

# Controls and bidirectional marks; then what draws nothing (Unicode's default-ignorable characters, the fillers
# that look like a space, the line and paragraph separators), but a zero width joiner between two emoji and a
# variation selector after a character it can select for (an emoji, a keycap's digit; never after another
# selector or an ASCII letter): those draw the emoji.
_EMOJI = "\u00a9\u00ae\u2190-\u21ff\u2300-\u23ff\u2460-\u27bf\u2900-\u297f\u2b00-\u2bff\ufe0f\U0001f000-\U0001faff"
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200c\u200e\u200f"
    "\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufffb\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
    f"|(?<![{_EMOJI}])\u200d|\u200d(?![{_EMOJI}])"
    "|(?<![^\x00-\x22\x24-\x29\x2b-\x2f\x3a-\x7f\ufe00-\ufe0f])[\ufe00-\ufe0f]"
)
# Every character _UNSAFE may match, in one class: most text has none, and a class is searched twenty times faster
_MAYBE_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def safe_text(text: str) -> str:
    """``text`` with terminal control characters (all but tab and newline; a ``\\r\\n`` is a newline) and
    bidirectional overrides replaced by visible escapes."""
    if not _MAYBE_UNSAFE.search(text) or not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(_visible, text.replace("\r\n", "\n"))


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal once ``safe_text`` has made its controls visible: a wide (East
    Asian) character takes 2, a combining mark or zero-width character 0, any other 1."""
    shown = safe_text(text)
    if shown.isascii():
        return len(shown)
    from unicodedata import combining, east_asian_width

    return sum(0 if combining(ch) or ch in "\u200d\ufe0e\ufe0f" else 2 if east_asian_width(ch) in "WF" else 1
               for ch in shown)


def pad(text: str, width: int) -> str:
    """``safe_text(text)`` followed by spaces up to ``width`` terminal columns (for aligned columns of text from
    a repository: measured as shown, not as stored)."""
    shown = safe_text(text)
    return shown + " " * max(0, width - display_width(shown))


def one_line(text: str) -> str:
    """``safe_text`` of ``text`` with its newlines shown too (``\\n``): a message that is one line (an error, a
    line naming a path) stays one line whatever the path or name it quotes holds."""
    return safe_text(text).replace("\n", "\\n")


def shell_word(text: str) -> str:
    """``text`` (a path) as one word to paste into a shell, on one line, that means ``text`` itself: ``shlex.quote``'s
    word (``/tmp/it's`` -> ``'/tmp/it'"'"'s'``), or, when it holds a newline or another character ``safe_text``
    would show as an escape, bash's (and zsh's) ``$'...'`` with those characters escaped: ``$'/tmp/a\\nb'``. Shown
    with ``one_line``, the first kind's newline read ``'a\\nb'``, a folder that does not exist (a backslash and an n).
    A byte that is no UTF-8 (Python's ``\\udcff`` for it) is written as that byte, ``\\xff``, and every character
    past ASCII as its UTF-8 bytes (``\\xe2\\x80\\xae``), which bash reads the same in every locale."""
    import shlex

    if not _UNSAFE.search(text) and "\n" not in text and "\t" not in text and not _has_surrogate(text):
        return shlex.quote(text)
    return "$'" + "".join(_ansi_c(ch) for ch in text) + "'"


def in_project(command: str, project: "str | os.PathLike[str] | None") -> str:
    """``command`` (a ralphy command line to paste) with the project's folder after it, as a shell word, unless the
    current folder is that project: ``ralphy reset`` pasted elsewhere acts on another folder (first18)."""
    import os

    if project is None:
        return command
    try:
        if os.path.samefile(project, os.getcwd()):
            return command
    except OSError:
        pass
    return f"{command} {shell_word(os.path.abspath(project))}"


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


_ANSI_C = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _ansi_c(ch: str) -> str:
    if ch in _ANSI_C:
        return _ANSI_C[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte, as os.fsdecode keeps it
        return f"\\x{code - 0xDC00:02x}"
    if 0xD800 <= code <= 0xDFFF:  # a lone surrogate: no path holds one (os.fsencode refuses it); said as it is
        return f"\\u{code:04x}"
    if code < 0x80 and not _UNSAFE.match(ch):
        return ch
    # its UTF-8 bytes, \\xe2\\x80\\xae for U+202E: bash reads \\u202e by the locale, and under C or POSIX (or a locale
    # named but not installed) leaves it as six characters; bytes are bytes in every locale, and in zsh. Letters too
    # (é is \\xc3\\xa9): an ASCII word reaches bash the same through any terminal and readline setting
    return "".join(f"\\x{byte:02x}" for byte in ch.encode("utf-8"))


class SafeStream(io.TextIOBase):
    """A text stream that writes ``safe_text`` of everything to ``raw``. Its ``encoding`` and ``isatty`` are
    the stream's, so click and logging treat it as the stream itself."""

    def __init__(self, raw: IO[str]):
        self.raw = raw

    def write(self, text: str) -> int:  # type: ignore[override]
        self.raw.write(safe_text(text) if isinstance(text, str) else text)
        return len(text)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.raw, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.raw, "errors", None)

    @property
    def buffer(self):  # binary writes (the MCP server's JSON-RPC) are not text for a person
        return self.raw.buffer


def raw_stream(stream: IO[str]) -> IO[str]:
    """The stream under a SafeStream (for output that carries ralphy's own escape sequences)."""
    return stream.raw if isinstance(stream, SafeStream) else stream


def guard_streams(for_people: bool = False) -> None:
    """Put SafeStream in front of ``sys.stderr``, and of ``sys.stdout`` when it is a terminal or ``for_people``
    says the command writes text for people there (piped through ``tee``, or to a file a person reads with ``cat``
    later, its escapes reach a terminal all the same)."""
    if sys.stderr is not None and not isinstance(sys.stderr, SafeStream):
        sys.stderr = SafeStream(sys.stderr)
    out = sys.stdout
    if out is not None and not isinstance(out, SafeStream):
        try:
            terminal = out.isatty()
        except (AttributeError, ValueError):
            terminal = False
        if terminal or for_people:
            sys.stdout = SafeStream(out)
