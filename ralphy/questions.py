"""Does Claude's final message ask the user something? A confidence in [0, 1], with the reasons.

The loop cannot answer a question it does not notice, and must not pause for one that is not there. The
policy (see docs/questions.md): a message *asks* when it needs the user's decision or information before the
work can go on. A courtesy closer after completed work ("Let me know if you'd like any changes.", "Anything
else?") does not ask; rhetorical questions a summary answers itself, markdown headings ("## Why?"), code,
quoted text and URLs never count.

How a message is scored:

1. Code (fenced and inline), blockquotes, double-quoted text, URLs, headings and table rows are masked, keeping
   offsets, so a ``?`` inside them is invisible and the question can still be quoted from the original text.
2. The rest is cut into sentences (one per list item or line at least).
3. Each sentence that ends with ``?`` or holds an explicit ask ("should I", "would you like", "(y/n)",
   "please confirm", "let me know which", ...) is scored by where it stands: the last sentence is strong;
   near the end (in the last paragraph, or before one short closing sentence) medium; elsewhere weak. An
   explicit ask, or a lead-in such as "Quick question:" just before, raises the score; words that wait for
   the answer afterwards ("once I know", "until I hear back") raise it too. A courtesy offer is capped low.
4. The best sentence gives the confidence; ``is_question`` is ``confidence >= threshold``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Pattern

from ralphy.errors import ConfigError

DEFAULT_THRESHOLD = 0.70

# Scores by position (a sentence ending with "?", no explicit ask).
_LAST = 0.80
_NEAR_END = 0.45
_ELSEWHERE = 0.25
# Explicit asks, by position.
_ASK_LAST = 0.95
_ASK_NEAR_END = 0.75
_ASK_ELSEWHERE = 0.45
_WAITING_BONUS = 0.30
_COURTESY_CAP = 0.30
_SHORT_CLOSER = 80  # characters: a closing sentence this short after a question keeps it "near the end"

_FLAGS = re.IGNORECASE

#: Phrases that ask the user to decide, confirm or provide something (whole words).
ASK_PATTERNS: tuple[Pattern[str], ...] = tuple(
    re.compile(p, _FLAGS)
    for p in (
        r"\b(would|do) you (like|want|prefer)\b",
        r"\bwould you rather\b",
        r"\b(should|shall|do|can|may) (i|we)\b",
        r"\b(can|could|would) you (please )?(clarify|provide|confirm|tell|point|share|check|add|send|decide|"
        r"explain|specify|give|let me know)\b",
        r"\bplease (clarify|confirm|advise|decide|specify|let me know|tell me|provide)\b",
        r"\blet me know (if|whether|which|what|how|when)\b",
        r"\b(what|how|which \w+) would you like\b",
        r"\bwhich (option|approach|one|way|format|design|fix|protocol|version|behaviou?r|solution|library)\b"
        r".{0,40}\b(do|would|should) (you|i|we)\b",
        r"\bready to (proceed|continue|go ahead)\b",
        r"\bproceed with\b.*\?",
        r"\bgo ahead\b.*\?",
        r"\bis (it|that|this) (ok|okay|acceptable|fine|alright|all right)\b",
        r"\bare you (ok|okay|happy|fine) with\b",
        r"\bdoes (this|that|the plan|this plan)( \w+)? (look|sound|work)\b",
        r"\bwhat should (happen|i|we)\b",
        r"\bor should i\b",
        r"\bi need (a|your) (decision|input|answer|confirmation|go-ahead)\b",
        r"\bdecision i can'?t make\b",
        r"(\(|\[)\s*y\s*/\s*n\s*(\)|\])",
    )
)

#: Lead-ins that make the next question a real ask ("Quick question on the retry policy: ...").
_LEAD_IN = re.compile(
    r"\b(quick|one|open) question\b(?!s)|\bbefore i (start|continue|proceed|go on|go ahead)\b|"
    r"\bi need (a|your) (decision|input|answer)\b|\bdecision i can'?t make\b|\bi'?m (not sure|unsure|stuck|blocked)\b",
    _FLAGS,
)

#: Words after a question that show the work waits for the answer.
_WAITING = re.compile(
    r"\b(until|once|when) (i hear back|i know|you (confirm|decide|reply|answer|let me know))\b|"
    r"\bin the meantime\b|\bdepends on (this|that|your answer|the answer)\b|"
    r"\bi'?ve paused\b|\bi haven'?t (written|started|made|changed|applied|touched)\b",
    _FLAGS,
)

#: Courtesy offers after completed work: they do not block the loop.
_COURTESY = re.compile(
    r"\blet me know if (?:you(?:'d| would)? (?:like|want|need|have)|anything|there(?:'s| is))\b|"
    r"\b(just|simply) let me know\b|\banything else\b|\bfeel free to\b|\bhappy to (adjust|help|change|tweak)\b|"
    r"\bany (other|further|more) (changes|adjustments|tweaks|modifications|questions)\b",
    _FLAGS,
)

_FENCE = re.compile(r"^[ \t]*(```|~~~).*?(^[ \t]*\1[^\n]*$|\Z)", re.MULTILINE | re.DOTALL)
_INLINE_CODE = re.compile(r"(`+)[^\n]*?\1")
_QUOTED = re.compile(r"\"[^\"\n]{0,400}\"|\u201c[^\u201d\n]{0,400}\u201d")
_URL = re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\S+", _FLAGS)
_WHOLE_LINE = re.compile(r"^[ \t]*(>.*|#{1,6}[ \t].*|#{1,6}|\|.*)$", re.MULTILINE)
_PARAGRAPH = re.compile(r"\S(?:.|\n(?![ \t]*\n))*", re.MULTILINE)
_SENTENCE = re.compile(r"[^\n]*?(?:[.!?]+[)\"'*_\]]*(?=\s|$)|$)")
_LIST_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_TRAILING = " \t*_)]\"'"


@dataclass(frozen=True)
class QuestionDetection:
    """The verdict on one message: ``question`` is the sentence that asks (from the original text)."""

    is_question: bool
    confidence: float
    question: str | None
    reasons: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Sentence:
    start: int
    end: int
    masked: str
    paragraph: int


def detect_question(
    text: str,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    patterns: Iterable[str | Pattern[str]] | None = None,
) -> QuestionDetection:
    """Whether ``text`` asks the user something. ``patterns`` are extra regexes counted as explicit asks."""
    extra = compile_patterns(patterns or ())
    masked = _mask_non_prose(text)
    sentences = list(_sentences(masked))
    content_end = len(masked.rstrip())  # once: per sentence it was a copy of the rest of the message
    best: tuple[float, _Sentence | None, list[str]] = (0.0, None, ["no question or request to the user found"])
    for index, sentence in enumerate(sentences):
        score, reasons = _score(sentences, index, extra, masked, content_end)
        if score > best[0]:
            best = (score, sentence, reasons)
    confidence, sentence, reasons = best
    confidence = round(min(1.0, confidence), 2)
    question = " ".join(text[sentence.start : sentence.end].split()) if sentence else None
    return QuestionDetection(confidence >= threshold, confidence, question, reasons)


def compile_patterns(patterns: Iterable[str | Pattern[str]]) -> list[Pattern[str]]:
    """Compile extra ask patterns (case-insensitive); a bad regex is a ConfigError naming it."""
    compiled = []
    for pattern in patterns:
        if isinstance(pattern, re.Pattern):
            compiled.append(pattern)
            continue
        try:
            compiled.append(re.compile(pattern, _FLAGS))
        except re.error as exc:
            raise ConfigError(f"question_patterns: {pattern!r} is not a valid regular expression: {exc}") from None
    return compiled


def _mask_non_prose(text: str) -> str:
    """``text`` with code, quotes, URLs, headings and tables blanked out; same length, same line breaks.

    Curly apostrophes become straight ones so patterns need only one spelling.
    """
    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match.group(0))

    def fill(match: re.Match[str]) -> str:
        return "X" * len(match.group(0))

    text = text.replace("\u2019", "'")
    text = _FENCE.sub(blank, text)
    text = _WHOLE_LINE.sub(blank, text)
    text = _INLINE_CODE.sub(fill, text)
    text = _URL.sub(fill, text)
    return _QUOTED.sub(fill, text)


def _sentences(masked: str) -> Iterable[_Sentence]:
    for number, paragraph in enumerate(_PARAGRAPH.finditer(masked)):
        for match in _SENTENCE.finditer(masked, paragraph.start(), paragraph.end()):
            body = match.group(0)
            marker = _LIST_MARKER.match(body)
            skip = marker.end() if marker else len(body) - len(body.lstrip())
            if body.strip():
                start = match.start() + skip
                yield _Sentence(start, match.end(), masked[start : match.end()].strip(), number)


def _score(sentences: list[_Sentence], index: int, extra: list[Pattern[str]], masked: str = "",
           content_end: int = 0) -> tuple[float, list[str]]:
    sentence = sentences[index]
    is_last = index == len(sentences) - 1
    near_end = _near_end(sentences, index)
    ends_with_q = sentence.masked.rstrip(_TRAILING).endswith("?")
    ask = _first_match([*ASK_PATTERNS, *extra], sentence.masked)
    if not (ends_with_q or ask):
        return 0.0, []
    lead_in = _lead_in(sentences, index) if ends_with_q else None
    options = not is_last and bool(ask or lead_in) and _only_options(_after(masked, sentence.end, content_end))
    is_last = is_last or options
    where = ("the last sentence, before its options" if options else "the last sentence" if is_last
             else "near the end" if near_end else "the middle of the message")
    reasons = [f"ends with a question mark ({where})" if ends_with_q else f"request in {where}"]
    if ask or lead_in:
        reasons.append(f"explicit ask: {ask!r}" if ask else f"question after {lead_in!r}")
        score = _ASK_LAST if is_last else _ASK_NEAR_END if near_end else _ASK_ELSEWHERE
    else:
        score = _LAST if is_last else _NEAR_END if near_end else _ELSEWHERE
        if not is_last:
            reasons.append("followed by statements (rhetorical or answered)")
    waiting = _first_match([_WAITING], " ".join(s.masked for s in sentences[index + 1 : index + 3]))
    if waiting:
        score += _WAITING_BONUS
        reasons.append(f"waits for the answer: {waiting!r}")
    courtesy = _first_match([_COURTESY], sentence.masked)
    if courtesy:
        score = min(score, _COURTESY_CAP)
        reasons.append(f"courtesy offer: {courtesy!r} (does not block the loop)")
    return score, reasons


def _after(masked: str, start: int, content_end: int) -> str:
    """What follows a sentence ending at ``start``, stripped, when it is short enough to be options only, else "":
    read from the next non-space on, no further, so that the check costs the options' length, not the rest of the
    message's (a message of many asks was quadratic: 4.5 MB of them took 30 s)."""
    first = _NON_SPACE.search(masked, start, content_end)
    if first is None or content_end - first.start() > _MAX_REST:
        return ""
    return masked[first.start():content_end]


