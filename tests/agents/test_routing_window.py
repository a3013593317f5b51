"""However many alternatives are asked for, the router names the same best agent, in the same order.

``Router.rank`` gives a confidence to the best ``RANK_WINDOW`` agents by score and orders them by it; more asked for
follow them, by score. It used to give
one only to the ``limit`` it returned, so asking for more alternatives could name another best agent: `ralphy agents
recommend --top 1` and `--top 5`, the prompt's selection (one) and `ralphy mcp` (eleven) could disagree (mcp19 found
it through maxResults).
"""
from __future__ import annotations

import json
from pathlib import Path

from ralphy.agents.routing import RANK_WINDOW

TASKS = Path(__file__).resolve().parent.parent / "data" / "routing" / "voltagent_train3.jsonl"


def test_a_shorter_ranking_is_the_start_of_a_longer_one(voltagent) -> None:
    tasks = [json.loads(line)["task"] for line in TASKS.read_text(encoding="utf-8").splitlines() if line.strip()]
    changed = []
    for task in tasks:
        longest = [(a.agent, a.confidence) for a in voltagent.rank(task, limit=2 * RANK_WINDOW)]
        for limit in (1, 2, 4, 6, RANK_WINDOW, RANK_WINDOW + 3):
            if [(a.agent, a.confidence) for a in voltagent.rank(task, limit=limit)] != longest[:limit]:
                changed.append((task, limit))
    assert changed == []


def test_the_recommendation_does_not_depend_on_top(voltagent) -> None:
    # without the window, top=1 (the prompt's selection) recommended debugger at 0.72 and top=3 or more
    # (`ralphy agents recommend`) wordpress-master at 0.74
    task = "The WooCommerce checkout is a blank page since the theme update"
    answers = {(r.recommended, r.confidence) for r in (voltagent.recommend(task, top=top) for top in (1, 3, 5, 10))}
    assert len(answers) == 1
    alternatives = [a.agent for a in voltagent.recommend(task, top=10).alternatives]
    assert [a.agent for a in voltagent.recommend(task, top=3).alternatives] == alternatives[:3]
