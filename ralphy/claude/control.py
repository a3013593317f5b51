"""The control messages of the CLI's stream-json protocol, as ralphy reads and answers them (the process that
carries them is ``ralphy.claude.driver``): the answer to ``initialize``, a ``can_use_tool`` request, and the
responses that allow or deny one. Shapes: ``../shared/claude-code/VERSIONS.md`` (2.0.0 to 2.1.330)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class InitializeInfo:
    """The CLI's answer to ``initialize``.

    ``agents``: ``[{name, description, model}]`` (``model`` None when not given), built-ins included, or None
    when this CLI does not say (before ~2.1.100). ``version``: only 2.1.330 and later say it here.
    ``account``: ``{tokenSource, apiKeySource, apiProvider?}`` on every version (None when missing).
    ``agents_source``: ``initialize``, or ``init`` when ``initialize_info(..., init_fallback=True)`` read the
    names from the ``system/init`` line of a first turn (``description`` is then None).
    """

    agents: list[dict[str, Any]] | None
    pid: int | None
    version: str | None
    commands: list[dict[str, Any]]
    raw: dict[str, Any] = field(repr=False)
    account: dict[str, Any] | None = None
    agents_source: str = "initialize"

    @classmethod
    def from_response(cls, response: Mapping[str, Any]) -> "InitializeInfo":
        agents = response.get("agents")
        parsed = None
        if isinstance(agents, list):
            parsed = [
                {"name": a["name"], "description": a.get("description") if isinstance(a.get("description"), str) else "",
                 "model": a.get("model") if isinstance(a.get("model"), str) else None}
                for a in agents if isinstance(a, dict) and isinstance(a.get("name"), str)
            ]
        pid = response.get("pid")
        version = response.get("claude_code_version")
        commands = response.get("commands")
        account = response.get("account")
        return cls(
            agents=parsed,
            pid=pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
            version=version if isinstance(version, str) else None,
            commands=[c for c in commands if isinstance(c, dict)] if isinstance(commands, list) else [],
            raw=dict(response),
            account=dict(account) if isinstance(account, dict) else None,
            agents_source="initialize" if parsed is not None else "none",
        )

    @property
    def agent_names(self) -> list[str] | None:
        return None if self.agents is None else [agent["name"] for agent in self.agents]


@dataclass(frozen=True)
class ControlRequest:
    """A ``control_request`` from the CLI. ``subtype`` ``can_use_tool``: ``tool_name`` wants to run with
    ``input`` (``agent_id`` set when a subagent asks; 2.0.0 gives only the tool name and input)."""

    request_id: str
    subtype: str | None
    tool_name: str | None
    input: dict[str, Any] = field(hash=False)
    tool_use_id: str | None
    agent_id: str | None
    raw: dict[str, Any] = field(hash=False, repr=False)

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> "ControlRequest":
        request = data.get("request") if isinstance(data.get("request"), dict) else {}
        text = lambda key: request.get(key) if isinstance(request.get(key), str) else None  # noqa: E731
        return cls(
            request_id=str(data.get("request_id", "")),
            subtype=text("subtype"),
            tool_name=text("tool_name"),
            input=request.get("input") if isinstance(request.get("input"), dict) else {},
            tool_use_id=text("tool_use_id"),
            agent_id=text("agent_id"),
            raw=dict(data),
        )


def allow(request: ControlRequest, updated_input: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The response allowing ``request`` (``updatedInput`` is required before 2.1.330)."""
    return {"behavior": "allow", "updatedInput": dict(request.input if updated_input is None else updated_input)}


def deny(message: str, *, interrupt: bool = False) -> dict[str, Any]:
    """The response denying a tool use; with ``interrupt`` the turn ends too."""
    response: dict[str, Any] = {"behavior": "deny", "message": message}
    if interrupt:
        response["interrupt"] = True
    return response


DEFAULT_DENIAL = "Not allowed by ralphy's permission policy for this run."
# What the dev prompt (ralphy/prompts/dev_prompt.md) says to do without the AskUserQuestion tool: this run answers
# no tool questions (run_claude's single turn has no --on-question policy), so the model is sent to that path.
QUESTION_DENIAL = ("This run takes no answers through the AskUserQuestion tool. Make a reasonable decision and keep "
                   "going; only when you are truly blocked on a decision that only the user can make, end your "
                   "turn with the question as your final message; the answer comes in this session.")


def deny_all(request: ControlRequest) -> dict[str, Any]:
    """Today's behaviour of plain ``-p``: a tool outside ``--allowedTools`` (and the permission mode) is denied;
    an AskUserQuestion is denied with ``QUESTION_DENIAL``, which sends the model to the dev prompt's other way of
    asking: the question as its final message (which ralphy detects and pauses on)."""
    if request.tool_name == "AskUserQuestion":
        return deny(QUESTION_DENIAL)
    return deny(DEFAULT_DENIAL)


OnRequest = Callable[[ControlRequest], "dict[str, Any] | None"]
