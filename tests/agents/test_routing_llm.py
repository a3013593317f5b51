"""``--llm``: what the model's ranking may hold that the schema did not stop (the anthropic SDK validates
nothing): entries naming no candidate, rankings of the wrong shape. Asked through the real SDK against the
scripted API."""

from __future__ import annotations

from pathlib import Path

import anthropic
import pytest

from ralphy.agents.discovery import load_agent_file
from ralphy.agents.routing import Router
from ralphy.testing import FakeMessagesAPI, tool_use
from tests.conftest import CORPUS

FURAI = CORPUS / "0xfurai--claude-code-subagents" / "agents"
TASK = "Cache the slow SQL query results in Redis"


def ask(reply, *names: str):
    router = Router([load_agent_file(FURAI / f"{name}.md") for name in names])
    with FakeMessagesAPI(lambda request: reply) as api:
        with anthropic.Anthropic(base_url=api.url, api_key="fake", max_retries=0, timeout=10) as client:
            return router, router.recommend_llm(TASK, client=client)


def test_an_entry_naming_no_candidate_is_left_out_and_the_rest_is_the_answer() -> None:
    _, result = ask(tool_use("rank_agents", {"rankings": [
        {"agent": "cache-wizard", "confidence": 0.97, "reason": "made up"},
        {"agent": "redis-expert", "confidence": 0.9, "reason": "Redis caching"},
        {"agent": "postgres-expert", "confidence": "0.4", "reason": "SQL"},  # a number as text
        {"agent": "docker-expert", "confidence": None, "reason": "no number"},
    ]}), "postgres-expert", "redis-expert", "docker-expert")
    assert result.recommended == "redis-expert" and result.confidence == 0.9
    assert [(a.agent, a.confidence) for a in result.alternatives] == [("postgres-expert", 0.4)]


@pytest.mark.parametrize("rankings, said", [
    ("redis-expert", "the model's rankings are not a list (got str)"),
    (None, "the model's rankings are not a list (got NoneType)"),
    (["redis-expert"], "the model ranked no candidate with a confidence"),
    ([{"agent": "cache-wizard", "confidence": 0.9}], "the model ranked no candidate with a confidence "
                                                     "(it named 'cache-wizard')"),
])
def test_a_ranking_of_the_wrong_shape_falls_back_and_says_what_was_wrong(rankings, said: str) -> None:
    router, result = ask(tool_use("rank_agents", {"rankings": rankings}), "postgres-expert", "redis-expert")
    expected = router.recommend(TASK)
    assert (result.recommended, result.confidence) == (expected.recommended, expected.confidence)
    assert f"(LLM ranking failed: {said}; deterministic ranking used)" in result.reason
