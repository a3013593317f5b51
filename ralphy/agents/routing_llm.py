"""``--llm``: a model ranks the candidates for a task, with a confidence (the secretary design).

The candidates are every agent, or the 10 best by the keyword router when there are more than 50; the model
ranks them through a forced ``rank_agents`` tool, asked through the anthropic SDK when ANTHROPIC_API_KEY is
set and through the logged-in Claude CLI otherwise (``ralphy.agents.model_client``); under 0.70 it is a gap.
On any error the deterministic ranking is returned, with the failure named in its reason.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ralphy.agents.routing import DEFAULT_LLM_MODEL, Alternative, Recommendation
from ralphy.agents.spec import AgentSpec

if TYPE_CHECKING:
    from ralphy.agents.routing import Router

logger = logging.getLogger(__name__)

LLM_GAP = 0.70  # under this confidence from the model, no agent is recommended
PREFILTER_OVER = 50  # more agents than this: only the keyword router's best PREFILTER_TO go to the model
PREFILTER_TO = 10


def _llm_tool(names: Sequence[str]) -> dict[str, Any]:
    return {
        "name": "rank_agents",
        "description": "Rank the candidate agents by how well each fits the task, with a confidence in [0, 1].",
        "input_schema": {
            "type": "object",
            "properties": {
                "rankings": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "agent": {"type": "string", "enum": list(names)},
                            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                            "reason": {"type": "string"},
                        },
                        "required": ["agent", "confidence", "reason"],
                    },
                }
            },
            "required": ["rankings"],
        },
    }


def _llm_prompt(task: str, candidates: Sequence[AgentSpec]) -> str:
    lines = [f"- {agent.name}: {' '.join((agent.description or '').split())[:600]}" for agent in candidates]
    return (
        "A developer's task must go to the one subagent best suited for it, or to none (the main agent works "
        "directly) when no candidate clearly fits.\n\n"
        f"Task: {task}\n\nCandidates:\n" + "\n".join(lines) + "\n\n"
        "Call rank_agents with every candidate that could fit, best first. Confidence is the probability that "
        "the agent is the right one to delegate to; give low confidences when none fits."
    )


def _parse_rankings(message: Any, names: Sequence[str]) -> list[Alternative]:
    """The rankings in the model's tool call; ValueError (one line, what is wrong) when there is none or none
    that names a candidate. An entry naming no candidate, or without a confidence, is left out: the rest of a
    ranking is still the model's answer."""
    for block in getattr(message, "content", None) or ():
        if getattr(block, "type", None) == "tool_use" and getattr(block, "name", None) == "rank_agents":
            rankings = block.input.get("rankings") if isinstance(block.input, dict) else None
            break
    else:
        raise ValueError("the model did not call rank_agents")
    if not isinstance(rankings, list):
        raise ValueError(f"the model's rankings are not a list (got {type(rankings).__name__})")
    results: dict[str, Alternative] = {}
    unknown = []
    for item in rankings:
        agent = item.get("agent") if isinstance(item, dict) else None
        confidence = item.get("confidence") if isinstance(item, dict) else None
        if agent not in names:
            if isinstance(agent, str):
                unknown.append(agent)
            continue
        try:
            value = float(confidence) if not isinstance(confidence, bool) else None
        except (TypeError, ValueError):
            value = None
        if value is None or value != value:  # no number (or NaN): no confidence to rank by
            continue
        if agent not in results:
            reason = " ".join(str(item.get("reason") or "ranked by the model").split())[:500]
            results[agent] = Alternative(agent, round(min(max(value, 0.0), 1.0), 3), reason)
    if not results:
        said = f" (it named {', '.join(repr(name) for name in unknown[:3])})" if unknown else ""
        raise ValueError(f"the model ranked no candidate with a confidence{said}")
    if unknown:
        logger.info("the model's ranking named agents that are not candidates: %s", ", ".join(unknown))
    return sorted(results.values(), key=lambda alternative: (-alternative.confidence, alternative.agent))


def llm_rank(
    task: str,
    candidates: Sequence[AgentSpec],
    *,
    fallback: Recommendation,
    client: Any = None,
    model: str = DEFAULT_LLM_MODEL,
    threshold: float = LLM_GAP,
    top: int = 5,
) -> Recommendation:
    """Ask a model to rank ``candidates`` for ``task`` through a tool schema.

    ``client`` is an ``anthropic.Anthropic`` or a ``ClaudeCliClient`` (``model_client.default_client()`` when None:
    the SDK with ANTHROPIC_API_KEY, else the Claude CLI).
    On any error (no key, network, refusal, malformed answer) the deterministic ``fallback`` is returned,
    with the failure named in its reason.
    """
    names = [agent.name for agent in candidates]
    owned = None
    try:
        if client is None:
            from ralphy.agents.model_client import default_client

            client = owned = default_client()
        message = client.messages.create(
            model=model,
            max_tokens=1024,
            tools=[_llm_tool(names)],
            tool_choice={"type": "tool", "name": "rank_agents"},
            messages=[{"role": "user", "content": _llm_prompt(task, candidates)}],
        )
        ranked = _parse_rankings(message, names)
    except Exception as exc:  # noqa: BLE001 - any failure of the optional model path falls back
        logger.warning("LLM ranking failed, using the deterministic ranking: %s", exc)
        first_line = (str(exc).splitlines() or [type(exc).__name__])[0][:200]
        return Recommendation(
            fallback.recommended,
            fallback.confidence,
            f"{fallback.reason} (LLM ranking failed: {first_line}; deterministic ranking used)",
            fallback.alternatives,
        )
    finally:
        if owned is not None:
            owned.close()
    best = ranked[0]
    if best.confidence >= threshold:
        return Recommendation(best.agent, best.confidence, f"LLM: {best.reason}", ranked[1 : top + 1])
    reason = f"LLM: no candidate is a confident match (best: {best.agent} at {best.confidence:.2f}); work directly"
    return Recommendation(None, best.confidence, reason, ranked[:top])


def recommend_llm(router: Router, task: str, top: int = 5, *, client: Any = None, model: str = DEFAULT_LLM_MODEL
                  ) -> Recommendation:
    """``router.recommend_llm``: the model ranks every agent of ``router``, or its keyword ranking's best
    ``PREFILTER_TO`` when it has more than ``PREFILTER_OVER``; ``router.recommend`` is the fallback."""
    fallback = router.recommend(task, top)
    if len(router._entries) > PREFILTER_OVER:
        by_name = {entry.agent.name: entry.agent for entry in router._entries}
        specs = [by_name[alternative.agent] for alternative in router.rank(task, limit=PREFILTER_TO)]
    else:
        specs = [entry.agent for entry in router._entries]
    if not specs:
        return fallback
    return llm_rank(task, specs, fallback=fallback, client=client, model=model, threshold=LLM_GAP, top=top)
