"""Scripted answers for ralphy's own model calls, so ``ralphy agents create`` and ``ralphy agents recommend --llm``
can be tried offline against ``python -m ralphy.testing serve``.

Both ask for structured output through a tool (the anthropic SDK's forced ``submit_agent`` / ``rank_agents``, or
the Claude CLI's structured-output tool); the request is recognised by the *shape* of that tool's input schema,
not by its name, so the answers hold whichever way ralphy asks:

- a schema with ``name``, ``description``, ``tools`` and ``system_prompt``: an agent draft for the need the
  request states (least privilege: a reviewing or planning need gets Read, Grep, Glob only);
- a schema with ``rankings``: the candidates (the schema's enum, else ``- name: description`` lines) ranked by the
  words they share with the ``Task:`` line.

Anything else goes to the wrapped scenario (``DevScenario`` for ``ralphy dev``). After its tool call is accepted
(a tool result that is not an error) the model says "Done."; a rejected call is answered again.
"""

from __future__ import annotations

import re
from typing import Any

from ralphy.testing.scenario import Reply, Request, Scenario, text, tool_use, tool_use_id

_WORD = re.compile(r"[a-z][a-z0-9]+")
_STOP = frozenset(
    "a an and the for of to in on with that this it its be is are was by as at or from into use used using when "
    "who which what agent agents subagent claude code need needs create please can should will all any each"
    .split()
)
_READ_ONLY = re.compile(r"\b(review|reviews|reviewer|audit|audits|auditor|analy[sz]e|analysis|inspect|explain|"
                        r"research|plan|plans|planner|check|checks|read-only)\b", re.I)
_DRAFT_KEYS = {"name", "description", "tools", "system_prompt"}


def structured_answers(scenario: Scenario) -> Scenario:
    """``scenario``, answering agent-draft and ranking requests itself (see the module docstring)."""

    def answer(request: Request) -> Reply:
        for tool in request.body.get("tools") or ():
            if not isinstance(tool, dict):
                continue
            properties = (tool.get("input_schema") or {}).get("properties") or {}
            if _DRAFT_KEYS <= set(properties):
                return _after_or(request, tool["name"], lambda: _draft(request))
            if "rankings" in properties:
                return _after_or(request, tool["name"], lambda: _rankings(request, properties["rankings"]))
        return scenario(request)

    return answer


def _after_or(request: Request, tool_name: str, make_input: Any) -> Reply:
    results = request.last_tool_results
    if results and not any(is_error for _, _, is_error in results):
        return text("Done.")
    call_id = tool_use_id(tool_name, request.assistant_turns, request.first_user_text[:200])
    return tool_use(tool_name, make_input(), id=call_id)


def _words(value: str) -> list[str]:
    return [word for word in _WORD.findall(value.lower()) if word not in _STOP]


# ------------------------------------------------------------------------------------------------ drafts


def _need(request: Request) -> tuple[str, dict[str, str]]:
    """(what the agent is for, the fields the user fixed) from the request text."""
    prompt = request.first_user_text
    need = prompt.split("need:", 1)[1] if "need:" in prompt else prompt
    need = need.split("\n\nThe user has fixed", 1)[0].strip()
    fixed = dict(re.findall(r"The user has fixed its (\w+): (.+)", prompt))
    return " ".join(need.split()), fixed


def _draft(request: Request) -> dict[str, Any]:
    need, fixed = _need(request)
    taken = set(re.findall(r"[a-z0-9-]+", request.system_text.split("existing agents:", 1)[-1].split(".", 1)[0]))
    name = fixed.get("name") or "-".join(_words(need)[:3]) or "helper-agent"
    name = name[:40].strip("-")
    while name in taken:
        name += "-2"
    tools = [tool.strip() for tool in fixed["tools"].split(",")] if "tools" in fixed else (
        ["Read", "Grep", "Glob"] if _READ_ONLY.search(need) else ["Read", "Edit", "Write", "Grep", "Glob", "Bash"])
    short = need.rstrip(".")
    return {
        "name": name,
        "description": (
            f"Use this agent when the work is: {short[:300]}.\n\n"
            f"<example>\nContext: a task in TASKS.md asks for this.\nuser: \"{short[:120]}\"\n"
            f"assistant: \"I'll delegate this to the {name} agent.\"\n"
            f"<commentary>The task is exactly what {name} is for.</commentary>\n</example>"
        ),
        "tools": tools,
        "model": fixed.get("model", "sonnet"),
        "system_prompt": (
            f"You are {name}, a specialist for this: {short}.\n\n"
            "Work step by step: read the relevant files first, make the smallest change that does the job, "
            "and check it. Do not touch unrelated code. When done, report what you did and what is left."
        ),
        "exampleTasks": [short[:120]],
        "notForTasks": ["Unrelated work outside this agent's purpose"],
    }


# ---------------------------------------------------------------------------------------------- rankings


def _rankings(request: Request, schema: dict[str, Any]) -> dict[str, Any]:
    prompt = request.first_user_text
    described = dict(re.findall(r"^- ([^\s:]+): (.*)$", prompt, re.M))
    agent = ((schema.get("items") or {}).get("properties") or {}).get("agent") or {}
    names = list(agent.get("enum") or described)
    task_line = re.search(r"^Task: (.*)$", prompt, re.M)
    task = set(_words(task_line.group(1) if task_line else prompt))
    scored = []
    for name in names:
        shared = task & set(_words(name.replace("-", " ") + " " + described.get(name, "")))
        share = len(shared) / max(1, len(task))
        confidence = round(0.75 + 0.2 * share, 3) if shared else 0.2  # a shared word is a confident match
        reason = f"shares {', '.join(sorted(shared))} with the task" if shared else "nothing in common with the task"
        scored.append({"agent": name, "confidence": confidence, "reason": reason})
    scored.sort(key=lambda item: (-item["confidence"], item["agent"]))
    return {"rankings": scored}
