"""Live questions: Claude's AskUserQuestion tool, answered while the turn waits.

Under the stream-json driver (``ralphy.claude.driver``) an AskUserQuestion call reaches ralphy as a
``can_use_tool`` control request whose input is ``{questions: [{question, header, options: [{label,
description}], multiSelect}]}`` (``../shared/claude-code/VERSIONS.md``). ``LiveQuestions`` is the one seam: the
loop's ``on_request`` callback hands it every AskUserQuestion request (everything else goes to the permission
policy) and it applies the ``--on-question`` policy:

- ``ask``: each question and its numbered options go to ``ask`` (a person at a terminal); a number picks an
  option, anything else is a free-text answer. The answers go back as ``allow`` with ``updatedInput`` = the
  input plus ``answers`` ``{question text: label or text}``: the model reads them in the same turn, no resume.
  No answer in time: as ``pause``.
- ``pause``: the question is recorded (pending) and the tool use is denied with ``interrupt``, which ends the
  turn; the loop then ends the run with exit 4. ``ralphy answer ID "..."`` and ``ralphy dev`` resume the same
  session with the answer, as for a question found in a final message.
- ``auto``: the recommended option (a label saying "(Recommended)") or the first one, at most
  ``max_auto`` times per task group; each recorded as answered by ralphy (``answered_by`` ``auto``). Past
  the limit: as ``pause``. A call with more questions than the limit leaves room for: the first ones are
  answered automatically, the run pauses on the others (each its own pending question), and the resumed session
  gets all the call's answers together.

Every question is recorded in the history with its header and options; the ones answered live are marked
delivered in the iteration that asked them (so no later run resumes with them).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ralphy.status_words import counted

if TYPE_CHECKING:
    from ralphy.claude.control import ControlRequest
    from ralphy.store import Store

logger = logging.getLogger(__name__)

TOOL_NAME = "AskUserQuestion"
PAUSE_MESSAGE = ("The user will answer this question later; ralphy is pausing the run now. "
                 "The answer will come as the next message in this session.")
AUTO_ANSWER = "use your best judgment"  # issue 13's words for a question without options, exactly
LIVE_CONFIDENCE = 1.0  # the model used the tool: no guessing whether it is a question


@dataclass(frozen=True)
class LiveQuestion:
    """One question of an AskUserQuestion call."""

    text: str
    header: str | None
    options: tuple[dict[str, Any], ...]  # [{label, description?}]
    multi_select: bool = False

    @property
    def labels(self) -> list[str]:
        return [str(option.get("label", "")) for option in self.options]

    def recommended(self) -> str:
        """The option the model recommends (its label says so), else the first; "" when it gave none."""
        labels = [label for label in self.labels if label]
        for label in labels:
            if "recommended" in label.lower():
                return label
        return labels[0] if labels else ""

    def prompt(self, hint: bool = True) -> str:
        """The question as shown on a terminal: header, text, numbered options (``hint``: and how to pick one; the
        run's pause message and the stored text leave it out, `ralphy questions` says it its own way)."""
        lines = [f"[{self.header}] {self.text}" if self.header else self.text]
        for number, option in enumerate(self.options, start=1):
            description = option.get("description")
            tail = f" - {description}" if isinstance(description, str) and description else ""
            lines.append(f"  {number}. {option.get('label', '')}{tail}")
        if self.options and hint:
            lines.append("  (a number picks an option; anything else is your own answer)")
        return "\n".join(lines)

    def resolve(self, reply: str) -> str:
        """A person's reply: a number picks that option's label (``1,3`` for several), else the text itself."""
        return picked_options(reply, self.options, self.multi_select) or reply.strip()


def picked_options(reply: str, options: "Sequence[Mapping[str, Any]]", multi_select: bool) -> str | None:
    """The options a reply picks by number (``2``; ``1,3`` when several may be picked), their labels joined by
    ", "; None when the reply is not such a pick. The one rule of the terminal's prompt and `ralphy answer`."""
    numbers = [part.strip() for part in reply.strip().split(",")]
    if not options or not all(n.isdigit() and 1 <= int(n) <= len(options) for n in numbers):
        return None
    if len(numbers) > 1 and not multi_select:
        return None
    return ", ".join(str(options[int(n) - 1].get("label", "")) for n in numbers)


def how_to_answer(question_id: int, options: bool, multi_select: bool = False, quote: str = "",
                  project: "str | os.PathLike[str] | None" = None) -> str:
    """How `ralphy answer` answers question ``question_id``: by an option's number too when it has ``options``
    (each command between ``quote`` marks); with ``project`` named when it is not the current folder."""
    from ralphy.termsafe import in_project

    text = f'{quote}{in_project(f"ralphy answer {question_id} {chr(34)}...{chr(34)}", project)}{quote}'
    if not options:
        return text
    several = "; 1,3 picks several" if multi_select else ""
    return f"{quote}{in_project(f'ralphy answer {question_id} N', project)}{quote} (option N{several}) or {text}"


def parse_questions(tool_input: Mapping[str, Any]) -> list[LiveQuestion]:
    """The questions of an AskUserQuestion input; malformed entries are skipped (the input is the model's)."""
    questions = tool_input.get("questions")
    found = []
    for entry in questions if isinstance(questions, list) else []:
        if not isinstance(entry, dict) or not isinstance(entry.get("question"), str) or not entry["question"].strip():
            continue
        options = entry.get("options")
        found.append(LiveQuestion(
            text=entry["question"].strip(),
            header=entry["header"] if isinstance(entry.get("header"), str) and entry["header"] else None,
            options=tuple(
                {k: v for k, v in option.items() if k in ("label", "description") and isinstance(v, str)}
                for option in (options if isinstance(options, list) else [])
                if isinstance(option, dict) and isinstance(option.get("label"), str)
            ),
            multi_select=entry.get("multiSelect") is True,
        ))
    return found


class LiveQuestions:
    """The ``--on-question`` policy for AskUserQuestion requests of one iteration (see the module docstring).

    ``iteration_id`` is the store's id of the iteration whose turn is running; ``task_key`` the task group
    the automatic answers are counted against. After the turn, ``paused`` holds the id of the question the
    run must stop on (exit 4), or None.
    """

    def __init__(self, store: "Store", *, policy: str, iteration_id: Callable[[], int | None],
                 task_key: str | None, ask: Callable[[str], str | None] | None = None, max_auto: int = 2,
                 note: Callable[[str], None] = lambda text: None,
                 fallback: "Callable[[ControlRequest], dict[str, Any] | None] | None" = None) -> None:
        from ralphy.claude.control import deny_all

        self.fallback = fallback or deny_all
        self.store = store
        self.policy = policy
        self.iteration_id = iteration_id
        self.task_key = task_key
        self.ask = ask
        self.max_auto = max_auto
        self.note = note
        self.session_id: str | None = None
        self.paused: int | None = None  # the question id the run pauses on
        self.paused_text = ""
        self.paused_question: LiveQuestion | None = None  # the one question paused on (None: a whole call's record)
        self.answered: list[int] = []

    def feed(self, event: Any) -> None:
        """Events of the turn: the session id (for a later resume) comes from the first one that has it."""
        session_id = getattr(event, "session_id", None)
        if self.session_id is None and isinstance(session_id, str) and session_id:
            self.session_id = session_id

    def on_request(self, request: "ControlRequest") -> "dict[str, Any] | None":
        """The driver's ``on_request``: AskUserQuestion here, every other request to ``self.fallback`` (the
        permission policy; ``control.deny_all`` by default)."""
        if self.handles(request):
            return self(request)
        return self.fallback(request)

    def handles(self, request: "ControlRequest") -> bool:
        return request.subtype == "can_use_tool" and request.tool_name == TOOL_NAME

    def __call__(self, request: "ControlRequest") -> dict[str, Any]:
        from ralphy.claude.control import allow, deny

        questions = parse_questions(request.input)
        iteration_id = self.iteration_id()
        if not questions or iteration_id is None:
            return deny("Ask one question at a time, with a non-empty `question` text.")
        answers: dict[str, str] = {}
        by = "user"
        if self.policy == "ask" and self.ask is not None:
            return self._ask(request, questions, iteration_id)
        if self.policy == "auto":
            used = self.store.auto_replies_for(self.task_key) if self.task_key else 0
            room = len(questions) if self.task_key is None else max(0, self.max_auto - used)
            if room >= len(questions):
                answers = {q.text: q.recommended() or AUTO_ANSWER for q in questions}
                by = "auto"
            elif room:
                return self._auto_then_pause(request, questions[:room], questions[room:], iteration_id, used)
            else:
                self.note(f"already answered {counted(used, 'question')} automatically for {self.task_key!r} "
                          f"(at most {self.max_auto}); pausing")
        if answers:
            for question in questions:
                question_id = self._record(iteration_id, question)
                self.store.answer_question(question_id, answers[question.text], answered_by=by)
                self.store.mark_question_delivered(question_id, iteration_id)
                self.answered.append(question_id)
                if by == "auto":
                    self.note(f"answered Claude's question {question_id} automatically: "
                              f"{question.text} -> {answers[question.text]}")
            return allow(request, {**request.input, "answers": answers})
        # pause: one record for the whole call, so one `ralphy answer` resumes the session
        if len(questions) == 1:
            self.paused = self._record(iteration_id, questions[0])
            self.paused_text, self.paused_question = questions[0].prompt(hint=False), questions[0]
        else:
            self.paused_text = "\n".join(q.prompt(hint=False) for q in questions)
            self.paused = self.store.add_question(
                iteration_id, session_id=self.session_id, text=self.paused_text, confidence=LIVE_CONFIDENCE,
                task_key=self.task_key, header=questions[0].header, options=[])
        return deny(PAUSE_MESSAGE, interrupt=True)

    def _auto_then_pause(self, request: "ControlRequest", answered: list[LiveQuestion], rest: list[LiveQuestion],
                         iteration_id: int, used: int) -> dict[str, Any]:
        """``auto`` with room for some of the call's questions only: those are answered automatically, the rest
        wait for the user, and the run pauses on the first of them. The call is denied, so the automatic answers
        have not reached Claude: they stay answered but undelivered, and the resumed session gets every answer
        of the call together once the user has answered the rest (as a pause partway under ``ask``)."""
        from ralphy.claude.control import deny

        for question in answered:
            question_id = self._record(iteration_id, question)
            answer = question.recommended() or AUTO_ANSWER
            self.store.answer_question(question_id, answer, answered_by="auto")
            self.note(f"answered Claude's question {question_id} automatically: {question.text} -> {answer}")
        waiting = [self._record(iteration_id, question) for question in rest]
        left = "the one left" if len(rest) == 1 else f"the {len(rest)} left"
        self.note(f"answered {counted(used + len(answered), 'question')} automatically for {self.task_key!r} "
                  f"(at most {self.max_auto}); pausing on {left}")
        self.paused, self.paused_question = waiting[0], rest[0]
        self.paused_text = "\n".join(q.prompt(hint=False) for q in rest)
        return deny(PAUSE_MESSAGE, interrupt=True)

    def _ask(self, request: "ControlRequest", questions: list[LiveQuestion], iteration_id: int) -> dict[str, Any]:
        """``ask``: each question is recorded before it is shown, so the dashboard (``ralphy serve``) lists it as
        pending and can answer it while the terminal waits; the first answer, from either, is the tool's answer.
        No answer in time pauses the run on that question."""
        from ralphy.claude.control import allow, deny

        answers: dict[str, str] = {}
        answered: list[int] = []
        for number, question in enumerate(questions):
            question_id = self._record(iteration_id, question)
            reply = self.ask(question.prompt(), answered=lambda: self.store.question(question_id).answer)
            if not reply or not reply.strip():
                # The call is denied, so the answers already given here never reach Claude: they stay answered but
                # undelivered, the questions not shown yet are recorded pending, and the resume carries them all
                # together once every one is answered (QuestionPolicy.resume_session).
                rest = questions[number + 1:]
                for later in rest:
                    self._record(iteration_id, later)
                self.paused, self.paused_question = question_id, question
                self.paused_text = "\n".join(q.prompt(hint=False) for q in [question, *rest])
                return deny(PAUSE_MESSAGE, interrupt=True)
            answers[question.text] = question.resolve(reply)
            if self.store.question(question_id).answered_at is None:  # answered here, not on the dashboard
                self.store.answer_question(question_id, answers[question.text], answered_by="user")
            answered.append(question_id)
        for question_id in answered:  # the allow below carries every answer back within the turn
            self.store.mark_question_delivered(question_id, iteration_id)
            self.answered.append(question_id)
        return allow(request, {**request.input, "answers": answers})

    def _record(self, iteration_id: int, question: LiveQuestion) -> int:
        return self.store.add_question(
            iteration_id, session_id=self.session_id, text=question.text, confidence=LIVE_CONFIDENCE,
            task_key=self.task_key, header=question.header, options=list(question.options),
            multi_select=question.multi_select)