_NON_SPACE = re.compile(r"\S")
_OPTION_LINE = re.compile(r"[ \t]*(?:[-*+\u2022]|\(?(?:\d{1,2}|[A-Za-z])[.)])[ \t]+\S")
_INLINE_OPTION = re.compile(r"(?:^|(?<=\s))\(?(\d{1,2}|[A-Za-z])[.)][ \t]+(?=\S)")
_MAX_OPTIONS, _MAX_OPTION_CHARS = 12, 300
_MAX_REST = _MAX_OPTIONS * (_MAX_OPTION_CHARS + 8)  # the longest stretch _only_options can take for options


def _only_options(rest: str) -> bool:
    """Is ``rest`` (what follows an ask) nothing but its options: 2 to 12 short list items, one a line ("1. SQLite",
    "- On disk", "a) a cron job") or on the ask's own line numbered in order ("1. SQLite 2. Postgres")? Then the ask
    is the message's last sentence, not one in its middle. Linear: one pass over lines or markers, bounded."""
    rest = rest.strip()
    if not rest or len(rest) > _MAX_REST:
        return False
    if "\n" in rest:
        lines = [line for line in rest.splitlines() if line.strip()]
        return (2 <= len(lines) <= _MAX_OPTIONS and all(len(line) <= _MAX_OPTION_CHARS for line in lines)
                and all(_OPTION_LINE.match(line) for line in lines))
    markers = list(_INLINE_OPTION.finditer(rest))
    if not 2 <= len(markers) <= _MAX_OPTIONS or markers[0].start() != 0:
        return False
    labels = [m.group(1).lower() for m in markers]
    first = "1" if labels[0].isdigit() else "a"
    expected = [str(n) for n in range(1, len(labels) + 1)] if first == "1" else \
        [chr(ord("a") + n) for n in range(len(labels))]
    ends = [m.start() for m in markers[1:]] + [len(rest)]
    return labels == expected and all(end - m.end() <= _MAX_OPTION_CHARS for m, end in zip(markers, ends))


def _near_end(sentences: list[_Sentence], index: int) -> bool:
    """In the last paragraph, or followed only by one short closing sentence ("Everything else is committed.")."""
    last = sentences[-1]
    if last.paragraph == sentences[index].paragraph:
        return True
    only_one_after = index == len(sentences) - 2
    return only_one_after and len(last.masked) <= _SHORT_CLOSER and not last.masked.endswith("?")


def _lead_in(sentences: list[_Sentence], index: int) -> str | None:
    """A lead-in such as "Quick question:" in this sentence or the one before, in the same paragraph."""
    here = sentences[index]
    before = [s.masked for s in sentences[max(0, index - 1) : index] if s.paragraph == here.paragraph]
    return _first_match([_LEAD_IN], " ".join([*before, here.masked]))


def _first_match(patterns: Iterable[Pattern[str]], text: str) -> str | None:
    for pattern in patterns:
        match = pattern.search(text)
        if match:
            return " ".join(match.group(0).split())[:60]
    return None
