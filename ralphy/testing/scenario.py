"""What a scripted model sees (`Request`) and what it answers (`Reply`), with builders and faults.

A scenario is any callable ``Request -> Reply``. It should answer by what the request holds (whose
system prompt, what the last tool results say), not by counting calls, so one scenario serves many
``claude -p`` runs and processes.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

CLI_MARKER = "x-anthropic-billing-header: cc_version="
SUBAGENT_MARKER = "cc_is_subagent=true"
_CWD_RE = re.compile(r"^\s*(?:- )?(?:Primary working directory|Working directory): (.+)$", re.MULTILINE)


def _block_text(content: Any) -> str:
    """The text of a message's content (a string or a list of blocks), system reminders left out."""
    if isinstance(content, str):
        return content
    parts = []
    for block in content or ():
        if isinstance(block, dict) and block.get("type") == "text":
            text = block.get("text", "")
            if not text.lstrip().startswith("<system-reminder>"):
                parts.append(text)
    return "\n".join(parts)


def _tool_result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content or () if isinstance(b, dict))


@dataclass(frozen=True)
class Request:
    """A read-only view of one ``POST /v1/messages`` body."""

    body: dict[str, Any]
    path: str = "/v1/messages"
    headers: dict[str, str] = field(default_factory=dict)
    agent_bodies: dict[str, str] = field(default_factory=dict)

    @property
    def system_text(self) -> str:
        """The whole system prompt as one string."""
        system = self.body.get("system") or ""
        if isinstance(system, str):
            return system
        return "\n".join(b.get("text", "") for b in system if isinstance(b, dict))

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The conversation so far (roles user, assistant and the CLI's mid-conversation system)."""
        return list(self.body.get("messages") or [])

    @property
    def tools(self) -> list[str]:
        """Names of the tools offered to the model."""
        return [t.get("name", "") for t in self.body.get("tools") or () if isinstance(t, dict)]

    @property
    def stream(self) -> bool:
        return bool(self.body.get("stream"))

    @property
    def max_tokens(self) -> int:
        return int(self.body.get("max_tokens") or 0)

    @property
    def user_texts(self) -> list[str]:
        """The text of every user message, in order (tool results and system reminders left out)."""
        return [_block_text(m.get("content")) for m in self.messages if m.get("role") == "user"]

    @property
    def first_user_text(self) -> str:
        """The prompt that started this conversation (the dev prompt, or a subagent's task)."""
        return next((t for t in self.user_texts if t.strip()), "")

    @property
    def last_user_text(self) -> str:
        """The text of the last user message ("" when it only carries tool results)."""
        users = [m for m in self.messages if m.get("role") == "user"]
        return _block_text(users[-1].get("content")) if users else ""

    @property
    def last_tool_results(self) -> list[tuple[str, str, bool]]:
        """(tool_use_id, text, is_error) for each tool result in the last user message."""
        users = [m for m in self.messages if m.get("role") == "user"]
        if not users or isinstance(users[-1].get("content"), str):
            return []
        return [
            (b.get("tool_use_id", ""), _tool_result_text(b.get("content")), bool(b.get("is_error")))
            for b in users[-1]["content"]
            if isinstance(b, dict) and b.get("type") == "tool_result"
        ]

    @property
    def tool_calls(self) -> list[dict[str, Any]]:
        """Every tool_use block the assistant has made in this conversation, in order."""
        return [
            b
            for m in self.messages
            if m.get("role") == "assistant" and isinstance(m.get("content"), list)
            for b in m["content"]
            if isinstance(b, dict) and b.get("type") == "tool_use"
        ]

    def tool_result(self, tool_use_id: str) -> tuple[str, bool] | None:
        """(text, is_error) of the result of one tool call, or None if it has none yet."""
        for m in self.messages:
            if m.get("role") != "user" or not isinstance(m.get("content"), list):
                continue
            for b in m["content"]:
                if isinstance(b, dict) and b.get("type") == "tool_result" and b.get("tool_use_id") == tool_use_id:
                    return _tool_result_text(b.get("content")), bool(b.get("is_error"))
        return None

    @property
    def assistant_turns(self) -> int:
        """How many assistant messages are already in the conversation."""
        return sum(1 for m in self.messages if m.get("role") == "assistant")

    @property
    def cwd(self) -> str | None:
        """The CLI's working directory, as its system prompt states it."""
        match = _CWD_RE.search(self.system_text)
        return match.group(1).strip() if match else None

    @property
    def is_side(self) -> bool:
        """One of the CLI's side requests (title, quota check, summary...).

        Those offer no tools and come from the CLI (its billing header in the system prompt; 2.0.x has none
        but says ``User-Agent: claude-cli/<version>``), or ask for a single token (the quota check).
        Tool-less requests from other clients are not side requests.
        """
        if self.tools:
            return False
        agent = next((value for name, value in self.headers.items() if name.lower() == "user-agent"), "")
        return CLI_MARKER in self.system_text or self.max_tokens <= 1 or agent.startswith("claude-cli/")

    @property
    def agent_name(self) -> str | None:
        """The subagent whose body is in the system prompt, among ``agent_bodies``; None otherwise."""
        system = self.system_text
        for name, body in self.agent_bodies.items():
            if body.strip() and body.strip()[:400] in system:
                return name
        return None

    @property
    def is_subagent(self) -> bool:
        """A subagent's conversation (the CLI marks these in the system prompt's billing header)."""
        return not self.is_side and (SUBAGENT_MARKER in self.system_text or self.agent_name is not None)

    @property
    def is_main(self) -> bool:
        """The main agent's conversation."""
        return not self.is_side and not self.is_subagent


@dataclass(frozen=True)
class TextBlock:
    text: str


@dataclass(frozen=True)
class ToolUseBlock:
    name: str
    input: dict[str, Any]
    id: str | None = None


@dataclass(frozen=True)
class Fault:
    """An HTTP error answer: status, Anthropic error type and message, extra headers."""

    status: int
    error_type: str
    message: str
    headers: dict[str, str] = field(default_factory=dict)

    def body(self) -> bytes:
        return json.dumps({"type": "error", "error": {"type": self.error_type, "message": self.message}}).encode()


@dataclass(frozen=True)
class Reply:
    """One answer: content blocks, or a fault; optionally slow or cut short.

    ``delay`` seconds pass before the response starts, ``between`` seconds between SSE events;
    ``cut_after`` closes the connection after that many SSE events (no ``message_stop``);
    ``headers`` go with a successful answer (``with_usage`` puts the usage-window headers there).
    Replies add up: ``text("Let me write it.") + tool_use("Write", {...})``.
    """

    blocks: tuple[TextBlock | ToolUseBlock, ...] = ()
    fault: Fault | None = None
    delay: float = 0.0
    between: float = 0.0
    cut_after: int | None = None
    headers: tuple[tuple[str, str], ...] = ()

    def __add__(self, other: Reply) -> Reply:
        return replace(self, blocks=self.blocks + other.blocks)

    @property
    def stop_reason(self) -> str:
        return "tool_use" if any(isinstance(b, ToolUseBlock) for b in self.blocks) else "end_turn"


Scenario = Callable[[Request], Reply]


def text(value: str) -> Reply:
    """A reply with one text block."""
    return Reply(blocks=(TextBlock(value),))


def tool_use(name: str, input: dict[str, Any], id: str | None = None) -> Reply:
    """A reply calling one tool (add replies together for several calls in one turn)."""
    return Reply(blocks=(ToolUseBlock(name, dict(input), id),))


def tool_use_id(*parts: object) -> str:
    """A deterministic tool_use id derived from ``parts``."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:24]
    return f"toolu_{digest}"


def slow(reply: Reply, *, before: float = 0.0, between: float = 0.0) -> Reply:
    """``reply``, started after ``before`` seconds, with ``between`` seconds between SSE events."""
    return replace(reply, delay=before, between=between)


def cut(reply: Reply, after_events: int = 3) -> Reply:
    """``reply`` whose stream is closed after ``after_events`` SSE events, without ``message_stop``."""
    return replace(reply, cut_after=after_events)


def error(status: int, error_type: str, message: str, headers: dict[str, str] | None = None) -> Reply:
    """An HTTP error reply with the Anthropic error body."""
    return Reply(fault=Fault(status, error_type, message, dict(headers or {})))


def authentication_error() -> Reply:
    """401, as for a bad API key."""
    return error(401, "authentication_error", "invalid x-api-key")


def permission_error() -> Reply:
    """403."""
    return error(403, "permission_error", "Your API key does not have permission to use the specified resource.")


def rate_limited(retry_after: int = 1) -> Reply:
    """429 rate_limit_error with a ``retry-after`` header."""
    return error(429, "rate_limit_error", "Number of requests has exceeded your rate limit.",
                 {"retry-after": str(retry_after)})


def overloaded() -> Reply:
    """529 overloaded_error."""
    return error(529, "overloaded_error", "Overloaded")


def server_error() -> Reply:
    """500 api_error."""
    return error(500, "api_error", "Internal server error")


def usage_limit(resets_at: int | None = None, limit: str = "five_hour") -> Reply:
    """A subscription usage limit: 429 with ``anthropic-ratelimit-unified-status: rejected``.

    The CLI reads these headers only when it is signed in as a subscriber (run it with
    ``claude_env(..., oauth=True)``); it then emits a ``rate_limit_event`` with status ``rejected``
    and ends with "You've hit your session limit · resets <time>". ``resets_at`` is epoch seconds
    (default: one hour from now); ``limit`` is the representative claim (five_hour, seven_day...).
    """
    reset = int(time.time()) + 3600 if resets_at is None else int(resets_at)
    return error(429, "rate_limit_error", "This request would exceed your account's rate limit.", {
        "anthropic-ratelimit-unified-status": "rejected",
        "anthropic-ratelimit-unified-reset": str(reset),
        "anthropic-ratelimit-unified-representative-claim": limit,
        "retry-after": "3600",
    })


USAGE_WINDOWS = {"five_hour": "5h", "seven_day": "7d"}  # the CLI's names and the headers' abbreviations


def usage_headers(utilization: float, window: str = "five_hour", resets_at: int | None = None,
                  surpassed: float | None = None) -> dict[str, str]:
    """The headers with which the API tells a subscriber how much of a usage window is used.

    ``utilization`` is a fraction (0.92 = 92 %); ``resets_at`` epoch seconds (default: 5 hours from now);
    ``surpassed`` the warning threshold the API says was crossed (default: ``utilization`` itself, so the CLI
    reports it at once). The CLI (2.1.x, signed in as a subscriber: ``claude_env(..., oauth=True)``) turns
    them into a ``rate_limit_event`` with status ``allowed_warning``, ``rateLimitType``, ``utilization`` and
    ``resetsAt`` (2.1.330 adds ``unifiedWindows``); 2.0.x ignores them.
    """
    abbrev = USAGE_WINDOWS[window]
    reset = int(time.time()) + 5 * 3600 if resets_at is None else int(resets_at)
    return {
        "anthropic-ratelimit-unified-status": "allowed",
        "anthropic-ratelimit-unified-reset": str(reset),
        f"anthropic-ratelimit-unified-{abbrev}-utilization": str(utilization),
        f"anthropic-ratelimit-unified-{abbrev}-reset": str(reset),
        f"anthropic-ratelimit-unified-{abbrev}-surpassed-threshold": str(utilization if surpassed is None else surpassed),
    }


def with_usage(scenario: Scenario, utilization: float, window: str = "five_hour", *, resets_at: int | None = None,
               after: int = 0) -> Scenario:
    """``scenario`` whose answers, from the ``after``-th main request on (side requests go to the API's ``side`` handler, uncounted), carry
    ``usage_headers(utilization, window, resets_at)``."""
    headers = tuple(usage_headers(utilization, window, resets_at).items())
    lock = threading.Lock()
    served = 0

    def reporting(request: Request) -> Reply:
        nonlocal served
        with lock:
            hit = served >= after
            served += 1
        reply = scenario(request)
        return replace(reply, headers=reply.headers + headers) if hit and reply.fault is None else reply

    return reporting


def with_fault(scenario: Scenario, fault: Reply, times: int | None = None) -> Scenario:
    """``scenario`` whose first ``times`` requests (all of them when None) get ``fault`` instead."""
    lock = threading.Lock()
    served = 0

    def faulty(request: Request) -> Reply:
        nonlocal served
        with lock:
            hit = times is None or served < times
            served += 1
        return fault if hit else scenario(request)

    return faulty


def side_reply(request: Request) -> Reply:
    """A sensible short answer to the CLI's side requests (titles, summaries, quota checks)."""
    asked = (request.system_text + "\n" + request.last_user_text).lower()
    if "json" in asked and "title" in asked:
        return text(json.dumps({"title": "Work through TASKS.md"}))
    if "json" in asked:
        return text("{}")
    return text("Working through the tasks in TASKS.md.")
