"""Measurement (not a dependency): does wordllama, fused with the lexical ranking, rank VoltAgent's TRAIN sets better?

    .venv/bin/pip install wordllama   # not one of ralphy's dependencies; only this script uses it
    .venv/bin/python benchmarks/bench_semantic_fusion.py

For each VoltAgent train set (voltagent_train, _train2, _train3): of the tasks with an agent, how many have a right
agent ranked first by the lexical router alone, by wordllama alone (``l2_supercat``, 256 dims, loaded from its wheel
with downloads off; the cosine of the task to each agent's name, description and example user lines), and by
reciprocal-rank fusion of the two (the lexical ranking plus the 50 nearest by cosine, weight W, constant K). The
figures are in docs/decisions.md ("The semantic signal measured a third time"). Train sets only: held-out sets are
the lead's to read.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_routing as bench  # noqa: E402
from ralphy.agents.routing import Router  # noqa: E402
from ralphy.agents.terms import split_examples  # noqa: E402

SETS = {"voltagent_train": bench.VOLTAGENT_TRAIN, "voltagent_train2": bench.VOLTAGENT_TRAIN2,
        "voltagent_train3": bench.VOLTAGENT_TRAIN3}
NEAREST = 50


def fused_first(lexical: list[str], nearest: list[str], k: int, weight: float, names: list[str]) -> str:
    """The agent ranked first by reciprocal-rank fusion of the lexical ranking (weight 1) and the model's nearest
    (weight ``weight``), constant ``k``; a tie goes to the agent first in ``names``."""
    score: dict[str, float] = {}
    for ranking, ranking_weight in ((lexical, 1), (nearest, weight)):
        for rank, name in enumerate(ranking):
            score[name] = score.get(name, 0.0) + ranking_weight / (k + rank + 1)
    return max(score, key=lambda name: (score[name], -names.index(name)))


def agent_text(agent) -> str:
    main, users, _ = split_examples(agent.description or "")
    return " ".join([agent.name.replace("-", " "), main, " ".join(users)])[:2000]


def main() -> None:
    import numpy
    import wordllama
    from wordllama import WordLlama

    model = WordLlama.load(config="l2_supercat", dim=256, cache_dir=Path(wordllama.__file__).parent,
                           disable_download=True)
    agents = bench.load_corpus(bench.VOLTAGENT)
    router = Router(agents)
    names = [agent.name for agent in agents]
    matrix = numpy.vstack(model.embed([agent_text(agent) for agent in agents], norm=True))
    for label, path in SETS.items():
        items = [item for item in bench.load_labelled(path, "all") if item["expected"]]
        lexical_right = semantic_right = 0
        fused_right = {(k, w): 0 for k in (10, 30, 60) for w in (0.5, 1.0, 2.0)}
        for item in items:
            lexical = [alternative.agent for alternative in router.rank(item["task"], limit=len(agents))]
            similarity = matrix @ model.embed([item["task"]], norm=True)[0]
            semantic = [names[i] for i in numpy.argsort(-similarity)]
            lexical_right += bool(lexical) and lexical[0] in item["expected"]
            semantic_right += semantic[0] in item["expected"]
            for (k, w) in fused_right:
                fused_right[(k, w)] += fused_first(lexical, semantic[:NEAREST], k, w, names) in item["expected"]
        fused = " ".join(f"K{k}/W{w}:{right}" for (k, w), right in fused_right.items())
        print(f"{label}: {len(items)} tasks with an agent; ranked first right: lexical {lexical_right}, "
              f"wordllama {semantic_right}; fused {fused}", flush=True)


if __name__ == "__main__":
    main()
